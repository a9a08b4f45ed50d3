//! The contract between the host and a game: the questions the service asks a game's room, in
//! the manner of boardgame.io's Game object and shakmaty's `Position`. The service writes the
//! shared work once, generic over [`Rules`] (the change transaction, undo, the computer's
//! turns), and dispatches to it once per entry point through `games::State`; a room answers
//! with pure functions: apply, narrate, who owes a decision, the undo rule, its messages.
//!
//! Nothing here touches the database, Discord or async: a room is tested without either.

use crate::common::{Reply, Result, Table};
use crate::draw::Rgb8;
use crate::i18n::Locale;
use crate::kinds::GameKind;
use crate::store::GameRecord;
use std::fmt::Debug;

/// One step of a game's log, read back from the store (or just taken).
#[derive(Clone, Debug)]
pub struct Logged<M> {
    pub(crate) seq: i64,
    /// Who took it: the person, a computer seat's own id, or [`crate::common::COMPUTER_USER`]
    /// for a step the computer took for a person.
    pub(crate) user_id: u64,
    /// The seat it was taken for. Logs stored before seats were recorded have none; a game
    /// whose engine needs the seat (several may act at once) never has such a log.
    pub(crate) seat: Option<usize>,
    pub(crate) action: M,
}

/// What one change tells, gathered over its steps by [`Rules::apply`]: the lines that say what
/// happened, in the game's language, which the host reads as they are (they follow its header
/// in the change's message, or open the computers' run that a typed step handed the turn to),
/// and the game's own notes of the change.
#[derive(Default)]
pub struct Story<N> {
    pub lines: Vec<String>,
    pub notes: N,
}

/// A game at a version: its engine's state and the log it was rebuilt from.
pub struct Played<G: Rules> {
    pub(crate) game: G::Game,
    pub(crate) log: Vec<Logged<G::Move>>,
}

/// Why a logged step does not replay (a stored game its version no longer reads): for the
/// logs, as an internal error, never for a player. `E` is the engine's own refusal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unreplayable<E> {
    /// Logged for `seat`, but the game waits for `waiting`.
    NotWaiting { seat: usize, waiting: Vec<usize> },
    /// Logged without a seat, which every step of this game names.
    NoSeat,
    /// The engine refuses it.
    Refused(E),
}

impl<E: std::fmt::Display> std::fmt::Display for Unreplayable<E> {
    // The cause is written here (no `source`), so that the callers' "…: {e}" says it once.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unreplayable::NotWaiting { seat, waiting } => write!(f, "logged for seat {seat}, but the game waits for {waiting:?}"),
            Unreplayable::NoSeat => f.write_str("logged without its seat, which every step of this game names"),
            Unreplayable::Refused(e) => write!(f, "the engine refuses it: {e}"),
        }
    }
}

impl<E: Debug + std::fmt::Display> std::error::Error for Unreplayable<E> {}

// By hand: a derive would ask the rules type itself to be `Clone`.
impl<G: Rules> Clone for Played<G> {
    fn clone(&self) -> Self {
        Played { game: self.game.clone(), log: self.log.clone() }
    }
}

/// What [`Rules::seen`] found: the outcomes of the opening and of each step that applied, and
/// the step that did not (its number from 1, and why), if any.
pub struct Seen {
    pub(crate) outcomes: Vec<Vec<String>>,
    pub(crate) stopped: Option<(usize, String)>,
}

/// How one seat ended a finished game (see [`Rules::outcome`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatOutcome {
    /// Its final score, in the game's own points.
    pub score: i64,
    /// 1 for the winner; a tie shares a place (two firsts, then a third).
    pub place: usize,
    /// The game's own figures for `/stats`: the message id of each figure's name in the game's
    /// message file, and how many.
    pub figures: Vec<(&'static str, i64)>,
    /// What the seat did, kind by kind, for `/stats`' favourites (South Seas: the features it
    /// completed; Seafarers: the pieces it built).
    pub tallies: Vec<Tally>,
}

