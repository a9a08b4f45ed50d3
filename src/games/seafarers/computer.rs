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
/// Offers to computer seats are answered first, on their merits (medium and hard trade; easy
/// declines), so an offer is answered before its maker moves on. A computer whose own offer
/// people may still answer waits for them (the run ends; the scheduler comes back when they
/// answered or after `ANSWER_WAIT`, `plan.answers_waited`), then confirms or goes on.
pub(crate) fn moves(game: &Game, seats: &[SeatRecord], plan: &ComputerPlan, seed: u64, logged: usize) -> Vec<(usize, Action)> {
    let mut game = game.clone();
    let first_turn = game.turn();
    let mut out = Vec::new();
    let seed_of = |step: usize| seed ^ (step as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    // This run comes after people had their time to answer the open offer.
    let mut waited = plan.answers_waited;
    'steps: while out.len() < MAX_STEPS && !game.is_over() {
        for seat in super::seats::answering(&game) {
            let Some(strength) = player_at(&game, seats, plan, seat, first_turn) else { continue };
            let action = Bot::trading(strategy(strength), seed_of(logged + out.len())).answer(&game, seat);
            if let Some(action) = action
                && game.apply(seat, &action).is_ok()
            {
                out.push((seat, action));
                continue 'steps;
            }
        }
        let people_may_answer = super::seats::answering(&game).iter().any(|&s| player_at(&game, seats, plan, s, first_turn).is_none());
        for seat in game.to_act() {
            let Some(strength) = player_at(&game, seats, plan, seat, first_turn) else { continue };
            // Its own offer, open to people who have not answered yet: their turn to think.
            let own_offer = game.offer().is_some_and(|o| usize::from(o.from) == seat);
            if own_offer && people_may_answer && !waited {
                break 'steps;
            }
            let seed = seed_of(logged + out.len());
            let action = match strategy(strength) {
                // A search passes the gate, with the playouts the load leaves it.
                Strategy::Search(full) => plan.thinker.decide(turns_left(&game, seats, plan, first_turn), full.playouts, |allowance| {
                    let mut bot = Bot::trading(Strategy::Search(Budget { playouts: allowance.playouts, time: allowance.time }), seed);
                    (bot.choose(&game, seat), bot.playouts_spent())
                }),
                strategy => Bot::trading(strategy, seed).choose(&game, seat),
            };
            let Some(action) = action else { continue };
            if let Err(e) = game.apply(seat, &action) {
                tracing::error!(?action, "a computer player chose an illegal move: {e} ({e:?})");
                break 'steps;
            }
            out.push((seat, action));
            // A new offer: people get their own time to answer it.
            if matches!(action, Action::OfferTrade { .. }) {
                waited = false;
            }
            continue 'steps;
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
