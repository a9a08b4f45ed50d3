//! What the service says about a Seafarers game: the turn message with the choices of whoever
//! acts (buttons; menus of the lettered spots, paged so that no spot is ever left out), the
//! private answers (a player's hand, the builders of a discard, a gold choice and a trade
//! offer), `/status`, `/board`'s caption, `/history`, a stale click's answer, the lobby's line.

use super::codes::{Code, MenuKind, Pick};
use super::spots::Labels;
use super::text::{self, Names};
use crate::common::reply::{self, Button, Command, ComponentId, Menu, MenuOption, Reply, Style, count, truncate};
use crate::common::{Result, Table, user};
use crate::store::{GameId, GameRecord};
use seafarers_engine::{Action, Answer, DevCard, Game, Phase, Resource, Resources};

/// The seated players' names, by seat.
pub(crate) fn names(table: &Table) -> Vec<String> {
    table.seats.iter().map(|s| s.name.clone()).collect()
}

pub(crate) fn names_of(table: &Table) -> Names {
    Names::new(names(table))
}

/// A turn message's text at most: the rest of a message's 2,000 characters is kept for the
/// deadline line and the mentions.
const TURN_TEXT_CHARS: usize = 1800;

/// Options a menu shows per page besides the paging options.
const PER_PAGE: usize = reply::MAX_MENU_OPTIONS - 2;

/// The message after a change: what happened, where everyone stands, who acts next and their
/// choices. `pinged` are the seats already pinged for the decision they still owe (a discard
/// on a seven): they are not pinged again.
pub(crate) fn turn_reply(game: &Game, table: &Table, version: i64, mut lines: Vec<String>, pinged: &[usize]) -> Reply {
    let names = names_of(table);
    let id = table.record.id;
    let mut reply = Reply { game: Some((id, version)), show_board: true, ..Reply::default() };
    if game.is_over() {
        reply.more_mentions = table.people().map(|s| s.user_id).collect();
        lines.push(standings(game, &names, true));
        reply.text = fit_lines(&lines, TURN_TEXT_CHARS);
        return reply;
    }
    lines.push(standings(game, &names, false));
    let waiting = game.to_act();
    let people: Vec<usize> = waiting.iter().copied().filter(|&s| table.computer_at(s).is_none()).collect();
    let to_ping: Vec<u64> = people.iter().filter(|s| !pinged.contains(s)).filter_map(|&s| table.person_at(s)).collect();
    reply.mention = to_ping.first().copied();
    reply.more_mentions = to_ping.iter().skip(1).copied().collect();
    lines.push(prompt(game, table, &names));
    if !people.is_empty() {
        let (buttons, menu) = choices(game, table, version);
        reply.buttons = buttons;
        reply.menu = menu;
    }
    reply.text = fit_lines(&lines, TURN_TEXT_CHARS);
    reply
}

/// Who must do what now, with the words of the turn's buttons.
pub(crate) fn prompt(game: &Game, table: &Table, names: &Names) -> String {
    let active = game.active_player();
    let computer = |seat: usize| table.computer_at(seat).is_some();
    match game.phase() {
        Phase::GameOver { .. } => "The game is over.".into(),
        Phase::Discard | Phase::Gold => {
            let owed: Vec<String> = game.to_act().iter().map(|&s| format!("{} ({})", names.of(s), text::task(game, s))).collect();
            let how = if game.phase() == Phase::Discard { "**Discard…**" } else { "**Choose gold…**" };
            format!("⏳ Waiting for {}. Tap {how} to choose your cards privately.", owed.join(", "))
        }
        _ if computer(active) => format!("⏩ {} plays next: the computer's move follows.", names.of(active)),
        Phase::PlaceHarbour | Phase::SetupSettlement => {
            format!("👉 {}, your turn: {} (the lettered spots on the picture).", names.of(active), text::task(game, active))
        }
        Phase::Robber if game.pirate().is_some() => {
            format!("👉 {}, move the robber or the pirate: pick a lettered hex.", names.of(active))
        }
        Phase::Robber => format!("👉 {}, move the robber: pick a lettered hex.", names.of(active)),
        _ => format!("👉 {}, your turn: {}.", names.of(active), text::task(game, active)),
    }
}

