//! `southseas sim`: many games between computer players, and what they say about the tile set.

use anyhow::{Result, bail};
use southseas_engine::{Bot, Event, FeatureKind, Game, Options, RetrieveRule, ScoreReason, Setup, Strategy};
use std::fmt;
use std::time::Instant;

#[derive(clap::Args, Clone, Debug)]
pub struct SimArgs {
    /// Number of games.
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// Players per game (2 to 5).
    #[arg(long, default_value_t = 4)]
    pub players: usize,
    /// Seed of the first game; game i uses seed + i.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Computer player: a strength (easy, medium, hard), hard:PLAYOUTS, greedy or random.
    #[arg(long, default_value = "greedy")]
    pub ai: Strategy,
    /// Pit computer players against each other instead (e.g. `hard,medium`): win rates with
    /// 95% intervals, score margins and time per move. Each deal is played once per player
    /// listed, the seats rotated.
    #[arg(long, value_delimiter = ',', num_args = 1..)]
    pub versus: Option<Vec<Strategy>>,
    /// Retrieve rule: empty-supply or any-turn.
    #[arg(long, default_value = "empty-supply")]
    pub retrieve: RetrieveRule,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
}

/// Totals over all games (each field sums over games unless said otherwise).
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub games: u64,
    pub tiles_drawn: u64,
    pub tiles_discarded: u64,
    /// Completions per kind: island, bridge, sea, market (occupied or not).
    pub completed: [u64; 4],
    /// Evaluations during play (completed and occupied) per kind.
    pub evaluated: [u64; 4],
    pub boat_evaluations: u64,
    pub games_with_boat_evaluation: u64,
    pub ships_by_delivery: u64,
    pub ships_by_market: u64,
    pub markets_with_empty_display: u64,
    pub ended_by_ships: u64,
    pub ended_by_tiles: u64,
    pub shared_wins: u64,
    pub turns: u64,
    /// Winning score and the gap from first to last, per game.
    pub winning_scores: Vec<u16>,
    pub spreads: Vec<u16>,
    pub all_scores: Vec<u16>,
    pub seconds: f64,
}

const KINDS: [FeatureKind; 4] = [FeatureKind::Island, FeatureKind::Bridge, FeatureKind::Sea, FeatureKind::Market];

fn kind_index(kind: FeatureKind) -> usize {
    KINDS.iter().position(|&k| k == kind).expect("known kind")
}

/// Plays one game to the end with one bot per seat; returns the finished game and its events.
pub fn play_game(options: Options, players: usize, seed: u64, ai: Strategy) -> (Game, Vec<Event>) {
    let mut game = Game::from_setup(Setup::standard(options, players, seed)).expect("valid setup");
    let mut bots: Vec<Bot> = (0..players).map(|seat| Bot::new(ai, seed.wrapping_mul(31).wrapping_add(seat as u64))).collect();
    let mut events = game.opening_events().to_vec();
    while let Some(seat) = game.to_act() {
        let action = bots[seat].choose(&game).expect("game not over");
        game.apply_into(&action, &mut events).expect("bots choose legal actions");
    }
    (game, events)
}

impl Stats {
    fn add_game(&mut self, game: &Game, events: &[Event]) {
        self.games += 1;
        self.turns += game.turn() as u64;
        self.tiles_discarded += game.discarded().len() as u64;
        self.tiles_drawn += (game.placed_tiles().len() - 1 + game.discarded().len()) as u64;
        let mut boat = false;
        for e in events {
            match e {
                Event::FeatureCompleted { kind, .. } => self.completed[kind_index(*kind)] += 1,
                Event::FeatureScored { kind, reason: ScoreReason::Completed, .. } => self.evaluated[kind_index(*kind)] += 1,
                Event::FeatureScored { reason: ScoreReason::FishingBoat, .. } => {
                    self.boat_evaluations += 1;
                    boat = true;
                }
                Event::ShipTakenByMarket { .. } => {
                    self.ships_by_market += 1;
                    self.evaluated[3] += 1;
                }
                Event::MarketFoundNoShip { .. } => {
                    self.markets_with_empty_display += 1;
                    self.evaluated[3] += 1;
                }
                Event::ShipDelivered { .. } => self.ships_by_delivery += 1,
                Event::GameOver { scores, winners } => {
                    if winners.len() > 1 {
                        self.shared_wins += 1;
                    }
                    let totals: Vec<u16> = scores.iter().map(|s| s.total).collect();
                    let (max, min) = (*totals.iter().max().unwrap_or(&0), *totals.iter().min().unwrap_or(&0));
                    self.winning_scores.push(max);
                    self.spreads.push(max - min);
                    self.all_scores.extend(totals);
                }
                _ => {}
            }
        }
        self.games_with_boat_evaluation += boat as u64;
        if game.display().is_empty() && game.ship_stack_size() == 0 {
            self.ended_by_ships += 1;
        } else {
            self.ended_by_tiles += 1;
        }
    }

