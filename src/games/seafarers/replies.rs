//! What the service says about a Seafarers game: the turn message with the choices of whoever
//! acts (buttons; menus of the lettered spots, paged so that no spot is ever left out), the
//! private answers (a player's hand, the builders of a discard, a gold choice and a trade
//! offer), `/status`, `/board`'s caption, `/history`, a stale click's answer, the lobby's line.

use super::codes::{Code, MenuKind, Pick};
use super::spots::Labels;
use super::text::{self, Names};
use crate::common::reply::{self, Button, Command, ComponentId, Menu, MenuOption, Reply, Style, led_by, truncate};
use crate::common::{Result, Table, user};
use crate::i18n::Locale;
use crate::store::{GameId, GameRecord};
use crate::tr;
use seafarers_engine::{Action, Answer, DevCard, Game, Phase, Resource, Resources};

/// The seated players' names, by seat.
pub(crate) fn names(table: &Table) -> Vec<String> {
    table.seats.iter().map(|s| s.name.clone()).collect()
}

/// The names, for the table: in the game's language.
pub(crate) fn names_of(table: &Table) -> Names {
    Names::new_in(names(table), table.record.language)
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
        // The winner leads (a phone's notification shows the first words), then what the last
        // steps did, then each player's final points and what they are made of.
        let (head, breakdown) = final_points(game, &names);
        if let Some(winner) = game.winner() {
            let points = game.players().iter().map(|p| p.points).collect();
            let said = text::narrate(game, &names, &[seafarers_engine::Event::GameOver { winner: winner as u8, points }]);
            lines.retain(|l| !said.contains(l));
        }
        lines.extend(breakdown);
        // Last, so that it is never cut: the deal's seed and salt, for anyone to check.
        lines.push(crate::common::deal::reveal_line(&table.record, names.lang()));
        reply.text = format!("{head}\n{}", fit_lines(&lines, TURN_TEXT_CHARS.saturating_sub(head.len() + 1)));
        return reply;
    }
    // The standings once a round, where the round's first person is asked to roll, not on
    // every turn: the picture's panel shows each player's points on every turn, and a step
    // that scores says so in its own line.
    if game.phase() == Phase::Roll && first_person_of_round(game, table) == Some(game.active_player()) {
        lines.push(standings(game, &names));
    }
    let waiting = game.to_act();
    let people: Vec<usize> = waiting.iter().copied().filter(|&s| table.computer_at(s).is_none()).collect();
    // A computer's offer waits for the people it is open to: they are asked, and pinged.
    let computer_offer = game.offer().filter(|o| people.is_empty() && table.computer_at(o.from.into()).is_some());
    let answering: Vec<usize> = match computer_offer {
        Some(_) => super::seats::answering(game).into_iter().filter(|&s| table.computer_at(s).is_none()).collect(),
        None => Vec::new(),
    };
    if let Some(offer) = computer_offer
        && !answering.is_empty()
    {
        // Those asked by an earlier message (the offer is the same, another person answered
        // it) are named, not pinged again.
        let asked: Vec<u64> = answering.iter().filter_map(|&s| table.person_at(s)).collect();
        let to_ping: Vec<u64> = answering.iter().filter(|s| !pinged.contains(s)).filter_map(|&s| table.person_at(s)).collect();
        reply.mention = to_ping.first().copied();
        reply.more_mentions = to_ping.iter().skip(1).copied().collect();
        let whom: Vec<String> = asked.iter().map(|u| format!("<@{u}>")).collect();
        let minutes = crate::games::ANSWER_WAIT.as_secs().div_ceil(60);
        let lang = names.lang();
        let lead = tr!(lang, "sf-prompt-answer-computer", who = whom.join(", "), name = names.of(offer.from.into()), minutes = minutes);
        let b = |command: Command, key: &str, style: Style| button(id, version, command, tr!(lang, key), style);
        reply.buttons = vec![
            vec![
                b(Code::Act(Action::AnswerTrade { accept: true }).into(), "sf-button-accept", Style::Success),
                b(Code::Act(Action::AnswerTrade { accept: false }).into(), "sf-button-decline", Style::Danger),
                b(Code::Pick(Pick::Counter(offer.want, offer.give)).into(), "sf-button-counter", Style::Primary),
            ],
            vec![b(Command::Hand, "sf-button-hand", Style::Secondary), b(Command::Board, "sf-button-board", Style::Secondary)],
        ];
        reply.text = led_by(&lead, &fit_lines(&lines, TURN_TEXT_CHARS.saturating_sub(lead.len() + 1)));
        return reply;
    }
    let to_ping: Vec<u64> = people.iter().filter(|s| !pinged.contains(s)).filter_map(|&s| table.person_at(s)).collect();
    reply.mention = to_ping.first().copied();
    reply.more_mentions = to_ping.iter().skip(1).copied().collect();
    // The prompt leads, addressed by mention to those it pings: a phone's notification shows
    // a message's first words ("👉 @Ana, your turn: …"); what happened and the standings follow.
    let who = |seat: usize| match table.person_at(seat).filter(|user| to_ping.contains(user)) {
        Some(user) => format!("<@{user}>"),
        None => names.of(seat),
    };
    let lead = prompt_to(game, table, &names, &who);
    if !people.is_empty() {
        let (buttons, menu) = choices(game, table, version);
        reply.buttons = buttons;
        reply.menu = menu;
    }
    reply.text = led_by(&lead, &fit_lines(&lines, TURN_TEXT_CHARS.saturating_sub(lead.len() + 1)));
    reply
}

