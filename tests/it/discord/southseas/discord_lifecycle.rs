//! Games that keep moving, through the Discord protocol double: the real bot with a clock the
//! tests move by hand (and then ring the scheduler's bell, so no test waits for real time).
//! Reminders (quiet hours, by direct message), a deadline the computer plays out, one person
//! against four computer players to the end, away and back, and a seat handed over; each seen as
//! a player sees it: a new message or an edit, who is notified, what it says.

use super::discord_double::{self as dd, CommandRegistration, Double, Interaction, Member, Response, ResponseKind, callback};
use super::discord_e2e::{
    RunningBot, custom_ids, menu_values, only_rematch_left, posts, private_answer, settle, start_bot_with_clock, state,
};
use crate::support::TempDb;
use serde_json::Value;
use southseas::games::southseas::codes::Code;
use southseas::service::clock::ManualClock;
use southseas::service::{ComponentId, Service, is_computer_id};
use southseas::store::{self, Due, DueKind};
use southseas_engine::{Action, Bot, Strategy};
use std::time::Duration;

const HOUR: Duration = Duration::from_secs(3600);
const MINUTE: Duration = Duration::from_secs(60);

/// 20:00 UTC on some day (2024-10-04): the tests' quiet hours are reckoned from it.
const EVENING_MS: i64 = 20_000 * 86_400_000 + 20 * 3_600_000;

fn ms(d: Duration) -> i64 {
    d.as_millis() as i64
}

/// `<t:…:R>`: a time as Discord shows it to each reader, relative ("in 4 hours").
fn discord_time(at_ms: i64) -> String {
    format!("<t:{}:R>", at_ms / 1000)
}

/// The bot on a service whose clock is `clock`, connected, its commands registered.
async fn connect(double: &Double, db: &TempDb, clock: &ManualClock) -> (RunningBot, CommandRegistration) {
    let bot = start_bot_with_clock(double, db, clock).await;
    double.wait_for_identify().await;
    let registered = double.wait_for_commands().await;
    (bot, registered)
}

/// Moves the bot's clock on and rings its scheduler's bell: what falls due is handled now.
fn advance(bot: &RunningBot, clock: &ManualClock, by: Duration) {
    clock.advance(by);
    bot.service.wake_scheduler();
}

/// The value Discord sends for the choice named `name` of `/command option:` (poise's choices
/// are integers), read from the registration, as Discord's client offers it.
fn choice(registered: &CommandRegistration, command: &str, option: &str, name: &str) -> i64 {
    let command = registered.command(command).unwrap_or_else(|| panic!("/{command} registered"));
    let option = command["options"].as_array().into_iter().flatten().find(|o| o["name"] == option).expect("the option");
    let choice = option["choices"].as_array().into_iter().flatten().find(|c| c["name"].as_str().is_some_and(|n| n.starts_with(name)));
    choice.and_then(|c| c["value"].as_i64()).unwrap_or_else(|| panic!("a choice `{name}` of {option}"))
}

/// Sends a slash command and waits until it is done. Returns its private answer (a refusal, or
/// a private reply such as `/settings`), or None when it posted to the channel (the private
/// "thinking…" then goes away).
pub(crate) async fn command(double: &Double, interaction: Interaction) -> Option<Response> {
    let id = double.interact(interaction).await;
    let responses = double.wait_response(id, 2).await;
    assert_eq!(responses[0].callback_type, Some(callback::DEFERRED_MESSAGE), "acknowledged at once: {responses:?}");
    assert!(responses[0].is_ephemeral(), "privately: {responses:?}");
    match responses[1].kind {
        ResponseKind::DeleteOriginal => None,
        ResponseKind::Followup => {
            assert!(responses[1].is_ephemeral() && responses[1].notified.is_empty(), "a private answer: {responses:?}");
            Some(responses[1].clone())
        }
        _ => panic!("neither posted nor answered privately: {responses:?}"),
    }
}

/// A command that must post to the channel (no private answer).
pub(crate) async fn posting(double: &Double, interaction: Interaction) {
    if let Some(answer) = command(double, interaction).await {
        panic!("refused: {:?}", answer.content);
    }
}

/// Waits until at least `n` messages were posted after the first `before`; returns those.
async fn new_posts(double: &Double, before: usize, n: usize, what: &str) -> Vec<Response> {
    double.wait_for(what, |d| Some(posts(d)).filter(|p| p.len() >= before + n).map(|p| p[before..].to_vec())).await
}

