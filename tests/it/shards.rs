//! Two real `southseas serve` processes, one per gateway shard (`SOUTHSEAS_SHARDS=0-0/2` and
//! `1-1/2`), against the Discord double and ONE shared database: games in several guilds on
//! both shards, racing clicks, and the shard-1 process SIGKILLed mid-play and restarted.
//!
//! What must hold: each guild's interactions reach and are answered by the process owning its
//! shard only; the other process keeps serving its guilds while one is down; no action is lost
//! or applied twice (every game's action log is exactly the actions the test saw applied); the
//! killed process's games continue after its restart; the commands are registered once, by the
//! shard-0 process.

use super::discord_double::{self as dd, Double, Member, Options};
use super::discord_e2e::{custom_ids, only_rematch_left};
use super::process::tap_for;
use crate::support::shared_database_url;
use futures_util::future::join_all;
use serde_json::Value;
use southseas::games::southseas::SouthSeas;
use southseas::games::southseas::codes::Code;
use southseas::service::{ComponentId, Place, Service};
use southseas_engine::{Action, Bot, Game, Strategy};
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

const SHARD_COUNT: u32 = 2;
/// Guilds per shard, and game channels per guild.
const GUILDS_PER_SHARD: u64 = 2;
const CHANNELS_PER_GUILD: u64 = 2;

/// Each process has its own bot token, so the double can tell whose answer is whose (Discord
/// itself would see one token; nothing in the bot depends on it).
fn token(shard: u32) -> String {
    format!("token-shard{shard}")
}

fn spawn_shard(double: &Double, url: &str, shard: u32, log: &Path) -> Child {
    spawn_shard_with(double, url, shard, log, &[])
}

fn spawn_shard_with(double: &Double, url: &str, shard: u32, log: &Path, env: &[(&str, &str)]) -> Child {
    let stderr = std::fs::File::create(log).expect("a log file");
    std::process::Command::new(env!("CARGO_BIN_EXE_southseas"))
        .arg("serve")
        .envs(env.iter().copied())
        .env("DISCORD_TOKEN", token(shard))
        .env("DEV_GUILD_ID", dd::GUILD_ID.to_string())
        .env("DATABASE_URL", url)
        .env("SOUTHSEAS_DISCORD_API", double.url())
        .env("SOUTHSEAS_SHARDS", format!("{shard}-{shard}/{SHARD_COUNT}"))
        // Set but empty means the default (derived from the shards); a .env file can't fill in
        // a variable that is set.
        .env("SOUTHSEAS_INSTANCE", "")
        .env("SOUTHSEAS_REGISTER", "on")
        .env("RUST_LOG", "error,southseas=info")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(stderr)
        .spawn()
        .expect("start southseas serve")
}

/// One game: where it is, its players by seat, the greedy bots choosing their moves, and what
/// the test saw happen.
struct Table {
    place: Place,
    shard: u32,
    players: [Member; 2],
    bots: [Bot; 2],
    game_id: i64,
    /// The version once started, and every action the test saw applied since, in order.
    started_at: i64,
    applied: Vec<Action>,
    /// Every interaction the test sent for this game.
    sent: Vec<u64>,
}

/// The game as the database has it: the game, its version, its id.
async fn state(service: &Service, place: Place) -> Option<(Game, i64, i64)> {
    let (game, version, _, _) = service.snapshot::<SouthSeas>(place, 0).await.ok()?;
    let id = service.status(place, southseas::i18n::Locale::En).await.ok()?.game?.0;
    Some((game, version, id))
}

