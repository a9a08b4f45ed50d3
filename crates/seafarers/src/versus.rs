//! Computer players of different strategies against each other over many seeded games: who
//! wins, by how much, and how long each thinks.
//!
//! Fairness: each deal (a seed: map, deck, start player) is played once per strategy, the
//! strategies rotated one seat further each time, so with as many strategies as players every
//! strategy plays every seat, and starts, equally often on the same deals.

use crate::ai::{Bot, Strategy};
use crate::game::{Game, Options};
use crate::scenarios;
use crate::sim::{ACTION_CAP, TURN_CAP};
use std::time::Instant;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VersusOptions {
    /// Scenario ids: deal `i` plays `scenarios[i % len]`.
    pub scenarios: Vec<String>,
    pub players: usize,
    /// Games to play (rounded up to whole rotations of the strategies).
    pub games: u64,
    pub seed: u64,
    pub strategies: Vec<Strategy>,
    /// Which of the strategies trade with the table ([`Bot::trading`]), by index; missing ones
    /// do not (they decline every offer and make none).
    pub trading: Vec<bool>,
    pub threads: usize,
}

/// What one strategy did over its seats.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    pub seats: u64,
    pub wins: u64,
    /// Seats in games stopped at the caps with nobody winning (counted as not won).
    pub capped: u64,
    /// Sum over seats of (own points − best other's points) at the end.
    pub margin: i64,
    /// Seconds of thinking per decision (each `choose` call).
    pub decision_seconds: Vec<f64>,
    /// Seconds of thinking per turn: a seat's decisions in one turn together (its own turn, or
    /// a discard or gold choice in another's), as a person waiting for the computer sees it.
    pub turn_seconds: Vec<f64>,
}

impl Tally {
    fn merge(&mut self, other: Tally) {
        self.seats += other.seats;
        self.wins += other.wins;
        self.capped += other.capped;
        self.margin += other.margin;
        self.decision_seconds.extend(other.decision_seconds);
        self.turn_seconds.extend(other.turn_seconds);
    }
}

#[derive(Clone, Debug)]
pub struct VersusReport {
    pub options: VersusOptions,
    /// The games played (whole rotations).
    pub games: u64,
    /// One per strategy, in the order given.
    pub tallies: Vec<Tally>,
    pub seconds: f64,
}

/// Plays the games on `options.threads` threads; the tallies do not depend on the threads.
pub fn run(options: &VersusOptions) -> Result<VersusReport, String> {
    let k = options.strategies.len() as u64;
    if k < 2 {
        return Err("--versus needs at least two computer players, e.g. search,greedy".into());
    }
    if options.scenarios.is_empty() {
        return Err("no scenario to play".into());
    }
    for id in &options.scenarios {
        let sc = scenarios::by_id(id).map_err(|e| e.to_string())?;
        if !(sc.min_players..=sc.max_players).contains(&options.players) {
            return Err(format!("{} is for {} to {} players", sc.name, sc.min_players, sc.max_players));
        }
    }
    let games = options.games.max(1).div_ceil(k) * k;
    let threads = options.threads.clamp(1, 64) as u64;
    let start = Instant::now();
    let tallies = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|w| {
                scope.spawn(move || {
                    let mut tallies = vec![Tally::default(); k as usize];
                    for i in (w..games).step_by(threads as usize) {
                        let deal = i / k;
                        let scenario = &options.scenarios[(deal % options.scenarios.len() as u64) as usize];
                        play(options, scenario, options.seed.wrapping_add(deal), (i % k) as usize, &mut tallies);
                    }
                    tallies
                })
            })
            .collect();
        let mut total = vec![Tally::default(); k as usize];
        for w in workers {
            for (t, o) in total.iter_mut().zip(w.join().expect("versus worker panicked")) {
                t.merge(o);
            }
        }
        total
    });
    Ok(VersusReport { options: options.clone(), games, tallies, seconds: start.elapsed().as_secs_f64() })
}

/// One game of `scenario` on the deal `seed`; seat s plays `strategies[(s + rotation) % k]`.
fn play(options: &VersusOptions, scenario: &str, seed: u64, rotation: usize, tallies: &mut [Tally]) {
    let (players, strategies) = (options.players, &options.strategies);
    let of_seat = |s: usize| (s + rotation) % strategies.len();
    let sc = scenarios::by_id(scenario).expect("checked");
    let mut game = Game::new(sc, players, seed, Options::default()).expect("valid setup");
    // A bot's seed depends on the deal and the seat, not on which strategy sits there.
    let trades = |i: usize| options.trading.get(i).copied().unwrap_or(false);
    let mut bots: Vec<Bot> = (0..players)
        .map(|s| {
            let (strategy, seed) = (strategies[of_seat(s)], seed.wrapping_mul(31).wrapping_add(s as u64));
            if trades(of_seat(s)) { Bot::trading(strategy, seed) } else { Bot::new(strategy, seed) }
        })
        .collect();
    // Per seat: the turn being timed and the thinking so far in it.
    let mut thinking: Vec<Option<(u32, f64)>> = vec![None; players];
    let mut actions = 0;
    while !game.is_over() && game.turn() <= TURN_CAP && actions < ACTION_CAP {
        // An open offer is answered before its maker moves on, as at the bot's tables.
        if let Some((seat, answer)) = game.answering().into_iter().find_map(|s| bots[s].answer(&game, s).map(|a| (s, a))) {
            game.apply(seat, &answer).expect("bots answer legally");
            actions += 1;
            continue;
        }
        let seat = game.to_act()[0];
        let started = Instant::now();
        let action = bots[seat].choose(&game, seat).expect("the seat to act has a move");
        let seconds = started.elapsed().as_secs_f64();
        tallies[of_seat(seat)].decision_seconds.push(seconds);
        match &mut thinking[seat] {
            Some((turn, total)) if *turn == game.turn() => *total += seconds,
            slot => {
                if let Some((_, total)) = slot.replace((game.turn(), seconds)) {
                    tallies[of_seat(seat)].turn_seconds.push(total);
                }
            }
        }
        game.apply(seat, &action).expect("bots choose legal actions");
        actions += 1;
    }
    for (seat, slot) in thinking.into_iter().enumerate() {
        if let Some((_, total)) = slot {
            tallies[of_seat(seat)].turn_seconds.push(total);
        }
    }
    let points: Vec<i64> = game.players().iter().map(|p| p.points as i64).collect();
    for (seat, &mine) in points.iter().enumerate() {
        let t = &mut tallies[of_seat(seat)];
        t.seats += 1;
        match game.winner() {
            Some(w) if w == seat => t.wins += 1,
            Some(_) => {}
            None => t.capped += 1,
        }
        let best_other = points.iter().enumerate().filter(|(o, _)| *o != seat).map(|(_, &s)| s).max().unwrap_or(0);
        t.margin += mine - best_other;
    }
}

