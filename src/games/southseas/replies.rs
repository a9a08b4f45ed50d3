//! What the service says about a South Seas game: the turn message with the next player's
//! choices (buttons, or a menu when there are too many), `/status`, `/board`'s caption,
//! `/history`, a stale click's answer and the lobby's rules line.

use super::text::{self, Names};
use super::turns::{Played, setup_of};
use crate::service::reply::{self, Button, Command, ComponentId, Menu, MenuOption, Reply, Style};
use crate::service::{Result, Table, internal};
use crate::store::{GameId, GameRecord};
use southseas_engine::{Action, Game, Phase, record};

/// The seated players' names, by seat.
pub(crate) fn names(table: &Table) -> Names {
    Names(table.seats.iter().map(|s| s.name.clone()).collect())
}

/// The message after a step: what happened, the board, and the next player's choices.
pub(crate) fn turn_reply(table: &Table, version: i64, game: &Game, lines: Vec<String>) -> Reply {
    turn_reply_after(table, version, game, lines, None)
}

/// A turn message whose hand-over line starts with why the last turn ended (`ended`, e.g. "Ana
/// can't pay any ship on display."), so the reason and the next player share one line.
pub(crate) fn turn_reply_after(table: &Table, version: i64, game: &Game, mut lines: Vec<String>, ended: Option<String>) -> Reply {
    let names = names(table);
    let id = table.record.id;
    let mut reply = Reply { game: Some((id, version)), ..Reply::default() };
    if let Some(seat) = game.to_act() {
        reply.mention = table.user_at(seat);
        lines.push(text::standings(game, &names));
        let prompt = text::prompt(game, &names);
        lines.push(match ended {
            Some(why) => format!("{why} {prompt}"),
            None => prompt,
        });
    } else if let Some(why) = ended {
        lines.push(why);
    }
    if game.is_over() {
        // The end is news for everyone at the table: a new message that pings every player.
        reply.more_mentions = table.seats.iter().map(|s| s.user_id).collect();
    }
    if game.to_act().is_some() {
        let (buttons, menu) = choices(game, id, version);
        reply.buttons = buttons;
        reply.menu = menu;
    }
    reply.text = fit_lines(&lines, 2000);
    reply.show_board = true;
    reply
}

/// Buttons (and a menu when there are too many options) for the next step.
fn choices(game: &Game, id: GameId, version: i64) -> (Vec<Vec<Button>>, Option<Menu>) {
    let button = |command: Command, label: String, style: Style| Button { id: ComponentId::button(id, version, command), label, style };
    let mut actions = game.legal_actions();
    let mut rows: Vec<Vec<Button>> = Vec::new();
    let mut menu = None;
    match game.phase() {
        Phase::PlaceTile => {
            // The spots as a menu: "A (1, 0) 90°". More than 25? Then `/place` (autocomplete).
            let options: Vec<MenuOption> = game
                .placement_spots()
                .iter()
                .flat_map(|s| {
                    s.rotations.iter().map(move |&r| MenuOption {
                        value: Command::Act(Action::PlaceTile { pos: s.pos, rotation: r }).code(),
                        label: format!("{} · {} · {}°", s.label, text::coords(s.pos), r.degrees()),
                        description: None,
                    })
                })
                .collect();
            if options.len() <= reply::MAX_MENU_OPTIONS {
                menu = Some(Menu { id: ComponentId::menu(id, version), placeholder: "Place the tile: spot and rotation".into(), options });
            }
            rows.push(vec![button(Command::Board, "Show board".into(), Style::Secondary)]);
            return (rows, menu);
        }
        Phase::Payment { .. } => {
            let options: Vec<MenuOption> = actions
                .iter()
                .map(|a| MenuOption { value: Command::Act(*a).code(), label: text::action_label(game, a), description: None })
                .collect();
            menu = Some(Menu {
                id: ComponentId::menu(id, version),
                placeholder: "Choose your payment".into(),
                options: options.into_iter().take(25).collect(),
            });
            rows.push(vec![button(Command::Undo, "Undo".into(), Style::Secondary)]);
            return (rows, menu);
        }
        _ => {}
    }
    // Turn actions as buttons, five per row; the last row holds the closing choice and Undo.
    let closing = actions.iter().position(|a| matches!(a, Action::SkipIslander | Action::EndTurn)).map(|i| actions.remove(i));
    let main_rows = reply::MAX_BUTTON_ROWS - 1;
    if actions.len() > main_rows * 5 {
        let options = actions
            .iter()
            .take(reply::MAX_MENU_OPTIONS)
            .map(|a| MenuOption { value: Command::Act(*a).code(), label: text::action_label(game, a), description: None })
            .collect();
        menu = Some(Menu { id: ComponentId::menu(id, version), placeholder: "Choose".into(), options });
    } else {
        for chunk in actions.chunks(5) {
            rows.push(chunk.iter().map(|a| button(Command::Act(*a), text::action_label(game, a), Style::Primary)).collect());
        }
    }
    let mut last = Vec::new();
    if let Some(a) = closing {
        last.push(button(Command::Act(a), text::action_label(game, &a), Style::Secondary));
    }
    if !matches!(game.phase(), Phase::MarketShip { .. }) {
        last.push(button(Command::Undo, "Undo".into(), Style::Secondary));
    }
    rows.push(last);
    (rows, menu)
}

