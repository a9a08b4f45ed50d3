//! Seafarers' slash command: `/seafarers step:<...>` takes any step of the game as typed, with
//! suggestions as the player types (every step they may take now, in the words of the turn's
//! buttons, filtered by what they typed); and the options `/new` offers for it. Listed with the
//! others in `discord/commands/mod.rs`.

use super::text::Names;
use super::typed;
use super::{Seafarers, SeafarersOptions};
use crate::common::ServiceError;
use crate::common::reply::truncate;
use crate::discord::commands::lobby::{NewArgs, NewPart};
use crate::discord::respond::{acknowledge, actor, in_time, place_of, reader_locale, respond};
use crate::discord::types::{Context, Error};
use crate::games::{NewGame, Opening};
use crate::i18n::Locale;
use poise::serenity_prelude as serenity;

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

/// Seafarers' part of `/new`: its options and the lobby they open.
pub(crate) const NEW: NewPart = NewPart { options: new_options, opening: new_opening };

/// Seafarers' options of `/new` (never registered: `/new` takes its parameters in).
#[poise::command(slash_command, rename = "new")]
async fn new_options(
    _ctx: Context<'_>,
    #[description = "Catan: Seafarers: which scenario (default: Heading for New Shores)"] scenario: Option<ScenarioChoice>,
    #[description = "Catan: Seafarers: play with the pirate (default: no)"] pirate: Option<bool>,
) -> Result<(), Error> {
    let _ = (scenario, pirate);
    Ok(())
}

/// A Seafarers lobby from `/new`'s options.
fn new_opening(new: &NewArgs<'_>, reader: Locale) -> Result<Opening, ServiceError> {
    let options = SeafarersOptions {
        scenario: new.choice::<ScenarioChoice>("scenario").unwrap_or(ScenarioChoice::NewShores).id().to_string(),
        pirate: new.flag("pirate").unwrap_or(false),
        min_players: new.min_players,
        max_players: new.max_players,
        seed: None,
        turn_limit_secs: new.turn_limit_secs,
        on_timeout: new.on_timeout,
    };
    options.opening(reader)
}

/// Suggestions for what the player typed: their steps now, the best matches first.
async fn step_options(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    in_time(suggestions(ctx, partial)).await
}

async fn suggestions(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let snapshot = ctx.data().service.snapshot::<Seafarers>(place_of(ctx), ctx.author().id.get()).await;
    let choices = match snapshot {
        // In the player's words: their /settings language, else their Discord client's.
        Ok((game, _, Some(seat), names)) => typed::matches(&game, &Names::new_in(names, reader_locale(ctx).await), seat, partial)
            .into_iter()
            .take(25)
            .map(|(action, label)| serenity::AutocompleteChoice::new(truncate(&label, 100), super::codes::Code::Act(action).code()))
            .collect(),
        _ => Vec::new(),
    };
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Take a step in Catan: Seafarers: build, roll, trade, play a card, end your turn.
#[poise::command(slash_command, guild_only)]
pub(crate) async fn seafarers(
    ctx: Context<'_>,
    #[description = "What to do, e.g. roll, settlement B, road 4, end turn"]
    #[autocomplete = "step_options"]
    step: String,
) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let result = ctx.data().service.act_typed::<Seafarers>(place_of(ctx), &actor(ctx).await, step).await;
    respond(ctx, result).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use poise::ChoiceParameter;

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