/// How many of each kind of one thing a seat did over a game (islands, bridges, seas and
/// markets completed; roads, ships, settlements and cities built): `/stats` adds them up over
/// a player's games and names the kind they did most.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    /// The message id of the line that names the favourite (`ss-favourite-feature`); it is given
    /// `$kinds` (the favourite's name, or several tied), `$count` (how many of it), `$tied`
    /// (`yes` when several share the most) and `$total` (how many of every kind).
    pub line: &'static str,
    /// Each kind's name (its message id) and how many, in the game's own order (which also
    /// orders a tie).
    pub counts: Vec<(&'static str, i64)>,
}

/// What a finished game tells besides its board (see [`Rules::recap`]; drawn by `crate::games::recap`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Recap {
    /// Each seat's points at the end of each turn, from turn 0 (before the first) on.
    pub points: Vec<(u32, Vec<i64>)>,
    /// A line under the chart, if the game has something to say about its points (Seafarers:
    /// victory point cards are counted where they were held, revealed now).
    pub note: Option<String>,
    /// The game's own figures, one row each, a value per seat ("6 ★": the holder of a title).
    pub figures: Vec<Figure>,
    /// Each seat's colour and letter, as the board draws them.
    pub colours: Vec<Rgb8>,
    pub letters: Vec<char>,
}

/// One row of figures: its name and a value per seat ("Ships delivered", ["3", "1"]).
#[derive(Clone, Debug, PartialEq)]
pub struct Figure {
    pub name: String,
    pub values: Vec<String>,
}

impl Recap {
    /// Notes the points after a step of turn `turn`: the last step of a turn stands for it.
    pub fn record(&mut self, turn: u32, points: Vec<i64>) {
        match self.points.last_mut() {
            Some((t, p)) if *t == turn => *p = points,
            _ => self.points.push((turn, points)),
        }
    }
}

/// Places from scores, best first: a tie shares a place, and the next place counts those
/// before it (two firsts, then a third). `first`, if any, is first whatever its score (the
/// game named its winner).
pub fn places(scores: &[i64], first: Option<usize>) -> Vec<usize> {
    let key = |s: usize| (Some(s) != first, std::cmp::Reverse(scores[s]));
    (0..scores.len()).map(|s| 1 + (0..scores.len()).filter(|&o| key(o) < key(s)).count()).collect()
}

/// A step to take: for which seat, logged under which user, and what.
#[derive(Clone, Copy, Debug)]
pub struct Step<M> {
    pub(crate) seat: usize,
    pub(crate) user_id: u64,
    pub(crate) action: M,
}

/// What a click on one of a game's own buttons asks for, as its room reads the code.
pub enum Click<M> {
    /// Take this step.
    Act(M),
    /// Show another view of the same step (a page of a menu, the turns at a spot): a read
    /// that changes nothing, answered on the clicked message.
    View(String),
}