/// Who must do what now, with the words of the turn's buttons.
pub(crate) fn prompt(game: &Game, table: &Table, names: &Names) -> String {
    prompt_to(game, table, names, &|seat| names.of(seat))
}

/// [`prompt`] with each player named by `who` (their name, or the mention that pings them).
fn prompt_to(game: &Game, table: &Table, names: &Names, who: &dyn Fn(usize) -> String) -> String {
    let lang = names.lang();
    let active = game.active_player();
    let computer = |seat: usize| table.computer_at(seat).is_some();
    let name = who(active);
    match game.phase() {
        Phase::GameOver { .. } => tr!(lang, "sf-prompt-over"),
        Phase::Discard | Phase::Gold => {
            let owed: Vec<String> = game.to_act().iter().map(|&s| format!("{} ({})", who(s), text::task(lang, game, s))).collect();
            let button = if game.phase() == Phase::Discard { tr!(lang, "sf-button-discard") } else { tr!(lang, "sf-button-gold") };
            tr!(lang, "sf-prompt-waiting", owed = owed.join(", "), button = button)
        }
        _ if computer(active) => tr!(lang, "sf-prompt-computer", name = name),
        Phase::PlaceHarbour | Phase::SetupSettlement | Phase::Robber if Labels::for_seat(game, active).zoned() => {
            let zones = Labels::for_seat(game, active).zones.len();
            // How the zones work is said through the setup and the first round; by then every
            // player has placed by them.
            let key = if game.turn() as usize <= game.player_count() { "sf-prompt-zones" } else { "sf-prompt-zones-short" };
            tr!(lang, key, name = name, task = text::task(lang, game, active), zones = zones)
        }
        Phase::PlaceHarbour | Phase::SetupSettlement => {
            tr!(lang, "sf-prompt-setup", name = name, task = text::task(lang, game, active))
        }
        Phase::Robber if game.pirate().is_some() => tr!(lang, "sf-prompt-robber-pirate", name = name),
        Phase::Robber => tr!(lang, "sf-prompt-robber", name = name),
        _ => tr!(lang, "sf-prompt-turn", name = name, task = text::task(lang, game, active)),
    }
}

/// Every player's public standing: points (hidden victory point cards not counted until the
/// end, when they are revealed), cards in hand (a count only), development cards, and who
/// holds the special cards.
pub(crate) fn standings(game: &Game, names: &Names) -> String {
    let lang = names.lang();
    let over = game.is_over();
    let mut parts = Vec::new();
    let shown: Vec<u8> =
        (0..game.player_count()).map(|seat| if over { game.players()[seat].points } else { game.public_points(seat) }).collect();
    // The leader is clear: the one player ahead of every other, crowned (nobody while tied).
    let best = shown.iter().copied().max().unwrap_or(0);
    let leader = (shown.iter().filter(|&&p| p == best).count() == 1).then(|| shown.iter().position(|&p| p == best)).flatten();
    for (seat, p) in game.players().iter().enumerate() {
        let points = shown[seat];
        let mut s = tr!(lang, "sf-standing", name = names.plain(seat), points = points);
        if leader == Some(seat) {
            s.push_str(" 👑");
        }
        if !over {
            s.push_str(" · ");
            // `dev` holds every card, those bought this turn among them.
            s.push_str(&tr!(lang, "sf-standing-counts", cards = p.hand.total(), dev = p.dev.total()));
        }
        if game.longest_route_holder() == Some(seat) {
            s.push_str(" · 🛣️");
        }
        if game.largest_army_holder() == Some(seat) {
            s.push_str(" · ⚔️");
        }
        parts.push(s);
    }
    tr!(lang, "sf-standings", players = parts.join(" | "), target = game.target())
}

