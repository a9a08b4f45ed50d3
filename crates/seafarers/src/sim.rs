//! Simulations: many seeded games of one scenario played by bots, summarised.
//!
//! A game that does not reach the target within [`TURN_CAP`] turns (or [`ACTION_CAP`] actions)
//! is counted as capped, never dropped.

use crate::ai::{Bot, Strategy};
use crate::game::{Game, Options, Setup, Stats};
use crate::log::GameLog;
use crate::scenarios;
use std::fmt;

/// Turns after which a game is stopped and reported as capped.
pub const TURN_CAP: u32 = 1000;
/// Actions after which a game is stopped and reported as capped (a guard against bot loops).
pub const ACTION_CAP: u32 = 200_000;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimOptions {
    /// Scenario id (see [`scenarios::ids`]).
    pub scenario: String,
    pub players: usize,
    pub games: usize,
    pub seed: u64,
    pub ai: Strategy,
}

/// Reads one counter of [`Stats`].
type Counter = fn(&Stats) -> u32;

/// One game's outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameOutcome {
    pub seed: u64,
    pub turns: u32,
    pub actions: u32,
    /// The winner, or `None` when capped.
    pub winner: Option<usize>,
    pub points: Vec<u8>,
    pub stats: Stats,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SimReport {
    pub options: SimOptions,
    pub target: u8,
    pub outcomes: Vec<GameOutcome>,
    /// The turn cap the games were played under.
    pub turn_cap: u32,
}

/// Plays one game with one bot per seat; stops at the caps.
pub fn play_game(scenario: &str, players: usize, seed: u64, ai: Strategy) -> Result<(Game, GameOutcome), String> {
    play_game_capped(scenario, players, seed, ai, TURN_CAP, None)
}

/// [`play_game`], writing every action with its seat and events to a log.
pub fn play_game_logged(scenario: &str, players: usize, seed: u64, ai: Strategy) -> Result<(Game, GameOutcome, GameLog), String> {
    let mut log = None;
    let (game, outcome) = play_game_capped(scenario, players, seed, ai, TURN_CAP, Some(&mut log))?;
    Ok((game, outcome, log.expect("written by play_game_capped")))
}

fn play_game_capped(
    scenario: &str,
    players: usize,
    seed: u64,
    ai: Strategy,
    turn_cap: u32,
    mut log: Option<&mut Option<GameLog>>,
) -> Result<(Game, GameOutcome), String> {
    let sc = scenarios::by_id(scenario).map_err(|e| e.to_string())?;
    let setup = Setup::new(sc, players, seed, Options::default()).map_err(|e| e.to_string())?;
    let mut game = Game::from_setup(setup.clone()).map_err(|e| e.to_string())?;
    if let Some(log) = log.as_deref_mut() {
        *log = Some(GameLog::new(&setup, &game));
    }
    let mut bots: Vec<Bot> = (0..players).map(|p| Bot::new(ai, seed.wrapping_mul(0x9E37_79B9).wrapping_add(p as u64 + 1))).collect();
    let mut actions = 0u32;
    let mut events = Vec::new();
    while !game.is_over() && game.turn() <= turn_cap && actions < ACTION_CAP {
        let p = game.to_act()[0];
        let action =
            bots[p].choose(&game, p).ok_or_else(|| format!("seed {seed}: player {p} has no legal action in {:?}", game.phase()))?;
        events.clear();
        game.apply_into(p, &action, &mut events).map_err(|e| format!("seed {seed}: bot chose an illegal action {action}: {e}"))?;
        if let Some(Some(log)) = log.as_deref_mut() {
            log.push(p, &action, &events);
        }
        actions += 1;
    }
    if let Some(Some(log)) = log {
        log.finish(&game);
    }
    let outcome = GameOutcome {
        seed,
        turns: game.turn(),
        actions,
        winner: game.winner(),
        points: game.players().iter().map(|p| p.points).collect(),
        stats: game.stats(),
    };
    Ok((game, outcome))
}

/// Runs `games` games with seeds `seed, seed + 1, …`. Panics only if the engine refuses a bot's
/// action (a bug): the message names the seed.
pub fn run(options: &SimOptions) -> SimReport {
    run_with_cap(options, TURN_CAP)
}

/// [`run`] with another turn cap (for tests and quick looks).
pub fn run_with_cap(options: &SimOptions, turn_cap: u32) -> SimReport {
    run_inner(options, turn_cap, None)
}

/// [`run`], also returning every game as a log (every action with its seat and events).
pub fn run_logged(options: &SimOptions) -> (SimReport, Vec<GameLog>) {
    let mut logs = Vec::with_capacity(options.games);
    let report = run_inner(options, TURN_CAP, Some(&mut logs));
    (report, logs)
}

fn run_inner(options: &SimOptions, turn_cap: u32, mut logs: Option<&mut Vec<GameLog>>) -> SimReport {
    let target = scenarios::by_id(&options.scenario).map(|s| s.target).unwrap_or(0);
    let outcomes = (0..options.games as u64)
        .map(|i| {
            let seed = options.seed.wrapping_add(i);
            let mut log = None;
            let want = logs.is_some().then_some(&mut log);
            match play_game_capped(&options.scenario, options.players, seed, options.ai, turn_cap, want) {
                Ok((_, o)) => {
                    if let (Some(logs), Some(log)) = (logs.as_deref_mut(), log) {
                        logs.push(log);
                    }
                    o
                }
                Err(e) => panic!("simulation failed: {e}"),
            }
        })
        .collect();
    SimReport { options: options.clone(), target, outcomes, turn_cap }
}

