//! `southseas timelapse`: the example timelapses of `docs/`, one per game, from games the
//! engines' computer players play from a seed (the same games `benches/timelapse.rs` measures):
//! the whole board after every step, drawn as `/replay` draws it, then encoded.

use crate::draw::timelapse::{Timelapse, timelapse};
use anyhow::{Context, Result};
use std::path::{Path, PathBuf};

/// The examples are kept small for the repository: at most this many bytes each (the
/// encoder picks the largest size that fits; the bot's limit is Discord's 8 MiB).
pub const EXAMPLE_BYTES: usize = 3 * 1024 * 1024;

/// The whole board after every step of a greedy South Seas game of `players` from `seed`
/// (all 72 tiles), the opening first, as PNGs.
pub fn south_seas_boards(players: usize, seed: u64) -> Vec<Vec<u8>> {
    use crate::games::southseas::render::{BoardView, board_png};
    use southseas_engine::{Bot, Game, Options, Setup, Strategy};
    let mut game = Game::from_setup(Setup::standard(Options::default(), players, seed)).expect("a standard setup");
    let mut bots: Vec<Bot> = (0..players).map(|s| Bot::new(Strategy::Greedy, seed.wrapping_mul(31).wrapping_add(s as u64))).collect();
    let names: Vec<String> = ["Ana", "Bo", "Cy", "Di", "Ed"].iter().take(players).map(|s| s.to_string()).collect();
    // As a timelapse's frame draws it (`Picture::Frame`): the tiles placed since the acting
    // player's previous turn marked, no spot lettered, no figure numbered.
    let view = |game: &Game| BoardView {
        names: names.clone(),
        since_turn: game.turn().checked_sub(players as u32),
        show_spots: false,
        ..BoardView::default()
    };
    let mut boards = vec![board_png(&game, &view(&game))];
    while let Some(seat) = game.to_act() {
        let action = bots[seat].choose(&game).expect("a move while the game runs");
        game.apply(&action).expect("computer players choose legal moves");
        boards.push(board_png(&game, &view(&game)));
    }
    boards
}

/// The whole board after every step of a greedy 4-player game of The Four Islands (Seafarers'
/// largest map) from `seed`, the opening first, as PNGs.
pub fn four_islands_boards(seed: u64) -> Vec<Vec<u8>> {
    use crate::games::seafarers::render as sf;
    let scenario = seafarers_engine::Ruleset::CURRENT.scenario("four-islands").expect("The Four Islands");
    let options = seafarers_engine::Options { pirate: scenario.pirate.is_some() };
    let mut game = seafarers_engine::Game::new(scenario, 4, seed, options).expect("a game");
    let mut bots: Vec<seafarers_engine::Bot> =
        (0..4).map(|s| seafarers_engine::Bot::new(seafarers_engine::Strategy::Greedy, seed * 31 + s)).collect();
    let names: Vec<String> = ["Ana", "Bo", "Cy", "Di"].iter().map(|s| s.to_string()).collect();
    // As a timelapse's frame draws it (`Picture::Frame`): the whole board, no spot lettered.
    let view = sf::BoardView { names, ..sf::BoardView::default() };
    let mut boards = vec![sf::full_board_png(&game, &view)];
    while let Some(&p) = game.to_act().first() {
        let action = bots[p].choose(&game, p).expect("a legal action");
        game.apply(p, &action).expect("computer players choose legal steps");
        boards.push(sf::full_board_png(&game, &view));
    }
    boards
}

/// Writes `timelapse-southseas.gif` (5 players, seed 11) and `timelapse-four-islands.gif`
/// (seed 12) into `out`; returns each file and what it holds.
pub fn write_examples(out: &Path) -> Result<Vec<(PathBuf, Timelapse)>> {
    std::fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
    let mut written = Vec::new();
    for (name, boards) in
        [("timelapse-southseas.gif", south_seas_boards(5, 11) as Vec<Vec<u8>>), ("timelapse-four-islands.gif", four_islands_boards(12))]
    {
        let made = timelapse(&boards, EXAMPLE_BYTES)?;
        let path = out.join(name);
        std::fs::write(&path, &made.gif).with_context(|| format!("cannot write {}", path.display()))?;
        written.push((path, made));
    }
    Ok(written)
}
