//! Moderators and housekeeping, through the service with a clock the tests move by hand, on
//! SQLite and PostgreSQL: the opener's `/abandon` and a moderator's end confirmed by a tap, a
//! stale lobby cleared by a moderator or closing by itself, a paused game that plays, reminds
//! and times nothing (across a restart) until it resumes with fresh turn time, and votes over a
//! seat that open only after half the person's turn time.

use super::lifecycle::started;
use crate::support::{PLACE, TempDb, on_both_databases, player};
use southseas::games::Strength;
use southseas::games::southseas::{GameOptions, SouthSeas};
use southseas::i18n::Locale;
use southseas::service::clock::{Clock, ManualClock};
use southseas::service::{Actor, Delivery, LOBBY_IDLE, Reply, Service, ServiceError, Style, vote_delay_ms};
use southseas::store::{self, DueKind, OnTimeout, Status, Store};
use southseas_engine::{Bot, Strategy};
use std::time::Duration;

const HOUR: Duration = Duration::from_secs(3600);
const MINUTE: Duration = Duration::from_secs(60);
const T0: i64 = 1_800_000_000_000;

async fn open(db: &TempDb, clock: &ManualClock) -> Service {
    Service::new(Store::open(&db.url()).await.expect("database opens"), None).with_clock(clock.clone())
}

fn options(seed: u64, limit: Duration) -> GameOptions {
    GameOptions { seed: Some(seed), turn_limit_secs: limit.as_secs() as i64, on_timeout: OnTimeout::PlayTurn, ..GameOptions::default() }
}

/// Someone who moderates the server (Manage Channels or Manage Messages) but plays no game.
fn moderator() -> Actor {
    Actor::new(777, "Mod").moderating(true)
}

/// The channel's newest game: its record.
async fn record(service: &Service) -> store::GameRecord {
    let mut conn = service.store().pool().acquire().await.expect("connection");
    store::latest_game_in_channel(&mut conn, PLACE.channel_id).await.expect("read").expect("a game")
}

async fn due(service: &Service) -> Vec<store::Due> {
    let id = record(service).await.id;
    let mut conn = service.store().pool().acquire().await.expect("connection");
    store::due_items(&mut conn, id).await.expect("due items")
}

async fn log_len(service: &Service) -> usize {
    let id = record(service).await.id;
    let mut conn = service.store().pool().acquire().await.expect("connection");
    store::actions(&mut conn, id).await.expect("log").len()
}

/// Who the game waits for (a user id), if anyone.
async fn waiting(service: &Service) -> Option<u64> {
    let (game, _, _, _) = service.snapshot::<SouthSeas>(PLACE, 0).await.expect("snapshot");
    let seat = game.to_act()?;
    let id = record(service).await.id;
    let mut conn = service.store().pool().acquire().await.expect("connection");
    store::seats(&mut conn, id).await.expect("seats").into_iter().find(|s| s.seat == Some(seat)).map(|s| s.user_id)
}

/// Every message owed so far was posted (the bot's delivery, left out here).
async fn all_posted(service: &Service) {
    let owed: Vec<(i64, i64)> =
        sqlx::query_as("SELECT game_id, version FROM outbox").fetch_all(service.store().pool()).await.expect("outbox");
    for (game, version) in owed {
        service.delivered(game, version, None, None).await.expect("delivered");
    }
}

fn refused(result: Result<Reply, ServiceError>, contains: &str) -> String {
    match result {
        Err(ServiceError::User(m)) => {
            assert!(m.contains(contains), "`{m}` should contain `{contains}`");
            m
        }
        Err(ServiceError::Internal(e)) => panic!("internal error: {e:#}"),
        Ok(r) => panic!("accepted, but should be refused ({contains}): {}", r.text),
    }
}

/// The question's two buttons: (end it, keep playing).
fn confirm_buttons(reply: &Reply) -> (String, String) {
    assert!(reply.delivery == Delivery::Ephemeral, "asked privately: {reply:?}");
    assert_eq!(reply.buttons.len(), 1, "{reply:?}");
    let row = &reply.buttons[0];
    assert_eq!((row[0].style, row[1].style), (Style::Danger, Style::Secondary), "{row:?}");
    (row[0].id.clone(), row[1].id.clone())
}

