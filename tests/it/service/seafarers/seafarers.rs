//! Catan: Seafarers at the table, through the service: whole games of every scenario played by
//! taps alone (two people and a computer), hidden cards that never reach a public message,
//! several people owing a discard at once (each pinged once, each with their own deadline,
//! each deadline taken once), trades offered, answered and confirmed, and bad input.

use crate::support::{PLACE, TempDb, all_posted, on_both_databases, player};
use seafarers_engine::{Action, Bot, Game, Options, Phase, Resources, Ruleset, Setup, Strategy};
use southseas::games::Strength;
use southseas::games::seafarers::codes::{Code, Pick};
use southseas::games::seafarers::{Seafarers, SeafarersOptions};
use southseas::service::clock::ManualClock;
use southseas::service::{Actor, Command, ComponentId, Delivery, Reply, Service, ServiceError};
use southseas::store::{self, OnTimeout, Store};
use std::time::Duration;

const HOUR: Duration = Duration::from_secs(3600);

async fn open(db: &TempDb, clock: &ManualClock) -> Service {
    Service::new(Store::open(&db.url()).await.expect("database opens"), None).with_clock(clock.clone())
}

fn options(scenario: &str, seed: u64, limit: Duration) -> SeafarersOptions {
    SeafarersOptions {
        scenario: scenario.into(),
        seed: Some(seed),
        turn_limit_secs: limit.as_secs() as i64,
        on_timeout: OnTimeout::PlayTurn,
        ..SeafarersOptions::default()
    }
}

/// What a table of players saw: every public message and every private post, in order.
#[derive(Default)]
struct Seen {
    public: Vec<Reply>,
    private: Vec<Reply>,
    ephemeral: Vec<Reply>,
}

impl Seen {
    fn take(&mut self, mut reply: Reply) -> Reply {
        if reply.delivery == Delivery::Ephemeral {
            self.ephemeral.push(reply.clone());
            return reply;
        }
        self.private.extend(std::mem::take(&mut reply.private));
        if reply.delivery != Delivery::ComponentsOnly {
            self.public.push(reply.clone());
        }
        reply
    }

    /// The newest public message: the one whose buttons a player taps.
    fn current(&self) -> &Reply {
        self.public.last().expect("a message")
    }
}

async fn click(service: &Service, actor: &Actor, id: &str, value: Option<&str>) -> Result<Reply, ServiceError> {
    service.click(PLACE, actor, id, value).await
}

fn code_of(id: &str) -> Option<Code> {
    match ComponentId::parse(id)?.command? {
        Command::Game(code) => Code::parse(&code),
        _ => None,
    }
}

/// Taps the way to `action` on `message`, as a player would: a button, a menu option, a menu
/// behind a button (page after page), or a private builder of cards. Panics if no taps lead
/// there: every legal step must be reachable by taps.
async fn tap(service: &Service, seen: &mut Seen, actor: &Actor, message: &Reply, action: Action) -> Reply {
    let want = Code::Act(action);
    let buttons: Vec<_> = message.buttons.iter().flatten().cloned().collect();
    if let Some(b) = buttons.iter().find(|b| code_of(&b.id) == Some(want)) {
        return seen.take(click(service, actor, &b.id, None).await.expect("the step is taken"));
    }
    if let Some(reply) = through_menu(service, seen, actor, message, want).await {
        return reply;
    }
    for b in &buttons {
        match code_of(&b.id) {
            Some(Code::Menu(..)) => {
                // A build, a card or a trade with the bank depends on the player's cards: it
                // opens privately, a menu or why there is none (a refusal changes nothing).
                let view = match click(service, actor, &b.id, None).await {
                    Ok(view) => view,
                    Err(ServiceError::User(_)) => continue,
                    Err(e) => panic!("a menu's button failed: {e}"),
                };
                assert!(
                    view.delivery == Delivery::ComponentsOnly || view.delivery == Delivery::Ephemeral,
                    "a menu is another view of the same message, or private"
                );
                if let Some(reply) = through_menu(service, seen, actor, &view, want).await {
                    return reply;
                }
            }
            Some(Code::Zone(_)) => {
                // Too many spots for one picture: each zone's close-up opens privately, with a
                // menu of its spots for the player to act.
                let view = click(service, actor, &b.id, None).await.expect("a zone opens");
                assert!(view.delivery == Delivery::Ephemeral && view.show_board, "a zone's close-up is private and drawn: {}", view.text);
                if let Some(reply) = through_menu(service, seen, actor, &view, want).await {
                    return reply;
                }
            }
            Some(Code::Pick(pick @ (Pick::Offer(..) | Pick::Counter(..)))) => {
                let (give, wanted) = match (pick, action) {
                    (Pick::Offer(..), Action::OfferTrade { give, want, .. }) | (Pick::Counter(..), Action::CounterTrade { give, want }) => {
                        (give, want)
                    }
                    _ => continue,
                };
                let mut view = click(service, actor, &b.id, None).await.expect("a builder opens");
                assert!(view.delivery == Delivery::Ephemeral, "a trade is built privately: {}", view.text);
                // One tap at a time towards the terms: the "+1" or "−1" that comes closest.
                let far = |g: &Resources, w: &Resources| -> u32 {
                    seafarers_engine::Resource::ALL
                        .iter()
                        .map(|&r| g.get(r).abs_diff(give.get(r)) as u32 + w.get(r).abs_diff(wanted.get(r)) as u32)
                        .sum()
                };
                let mut now = match pick {
                    Pick::Offer(g, w) | Pick::Counter(g, w) => far(&g, &w),
                    _ => unreachable!(),
                };
                loop {
                    if let Some(done) = view.buttons.iter().flatten().find(|b| code_of(&b.id) == Some(want)) {
                        return seen.take(click(service, actor, &done.id, None).await.expect("the trade step is taken"));
                    }
                    let next = view
                        .buttons
                        .iter()
                        .flatten()
                        .filter_map(|b| match code_of(&b.id) {
                            Some(Code::Pick(Pick::Offer(g, w) | Pick::Counter(g, w))) => Some((far(&g, &w), b.clone())),
                            _ => None,
                        })
                        .filter(|(d, _)| *d < now)
                        .min_by_key(|(d, _)| *d);
                    let Some((d, next)) = next else { panic!("the builder offers no way to {action:?}: {view:?}") };
                    view = click(service, actor, &next.id, None).await.expect("a tap in the builder");
                    now = d;
                }
            }
            Some(Code::Pick(pick)) => {
                let target = match (pick, action) {
                    (Pick::Discard(_), Action::Discard { cards }) | (Pick::Gold(_), Action::ChooseGold { cards }) => cards,
                    _ => continue,
                };
                let mut view = click(service, actor, &b.id, None).await.expect("a builder opens");
                assert!(view.delivery == Delivery::Ephemeral, "a builder of cards is for the player alone: {}", view.text);
                loop {
                    let next = view.buttons.iter().flatten().find(|b| match code_of(&b.id) {
                        Some(Code::Act(a)) => a == action,
                        Some(Code::Pick(Pick::Discard(r) | Pick::Gold(r))) => target.contains(&r) && r.total() > 0,
                        _ => false,
                    });
                    let Some(next) = next.cloned() else { panic!("the builder offers no way to {action:?}: {view:?}") };
                    let reply = click(service, actor, &next.id, None).await.expect("a tap in the builder");
                    if reply.delivery != Delivery::Ephemeral {
                        return seen.take(reply);
                    }
                    view = reply;
                }
            }
            _ => {}
        }
    }
    panic!(
        "no taps lead to {action:?} on:\n{}\n{:#?}",
        message.text,
        message.buttons.iter().flatten().map(|b| &b.label).collect::<Vec<_>>()
    );
}

