//! Stored games are sacred. A database written by the bot of each stored-format generation
//! (`tests/data/golden/games-GENERATION.db`: a lobby, games at several steps, a finished and an
//! abandoned game, both retrieve rules, 2 to 5 players) must open, replay and continue exactly as
//! it did then, in every later version; and a seed must keep meaning the same deck and ship
//! order (`setups-2026-11.json`). Changing what a stored log or seed means fails these tests:
//! that change needs a new ruleset or a migration instead (see ARCHITECTURE.md).
//!
//! Generations: `2026-11` stored actions and options as the engine's derived JSON, before the
//! outbox's rows had a kind or a ruleset; `2026-11-24` stores them in the explicit, versioned
//! form of `southseas_engine::record` (`1:place 3 -2 90`), with `games.kind` and
//! `games.ruleset`, on the migrations of that day; `2026-11-25` also stores the seat of every
//! step (migration 0005), with due items per waiting person and posts addressed to a recipient.
//! Every generation was written before games had a language (migration 0006): they speak English.
//!
//! The files were written by `write_golden_files` below (ignored), never by hand.

use southseas::games::southseas::GameOptions;
use southseas::games::southseas::SouthSeas;
use southseas::service::{Actor, Place, Service};
use southseas::store;
use southseas_engine::scenario::Summary;
use southseas_engine::{Bot, Options, RetrieveRule, Setup, Strategy};
use std::path::{Path, PathBuf};

fn golden(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/golden").join(name)
}

/// Every generation of stored games, oldest first; `write_golden_files` writes the newest.
const GENERATIONS: [&str; 3] = ["2026-11", "2026-11-24", "2026-11-25"];
const SETUPS: &str = "setups-2026-11.json";

fn database(generation: &str) -> String {
    format!("games-{generation}.db")
}

fn games(generation: &str) -> String {
    format!("games-{generation}.json")
}
/// Steps each open game is continued by after opening.
const CONTINUE: usize = 12;

/// The channels of the golden database, and what each holds.
const CHANNELS: [(u64, &str); 6] = [
    (1, "lobby"),
    (2, "2 players, a few turns in"),
    (3, "3 players, any-turn retrieve, mid-turn"),
    (4, "4 players, half-way"),
    (5, "5 players, finished"),
    (6, "2 players, abandoned"),
];

fn place(channel: u64) -> Place {
    Place { guild_id: 77, channel_id: channel }
}

fn actor(channel: u64, n: u64) -> Actor {
    Actor::new(channel * 100 + n, format!("P{channel}.{n}"))
}

/// What a game looks like, as JSON: its stored record and seats, and the engine's summary of
/// its replayed state (facts only: wording may change between versions, meaning may not).
async fn describe(service: &Service, channel: u64) -> serde_json::Value {
    let mut conn = service.store().pool().acquire().await.unwrap();
    let record = store::latest_game_in_channel(&mut conn, channel).await.unwrap().expect("a game in the channel");
    let seats: Vec<(String, Option<usize>)> =
        store::seats(&mut conn, record.id).await.unwrap().into_iter().map(|s| (s.name, s.seat)).collect();
    let actions = store::actions(&mut conn, record.id).await.unwrap().len();
    drop(conn);
    let state = match service.snapshot::<SouthSeas>(place(channel), 0).await {
        Ok((game, _, _, _)) => serde_json::to_value(Summary::of(&game)).unwrap(),
        Err(_) => serde_json::Value::Null,
    };
    serde_json::json!({
        "status": record.status.as_str(), "version": record.version, "seed": record.seed, "options": format!("{:?}", southseas_engine::record::decode_options(&record.options).unwrap()),
        "seats": seats, "actions": actions, "state": state,
    })
}

/// Plays `steps` steps of the channel's game with seeded bots (the same moves in every version).
async fn play(service: &Service, channel: u64, players: u64, steps: usize, seed: u64) {
    let actors: Vec<Actor> = (0..players).map(|n| actor(channel, n)).collect();
    for step in 0..steps {
        let Ok((game, _, _, _)) = service.snapshot::<SouthSeas>(place(channel), 0).await else { return };
        let Some(seat) = game.to_act() else { return };
        let mut who = actors[0].clone();
        for a in &actors {
            if service.snapshot::<SouthSeas>(place(channel), a.user_id).await.unwrap().2 == Some(seat) {
                who = a.clone();
            }
        }
        let action = Bot::new(Strategy::Greedy, seed + step as u64).choose(&game).unwrap();
        service.act(place(channel), &who, action).await.unwrap();
    }
}

