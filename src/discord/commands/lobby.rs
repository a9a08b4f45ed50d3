//! The lobby: open a game, join, leave, start, and abandon one. `/new` offers a choice of every
//! game the bot hosts (and only those), each with its own options, which its room declares and
//! reads (`NewPart`): this file names no game.

use super::{acknowledge, actor, place_of, reader_locale, respond};
use crate::discord::permissions::missing_in;
use crate::discord::threads::{self, Target};
use crate::discord::types::{Context, Data, Error};
use crate::games::{DEFAULT_TURN_LIMIT_SECS, GameKind, Opening, Strength};
use crate::i18n::Locale;
use crate::service::ServiceError;
use crate::store::OnTimeout;
use crate::tr;
use poise::serenity_prelude as serenity;
use std::borrow::Cow;

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

/// A choice of game (`/new`, `/stats`, `/leaderboard`): one for each game the bot hosts, none it
/// does not, in the order they are offered, each named by its title (its words in other
/// languages: `game-NAME`, so the commands' files need no line per game).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameChoice(GameKind);

impl GameChoice {
    pub(crate) fn kind(self) -> GameKind {
        self.0
    }
}

impl poise::ChoiceParameter for GameChoice {
    fn list() -> Cow<'static, [poise::CommandParameterChoice]> {
        let choice = |kind: GameKind| poise::CommandParameterChoice {
            name: kind.title().into(),
            localizations: Locale::ALL
                .into_iter()
                .flat_map(|locale| {
                    locale.discord_tags().iter().map(move |&tag| (Cow::Borrowed(tag), Cow::Owned(tr!(locale, &kind.title_key()))))
                })
                .collect(),
            __non_exhaustive: (),
        };
        GameKind::ALL.into_iter().map(choice).collect()
    }

    fn from_index(index: usize) -> Option<GameChoice> {
        GameKind::ALL.get(index).copied().map(GameChoice)
    }

    fn from_name(name: &str) -> Option<GameChoice> {
        GameKind::ALL.into_iter().find(|kind| kind.title() == name).map(GameChoice)
    }

    fn name(&self) -> &'static str {
        self.0.title()
    }

    fn localized_name(&self, _locale: &str) -> Option<&'static str> {
        None
    }
}

/// What `/new` asks a game's room (its `commands.rs`): the options it offers, and the lobby they
/// open. Listed per game in `discord/commands/mod.rs` (`new_part`), handed to [`new`].
pub(crate) struct NewPart {
    /// A command never registered, whose parameters are the game's options: `/new` takes them
    /// in (so they are declared, and localized as `cmd-new-OPTION`, as any option of `/new`).
    pub(crate) options: fn() -> poise::Command<Data, Error>,
    /// The lobby `/new`'s options open, or why not, in `reader`'s language.
    pub(crate) opening: fn(&NewArgs<'_>, Locale) -> Result<Opening, ServiceError>,
}

/// `/new`'s options as a game's room reads them: those every game shares, read by the host,
/// and the room's own, read by name.
pub(crate) struct NewArgs<'a> {
    /// None: the game's own limits.
    pub(crate) min_players: Option<usize>,
    pub(crate) max_players: Option<usize>,
    pub(crate) turn_limit_secs: i64,
    pub(crate) on_timeout: OnTimeout,
    given: &'a [serenity::ResolvedOption<'a>],
}

impl NewArgs<'_> {
    /// The choice the player made for the room's option `name`, if any.
    pub(crate) fn choice<T: poise::ChoiceParameter>(&self, name: &str) -> Option<T> {
        match self.value(name)? {
            serenity::ResolvedValue::Integer(index) => usize::try_from(*index).ok().and_then(T::from_index),
            _ => None,
        }
    }

    /// The room's true-or-false option `name`, if given.
    pub(crate) fn flag(&self, name: &str) -> Option<bool> {
        match self.value(name)? {
            serenity::ResolvedValue::Boolean(value) => Some(*value),
            _ => None,
        }
    }

    fn value(&self, name: &str) -> Option<&serenity::ResolvedValue<'_>> {
        self.given.iter().find(|option| option.name == name).map(|option| &option.value)
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

/// Each game's part of `/new`, as `discord/commands/mod.rs` lists them. The `/new` command
/// carries it (poise's `custom_data`) for its handler: this file names no game, and needs no
/// list of games of its own.
pub(crate) type NewParts = fn(GameKind) -> NewPart;

/// `/new`: the options every game shares, then each game's own, as its room declares them
/// (`NewPart::options`), right after `game`.
pub(crate) fn new(parts: NewParts) -> poise::Command<Data, Error> {
    let mut command = open();
    // Inserted in the order the games are offered, each before the ones already there: the
    // order `/new` has registered its options in since a second game came.
    for kind in GameKind::ALL {
        command.parameters.splice(1..1, (parts(kind).options)().parameters);
    }
    // The player limits Discord accepts: any game's (each game checks its own).
    for limit in command.parameters.iter_mut().filter(|p| p.name == "min_players" || p.name == "max_players") {
        limit.type_setter = Some(|option| {
            let (lo, hi) = (*crate::games::PLAYERS.start(), *crate::games::PLAYERS.end());
            option.kind(serenity::CommandOptionType::Integer).min_int_value(lo as u64).max_int_value(hi as u64)
        });
    }
    command.custom_data = Box::new(parts);
    command
}

