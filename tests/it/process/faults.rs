//! Discord's bad minutes, through the Discord double: rate limits, 5xx, answers lost or never
//! given. A step's message that could not be posted comes out as soon as Discord takes it
//! again, not when the outbox's lease (15 s) runs out; and the person who made the step is told
//! the truth meanwhile.

use super::discord_double::{self as dd, Double, Fault, Member, ResponseKind};
use super::discord_e2e::{custom_ids, seat_of, settle, start_bot, state, step_command};
use super::discord_lifecycle::{command, posting, tap_a_step};
use crate::support::TempDb;
use serde_json::Value;
use southseas::games::southseas::codes::Code;
use southseas::service::{ComponentId, DEFAULT_LEASE};
use southseas_engine::{Bot, Strategy};
use std::time::{Duration, Instant};

/// How long after a fault window ends a post left owed by it must be out: a few times the
/// longest wait between retries (2 s), and far less than the lease the outbox used to wait.
const SOON_AFTER: Duration = Duration::from_secs(6);

/// Two people at a table, the lobby open; returns them (the opener first).
async fn two_at_a_table(double: &Double) -> (Member, Member) {
    double.wait_for_identify().await;
    double.wait_for_commands().await;
    let (ana, ben) = (Member::new(7401, "ana"), Member::new(7402, "ben"));
    posting(double, dd::slash("new", &ana)).await;
    posting(double, dd::slash("join", &ben)).await;
    (ana, ben)
}

/// The message that offers the game's current step, once posted: waits for it and returns
/// it with when it came.
async fn current_turn_posted(double: &Double, db: &TempDb, what: &str) -> (Value, Instant) {
    let (_, version, game, _) = state(db).await;
    let current = move |m: &Value| {
        let ids = custom_ids(m);
        !ids.is_empty() && ids.iter().all(|c| ComponentId::parse(c).is_some_and(|c| c.game == game && c.version == version))
    };
    let message = double.wait_for(what, |d| d.messages_with_components(dd::CHANNEL_ID).into_iter().find(|m| current(m))).await;
    (message, Instant::now())
}

/// The first turn is posted while Discord is in a fault window: it comes out within
/// [`SOON_AFTER`] of the window's end (before the fix: when the lease ran out, 15 s after the
/// step, then every 15 s). Returns how long after the window's end it came.
async fn first_turn_through(fault: Fault, tag: &str) -> Duration {
    let double = Double::start().await;
    let db = TempDb::new(tag);
    let _bot = start_bot(&double, &db).await;
    let (ana, _ben) = two_at_a_table(&double).await;
    let window = Duration::from_secs(3);
    let until = double.fault(fault, window);
    let said = command(&double, dd::slash("start", &ana)).await.and_then(|r| r.content).unwrap_or_default();
    assert!(said.contains("couldn't post it"), "{fault:?}: the opener hears of the failure: {said}");
    let (_, came) = current_turn_posted(&double, &db, "the first turn, after the fault window").await;
    let after = came.saturating_duration_since(until);
    assert!(double.faulted() >= 1, "{fault:?}: the double answered with the fault");
    assert!(
        after < SOON_AFTER && SOON_AFTER < DEFAULT_LEASE,
        "{fault:?}: the first turn came {after:?} after the fault window ended (at most {SOON_AFTER:?})"
    );
    // Its delivery recorded just after Discord answered.
    let deadline = Instant::now() + Duration::from_secs(10);
    while state(&db).await.3 != 0 {
        assert!(Instant::now() < deadline, "{fault:?}: nothing is owed any more");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    double.assert_no_unexpected();
    after
}

/// Discord answers 502 with Cloudflare's HTML page for 3 s, then takes posts again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_post_failed_on_a_5xx_comes_out_soon_after_discord_is_back() {
    let after = first_turn_through(Fault::ServerError(502), "faults-5xx").await;
    eprintln!("502 window: the post came {after:?} after it ended");
}

