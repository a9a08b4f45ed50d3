//! The computer players' thinking, shared by every table of a process. Every decision that
//! searches passes one gate sized to the machine's cores, in the order the decisions asked: a
//! table asks for its next decision only when its last one is done, so the runs of different
//! tables interleave decision by decision, and one table's long run never holds another
//! table's next step.
//!
//! How long a decision may think follows the load. With no more runs than cores, each gets the
//! full playout budget (its move is a function of the game and its seed), capped at
//! [`IDLE_CAP`] of wall time. With more, a run aims to be done [`RUN_TIME`] after it began: each
//! decision gets its share of what is left of that time, divided among the runs sharing the
//! cores, turned into playouts at the rate the searches have lately run (never fewer than
//! [`FLOOR_PLAYOUTS`]), so its search still splits a whole budget by sequential halving; twice
//! that time stops it in any case. An untimed run (the manual clock of tests, the tools) always
//! gets the full budget: deterministic, however loaded the machine.
//!
//! Pure std: the gate blocks the thread that thinks (one of the runtime's blocking threads),
//! never an async worker.

use std::collections::VecDeque;
use std::fmt;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// What a loaded run of computer moves aims to take, from the start of its thinking: the
/// person's wait from their step to their next prompt, less the database and the post.
pub const RUN_TIME: Duration = Duration::from_millis(1200);

/// The wall time a decision may take when the machine is not loaded: far above what a full
/// budget takes (the hard player's slowest turns take about half a second), so that it never
/// cuts a search short on an idle machine.
pub const IDLE_CAP: Duration = Duration::from_secs(3);

/// The fewest playouts a loaded decision gets: at this budget the hard player still wins
/// clearly against medium (README: Computer players).
pub const FLOOR_PLAYOUTS: u32 = 300;

/// How many searching decisions a computer's turn takes, on average (a tile with its islander,
/// a delivery, a payment): what a run's time is shared by.
const DECISIONS_PER_TURN: u32 = 2;

/// How many recent decisions [`Thinking::journal`] keeps.
const JOURNAL: usize = 4096;

/// The gate and what it has seen; one per process (the service holds it).
pub struct Thinking {
    permits: usize,
    state: Mutex<Gate>,
    turn: Condvar,
}

struct Gate {
    /// The next decision's place in line.
    next_ticket: u64,
    /// Decisions done: the ticket `t` may think while `t < done + permits`.
    done: u64,
    /// Runs in progress (asking or thinking).
    runs: usize,
    /// Playouts per second of one search, lately (None: none measured yet).
    rate: Option<f64>,
    journal: VecDeque<Decision>,
}

/// One decision that passed the gate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Decision {
    /// The game (table) it was for.
    pub game: i64,
    /// The playouts it was allowed, and how many it played.
    pub allowed: u32,
    pub playouts: u32,
    /// Whether the load cut its budget below the full one.
    pub reduced: bool,
    /// How long it waited for its turn at the gate, and how long it thought.
    pub waited: Duration,
    pub thought: Duration,
}

/// What a decision may spend: at most `playouts`, and stop after `time` if set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Allowance {
    pub playouts: u32,
    pub time: Option<Duration>,
}

impl Thinking {
    /// A gate letting `permits` decisions think at once (at least one).
    pub fn new(permits: usize) -> Thinking {
        Thinking {
            permits: permits.max(1),
            state: Mutex::new(Gate { next_ticket: 0, done: 0, runs: 0, rate: None, journal: VecDeque::new() }),
            turn: Condvar::new(),
        }
    }

    /// A gate with one permit per core of this machine.
    pub fn per_core() -> Thinking {
        Thinking::new(std::thread::available_parallelism().map_or(1, |n| n.get()))
    }

    pub fn permits(&self) -> usize {
        self.permits
    }

    /// Runs of computer moves in progress now.
    pub fn runs(&self) -> usize {
        self.lock().runs
    }

    /// The last decisions that passed the gate, oldest first (up to a few thousand).
    pub fn journal(&self) -> Vec<Decision> {
        self.lock().journal.iter().copied().collect()
    }

    fn lock(&self) -> MutexGuard<'_, Gate> {
        // A panic while thinking happens outside the lock; the counters stay consistent.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// One table's run of computer moves, as its decisions see the gate: cloned freely, the run
/// ends when the last clone is dropped. The default thinks ungated and untimed (tools, and the
/// one-item-at-a-time pass of the scheduler).
#[derive(Clone, Default)]
pub struct Thinker(Option<Arc<Run>>);

struct Run {
    thinking: Arc<Thinking>,
    game: i64,
    started: Instant,
    timed: bool,
}

impl Drop for Run {
    fn drop(&mut self) {
        self.thinking.lock().runs -= 1;
    }
}

impl fmt::Debug for Thinker {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            None => f.write_str("Thinker(ungated)"),
            Some(run) => write!(f, "Thinker(game {}, timed: {})", run.game, run.timed),
        }
    }
}

impl Thinker {
    /// A run for `game` through `thinking`'s gate; `timed`: its budget may follow the load.
    pub fn new(thinking: &Arc<Thinking>, game: i64, timed: bool) -> Thinker {
        thinking.lock().runs += 1;
        Thinker(Some(Arc::new(Run { thinking: Arc::clone(thinking), game, started: Instant::now(), timed })))
    }