/// A game the bot hosts. Implemented by a unit type in the game's room; every function is
/// pure (the engine's state in, text and choices out).
///
/// Who reads which language: what the whole table reads (the opening, the message after a
/// change, an undo's line, the lobby's line) is in the game's language,
/// `table.record.language`; what one person reads in answer to their own click or command (a
/// refusal, a view, a stale click's answer, `/status`, `/board`, `/history`, their hand) is in
/// theirs, the `reader` passed in (their `/settings language`, else their Discord client's,
/// else English).
pub trait Rules: Sized + Send + Sync + 'static {
    /// Which game this is (stored with each game).
    const KIND: GameKind;
    /// The message id of the game's rules in one minute (`/rules`, in the reader's language).
    const RULES_TEXT: &'static str;
    /// The message id of its lines in `/help`: how its turns are played, with its commands.
    const HELP_TEXT: &'static str;
    /// The fewest and most players any table of the game seats (its options may narrow them: a
    /// Seafarers scenario's own). The one place a game's player limits are written.
    const PLAYERS: std::ops::RangeInclusive<usize>;
    /// The engine's state of a game.
    type Game: Clone + Send + Sync + 'static;
    /// A step a player takes: the engine's action.
    type Move: Copy + Debug + PartialEq + Send + Sync + 'static;
    /// What a player typed into one of the game's step commands, read against the game inside
    /// the step's transaction.
    type Typed: Send;
    /// The game's own notes of one change, gathered over its steps beside the story's lines
    /// (a line being built, who was pinged, what a seat is told privately): see [`Story`].
    type Notes: Default + Send;
    /// Why a stored form does not read as a step: the engine's own error.
    type Unreadable: std::error::Error + Send + Sync + 'static;
    /// Why the engine refuses a step: its own error, whose `Display` (the engine's English) is
    /// for the logs; players read the room's words for it, said in `apply`.
    type Refusal: std::error::Error + Send + Sync + 'static;

    // ----- the game's record

    /// The game's first state, from its stored record and seats.
    fn setup(table: &Table) -> Result<Self::Game>;
    /// The stored form of `seat`'s action (never changes once stored; see the engine's
    /// `record`). A game whose engine records the seat itself writes it into the form.
    fn encode(seat: usize, action: &Self::Move) -> String;
    /// An action from its stored form, with the seat the form names (None: the form has none,
    /// and the log's seat column tells).
    fn decode(code: &str) -> std::result::Result<(Option<usize>, Self::Move), Self::Unreadable>;
    /// Applies a logged step during replay, without narrating it.
    fn replay_step(game: &mut Self::Game, seat: Option<usize>, action: &Self::Move)
    -> std::result::Result<(), Unreplayable<Self::Refusal>>;

    // ----- who acts

    /// The seats that owe a decision now (several at once in some games); empty when the game
    /// is over.
    fn waiting(game: &Self::Game) -> Vec<usize>;
    /// The seats that may act now though nobody waits for them (answers to a trade offer): the
    /// computer answers for its own; people get no reminder. None by default.
    fn may_answer(_game: &Self::Game) -> Vec<usize> {
        Vec::new()
    }
    fn is_over(game: &Self::Game) -> bool;
    /// What the seat the game waits for must do, in a few words ("place tile K2"; no command: a
    /// reminder may be read in a direct message, where none can be used),
    /// in `locale` (the game's, in a public notice; the recipient's, in a reminder).
    fn task(game: &Self::Game, seat: usize, locale: Locale) -> String;

    // ----- a change

    /// The message that opens a game whose seats were just drawn.
    fn opening(game: &Self::Game, table: &Table, version: i64) -> Reply;
    /// Applies one step for `seat`, telling what happened into `story`. A refused step changes
    /// nothing and says why, for the player, in `reader` (the narration is the game's language).
    fn apply(
        game: &mut Self::Game,
        table: &Table,
        seat: usize,
        action: &Self::Move,
        story: &mut Story<Self::Notes>,
        reader: Locale,
    ) -> Result<()>;
    /// The message after a change: `header` (what the host has to say first), the story, the
    /// board, and the choices of whoever acts next.
    fn reply(game: &Self::Game, table: &Table, version: i64, header: Vec<String>, story: Story<Self::Notes>) -> Reply;
    /// What the change told each seat privately (their cards, what they drew or were robbed
    /// of), as posts for that seat alone, each in the language its reader reads
    /// (`languages[seat]`, see [`Table::languages`]); none by default: South Seas hides nothing.
    fn private_posts(
        _game: &Self::Game,
        _table: &Table,
        _version: i64,
        _story: &Story<Self::Notes>,
        _languages: &[Locale],
    ) -> Vec<(usize, Reply)> {
        Vec::new()
    }
    /// What `seat` alone may see now (their cards, what they can build and afford), answered
    /// privately to their own request; None for a game that hides nothing.
    fn private_view(_played: &Played<Self>, _table: &Table, _version: i64, _seat: usize, _reader: Locale) -> Option<Reply> {
        None
    }
    /// Whether the last step may be taken back, judged on the game before it: None if so,
    /// else why not, for the player.
    fn undo_refusal(before: &Self::Game, last: &Self::Move, reader: Locale) -> Option<String>;
    /// "Ana undid placing K2." for the message after an undo.
    fn undone(before: &Self::Game, table: &Table, seat: usize, last: &Self::Move) -> String;

    // ----- reading players

    /// What the player at `seat` typed, read against the game.
    fn read_typed(
        game: &Self::Game,
        table: &Table,
        seat: usize,
        typed: &Self::Typed,
        reader: Locale,
    ) -> std::result::Result<Self::Move, String>;
    /// One of the game's own button codes (None: not one of its codes).
    fn read_code(code: &str) -> Option<Click<Self::Move>>;
    /// Whether a click still means what its player meant after other steps were taken since
    /// its message was posted: a private view that reads the game afresh, or a step that names
    /// everything it does (the cards of a discard), where several players decide at once and
    /// each one's step would otherwise make the others' buttons out of date. Such a click is
    /// taken against the game as it is now, which checks it as always. None by default: a
    /// click on an older version is refused.
    fn outlives_its_version(_click: &Click<Self::Move>) -> bool {
        false
    }
    /// A view the game's buttons ask for (`Click::View`), for the player at `seat`: shown on
    /// the clicked message (whose words are the game's language); a refusal in `reader`.
    fn view(played: &Played<Self>, table: &Table, version: i64, seat: usize, view: &str, reader: Locale) -> Result<Reply>;
    /// Whether `seat` may act now; else why not, for the player.
    fn may_act(game: &Self::Game, table: &Table, seat: usize, reader: Locale) -> Result<()>;

    // ----- looking at the game

    /// What happened since a stale click's version, and what the game waits for now, for the
    /// player at `seat` (None: someone not playing), who may be the one who moved.
    fn moved_on(played: &Played<Self>, table: &Table, seat: Option<usize>, reader: Locale) -> String;
    /// `/status` of a started game.
    fn status(played: &Played<Self>, table: &Table, reader: Locale) -> String;
    /// The text above `/board`'s picture.
    fn board_caption(played: &Played<Self>, table: &Table, reader: Locale) -> String;
    /// What the last `n` steps did, oldest first (`/history`).
    fn history(played: &Played<Self>, table: &Table, n: usize, reader: Locale) -> Result<Vec<String>>;
    /// What each logged step did, one entry per step in the order taken (its narration's lines,
    /// possibly none): the channel's own words, for the web view's history of every step.
    fn story(played: &Played<Self>, table: &Table, reader: Locale) -> Result<Vec<Vec<String>>>;
    /// The lobby's line about the game's options, in `locale`.
    fn lobby_rules(record: &GameRecord, locale: Locale) -> String;

    // ----- the deal (anyone can check it: `crate::common::deal`)

    /// The chance outcomes the whole table saw, replayed from the game's first state: those of
    /// the opening (who starts, what was dealt face up), then those of each step of `log` (a
    /// tile drawn, dice rolled), each in the game's own stable words (`tile A1`, `dice 3 4`),
    /// never anything hidden from the table (a stolen card, a bought card). Stops at the first
    /// step that does not apply: its number (from 1) and why.
    fn seen(table: &Table, log: &[(Option<usize>, Self::Move)]) -> Seen;

    // ----- after the last move (stats and ratings)

    /// A finished game's outcome for each seat, by seat: final score, placement, the game's own
    /// figures and tallies, replayed from the game's first state (the tallies count what
    /// happened over the game, which its last state no longer tells). None while the game is
    /// not over; an error if `log` no longer applies.
    fn outcome(table: &Table, log: &[Logged<Self::Move>]) -> Result<Option<Vec<SeatOutcome>>>;
    /// What the game-over picture tells besides the board (`crate::games::recap`): each seat's
    /// points over the turns and the game's own figures, gathered by replaying `log` from the
    /// game's first state; words in `locale`. Everything in it is public once the game is over.
    fn recap(table: &Table, log: &[Logged<Self::Move>], locale: Locale) -> Result<Recap>;

    // ----- the computer

    /// The moves the computer makes now under `plan` (none when a person must act): pure and
    /// seeded by the game's seed and each step's place in the log. May think for a while: the
    /// service calls it off the async workers.
    fn computer_moves(played: &Played<Self>, table: &Table, plan: &ComputerPlan) -> Vec<(usize, Self::Move)>;
}

