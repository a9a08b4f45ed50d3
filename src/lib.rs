//! The South Seas bot: everything around the rules engine (`southseas-engine`).
//!
//! Dependency direction: engine ← (render, store) ← service ← discord ← main.
//! See ARCHITECTURE.md for the code map.

pub mod render;
pub mod script;
pub mod sim;
pub mod tiles;
pub mod store;
pub mod service;
pub mod discord;