/// The end of a game: a headline naming the winner and their points, and a line per player,
/// best first, with what their points are made of (victory point cards revealed now).
fn final_points(game: &Game, names: &Names) -> (String, Vec<String>) {
    let lang = names.lang();
    let players = game.players();
    let mut order: Vec<usize> = (0..players.len()).collect();
    order.sort_by_key(|&s| (std::cmp::Reverse(players[s].points), Some(s) != game.winner()));
    let winner = game.winner().unwrap_or(order[0]);
    let head = tr!(lang, "sf-over-head", name = names.of(winner), points = players[winner].points, target = game.target());
    let buildings = game.buildings();
    let lines = order
        .iter()
        .enumerate()
        .map(|(rank, &seat)| {
            let p = &players[seat];
            let mine = buildings.iter().filter(|(_, b)| usize::from(b.owner) == seat);
            let cities = mine.clone().filter(|(_, b)| b.city).count();
            let settlements = mine.count() - cities;
            let mut parts = Vec::new();
            let mut part = |key: &str, n: usize| {
                if n > 0 {
                    parts.push(tr!(lang, "sf-over-part", part = key, n = n));
                }
            };
            part("settlements", settlements);
            part("cities", cities);
            part("route", usize::from(game.longest_route_holder() == Some(seat)));
            part("army", usize::from(game.largest_army_holder() == Some(seat)));
            part("cards", usize::from(p.dev.victory_point));
            part("chips", usize::from(p.chips));
            tr!(lang, "sf-over-line", rank = rank + 1, name = names.of(seat), points = p.points, parts = parts.join(" · "))
        })
        .collect();
    (head, lines)
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

/// A menu kind's key in the message files.
fn kind_key(kind: MenuKind) -> &'static str {
    match kind {
        MenuKind::Harbour => "harbour",
        MenuKind::Settlement => "settlement",
        MenuKind::City => "city",
        MenuKind::Road => "road",
        MenuKind::Ship => "ship",
        MenuKind::MoveShip => "move-ship",
        MenuKind::Cards => "cards",
        MenuKind::Bank => "bank",
        MenuKind::Robber => "robber",
    }
}

fn kind_words(lang: Locale, kind: MenuKind) -> String {
    tr!(lang, "sf-kind", kind = kind_key(kind))
}

