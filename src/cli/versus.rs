//! `southseas sim --versus A,B,…`: computer players of different strengths against each other
//! over many seeded games, with win rates, their 95% intervals, score margins and thinking time.
//!
//! Fairness: each deal (a seed: tiles, ships and start player) is played once per strategy, the
//! strategies rotated one seat further each time, so with as many strategies as players every
//! strategy plays every seat, and starts, equally often on the same deals.

use crate::cli::sim::SimArgs;
use anyhow::{Result, bail};
use southseas_engine::{Bot, Game, Options, Setup, Strategy};
use std::fmt;
use std::time::Instant;

/// What one strategy did over its seats.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    pub seats: u64,
    pub wins: u64,
    /// Wins shared with another player (any strategy); each counts as half a win.
    pub shared: u64,
    /// Sum over seats of (own score − best other score).
    pub margin: i64,
    /// Seconds of thinking per turn: the `choose` calls of the turn's steps (tile, islander,
    /// delivery, payment, market ship) together, as a player waiting for the bot sees it.
    pub move_seconds: Vec<f64>,
}

impl Tally {
    fn merge(&mut self, other: Tally) {
        self.seats += other.seats;
        self.wins += other.wins;
        self.shared += other.shared;
        self.margin += other.margin;
        self.move_seconds.extend(other.move_seconds);
    }

    /// Wins with shared ones as halves.
    pub fn points(&self) -> f64 {
        self.wins as f64 + self.shared as f64 / 2.0
    }
}

pub struct VersusReport {
    pub args: SimArgs,
    pub strategies: Vec<Strategy>,
    pub tallies: Vec<Tally>,
    pub games: u64,
    pub threads: u64,
    pub seconds: f64,
}

/// Plays `args.games` games (rounded up to whole rotations) between `args.versus`.
pub fn run(args: &SimArgs) -> Result<VersusReport> {
    let strategies = args.versus.clone().unwrap_or_default();
    if strategies.len() < 2 {
        bail!("--versus needs at least two computer players, e.g. hard,medium");
    }
    if !(2..=5).contains(&args.players) {
        bail!("--players must be 2 to 5");
    }
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    let k = strategies.len() as u64;
    let games = args.games.div_ceil(k) * k;
    let threads = args.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).clamp(1, 64) as u64;
    let options = Options { retrieve: args.retrieve };
    let start = Instant::now();
    let tallies = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|w| {
                let strategies = &strategies;
                scope.spawn(move || {
                    let mut tallies = vec![Tally::default(); strategies.len()];
                    for i in (w..games).step_by(threads as usize) {
                        let seed = args.seed.wrapping_add(i / k);
                        play(options, args.players, seed, (i % k) as usize, strategies, &mut tallies);
                    }
                    tallies
                })
            })
            .collect();
        let mut total = vec![Tally::default(); strategies.len()];
        for w in workers {
            for (t, o) in total.iter_mut().zip(w.join().expect("versus worker panicked")) {
                t.merge(o);
            }
        }
        total
    });
    Ok(VersusReport { args: args.clone(), strategies, tallies, games, threads, seconds: start.elapsed().as_secs_f64() })
}

/// One game of the deal `seed`; seat s plays `strategies[(s + rotation) % k]`.
fn play(options: Options, players: usize, seed: u64, rotation: usize, strategies: &[Strategy], tallies: &mut [Tally]) {
    let k = strategies.len();
    let of_seat = |s: usize| (s + rotation) % k;
    let mut game = Game::from_setup(Setup::standard(options, players, seed)).expect("valid setup");
    // A bot's seed depends on the deal and the seat, not on which strategy sits there.
    let mut bots: Vec<Bot> = (0..players).map(|s| Bot::new(strategies[of_seat(s)], seed.wrapping_mul(31).wrapping_add(s as u64))).collect();
    // Per seat: the turn being timed and the thinking so far in it.
    let mut thinking: Vec<Option<(u32, f64)>> = vec![None; players];
    while let Some(seat) = game.to_act() {
        let started = Instant::now();
        let action = bots[seat].choose(&game).expect("game not over");
        let seconds = started.elapsed().as_secs_f64();
        match &mut thinking[seat] {
            Some((turn, total)) if *turn == game.turn() => *total += seconds,
            slot => {
                if let Some((_, total)) = slot.replace((game.turn(), seconds)) {
                    tallies[of_seat(seat)].move_seconds.push(total);
                }
            }
        }
        game.apply(&action).expect("bots choose legal actions");
    }
    for (seat, slot) in thinking.into_iter().enumerate() {
        if let Some((_, total)) = slot {
            tallies[of_seat(seat)].move_seconds.push(total);
        }
    }
    let scores: Vec<i64> = game.final_scores().expect("game over").iter().map(|s| s.total as i64).collect();
    let top = *scores.iter().max().expect("players");
    let winners = scores.iter().filter(|&&s| s == top).count();
    for (seat, &score) in scores.iter().enumerate() {
        let t = &mut tallies[of_seat(seat)];
        t.seats += 1;
        match (score == top, winners) {
            (true, 1) => t.wins += 1,
            (true, _) => t.shared += 1,
            _ => {}
        }
        let best_other = scores.iter().enumerate().filter(|(o, _)| *o != seat).map(|(_, &s)| s).max().unwrap_or(0);
        t.margin += score - best_other;
    }
}

