//! Catan: Seafarers through the real bot and the Discord protocol double: a game opened with
//! `/new game: Catan: Seafarers`, played by taps (menus of lettered spots, the private builders
//! of a discard or a trade offer on ephemeral messages), "My hand" answered privately, typed
//! steps with suggestions, and nothing hidden ever in a channel message.

use super::discord_double::{self as dd, Double, Member, ResponseKind, callback};
use super::discord_e2e::{PLACE, custom_ids, menu_values};
use crate::support::TempDb;
use seafarers_engine::{Action, Bot, Game, Phase, Resources, Strategy};
use serde_json::{Value, json};
use southseas::discord::DiscordConfig;
use southseas::games::Pictures;
use southseas::games::seafarers::Seafarers;
use southseas::games::seafarers::codes::{Code, Pick};
use southseas::service::clock::ManualClock;
use southseas::service::{Command, ComponentId, Service};
use std::sync::Arc;
use std::time::Duration;

pub(crate) struct Bot_ {
    task: tokio::task::JoinHandle<anyhow::Result<()>>,
    /// The service the bot runs on: ring its scheduler's bell after moving its clock.
    pub(crate) service: Arc<Service>,
}

impl Drop for Bot_ {
    fn drop(&mut self) {
        self.task.abort();
    }
}

pub(crate) async fn start_bot(double: &Double, db: &TempDb, seed: u64) -> Bot_ {
    start_bot_with(double, db, seed, None).await
}

/// The bot, on a service whose clock is `clock` when given.
pub(crate) async fn start_bot_with(double: &Double, db: &TempDb, seed: u64, clock: Option<&ManualClock>) -> Bot_ {
    let mut service = Service::open(&db.url()).await.expect("database").with_images(Pictures::all()).with_default_seed(seed);
    if let Some(clock) = clock {
        service = service.with_clock(clock.clone());
    }
    let service = Arc::new(service);
    let config = DiscordConfig::new(dd::TOKEN, Some(dd::GUILD_ID), Some(double.url()));
    Bot_ { task: tokio::spawn(southseas::discord::run(config, Arc::clone(&service))), service }
}

/// The game as the database has it: the game, its version, its id, and posts still owed.
async fn state(db: &TempDb) -> Option<(Game, i64, i64, i64)> {
    let service = Service::open(&db.url()).await.expect("database");
    let snapshot = service.snapshot::<Seafarers>(PLACE, 0).await.ok();
    let id = service.status(PLACE, southseas::i18n::Locale::En).await.ok().and_then(|r| r.game).map(|g| g.0);
    let mut conn = service.store().pool().acquire().await.expect("connection");
    let owed = southseas::store::pending_posts(&mut conn).await.expect("outbox");
    drop(conn);
    service.store().close().await;
    let (game, version, _, _) = snapshot?;
    Some((game, version, id?, owed))
}

pub(crate) async fn seat_of(db: &TempDb, user: u64) -> Option<usize> {
    let service = Service::open(&db.url()).await.expect("database");
    let seat = service.snapshot::<Seafarers>(PLACE, user).await.expect("snapshot").2;
    service.store().close().await;
    seat
}

/// Waits until nothing is owed and one channel message offers the current version's choices.
async fn settle(double: &Double, db: &TempDb) -> (Game, Value) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    loop {
        if let Some((game, version, id, 0)) = state(db).await {
            let current = |m: &Value| {
                let ids = custom_ids(m);
                !ids.is_empty() && ids.iter().all(|c| ComponentId::parse(c).is_some_and(|c| c.game == id && c.version == version))
            };
            let offering: Vec<Value> = double.messages_with_components(dd::CHANNEL_ID).into_iter().filter(|m| current(m)).collect();
            if let [only] = offering.as_slice() {
                return (game, only.clone());
            }
        }
        assert!(tokio::time::Instant::now() < deadline, "the channel never settled: {}", double.summary());
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
}

pub(crate) fn code_of(id: &str) -> Option<Code> {
    match ComponentId::parse(id)?.command? {
        Command::Game(code) => Code::parse(&code),
        _ => None,
    }
}

/// The response after the acknowledgement of a click (an edit in place, or a private follow-up).
pub(crate) async fn answer(double: &Double, id: u64) -> dd::Response {
    let responses = double.wait_response(id, 2).await;
    assert_eq!(responses[0].callback_type, Some(callback::DEFERRED_UPDATE), "a click is acknowledged at once: {responses:?}");
    responses[1].clone()
}