async fn describe_all(service: &Service) -> serde_json::Value {
    let mut out = serde_json::Map::new();
    for (channel, what) in CHANNELS {
        out.insert(format!("{channel}: {what}"), describe(service, channel).await);
    }
    serde_json::Value::Object(out)
}

async fn continue_all(service: &Service) {
    for (channel, players) in [(2, 2), (3, 3), (4, 4)] {
        play(service, channel, players, CONTINUE, 900 + channel).await;
    }
}

fn setups() -> serde_json::Value {
    let mut out = Vec::new();
    for seed in [0u64, 1, 7, 2024, u64::MAX >> 1] {
        for players in 2..=5 {
            let setup = Setup::standard(Options::default(), players, seed);
            let deck: Vec<&str> = setup.deck.iter().map(|t| setup.tiles.get(*t).name.as_str()).collect();
            let ships: Vec<&str> = setup.ship_order.iter().map(|s| setup.ships.get(*s).name.as_str()).collect();
            out.push(serde_json::json!({
                "seed": seed, "players": players, "start_player": setup.start_player, "deck": deck.join(" "), "ships": ships.join(" "),
            }));
        }
    }
    serde_json::Value::Array(out)
}

fn read_json(name: &str) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(golden(name)).expect("golden file")).expect("golden JSON")
}

#[test]
fn a_seed_keeps_its_deck_and_ship_order() {
    assert_eq!(setups(), read_json(SETUPS), "a seed's deck or ship order changed: a new ruleset is needed, not an edit");
}

#[tokio::test]
async fn stored_games_of_every_generation_open_replay_and_continue_identically() {
    for generation in GENERATIONS {
        let db = crate::support::TempDb::new("golden");
        std::fs::copy(golden(&database(generation)), &db.path).expect("copy the golden database");
        let service = Service::open(&db.url()).await.expect("the old database opens (migrations run)");
        // Messages it still owed (stored as JSON) are read and would be posted.
        service.release_own_claims().await.expect("the outbox reads");
        let owed = service.due_posts().await.expect("the outbox reads");
        assert_eq!(owed.len(), CHANNELS.len(), "{generation}: every game's newest post decodes: {owed:?}");
        assert!(owed.iter().all(|r| !r.text.is_empty() && r.channel.is_some()), "{owed:?}");
        let service = Service::open(&db.url()).await.unwrap();
        let expected = read_json(&games(generation));
        assert_eq!(describe_all(&service).await, expected["opened"], "{generation}: the stored games replay to the states they had");
        continue_all(&service).await;
        assert_eq!(describe_all(&service).await, expected["continued"], "{generation}: and continue exactly as they did");
    }
}

/// A finished game of every generation shows its recap (computed from its stored log, replayed)
/// in the message it still owed: South Seas in channel 5, Seafarers in channel 14.
#[tokio::test]
async fn finished_games_of_every_generation_show_a_recap() {
    let databases = GENERATIONS.iter().map(|g| (database(g), 5)).chain([("seafarers-2026-11-25.db".to_string(), 14)]);
    for (file, channel) in databases {
        let db = crate::support::TempDb::new("golden-recap");
        std::fs::copy(golden(&file), &db.path).expect("copy the golden database");
        let service = Service::open(&db.url()).await.expect("it opens").with_images(southseas::games::Pictures::all());
        service.release_own_claims().await.expect("the outbox reads");
        let owed = service.due_posts().await.expect("the outbox reads");
        let mut end = owed.into_iter().find(|r| r.channel == Some(channel)).unwrap_or_else(|| panic!("{file}: the end is owed"));
        service.attach_images(&mut end).await.expect("drawn");
        let names: Vec<&str> = end.images.iter().map(|i| i.name.as_str()).collect();
        assert_eq!(names, ["recap.png"], "{file}: the finished game's picture is its recap");
    }
}