    /// One searching decision: waits for its turn at the gate, then `think`s with what it may
    /// spend (`full` playouts at most), which returns its result and the playouts it played.
    /// `turns_left`: the computer's turns left in this run, this one included.
    pub fn decide<T>(&self, turns_left: usize, full: u32, think: impl FnOnce(Allowance) -> (T, u32)) -> T {
        let Some(run) = &self.0 else {
            return think(Allowance { playouts: full, time: None }).0;
        };
        let gate = &run.thinking;
        let asked = Instant::now();
        let allowance = {
            let mut state = gate.lock();
            let ticket = state.next_ticket;
            state.next_ticket += 1;
            while ticket >= state.done + gate.permits as u64 {
                state = gate.turn.wait(state).unwrap_or_else(PoisonError::into_inner);
            }
            run.allowance(&state, turns_left, full)
        };
        // Whatever happens while thinking (a panic included), the next in line goes on.
        struct Done<'a>(&'a Thinking);
        impl Drop for Done<'_> {
            fn drop(&mut self) {
                self.0.lock().done += 1;
                self.0.turn.notify_all();
            }
        }
        let done = Done(gate);
        let waited = asked.elapsed();
        let start = Instant::now();
        let (out, playouts) = think(allowance);
        let thought = start.elapsed();
        {
            let mut state = gate.lock();
            if playouts >= 50 && !thought.is_zero() {
                let now = f64::from(playouts) / thought.as_secs_f64();
                state.rate = Some(state.rate.map_or(now, |r| 0.8 * r + 0.2 * now));
            }
            if state.journal.len() == JOURNAL {
                state.journal.pop_front();
            }
            let reduced = allowance.playouts < full;
            state.journal.push_back(Decision { game: run.game, allowed: allowance.playouts, playouts, reduced, waited, thought });
        }
        drop(done);
        out
    }
}

impl Run {
    /// What a decision may spend now, its turn come (see the module's doc).
    fn allowance(&self, state: &Gate, turns_left: usize, full: u32) -> Allowance {
        if !self.timed {
            return Allowance { playouts: full, time: None };
        }
        let permits = self.thinking.permits;
        let (Some(rate), true) = (state.rate, state.runs > permits) else {
            return Allowance { playouts: full, time: Some(IDLE_CAP) };
        };
        let left = RUN_TIME.saturating_sub(self.started.elapsed());
        let ahead = state.runs as u32 * (turns_left.max(1) as u32) * DECISIONS_PER_TURN;
        let share = left * permits as u32 / ahead;
        let playouts = ((rate * share.as_secs_f64()) as u32).clamp(FLOOR_PLAYOUTS.min(full), full);
        let time = Duration::from_secs_f64(f64::from(playouts) / rate).max(share) * 2;
        Allowance { playouts, time: Some(time.min(IDLE_CAP)) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn untimed_and_ungated_runs_get_the_full_budget() {
        let full = |a: Allowance| (a, 0);
        assert_eq!(Thinker::default().decide(4, 2000, full), Allowance { playouts: 2000, time: None });
        let thinking = Arc::new(Thinking::new(1));
        let runs: Vec<Thinker> = (0..5).map(|g| Thinker::new(&thinking, g, false)).collect();
        assert_eq!(thinking.runs(), 5);
        assert_eq!(runs[0].decide(4, 2000, full), Allowance { playouts: 2000, time: None });
        drop(runs);
        assert_eq!(thinking.runs(), 0);
    }

    #[test]
    fn a_loaded_gate_shares_the_run_time_and_keeps_a_floor() {
        let thinking = Arc::new(Thinking::new(2));
        let first = Thinker::new(&thinking, 1, true);
        // Idle (one run, two cores): the full budget, under the idle cap.
        let idle = first.decide(4, 2000, |a| (a, 1000));
        assert_eq!(idle, Allowance { playouts: 2000, time: Some(IDLE_CAP) });
        thinking.lock().rate = Some(10_000.0);
        let others: Vec<Thinker> = (2..9).map(|g| Thinker::new(&thinking, g, true)).collect();
        // Eight runs on two cores, four turns left: 1.2 s × 2 / (8 × 4 × 2) ≈ 37 ms ≈ 375 playouts.
        let loaded = others[0].decide(4, 2000, |a| (a, 0));
        assert!((300..=380).contains(&loaded.playouts), "{loaded:?}");
        // Out of time: the floor.
        let many: Vec<Thinker> = (10..40).map(|g| Thinker::new(&thinking, g, true)).collect();
        assert_eq!(many[0].decide(4, 2000, |a| (a, 0)).playouts, FLOOR_PLAYOUTS);
        let journal = thinking.journal();
        assert_eq!(journal.len(), 3);
        assert!(!journal[0].reduced && journal[1].reduced);
    }

    /// One permit, two tables asking in turn: they think in the order they asked, so neither
    /// waits for the other's whole run.
    #[test]
    fn decisions_pass_the_gate_in_the_order_they_asked() {
        let thinking = Arc::new(Thinking::new(1));
        let order = Arc::new(Mutex::new(Vec::new()));
        let threads: Vec<_> = (0..2)
            .map(|g| {
                let run = Thinker::new(&thinking, g, false);
                let order = Arc::clone(&order);
                std::thread::spawn(move || {
                    for _ in 0..5 {
                        run.decide(1, 10, |_| {
                            order.lock().unwrap().push(g);
                            std::thread::sleep(Duration::from_millis(20));
                            ((), 0)
                        });
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        let order = order.lock().unwrap().clone();
        let switches = order.windows(2).filter(|w| w[0] != w[1]).count();
        assert!(switches >= 8, "the two runs alternate: {order:?}");
    }
}