on_both_databases! {
/// The opener's `/abandon` asks first, privately, and changes nothing; "Keep playing" keeps the
/// game; only a tap on "End it" by the opener ends it, and a tap after that is answered
/// privately (the game is over). Another player's `/abandon` is a vote, as before.
async fn the_openers_abandon_asks_for_a_confirmation_tap(db) {
    let clock = ManualClock::at(T0);
    let service = open(&db, &clock).await;
    let actors = started(&service, 3, &[], options(5, 24 * HOUR)).await;
    let before = record(&service).await;
    let asked = service.ask_abandon(PLACE, &actors[0]).await.expect("asked");
    assert!(asked.text.contains("End this game") && asked.text.contains("Player1"), "{}", asked.text);
    assert!(!asked.delivery.is_new_message() && asked.mention.is_none(), "a private question pings nobody");
    let (end, keep) = confirm_buttons(&asked);
    assert_eq!(record(&service).await, before, "asking changes nothing");
    let kept = service.click(PLACE, &actors[0], &keep, None).await.expect("kept");
    assert!(kept.delivery == Delivery::Ephemeral && kept.buttons.is_empty() && kept.text.contains("goes on"), "{kept:?}");
    assert_eq!(record(&service).await.status, Status::Active);
    // Another player taps the opener's question (they cannot see it; a forged tap): refused.
    refused(service.click(PLACE, &actors[1], &end, None).await, "Only the player who opened");
    assert_eq!(record(&service).await.status, Status::Active);
    // Another player's `/abandon` is still a vote, in the channel.
    let vote = service.ask_abandon(PLACE, &actors[1]).await.expect("a vote");
    assert!(vote.delivery.is_new_message() && vote.text.contains("1 of 2"), "{}", vote.text);
    let ended = service.click(PLACE, &actors[0], &end, None).await.expect("ended");
    assert!(ended.delivery.is_new_message() && ended.text.contains("abandoned"), "{}", ended.text);
    assert_eq!(record(&service).await.status, Status::Abandoned);
    assert!(due(&service).await.is_empty(), "nothing left to do");
    // A second tap on the same question: the game is over, said privately.
    refused(service.click(PLACE, &actors[0], &end, None).await, "over or closed");
}

/// A moderator who plays no game ends a running game (after the tap) and clears a lobby nobody
/// starts; the players read that a moderator did it. Someone who is neither the opener nor a
/// moderator, nor seated, can't; a player who is a moderator ends it at once instead of voting.
async fn a_moderator_ends_any_game_and_clears_a_stale_lobby(db) {
    let clock = ManualClock::at(T0);
    let service = open(&db, &clock).await;
    let stranger = player(50);
    service.create(PLACE, &player(0), options(6, 24 * HOUR)).await.unwrap();
    refused(service.ask_abandon(PLACE, &stranger).await, "Only the players");
    let asked = service.ask_abandon(PLACE, &moderator()).await.expect("asked");
    assert!(asked.text.contains("Close this lobby"), "{}", asked.text);
    let (end, _) = confirm_buttons(&asked);
    let closed = service.click(PLACE, &moderator(), &end, None).await.expect("closed");
    assert!(closed.text.contains("a moderator") && closed.delivery.is_new_message(), "{}", closed.text);
    assert_eq!(record(&service).await.status, Status::Abandoned);
    let status = service.status(PLACE, Locale::En).await.expect("status");
    assert!(status.text.contains("was abandoned"), "{}", status.text);
    refused(service.board(PLACE, Locale::En).await, "was abandoned");
    // The channel is free: a running game, ended by a moderator.
    let actors = started(&service, 3, &[], options(7, 24 * HOUR)).await;
    refused(service.ask_abandon(PLACE, &stranger).await, "Only the players");
    let (end, _) = confirm_buttons(&service.ask_abandon(PLACE, &moderator()).await.unwrap());
    assert_eq!(record(&service).await.status, Status::Active, "asking changes nothing");
    // A moderator who also plays (not the opener) is asked too, not counted as a vote.
    let playing_moderator = actors[2].clone().moderating(true);
    confirm_buttons(&service.ask_abandon(PLACE, &playing_moderator).await.unwrap());
    let ended = service.click(PLACE, &moderator(), &end, None).await.expect("ended");
    assert!(ended.text.contains("abandoned by Mod, a moderator"), "{}", ended.text);
    assert_eq!(record(&service).await.status, Status::Abandoned);
    // One truth for every reader: nobody is asked to act, in any language, and the last turn
    // message's buttons retire saying the game ended there.
    for (reader, abandoned) in [(Locale::En, "was abandoned"), (Locale::Fr, "a été abandonnée")] {
        let status = service.status(PLACE, reader).await.expect("status");
        let board = service.board(PLACE, reader).await.expect("the board as it was left");
        for said in [&status.text, &board.text] {
            assert!(said.contains(abandoned) && !said.contains("➡️") && !said.contains("turn"), "{said}");
        }
    }
    let note = service.retired_note(record(&service).await.id).await.expect("note");
    assert!(note.contains("abandoned") && !note.contains("newer message"), "{note}");
    refused(service.act(PLACE, &actors[0], southseas_engine::Action::EndTurn).await, "no game");
}

/// A lobby nobody touches for 3 days closes by itself, through the scheduler, once, with a
/// notice that says how to open another; every change of the lobby gives it 3 days more; a
/// started game never closes so.
async fn a_lobby_nobody_touches_for_three_days_closes_by_itself(db) {
    let clock = ManualClock::at(T0);
    let service = open(&db, &clock).await;
    let (ana, bo) = (player(0), player(1));
    service.create(PLACE, &ana, options(8, 24 * HOUR)).await.unwrap();
    let items = due(&service).await;
    assert_eq!(items.len(), 1, "{items:?}");
    assert_eq!((items[0].kind, items[0].due_at), (DueKind::Lobby, T0 + LOBBY_IDLE.as_millis() as i64));
    clock.advance(LOBBY_IDLE - MINUTE);
    assert!(service.run_due().await.unwrap().is_empty(), "not before 3 days");
    service.join(PLACE, &bo).await.unwrap();
    clock.advance(LOBBY_IDLE - MINUTE);
    assert!(service.run_due().await.unwrap().is_empty(), "a join gives it 3 days more");
    clock.advance(2 * MINUTE);
    let notices = service.run_due().await.unwrap();
    assert_eq!(notices.len(), 1, "{notices:?}");
    let notice = &notices[0];
    assert!(notice.delivery.is_new_message() && notice.channel == Some(PLACE.channel_id), "{notice:?}");
    assert!(notice.text.contains("closed by itself") && notice.text.contains("3 days") && notice.text.contains("`/new`"), "{}", notice.text);
    assert_eq!(record(&service).await.status, Status::Abandoned);
    assert!(service.run_due().await.unwrap().is_empty(), "once");
    // The channel is free; a game that starts has no lobby item left.
    started(&service, 2, &[], options(9, Duration::ZERO)).await;
    assert!(due(&service).await.iter().all(|d| d.kind != DueKind::Lobby), "{:?}", due(&service).await);
    clock.advance(4 * LOBBY_IDLE);
    service.run_due().await.unwrap();
    assert_eq!(record(&service).await.status, Status::Active, "a running game never closes by itself");
}

/// A paused game refuses every step with who paused it and how to go on, has no reminder,
/// deadline or computer move (not even across a restart), and resumes with the turn message
/// pinging the player, whose time starts afresh. Only its opener or a moderator pauses and
/// resumes it.
async fn a_paused_game_plays_reminds_and_times_nothing_until_it_resumes(db) {
    let clock = ManualClock::at(T0);
    let service = open(&db, &clock).await;
    let actors = started(&service, 2, &[], options(10, HOUR)).await;
    all_posted(&service).await;
    let turn = waiting(&service).await.expect("someone to act");
    let me = actors.iter().find(|a| a.user_id == turn).unwrap().clone();
    refused(service.pause(PLACE, &actors[1]).await, "Only the player who opened");
    clock.advance(20 * MINUTE);
    let paused = service.pause(PLACE, &moderator()).await.expect("paused");
    assert!(paused.delivery.is_new_message() && paused.text.contains("Mod paused the game") && paused.mention.is_none(), "{}", paused.text);
    assert!(due(&service).await.is_empty(), "no reminder, deadline or computer move while paused");
    refused(service.pause(PLACE, &moderator()).await, "already paused");
    // Every step is refused, saying who paused it and how it goes on; nothing changes.
    let (game, _, _, _) = service.snapshot::<SouthSeas>(PLACE, 0).await.unwrap();
    let step = Bot::new(Strategy::Greedy, 1).choose(&game).unwrap();
    let said = refused(service.act(PLACE, &me, step).await, "paused (by Mod");
    assert!(said.contains("`/resume`"), "{said}");
    refused(service.undo(PLACE, &me, None).await, "paused");
    let old_buttons = record(&service).await.version - 1;
    let old_button = southseas::service::ComponentId::button(record(&service).await.id, old_buttons, southseas::service::Command::Undo);
    refused(service.click(PLACE, &me, &old_button, None).await, "paused");
    assert_eq!(log_len(&service).await, 0);
    let status = service.status(PLACE, southseas::i18n::Locale::En).await.unwrap();
    assert!(status.text.contains("Paused by Mod"), "{}", status.text);
    // Hours pass, the bot restarts: still paused, nothing comes.
    clock.advance(5 * HOUR);
    assert!(service.run_due().await.unwrap().is_empty());
    drop(service);
    let service = open(&db, &clock).await;
    assert!(record(&service).await.paused.is_some(), "the pause is stored");
    assert!(service.run_due().await.unwrap().is_empty(), "nothing due after a restart");
    refused(service.resume(PLACE, &actors[1]).await, "Only the player who opened");
    // The opener resumes: the turn message again, pinging the player, with a full hour.
    let resumed = service.resume(PLACE, &actors[0]).await.expect("resumed");
    let now = clock.now_ms();
    assert!(resumed.delivery.is_new_message() && resumed.mention == Some(turn), "{resumed:?}");
    assert!(resumed.text.contains("resumed the game") && resumed.text.contains(&format!("<t:{}:R>", (now + 3_600_000) / 1000)), "{}", resumed.text);
    assert!(!resumed.buttons.is_empty() || resumed.menu.is_some(), "the step's choices again");
    let items = due(&service).await;
    assert!(items.iter().any(|d| d.kind == DueKind::Deadline && d.user_id == turn && d.since == now && d.due_at == now + 3_600_000), "{items:?}");
    refused(service.resume(PLACE, &actors[0]).await, "isn't paused");
    all_posted(&service).await;
    let (game, _, _, _) = service.snapshot::<SouthSeas>(PLACE, 0).await.unwrap();
    service.act(PLACE, &me, Bot::new(Strategy::Greedy, 1).choose(&game).unwrap()).await.expect("play goes on");
}

/// The computer does not move in a paused game, even when its move was due before the pause;
/// it plays once the game resumes.
async fn the_computer_waits_while_the_game_is_paused(db) {
    let clock = ManualClock::at(T0);
    let service = open(&db, &clock).await;
    let actors = started(&service, 1, &[Strength::Easy], options(11, HOUR)).await;
    all_posted(&service).await;
    // Play until the computer is due.
    while waiting(&service).await == Some(actors[0].user_id) {
        let (game, _, _, _) = service.snapshot::<SouthSeas>(PLACE, 0).await.unwrap();
        service.act(PLACE, &actors[0], Bot::new(Strategy::Greedy, 1).choose(&game).unwrap()).await.unwrap();
    }
    all_posted(&service).await;
    assert!(due(&service).await.iter().any(|d| d.kind == DueKind::Computer), "the computer is due");
    service.pause(PLACE, &actors[0]).await.expect("the opener pauses");
    let logged = log_len(&service).await;
    all_posted(&service).await;
    assert!(service.run_due().await.unwrap().is_empty());
    assert_eq!(log_len(&service).await, logged, "no computer move while paused");
    service.resume(PLACE, &moderator()).await.expect("a moderator resumes");
    all_posted(&service).await;
    assert!(!service.run_due().await.unwrap().is_empty(), "the computer plays once resumed");
    assert!(log_len(&service).await > logged);
}

/// A vote to kick or replace someone opens once they have kept the game waiting for half their
/// turn time (a day without a limit); the refusal says when, as a Discord timestamp. It is
/// refused for someone the game does not wait for, and while the game is paused. Handing over
/// your own seat stays immediate.
async fn votes_over_a_seat_open_after_half_the_turn_time(db) {
    let clock = ManualClock::at(T0);
    let service = open(&db, &clock).await;
    let actors = started(&service, 3, &[], options(12, 4 * HOUR)).await;
    let slow = waiting(&service).await.expect("someone to act");
    let others: Vec<&Actor> = actors.iter().filter(|a| a.user_id != slow).collect();
    let opens = T0 + vote_delay_ms(4 * 3600);
    assert_eq!(opens, T0 + 2 * 3_600_000);
    let said = refused(service.kick(PLACE, others[0], slow).await, "too early");
    assert!(said.contains(&format!("<t:{}:R>", opens / 1000)) && said.contains("half their turn time"), "{said}");
    refused(service.replace(PLACE, others[0], slow, &player(9)).await, "too early");
    refused(service.kick(PLACE, others[0], others[1].user_id).await, "isn't waiting for");
    clock.advance(2 * HOUR - MINUTE);
    refused(service.kick(PLACE, others[0], slow).await, "too early");
    // Paused: no votes; resumed: the wait starts again.
    service.pause(PLACE, &actors[0]).await.unwrap();
    clock.advance(MINUTE);
    refused(service.kick(PLACE, others[0], slow).await, "paused");
    service.resume(PLACE, &actors[0]).await.unwrap();
    refused(service.kick(PLACE, others[0], slow).await, "too early");
    clock.advance(2 * HOUR);
    assert!(service.kick(PLACE, others[0], slow).await.unwrap().text.contains("1 of 2"));
    let kicked = service.kick(PLACE, others[1], slow).await.unwrap();
    assert!(kicked.text.contains("a computer player (medium) takes"), "{}", kicked.text);
    // Your own seat, at once, whoever's turn it is.
    let handed = service.replace(PLACE, others[0], others[0].user_id, &player(8)).await.expect("at once");
    assert_eq!(handed.mention, Some(player(8).user_id));
}

/// Without a turn time limit the vote opens after a day of waiting, even when the player turned
/// reminders off (their wait's start is kept).
async fn without_a_limit_a_vote_opens_after_a_day(db) {
    let clock = ManualClock::at(T0);
    let service = open(&db, &clock).await;
    let actors = started(&service, 3, &[], options(13, Duration::ZERO)).await;
    all_posted(&service).await;
    let slow = waiting(&service).await.unwrap();
    let slow_actor = actors.iter().find(|a| a.user_id == slow).unwrap();
    let change = southseas::service::SettingsChange { reminders: Some(false), ..Default::default() };
    service.settings(slow_actor, change, None).await.unwrap();
    let voter = actors.iter().find(|a| a.user_id != slow).unwrap();
    clock.advance(9 * HOUR);
    assert!(service.run_due().await.unwrap().is_empty(), "reminders are off");
    let said = refused(service.kick(PLACE, voter, slow).await, "too early");
    assert!(said.contains(&format!("<t:{}:R>", (T0 + 24 * 3_600_000) / 1000)) && said.contains("no turn time limit"), "{said}");
    clock.advance(15 * HOUR);
    service.run_due().await.unwrap();
    assert!(service.kick(PLACE, voter, slow).await.unwrap().text.contains("1 of 2"));
}
}