/// Picks `want` from the message's menu, paging as needed.
async fn through_menu(service: &Service, seen: &mut Seen, actor: &Actor, message: &Reply, want: Code) -> Option<Reply> {
    let mut menu = message.menu.clone()?;
    let mut visited = Vec::new();
    loop {
        if let Some(o) = menu.options.iter().find(|o| Code::parse(&o.value) == Some(want)) {
            return Some(seen.take(click(service, actor, &menu.id, Some(&o.value)).await.expect("the step is taken")));
        }
        assert!(menu.options.len() <= 25, "Discord's limit of 25 options");
        let next = menu.options.iter().find(|o| matches!(Code::parse(&o.value), Some(Code::Menu(..))) && !visited.contains(&o.value))?;
        visited.push(next.value.clone());
        let view = click(service, actor, &menu.id, Some(&next.value)).await.expect("the next page");
        menu = view.menu?;
    }
}

/// The computer plays until a person is asked (the scheduler's work, done by hand here). A
/// computer's offer waits for the people it is open to: they decline it, by taps.
async fn computers(service: &Service, seen: &mut Seen) {
    computers_with(service, seen, false).await;
}

/// [`computers`]; with `trade`, the people answer a computer's offer as a trading player would
/// (accept, decline or a counter built by taps).
async fn computers_with(service: &Service, seen: &mut Seen, trade: bool) {
    for step in 0..500u64 {
        all_posted(service).await;
        let replies = service.run_due().await.expect("run due");
        if replies.is_empty() {
            let (game, _, _, _) = service.snapshot::<Seafarers>(PLACE, 0).await.expect("snapshot");
            let from_computer = match game.offer() {
                Some(o) => person_at(service, o.from.into()).await.is_none(),
                None => false,
            };
            let Some((seat, actor)) = (if from_computer { answering_person(service, &game).await } else { None }) else { return };
            let message = seen.current().clone();
            // Pinged once: by the message that made the offer, or by a later one asking for it
            // (another person's answer to the same offer names them without pinging them).
            let pinged = |r: &Reply| r.mention == Some(actor.user_id) || r.more_mentions.contains(&actor.user_id);
            let last_ping = seen.public.iter().rposition(pinged);
            assert!(
                last_ping.is_some_and(|k| seen.public[k..].iter().all(|r| r.text.contains("offers you a trade"))),
                "the people a computer's offer waits for are pinged: {}",
                message.text
            );
            assert!(message.text.contains(&format!("<@{}>", actor.user_id)), "and named while it waits: {}", message.text);
            let decline = Action::AnswerTrade { accept: false };
            let answer = if trade { Bot::trading(Strategy::Greedy, step).answer(&game, seat).unwrap_or(decline) } else { decline };
            tap(service, seen, &actor, &message, answer).await;
            continue;
        }
        for r in replies {
            seen.take(r);
        }
    }
    panic!("the computer never stops");
}

/// The person at `seat` (the tests' players are `player(0)`, `player(1)`, ...).
async fn person_at(service: &Service, seat: usize) -> Option<Actor> {
    for n in 0..5 {
        let p = player(n);
        if seat_of(service, &p).await == Some(seat) {
            return Some(p);
        }
    }
    None
}

/// A person the open offer still waits for, with their seat.
async fn answering_person(service: &Service, game: &Game) -> Option<(usize, Actor)> {
    for seat in game.answering() {
        if let Some(actor) = person_at(service, seat).await {
            return Some((seat, actor));
        }
    }
    None
}

async fn seat_of(service: &Service, actor: &Actor) -> Option<usize> {
    service.snapshot::<Seafarers>(PLACE, actor.user_id).await.expect("snapshot").2
}

/// Plays a started game to its end: people choose as the engine's `strategy` would and tap
/// their way to it. Returns what everyone saw and the final game.
async fn play_to_the_end(service: &Service, people: &[Actor], seen: &mut Seen, strategy: Strategy) -> Game {
    let mut seats = Vec::new();
    for a in people {
        seats.push((seat_of(service, a).await.expect("seated"), a.clone()));
    }
    for step in 0..20_000u64 {
        computers_with(service, seen, true).await;
        let (game, _, _, _) = service.snapshot::<Seafarers>(PLACE, 0).await.expect("snapshot");
        if game.is_over() {
            return game;
        }
        // People trade as the trading computers do: an open offer is answered first (accept,
        // decline or a counter, by taps); the offerer confirms an answer worth it, or goes on.
        if let Some((seat, actor)) = answering_person(service, &game).await {
            let answer = Bot::trading(strategy, step).answer(&game, seat).expect("an answer");
            let message = seen.current().clone();
            tap(service, seen, &actor, &message, answer).await;
            continue;
        }
        let Some((seat, actor)) = game.to_act().into_iter().find_map(|s| seats.iter().find(|(x, _)| *x == s).cloned()) else {
            panic!("nobody is asked, and the computer does not move: {:?}", game.phase());
        };
        let action = Bot::trading(strategy, step).choose(&game, seat).expect("a legal step");
        let message = seen.current().clone();
        tap(service, seen, &actor, &message, action).await;
    }
    panic!("the game never ends");
}

/// Everything public says no more than what everyone may know: no stolen card's kind, no
/// bought card's kind; the private posts carry them to their players alone.
fn assert_private_things_stay_private(seen: &Seen) {
    for r in &seen.public {
        assert!(!matches!(r.delivery, Delivery::Private { .. }) && r.delivery != Delivery::Ephemeral);
        for secret in ["You stole", "stole 1 ", "You bought", "Your hand"] {
            assert!(!r.text.contains(secret), "public message tells a secret ({secret}):\n{}", r.text);
        }
    }
    for r in &seen.private {
        assert!(matches!(r.delivery, Delivery::Private { .. }), "a private post is addressed to one player: {}", r.text);
        assert!(r.buttons.is_empty() && r.menu.is_none());
    }
}

