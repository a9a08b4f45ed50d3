//! What the service answers: text, images and the next choices, as plain data. The Discord
//! layer turns a `Reply` into a message; the demo writes it to a transcript.

use crate::store::GameId;
use serde::{Deserialize, Serialize};

/// Stored as JSON in the outbox (images aside, drawn when posted): fields may be added with
/// `#[serde(default)]`, never renamed, so a restarted newer bot still posts an older step.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reply {
    /// Markdown text (Discord flavour), short enough for a message (≤ 2000 characters).
    pub text: String,
    #[serde(skip)]
    pub images: Vec<Image>,
    /// Buttons, in rows of at most five.
    pub buttons: Vec<Vec<Button>>,
    /// A select menu, when a choice has more options than buttons can hold.
    pub menu: Option<Menu>,
    /// The one user to ping (the player who must act next); nobody else is mentioned.
    pub mention: Option<u64>,
    /// Everyone else the message is for, pinged with it: every player when the game ends.
    /// (Default: nobody, as in replies stored before this field existed.)
    #[serde(default)]
    pub more_mentions: Vec<u64>,
    /// The game this reply is about, and its version at the time.
    pub game: Option<(GameId, i64)>,
    /// The board belongs with this reply: `Service::attach_images` draws it. Kept apart so a
    /// caller can answer (or defer) first and draw after.
    pub show_board: bool,
    /// Must be a new message: it hands the game to someone else (a mention notifies only in a
    /// new message, never in an edit), or opens, starts or ends a game. Other steps of a turn
    /// may update the message they were taken on.
    #[serde(default)]
    pub new_message: bool,
    /// Where to post it, when that is not where the command came from (a post owed by a step
    /// of a process that died).
    #[serde(default)]
    pub channel: Option<u64>,
    /// Which picture `show_board` draws.
    #[serde(default)]
    pub picture: Picture,
    /// Only the buttons and menu change: the message keeps its text and pictures (a view of the
    /// same step, such as the turns that fit at a chosen spot).
    #[serde(default)]
    pub components_only: bool,
    /// A notice about the game's current version that is not its turn message (the n-th
    /// reminder of a wait): posted as its own message, told apart from the turn message.
    #[serde(default)]
    pub notice: Option<u32>,
    /// To the mentioned user by direct message rather than in the channel (their choice for
    /// reminders); in the channel when Discord refuses the direct message.
    #[serde(default)]
    pub direct: bool,
    /// For this user alone (a private view: their cards): sent by direct message, never in the
    /// channel, not even when Discord refuses the direct message.
    #[serde(default)]
    pub private_to: Option<u64>,
    /// An answer for the person who clicked alone (their cards, a builder of their discard):
    /// an ephemeral message, never posted in the channel and never owed through the outbox.
    #[serde(default)]
    pub ephemeral: bool,
    /// The private posts a change owes along with this message, each already in the outbox:
    /// the handler that made the change delivers them right after it.
    #[serde(skip)]
    pub private: Vec<Reply>,
    /// A typed step that handed the turn to the computer: what it says happened (its header
    /// and story). The computer's run that follows opens its one message with these lines, so
    /// the step is no message of its own; a post no run took over is sent as it is (the
    /// sweeper clears this).
    #[serde(default)]
    pub carried: Option<Vec<String>>,
}

/// Which picture a reply carries (each game draws its own; see `crate::games::Pictures`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Picture {
    /// A turn message: the phone-first view (readable at a phone's 400 px).
    #[default]
    Turn,
    /// `/board`: the whole board, to zoom into.
    FullBoard,
    /// A close-up of zone N (from 0) of a step whose spots one picture cannot letter legibly
    /// (a game without zones draws its turn picture).
    Zone(u8),
}

#[derive(Clone, PartialEq, Eq)]
pub struct Image {
    pub name: String,
    pub png: Vec<u8>,
}

