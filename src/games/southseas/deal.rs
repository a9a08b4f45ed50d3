//! The chance outcomes of a South Seas game the table saw, for checking its deal (see
//! `crate::common::deal`): who starts, the ships first on display, every tile drawn (and each
//! one that fit nowhere), every ship revealed. All of it comes from the seed's order of tiles
//! and ships; nothing of a South Seas game is hidden once drawn.

use crate::common::Result;
use crate::games::contract::Seen;
use southseas_engine::{Action, Event, Game};

/// `setup` is the game as dealt (or why it could not be), `log` its steps.
pub(crate) fn seen(setup: Result<Game>, log: &[(Option<usize>, Action)]) -> Seen {
    let mut game = match setup {
        Ok(game) => game,
        Err(e) => return Seen { outcomes: Vec::new(), stopped: Some((0, e.to_string())) },
    };
    let mut opening = vec![format!("start {}", game.active_player())];
    opening.extend(game.display().iter().map(|&ship| format!("ship {}", game.ships().get(ship).name)));
    opening.extend(outcomes(&game, game.opening_events()));
    let mut seen = Seen { outcomes: vec![opening], stopped: None };
    for (i, (seat, action)) in log.iter().enumerate() {
        if let Some(seat) = seat
            && game.to_act() != Some(*seat)
        {
            seen.stopped = Some((i + 1, format!("it is logged for seat {seat}, but the game waits for {:?}", game.to_act())));
            return seen;
        }
        match game.apply(action) {
            Ok(events) => seen.outcomes.push(outcomes(&game, &events)),
            Err(e) => {
                seen.stopped = Some((i + 1, e.to_string()));
                return seen;
            }
        }
    }
    seen
}

/// What chance decided among `events`, in stable words (the tiles' and ships' names in the
/// ruleset's files).
fn outcomes(game: &Game, events: &[Event]) -> Vec<String> {
    let tile = |t| game.tiles().get(t).name.clone();
    events
        .iter()
        .filter_map(|e| match *e {
            Event::TurnStarted { tile: t, .. } => Some(format!("tile {}", tile(t))),
            Event::TileDiscarded { tile: t } => Some(format!("tile {} fits nowhere", tile(t))),
            Event::ShipRevealed { ship } => Some(format!("ship {}", game.ships().get(ship).name)),
            _ => None,
        })
        .collect()
}