pub(crate) fn as_message(response: &dd::Response) -> Value {
    json!({ "components": response.components })
}

/// Taps the way to `action` on `message` as a phone player would.
pub(crate) async fn tap(double: &Double, who: &Member, message: &Value, action: Action) {
    let want = Code::Act(action);
    if let Some(id) = custom_ids(message).into_iter().find(|c| code_of(c) == Some(want)) {
        double.interact(dd::button(&id, who)).await;
        return;
    }
    if pick_from_menu(double, who, message, want).await {
        return;
    }
    for id in custom_ids(message) {
        match code_of(&id) {
            Some(Code::Menu(..)) => {
                let view = answer(double, double.interact(dd::button(&id, who)).await).await;
                if view.kind == ResponseKind::Followup {
                    // A build, a card or a trade with the bank depends on the player's cards:
                    // it opens privately (a menu, or why there is none), never on the channel's
                    // message.
                    assert!(view.is_ephemeral(), "a choice that depends on cards is private: {view:?}");
                    let private = shown_by(double, &view);
                    if let Some(private) = private
                        && pick_from_private_menu(double, who, &private, want).await
                    {
                        return;
                    }
                    continue;
                }
                assert_eq!(view.kind, ResponseKind::EditOriginal, "a public menu replaces the buttons of the same message");
                if pick_from_menu(double, who, &as_message(&view), want).await {
                    return;
                }
                // Not in this menu: back to the turn's buttons, as a player would, before the next.
                if let Some(back) = view.custom_ids().into_iter().find(|c| code_of(c) == Some(Code::Back)) {
                    let back = answer(double, double.interact(dd::button(&back, who)).await).await;
                    assert_eq!(back.kind, ResponseKind::EditOriginal, "back on the same message");
                }
            }
            Some(Code::Pick(pick @ (Pick::Offer(..) | Pick::Counter(..)))) => {
                let (give, want_cards) = match (pick, action) {
                    (Pick::Offer(..), Action::OfferTrade { give, want, .. }) | (Pick::Counter(..), Action::CounterTrade { give, want }) => {
                        (give, want)
                    }
                    _ => continue,
                };
                let mut view = answer(double, double.interact(dd::button(&id, who)).await).await;
                assert!(view.kind == ResponseKind::Followup && view.is_ephemeral(), "a trade is built privately: {view:?}");
                // One tap at a time towards the terms: the "+1" or "−1" that comes closest.
                let far = |g: &seafarers_engine::Resources, w: &seafarers_engine::Resources| -> u32 {
                    seafarers_engine::Resource::ALL
                        .iter()
                        .map(|&r| g.get(r).abs_diff(give.get(r)) as u32 + w.get(r).abs_diff(want_cards.get(r)) as u32)
                        .sum()
                };
                let mut now = match pick {
                    Pick::Offer(g, w) | Pick::Counter(g, w) => far(&g, &w),
                    _ => unreachable!(),
                };
                loop {
                    let ids = view.custom_ids();
                    if let Some(done) = ids.iter().find(|c| code_of(c) == Some(want)) {
                        let on = double.message_with_custom_id(done).expect("the private builder");
                        double.interact(dd::button(done, who).on_message(on)).await;
                        return;
                    }
                    let next = ids
                        .iter()
                        .filter_map(|c| match code_of(c) {
                            Some(Code::Pick(Pick::Offer(g, w) | Pick::Counter(g, w))) => Some((far(&g, &w), c.clone())),
                            _ => None,
                        })
                        .filter(|(d, _)| *d < now)
                        .min_by_key(|(d, _)| *d);
                    let Some((d, next)) = next else { panic!("the builder offers no way to {action:?}: {view:?}") };
                    let on = double.message_with_custom_id(&next).expect("the private builder");
                    view = answer(double, double.interact(dd::button(&next, who).on_message(on)).await).await;
                    assert_eq!(view.kind, ResponseKind::EditOriginal, "the private builder changes in place");
                    now = d;
                }
            }
            Some(Code::Pick(pick)) => {
                let target = match (pick, action) {
                    (Pick::Discard(_), Action::Discard { cards }) | (Pick::Gold(_), Action::ChooseGold { cards }) => cards,
                    _ => continue,
                };
                let mut view = answer(double, double.interact(dd::button(&id, who)).await).await;
                assert!(view.kind == ResponseKind::Followup && view.is_ephemeral(), "the builder is private: {view:?}");
                loop {
                    let next = view.custom_ids().into_iter().find(|c| match code_of(c) {
                        Some(Code::Act(a)) => a == action,
                        Some(Code::Pick(Pick::Discard(r) | Pick::Gold(r))) => target.contains(&r) && r.total() > 0,
                        _ => false,
                    });
                    let next = next.unwrap_or_else(|| panic!("the builder leads to {action:?}: {view:?}"));
                    let on = double.message_with_custom_id(&next).expect("the private message");
                    let tapped = double.interact(dd::button(&next, who).on_message(on)).await;
                    if code_of(&next) == Some(want) {
                        return;
                    }
                    view = answer(double, tapped).await;
                    assert_eq!(view.kind, ResponseKind::EditOriginal, "the private builder changes in place");
                }
            }
            Some(Code::Zone(_)) => {
                // A step with too many spots for one picture: each zone opens privately, its
                // close-up drawn and its spots in a menu.
                let view = answer(double, double.interact(dd::button(&id, who)).await).await;
                // (Or, tapped where the last zone's private close-up carries the same button, in
                // place of that close-up: browsing zones stays on one private message.)
                let private = (view.kind == ResponseKind::Followup && view.is_ephemeral()) || view.kind == ResponseKind::EditOriginal;
                assert!(private, "a zone opens privately: {:?}", view.content);
                assert_eq!(view.attachments.len(), 1, "a zone's close-up is drawn: {:?}", view.content);
                let private = shown_by(double, &view);
                if let Some(private) = private
                    && pick_from_private_menu(double, who, &private, want).await
                {
                    return;
                }
            }
            _ => {}
        }
    }
    panic!("no taps lead to {action:?}: {message:#}");
}

