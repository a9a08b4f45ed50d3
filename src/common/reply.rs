//! What the service answers: text, images and the next choices, as plain data. The Discord
//! layer turns a `Reply` into a message; the demo writes it to a transcript.

use crate::store::GameId;
use serde::{Deserialize, Serialize};

/// A message (text, pictures, components, mentions) and where it goes ([`Delivery`]).
///
/// Stored as JSON in the outbox (images aside, drawn when posted) in the form of
/// [`StoredReply`]: fields may be added with `#[serde(default)]`, never renamed, so a restarted
/// newer bot still posts an older step, and an older bot a newer one.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "StoredReply", into = "StoredReply")]
pub struct Reply {
    /// Markdown text (Discord flavour), short enough for a message (≤ 2000 characters).
    pub text: String,
    pub images: Vec<Image>,
    /// Buttons, in rows of at most five.
    pub buttons: Vec<Vec<Button>>,
    /// A select menu, when a choice has more options than buttons can hold.
    pub menu: Option<Menu>,
    /// The one user to ping (the player who must act next); nobody else is mentioned.
    pub mention: Option<u64>,
    /// Everyone else the message is for, pinged with it: every player when the game ends.
    pub more_mentions: Vec<u64>,
    /// The game this reply is about, and its version at the time.
    pub game: Option<(GameId, i64)>,
    /// The board belongs with this reply: `Service::attach_images` draws it. Kept apart so a
    /// caller can answer (or defer) first and draw after.
    pub show_board: bool,
    /// Which picture `show_board` draws.
    pub picture: Picture,
    /// The finished game's timelapse belongs with this reply (its own message after the
    /// game-over one): attached from where it is kept, like the board, when posted.
    pub timelapse: bool,
    /// Where and how it goes: decided by the service, carried out by the Discord layer.
    pub delivery: Delivery,
    /// Where to post it, when that is not where the command came from (a post owed by a step
    /// of a process that died, a reminder, a computer's run).
    pub channel: Option<u64>,
    /// The private posts a change owes along with this message, each already in the outbox:
    /// the handler that made the change delivers them right after it.
    pub private: Vec<Reply>,
    /// What the change that made this reply knew at its commit, for its delivery (see
    /// [`Known`]); never stored.
    pub known: Known,
}

/// What a change knew when it committed, kept with its reply for the delivery, so that posting
/// it reads nothing the change's transaction already read: the game's record and seats at the
/// reply's version, the messages whose buttons the change made old (`store::messages_to_retire`
/// in that transaction: game, channel, message), and the game's web link. No part of the
/// message: replies are equal whatever they know, and a reply read back from the outbox (a post
/// the sweeper makes) knows nothing, so its delivery reads the database as before.
#[derive(Clone, Default)]
pub struct Known(Option<std::sync::Arc<AtCommit>>);

/// See [`Known`].
pub struct AtCommit {
    pub table: super::Table,
    pub retire: Vec<(GameId, u64, u64)>,
    pub web_link: Option<String>,
}

impl Known {
    pub fn new(at: AtCommit) -> Known {
        Known(Some(std::sync::Arc::new(at)))
    }

    /// What the change knew, if this reply was made by a change of this process.
    pub fn at_commit(&self) -> Option<&AtCommit> {
        self.0.as_deref()
    }
}

impl PartialEq for Known {
    fn eq(&self, _: &Known) -> bool {
        true
    }
}

impl Eq for Known {}

impl std::fmt::Debug for Known {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() { "Known(at commit)" } else { "Known(nothing)" })
    }
}

