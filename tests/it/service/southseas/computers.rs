//! Computer turns at many tables at once, through the scheduler the bot runs
//! (`Service::schedule_forever`) with the manual clock: runs of different tables think at once
//! and interleave decision by decision, a reminder never waits behind them, and their moves are
//! the ones the computers make one table at a time (the manual clock keeps them untimed).

use crate::support::{TempDb, player};
use southseas::games::Strength;
use southseas::games::southseas::{GameOptions, SouthSeas};
use southseas::service::clock::ManualClock;
use southseas::service::{Actor, Place, Reply, Service};
use southseas::store::Store;
use southseas_engine::{Bot, Strategy};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn place(table: u64) -> Place {
    Place { guild_id: 1, channel_id: 500 + table }
}

/// A made-up Discord message id for a game's message at a version.
fn message_id(game: i64, version: i64) -> u64 {
    (game as u64) << 24 | version as u64
}

/// Records `reply` as posted (what the bot does after posting it).
async fn posted(service: &Service, reply: &Reply) {
    if let Some((game, version)) = reply.game {
        service.delivered(game, version, Some(message_id(game, version)), None).await.expect("record the post");
    }
}

/// Table `table`: its person and `computers` hard computer players, started; the person plays
/// (medium's moves) until the computers are to act. Returns the person.
async fn handed_to_computers(service: &Service, table: u64, computers: usize) -> Actor {
    let person = player(table);
    let at = place(table);
    posted(service, &service.create(at, &person, GameOptions { seed: Some(40 + table), ..GameOptions::default() }).await.expect("create"))
        .await;
    for _ in 0..computers {
        posted(service, &service.add_computer(at, &person, Strength::Hard).await.expect("a hard computer sits down")).await;
    }
    posted(service, &service.start(at, &person).await.expect("start")).await;
    play_until_handed_over(service, table, &person).await;
    person
}

/// The person at `table` plays (medium's moves) until the computers are to act (or the game
/// is over).
async fn play_until_handed_over(service: &Service, table: u64, person: &Actor) {
    let at = place(table);
    loop {
        let (game, version, seat, _) = service.snapshot::<SouthSeas>(at, person.user_id).await.expect("snapshot");
        if game.to_act().is_none_or(|s| Some(s) != seat) {
            return;
        }
        let action = Bot::new(Strategy::Greedy, table ^ version as u64).choose(&game).expect("a move");
        let reply = service.act(at, person, action).await.expect("the person's step");
        posted(service, &reply).await;
    }
}

/// What the scheduler posted: when, how many runs were thinking then, and the message.
type Posts = Vec<(Instant, usize, Reply)>;

/// The scheduler as the bot runs it, posting into `log` (with the time and how many runs of
/// computer moves were thinking then).
fn run_scheduler(service: &Arc<Service>, log: &Arc<Mutex<Posts>>) -> tokio::task::JoinHandle<()> {
    let (poster, log) = (Arc::clone(service), Arc::clone(log));
    let post = move |reply: Reply| {
        let (service, log) = (Arc::clone(&poster), Arc::clone(&log));
        async move {
            let thinking = service.thinking().runs();
            posted(&service, &reply).await;
            log.lock().unwrap().push((Instant::now(), thinking, reply));
        }
    };
    tokio::spawn(Arc::clone(service).schedule_forever(post))
}