/// Every player's public standing: points (hidden victory point cards not counted), cards in
/// hand (a count only), development cards, knights, and who holds the special cards.
pub(crate) fn standings(game: &Game, names: &Names, final_points: bool) -> String {
    let mut parts = Vec::new();
    for (seat, p) in game.players().iter().enumerate() {
        let points = if final_points { p.points } else { game.public_points(seat) };
        let mut s = format!("{} {}", names.of(seat), count(points, "pt"));
        if !final_points {
            s.push_str(&format!(" · {} · {} dev", count(p.hand.total(), "card"), p.dev.total() + p.new_dev.total()));
        }
        if game.longest_route_holder() == Some(seat) {
            s.push_str(" · 🛣️");
        }
        if game.largest_army_holder() == Some(seat) {
            s.push_str(" · ⚔️");
        }
        parts.push(s);
    }
    format!("📊 {} (goal: {})", parts.join(" | "), game.target())
}

fn button(id: GameId, version: i64, command: impl Into<Command>, label: impl Into<String>, style: Style) -> Button {
    Button { id: ComponentId::button(id, version, command), label: truncate(&label.into(), reply::MAX_LABEL_CHARS), style }
}

/// Which menu kind an action belongs to.
fn kind_of(action: &Action) -> Option<MenuKind> {
    Some(match action {
        Action::PlaceHarbour { .. } => MenuKind::Harbour,
        Action::BuildSettlement { .. } => MenuKind::Settlement,
        Action::BuildCity { .. } => MenuKind::City,
        Action::BuildRoad { .. } => MenuKind::Road,
        Action::BuildShip { .. } => MenuKind::Ship,
        Action::MoveShip { .. } => MenuKind::MoveShip,
        Action::PlayKnight | Action::PlayRoadBuilding | Action::PlayYearOfPlenty { .. } | Action::PlayMonopoly { .. } => MenuKind::Cards,
        Action::MaritimeTrade { .. } => MenuKind::Bank,
        Action::MoveRobber { .. } | Action::MovePirate { .. } => MenuKind::Robber,
        _ => return None,
    })
}

fn kind_words(kind: MenuKind) -> &'static str {
    match kind {
        MenuKind::Harbour => "Place a harbour",
        MenuKind::Settlement => "Settlement",
        MenuKind::City => "City",
        MenuKind::Road => "Road",
        MenuKind::Ship => "Ship",
        MenuKind::MoveShip => "Move a ship",
        MenuKind::Cards => "Play a card",
        MenuKind::Bank => "Trade with the bank",
        MenuKind::Robber => "Robber / pirate",
    }
}

