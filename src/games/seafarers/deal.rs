//! The chance outcomes of a Seafarers game the table saw, for checking its deal (see
//! `crate::common::deal`): who starts, the map as dealt (terrain and numbers, harbours), and
//! in play every roll of the dice, every hex discovered, every harbour drawn from the pile.
//! What the seed decides out of the table's sight (the development deck, the card a robber
//! steals) is not public, so it is not here.

use crate::common::Result;
use crate::games::contract::Seen;
use seafarers_engine::{Action, Event, Terrain};

/// `setup` is the game as dealt (or why it could not be), `log` its steps.
pub(crate) fn seen(setup: Result<seafarers_engine::Game>, log: &[(Option<usize>, Action)]) -> Seen {
    let mut game = match setup {
        Ok(game) => game,
        Err(e) => return Seen { outcomes: Vec::new(), stopped: Some((0, e.to_string())) },
    };
    let mut opening = vec![format!("start {}", game.active_player())];
    for h in game.hexes() {
        let number = h.number.map_or(String::new(), |n| format!(" {n}"));
        opening.push(format!("hex {} {}{number}", h.hex, h.terrain.map_or("unknown".to_string(), terrain)));
    }
    opening.extend(game.harbours().iter().map(|(at, harbour)| format!("harbour {at} {harbour}")));
    opening.extend(outcomes(game.opening_events()));
    let mut seen = Seen { outcomes: vec![opening], stopped: None };
    for (i, (seat, action)) in log.iter().enumerate() {
        let Some(seat) = seat else {
            seen.stopped = Some((i + 1, "a Seafarers step names its seat".into()));
            return seen;
        };
        match game.apply(*seat, action) {
            Ok(events) => seen.outcomes.push(outcomes(&events)),
            Err(e) => {
                seen.stopped = Some((i + 1, e.to_string()));
                return seen;
            }
        }
    }
    seen
}

/// What chance decided among `events` in the table's sight, in stable words.
fn outcomes(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Rolled { dice, .. } => Some(format!("dice {} {}", dice[0], dice[1])),
            Event::Discovered { hex, terrain: t, number, .. } => {
                Some(format!("discovered {hex} {}{}", terrain(*t), number.map_or(String::new(), |n| format!(" {n}"))))
            }
            Event::HarbourPlaced { at, harbour, .. } => Some(format!("harbour {at} {harbour}")),
            _ => None,
        })
        .collect()
}

/// A terrain's stable name (its stored one).
fn terrain(t: Terrain) -> String {
    format!("{t:?}").to_lowercase()
}
