//! Who may act in a Seafarers game besides those the game waits for: the players an open
//! trade offer is addressed to, until they answer (nobody waits for them).

use seafarers_engine::Game;

/// The seats that may still answer the open trade offer.
pub(crate) fn answering(game: &Game) -> Vec<usize> {
    let Some(offer) = game.offer() else { return Vec::new() };
    (0..game.player_count())
        .filter(|&s| s as u8 != offer.from && offer.to.is_none_or(|t| t as usize == s) && !offer.answers.iter().any(|a| a.0 as usize == s))
        .collect()
}