/// Waits until every table in `tables` has had a post that hands the turn back to its person.
async fn wait_for_prompts(service: &Service, tables: &[(u64, Actor)], what: &str) {
    let deadline = Instant::now() + Duration::from_secs(600);
    loop {
        let mut waiting = 0;
        for (table, person) in tables {
            let (game, _, seat, _) = service.snapshot::<SouthSeas>(place(*table), person.user_id).await.expect("snapshot");
            if game.to_act() != seat {
                waiting += 1;
            }
        }
        if waiting == 0 {
            return;
        }
        assert!(Instant::now() < deadline, "{what}: {waiting} tables still wait for their computers");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Eight tables of one person and four hard computers hand the turn to their computers at
/// once; a ninth table's person is due a reminder. The scheduler starts the eight runs and
/// posts the reminder at once, while they think (none of them has posted yet); then every
/// table gets its turn back, each with one message.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reminder_due_while_eight_tables_computers_think_is_sent_at_once() {
    let db = TempDb::new("computers-remind");
    let clock = ManualClock::at(1_800_000_000_000);
    let service = Arc::new(Service::new(Store::open(&db.url()).await.expect("database"), None).with_clock(clock.clone()));
    let mut tables = Vec::new();
    for table in 0..8 {
        tables.push((table, handed_to_computers(&service, table, 4).await));
    }
    // The ninth table: two people, the first one's turn; their first reminder comes after 8 hours.
    let (ana, ben) = (player(90), player(91));
    posted(&service, &service.create(place(9), &ana, GameOptions { seed: Some(9), ..GameOptions::default() }).await.expect("create")).await;
    posted(&service, &service.join(place(9), &ben).await.expect("join")).await;
    posted(&service, &service.start(place(9), &ana).await.expect("start")).await;
    clock.advance(Duration::from_secs(8 * 3600 + 60));

    let log = Arc::new(Mutex::new(Vec::new()));
    let started = Instant::now();
    let scheduler = run_scheduler(&service, &log);
    wait_for_prompts(&service, &tables, "after the reminder").await;
    // A run is committed before its message is posted and logged: let the last ones land.
    let deadline = Instant::now() + Duration::from_secs(60);
    while log.lock().unwrap().iter().filter(|(_, _, r)| !r.text.contains("⏰")).count() < 8 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    scheduler.abort();

    let log = log.lock().unwrap().clone();
    let reminders: Vec<_> = log.iter().filter(|(_, _, r)| r.text.contains("⏰")).collect();
    assert_eq!(reminders.len(), 1, "one reminder: {:?}", log.iter().map(|(_, _, r)| &r.text).collect::<Vec<_>>());
    let (sent, thinking, _) = reminders[0];
    let first_run = log.iter().filter(|(_, _, r)| !r.text.contains("⏰")).map(|(at, _, _)| *at).min().expect("the computers' posts");
    assert!(*sent < first_run, "the reminder went out before any table's computers were done");
    assert!(*thinking >= 1, "computers were thinking when the reminder went out");
    eprintln!(
        "reminder after {:?}; the first run of computer moves posted after {:?}, the last after {:?}",
        sent.duration_since(started),
        first_run.duration_since(started),
        log.iter().map(|(at, _, _)| at.duration_since(started)).max().unwrap()
    );
    // One message per table's run, none twice.
    let mut games: Vec<i64> = log.iter().filter(|(_, _, r)| !r.text.contains("⏰")).filter_map(|(_, _, r)| r.game.map(|g| g.0)).collect();
    games.sort();
    let runs = games.len();
    games.dedup();
    assert_eq!((runs, games.len()), (8, 8), "one message per table's run of computer moves");
}

/// One thinker for two tables of four hard computers: their decisions take turns at the gate,
/// so neither table waits for the other's whole run; and the moves are those the computers
/// make one table at a time (the manual clock: every decision has its full budget).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_tables_runs_interleave_and_play_the_moves_of_one_at_a_time() {
    const ROUNDS: usize = 2;
    let db = TempDb::new("computers-interleave");
    let clock = ManualClock::at(1_800_000_000_000);
    let service = Arc::new(Service::new(Store::open(&db.url()).await.expect("database"), None).with_clock(clock.clone()).with_thinkers(1));
    let tables = vec![(0, handed_to_computers(&service, 0, 4).await), (1, handed_to_computers(&service, 1, 4).await)];
    let log = Arc::new(Mutex::new(Vec::new()));
    let scheduler = run_scheduler(&service, &log);
    let mut rounds = Vec::new();
    for round in 0..ROUNDS {
        let before = service.thinking().journal().len();
        if round > 0 {
            for (table, person) in &tables {
                play_until_handed_over(&service, *table, person).await;
            }
        }
        wait_for_prompts(&service, &tables, &format!("round {round}")).await;
        rounds.push(service.thinking().journal()[before..].iter().map(|d| d.game).collect::<Vec<i64>>());
    }
    scheduler.abort();
    assert!(service.thinking().journal().iter().all(|d| !d.reduced), "untimed: every decision had its full budget");
    // The second round: all four computers of each table play.
    let order = &rounds[ROUNDS - 1];
    let (a, b) = (order[0], *order.iter().find(|&&g| g != order[0]).expect("both tables thought"));
    let count = |g: i64| order.iter().filter(|&&x| x == g).count();
    assert!(count(a) >= 4 && count(b) >= 4, "each run has several decisions: {rounds:?}");
    let joined = order.iter().position(|&g| g == b).unwrap();
    assert!(joined <= 2, "the second table's first decision comes at once, not after the first's run: {order:?}");
    // From then on they alternate, until one run is done.
    let both = order.iter().rposition(|&g| g == a).unwrap().min(order.iter().rposition(|&g| g == b).unwrap());
    let tail = &order[joined - 1..=both];
    assert!(tail.windows(2).all(|w| w[0] != w[1]), "the runs alternate, decision by decision: {order:?}");

    // The same two tables, one due item after another (`run_due`): the same moves.
    let db2 = TempDb::new("computers-interleave-alone");
    let alone = Service::new(Store::open(&db2.url()).await.expect("database"), None).with_clock(clock.clone());
    for (table, _) in &tables {
        handed_to_computers(&alone, *table, 4).await;
    }
    for round in 0..ROUNDS {
        if round > 0 {
            for (table, person) in &tables {
                play_until_handed_over(&alone, *table, person).await;
            }
        }
        loop {
            let replies = alone.run_due().await.expect("run_due");
            if replies.is_empty() {
                break;
            }
            for reply in &replies {
                posted(&alone, reply).await;
            }
        }
    }
    for (table, person) in &tables {
        let (together, v1, _, _) = service.snapshot::<SouthSeas>(place(*table), person.user_id).await.unwrap();
        let (one_at_a_time, v2, _, _) = alone.snapshot::<SouthSeas>(place(*table), person.user_id).await.unwrap();
        assert_eq!((v1, format!("{together:?}")), (v2, format!("{one_at_a_time:?}")), "table {table}: the same moves");
    }
}