/// The turn's buttons for whoever acts (and a menu when the step is a choice among spots).
fn choices(game: &Game, table: &Table, version: i64) -> (Vec<Vec<Button>>, Option<Menu>) {
    let id = table.record.id;
    let b = |command: Command, label: &str, style: Style| button(id, version, command, label, style);
    let hand = || b(Command::Hand, "My hand", Style::Secondary);
    let board = || b(Command::Board, "Board", Style::Secondary);
    let undo = || b(Command::Undo, "Undo", Style::Secondary);
    let active = game.active_player();
    let legal = game.legal_actions(active);
    let has = |kind: MenuKind| legal.iter().any(|a| kind_of(a) == Some(kind));
    let mut rows: Vec<Vec<Button>> = Vec::new();
    match game.phase() {
        Phase::GameOver { .. } => (rows, None),
        Phase::Discard => {
            rows.push(vec![b(Code::Pick(Pick::Discard(Resources::default())).into(), "Discard…", Style::Primary), hand()]);
            (rows, None)
        }
        Phase::Gold => {
            rows.push(vec![b(Code::Pick(Pick::Gold(Resources::default())).into(), "Choose gold…", Style::Primary), hand()]);
            (rows, None)
        }
        Phase::PlaceHarbour => (vec![vec![undo(), board()]], Some(menu(game, table, version, active, MenuKind::Harbour, 1))),
        Phase::SetupSettlement => (vec![vec![hand(), undo(), board()]], Some(menu(game, table, version, active, MenuKind::Settlement, 1))),
        Phase::Robber => (vec![vec![hand(), board()]], Some(menu(game, table, version, active, MenuKind::Robber, 1))),
        Phase::SetupRoute { .. } => {
            let labels = Labels::for_seat(game, active);
            let names = names_of(table);
            for chunk in legal.chunks(reply::MAX_BUTTONS_PER_ROW).take(reply::MAX_BUTTON_ROWS - 1) {
                rows.push(
                    chunk.iter().map(|a| b(Code::Act(*a).into(), &text::action_label(game, &names, &labels, a), Style::Primary)).collect(),
                );
            }
            rows.push(vec![undo(), board()]);
            (rows, None)
        }
        Phase::RoadBuilding { .. } => {
            let mut row = Vec::new();
            for kind in [MenuKind::Road, MenuKind::Ship] {
                if has(kind) {
                    row.push(b(Code::Menu(kind, 1).into(), &format!("{} (free) ▸", kind_words(kind)), Style::Primary));
                }
            }
            rows.push(row);
            rows.push(vec![hand(), board()]);
            (rows, None)
        }
        Phase::Roll => {
            let mut row = vec![b(Code::Act(Action::Roll).into(), "🎲 Roll", Style::Primary)];
            if has(MenuKind::Cards) {
                row.push(b(Code::Menu(MenuKind::Cards, 1).into(), "Play a card ▸", Style::Secondary));
            }
            row.extend([hand(), board()]);
            rows.push(row);
            (rows, None)
        }
        Phase::Main => {
            let build: Vec<Button> = [MenuKind::Road, MenuKind::Ship, MenuKind::Settlement, MenuKind::City, MenuKind::MoveShip]
                .into_iter()
                .filter(|&k| has(k))
                .map(|k| b(Code::Menu(k, 1).into(), &format!("{} ▸", kind_words(k)), Style::Primary))
                .collect();
            if !build.is_empty() {
                rows.push(build);
            }
            let mut more = Vec::new();
            if legal.contains(&Action::BuyDevCard) {
                more.push(b(Code::Act(Action::BuyDevCard).into(), "Buy a card", Style::Primary));
            }
            if has(MenuKind::Cards) {
                more.push(b(Code::Menu(MenuKind::Cards, 1).into(), "Play a card ▸", Style::Primary));
            }
            if has(MenuKind::Bank) {
                more.push(b(Code::Menu(MenuKind::Bank, 1).into(), "Bank trade ▸", Style::Primary));
            }
            if game.player(active).hand.total() > 0 {
                more.push(b(Code::Pick(Pick::Offer(Resources::default(), Resources::default())).into(), "Offer a trade…", Style::Primary));
            }
            if !more.is_empty() {
                rows.push(more);
            }
            if let Some(offer) = game.offer() {
                // For the others: answer it. A counter starts from the offer's terms turned round.
                rows.push(vec![
                    b(Code::Act(Action::AnswerTrade { accept: true }).into(), "Accept", Style::Success),
                    b(Code::Act(Action::AnswerTrade { accept: false }).into(), "Decline", Style::Danger),
                    b(Code::Pick(Pick::Counter(offer.want, offer.give)).into(), "Counter…", Style::Primary),
                    b(Code::Act(Action::WithdrawTrade).into(), "Withdraw", Style::Secondary),
                ]);
                // For the offerer: one button per acceptance or counter it can take (at most
                // three others answer: a row holds them all).
                let names = names_of(table);
                let labels = Labels::for_seat(game, active);
                let confirm: Vec<Button> = offer
                    .answers
                    .iter()
                    .filter(|(_, answer)| *answer != Answer::Decline)
                    .map(|&(seat, _)| {
                        let action = Action::ConfirmTrade { with: seat };
                        b(Code::Act(action).into(), &text::action_label(game, &names, &labels, &action), Style::Success)
                    })
                    .collect();
                if !confirm.is_empty() {
                    rows.push(confirm);
                }
            }
            rows.push(vec![b(Code::Act(Action::EndTurn).into(), "End turn", Style::Secondary), hand(), undo(), board()]);
            (rows, None)
        }
    }
}

