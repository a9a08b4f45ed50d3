//! A change being asked for, as the service carries it from the handler to the delivery of
//! its messages (`delivery.rs`).

use super::Origin;
use std::sync::atomic::{AtomicBool, Ordering};

/// A change being asked for: where (see [`Origin`]), and whether the change recorded the tapped
/// message already (see `queue`), so that the tap needs no record of its own.
pub(super) struct Asked {
    pub(super) origin: Origin,
    pub(super) recorded: AtomicBool,
}

impl Asked {
    pub(super) fn new(origin: Origin) -> Asked {
        Asked { origin, recorded: AtomicBool::new(false) }
    }

    /// Not on a message of the game's (a command, the scheduler).
    pub(super) fn typed() -> Asked {
        Asked::new(Origin::Typed)
    }

    /// Whether the change is made on one of the game's messages (a tap), not typed.
    pub(super) fn on_a_message(&self) -> bool {
        matches!(self.origin, Origin::Clicked { .. })
    }

    /// Whether a change recorded the tapped message.
    pub(super) fn recorded(&self) -> bool {
        self.recorded.load(Ordering::Relaxed)
    }
}
