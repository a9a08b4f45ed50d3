//! What the web view shows of a game: exactly what its channel is shown, and nothing else. The
//! game's own public functions write it (`/status`, the `/board` caption, the narration of each
//! step, the `/board` picture), in the game's language; this file only frames them. Everything
//! here is a pure function of the game's public state, so two games that differ only in hidden
//! parts give the same bytes (`tests.rs` checks it the way the channel's secrecy is checked).

use crate::common::Table;
use crate::games::State;
use crate::tr;
use serde::Serialize;

/// A game's page at a version: what the page shows first, and the data of each live update
/// (sent as JSON: the page's script puts each field in its place).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct Snapshot {
    /// The game's version: buttons in the channel carry it too.
    pub version: i64,
    /// Whether its lobby started (a lobby has no board).
    pub started: bool,
    /// Logged steps so far: the history runs from 0 (the start) to this.
    pub steps: usize,
    pub title: String,
    /// The `/board` caption: whose turn, what they do.
    pub caption: String,
    /// `/status` as HTML: the standings, the ships on display or the public counts.
    pub status: String,
    /// The last step: its label and narration (HTML).
    pub step: StepView,
    /// The words of the page, in its language.
    pub lang: &'static str,
}

/// One step of the history: its picture and what the channel was told of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct StepView {
    pub step: usize,
    pub steps: usize,
    /// "Step 4 of 12".
    pub label: String,
    /// Its narration, as HTML.
    pub text: String,
    /// Its picture, relative to the page (`board/4?v=17`).
    pub board: String,
}

impl Snapshot {
    /// The page of a game whose lobby has not started: nothing to draw yet.
    pub(crate) fn lobby(table: &Table) -> Snapshot {
        let lang = table.record.language;
        Snapshot {
            version: table.record.version,
            started: false,
            steps: 0,
            title: title(table),
            caption: tr!(lang, "web-not-started"),
            status: String::new(),
            step: StepView { step: 0, steps: 0, label: String::new(), text: String::new(), board: String::new() },
            lang: lang.code(),
        }
    }

    /// A started game's page: `story` is its narration step by step (`State::story`).
    pub(crate) fn of(state: &State, table: &Table, story: &[Vec<String>]) -> Snapshot {
        let lang = table.record.language;
        let steps = story.len();
        Snapshot {
            version: table.record.version,
            started: true,
            steps,
            title: title(table),
            caption: discord_html(&state.board_caption(table, lang)),
            status: discord_html(&state.status(table, lang)),
            step: step_view(table, story, steps),
            lang: lang.code(),
        }
    }

    /// The snapshot as a live update's data (JSON on one line).
    pub(crate) fn json(&self) -> String {
        serde_json::to_string(self).expect("a snapshot serialises")
    }
}

/// The game's name and number, in its language.
pub(crate) fn title(table: &Table) -> String {
    let lang = table.record.language;
    tr!(lang, "web-title", game = tr!(lang, &table.record.kind.title_key()), id = table.record.id)
}

/// Step `step` of the history (0: the start), as the page shows it.
pub(crate) fn step_view(table: &Table, story: &[Vec<String>], step: usize) -> StepView {
    let lang = table.record.language;
    let steps = story.len();
    let step = step.min(steps);
    let (label, text) = if step == 0 {
        (tr!(lang, "web-step-start", steps = steps), String::new())
    } else {
        let lines = &story[step - 1];
        let text = if lines.is_empty() { tr!(lang, "web-step-none") } else { lines.join("\n") };
        (tr!(lang, "web-step", step = step, steps = steps), discord_html(&text))
    };
    StepView { step, steps, label, text, board: format!("board/{step}?v={}", table.record.version) }
}

/// Discord's markdown as HTML: everything escaped, then the few marks the bot's texts use
/// (`**bold**`, `__underline__`, `*italic*`, `~~struck~~`, `` `code` ``, and a backslash before
/// a character that would be a mark). Lines stay lines (the page keeps them with `pre-line`).
pub(crate) fn discord_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let chars: Vec<char> = text.chars().collect();
    let mut open: Vec<&'static str> = Vec::new();
    let mut i = 0;
    let toggle = |open: &mut Vec<&'static str>, out: &mut String, tag: &'static str| {
        if open.last() == Some(&tag) {
            open.pop();
            out.push_str(&format!("</{tag}>"));
        } else {
            open.push(tag);
            out.push_str(&format!("<{tag}>"));
        }
    };
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        match (c, next) {
            ('\\', Some(n)) if n.is_ascii_punctuation() => {
                escape_into(&mut out, n);
                i += 2;
            }
            ('*', Some('*')) => {
                toggle(&mut open, &mut out, "b");
                i += 2;
            }
            ('_', Some('_')) => {
                toggle(&mut open, &mut out, "u");
                i += 2;
            }
            ('~', Some('~')) => {
                toggle(&mut open, &mut out, "s");
                i += 2;
            }
            ('`', _) => {
                toggle(&mut open, &mut out, "code");
                i += 1;
            }
            ('*', _) if open.last() == Some(&"i") || next.is_some_and(|n| !n.is_whitespace()) && has_closing(&chars[i + 1..]) => {
                toggle(&mut open, &mut out, "i");
                i += 1;
            }
            _ => {
                escape_into(&mut out, c);
                i += 1;
            }
        }
    }
    // A mark left open (a lone `**`) is closed, so the page's markup stays whole.
    while let Some(tag) = open.pop() {
        out.push_str(&format!("</{tag}>"));
    }
    out
}

/// Whether a single `*` closes what one opens, on the same line.
fn has_closing(rest: &[char]) -> bool {
    rest.iter().take_while(|&&c| c != '\n').any(|&c| c == '*')
}

fn escape_into(out: &mut String, c: char) {
    match c {
        '&' => out.push_str("&amp;"),
        '<' => out.push_str("&lt;"),
        '>' => out.push_str("&gt;"),
        '"' => out.push_str("&quot;"),
        '\'' => out.push_str("&#39;"),
        c => out.push(c),
    }
}

#[cfg(test)]
mod tests {
    use super::discord_html;

    #[test]
    fn discord_marks_become_html_and_everything_else_is_escaped() {
        assert_eq!(discord_html("**Ana** placed <tile> & went"), "<b>Ana</b> placed &lt;tile&gt; &amp; went");
        assert_eq!(discord_html("a\\_b\\*c"), "a_b*c", "a name's escaped marks are its own letters");
        assert_eq!(discord_html("__u__ ~~s~~ `c` *i*"), "<u>u</u> <s>s</s> <code>c</code> <i>i</i>");
        assert_eq!(discord_html("**open"), "<b>open</b>", "an open mark is closed");
        assert_eq!(discord_html("2 * 3 = 6"), "2 * 3 = 6");
        assert_eq!(discord_html("\"q\" 'a'"), "&quot;q&quot; &#39;a&#39;");
    }
}