impl<G: Rules> Played<G> {
    /// Rebuilds a game from its setup and log.
    pub(crate) fn replay(table: &Table, log: Vec<Logged<G::Move>>) -> Result<Played<G>> {
        let mut game = G::setup(table)?;
        for (i, step) in log.iter().enumerate() {
            G::replay_step(&mut game, step.seat, &step.action)
                .map_err(|e| crate::common::internal(format!("game {}: action {} no longer applies: {e}", table.record.id, i + 1)))?;
        }
        Ok(Played { game, log })
    }
}

/// Whose turns the computer plays besides its own seats and people away.
#[derive(Clone, Debug, Default)]
pub struct ComputerPlan {
    /// The seat whose time ran out: the computer plays its current turn.
    pub(crate) timed_out: Option<usize>,
    /// ... and every later one (the game replaces a player who runs out of time).
    pub(crate) replace: bool,
    /// Now (unix ms): who is still away.
    pub(crate) now_ms: i64,
    /// The gate its searching decisions pass, and what each may spend.
    pub(crate) thinker: crate::common::Thinker,
    /// The run comes after people had their time to answer a computer's open trade offer
    /// (`ANSWER_WAIT`): the computer goes on without the answers that did not come.
    pub(crate) answers_waited: bool,
}

/// How long a computer waits for people to answer its trade offer before it goes on: long
/// enough for someone at the table to read it and tap, short enough not to hold a turn.
pub const ANSWER_WAIT: std::time::Duration = std::time::Duration::from_secs(120);

