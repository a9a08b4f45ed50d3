//! `southseas bench`: the service's speed on a real database (a SQLite file, or PostgreSQL with
//! `--database-url postgres://…`) — turns per second over many concurrent games, from one or
//! several processes, the latency of one step (load + apply + commit), with the board drawn,
//! and the replay of a whole game. With `--computer-tables`, the wait of people playing against
//! hard computers at many tables at once (see [`computer_turns`]). Run it with `--release`.

use crate::games::southseas::{GameOptions, ImageMaker, SouthSeas};
use crate::service::{Actor, Place, Service};
use anyhow::Result;
use southseas_engine::{Action, Bot, Game, Options, Setup, Strategy};
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(clap::Args, Clone, Debug)]
pub struct BenchArgs {
    /// Concurrent games.
    #[arg(long, default_value_t = 1000)]
    pub games: usize,
    /// Players per game.
    #[arg(long, default_value_t = 4)]
    pub players: usize,
    /// Tasks submitting actions at once.
    #[arg(long, default_value_t = 64)]
    pub tasks: usize,
    /// Seconds of load.
    #[arg(long, default_value_t = 10)]
    pub seconds: u64,
    /// Folder for the benchmark's database (removed afterwards).
    #[arg(long, default_value = "out/bench")]
    pub dir: std::path::PathBuf,
    /// Bench on this PostgreSQL server instead of a SQLite file (postgres://…). The bench
    /// works in a schema of its own, dropped afterwards.
    #[arg(long)]
    pub database_url: Option<String>,
    /// Processes applying the load, each with its own connections and share of the games and
    /// tasks (more than one needs a database they can share: PostgreSQL, or SQLite on one disk).
    #[arg(long, default_value_t = 1)]
    pub processes: usize,
    /// Internal: run as load worker K of the --processes, against this database URL, until
    /// this unix time in ms, printing its measurements as JSON.
    #[arg(long, hide = true, num_args = 3, value_names = ["K", "URL", "UNTIL_MS"])]
    pub worker: Option<Vec<String>>,
    /// Instead: tables of one person and `--computers` hard computers, this many at once (one
    /// run per number: `1,8,32`), every person playing at once when prompted; measures the wait
    /// from a person's last step of a turn to their next prompt.
    #[arg(long, value_delimiter = ',')]
    pub computer_tables: Vec<usize>,
    /// Hard computers per table, with `--computer-tables`.
    #[arg(long, default_value_t = 4)]
    pub computers: usize,
    /// With `--computer-tables`: the scheduler as it was before computers thought at once (one
    /// due item after another, each thought with the full budget), for comparison.
    #[arg(long)]
    pub one_at_a_time: bool,
}

/// What one load process measured.
#[derive(serde::Serialize, serde::Deserialize, Default)]
struct LoadResult {
    latencies_us: Vec<u64>,
    turns: u64,
}

