//! The lobby: open a game, join, leave, start, and abandon one. Only `/new` names games: it
//! offers a choice of every game the bot hosts (and only those), each with its own options
//! (their choices come from its room).

use super::{acknowledge, actor, place_of, reader_locale, respond};
use crate::discord::permissions::missing_in;
use crate::discord::threads::{self, Target};
use crate::discord::types::{Context, Error};
use crate::games::NewGame;
use crate::games::seafarers::SeafarersOptions;
use crate::games::southseas::commands::RetrieveChoice;
use crate::games::southseas::{DEFAULT_TURN_LIMIT_SECS, GameOptions};
use crate::games::{GameKind, Strength};
use crate::i18n::Locale;
use crate::service::ServiceError;
use crate::store::OnTimeout;
use poise::serenity_prelude as serenity;
use southseas_engine::RetrieveRule;

fn app_permissions(ctx: Context<'_>) -> Option<serenity::Permissions> {
    match ctx {
        poise::Context::Application(a) => a.interaction.app_permissions,
        poise::Context::Prefix(_) => None,
    }
}

/// The channel (or thread) the command was used in, as Discord describes it.
fn channel_here(ctx: Context<'_>) -> Option<&serenity::PartialChannel> {
    match ctx {
        poise::Context::Application(a) => a.interaction.channel.as_ref(),
        poise::Context::Prefix(_) => None,
    }
}

/// The games `/new` offers: one for each game the bot hosts, none it does not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum GameChoice {
    #[name = "Carcassonne: South Seas"]
    SouthSeas,
    #[name = "Catan: Seafarers"]
    Seafarers,
}

impl GameChoice {
    pub(crate) fn kind(self) -> GameKind {
        match self {
            GameChoice::SouthSeas => GameKind::SouthSeas,
            GameChoice::Seafarers => GameKind::Seafarers,
        }
    }
}

/// The scenarios of Catan: Seafarers, as `/new` offers them (ids of the engine's ruleset).
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum ScenarioChoice {
    #[name = "Heading for New Shores (3-4 players, 13 points)"]
    NewShores,
    #[name = "The Four Islands (3-4 players, 12 points)"]
    FourIslands,
    #[name = "Ocean Land: explore the fog (3-4 players, 12 points)"]
    OceanLand,
    #[name = "Through the Desert (3-4 players, 12 points)"]
    ThroughTheDesert,
    #[name = "A New World: random islands (3-4 players, 12 points)"]
    NewWorld,
    #[name = "Catan without the sea (3-4 players, 10 points)"]
    Base,
}

impl ScenarioChoice {
    fn id(self) -> &'static str {
        match self {
            ScenarioChoice::NewShores => "new-shores",
            ScenarioChoice::FourIslands => "four-islands",
            ScenarioChoice::OceanLand => "ocean-land",
            ScenarioChoice::ThroughTheDesert => "through-the-desert",
            ScenarioChoice::NewWorld => "new-world",
            ScenarioChoice::Base => "base",
        }
    }
}

/// The language of a game's public messages and pictures, as `/new` offers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum LanguageChoice {
    #[name = "English"]
    English,
    #[name = "Français"]
    French,
}

impl LanguageChoice {
    fn locale(self) -> Locale {
        match self {
            LanguageChoice::English => Locale::En,
            LanguageChoice::French => Locale::Fr,
        }
    }
}

/// A new game's language when `/new` names none: the server's preferred language when the bot
/// speaks it (Discord tells it with each interaction), else English.
fn server_locale(ctx: Context<'_>) -> Locale {
    let tag = match ctx {
        poise::Context::Application(a) => a.interaction.guild_locale.clone(),
        poise::Context::Prefix(_) => None,
    };
    tag.as_deref().and_then(Locale::from_discord).unwrap_or_default()
}