/// Two people and a computer play every scenario to its end, by taps alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_scenario_plays_to_its_end_by_taps_alone() {
    // Trades at the table over the six games: the computer answering the people's offers, and
    // offers confirmed (the people trade as the computers do, by taps).
    let (mut computer_took, mut traded) = (0, 0);
    for (i, scenario) in Ruleset::CURRENT.scenario_ids().into_iter().enumerate() {
        let db = TempDb::new(&format!("seafarers-{scenario}"));
        let service = open(&db, &ManualClock::at(1_800_000_000_000)).await;
        let people = vec![player(0), player(1)];
        let mut seen = Seen::default();
        seen.take(service.create(PLACE, &people[0], options(scenario, 40 + i as u64, 24 * HOUR)).await.expect("create"));
        seen.take(service.join(PLACE, &people[1]).await.expect("join"));
        seen.take(service.add_computer(PLACE, &people[0], Strength::Medium).await.expect("a computer sits down"));
        let lobby = seen.current().text.clone();
        assert!(lobby.contains("Scenario:") && lobby.contains("points"), "the lobby says what is played: {lobby}");
        seen.take(service.start(PLACE, &people[0]).await.expect("start"));
        let game = play_to_the_end(&service, &people, &mut seen, Strategy::Greedy).await;
        let last = seen.current();
        // The winner leads, with their final points and what each player's are made of.
        assert!(last.text.starts_with("🏁 ") && last.text.contains(" wins with **"), "{scenario}: the end says who won: {}", last.text);
        let winner = game.winner().expect("a winner");
        let points = game.player(winner).points;
        assert!(last.text.lines().next().unwrap().contains(&format!("**{points} points**")), "{scenario}: the final points: {}", last.text);
        assert!(last.text.contains("\n1. "), "{scenario}: each player's points, best first: {}", last.text);
        let mut pinged = last.more_mentions.clone();
        pinged.extend(last.mention);
        for p in &people {
            assert!(pinged.contains(&p.user_id), "{scenario}: every person is pinged at the end");
        }
        assert!(game.winner().is_some());
        assert_private_things_stay_private(&seen);
        for r in &seen.public {
            computer_took += r.text.lines().filter(|l| l.contains("🤖") && (l.contains("✅ accepts") || l.contains(" counters: "))).count();
            traded += r.text.lines().filter(|l| l.starts_with("🤝 ") && l.contains(" gave ")).count();
        }
        assert!(
            seen.private.iter().any(|r| r.text.contains("You bought") || r.text.contains("You stole") || r.text.contains("from you")),
            "{scenario}: a card bought or stolen is told to its players by direct message"
        );
        for r in &seen.public {
            assert!(r.text.chars().count() <= 2000, "Discord's limit");
            assert!(r.buttons.len() <= 5 && r.buttons.iter().all(|row| row.len() <= 5), "5 rows of 5 buttons");
            assert!(r.buttons.iter().flatten().all(|b| b.id.len() <= 100 && b.label.chars().count() <= 80));
        }
        let hand = service.hand(PLACE, &people[0]).await.expect("my hand");
        assert!(hand.delivery == Delivery::Ephemeral && hand.text.contains("Your hand"), "{}", hand.text);
    }
    assert!(computer_took > 0, "the computer took or countered people's offers: {computer_took}");
    assert!(traded > 0, "trades were made at the table: {traded}");
}

/// Hard computers at the table: a person and two of them play New Shores for a few rounds, the
/// computers searching (untimed here, so with their full budget) and every step of theirs
/// taken by the service as legal; their setups and first turns are on the board.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hard_computers_play_their_turns_at_the_table() {
    let db = TempDb::new("seafarers-hard");
    let service = open(&db, &ManualClock::at(1_800_000_000_000)).await;
    let person = player(0);
    let mut seen = Seen::default();
    seen.take(service.create(PLACE, &person, options("new-shores", 7, 24 * HOUR)).await.expect("create"));
    for _ in 0..2 {
        seen.take(service.add_computer(PLACE, &person, Strength::Hard).await.expect("a hard computer sits down"));
    }
    seen.take(service.start(PLACE, &person).await.expect("start"));
    let me = seat_of(&service, &person).await.expect("seated");
    let game = loop {
        computers(&service, &mut seen).await;
        let (game, _, _, _) = service.snapshot::<Seafarers>(PLACE, 0).await.expect("snapshot");
        // Two rounds after the setup: each computer has had two turns of its own.
        if game.turn() > 6 || game.is_over() {
            break game;
        }
        assert!(game.to_act().contains(&me), "nobody is asked, and the computer does not move: {:?}", game.phase());
        let action = Bot::new(Strategy::Greedy, u64::from(game.turn())).choose(&game, me).expect("a legal step");
        let message = seen.current().clone();
        tap(&service, &mut seen, &person, &message, action).await;
    };
    for seat in (0..3).filter(|&s| s != me) {
        let built = game.buildings().iter().filter(|(_, b)| b.owner as usize == seat).count();
        assert!(built >= 2, "computer seat {seat} placed its setup: {built} buildings");
    }
    assert_private_things_stay_private(&seen);
}

/// A person typing against two computers: each step that hands them the turn is told by their
/// run's one message (no message of its own), which then pings the person.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_typed_hand_over_to_the_computers_is_told_by_their_run() {
    let db = TempDb::new("seafarers-typed-hand-over");
    let service = open(&db, &ManualClock::at(1_800_000_000_000)).await;
    let person = player(0);
    service.create(PLACE, &person, options("new-shores", 11, 24 * HOUR)).await.expect("create");
    for _ in 0..2 {
        service.add_computer(PLACE, &person, Strength::Easy).await.expect("a computer sits down");
    }
    service.start(PLACE, &person).await.expect("start");
    all_posted(&service).await;
    let me = seat_of(&service, &person).await.expect("seated");
    let mut told = 0;
    for step in 0..400u64 {
        // The computers' turns before the person's (the start may be theirs).
        for _ in 0..20 {
            if service.run_due().await.expect("run due").is_empty() {
                break;
            }
            all_posted(&service).await;
        }
        let (game, _, _, _) = service.snapshot::<Seafarers>(PLACE, 0).await.expect("snapshot");
        if game.is_over() || told == 4 {
            break;
        }
        assert!(game.to_act().contains(&me), "the person's turn: {:?}", game.phase());
        let action = Bot::new(Strategy::Greedy, step).choose(&game, me).expect("a legal step");
        let reply = service.act(PLACE, &person, action).await.expect("the typed step");
        let (after, _, _, _) = service.snapshot::<Seafarers>(PLACE, 0).await.expect("snapshot");
        if after.to_act().contains(&me) || after.is_over() {
            assert!(reply.carried().is_none(), "still the person's: told at once: {}", reply.text);
            all_posted(&service).await;
            continue;
        }
        let lines = reply.carried().map(<[String]>::to_vec).expect("handed to the computers: their run tells it");
        assert!(!reply.delivery.is_new_message());
        let runs = service.run_due().await.expect("run due");
        assert_eq!(runs.len(), 1, "one message for the step and the run: {runs:#?}");
        assert!(runs[0].text.contains(&lines.join("\n")), "{lines:?} / {}", runs[0].text);
        assert!(runs[0].delivery.is_new_message() && runs[0].carried().is_none());
        let mut conn = service.store().pool().acquire().await.expect("connection");
        assert_eq!(store::pending_posts(&mut conn).await.expect("outbox"), 1, "the step's post was taken over");
        drop(conn);
        all_posted(&service).await;
        told += 1;
    }
    assert_eq!(told, 4, "four hand-overs told by the computers' runs");
}

