//! Integration tests of the `southseas` package, one binary with a module per area.

mod cli;
mod service;
mod support;