/// Open a game in this channel (Carcassonne: South Seas unless you choose another).
// A slash command's options are its arguments: two games' options, the language and the
// thread make eleven.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command, guild_only)]
pub(crate) async fn new(
    ctx: Context<'_>,
    #[description = "Which game (default: Carcassonne: South Seas)"] game: Option<GameChoice>,
    #[description = "Catan: Seafarers: which scenario (default: Heading for New Shores)"] scenario: Option<ScenarioChoice>,
    #[description = "Catan: Seafarers: play with the pirate (default: no)"] pirate: Option<bool>,
    #[description = "South Seas: when may players take an islander back? (default: empty-supply)"] retrieve: Option<RetrieveChoice>,
    #[description = "Most players (2-5, default 5)"]
    #[min = 2]
    #[max = 5]
    max_players: Option<u8>,
    #[description = "Fewest players to start (2-5, default 2)"]
    #[min = 2]
    #[max = 5]
    min_players: Option<u8>,
    #[description = "How long each player has for a turn (default: 24 hours)"] turn_limit: Option<TurnLimit>,
    #[description = "When a player's time runs out (default: the computer plays that turn)"] on_timeout: Option<TimeoutChoice>,
    #[description = "The language of the game's messages and pictures (default: the server's)"] language: Option<LanguageChoice>,
    #[description = "Open the game in a thread of its own (in a forum channel: a post of its own)"] thread: Option<bool>,
) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let target = threads::target(ctx.http(), channel_here(ctx), thread.unwrap_or(false)).await;
    if let Some(message) = missing_in(app_permissions(ctx), target.room(), reader_locale(ctx).await) {
        return respond(ctx, Err(ServiceError::User(message))).await;
    }
    let kind = game.map_or(GameKind::SouthSeas, GameChoice::kind);
    let language = language.map_or_else(|| server_locale(ctx), LanguageChoice::locale);
    let actor = actor(ctx).await;
    // The options are read (and refused) before any thread is made for them.
    let opening = match kind {
        GameKind::SouthSeas if scenario.is_some() || pirate.is_some() => {
            Err(ServiceError::User("`scenario` and `pirate` are options of Catan: Seafarers: add `game: Catan: Seafarers`.".into()))
        }
        GameKind::Seafarers if retrieve.is_some() => {
            Err(ServiceError::User("`retrieve` is an option of Carcassonne: South Seas, not of Catan: Seafarers.".into()))
        }
        GameKind::SouthSeas => southseas_options(retrieve, min_players, max_players, turn_limit, on_timeout).opening(actor.locale),
        GameKind::Seafarers => {
            let options = SeafarersOptions {
                scenario: scenario.unwrap_or(ScenarioChoice::NewShores).id().to_string(),
                pirate: pirate.unwrap_or(false),
                min_players: min_players.map(usize::from),
                max_players: max_players.map(usize::from),
                seed: None,
                turn_limit_secs: turn_limit.map_or(DEFAULT_TURN_LIMIT_SECS, TurnLimit::seconds),
                on_timeout: match on_timeout {
                    Some(TimeoutChoice::Replace) => OnTimeout::Replace,
                    _ => OnTimeout::PlayTurn,
                },
            };
            options.opening(actor.locale)
        }
    };
    let opening = match opening {
        Ok(opening) => opening,
        Err(e) => return respond(ctx, Err(e)).await,
    };
    match target {
        Target::Here(_) => respond(ctx, ctx.data().service.open_lobby(place_of(ctx), &actor, opening, language).await).await,
        Target::NewThread { parent, forum } => threads::open_in_thread(ctx, parent, forum, &actor, opening, language).await,
    }
}

/// South Seas' options from `/new`'s.
fn southseas_options(
    retrieve: Option<RetrieveChoice>,
    min_players: Option<u8>,
    max_players: Option<u8>,
    turn_limit: Option<TurnLimit>,
    on_timeout: Option<TimeoutChoice>,
) -> GameOptions {
    GameOptions {
        retrieve: match retrieve {
            Some(RetrieveChoice::AnyTurn) => RetrieveRule::AnyTurn,
            _ => RetrieveRule::EmptySupply,
        },
        min_players: min_players.map_or(2, usize::from),
        max_players: max_players.map_or(5, usize::from),
        seed: None,
        turn_limit_secs: turn_limit.map_or(DEFAULT_TURN_LIMIT_SECS, TurnLimit::seconds),
        on_timeout: match on_timeout {
            Some(TimeoutChoice::Replace) => OnTimeout::Replace,
            _ => OnTimeout::PlayTurn,
        },
    }
}

/// A turn time limit to choose from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum TurnLimit {
    #[name = "no limit"]
    Off,
    #[name = "1 hour"]
    Hour,
    #[name = "4 hours"]
    FourHours,
    #[name = "12 hours"]
    TwelveHours,
    #[name = "24 hours"]
    Day,
    #[name = "2 days"]
    TwoDays,
    #[name = "3 days"]
    ThreeDays,
    #[name = "7 days"]
    Week,
}

