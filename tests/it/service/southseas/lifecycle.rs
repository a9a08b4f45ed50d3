//! Games that keep moving over days, through the service with a clock the tests move by hand:
//! reminders (and quiet hours), deadlines (exactly once: across a restart, and racing the
//! player), computer players at the table, away and back, handing a seat over.

use crate::support::{PLACE, TempDb, all_posted, on_both_databases, player};
use southseas::games::Strength;
use southseas::games::southseas::GameOptions;
use southseas::games::southseas::SouthSeas;
use southseas::games::southseas::codes::Code;
use southseas::service::clock::ManualClock;
use southseas::service::{Actor, COMPUTER_USER, Delivery, Reply, Service, ServiceError, SettingsChange, is_computer_id};
use southseas::store::{self, OnTimeout, Store};
use southseas_engine::{Bot, Game, Strategy};
use std::time::Duration;

const HOUR: Duration = Duration::from_secs(3600);
const MINUTE: Duration = Duration::from_secs(60);

async fn open(db: &TempDb, clock: &ManualClock) -> Service {
    Service::new(Store::open(&db.url()).await.expect("database opens"), None).with_clock(clock.clone())
}

fn options(seed: u64, limit: Duration, on_timeout: OnTimeout) -> GameOptions {
    GameOptions { seed: Some(seed), turn_limit_secs: limit.as_secs() as i64, on_timeout, ..GameOptions::default() }
}

/// A started game of `people` players (and `computers` computer players), as `options` say.
pub(crate) async fn started(service: &Service, people: u64, computers: &[Strength], options: GameOptions) -> Vec<Actor> {
    let actors: Vec<Actor> = (0..people).map(player).collect();
    service.create(PLACE, &actors[0], options).await.expect("create");
    for a in &actors[1..] {
        service.join(PLACE, a).await.expect("join");
    }
    for &strength in computers {
        service.add_computer(PLACE, &actors[0], strength).await.expect("a computer player sits down");
    }
    service.start(PLACE, &actors[0]).await.expect("start");
    actors
}

/// The game now, and the user id of whoever sits at the seat it waits for.
async fn waiting_for(service: &Service) -> (Game, i64, Option<u64>) {
    let (game, version, _, _) = service.snapshot::<SouthSeas>(PLACE, 0).await.expect("snapshot");
    let Some(seat) = game.to_act() else { return (game, version, None) };
    let mut conn = service.store().pool().acquire().await.expect("connection");
    let id = store::open_game_in_channel(&mut conn, PLACE.channel_id).await.expect("read").map(|g| g.id);
    let id = match id {
        Some(id) => id,
        None => store::latest_game_in_channel(&mut conn, PLACE.channel_id).await.expect("read").expect("a game").id,
    };
    let user = store::seats(&mut conn, id).await.expect("seats").into_iter().find(|s| s.seat == Some(seat)).map(|s| s.user_id);
    (game, version, user)
}

async fn log(service: &Service) -> Vec<store::ActionRecord> {
    let mut conn = service.store().pool().acquire().await.expect("connection");
    let id = store::latest_game_in_channel(&mut conn, PLACE.channel_id).await.expect("read").expect("a game").id;
    store::actions(&mut conn, id).await.expect("log")
}

fn user_error(result: Result<Reply, ServiceError>, contains: &str) {
    match result {
        Err(ServiceError::User(m)) => assert!(m.contains(contains), "`{m}` should contain `{contains}`"),
        Err(ServiceError::Internal(e)) => panic!("internal error: {e:#}"),
        Ok(r) => panic!("accepted, but should be refused: {}", r.text),
    }
}

/// Plays the person's step the way a quick player would.
async fn play_one(service: &Service, actor: &Actor) -> Reply {
    let (game, _, _) = waiting_for(service).await;
    let action = Bot::new(Strategy::Greedy, 7).choose(&game).expect("a move");
    service.act(PLACE, actor, action).await.expect("the step is taken")
}

