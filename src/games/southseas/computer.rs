//! The computer at a South Seas table: which seats it plays now, and the moves it picks for
//! them, from the engine's computer players. Seeded: the same game, seats and plan give the same
//! moves, as long as the plan's thinker leaves the hard player its full playout budget (always
//! when untimed, and when the machine is idle; see `crate::common::thinking`).

use crate::games::{ComputerPlan, Strength};
use crate::store::SeatRecord;
use southseas_engine::{Action, Bot, Budget, Game, Strategy};

/// At most this many steps in one go: a table of computers alone (everyone away) moves on in
/// messages of a few turns each, rather than in one message for the whole game.
const MAX_STEPS: usize = 40;

/// The engine's player for a strength.
fn engine_strength(strength: Strength) -> southseas_engine::Strength {
    match strength {
        Strength::Easy => southseas_engine::Strength::Easy,
        Strength::Medium => southseas_engine::Strength::Medium,
        Strength::Hard => southseas_engine::Strength::Hard,
    }
}

/// Who the computer plays for at `seat`, and how well (see [`ComputerPlan::plays`]).
fn player_at(game: &Game, seats: &[SeatRecord], plan: &ComputerPlan, seat: usize, first_turn: u32) -> Option<Strength> {
    plan.plays(seats, seat, game.turn() == first_turn)
}

/// The moves the computer makes from `game` on, until a person must act, the game ends, or
/// [`MAX_STEPS`]; each drawn from the game's seed and the step's place in the log.
pub(crate) fn moves(game: &Game, seats: &[SeatRecord], plan: &ComputerPlan, seed: u64, logged: usize) -> Vec<(usize, Action)> {
    let mut game = game.clone();
    let first_turn = game.turn();
    let mut out = Vec::new();
    while out.len() < MAX_STEPS {
        let Some(seat) = game.to_act() else { break };
        let Some(strength) = player_at(&game, seats, plan, seat, first_turn) else { break };
        let step = (logged + out.len()) as u64;
        let seed = seed ^ step.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let action = match engine_strength(strength).strategy() {
            // A search passes the gate, with the playouts the load leaves it.
            Strategy::Search(full) => plan.thinker.decide(turns_left(&game, seats, plan, first_turn), full.playouts, |allowance| {
                let mut bot = Bot::new(Strategy::Search(Budget { playouts: allowance.playouts, time: allowance.time }), seed);
                (bot.choose(&game), bot.playouts_spent())
            }),
            strategy => Bot::new(strategy, seed).choose(&game),
        };
        let Some(action) = action else { break };
        if let Err(e) = game.apply(&action) {
            // The engine's players choose among legal moves; should one not be, a person decides.
            tracing::error!(?action, "a computer player chose an illegal move: {e} ({e:?})");
            break;
        }
        out.push((seat, action));
    }
    out
}

/// The computer's turns left in this run, the current one included: the seats it plays from
/// the one to act on, until a person's (at most one round).
fn turns_left(game: &Game, seats: &[SeatRecord], plan: &ComputerPlan, first_turn: u32) -> usize {
    let Some(seat) = game.to_act() else { return 0 };
    let players = game.player_count();
    (0..players).take_while(|k| player_at(game, seats, plan, (seat + k) % players, first_turn).is_some()).count()
}