/// A person plays the engine's greedy choices; which seed lets a seven find at least two
/// people with more than seven cards early on, the one who rolled it among them (the engine
/// alone, as the service will play it).
fn seven_for_two(scenario: &str) -> (u64, usize) {
    for seed in 0..400u64 {
        let setup = Setup::new(Ruleset::CURRENT.scenario(scenario).unwrap(), 3, seed, Options::default()).unwrap();
        let mut game = Game::from_setup(setup).unwrap();
        for step in 0..3000u64 {
            if game.is_over() {
                break;
            }
            let seat = game.to_act()[0];
            let action = Bot::new(Strategy::Random, step).choose(&game, seat).unwrap();
            game.apply(seat, &action).unwrap();
            let owing = game.pending_discards();
            if game.phase() == Phase::Discard && owing.len() >= 2 && owing.iter().any(|d| d.0 as usize == seat) {
                return (seed, step as usize + 1);
            }
        }
    }
    panic!("no seed found");
}

/// Three people at a base table (a seed from [`seven_for_two`], a turn limit of an hour),
/// played by taps with the random player's choices up to the seven that asks two of them to
/// discard: what they saw, and who sits at each seat.
async fn to_a_seven_for_two(service: &Service) -> (Seen, Vec<Actor>) {
    let (seed, steps) = seven_for_two("base");
    let people = vec![player(0), player(1), player(2)];
    let mut seen = Seen::default();
    seen.take(service.create(PLACE, &people[0], options("base", seed, HOUR)).await.expect("create"));
    for p in &people[1..] {
        seen.take(service.join(PLACE, p).await.expect("join"));
    }
    seen.take(service.start(PLACE, &people[0]).await.expect("start"));
    let mut by_seat = vec![people[0].clone(); 3];
    for p in &people {
        by_seat[seat_of(service, p).await.unwrap()] = p.clone();
    }
    for step in 0..steps as u64 {
        let (game, _, _, _) = service.snapshot::<Seafarers>(PLACE, 0).await.unwrap();
        let seat = game.to_act()[0];
        let action = Bot::new(Strategy::Random, step).choose(&game, seat).unwrap();
        let message = seen.current().clone();
        tap(service, &mut seen, &by_seat[seat], &message, action).await;
    }
    (seen, by_seat)
}

on_both_databases! {
/// On a seven, two people owe a discard at once, the roller among them: the others are pinged
/// in one new message (the roller is asked where they rolled, not pinged by their own roll),
/// each has a reminder and a deadline of their own; one discards by taps (nobody is pinged
/// again); the other's time runs out and the computer discards for them, exactly once.
async fn a_seven_asks_two_people_to_discard_at_once(db) {
    let clock = ManualClock::at(1_800_000_000_000);
    let service = open(&db, &clock).await;
    let (mut seen, by_seat) = to_a_seven_for_two(&service).await;
    let (game, _, _, _) = service.snapshot::<Seafarers>(PLACE, 0).await.unwrap();
    assert_eq!(game.phase(), Phase::Discard);
    let owing: Vec<usize> = game.to_act();
    assert!(owing.len() >= 2);
    let seven = seen.current().clone();
    let mut pinged = seven.more_mentions.clone();
    pinged.extend(seven.mention);
    pinged.sort();
    let roller = game.active_player();
    assert!(owing.contains(&roller), "the roller owes a discard too: {owing:?}");
    let mut expected: Vec<u64> = owing.iter().filter(|&&s| s != roller).map(|&s| by_seat[s].user_id).collect();
    expected.sort();
    assert_eq!(pinged, expected, "everyone who owes a discard but the roller is pinged in one message: {}", seven.text);
    assert!(seven.delivery.is_new_message());
    // Each has a reminder and a deadline of their own.
    let mut conn = service.store().pool().acquire().await.unwrap();
    let game_id = seven.game.unwrap().0;
    let due = store::due_items(&mut conn, game_id).await.unwrap();
    drop(conn);
    for user in owing.iter().map(|&s| by_seat[s].user_id) {
        let kinds: Vec<_> = due.iter().filter(|d| d.user_id == user).map(|d| d.kind).collect();
        assert_eq!(kinds.len(), 2, "a reminder and a deadline for {user}: {due:?}");
    }
    // The first discards by taps, privately built; nobody is pinged again.
    all_posted(&service).await;
    clock.advance(Duration::from_secs(600));
    let first = owing[0];
    let n = game.pending_discards().iter().find(|d| d.0 as usize == first).unwrap().1;
    let mut cards = Resources::default();
    let hand = game.player(first).hand;
    for r in seafarers_engine::Resource::ALL {
        let take = hand.get(r).min(n - cards.total() as u8);
        *cards.get_mut(r) += take;
    }
    let after = tap(&service, &mut seen, &by_seat[first], &seven, Action::Discard { cards }).await;
    assert_eq!(after.mention, None, "the others were pinged already: {}", after.text);
    assert!(after.more_mentions.is_empty());
    assert!(after.text.contains("discarded"), "{}", after.text);
    // The others' time runs out: the computer discards for each, once.
    all_posted(&service).await;
    clock.advance(HOUR);
    let mut timed_out = Vec::new();
    for _ in 0..10 {
        all_posted(&service).await;
        let replies = service.run_due().await.unwrap();
        if replies.is_empty() {
            break;
        }
        for r in replies {
            timed_out.extend(r.text.lines().filter(|l| l.contains("time ran out")).map(str::to_string));
            seen.take(r);
        }
    }
    for &seat in &owing[1..] {
        let name = &by_seat[seat].name;
        assert_eq!(timed_out.iter().filter(|l| l.contains(name.as_str())).count(), 1, "{name}'s deadline is taken once: {timed_out:?}");
    }
    assert!(!timed_out.iter().any(|l| l.contains(by_seat[first].name.as_str())), "the one who discarded has no deadline left");
    let (game, _, _, _) = service.snapshot::<Seafarers>(PLACE, 0).await.unwrap();
    assert_ne!(game.phase(), Phase::Discard, "every discard is made");
    assert_private_things_stay_private(&seen);
}

}