/// Who the channel's game waits for (a user id; a computer player's is 1 to 9), if anyone.
/// Waits until the bot has recorded the server's name as Discord told it.
async fn server_name_is(db: &TempDb, guild: u64, name: &str) {
    let service = Service::open(&db.url()).await.expect("database");
    for _ in 0..500 {
        let mut conn = service.store().pool().acquire().await.expect("connection");
        if store::server_name(&mut conn, guild).await.expect("a server's name").as_deref() == Some(name) {
            drop(conn);
            service.store().close().await;
            return;
        }
        drop(conn);
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("the server's name was never recorded as {name:?}");
}

async fn waiting_user(db: &TempDb) -> Option<u64> {
    let (game, _, id, _) = state(db).await;
    let seat = game.to_act()?;
    let service = Service::open(&db.url()).await.expect("database");
    let mut conn = service.store().pool().acquire().await.expect("connection");
    let seats = store::seats(&mut conn, id).await.expect("seats");
    drop(conn);
    service.store().close().await;
    seats.into_iter().find(|s| s.seat == Some(seat)).map(|s| s.user_id)
}

/// What the channel's game is scheduled to do (its due items).
async fn due(db: &TempDb) -> Vec<Due> {
    let (_, _, id, _) = state(db).await;
    let service = Service::open(&db.url()).await.expect("database");
    let mut conn = service.store().pool().acquire().await.expect("connection");
    let items = store::due_items(&mut conn, id).await.expect("due items");
    drop(conn);
    service.store().close().await;
    items
}

/// Waits until the game's reminder is scheduled as `check` says (the scheduler has handled
/// what was due: the sign that nothing more will come of it).
async fn wait_reminder(db: &TempDb, what: &str, check: impl Fn(&Due) -> bool) -> Due {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    loop {
        let items = due(db).await;
        if let Some(r) = items.iter().find(|d| d.kind == DueKind::Reminder && check(d)) {
            return r.clone();
        }
        assert!(tokio::time::Instant::now() < deadline, "{what}: the reminder is never scheduled so: {items:?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Two people's game, opened, joined and started by slash commands (`new` may carry options);
/// returns the first turn's message.
async fn two_player_game(double: &Double, db: &TempDb, new: Interaction, a: &Member, b: &Member) -> Value {
    posting(double, new).await;
    posting(double, dd::slash("join", b)).await;
    posting(double, dd::slash("start", a)).await;
    let first = settle(double, db, "the start").await.expect("the first turn offers choices");
    assert!(first["content"].as_str().unwrap_or("").contains("The game begins"), "{first}");
    first
}

/// The first step a message offers by a tap (or the first spot, where the tile fits in more
/// ways than a menu holds): a button, or a menu and its option.
fn first_step_offered(message: &Value) -> (String, Option<String>) {
    let is_step = |c: Option<Code>| matches!(c, Some(Code::Act(_) | Code::Spot(_)));
    let ids = custom_ids(message);
    if let Some(menu) = ids.iter().find(|c| c.ends_with(":menu"))
        && let Some(value) = menu_values(message).into_iter().find(|v| is_step(Code::parse(v)))
    {
        return (menu.clone(), Some(value));
    }
    let button = ids
        .into_iter()
        .find(|c| is_step(ComponentId::parse(c).and_then(|c| c.command.as_ref().and_then(Code::of))))
        .expect("a step offered");
    (button, None)
}

fn tap(custom_id: &str, value: Option<&str>, who: &Member) -> Interaction {
    match value {
        Some(v) => dd::select(custom_id, &[v], who),
        None => dd::button(custom_id, who),
    }
}

/// The menu values of an edit's components.
fn values_of(edit: &Response) -> Vec<String> {
    menu_values(&serde_json::json!({ "components": edit.components }))
}

/// Takes one step of `who`'s turn by taps on `message` (the one message offering the game's
/// choices), as a player would: the greedy player's choice, paging through spots or payments
/// and opening a spot's turns if need be; the first step offered if no tap offers that choice.
/// Returns the interaction that took the step.
pub(super) async fn tap_a_step(double: &Double, db: &TempDb, who: &Member, message: &Value) -> u64 {
    let (game, version, game_id, _) = state(db).await;
    let action = Bot::new(Strategy::Greedy, 1).choose(&game).expect("a step to take");
    let wanted = Code::Act(action).code();
    let button = ComponentId::button(game_id, version, Code::Act(action));
    if custom_ids(message).contains(&button) {
        return double.interact(dd::button(&button, who)).await;
    }
    let Some(menu) = custom_ids(message).into_iter().find(|c| c.ends_with(":menu")) else {
        let (id, value) = first_step_offered(message);
        return double.interact(tap(&id, value.as_deref(), who)).await;
    };
    let spot = match action {
        Action::PlaceTile { pos, .. } => Some(Code::Spot(pos).code()),
        _ => None,
    };
    let mut values = menu_values(message);
    for _ in 0..12 {
        if values.contains(&wanted) {
            return double.interact(dd::select(&menu, &[&wanted], who)).await;
        }
        if let Some(spot) = spot.as_ref().filter(|s| values.contains(s)) {
            // The tile fits there in several turns: they appear as buttons on the same message.
            let picked = double.interact(dd::select(&menu, &[spot], who)).await;
            let view = double.wait_response(picked, 2).await;
            assert_eq!(view[1].kind, ResponseKind::EditOriginal, "a spot's turns show on the same message: {view:?}");
            assert!(view[1].custom_ids().contains(&button), "the turn is among the spot's buttons: {view:?}");
            return double.interact(dd::button(&button, who)).await;
        }
        let next = values.iter().find(|v| matches!(Code::parse(v), Some(Code::Spots(_) | Code::Payments(_)))).cloned();
        let Some(next) = next else { break };
        let paged = double.interact(dd::select(&menu, &[&next], who)).await;
        let edit = double.wait_response(paged, 2).await;
        assert_eq!(edit[1].kind, ResponseKind::EditOriginal, "a page of a menu edits the message in place: {edit:?}");
        values = values_of(&edit[1]);
    }
    // A menu holds 25 options at most: the first step on it, then.
    let value = values.iter().find(|v| matches!(Code::parse(v), Some(Code::Act(_)))).expect("the menu offers a step").clone();
    double.interact(dd::select(&menu, &[&value], who)).await
}

/// `who` plays their turn to its end by taps alone; returns the message offering the next
/// player's choices (None once the game is over).
async fn play_turn_by_taps(double: &Double, db: &TempDb, who: &Member) -> Option<Value> {
    let mut message = settle(double, db, "before a tap").await;
    for step in 0.. {
        assert!(step < 40, "{} never ends their turn", who.username);
        let current = message.as_ref()?;
        if waiting_user(db).await != Some(who.id) {
            break;
        }
        let id = tap_a_step(double, db, who, current).await;
        let responses = double.wait_response(id, 2).await;
        assert_eq!(private_answer(&responses), None, "{}'s tap was refused: {responses:?}", who.username);
        message = settle(double, db, "after a tap").await;
    }
    message
}

/// Every message and private answer the bot sent kept to Discord's limits (the double refuses
/// any that does not, and lists it as unexpected), and nothing else was unexpected.
fn assert_within_limits(double: &Double) {
    for r in double.all_sent() {
        assert_eq!(dd::over_limit(&r.data), None, "{r:?}");
    }
    double.assert_no_unexpected();
}

/// After a while the player the game waits for is reminded in a new message that notifies them
/// alone; a reminder in their quiet hours waits for the end of them; one for a player who asked
/// for direct messages comes by DM (and in the channel when their DMs are closed).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reminders_ping_the_waiting_player_in_the_channel_or_by_direct_message() {
    let double = Double::start().await;
    let db = TempDb::new("e2e-reminders");
    let clock = ManualClock::at(EVENING_MS);
    let (bot, registered) = connect(&double, &db, &clock).await;
    let alice = Member::new(4001, "alice");
    let bob = Member::new(4002, "bob");
    let first = two_player_game(&double, &db, dd::slash("new", &alice), &alice, &bob).await;
    let start = EVENING_MS;
    let w = waiting_user(&db).await.expect("someone moves first");
    let (waiting, other) = if w == alice.id { (alice.clone(), bob.clone()) } else { (bob.clone(), alice.clone()) };
    let deadline = start + ms(24 * HOUR);
    assert!(first["content"].as_str().unwrap().contains(&format!("⏳ Time limit: {}", discord_time(deadline))), "{first}");

    // Eight hours on (a third of the default 24 hours): a new message pings the waiting player.
    let before = posts(&double).len();
    advance(&bot, &clock, 8 * HOUR);
    let reminder = new_posts(&double, before, 1, "the first reminder").await.remove(0);
    let text = reminder.content.clone().unwrap_or_default();
    assert_eq!(reminder.channel_id, Some(dd::CHANNEL_ID), "in the game's channel");
    assert_eq!(reminder.notified, vec![waiting.id], "the waiting player alone is notified: {text}");
    assert_eq!(reminder.allowed_user_mentions(), Some(vec![waiting.id]));
    assert!(reminder.allowed_mention_parse().is_empty());
    assert!(text.starts_with(&format!("⏰ **{}**, it's been your turn for 8 hours: place", waiting.username)), "{text}");
    assert!(text.contains(&format!("Your time runs out {}.", discord_time(deadline))), "{text}");
    assert!(reminder.components.is_empty() && reminder.attachments.is_empty(), "a reminder is a line, not another board");
    // The next one is set for when a sixth of the time is left; nothing else came.
    wait_reminder(&db, "after the first", |r| r.sent == 1 && r.due_at == start + ms(20 * HOUR)).await;
    assert_eq!(posts(&double).len(), before + 1, "one reminder, for the waiting player only");
    let current = settle(&double, &db, "after the reminder").await.expect("the turn still waits");
    assert_eq!(current["id"], first["id"], "the turn's message keeps its buttons");

    // Quiet 17:00–21:00 at UTC+2 (15:00–19:00 UTC): the reminder due at 16:00 UTC waits to 19:00.
    let set = dd::slash("settings", &waiting).string("utc_offset", "+2").string("quiet_hours", "17-21");
    let answer = command(&double, set).await.expect("a private answer");
    let shown = answer.content.unwrap_or_default();
    assert!(shown.contains("Saved") && shown.contains("17:00–21:00 (UTC+2)"), "{shown}");
    advance(&bot, &clock, 12 * HOUR);
    wait_reminder(&db, "in quiet hours", |r| r.sent == 1 && r.due_at == start + ms(23 * HOUR)).await;
    assert_eq!(posts(&double).len(), before + 1, "no reminder in quiet hours");
    advance(&bot, &clock, 3 * HOUR);
    let after_quiet = new_posts(&double, before + 1, 1, "the reminder after the quiet hours").await.remove(0);
    let text = after_quiet.content.clone().unwrap_or_default();
    assert_eq!(after_quiet.notified, vec![waiting.id], "{text}");
    assert!(text.contains("it's been your turn for 23 hours"), "{text}");

    // The other player wants reminders by direct message; the waiting one plays at last, which
    // pings the other in the channel (a turn is news for the table, not a reminder).
    let direct = choice(&registered, "settings", "where", "by direct message");
    let answer = command(&double, dd::slash("settings", &other).integer("where", direct)).await.expect("a private answer");
    assert!(answer.content.unwrap_or_default().contains("Where: by direct message"));
    let before = posts(&double).len();
    play_turn_by_taps(&double, &db, &waiting).await.expect("the game goes on");
    let handed = posts(&double)[before..].to_vec();
    let pinged: Vec<&Response> = handed.iter().filter(|p| !p.notified.is_empty()).collect();
    assert_eq!(pinged.len(), 1, "one hand-over ping: {handed:?}");
    assert_eq!((pinged[0].channel_id, pinged[0].notified.clone()), (Some(dd::CHANNEL_ID), vec![other.id]));
    let since = start + ms(23 * HOUR);

    // The server was renamed meanwhile: Discord tells the bot (GUILD_UPDATE).
    double.rename_guild(dd::GUILD_ID, "Les *Îles* @ Noël");
    server_name_is(&db, dd::GUILD_ID, "Les *Îles* @ Noël").await;

    // Eight hours into the other's wait: a direct message that notifies them alone.
    let before = posts(&double).len();
    advance(&bot, &clock, 8 * HOUR);
    let dm = new_posts(&double, before, 1, "the reminder by direct message").await.remove(0);
    let text = dm.content.clone().unwrap_or_default();
    let dm_channel = double.dm_channel(other.id).expect("the bot opened a DM channel with the player");
    assert_eq!(dm.channel_id, Some(dm_channel), "by direct message: {text}");
    assert_eq!(dm.notified, vec![other.id], "{text}");
    assert_eq!(dm.allowed_user_mentions(), Some(vec![other.id]));
    // Read away from the channel: the game, where it is played, and a link to its turn message.
    let head = format!("🎲 **Carcassonne: South Seas** (game 1) on **Les \\*Îles\\* @\u{200B} Noël**, in <#{}>\n", dd::CHANNEL_ID);
    assert!(text.starts_with(&head), "{text}");
    assert!(text.contains(&format!("\n⏰ **{}**, it's been your turn for 8 hours", other.username)), "{text}");
    assert!(text.contains(&discord_time(since + ms(24 * HOUR))), "{text}");
    let turn_message = posts(&double).iter().rev().find(|p| p.channel_id == Some(dd::CHANNEL_ID)).and_then(|p| p.message_id).unwrap();
    assert!(text.contains(&format!("https://discord.com/channels/{}/{}/{turn_message}", dd::GUILD_ID, dd::CHANNEL_ID)), "{text}");
    assert!(!text.contains("`/"), "no command that a direct message cannot use: {text}");
    wait_reminder(&db, "after the DM", |r| r.sent == 1).await;
    assert_eq!(posts(&double).len(), before + 1, "nothing in the channel");
    assert_eq!(double.dm_channel(waiting.id), None, "the player who kept reminders in the channel gets no DM");

    // Their direct messages are closed now: the reminder falls back to the channel.
    double.close_direct_messages(other.id);
    advance(&bot, &clock, 12 * HOUR);
    let fallback = new_posts(&double, before + 1, 1, "the reminder in the channel instead").await.remove(0);
    let text = fallback.content.clone().unwrap_or_default();
    assert_eq!((fallback.channel_id, fallback.notified.clone()), (Some(dd::CHANNEL_ID), vec![other.id]), "{text}");
    assert!(text.contains("it's been your turn for 20 hours"), "{text}");
    let tried = double.requests().iter().filter(|r| **r == format!("POST /api/v10/channels/{dm_channel}/messages")).count();
    assert_eq!(tried, 2, "the DM was tried first");
    settle(&double, &db, "at the end").await.expect("the turn still waits");
    assert_within_limits(&double);
}

/// With `/new turn_limit: 1 hour`, the computer plays the turn of a player whose time ran out,
/// says so in one new message that pings the next player, and the old buttons are retired.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deadline_lets_the_computer_play_the_turn_and_pings_the_next_player() {
    let double = Double::start().await;
    let db = TempDb::new("e2e-deadline");
    let start = 1_800_000_000_000;
    let clock = ManualClock::at(start);
    let (bot, registered) = connect(&double, &db, &clock).await;
    let alice = Member::new(5001, "alice");
    let bob = Member::new(5002, "bob");
    let hour = choice(&registered, "new", "turn_limit", "1 hour");
    let first = two_player_game(&double, &db, dd::slash("new", &alice).integer("turn_limit", hour), &alice, &bob).await;
    let text = first["content"].as_str().unwrap_or("");
    assert!(text.contains(&format!("⏳ Time limit: {}", discord_time(start + ms(HOUR)))), "{text}");
    let (_, version, _, _) = state(&db).await;
    let w = waiting_user(&db).await.unwrap();
    let (absent, next) = if w == alice.id { (alice.clone(), bob.clone()) } else { (bob.clone(), alice.clone()) };

    let before = posts(&double).len();
    advance(&bot, &clock, HOUR);
    new_posts(&double, before, 1, "the computer's turn").await;
    let message = settle(&double, &db, "after the deadline").await.expect("the next turn offers choices");
    let new = posts(&double)[before..].to_vec();
    assert_eq!(new.len(), 1, "one message, no reminder once the time is up: {new:?}");
    let played = &new[0];
    let text = played.content.clone().unwrap_or_default();
    assert_eq!(played.message_id.map(|m| m.to_string()), message["id"].as_str().map(String::from), "the new message offers the choices");
    assert!(text.starts_with(&format!("➡️ <@{}>, your turn: place tile", next.id)), "the ping and the step lead: {text}");
    assert!(text.contains(&format!("\n⌛ {}'s time ran out (1 hour): the computer plays for them this time.", absent.username)), "{text}");
    assert_eq!(played.notified, vec![next.id], "the next player is pinged once: {text}");
    assert_eq!(played.allowed_user_mentions(), Some(vec![next.id]));
    assert_eq!(played.mentioned_users(), vec![next.id], "{text}");
    assert!(text.contains(&format!("⏳ Time limit: {}", discord_time(start + ms(2 * HOUR)))), "{text}");
    assert!(played.attachments.iter().any(|a| a.filename == "board.png" && a.is_png()), "the board after the turn");
    assert_eq!(waiting_user(&db).await, Some(next.id));
    // The old message's buttons are gone (settle saw only the new one offer any); a tap on one
    // of them that a player had open is told so privately.
    let old = double.message(dd::id_of(&first["id"]).unwrap()).expect("the first turn's message");
    assert!(old["components"].as_array().is_none_or(|c| c.is_empty()), "{old}");
    // Its words too: what happened stays, what it asked for (the prompt, the deadline) goes.
    let old_text = old["content"].as_str().unwrap_or_default();
    assert!(old_text.ends_with("\n✔️ Played on: the game continues in a newer message."), "{old_text}");
    assert!(!old_text.contains("your turn") && !old_text.contains("⏳"), "{old_text}");
    let (id, value) = first_step_offered(&first);
    let stale = double.interact(tap(&id, value.as_deref(), &absent).on_message(first.clone())).await;
    let r = double.wait_response(stale, 2).await;
    let refusal = private_answer(&r).unwrap_or_default();
    assert!(r[1].is_ephemeral() && refusal.contains("out of date"), "{r:?}");
    assert_eq!(state(&db).await.1, version + 1, "the stale tap changed nothing");

    // The next player's wait has its own reminders: after a third of the hour.
    let before = posts(&double).len();
    advance(&bot, &clock, 20 * MINUTE);
    let reminder = new_posts(&double, before, 1, "the next player's reminder").await.remove(0);
    let text = reminder.content.clone().unwrap_or_default();
    assert_eq!(reminder.notified, vec![next.id], "{text}");
    assert!(text.contains("it's been your turn for 20 minutes") && text.contains(&discord_time(start + ms(2 * HOUR))), "{text}");
    assert_within_limits(&double);
}

/// One person against four computer players (seated by `/addbot` and by the lobby's button),
/// to the end, by taps alone: the computers' turns between the person's come as one new message
/// that notifies the person only; the end notifies the person; no computer is ever mentioned.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_person_against_four_computers_plays_to_the_end_by_taps() {
    let double = Double::start().await;
    let db = TempDb::new("e2e-computers");
    let clock = ManualClock::at(1_800_000_000_000);
    let (_bot, registered) = connect(&double, &db, &clock).await;
    let me = Member::new(6001, "mele");
    let easy = choice(&registered, "addbot", "strength", "easy");

    posting(&double, dd::slash("new", &me)).await;
    let lobby_button = |double: &Double| {
        let lobby = double.messages_with_components(dd::CHANNEL_ID).pop().expect("the lobby");
        custom_ids(&lobby).into_iter().find(|c| c.ends_with(":bot")).expect("an Add computer button")
    };
    for round in 0..2 {
        posting(&double, dd::slash("addbot", &me).integer("strength", easy)).await;
        let lobby = posts(&double).pop().expect("the lobby, posted anew");
        assert!(lobby.content.as_deref().unwrap_or("").contains("(easy)"), "{lobby:?}");
        assert!(lobby.notified.is_empty(), "seating a computer pings nobody");
        let id = double.interact(dd::button(&lobby_button(&double), &me)).await;
        let r = double.wait_response(id, 2).await;
        assert_eq!(r[1].kind, ResponseKind::EditOriginal, "the button updates the lobby in place: {r:?}");
        let text = r[1].content.clone().unwrap_or_default();
        assert!(text.contains("(medium)") && text.contains(&format!("Players ({}/5)", 3 + 2 * round)), "{text}");
    }
    let id = double.interact(dd::button(&lobby_button(&double), &me)).await;
    let full = private_answer(&double.wait_response(id, 2).await).unwrap_or_default();
    assert!(full.contains("full"), "{full}");
    posting(&double, dd::slash("start", &me)).await;

    let mut message = settle(&double, &db, "the start").await;
    let (mut my_steps, mut my_turns) = (0, 0);
    let mut before = 0;
    while let Some(current) = message.take() {
        // Computers play at once: whenever the game offers choices, they are the person's.
        assert_eq!(waiting_user(&db).await, Some(me.id), "the computers played on to the person's turn");
        let since = posts(&double)[before..].to_vec();
        if since.iter().any(|p| !p.notified.is_empty()) {
            // The computers' turns, since the person's last: the last new message pings them.
            let pinged: Vec<&Response> = since.iter().filter(|p| !p.notified.is_empty()).collect();
            assert_eq!(pinged.len(), 1, "one ping per wait: {since:?}");
            assert_eq!(pinged[0].notified, vec![me.id]);
            assert_eq!(pinged[0].message_id.map(|m| m.to_string()), current["id"].as_str().map(String::from));
            my_turns += 1;
        }
        before = posts(&double).len();
        let id = tap_a_step(&double, &db, &me, &current).await;
        let responses = double.wait_response(id, 2).await;
        assert_eq!(private_answer(&responses), None, "a tap was refused: {responses:?}");
        my_steps += 1;
        assert!(my_steps < 400, "the game does not end");
        message = settle(&double, &db, &format!("step {my_steps}")).await;
        let new = posts(&double)[before..].to_vec();
        if message.is_some() && new.is_empty() {
            // A step within the turn: the message tapped shows it.
            continue;
        }
        if message.is_some() {
            // The turn went round the four computers: the hand-over shows in the message tapped,
            // and their turns come in one new message (with the board) that pings the person.
            assert_eq!(new.len(), 1, "one message for the computers' run: {new:#?}");
            assert_eq!(new[0].notified, vec![me.id], "the run pings the person: {:?}", new[0].content);
            assert!(new[0].attachments.iter().any(|a| a.filename == "board.png"));
        }
    }
    let (game, _, _, _) = state(&db).await;
    assert!(game.is_over(), "played to the end");
    let end = posts(&double).pop().expect("the end is posted");
    let text = end.content.clone().unwrap_or_default();
    assert!(text.contains("Game over"), "{text}");
    assert_eq!(end.notified, vec![me.id], "the end pings the person, not the computers: {text}");
    assert!(my_turns > 8 && my_steps > 15, "{my_turns} turns, {my_steps} steps");
    for p in double.all_sent() {
        let named = p.allowed_user_mentions().unwrap_or_default().into_iter().chain(p.mentioned_users()).chain(p.notified.clone());
        assert!(named.into_iter().all(|u| !is_computer_id(u)), "a computer player was mentioned: {p:?}");
    }
    assert!(only_rematch_left(&double, dd::CHANNEL_ID), "no buttons but Rematch once the game is over");
    assert_within_limits(&double);
}

/// One person typing every step against two computers: a typed step that hands the turn over
/// is no message of its own (there is no tapped message to show it in); the computers' run
/// tells it in its one new message, which pings the person; the private "thinking…" shows
/// until that message is out.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_person_typing_against_computers_gets_one_message_per_run() {
    let double = Double::start().await;
    let db = TempDb::new("e2e-typed-computers");
    let clock = ManualClock::at(1_800_000_000_000);
    let (_bot, registered) = connect(&double, &db, &clock).await;
    let me = Member::new(6101, "tala");
    let medium = choice(&registered, "addbot", "strength", "medium");
    posting(&double, dd::slash("new", &me)).await;
    for _ in 0..2 {
        posting(&double, dd::slash("addbot", &me).integer("strength", medium)).await;
    }
    posting(&double, dd::slash("start", &me)).await;
    settle(&double, &db, "the start").await.expect("the person's turn");

    let mut hand_overs = 0;
    for step in 0..200 {
        assert_eq!(waiting_user(&db).await, Some(me.id), "the computers played on to the person's turn");
        let (game, _, _, _) = state(&db).await;
        let action = Bot::new(Strategy::Greedy, 3).choose(&game).expect("a step to take");
        let (name, option) = super::discord_e2e::step_command(&action);
        let code = Code::Act(action).code();
        let typed = if option.is_empty() { dd::slash(name, &me) } else { dd::slash(name, &me).string(option, &code) };
        let before = posts(&double).len();
        let id = double.interact(typed).await;
        let ack = double.wait_callback(id).await;
        assert!(ack.is_ephemeral(), "acknowledged privately");
        double.wait_for("the step's message", |d| (posts(d).len() > before).then_some(())).await;
        let message = settle(&double, &db, &format!("typed step {step}")).await;
        let gone = |d: &Double| d.responses(id).iter().any(|r| r.kind == ResponseKind::DeleteOriginal).then_some(());
        double.wait_for("the private acknowledgement removed", gone).await;
        let responses = double.responses(id);
        assert_eq!(private_answer(&responses), None, "a typed step was refused: {responses:?}");
        let new = posts(&double)[before..].to_vec();
        assert_eq!(new.len(), 1, "one message per typed step, the computers' run included: {new:#?}");
        if message.is_none() {
            break;
        }
        if waiting_user(&db).await != Some(me.id) || new[0].notified.is_empty() {
            // A step within the turn: its own message, which pings nobody (the person is here).
            assert!(new[0].notified.is_empty(), "{new:?}");
            continue;
        }
        // Handed over and back: the run's message says what the person did, then what the
        // computers did, leading with the ping.
        hand_overs += 1;
        let text = new[0].content.clone().unwrap_or_default();
        assert_eq!(new[0].notified, vec![me.id], "{text}");
        assert!(text.starts_with(&format!("➡️ <@{}>", me.id)), "the ping leads: {text}");
        let told = text.lines().nth(1).unwrap_or_default();
        assert!(told.contains(&format!("**{}**", me.username)), "the person's step is told first: {text}");
        assert!(new[0].attachments.iter().any(|a| a.filename == "board.png"), "with the board");
        // The private "thinking…" stayed while the computers played: it went after their message.
        let sent = double.all_sent();
        let posted_at = sent.iter().position(|r| r.kind == ResponseKind::ChannelMessage && r.message_id == new[0].message_id);
        let gone_at = sent.iter().position(|r| r.kind == ResponseKind::DeleteOriginal && r.interaction_id == Some(id));
        assert!(posted_at.is_some() && posted_at < gone_at, "thinking… until the computers' message: {posted_at:?} {gone_at:?}");
        if hand_overs == 4 {
            break;
        }
    }
    assert!(hand_overs >= 4, "{hand_overs} hand-overs");
    assert_within_limits(&double);
}

