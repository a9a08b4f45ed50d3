//! The vocabulary every layer above the store shares, whatever the game: replies and component
//! ids ([`reply`]), errors ([`error`]), tables and seats ([`table`]), the gate computer players
//! think through ([`thinking`]), the seats' letters in pictures ([`letters`]), a deal's
//! commitment and public history ([`deal`]). Leaves: they
//! import only the store's records and [`crate::kinds`].

pub mod deal;
pub mod error;
pub mod letters;
pub mod reply;
pub mod table;
pub mod thinking;

pub use error::{Result, ServiceError};
pub(crate) use error::{internal, user};
pub use reply::{AtCommit, Button, Command, ComponentId, Delivery, Image, Known, Menu, MenuOption, Origin, Picture, Reply, Style};
pub use table::Table;
pub(crate) use table::computer_plays;
pub use table::{Actor, COMPUTER_USER, Place, is_computer_id};
pub use thinking::{Thinker, Thinking};
