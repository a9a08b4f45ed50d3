//! Scenario files: a game set up by hand and a list of actions, run to a final state.
//! The format is documented in the README; the rulebook's examples live in `tests/data/`.
