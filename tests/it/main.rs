//! Integration tests of the `southseas` package, one binary with a module per area.

mod cli;
mod computers;
mod discord_double;
mod discord_double_selftest;
mod discord_e2e;
mod discord_french;
mod discord_lifecycle;
mod discord_moderation;
mod discord_race;
mod discord_seafarers;
mod discord_seafarers_french;
mod discord_seafarers_games;
mod fuzz;
mod golden;
mod hardening;
mod layers;
mod lifecycle;
mod moderation;
mod pinned;
mod process;
mod seafarers;
mod service;
mod shards;
mod support;
mod web;
mod web_browser;