    fn merge(&mut self, other: Stats) {
        self.games += other.games;
        self.tiles_drawn += other.tiles_drawn;
        self.tiles_discarded += other.tiles_discarded;
        for i in 0..4 {
            self.completed[i] += other.completed[i];
            self.evaluated[i] += other.evaluated[i];
        }
        self.boat_evaluations += other.boat_evaluations;
        self.games_with_boat_evaluation += other.games_with_boat_evaluation;
        self.ships_by_delivery += other.ships_by_delivery;
        self.ships_by_market += other.ships_by_market;
        self.markets_with_empty_display += other.markets_with_empty_display;
        self.ended_by_ships += other.ended_by_ships;
        self.ended_by_tiles += other.ended_by_tiles;
        self.shared_wins += other.shared_wins;
        self.turns += other.turns;
        self.winning_scores.extend(other.winning_scores);
        self.spreads.extend(other.spreads);
        self.all_scores.extend(other.all_scores);
    }
}

/// Plays the games on `threads` workers; the result does not depend on the thread count.
pub fn run(args: &SimArgs) -> Result<Report> {
    if !(2..=5).contains(&args.players) {
        bail!("--players must be 2 to 5");
    }
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    let threads = args.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).clamp(1, 64) as u64;
    let options = Options { retrieve: args.retrieve };
    let start = Instant::now();
    let mut stats = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|w| {
                scope.spawn(move || {
                    let mut stats = Stats::default();
                    for i in (w..args.games).step_by(threads as usize) {
                        let (game, events) = play_game(options, args.players, args.seed.wrapping_add(i), args.ai);
                        stats.add_game(&game, &events);
                    }
                    stats
                })
            })
            .collect();
        let mut total = Stats::default();
        for w in workers {
            total.merge(w.join().expect("simulation worker panicked"));
        }
        total
    });
    stats.seconds = start.elapsed().as_secs_f64();
    Ok(Report { args: args.clone(), threads, stats })
}

pub struct Report {
    pub args: SimArgs,
    pub threads: u64,
    pub stats: Stats,
}

fn median(values: &[u16]) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    let mut v = values.to_vec();
    v.sort_unstable();
    let n = v.len();
    if n % 2 == 1 { v[n / 2] as f64 } else { (v[n / 2 - 1] as f64 + v[n / 2] as f64) / 2.0 }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = &self.stats;
        let g = s.games as f64;
        let per = |x: u64| x as f64 / g;
        let a = &self.args;
        writeln!(
            f,
            "games: {} ({} players, {} bots, retrieve {}, seeds {}..{})",
            s.games,
            a.players,
            a.ai,
            a.retrieve.name(),
            a.seed,
            a.seed + s.games - 1
        )?;
        writeln!(f, "speed: {:.0} games/s on {} threads ({:.2} s)", g / s.seconds, self.threads, s.seconds)?;
        writeln!(f, "turns per game: {:.1}", per(s.turns))?;
        writeln!(
            f,
            "unplaceable tiles: {:.3}% of draws ({:.3} per game)",
            100.0 * s.tiles_discarded as f64 / s.tiles_drawn.max(1) as f64,
            per(s.tiles_discarded)
        )?;
        writeln!(f, "completed per game (occupied and evaluated in play):")?;
        for (i, k) in KINDS.iter().enumerate() {
            writeln!(f, "  {:<7} {:>5.2}  ({:.2})", k.name(), per(s.completed[i]), per(s.evaluated[i]))?;
        }
        writeln!(
            f,
            "fishing-boat evaluations: {:.2} per game; games with at least one: {:.1}%",
            per(s.boat_evaluations),
            100.0 * s.games_with_boat_evaluation as f64 / g
        )?;
        writeln!(
            f,
            "ships per game: {:.2} by delivery, {:.2} by market ({:.2} markets found an empty display)",
            per(s.ships_by_delivery),
            per(s.ships_by_market),
            per(s.markets_with_empty_display)
        )?;
        writeln!(
            f,
            "end: {:.1}% after the last tile, {:.1}% after the last ship",
            100.0 * s.ended_by_tiles as f64 / g,
            100.0 * s.ended_by_ships as f64 / g
        )?;
        writeln!(
            f,
            "scores: median {:.1} (all players), winner median {:.1}, first-to-last median {:.1}, max {}; shared wins {:.1}%",
            median(&s.all_scores),
            median(&s.winning_scores),
            median(&s.spreads),
            s.winning_scores.iter().max().unwrap_or(&0),
            100.0 * s.shared_wins as f64 / g
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statistics_do_not_depend_on_thread_count() {
        let args = |threads| SimArgs {
            games: 6,
            players: 3,
            seed: 9,
            ai: Strategy::Random,
            versus: None,
            retrieve: RetrieveRule::EmptySupply,
            threads: Some(threads),
        };
        let a = run(&args(1)).unwrap().stats;
        let b = run(&args(2)).unwrap().stats;
        assert_eq!(a.games, 6);
        assert_eq!((a.tiles_drawn, a.completed, a.ships_by_delivery), (b.tiles_drawn, b.completed, b.ships_by_delivery));
        let mut sa = a.all_scores.clone();
        let mut sb = b.all_scores.clone();
        sa.sort();
        sb.sort();
        assert_eq!(sa, sb);
        assert!(a.tiles_drawn > 6 * 10 && a.tiles_drawn <= 6 * 72, "each tile is drawn at most once");
    }
}