/// Waits until the database has the game at `min_version` or later and the channel shows it as a
/// player would: exactly one message offers choices, all for the current version (none once the
/// game is over). Returns the game, its version and that message.
async fn settle(double: &Double, service: &Service, place: Place, min_version: i64, what: &str) -> (Game, i64, Option<Value>) {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let now = state(service, place).await;
        if let Some((game, version, id)) = now.clone().filter(|s| s.1 >= min_version) {
            let offering = double.messages_with_components(place.channel_id);
            let current =
                |m: &Value| custom_ids(m).iter().all(|c| ComponentId::parse(c).is_some_and(|c| c.game == id && c.version == version));
            match (game.is_over(), offering.as_slice()) {
                (true, []) => return (game, version, None),
                (false, [only]) if current(only) && recorded(service, id, only, version).await => {
                    return (game, version, Some(only.clone()));
                }
                _ => {}
            }
        }
        if Instant::now() > deadline {
            let offering: Vec<(Value, Vec<String>)> =
                double.messages_with_components(place.channel_id).iter().map(|m| (m["id"].clone(), custom_ids(m))).collect();
            let seen = now.as_ref().map(|(g, v, id)| (*id, *v, g.to_act()));
            let history: Vec<String> = double
                .all_sent()
                .iter()
                .filter(|r| r.channel_id == Some(place.channel_id))
                .map(|r| {
                    let text: String = r.content.as_deref().unwrap_or("").chars().take(50).collect();
                    format!(
                        "{:?} i={:?} m={:?} by={:?} ids={:?} {text:?}",
                        r.kind,
                        r.interaction_id,
                        r.message_id,
                        r.bot_token,
                        r.custom_ids()
                    )
                })
                .collect();
            let mut conn = service.store().pool().acquire().await.expect("a connection");
            let owed = southseas::store::pending_posts(&mut conn).await;
            panic!(
                "{what}: channel {} never settled at version ≥ {min_version}: the database has (game, version, to act) {seen:?}, posts owed {owed:?}; offering {offering:?}\n{}",
                place.channel_id,
                history.join("\n")
            );
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Whether the database has recorded `message` as showing `version` (the step's delivery is
/// booked). This test's taps wait for the booking, so that each step starts from a settled
/// channel; tapping before it is what `discord_race.rs` tests.
async fn recorded(service: &Service, game: i64, message: &Value, version: i64) -> bool {
    let Some(id) = dd::id_of(&message["id"]) else { return false };
    let mut conn = service.store().pool().acquire().await.expect("a connection");
    let messages = southseas::store::messages(&mut conn, game).await.expect("the game's messages");
    messages.iter().any(|(m, _, v)| *m == id && *v == version)
}

/// `/new`, Join, Start in the table's channel.
async fn open_game(double: &Double, service: &Service, place: Place, shard: u32, n: u64) -> Table {
    let (a, b) = (Member::new(6_000 + 2 * n, &format!("ana{n}")), Member::new(6_001 + 2 * n, &format!("ben{n}")));
    let here = |i: dd::Interaction| i.in_guild(place.guild_id, place.channel_id);
    let mut sent = Vec::new();
    let id = double.interact(here(dd::slash("new", &a))).await;
    sent.push(id);
    double.wait_response(id, 2).await;
    let lobby = double.wait_for("a lobby", |d| d.messages_with_components(place.channel_id).pop()).await;
    let ids = custom_ids(&lobby);
    let id = double.interact(here(dd::button(ids.iter().find(|c| c.ends_with(":join")).expect("Join"), &b))).await;
    sent.push(id);
    double.wait_response(id, 2).await;
    let id = double.interact(here(dd::button(ids.iter().find(|c| c.ends_with(":start")).expect("Start"), &a))).await;
    sent.push(id);
    double.wait_callback(id).await;
    let (_, started_at, _) = settle(double, service, place, 0, "the first turn").await;
    let game_id = state(service, place).await.expect("a game").2;
    let a_seat = service.snapshot::<SouthSeas>(place, a.id).await.expect("snapshot").2.expect("ana is seated");
    let players = if a_seat == 0 { [a, b] } else { [b, a] };
    let bots = [Bot::new(Strategy::Greedy, n), Bot::new(Strategy::Greedy, n + 100)];
    Table { place, shard, players, bots, game_id, started_at, applied: Vec::new(), sent }
}

/// A step taken and not yet checked: the version it was taken at and the action.
struct Pending {
    version: i64,
    action: Action,
}

/// Takes the next step of a game: the player to act taps what the bot offers for the greedy
/// bot's choice (or types `/place` when the tile fits in too many ways for a menu). With `race`
/// and a tap to race, the same tap is sent twice at once by that player and once by the other
/// player. None when the game is over.
async fn take_step(double: &Double, service: &Service, table: &mut Table, race: bool) -> Option<Pending> {
    let (game, version, message) = settle(double, service, table.place, 0, "before a step").await;
    let seat = game.to_act()?;
    let message = message?;
    let action = table.bots[seat].choose(&game)?;
    let (who, other) = (table.players[seat].clone(), table.players[1 - seat].clone());
    let (who, other) = (&who, &other);
    let place = table.place;
    let here = |i: dd::Interaction| i.in_guild(place.guild_id, place.channel_id);
    match tap_for(&message, table.game_id, version, action, who) {
        Some(tap) if race => {
            let again = tap_for(&message, table.game_id, version, action, who).expect("the same tap");
            let intruder = tap_for(&message, table.game_id, version, action, other).expect("the same tap");
            let (a, b, c) = futures_util::join!(double.interact(here(tap)), double.interact(here(again)), double.interact(here(intruder)));
            table.sent.extend([a, b, c]);
            // Of three taps on one button, one acts; the other two each get a private answer.
            let refused = double
                .wait_for("two of three racing taps refused in private", |d| {
                    let refused = [a, b, c]
                        .iter()
                        .filter(|id| d.responses(**id).iter().any(|r| r.kind == dd::ResponseKind::Followup && r.is_ephemeral()))
                        .count();
                    (refused >= 2).then_some(refused)
                })
                .await;
            assert_eq!(refused, 2, "game {}: exactly one of three racing taps acted", table.game_id);
        }
        Some(tap) => table.sent.push(double.interact(here(tap)).await),
        None => {
            let typed = here(dd::slash("place", who).string("spot", &Code::Act(action).code()));
            table.sent.push(double.interact(typed).await);
        }
    }
    Some(Pending { version, action })
}

/// Waits for a step's result on the channel: applied exactly once.
async fn check_step(double: &Double, service: &Service, table: &mut Table, pending: Pending) {
    let (_, version, _) = settle(double, service, table.place, pending.version + 1, "after a step").await;
    assert_eq!(version, pending.version + 1, "game {}: the step applied once", table.game_id);
    table.applied.push(pending.action);
}

/// One round: a step in each of `tables` at once (racing taps in every third game of a racing
/// round), each checked.
async fn round(double: &Double, service: &Service, tables: Vec<&mut Table>, race: bool) {
    join_all(tables.into_iter().enumerate().map(|(i, table)| async move {
        if let Some(pending) = take_step(double, service, table, race && i % 3 == 0).await {
            check_step(double, service, table, pending).await;
        }
    }))
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_share_the_shards_and_one_database_through_a_kill() {
    let begun = Instant::now();
    let db = shared_database_url("shards").await;
    let double = Double::start_with(Options { shards: SHARD_COUNT, ..Options::default() }).await;
    let mut places = Vec::new();
    for shard in 0..SHARD_COUNT {
        for g in 0..GUILDS_PER_SHARD {
            let guild = dd::guild_on_shard(shard, SHARD_COUNT, g);
            for c in 1..=CHANNELS_PER_GUILD {
                double.add_guild(guild, guild + c);
                places.push((shard, Place { guild_id: guild, channel_id: guild + c }));
            }
        }
    }
    // The test's own view of the database; opening it first also runs the migrations once.
    let service = Service::open(&db.url).await.expect("the shared database");
    let logs: Vec<PathBuf> =
        (0..SHARD_COUNT).map(|s| std::env::temp_dir().join(format!("southseas-shards-{}-{s}.log", std::process::id()))).collect();
    let mut children: Vec<Child> = (0..SHARD_COUNT).map(|s| spawn_shard(&double, &db.url, s, &logs[s as usize])).collect();
    double.wait_for_live_shards(&[[0, 2], [1, 2]]).await;

    let mut tables: Vec<Table> =
        join_all(places.iter().enumerate().map(|(n, (shard, place))| open_game(&double, &service, *place, *shard, n as u64))).await;

    // Both shards in play, with racing taps every other round.
    for r in 0..6 {
        round(&double, &service, tables.iter_mut().collect(), r % 2 == 1).await;
    }

    // Four times: a step in every game, then shard 1's process is SIGKILLed at a moment from
    // 0 to 80 ms after its taps (before, during or after their commits); shard 0 plays on
    // alone; shard 1 restarts under the same default name, posts what its games still owed,
    // and they go on.
    let (mut applied_at_kill, mut lost_at_kill) = (0, 0);
    for (kill, delay) in [0u64, 10, 30, 80].into_iter().enumerate() {
        let mut pending = Vec::new();
        // Shard 0's games first, so shard 1's taps are the freshest at the kill.
        for table in tables.iter_mut() {
            pending.push(take_step(&double, &service, table, false).await);
        }
        tokio::time::sleep(Duration::from_millis(delay)).await;
        children[1].kill().expect("SIGKILL");
        children[1].wait().expect("reaped");
        double.wait_for_shard_down([1, 2]).await;
        for (table, pending) in tables.iter_mut().zip(pending) {
            let Some(pending) = pending else { continue };
            if table.shard == 0 {
                check_step(&double, &service, table, pending).await;
                continue;
            }
            let (_, version, _) = state(&service, table.place).await.expect("a game");
            assert!(
                version == pending.version || version == pending.version + 1,
                "kill {kill}: game {}: the step applied at most once ({} → {version})",
                table.game_id,
                pending.version
            );
            if version == pending.version + 1 {
                table.applied.push(pending.action);
                applied_at_kill += 1;
            } else {
                lost_at_kill += 1;
            }
        }
        for _ in 0..2 {
            round(&double, &service, tables.iter_mut().filter(|t| t.shard == 0).collect(), true).await;
        }
        assert_eq!(double.live_shards(), vec![[0, 2]], "kill {kill}: shard 0 served alone");

        children[1] = spawn_shard(&double, &db.url, 1, &logs[1]);
        double.wait_for_live_shards(&[[0, 2], [1, 2]]).await;
        for r in 0..2 {
            round(&double, &service, tables.iter_mut().collect(), r == kill % 2).await;
        }
    }

    for child in &mut children {
        child.kill().ok();
        child.wait().ok();
    }

    // Every game's action log is exactly what the test saw applied: nothing lost or doubled.
    for table in &tables {
        let mut conn = service.store().pool().acquire().await.expect("a connection");
        let log: Vec<Action> = southseas::store::actions(&mut conn, table.game_id)
            .await
            .expect("the log")
            .into_iter()
            .map(|a| southseas_engine::record::decode_action(&a.action).expect("a stored action"))
            .collect();
        drop(conn);
        assert_eq!(log, table.applied, "game {} (shard {}): the action log", table.game_id, table.shard);
        let (_, version, _) = state(&service, table.place).await.expect("a game");
        assert_eq!(version - table.started_at, table.applied.len() as i64, "game {}: one version per action", table.game_id);
        assert!(table.applied.len() >= 14, "game {} was played: {} steps", table.game_id, table.applied.len());
    }
    // Each guild's interactions went to its shard's process, and only that process answered.
    for table in &tables {
        for id in &table.sent {
            let to = double.dispatched_to(*id).expect("dispatched");
            assert_eq!(to.shard, [dd::shard_of(table.place.guild_id, SHARD_COUNT), SHARD_COUNT], "interaction {id}");
            assert_eq!(to.token, token(table.shard), "interaction {id}");
        }
    }
    assert_eq!(double.answered_elsewhere(), Vec::<String>::new(), "answers from a process not owning the guild's shard");
    // Registered once, by the process running shard 0; never again on shard 1's restart.
    assert_eq!(
        double.commands().len(),
        1,
        "one command registration: {:?}",
        double.commands().iter().map(|c| c.guild_id).collect::<Vec<_>>()
    );
    double.assert_no_unexpected();
    // The startup log says which name and shards each process runs.
    for (shard, log) in logs.iter().enumerate() {
        let text = std::fs::read_to_string(log).unwrap_or_default();
        assert!(
            text.contains(&format!("instance=shards-{shard}")) && text.contains(&format!("shards={shard} of 2")),
            "log of shard {shard}: {text}"
        );
        let _ = std::fs::remove_file(log);
    }
    let steps: usize = tables.iter().map(|t| t.applied.len()).sum();
    eprintln!(
        "{} games in {} guilds on 2 shards, {steps} steps; at the kills, {applied_at_kill} of shard 1's steps were applied, {lost_at_kill} not yet; {:.1} s",
        tables.len(),
        SHARD_COUNT as u64 * GUILDS_PER_SHARD,
        begun.elapsed().as_secs_f64()
    );
}

/// `southseas register` registers and exits, in `DEV_GUILD_ID` or globally, without a gateway
/// connection; `serve` with `SOUTHSEAS_REGISTER=off` connects shard 0 without registering.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn register_is_a_command_of_its_own_and_serve_can_leave_it_out() {
    let double = Double::start().await;
    let register = |dev_guild: &str| {
        let url = double.url();
        let dev_guild = dev_guild.to_string();
        tokio::task::spawn_blocking(move || {
            std::process::Command::new(env!("CARGO_BIN_EXE_southseas"))
                .arg("register")
                .env("DISCORD_TOKEN", dd::TOKEN)
                .env("DEV_GUILD_ID", dev_guild)
                .env("SOUTHSEAS_DISCORD_API", url)
                .env("RUST_LOG", "error")
                .output()
                .expect("southseas register")
        })
    };
    let in_guild = register(&dd::GUILD_ID.to_string()).await.expect("ran");
    assert!(in_guild.status.success(), "{}", String::from_utf8_lossy(&in_guild.stderr));
    assert!(String::from_utf8_lossy(&in_guild.stdout).contains(&format!("in server {}", dd::GUILD_ID)));
    let global = register("").await.expect("ran");
    assert!(global.status.success(), "{}", String::from_utf8_lossy(&global.stderr));
    assert!(String::from_utf8_lossy(&global.stdout).contains("globally"));
    let commands = double.commands();
    assert_eq!(commands.iter().map(|c| c.guild_id).collect::<Vec<_>>(), vec![Some(dd::GUILD_ID), None]);
    assert!(commands.iter().all(|c| c.names().contains(&"place".to_string()) && c.names().len() == commands[0].names().len()));
    assert!(double.identifies().is_empty(), "register needs no gateway connection");

    let db = crate::support::TempDb::new("register-off");
    let mut serve = std::process::Command::new(env!("CARGO_BIN_EXE_southseas"))
        .arg("serve")
        .env("DISCORD_TOKEN", dd::TOKEN)
        .env("DEV_GUILD_ID", dd::GUILD_ID.to_string())
        .env("DATABASE_URL", db.url())
        .env("SOUTHSEAS_DISCORD_API", double.url())
        .env("SOUTHSEAS_SHARDS", "0-0/1")
        .env("SOUTHSEAS_REGISTER", "off")
        .env("RUST_LOG", "error")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start southseas serve");
    double.wait_for_live_shards(&[[0, 1]]).await;
    // A command still works (poise knows its commands; Discord knows them from `register`).
    let id = double.interact(dd::slash("rules", &Member::new(7_001, "ana"))).await;
    double.wait_callback(id).await;
    serve.kill().ok();
    serve.wait().ok();
    assert_eq!(double.commands().len(), 2, "serve registered nothing");
    double.assert_no_unexpected();
}

/// The soak, run by hand (`--ignored`; see README, Robustness): two `serve` processes (one per
/// shard) on PostgreSQL, `SOUTHSEAS_SOAK_TABLES` two-person South Seas games (default 16), for
/// `SOUTHSEAS_SOAK_MINUTES` (default 5). Round after round every game takes a step; every
/// second round Discord fails the bot's posts and edits for 2 s (429s, 5xx pages, answers lost,
/// no answer), every sixth round a process is SIGKILLed right after its games' taps and
/// restarted, and every sixth round (offset) every database connection of both processes is
/// cut (`pg_terminate_backend`, by their `application_name`: the server is shared, so it is not
/// restarted). At the end: every game's action log is exactly the steps that went through, no
/// version's message is posted twice, each channel offers one message with buttons, and every
/// interaction was acknowledged within 3 s. Prints the p50 and max, over every game and
/// disruption, of the time from the disruption's end to that game's channel showing its prompt.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "minutes long: run by hand (README, Robustness)"]
async fn soak_two_processes_through_discords_bad_minutes_kills_and_cut_connections() {
    use super::discord_double::Fault;
    let minutes: f64 = std::env::var("SOUTHSEAS_SOAK_MINUTES").ok().and_then(|m| m.parse().ok()).unwrap_or(5.0);
    let count: u64 = std::env::var("SOUTHSEAS_SOAK_TABLES").ok().and_then(|m| m.parse().ok()).unwrap_or(16);
    let begun = Instant::now();
    let db = crate::support::TempDb::postgres("soak").await.expect("the soak runs on PostgreSQL: set SOUTHSEAS_TEST_POSTGRES");
    let app = format!("southseas-soak-{}", std::process::id());
    let bot_url = format!("{}&application_name={app}", db.url());
    let double = Double::start_with(Options { shards: SHARD_COUNT, wait_timeout: Duration::from_secs(90), ..Options::default() }).await;
    let mut places = Vec::new();
    for n in 0..count {
        let shard = (n % u64::from(SHARD_COUNT)) as u32;
        let guild = dd::guild_on_shard(shard, SHARD_COUNT, n / u64::from(SHARD_COUNT));
        double.add_guild(guild, guild + 1);
        places.push((shard, Place { guild_id: guild, channel_id: guild + 1 }));
    }
    let service = Service::open(&db.url()).await.expect("the database");
    let logs: Vec<PathBuf> =
        (0..SHARD_COUNT).map(|s| std::env::temp_dir().join(format!("southseas-soak-{}-{s}.log", std::process::id()))).collect();
    let env = [("SOUTHSEAS_DISCORD_TIMEOUT_MS", "1500"), ("RUST_LOG", "error")];
    let spawn = |shard: u32| spawn_shard_with(&double, &bot_url, shard, &logs[shard as usize], &env);
    let mut children: Vec<Child> = (0..SHARD_COUNT).map(spawn).collect();
    double.wait_for_live_shards(&[[0, 2], [1, 2]]).await;
    let mut tables: Vec<Table> =
        join_all(places.iter().enumerate().map(|(n, (shard, place))| open_game(&double, &service, *place, *shard, n as u64))).await;

    let faults = [
        Fault::RateLimited { global: false },
        Fault::ServerError(502),
        Fault::LostAnswers,
        Fault::Hang(Duration::from_millis(2_500)),
        Fault::ServerError(503),
        Fault::RateLimited { global: true },
        Fault::ServerError(500),
    ];
    let (mut rounds, mut windows, mut kills, mut cuts, mut refused) = (0usize, 0usize, 0usize, 0usize, 0usize);
    let mut recoveries: Vec<Duration> = Vec::new();
    while begun.elapsed().as_secs_f64() < minutes * 60.0 {
        rounds += 1;
        let pending: Vec<Option<Pending>> = join_all(tables.iter_mut().map(|t| take_step(&double, &service, t, false))).await;
        // The disruption of this round, and when it ended; the shard whose process was killed.
        let mut victim = None;
        let ended = match rounds % 6 {
            1 | 3 | 5 => {
                windows += 1;
                Some(double.fault(faults[windows % faults.len()], Duration::from_secs(2)))
            }
            2 => {
                let shard = kills % SHARD_COUNT as usize;
                kills += 1;
                children[shard].kill().expect("SIGKILL");
                children[shard].wait().expect("reaped");
                double.wait_for_shard_down([shard as u32, SHARD_COUNT]).await;
                children[shard] = spawn(shard as u32);
                victim = Some(shard as u32);
                Some(Instant::now())
            }
            4 => {
                cuts += 1;
                let mut conn = service.store().pool().acquire().await.expect("a connection");
                let cut: Vec<bool> =
                    sqlx::query_scalar("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1")
                        .bind(&app)
                        .fetch_all(&mut *conn)
                        .await
                        .expect("cut the bot's connections");
                assert!(!cut.is_empty(), "the bot's connections were found by their application_name");
                let end = Instant::now();
                // Each tap answered (its step done, or an apology): none commits later.
                for table in &tables {
                    if let Some(tap) = table.sent.last() {
                        double.wait_response(*tap, 2).await;
                    }
                }
                Some(end)
            }
            _ => None,
        };
        let settled: Vec<(bool, Duration)> = join_all(tables.iter_mut().zip(pending).map(|(table, pending)| {
            let (double, service) = (&double, &service);
            async move {
                let Some(pending) = pending else { return (true, Duration::ZERO) };
                // Only a kill of its process or a cut of the database can undo a tap.
                let unsure = victim == Some(table.shard) || rounds % 6 == 4;
                let min = pending.version + i64::from(!unsure);
                let (_, version, _) = settle(double, service, table.place, min, "after a disrupted step").await;
                let at = Instant::now();
                // A tap whose handler was killed, or whose database connection was cut, before
                // its commit did nothing (and said so, if it could): never half, never twice.
                assert!(
                    version == pending.version || version == pending.version + 1,
                    "game {}: the step applied at most once ({} → {version})",
                    table.game_id,
                    pending.version
                );
                if version == pending.version + 1 {
                    table.applied.push(pending.action);
                }
                (version == pending.version + 1, ended.map_or(Duration::ZERO, |end| at.saturating_duration_since(end)))
            }
        }))
        .await;
        refused += settled.iter().filter(|(applied, _)| !applied).count();
        if ended.is_some() {
            recoveries.extend(settled.iter().map(|(_, took)| *took));
        }
        if tables.iter().all(|t| state_is_over(&double, t)) {
            break;
        }
    }
    for child in &mut children {
        child.kill().ok();
        child.wait().ok();
    }
    for table in &tables {
        let mut conn = service.store().pool().acquire().await.expect("a connection");
        let log: Vec<Action> = southseas::store::actions(&mut conn, table.game_id)
            .await
            .expect("the log")
            .into_iter()
            .map(|a| southseas_engine::record::decode_action(&a.action).expect("a stored action"))
            .collect();
        drop(conn);
        assert_eq!(log, table.applied, "game {}: the action log is the steps that went through", table.game_id);
        let mut posted = std::collections::BTreeMap::new();
        for post in double.channel_messages().iter().filter(|r| r.kind == dd::ResponseKind::ChannelMessage) {
            if post.channel_id == Some(table.place.channel_id)
                && let Some(version) = post.custom_ids().iter().find_map(|c| ComponentId::parse(c).map(|c| c.version))
            {
                *posted.entry(version).or_insert(0) += 1;
            }
        }
        assert!(posted.values().all(|n| *n == 1), "game {}: no version's message posted twice: {posted:?}", table.game_id);
    }
    let mut acks: Vec<Duration> =
        double.all_sent().iter().filter(|r| r.kind == dd::ResponseKind::Callback).filter_map(|r| r.elapsed).collect();
    acks.sort();
    recoveries.sort();
    let at = |v: &[Duration], q: f64| if v.is_empty() { Duration::ZERO } else { v[((v.len() - 1) as f64 * q).round() as usize] };
    let steps: usize = tables.iter().map(|t| t.applied.len()).sum();
    eprintln!(
        "soak: {} games on 2 processes (PostgreSQL), {:.1} min, {rounds} rounds, {steps} steps ({refused} taps did nothing: killed or cut before their commit); \
         {windows} Discord fault windows ({} requests faulted), {kills} SIGKILLs, {cuts} cuts of every database connection; \
         {} posts ({} returned by nonce); acknowledged p50 {:?}, p99 {:?}, max {:?} ({} interactions); \
         from a disruption's end to each game's prompt: p50 {:?}, max {:?} ({} game-disruptions)",
        tables.len(),
        begun.elapsed().as_secs_f64() / 60.0,
        double.faulted(),
        double.channel_messages().iter().filter(|r| r.kind == dd::ResponseKind::ChannelMessage).count(),
        double.deduplicated(),
        at(&acks, 0.5),
        at(&acks, 0.99),
        acks.last().copied().unwrap_or_default(),
        acks.len(),
        at(&recoveries, 0.5),
        recoveries.last().copied().unwrap_or_default(),
        recoveries.len(),
    );
    assert!(acks.last().is_some_and(|max| *max < Duration::from_secs(3)), "every interaction acknowledged within 3 s");
    double.assert_no_unexpected();
    for log in &logs {
        let _ = std::fs::remove_file(log);
    }
}

/// Whether a table's game is over (its channel offers nothing but a Rematch any more).
fn state_is_over(double: &Double, table: &Table) -> bool {
    only_rematch_left(double, table.place.channel_id)
}