on_both_databases! {
/// Catan: Seafarers pauses, refuses a typed step, resumes and ends the same way: the host's
/// moderation names no game.
async fn a_seafarers_game_pauses_resumes_and_ends_after_a_confirmation(db) {
    use southseas::games::seafarers::{Seafarers, SeafarersOptions};
    let clock = ManualClock::at(T0);
    let service = open(&db, &clock).await;
    let people: Vec<Actor> = (0..3).map(player).collect();
    let options = SeafarersOptions { seed: Some(3), turn_limit_secs: 3600, ..SeafarersOptions::default() };
    service.create(PLACE, &people[0], options).await.unwrap();
    for p in &people[1..] {
        service.join(PLACE, p).await.unwrap();
    }
    service.start(PLACE, &people[0]).await.unwrap();
    let (game, version, _, _) = service.snapshot::<Seafarers>(PLACE, 0).await.unwrap();
    let active = game.active_player();
    let mut me = None;
    for p in &people {
        if service.snapshot::<Seafarers>(PLACE, p.user_id).await.unwrap().2 == Some(active) {
            me = Some(p.clone());
        }
    }
    let me = me.expect("someone sits at the active seat");
    clock.advance(30 * MINUTE);
    service.pause(PLACE, &moderator()).await.expect("paused");
    assert!(due(&service).await.is_empty());
    refused(service.act_typed::<Seafarers>(PLACE, &me, "settlement A".to_string()).await, "paused (by Mod");
    let resumed = service.resume(PLACE, &people[0]).await.expect("resumed");
    assert!(resumed.delivery.is_new_message() && resumed.mention == Some(me.user_id), "{resumed:?}");
    let now = clock.now_ms();
    assert!(due(&service).await.iter().any(|d| d.kind == DueKind::Deadline && d.user_id == me.user_id && d.due_at == now + 3_600_000));
    assert_eq!(service.snapshot::<Seafarers>(PLACE, 0).await.unwrap().1, version + 2, "a pause and a resume, no step");
    let (end, _) = confirm_buttons(&service.ask_abandon(PLACE, &people[0]).await.unwrap());
    assert!(service.click(PLACE, &people[0], &end, None).await.unwrap().text.contains("abandoned"));
    assert_eq!(record(&service).await.status, Status::Abandoned);
}
}
