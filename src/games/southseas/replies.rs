//! What the service says about a South Seas game: the turn message with the next player's
//! choices (buttons, or a menu when there are too many), `/status`, `/board`'s caption,
//! `/history`, a stale click's answer and the lobby's rules line.

use super::codes::Code;
use super::text::{self, Names};
use crate::common::reply::{self, Button, Command, ComponentId, Menu, MenuOption, Reply, Style, led_by};
use crate::common::{COMPUTER_USER, Result, Table, internal};
use crate::games::contract::Logged;
use crate::i18n::Locale;
use crate::store::{GameId, GameRecord};
use crate::tr;
use southseas_engine::{Action, Game, Phase, Pos, record};

/// The seated players' names, by seat.
pub(crate) fn names(table: &Table) -> Names {
    Names(table.seats.iter().map(|s| s.name.clone()).collect())
}

/// The first seat in turn order that a person plays: where a round's standings are said.
fn first_person_of_round(game: &Game, table: &Table) -> Option<usize> {
    text::turn_order(game).into_iter().find(|&seat| table.computer_at(seat).is_none())
}

/// The message after a step: what happened, the board, and the next player's choices.
pub(crate) fn turn_reply(table: &Table, version: i64, game: &Game, mut lines: Vec<String>) -> Reply {
    let (names, l) = (names(table), table.record.language);
    let id = table.record.id;
    let mut reply = Reply { game: Some((id, version)), ..Reply::default() };
    // The computer plays this seat: it moves right after this message, and nobody is asked.
    let computer = game.to_act().filter(|&seat| table.computer_at(seat).is_some());
    // The prompt leads: a phone's notification shows a message's first words, so a hand-over
    // starts with the ping and the step ("➡️ @Ana, your turn: place tile K2 …"); what
    // happened and the standings follow.
    let mut lead = None;
    if let Some(seat) = game.to_act() {
        reply.mention = table.person_at(seat);
        // The standings once a round, where the round's first person is asked to place a
        // tile, not on every turn: the picture's panel shows each player's points on every
        // turn, and a step that scores says so in its own line.
        if game.phase() == Phase::PlaceTile && computer.is_none() && first_person_of_round(game, table) == Some(seat) {
            lines.push(text::standings(game, &names, l));
        }
        lead = Some(match (computer, reply.mention) {
            (Some(_), _) => tr!(l, "ss-computer-next", who = names.of(seat)),
            (None, Some(user)) => text::prompt_to(game, &format!("<@{user}>"), l),
            (None, None) => text::prompt(game, &names, l),
        });
    }
    if game.is_over() {
        // The end is news for everyone at the table: a new message that pings every person,
        // and it leads with who won (a phone's notification shows the first words).
        lead = text::winner_line(game, &names, l);
        reply.more_mentions = table.people().map(|s| s.user_id).collect();
        // Last, so that it is never cut: the deal's seed and salt, for anyone to check.
        lines.push(crate::common::deal::reveal_line(&table.record, l));
    }
    if game.to_act().is_some() && computer.is_none() {
        let (buttons, menu) = choices(game, id, version, l);
        reply.buttons = buttons;
        reply.menu = menu;
    }
    // Room is left for what the service adds (the deadline) and the mentions.
    reply.text = match lead {
        Some(lead) => led_by(&lead, &fit_lines(&lines, TURN_TEXT_CHARS.saturating_sub(lead.len() + 1))),
        None => fit_lines(&lines, TURN_TEXT_CHARS),
    };
    reply.show_board = true;
    reply
}

/// A turn message's text at most: the rest of a message's 2,000 characters is kept for the
/// deadline line and the mentions.
const TURN_TEXT_CHARS: usize = 1800;