/// The private message a response made or changed, when it carries a menu. Found by the
/// response's own message id: every zone's close-up has the same menu id, so a lookup by custom
/// id could find another (older) close-up.
fn shown_by(double: &Double, view: &dd::Response) -> Option<Value> {
    let message = view.message_id.and_then(|id| double.message(id))?;
    custom_ids(&message).iter().any(|c| c.ends_with(":menu")).then_some(message)
}

/// Picks `want` from the menu of a private message (its pages turn in place, on that message).
pub(crate) async fn pick_from_private_menu(double: &Double, who: &Member, private: &Value, want: Code) -> bool {
    let Some(menu) = custom_ids(private).into_iter().find(|c| c.ends_with(":menu")) else { return false };
    let mut values = menu_values(private);
    let mut visited = Vec::new();
    loop {
        assert!(values.len() <= 25);
        if let Some(v) = values.iter().find(|v| Code::parse(v) == Some(want)) {
            double.interact(dd::select(&menu, &[v.as_str()], who).on_message(private.clone())).await;
            return true;
        }
        let Some(next) = values.iter().find(|v| matches!(Code::parse(v), Some(Code::Menu(..))) && !visited.contains(*v)).cloned() else {
            return false;
        };
        visited.push(next.clone());
        let view = answer(double, double.interact(dd::select(&menu, &[next.as_str()], who).on_message(private.clone())).await).await;
        assert_eq!(view.kind, ResponseKind::EditOriginal, "a private menu turns its pages in place");
        values = menu_values(&as_message(&view));
    }
}

pub(crate) async fn pick_from_menu(double: &Double, who: &Member, message: &Value, want: Code) -> bool {
    let Some(menu) = custom_ids(message).into_iter().find(|c| c.ends_with(":menu")) else { return false };
    let mut values = menu_values(message);
    let mut visited = Vec::new();
    loop {
        assert!(values.len() <= 25);
        if let Some(v) = values.iter().find(|v| Code::parse(v) == Some(want)) {
            double.interact(dd::select(&menu, &[v.as_str()], who)).await;
            return true;
        }
        let Some(next) = values.iter().find(|v| matches!(Code::parse(v), Some(Code::Menu(..))) && !visited.contains(*v)).cloned() else {
            return false;
        };
        visited.push(next.clone());
        let view = answer(double, double.interact(dd::select(&menu, &[next.as_str()], who)).await).await;
        values = menu_values(&as_message(&view));
    }
}

