//! A game per thread, through the real bot and the Discord double: `/new thread: True` opens a
//! public thread of the channel with the lobby in it and says in the channel where it is; a
//! game plays to its end there while another plays in the channel itself; a thread Discord
//! archives goes on (a tap reopens it, so does the bot's next post, and an edit the bot owes is
//! made after unarchiving it); reminders in a thread link to it and direct ones name it; in a
//! forum each game is a post of its own; a locked thread or a deleted one is told to the
//! game's opener instead of failing silently.

use super::discord_double::{self as dd, Double, Member, ResponseKind};
use super::discord_e2e::{custom_ids, menu_values, posts, private_answer, start_bot, start_bot_with_clock};
use super::discord_lifecycle::{command, posting};
use crate::support::TempDb;
use serde_json::Value;
use southseas::games::southseas::SouthSeas;
use southseas::games::southseas::codes::Code;
use southseas::i18n::Locale;
use southseas::service::clock::ManualClock;
use southseas::service::{ComponentId, Place, Service};
use southseas::store::{self, Status};
use std::time::Duration;

const MINUTE: Duration = Duration::from_secs(60);

fn place(channel: u64) -> Place {
    Place { guild_id: dd::GUILD_ID, channel_id: channel }
}

/// The game at `place` as the database has it: over or not, its version and id; and how many
/// posts are owed (by any game). None while it is a lobby.
async fn game_at(db: &TempDb, place: Place) -> Option<(bool, i64, i64, i64)> {
    let service = Service::open(&db.url()).await.expect("database");
    let snapshot = service.snapshot::<SouthSeas>(place, 0).await.ok();
    let id = service.status(place, Locale::En).await.ok().and_then(|r| r.game).map(|g| g.0);
    let mut conn = service.store().pool().acquire().await.expect("connection");
    let owed = store::pending_posts(&mut conn).await.expect("outbox");
    drop(conn);
    service.store().close().await;
    let (game, version, _, _) = snapshot?;
    Some((game.is_over(), version, id?, owed))
}

/// The stored record of the game at `place`.
async fn record_at(db: &TempDb, place: Place) -> store::GameRecord {
    let service = Service::open(&db.url()).await.expect("database");
    let id = service.status(place, Locale::En).await.expect("a game here").game.expect("its id").0;
    let mut conn = service.store().pool().acquire().await.expect("connection");
    let record = store::game(&mut conn, id).await.expect("read").expect("stored");
    drop(conn);
    service.store().close().await;
    record
}