/// Where a reply goes and how, as the service decides it. The Discord layer carries it out in
/// one `match` (`discord::deliver::send`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Delivery {
    /// Shown where the change was made: on the tapped message (edited in place); typed, a new
    /// message that pings nobody (the player is here, and a ping would only nag them). The other
    /// steps of a turn.
    #[default]
    InPlace,
    /// A new message, pinging its mentions: it hands the game to someone else (a mention
    /// notifies only in a new message, never in an edit), or opens, starts or ends a game.
    New,
    /// Only the buttons and menu of the tapped message change: it keeps its text and pictures
    /// (a view of the same step, such as the turns that fit at a chosen spot). Nothing is owed.
    ComponentsOnly,
    /// For the person who clicked or typed alone (their cards, a builder of their discard): an
    /// ephemeral message, never posted in the channel and never owed through the outbox.
    Ephemeral,
    /// For this user alone (a private view: their cards): sent by direct message, never in the
    /// channel, not even when Discord refuses the direct message.
    Private { to: u64 },
    /// The `nth` notice about the game's current version that is not its turn message (a
    /// reminder of a wait): posted as its own message, told apart from the turn message.
    /// `direct`: to the mentioned user by direct message (their choice for reminders), in the
    /// channel when Discord refuses it.
    Notice { nth: u32, direct: bool },
    /// A typed step that handed the turn to the computer, held for the computers' run: `lines`
    /// say what it did. The run opens its one message with them, so the step is no message of
    /// its own; a post no run took over is sent as it is, in place (the sweeper makes it
    /// [`Delivery::InPlace`]).
    Carried { lines: Vec<String> },
}

impl Delivery {
    /// Whether it is a message of its own (not an edit): only such a message notifies the
    /// people it mentions.
    pub fn is_new_message(&self) -> bool {
        matches!(self, Delivery::New | Delivery::Private { .. } | Delivery::Notice { .. })
    }
}

impl Reply {
    /// Pings `user` no longer: the next one pinged, if any, becomes the one to act. Their name
    /// may stay in the text; only the mentions decide who is notified.
    pub fn unping(&mut self, user: u64) {
        self.more_mentions.retain(|&u| u != user);
        if self.mention == Some(user) {
            self.mention = (!self.more_mentions.is_empty()).then(|| self.more_mentions.remove(0));
        }
    }

    /// The lines a typed step holds for the computers' run (see [`Delivery::Carried`]).
    pub fn carried(&self) -> Option<&[String]> {
        match &self.delivery {
            Delivery::Carried { lines } => Some(lines),
            _ => None,
        }
    }
}

/// A reply as the outbox stores it (JSON): the delivery as the flags that said it before it was
/// one type. Rows written before [`Delivery`] read as the same delivery, and rows written now
/// read in a bot from before it (a rollback); `tests::every_stored_shape_reads_as_its_delivery`
/// holds both.
#[derive(Serialize, Deserialize)]
pub struct StoredReply {
    text: String,
    buttons: Vec<Vec<Button>>,
    menu: Option<Menu>,
    mention: Option<u64>,
    /// (Default: nobody, as in replies stored before this field existed.)
    #[serde(default)]
    more_mentions: Vec<u64>,
    game: Option<(GameId, i64)>,
    show_board: bool,
    #[serde(default)]
    new_message: bool,
    #[serde(default)]
    channel: Option<u64>,
    #[serde(default)]
    picture: Picture,
    #[serde(default)]
    components_only: bool,
    #[serde(default)]
    notice: Option<u32>,
    #[serde(default)]
    direct: bool,
    #[serde(default)]
    private_to: Option<u64>,
    #[serde(default)]
    ephemeral: bool,
    #[serde(default)]
    carried: Option<Vec<String>>,
    /// (Default: no timelapse, as in replies stored before this field existed; a bot from
    /// before it posts the text alone.) Written only when true: every other row is written
    /// as before it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    timelapse: bool,
}