/// The turn's buttons for whoever acts (and a menu when the step is a choice among spots).
fn choices(game: &Game, table: &Table, version: i64) -> (Vec<Vec<Button>>, Option<Menu>) {
    let id = table.record.id;
    let lang = table.record.language;
    let b = |command: Command, label: &str, style: Style| button(id, version, command, label, style);
    let t = |key: &str| tr!(lang, key);
    let hand = || b(Command::Hand, &t("sf-button-hand"), Style::Secondary);
    let board = || b(Command::Board, &t("sf-button-board"), Style::Secondary);
    let undo = || b(Command::Undo, &t("sf-button-undo"), Style::Secondary);
    let active = game.active_player();
    let legal = game.legal_actions(active);
    let has = |kind: MenuKind| legal.iter().any(|a| kind_of(a) == Some(kind));
    // Everyone reads this message and may open its menus: which buttons it has depends only
    // on what the table sees (the board, pieces left, how many cards each holds, what was
    // bought this turn), never on the cards themselves. What the player can afford or play
    // opens privately, for them alone (see `menu_view`).
    let open = game.open_spots(active);
    let me = game.player(active);
    let may_hold_playable = me.dev.total() > me.new_dev.total();
    let mut rows: Vec<Vec<Button>> = Vec::new();
    match game.phase() {
        Phase::GameOver { .. } => (rows, None),
        Phase::Discard => {
            rows.push(vec![b(Code::Pick(Pick::Discard(Resources::default())).into(), &t("sf-button-discard"), Style::Primary), hand()]);
            (rows, None)
        }
        Phase::Gold => {
            rows.push(vec![b(Code::Pick(Pick::Gold(Resources::default())).into(), &t("sf-button-gold"), Style::Primary), hand()]);
            (rows, None)
        }
        Phase::PlaceHarbour | Phase::SetupSettlement | Phase::Robber if Labels::for_seat(game, active).zoned() => {
            // Too many spots for one picture: a button per zone opens its close-up.
            let labels = Labels::for_seat(game, active);
            let zones: Vec<Button> = labels
                .zones
                .iter()
                .enumerate()
                .map(|(i, zone)| b(Code::Zone(i as u8 + 1).into(), &zone_label(lang, i, zone), Style::Primary))
                .collect();
            rows.extend(zones.chunks(reply::MAX_BUTTONS_PER_ROW).take(reply::MAX_BUTTON_ROWS - 1).map(<[Button]>::to_vec));
            let mut last = vec![board()];
            if game.phase() != Phase::PlaceHarbour {
                last.insert(0, hand());
            }
            if game.phase() != Phase::Robber {
                last.push(undo());
            }
            rows.push(last);
            (rows, None)
        }
        Phase::PlaceHarbour => (vec![vec![undo(), board()]], Some(menu(game, table, version, active, MenuKind::Harbour, 1, lang))),
        Phase::SetupSettlement => {
            (vec![vec![hand(), undo(), board()]], Some(menu(game, table, version, active, MenuKind::Settlement, 1, lang)))
        }
        Phase::Robber => (vec![vec![hand(), board()]], Some(menu(game, table, version, active, MenuKind::Robber, 1, lang))),
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
                    row.push(b(Code::Menu(kind, 1).into(), &tr!(lang, "sf-kind-free", kind = kind_key(kind)), Style::Primary));
                }
            }
            rows.push(row);
            rows.push(vec![hand(), board()]);
            (rows, None)
        }
        Phase::Roll => {
            let mut row = vec![b(Code::Act(Action::Roll).into(), &t("sf-button-roll"), Style::Primary)];
            if may_hold_playable {
                row.push(b(Code::Menu(MenuKind::Cards, 1).into(), &t("sf-button-play-card"), Style::Secondary));
            }
            row.extend([hand(), board()]);
            rows.push(row);
            (rows, None)
        }
        Phase::Main => {
            let build: Vec<Button> = [MenuKind::Road, MenuKind::Ship, MenuKind::Settlement, MenuKind::City, MenuKind::MoveShip]
                .into_iter()
                .filter(|&k| open.iter().any(|a| kind_of(a) == Some(k)))
                .map(|k| b(Code::Menu(k, 1).into(), &format!("{} ▸", kind_words(lang, k)), Style::Primary))
                .collect();
            if !build.is_empty() {
                rows.push(build);
            }
            let mut more = Vec::new();
            if game.deck_size() > 0 {
                more.push(b(Code::Act(Action::BuyDevCard).into(), &t("sf-button-buy"), Style::Primary));
            }
            if may_hold_playable {
                more.push(b(Code::Menu(MenuKind::Cards, 1).into(), &t("sf-button-play-card"), Style::Primary));
            }
            // The best rate is 2:1; how many of a kind the player holds is theirs to know.
            if me.hand.total() >= 2 {
                more.push(b(Code::Menu(MenuKind::Bank, 1).into(), &t("sf-button-bank"), Style::Primary));
            }
            if me.hand.total() > 0 {
                more.push(b(
                    Code::Pick(Pick::Offer(Resources::default(), Resources::default())).into(),
                    &t("sf-button-offer"),
                    Style::Primary,
                ));
            }
            if !more.is_empty() {
                rows.push(more);
            }
            if let Some(offer) = game.offer() {
                // For the others: answer it. A counter starts from the offer's terms turned round.
                rows.push(vec![
                    b(Code::Act(Action::AnswerTrade { accept: true }).into(), &t("sf-button-accept"), Style::Success),
                    b(Code::Act(Action::AnswerTrade { accept: false }).into(), &t("sf-button-decline"), Style::Danger),
                    b(Code::Pick(Pick::Counter(offer.want, offer.give)).into(), &t("sf-button-counter"), Style::Primary),
                    b(Code::Act(Action::WithdrawTrade).into(), &t("sf-button-withdraw"), Style::Secondary),
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
            rows.push(vec![b(Code::Act(Action::EndTurn).into(), &t("sf-button-end-turn"), Style::Secondary), hand(), undo(), board()]);
            (rows, None)
        }
    }
}

/// A zone's button: its number and the names of its first and last spot ("2 · U–AN").
fn zone_label(lang: Locale, i: usize, zone: &[super::render::Spot]) -> String {
    let first = zone.first().map_or("", |s| s.label.as_str());
    let last = zone.last().map_or("", |s| s.label.as_str());
    tr!(lang, "sf-button-zone", zone = i + 1, first = first, last = last)
}

/// The close-up of zone `n` (from 1) of a step with too many spots for one picture, for
/// whoever tapped it (`seat`), privately: the picture of that part of the board with its spots
/// lettered, and for the player to act a menu of those spots; buttons to the zones beside it.
pub(crate) fn zone_view(game: &Game, table: &Table, version: i64, seat: usize, n: u8, reader: Locale) -> Result<Reply> {
    let active = game.active_player();
    let labels = Labels::for_seat(game, active);
    let count = labels.zones.len();
    let Some(zone) = labels.zones.get(usize::from(n).wrapping_sub(1)) else {
        return user(tr!(reader, "sf-choice-closed"));
    };
    let id = table.record.id;
    let names = names_of(table).reading(reader);
    let first = zone.first().map_or("", |s| s.label.as_str());
    let last = zone.last().map_or("", |s| s.label.as_str());
    let mut reply = Reply {
        game: Some((id, version)),
        delivery: reply::Delivery::Ephemeral,
        show_board: true,
        picture: crate::common::Picture::Zone(n - 1),
        ..Reply::default()
    };
    let mine = seat == active && table.computer_at(active).is_none();
    reply.text = if mine {
        tr!(reader, "sf-zone-yours", zone = n, zones = count, first = first, last = last)
    } else {
        tr!(reader, "sf-zone-theirs", zone = n, zones = count, first = first, last = last, name = names.of(active))
    };
    if mine {
        let in_zone = |a: &Action| super::spots::zoned_spot(a).is_some_and(|at| zone.iter().any(|s| s.at == at));
        let mut actions: Vec<Action> = game.legal_actions(active).into_iter().filter(in_zone).collect();
        let order = |a: &Action| zone.iter().position(|s| Some(s.label.as_str()) == spot_name(&labels, a).as_deref());
        actions.sort_by_key(|a| order(a));
        // A zone holds at most a menu's options (a robber's hex counts one per player it may
        // rob: `spots.rs`), so none is left out.
        let options: Vec<MenuOption> = actions
            .iter()
            .take(reply::MAX_MENU_OPTIONS)
            .map(|a| MenuOption {
                value: Code::Act(*a).code(),
                label: truncate(&text::action_label(game, &names, &labels, a), reply::MAX_LABEL_CHARS),
                description: None,
            })
            .collect();
        let kind = actions.first().and_then(kind_of);
        let words = kind.map_or_else(|| tr!(reader, "sf-choice-closed"), |k| kind_words(reader, k));
        reply.menu = Some(Menu { id: ComponentId::menu(id, version), placeholder: truncate(&words, 150), options });
    }
    let mut row = Vec::new();
    if n > 1 {
        row.push(button(id, version, Code::Zone(n - 1), tr!(reader, "sf-button-zone-previous", zone = n - 1), Style::Secondary));
    }
    if usize::from(n) < count {
        row.push(button(id, version, Code::Zone(n + 1), tr!(reader, "sf-button-zone-next", zone = n + 1), Style::Secondary));
    }
    if !row.is_empty() {
        reply.buttons = vec![row];
    }
    Ok(reply)
}

/// The name a spot step goes by on the picture (its letter or number).
fn spot_name(labels: &Labels, a: &Action) -> Option<String> {
    match *a {
        Action::BuildSettlement { at } | Action::BuildCity { at } => labels.vertex(at).map(str::to_string),
        Action::PlaceHarbour { at } | Action::BuildRoad { at } | Action::BuildShip { at } => labels.edge(at).map(str::to_string),
        Action::MoveRobber { to, .. } | Action::MovePirate { to } => labels.hex(to).map(str::to_string),
        _ => None,
    }
}

/// Page `page` (from 1) of the turn's choices of one kind, as a menu: no choice is ever left
/// out; the last options lead to the other pages.
pub(crate) fn menu(game: &Game, table: &Table, version: i64, seat: usize, kind: MenuKind, page: u8, lang: Locale) -> Menu {
    let id = table.record.id;
    let names = names_of(table).reading(lang);
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
                label: tr!(lang, "sf-menu-next", page = page + 1, pages = pages),
                description: None,
            });
        }
        if page > 1 {
            options.push(MenuOption {
                value: Code::Menu(kind, (page - 1) as u8).code(),
                label: tr!(lang, "sf-menu-previous", page = page - 1, pages = pages),
                description: None,
            });
        }
    }
    let words = match kind {
        MenuKind::Robber if game.pirate().is_none() => tr!(lang, "sf-menu-move-robber"),
        _ => kind_words(lang, kind),
    };
    let placeholder = if pages > 1 { tr!(lang, "sf-menu-paged", words = words, page = page, pages = pages) } else { words };
    Menu { id: ComponentId::menu(id, version), placeholder, options }
}