/// Waits until `place` shows its game as the database has it: nothing owed, and one message
/// offering buttons, all for the current version (once the game is over, only its Rematch).
async fn settle_at(double: &Double, db: &TempDb, place: Place, what: &str) -> Option<Value> {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    loop {
        if let Some((over, version, id, 0)) = game_at(db, place).await {
            let offering = double.messages_with_components(place.channel_id);
            let current =
                |m: &Value| custom_ids(m).iter().all(|c| ComponentId::parse(c).is_some_and(|c| c.game == id && c.version == version));
            match (over, offering.as_slice()) {
                (true, [only]) if current(only) && custom_ids(only).iter().all(|c| c.ends_with(":rematch")) => return None,
                (false, [one]) if current(one) => return Some(one.clone()),
                _ => {}
            }
        }
        assert!(tokio::time::Instant::now() < deadline, "{what}: {place:?} never settled\n{}", double.summary());
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn code_of(custom_id: &str) -> Option<Code> {
    ComponentId::parse(custom_id).and_then(|c| c.command.as_ref().and_then(Code::of))
}

/// A step's button among `ids`.
fn step_button(ids: &[String]) -> Option<String> {
    ids.iter().find(|c| matches!(code_of(c), Some(Code::Act(_)))).cloned()
}

/// Takes one step offered on `message` by taps, as a player would: a step's button, else a
/// step in the menu, else a spot of the menu (its turns then show as buttons on the message).
async fn tap_a_step(double: &Double, who: &Member, message: &Value) -> u64 {
    // A tap comes from the channel (or thread) of the message tapped.
    let channel = dd::id_of(&message["channel_id"]).expect("the message's channel");
    let button = |id: &str| dd::button(id, who).in_channel(channel);
    let ids = custom_ids(message);
    if let Some(step) = step_button(&ids) {
        return double.interact(button(&step)).await;
    }
    let menu = ids.iter().find(|c| c.ends_with(":menu")).unwrap_or_else(|| panic!("no step offered: {message}"));
    let values = menu_values(message);
    if let Some(step) = values.iter().find(|v| matches!(Code::parse(v), Some(Code::Act(_)))) {
        return double.interact(dd::select(menu, &[step], who).in_channel(channel)).await;
    }
    let spot = values.iter().find(|v| matches!(Code::parse(v), Some(Code::Spot(_)))).expect("a step or a spot in the menu");
    let picked = double.interact(dd::select(menu, &[spot], who).in_channel(channel)).await;
    let view = double.wait_response(picked, 2).await;
    let turns = step_button(&view[1].custom_ids()).unwrap_or_else(|| panic!("a spot shows its turns: {view:?}"));
    double.interact(button(&turns)).await
}

/// One step of `who`'s at `place` (the computers play at once, so the game offers choices to
/// the person alone); returns the message offering the next choices, or None once it is over.
async fn step(double: &Double, db: &TempDb, who: &Member, place: Place, current: &Value) -> Option<Value> {
    let id = tap_a_step(double, who, current).await;
    let responses = double.wait_response(id, 2).await;
    assert_eq!(private_answer(&responses), None, "{}'s tap was refused: {responses:?}", who.username);
    settle_at(double, db, place, "after a tap").await
}

/// A person against a computer player at `place`, opened by `new` (already sent) and started.
async fn seat_a_computer_and_start(double: &Double, db: &TempDb, who: &Member, place: Place) -> Value {
    let lobby = double.messages_with_components(place.channel_id).pop().expect("the lobby offers its buttons");
    let add = custom_ids(&lobby).into_iter().find(|c| c.ends_with(":bot")).expect("an Add computer button");
    let added = double.interact(dd::button(&add, who).in_channel(place.channel_id)).await;
    assert_eq!(private_answer(&double.wait_response(added, 2).await), None);
    posting(double, dd::slash("start", who).in_channel(place.channel_id)).await;
    settle_at(double, db, place, "the start").await.expect("the first turn offers choices")
}

/// The thread `/new thread: True` made, from what the channel was told.
fn thread_announced(double: &Double, channel: u64) -> u64 {
    let said = posts(double).into_iter().rfind(|p| p.channel_id == Some(channel)).expect("the channel is told");
    let text = said.content.unwrap_or_default();
    let thread = double.threads().last().expect("a thread was made").id;
    assert!(text.contains(&format!("<#{thread}>")), "the channel hears where the game is: {text}");
    assert!(said.notified.is_empty(), "telling where pings nobody: {text}");
    thread
}

/// Two games at once: one in the channel, one in a thread of it opened by `/new thread: True`,
/// each a person against a computer, both by taps to their ends. Every message goes to its own
/// game's place. Midway Discord archives the thread: the next tap (the client reopens the
/// thread first) goes on as before.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_in_a_thread_and_another_in_its_channel_both_play_to_the_end() {
    let double = Double::start().await;
    let db = TempDb::new("threads-two-games");
    let _bot = start_bot(&double, &db).await;
    double.wait_for_identify().await;
    double.wait_for_commands().await;
    let (ana, leo) = (Member::new(7001, "Ana"), Member::new(7002, "Leo"));

    posting(&double, dd::slash("new", &ana)).await;
    let here = place(dd::CHANNEL_ID);
    let mut in_channel = Some(seat_a_computer_and_start(&double, &db, &ana, here).await);

    posting(&double, dd::slash("new", &leo).boolean("thread", true)).await;
    let thread = thread_announced(&double, dd::CHANNEL_ID);
    let made = double.thread(thread).expect("the thread");
    assert_eq!((made.parent, made.kind, made.auto_archive_duration), (dd::CHANNEL_ID, dd::PUBLIC_THREAD, 10_080));
    assert_eq!(made.name, "Carcassonne: South Seas — Leo's table");
    let lobby = double.messages_with_components(thread).pop().expect("the lobby is in the thread");
    assert!(lobby["content"].as_str().unwrap_or_default().contains("Leo"), "{lobby}");
    let there = place(thread);
    let mut in_thread = Some(seat_a_computer_and_start(&double, &db, &leo, there).await);

    let mut steps = 0;
    while in_channel.is_some() || in_thread.is_some() {
        steps += 1;
        assert!(steps < 800, "the games do not end");
        if steps == 20 {
            double.archive_thread(thread);
        }
        if let Some(current) = in_thread.take() {
            in_thread = step(&double, &db, &leo, there, &current).await;
        }
        if let Some(current) = in_channel.take() {
            in_channel = step(&double, &db, &ana, here, &current).await;
        }
    }
    assert!(!double.thread(thread).unwrap().archived, "the game reopened its thread");
    let (channel_game, thread_game) = (record_at(&db, here).await, record_at(&db, there).await);
    assert_eq!((channel_game.status, thread_game.status), (Status::Finished, Status::Finished));
    // Each game's messages in its own place, the end of each in its place.
    for p in double.all_sent().into_iter().filter(|r| r.interaction_id.is_none()) {
        for id in p.custom_ids().iter().filter_map(|c| ComponentId::parse(c)) {
            let expected = if id.game == channel_game.id { dd::CHANNEL_ID } else { thread };
            assert_eq!(p.channel_id, Some(expected), "a message of game {} in the wrong place: {p:?}", id.game);
        }
    }
    for (channel, who) in [(dd::CHANNEL_ID, &ana), (thread, &leo)] {
        let end = posts(&double).into_iter().rfind(|p| p.channel_id == Some(channel)).expect("the end");
        assert!(end.content.as_deref().unwrap_or("").contains("Game over"), "{end:?}");
        assert_eq!(end.notified, vec![who.id]);
    }
    double.assert_no_unexpected();
}

/// A game in a thread with a turn limit: the reminder comes in the thread and links to the turn
/// message there, and by direct message names the thread; Discord archives the thread, and the
/// deadline's turn is posted there anyway (a message reopens it), the old buttons retired; an
/// edit owed in an archived thread is made once the bot has unarchived it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thread_archived_by_discord_goes_on_and_its_reminders_lead_there() {
    let double = Double::start().await;
    let db = TempDb::new("threads-archived");
    let start = 1_800_000_000_000;
    let clock = ManualClock::at(start);
    let bot = start_bot_with_clock(&double, &db, &clock).await;
    double.wait_for_identify().await;
    let registered = double.wait_for_commands().await;
    let hour = registered.choice("new", "turn_limit", "1 hour");
    let (ana, leo) = (Member::new(7101, "Ana"), Member::new(7102, "Leo"));
    posting(&double, dd::slash("new", &ana).boolean("thread", true).integer("turn_limit", hour)).await;
    let thread = thread_announced(&double, dd::CHANNEL_ID);
    posting(&double, dd::slash("join", &leo).in_channel(thread)).await;
    posting(&double, dd::slash("start", &ana).in_channel(thread)).await;
    let there = place(thread);
    let first = settle_at(&double, &db, there, "the start").await.expect("the first turn");
    let record = record_at(&db, there).await;
    let service = Service::open(&db.url()).await.expect("database");
    let mut conn = service.store().pool().acquire().await.expect("connection");
    let seats = store::seats(&mut conn, record.id).await.expect("seats");
    drop(conn);
    service.store().close().await;
    let (game, _, _, _) = southseas_state(&db, there).await;
    let waiting = seats.iter().find(|s| s.seat == game.to_act()).expect("someone to act").user_id;

    // A third of the hour: the reminder, in the thread, links to the turn message there.
    let before = posts(&double).len();
    clock.advance(20 * MINUTE);
    bot.service.wake_scheduler();
    let reminder = double.wait_for("the reminder", |d| posts(d).get(before).cloned()).await;
    let text = reminder.content.clone().unwrap_or_default();
    assert_eq!(reminder.channel_id, Some(thread), "{text}");
    assert_eq!(reminder.notified, vec![waiting], "{text}");
    let link = format!("https://discord.com/channels/{}/{thread}/{}", dd::GUILD_ID, first["id"].as_str().unwrap());
    assert!(text.contains(&link), "the reminder links to the turn message in the thread: {text}");

    // Reminders by direct message name the thread (the next when a sixth of the hour is left).
    let waiter = if waiting == ana.id { &ana } else { &leo };
    assert!(command(&double, dd::slash("settings", waiter).integer("where", 1)).await.is_some(), "a private answer");
    let before = posts(&double).len();
    clock.advance(30 * MINUTE);
    bot.service.wake_scheduler();
    let direct = double.wait_for("the direct reminder", |d| posts(d).get(before).cloned()).await;
    let text = direct.content.clone().unwrap_or_default();
    assert_eq!(direct.channel_id, double.dm_channel(waiting), "{text}");
    assert!(text.contains(&format!("<#{thread}>")) && text.contains(&link), "it names the thread and links there: {text}");

    // Discord archives the thread; the deadline's turn is posted there, which reopens it.
    double.archive_thread(thread);
    let before = posts(&double).len();
    clock.advance(10 * MINUTE);
    bot.service.wake_scheduler();
    let played = double.wait_for("the deadline's turn", |d| posts(d).get(before).cloned()).await;
    assert_eq!(played.channel_id, Some(thread));
    assert!(played.content.as_deref().unwrap_or("").contains("time ran out"), "{played:?}");
    settle_at(&double, &db, there, "after the deadline").await.expect("the next turn");
    assert!(!double.thread(thread).unwrap().archived, "the bot's message reopened the thread");
    let old = double.message(dd::id_of(&first["id"]).unwrap()).expect("the first turn's message");
    assert!(old["components"].as_array().is_none_or(|c| c.is_empty()), "retired: {old}");

    // An edit owed in an archived thread (a retirement the sweeper makes): unarchived, then made.
    double.archive_thread(thread);
    let http = double.http(dd::TOKEN);
    let old_id = dd::id_of(&first["id"]).unwrap();
    southseas::discord::deliver::retire_all(&http, &bot.service, vec![(record.id, thread, old_id)]).await;
    assert!(!double.thread(thread).unwrap().archived, "unarchived to make the edit");
    assert_eq!(double.thread_edits(), 1);
    let edits =
        double.channel_messages().into_iter().filter(|r| r.kind == ResponseKind::EditChannelMessage && r.message_id == Some(old_id));
    assert!(edits.count() >= 2, "retired when the turn passed, and again by the sweeper");
    double.assert_no_unexpected();
}

