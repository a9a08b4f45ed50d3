//! The South Seas bot: everything around the rules engine (`southseas-engine`).
//!
//! Dependency direction: engine ← (render, store) ← service ← discord ← main. A game's room
//! (`games/southseas/`) is a slice through these layers: its renderer, narration and typed-input
//! parsing sit below the service, its slash commands beside the Discord layer's.
//! See ARCHITECTURE.md for the code map.

pub mod cli;
pub mod common;
pub mod config;
pub mod discord;
pub mod draw;
pub mod games;
pub mod i18n;
pub mod kinds;
pub mod service;
pub mod store;
pub mod web;