/// A person's hoarding step at a base table: roll, then end the turn (so hands grow past
/// seven); any other decision (the setup, a discard, the robber) as the random player's.
fn hoarding(game: &Game, seat: usize, step: u64) -> Action {
    match game.phase() {
        Phase::Roll => Action::Roll,
        Phase::Main => Action::EndTurn,
        _ => Bot::new(Strategy::Random, step).choose(game, seat).expect("a legal step"),
    }
}

on_both_databases! {
/// The computer rolls a seven that it and a person must answer with a discard, and discards
/// first, in the same run: the run's one message pings the person (it is the first to ask
/// them). Three people hoard their cards; one goes away on a turn it starts with more than
/// seven cards while another has more than seven too, so the computer rolls for it.
async fn a_person_owing_a_discard_after_the_computers_seven_is_pinged(db) {
    let clock = ManualClock::at(1_800_000_000_000);
    let service = open(&db, &clock).await;
    let people = vec![player(0), player(1), player(2)];
    service.create(PLACE, &people[0], options("base", 3, HOUR)).await.expect("create");
    for p in &people[1..] {
        service.join(PLACE, p).await.expect("join");
    }
    service.start(PLACE, &people[0]).await.expect("start");
    let mut by_seat = vec![people[0].clone(); 3];
    for p in &people {
        by_seat[seat_of(&service, p).await.unwrap()] = p.clone();
    }
    let mut runs = 0;
    for step in 0..3000u64 {
        all_posted(&service).await;
        let (game, _, _, _) = service.snapshot::<Seafarers>(PLACE, 0).await.unwrap();
        assert!(!game.is_over(), "nobody builds: the game never ends");
        let active = game.active_player();
        let hoarded = |s: usize| game.player(s).hand.total() > 7;
        if game.phase() != Phase::Roll || !hoarded(active) || !(0..3).any(|s| s != active && hoarded(s)) {
            let seat = game.to_act()[0];
            service.act(PLACE, &by_seat[seat], hoarding(&game, seat, step)).await.expect("the step is taken");
            continue;
        }
        // Away on their own turn: the computer plays it, from the roll on, in one run.
        let away = by_seat[active].clone();
        service.away(PLACE, &away, None).await.expect("away");
        let mut replies = Vec::new();
        for _ in 0..10 {
            all_posted(&service).await;
            let run = service.run_due().await.expect("run due");
            if run.is_empty() {
                break;
            }
            replies.extend(run);
        }
        service.back(PLACE, &away).await.expect("back");
        runs += 1;
        let (after, _, _, _) = service.snapshot::<Seafarers>(PLACE, 0).await.unwrap();
        if after.phase() != Phase::Discard {
            continue;
        }
        // A seven: the computer discarded for the seat away, and stopped at the people's.
        assert!(!after.to_act().contains(&active), "the computer discarded first: {:?}", after.to_act());
        let message = replies.last().expect("the run's message");
        // The discard, in the run's few words: "✋ −2🐑 −2🪨".
        assert!(message.delivery.is_new_message() && message.text.contains("✋ ") && message.text.contains('−'), "{}", message.text);
        let mut pinged = message.more_mentions.clone();
        pinged.extend(message.mention);
        pinged.sort();
        let mut owing: Vec<u64> = after.to_act().iter().map(|&s| by_seat[s].user_id).collect();
        owing.sort();
        assert_eq!(pinged, owing, "every person asked to discard is pinged by the run that asks them:\n{}", message.text);
        // The first person's discard pings nobody again while another still owes one.
        if let [seat, _, ..] = after.to_act()[..] {
            let cards = some_discard(&after, seat);
            let discarded = service.act(PLACE, &by_seat[seat], Action::Discard { cards }).await.expect("discard");
            assert_eq!((discarded.mention, discarded.more_mentions.len()), (None, 0), "{}", discarded.text);
        }
        return;
    }
    panic!("no seven rolled by the computer for a hoarding table in {runs} turns away");
}
}

/// The cards a greedy-free test discards for `seat`: the first kinds of its hand, as many as owed.
fn some_discard(game: &Game, seat: usize) -> Resources {
    let n = game.pending_discards().iter().find(|d| d.0 as usize == seat).unwrap().1;
    let mut cards = Resources::default();
    let hand = game.player(seat).hand;
    for r in seafarers_engine::Resource::ALL {
        let take = hand.get(r).min(n - cards.total() as u8);
        *cards.get_mut(r) += take;
    }
    cards
}

/// One tap on a private discard builder towards `cards`: the next "+1" or the confirmation.
async fn tap_builder(service: &Service, actor: &Actor, view: &Reply, cards: Resources) -> Result<Reply, ServiceError> {
    let next = view
        .buttons
        .iter()
        .flatten()
        .find(|b| match code_of(&b.id) {
            Some(Code::Act(Action::Discard { cards: c })) => c == cards,
            Some(Code::Pick(Pick::Discard(r))) => cards.contains(&r) && r.total() > 0,
            _ => false,
        })
        .unwrap_or_else(|| panic!("the builder leads to {cards:?}: {view:?}"))
        .clone();
    click(service, actor, &next.id, None).await
}

