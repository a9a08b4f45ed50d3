//! The computer at a Seafarers table: which seats it plays now (its own, people away, a person
//! whose time ran out), and the moves it picks for them from the engine's players: random
//! (easy), greedy (medium) and the search (hard). Seeded: the same game, seats and plan give
//! the same moves, as long as the plan's thinker leaves the hard player its full playout budget
//! (always when untimed, and when the machine is idle; see `crate::common::thinking`).

use crate::games::{ComputerPlan, Strength};
use crate::store::SeatRecord;
use seafarers_engine::{Action, Bot, Budget, Game, Strategy};

/// At most this many steps in one go: a table of computers alone moves on in messages of a few
/// turns each.
const MAX_STEPS: usize = 60;

fn strategy(strength: Strength) -> Strategy {
    match strength {
        Strength::Easy => Strategy::Random,
        Strength::Medium => Strategy::Greedy,
        Strength::Hard => Strategy::Search(Budget::DEFAULT),
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
            let seed = seed ^ step.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let action = match strategy(strength) {
                // A search passes the gate, with the playouts the load leaves it.
                Strategy::Search(full) => plan.thinker.decide(turns_left(&game, seats, plan, first_turn), full.playouts, |allowance| {
                    let mut bot = Bot::new(Strategy::Search(Budget { playouts: allowance.playouts, time: allowance.time }), seed);
                    (bot.choose(&game, seat), bot.playouts_spent())
                }),
                strategy => Bot::new(strategy, seed).choose(&game, seat),
            };
            let Some(action) = action else { continue };
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

/// The computer's turns left in this run, the current one included: the seats it plays from
/// the active one on, until a person's (at most one round).
fn turns_left(game: &Game, seats: &[SeatRecord], plan: &ComputerPlan, first_turn: u32) -> usize {
    let players = game.player_count();
    let active = game.active_player();
    (0..players).take_while(|k| player_at(game, seats, plan, (active + k) % players, first_turn).is_some()).count()
}