pub struct Report {
    pub lines: Vec<String>,
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

/// A made-up Discord message id for a step's message.
fn message_id(game: i64, version: i64) -> u64 {
    (game as u64) << 24 | version as u64
}

/// A table as a player sees it: its game, and the message offering its current step (where the
/// next tap is made), once known.
#[derive(Clone, Copy, Default)]
struct Shown {
    game: Option<i64>,
    message: Option<u64>,
}

/// A step as a player takes it in Discord: a tap on the message that offers it (typed while that
/// message is not known yet), then what the bot does once the step's message is out (see
/// [`posted`]). Returns the reply.
async fn tap(
    service: &Service,
    place: Place,
    actor: &Actor,
    action: Action,
    version: i64,
    shown: &mut Shown,
) -> Result<crate::service::Reply> {
    use crate::games::southseas::codes::Code;
    use crate::service::{ComponentId, Origin};
    let reply = match (shown.game, shown.message) {
        (Some(game), Some(message)) => {
            let id = ComponentId::parse(&ComponentId::button(game, version, Code::Act(action))).expect("a button's id");
            service.tap(place, actor, &id, None, Origin::Clicked { message, version }).await
        }
        _ => service.act(place, actor, action).await,
    }
    .map_err(anyhow::Error::new)?;
    posted(service, &reply, shown).await?;
    Ok(reply)
}

/// What the bot does once a step's message is out, as `discord::deliver` does it (Discord's
/// answers aside): shown in place on the tapped message, or posted anew with the tapped message
/// retired on the way; the other messages the step made old (known at its commit) retired; all
/// of it recorded with the post in one transaction.
async fn posted(service: &Service, reply: &crate::service::Reply, shown: &mut Shown) -> Result<()> {
    let Some((game, version)) = reply.game else { return Ok(()) };
    let clicked = shown.message.filter(|_| shown.game == Some(game));
    let in_place = clicked.is_some() && !reply.delivery.is_new_message();
    let message = if in_place { clicked.expect("tapped") } else { message_id(game, version) };
    let has_choices = !reply.buttons.is_empty() || reply.menu.is_some();
    let mut retired: Vec<u64> = clicked.filter(|_| !in_place).into_iter().collect();
    let old = reply.known.at_commit().map_or_else(Vec::new, |at| {
        at.retire.iter().filter(|&&(g, _, m)| g == game && Some(m) != clicked && m != message).map(|&(_, _, m)| m).collect()
    });
    retired.extend(old);
    if !retired.is_empty() {
        service.retired_note_for(reply).await.map_err(anyhow::Error::new)?;
    }
    let retire = service.delivered_retiring(game, version, has_choices.then_some(message), &retired).await.map_err(anyhow::Error::new)?;
    if !retire.is_empty() {
        for &(game, _, _) in &retire {
            service.retired_note(game).await.map_err(anyhow::Error::new)?;
        }
        let done: Vec<(i64, u64)> = retire.iter().map(|&(game, _, message)| (game, message)).collect();
        service.retired_all(&done).await.map_err(anyhow::Error::new)?;
    }
    *shown = Shown { game: Some(game), message: has_choices.then_some(message) };
    Ok(())
}

pub async fn run(args: &BenchArgs, images: Option<ImageMaker>) -> Result<Report> {
    anyhow::ensure!((2..=5).contains(&args.players), "--players must be 2 to 5");
    anyhow::ensure!(args.processes >= 1 && args.processes <= args.tasks, "--processes must be 1 to --tasks");
    if let Some(worker) = &args.worker {
        return worker_run(args, worker).await;
    }
    if !args.computer_tables.is_empty() {
        return computer_turns(args).await;
    }
    std::fs::create_dir_all(&args.dir)?;
    let db = args.dir.join("bench.db");
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
    let scratch = match &args.database_url {
        Some(server) => Scratch::postgres(server).await?,
        None => Scratch::Sqlite(format!("sqlite://{}", db.display())),
    };
    let url = scratch.url();
    let drawing = images.is_some();
    let mut service = Service::open(&url).await?;
    if let Some(images) = images {
        // Only `attach_images` draws; the load phase measures steps without pictures.
        service = service.with_images(images);
    }
    let service = Arc::new(service);
    let mut lines = Vec::new();

    // Set up: one game per channel, started.
    let t = Instant::now();
    for g in 0..args.games {
        let place = Place { guild_id: 1, channel_id: 10_000 + g as u64 };
        let actors: Vec<Actor> = (0..args.players).map(|s| Actor::new((g * 10 + s) as u64 + 1, format!("P{s}"))).collect();
        let options = GameOptions { seed: Some(g as u64 + 1), ..GameOptions::default() };
        service.create(place, &actors[0], options).await.map_err(anyhow::Error::new)?;
        for a in &actors[1..] {
            service.join(place, a).await.map_err(anyhow::Error::new)?;
        }
        service.start(place, &actors[0]).await.map_err(anyhow::Error::new)?;
    }
    let tables = Arc::new(tables_of(&service, args).await?);
    lines.push(format!(
        "setup: {} games of {} players created and started in {:.1} s",
        args.games,
        args.players,
        t.elapsed().as_secs_f64()
    ));

    // Load: `tasks` workers, split over the processes, each looping over its share of the
    // games, one action per visit.
    let deadline_ms = crate::store::now_ms() + args.seconds as i64 * 1000;
    let records_before = service.record_counts();
    let start = Instant::now();
    let mut children = Vec::new();
    for k in 1..args.processes {
        let child = tokio::process::Command::new(std::env::current_exe()?)
            .args(["bench", "--games", &args.games.to_string(), "--players", &args.players.to_string()])
            .args(["--tasks", &args.tasks.to_string(), "--processes", &args.processes.to_string()])
            .args(["--worker", &k.to_string(), &url, &deadline_ms.to_string()])
            .stdout(std::process::Stdio::piped())
            .spawn()?;
        children.push(child);
    }
    let mut result = load(&service, &tables, args, 0, deadline_ms).await;
    let records_after = service.record_counts();
    for child in children {
        let out = child.wait_with_output().await?;
        anyhow::ensure!(out.status.success(), "a load process failed: {}", out.status);
        let theirs: LoadResult = serde_json::from_slice(&out.stdout)?;
        result.latencies_us.extend(theirs.latencies_us);
        result.turns += theirs.turns;
    }
    let elapsed = start.elapsed().as_secs_f64();
    let mut latencies: Vec<Duration> = result.latencies_us.iter().map(|&us| Duration::from_micros(us)).collect();
    let turns = result.turns;
    latencies.sort();
    lines.push(format!(
        "load: {} actions, {turns} turns in {elapsed:.1} s over {} games with {} tasks in {} process(es) on {}: {:.0} turns/s, {:.0} actions/s",
        latencies.len(),
        args.games,
        args.tasks,
        args.processes,
        if args.database_url.is_some() { "PostgreSQL" } else { "SQLite" },
        turns as f64 / elapsed,
        latencies.len() as f64 / elapsed
    ));
    // This process's share: each step is a write of its own; the records of their deliveries
    // are the process's writer's, many per commit under load (see `service::records`).
    let (records, commits) = (records_after.records - records_before.records, records_after.commits - records_before.commits);
    lines.push(format!(
        "writes under that load (this process): {records} deliveries recorded in {commits} commits ({:.1} per commit): {:.2} write transactions per tap",
        records as f64 / commits.max(1) as f64,
        1.0 + commits as f64 / records.max(1) as f64
    ));
    lines.push(format!(
        "step latency (a tap: load + apply + commit, then the post and the retirements recorded, under that load): p50 {}, p99 {}, max {}",
        ms(percentile(&latencies, 0.5)),
        ms(percentile(&latencies, 0.99)),
        ms(*latencies.last().unwrap_or(&Duration::ZERO))
    ));

    // One player at a time (no queueing behind other tasks): the latency a player feels, over
    // fresh games so that every step is a real turn step.
    let mut solo = Vec::new();
    let mut with_board = Vec::new();
    let mut bot = Bot::new(Strategy::Random, 99);
    for g in 0..3 {
        let place = Place { guild_id: 1, channel_id: 1 + g };
        let actors: Vec<Actor> = (0..args.players).map(|s| Actor::new(900_000 + g * 10 + s as u64, format!("S{s}"))).collect();
        service
            .create(place, &actors[0], GameOptions { seed: Some(500 + g), ..GameOptions::default() })
            .await
            .map_err(anyhow::Error::new)?;
        for a in &actors[1..] {
            service.join(place, a).await.map_err(anyhow::Error::new)?;
        }
        let started = service.start(place, &actors[0]).await.map_err(anyhow::Error::new)?;
        let mut shown = Shown::default();
        posted(&service, &started, &mut shown).await?;
        loop {
            let (game, _, _, _) = service.snapshot::<SouthSeas>(place, 0).await.map_err(anyhow::Error::new)?;
            let Some(seat) = game.to_act() else { break };
            let mut actor = actors[0].clone();
            for a in &actors {
                if service.snapshot::<SouthSeas>(place, a.user_id).await.map_err(anyhow::Error::new)?.2 == Some(seat) {
                    actor = a.clone();
                }
            }
            let action = bot.choose(&game).expect("not over");
            let version = service.snapshot::<SouthSeas>(place, 0).await.map_err(anyhow::Error::new)?.1;
            let t = Instant::now();
            let mut reply = tap(&service, place, &actor, action, version, &mut shown).await?;
            let acted = t.elapsed();
            let t = Instant::now();
            if drawing {
                service.attach_images(&mut reply).await.map_err(anyhow::Error::new)?;
            }
            let drawn = t.elapsed();
            solo.push(acted);
            if drawing {
                with_board.push(acted + drawn);
            }
        }
    }
    solo.sort();
    with_board.sort();
    lines.push(format!(
        "step latency, one player alone: p50 {}, p99 {} ({} steps)",
        ms(percentile(&solo, 0.5)),
        ms(percentile(&solo, 0.99)),
        solo.len()
    ));
    if !with_board.is_empty() {
        lines.push(format!(
            "step latency with the turn picture drawn (phone view PNG): p50 {}, p99 {}",
            ms(percentile(&with_board, 0.5)),
            ms(percentile(&with_board, 0.99))
        ));
    }

    // Replay of a whole game from its log.
    let mut game = Game::from_setup(Setup::standard(Options::default(), 4, 7))?;
    let mut bots: Vec<Bot> = (0..4).map(|s| Bot::new(Strategy::Greedy, s)).collect();
    let mut actions: Vec<Action> = Vec::new();
    while let Some(seat) = game.to_act() {
        let a = bots[seat].choose(&game).expect("not over");
        game.apply(&a)?;
        actions.push(a);
    }
    let mut replays = Vec::new();
    for _ in 0..200 {
        let t = Instant::now();
        let g = Game::replay(Setup::standard(Options::default(), 4, 7), &actions).map_err(|(i, e)| anyhow::anyhow!("action {i}: {e}"))?;
        replays.push(t.elapsed());
        std::hint::black_box(g);
    }
    replays.sort();
    lines.push(format!(
        "replay of a whole {}-turn game ({} actions): median {}, p99 {}",
        game.turn(),
        actions.len(),
        ms(percentile(&replays, 0.5)),
        ms(percentile(&replays, 0.99))
    ));

    service.store().close().await;
    scratch.remove().await;
    Ok(Report { lines })
}

/// The games as set up by the first process: (channel, players by seat).
async fn tables_of(service: &Service, args: &BenchArgs) -> Result<Vec<(Place, Vec<Actor>)>> {
    let mut tables = Vec::new();
    for g in 0..args.games {
        let place = Place { guild_id: 1, channel_id: 10_000 + g as u64 };
        let actors: Vec<Actor> = (0..args.players).map(|s| Actor::new((g * 10 + s) as u64 + 1, format!("P{s}"))).collect();
        let mut by_seat = vec![actors[0].clone(); args.players];
        for a in &actors {
            if let Some(seat) = service.snapshot::<SouthSeas>(place, a.user_id).await.map_err(anyhow::Error::new)?.2 {
                by_seat[seat] = a.clone();
            }
        }
        tables.push((place, by_seat));
    }
    Ok(tables)
}

/// A load process other than the first: plays its share until the deadline, prints JSON.
async fn worker_run(args: &BenchArgs, worker: &[String]) -> Result<Report> {
    let [k, url, until] = worker else { anyhow::bail!("--worker takes K URL UNTIL_MS") };
    let (k, until): (usize, i64) = (k.parse()?, until.parse()?);
    let service = Arc::new(Service::open(url).await?);
    let tables = Arc::new(tables_of(&service, args).await?);
    let result = load(&service, &tables, args, k, until).await;
    service.store().close().await;
    Ok(Report { lines: vec![serde_json::to_string(&result)?] })
}

/// Process `k` of `args.processes` runs its share of the tasks; task w plays games w, w + tasks, …
async fn load(service: &Arc<Service>, tables: &Arc<Vec<(Place, Vec<Actor>)>>, args: &BenchArgs, k: usize, deadline_ms: i64) -> LoadResult {
    let tasks = args.tasks;
    let mut workers = Vec::new();
    for w in (k..tasks).step_by(args.processes) {
        let service = Arc::clone(service);
        let tables = Arc::clone(tables);
        workers.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            let mut turns = 0u64;
            let mut bot = Bot::new(Strategy::Random, w as u64);
            let mut finished = 0;
            let mut shown = std::collections::HashMap::<usize, Shown>::new();
            let over = || crate::store::now_ms() >= deadline_ms;
            'outer: while !over() {
                for i in (w..tables.len()).step_by(tasks) {
                    if over() {
                        break 'outer;
                    }
                    let (place, seats) = &tables[i];
                    let t = Instant::now();
                    let Ok((game, version, _, _)) = service.snapshot::<SouthSeas>(*place, 0).await else { continue };
                    let Some(seat) = game.to_act() else {
                        finished += 1;
                        continue;
                    };
                    let action = bot.choose(&game).expect("game not over");
                    let reply = tap(&service, *place, &seats[seat], action, version, shown.entry(i).or_default()).await;
                    latencies.push(t.elapsed().as_micros() as u64);
                    if let Ok(r) = reply
                        && r.text.contains("your turn: place tile")
                    {
                        turns += 1;
                    }
                }
                if finished >= tables.len().div_ceil(tasks) {
                    break;
                }
            }
            LoadResult { latencies_us: latencies, turns }
        }));
    }
    let mut all = LoadResult::default();
    for w in workers {
        if let Ok(r) = w.await {
            all.latencies_us.extend(r.latencies_us);
            all.turns += r.turns;
        }
    }
    all
}