impl std::fmt::Debug for Image {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Image({}, {} bytes)", self.name, self.png.len())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Style {
    Primary,
    Secondary,
    Success,
    Danger,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Button {
    /// A component id (see [`ComponentId`]): it carries the game and its version.
    pub id: String,
    pub label: String,
    pub style: Style,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Menu {
    /// The menu's component id; each option's value is a [`Command`] code.
    pub id: String,
    pub placeholder: String,
    pub options: Vec<MenuOption>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MenuOption {
    pub value: String,
    pub label: String,
    pub description: Option<String>,
}

/// Keeps user-chosen names from breaking Markdown or pinging anyone.
pub fn escape(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        if matches!(c, '*' | '_' | '~' | '`' | '|' | '>' | '\\' | '#' | '[' | ']') {
            out.push('\\');
        }
        if c == '@' {
            out.push_str("@\u{200B}");
            continue;
        }
        out.push(c);
    }
    out
}

/// A count and its noun, singular or plural as the count asks: "0 tiles", "1 tile", "2 tiles".
/// The one way to write a count in words; for nouns whose plural is the noun and an "s" (a noun
/// that is its own plural, like fish, is written out).
pub fn count<N: std::fmt::Display + PartialEq + From<u8>>(n: N, noun: &str) -> String {
    if n == N::from(1) { format!("{n} {noun}") } else { format!("{n} {noun}s") }
}

/// What a person typed, without the characters that show nothing (zero-width spaces and
/// joiners, the byte-order mark, soft hyphens) and trimmed: a step typed as only those is an
/// empty one, and one with them inside reads as it looks.
pub fn visible(typed: &str) -> String {
    let invisible = |c: char| matches!(c, '\u{00AD}' | '\u{180E}' | '\u{200B}'..='\u{200F}' | '\u{2060}'..='\u{2064}' | '\u{FEFF}');
    typed.chars().filter(|&c| !invisible(c)).collect::<String>().trim().to_string()
}

/// At most `max` characters, the last one an ellipsis when something was cut.
pub fn truncate(s: &str, max: usize) -> String {
    if s.chars().count() <= max { s.to_string() } else { s.chars().take(max - 1).collect::<String>() + "…" }
}

/// Discord's limits on what one message can hold.
pub const MAX_CONTENT_CHARS: usize = 2000;
pub const MAX_BUTTON_ROWS: usize = 5;
pub const MAX_BUTTONS_PER_ROW: usize = 5;
pub const MAX_MENU_OPTIONS: usize = 25;
pub const MAX_LABEL_CHARS: usize = 80;
pub const MAX_ID_CHARS: usize = 100;

/// What a button or menu option asks for: one of the host's own commands, or a code of the
/// game's (read by its room: a step, or another view of the step).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Join,
    Leave,
    Start,
    Undo,
    /// `/abandon` as a button: the opener or a moderator is asked to confirm.
    Abandon,
    /// The confirmation of an end asked for by `/abandon` (the game ends).
    AbandonConfirm,
    /// The answer "keep playing" to that question (nothing changes).
    AbandonKeep,
    Board,
    Status,
    /// Seat a computer player (medium) in the lobby.
    AddComputer,
    /// The clicker's own cards, privately (a game with hidden cards).
    Hand,
    /// A code of the game's own (South Seas: `games/southseas/codes.rs`).
    Game(String),
}

impl Command {
    /// A short code, stable across versions of the bot (old buttons must keep parsing).
    pub fn code(&self) -> String {
        match self {
            Command::Join => "join".into(),
            Command::Leave => "leave".into(),
            Command::Start => "start".into(),
            Command::Undo => "undo".into(),
            Command::Abandon => "abandon".into(),
            Command::AbandonConfirm => "abandon-yes".into(),
            Command::AbandonKeep => "abandon-no".into(),
            Command::Board => "board".into(),
            Command::Status => "status".into(),
            Command::AddComputer => "bot".into(),
            Command::Hand => "hand".into(),
            Command::Game(code) => code.clone(),
        }
    }

    /// The host's commands by their codes; anything else that could be a game's code is left
    /// to the game to read (None: not even that).
    pub fn parse(code: &str) -> Option<Command> {
        Some(match code {
            "join" => Command::Join,
            "leave" => Command::Leave,
            "start" => Command::Start,
            "undo" => Command::Undo,
            "abandon" => Command::Abandon,
            "abandon-yes" => Command::AbandonConfirm,
            "abandon-no" => Command::AbandonKeep,
            "board" => Command::Board,
            "status" => Command::Status,
            "bot" => Command::AddComputer,
            "hand" => Command::Hand,
            MENU_CODE => return None,
            _ if !code.is_empty() && code.len() <= MAX_ID_CHARS && !code.contains(char::is_whitespace) => Command::Game(code.into()),
            _ => return None,
        })
    }
}

/// A component id: `ss:GAME:VERSION:CODE`. Everything needed to act on a click is in it, so
/// buttons keep working after a restart, and a click on an old message is seen as stale.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComponentId {
    pub game: GameId,
    pub version: i64,
    /// None for a select menu (the command is the chosen option's value).
    pub command: Option<Command>,
}

pub const MENU_CODE: &str = "menu";

impl ComponentId {
    pub fn button(game: GameId, version: i64, command: impl Into<Command>) -> String {
        let command = command.into();
        format!("ss:{game}:{version}:{}", command.code())
    }

    pub fn menu(game: GameId, version: i64) -> String {
        format!("ss:{game}:{version}:{MENU_CODE}")
    }