impl From<StoredReply> for Reply {
    fn from(s: StoredReply) -> Reply {
        // The flags as the code that wrote them set them: a private post or a notice was also
        // a new message, held lines were never one.
        let delivery = if let Some(to) = s.private_to {
            Delivery::Private { to }
        } else if s.ephemeral {
            Delivery::Ephemeral
        } else if s.components_only {
            Delivery::ComponentsOnly
        } else if let Some(nth) = s.notice {
            Delivery::Notice { nth, direct: s.direct }
        } else if let Some(lines) = s.carried {
            Delivery::Carried { lines }
        } else if s.new_message {
            Delivery::New
        } else {
            Delivery::InPlace
        };
        Reply {
            text: s.text,
            images: Vec::new(),
            buttons: s.buttons,
            menu: s.menu,
            mention: s.mention,
            more_mentions: s.more_mentions,
            game: s.game,
            show_board: s.show_board,
            picture: s.picture,
            timelapse: s.timelapse,
            delivery,
            channel: s.channel,
            private: Vec::new(),
            known: Known::default(),
        }
    }
}

impl From<Reply> for StoredReply {
    fn from(r: Reply) -> StoredReply {
        let new_message = r.delivery.is_new_message();
        let (mut components_only, mut notice, mut direct, mut private_to, mut ephemeral, mut carried) =
            (false, None, false, None, false, None);
        match r.delivery {
            Delivery::InPlace | Delivery::New => {}
            Delivery::ComponentsOnly => components_only = true,
            Delivery::Ephemeral => ephemeral = true,
            Delivery::Private { to } => private_to = Some(to),
            Delivery::Notice { nth, direct: by_dm } => (notice, direct) = (Some(nth), by_dm),
            Delivery::Carried { lines } => carried = Some(lines),
        }
        StoredReply {
            text: r.text,
            buttons: r.buttons,
            menu: r.menu,
            mention: r.mention,
            more_mentions: r.more_mentions,
            game: r.game,
            show_board: r.show_board,
            new_message,
            channel: r.channel,
            picture: r.picture,
            components_only,
            notice,
            direct,
            private_to,
            ephemeral,
            carried,
            timelapse: r.timelapse,
        }
    }
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
    /// A frame of a timelapse: the whole board as it stands, without what only the player to
    /// act needs (lettered spots, zones, numbered figures to take back), which would flicker
    /// from frame to frame.
    Frame,
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
/// A message's lead line (the prompt, who plays next), then what happened, if anything: a
/// step that said nothing leaves no empty line under the lead.
pub fn led_by(lead: &str, body: &str) -> String {
    if body.is_empty() { lead.to_string() } else { format!("{lead}\n{body}") }
}

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
    /// A finished game's Rematch: a lobby with the same game and options (`service::rematch`).
    Rematch,
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
            Command::Rematch => "rematch".into(),
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
            "rematch" => Command::Rematch,
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

/// Where a change was asked for. A tap on one of the game's messages makes that message the
/// game's newest in the change's own transaction when the change shows on it (see
/// `Service::tap`); anything else has no message to show on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Origin {
    /// Not on a message of the game's: a slash command, a click on a message only the clicker
    /// sees, the scheduler.
    #[default]
    Typed,
    /// A tap on the game's message `message`, on a component made for `version`.
    Clicked { message: u64, version: i64 },
}

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
            Command::Rematch,
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

    /// The outbox's JSON of every delivery, as the bot wrote it before `Delivery` was one type
    /// (every field, in the old struct's order): each reads as its delivery, and is written
    /// back byte for byte, so old rows deliver the same and an older bot reads new rows.
    #[test]
    fn every_stored_shape_reads_as_its_delivery_and_is_written_as_before() {
        fn stored(
            new_message: bool,
            components_only: bool,
            notice: &str,
            direct: bool,
            private_to: &str,
            ephemeral: bool,
            carried: &str,
        ) -> String {
            format!(
                r#"{{"text":"Ana placed K2.","buttons":[[{{"id":"ss:4:9:e","label":"End turn","style":"Secondary"}}]],"menu":null,"mention":1001,"more_mentions":[1002],"game":[4,9],"show_board":true,"new_message":{new_message},"channel":null,"picture":"Turn","components_only":{components_only},"notice":{notice},"direct":{direct},"private_to":{private_to},"ephemeral":{ephemeral},"carried":{carried}}}"#
            )
        }
        let shapes = [
            (stored(false, false, "null", false, "null", false, "null"), Delivery::InPlace),
            (stored(true, false, "null", false, "null", false, "null"), Delivery::New),
            (stored(false, true, "null", false, "null", false, "null"), Delivery::ComponentsOnly),
            (stored(false, false, "null", false, "null", true, "null"), Delivery::Ephemeral),
            (stored(true, false, "null", false, "1002", false, "null"), Delivery::Private { to: 1002 }),
            (stored(true, false, "1", false, "null", false, "null"), Delivery::Notice { nth: 1, direct: false }),
            (stored(true, false, "2", true, "null", false, "null"), Delivery::Notice { nth: 2, direct: true }),
            (
                stored(false, false, "null", false, "null", false, r#"["Ana placed K2.","Ana ended her turn."]"#),
                Delivery::Carried { lines: vec!["Ana placed K2.".into(), "Ana ended her turn.".into()] },
            ),
        ];
        for (json, delivery) in shapes {
            let reply: Reply = serde_json::from_str(&json).expect("an old row reads");
            assert_eq!(reply.delivery, delivery, "{json}");
            assert_eq!((reply.text.as_str(), reply.mention, reply.more_mentions.as_slice()), ("Ana placed K2.", Some(1001), &[1002][..]));
            assert_eq!((reply.game, reply.show_board, reply.buttons[0][0].id.as_str()), (Some((4, 9)), true, "ss:4:9:e"));
            assert_eq!(serde_json::to_string(&reply).unwrap(), json, "written as before");
        }
        // The message after a game's end that carries its timelapse.
        let notice = stored(true, false, "1", false, "null", false, "null");
        let timelapse = format!(r#"{},"timelapse":true}}"#, notice.strip_suffix('}').expect("an object"));
        let reply: Reply = serde_json::from_str(&timelapse).expect("it reads");
        assert!(reply.timelapse && reply.delivery == (Delivery::Notice { nth: 1, direct: false }), "{timelapse}");
        assert_eq!(serde_json::to_string(&reply).unwrap(), timelapse, "written as read");
        // Rows of earlier generations, without the fields added since (tests/data/golden).
        let before_pictures = r#"{"text":"P1.2 joined.","buttons":[],"menu":null,"mention":null,"game":[1,3],"show_board":false,"new_message":false,"channel":null}"#;
        let before_privacy = r#"{"text":"P1.2 joined.","buttons":[],"menu":null,"mention":7,"more_mentions":[],"game":[1,3],"show_board":false,"new_message":true,"channel":null,"picture":"Turn","components_only":false,"notice":null,"direct":false}"#;
        let before_carried = r#"{"text":"P1.2 joined.","buttons":[],"menu":null,"mention":null,"more_mentions":[],"game":[1,3],"show_board":false,"new_message":false,"channel":null,"picture":"Turn","components_only":false,"notice":null,"direct":false,"private_to":null,"ephemeral":false}"#;
        for (json, delivery) in [(before_pictures, Delivery::InPlace), (before_privacy, Delivery::New), (before_carried, Delivery::InPlace)]
        {
            let reply: Reply = serde_json::from_str(json).expect("an old row reads");
            assert_eq!((reply.delivery, reply.picture, reply.text.as_str()), (delivery, Picture::Turn, "P1.2 joined."), "{json}");
        }
    }

    /// Only a message of its own notifies: an edit, a view or a private answer pings nobody.
    #[test]
    fn only_new_messages_notify() {
        let new = [Delivery::New, Delivery::Private { to: 1 }, Delivery::Notice { nth: 1, direct: true }];
        let not = [Delivery::InPlace, Delivery::ComponentsOnly, Delivery::Ephemeral, Delivery::Carried { lines: Vec::new() }];
        assert!(new.iter().all(Delivery::is_new_message) && !not.iter().any(Delivery::is_new_message));
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
