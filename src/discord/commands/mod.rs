//! Slash commands: each validates its arguments into a service call. Split by what the player
//! does: the lobby (`lobby.rs`), seats (`seats.rs`), pausing a game (`moderation.rs`), looking
//! at the game (`lookup.rs`), a finished game again (`replay.rs`), stats and ratings
//! (`stats.rs`), help and the rules (`help.rs`); a game's own commands (its steps) live in its room,
//! `games/<game>/commands.rs`. What they share (who
//! and where, acknowledging, turning a service reply into a message) is `discord/respond.rs`.

mod help;
pub(crate) mod lobby;
mod localize;
mod lookup;
mod moderation;
mod replay;
mod seats;
mod stats;
mod undo;

pub(crate) use super::respond::{acknowledge, actor, client_locale, place_of, reader_locale, respond, respond_private};
use super::{Data, Error};
use crate::games::GameKind;
use crate::games::seafarers::commands as seafarers;
use crate::games::southseas::commands as southseas;

/// Each game's part of `/new` (its options, the lobby they open), from its room.
fn new_part(kind: GameKind) -> lobby::NewPart {
    match kind {
        GameKind::SouthSeas => southseas::NEW,
        GameKind::Seafarers => seafarers::NEW,
    }
}

/// Every slash command, with its words in every language the bot speaks.
pub fn all() -> Vec<poise::Command<Data, Error>> {
    let mut commands = plain();
    localize::localize(&mut commands);
    commands
}

/// Every slash command as the code declares it (English, no localizations).
fn plain() -> Vec<poise::Command<Data, Error>> {
    vec![
        lobby::new(new_part),
        lobby::join(),
        lobby::leave(),
        lobby::addbot(),
        lobby::start(),
        southseas::place(),
        southseas::islander(),
        southseas::ship(),
        southseas::deliver(),
        southseas::pay(),
        southseas::endturn(),
        undo::undo(),
        seafarers::seafarers(),
        lobby::abandon(),
        moderation::pause(),
        moderation::resume(),
        moderation::revoke_link(),
        seats::away(),
        seats::back(),
        seats::replace(),
        seats::kick(),
        seats::settings(),
        lookup::board(),
        lookup::status(),
        lookup::hand(),
        southseas::tiles(),
        southseas::ships(),
        lookup::history(),
        replay::replay(),
        stats::stats(),
        stats::leaderboard(),
        help::rules(),
        help::help(),
    ]
}