/// Buttons (and a menu when there are too many options) for the next step, in `l`.
fn choices(game: &Game, id: GameId, version: i64, l: Locale) -> (Vec<Vec<Button>>, Option<Menu>) {
    let button = |command: Command, label: String, style: Style| Button { id: ComponentId::button(id, version, command), label, style };
    let mut actions = game.legal_actions();
    let mut rows: Vec<Vec<Button>> = Vec::new();
    let mut menu = None;
    match game.phase() {
        Phase::PlaceTile => {
            // Every way to place the tile in one menu ("A · 90°": the spot's letter on the
            // picture, no coordinates) when they fit in
            // one; else the spots, and the turns that fit at the chosen spot as buttons.
            let ways: usize = game.placement_spots().iter().map(|s| s.rotations.len()).sum();
            if ways <= reply::MAX_MENU_OPTIONS {
                let options: Vec<MenuOption> = game
                    .placement_spots()
                    .iter()
                    .flat_map(|s| {
                        s.rotations.iter().map(move |&r| MenuOption {
                            value: Code::Act(Action::PlaceTile { pos: s.pos, rotation: r }).code(),
                            label: format!("{} · {}°", s.label, r.degrees()),
                            description: None,
                        })
                    })
                    .collect();
                menu = Some(Menu { id: ComponentId::menu(id, version), placeholder: tr!(l, "ss-place-menu"), options });
            } else {
                menu = Some(spot_menu(game, id, version, 1, l));
            }
            rows.push(vec![button(Command::Board, tr!(l, "ss-show-board"), Style::Secondary)]);
            return (rows, menu);
        }
        Phase::Payment { .. } => {
            menu = Some(payment_menu(game, id, version, 1, l));
            rows.push(vec![button(Command::Undo, tr!(l, "ss-undo"), Style::Secondary)]);
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
            .map(|a| MenuOption { value: Code::Act(*a).code(), label: text::action_label(game, a, l), description: None })
            .collect();
        menu = Some(Menu { id: ComponentId::menu(id, version), placeholder: tr!(l, "ss-choose"), options });
    } else {
        for chunk in actions.chunks(5) {
            rows.push(chunk.iter().map(|a| button(Code::Act(*a).into(), text::action_label(game, a, l), Style::Primary)).collect());
        }
    }
    let mut last = Vec::new();
    if let Some(a) = closing {
        last.push(button(Code::Act(a).into(), text::action_label(game, &a, l), Style::Secondary));
    }
    if !matches!(game.phase(), Phase::MarketShip { .. }) {
        last.push(button(Command::Undo, tr!(l, "ss-undo"), Style::Secondary));
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

/// A stale click's answer, in `l`: who acted first (and their step), and what the game waits
/// for.
pub(crate) fn moved_on(game: &Game, log: &[Logged<Action>], table: &Table, reader: Option<usize>, l: Locale) -> String {
    let names = names(table);
    let last = log.last();
    let step = |a: &Logged<Action>| text::step_in_words(game, &a.action, l);
    let what = match last.map(|a| (a, table.seat_of(a.user_id))) {
        // Their own step, taken since (a second tap, or a typed step beside a tap).
        Some((a, Some(seat))) if Some(seat) == reader => tr!(l, "ss-moved-you", step = step(a)),
        Some((a, Some(seat))) => tr!(l, "ss-moved-first-step", who = names.of(seat), step = step(a)),
        // A step the computer took for a person (away, or out of time).
        Some((a, None)) if a.user_id == COMPUTER_USER => tr!(l, "ss-moved-first-step", who = tr!(l, "ss-moved-computer"), step = step(a)),
        _ => tr!(l, "ss-moved-on"),
    };
    format!("{what}\n{}", text::prompt(game, &names, l))
}

/// `/status`, in `l`: scores, supplies and ships, then what the game waits for.
pub(crate) fn status(game: &Game, table: &Table, l: Locale) -> String {
    let names = names(table);
    let text = format!("{}\n{}", text::status(game, &names, l), text::prompt(game, &names, l));
    text::truncate(text.trim_end(), 2000)
}

/// The text above `/board`'s picture, in `l`.
pub(crate) fn board_caption(game: &Game, table: &Table, l: Locale) -> String {
    tr!(l, "ss-board-caption", turn = game.turn(), prompt = text::prompt(game, &names(table), l))
}

/// The narration of each logged step, replayed from the game's first state `start` to recover
/// each one's events, in `l`: one entry per step, its lines.
pub(crate) fn story(start: Game, log: &[Logged<Action>], table: &Table, l: Locale) -> Result<Vec<Vec<String>>> {
    let names = names(table);
    let mut game = start;
    let mut story = Vec::with_capacity(log.len());
    for rec in log {
        let events = game.apply(&rec.action).map_err(|e| internal(e.to_string()))?;
        story.push(text::narrate_lines(&game, &names, &events, l, false));
    }
    Ok(story)
}

/// The lobby's line about the options: the retrieve rule, in `l`.
pub(crate) fn lobby_rules(record: &GameRecord, l: Locale) -> String {
    let rule = record::decode_options(&record.options).map_or("?", |o| o.retrieve.name());
    tr!(l, "southseas-lobby-rules", rule = rule)
}

/// The ways to pay the chosen ship, as a menu: page `page` (from 1) of them when there are more
/// than one menu holds, the last option leading on to the next page. No payment is left out.
pub(crate) fn payment_menu(game: &Game, id: GameId, version: i64, page: u8, l: Locale) -> Menu {
    let payments: Vec<Action> = game.legal_actions();
    let Paged { shown, page, pages, paged } = paged(&payments, page);
    let mut options: Vec<MenuOption> = shown
        .iter()
        .map(|a| MenuOption { value: Code::Act(*a).code(), label: text::action_label(game, a, l), description: None })
        .collect();
    if paged {
        let next = page % pages + 1;
        let label = if next == 1 { tr!(l, "ss-pay-first") } else { tr!(l, "ss-pay-more", next = next, pages = pages) };
        options.push(MenuOption { value: Code::Payments(next as u8).code(), label, description: None });
    }
    let placeholder = if paged { tr!(l, "ss-pay-menu-page", page = page, pages = pages) } else { tr!(l, "ss-pay-menu") };
    Menu { id: ComponentId::menu(id, version), placeholder, options }
}

/// Choices per page of a menu whose choices do not fit in one: the last option of a page leads
/// on to the next.
const PER_PAGE: usize = reply::MAX_MENU_OPTIONS - 1;

/// One page of a menu's choices.
struct Paged<'a, T> {
    shown: &'a [T],
    /// From 1.
    page: usize,
    pages: usize,
    /// More than one menu holds: the pages lead on to each other.
    paged: bool,
}

/// Page `page` (from 1, kept in range) of `items`: all of them when they fit in one menu.
fn paged<T>(items: &[T], page: u8) -> Paged<'_, T> {
    if items.len() <= reply::MAX_MENU_OPTIONS {
        return Paged { shown: items, page: 1, pages: 1, paged: false };
    }
    let pages = items.len().div_ceil(PER_PAGE);
    let page = (page.max(1) as usize).min(pages);
    Paged { shown: &items[(page - 1) * PER_PAGE..(page * PER_PAGE).min(items.len())], page, pages, paged: true }
}

/// The spots where the drawn tile fits, as a menu, page `page` (from 1) when there are more
/// than one menu holds. A spot where one turn fits places the tile at once; otherwise it
/// shows the turns that fit there ([`spot_view`]). No spot is ever left out.
pub(crate) fn spot_menu(game: &Game, id: GameId, version: i64, page: u8, l: Locale) -> Menu {
    let spots = game.placement_spots();
    let Paged { shown, page, pages, paged } = paged(&spots, page);
    let mut options: Vec<MenuOption> = shown
        .iter()
        .map(|s| match s.rotations.as_slice() {
            [only] => MenuOption {
                value: Code::Act(Action::PlaceTile { pos: s.pos, rotation: *only }).code(),
                label: tr!(l, "ss-spot-one-turn", spot = s.label.as_str(), deg = only.degrees()),
                description: None,
            },
            turns => MenuOption {
                value: Code::Spot(s.pos).code(),
                label: tr!(l, "ss-spot-turns", spot = s.label.as_str(), n = turns.len()),
                description: None,
            },
        })
        .collect();
    if paged {
        let next = page % pages + 1;
        let label = if next == 1 { tr!(l, "ss-spots-first") } else { tr!(l, "ss-spots-more", next = next, pages = pages) };
        options.push(MenuOption { value: Code::Spots(next as u8).code(), label, description: None });
    }
    let placeholder = if paged { tr!(l, "ss-spots-menu-page", page = page, pages = pages) } else { tr!(l, "ss-spots-menu") };
    Menu { id: ComponentId::menu(id, version), placeholder, options }
}

/// The turns of the drawn tile that fit at `pos`, as buttons, with a way back to the spots.
/// `None` when the tile fits nowhere there.
pub(crate) fn spot_view(game: &Game, id: GameId, version: i64, pos: Pos, l: Locale) -> Option<Vec<Vec<Button>>> {
    let spots = game.placement_spots();
    let index = spots.iter().position(|s| s.pos == pos)?;
    let spot = &spots[index];
    let button = |command: Command, label: String, style: Style| Button { id: ComponentId::button(id, version, command), label, style };
    let turns: Vec<Button> = spot
        .rotations
        .iter()
        .map(|&r| {
            button(Code::Act(Action::PlaceTile { pos, rotation: r }).into(), format!("{} · {}°", spot.label, r.degrees()), Style::Primary)
        })
        .collect();
    let page = if spots.len() > reply::MAX_MENU_OPTIONS { index / PER_PAGE + 1 } else { 1 };
    Some(vec![
        turns,
        vec![
            button(Code::Spots(page as u8).into(), tr!(l, "ss-other-spots"), Style::Secondary),
            button(Command::Board, tr!(l, "ss-show-board"), Style::Secondary),
        ],
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use southseas_engine::{Bot, Options, Strategy};

    /// Over whole games, the spot menu's pages hold at most 25 options each and, together,
    /// every spot where the drawn tile fits, each once; a spot's view offers exactly its turns.
    #[test]
    fn the_spot_menu_reaches_every_spot_and_turn() {
        let mut most_spots = 0;
        for seed in 0..12 {
            let mut game = Game::new(Options::default(), 2 + (seed % 4) as usize, seed).unwrap();
            let mut bot = Bot::new(Strategy::Random, seed);
            while let Some(action) = bot.choose(&game) {
                if game.phase() == Phase::PlaceTile {
                    let spots = game.placement_spots();
                    most_spots = most_spots.max(spots.len());
                    let mut seen = Vec::new();
                    let mut page = 1u8;
                    loop {
                        let menu = spot_menu(&game, 1, 1, page, Locale::En);
                        assert!(menu.options.len() <= reply::MAX_MENU_OPTIONS);
                        let mut next = None;
                        for o in &menu.options {
                            match Code::parse(&o.value) {
                                Some(Code::Spot(pos)) => {
                                    let view = spot_view(&game, 1, 1, pos, Locale::En).expect("the tile fits there");
                                    let spot = spots.iter().find(|s| s.pos == pos).unwrap();
                                    assert_eq!(view[0].len(), spot.rotations.len());
                                    seen.push(pos);
                                }
                                Some(Code::Act(Action::PlaceTile { pos, rotation })) => {
                                    assert!(game.is_legal_placement(pos, rotation));
                                    seen.push(pos);
                                }
                                Some(Code::Spots(p)) => next = Some(p),
                                other => panic!("{other:?}"),
                            }
                        }
                        match next {
                            Some(p) if p != 1 => page = p,
                            _ => break,
                        }
                    }
                    let mut all: Vec<Pos> = spots.iter().map(|s| s.pos).collect();
                    all.sort_by_key(|p| (p.x, p.y));
                    seen.sort_by_key(|p| (p.x, p.y));
                    assert_eq!(seen, all, "seed {seed}, turn {}", game.turn());
                }
                game.apply(&action).unwrap();
            }
        }
        assert!(most_spots > reply::MAX_MENU_OPTIONS, "the games met a tile with more spots than one menu holds ({most_spots})");
    }

    /// Every way to pay is on some page of the payment menu, each page within Discord's 25.
    #[test]
    fn the_payment_menu_reaches_every_payment() {
        let mut most = 0;
        for seed in 0..60 {
            let mut game = Game::new(Options::default(), 2, seed).unwrap();
            let mut bots = [Bot::new(Strategy::Greedy, seed), Bot::new(Strategy::Greedy, seed + 1)];
            while let Some(seat) = game.to_act() {
                if matches!(game.phase(), Phase::Payment { .. }) {
                    let legal = game.legal_actions();
                    most = most.max(legal.len());
                    let mut seen = Vec::new();
                    let mut page = 1u8;
                    loop {
                        let menu = payment_menu(&game, 1, 1, page, Locale::En);
                        assert!(menu.options.len() <= reply::MAX_MENU_OPTIONS);
                        let mut next = None;
                        for o in &menu.options {
                            match Code::parse(&o.value) {
                                Some(Code::Act(a)) => seen.push(a),
                                Some(Code::Payments(p)) => next = Some(p),
                                other => panic!("{other:?}"),
                            }
                        }
                        match next {
                            Some(p) if p != 1 => page = p,
                            _ => break,
                        }
                    }
                    assert_eq!(seen, legal, "seed {seed}: every payment, once, in order");
                }
                let action = bots[seat].choose(&game).unwrap();
                game.apply(&action).unwrap();
            }
        }
        assert!(most > 1, "payments were chosen ({most} ways at most)");
    }

    /// Whether `label` holds board coordinates like "(-1, -2)".
    fn has_coordinates(label: &str) -> bool {
        let number = |s: &str| -> Option<usize> {
            let digits = s.strip_prefix('-').unwrap_or(s);
            let n = digits.chars().take_while(char::is_ascii_digit).count();
            (n > 0).then(|| n + s.len() - digits.len())
        };
        label.match_indices('(').any(|(i, _)| {
            let rest = &label[i + 1..];
            let Some(a) = number(rest) else { return false };
            let Some(rest) = rest[a..].strip_prefix(',') else { return false };
            let rest = rest.trim_start();
            number(rest).is_some_and(|b| rest[b..].starts_with(')'))
        })
    }

    #[test]
    fn coordinates_are_recognised() {
        assert!(has_coordinates("Take back fisherman at (-1, -2)"));
        assert!(has_coordinates("A · (1, 0) · 90°"));
        assert!(has_coordinates("(10,-3)"));
        assert!(!has_coordinates("A · 90° (the one turn that fits)"));
        assert!(!has_coordinates("5 · Take back the fisherman on the east sea (3 fish)"));
    }

    /// Every label of every component a step shows (its buttons and menu, the spot menu's
    /// pages and each spot's turns, the payment menu's pages), over whole games under both
    /// retrieve rules and in both languages: no coordinates, within Discord's limits (80
    /// characters a label, 25 options a menu, 5 × 5 buttons), and every legal choice reachable.
    /// A figure to take back is named by its number on the picture.
    #[test]
    fn no_component_label_holds_coordinates() {
        use southseas_engine::RetrieveRule;
        let (mut labels, mut retrieves) = (0, 0);
        for seed in 0..16u64 {
            let retrieve = if seed % 2 == 0 { RetrieveRule::AnyTurn } else { RetrieveRule::EmptySupply };
            let l = if seed % 3 == 0 { Locale::Fr } else { Locale::En };
            let mut game = Game::new(Options { retrieve }, 2 + (seed % 4) as usize, seed).unwrap();
            let mut bot = Bot::new(Strategy::Random, seed);
            while let Some(action) = bot.choose(&game) {
                let (rows, menu) = choices(&game, 1, 1, l);
                assert!(rows.len() <= reply::MAX_BUTTON_ROWS && rows.iter().all(|r| r.len() <= 5), "seed {seed}: {rows:?}");
                let mut shown: Vec<(String, Option<Code>)> = rows
                    .iter()
                    .flatten()
                    .map(|b| {
                        let code = ComponentId::parse(&b.id).and_then(|id| match id.command {
                            Some(Command::Game(code)) => Code::parse(&code),
                            _ => None,
                        });
                        (b.label.clone(), code)
                    })
                    .collect();
                let mut menus: Vec<Menu> = menu.into_iter().collect();
                match game.phase() {
                    Phase::PlaceTile => {
                        let pages = game.placement_spots().len().div_ceil(PER_PAGE).max(1);
                        menus.extend((1..=pages).map(|p| spot_menu(&game, 1, 1, p as u8, l)));
                        for s in game.placement_spots() {
                            let view = spot_view(&game, 1, 1, s.pos, l).expect("the tile fits there");
                            shown.extend(view.iter().flatten().map(|b| (b.label.clone(), None)));
                        }
                    }
                    Phase::Payment { .. } => {
                        let pages = game.legal_actions().len().div_ceil(PER_PAGE).max(1);
                        menus.extend((1..=pages).map(|p| payment_menu(&game, 1, 1, p as u8, l)));
                    }
                    _ => {}
                }
                for m in &menus {
                    assert!(m.options.len() <= reply::MAX_MENU_OPTIONS, "seed {seed}: {} options", m.options.len());
                    shown.extend(m.options.iter().map(|o| (o.label.clone(), Code::parse(&o.value))));
                    shown.push((m.placeholder.clone(), None));
                }
                for (label, _) in &shown {
                    assert!(!has_coordinates(label), "seed {seed}, turn {}: {label:?}", game.turn());
                    assert!(label.chars().count() <= 80, "{label:?}");
                    labels += 1;
                }
                // Outside the tile's placement (its spots' menus, checked above), every legal
                // choice is a button or an option of this message.
                if !matches!(game.phase(), Phase::PlaceTile | Phase::Payment { .. }) {
                    for a in game.legal_actions() {
                        assert!(shown.iter().any(|(_, c)| *c == Some(Code::Act(a))), "seed {seed}: {a:?} is not offered");
                    }
                }
                for (label, code) in &shown {
                    if let Some(Code::Act(a @ Action::RetrieveIslander { .. })) = code {
                        let k = crate::games::southseas::choices::islander_numbers(&game).iter().position(|n| n == a).unwrap();
                        assert!(label.starts_with(&format!("{} · ", k + 1)), "{label:?}");
                        retrieves += 1;
                    }
                }
                game.apply(&action).unwrap();
            }
        }
        assert!(retrieves > 20, "{retrieves} figures to take back were offered ({labels} labels read)");
    }
}
