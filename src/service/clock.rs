//! Where the scheduler's time comes from: the system clock, or in tests a clock they move by
//! hand, so that a day of reminders and deadlines passes in an instant and no test sleeps.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

/// The time now, in unix milliseconds.
pub trait Clock: Send + Sync {
    fn now_ms(&self) -> i64;

    /// How many real milliseconds it takes this clock to move `clock_ms` on (the scheduler
    /// sleeps that long for what falls due then).
    fn real_ms(&self, clock_ms: i64) -> i64 {
        clock_ms
    }

    /// Whether this clock moves only when told to (tests): then the computer players think
    /// untimed, every decision with its full budget, so their moves are a function of the game
    /// and its seed however loaded the machine running the tests is.
    fn is_manual(&self) -> bool {
        false
    }
}

/// The machine's clock.
pub struct SystemClock;

impl Clock for SystemClock {
    fn now_ms(&self) -> i64 {
        crate::store::now_ms()
    }
}

/// A clock that moves only when told to (tests, demos). Clones share one time.
#[derive(Clone)]
pub struct ManualClock(Arc<AtomicI64>);

impl ManualClock {
    /// Starting at `now_ms`.
    pub fn at(now_ms: i64) -> ManualClock {
        ManualClock(Arc::new(AtomicI64::new(now_ms)))
    }

    /// Starting at the machine's time now.
    pub fn starting_now() -> ManualClock {
        ManualClock::at(crate::store::now_ms())
    }

    pub fn advance(&self, by: Duration) {
        self.0.fetch_add(by.as_millis() as i64, Ordering::SeqCst);
    }

    pub fn set(&self, now_ms: i64) {
        self.0.store(now_ms, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }

    fn is_manual(&self) -> bool {
        true
    }
}

/// The machine's clock run `speed` times faster from the moment it is made, for acceptance
/// testing only (`serve --fast-clock`): reminders, deadlines and away-with-a-duration come in
/// seconds. It starts at the real time and only ever runs ahead of it.
pub struct FastClock {
    real_start_ms: i64,
    speed: i64,
}

impl FastClock {
    pub fn new(speed: u32) -> FastClock {
        FastClock { real_start_ms: crate::store::now_ms(), speed: i64::from(speed.max(1)) }
    }
}

impl Clock for FastClock {
    fn now_ms(&self) -> i64 {
        self.real_start_ms + (crate::store::now_ms() - self.real_start_ms) * self.speed
    }

    fn real_ms(&self, clock_ms: i64) -> i64 {
        clock_ms / self.speed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fast_clock_runs_ahead_by_its_speed_and_waits_that_much_less() {
        let clock = FastClock::new(3600);
        let start = clock.now_ms();
        std::thread::sleep(Duration::from_millis(20));
        let moved = clock.now_ms() - start;
        assert!(moved >= 20 * 3600, "20 ms real is at least 72 s on the clock: {moved}");
        assert_eq!(clock.real_ms(8 * 3_600_000), 8_000, "8 hours on the clock are 8 s real");
        assert_eq!(SystemClock.real_ms(1234), 1234);
    }
}