/// `/away` on your turn: the computer plays it at once and pings the other player; `/back`:
/// your turns are yours again; `/replace player: you with: someone`: they are pinged and play
/// your seat by tapping the buttons already there, while your taps are refused privately.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn away_back_and_a_seat_handed_over_through_slash_commands() {
    let double = Double::start().await;
    let db = TempDb::new("e2e-seats");
    let clock = ManualClock::at(1_800_000_000_000);
    let (_bot, _) = connect(&double, &db, &clock).await;
    let a = Member::new(7001, "ana");
    let b = Member::new(7002, "ben");
    let c = Member::new(7003, "cleo");
    two_player_game(&double, &db, dd::slash("new", &a), &a, &b).await;
    if waiting_user(&db).await == Some(b.id) {
        play_turn_by_taps(&double, &db, &b).await;
    }
    assert_eq!(waiting_user(&db).await, Some(a.id));

    // Away on my turn: said in the channel (no ping), then the computer's turn pings Ben.
    let before = posts(&double).len();
    posting(&double, dd::slash("away", &a)).await;
    let new = new_posts(&double, before, 2, "the away notice and the computer's turn").await;
    let notice = new.iter().find(|p| p.content.as_deref().unwrap_or("").starts_with("💤")).expect("the away notice");
    let text = notice.content.clone().unwrap_or_default();
    assert!(text.contains("ana is away until they are back") && text.contains("starting with this one"), "{text}");
    assert!(notice.notified.is_empty(), "a notice pings nobody");
    let turn = new.iter().find(|p| !p.notified.is_empty()).expect("the computer's turn");
    assert_eq!(turn.notified, vec![b.id], "the computer played my turn; Ben is next: {:?}", turn.content);
    assert_eq!(new[0].content, notice.content, "the notice comes before the turn it explains: {new:#?}");
    settle(&double, &db, "after the computer's turn").await.expect("Ben's turn");
    assert_eq!(waiting_user(&db).await, Some(b.id));

    // Back: Ben's turn ends by pinging me, and the computer no longer plays mine.
    let before = posts(&double).len();
    posting(&double, dd::slash("back", &a)).await;
    let back = new_posts(&double, before, 1, "the back notice").await.remove(0);
    assert!(back.content.as_deref().unwrap_or("").contains("ana is back"), "{back:?}");
    assert!(back.notified.is_empty());
    let before = posts(&double).len();
    let current = play_turn_by_taps(&double, &db, &b).await.expect("my turn");
    let pinged: Vec<Response> = posts(&double)[before..].iter().filter(|p| !p.notified.is_empty()).cloned().collect();
    assert_eq!(pinged.len(), 1);
    assert_eq!(pinged[0].notified, vec![a.id], "back: my turn pings me");
    assert!(due(&db).await.iter().all(|d| d.kind != DueKind::Computer), "nothing for the computer to play");

    // I hand my seat to Cleo: she is pinged, and plays on with the buttons already there.
    let before = posts(&double).len();
    posting(&double, dd::slash("replace", &a).user("player", &a).user("with", &c)).await;
    let handed = new_posts(&double, before, 1, "the hand-over").await.remove(0);
    let text = handed.content.clone().unwrap_or_default();
    assert!(text.contains("ana handed their seat to cleo") && text.contains("It's your turn"), "{text}");
    assert_eq!(handed.notified, vec![c.id], "{text}");
    assert_eq!(handed.allowed_user_mentions(), Some(vec![c.id]));
    let still = settle(&double, &db, "after the hand-over").await.expect("the turn still waits");
    assert_eq!(still["id"], current["id"], "the turn's message keeps its buttons");
    let (_, version, _, _) = state(&db).await;
    let (id, value) = first_step_offered(&still);
    let refused = double.interact(tap(&id, value.as_deref(), &a)).await;
    let r = double.wait_response(refused, 2).await;
    let answer = private_answer(&r).unwrap_or_default();
    assert!(r[1].is_ephemeral() && answer.contains("not playing in this game"), "{r:?}");
    assert_eq!(state(&db).await.1, version, "my tap changed nothing");
    assert_eq!(waiting_user(&db).await, Some(c.id));
    let before = posts(&double).len();
    play_turn_by_taps(&double, &db, &c).await.expect("the game goes on");
    let pinged: Vec<Response> = posts(&double)[before..].iter().filter(|p| !p.notified.is_empty()).cloned().collect();
    assert_eq!(pinged.len(), 1);
    assert_eq!(pinged[0].notified, vec![b.id], "Cleo's turn handed over to Ben");
    assert_within_limits(&double);
}