/// `--computer-tables N,…`: for each N, N tables of one person and `--computers` hard computers
/// on a fresh database, every game played to its end. The scheduler runs as in the bot
/// ([`Service::schedule_forever`]), posting being recording the message as posted (no Discord);
/// each person plays (medium's move) as soon as their prompt is posted. Measured: from the
/// person's step that hands the turn to the computers (before the step is sent) to the post of
/// the message that hands it back (or ends the game) — the step, the post of its message, the
/// computers' whole run, and its post. With `--one-at-a-time` the scheduler handles one due item
/// after another, thinking with the full budget, as it did before computers thought at once.
async fn computer_turns(args: &BenchArgs) -> Result<Report> {
    use crate::games::Strength;
    use std::collections::HashMap;
    use tokio::sync::mpsc;
    anyhow::ensure!((1..=4).contains(&args.computers), "--computers must be 1 to 4");
    let mut lines = Vec::new();
    for &n in &args.computer_tables {
        std::fs::create_dir_all(&args.dir)?;
        let scratch = match &args.database_url {
            Some(server) => Scratch::postgres(server).await?,
            None => {
                let db = args.dir.join(format!("computers-{n}.db"));
                for suffix in ["", "-wal", "-shm"] {
                    let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
                }
                Scratch::Sqlite(format!("sqlite://{}", db.display()))
            }
        };
        let service = Arc::new(Service::open(&scratch.url()).await?);
        let mut people = Vec::new();
        for g in 0..n {
            let place = Place { guild_id: 1, channel_id: 10_000 + g as u64 };
            let person = Actor::new(g as u64 + 1, format!("P{g}"));
            // Each message posted as it comes (the computer moves once its turn's message is out).
            let mut replies =
                vec![service.create(place, &person, GameOptions { seed: Some(g as u64 + 1), ..GameOptions::default() }).await?];
            for _ in 0..args.computers {
                replies.push(service.add_computer(place, &person, Strength::Hard).await?);
            }
            replies.push(service.start(place, &person).await?);
            let mut game = 0;
            for reply in replies {
                let (id, version) = reply.game.ok_or_else(|| anyhow::anyhow!("a lobby's reply names its game"))?;
                service.delivered(id, version, Some(message_id(id, version)), None).await?;
                game = id;
            }
            people.push((place, person, game));
        }
        // Each table's posts reach its person.
        let mut senders = HashMap::new();
        let mut receivers = Vec::new();
        for &(_, _, game) in &people {
            let (tx, rx) = mpsc::unbounded_channel::<()>();
            senders.insert(game, tx);
            receivers.push(rx);
        }
        let senders = Arc::new(senders);
        let poster = Arc::clone(&service);
        let post = move |reply: crate::service::Reply| {
            let (service, senders) = (Arc::clone(&poster), Arc::clone(&senders));
            async move {
                let Some((game, version)) = reply.game else { return };
                if let Err(e) = service.delivered(game, version, Some(message_id(game, version)), None).await {
                    tracing::error!("bench: recording a post failed: {e}");
                }
                if let Some(tx) = senders.get(&game) {
                    let _ = tx.send(());
                }
            }
        };
        let started = Instant::now();
        let scheduler = if args.one_at_a_time {
            tokio::spawn(one_at_a_time(Arc::clone(&service), post))
        } else {
            tokio::spawn(Arc::clone(&service).schedule_forever(post))
        };
        let mut tasks = Vec::new();
        for ((place, person, _), mut rx) in people.into_iter().zip(receivers) {
            let service = Arc::clone(&service);
            tasks.push(tokio::spawn(async move {
                let mut waits = Vec::new();
                let mut bot = Bot::new(Strategy::Greedy, person.user_id);
                loop {
                    let (game, _, seat, _) = service.snapshot::<SouthSeas>(place, person.user_id).await?;
                    let Some(to_act) = game.to_act() else { break };
                    if Some(to_act) != seat {
                        // Someone else's turn (the computers' first, at the start): wait for a post.
                        tokio::time::timeout(Duration::from_secs(600), rx.recv()).await?;
                        continue;
                    }
                    let action = bot.choose(&game).expect("not over");
                    let tapped = Instant::now();
                    let reply = service.act(place, &person, action).await?;
                    // The state after the step: the computer moves only once its message is posted.
                    let (game, _, _, _) = service.snapshot::<SouthSeas>(place, person.user_id).await?;
                    if let Some((game, version)) = reply.game {
                        service.delivered(game, version, Some(message_id(game, version)), None).await?;
                    }
                    if game.to_act().is_none_or(|s| Some(s) == seat) {
                        continue; // still my turn (or the game ended with my step)
                    }
                    // Handed over: wait for the post after which it is my turn again, or over.
                    loop {
                        tokio::time::timeout(Duration::from_secs(600), rx.recv()).await?;
                        let (game, _, _, _) = service.snapshot::<SouthSeas>(place, person.user_id).await?;
                        if game.to_act().is_none_or(|s| Some(s) == seat) {
                            waits.push(tapped.elapsed());
                            break;
                        }
                    }
                }
                anyhow::Ok(waits)
            }));
        }
        let mut waits = Vec::new();
        for task in tasks {
            waits.extend(task.await??);
        }
        let wall = started.elapsed();
        scheduler.abort();
        waits.sort();
        let s = |d: Duration| format!("{:.2} s", d.as_secs_f64());
        lines.push(format!(
            "{n} table(s) of 1 person + {} hard, {}: tap to next prompt p50 {}, p90 {}, max {} ({} hand-overs, {n} whole games in {:.0} s)",
            args.computers,
            if args.one_at_a_time { "one item at a time (before)" } else { "computers thinking at once" },
            s(percentile(&waits, 0.5)),
            s(percentile(&waits, 0.9)),
            s(*waits.last().unwrap_or(&Duration::ZERO)),
            waits.len(),
            wall.as_secs_f64()
        ));
        let journal = service.thinking().journal();
        if !journal.is_empty() {
            let mut playouts: Vec<u32> = journal.iter().map(|d| d.playouts).collect();
            playouts.sort_unstable();
            let at = |p: f64| playouts[((playouts.len() - 1) as f64 * p).round() as usize];
            let reduced = journal.iter().filter(|d| d.reduced).count();
            let mut thought: Vec<Duration> = journal.iter().map(|d| d.thought).collect();
            thought.sort();
            lines.push(format!(
                "  hard decisions: {} (the last {} kept); playouts p10 {}, p50 {}, p90 {}; {reduced} reduced by the load; thinking p50 {}, p90 {}",
                journal.len(),
                journal.len(),
                at(0.1),
                at(0.5),
                at(0.9),
                ms(percentile(&thought, 0.5)),
                ms(percentile(&thought, 0.9))
            ));
        }
        service.store().close().await;
        scratch.remove().await;
    }
    Ok(Report { lines })
}