on_both_databases! {
/// Two people build their discards at the same time: one finishes first, and the other's
/// builder (made before that step) keeps working to the end; nobody is told "out of date".
async fn two_people_build_their_discards_at_the_same_time(db) {
    let service = open(&db, &ManualClock::at(1_800_000_000_000)).await;
    let (mut seen, by_seat) = to_a_seven_for_two(&service).await;
    let (game, _, _, _) = service.snapshot::<Seafarers>(PLACE, 0).await.unwrap();
    let owing = game.to_act();
    let (first, second) = (owing[0], owing[1]);
    let seven = seen.current().clone();
    let open = seven.buttons.iter().flatten().find(|b| matches!(code_of(&b.id), Some(Code::Pick(Pick::Discard(_))))).unwrap().clone();
    // Both open their builders on the same message, then take turns tapping.
    let mut views = Vec::new();
    for seat in [first, second] {
        views.push(click(&service, &by_seat[seat], &open.id, None).await.expect("a builder opens"));
    }
    let targets = [some_discard(&game, first), some_discard(&game, second)];
    let mut done = [false, false];
    while !done.iter().all(|d| *d) {
        for k in 0..2 {
            if done[k] {
                continue;
            }
            let seat = [first, second][k];
            let reply = tap_builder(&service, &by_seat[seat], &views[k], targets[k]).await.unwrap_or_else(|e| panic!("{e:?}"));
            if reply.delivery == Delivery::Ephemeral {
                views[k] = reply;
            } else {
                assert!(reply.text.contains("discarded"), "{}", reply.text);
                seen.take(reply);
                done[k] = true;
            }
        }
    }
    let (after, _, _, _) = service.snapshot::<Seafarers>(PLACE, 0).await.unwrap();
    for (k, seat) in [first, second].into_iter().enumerate() {
        assert!(!after.to_act().contains(&seat) || after.phase() != Phase::Discard, "seat {seat} has discarded");
        assert_eq!(after.player(seat).hand.total(), game.player(seat).hand.total() - targets[k].total());
    }
}
}

/// A table of two people and an easy computer (New Shores), played greedily by taps until a
/// person's main phase where they can offer one card for one the other person holds and, when
/// `extra`, the other holds a further card of a third kind (to sweeten a counter-offer with).
/// Returns the service, what was seen, the game, the offerer and the other person (seat,
/// actor), and the cards: give, want and the extra kind.
struct TradeTable {
    service: Service,
    seen: Seen,
    game: Game,
    me: (usize, Actor),
    other: (usize, Actor),
    give: Resources,
    want: Resources,
    extra: Option<Resources>,
}

async fn to_a_trade(db: &TempDb, extra: bool) -> TradeTable {
    use seafarers_engine::Resource;
    let clock = ManualClock::at(1_800_000_000_000);
    let service = open(db, &clock).await;
    let people = vec![player(0), player(1)];
    let mut seen = Seen::default();
    seen.take(service.create(PLACE, &people[0], options("new-shores", 5, 24 * HOUR)).await.expect("create"));
    seen.take(service.join(PLACE, &people[1]).await.expect("join"));
    seen.take(service.add_computer(PLACE, &people[0], Strength::Easy).await.expect("computer"));
    seen.take(service.start(PLACE, &people[0]).await.expect("start"));
    let mut seats = Vec::new();
    for p in &people {
        seats.push((seat_of(&service, p).await.unwrap(), p.clone()));
    }
    for step in 0..5000u64 {
        computers(&service, &mut seen).await;
        let (game, _, _, _) = service.snapshot::<Seafarers>(PLACE, 0).await.unwrap();
        assert!(!game.is_over());
        let seat = game.to_act()[0];
        let me = seats.iter().find(|(s, _)| *s == seat).cloned();
        if let Some(me) = me
            && game.phase() == Phase::Main
            && game.offer().is_none()
        {
            let other = seats.iter().find(|(s, _)| *s != seat).cloned().unwrap();
            let holds = |s: usize, r: Resource| game.player(s).hand.get(r) > 0;
            let give = Resource::ALL.into_iter().find(|&r| holds(seat, r));
            let want = Resource::ALL.into_iter().find(|&r| holds(other.0, r) && Some(r) != give);
            let third = Resource::ALL.into_iter().find(|&r| holds(other.0, r) && Some(r) != give && Some(r) != want);
            if let (Some(give), Some(want)) = (give, want)
                && (!extra || third.is_some())
            {
                return TradeTable {
                    service,
                    seen,
                    game,
                    me,
                    other,
                    give: Resources::one(give, 1),
                    want: Resources::one(want, 1),
                    extra: third.filter(|_| extra).map(|r| Resources::one(r, 1)),
                };
            }
        }
        let (_, actor) = seats.iter().find(|(s, _)| *s == seat).cloned().expect("a person acts");
        let action = Bot::new(Strategy::Greedy, step).choose(&game, seat).unwrap();
        let message = seen.current().clone();
        tap(&service, &mut seen, &actor, &message, action).await;
    }
    panic!("no chance to trade");
}

/// The offer built by taps on the private builder and offered to everyone.
async fn offer_by_taps(t: &mut TradeTable) {
    let (service, actor, give, want) = (&t.service, &t.me.1, t.give, t.want);
    let message = t.seen.current().clone();
    let open_builder = message
        .buttons
        .iter()
        .flatten()
        .find(|b| matches!(code_of(&b.id), Some(Code::Pick(Pick::Offer(..)))))
        .expect("an offer button")
        .clone();
    let mut view = click(service, actor, &open_builder.id, None).await.unwrap();
    assert!(view.delivery == Delivery::Ephemeral);
    for target in [Code::Pick(Pick::Offer(give, Resources::default())), Code::Pick(Pick::Offer(give, want))] {
        let b = view.buttons.iter().flatten().find(|b| code_of(&b.id) == Some(target)).expect("a builder button").clone();
        view = click(service, actor, &b.id, None).await.unwrap();
    }
    let offer = Code::Act(Action::OfferTrade { give, want, to: None });
    let b = view.buttons.iter().flatten().find(|b| code_of(&b.id) == Some(offer)).expect("offer to everyone").clone();
    let offered = t.seen.take(click(service, actor, &b.id, None).await.unwrap());
    assert!(offered.text.contains("offers"), "{}", offered.text);
    computers(service, &mut t.seen).await;
}