impl ComputerPlan {
    /// Who the computer plays for at `seat`, and how well: a computer seat, a person away (or
    /// replaced under this plan), or the person whose time ran out, while it is still the turn
    /// that timed out (`same_turn`). The one rule every game's computer follows.
    pub(crate) fn plays(&self, seats: &[crate::store::SeatRecord], seat: usize, same_turn: bool) -> Option<crate::kinds::Strength> {
        if let Some(strength) = crate::common::computer_plays(seats, seat, Some(self.now_ms)) {
            return Some(strength);
        }
        (self.timed_out == Some(seat) && (self.replace || same_turn)).then_some(crate::kinds::Strength::Medium)
    }
}

/// A new game's lobby, as its game's options describe it (checked by [`NewGame::opening`]).
pub struct Opening {
    pub(crate) kind: GameKind,
    /// The rules data the game is dealt from (its game's ruleset id).
    pub(crate) ruleset: i64,
    /// The game's options in its engine's stored form.
    pub(crate) options: String,
    /// Fixed seed (tests, demo); None takes the service's default, or draws one.
    pub(crate) seed: Option<u64>,
    pub(crate) min_players: usize,
    pub(crate) max_players: usize,
    /// Each player's time for a turn, in seconds (0: no limit), and what happens after it.
    pub(crate) turn_limit_secs: i64,
    pub(crate) on_timeout: crate::store::OnTimeout,
}

/// A new game's turn time limit unless its opener chooses another, whatever the game: a day, so
/// a game moves on daily even when someone is gone, and nobody is rushed.
pub const DEFAULT_TURN_LIMIT_SECS: i64 = 24 * 3600;

/// A game's options for `/new`: each game's own type, checked into the lobby's [`Opening`].
pub trait NewGame {
    /// The lobby these options open, or why not, said in `reader`'s language (who asked).
    fn opening(self, reader: Locale) -> Result<Opening>;
}

/// Drawing a reply's pictures: CPU work, run off the async workers.
pub(crate) type Drawing = Box<dyn FnOnce() -> Vec<crate::common::Image> + Send>;