/// Discord answers 429 (as it does: `retry_after`, `global`, the rate-limit headers) for 3 s.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_post_rate_limited_comes_out_soon_after_the_limit_ends() {
    let after = first_turn_through(Fault::RateLimited { global: false }, "faults-429").await;
    eprintln!("429 window: the post came {after:?} after it ended");
}

/// A person taps a step while Discord fails every post and edit; they tap the same button again
/// before their step's message is out: they are told that they took a step since (never that
/// someone "acted first"), and their step's message comes out soon after Discord is back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_step_whose_message_is_being_retried_is_the_tappers_own() {
    let double = Double::start().await;
    let db = TempDb::new("faults-own-step");
    let _bot = start_bot(&double, &db).await;
    let (ana, ben) = two_at_a_table(&double).await;
    posting(&double, dd::slash("start", &ana)).await;
    // Play on until the step the person would take is a plain button on the turn message.
    let (message, button, who) = loop {
        let message = settle(&double, &db, "a turn").await.expect("the game goes on");
        let (game, version, id, _) = state(&db).await;
        let action = Bot::new(Strategy::Greedy, 1).choose(&game).expect("a step to take");
        let button = ComponentId::button(id, version, Code::Act(action));
        let seat = game.to_act().expect("someone acts");
        let who = if seat_of(&db, ana.id).await == Some(seat) { &ana } else { &ben };
        if custom_ids(&message).contains(&button) {
            break (message, button, who.clone());
        }
        let tapped = tap_a_step(&double, &db, who, &message).await;
        double.wait_response(tapped, 2).await;
    };
    let (_, version, _, _) = state(&db).await;
    let until = double.fault(Fault::ServerError(503), Duration::from_secs(4));
    let first = double.interact(dd::button(&button, &who).on_message(message.clone())).await;
    double.wait_response(first, 1).await;
    wait_for_version_past(&db, version).await;
    let again = double.interact(dd::button(&button, &who).on_message(message.clone())).await;
    let answer = double.wait_response_kind(again, ResponseKind::Followup).await;
    let said = answer.content.unwrap_or_default();
    assert!(said.contains("You took a step since"), "the second tap is answered with the person's own step: {said}");
    assert!(!said.contains("acted first"), "nobody else acted: {said}");
    let (_, came) = current_turn_posted(&double, &db, "the step's message, after the fault window").await;
    let after = came.saturating_duration_since(until);
    assert!(after < SOON_AFTER, "the step's message came {after:?} after the fault window ended");
    double.assert_no_unexpected();
}

/// Discord makes a step's message but the bot never hears of it (a 500 after each post, for
/// 4 s), and the game moves past it before the bot tries again (the next step is typed at
/// once): that message, with its step's buttons, is found in the channel and retires, and only
/// the newest message offers buttons. (Before, it kept its buttons for good: the bot never
/// learnt it, and a post of an old version was dropped.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_made_post_whose_answer_was_lost_is_found_once_the_game_moved_past_it() {
    let double = Double::start().await;
    let db = TempDb::new("faults-lost-moved-past");
    let _bot = start_bot(&double, &db).await;
    let (ana, ben) = two_at_a_table(&double).await;
    posting(&double, dd::slash("start", &ana)).await;
    settle(&double, &db, "the first turn").await.expect("a turn");
    let first_version = state(&db).await.1;
    double.fault(Fault::LostAnswers, Duration::from_secs(4));
    for _ in 0..2 {
        let (game, version, _, _) = state(&db).await;
        let action = Bot::new(Strategy::Greedy, 1).choose(&game).expect("a step to take");
        let seat = game.to_act().expect("someone acts");
        let who = if seat_of(&db, ana.id).await == Some(seat) { &ana } else { &ben };
        let (name, option) = step_command(&action);
        let code = Code::Act(action).code();
        let typed = if option.is_empty() { dd::slash(name, who) } else { dd::slash(name, who).string(option, &code) };
        double.interact(typed).await;
        wait_for_version_past(&db, version).await;
    }
    let made_then =
        |d: &Double| super::discord_e2e::posts(d).into_iter().filter(|p| posted_version(p).is_some_and(|v| v > first_version)).count();
    double.wait_for("both steps' messages made (their answers lost)", |d| (made_then(d) >= 2).then_some(())).await;
    let shown = settle(&double, &db, "after the window: one message offers buttons").await.expect("the game goes on");
    let (_, version, _, _) = state(&db).await;
    assert!(custom_ids(&shown).iter().all(|c| ComponentId::parse(c).is_some_and(|c| c.version == version)));
    assert_eq!(made_then(&double), 2, "each step's message made once (a retry got the same message back)");
    double.assert_no_unexpected();
}

