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
    // Appended to: a restarted process's log follows its predecessor's, as a service journal does.
    let stderr = std::fs::OpenOptions::new().create(true).append(true).open(log).expect("a log file");
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
        .env("RUST_LOG", "error,southseas=debug")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(stderr)
        .spawn()
        .expect("start southseas serve")
}

/// The test's `serve` processes, one per shard. They are SIGKILLed when dropped, so a failed
/// run leaves no bot behind to write to its log or its database after the test has stopped.
struct Processes(Vec<Child>);

impl std::ops::Deref for Processes {
    type Target = Vec<Child>;
    fn deref(&self) -> &Vec<Child> {
        &self.0
    }
}

impl std::ops::DerefMut for Processes {
    fn deref_mut(&mut self) -> &mut Vec<Child> {
        &mut self.0
    }
}

impl Drop for Processes {
    fn drop(&mut self) {
        for child in &mut self.0 {
            child.kill().ok();
            child.wait().ok();
        }
    }
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
            let mut conn = connection(service).await;
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

/// A connection of the test's own pool, waited for: the test looks at the database while the
/// bots load it (hundreds of tables in the soak, on a machine that may be busy), and its own
/// look failing on the pool's wait would fail the test for nothing the bot did.
async fn connection(service: &Service) -> sqlx::pool::PoolConnection<sqlx::Any> {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        match service.store().pool().acquire().await {
            Ok(conn) => return conn,
            Err(e) if Instant::now() < deadline => {
                eprintln!("the test's own connection waits: {e}");
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            Err(e) => panic!("a connection: {e}"),
        }
    }
}

/// Whether the database has recorded `message` as showing `version` (the step's delivery is
/// booked). This test's taps wait for the booking, so that each step starts from a settled
/// channel; tapping before it is what `discord_race.rs` tests.
async fn recorded(service: &Service, game: i64, message: &Value, version: i64) -> bool {
    let Some(id) = dd::id_of(&message["id"]) else { return false };
    let mut conn = connection(service).await;
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
    let mut children = Processes((0..SHARD_COUNT).map(|s| spawn_shard(&double, &db.url, s, &logs[s as usize])).collect());
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

    drop(children);

    // Every game's action log is exactly what the test saw applied: nothing lost or doubled.
    for table in &tables {
        let mut conn = connection(&service).await;
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
    // One step can be followed in the log: each committed step is logged once, in the log of
    // the process that handled it (its guild's shard), inside the span of the interaction
    // that made it (one this test sent for that game), naming the game and the version made.
    let texts: Vec<String> = logs.iter().map(|log| std::fs::read_to_string(log).unwrap_or_default()).collect();
    for table in &tables {
        let game = format!(" game={} ", table.game_id);
        let mut committed = [0usize; SHARD_COUNT as usize];
        for (shard, text) in texts.iter().enumerate() {
            for line in text.lines().filter(|l| l.contains("committed steps") && l.contains(&game)) {
                committed[shard] += 1;
                let interaction =
                    line.split("interaction{id=").nth(1).and_then(|rest| rest.split(' ').next()).and_then(|id| id.parse::<u64>().ok());
                assert!(
                    interaction.is_some_and(|id| table.sent.contains(&id))
                        && [' ', '}'].iter().any(|end| line.contains(&format!(" shard={shard}{end}"))),
                    "game {}: a committed step logged in the span of one of its interactions, on shard {shard}: {line}",
                    table.game_id
                );
                assert!(line.contains(" version="), "the version a step made is logged: {line}");
            }
        }
        let (own, other) = (committed[table.shard as usize], committed[1 - table.shard as usize]);
        assert_eq!(other, 0, "game {}: no step of it logged by the other shard's process", table.game_id);
        // A SIGKILL may fall between a commit and its log line (shard 1, four kills).
        let lost_lines = if table.shard == 1 { 4 } else { 0 };
        assert!(
            own <= table.applied.len() && own + lost_lines >= table.applied.len(),
            "game {}: {own} committed steps logged for {} applied",
            table.game_id,
            table.applied.len()
        );
    }
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

// ---------------------------------------------------------------------------------------------
// The soak: both games, people and computers, through every kind of fault for minutes.

/// What a soak table plays: South Seas for two people, South Seas for two people and a
/// computer, or Catan: Seafarers (New Shores) for two people and two computers.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Kind {
    SouthSeas,
    SouthSeasWithComputer,
    Seafarers,
}

impl Kind {
    fn computers(self) -> usize {
        match self {
            Kind::SouthSeas => 0,
            Kind::SouthSeasWithComputer => 1,
            Kind::Seafarers => 2,
        }
    }
}

/// A person's step in either game.
#[derive(Clone, Copy, Debug)]
enum Step {
    SouthSeas(Action),
    Seafarers(seafarers_engine::Action),
}

impl Step {
    /// As the log's stored form reads back (`Rules::decode`), to compare with it.
    fn logged(&self) -> String {
        match self {
            Step::SouthSeas(a) => format!("{a:?}"),
            Step::Seafarers(a) => format!("{a:?}"),
        }
    }
}

/// One table of the soak and what the test saw happen there.
struct SoakTable {
    place: Place,
    shard: u32,
    kind: Kind,
    /// The people, by seat (the computers hold the other seats).
    people: Vec<(usize, Member)>,
    game_id: i64,
    /// The people's greedy players, one per seat (a person plays what the greedy computer
    /// would).
    bots: Vec<Bot>,
    seafarers_bot: seafarers_engine::Bot,
    /// Every person's step the test saw applied: who, and the step.
    applied: Vec<(u64, String)>,
    /// Every interaction the test sent for this game.
    sent: Vec<u64>,
    /// The table when a person last acted (for the pings).
    last: Option<super::faults::LastStep>,
    hand_overs: usize,
    /// Pings that were not once per hand-over.
    wrong_pings: Vec<String>,
    /// Every table's state, one look for all (see [`Board`]).
    board: tokio::sync::watch::Receiver<std::sync::Arc<Board>>,
    /// The game as last looked at (see [`look`]), kept while its version stays.
    looked: Option<Look>,
}

/// A soak table as the database and the channel show it, settled: the people who owe a
/// decision, the game's version, and the message that offers the choices with the step a
/// person takes next (None once the game is over).
struct Settled {
    version: i64,
    waiting: Vec<u64>,
    people_steps: usize,
    next: Option<(Value, Member, Step)>,
    /// The game's phase, by name, and the one its next step leaves its taker owing, if any
    /// (see `faults::LastStep::still_owed`).
    phase: String,
    still_owed: Option<String>,
}

/// A table looked at once (see [`look`]).
#[derive(Clone)]
struct Look {
    version: i64,
    waiting: Vec<u64>,
    /// A computer is still to play: the table waits for it.
    busy: bool,
    over: bool,
    next: Option<(Member, Step)>,
    phase: String,
    still_owed: Option<String>,
}

/// Every soak table at a glance, read by one task for all tables in three queries whatever
/// their number (`watch_board`): a table that settles reads its glance here, and looks at its
/// game itself (a replay) only when its version moved. With hundreds of tables, each looking
/// on its own was the test, not the bot, loading the database: 13,000 waits for the test's
/// own connections in one 500-table run.
#[derive(Default)]
struct Board {
    /// When the look that made this board began: a table settling since then may trust it.
    began: Option<Instant>,
    games: std::collections::HashMap<i64, Glance>,
    /// The server's connections, by who holds them (the bots, this test) and what they do:
    /// printed each round, so a run that runs out of connections shows who took them.
    connections: String,
}

/// One game at a glance: its version, how many steps each user logged, and whether a post to
/// its channel is owed.
#[derive(Clone, Default)]
struct Glance {
    version: i64,
    steps_by_user: Vec<(u64, usize)>,
    owed: bool,
    /// The messages the database records for the game, with the version each shows.
    messages: Vec<(u64, i64)>,
}

impl Glance {
    /// Whether the database records `message` as showing `version` (see [`recorded`]).
    fn records(&self, message: &Value, version: i64) -> bool {
        dd::id_of(&message["id"]).is_some_and(|id| self.messages.contains(&(id, version)))
    }

    fn people_steps(&self, table: &SoakTable) -> usize {
        self.steps_by_user.iter().filter(|(u, _)| table.people.iter().any(|(_, m)| m.id == *u)).map(|(_, n)| n).sum()
    }
}

/// How often the board is read: every 50 ms for up to 250 tables, every 100 ms for 500.
static SOAK_POLL_MS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(50);

/// Reads the board for every table, again and again, until the receivers are gone. A failed
/// read (the database restarting) is tried again; the board keeps its last good read.
async fn watch_board(service: &Service, board: tokio::sync::watch::Sender<std::sync::Arc<Board>>) {
    let poll = Duration::from_millis(SOAK_POLL_MS.load(std::sync::atomic::Ordering::Relaxed));
    while !board.is_closed() {
        let began = Instant::now();
        let read = async {
            let mut conn = service.store().pool().acquire().await.ok()?;
            let versions: Vec<(i64, i64)> = sqlx::query_as("SELECT id, version FROM games").fetch_all(&mut *conn).await.ok()?;
            let steps: Vec<(i64, i64, i64)> = sqlx::query_as("SELECT game_id, user_id, COUNT(*) FROM actions GROUP BY game_id, user_id")
                .fetch_all(&mut *conn)
                .await
                .ok()?;
            let owed: Vec<i64> =
                sqlx::query_scalar("SELECT DISTINCT game_id FROM outbox WHERE recipient = 0").fetch_all(&mut *conn).await.ok()?;
            let messages: Vec<(i64, i64, i64)> =
                sqlx::query_as("SELECT game_id, message_id, version FROM messages WHERE retired = 0").fetch_all(&mut *conn).await.ok()?;
            let connections: Vec<(String, String, i64)> = sqlx::query_as(
                "SELECT COALESCE(application_name, ''), COALESCE(state, '') || COALESCE(' ' || wait_event_type, ''), COUNT(*) \
                 FROM pg_stat_activity WHERE backend_type = 'client backend' GROUP BY 1, 2 ORDER BY 1, 2",
            )
            .fetch_all(&mut *conn)
            .await
            .ok()?;
            let mut games: std::collections::HashMap<i64, Glance> =
                versions.into_iter().map(|(id, version)| (id, Glance { version, owed: owed.contains(&id), ..Glance::default() })).collect();
            for (game, user, n) in steps {
                if let Some(glance) = games.get_mut(&game) {
                    glance.steps_by_user.push((user as u64, n as usize));
                }
            }
            for (game, message, version) in messages {
                if let Some(glance) = games.get_mut(&game) {
                    glance.messages.push((message as u64, version));
                }
            }
            let total: i64 = connections.iter().map(|(_, _, n)| n).sum();
            let each: Vec<String> = connections
                .iter()
                .map(|(who, what, n)| format!("{} {what}: {n}", if who.starts_with("southseas-soak") { "bots" } else { "test" }))
                .collect();
            let connections = format!("{total} ({})", each.join(", "));
            Some(Board { began: Some(began), games, connections })
        };
        if let Some(read) = read.await {
            board.send_replace(std::sync::Arc::new(read));
        }
        tokio::time::sleep(poll.saturating_sub(began.elapsed())).await;
    }
}

/// The people's steps the game's log holds, in order: who, and the step as it reads back.
async fn people_log(service: &Service, table: &SoakTable) -> Vec<(u64, String)> {
    use southseas::games::contract::Rules;
    let mut conn = connection(service).await;
    let log = southseas::store::actions(&mut conn, table.game_id).await.expect("the log");
    log.into_iter()
        .filter(|a| table.people.iter().any(|(_, m)| m.id == a.user_id))
        .map(|a| {
            let step = match table.kind {
                Kind::Seafarers => format!("{:?}", southseas::games::seafarers::Seafarers::decode(&a.action).expect("a stored step").1),
                _ => format!("{:?}", SouthSeas::decode(&a.action).expect("a stored step").1),
            };
            (a.user_id, step)
        })
        .collect()
}

/// Looks at a table once: its version, the people owing a decision, whether a computer is
/// still to play (the table waits for it), whether it is over, a person's next step, the phase,
/// and the phase that step leaves its taker owing (the step applied to a copy).
async fn look(service: &Service, table: &mut SoakTable) -> Option<Look> {
    use southseas::games::contract::Rules;
    let person = |seat: usize| table.people.iter().find(|(s, _)| *s == seat).map(|(_, m)| m.clone());
    match table.kind {
        Kind::Seafarers => {
            use southseas::games::seafarers::Seafarers;
            let (game, version, _, _) = service.snapshot::<Seafarers>(table.place, 0).await.ok()?;
            let waiting: Vec<usize> = Seafarers::waiting(&game);
            let answering = game.answering();
            let person_answers = answering.iter().find_map(|&s| person(s).map(|m| (s, m)));
            let computer_answers = answering.iter().any(|&s| person(s).is_none());
            let computer_acts = game.to_act().iter().any(|&s| person(s).is_none());
            let busy = computer_answers || (computer_acts && person_answers.is_none());
            let next = match person_answers {
                Some((seat, who)) => table.seafarers_bot.answer(&game, seat).map(|a| (who, Step::Seafarers(a))),
                None => game
                    .to_act()
                    .into_iter()
                    .find_map(|s| person(s).map(|m| (s, m)))
                    .and_then(|(seat, who)| table.seafarers_bot.choose(&game, seat).map(|a| (who, Step::Seafarers(a)))),
            };
            // Asked for a decision: those the game waits for, and those an offer is put to.
            let asked = waiting.into_iter().chain(answering).filter_map(|s| person(s).map(|m| m.id));
            let mut asked: Vec<u64> = asked.collect();
            asked.dedup();
            let still_owed = next.as_ref().and_then(|(who, step)| {
                let (Step::Seafarers(action), Some(seat)) = (step, table.people.iter().find(|(_, m)| m.id == who.id).map(|(s, _)| *s))
                else {
                    return None;
                };
                let mut after = game.clone();
                after.apply(seat, action).ok()?;
                Seafarers::waiting(&after).contains(&seat).then(|| format!("{:?}", after.phase()))
            });
            let phase = format!("{:?}", game.phase());
            Some(Look { version, waiting: asked, busy, over: game.is_over(), next, phase, still_owed })
        }
        _ => {
            let (game, version, _, _) = service.snapshot::<SouthSeas>(table.place, 0).await.ok()?;
            let seats: Vec<usize> = SouthSeas::waiting(&game);
            let busy = seats.iter().any(|&s| person(s).is_none());
            let next = match game.to_act().and_then(|s| person(s).map(|m| (s, m))) {
                Some((seat, who)) => table.bots[seat].choose(&game).map(|a| (who, Step::SouthSeas(a))),
                None => None,
            };
            let waiting = seats.into_iter().filter_map(|s| person(s).map(|m| m.id)).collect();
            // A South Seas step that leaves its player owing keeps the turn, and no computer
            // moves within it: nothing is "still owed" across others' steps.
            let phase = format!("{:?}", game.phase());
            Some(Look { version, waiting, busy, over: game.is_over(), next, phase, still_owed: None })
        }
    }
}

/// Waits until the table is settled with at least `min_steps` people's steps logged: nothing
/// owed to its channel, no computer left to play, and exactly one message offering choices, all
/// for the current version and recorded as showing it (none but a Rematch once the game is
/// over).
async fn settle_table(double: &Double, service: &Service, table: &mut SoakTable, min_steps: usize, what: &str) -> Settled {
    let poll = Duration::from_millis(SOAK_POLL_MS.load(std::sync::atomic::Ordering::Relaxed));
    let deadline = Instant::now() + Duration::from_secs(120) + poll * 120;
    // Only a board read begun after this table was asked to settle, then each newer one.
    let mut since = Instant::now();
    let (mut people_steps, mut owed) = (0, true);
    let mut glanced = Glance::default();
    loop {
        let wait = tokio::time::timeout(Duration::from_secs(5), table.board.wait_for(|b| b.began.is_some_and(|b| b > since)));
        let glance = match wait.await {
            Ok(Ok(board)) => {
                since = board.began.expect("read");
                board.games.get(&table.game_id).cloned()
            }
            _ => None,
        };
        if let Some(glance) = &glance {
            (people_steps, owed) = (glance.people_steps(table), glance.owed);
            glanced = glance.clone();
        }
        let looked = match glance {
            Some(glance) if people_steps >= min_steps && !owed => match table.looked.clone().filter(|l| l.version == glance.version) {
                Some(kept) => Some(kept),
                None => {
                    table.looked = look(service, table).await;
                    // A look at a newer version than the glance's waits for the next glance.
                    table.looked.clone().filter(|l| l.version == glance.version)
                }
            },
            _ => None,
        };
        if let Some(Look { version, waiting, busy, over, next, phase, still_owed }) = looked {
            let offering = double.messages_with_components(table.place.channel_id);
            let id = table.game_id;
            let current =
                |m: &Value| custom_ids(m).iter().all(|c| ComponentId::parse(c).is_some_and(|c| c.game == id && c.version == version));
            if over {
                if only_rematch_left(double, table.place.channel_id) {
                    return Settled { version, waiting, people_steps, next: None, phase, still_owed };
                }
            } else if let ([only], false, Some((who, step))) = (offering.as_slice(), busy, next)
                && current(only)
                && glanced.records(only, version)
            {
                return Settled { version, waiting, people_steps, next: Some((only.clone(), who, step)), phase, still_owed };
            }
        }
        if Instant::now() > deadline {
            let offering: Vec<(Value, Vec<String>)> =
                double.messages_with_components(table.place.channel_id).iter().map(|m| (m["id"].clone(), custom_ids(m))).collect();
            let seen = look(service, table).await.map(|l| (l.version, l.waiting, l.busy, l.over, l.next.map(|n| n.1)));
            panic!(
                "{what}: table {:?} game {} (channel {}) never settled with {min_steps} people's steps (has {people_steps}, owed {owed}); \
                 (version, waiting, a computer busy, over, next) {seen:?}; offering {offering:?}",
                table.kind, table.game_id, table.place.channel_id
            );
        }
    }
}

/// Opens a soak table: `/new` (the game's options for Seafarers), Join, the computers added,
/// Start; returns it once its first prompt is out.
async fn open_soak_table(
    double: &Double,
    service: &Service,
    board: &tokio::sync::watch::Receiver<std::sync::Arc<Board>>,
    (place, shard, kind): (Place, u32, Kind),
    n: u64,
) -> SoakTable {
    let (a, b) = (Member::new(6_000 + 2 * n, &format!("ana{n}")), Member::new(6_001 + 2 * n, &format!("ben{n}")));
    let here = |i: dd::Interaction| i.in_guild(place.guild_id, place.channel_id);
    let mut sent = Vec::new();
    let new = match kind {
        Kind::Seafarers => {
            let registered = double.wait_for_commands().await;
            let choice = |option: &str, name_starts: &str| registered.choice("new", option, name_starts);
            dd::slash("new", &a)
                .integer("game", choice("game", "Catan: Seafarers"))
                .integer("scenario", choice("scenario", "Heading for New Shores"))
        }
        _ => dd::slash("new", &a),
    };
    let id = double.interact(here(new)).await;
    sent.push(id);
    double.wait_response(id, 2).await;
    let lobby_button = |ending: &'static str| {
        double.wait_for("a lobby button", move |d| {
            d.messages_with_components(place.channel_id).iter().flat_map(custom_ids).rfind(|c| c.ends_with(ending))
        })
    };
    let id = double.interact(here(dd::button(&lobby_button(":join").await, &b))).await;
    sent.push(id);
    double.wait_response(id, 2).await;
    for _ in 0..kind.computers() {
        let id = double.interact(here(dd::button(&lobby_button(":bot").await, &a))).await;
        sent.push(id);
        double.wait_response(id, 2).await;
    }
    let id = double.interact(here(dd::button(&lobby_button(":start").await, &a))).await;
    sent.push(id);
    double.wait_callback(id).await;
    let deadline = Instant::now() + Duration::from_secs(60);
    let game_id = loop {
        let status = service.status(place, southseas::i18n::Locale::En).await.ok().and_then(|r| r.game).map(|g| g.0);
        if let Some(id) = status {
            break id;
        }
        assert!(Instant::now() < deadline, "a game in channel {}", place.channel_id);
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    // Seated once the game has started (the lobby's row is the game's).
    let mut people = Vec::new();
    for who in [a, b] {
        let seat = loop {
            let seat = match kind {
                Kind::Seafarers => service.snapshot::<southseas::games::seafarers::Seafarers>(place, who.id).await.map(|s| s.2),
                _ => service.snapshot::<SouthSeas>(place, who.id).await.map(|s| s.2),
            };
            if let Ok(Some(seat)) = seat {
                break seat;
            }
            assert!(Instant::now() < deadline, "{} seated in channel {}", who.username, place.channel_id);
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        people.push((seat, who));
    }
    let bots = (0..4).map(|s| Bot::new(Strategy::Greedy, n * 10 + s)).collect();
    let seafarers_bot = seafarers_engine::Bot::new(seafarers_engine::Strategy::Greedy, n);
    let mut table = SoakTable {
        place,
        shard,
        kind,
        people,
        game_id,
        bots,
        seafarers_bot,
        applied: Vec::new(),
        sent,
        last: None,
        hand_overs: 0,
        wrong_pings: Vec::new(),
        board: board.clone(),
        looked: None,
    };
    settle_table(double, service, &mut table, 0, "the first prompt").await;
    table
}

/// A step taken and not yet checked: the people's steps logged before it, who took it, what.
struct SoakPending {
    before: usize,
    who: u64,
    step: Step,
}

/// Waits until the table's last tap was handled, so that none commits after a disruption's
/// check: answered (the step shown on the tapped message, or an apology: a second response to
/// the interaction), or its step committed (the game moved past the version it was taken at).
/// A committed step whose post Discord did not answer in time is the sweeper's to post,
/// through the channel: its tap gets no second response, and needs none.
async fn tap_handled(double: &Double, table: &SoakTable) {
    let (Some(&tap), Some(last)) = (table.sent.last(), table.last.as_ref()) else { return };
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        if double.responses(tap).len() >= 2 || table.board.borrow().games.get(&table.game_id).is_some_and(|g| g.version > last.version) {
            return;
        }
        assert!(Instant::now() < deadline, "{:?} game {}: tap {tap} neither answered nor committed", table.kind, table.game_id);
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Takes a table's next step: checks first that the people the decision came to since the
/// last step were pinged once each; then the person to act taps what the table offers for
/// the greedy player's choice (a button, or a menu's choice on the message), or types it
/// (South Seas `/place`, Seafarers `/seafarers step:`). None once the game is over.
async fn take_soak_step(double: &Double, service: &Service, table: &mut SoakTable) -> Option<SoakPending> {
    let settled = settle_table(double, service, table, 0, "before a step").await;
    let (message, who, step) = settled.next?;
    let people: Vec<u64> = table.people.iter().map(|(_, m)| m.id).collect();
    if let Some(last) = &table.last {
        let now = (settled.version, settled.phase.as_str());
        match super::faults::pinged_once_per_hand_over(double, table.place.channel_id, &people, &settled.waiting, now, last) {
            Ok(n) => table.hand_overs += n,
            Err(wrong) => table.wrong_pings.push(format!("{:?} game {}: {wrong}", table.kind, table.game_id)),
        }
    }
    let place = table.place;
    let here = |i: dd::Interaction| i.in_guild(place.guild_id, place.channel_id);
    let interaction = match step {
        // Not on the message (a payment on a menu's later page, say): typed, with the command
        // of its kind (it was always `/place`, which a payment never is: nothing applied).
        Step::SouthSeas(action) => tap_for(&message, table.game_id, settled.version, action, &who).unwrap_or_else(|| {
            let (name, option) = super::discord_e2e::step_command(&action);
            let typed = dd::slash(name, &who);
            if option.is_empty() { typed } else { typed.string(option, &Code::Act(action).code()) }
        }),
        Step::Seafarers(action) => {
            use southseas::games::seafarers::codes::Code as SeafarersCode;
            let code = SeafarersCode::Act(action);
            let ids = custom_ids(&message);
            let button = ids.iter().find(|c| super::discord_seafarers::code_of(c) == Some(code));
            let menu = ids.iter().find(|c| c.ends_with(":menu"));
            let value = super::discord_e2e::menu_values(&message).into_iter().find(|v| SeafarersCode::parse(v) == Some(code));
            match (button, menu, value) {
                (Some(button), _, _) => dd::button(button, &who),
                (None, Some(menu), Some(value)) => dd::select(menu, &[value.as_str()], &who),
                _ => dd::slash("seafarers", &who).string("step", &code.code()),
            }
        }
    };
    table.last = Some(super::faults::LastStep {
        waiting: settled.waiting.clone(),
        tapper: who.id,
        version: settled.version,
        sent: double.sent_count(),
        still_owed: settled.still_owed.clone(),
    });
    table.sent.push(double.interact(here(interaction)).await);
    Some(SoakPending { before: settled.people_steps, who: who.id, step })
}

/// The soak, run by hand (`--ignored`; see README, Robustness): two `serve` processes (one per
/// shard) on a PostgreSQL server of the test's own (see `support::PrivatePostgres`), with
/// `SOUTHSEAS_SOAK_TABLES` tables (default 18): a third South Seas games of two people, a third
/// South Seas games of two people and a computer, a third Catan: Seafarers games (New Shores)
/// of two people and two computers; for `SOUTHSEAS_SOAK_MINUTES` (default 5). Round after
/// round a person takes a step at every table (a tap, a menu's choice, or typed); every second
/// round Discord fails the bot's posts and edits for 2 s (429s, 5xx pages, answers lost, no
/// answer); every sixth round every database connection of both processes is cut
/// (`pg_terminate_backend`), and once, past half time, PostgreSQL itself is stopped for 10 s and
/// started again (`pg_ctl stop -m fast`) instead of a cut; and every 30 s of play (a fixed grid)
/// a process is SIGKILLed right after the round's taps, on top of its window or cut, and
/// restarted. Checks,
/// and fails on:
/// - every game's log holds exactly the people's steps that went through (none lost, none
///   applied twice; a tap whose process was killed, or whose database went away, before its
///   commit did nothing);
/// - no version's message is posted twice; each private post is sent once;
/// - each person is pinged once per hand-over, never within their own turn (counted, and the
///   exceptions printed: see the assertion's comment);
/// - at the end nothing is owed, and each channel has one message with buttons (its current
///   step's, or the finished game's Rematch): no older message keeps live step buttons;
/// - every interaction is acknowledged within 3 s.
///
/// Prints the p50 and max, per kind of disruption and over every table, of the time from the
/// disruption's end to the table's channel showing its prompt again, and from its end to the
/// first post then owed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "minutes long: run by hand (README, Robustness)"]
async fn soak_two_processes_through_discords_bad_minutes_kills_and_cut_connections() {
    use super::discord_double::Fault;
    use std::collections::BTreeMap;
    let minutes: f64 = std::env::var("SOUTHSEAS_SOAK_MINUTES").ok().and_then(|m| m.parse().ok()).unwrap_or(5.0);
    let count: u64 = std::env::var("SOUTHSEAS_SOAK_TABLES").ok().and_then(|m| m.parse().ok()).unwrap_or(18);
    SOAK_POLL_MS.store((count / 5).clamp(50, 200), std::sync::atomic::Ordering::Relaxed);
    let begun = Instant::now();
    let Some(server) = crate::support::PrivatePostgres::start("soak").await else { return };
    let db = crate::support::TempDb::postgres_on(&server.url(), "soak").await;
    let app = format!("southseas-soak-{}", std::process::id());
    let bot_url = format!("{}&application_name={app}", db.url());
    let options = Options {
        shards: SHARD_COUNT,
        wait_timeout: Duration::from_secs(120),
        keep_files: false,
        watchdog: None,
        callback_retries: true,
        ..Options::default()
    };
    let double = Double::start_with(options).await;
    let mut places = Vec::new();
    for n in 0..count {
        let shard = (n % u64::from(SHARD_COUNT)) as u32;
        let guild = dd::guild_on_shard(shard, SHARD_COUNT, n / u64::from(SHARD_COUNT));
        double.add_guild(guild, guild + 1);
        let kind = [Kind::SouthSeas, Kind::SouthSeasWithComputer, Kind::Seafarers][(n / u64::from(SHARD_COUNT) % 3) as usize];
        places.push((shard, kind, Place { guild_id: guild, channel_id: guild + 1 }));
    }
    let service = Service::open(&db.url()).await.expect("the database");
    let logs: Vec<PathBuf> =
        (0..SHARD_COUNT).map(|s| std::env::temp_dir().join(format!("southseas-soak-{}-{s}.log", std::process::id()))).collect();
    let env = [("SOUTHSEAS_DISCORD_TIMEOUT_MS", "1500"), ("RUST_LOG", "error")];
    let spawn = |shard: u32| spawn_shard_with(&double, &bot_url, shard, &logs[shard as usize], &env);
    let mut children = Processes((0..SHARD_COUNT).map(spawn).collect());
    double.wait_for_live_shards(&[[0, 2], [1, 2]]).await;
    let (board_sender, board) = tokio::sync::watch::channel(std::sync::Arc::new(Board::default()));
    let watcher = {
        let service = Service::open(&db.url()).await.expect("the database");
        tokio::spawn(async move { watch_board(&service, board_sender).await })
    };
    // Opened a few at a time: a lobby's taps each wait for their answer.
    let mut tables: Vec<SoakTable> = Vec::new();
    for chunk in places.chunks(8) {
        let base = tables.len();
        tables.extend(
            join_all(
                chunk.iter().enumerate().map(|(i, (shard, kind, place))| {
                    open_soak_table(&double, &service, &board, (*place, *shard, *kind), (base + i) as u64)
                }),
            )
            .await,
        );
    }
    let opened = begun.elapsed();
    // The minutes asked for are minutes of play, the opening of the tables aside.
    let playing = Instant::now();

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
    let mut restart: Option<Duration> = None;
    // When the next SIGKILL is due (from the start of play), and when each one came.
    let mut next_kill = Duration::ZERO;
    let mut kill_times: Vec<Duration> = Vec::new();
    // From a disruption's end, by kind: to each table's prompt, and to the first post owed then.
    let mut recoveries: BTreeMap<&str, Vec<Duration>> = BTreeMap::new();
    let mut first_posts: BTreeMap<&str, Vec<Duration>> = BTreeMap::new();
    while playing.elapsed().as_secs_f64() < minutes * 60.0 {
        rounds += 1;
        let round_began = Instant::now();
        let pending: Vec<Option<SoakPending>> = join_all(tables.iter_mut().map(|t| take_soak_step(&double, &service, t))).await;
        let stepped = round_began.elapsed();
        // The disruption of this round, and when it ended; the shard whose process was killed.
        let mut victim = None;
        // The round's disruption: a Discord fault window every second round, and every sixth a
        // cut of every connection (once, past half time, a restart of PostgreSQL instead).
        let restart_due = restart.is_none() && playing.elapsed().as_secs_f64() > minutes * 30.0;
        let (mut what, mut ended) = match rounds % 6 {
            1 | 3 | 5 => {
                windows += 1;
                ("Discord fault window", Some(double.fault(faults[windows % faults.len()], Duration::from_secs(2))))
            }
            4 if restart_due => {
                let stopped = Instant::now();
                server.stop().await;
                tokio::time::sleep(Duration::from_secs(10).saturating_sub(stopped.elapsed())).await;
                server.start_again().await;
                let end = Instant::now();
                restart = Some(end - stopped);
                // Each tap handled (its step committed, or an apology): none commits later.
                for table in &tables {
                    tap_handled(&double, table).await;
                }
                ("PostgreSQL restart", Some(end))
            }
            4 => {
                cuts += 1;
                let mut conn = connection(&service).await;
                let cut: Vec<bool> =
                    sqlx::query_scalar("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1")
                        .bind(&app)
                        .fetch_all(&mut *conn)
                        .await
                        .expect("cut the bot's connections");
                assert!(!cut.is_empty(), "the bot's connections were found by their application_name");
                let end = Instant::now();
                for table in &tables {
                    tap_handled(&double, table).await;
                }
                ("cut of every connection", Some(end))
            }
            _ => ("none", None),
        };
        // And a SIGKILL of one process every 30 s of play, on a fixed grid, whatever the number
        // of tables: at the end of the first round's steps after each due time, on top of that
        // round's window or cut (a fair combined fault), so a round of 20 s at 500 tables does
        // not stretch the interval. Not during the restart, whose own taps are waited out.
        if playing.elapsed() >= next_kill && what != "PostgreSQL restart" {
            while next_kill <= playing.elapsed() {
                next_kill += Duration::from_secs(30);
            }
            kill_times.push(playing.elapsed());
            let shard = kills % SHARD_COUNT as usize;
            kills += 1;
            children[shard].kill().expect("SIGKILL");
            children[shard].wait().expect("reaped");
            double.wait_for_shard_down([shard as u32, SHARD_COUNT]).await;
            children[shard] = spawn(shard as u32);
            victim = Some(shard as u32);
            let now = Instant::now();
            ended = Some(ended.map_or(now, |end| end.max(now)));
            what = match what {
                "Discord fault window" => "SIGKILL in a Discord fault window",
                "cut of every connection" => "SIGKILL after a cut",
                _ => "SIGKILL",
            };
        }
        // The posts owed at the disruption's end: how long after the end the first of them was
        // delivered (posted, or shown in place on the tapped message: owed no more).
        let first_post = async {
            let end = ended?;
            tokio::time::sleep_until(end.into()).await;
            let owed = || async {
                let mut conn = service.store().pool().acquire().await.ok()?;
                sqlx::query_as::<_, (i64, i64)>("SELECT game_id, version FROM outbox WHERE recipient = 0").fetch_all(&mut *conn).await.ok()
            };
            let then = owed().await?;
            if then.is_empty() {
                return None;
            }
            while end.elapsed() < Duration::from_secs(120) {
                if owed().await.is_some_and(|now| then.iter().any(|p| !now.contains(p))) {
                    return Some(end.elapsed());
                }
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            None
        };
        let unsure_round = matches!(what, "cut of every connection" | "SIGKILL after a cut" | "PostgreSQL restart");
        let settled = join_all(tables.iter_mut().zip(pending).map(|(table, pending)| {
            let (double, service) = (&double, &service);
            async move {
                let Some(pending) = pending else { return (true, None) };
                // Only a kill of its process, a cut or a restart of the database can undo a tap.
                let unsure = victim == Some(table.shard) || unsure_round;
                let min = pending.before + usize::from(!unsure);
                let began = Instant::now();
                let settled = settle_table(double, service, table, min, "after a disrupted step").await;
                let at = Instant::now();
                if std::env::var_os("SOUTHSEAS_SOAK_VERBOSE").is_some() && at - began > Duration::from_secs(5) {
                    eprintln!("  {:?} game {}: settled after {:.1?} (round {rounds})", table.kind, table.game_id, at - began);
                }
                // A tap whose handler was killed, or whose database connection was cut, before
                // its commit did nothing (and said so, if it could): never half, never twice.
                assert!(
                    settled.people_steps == pending.before || settled.people_steps == pending.before + 1,
                    "{:?} game {}: the step applied at most once ({} → {} people's steps)",
                    table.kind,
                    table.game_id,
                    pending.before,
                    settled.people_steps
                );
                let applied = settled.people_steps == pending.before + 1;
                if applied {
                    table.applied.push((pending.who, pending.step.logged()));
                }
                (applied, ended.map(|end| at.saturating_duration_since(end)))
            }
        }));
        let (settled, first_post) = futures_util::join!(settled, first_post);
        // Progress, for a run watched by hand.
        eprintln!(
            "round {rounds} ({what}) at {:.0} s: steps taken in {:.1?}, the tables settled {:.1?} later; connections {}",
            begun.elapsed().as_secs_f64(),
            stepped,
            round_began.elapsed() - stepped,
            board.borrow().connections
        );
        refused += settled.iter().filter(|(applied, _)| !applied).count();
        if ended.is_some() {
            recoveries.entry(what).or_default().extend(settled.iter().filter_map(|(_, took)| *took));
        }
        if let Some(first) = first_post {
            first_posts.entry(what).or_default().push(first);
        }
        if tables.iter().all(|t| only_rematch_left(&double, t.place.channel_id)) {
            break;
        }
    }
    // Discord and the database are fine again: whatever is owed comes out.
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let mut conn = connection(&service).await;
        let owed = southseas::store::pending_posts(&mut conn).await.expect("the outbox");
        drop(conn);
        if owed == 0 {
            break;
        }
        assert!(Instant::now() < deadline, "every owed post and private post delivered: {owed} still owed");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    for table in tables.iter_mut() {
        settle_table(&double, &service, table, 0, "the end").await;
    }
    watcher.abort();
    drop(children);
    let posts = super::discord_e2e::posts(&double);
    let channels: Vec<u64> = tables.iter().map(|t| t.place.channel_id).collect();
    for table in &tables {
        assert_eq!(
            people_log(&service, table).await,
            table.applied,
            "{:?} game {}: the log holds the people's steps that went through",
            table.kind,
            table.game_id
        );
        let mut posted = BTreeMap::new();
        for post in posts.iter().filter(|p| p.channel_id == Some(table.place.channel_id)) {
            if let Some(version) = post.custom_ids().iter().find_map(|c| ComponentId::parse(c).map(|c| c.version)) {
                *posted.entry(version).or_insert(0) += 1;
            }
        }
        assert!(posted.values().all(|n| *n == 1), "game {}: no version's message posted twice: {posted:?}", table.game_id);
        // No older message keeps live step buttons.
        assert_eq!(double.messages_with_components(table.place.channel_id).len(), 1, "game {}: one message offers buttons", table.game_id);
    }
    // Private posts (direct messages): each once (a post sent again keeps its nonce, and
    // Discord keeps one message per nonce).
    let private: Vec<&dd::Response> = posts.iter().filter(|p| p.channel_id.is_some_and(|c| !channels.contains(&c))).collect();
    let mut by_nonce = BTreeMap::new();
    for post in &private {
        let nonce = post.body["nonce"].as_str().map(str::to_string).unwrap_or_default();
        assert!(!nonce.is_empty() && post.body["enforce_nonce"] == true, "a private post carries its nonce: {:?}", post.body);
        *by_nonce.entry(nonce).or_insert(0) += 1;
    }
    let twice = by_nonce.values().filter(|n| **n > 1).count();
    let wrong_pings: Vec<&String> = tables.iter().flat_map(|t| &t.wrong_pings).collect();
    let hand_overs: usize = tables.iter().map(|t| t.hand_overs).sum();
    let mut acks: Vec<Duration> =
        double.all_sent().iter().filter(|r| r.kind == dd::ResponseKind::Callback).filter_map(|r| r.elapsed).collect();
    acks.sort();
    let at = |v: &[Duration], q: f64| if v.is_empty() { Duration::ZERO } else { v[((v.len() - 1) as f64 * q).round() as usize] };
    let spread = |by: &mut BTreeMap<&str, Vec<Duration>>| {
        by.iter_mut()
            .map(|(what, v)| {
                v.sort();
                format!("{what}: p50 {:.2?}, max {:.2?} ({})", at(v, 0.5), v.last().copied().unwrap_or_default(), v.len())
            })
            .collect::<Vec<_>>()
            .join("; ")
    };
    let mut kinds = BTreeMap::new();
    for table in &tables {
        let e = kinds.entry(format!("{:?}", table.kind)).or_insert((0, 0, 0));
        e.0 += 1;
        e.1 += table.applied.len();
        e.2 += usize::from(only_rematch_left(&double, table.place.channel_id));
    }
    let steps: usize = tables.iter().map(|t| t.applied.len()).sum();
    // How far apart the SIGKILLs came: on average, and the nearest and farthest.
    let apart: Vec<f64> = kill_times.windows(2).map(|w| (w[1] - w[0]).as_secs_f64()).collect();
    let kill_spacing = if apart.is_empty() {
        String::new()
    } else {
        let (min, max) = apart.iter().fold((f64::MAX, 0f64), |(lo, hi), d| (lo.min(*d), hi.max(*d)));
        format!(" ({:.1} s apart on average, {min:.1}–{max:.1} s)", apart.iter().sum::<f64>() / apart.len() as f64)
    };
    eprintln!(
        "soak: {} tables on 2 processes (PostgreSQL 15, a server of the test's own), opened in {:.1} s; {:.1} min, {rounds} rounds; \
         per kind (tables, people's steps, games finished): {kinds:?}; {steps} people's steps ({refused} taps did nothing: killed, cut \
         or restarted before their commit; none applied twice); {windows} Discord fault windows ({} requests faulted), {kills} SIGKILLs{kill_spacing}, \
         {cuts} cuts of every database connection, PostgreSQL restarted once (down {:.1?}); {} channel posts ({} returned by nonce), \
         none posted twice; {} private posts, {twice} of them twice; {hand_overs} hand-overs, {} not pinged exactly once; \
         acknowledged p50 {:?}, p99 {:?}, max {:?} ({} interactions; {} acknowledgements sent once more, their first answer \
         not back within the bot's 1.5 s: Discord answers \"already acknowledged\"); from a disruption's end to each table's prompt: {}; \
         to the first post owed then: {}",
        tables.len(),
        opened.as_secs_f64(),
        playing.elapsed().as_secs_f64() / 60.0,
        double.faulted(),
        restart.unwrap_or_default(),
        posts.len() - private.len(),
        double.deduplicated(),
        private.len(),
        wrong_pings.len(),
        at(&acks, 0.5),
        at(&acks, 0.99),
        acks.last().copied().unwrap_or_default(),
        acks.len(),
        double.callback_retries(),
        spread(&mut recoveries),
        spread(&mut first_posts),
    );
    assert!(wrong_pings.is_empty(), "each person pinged once per hand-over: {:#?}", wrong_pings.iter().take(10).collect::<Vec<_>>());
    assert_eq!(twice, 0, "each private post sent once");
    assert!(restart.is_some(), "PostgreSQL was restarted once (the soak ran long enough)");
    assert!(acks.last().is_some_and(|max| *max < Duration::from_secs(3)), "every interaction acknowledged within 3 s");
    double.assert_no_unexpected();
    for log in &logs {
        let _ = std::fs::remove_file(log);
    }
    drop(service);
    drop(db);
    drop(server);
}