on_both_databases! {
/// After a third of a day's limit the player the game waits for is pinged once, in a new
/// message naming only them, with the deadline as a Discord timestamp; again when a sixth is
/// left; and never more than that.
async fn a_reminder_pings_the_waiting_player_after_a_while(db) {
    let clock = ManualClock::at(1_800_000_000_000);
    let service = open(&db, &clock).await;
    let actors = started(&service, 2, &[], options(3, 24 * HOUR, OnTimeout::PlayTurn)).await;
    let (_, version, waiting) = waiting_for(&service).await;
    let waiting = waiting.expect("someone is to act");
    let name = &actors.iter().find(|a| a.user_id == waiting).expect("seated").name;
    all_posted(&service).await;
    clock.advance(8 * HOUR - MINUTE);
    assert!(service.run_due().await.unwrap().is_empty(), "not before 8 hours");
    clock.advance(MINUTE);
    let replies = service.run_due().await.unwrap();
    assert_eq!(replies.len(), 1, "{replies:?}");
    let r = &replies[0];
    assert!(r.delivery.is_new_message(), "a mention notifies only in a new message");
    assert_eq!(r.mention, Some(waiting));
    assert!(r.more_mentions.is_empty());
    assert_eq!(r.game, Some((r.game.unwrap().0, version)), "about the game as it is");
    assert!(r.text.starts_with(&format!("⏰ **{name}**, it's been your turn for 8 hours: place tile")), "{}", r.text);
    let deadline = (1_800_000_000_000i64 + 24 * 3_600_000) / 1000;
    assert!(r.text.contains(&format!("<t:{deadline}:R>")), "{}", r.text);
    assert!(service.run_due().await.unwrap().is_empty(), "once");
    // A step within the turn (the tile placed, the islander still to choose) is the same wait:
    // its reminders and deadline go on from where they were.
    let me = actors.iter().find(|a| a.user_id == waiting).unwrap();
    let placed = play_one(&service, me).await;
    assert_eq!(waiting_for(&service).await.2, Some(waiting), "still my turn after placing");
    // Said once a turn: the step's message does not repeat the deadline.
    assert!(!placed.text.contains("<t:"), "the deadline is not said again: {}", placed.text);
    all_posted(&service).await;
    clock.advance(12 * HOUR);
    let second = service.run_due().await.unwrap();
    assert_eq!(second.len(), 1, "a second reminder when a sixth of the time is left");
    assert!(second[0].text.contains("20 hours"), "{}", second[0].text);
    assert_ne!(second[0].delivery, r.delivery, "told apart from the first (its own message)");
    clock.advance(3 * HOUR);
    assert!(service.run_due().await.unwrap().is_empty(), "two reminders per turn at most");
}

/// The language a person chose (`/settings language`) is read with the table's seats: what
/// the game tells each seat alone is worded from it without a query per reader.
async fn a_chosen_language_is_read_with_the_seats(db) {
    use southseas::i18n::Locale;
    let clock = ManualClock::at(1_800_000_000_000);
    let service = open(&db, &clock).await;
    let actors = started(&service, 3, &[], options(6, Duration::ZERO, OnTimeout::PlayTurn)).await;
    let french = SettingsChange { language: Some(Some(Locale::Fr)), ..SettingsChange::default() };
    service.settings(&actors[1], french, None).await.expect("settings");
    let english = SettingsChange { language: Some(Some(Locale::En)), ..SettingsChange::default() };
    service.settings(&actors[2], english, None).await.expect("settings");
    let mut conn = service.store().pool().acquire().await.expect("connection");
    let seats = store::seats(&mut conn, service_game(&service).await).await.expect("seats");
    let chosen = |n: usize| seats.iter().find(|s| s.user_id == actors[n].user_id).expect("seated").language;
    assert_eq!((chosen(0), chosen(1), chosen(2)), (None, Some(Locale::Fr), Some(Locale::En)));
}

/// A reminder that falls in the player's quiet hours waits for their end; with reminders off,
/// none comes at all; a player who moves starts a new wait for the next one.
async fn no_reminder_in_quiet_hours_or_when_turned_off(db) {
    // 20:00 UTC on some day.
    let day = 20_000 * 86_400_000i64;
    let clock = ManualClock::at(day + 20 * 3_600_000);
    let service = open(&db, &clock).await;
    let actors = started(&service, 2, &[], options(4, Duration::ZERO, OnTimeout::PlayTurn)).await;
    let waiting = waiting_for(&service).await.2.unwrap();
    let me = actors.iter().find(|a| a.user_id == waiting).unwrap();
    // Quiet 22:00–08:00 at UTC+1: the reminder due at 04:00 UTC (05:00 local) waits to 07:00 UTC.
    let change = SettingsChange { utc_offset: Some("+1".into()), quiet_hours: Some("22-8".into()), ..SettingsChange::default() };
    let shown = service.settings(me, change, None).await.unwrap();
    all_posted(&service).await;
    assert!(shown.text.contains("22:00–08:00 (UTC+1)"), "{}", shown.text);
    clock.advance(8 * HOUR);
    assert!(service.run_due().await.unwrap().is_empty(), "quiet hours: no ping at 05:00 local");
    clock.advance(3 * HOUR - MINUTE);
    assert!(service.run_due().await.unwrap().is_empty(), "still quiet at 07:59 local");
    clock.advance(MINUTE);
    let replies = service.run_due().await.unwrap();
    assert_eq!(replies.len(), 1, "at the end of the quiet hours");
    assert_eq!(replies[0].mention, Some(waiting));
    // The player moves on; the next player turned reminders off.
    let other = actors.iter().find(|a| a.user_id != waiting).unwrap();
    service.settings(other, SettingsChange { reminders: Some(false), ..SettingsChange::default() }, None).await.unwrap();
    while waiting_for(&service).await.2 == Some(waiting) {
        play_one(&service, me).await;
    }
    all_posted(&service).await;
    clock.advance(100 * HOUR);
    assert!(service.run_due().await.unwrap().is_empty(), "reminders off: none");
}

/// When the time runs out, the computer takes the turn for the absent player, exactly once, and
/// says so in a new message that pings the next player; the log records the computer.
async fn a_deadline_lets_the_computer_take_the_turn_once(db) {
    let clock = ManualClock::at(1_800_000_000_000);
    let service = open(&db, &clock).await;
    started(&service, 2, &[], options(5, HOUR, OnTimeout::PlayTurn)).await;
    let (game, _, absent) = waiting_for(&service).await;
    let absent = absent.unwrap();
    clock.advance(HOUR);
    let replies = service.run_due().await.unwrap();
    // The reminders of the hour came before, if due; here all came at once: one turn message.
    let turns: Vec<&Reply> = replies.iter().filter(|r| r.text.contains("time ran out")).collect();
    assert_eq!(turns.len(), 1, "{replies:?}");
    assert!(replies.iter().all(|r| !r.text.starts_with("⏰")), "no reminder once the time is up");
    let (after, _, next) = waiting_for(&service).await;
    assert!(after.turn() > game.turn(), "the turn was played");
    assert_ne!(next, Some(absent));
    assert!(turns[0].delivery.is_new_message() && turns[0].mention == next, "the next player is pinged");
    assert!(turns[0].text.contains("the computer plays for them this time"), "{}", turns[0].text);
    assert!(turns[0].text.contains("⏳ Time limit: <t:"), "the next deadline: {}", turns[0].text);
    let logged = log(&service).await;
    assert!(!logged.is_empty() && logged.iter().all(|a| a.user_id == COMPUTER_USER), "the computer's steps are its own");
    let len = logged.len();
    assert!(service.run_due().await.unwrap().is_empty(), "nothing else is due");
    assert_eq!(log(&service).await.len(), len, "exactly once");
    // The absent player is still seated and plays their next turn themselves.
    let mut conn = service.store().pool().acquire().await.unwrap();
    let id = store::latest_game_in_channel(&mut conn, PLACE.channel_id).await.unwrap().unwrap().id;
    let seats = store::seats(&mut conn, id).await.unwrap();
    assert!(seats.iter().all(|s| s.computer.is_none()));
}

/// With "replace", the player whose time runs out gives their seat to a computer player for the
/// rest of the game; their turns are the computer's from then on.
async fn a_deadline_can_replace_the_player(db) {
    let clock = ManualClock::at(1_800_000_000_000);
    let service = open(&db, &clock).await;
    let actors = started(&service, 3, &[], options(6, HOUR, OnTimeout::Replace)).await;
    let absent = waiting_for(&service).await.2.unwrap();
    clock.advance(2 * HOUR);
    let replies = service.run_due().await.unwrap();
    assert!(replies.iter().any(|r| r.text.contains("a computer player takes their seat for the rest of the game")), "{replies:?}");
    let gone = actors.iter().find(|a| a.user_id == absent).unwrap();
    // Until their seat comes round again, the others play; then the computer does.
    for _ in 0..20 {
        let (_, _, w) = waiting_for(&service).await;
        assert_ne!(w, Some(absent), "the computer plays that seat as soon as it is its turn");
        let Some(w) = w else { break };
        let actor = actors.iter().find(|a| a.user_id == w).unwrap();
        play_one(&service, actor).await;
        all_posted(&service).await;
        service.run_due().await.unwrap();
    }
    assert!(log(&service).await.iter().filter(|a| a.user_id == COMPUTER_USER).count() >= 2, "it played the seat again");
    let (game, _, _) = waiting_for(&service).await;
    let refused = service.act(PLACE, gone, Bot::new(Strategy::Greedy, 1).choose(&game).unwrap()).await;
    user_error(refused, "");
}

/// A bot that was down when a deadline passed handles it once when it is back, however long it
/// was down: not once per missed interval, and not again after another restart. An item a
/// process claimed and then died holding is taken up by its restart.
async fn a_deadline_missed_while_down_runs_once_after_a_restart(db) {
    let clock = ManualClock::at(1_800_000_000_000);
    {
        let service = open(&db, &clock).await;
        started(&service, 2, &[], options(8, HOUR, OnTimeout::PlayTurn)).await;
        service.store().close().await;
    }
    // Down for three days; then a process claims what is due and dies before handling it.
    clock.advance(72 * HOUR);
    {
        let service = open(&db, &clock).await;
        let mut conn = service.store().pool().acquire().await.unwrap();
        let claimed = store::claim_due(&mut conn, clock_ms(&clock), clock_ms(&clock) + 15_000, "main", 8).await.unwrap();
        assert!(!claimed.is_empty());
        drop(conn);
        service.store().close().await;
    }
    let service = open(&db, &clock).await;
    assert!(service.run_due().await.unwrap().is_empty(), "held by the process that died, until it is back");
    service.release_own_due().await.unwrap();
    let before = log(&service).await.len();
    let replies = service.run_due().await.unwrap();
    let turns = replies.iter().filter(|r| r.text.contains("time ran out")).count();
    assert_eq!(turns, 1, "one turn for the one deadline: {replies:?}");
    assert!(replies.iter().all(|r| !r.text.starts_with("⏰")), "no stale reminders after the fact");
    assert!(log(&service).await.len() > before);
    let after = log(&service).await.len();
    service.store().close().await;
    let service = open(&db, &clock).await;
    service.release_own_due().await.unwrap();
    assert!(service.run_due().await.unwrap().is_empty(), "not again after another restart");
    assert_eq!(log(&service).await.len(), after);
}

/// The player acts at the very instant their time runs out: exactly one of the two places the
/// tile, and the game stays whole. Run over several games so both orders happen.
async fn the_player_and_the_deadline_race_and_one_of_them_applies(db) {
    let clock = ManualClock::at(1_800_000_000_000);
    let service = std::sync::Arc::new(open(&db, &clock).await);
    let mut player_won = 0;
    let mut computer_won = 0;
    for seed in 0..8u64 {
        let actors = started(&service, 2, &[], options(100 + seed, HOUR, OnTimeout::PlayTurn)).await;
        let (game, version, w) = waiting_for(&service).await;
        let actor = actors.iter().find(|a| Some(a.user_id) == w).unwrap().clone();
        let action = Bot::new(Strategy::Greedy, seed).choose(&game).unwrap();
        clock.advance(HOUR);
        let (s1, s2) = (std::sync::Arc::clone(&service), std::sync::Arc::clone(&service));
        let a = actor.clone();
        let (clicked, due) = tokio::join!(
            tokio::spawn(async move { s1.click(PLACE, &a, &southseas::service::ComponentId::button(
                service_game(&s1).await, version, Code::Act(action)), None).await }),
            tokio::spawn(async move { s2.run_due().await })
        );
        let clicked = clicked.unwrap();
        let due = due.unwrap().unwrap();
        let placements = log(&service).await.iter().filter(|a| a.action.contains("place ")).count();
        assert_eq!(placements, 1, "one tile placed for the first turn, by one of them");
        match clicked {
            Ok(_) => player_won += 1,
            Err(ServiceError::User(m)) => {
                assert!(m.contains("out of date") || m.contains("not your turn"), "{m}");
                assert!(due.iter().any(|r| r.text.contains("time ran out")));
                computer_won += 1;
            }
            Err(e) => panic!("{e}"),
        }
        // Let whatever is left of the turn finish, then close this game for the next.
        service.run_due().await.unwrap();
        service.abandon(PLACE, &actors[0]).await.unwrap();
    }
    assert_eq!(player_won + computer_won, 8);
}

/// One person against four computer players, to the end: the computers' turns between the
/// person's come as one message that pings the person once.
async fn one_person_against_four_computers_plays_to_the_end(db) {
    let clock = ManualClock::at(1_800_000_000_000);
    let service = open(&db, &clock).await;
    let me = player(0);
    service.create(PLACE, &me, options(9, 24 * HOUR, OnTimeout::PlayTurn)).await.unwrap();
    for strength in [Strength::Easy, Strength::Medium, Strength::Easy, Strength::Medium] {
        let lobby = service.add_computer(PLACE, &me, strength).await.unwrap();
        assert!(lobby.text.contains(&format!("({strength})")), "{}", lobby.text);
    }
    user_error(service.add_computer(PLACE, &me, Strength::Easy).await, "full");
    user_error(service.join(PLACE, &player(1)).await, "full");
    let start = service.start(PLACE, &me).await.unwrap();
    assert!(start.text.contains("🤖"), "{}", start.text);
    let mut computer_messages = 0;
    let mut my_steps = 0;
    for _ in 0..2000 {
        let (game, _, w) = waiting_for(&service).await;
        if game.is_over() {
            break;
        }
        if w == Some(me.user_id) {
            play_one(&service, &me).await;
            my_steps += 1;
            continue;
        }
        assert!(w.is_some_and(is_computer_id), "a computer's turn");
        if computer_messages == 0 {
            assert!(service.run_due().await.unwrap().is_empty(), "the computer waits for the message that hands it the turn");
        }
        all_posted(&service).await;
        let replies = service.run_due().await.unwrap();
        assert_eq!(replies.len(), 1, "the computers' turns share one message");
        let r = &replies[0];
        computer_messages += 1;
        let (after, _, w) = waiting_for(&service).await;
        if after.is_over() {
            assert_eq!(r.more_mentions, vec![me.user_id], "the end pings the person, not the computers");
        } else {
            assert_eq!(w, Some(me.user_id), "the computers play until the person's turn");
            assert_eq!(r.mention, Some(me.user_id), "then ping the person once");
            assert!(r.delivery.is_new_message());
        }
    }
    let (game, _, _) = waiting_for(&service).await;
    assert!(game.is_over(), "played to the end");
    assert!(my_steps > 10 && computer_messages > 10, "{my_steps} steps, {computer_messages} computer messages");
    let logged = log(&service).await;
    assert!(logged.iter().any(|a| is_computer_id(a.user_id)), "computer seats log under their own ids");
}

/// A typed step that hands the turn to the computer is no message of its own (there is no
/// tapped message to show it in): the computers' run tells it in its one message, which pings
/// the person. The step's post waits for the run, never swept meanwhile; a process that dies
/// before the run leaves it to the run after the restart; a pause before the run tells it.
async fn a_typed_hand_over_is_told_by_the_computers_run_in_one_message(db) {
    let clock = ManualClock::at(1_800_000_000_000);
    let service = open(&db, &clock).await;
    let me = started(&service, 1, &[Strength::Easy, Strength::Medium], options(12, 24 * HOUR, OnTimeout::PlayTurn)).await.remove(0);
    for round in 0..2 {
        // The computers' turns first, posted, until the person's turn.
        for _ in 0..10 {
            if waiting_for(&service).await.2 == Some(me.user_id) {
                break;
            }
            all_posted(&service).await;
            service.run_due().await.unwrap();
        }
        all_posted(&service).await;
        assert_eq!(waiting_for(&service).await.2, Some(me.user_id), "the person's turn");
        // The person types their steps; the last one hands the turn over.
        let handed = typed_until_handed_over(&service, &me).await;
        let lines = handed.carried().map(<[String]>::to_vec).expect("the run will tell the hand-over");
        assert!(!lines.is_empty() && lines.iter().all(|l| handed.text.contains(l.as_str())), "{lines:?} / {}", handed.text);
        assert!(!handed.delivery.is_new_message(), "{handed:?}");
        assert!(service.due_posts().await.unwrap().is_empty(), "the run's to tell, not the sweeper's");
        let restarted;
        let service = if round == 1 {
            // Killed before the run: the restart releases what the process held, and the run
            // still tells the step.
            service.store().close().await;
            restarted = open(&db, &clock).await;
            restarted.release_own_claims().await.unwrap();
            restarted.release_own_due().await.unwrap();
            assert!(restarted.due_posts().await.unwrap().is_empty(), "the step's post still waits for the run");
            &restarted
        } else {
            &service
        };
        let runs = service.run_due().await.unwrap();
        assert_eq!(runs.len(), 1, "one message for the step and the computers' run: {runs:#?}");
        let run = &runs[0];
        assert!(run.text.contains(&lines.join("\n")), "the step opens the run's story: {lines:?} / {}", run.text);
        let (game, _, w) = waiting_for(service).await;
        if !game.is_over() {
            assert_eq!(w, Some(me.user_id), "the computers played on to the person");
            assert_eq!((run.mention, run.delivery.is_new_message()), (Some(me.user_id), true), "the run pings the person: {}", run.text);
            let prompt = run.text.lines().next().unwrap_or_default();
            assert!(prompt.contains(&format!("<@{}>", me.user_id)), "the ping leads: {}", run.text);
        }
        assert!(run.carried().is_none());
        let mut conn = service.store().pool().acquire().await.unwrap();
        assert_eq!(store::pending_posts(&mut conn).await.unwrap(), 1, "only the run's own message is owed");
        drop(conn);
        all_posted(service).await;
    }
    // A moderator pauses the game between a typed hand-over and the computers' run: the pause's
    // message tells the step first; nothing is dropped.
    let service = open(&db, &clock).await;
    let handed = typed_until_handed_over(&service, &me).await;
    let moderator = player(9).moderating(true);
    let paused = service.pause(PLACE, &moderator).await.expect("a moderator pauses");
    let lines = handed.carried().map(<[String]>::to_vec).expect("carried");
    assert!(paused.text.starts_with(&lines.join("\n")), "{lines:?} / {}", paused.text);
    assert!(paused.text.contains("paused"), "{}", paused.text);
    assert!(service.run_due().await.unwrap().is_empty(), "no computer moves while paused");
    let mut conn = service.store().pool().acquire().await.unwrap();
    assert_eq!(store::pending_posts(&mut conn).await.unwrap(), 1, "the pause's message alone is owed");
}

/// A typed hand-over to a player away (the computer plays for them) waits for the computer's
/// run; when they are back first, the run will not come, and the step's own message goes out
/// at once, as it is.
async fn a_typed_hand_over_to_someone_away_who_is_back_first_is_posted_as_it_is(db) {
    let clock = ManualClock::at(1_800_000_000_000);
    let service = open(&db, &clock).await;
    let actors = started(&service, 2, &[], options(13, 24 * HOUR, OnTimeout::PlayTurn)).await;
    all_posted(&service).await;
    let w = waiting_for(&service).await.2.expect("someone's turn");
    let (mover, other) = if w == actors[0].user_id { (&actors[0], &actors[1]) } else { (&actors[1], &actors[0]) };
    service.away(PLACE, other, None).await.expect("away");
    all_posted(&service).await;
    let handed = typed_until_handed_over(&service, mover).await;
    let lines = handed.carried().map(<[String]>::to_vec).expect("the computer plays for the player away: its run would tell it");
    service.back(PLACE, other).await.expect("back");
    let owed = service.due_posts().await.unwrap();
    assert_eq!(owed.len(), 1, "the step's own message, at once: {owed:#?}");
    assert_eq!(owed[0].delivery, Delivery::InPlace, "posted as it is");
    assert!(owed[0].text.contains(&lines.join("\n")), "{}", owed[0].text);
    assert!(service.run_due().await.unwrap().is_empty(), "no computer plays for someone back");
    assert_eq!(waiting_for(&service).await.2, Some(other.user_id));
}

/// A typed hand-over whose post was held for the computers' run the old way (the holder's name
/// began `carried:`, before migration 0013 made it a column) is still the run's once the bot
/// migrates: a restart does not free it for the sweeper, and the run opens its one message with
/// the step's lines.
async fn a_hand_over_held_before_the_outbox_had_a_column_for_it_is_still_told_by_the_run(db) {
    let clock = ManualClock::at(1_800_000_000_000);
    let service = open(&db, &clock).await;
    let me = started(&service, 1, &[Strength::Easy], options(14, 24 * HOUR, OnTimeout::PlayTurn)).await.remove(0);
    for _ in 0..10 {
        if waiting_for(&service).await.2 == Some(me.user_id) {
            break;
        }
        all_posted(&service).await;
        service.run_due().await.unwrap();
    }
    all_posted(&service).await;
    let handed = typed_until_handed_over(&service, &me).await;
    let lines = handed.carried().map(<[String]>::to_vec).expect("the run will tell the hand-over");
    // The outbox as the bot before migration 0013 left it: the hold in the holder's name.
    let mut conn = service.store().pool().acquire().await.unwrap();
    for before in [
        "UPDATE outbox SET claimed_by = 'carried:' || claimed_by WHERE held_for_run = 1",
        "ALTER TABLE outbox DROP COLUMN held_for_run",
        "DELETE FROM _sqlx_migrations WHERE version = 13",
    ] {
        sqlx::query(before).execute(&mut *conn).await.unwrap();
    }
    let holder: String = sqlx::query_scalar("SELECT claimed_by FROM outbox WHERE recipient = 0").fetch_one(&mut *conn).await.unwrap();
    assert_eq!(holder, "carried:main", "an old-style row");
    drop(conn);
    service.store().close().await;
    // Killed, and started again by the new bot: the migration reads the hold into its column.
    let service = open(&db, &clock).await;
    service.release_own_claims().await.unwrap();
    service.release_own_due().await.unwrap();
    let mut conn = service.store().pool().acquire().await.unwrap();
    let row: (String, i64) =
        sqlx::query_as("SELECT claimed_by, held_for_run FROM outbox WHERE recipient = 0").fetch_one(&mut *conn).await.unwrap();
    assert_eq!(row, ("main".to_string(), 1), "held, by the process that made the step");
    drop(conn);
    assert!(service.due_posts().await.unwrap().is_empty(), "the step's post still waits for the run");
    let runs = service.run_due().await.unwrap();
    assert_eq!(runs.len(), 1, "one message for the step and the computers' run: {runs:#?}");
    assert!(runs[0].text.contains(&lines.join("\n")), "the step opens the run's story: {lines:?} / {}", runs[0].text);
    let mut conn = service.store().pool().acquire().await.unwrap();
    assert_eq!(store::pending_posts(&mut conn).await.unwrap(), 1, "only the run's own message is owed");
}

/// `/away` hands the player's turns to the computer until `/back`; a player away who plays is
/// back too; an away with a time ends by itself.
async fn away_and_back(db) {
    let clock = ManualClock::at(1_800_000_000_000);
    let service = open(&db, &clock).await;
    let actors = started(&service, 2, &[], options(10, 24 * HOUR, OnTimeout::PlayTurn)).await;
    let w = waiting_for(&service).await.2.unwrap();
    let (me, other) = if actors[0].user_id == w { (&actors[0], &actors[1]) } else { (&actors[1], &actors[0]) };
    let away = service.away(PLACE, me, None).await.unwrap();
    assert!(away.text.contains("is away until they are back") && away.text.contains("starting with this one"), "{}", away.text);
    assert!(away.mention.is_none(), "a notice pings nobody");
    user_error(service.away(PLACE, &player(9), None).await, "not playing");
    all_posted(&service).await;
    let replies = service.run_due().await.unwrap();
    assert_eq!(replies.len(), 1);
    assert_eq!(replies[0].mention, Some(other.user_id), "after the computer's turn for me, the other player");
    // The other plays their turn; mine comes round and the computer plays it again, at once.
    while waiting_for(&service).await.2 == Some(other.user_id) {
        play_one(&service, other).await;
    }
    all_posted(&service).await;
    let replies = service.run_due().await.unwrap();
    assert_eq!(replies.len(), 1, "the computer plays my turn as soon as it is mine");
    let back = service.back(PLACE, me).await.unwrap();
    assert!(back.text.contains("is back"), "{}", back.text);
    user_error(service.back(PLACE, me).await, "not away");
    while waiting_for(&service).await.2 == Some(other.user_id) {
        play_one(&service, other).await;
    }
    assert_eq!(waiting_for(&service).await.2, Some(me.user_id));
    all_posted(&service).await;
    assert!(service.run_due().await.unwrap().is_empty(), "back: my turn waits for me");
    // Away for 2 hours: over by the time my next turn comes after 3 hours.
    play_until_not(&service, me).await;
    service.away(PLACE, me, Some(2 * HOUR)).await.unwrap();
    clock.advance(3 * HOUR);
    play_until_not(&service, other).await;
    assert_eq!(waiting_for(&service).await.2, Some(me.user_id));
    all_posted(&service).await;
    assert!(service.run_due().await.unwrap().iter().all(|r| !r.text.contains("🤖")), "my away ended: I play");
    // Away, then playing on my own: back at once.
    service.away(PLACE, me, None).await.unwrap();
    let step = play_one(&service, me).await;
    assert!(step.text.contains("is back"), "{}", step.text);
}

/// Away at a table of computers: nobody else is held up, so the game waits for the person
/// rather than letting the computer play the whole game for them.
async fn away_among_computers_the_game_waits(db) {
    let clock = ManualClock::at(1_800_000_000_000);
    let service = open(&db, &clock).await;
    let actors = started(&service, 1, &[Strength::Easy], options(12, 24 * HOUR, OnTimeout::PlayTurn)).await;
    let me = &actors[0];
    // Let the computer move first if it starts.
    service.run_due().await.unwrap();
    assert_eq!(waiting_for(&service).await.2, Some(me.user_id));
    let away = service.away(PLACE, me, None).await.unwrap();
    assert!(away.text.contains("the game waits for them"), "{}", away.text);
    assert!(service.run_due().await.unwrap().is_empty(), "the computer does not play for me");
    assert_eq!(waiting_for(&service).await.2, Some(me.user_id));
    let turn = play_one(&service, me).await;
    assert!(turn.text.contains("is back"), "{}", turn.text);
}

/// `/replace`: a player hands their seat to someone new at once; a gone player's seat goes to
/// someone new by a majority of the others. `/kick`: a majority hands it to the computer. A vote
/// over someone's seat opens once they have kept the game waiting for half their turn time.
async fn replace_and_kick(db) {
    let clock = ManualClock::at(1_800_000_000_000);
    let service = open(&db, &clock).await;
    let actors = started(&service, 3, &[], options(11, 24 * HOUR, OnTimeout::PlayTurn)).await;
    let a = &actors[0];
    let (d, e) = (player(3), player(4));
    // A hands their seat to D: D plays it from now on; A no longer does.
    let handed = service.replace(PLACE, a, a.user_id, &d).await.unwrap();
    assert_eq!(handed.mention, Some(d.user_id), "the newcomer is pinged");
    assert!(handed.text.contains("handed their seat to Player3"), "{}", handed.text);
    let seated: Vec<&Actor> = vec![&d, &actors[1], &actors[2]];
    // Whoever the game waits for is "gone"; the other two vote.
    let gone = waiting_for(&service).await.2.expect("someone is to act");
    let gone = *seated.iter().find(|p| p.user_id == gone).unwrap();
    let voters: Vec<&Actor> = seated.iter().copied().filter(|p| p.user_id != gone.user_id).collect();
    let (b, c) = (voters[0], voters[1]);
    user_error(service.replace(PLACE, b, gone.user_id, b).await, "not already playing");
    clock.advance(12 * HOUR);
    // B votes to give the gone player's seat to E; it needs C's vote too (2 of the 2 others).
    let vote = service.replace(PLACE, b, gone.user_id, &e).await.unwrap();
    assert!(vote.text.contains("1 of 2 votes"), "{}", vote.text);
    user_error(service.replace(PLACE, &e, gone.user_id, &e).await, "Only the other players");
    let done = service.replace(PLACE, c, gone.user_id, &e).await.unwrap();
    assert!(done.text.contains("By vote") && done.mention == Some(e.user_id), "{}", done.text);
    // Everyone seated now can play; A and the gone player cannot.
    let (game, _, w) = waiting_for(&service).await;
    assert_eq!(w, Some(e.user_id), "E has the seat the game waits for");
    user_error(service.act(PLACE, a, Bot::new(Strategy::Greedy, 1).choose(&game).unwrap()).await, "not playing");
    user_error(service.act(PLACE, gone, Bot::new(Strategy::Greedy, 1).choose(&game).unwrap()).await, "not playing");
    // E's wait began when they sat down: a vote to kick them opens 12 hours on.
    user_error(service.kick(PLACE, b, e.user_id).await, "too early");
    clock.advance(12 * HOUR);
    // Kick E by the votes of B and C: a computer plays the seat.
    assert!(service.kick(PLACE, b, e.user_id).await.unwrap().text.contains("1 of 2"));
    user_error(service.kick(PLACE, &e, e.user_id).await, "/away");
    let kicked = service.kick(PLACE, c, e.user_id).await.unwrap();
    assert!(kicked.text.contains("a computer player (medium) takes"), "{}", kicked.text);
    user_error(service.kick(PLACE, b, e.user_id).await, "already");
    let mut conn = service.store().pool().acquire().await.unwrap();
    let id = store::latest_game_in_channel(&mut conn, PLACE.channel_id).await.unwrap().unwrap().id;
    let seats = store::seats(&mut conn, id).await.unwrap();
    assert_eq!(seats.iter().find(|s| s.user_id == e.user_id).unwrap().computer, Some(Strength::Medium));
    assert!(seats.iter().all(|s| s.user_id != a.user_id && s.user_id != gone.user_id));
}
}

fn clock_ms(clock: &ManualClock) -> i64 {
    use southseas::service::clock::Clock;
    clock.now_ms()
}

async fn service_game(service: &Service) -> i64 {
    service.status(PLACE, southseas::i18n::Locale::En).await.unwrap().game.unwrap().0
}

/// Types `actor`'s steps (each posted) until one hands the turn on; returns that one's reply,
/// not posted. A step within the turn is told at once, never left for the computer's run.
async fn typed_until_handed_over(service: &Service, actor: &Actor) -> Reply {
    loop {
        let reply = play_one(service, actor).await;
        if waiting_for(service).await.2 != Some(actor.user_id) {
            return reply;
        }
        assert!(reply.carried().is_none(), "a step within the turn is told at once: {reply:?}");
        all_posted(service).await;
    }
}

/// Plays `actor`'s steps until the game waits for someone else.
async fn play_until_not(service: &Service, actor: &Actor) {
    while waiting_for(service).await.2 == Some(actor.user_id) {
        play_one(service, actor).await;
    }
}
