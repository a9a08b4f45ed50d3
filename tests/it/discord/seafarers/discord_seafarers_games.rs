//! A whole game of each Catan: Seafarers scenario through the real bot and the Discord
//! protocol double, by taps alone: two people and two computers, from `/new game: Catan:
//! Seafarers scenario: …` to the final standings. The people play the greedy computer's
//! choices, each reached the way a phone player would (a button, a menu page, a private
//! builder); every message keeps within Discord's limits, and no channel message tells a card.

use super::discord_double::{self as dd, Double, Member};
use super::discord_e2e::{PLACE, custom_ids};
use super::discord_seafarers::{start_bot, start_bot_with, tap};
use crate::support::TempDb;
use seafarers_engine::{Action, Bot, Game, Phase, Strategy};
use serde_json::Value;
use southseas::games::seafarers::Seafarers;
use southseas::service::clock::ManualClock;
use southseas::service::{ComponentId, Service};
use std::time::Duration;

/// The game as the database has it once its version is past `newer_than` (the tap before was
/// taken), nothing is owed to Discord and one channel message offers the current version's
/// choices: the game, its version and that message (none once the game is over).
pub(crate) async fn settled(double: &Double, reader: &Service, newer_than: i64) -> (Game, i64, Value) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    loop {
        let snapshot = reader.snapshot::<Seafarers>(PLACE, 0).await.ok();
        let id = reader.status(PLACE, southseas::i18n::Locale::En).await.ok().and_then(|r| r.game).map(|g| g.0);
        let mut conn = reader.store().pool().acquire().await.expect("connection");
        let owed = southseas::store::pending_posts(&mut conn).await.expect("outbox");
        drop(conn);
        if let (Some((game, version, _, _)), Some(id), 0) = (snapshot, id, owed)
            && version > newer_than
        {
            if game.is_over() {
                return (game, version, Value::Null);
            }
            let current = |m: &Value| {
                let ids = custom_ids(m);
                !ids.is_empty() && ids.iter().all(|c| ComponentId::parse(c).is_some_and(|c| c.game == id && c.version == version))
            };
            let offering: Vec<Value> = double.messages_with_components(dd::CHANNEL_ID).into_iter().filter(|m| current(m)).collect();
            if let [only] = offering.as_slice() {
                return (game, version, only.clone());
            }
        }
        if tokio::time::Instant::now() >= deadline {
            let state = reader.snapshot::<Seafarers>(PLACE, 0).await.ok().map(|s| (s.1, s.0.phase()));
            let shown: Vec<(String, Vec<String>)> = double
                .messages_with_components(dd::CHANNEL_ID)
                .iter()
                .map(|m| (m["id"].to_string(), custom_ids(m).into_iter().take(3).collect()))
                .collect();
            let sent = double.all_sent();
            let last: Vec<String> = sent
                .iter()
                .rev()
                .take(8)
                .map(|r| format!("{:?} i={:?} m={:?} comps={}", r.kind, r.interaction_id, r.message_id, r.components.len()))
                .collect();
            let on: Vec<String> = sent
                .iter()
                .rev()
                .take(8)
                .filter_map(|r| r.interaction_id)
                .filter_map(|i| double.interaction(i).map(|v| format!("{i} on {}", v["message"]["id"])))
                .collect();
            panic!(
                "the channel never settled past version {newer_than}: game at {state:?}; messages with buttons: {shown:?}\nlast sent: {last:#?}\n{on:?}"
            );
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// How many steps `user` has taken (logged under their id).
pub(crate) async fn steps_by(reader: &Service, user: u64) -> i64 {
    let mut conn = reader.store().pool().acquire().await.expect("connection");
    sqlx::query_scalar("SELECT COUNT(*) FROM actions WHERE user_id = $1").bind(user as i64).fetch_one(&mut *conn).await.expect("count")
}

/// Taps `action` for `who` and waits until the step is logged: the computers may move at the
/// same time, so a newer version alone does not say the tap went through.
pub(crate) async fn tap_and_wait(double: &Double, reader: &Service, who: &Member, message: &Value, action: seafarers_engine::Action) {
    let before = steps_by(reader, who.id).await;
    tap(double, who, message, action).await;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    while steps_by(reader, who.id).await == before {
        assert!(tokio::time::Instant::now() < deadline, "{}'s step {action:?} was never taken: {}", who.username, double.summary());
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Opens `scenario` in the channel with two people (alice, bob) and two computers and starts
/// it; returns the people with their seats.
pub(crate) async fn open_with_computers(double: &Double, reader: &Service, scenario: &str) -> Vec<(usize, Member)> {
    open_with_computers_in(double, reader, scenario, None).await
}

/// [`open_with_computers`], the game opened in a language (`/new language:`, the choice's
/// English name) and without a turn time limit when one is given.
pub(crate) async fn open_with_computers_in(
    double: &Double,
    reader: &Service,
    scenario: &str,
    language: Option<&str>,
) -> Vec<(usize, Member)> {
    let registered = double.wait_for_commands().await;
    let choice = |option: &str, name_starts: &str| registered.choice("new", option, name_starts);
    let name = seafarers_engine::Ruleset::CURRENT.scenario(scenario).expect("a scenario").name.clone();
    let words = name.split(':').next().unwrap().to_string();
    let (alice, bob) = (Member::new(3101, "alice"), Member::new(3102, "bob"));
    let mut new =
        dd::slash("new", &alice).integer("game", choice("game", "Catan: Seafarers")).integer("scenario", choice("scenario", &words));
    if let Some(language) = language {
        new = new.integer("language", choice("language", language)).integer("turn_limit", choice("turn_limit", "no limit"));
    }
    double.interact(new).await;
    let lobby = double.wait_for("the lobby", |d| d.messages_with_components(dd::CHANNEL_ID).pop()).await;
    assert!(language.is_some() || lobby["content"].as_str().unwrap().contains(&name), "the lobby names the scenario: {lobby}");
    let join = custom_ids(&lobby).into_iter().find(|c| c.ends_with(":join")).unwrap();
    double.wait_response(double.interact(dd::button(&join, &bob)).await, 2).await;
    for players in ["(3/4)", "(4/4)"] {
        let add = double
            .wait_for("an Add computer button", |d| {
                d.messages_with_components(dd::CHANNEL_ID).iter().flat_map(custom_ids).rfind(|c| c.ends_with(":bot"))
            })
            .await;
        double.wait_response(double.interact(dd::button(&add, &alice)).await, 2).await;
        double
            .wait_for(players, |d| {
                d.messages_with_components(dd::CHANNEL_ID).into_iter().find(|m| m["content"].as_str().is_some_and(|c| c.contains(players)))
            })
            .await;
    }
    let start = double
        .wait_for("a Start button", |d| {
            d.messages_with_components(dd::CHANNEL_ID).iter().flat_map(custom_ids).rfind(|c| c.ends_with(":start"))
        })
        .await;
    double.wait_callback(double.interact(dd::button(&start, &alice)).await).await;
    settled(double, reader, 0).await;
    let mut people = Vec::new();
    for who in [alice, bob] {
        let seat = reader.snapshot::<Seafarers>(PLACE, who.id).await.expect("snapshot").2.expect("seated");
        people.push((seat, who));
    }
    people
}

/// A person the open offer still waits for (the tables here seat `people` and computers).
pub(crate) fn answering_person(game: &Game, people: &[(usize, Member)]) -> Option<(usize, Member)> {
    game.answering().into_iter().find_map(|s| people.iter().find(|(x, _)| *x == s).cloned())
}

/// Opens `scenario` with two people and two computers and plays it to the end by taps.
async fn whole_game(scenario: &str) {
    let double = Double::start().await;
    let db = TempDb::new(&format!("discord-seafarers-{scenario}"));
    let _bot = start_bot(&double, &db, 5).await;
    let reader = Service::open(&db.url()).await.expect("database");
    let people = open_with_computers(&double, &reader, scenario).await;
    let (alice, bob) =
        (people.iter().find(|p| p.1.id == 3101).unwrap().1.clone(), people.iter().find(|p| p.1.id == 3102).unwrap().1.clone());
    let (mut taps, mut version) = (0, 0);
    let mut trades = (0, 0, 0);
    let game = loop {
        let (game, now, message) = settled(&double, &reader, version).await;
        if game.is_over() {
            break game;
        }
        // The people trade as the computers do: an open offer that waits for one of them is
        // answered first (accept, decline or a counter built by taps), then the offerer
        // confirms an answer worth it or goes on.
        let (seat, who, action) = match answering_person(&game, &people) {
            Some((seat, who)) => (seat, who, Bot::trading(Strategy::Greedy, taps).answer(&game, seat).expect("an answer")),
            None => {
                let (seat, who) =
                    game.to_act().into_iter().find_map(|s| people.iter().find(|(x, _)| *x == s).cloned()).expect("a person acts");
                (seat, who, Bot::trading(Strategy::Greedy, taps).choose(&game, seat).expect("a step"))
            }
        };
        let _ = seat;
        match action {
            Action::OfferTrade { .. } => trades.0 += 1,
            Action::CounterTrade { .. } => trades.1 += 1,
            Action::ConfirmTrade { .. } => trades.2 += 1,
            _ => {}
        }
        tap_and_wait(&double, &reader, &who, &message, action).await;
        (taps, version) = (taps + 1, now);
        assert!(taps < 3000, "{scenario}: the game never ended");
    };
    let last =
        double.channel_messages().into_iter().rev().find(|m| m.content.as_deref().is_some_and(|c| c.contains("wins"))).expect("the end");
    let text = last.content.clone().unwrap_or_default();
    assert!(text.contains("<@3101>") && text.contains("<@3102>"), "every person is pinged at the end: {text}");
    let pinged: Vec<u64> = last.allowed_user_mentions().unwrap_or_default();
    assert!(pinged.contains(&alice.id) && pinged.contains(&bob.id), "the mentions notify: {pinged:?}");
    assert!(!last.attachments.is_empty(), "the final board comes with the end");
    let (mut public, mut private) = (0, 0);
    for m in double.channel_messages() {
        if m.channel_id != Some(dd::CHANNEL_ID) {
            // A direct message: what was stolen, lost or bought, for that player alone.
            private += 1;
            continue;
        }
        public += 1;
        let text = m.content.clone().unwrap_or_default();
        assert!(text.chars().count() <= 2000, "{text}");
        assert!(
            !text.contains("Your hand") && !text.contains("You stole") && !text.contains("You bought"),
            "a secret in the channel: {text}"
        );
        assert!(!m.is_ephemeral());
    }
    assert!(game.is_over());
    assert!(public > 50 && private > 0, "{scenario}: {public} channel messages, {private} direct messages");
    // Trades by taps: offers built privately, counters, confirmations (and the computers'
    // answers and offers, which the people answered above). A trade a person confirms reads
    // "gave"; one a computer confirms, in its run's few words, "⇄".
    let (offers, _counters, confirms) = trades;
    assert!(offers > 0 && confirms > 0, "{scenario}: the people offered {offers} trades and confirmed {confirms}");
    let traded =
        double.channel_messages().iter().filter_map(|m| m.content.clone()).filter(|c| c.contains(" gave ") || c.contains(" ⇄ ")).count();
    assert!(traded > 0, "{scenario}: trades were made at the table");
    double.assert_no_unexpected();
}

macro_rules! whole_games {
    ($($name:ident: $scenario:literal),* $(,)?) => {$(
        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $name() {
            whole_game($scenario).await;
        }
    )*};
}

whole_games! {
    a_whole_game_of_new_shores_by_taps_through_discord: "new-shores",
    a_whole_game_of_the_four_islands_by_taps_through_discord: "four-islands",
    a_whole_game_of_ocean_land_by_taps_through_discord: "ocean-land",
    a_whole_game_through_the_desert_by_taps_through_discord: "through-the-desert",
    a_whole_game_of_a_new_world_by_taps_through_discord: "new-world",
    a_whole_game_of_catan_without_the_sea_by_taps_through_discord: "base",
}

/// A deadline during a discard, through Discord: on a seven that asks a person to discard
/// (and, when it comes so, the other person too, who discards by taps), the one who never does
/// is discarded for by the computer when their time runs out, once, and the game goes on. (The
/// people roll and end their turns, keeping their cards, until such a seven.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deadline_during_a_discard_lets_the_computer_discard_for_the_one_who_is_late() {
    let double = Double::start().await;
    let db = TempDb::new("discord-seafarers-deadline-discard");
    let clock = ManualClock::at(1_800_000_000_000);
    let bot = start_bot_with(&double, &db, 5, Some(&clock)).await;
    let reader = Service::open(&db.url()).await.expect("database").with_clock(clock.clone());
    let people = open_with_computers(&double, &reader, "base").await;
    let (mut taps, mut version) = (0, 0);
    let (mut game, mut message, owing) = loop {
        let (game, now, message) = settled(&double, &reader, version).await;
        assert!(!game.is_over(), "no seven found a person over seven cards");
        version = now;
        let owing: Vec<(usize, Member)> = game.to_act().into_iter().filter_map(|s| people.iter().find(|p| p.0 == s).cloned()).collect();
        if game.phase() == Phase::Discard && !owing.is_empty() {
            break (game, message, owing);
        }
        // A computer's offer waits for the people: they decline it.
        if let Some((_, who)) = answering_person(&game, &people) {
            tap_and_wait(&double, &reader, &who, &message, Action::AnswerTrade { accept: false }).await;
            continue;
        }
        let (seat, who) = game.to_act().into_iter().find_map(|s| people.iter().find(|(x, _)| *x == s).cloned()).expect("a person acts");
        // A person who never builds: cards pile up in hand until a seven.
        let action = if game.legal_actions(seat).contains(&Action::EndTurn) {
            Action::EndTurn
        } else {
            Bot::new(Strategy::Greedy, taps).choose(&game, seat).expect("a step")
        };
        tap_and_wait(&double, &reader, &who, &message, action).await;
        taps += 1;
        assert!(taps < 3000, "no seven found a person over seven cards");
    };
    let (late, early) = owing.split_last().expect("someone owes");
    let owed = |game: &Game, seat: usize| game.pending_discards().iter().find(|d| d.0 as usize == seat).map(|d| u32::from(d.1)).unwrap();
    let (late_cards, late_owes) = (game.player(late.0).hand.total(), owed(&game, late.0));
    // Whoever else owes discards by taps, privately built.
    for (seat, who) in early {
        let action = Bot::new(Strategy::Greedy, 1).choose(&game, *seat).expect("a discard");
        tap_and_wait(&double, &reader, who, &message, action).await;
        (game, version, message) = settled(&double, &reader, version).await;
    }
    assert_eq!(game.phase(), Phase::Discard, "{} still owes a discard", late.1.username);
    assert_eq!(game.to_act(), vec![late.0]);
    // The late one's time runs out (a day by default): the computer discards for them, once.
    clock.advance(Duration::from_secs(25 * 3600));
    bot.service.wake_scheduler();
    let (later, _, _) = settled(&double, &reader, version).await;
    assert_ne!(later.phase(), Phase::Discard, "every discard is made");
    // What the computer did for them is logged under the computer's id: one discard, of what was owed.
    let mut conn = reader.store().pool().acquire().await.unwrap();
    let for_them: Vec<String> =
        sqlx::query_scalar("SELECT action FROM actions WHERE user_id = 0 ORDER BY seq").fetch_all(&mut *conn).await.unwrap();
    drop(conn);
    let discards: Vec<u32> = for_them
        .iter()
        .filter_map(|r| seafarers_engine::record::decode(r).ok())
        .filter_map(|(seat, a)| match a {
            Action::Discard { cards } if usize::from(seat) == late.0 => Some(cards.total()),
            _ => None,
        })
        .collect();
    assert_eq!(discards, vec![late_owes], "the computer discarded what was owed, once");
    assert!(late_cards >= late_owes);
    let said: Vec<String> = double
        .channel_messages()
        .into_iter()
        .filter(|m| m.channel_id == Some(dd::CHANNEL_ID))
        .filter_map(|m| m.content)
        .filter(|c| c.contains("time ran out"))
        .collect();
    assert_eq!(said.len(), 1, "one notice of the deadline: {said:?}");
    assert!(said[0].contains(&late.1.username), "{}", said[0]);
    double.assert_no_unexpected();
}
