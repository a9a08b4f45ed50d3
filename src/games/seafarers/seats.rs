//! Who may act in a Seafarers game besides those the game waits for: the players an open
//! trade offer is addressed to, until they answer (nobody waits for them).

use seafarers_engine::Game;

/// The seats that may still answer the open trade offer.
pub(crate) fn answering(game: &Game) -> Vec<usize> {
    game.answering()
}