/// Page `page` (from 1) of the turn's choices of one kind, as a menu: no choice is ever left
/// out; the last options lead to the other pages.
pub(crate) fn menu(game: &Game, table: &Table, version: i64, seat: usize, kind: MenuKind, page: u8) -> Menu {
    let id = table.record.id;
    let names = names_of(table);
    let labels = Labels::for_seat(game, seat);
    let mut actions: Vec<Action> = game.legal_actions(seat).into_iter().filter(|a| kind_of(a) == Some(kind)).collect();
    // In the order of the spots' names (A, B, ... or 1, 2, ...), as the picture reads.
    let key = |a: &Action| -> (usize, String) {
        let name = match *a {
            Action::BuildSettlement { at } | Action::BuildCity { at } => labels.vertex(at).map(str::to_string),
            Action::PlaceHarbour { at } | Action::BuildRoad { at } | Action::BuildShip { at } => labels.edge(at).map(str::to_string),
            Action::MoveShip { from, to } => labels.edge(from).zip(labels.edge(to)).map(|(f, t)| format!("{f:>4}{t:>4}")),
            Action::MoveRobber { to, .. } | Action::MovePirate { to } => labels.hex(to).map(str::to_string),
            _ => None,
        }
        .unwrap_or_default();
        (name.len(), name)
    };
    actions.sort_by_key(key);
    let pages = actions.len().div_ceil(PER_PAGE).max(1);
    let page = usize::from(page).clamp(1, pages);
    let mut options: Vec<MenuOption> = actions
        .iter()
        .skip((page - 1) * PER_PAGE)
        .take(PER_PAGE)
        .map(|a| MenuOption {
            value: Code::Act(*a).code(),
            label: truncate(&text::action_label(game, &names, &labels, a), reply::MAX_LABEL_CHARS),
            description: None,
        })
        .collect();
    if pages > 1 {
        if page < pages {
            options.push(MenuOption {
                value: Code::Menu(kind, (page + 1) as u8).code(),
                label: format!("More: page {} of {pages} ▶", page + 1),
                description: None,
            });
        }
        if page > 1 {
            options.push(MenuOption {
                value: Code::Menu(kind, (page - 1) as u8).code(),
                label: format!("◀ Page {} of {pages}", page - 1),
                description: None,
            });
        }
    }
    let words = match kind {
        MenuKind::Robber if game.pirate().is_none() => "Move the robber",
        _ => kind_words(kind),
    };
    let placeholder = if pages > 1 { format!("{words} (page {page} of {pages})") } else { words.to_string() };
    Menu { id: ComponentId::menu(id, version), placeholder, options }
}

/// A menu of the turn's choices of one kind, in place of the turn's buttons, with a way back.
pub(crate) fn menu_view(game: &Game, table: &Table, version: i64, seat: usize, kind: MenuKind, page: u8) -> Result<Reply> {
    if seat != game.active_player() || !game.legal_actions(seat).iter().any(|a| kind_of(a) == Some(kind)) {
        return user("That choice isn't open now: use the buttons of the newest message.");
    }
    let id = table.record.id;
    let mut reply = Reply { game: Some((id, version)), components_only: true, ..Reply::default() };
    reply.menu = Some(menu(game, table, version, seat, kind, page));
    let back_to_turn = !matches!(game.phase(), Phase::PlaceHarbour | Phase::SetupSettlement | Phase::Robber);
    let mut row = Vec::new();
    if back_to_turn {
        row.push(button(id, version, Code::Back, "◀ Back", Style::Secondary));
    }
    row.push(button(id, version, Command::Board, "Board", Style::Secondary));
    reply.buttons = vec![row];
    Ok(reply)
}

/// The turn's own buttons again.
pub(crate) fn back_view(game: &Game, table: &Table, version: i64) -> Reply {
    let (buttons, menu) = choices(game, table, version);
    Reply { game: Some((table.record.id, version)), components_only: true, buttons, menu, ..Reply::default() }
}