/// A private post (a player's cards) reaches its player alone, by direct message, and never
/// the channel: not even when the player's direct messages are closed (then it is dropped,
/// owed no more, and the channel sees nothing).
#[tokio::test]
async fn a_private_post_reaches_its_player_alone_by_direct_message_and_never_the_channel() {
    use poise::serenity_prelude as serenity;
    use southseas::discord::deliver::{Via, send};
    use southseas::service::{Delivery, Reply};
    let double = Double::start().await;
    let http = double.http(dd::TOKEN);
    let db = TempDb::new("private-post");
    let service = Service::open(&db.url()).await.expect("service");
    let channel = serenity::ChannelId::new(4242);
    let (open, closed) = (600_001u64, 600_002u64);
    double.close_direct_messages(closed);
    for user in [open, closed] {
        let post = Reply {
            text: format!("Your hand, <@{user}>: 2 brick"),
            delivery: Delivery::Private { to: user },
            game: Some((7, 3)),
            ..Reply::default()
        };
        send(&http, &service, post, Via::Channel(channel)).await.expect("a post for the channel reports its failures itself");
    }
    let sent = double.channel_messages();
    let in_channel: Vec<&Response> = sent.iter().filter(|r| r.channel_id == Some(4242)).collect();
    assert!(in_channel.is_empty(), "nothing private in the channel: {in_channel:?}");
    let dm = double.dm_channel(open).expect("a direct message channel with the player");
    let to_open: Vec<&Response> = sent.iter().filter(|r| r.channel_id == Some(dm) && r.message_id.is_some()).collect();
    assert_eq!(to_open.len(), 1, "{sent:?}");
    assert!(to_open[0].content.as_deref().unwrap_or_default().contains("2 brick"));
    let closed_dm = double.dm_channel(closed);
    assert!(
        sent.iter().all(|r| r.channel_id.is_none() || r.channel_id != closed_dm || r.message_id.is_none()),
        "closed direct messages: nothing was posted for them ({sent:?})"
    );
}
