//! Round trips per tap (issue #31): the database sessions and write transactions the bot takes
//! to handle a tap or a typed step, counted by the bot itself (`store::Tally`, noted per
//! interaction: what the handler's own task took, from the click to the end of its delivery),
//! the commits of the process's writer of delivery records meanwhile (`Service::record_counts`:
//! the record of the delivery is the writer's, shared with every delivery handed to it at the
//! time), and the time from the interaction to its message in the channel, through the Discord
//! double, on SQLite and on PostgreSQL. Run with `--nocapture` to read the figures.

use super::discord_double::{self as dd, Double, Member, ResponseKind};
use super::discord_e2e::{RunningBot, custom_ids, posts, private_answer, settle, start_bot, state, step_command};
use crate::support::TempDb;
use southseas::games::southseas::codes::Code;
use southseas::service::{ComponentId, RecordCounts};
use southseas::store::Tally;
use southseas_engine::{Bot, Strategy};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// What an interaction did, as players see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    /// A tap shown in place on the tapped message (the same player goes on).
    TapInPlace,
    /// A tap that hands the turn to the other person: a new message that pings them, and the
    /// tapped message retired.
    TapHandOver,
    /// A typed step within a turn: a new message, the turn's older message retired.
    Typed,
    /// A typed step that hands the turn to the other person.
    TypedHandOver,
    /// A typed step that hands the turn to the computer: its run's message tells it; the
    /// command's private "thinking…" goes once that message is out.
    TypedToComputer,
}

/// One interaction: what it cost and how long its message took.
struct Sample {
    kind: Kind,
    tally: Tally,
    /// What the writer of delivery records committed from the interaction to its end.
    records: RecordCounts,
    /// From sending the interaction to its message in the channel (the edit of the tapped
    /// message, or the new post).
    to_post: Duration,
    /// For a hand-over to the computer: from the run's message to the end of the command (its
    /// "thinking…" removed).
    after_post: Option<Duration>,
}