/// A private builder of a choice of cards, one tap per card, with what is chosen so far.
pub(crate) fn pick_view(game: &Game, table: &Table, version: i64, seat: usize, pick: Pick) -> Result<Reply> {
    let id = table.record.id;
    let names = names_of(table);
    let mut reply = Reply { game: Some((id, version)), ephemeral: true, ..Reply::default() };
    let b = |code: Code, label: String, style: Style| button(id, version, code, label, style);
    let me = game.player(seat);
    match pick {
        Pick::Discard(chosen) | Pick::Gold(chosen) => {
            let discard = matches!(pick, Pick::Discard(_));
            let owed = if discard { game.pending_discards() } else { game.pending_gold() };
            let Some(&(_, n)) = owed.iter().find(|d| d.0 as usize == seat) else {
                return user(if discard { "You have nothing to discard now." } else { "You have no gold to choose now." });
            };
            let n = if discard { n } else { n.min(game.bank().total() as u8) };
            let from = if discard { me.hand } else { game.bank() };
            if !from.contains(&chosen) || chosen.total() > u32::from(n) {
                return user("That choice doesn't fit your cards any more: tap the newest message's button again.");
            }
            let left = u32::from(n) - chosen.total();
            let wrap = |r: Resources| if discard { Pick::Discard(r) } else { Pick::Gold(r) };
            reply.text = if discard {
                format!(
                    "✋ Discard **{}** of your {} ({}).\nChosen: {}.{}",
                    n,
                    count(me.hand.total(), "card"),
                    text::cards(&me.hand),
                    text::cards(&chosen),
                    if left > 0 { format!(" Tap {} more.", count(left, "card")) } else { " Confirm below.".into() }
                )
            } else {
                format!(
                    "✨ Take **{}** for gold.\nChosen: {}.{}",
                    count(n, "card"),
                    text::cards(&chosen),
                    if left > 0 { format!(" Tap {} more.", count(left, "card")) } else { " Confirm below.".into() }
                )
            };
            if left > 0 {
                let row = Resource::ALL
                    .iter()
                    .filter(|&&r| from.get(r) > chosen.get(r))
                    .map(|&r| {
                        let mut next = chosen;
                        *next.get_mut(r) += 1;
                        b(
                            Code::Pick(wrap(next)),
                            format!("+1 {} ({} left)", text::resource(r), from.get(r) - chosen.get(r)),
                            Style::Primary,
                        )
                    })
                    .collect();
                reply.buttons.push(row);
            }
            let mut last = Vec::new();
            if left == 0 {
                let action = if discard { Action::Discard { cards: chosen } } else { Action::ChooseGold { cards: chosen } };
                let label = if discard { format!("Discard {}", text::cards(&chosen)) } else { format!("Take {}", text::cards(&chosen)) };
                last.push(b(Code::Act(action), label, Style::Success));
            }
            if chosen.total() > 0 {
                last.push(b(Code::Pick(wrap(Resources::default())), "Start over".into(), Style::Secondary));
            }
            if !last.is_empty() {
                reply.buttons.push(last);
            }
        }
        Pick::Offer(give, want) => {
            if game.phase() != Phase::Main || seat != game.active_player() {
                return user("You can offer a trade on your own turn, after rolling.");
            }
            if !me.hand.contains(&give) || want.total() > 19 * 5 {
                return user("That offer doesn't fit your cards any more: tap **Offer a trade…** again.");
            }
            reply.text = format!(
                "🤝 Build your offer: you give {}; you want {}.\nYour hand: {}. Tap to change it; then offer it to everyone or one player.",
                text::cards(&give),
                text::cards(&want),
                text::cards(&me.hand)
            );
            reply.buttons = trade_rows(id, version, me.hand, give, want, Pick::Offer);
            if !give.is_empty() && !want.is_empty() {
                let mut row = vec![b(Code::Act(Action::OfferTrade { give, want, to: None }), "Offer to everyone".into(), Style::Success)];
                for other in (0..game.player_count()).filter(|&s| s != seat).take(reply::MAX_BUTTONS_PER_ROW - 1) {
                    let label = format!("Offer to {}", names.list().get(other).map_or("?", String::as_str));
                    row.push(b(Code::Act(Action::OfferTrade { give, want, to: Some(other as u8) }), label, Style::Primary));
                }
                reply.buttons.push(row);
            }
            if !give.is_empty() || !want.is_empty() {
                reply.buttons.push(vec![b(
                    Code::Pick(Pick::Offer(Resources::default(), Resources::default())),
                    "Start over".into(),
                    Style::Secondary,
                )]);
            }
        }
        Pick::Counter(give, want) => {
            let offer = match game.offer() {
                Some(offer) if super::seats::answering(game).contains(&seat) => offer,
                Some(offer) if offer.answered(seat as u8) => return user("You have already answered this offer."),
                Some(offer) if offer.from as usize == seat => return user("That is your own offer: the others may counter it."),
                Some(_) if game.phase() != Phase::Main => return user("Answer the offer once the game's current decision is made."),
                Some(_) => return user("This offer isn't addressed to you."),
                None => return user("There is no open offer to counter now."),
            };
            if me.hand.is_empty() {
                return user("You have no cards to give, so you can't counter: decline it, or wait for another offer.");
            }
            // What the player cannot give is left out (the button starts from the offer's terms).
            let mut give = give;
            for r in Resource::ALL {
                *give.get_mut(r) = give.get(r).min(me.hand.get(r));
            }
            let from = names.of(offer.from.into());
            reply.text = format!(
                "↔️ Counter {from}'s offer ({} for {}): you give {}; you want {}.\nYour hand: {}. Tap to change it; then send it.",
                text::cards(&offer.give),
                text::cards(&offer.want),
                text::cards(&give),
                text::cards(&want),
                text::cards(&me.hand)
            );
            reply.buttons = trade_rows(id, version, me.hand, give, want, Pick::Counter);
            let mut last = Vec::new();
            if give == offer.want && want == offer.give {
                last.push(b(
                    Code::Act(Action::AnswerTrade { accept: true }),
                    "Those are the offer's terms: accept it".into(),
                    Style::Success,
                ));
            } else if !give.is_empty() && !want.is_empty() {
                let label = format!("Send counter: {} for {}", text::cards(&give), text::cards(&want));
                last.push(b(Code::Act(Action::CounterTrade { give, want }), label, Style::Success));
            }
            last.push(b(Code::Pick(Pick::Counter(Resources::default(), Resources::default())), "Start over".into(), Style::Secondary));
            reply.buttons.push(last);
        }
    }
    Ok(reply)
}