/// The games' parts of `/new`, as the command carries them (see [`new`]).
fn parts_of(ctx: Context<'_>) -> Result<NewParts, ServiceError> {
    ctx.command()
        .custom_data
        .downcast_ref::<NewParts>()
        .copied()
        .ok_or_else(|| ServiceError::Internal(anyhow::anyhow!("the /new command was registered without its games' options (`lobby::new`)")))
}

/// Open a game in this channel (Carcassonne: South Seas unless you choose another).
// A slash command's options are its arguments: the language and the thread make eight.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command, guild_only, rename = "new")]
async fn open(
    ctx: Context<'_>,
    #[description = "Which game (default: Carcassonne: South Seas)"] game: Option<GameChoice>,
    #[description = "Most players (2-5, default 5)"] max_players: Option<u8>,
    #[description = "Fewest players to start (2-5, default 2)"] min_players: Option<u8>,
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
    let kind = game.map_or(GameKind::DEFAULT, GameChoice::kind);
    let language = language.map_or_else(|| server_locale(ctx), LanguageChoice::locale);
    let actor = actor(ctx).await;
    let new = NewArgs {
        min_players: min_players.map(usize::from),
        max_players: max_players.map(usize::from),
        turn_limit_secs: turn_limit.map_or(DEFAULT_TURN_LIMIT_SECS, TurnLimit::seconds),
        on_timeout: match on_timeout {
            Some(TimeoutChoice::Replace) => OnTimeout::Replace,
            _ => OnTimeout::PlayTurn,
        },
        given: match ctx {
            poise::Context::Application(a) => a.args,
            poise::Context::Prefix(_) => &[],
        },
    };
    // The options are read (and refused) before any thread is made for them.
    let opening = parts_of(ctx).and_then(|parts| match other_games_option(parts, &new, kind, actor.locale) {
        Some(why) => Err(ServiceError::User(why)),
        None => (parts(kind).opening)(&new, actor.locale),
    });
    let opening = match opening {
        Ok(opening) => opening,
        Err(e) => return respond(ctx, Err(e)).await,
    };
    match target {
        Target::Here(_) => respond(ctx, ctx.data().service.open_lobby(place_of(ctx), &actor, opening, language).await).await,
        Target::NewThread { parent, forum } => threads::open_in_thread(ctx, parent, forum, &actor, opening, language).await,
    }
}

/// Why `/new` refuses an option given for another game than `kind`, in `reader`'s language
/// (None: every option given is `kind`'s or common).
fn other_games_option(parts: NewParts, new: &NewArgs<'_>, kind: GameKind, reader: Locale) -> Option<String> {
    let (other, option) = GameKind::ALL.into_iter().filter(|&other| other != kind).find_map(|other| {
        let options = (parts(other).options)().parameters;
        options.into_iter().find(|option| new.value(&option.name).is_some()).map(|option| (other, option.name))
    })?;
    // The names a client in `reader`'s language shows.
    let named = |option: &str| crate::i18n::message(reader, &format!("cmd-new-{option}"), None);
    let title = |kind: GameKind| tr!(reader, &kind.title_key());
    Some(tr!(reader, "new-other-games-option", option = named(&option), other = title(other), game = title(kind), choice = named("game")))
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
            assert_eq!(GameChoice::from_index(i), Some(GameChoice(kind)));
        }
    }

    #[test]
    fn new_offers_each_games_options_right_after_the_game() {
        let names: Vec<String> = new(super::super::new_part).parameters.iter().map(|p| p.name.to_string()).collect();
        let expected =
            ["game", "scenario", "pirate", "retrieve", "max_players", "min_players", "turn_limit", "on_timeout", "language", "thread"];
        assert_eq!(names, expected);
    }

    #[test]
    fn new_says_the_player_limits_it_accepts() {
        let (lo, hi) = (*crate::games::PLAYERS.start(), *crate::games::PLAYERS.end());
        let command = crate::discord::commands::all().into_iter().find(|c| c.name == "new").expect("/new");
        for limit in command.parameters.iter().filter(|p| p.name.ends_with("_players")) {
            let english = limit.description.as_deref().unwrap_or_default();
            assert!(english.contains(&format!("({lo}-{hi},")), "{english}");
            let french = limit.description_localizations.iter().find(|(tag, _)| tag == "fr").map(|(_, d)| d.to_string());
            assert!(french.is_some_and(|d| d.contains(&format!("({lo} à {hi},"))), "{}", limit.name);
        }
    }
}