/// The tally of the next interaction noted after the `seen` first ones.
async fn noted_after(bot: &RunningBot, seen: usize) -> (String, Tally) {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        if let Some(note) = bot.service.store().noted_since(seen).into_iter().next() {
            return note;
        }
        assert!(Instant::now() < deadline, "no interaction noted after {seen}");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

/// Opens a lobby for `alice` and starts it with `bob` (a person) or a computer player (None).
async fn started(double: &Double, db: &TempDb, alice: &Member, bob: Option<&Member>) {
    double.wait_for_identify().await;
    double.wait_for_commands().await;
    let id = double.interact(dd::slash("new", alice)).await;
    double.wait_response(id, 2).await;
    let lobby = double.wait_for("the lobby", |d| d.messages_with_components(dd::CHANNEL_ID).pop()).await;
    let (button, who) = match bob {
        Some(bob) => (custom_ids(&lobby).into_iter().find(|c| c.ends_with(":join")).expect("Join"), bob),
        None => (custom_ids(&lobby).into_iter().find(|c| c.ends_with(":bot")).expect("Add computer"), alice),
    };
    let id = double.interact(dd::button(&button, who)).await;
    double.wait_response(id, 2).await;
    let id = double.interact(dd::slash("start", alice)).await;
    double.wait_response(id, 2).await;
    settle(double, db, "the start").await.expect("the first turn");
}

/// Plays `steps` steps of the people in `members`, the greedy player's choice each: typed,
/// or with `taps` by tap on even turns where a button offers it; returns what each cost.
async fn play(double: &Double, db: &TempDb, bot: &RunningBot, members: &[&Member], taps: bool, steps: usize) -> Vec<Sample> {
    let mut samples = Vec::new();
    let seen = bot.service.store().noted_count();
    for step in 0..steps {
        let message = settle(double, db, "before a step").await.expect("the game goes on");
        let (game, version, game_id, _) = state(db).await;
        let seat = game.to_act().expect("someone acts");
        let (who, by_seat) = {
            let mut found = None;
            for m in members {
                if super::discord_e2e::seat_of(db, m.id).await == Some(seat) {
                    found = Some(*m);
                }
            }
            (found.expect("a person acts"), seat)
        };
        let action = Bot::new(Strategy::Greedy, 1).choose(&game).expect("a step");
        let button = ComponentId::button(game_id, version, Code::Act(action));
        let by_tap = taps && game.turn() % 2 == 0 && custom_ids(&message).contains(&button);
        let before = posts(double).len();
        let records_before = bot.service.record_counts();
        let started = Instant::now();
        let id = if by_tap {
            double.interact(dd::button(&button, who)).await
        } else {
            let (name, option) = step_command(&action);
            let slash = dd::slash(name, who);
            double.interact(if option.is_empty() { slash } else { slash.string(option, &Code::Act(action).code()) }).await
        };
        // The step's message: the tapped message edited in place, or a new post.
        let to_post = double
            .wait_for("the step's message", |d| {
                let edited = d.responses(id).iter().any(|r| r.kind == ResponseKind::EditOriginal && !r.components.is_empty());
                (posts(d).len() > before || (by_tap && edited)).then(Instant::now)
            })
            .await
            - started;
        let responses = double.wait_response(id, 2).await;
        assert_eq!(private_answer(&responses), None, "{action}: refused: {responses:?}");
        let done = Instant::now();
        let (name, tally) = noted_after(bot, seen + step).await;
        let records_after = bot.service.record_counts();
        let records = RecordCounts {
            commits: records_after.commits - records_before.commits,
            records: records_after.records - records_before.records,
            sessions: records_after.sessions - records_before.sessions,
        };
        let (after, _, _, _) = state(db).await;
        let handed_over = after.to_act() != Some(by_seat) || game.turn() != after.turn();
        let to_computer = handed_over && members.len() == 1;
        let kind = match (by_tap, handed_over, to_computer) {
            (true, false, _) => Kind::TapInPlace,
            (true, true, _) => Kind::TapHandOver,
            (false, false, _) => Kind::Typed,
            (false, true, false) => Kind::TypedHandOver,
            (false, true, true) => Kind::TypedToComputer,
        };
        assert!(name.starts_with(if by_tap { "tap " } else { "typed " }), "{name} noted for {kind:?}");
        let after_post = (kind == Kind::TypedToComputer).then(|| done.saturating_duration_since(started + to_post));
        samples.push(Sample { kind, tally, records, to_post, after_post });
    }
    samples
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

/// Prints the figures of each kind; returns the most sessions and writes each took.
fn report(database: &str, samples: &[Sample]) -> BTreeMap<Kind, Tally> {
    let mut by_kind: BTreeMap<Kind, Vec<&Sample>> = BTreeMap::new();
    for s in samples {
        by_kind.entry(s.kind).or_default().push(s);
    }
    let mut most = BTreeMap::new();
    for (kind, samples) in by_kind {
        let sessions: Vec<u32> = samples.iter().map(|s| s.tally.sessions).collect();
        let writes: Vec<u32> = samples.iter().map(|s| s.tally.writes).collect();
        let records: Vec<(u64, u64)> = samples.iter().map(|s| (s.records.records, s.records.commits)).collect();
        let mut times: Vec<Duration> = samples.iter().map(|s| s.to_post).collect();
        times.sort();
        let mut after: Vec<Duration> = samples.iter().filter_map(|s| s.after_post).collect();
        after.sort();
        let after = if after.is_empty() {
            String::new()
        } else {
            format!(", post to done median {:?} p99 {:?}", percentile(&after, 0.5), percentile(&after, 0.99))
        };
        eprintln!(
            "trips {database} {kind:?}: n={} sessions {:?} writes {:?}; the writer's (records, commits) {:?}; to post median {:.1?} p99 {:.1?}{after}",
            samples.len(),
            sessions,
            writes,
            records,
            percentile(&times, 0.5),
            percentile(&times, 0.99),
        );
        let top = Tally { sessions: *sessions.iter().max().unwrap(), writes: *writes.iter().max().unwrap() };
        most.insert(kind, top);
    }
    most
}

async fn run(people: TempDb, computer: TempDb, database: &str) {
    let double = Double::start().await;
    let bot = start_bot(&double, &people).await;
    let (alice, bob) = (Member::new(7101, "alice"), Member::new(7102, "bob"));
    started(&double, &people, &alice, Some(&bob)).await;
    let mut samples = play(&double, &people, &bot, &[&alice, &bob], true, 40).await;
    drop(bot);

    let double = Double::start().await;
    let bot = start_bot(&double, &computer).await;
    let carol = Member::new(7103, "carol");
    started(&double, &computer, &carol, None).await;
    samples.extend(play(&double, &computer, &bot, &[&carol], false, 12).await);
    drop(bot);

    let most = report(database, &samples);
    for kind in [Kind::TapInPlace, Kind::TapHandOver, Kind::Typed, Kind::TypedHandOver, Kind::TypedToComputer] {
        let Some(&most) = most.get(&kind) else { panic!("{database}: no {kind:?} among the steps played: {most:?}") };
        // The reader's language (a read), the step (a write transaction); the post recorded
        // with the messages retired on the way is the writer's (below). Before: 4 to 6
        // sessions, then 3 with 2 writes (the record was the handler's). A hand-over to the
        // computer has no post of its own; its handler looks at the outbox before the run's
        // message and once more when it is out (before: every 100 ms).
        let (sessions, writes) = if kind == Kind::TypedToComputer { (4, 1) } else { (2, 1) };
        assert_eq!(most, Tally { sessions, writes }, "{database}: {kind:?} at most");
    }
    // One interaction after another, each delivery is the writer's commit alone: one session,
    // one write (the computer's run's included, for a hand-over to the computer).
    for s in &samples {
        let alone = RecordCounts { commits: 1, records: 1, sessions: 1 };
        if s.kind == Kind::TypedToComputer {
            assert!(s.records.records >= 1 && s.records.commits <= s.records.records, "{database}: {:?}", s.records);
        } else {
            assert_eq!(s.records, alone, "{database}: {:?}: the delivery's record", s.kind);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sessions_per_tap_sqlite() {
    run(TempDb::new("trips"), TempDb::new("trips-computer"), "sqlite").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sessions_per_tap_postgres() {
    if let (Some(people), Some(computer)) = (TempDb::postgres("trips").await, TempDb::postgres("trips-computer").await) {
        run(people, computer, "postgres").await;
    }
}