/// The Wilson score interval for `successes` out of `n` at `z` (1.96 for 95%): unlike the
/// normal approximation it stays inside 0..1 and is sound near 0% and 100%.
pub fn wilson(successes: f64, n: f64, z: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let p = successes / n;
    let z2 = z * z;
    let centre = p + z2 / (2.0 * n);
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    let d = 1.0 + z2 / n;
    (((centre - half) / d).max(0.0), ((centre + half) / d).min(1.0))
}

/// The two-sided 95% normal quantile.
pub(crate) const Z95: f64 = 1.959_963_984_540_054;

pub(crate) fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    // Nearest rank: the smallest value with at least q of the values at or below it.
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

pub(crate) fn millis(seconds: f64) -> String {
    if seconds < 0.001 { format!("{:.3} ms", seconds * 1e3) } else { format!("{:.1} ms", seconds * 1e3) }
}

impl fmt::Display for VersusReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let a = &self.args;
        let k = self.strategies.len() as u64;
        let names: Vec<String> = self.strategies.iter().map(|s| s.to_string()).collect();
        writeln!(
            f,
            "versus: {} — {} games of {} players ({} deals, seeds {}..{}, each played {} times with the seats rotated), retrieve {}",
            names.join(" vs "),
            self.games,
            a.players,
            self.games / k,
            a.seed,
            a.seed + self.games / k - 1,
            k,
            a.retrieve.name()
        )?;
        writeln!(f, "time: {:.1} s on {} threads", self.seconds, self.threads)?;
        writeln!(
            f,
            "{:<10} {:>6} {:>6} {:>6} {:>9} {:>16} {:>8} {:>10} {:>10} {:>10}",
            "player", "seats", "wins", "shared", "win rate", "95% (Wilson)", "margin", "turns", "median", "p99"
        )?;
        for (name, t) in names.iter().zip(&self.tallies) {
            let n = t.seats as f64;
            let (lo, hi) = wilson(t.points(), n, Z95);
            let mut times = t.move_seconds.clone();
            times.sort_by(f64::total_cmp);
            writeln!(
                f,
                "{:<10} {:>6} {:>6} {:>6} {:>8.1}% {:>7.1}–{:>5.1}% {:>+8.2} {:>10} {:>10} {:>10}",
                name,
                t.seats,
                t.wins,
                t.shared,
                100.0 * t.points() / n.max(1.0),
                100.0 * lo,
                100.0 * hi,
                t.margin as f64 / n.max(1.0),
                times.len(),
                millis(quantile(&times, 0.5)),
                millis(quantile(&times, 0.99)),
            )?;
        }
        writeln!(
            f,
            "win rate counts a shared win as half; margin is the seat's score minus the best other score;\n\
             median and p99 are the thinking time per turn (all the turn's steps), on one thread each"
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use southseas_engine::RetrieveRule;

    #[test]
    fn wilson_matches_newcombes_worked_examples() {
        // Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I.
        for ((x, n), (lo, hi)) in [((81.0, 263.0), (0.2553, 0.3662)), ((15.0, 148.0), (0.0624, 0.1605)), ((0.0, 20.0), (0.0, 0.1611))] {
            let (l, h) = wilson(x, n, Z95);
            assert!((l - lo).abs() < 5e-5 && (h - hi).abs() < 5e-5, "{x}/{n}: {l:.4}–{h:.4}, expected {lo}–{hi}");
        }
        let (l, h) = wilson(10.0, 10.0, Z95);
        assert!((h - 1.0).abs() < 1e-12 && (l - 0.7225).abs() < 5e-5, "{l}–{h}");
    }

    #[test]
    fn quantiles_are_nearest_rank() {
        let v: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!((quantile(&v, 0.5), quantile(&v, 0.99), quantile(&v, 1.0)), (50.0, 99.0, 100.0));
        assert_eq!(quantile(&[3.0], 0.99), 3.0);
    }

    fn args(threads: usize, players: usize) -> SimArgs {
        SimArgs {
            games: 6,
            players,
            seed: 3,
            ai: Strategy::Greedy,
            versus: Some(vec!["easy".parse().unwrap(), "medium".parse().unwrap()]),
            retrieve: RetrieveRule::EmptySupply,
            threads: Some(threads),
        }
    }

    #[test]
    fn every_seat_is_counted_and_threads_do_not_change_the_result() {
        let a = run(&args(1, 2)).unwrap();
        let b = run(&args(2, 2)).unwrap();
        assert_eq!(a.games, 6);
        for (x, y) in a.tallies.iter().zip(&b.tallies) {
            assert_eq!((x.seats, x.wins, x.shared, x.margin), (y.seats, y.wins, y.shared, y.margin));
            assert_eq!(x.seats, 6, "each of 3 deals played twice, one seat each");
        }
        // Each game has a winner, or winners sharing.
        let total: f64 = a.tallies.iter().map(Tally::points).sum();
        assert!(total >= 6.0 - 1e-9, "{total}");
        // Three seats between two strategies: the rotation gives every strategy seats.
        let c = run(&args(1, 3)).unwrap();
        assert_eq!(c.tallies.iter().map(|t| t.seats).sum::<u64>(), 18);
        assert!(c.tallies.iter().all(|t| t.seats >= 6));
        assert!(c.to_string().contains("95% (Wilson)"));
    }
}