/// Whether a menu of `kind` may show on the channel's message now: only when its choices
/// depend on nothing hidden (the setup, the robber, Road Building's free pieces). A build, a
/// card or a trade with the bank depends on the player's cards, so it opens privately.
fn menu_is_public(game: &Game, kind: MenuKind) -> bool {
    match kind {
        MenuKind::Cards | MenuKind::Bank => false,
        MenuKind::Road | MenuKind::Ship | MenuKind::Settlement | MenuKind::City | MenuKind::MoveShip => game.phase() != Phase::Main,
        MenuKind::Harbour | MenuKind::Robber => true,
    }
}

/// A menu of the turn's choices of one kind. On the channel's message, in place of the turn's
/// buttons with a way back, when it depends on nothing hidden; else privately, for the player
/// alone, with what they hold (see [`menu_is_public`]). `reader` is the language of the one
/// who tapped, for a refusal and a private menu; a public menu is in the table's.
pub(crate) fn menu_view(game: &Game, table: &Table, version: i64, seat: usize, kind: MenuKind, page: u8, reader: Locale) -> Result<Reply> {
    if seat != game.active_player() {
        return user(tr!(reader, "sf-choice-closed"));
    }
    let id = table.record.id;
    let available = game.legal_actions(seat).iter().any(|a| kind_of(a) == Some(kind));
    if !menu_is_public(game, kind) {
        if game.phase() != Phase::Main && !(game.phase() == Phase::Roll && kind == MenuKind::Cards) {
            return user(tr!(reader, "sf-choice-closed"));
        }
        if !available {
            return user(nothing_to_choose(game, seat, kind, reader));
        }
        let me = game.player(seat);
        let text = tr!(reader, "sf-private-menu", kind = kind_key(kind), hand = text::cards(reader, &me.hand));
        let menu = menu(game, table, version, seat, kind, page, reader);
        return Ok(Reply { game: Some((id, version)), delivery: reply::Delivery::Ephemeral, text, menu: Some(menu), ..Reply::default() });
    }
    if !available {
        return user(tr!(reader, "sf-choice-closed"));
    }
    let lang = table.record.language;
    let mut reply = Reply { game: Some((id, version)), delivery: reply::Delivery::ComponentsOnly, ..Reply::default() };
    reply.menu = Some(menu(game, table, version, seat, kind, page, lang));
    let back_to_turn = !matches!(game.phase(), Phase::PlaceHarbour | Phase::SetupSettlement | Phase::Robber);
    let mut row = Vec::new();
    if back_to_turn {
        row.push(button(id, version, Code::Back, tr!(lang, "sf-button-back"), Style::Secondary));
    }
    row.push(button(id, version, Command::Board, tr!(lang, "sf-button-board"), Style::Secondary));
    reply.buttons = vec![row];
    Ok(reply)
}