    pub fn parse(id: &str) -> Option<ComponentId> {
        let mut parts = id.splitn(4, ':');
        if parts.next()? != "ss" {
            return None;
        }
        let game = parts.next()?.parse().ok()?;
        let version = parts.next()?.parse().ok()?;
        let code = parts.next()?;
        let command = if code == MENU_CODE { None } else { Some(Command::parse(code)?) };
        Some(ComponentId { game, version, command })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_code_round_trips() {
        let commands = [
            Command::Join,
            Command::Leave,
            Command::Start,
            Command::Undo,
            Command::Abandon,
            Command::AbandonConfirm,
            Command::AbandonKeep,
            Command::Board,
            Command::Status,
            Command::AddComputer,
            Command::Hand,
            Command::Game("t-3,12,3".into()),
        ];
        for c in commands {
            let id = ComponentId::button(42, 7, c.clone());
            assert!(id.len() <= 100, "Discord limits custom ids to 100 characters");
            assert_eq!(ComponentId::parse(&id), Some(ComponentId { game: 42, version: 7, command: Some(c) }), "{id}");
        }
    }

    #[test]
    fn malformed_ids_are_rejected() {
        for id in ["", "ss", "ss:1", "ss:1:2", "xx:1:2:s", "ss:a:2:s", "ss:1:2:", "ss:1:2:a b"] {
            assert_eq!(ComponentId::parse(id), None, "{id}");
        }
        assert_eq!(ComponentId::parse("ss:1:2:menu"), Some(ComponentId { game: 1, version: 2, command: None }));
    }

    /// Every count the bot writes in words (found by reading every user-facing string), at
    /// 0, 1 and 2, whatever integer type holds it.
    #[test]
    fn counts_take_the_singular_only_for_one() {
        for (one, many) in [
            ("tile", "tiles"),
            ("ship", "ships"),
            ("spot", "spots"),
            ("islander", "islanders"),
            ("ware", "wares"),
            ("point", "points"),
            ("pt", "pts"),
            ("page", "pages"),
            ("vote", "votes"),
            ("permission", "permissions"),
            ("shard", "shards"),
            ("shell", "shells"),
            ("banana", "bananas"),
            ("step message", "step messages"),
        ] {
            assert_eq!([count(0u8, one), count(1u8, one), count(2u8, one)], [format!("0 {many}"), format!("1 {one}"), format!("2 {many}")]);
        }
        assert_eq!(count(1u16, "point"), "1 point");
        assert_eq!(count(0u32, "shard"), "0 shards");
        assert_eq!(count(1usize, "page"), "1 page");
        assert_eq!(count(11usize, "page"), "11 pages");
        assert_eq!(count(21u16, "tile"), "21 tiles", "English: the singular is for exactly one");
    }
}

/// A message whose buttons were retired, as it then reads: its first line no longer asks
/// anyone for anything (the prompt that led it: "➡️ @Ana, your turn …"), nor does the
/// deadline of a turn that is over; `note` says the game went on (in the game's language).
pub fn retired_text(content: &str, note: &str) -> String {
    const PROMPTS: [&str; 4] = ["➡️", "👉", "⏳", "⏩"];
    let mut lines: Vec<&str> = content.lines().collect();
    if lines.first().is_some_and(|l| PROMPTS.iter().any(|p| l.starts_with(p))) {
        lines.remove(0);
    }
    // A message retired before (the clicked one, edited again by a late sweep) keeps one note.
    lines.retain(|l| !l.starts_with("⏳") && *l != note);
    let kept = truncate(&lines.join("\n"), MAX_CONTENT_CHARS.saturating_sub(note.chars().count() + 1));
    if kept.trim().is_empty() { note.to_string() } else { format!("{kept}\n{note}") }
}

#[cfg(test)]
mod retired_tests {
    use super::*;

    #[test]
    fn a_retired_turn_message_keeps_what_happened_and_drops_what_it_asked() {
        let content = "➡️ <@7>, your turn: place tile **K2** — use `/place` or pick below.\nAna placed K2.\n📊 Score: Ana 3\n⏳ Time for this turn runs out <t:1:R>.";
        assert_eq!(retired_text(content, "✔️ Played on."), "Ana placed K2.\n📊 Score: Ana 3\n✔️ Played on.");
        assert_eq!(retired_text("👉 <@7>, your turn: roll", "✔️"), "✔️");
        // A lobby (no prompt) keeps its text.
        assert_eq!(retired_text("🎲 New game\nPlayers (1/5)", "✔️"), "🎲 New game\nPlayers (1/5)\n✔️");
        // Retired twice, it says so once.
        let once = retired_text(content, "✔️ Played on.");
        assert_eq!(retired_text(&once, "✔️ Played on."), once);
        let long = "x".repeat(3000);
        assert!(retired_text(&long, "✔️ Played on.").chars().count() <= MAX_CONTENT_CHARS);
    }
}