/// Joins lines, dropping the oldest ones (but never the last, the prompt) to fit `max`.
fn fit_lines(lines: &[String], max: usize) -> String {
    let mut out: Vec<&str> = Vec::new();
    let mut len = 0;
    for line in lines.iter().rev() {
        if len + line.len() + 1 > max && !out.is_empty() {
            out.push("…");
            break;
        }
        len += line.len() + 1;
        out.push(line);
    }
    out.reverse();
    text::truncate(&out.join("\n"), max)
}

/// A stale click's answer: who acted first (and their step), and what the game waits for.
pub(crate) fn moved_on(played: &Played, table: &Table) -> String {
    let names = names(table);
    let by = played.log.last().and_then(|a| table.seat_of(a.user_id)).map(|s| names.of(s));
    let what = match by {
        Some(who) => match played.log.last() {
            Some(last) => format!("{who} acted first ({}).", text::step_in_words(&played.game, &last.action)),
            None => format!("{who} acted first."),
        },
        None => "the game moved on.".into(),
    };
    format!("{what}\n{}", text::prompt(&played.game, &names))
}

/// `/status`: scores, supplies and ships, then what the game waits for.
pub(crate) fn status(played: &Played, table: &Table) -> String {
    let names = names(table);
    let text = format!("{}\n{}", text::status(&played.game, &names), text::prompt(&played.game, &names));
    text::truncate(text.trim_end(), 2000)
}

/// The text above `/board`'s picture.
pub(crate) fn board_caption(played: &Played, table: &Table) -> String {
    format!("Board at turn {}. {}", played.game.turn(), text::prompt(&played.game, &names(table)))
}

/// The narration of the last `n` logged steps, replayed to recover each one's events.
pub(crate) fn history(played: &Played, table: &Table, n: usize) -> Result<Vec<String>> {
    let names = names(table);
    let mut game = Game::from_setup(setup_of(table)?).map_err(|e| internal(e.to_string()))?;
    let mut lines = Vec::new();
    let first = played.log.len().saturating_sub(n);
    for (i, rec) in played.log.iter().enumerate() {
        let events = game.apply(&rec.action).map_err(|e| internal(e.to_string()))?;
        if i >= first {
            lines.extend(text::narrate(&game, &names, &events).into_iter().filter(|l| !l.starts_with("New ship")));
        }
    }
    Ok(lines)
}

/// The lobby's line about the options: the retrieve rule.
pub(crate) fn lobby_rules(record: &GameRecord) -> String {
    format!("Retrieve rule: {}", record::decode_options(&record.options).map_or("?", |o| o.retrieve.name()))
}
