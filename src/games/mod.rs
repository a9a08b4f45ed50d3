//! The games the bot hosts, one room (folder) each: everything that names a game lives in its
//! room; the lobby, seats, the action log, scheduling and routing name no game.
//!
//! A room answers the host's questions through [`contract::Rules`]; the host's shared work is
//! written once, generic over it (in the service). Where a common path holds "some game", it
//! holds a [`State`] or a [`Move`], closed enums with one variant per game, and dispatches with
//! one `match` per entry point ([`with_game!`]), as shakmaty's `VariantPosition` does.

pub mod contract;
pub mod deal;
pub mod recap;
pub mod seafarers;
pub mod southseas;

use crate::common::{Picture, Reply, Result, Table};
use crate::i18n::Locale;
pub use crate::kinds::{GameKind, Strength};
use crate::store::{ActionRecord, GameRecord};
pub(crate) use contract::Drawing;
pub use contract::{ANSWER_WAIT, ComputerPlan, DEFAULT_TURN_LIMIT_SECS, NewGame, Opening};
use contract::{Logged, Played, Rules};
use seafarers::Seafarers;
use southseas::SouthSeas;

/// Runs `$body` with `$played` bound to the game's own `Played<G>` and `$G` to its rules type,
/// whatever the game: the one `match` on [`State`] each entry point needs.
#[macro_export]
#[doc(hidden)]
macro_rules! with_game {
    ($state:expr, $G:ident, $played:ident => $body:expr) => {
        match $state {
            $crate::games::State::SouthSeas($played) => {
                #[allow(dead_code)]
                type $G = $crate::games::southseas::SouthSeas;
                $body
            }
            $crate::games::State::Seafarers($played) => {
                #[allow(dead_code)]
                type $G = $crate::games::seafarers::Seafarers;
                $body
            }
        }
    };
}
pub(crate) use with_game;

/// Runs `$body` with `$G` bound to the rules type of the game `$kind` names: the one `match`
/// on [`GameKind`] each entry point that has no state yet needs (a stored log, a lobby).
macro_rules! with_kind {
    ($kind:expr, $G:ident => $body:expr) => {
        match $kind {
            GameKind::SouthSeas => {
                type $G = SouthSeas;
                $body
            }
            GameKind::Seafarers => {
                type $G = Seafarers;
                $body
            }
        }
    };
}

/// A game's state at a version, as its engine rebuilt it: one variant per game, like
/// [`GameKind`]. The service caches it and hands it back to the game's room.
// Sizes differ by game; a state lives behind an `Arc` in the cache, so boxing buys nothing.
#[allow(clippy::large_enum_variant)]
pub enum State {
    SouthSeas(Played<SouthSeas>),
    Seafarers(Played<Seafarers>),
}

/// A stored log read back as its game's steps.
fn decode<G: Rules>(table: &Table, records: Vec<ActionRecord>) -> Result<Vec<Logged<G::Move>>> {
    let id = table.record.id;
    records
        .into_iter()
        .map(|r| {
            let (seat, action) =
                G::decode(&r.action).map_err(|e| crate::common::internal(format!("game {id}: stored action {}: {e}", r.seq)))?;
            // A form that names its seat must agree with the log's seat column.
            if let (Some(a), Some(b)) = (seat, r.seat)
                && a != b
            {
                return Err(crate::common::internal(format!("game {id}: stored action {} is for seat {a}, logged for seat {b}", r.seq)));
            }
            Ok(Logged { seq: r.seq, user_id: r.user_id, seat: seat.or(r.seat), action })
        })
        .collect()
}

/// Rebuilds a game's state from its stored log, by its game's rules.
fn replay<G: Listed>(table: &Table, records: Vec<ActionRecord>) -> Result<State> {
    let log = decode::<G>(table, records)?;
    Ok(G::wrap(Played::replay(table, log)?))
}