/// How a trading player answers fair offers a person might make: at each main-phase decision
/// of the active player in `games` greedy games, one offer of one card they hold for one card of
/// another kind, to a player who holds it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FairOffers {
    pub offered: u64,
    pub accepted: u64,
    pub countered: u64,
}

/// [`FairOffers`] over `games` games of `scenarios` (in turn) with `players`, answered by
/// `strategy` trading: the offer is drawn from the deal's own generator, so it is reproducible.
pub fn fair_offers(scenarios: &[String], players: usize, games: u64, seed: u64, strategy: Strategy) -> Result<FairOffers, String> {
    let mut tally = FairOffers::default();
    for g in 0..games {
        let id = &scenarios[(g % scenarios.len().max(1) as u64) as usize];
        let sc = scenarios::by_id(id).map_err(|e| e.to_string())?;
        let deal = seed.wrapping_add(g);
        let mut game = Game::new(sc, players, deal, Options::default()).map_err(|e| e.to_string())?;
        let mut greedy = Bot::new(Strategy::Greedy, deal);
        let mut rng = seeded_rng::Rng::new(deal ^ 0xFA1F);
        let mut actions = 0;
        while !game.is_over() && game.turn() <= TURN_CAP && actions < ACTION_CAP {
            let me = game.active_player();
            if game.phase() == crate::Phase::Main && game.to_act() == vec![me] && game.offer().is_none() {
                let other = (me + 1 + rng.below(players - 1)) % players;
                let (mine, theirs) = (game.player(me).hand, game.player(other).hand);
                let gives: Vec<_> = crate::Resource::ALL.into_iter().filter(|&r| mine.get(r) > 0).collect();
                let wants: Vec<_> = crate::Resource::ALL.into_iter().filter(|&r| theirs.get(r) > 0).collect();
                if !gives.is_empty() && !wants.is_empty() {
                    let give = gives[rng.below(gives.len())];
                    let want = wants[rng.below(wants.len())];
                    if give != want {
                        let mut asked = game.clone();
                        let offer = crate::Action::OfferTrade {
                            give: crate::Resources::one(give, 1),
                            want: crate::Resources::one(want, 1),
                            to: Some(other as u8),
                        };
                        if asked.apply(me, &offer).is_ok() {
                            tally.offered += 1;
                            match Bot::trading(strategy, deal).answer(&asked, other) {
                                Some(crate::Action::AnswerTrade { accept: true }) => tally.accepted += 1,
                                Some(crate::Action::CounterTrade { .. }) => tally.countered += 1,
                                _ => {}
                            }
                        }
                    }
                }
            }
            let p = game.to_act()[0];
            let a = greedy.choose(&game, p).ok_or("no step")?;
            game.apply(p, &a).map_err(|e| e.to_string())?;
            actions += 1;
        }
    }
    Ok(tally)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(threads: usize, players: usize) -> VersusOptions {
        VersusOptions {
            scenarios: vec!["base".into(), "new-shores".into()],
            players,
            games: 4,
            seed: 3,
            strategies: vec![Strategy::Random, Strategy::Greedy],
            trading: vec![false, true],
            threads,
        }
    }

    #[test]
    fn every_seat_is_counted_and_threads_do_not_change_the_result() {
        let a = run(&options(1, 3)).unwrap();
        let b = run(&options(2, 3)).unwrap();
        assert_eq!(a.games, 4);
        for (x, y) in a.tallies.iter().zip(&b.tallies) {
            assert_eq!((x.seats, x.wins, x.capped, x.margin), (y.seats, y.wins, y.capped, y.margin));
        }
        // Three seats between two strategies over two rotations of two deals: 12 seats.
        assert_eq!(a.tallies.iter().map(|t| t.seats).sum::<u64>(), 12);
        assert!(a.tallies.iter().all(|t| t.seats >= 4 && !t.turn_seconds.is_empty()));
        // Each game has one winner, or every seat of it is capped.
        let wins: u64 = a.tallies.iter().map(|t| t.wins).sum();
        let capped: u64 = a.tallies.iter().map(|t| t.capped).sum();
        assert_eq!(wins + capped / 3, 4);
    }
}
