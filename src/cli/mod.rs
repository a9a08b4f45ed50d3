//! The command-line tools of the `southseas` binary besides `serve`, one module per subcommand
//! (the clap definitions of the commands themselves stay in `src/main.rs`).

pub mod backup;
pub mod bench;
pub mod deal;
pub mod demo;
pub mod render;
pub mod replay;
pub mod script;
pub mod seafarers;
pub mod sim;
pub mod tiles;
pub mod timelapse;
pub mod versus;