on_both_databases! {
/// A trade offered by taps, answered by the others (a computer declines by itself) and
/// confirmed by the offerer; a forged or stale answer changes nothing.
async fn a_trade_is_offered_answered_and_confirmed(db) {
    let mut t = to_a_trade(&db, false).await;
    offer_by_taps(&mut t).await;
    let (service, actor, other) = (&t.service, t.me.1.clone(), t.other.clone());
    // The other person accepts on the public message.
    let message = t.seen.current().clone();
    let accept = message.buttons.iter().flatten().find(|b| code_of(&b.id) == Some(Code::Act(Action::AnswerTrade { accept: true }))).expect("accept").clone();
    let accepted = t.seen.take(click(service, &other.1, &accept.id, None).await.unwrap());
    assert_eq!(accepted.mention, Some(actor.user_id), "the offerer is pinged to confirm: {}", accepted.text);
    assert!(accepted.text.contains("Open offer") && accepted.text.contains("✅ accepts"), "where the offer stands: {}", accepted.text);
    // A repeated answer is refused and changes nothing.
    assert!(matches!(click(service, &other.1, &accept.id, None).await, Err(ServiceError::User(_))));
    computers(service, &mut t.seen).await;
    let message = t.seen.current().clone();
    let confirm = Code::Act(Action::ConfirmTrade { with: other.0 as u8 });
    let b = message.buttons.iter().flatten().find(|b| code_of(&b.id) == Some(confirm)).expect("confirm").clone();
    let traded = t.seen.take(click(service, &actor, &b.id, None).await.unwrap());
    assert!(traded.text.contains("gave"), "{}", traded.text);
    let (after, _, _, _) = service.snapshot::<Seafarers>(PLACE, 0).await.unwrap();
    assert_eq!(after.player(t.me.0).hand.total(), t.game.player(t.me.0).hand.total());
    assert!(after.player(t.me.0).hand.contains(&t.want));
    assert_private_things_stay_private(&t.seen);
}

/// A counter-offer built by taps on the other person's private builder (it starts from the
/// offer's terms turned round; the player adds a card), sent, shown to the table, and taken by
/// the offerer on its own terms.
async fn a_counter_offer_is_built_by_taps_and_taken_by_the_offerer(db) {
    let mut t = to_a_trade(&db, true).await;
    offer_by_taps(&mut t).await;
    let (service, actor, other, extra) = (&t.service, t.me.1.clone(), t.other.clone(), t.extra.expect("a third card"));
    let message = t.seen.current().clone();
    let counter = message.buttons.iter().flatten().find(|b| matches!(code_of(&b.id), Some(Code::Pick(Pick::Counter(..))))).expect("a counter button").clone();
    // Only those the offer is open to may counter it.
    assert!(matches!(click(service, &actor, &counter.id, None).await, Err(ServiceError::User(_))), "the offerer can't counter their own offer");
    let view = click(service, &other.1, &counter.id, None).await.unwrap();
    assert!(view.delivery == Delivery::Ephemeral, "a counter is built privately: {}", view.text);
    assert!(
        view.buttons.iter().flatten().any(|b| code_of(&b.id) == Some(Code::Act(Action::AnswerTrade { accept: true }))),
        "the offer's own terms are an acceptance: {view:?}"
    );
    let mut sweeter = t.want;
    sweeter.add(&extra);
    let add = Code::Pick(Pick::Counter(sweeter, t.give));
    let b = view.buttons.iter().flatten().find(|b| code_of(&b.id) == Some(add)).expect("Give +1 of a third kind").clone();
    let view = click(service, &other.1, &b.id, None).await.unwrap();
    let send = Code::Act(Action::CounterTrade { give: sweeter, want: t.give });
    let b = view.buttons.iter().flatten().find(|b| code_of(&b.id) == Some(send)).expect("send the counter").clone();
    assert!(b.label.starts_with("Send counter"), "{}", b.label);
    let countered = t.seen.take(click(service, &other.1, &b.id, None).await.unwrap());
    assert!(countered.delivery != Delivery::Ephemeral, "a step taken on a private builder is the table's news");
    assert!(countered.text.contains("counters"), "{}", countered.text);
    assert_eq!(countered.mention, Some(actor.user_id), "the offerer is pinged to decide: {}", countered.text);
    computers(service, &mut t.seen).await;
    let message = t.seen.current().clone();
    let take = Code::Act(Action::ConfirmTrade { with: other.0 as u8 });
    let b = message.buttons.iter().flatten().find(|b| code_of(&b.id) == Some(take)).expect("take the counter").clone();
    assert!(b.label.contains("get"), "the button says what the offerer gets: {}", b.label);
    let traded = t.seen.take(click(service, &actor, &b.id, None).await.unwrap());
    assert!(traded.text.contains("gave"), "{}", traded.text);
    let (after, _, _, _) = service.snapshot::<Seafarers>(PLACE, 0).await.unwrap();
    let (mine, theirs) = (t.game.player(t.me.0).hand, t.game.player(other.0).hand);
    assert_eq!(after.player(t.me.0).hand.total(), mine.total() + 1, "one card given, two got");
    assert!(after.player(t.me.0).hand.contains(&sweeter));
    assert_eq!(after.player(other.0).hand.total(), theirs.total() - 1);
    assert_private_things_stay_private(&t.seen);
}
}

/// What falls due now, once Discord took what was owed.
async fn run_once(service: &Service) -> Vec<Reply> {
    all_posted(service).await;
    service.run_due().await.expect("run due")
}

/// The scheduler's work until nothing more is due now (the computers' turns, their answers),
/// each message seen by the table.
async fn run_until_quiet(service: &Service, seen: &mut Seen) {
    loop {
        let replies = run_once(service).await;
        if replies.is_empty() {
            return;
        }
        replies.into_iter().for_each(|r| drop(seen.take(r)));
    }
}

/// A computer's offer put to two people pings both once: when the first declines, the message
/// that says so names the other, who still owes an answer, without pinging them again.
#[tokio::test]
async fn a_computers_offer_to_two_people_pings_each_once() {
    let db = TempDb::new("seafarers-offer-pings-once");
    let clock = ManualClock::at(1_800_000_000_000);
    let service = open(&db, &clock).await;
    let people = [player(0), player(1)];
    let mut seen = Seen::default();
    seen.take(service.create(PLACE, &people[0], options("new-shores", 3, 24 * HOUR)).await.expect("create"));
    seen.take(service.join(PLACE, &people[1]).await.expect("join"));
    seen.take(service.add_computer(PLACE, &people[0], Strength::Medium).await.expect("a computer sits down"));
    seen.take(service.start(PLACE, &people[0]).await.expect("start"));
    let mut seats = Vec::new();
    for p in &people {
        seats.push(seat_of(&service, p).await.expect("seated"));
    }
    for step in 0..20_000u64 {
        run_until_quiet(&service, &mut seen).await;
        let (game, _, _, _) = service.snapshot::<Seafarers>(PLACE, 0).await.expect("snapshot");
        assert!(!game.is_over(), "the computer made no offer to both people in a whole game");
        let to_both = game.offer().filter(|o| o.to.is_none() && seats.iter().all(|&s| usize::from(o.from) != s && !o.answered(s as u8)));
        if to_both.is_some() {
            let asked = seen.current().clone();
            let mut pinged: Vec<u64> = asked.mention.into_iter().chain(asked.more_mentions.iter().copied()).collect();
            pinged.sort();
            assert_eq!(pinged, vec![people[0].user_id, people[1].user_id], "both are pinged once: {}", asked.text);
            let after = tap(&service, &mut seen, &people[0], &asked, Action::AnswerTrade { accept: false }).await;
            let told = after;
            assert!(
                told.mention != Some(people[1].user_id) && !told.more_mentions.contains(&people[1].user_id),
                "the other person was pinged already: {told:?}"
            );
            assert!(told.text.contains(&format!("<@{}>", people[1].user_id)), "the message names who still owes: {}", told.text);
            return;
        }
        let Some((k, &seat)) = seats.iter().enumerate().find(|(_, s)| game.to_act().contains(s)) else {
            panic!("nobody is asked: {:?}", game.phase())
        };
        let action = Bot::new(Strategy::Greedy, step).choose(&game, seat).expect("a legal step");
        let message = seen.current().clone();
        tap(&service, &mut seen, &people[k], &message, action).await;
    }
    panic!("the game went on too long");
}