/// Games stored before turn time limits existed (migration 0004) keep playing without one: no
/// deadline ever takes a turn from their players, every seat stays a person's, and once they
/// move on they get the reminders of a game without a limit.
#[tokio::test]
async fn games_stored_before_deadlines_get_no_deadline() {
    // The generations written before migration 0004 (later ones have the default limit).
    for generation in ["2026-11", "2026-11-24"] {
        let db = crate::support::TempDb::new("golden-limits");
        std::fs::copy(golden(&database(generation)), &db.path).unwrap();
        let service = Service::open(&db.url()).await.unwrap();
        let limits: Vec<i64> = sqlx::query_scalar("SELECT turn_limit_secs FROM games").fetch_all(service.store().pool()).await.unwrap();
        assert!(!limits.is_empty() && limits.iter().all(|&l| l == 0), "{generation}: {limits:?}");
        let computers: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM seats WHERE computer IS NOT NULL OR away_until IS NOT NULL")
            .fetch_one(service.store().pool())
            .await
            .unwrap();
        assert_eq!(computers, 0, "{generation}");
        assert!(service.run_due().await.unwrap().is_empty(), "{generation}: nothing was due");
        continue_all(&service).await;
        let kinds: Vec<String> = sqlx::query_scalar("SELECT kind FROM due").fetch_all(service.store().pool()).await.unwrap();
        assert!(kinds.contains(&"reminder".to_string()), "{generation}: {kinds:?}");
        assert!(!kinds.contains(&"deadline".to_string()), "{generation}: {kinds:?}");
    }
}

/// Games stored before the bot spoke other languages keep speaking English: migration 0006
/// gives each of them English, and the lobby waiting in channel 1 still answers a join in
/// English words.
#[tokio::test]
async fn games_stored_before_languages_keep_english() {
    for generation in GENERATIONS {
        let db = crate::support::TempDb::new("golden-languages");
        std::fs::copy(golden(&database(generation)), &db.path).unwrap();
        let service = Service::open(&db.url()).await.unwrap();
        for (channel, what) in CHANNELS {
            let mut conn = service.store().pool().acquire().await.unwrap();
            let record = store::latest_game_in_channel(&mut conn, channel).await.unwrap().expect("a game in the channel");
            assert_eq!(record.language, southseas::i18n::Locale::En, "{generation}: {what}");
        }
        let reply = service.join(place(1), &actor(1, 7)).await.unwrap();
        assert!(reply.text.contains("P1.7 joined.") && reply.text.contains("Players ("), "{generation}: {}", reply.text);
        assert_eq!(reply.buttons[0][0].label, "Join", "{generation}");
    }
}

/// Each generation holds the stored form it is named for, so both readers stay exercised:
/// derived JSON in the first, version 1 records from then on, old rows never rewritten.
#[tokio::test]
async fn each_generation_holds_its_own_stored_form() {
    for generation in GENERATIONS {
        let db = crate::support::TempDb::new("golden-form");
        std::fs::copy(golden(&database(generation)), &db.path).unwrap();
        let service = Service::open(&db.url()).await.unwrap();
        let rows: Vec<String> = sqlx::query_scalar("SELECT action FROM actions UNION ALL SELECT options FROM games")
            .fetch_all(service.store().pool())
            .await
            .unwrap();
        assert!(rows.len() > 100, "{generation}: {} rows", rows.len());
        let legacy = generation == GENERATIONS[0];
        for row in rows {
            assert_eq!(row.starts_with('{'), legacy, "{generation}: `{row}`");
            assert_eq!(row.starts_with("1:"), !legacy, "{generation}: `{row}`");
        }
    }
}

/// Steps logged since migration 0005 carry their seat; steps logged before keep none (their
/// rows are never rewritten) and still replay, and a step taken on such a game now is logged
/// with its seat: the one the game waited for.
#[tokio::test]
async fn steps_carry_their_seat_from_the_generation_that_stores_it() {
    for generation in GENERATIONS {
        let db = crate::support::TempDb::new("golden-seat");
        std::fs::copy(golden(&database(generation)), &db.path).unwrap();
        let service = Service::open(&db.url()).await.unwrap();
        let seats = |service: &Service| {
            let pool = service.store().pool().clone();
            async move {
                sqlx::query_as::<_, (i64, Option<i64>)>(
                    "SELECT seq, seat FROM actions WHERE game_id = (SELECT id FROM games WHERE channel_id = 4)",
                )
                .fetch_all(&pool)
                .await
                .unwrap()
            }
        };
        let stored = seats(&service).await;
        let with_seat = generation >= "2026-11-25";
        assert!(!stored.is_empty());
        assert!(stored.iter().all(|(_, seat)| seat.is_some() == with_seat), "{generation}: {stored:?}");
        let (game, _, _, _) = service.snapshot::<SouthSeas>(place(4), 0).await.unwrap();
        let waited_for = game.to_act().expect("channel 4's game runs") as i64;
        play(&service, 4, 4, 1, 77).await;
        let after = seats(&service).await;
        assert_eq!(after.len(), stored.len() + 1, "{generation}");
        assert_eq!(after[..stored.len()], stored[..], "{generation}: old rows are never rewritten");
        assert_eq!(after.last().unwrap().1, Some(waited_for), "{generation}: the new step is logged with its seat");
    }
}