/// Calls `each` with the game's state at every step of its stored log: the opening (0), then
/// after each step (1, 2, …). Errs when a stored step no longer applies.
fn each_step<G: Listed>(table: &Table, records: Vec<ActionRecord>, each: &mut dyn FnMut(usize, &State)) -> Result<()> {
    let id = table.record.id;
    let mut played = Played::<G> { game: G::setup(table)?, log: Vec::new() };
    each(0, &G::wrap(played.clone()));
    for (i, r) in records.into_iter().enumerate() {
        let (seat, action) =
            G::decode(&r.action).map_err(|e| crate::common::internal(format!("game {id}: stored action {}: {e}", r.seq)))?;
        let seat = seat.or(r.seat);
        G::replay_step(&mut played.game, seat, &action)
            .map_err(|e| crate::common::internal(format!("game {id}: action {} no longer applies: {e}", i + 1)))?;
        played.log.push(Logged { seq: r.seq, user_id: r.user_id, seat, action });
        each(i + 1, &G::wrap(played.clone()));
    }
    Ok(())
}

/// A game's first state and the message that opens it.
fn begin<G: Listed>(table: &Table, version: i64) -> Result<(State, Reply)> {
    let game = G::setup(table)?;
    let reply = G::opening(&game, table, version);
    Ok((G::wrap(Played { game, log: Vec::new() }), reply))
}

impl State {
    /// Rebuilds a game from its stored record, seats and log, by its kind's engine.
    pub(crate) fn replay(table: &Table, log: Vec<ActionRecord>) -> Result<State> {
        with_kind!(table.record.kind, G => replay::<G>(table, log))
    }

    /// A stored game's outcome per seat, replayed from its log (None while it is not over;
    /// see [`Rules::outcome`]).
    pub(crate) fn outcome(table: &Table, log: Vec<ActionRecord>) -> Result<Option<Vec<contract::SeatOutcome>>> {
        with_kind!(table.record.kind, G => G::outcome(table, &decode::<G>(table, log)?))
    }

    /// Calls `each` with the game's state at every step of its stored log, the opening first
    /// (`southseas replay`).
    pub(crate) fn each_step(table: &Table, log: Vec<ActionRecord>, each: &mut dyn FnMut(usize, &State)) -> Result<()> {
        with_kind!(table.record.kind, G => each_step::<G>(table, log, each))
    }

    /// A game's first state, when its lobby starts (seats drawn, `version` its new version),
    /// and the message that announces it.
    pub(crate) fn begin(table: &Table, version: i64) -> Result<(State, Reply)> {
        with_kind!(table.record.kind, G => begin::<G>(table, version))
    }

    /// What happened since a stale click's version, and what the game waits for now.
    pub(crate) fn moved_on(&self, table: &Table, seat: Option<usize>, reader: Locale) -> String {
        with_game!(self, G, played => G::moved_on(played, table, seat, reader))
    }

    /// `/status` of a started game.
    pub(crate) fn status(&self, table: &Table, reader: Locale) -> String {
        with_game!(self, G, played => G::status(played, table, reader))
    }

    /// The text above `/board`'s picture.
    pub(crate) fn board_caption(&self, table: &Table, reader: Locale) -> String {
        with_game!(self, G, played => G::board_caption(played, table, reader))
    }

    /// The seats that owe a decision now.
    pub(crate) fn waiting(&self) -> Vec<usize> {
        with_game!(self, G, played => G::waiting(&played.game))
    }

    /// What `seat` alone may see now, if the game hides anything.
    pub(crate) fn private_view(&self, table: &Table, version: i64, seat: usize, reader: Locale) -> Option<Reply> {
        with_game!(self, G, played => G::private_view(played, table, version, seat, reader))
    }

    /// What the player at `seat` must do, in a few words ("place tile K2").
    pub(crate) fn task(&self, seat: usize, locale: Locale) -> String {
        with_game!(self, G, played => G::task(&played.game, seat, locale))
    }

    /// What the last `n` steps did, oldest first (`/history`).
    pub(crate) fn history(&self, table: &Table, n: usize, reader: Locale) -> Result<Vec<String>> {
        with_game!(self, G, played => G::history(played, table, n, reader))
    }

    /// What each logged step did, in the order taken (see [`Rules::story`]).
    pub(crate) fn story(&self, table: &Table, reader: Locale) -> Result<Vec<Vec<String>>> {
        with_game!(self, G, played => G::story(played, table, reader))
    }

    /// How many steps its log holds.
    pub(crate) fn steps(&self) -> usize {
        with_game!(self, G, played => played.log.len())
    }