/// A Seafarers game by taps in the channel: two people and a computer, through the setup and
/// into play; "My hand" and a trade offer built privately; a typed step with suggestions.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seafarers_game_by_taps_through_discord() {
    let double = Double::start().await;
    let db = TempDb::new("discord-seafarers");
    let _bot = start_bot(&double, &db, 11).await;
    let registered = double.wait_for_commands().await;
    for name in ["seafarers", "hand", "new"] {
        assert!(registered.names().contains(&name.to_string()), "/{name} registered");
    }
    let seafarers = registered.choice("new", "game", "Catan: Seafarers");
    let alice = Member::new(3001, "alice");
    let bob = Member::new(3002, "bob");
    // An option of the other game is refused, saying whose it is, and opens nothing.
    for (new, said) in [
        (
            dd::slash("new", &alice).integer("game", seafarers).integer("retrieve", 1),
            "`retrieve` is an option of Carcassonne: South Seas, not of Catan: Seafarers",
        ),
        (dd::slash("new", &alice).integer("scenario", 0), "`scenario` is an option of Catan: Seafarers, not of Carcassonne: South Seas"),
    ] {
        let r = double.wait_response(double.interact(new).await, 2).await;
        assert!(r[0].is_ephemeral() && r[1].content.as_deref().unwrap_or("").starts_with(said), "{r:?}");
    }
    assert!(double.messages_with_components(dd::CHANNEL_ID).is_empty(), "no lobby");
    double.interact(dd::slash("new", &alice).integer("game", seafarers)).await;
    let lobby = double.wait_for("the lobby", |d| d.messages_with_components(dd::CHANNEL_ID).pop()).await;
    assert!(lobby["content"].as_str().unwrap().contains("Heading for New Shores"), "{lobby}");
    // /rules in the channel of a Seafarers lobby gives Seafarers' rules, not South Seas'.
    let r = double.wait_response(double.interact(dd::slash("rules", &bob)).await, 2).await;
    assert!(r[0].is_ephemeral() && r[1].content.as_deref().unwrap_or("").starts_with("**Catan: Seafarers in one minute**"), "{r:?}");
    let join = custom_ids(&lobby).into_iter().find(|c| c.ends_with(":join")).unwrap();
    // Each lobby change is done (its message edited) before the next: Start needs all three.
    double.wait_response(double.interact(dd::button(&join, &bob)).await, 2).await;
    // Seafarers offers all three strengths: a hard computer sits down.
    let id = double.interact(dd::slash("addbot", &alice).integer("strength", 2)).await;
    let seated = double.wait_response(id, 2).await;
    assert!(!seated[1].content.as_deref().unwrap_or("").contains("no hard one"), "{seated:?}");
    double
        .wait_for("the lobby with three players", |d| {
            d.channel_messages().into_iter().rev().find(|m| m.content.as_deref().is_some_and(|c| c.contains("(3/4)"))).map(|_| ())
        })
        .await;
    let start = double
        .wait_for("a Start button", |d| {
            d.messages_with_components(dd::CHANNEL_ID).iter().flat_map(custom_ids).rfind(|c| c.ends_with(":start"))
        })
        .await;
    double.wait_callback(double.interact(dd::button(&start, &alice)).await).await;
    settle(&double, &db).await;
    let opening =
        double.channel_messages().into_iter().find(|m| m.content.as_deref().unwrap_or("").contains("begins")).expect("the opening");
    assert!(opening.content.as_deref().unwrap().contains("First to **13 points**"), "{opening:?}");
    let people = [(seat_of(&db, alice.id).await.unwrap(), alice.clone()), (seat_of(&db, bob.id).await.unwrap(), bob.clone())];

    let mut hand_seen = false;
    let mut offered = false;
    let mut typed = false;
    for step in 0..400u64 {
        let (game, message) = settle(&double, &db).await;
        // A computer's offer waits for the people: they decline it.
        if let Some((seat, who)) = super::discord_seafarers_games::answering_person(&game, &people) {
            tap(&double, &who, &message, Action::AnswerTrade { accept: false }).await;
            let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
            while state(&db).await.and_then(|s| s.0.offer().map(|o| !o.answered(seat as u8))).unwrap_or(false) {
                assert!(tokio::time::Instant::now() < deadline, "the answer was never taken");
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            continue;
        }
        let Some((seat, who)) = game.to_act().into_iter().find_map(|s| people.iter().find(|(x, _)| *x == s).cloned()) else {
            panic!("nobody to act: {:?}", game.phase());
        };
        if game.phase() == Phase::Main && seat == game.active_player() && game.player(seat).hand.total() >= 1 && !hand_seen {
            // "My hand": a private answer with the player's cards; the channel hears nothing.
            let posted_before = double.channel_messages().len();
            let id = custom_ids(&message).into_iter().find(|c| c.ends_with(":hand")).expect("a My hand button");
            let answered = double.wait_response(double.interact(dd::button(&id, &who)).await, 2).await;
            assert!(answered[0].is_ephemeral(), "acknowledged privately");
            let text = answered[1].content.clone().unwrap_or_default();
            assert!(text.contains("Your hand") && text.contains("Bank rates"), "{text}");
            assert_eq!(double.channel_messages().len(), posted_before, "nothing in the channel");
            hand_seen = true;
            continue;
        }
        if game.phase() == Phase::Main && seat == game.active_player() && game.offer().is_none() && !offered {
            let give = seafarers_engine::Resource::ALL.into_iter().find(|&r| game.player(seat).hand.get(r) > 0);
            if let Some(give) = give {
                let want = seafarers_engine::Resource::ALL.into_iter().find(|&r| r != give).unwrap();
                let id = custom_ids(&message).into_iter().find(|c| matches!(code_of(c), Some(Code::Pick(Pick::Offer(..))))).unwrap();
                let mut view = answer(&double, double.interact(dd::button(&id, &who)).await).await;
                assert!(view.kind == ResponseKind::Followup && view.is_ephemeral(), "the offer is built privately: {view:?}");
                for target in [
                    Pick::Offer(Resources::one(give, 1), Resources::default()),
                    Pick::Offer(Resources::one(give, 1), Resources::one(want, 1)),
                ] {
                    let next = view.custom_ids().into_iter().find(|c| code_of(c) == Some(Code::Pick(target))).expect("a builder button");
                    let on = double.message_with_custom_id(&next).unwrap();
                    assert_eq!(on["flags"].as_u64().unwrap_or(0) & dd::EPHEMERAL, dd::EPHEMERAL, "the builder's message is ephemeral");
                    view = answer(&double, double.interact(dd::button(&next, &who).on_message(on)).await).await;
                    assert_eq!(view.kind, ResponseKind::EditOriginal, "the builder changes in place");
                }
                let everyone = Code::Act(Action::OfferTrade { give: Resources::one(give, 1), want: Resources::one(want, 1), to: None });
                let next = view.custom_ids().into_iter().find(|c| code_of(c) == Some(everyone)).expect("offer to everyone");
                let on = double.message_with_custom_id(&next).unwrap();
                let before = double.channel_messages().len();
                let id = double.interact(dd::button(&next, &who).on_message(on)).await;
                let closed = double.wait_response(id, 2).await;
                assert_eq!(closed[1].kind, ResponseKind::EditOriginal);
                assert!(closed[1].components.is_empty(), "the private builder keeps no buttons: {closed:?}");
                let post = double
                    .wait_for("the offer in the channel", |d| {
                        d.channel_messages()
                            .get(before..)
                            .and_then(|new| new.iter().find(|r| r.kind == ResponseKind::ChannelMessage).cloned())
                    })
                    .await;
                assert!(post.content.as_deref().unwrap_or("").contains("offers"), "{post:?}");
                offered = true;
                continue;
            }
        }
        if game.phase() == Phase::Main && seat == game.active_player() && offered && !typed {
            // Typed: the suggestions are the player's steps; "end turn" ends the turn.
            let ac = double.interact(dd::autocomplete("seafarers", &who).focused("step", "end")).await;
            let offered = double.wait_callback(ac).await;
            assert!(offered.choices().iter().any(|(name, _)| name == "End turn"), "{:?}", offered.choices());
            let id = double.interact(dd::slash("seafarers", &who).string("step", "end turn")).await;
            assert!(double.wait_callback(id).await.is_ephemeral());
            typed = true;
            tokio::time::sleep(Duration::from_millis(200)).await;
            continue;
        }
        if hand_seen && offered && typed {
            break;
        }
        let action = Bot::new(Strategy::Greedy, step).choose(&game, seat).expect("a step");
        let before = state(&db).await.map(|s| s.1);
        tap(&double, &who, &message, action).await;
        // The step is taken before the next look: the message tapped stays current until it is
        // (under load, a second look could tap its buttons again and be told it is out of date).
        let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
        while state(&db).await.map(|s| s.1) == before {
            assert!(tokio::time::Instant::now() < deadline, "the step {action:?} was never taken: {}", double.summary());
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    assert!(hand_seen && offered && typed, "the game reached a person's turn in play");
    for m in double.channel_messages() {
        let text = m.content.clone().unwrap_or_default();
        assert!(
            !text.contains("Your hand") && !text.contains("You stole") && !text.contains("You bought"),
            "a secret in the channel: {text}"
        );
        assert!(!m.is_ephemeral());
    }
    double.assert_no_unexpected();
}