/// Writes the golden files. Run once per format generation, never to make a failing test pass:
/// `cargo test --test it -- --ignored write_golden_files`.
#[tokio::test]
#[ignore = "writes tests/data/golden; only when a new generation of stored games is pinned"]
async fn write_golden_files() {
    std::fs::create_dir_all(golden("")).unwrap();
    let newest = GENERATIONS[GENERATIONS.len() - 1];
    let path = golden(&database(newest));
    assert!(!path.exists(), "{} exists: golden files are written once", path.display());
    let db = crate::support::TempDb::new("golden-write");
    let service = Service::open(&db.url()).await.unwrap();
    let setups_for: [(u64, usize, RetrieveRule, usize); 6] = [
        (1, 3, RetrieveRule::EmptySupply, 0),
        (2, 2, RetrieveRule::EmptySupply, 9),
        (3, 3, RetrieveRule::AnyTurn, 40),
        (4, 4, RetrieveRule::EmptySupply, 120),
        (5, 5, RetrieveRule::EmptySupply, 1000),
        (6, 2, RetrieveRule::EmptySupply, 15),
    ];
    for (channel, players, retrieve, steps) in setups_for {
        let options = GameOptions { retrieve, seed: Some(channel * 1000 + 7), ..GameOptions::default() };
        service.create(place(channel), &actor(channel, 0), options).await.unwrap();
        for n in 1..players as u64 {
            service.join(place(channel), &actor(channel, n)).await.unwrap();
        }
        if channel == 1 {
            continue;
        }
        service.start(place(channel), &actor(channel, 0)).await.unwrap();
        play(&service, channel, players as u64, steps, channel * 10).await;
        if channel == 6 {
            service.abandon(place(channel), &actor(channel, 0)).await.unwrap();
        }
    }
    // As a bot leaves its database: the messages of the games' newest steps may still be owed
    // (a crash), older ones were posted.
    sqlx::query("DELETE FROM outbox WHERE version < (SELECT MAX(version) FROM outbox o WHERE o.game_id = outbox.game_id)")
        .execute(service.store().pool())
        .await
        .unwrap();
    let opened = describe_all(&service).await;
    southseas::cli::backup::backup(&db.url(), &path).await.unwrap();
    continue_all(&service).await;
    let continued = describe_all(&service).await;
    let described = serde_json::json!({ "opened": opened, "continued": continued });
    std::fs::write(golden(&games(newest)), serde_json::to_string_pretty(&described).unwrap()).unwrap();
    if !golden(SETUPS).exists() {
        std::fs::write(golden(SETUPS), serde_json::to_string_pretty(&setups()).unwrap()).unwrap();
    }
}