/// Why the player who tapped a private menu's button has nothing to choose in it, in their
/// words (`lang`): what it costs and what they hold, which card may be played when, their
/// rates with the bank.
fn nothing_to_choose(game: &Game, seat: usize, kind: MenuKind, lang: Locale) -> String {
    let me = game.player(seat);
    let hand = text::cards(lang, &me.hand);
    let cost = match kind {
        MenuKind::Road => Some(Resources::ROAD),
        MenuKind::Ship => Some(Resources::SHIP),
        MenuKind::Settlement => Some(Resources::SETTLEMENT),
        MenuKind::City => Some(Resources::CITY),
        _ => None,
    };
    match (kind, cost) {
        (_, Some(cost)) if !me.hand.contains(&cost) => {
            tr!(lang, "sf-cannot-afford", kind = kind_key(kind), cost = text::cards(lang, &cost), hand = hand)
        }
        (MenuKind::Cards, _) => tr!(lang, "sf-no-playable-card"),
        (MenuKind::Bank, _) => {
            let rates: Vec<String> =
                Resource::ALL.iter().map(|&r| format!("{} {}:1", text::resource_name(lang, r), game.trade_rate(seat, r))).collect();
            tr!(lang, "sf-no-bank-trade", hand = hand, rates = rates.join(" · "))
        }
        _ => tr!(lang, "sf-choice-closed"),
    }
}

/// The turn's own buttons again.
pub(crate) fn back_view(game: &Game, table: &Table, version: i64) -> Reply {
    let (buttons, menu) = choices(game, table, version);
    Reply { game: Some((table.record.id, version)), delivery: reply::Delivery::ComponentsOnly, buttons, menu, ..Reply::default() }
}