impl TurnLimit {
    fn seconds(self) -> i64 {
        const HOUR: i64 = 3600;
        match self {
            TurnLimit::Off => 0,
            TurnLimit::Hour => HOUR,
            TurnLimit::FourHours => 4 * HOUR,
            TurnLimit::TwelveHours => 12 * HOUR,
            TurnLimit::Day => 24 * HOUR,
            TurnLimit::TwoDays => 48 * HOUR,
            TurnLimit::ThreeDays => 72 * HOUR,
            TurnLimit::Week => 7 * 24 * HOUR,
        }
    }
}

/// What happens when a player's time runs out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum TimeoutChoice {
    #[name = "the computer plays that turn for them"]
    PlayTurn,
    #[name = "a computer player takes their seat for the rest of the game"]
    Replace,
}

/// A computer player's strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum StrengthChoice {
    #[name = "easy: plays at random, takes what plainly pays"]
    Easy,
    #[name = "medium: takes the best move it sees"]
    Medium,
    #[name = "hard: looks ahead (thinks about a second per move)"]
    Hard,
}

/// Seat a computer player in the game waiting for players here.
#[poise::command(slash_command, guild_only)]
pub(crate) async fn addbot(
    ctx: Context<'_>,
    #[description = "How well it plays (default: medium)"] strength: Option<StrengthChoice>,
) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let strength = match strength {
        Some(StrengthChoice::Easy) => Strength::Easy,
        Some(StrengthChoice::Hard) => Strength::Hard,
        _ => Strength::Medium,
    };
    let result = ctx.data().service.add_computer(place_of(ctx), &actor(ctx).await, strength).await;
    respond(ctx, result).await
}

/// Join the game waiting for players in this channel.
#[poise::command(slash_command, guild_only)]
pub(crate) async fn join(ctx: Context<'_>) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let result = ctx.data().service.join(place_of(ctx), &actor(ctx).await).await;
    respond(ctx, result).await
}

/// Leave the game waiting for players in this channel.
#[poise::command(slash_command, guild_only)]
pub(crate) async fn leave(ctx: Context<'_>) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let result = ctx.data().service.leave(place_of(ctx), &actor(ctx).await).await;
    respond(ctx, result).await
}

/// Start the game (for the player who opened it).
#[poise::command(slash_command, guild_only)]
pub(crate) async fn start(ctx: Context<'_>) -> Result<(), Error> {
    acknowledge(ctx).await?;
    if let Some(message) = missing_in(app_permissions(ctx), threads::room_here(channel_here(ctx)), reader_locale(ctx).await) {
        return respond(ctx, Err(ServiceError::User(message))).await;
    }
    let result = ctx.data().service.start(place_of(ctx), &actor(ctx).await).await;
    respond(ctx, result).await
}

/// End the game here: its opener or a moderator after a confirming tap, the others by vote.
#[poise::command(slash_command, guild_only)]
pub(crate) async fn abandon(ctx: Context<'_>) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let result = ctx.data().service.ask_abandon(place_of(ctx), &actor(ctx).await).await;
    respond(ctx, result).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use poise::ChoiceParameter;

    #[test]
    fn new_offers_every_game_the_bot_hosts_and_no_other() {
        let offered: Vec<String> = GameChoice::list().iter().map(|c| c.name.to_string()).collect();
        let hosted: Vec<String> = GameKind::ALL.iter().map(|k| k.title().to_string()).collect();
        assert_eq!(offered, hosted);
        for (i, kind) in GameKind::ALL.into_iter().enumerate() {
            assert_eq!(GameChoice::from_index(i).map(GameChoice::kind), Some(kind));
        }
    }

    #[test]
    fn new_offers_every_seafarers_scenario_as_its_file_says() {
        let ruleset = seafarers_engine::Ruleset::CURRENT;
        let mut offered: Vec<&str> =
            (0..ScenarioChoice::list().len()).filter_map(ScenarioChoice::from_index).map(ScenarioChoice::id).collect();
        offered.sort();
        let mut ids = ruleset.scenario_ids();
        ids.sort();
        assert_eq!(offered, ids);
        for (i, choice) in ScenarioChoice::list().iter().enumerate() {
            let scenario = ruleset.scenario(ScenarioChoice::from_index(i).unwrap().id()).unwrap();
            let said = format!("{}-{} players, {} points", scenario.min_players, scenario.max_players, scenario.target);
            assert!(choice.name.contains(&said), "{} says {said}", choice.name);
        }
    }
}
