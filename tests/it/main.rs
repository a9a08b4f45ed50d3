//! Integration tests of the `southseas` package, one binary with a module per area, in folders
//! by host (what a test drives: the service, the bot through the Discord double, the real
//! binary, the web view, stored games, the code itself) and, within a host, by game
//! (`southseas/`, `seafarers/`; a test of both games sits in its host's folder).
//!
//! Each module keeps the name it had before the folders (`#[path]`), so that every test's
//! name, and every filter the README and the issues give (`cargo test --test it -- faults`),
//! stays as it was.

mod support;

// The service over a real database, no Discord.
#[path = "service/after.rs"]
mod after;
#[path = "service/southseas/computers.rs"]
mod computers;
#[path = "service/hardening.rs"]
mod hardening;
#[path = "service/southseas/lifecycle.rs"]
mod lifecycle;
#[path = "service/southseas/moderation.rs"]
mod moderation;
#[path = "service/no_coordinates.rs"]
mod no_coordinates;
#[path = "service/quiet.rs"]
mod quiet;
#[path = "service/replay.rs"]
mod replay;
#[path = "service/seafarers/seafarers.rs"]
mod seafarers;
#[path = "service/southseas/service.rs"]
mod service;

// The real bot through the Discord protocol double (the double itself in `discord_double/`).
mod discord_double;
#[path = "discord/discord_double_selftest.rs"]
mod discord_double_selftest;
#[path = "discord/southseas/discord_e2e.rs"]
mod discord_e2e;
#[path = "discord/southseas/discord_french.rs"]
mod discord_french;
#[path = "discord/southseas/discord_lifecycle.rs"]
mod discord_lifecycle;
#[path = "discord/southseas/discord_moderation.rs"]
mod discord_moderation;
#[path = "discord/southseas/discord_race.rs"]
mod discord_race;
#[path = "discord/seafarers/discord_seafarers.rs"]
mod discord_seafarers;
#[path = "discord/seafarers/discord_seafarers_french.rs"]
mod discord_seafarers_french;
#[path = "discord/seafarers/discord_seafarers_games.rs"]
mod discord_seafarers_games;
#[path = "discord/southseas/discord_threads.rs"]
mod discord_threads;
#[path = "discord/southseas/discord_trips.rs"]
mod discord_trips;

// The `southseas` binary itself: the CLI, `serve` killed and restarted, two shards, faults.
#[path = "process/cli.rs"]
mod cli;
#[path = "process/faults.rs"]
mod faults;
#[path = "process/process.rs"]
mod process;
#[path = "process/shards.rs"]
mod shards;

// The web view, over HTTP and in a browser.
#[path = "web/web.rs"]
mod web;
#[path = "web/web_browser.rs"]
mod web_browser;

// Stored games: every generation's database, games pinned by seed and steps.
#[path = "stored/golden.rs"]
mod golden;
#[path = "stored/pinned.rs"]
mod pinned;

// The code itself: its layers, and its parsers fuzzed.
#[path = "code/fuzz.rs"]
mod fuzz;
#[path = "code/layers.rs"]
mod layers;