/// A private builder of a choice of cards, one tap per card, with what is chosen so far, in
/// the language of its reader (`lang`).
pub(crate) fn pick_view(game: &Game, table: &Table, version: i64, seat: usize, pick: Pick, lang: Locale) -> Result<Reply> {
    let id = table.record.id;
    let names = names_of(table).reading(lang);
    let cards = |c: &Resources| text::cards(lang, c);
    let mut reply = Reply { game: Some((id, version)), delivery: reply::Delivery::Ephemeral, ..Reply::default() };
    let b = |code: Code, label: String, style: Style| button(id, version, code, label, style);
    let me = game.player(seat);
    match pick {
        Pick::Discard(chosen) | Pick::Gold(chosen) => {
            let discard = matches!(pick, Pick::Discard(_));
            let owed = if discard { game.pending_discards() } else { game.pending_gold() };
            let Some(&(_, n)) = owed.iter().find(|d| d.0 as usize == seat) else {
                return user(tr!(lang, if discard { "sf-nothing-to-discard" } else { "sf-no-gold" }));
            };
            let n = if discard { n } else { n.min(game.bank().total() as u8) };
            let from = if discard { me.hand } else { game.bank() };
            if !from.contains(&chosen) || chosen.total() > u32::from(n) {
                return user(tr!(lang, "sf-choice-stale"));
            }
            let left = u32::from(n) - chosen.total();
            let wrap = |r: Resources| if discard { Pick::Discard(r) } else { Pick::Gold(r) };
            let head = if discard {
                tr!(lang, "sf-discard-head", n = n, total = me.hand.total(), hand = cards(&me.hand))
            } else {
                tr!(lang, "sf-gold-head", n = n)
            };
            let next = if left > 0 { tr!(lang, "sf-tap-more", n = left) } else { tr!(lang, "sf-confirm-below") };
            reply.text = format!("{head}\n{}{next}", tr!(lang, "sf-chosen", cards = cards(&chosen)));
            if left > 0 {
                let row = Resource::ALL
                    .iter()
                    .filter(|&&r| from.get(r) > chosen.get(r))
                    .map(|&r| {
                        let mut next = chosen;
                        *next.get_mut(r) += 1;
                        b(
                            Code::Pick(wrap(next)),
                            tr!(lang, "sf-pick-more", resource = text::resource(lang, r), left = from.get(r) - chosen.get(r)),
                            Style::Primary,
                        )
                    })
                    .collect();
                reply.buttons.push(row);
            }
            let mut last = Vec::new();
            if left == 0 {
                let action = if discard { Action::Discard { cards: chosen } } else { Action::ChooseGold { cards: chosen } };
                let label = tr!(lang, if discard { "sf-label-discard" } else { "sf-label-gold" }, cards = cards(&chosen));
                last.push(b(Code::Act(action), label, Style::Success));
            }
            if chosen.total() > 0 {
                last.push(b(Code::Pick(wrap(Resources::default())), tr!(lang, "sf-start-over"), Style::Secondary));
            }
            if !last.is_empty() {
                reply.buttons.push(last);
            }
        }
        Pick::Offer(give, want) => {
            if game.phase() != Phase::Main || seat != game.active_player() {
                return user(tr!(lang, "sf-offer-own-turn"));
            }
            if !me.hand.contains(&give) || want.total() > 19 * 5 {
                return user(tr!(lang, "sf-offer-stale"));
            }
            reply.text = tr!(lang, "sf-offer-build", give = cards(&give), want = cards(&want), hand = cards(&me.hand));
            reply.buttons = trade_rows(lang, id, version, me.hand, give, want, Pick::Offer);
            if !give.is_empty() && !want.is_empty() {
                let mut row =
                    vec![b(Code::Act(Action::OfferTrade { give, want, to: None }), tr!(lang, "sf-offer-everyone"), Style::Success)];
                for other in (0..game.player_count()).filter(|&s| s != seat).take(reply::MAX_BUTTONS_PER_ROW - 1) {
                    let label = tr!(lang, "sf-offer-to", name = names.list().get(other).map_or("?", String::as_str));
                    row.push(b(Code::Act(Action::OfferTrade { give, want, to: Some(other as u8) }), label, Style::Primary));
                }
                reply.buttons.push(row);
            }
            // With one card chosen, its "−1" already leads back to the empty offer (and a
            // message may not carry one custom id twice: Discord refuses it whole).
            if give.total() + want.total() > 1 {
                reply.buttons.push(vec![b(
                    Code::Pick(Pick::Offer(Resources::default(), Resources::default())),
                    tr!(lang, "sf-start-over"),
                    Style::Secondary,
                )]);
            }
        }
        Pick::Counter(give, want) => {
            let offer = match game.offer() {
                Some(offer) if super::seats::answering(game).contains(&seat) => offer,
                Some(offer) if offer.answered(seat as u8) => return user(tr!(lang, "sf-counter-answered")),
                Some(offer) if offer.from as usize == seat => return user(tr!(lang, "sf-counter-own")),
                Some(_) if game.phase() != Phase::Main => return user(tr!(lang, "sf-counter-later")),
                Some(_) => return user(tr!(lang, "sf-counter-not-you")),
                None => return user(tr!(lang, "sf-counter-none")),
            };
            if me.hand.is_empty() {
                return user(tr!(lang, "sf-counter-no-cards"));
            }
            // What the player cannot give is left out (the button starts from the offer's terms).
            let mut give = give;
            for r in Resource::ALL {
                *give.get_mut(r) = give.get(r).min(me.hand.get(r));
            }
            let from = names.of(offer.from.into());
            reply.text = tr!(
                lang,
                "sf-counter-build",
                from = from,
                give = cards(&offer.give),
                want = cards(&offer.want),
                mine = cards(&give),
                theirs = cards(&want),
                hand = cards(&me.hand)
            );
            reply.buttons = trade_rows(lang, id, version, me.hand, give, want, Pick::Counter);
            let mut last = Vec::new();
            if give == offer.want && want == offer.give {
                last.push(b(Code::Act(Action::AnswerTrade { accept: true }), tr!(lang, "sf-counter-same"), Style::Success));
            } else if !give.is_empty() && !want.is_empty() {
                let label = tr!(lang, "sf-counter-send", give = cards(&give), want = cards(&want));
                last.push(b(Code::Act(Action::CounterTrade { give, want }), label, Style::Success));
            }
            // As in the offer's builder: with one card chosen its "−1" is the way back.
            if give.total() + want.total() > 1 {
                last.push(b(
                    Code::Pick(Pick::Counter(Resources::default(), Resources::default())),
                    tr!(lang, "sf-start-over"),
                    Style::Secondary,
                ));
            }
            if !last.is_empty() {
                reply.buttons.push(last);
            }
        }
    }
    Ok(reply)
}

/// The rows of a trade builder: "Give +1" for each card the player holds more of, "Want +1" for
/// each kind they do not give, and "−1" for each kind on either side. `wrap` makes the code of
/// the builder's next state (an offer or a counter).
fn trade_rows(
    lang: Locale,
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
        .map(|&r| b(wrap(plus(r, give), want), tr!(lang, "sf-give-more", resource = text::resource(lang, r)), Style::Primary))
        .collect();
    let want_row: Vec<Button> = Resource::ALL
        .iter()
        .filter(|&&r| give.get(r) == 0 && want.get(r) < 19)
        .map(|&r| b(wrap(give, plus(r, want)), tr!(lang, "sf-want-more", resource = text::resource(lang, r)), Style::Secondary))
        .collect();
    // Give and want never share a kind, so this row holds at most five buttons.
    let less_row: Vec<Button> = Resource::ALL
        .iter()
        .filter_map(|&r| {
            if give.get(r) > 0 {
                Some(b(wrap(minus(r, give), want), tr!(lang, "sf-give-less", resource = text::resource(lang, r)), Style::Secondary))
            } else if want.get(r) > 0 {
                Some(b(wrap(give, minus(r, want)), tr!(lang, "sf-want-less", resource = text::resource(lang, r)), Style::Secondary))
            } else {
                None
            }
        })
        .collect();
    [give_row, want_row, less_row].into_iter().filter(|row| !row.is_empty()).collect()
}