/// A database as the version before the outbox left it (only `0001_games.sql` applied, rows
/// written as that version wrote them) migrates at start and its game continues.
#[tokio::test]
async fn a_database_from_before_the_outbox_migrates_and_continues() {
    use sqlx::migrate::Migrator;
    use sqlx::sqlite::SqliteConnectOptions;
    use sqlx::{ConnectOptions, Connection};
    let db = crate::support::TempDb::new("pre-outbox");
    let only_first = std::env::temp_dir().join(format!("southseas-migrations-{}", std::process::id()));
    std::fs::create_dir_all(&only_first).unwrap();
    std::fs::copy(Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations/sqlite/0001_games.sql"), only_first.join("0001_games.sql"))
        .unwrap();
    let mut conn = SqliteConnectOptions::new().filename(&db.path).create_if_missing(true).connect().await.unwrap();
    Migrator::new(only_first.as_path()).await.unwrap().run(&mut conn).await.unwrap();
    // A 3-player game, 30 steps in, and two turn messages with buttons, as that version stored them.
    let (seed, players, options) = (4242u64, 3usize, Options::default());
    let mut game = southseas_engine::Game::from_setup(Setup::standard(options, players, seed)).unwrap();
    let mut bot = Bot::new(Strategy::Greedy, 3);
    let mut actions = Vec::new();
    for _ in 0..30 {
        let action = bot.choose(&game).unwrap();
        game.apply(&action).unwrap();
        actions.push((game.to_act().unwrap_or(0), action));
    }
    let version = 4 + actions.len() as i64;
    sqlx::query("INSERT INTO games VALUES (1, 77, 9, 'active', ?, ?, 900, 2, 5, ?, 1, 1)")
        .bind(serde_json::to_string(&options).unwrap())
        .bind(seed as i64)
        .bind(version)
        .execute(&mut conn)
        .await
        .unwrap();
    for seat in 0..players as i64 {
        sqlx::query("INSERT INTO seats VALUES (1, ?, ?, ?, ?)")
            .bind(900 + seat)
            .bind(format!("P{seat}"))
            .bind(seat)
            .bind(seat)
            .execute(&mut conn)
            .await
            .unwrap();
    }
    for (i, (_, action)) in actions.iter().enumerate() {
        sqlx::query("INSERT INTO actions VALUES (1, ?, 900, ?, 1)")
            .bind(i as i64 + 1)
            .bind(serde_json::to_string(action).unwrap())
            .execute(&mut conn)
            .await
            .unwrap();
    }
    for (message, v) in [(5001i64, version - 1), (5002, version)] {
        sqlx::query("INSERT INTO messages VALUES (1, ?, 'choices', ?, 1)").bind(message).bind(v).execute(&mut conn).await.unwrap();
    }
    conn.close().await.unwrap();
    let _ = std::fs::remove_dir_all(&only_first);

    // This version opens it: the migration runs, the game replays to the same state and goes on.
    let service = Service::open(&db.url()).await.expect("the old database migrates");
    let place = Place { guild_id: 77, channel_id: 9 };
    let (replayed, v, _, _) = service.snapshot::<SouthSeas>(place, 0).await.unwrap();
    assert_eq!(v, version);
    assert_eq!(serde_json::to_value(Summary::of(&replayed)).unwrap(), serde_json::to_value(Summary::of(&game)).unwrap());
    let retire = service.due_retirements().await.unwrap();
    assert!(retire.iter().all(|r| r.2 != 5002), "the newest message keeps its buttons: {retire:?}");
    let mut c = service.store().pool().acquire().await.unwrap();
    let retired: i64 = sqlx::query_scalar("SELECT retired FROM messages WHERE message_id = 5001").fetch_one(&mut *c).await.unwrap();
    assert_eq!(retired, 1, "older messages count as retired, as that version left them");
    drop(c);
    let seat = replayed.to_act().unwrap();
    let who = Actor::new(900 + seat as u64, format!("P{seat}"));
    let reply = service.act(place, &who, bot.choose(&replayed).unwrap()).await.expect("the old game continues");
    assert_eq!(reply.game.unwrap().1, version + 1);
}

/// The stored Catan: Seafarers games, pinned from the first version that hosts the game: a
/// lobby, a game in its setup, one in play waiting on a discard, one finished. Their database
/// must open, replay to the same states and continue with the same steps in every later version.
mod seafarers {
    use super::{golden, place};
    use seafarers_engine::{Bot, Strategy};
    use southseas::games::seafarers::{Seafarers, SeafarersOptions};
    use southseas::service::{Actor, Service};
    use southseas::store;

    const DATABASE: &str = "seafarers-2026-11-25.db";
    const GAMES: &str = "seafarers-2026-11-25.json";
    /// Channels 11.. hold (scenario, players, steps played); 11 is a lobby.
    const CHANNELS: [(u64, &str, u64, usize); 4] =
        [(11, "new-shores", 3, 0), (12, "ocean-land", 4, 9), (13, "four-islands", 3, 150), (14, "through-the-desert", 3, 100_000)];
    const CONTINUE: usize = 30;

    fn actor(channel: u64, n: u64) -> Actor {
        Actor::new(channel * 100 + n, format!("S{channel}.{n}"))
    }

    /// A game as JSON: its stored record and seats and the engine's whole view of its state.
    async fn describe(service: &Service, channel: u64) -> serde_json::Value {
        let mut conn = service.store().pool().acquire().await.unwrap();
        let record = store::latest_game_in_channel(&mut conn, channel).await.unwrap().expect("a game");
        let seats: Vec<(String, Option<usize>)> =
            store::seats(&mut conn, record.id).await.unwrap().into_iter().map(|s| (s.name, s.seat)).collect();
        let actions: Vec<String> = store::actions(&mut conn, record.id).await.unwrap().into_iter().map(|a| a.action).collect();
        drop(conn);
        let state = match service.snapshot::<Seafarers>(place(channel), 0).await {
            Ok((game, _, _, _)) => serde_json::to_value(game.full_view()).unwrap(),
            Err(_) => serde_json::Value::Null,
        };
        serde_json::json!({
            "status": record.status.as_str(), "version": record.version, "seed": record.seed, "options": record.options,
            "ruleset": record.ruleset, "seats": seats, "actions": actions, "state": state,
        })
    }

    async fn describe_all(service: &Service) -> serde_json::Value {
        let mut out = serde_json::Map::new();
        for (channel, scenario, _, _) in CHANNELS {
            out.insert(format!("{channel}: {scenario}"), describe(service, channel).await);
        }
        serde_json::Value::Object(out)
    }

    /// Plays up to `steps` decisions with seeded greedy players (the same moves in every version).
    async fn play(service: &Service, channel: u64, players: u64, steps: usize, seed: u64) {
        let actors: Vec<Actor> = (0..players).map(|n| actor(channel, n)).collect();
        for step in 0..steps {
            let Ok((game, _, _, _)) = service.snapshot::<Seafarers>(place(channel), 0).await else { return };
            let Some(&seat) = game.to_act().first() else { return };
            let mut who = actors[0].clone();
            for a in &actors {
                if service.snapshot::<Seafarers>(place(channel), a.user_id).await.unwrap().2 == Some(seat) {
                    who = a.clone();
                }
            }
            let action = Bot::new(Strategy::Greedy, seed + step as u64).choose(&game, seat).unwrap();
            service.act(place(channel), &who, action).await.unwrap();
        }
    }

    async fn continue_all(service: &Service) {
        for (channel, _, players, _) in &CHANNELS[1..3] {
            play(service, *channel, *players, CONTINUE, 500 + channel).await;
        }
    }

    #[tokio::test]
    async fn stored_seafarers_games_open_replay_and_continue_identically() {
        let db = crate::support::TempDb::new("golden-seafarers");
        std::fs::copy(golden(DATABASE), &db.path).expect("copy the golden database");
        let service = Service::open(&db.url()).await.expect("the database opens");
        let expected: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(golden(GAMES)).unwrap()).unwrap();
        assert_eq!(describe_all(&service).await, expected["opened"], "the stored games replay to the states they had");
        continue_all(&service).await;
        assert_eq!(describe_all(&service).await, expected["continued"], "and continue exactly as they did");
        // Every step is stored in the engine's record with its seat, and the seat column agrees.
        let rows: Vec<(String, Option<i64>)> =
            sqlx::query_as("SELECT action, seat FROM actions").fetch_all(service.store().pool()).await.unwrap();
        assert!(rows.len() > 300);
        for (action, seat) in rows {
            let (recorded, _) = seafarers_engine::record::decode(&action).expect("a version-1 record");
            assert_eq!(Some(i64::from(recorded)), seat, "{action}");
        }
    }

    /// Writes the Seafarers golden files, once: `cargo test --test it -- --ignored write_seafarers_golden_files`.
    #[tokio::test]
    #[ignore = "writes tests/data/golden; only when a new generation of stored games is pinned"]
    async fn write_seafarers_golden_files() {
        let path = golden(DATABASE);
        assert!(!path.exists(), "{} exists: golden files are written once", path.display());
        let db = crate::support::TempDb::new("golden-seafarers-write");
        let service = Service::open(&db.url()).await.unwrap();
        for (channel, scenario, players, steps) in CHANNELS {
            let options = SeafarersOptions { scenario: scenario.into(), seed: Some(channel * 1000 + 3), ..SeafarersOptions::default() };
            service.create(place(channel), &actor(channel, 0), options).await.unwrap();
            for n in 1..players {
                service.join(place(channel), &actor(channel, n)).await.unwrap();
            }
            if steps == 0 {
                continue;
            }
            service.start(place(channel), &actor(channel, 0)).await.unwrap();
            play(&service, channel, players, steps, channel * 10).await;
        }
        sqlx::query("DELETE FROM outbox WHERE version < (SELECT MAX(version) FROM outbox o WHERE o.game_id = outbox.game_id)")
            .execute(service.store().pool())
            .await
            .unwrap();
        let opened = describe_all(&service).await;
        southseas::cli::backup::backup(&db.url(), &path).await.unwrap();
        continue_all(&service).await;
        let continued = describe_all(&service).await;
        let described = serde_json::json!({ "opened": opened, "continued": continued });
        std::fs::write(golden(GAMES), serde_json::to_string_pretty(&described).unwrap()).unwrap();
    }
}