/// The game at `place` (started) as South Seas.
async fn southseas_state(db: &TempDb, place: Place) -> (southseas_engine::Game, i64, Option<usize>, Vec<String>) {
    let service = Service::open(&db.url()).await.expect("database");
    let snapshot = service.snapshot::<SouthSeas>(place, 0).await.expect("a started game");
    service.store().close().await;
    snapshot
}

/// In a forum channel each game is a post of its own, opened by its first message; `/new
/// thread: True` in one post opens another; `/new` in a thread opens the game right there, and
/// a moderator acts there as in a channel.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_a_forum_each_game_is_a_post_and_in_a_thread_new_opens_the_game_there_for_moderators_too() {
    let double = Double::start().await;
    let db = TempDb::new("threads-forum");
    let _bot = start_bot(&double, &db).await;
    double.wait_for_identify().await;
    double.wait_for_commands().await;
    let (ana, leo) = (Member::new(7201, "Ana"), Member::new(7202, "Leo"));
    let forum = dd::CHANNEL_ID + 77;
    double.add_forum(dd::GUILD_ID, forum);

    posting(&double, dd::slash("new", &ana).in_channel(forum)).await;
    let post = double.threads().last().cloned().expect("a post");
    assert_eq!((post.parent, post.kind, post.name.as_str()), (forum, dd::PUBLIC_THREAD, "Carcassonne: South Seas — Ana's table"));
    let opened = double.message(post.id).expect("the post's first message");
    assert!(opened["content"].as_str().unwrap_or_default().contains("Ana opened this game"), "{opened}");
    let lobby = double.messages_with_components(post.id).pop().expect("the lobby in the post");
    assert!(lobby["content"].as_str().unwrap_or_default().contains("Ana"), "{lobby}");
    assert!(posts(&double).iter().all(|p| p.channel_id != Some(forum)), "nothing in the forum's own channel");

    // In the post: another game there is refused; `thread: True` opens a new post for it.
    let busy = command(&double, dd::slash("new", &leo).in_channel(post.id)).await.expect("refused privately");
    assert!(busy.content.unwrap_or_default().contains("already"), "one game per thread");
    posting(&double, dd::slash("new", &leo).boolean("thread", true).in_channel(post.id)).await;
    let second = double.threads().last().cloned().expect("a second post");
    assert_eq!((second.parent, second.name.as_str()), (forum, "Carcassonne: South Seas — Leo's table"));
    let told = thread_announced(&double, post.id);
    assert_eq!(told, second.id, "the post it was asked in says where the new one is");
    assert_eq!(double.messages_with_components(second.id).len(), 1, "its lobby");

    // A thread a member made: `/new` there opens the game in it, no thread more.
    let theirs = double.member_starts_thread(dd::CHANNEL_ID, "games night");
    let threads = double.threads().len();
    posting(&double, dd::slash("new", &ana).in_channel(theirs)).await;
    assert_eq!(double.threads().len(), threads);
    assert_eq!(double.messages_with_components(theirs).len(), 1, "the lobby in the member's thread");
    posting(&double, dd::slash("join", &leo).in_channel(theirs)).await;
    posting(&double, dd::slash("start", &ana).in_channel(theirs)).await;
    settle_at(&double, &db, place(theirs), "the start in a member's thread").await.expect("the first turn");

    // A moderator who does not play acts in the thread as in a channel: the pause is said there.
    let mut moderator = Member::new(7203, "Mod");
    moderator.permissions |= 1 << 13; // Manage Messages
    posting(&double, dd::slash("pause", &moderator).in_channel(theirs)).await;
    let said = posts(&double).pop().expect("the pause is posted");
    assert_eq!(said.channel_id, Some(theirs));
    assert!(said.content.as_deref().unwrap_or("").contains("Mod paused the game"), "{said:?}");
    double.assert_no_unexpected();
}