/// The rows of a trade builder: "Give +1" for each card the player holds more of, "Want +1" for
/// each kind they do not give, and "−1" for each kind on either side. `wrap` makes the code of
/// the builder's next state (an offer or a counter).
fn trade_rows(
    id: GameId,
    version: i64,
    hand: Resources,
    give: Resources,
    want: Resources,
    wrap: fn(Resources, Resources) -> Pick,
) -> Vec<Vec<Button>> {
    let b = |pick: Pick, label: String, style: Style| button(id, version, Code::Pick(pick), label, style);
    let plus = |r: Resource, side: Resources| {
        let mut next = side;
        *next.get_mut(r) += 1;
        next
    };
    let minus = |r: Resource, side: Resources| {
        let mut next = side;
        *next.get_mut(r) -= 1;
        next
    };
    let give_row: Vec<Button> = Resource::ALL
        .iter()
        .filter(|&&r| hand.get(r) > give.get(r) && want.get(r) == 0)
        .map(|&r| b(wrap(plus(r, give), want), format!("Give +1 {}", text::resource(r)), Style::Primary))
        .collect();
    let want_row: Vec<Button> = Resource::ALL
        .iter()
        .filter(|&&r| give.get(r) == 0 && want.get(r) < 19)
        .map(|&r| b(wrap(give, plus(r, want)), format!("Want +1 {}", text::resource(r)), Style::Secondary))
        .collect();
    // Give and want never share a kind, so this row holds at most five buttons.
    let less_row: Vec<Button> = Resource::ALL
        .iter()
        .filter_map(|&r| {
            if give.get(r) > 0 {
                Some(b(wrap(minus(r, give), want), format!("Give −1 {}", text::resource(r)), Style::Secondary))
            } else if want.get(r) > 0 {
                Some(b(wrap(give, minus(r, want)), format!("Want −1 {}", text::resource(r)), Style::Secondary))
            } else {
                None
            }
        })
        .collect();
    [give_row, want_row, less_row].into_iter().filter(|row| !row.is_empty()).collect()
}