/// A computer's own offer waits for the people: its run's message leads with it and pings the
/// person, with Accept, Decline and Counter; nobody answering, the computer goes on once
/// `ANSWER_WAIT` has passed (not before); an acceptance is confirmed by the computer at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_computers_offer_waits_for_the_people_and_takes_an_acceptance() {
    let db = TempDb::new("seafarers-computer-offers");
    let clock = ManualClock::at(1_800_000_000_000);
    let service = open(&db, &clock).await;
    let person = player(0);
    let mut seen = Seen::default();
    seen.take(service.create(PLACE, &person, options("new-shores", 3, 24 * HOUR)).await.expect("create"));
    for _ in 0..2 {
        seen.take(service.add_computer(PLACE, &person, Strength::Medium).await.expect("a computer sits down"));
    }
    seen.take(service.start(PLACE, &person).await.expect("start"));
    let me = seat_of(&service, &person).await.expect("seated");
    let (mut waited, mut confirmed, mut offers) = (false, false, 0);
    for step in 0..20_000u64 {
        run_until_quiet(&service, &mut seen).await;
        let (game, _, _, _) = service.snapshot::<Seafarers>(PLACE, 0).await.expect("snapshot");
        if game.is_over() || (waited && confirmed) {
            break;
        }
        if let Some(o) =
            game.offer().filter(|o| usize::from(o.from) != me && !o.answered(me as u8) && o.to.is_none_or(|t| usize::from(t) == me))
        {
            offers += 1;
            let message = seen.current().clone();
            assert_eq!(message.mention, Some(person.user_id), "the person the offer waits for is pinged: {}", message.text);
            assert!(message.text.starts_with("🤝 <@1000>") && message.text.contains("offers you a trade"), "{}", message.text);
            for code in [
                Code::Act(Action::AnswerTrade { accept: true }),
                Code::Act(Action::AnswerTrade { accept: false }),
                Code::Pick(Pick::Counter(o.want, o.give)),
            ] {
                assert!(message.buttons.iter().flatten().any(|b| code_of(&b.id) == Some(code)), "{code:?} on {message:?}");
            }
            if !waited {
                // Nobody answers: the computer waits, then goes on without an answer.
                clock.advance(Duration::from_secs(60));
                assert!(run_once(&service).await.is_empty(), "the computer waits for the people");
                clock.advance(southseas::games::ANSWER_WAIT);
                let went_on = run_once(&service).await;
                assert!(!went_on.is_empty(), "after the wait the computer goes on");
                went_on.into_iter().for_each(|r| drop(seen.take(r)));
                waited = true;
                continue;
            }
            let take = game.player(me).hand.contains(&o.want);
            tap(&service, &mut seen, &person, &message, Action::AnswerTrade { accept: take }).await;
            if take {
                let replies = run_once(&service).await;
                let said: Vec<String> = replies.iter().map(|r| r.text.clone()).collect();
                replies.into_iter().for_each(|r| drop(seen.take(r)));
                // The trade, in the run's few words: "🤝 1🧱 ⇄ **Player0** 1🌾".
                assert!(said.iter().any(|t| t.contains(" ⇄ **Player0**")), "the computer confirms at once: {said:?}");
                confirmed = true;
            }
            continue;
        }
        let Some(&seat) = game.to_act().iter().find(|&&s| s == me) else { panic!("nobody is asked: {:?}", game.phase()) };
        let action = Bot::new(Strategy::Greedy, step).choose(&game, seat).expect("a legal step");
        let message = seen.current().clone();
        tap(&service, &mut seen, &person, &message, action).await;
    }
    assert!(waited && confirmed, "{offers} offers from the computers: waited {waited}, confirmed {confirmed}");
    assert_private_things_stay_private(&seen);
}

/// Nonsense typed or forged gets a private answer and changes nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nonsense_and_forged_steps_change_nothing() {
    let db = TempDb::new("seafarers-nonsense");
    let service = open(&db, &ManualClock::at(1_800_000_000_000)).await;
    let people = vec![player(0), player(1), player(2)];
    service.create(PLACE, &people[0], options("four-islands", 3, 24 * HOUR)).await.unwrap();
    for p in &people[1..] {
        service.join(PLACE, p).await.unwrap();
    }
    let started = service.start(PLACE, &people[0]).await.unwrap();
    let (game, version, _, _) = service.snapshot::<Seafarers>(PLACE, 0).await.unwrap();
    let id = started.game.unwrap().0;
    let active = game.active_player();
    let mut actor_of = Vec::new();
    for p in &people {
        actor_of.push((seat_of(&service, p).await.unwrap(), p.clone()));
    }
    let me = actor_of.iter().find(|(s, _)| *s == active).unwrap().1.clone();
    let other = actor_of.iter().find(|(s, _)| *s != active).unwrap().1.clone();
    for typed in ["", "fly", "settlement ZZ", "end turn", "ss:1:1:aroll", "aroll", "`", "settlement"] {
        let r = service.act_typed::<Seafarers>(PLACE, &me, typed.to_string()).await;
        assert!(matches!(r, Err(ServiceError::User(_))), "{typed}: {r:?}");
    }
    let r = service.act_typed::<Seafarers>(PLACE, &other, "settlement A".to_string()).await;
    match r {
        Err(ServiceError::User(m)) => assert!(m.contains("not your turn"), "{m}"),
        other => panic!("{other:?}"),
    }
    for code in ["a", "aroll", "asettle_99,99,N", "pd1.1.1.1.1", "mt9", "po0.0.0.0.0/1.0.0.0.0", "k", "hand"] {
        let id = format!("ss:{id}:{version}:{code}");
        let r = service.click(PLACE, &me, &id, None).await;
        if let Ok(reply) = &r {
            assert!(
                reply.delivery == Delivery::ComponentsOnly || reply.delivery == Delivery::Ephemeral,
                "{code} only shows something: {reply:?}"
            );
        }
    }
    let (after, v2, _, _) = service.snapshot::<Seafarers>(PLACE, 0).await.unwrap();
    assert_eq!(v2, version, "nothing changed");
    assert_eq!(after.phase(), game.phase());
    let r = service.hand(PLACE, &player(9)).await;
    assert!(matches!(r, Err(ServiceError::User(m)) if m.contains("not playing")));
}