    /// The game after its first `n` logged steps (the whole game when it has no more), replayed
    /// from its setup: a step of its history.
    pub(crate) fn after_steps(&self, table: &Table, n: usize) -> Result<State> {
        with_game!(self, G, played => {
            let log = played.log[..n.min(played.log.len())].to_vec();
            Ok(G::wrap(Played::<G>::replay(table, log)?))
        })
    }
}

/// The game's public history (see [`crate::common::deal`]): every stored step and the chance
/// outcomes the table saw, replayed from its stored seed.
pub(crate) fn public_history(table: &Table, records: &[ActionRecord]) -> Result<crate::common::deal::PublicHistory> {
    with_kind!(table.record.kind, G => deal::history_of::<G>(table, records))
}

/// Checks a public history against a revealed seed and salt and the published commitment
/// (None: the history's own); Err: the history names a game this version does not host.
pub fn verify_deal(
    history: &crate::common::deal::PublicHistory,
    seed: u64,
    salt: &str,
    commitment: Option<&str>,
) -> std::result::Result<deal::Verdict, String> {
    match GameKind::parse(&history.kind) {
        Some(kind) => Ok(with_kind!(kind, G => deal::verify_with::<G>(history, seed, salt, commitment))),
        None => Err(format!("the history is of a game this version does not know (`{}`)", history.kind)),
    }
}

/// A game in the host's closed lists ([`State`], [`Move`]): how its state and moves go in and
/// come out. The same for every game, so generated here once, for every game at once: a room
/// only answers [`Rules`].
pub trait Listed: Rules {
    fn wrap(played: Played<Self>) -> State;
    fn unwrap(state: &State) -> Option<&Played<Self>>;
    fn wrap_move(action: Self::Move) -> Move;
    fn unwrap_move(action: &Move) -> Option<Self::Move>;
}