/// A player's own view of the game, for them alone: their cards, what they can build and
/// afford, their rates with the bank, their pieces left.
pub(crate) fn hand(game: &Game, table: &Table, version: i64, seat: usize) -> Reply {
    let names = names_of(table);
    let me = game.player(seat);
    let mut lines = vec![format!("🂠 **Your hand**, {} — game #{}", names.long(seat), table.record.id)];
    lines.push(format!("Cards ({}): {}", me.hand.total(), text::cards(&me.hand)));
    let dev: Vec<String> = DevCard::ALL
        .iter()
        .filter(|&&c| me.dev.get(c) + me.new_dev.get(c) > 0)
        .map(|&c| {
            let new = me.new_dev.get(c);
            let mut s = format!("{} ×{}", text::card_name(c), me.dev.get(c) + new);
            if new > 0 && c != DevCard::VictoryPoint {
                s.push_str(&format!(" ({new} bought this turn)"));
            }
            s
        })
        .collect();
    lines.push(format!("Development cards: {}", if dev.is_empty() { "none".into() } else { dev.join(", ") }));
    let hidden = me.points - game.public_points(seat);
    lines.push(format!(
        "Points: {}{} of {}",
        me.points,
        if hidden > 0 { format!(" ({hidden} hidden in Victory Point cards)") } else { String::new() },
        game.target()
    ));
    let costs = [
        ("road", Resources::ROAD, me.roads_left),
        ("ship", Resources::SHIP, me.ships_left),
        ("settlement", Resources::SETTLEMENT, me.settlements_left),
        ("city", Resources::CITY, me.cities_left),
        ("development card", Resources::DEV_CARD, u8::from(game.deck_size() > 0)),
    ];
    let afford: Vec<&str> = costs.iter().filter(|(_, cost, left)| *left > 0 && me.hand.contains(cost)).map(|(n, _, _)| *n).collect();
    lines.push(format!("You can pay for: {}", if afford.is_empty() { "nothing yet".into() } else { afford.join(", ") }));
    let rates: Vec<String> = Resource::ALL.iter().map(|&r| format!("{} {}:1", r.name(), game.trade_rate(seat, r))).collect();
    lines.push(format!("Bank rates: {}", rates.join(" · ")));
    lines.push(format!(
        "Pieces left: {} · {} · {} · {}",
        count(me.settlements_left, "settlement"),
        count(me.cities_left, "city").replace("citys", "cities"),
        count(me.roads_left, "road"),
        count(me.ships_left, "ship")
    ));
    if game.to_act().contains(&seat) {
        lines.push(format!("Now: {}.", text::task(game, seat)));
    }
    Reply { game: Some((table.record.id, version)), ephemeral: true, text: lines.join("\n"), ..Reply::default() }
}

/// Joins lines, dropping the oldest ones (but never the last two: standings and prompt) to fit.
pub(crate) fn fit_lines(lines: &[String], max: usize) -> String {
    let mut out: Vec<&str> = Vec::new();
    let mut len = 0;
    for line in lines.iter().rev() {
        if len + line.len() + 1 > max && out.len() >= 2 {
            out.push("…");
            break;
        }
        len += line.len() + 1;
        out.push(line);
    }
    out.reverse();
    truncate(&out.join("\n"), max)
}

/// The lobby's line about the game's options.
pub(crate) fn lobby_rules(record: &GameRecord) -> String {
    match super::options::decode(&record.options) {
        Ok((scenario, options)) => {
            // The scenario's name in the game's language (the ruleset's own is English).
            let id = format!("seafarers-scenario-{}", scenario.id);
            let name = if crate::i18n::has(record.language, &id) { crate::tr!(record.language, &id) } else { scenario.name.clone() };
            let pirate = if options.pirate { "yes" } else { "no" };
            crate::tr!(record.language, "seafarers-lobby-rules", scenario = name, target = scenario.target, pirate = pirate)
        }
        Err(_) => crate::tr!(record.language, "seafarers-lobby-rules-unknown"),
    }
}