fn mean(xs: impl Iterator<Item = f64>) -> f64 {
    let (s, n) = xs.fold((0.0, 0usize), |(s, n), x| (s + x, n + 1));
    if n == 0 { 0.0 } else { s / n as f64 }
}

fn percentile(sorted: &[u32], q: f64) -> u32 {
    if sorted.is_empty() {
        return 0;
    }
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

impl SimReport {
    pub fn ended(&self) -> usize {
        self.outcomes.iter().filter(|o| o.winner.is_some()).count()
    }

    pub fn capped(&self) -> usize {
        self.outcomes.len() - self.ended()
    }

    /// Games where the bank could not pay a roll in full at least once.
    pub fn bank_dry_games(&self) -> usize {
        self.outcomes.iter().filter(|o| o.stats.bank_short > 0).count()
    }

    /// `(name, games where it fired, total times)` for each special rule counter.
    pub fn rule_counts(&self) -> Vec<(&'static str, usize, u64)> {
        let fields: [(&'static str, Counter); 13] = [
            ("bank short (roll not paid in full)", |s| s.bank_short),
            ("special VP chips awarded", |s| s.chips_awarded),
            ("hexes discovered", |s| s.discoveries),
            ("gold choices", |s| s.gold_choices),
            ("ships moved", |s| s.ships_moved),
            ("pirate moves", |s| s.pirate_moves),
            ("robber moves", |s| s.robber_moves),
            ("harbours placed by players", |s| s.harbours_placed),
            ("setup ships on must-ship coasts", |s| s.must_ship_setups),
            ("longest route changes", |s| s.longest_route_changes),
            ("largest army changes", |s| s.largest_army_changes),
            ("domestic trades", |s| s.domestic_trades),
            ("maritime trades", |s| s.maritime_trades),
        ];
        fields
            .iter()
            .map(|(name, f)| {
                let games = self.outcomes.iter().filter(|o| f(&o.stats) > 0).count();
                let total = self.outcomes.iter().map(|o| f(&o.stats) as u64).sum();
                (*name, games, total)
            })
            .collect()
    }
}

impl fmt::Display for SimReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let o = &self.options;
        let n = self.outcomes.len().max(1) as f64;
        writeln!(
            f,
            "scenario {} · {} players · {} games · seed {} · {:?} bots · target {} VP",
            o.scenario, o.players, o.games, o.seed, o.ai, self.target
        )?;
        writeln!(
            f,
            "reached the target: {} ({:.1}%) · hit the cap ({} turns / {} actions): {} ({:.1}%)",
            self.ended(),
            100.0 * self.ended() as f64 / n,
            self.turn_cap,
            ACTION_CAP,
            self.capped(),
            100.0 * self.capped() as f64 / n
        )?;
        let mut turns: Vec<u32> = self.outcomes.iter().filter(|o| o.winner.is_some()).map(|o| o.turns).collect();
        turns.sort_unstable();
        writeln!(
            f,
            "turns per finished game: mean {:.1} · median {} · p10 {} · p90 {} · min {} · max {}",
            mean(turns.iter().map(|&t| t as f64)),
            percentile(&turns, 0.5),
            percentile(&turns, 0.1),
            percentile(&turns, 0.9),
            turns.first().copied().unwrap_or(0),
            turns.last().copied().unwrap_or(0)
        )?;
        let finished: Vec<&GameOutcome> = self.outcomes.iter().filter(|o| o.winner.is_some()).collect();
        let spread = |pick: fn(&[u8]) -> f64| mean(finished.iter().map(|g| pick(&g.points)));
        writeln!(
            f,
            "VP at the end (finished games): winner {:.2} · runner-up {:.2} · last {:.2} · mean of losers {:.2}",
            spread(|p| *p.iter().max().unwrap_or(&0) as f64),
            spread(|p| {
                let mut v = p.to_vec();
                v.sort_unstable();
                v.get(v.len().saturating_sub(2)).copied().unwrap_or(0) as f64
            }),
            spread(|p| *p.iter().min().unwrap_or(&0) as f64),
            spread(|p| {
                let mut v = p.to_vec();
                v.sort_unstable();
                v.pop();
                mean(v.iter().map(|&x| x as f64))
            })
        )?;
        let mut wins = vec![0usize; o.players];
        for g in &finished {
            if let Some(w) = g.winner {
                wins[w] += 1;
            }
        }
        writeln!(f, "wins by seat: {wins:?}")?;
        if self.capped() > 0 {
            let capped: Vec<String> =
                self.outcomes.iter().filter(|o| o.winner.is_none()).take(5).map(|o| format!("{} ({:?})", o.seed, o.points)).collect();
            writeln!(f, "capped games (seed, points), first {}: {}", capped.len(), capped.join(", "))?;
        }
        writeln!(
            f,
            "bank ran dry (a roll not paid in full) in {} games ({:.1}%)",
            self.bank_dry_games(),
            100.0 * self.bank_dry_games() as f64 / n
        )?;
        writeln!(f, "special rules: games where it fired · times in all games")?;
        for (name, games, total) in self.rule_counts() {
            writeln!(f, "  {name}: {games} ({:.1}%) · {total}", 100.0 * games as f64 / n)?;
        }
        Ok(())
    }
}