macro_rules! listed {
    ($($variant:ident),*) => { $(
        impl Listed for $variant {
            fn wrap(played: Played<Self>) -> State {
                State::$variant(played)
            }

            fn unwrap(state: &State) -> Option<&Played<Self>> {
                match state {
                    State::$variant(played) => Some(played),
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }

            fn wrap_move(action: Self::Move) -> Move {
                Move::$variant(action)
            }

            fn unwrap_move(action: &Move) -> Option<Self::Move> {
                match action {
                    Move::$variant(action) => Some(*action),
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }
        }
    )* };
}
listed!(SouthSeas, Seafarers);

/// A move of some game, in its engine's terms: one variant per game, like [`State`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    SouthSeas(southseas_engine::Action),
    Seafarers(seafarers_engine::Action),
}

impl From<seafarers_engine::Action> for Move {
    fn from(action: seafarers_engine::Action) -> Move {
        Move::Seafarers(action)
    }
}

impl From<southseas_engine::Action> for Move {
    fn from(action: southseas_engine::Action) -> Move {
        Move::SouthSeas(action)
    }
}

/// The fewest and most players of the game `kind` names (see [`Rules::PLAYERS`]).
pub const fn players(kind: GameKind) -> std::ops::RangeInclusive<usize> {
    with_kind!(kind, G => G::PLAYERS)
}

/// The fewest and most players of any game the bot hosts: the limits `/new` accepts.
pub const PLAYERS: std::ops::RangeInclusive<usize> = {
    let (mut lo, mut hi, mut i) = (usize::MAX, 0, 0);
    while i < GameKind::ALL.len() {
        let players = players(GameKind::ALL[i]);
        (lo, hi) = (if *players.start() < lo { *players.start() } else { lo }, if *players.end() > hi { *players.end() } else { hi });
        i += 1;
    }
    lo..=hi
};

/// The game's rules in one minute (`/rules`), in `reader`.
pub(crate) fn rules_text(kind: GameKind, reader: Locale) -> String {
    with_kind!(kind, G => crate::tr!(reader, G::RULES_TEXT))
}

/// The game's lines in `/help`, in `reader`.
pub(crate) fn help_text(kind: GameKind, reader: Locale) -> String {
    with_kind!(kind, G => crate::tr!(reader, G::HELP_TEXT))
}

/// The lobby's line about the game's options, in `locale`.
pub(crate) fn lobby_rules(record: &GameRecord, locale: Locale) -> String {
    with_kind!(record.kind, G => G::lobby_rules(record, locale))
}

/// Each game's picture maker, where one is set (tests and tools often draw none).
#[derive(Clone, Default)]
pub struct Pictures {
    pub(crate) southseas: Option<southseas::ImageMaker>,
    pub(crate) seafarers: Option<seafarers::ImageMaker>,
}

impl From<Option<southseas::ImageMaker>> for Pictures {
    fn from(southseas: Option<southseas::ImageMaker>) -> Pictures {
        Pictures { southseas, seafarers: None }
    }
}

impl From<southseas::ImageMaker> for Pictures {
    fn from(southseas: southseas::ImageMaker) -> Pictures {
        Pictures { southseas: Some(southseas), seafarers: None }
    }
}

impl From<seafarers::ImageMaker> for Pictures {
    fn from(seafarers: seafarers::ImageMaker) -> Pictures {
        Pictures { southseas: None, seafarers: Some(seafarers) }
    }
}

impl Pictures {
    /// Every game's pictures, as the bot draws them.
    pub fn all() -> Pictures {
        Pictures { southseas: Some(southseas::images()), seafarers: Some(seafarers::images()) }
    }

    /// These pictures, and `other`'s where it has some.
    pub(crate) fn with(self, other: Pictures) -> Pictures {
        Pictures { southseas: other.southseas.or(self.southseas), seafarers: other.seafarers.or(self.seafarers) }
    }

    /// No game draws anything.
    pub(crate) fn is_empty(&self) -> bool {
        self.southseas.is_none() && self.seafarers.is_none()
    }

    /// The drawing of `picture` for a game's state, if its game has a picture maker.
    pub(crate) fn drawing(&self, state: &State, table: &Table, picture: Picture) -> Option<Drawing> {
        // A finished game's turn picture is its recap: the final board framed by who won, the
        // points over the turns and the game's own figures.
        fn framed<G: Rules>(played: &Played<G>, table: &Table, picture: Picture, board: Drawing) -> Drawing {
            if picture == Picture::Turn && G::is_over(&played.game) { recap::drawing(played, table, board) } else { board }
        }
        match state {
            State::SouthSeas(played) => {
                self.southseas.as_ref().map(|make| framed(played, table, picture, southseas::drawing(make, &played.game, table, picture)))
            }
            State::Seafarers(played) => {
                self.seafarers.as_ref().map(|make| framed(played, table, picture, seafarers::drawing(make, &played.game, table, picture)))
            }
        }
    }

    /// The whole board after every step of a game's log, the opening first (PNGs, none when
    /// its game draws nothing): a timelapse's frames. The whole board, not the turn message's
    /// picture: that one is a close-up that follows the play, so the board would jump about.
    /// CPU work: call it off the async workers.
    pub(crate) fn every_board(&self, table: &Table, log: Vec<ActionRecord>) -> Result<Vec<Vec<u8>>> {
        let mut boards = Vec::new();
        State::each_step(table, log, &mut |_, state| {
            if let Some(draw) = self.drawing(state, table, Picture::Frame) {
                boards.extend(draw().into_iter().next().map(|image| image.png));
            }
        })?;
        Ok(boards)
    }

    /// A finished game's timelapse (see [`crate::draw::timelapse`]): the board growing step
    /// by step, under Discord's upload limit. CPU work: call it off the async workers.
    pub fn timelapse(&self, table: &Table, log: Vec<ActionRecord>) -> Result<crate::draw::timelapse::Timelapse> {
        let boards = self.every_board(table, log)?;
        crate::draw::timelapse::timelapse(&boards, crate::draw::timelapse::MAX_BYTES)
            .map_err(|e| crate::common::internal(format!("game {}: {e}", table.record.id)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_name_reads_back_as_its_game() {
        for kind in GameKind::ALL {
            assert_eq!(GameKind::parse(kind.as_str()), Some(kind));
        }
        assert_eq!(GameKind::SouthSeas.as_str(), "southseas");
        assert_eq!(GameKind::parse("SouthSeas"), None);
        assert_eq!(GameKind::parse(""), None);
    }
}
