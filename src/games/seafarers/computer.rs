//! The computer at a Seafarers table: which seats it plays now (its own, people away, a person
//! whose time ran out), and the moves it picks for them from the engine's players. Pure and
//! seeded: the same game, seats and plan give the same moves.
//!
//! The engine has two players: random (easy) and greedy (medium). There is no hard player for
//! Seafarers yet: the lobby does not offer one, and a seat stored as hard plays as medium.

use crate::games::{ComputerPlan, Strength};
use crate::store::SeatRecord;
use seafarers_engine::{Action, Bot, Game, Strategy};

/// At most this many steps in one go: a table of computers alone moves on in messages of a few
/// turns each.
const MAX_STEPS: usize = 60;

fn strategy(strength: Strength) -> Strategy {
    match strength {
        Strength::Easy => Strategy::Random,
        Strength::Medium | Strength::Hard => Strategy::Greedy,
    }
}

/// Who the computer plays for at `seat`, and how well (see [`ComputerPlan::plays`]).
fn player_at(game: &Game, seats: &[SeatRecord], plan: &ComputerPlan, seat: usize, first_turn: u32) -> Option<Strength> {
    plan.plays(seats, seat, game.turn() == first_turn)
}

/// The moves the computer makes from `game` on, until only people owe a decision, the game
/// ends, or [`MAX_STEPS`]; each drawn from the game's seed and the step's place in the log.
/// Offers to computer seats are answered too (the engine's players decline every offer).
pub(crate) fn moves(game: &Game, seats: &[SeatRecord], plan: &ComputerPlan, seed: u64, logged: usize) -> Vec<(usize, Action)> {
    let mut game = game.clone();
    let first_turn = game.turn();
    let mut out = Vec::new();
    'steps: while out.len() < MAX_STEPS && !game.is_over() {
        for seat in game.to_act() {
            let Some(strength) = player_at(&game, seats, plan, seat, first_turn) else { continue };
            let step = (logged + out.len()) as u64;
            let mut bot = Bot::new(strategy(strength), seed ^ step.wrapping_mul(0x9E37_79B9_7F4A_7C15));
            let Some(action) = bot.choose(&game, seat) else { continue };
            if game.apply(seat, &action).is_err() {
                tracing::error!(?action, "a computer player chose an illegal move");
                break 'steps;
            }
            out.push((seat, action));
            continue 'steps;
        }
        for seat in super::seats::answering(&game) {
            if player_at(&game, seats, plan, seat, first_turn).is_none() {
                continue;
            }
            let action = Action::AnswerTrade { accept: false };
            if game.apply(seat, &action).is_ok() {
                out.push((seat, action));
                continue 'steps;
            }
        }
        break;
    }
    out
}