/// `/new thread: True` where the bot may not create threads: refused privately, naming the
/// permission, and no thread or game is made.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thread_the_bot_may_not_create_is_refused_naming_the_permission() {
    let double = Double::start().await;
    let db = TempDb::new("threads-permission");
    let _bot = start_bot(&double, &db).await;
    double.wait_for_identify().await;
    double.wait_for_commands().await;
    let ana = Member::new(7301, "Ana");
    double.set_app_permissions(dd::DEFAULT_APP_PERMISSIONS & !dd::CREATE_PUBLIC_THREADS);
    let refused = command(&double, dd::slash("new", &ana).boolean("thread", true)).await.expect("refused privately");
    let text = refused.content.unwrap_or_default();
    assert!(text.contains("**Create Public Threads**"), "{text}");
    assert!(double.threads().is_empty() && posts(&double).is_empty());
    // The channel itself still takes a game.
    posting(&double, dd::slash("new", &ana)).await;
    double.assert_no_unexpected();
}

/// A thread a moderator locked takes no turn from the bot: the game's opener is told by direct
/// message (once), and the turn stays owed for when it is unlocked. A deleted thread ends its
/// game: its opener is told, and nothing more is owed or falls due.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_locked_or_deleted_thread_is_told_to_the_opener() {
    let double = Double::start().await;
    let db = TempDb::new("threads-locked");
    let start = 1_800_000_000_000;
    let clock = ManualClock::at(start);
    let bot = start_bot_with_clock(&double, &db, &clock).await;
    double.wait_for_identify().await;
    double.wait_for_commands().await;
    let (ana, leo) = (Member::new(7401, "Ana"), Member::new(7402, "Leo"));
    posting(&double, dd::slash("new", &ana).boolean("thread", true)).await;
    let thread = thread_announced(&double, dd::CHANNEL_ID);
    posting(&double, dd::slash("join", &leo).in_channel(thread)).await;
    posting(&double, dd::slash("start", &ana).in_channel(thread)).await;
    let there = place(thread);
    settle_at(&double, &db, there, "the start").await.expect("the first turn");

    // Locked: the reminder cannot be posted there; Ana hears why.
    double.lock_thread(thread);
    clock.advance(8 * 60 * MINUTE);
    bot.service.wake_scheduler();
    let told = double
        .wait_for("the opener told", |d| posts(d).into_iter().find(|p| p.channel_id.is_some() && p.channel_id == d.dm_channel(ana.id)))
        .await;
    let text = told.content.unwrap_or_default();
    assert!(text.contains("the thread is locked") && text.contains(&format!("<#{thread}>")), "{text}");
    assert_eq!(record_at(&db, there).await.status, Status::Active, "a locked thread may be unlocked: the game waits");

    // Deleted: the game ends, its opener hears it, and nothing more is owed.
    let id = record_at(&db, there).await.id;
    double.delete_thread(thread);
    clock.advance(16 * 60 * MINUTE);
    bot.service.wake_scheduler();
    let gone = double
        .wait_for("the opener told of the deletion", |d| {
            posts(d).into_iter().find(|p| p.channel_id == d.dm_channel(ana.id) && p.content.as_deref().unwrap_or("").contains("deleted"))
        })
        .await;
    assert!(gone.content.unwrap_or_default().contains("It has ended"));
    let service = Service::open(&db.url()).await.expect("database");
    let mut conn = service.store().pool().acquire().await.expect("connection");
    let record = store::game(&mut conn, id).await.expect("read").expect("stored");
    assert_eq!(record.status, Status::Abandoned);
    assert_eq!(store::pending_posts(&mut conn).await.expect("outbox"), 0, "nothing owed to a deleted thread");
    assert!(store::due_items(&mut conn, id).await.expect("due").is_empty(), "nothing falls due");
    drop(conn);
    service.store().close().await;
}