/// A player's own view of the game, for them alone, in their language (`lang`): their cards,
/// what they can build and afford, their rates with the bank, their pieces left.
pub(crate) fn hand(game: &Game, table: &Table, version: i64, seat: usize, lang: Locale) -> Reply {
    let names = names_of(table).reading(lang);
    let me = game.player(seat);
    let mut lines = vec![tr!(lang, "sf-hand-head", player = names.long(seat), id = table.record.id)];
    lines.push(tr!(lang, "sf-hand-cards", n = me.hand.total(), cards = text::cards(lang, &me.hand)));
    let dev: Vec<String> = DevCard::ALL
        .iter()
        // `dev` holds every card, those bought this turn (`new_dev`) among them.
        .filter(|&&c| me.dev.get(c) > 0)
        .map(|&c| {
            let new = me.new_dev.get(c);
            let mut s = tr!(lang, "sf-hand-dev-card", card = text::card_name(lang, c), n = me.dev.get(c));
            if new > 0 && c != DevCard::VictoryPoint {
                s.push_str(&tr!(lang, "sf-hand-dev-new", n = new));
            }
            s
        })
        .collect();
    let dev = if dev.is_empty() { tr!(lang, "sf-hand-none") } else { dev.join(", ") };
    lines.push(tr!(lang, "sf-hand-dev", cards = dev));
    let hidden = me.points - game.public_points(seat);
    let hidden = if hidden > 0 { tr!(lang, "sf-hand-hidden", n = hidden) } else { String::new() };
    lines.push(tr!(lang, "sf-hand-points", points = me.points, hidden = hidden, target = game.target()));
    let costs = [
        ("road", Resources::ROAD, me.roads_left),
        ("ship", Resources::SHIP, me.ships_left),
        ("settlement", Resources::SETTLEMENT, me.settlements_left),
        ("city", Resources::CITY, me.cities_left),
        ("dev", Resources::DEV_CARD, u8::from(game.deck_size() > 0)),
    ];
    let afford: Vec<String> = costs
        .iter()
        .filter(|(_, cost, left)| *left > 0 && me.hand.contains(cost))
        .map(|(piece, _, _)| tr!(lang, "sf-piece", piece = *piece))
        .collect();
    let afford = if afford.is_empty() { tr!(lang, "sf-hand-nothing-yet") } else { afford.join(", ") };
    lines.push(tr!(lang, "sf-hand-afford", what = afford));
    let rates: Vec<String> =
        Resource::ALL.iter().map(|&r| format!("{} {}:1", text::resource_name(lang, r), game.trade_rate(seat, r))).collect();
    lines.push(tr!(lang, "sf-hand-rates", rates = rates.join(" · ")));
    lines.push(tr!(
        lang,
        "sf-hand-pieces",
        settlements = me.settlements_left,
        cities = me.cities_left,
        roads = me.roads_left,
        ships = me.ships_left
    ));
    if game.to_act().contains(&seat) {
        lines.push(tr!(lang, "sf-hand-now", task = text::task(lang, game, seat)));
    }
    Reply { game: Some((table.record.id, version)), delivery: reply::Delivery::Ephemeral, text: lines.join("\n"), ..Reply::default() }
}

/// The first seat in this round's turn order that a person plays: where a round's standings
/// are said. Turn 1 (after the setup) is the first player's, and turns follow the seats.
fn first_person_of_round(game: &Game, table: &Table) -> Option<usize> {
    let players = game.player_count().max(1);
    let first = (game.active_player() + players - (game.turn().saturating_sub(1) as usize % players)) % players;
    (0..players).map(|k| (first + k) % players).find(|&seat| table.computer_at(seat).is_none())
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

/// A scenario's name in a language (the ruleset's own is English; a scenario the message files
/// do not name keeps it).
pub(crate) fn scenario_name(lang: Locale, scenario: &seafarers_engine::ScenarioMap) -> String {
    let id = format!("seafarers-scenario-{}", scenario.id);
    if crate::i18n::has(lang, &id) { tr!(lang, &id) } else { scenario.name.clone() }
}

/// The lobby's line about the game's options.
pub(crate) fn lobby_rules(record: &GameRecord, locale: Locale) -> String {
    match super::options::decode(&record.options) {
        Ok((scenario, options)) => {
            let name = scenario_name(locale, &scenario);
            let pirate = if options.pirate { "yes" } else { "no" };
            crate::tr!(locale, "seafarers-lobby-rules", scenario = name, target = scenario.target, pirate = pirate)
        }
        Err(_) => crate::tr!(locale, "seafarers-lobby-rules-unknown"),
    }
}