/// Waits until the game is past `version` (the tap's step is committed).
async fn wait_for_version_past(db: &TempDb, version: i64) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while state(db).await.1 <= version {
        assert!(Instant::now() < deadline, "the step was never committed");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

// ---------------------------------------------------------------------------------------------
// The fault suite: whole stretches of play through every kind of bad minute, and kills.

/// How long the bot under test waits for an answer from Discord before trying again.
const TIMEOUT_MS: u64 = 1_500;

/// Sorted durations' `q` quantile (0.0-1.0).
fn quantile(sorted: &[Duration], q: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

/// The real `southseas serve`, waiting at most [`TIMEOUT_MS`] for Discord.
fn spawn(double: &Double, db: &TempDb) -> std::process::Child {
    super::process::spawn_bot_with(double, db, &[], &[("SOUTHSEAS_DISCORD_TIMEOUT_MS", &TIMEOUT_MS.to_string())])
}

/// Two people and a computer, started.
async fn table_of_three(double: &Double) -> (Member, Member) {
    let (alice, bob) = two_at_a_table(double).await;
    let lobby = double.wait_for("the lobby", |d| d.messages_with_components(dd::CHANNEL_ID).pop()).await;
    let add = custom_ids(&lobby).into_iter().find(|c| c.ends_with(":bot")).expect("an Add computer button");
    let id = double.interact(dd::button(&add, &alice)).await;
    double.wait_response(id, 2).await;
    posting(double, dd::slash("start", &alice)).await;
    (alice, bob)
}

/// The game's version from each post's buttons (posts without buttons aside).
fn posted_version(post: &dd::Response) -> Option<i64> {
    post.components
        .iter()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .find_map(|c| c["custom_id"].as_str().and_then(ComponentId::parse).map(|c| c.version))
}

/// People's steps the database has logged.
async fn people_steps(db: &TempDb, people: &[u64]) -> i64 {
    let service = southseas::service::Service::open(&db.url()).await.expect("database");
    let mut conn = service.store().pool().acquire().await.expect("connection");
    let mut n = 0;
    for &user in people {
        let steps: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM actions WHERE user_id = $1")
            .bind(user as i64)
            .fetch_one(&mut *conn)
            .await
            .expect("the log");
        n += steps;
    }
    drop(conn);
    service.store().close().await;
    n
}

/// A table when a person last acted there: the people who owed a decision then, who acted, at
/// which version, and how many requests the bot had sent then (`Double::sent_count`). `still_owed`: the decision (the
/// game's phase, as a name) the person who acted owed right after their own step, if any.
#[derive(Clone, Debug)]
pub(crate) struct LastStep {
    pub waiting: Vec<u64>,
    pub tapper: u64,
    pub version: i64,
    pub sent: usize,
    pub still_owed: Option<String>,
}

/// Each person is pinged once per hand-over, and never within their own turn. Since `last`,
/// the new posts in `channel` must notify each of `people` once if a decision came to them, and
/// never otherwise. A decision came to a person who owes one now (`waiting`, at `version`, in
/// the game's `phase`) when they owed none then, or when they acted then and owe again after
/// others played (the game moved by more than their own step), unless it is the decision their
/// own step left them owing, still open: Seafarers' gold or discard that a computer owed too and
/// made first. They were asked it on the message they tapped, and were there; the decision never
/// left them, so a ping would only nag. Returns how many hand-overs there were, or what went
/// wrong.
pub(crate) fn pinged_once_per_hand_over(
    double: &Double,
    channel: u64,
    people: &[u64],
    waiting: &[u64],
    (version, phase): (i64, &str),
    last: &LastStep,
) -> Result<usize, String> {
    let new = double.notified_since(last.sent, channel);
    let mut hand_overs = 0;
    for &person in people {
        let owes = waiting.contains(&person);
        let came_back = last.tapper == person && version > last.version + 1 && last.still_owed.as_deref() != Some(phase);
        let handed = owes && (!last.waiting.contains(&person) || came_back);
        let pinged = new.iter().filter(|notified| notified.contains(&person)).count();
        if pinged != usize::from(handed) {
            return Err(format!(
                "user {person} pinged {pinged} times since version {} (handed over: {handed}; owing then {:?}, now {waiting:?} at version {version} \
                 ({phase}); {} acted, still owing {:?} after it)",
                last.version, last.waiting, last.tapper, last.still_owed
            ));
        }
        hand_overs += usize::from(handed);
    }
    Ok(hand_overs)
}

/// Plays a South Seas game of two people and a computer through the real bot for a while,
/// Discord answering in windows of 2 s with 429s (a route's and the global limit), 502, 503 and
/// 500 pages, answers lost after the post was made, and no answer at all (the bot gives up after
/// 1.5 s); every seventh step the bot is killed (SIGKILL) right after the step's commit and
/// started again. Checks what the people at the table live through:
/// - every step tapped or typed is logged once (none lost, none doubled);
/// - no version's message is posted twice (the retries of a post Discord made get the same
///   message back through its nonce);
/// - once Discord is back, everything owed comes out, one message offers the current step and
///   no older one has live buttons;
/// - each person is pinged once when the turn comes to them, and not pinged within their turn;
/// - every interaction is acknowledged within Discord's 3 s (the double refuses later ones);
/// - from the end of each fault window to the table showing its prompt again: a few seconds.
async fn a_game_through_discords_bad_minutes(db: TempDb) {
    let double = Double::start().await;
    let mut child = spawn(&double, &db);
    let (alice, bob) = table_of_three(&double).await;
    let people = [alice.id, bob.id];
    let faults = [
        Fault::RateLimited { global: false },
        Fault::ServerError(502),
        Fault::LostAnswers,
        Fault::Hang(Duration::from_millis(TIMEOUT_MS + 1_000)),
        Fault::ServerError(503),
        Fault::RateLimited { global: true },
        Fault::ServerError(500),
    ];
    let window = Duration::from_secs(2);
    let mut bots = [Bot::new(Strategy::Greedy, 11), Bot::new(Strategy::Greedy, 12), Bot::new(Strategy::Greedy, 13)];
    let (mut taps, mut kills, mut windows, mut hand_overs) = (0i64, 0usize, 0usize, 0usize);
    let mut recoveries = Vec::new();
    let mut open_window: Option<Instant> = None;
    let mut last: Option<LastStep> = None;
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(30) {
        let Some(message) = settle(&double, &db, &format!("step {taps}")).await else { break };
        if let Some(end) = open_window.take() {
            recoveries.push(Instant::now().saturating_duration_since(end));
        }
        let (game, version, game_id, _) = state(&db).await;
        let seat = game.to_act().expect("a message with choices means someone acts");
        let who = if seat_of(&db, alice.id).await == Some(seat) { alice.clone() } else { bob.clone() };
        // The turn came to them (from the other person, or back from the computer): one ping.
        if let Some(last) = &last {
            let phase = format!("{:?}", game.phase());
            let handed = pinged_once_per_hand_over(&double, dd::CHANNEL_ID, &people, &[who.id], (version, &phase), last);
            hand_overs += handed.unwrap_or_else(|wrong| panic!("step {taps}: {wrong}"));
        }
        let action = bots[seat].choose(&game).expect("a step to take");
        if taps % 2 == 1 {
            open_window = Some(double.fault(faults[windows % faults.len()], window));
            windows += 1;
        }
        let interaction = super::process::tap_for(&message, game_id, version, action, &who)
            .unwrap_or_else(|| dd::slash("place", &who).string("spot", &Code::Act(action).code()));
        // South Seas: a step that leaves its player owing keeps the turn, and no computer moves
        // within it, so "still owed" never applies.
        last = Some(LastStep { waiting: vec![who.id], tapper: who.id, version, sent: double.sent_count(), still_owed: None });
        double.interact(interaction).await;
        taps += 1;
        wait_for_version_past(&db, version).await;
        if taps % 7 == 3 {
            child.kill().expect("SIGKILL");
            child.wait().expect("reaped");
            double.evict_bots();
            double.wait_for_no_connection().await;
            child = spawn(&double, &db);
            kills += 1;
            double.wait_for_identifies(kills + 1).await;
        }
    }
    // Discord is fine again: whatever is owed comes out.
    let end = settle(&double, &db, "the end").await;
    child.kill().ok();
    child.wait().ok();
    assert_eq!(people_steps(&db, &people).await, taps, "every step taken is logged once");
    let posts = super::discord_e2e::posts(&double);
    let mut by_version = std::collections::BTreeMap::new();
    for post in &posts {
        if let Some(version) = posted_version(post) {
            *by_version.entry(version).or_insert(0) += 1;
        }
    }
    let twice: Vec<_> = by_version.iter().filter(|(_, n)| **n > 1).collect();
    assert!(twice.is_empty(), "no version's message is posted twice: {twice:?}");
    if end.is_some() {
        assert_eq!(double.messages_with_components(dd::CHANNEL_ID).len(), 1, "one message offers the current step");
    }
    let mut acks: Vec<Duration> = double.all_sent().iter().filter(|r| r.kind == ResponseKind::Callback).filter_map(|r| r.elapsed).collect();
    acks.sort();
    recoveries.sort();
    eprintln!(
        "{taps} steps, {hand_overs} hand-overs, {windows} fault windows ({} requests faulted), {kills} kills; \
         {} posts ({} deduplicated by nonce); acknowledged: p50 {:?}, p99 {:?}, max {:?} ({} interactions); \
         recovery after a window: p50 {:?}, max {:?}",
        double.faulted(),
        posts.len(),
        double.deduplicated(),
        quantile(&acks, 0.5),
        quantile(&acks, 0.99),
        acks.last().copied().unwrap_or_default(),
        acks.len(),
        quantile(&recoveries, 0.5),
        recoveries.last().copied().unwrap_or_default(),
    );
    assert!(acks.last().is_some_and(|max| *max < Duration::from_secs(3)), "every interaction acknowledged within 3 s");
    assert!(windows >= 5 && kills >= 2, "the faults happened: {windows} windows, {kills} kills");
    assert!(
        recoveries.last().is_some_and(|max| *max < Duration::from_secs(10)),
        "the table shows its prompt within seconds of each window's end: {recoveries:?}"
    );
    double.assert_no_unexpected();
}

crate::support::on_both_databases! {
    async fn a_game_through_discords_bad_minutes_loses_and_doubles_nothing(db) {
        a_game_through_discords_bad_minutes(db).await;
    }
}

crate::support::on_both_databases! {
    /// A post owed from before migration 0009 (written without its `unsure` count) is still
    /// posted by the sweeper, and one that fails is tried again within 2 s.
    async fn a_post_owed_from_before_migration_9_is_still_delivered(db) {
        use southseas::service::{Reply, Service};
        let service = Service::open(&db.url()).await.expect("database").with_lease(Duration::from_millis(50));
        let (ana, bo) = (crate::support::player(1), crate::support::player(2));
        let options = southseas::games::southseas::GameOptions { seed: Some(3), ..Default::default() };
        service.create(crate::support::PLACE, &ana, options).await.expect("a lobby");
        service.join(crate::support::PLACE, &bo).await.expect("joined");
        let started = service.start(crate::support::PLACE, &ana).await.expect("started");
        let (game, version) = started.game.expect("a game");
        service.delivered(game, version, None, None).await.expect("the start's message is out");
        let reply = Reply { text: "an old post".into(), game: Some((game, version)), ..Reply::default() };
        let mut conn = service.store().pool().acquire().await.expect("connection");
        // What the code before migration 9 wrote: every column but `unsure`.
        sqlx::query(
            "INSERT INTO outbox (game_id, version, recipient, channel_id, reply, created_at, claimed_until, claimed_by)
             VALUES ($1, $2, 0, $3, $4, $5, 0, 'before')",
        )
        .bind(game)
        .bind(version)
        .bind(crate::support::PLACE.channel_id as i64)
        .bind(serde_json::to_string(&reply).expect("json"))
        .bind(southseas::store::now_ms())
        .execute(&mut *conn)
        .await
        .expect("an old row");
        drop(conn);
        let owed = service.due_posts().await.expect("the outbox");
        assert_eq!(owed.iter().map(|r| r.text.as_str()).collect::<Vec<_>>(), ["an old post"], "the old row is posted");
        let at = service.post_failed(game, version, 0, true).await.expect("the outbox").expect("still owed");
        assert!(at - southseas::store::now_ms() <= 2_000, "a failed attempt is tried again within 2 s, not at the lease's end");
        service.delivered(game, version, None, None).await.expect("out");
        let mut conn = service.store().pool().acquire().await.expect("connection");
        let left: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE game_id = $1 AND version = $2")
            .bind(game)
            .bind(version)
            .fetch_one(&mut *conn)
            .await
            .expect("the outbox");
        assert_eq!(left, 0, "owed no more");
    }
}

/// A Catan: Seafarers game of two people and two computers (the pirate, discards, trades by
/// private menus) through the bot for a while, Discord failing the table's new messages in
/// windows of 2 s (429s, 502s and 503s, posts made but answered 500): every step is logged
/// once, no version's message is posted twice, and once Discord is back the table shows its
/// prompt within seconds.
async fn a_seafarers_game_through_discords_bad_minutes(db: TempDb) {
    use super::discord_seafarers_games::{answering_person, open_with_computers, settled, steps_by, tap_and_wait};
    use seafarers_engine::Bot as SeafarersBot;
    let double = Double::start().await;
    let _bot = super::discord_seafarers::start_bot(&double, &db, 5).await;
    let reader = southseas::service::Service::open(&db.url()).await.expect("database");
    let people = open_with_computers(&double, &reader, "new-shores").await;
    let faults = [Fault::ServerError(502), Fault::RateLimited { global: false }, Fault::LostAnswers, Fault::ServerError(503)];
    let (mut taps, mut version, mut windows) = (0i64, 0, 0usize);
    let mut recoveries = Vec::new();
    let mut open_window: Option<Instant> = None;
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(25) {
        let (game, now, message) = settled(&double, &reader, version).await;
        if let Some(end) = open_window.take() {
            recoveries.push(Instant::now().saturating_duration_since(end));
        }
        if game.is_over() {
            break;
        }
        let (who, action) = match answering_person(&game, &people) {
            Some((seat, who)) => {
                (who, SeafarersBot::trading(seafarers_engine::Strategy::Greedy, taps as u64).answer(&game, seat).expect("an answer"))
            }
            None => {
                let (seat, who) =
                    game.to_act().into_iter().find_map(|s| people.iter().find(|(x, _)| *x == s).cloned()).expect("a person acts");
                (who, SeafarersBot::trading(seafarers_engine::Strategy::Greedy, taps as u64).choose(&game, seat).expect("a step"))
            }
        };
        if taps % 2 == 1 {
            open_window = Some(double.fault_new_posts(faults[windows % faults.len()], Duration::from_secs(2)));
            windows += 1;
        }
        tap_and_wait(&double, &reader, &who, &message, action).await;
        (taps, version) = (taps + 1, now);
    }
    settled(&double, &reader, version).await;
    let logged = steps_by(&reader, people[0].1.id).await + steps_by(&reader, people[1].1.id).await;
    assert_eq!(logged, taps, "every step taken is logged once");
    let mut by_version = std::collections::BTreeMap::new();
    for post in super::discord_e2e::posts(&double).iter().filter(|p| p.channel_id == Some(dd::CHANNEL_ID)) {
        if let Some(version) = posted_version(post) {
            *by_version.entry(version).or_insert(0) += 1;
        }
    }
    let twice: Vec<_> = by_version.iter().filter(|(_, n)| **n > 1).collect();
    assert!(twice.is_empty(), "no version's message is posted twice: {twice:?}");
    recoveries.sort();
    eprintln!(
        "Seafarers: {taps} steps, {windows} fault windows ({} requests faulted), {} deduplicated by nonce; \
         recovery after a window: p50 {:?}, max {:?}",
        double.faulted(),
        double.deduplicated(),
        quantile(&recoveries, 0.5),
        recoveries.last().copied().unwrap_or_default()
    );
    assert!(windows >= 3, "the faults happened: {windows} windows");
    assert!(
        recoveries.last().is_some_and(|max| *max < Duration::from_secs(15)),
        "the table shows its prompt within seconds of each window's end: {recoveries:?}"
    );
    double.assert_no_unexpected();
}

crate::support::on_both_databases! {
    async fn a_seafarers_game_through_discords_bad_minutes_loses_and_doubles_nothing(db) {
        a_seafarers_game_through_discords_bad_minutes(db).await;
    }
}

/// PostgreSQL stopped in the middle of a game (a server of the test's own, stopped as an
/// operator's restart does: `pg_ctl stop -m fast`), while the person whose turn it is taps
/// their step and types it; then started again. Through the real `serve` binary:
/// - both are acknowledged within Discord's 3 s although the database is down;
/// - each is answered privately that nothing changed (the step could not reach the database);
/// - nothing changed indeed: no step logged, the version as it was, the turn message's buttons
///   still live;
/// - once the server is back, the same tap goes through once, and the table shows its next
///   prompt within a few seconds of the restart (measured from the server accepting
///   connections again).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_taps_and_types_while_postgresql_restarts() {
    use super::discord_e2e::{seat_of, step_command};
    let Some(server) = crate::support::PrivatePostgres::start("a_person_taps_and_types_while_postgresql_restarts").await else {
        return;
    };
    let db = TempDb::postgres_on(&server.url(), "faults-restart").await;
    let double = Double::start().await;
    let mut child = spawn(&double, &db);
    let (alice, bob) = table_of_three(&double).await;
    let people = [alice.id, bob.id];
    let mut bots = [Bot::new(Strategy::Greedy, 21), Bot::new(Strategy::Greedy, 22), Bot::new(Strategy::Greedy, 23)];
    // A few steps, then a person's turn whose step is a tap on the turn message.
    let mut taps = 0i64;
    let (message, version, game_id, who, action) = loop {
        let message = settle(&double, &db, "a turn").await.expect("the game goes on");
        let (game, version, game_id, _) = state(&db).await;
        let seat = game.to_act().expect("someone acts");
        let who = if seat_of(&db, alice.id).await == Some(seat) { alice.clone() } else { bob.clone() };
        let action = bots[seat].choose(&game).expect("a step to take");
        let tap = super::process::tap_for(&message, game_id, version, action, &who);
        if taps >= 3 && tap.is_some() {
            break (message, version, game_id, who, action);
        }
        let tap = tap.unwrap_or_else(|| dd::slash("place", &who).string("spot", &Code::Act(action).code()));
        double.interact(tap).await;
        taps += 1;
        wait_for_version_past(&db, version).await;
    };
    assert_eq!(people_steps(&db, &people).await, taps);

    // The server goes down; the person taps their step, and types it a moment later.
    server.stop().await;
    let down = Instant::now();
    let tapped = double.interact(super::process::tap_for(&message, game_id, version, action, &who).expect("the tap")).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let (name, option) = step_command(&action);
    let code = Code::Act(action).code();
    let typed = if option.is_empty() { dd::slash(name, &who) } else { dd::slash(name, &who).string(option, &code) };
    let typed = double.interact(typed).await;
    let mut answers = Vec::new();
    for (what, id) in [("the tap", tapped), ("the typed step", typed)] {
        let responses = double.wait_response(id, 2).await;
        let ack = responses[0].elapsed.expect("the acknowledgement's delay");
        assert!(ack < Duration::from_secs(3), "{what} is acknowledged within 3 s while the database is down: {ack:?}");
        assert!(responses[1].is_ephemeral() || responses[0].is_ephemeral(), "{what} is answered privately: {responses:?}");
        let said = responses[1].content.clone().unwrap_or_default();
        assert!(said.contains("Nothing was changed"), "{what}: the person is told that nothing changed: {said}");
        // The bot gives up on the database after 5 s (`store::ACQUIRE_TIMEOUT`, after at most
        // 1 s for the reader's language): 6.0 and 7.5 s after the stop in one run, where it
        // was 11 to 12.5 s.
        assert!(down.elapsed() < Duration::from_secs(10), "{what}: told within seconds, not after {:.1?}", down.elapsed());
        answers.push((what, ack, down.elapsed()));
    }
    // Down for ~10 s in all.
    let outage = Duration::from_secs(10);
    tokio::time::sleep(outage.saturating_sub(down.elapsed())).await;
    server.start_again().await;
    let up = Instant::now();
    let down_for = up - down;

    // Nothing changed: the same version, no step logged, the turn message's buttons still live.
    let (_, now, _, _) = state(&db).await;
    assert_eq!(now, version, "no step went through while the database was down");
    assert_eq!(people_steps(&db, &people).await, taps, "no step logged while the database was down");
    let live = double.messages_with_components(dd::CHANNEL_ID);
    assert_eq!(live.len(), 1, "the turn message still offers the step");
    assert_eq!(live[0]["id"], message["id"], "the turn message still offers the step");

    // The person tries again: the step goes through once, and the table shows its next prompt.
    let again = double.interact(super::process::tap_for(&message, game_id, version, action, &who).expect("the tap")).await;
    wait_for_version_past(&db, version).await;
    let next = settle(&double, &db, "the next prompt after the restart").await;
    let back = up.elapsed();
    taps += 1;
    assert_eq!(people_steps(&db, &people).await, taps, "the step tapped after the restart is logged once");
    assert!(double.responses(again).iter().all(|r| !r.is_ephemeral()), "the tap after the restart is no refusal");
    child.kill().ok();
    child.wait().ok();
    let acks: Vec<Duration> = double.all_sent().iter().filter(|r| r.kind == ResponseKind::Callback).filter_map(|r| r.elapsed).collect();
    let max_ack = acks.iter().max().copied().unwrap_or_default();
    eprintln!(
        "PostgreSQL down {down_for:.1?}; answered that nothing changed: {}; acknowledged at most {max_ack:?} ({} interactions); \
         from the restart to the table's next prompt: {back:.2?} (game {})",
        answers
            .iter()
            .map(|(what, ack, at)| format!("{what} (acknowledged in {ack:?}, answered {at:.1?} after the stop)"))
            .collect::<Vec<_>>()
            .join(", "),
        acks.len(),
        if next.is_some() { "goes on" } else { "over" },
    );
    assert!(max_ack < Duration::from_secs(3), "every interaction acknowledged within 3 s");
    assert!(back < SOON_AFTER, "the table shows its next prompt within {SOON_AFTER:?} of the restart: {back:?}");
    double.assert_no_unexpected();
    drop(db);
    drop(server);
}
