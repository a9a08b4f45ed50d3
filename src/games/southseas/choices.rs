//! The islander step's choices in the order of its buttons, shared by the words (button labels,
//! typed numbers, narration) and the pictures (the numbers drawn where each choice is): one
//! order, so the number a player reads on a button is the number on the picture.

use southseas_engine::{Action, Game};

/// The features of the new tile where an islander may go, in the order of the step's buttons:
/// the picture numbers them 1, 2, … and each button's label begins with its number.
pub fn islander_features(game: &Game) -> Vec<u8> {
    game.legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::PlaceIslander { feature } => Some(feature),
            _ => None,
        })
        .collect()
}

/// The islander step's numbered choices, in the order of its buttons: the features of the new
/// tile where an islander may go, then the player's own figures they may take back. The
/// picture draws each one's number (`k + 1`) where it is: on the new tile, or on the board at
/// the figure; each button's label begins with it.
pub fn islander_numbers(game: &Game) -> Vec<Action> {
    game.legal_actions().into_iter().filter(|a| matches!(a, Action::PlaceIslander { .. } | Action::RetrieveIslander { .. })).collect()
}