/// The scheduler as it ran before computers thought at once: every item due handled in turn,
/// its messages posted after each batch, then asleep until the next is due or the bell rings.
async fn one_at_a_time<P, F>(service: Arc<Service>, post: P)
where
    P: Fn(crate::service::Reply) -> F,
    F: std::future::Future<Output = ()>,
{
    loop {
        loop {
            match service.run_due().await {
                Ok(replies) if replies.is_empty() => break,
                Ok(replies) => {
                    for reply in replies {
                        post(reply).await;
                    }
                }
                Err(e) => {
                    tracing::warn!("bench: the schedule failed: {e}");
                    break;
                }
            }
        }
        let wait = match service.next_due_at().await {
            Ok(Some(at)) => service.real_wait(at - service.now_ms()).min(crate::service::schedule::LOOK_AGAIN),
            _ => crate::service::schedule::LOOK_AGAIN,
        };
        tokio::select! {
            () = tokio::time::sleep(wait.max(Duration::from_millis(50))) => {}
            () = service.scheduler_bell().notified() => {}
        }
    }
}

/// The bench's own database: a SQLite file, or a schema on a PostgreSQL server.
enum Scratch {
    Sqlite(String),
    Postgres { server: String, schema: String },
}

impl Scratch {
    async fn postgres(server: &str) -> Result<Scratch> {
        use sqlx::Connection;
        sqlx::any::install_default_drivers();
        let schema = format!("southseas_bench_{}", std::process::id());
        let mut conn = sqlx::AnyConnection::connect(server).await?;
        sqlx::raw_sql(&format!("DROP SCHEMA IF EXISTS {schema} CASCADE; CREATE SCHEMA {schema}")).execute(&mut conn).await?;
        conn.close().await?;
        Ok(Scratch::Postgres { server: server.to_string(), schema })
    }

    fn url(&self) -> String {
        match self {
            Scratch::Sqlite(url) => url.clone(),
            Scratch::Postgres { server, schema } => {
                let sep = if server.contains('?') { '&' } else { '?' };
                format!("{server}{sep}options=-c%20search_path%3D{schema}")
            }
        }
    }

    async fn remove(self) {
        match self {
            Scratch::Sqlite(url) => {
                let path = url.trim_start_matches("sqlite://").to_string();
                for suffix in ["", "-wal", "-shm"] {
                    let _ = std::fs::remove_file(format!("{path}{suffix}"));
                }
            }
            Scratch::Postgres { server, schema } => {
                use sqlx::Connection;
                if let Ok(mut conn) = sqlx::AnyConnection::connect(&server).await {
                    let _ = sqlx::raw_sql(&format!("DROP SCHEMA IF EXISTS {schema} CASCADE")).execute(&mut conn).await;
                    let _ = conn.close().await;
                }
            }
        }
    }
}
