//! The game service over a real database: whole games, races, crashes and bad input. Each test
//! runs on a SQLite file and on a PostgreSQL schema (see `support::on_both_databases`).

use crate::pinned::{MANY_WAYS_TO_PAY, MARKET_FOR_ANOTHER, Pinned};
use crate::support::{PLACE, TempDb, on_both_databases, player};
use southseas::games::southseas::GameOptions;
use southseas::games::southseas::SouthSeas;
use southseas::games::southseas::codes::Code;
use southseas::games::southseas::typed::Step;
use southseas::service::{Actor, Command, ComponentId, Delivery, Reply, Service, ServiceError};
use southseas::store::Store;
use southseas_engine::scenario::Summary;
use southseas_engine::{Action, Bot, Game, Options, Pos, Rotation, Setup, Strategy};
use sqlx::Row;
use std::io::{BufRead, BufReader};
use std::sync::Arc;

async fn open(db: &TempDb) -> Service {
    Service::new(Store::open(&db.url()).await.expect("database opens"), None)
}

fn options(seed: u64) -> GameOptions {
    GameOptions { seed: Some(seed), ..GameOptions::default() }
}

/// Opens a lobby with `n` players and starts it; returns the actors by user id order.
async fn started(service: &Service, n: u64, seed: u64) -> Vec<Actor> {
    let actors: Vec<Actor> = (0..n).map(player).collect();
    service.create(PLACE, &actors[0], options(seed)).await.expect("create");
    for a in &actors[1..] {
        service.join(PLACE, a).await.expect("join");
    }
    service.start(PLACE, &actors[0]).await.expect("start");
    actors
}

/// The actor who must act now.
async fn to_act(service: &Service, actors: &[Actor]) -> Option<(Actor, Game, i64)> {
    let (game, version, _, _) = service.snapshot::<SouthSeas>(PLACE, 0).await.expect("snapshot");
    let seat = game.to_act()?;
    for a in actors {
        let (_, _, s, _) = service.snapshot::<SouthSeas>(PLACE, a.user_id).await.expect("snapshot");
        if s == Some(seat) {
            return Some((a.clone(), game, version));
        }
    }
    panic!("nobody sits at seat {seat}");
}

fn expect_user_error(result: Result<Reply, ServiceError>, contains: &str) {
    match result {
        Err(ServiceError::User(m)) => assert!(m.contains(contains), "message `{m}` should contain `{contains}`"),
        Err(ServiceError::Internal(e)) => panic!("internal error instead of a user error: {e:#}"),
        Ok(r) => panic!("accepted, but should be refused ({contains}): {}", r.text),
    }
}

/// Every row of every table, as text: "unchanged" means this is equal.
async fn dump(db: &TempDb) -> Vec<String> {
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&db.url()).await.expect("connect");
    let mut out = Vec::new();
    for (table, order) in [
        ("games", "id"),
        ("seats", "game_id, user_id"),
        ("actions", "game_id, seq"),
        ("abandon_votes", "game_id, user_id"),
        ("messages", "game_id, message_id"),
    ] {
        for row in sqlx::query(&format!("SELECT * FROM {table} ORDER BY {order}")).fetch_all(&pool).await.expect("select") {
            let cols: Vec<String> = (0..row.len())
                .map(|i| {
                    row.try_get::<i64, _>(i)
                        .map(|v| v.to_string())
                        .or_else(|_| row.try_get::<String, _>(i))
                        .unwrap_or_else(|_| "NULL".into())
                })
                .collect();
            out.push(format!("{table}: {}", cols.join("|")));
        }
    }
    pool.close().await;
    out
}

on_both_databases! {
async fn whole_games_survive_reopening_the_database_between_turns(db) {
    // Two games, one after the other in the channel (the first must end to free it).
    for (players, seed) in [(2u64, 11u64), (4, 12)] {
        let actors = started(&open(&db).await, players, seed).await;
        // The same bots play the engine alone, seat by seat, for comparison.
        let mut bots: Vec<Bot> = (0..players).map(|s| Bot::new(Strategy::Random, seed * 100 + s)).collect();
        let mut engine = Game::from_setup(Setup::standard(Options::default(), players as usize, seed)).unwrap();
        let mut turns = 0;
        loop {
            // A fresh service (new pool, empty cache) every turn: state comes from the file.
            let service = open(&db).await;
            let Some((actor, game, _)) = to_act(&service, &actors).await else { break };
            let seat = game.to_act().unwrap();
            loop {
                let (game, _, _, _) = service.snapshot::<SouthSeas>(PLACE, 0).await.unwrap();
                if game.is_over() || game.to_act() != Some(seat) {
                    break;
                }
                let action = bots[seat].choose(&game).unwrap();
                engine.apply(&action).expect("engine accepts what the service accepted");
                service.act(PLACE, &actor, action).await.unwrap_or_else(|e| panic!("{action}: {e}"));
            }
            service.store().close().await;
            turns += 1;
            assert!(turns < 500, "game does not end");
        }
        let service = open(&db).await;
        let (game, _, _, _) = service.snapshot::<SouthSeas>(PLACE, 0).await.unwrap();
        assert!(game.is_over());
        assert_eq!(serde_json::to_string(&Summary::of(&game)).unwrap(), serde_json::to_string(&Summary::of(&engine)).unwrap());
        assert_eq!(game.placed_tiles(), engine.placed_tiles());
    }
}
}

on_both_databases! {
async fn racing_clicks_on_one_turn_apply_exactly_once(db) {
    let service = Arc::new(open(&db).await);
    let actors = started(&service, 3, 5).await;
    for round in 0..3 {
        let (actor, game, version) = to_act(&service, &actors).await.unwrap();
        // Every legal action of this moment, clicked at once from two services (two processes'
        // worth of connections) and several tasks each.
        let other = Arc::new(open(&db).await);
        let actions = game.legal_actions();
        let mut tasks = Vec::new();
        for (i, action) in actions.iter().cycle().take(16).enumerate() {
            let svc = if i % 2 == 0 { Arc::clone(&service) } else { Arc::clone(&other) };
            let id = ComponentId::button(game_id(&service).await, version, Code::Act(*action));
            let actor = actor.clone();
            tasks.push(tokio::spawn(async move { svc.click(PLACE, &actor, &id, None).await }));
        }
        let mut applied = 0;
        for t in tasks {
            match t.await.unwrap() {
                Ok(_) => applied += 1,
                Err(ServiceError::User(m)) => {
                    assert!(m.contains("out of date"), "round {round}: {m}");
                    // Who acted first and what they did, in words, never the engine's syntax.
                    let first = m.lines().next().unwrap_or_default();
                    // The racing clicks are one player's own: their first step is what moved on.
                    assert!(first.contains("You took a step since (") && !first.contains('`'), "round {round}: {m}");
                    assert!(!["place ", "islander ", "deliver #", "choose #", "pay shells"].iter().any(|s| first.contains(s)), "{m}");
                }
                Err(e) => panic!("round {round}: {e}"),
            }
        }
        assert_eq!(applied, 1, "round {round}: exactly one racing click is applied");
        let (_, after, _, _) = service.snapshot::<SouthSeas>(PLACE, 0).await.unwrap();
        assert_eq!(after, version + 1);
    }
}
}

async fn game_id(service: &Service) -> i64 {
    service.status(PLACE, southseas::i18n::Locale::En).await.unwrap().game.unwrap().0
}

on_both_databases! {
async fn bad_input_gets_a_user_error_and_changes_nothing(db) {
    let service = open(&db).await;
    let actors = started(&service, 2, 3).await;
    let (actor, game, version) = to_act(&service, &actors).await.unwrap();
    let other = actors.iter().find(|a| a.user_id != actor.user_id).unwrap().clone();
    let stranger = player(99);
    let id = game_id(&service).await;
    let legal = game.legal_actions()[0];
    let before = dump(&db).await;

    expect_user_error(service.act(PLACE, &stranger, legal).await, "not playing");
    expect_user_error(service.act(PLACE, &other, legal).await, "not your turn");
    let occupied = Action::PlaceTile { pos: Pos::new(0, 0), rotation: Rotation::new(0).unwrap() };
    expect_user_error(service.act(PLACE, &actor, occupied).await, "already holds a tile");
    let far = Action::PlaceTile { pos: Pos::new(9, 9), rotation: Rotation::new(0).unwrap() };
    expect_user_error(service.act(PLACE, &actor, far).await, "does not touch");
    expect_user_error(service.act(PLACE, &actor, Action::EndTurn).await, "place the drawn tile");
    let stale = ComponentId::button(id, version - 1, Code::Act(legal));
    expect_user_error(service.click(PLACE, &actor, &stale, None).await, "out of date");
    let unknown_game = ComponentId::button(id + 50, version, Code::Act(legal));
    expect_user_error(service.click(PLACE, &actor, &unknown_game, None).await, "no longer exists");
    let elsewhere = southseas::service::Place { guild_id: 1, channel_id: 999 };
    expect_user_error(
        service.click(elsewhere, &actor, &ComponentId::button(id, version, Code::Act(legal)), None).await,
        "another channel",
    );
    expect_user_error(service.act(elsewhere, &actor, legal).await, "no game in this channel");
    for malformed in ["", "ss:", "ss:x:1:s", "ss:1:1:t9", "hello", "ss:1:1:p1,2"] {
        expect_user_error(service.click(PLACE, &actor, malformed, None).await, "isn't one I know");
    }
    expect_user_error(service.click(PLACE, &actor, &ComponentId::menu(id, version), Some("zz")).await, "isn't one I know");
    expect_user_error(service.join(PLACE, &stranger).await, "already started");
    expect_user_error(service.start(PLACE, &actor).await, "already started");
    expect_user_error(service.leave(PLACE, &actor).await, "can't leave");
    expect_user_error(service.undo(PLACE, &actor, None).await, "nothing to undo");
    expect_user_error(service.create(PLACE, &stranger, options(1)).await, "already open here: one game per channel or thread");
    assert_eq!(dump(&db).await, before, "refused input must not change the database");

    // The legal action still works afterwards.
    service.act(PLACE, &actor, legal).await.expect("legal action");
}
}

on_both_databases! {
async fn typed_steps_are_read_against_the_game_in_their_own_transaction(db) {
    let service = open(&db).await;
    let (ana, stranger) = (player(0), player(99));
    expect_user_error(service.act_typed::<SouthSeas>(PLACE, &ana, (Step::Place, "a 0".to_string())).await, "no running game");
    service.create(PLACE, &ana, options(4)).await.expect("create");
    expect_user_error(service.act_typed::<SouthSeas>(PLACE, &ana, (Step::Place, "a 0".to_string())).await, "no running game");
    service.abandon(PLACE, &ana).await.expect("abandon");
    let actors = started(&service, 2, 4).await;
    let (actor, game, version) = to_act(&service, &actors).await.unwrap();
    let spot = game.placement_spots().into_iter().next().expect("a spot");
    let typed = format!("{} {}", spot.label.to_lowercase(), spot.rotations[0].degrees());
    let before = dump(&db).await;
    expect_user_error(service.act_typed::<SouthSeas>(PLACE, &actor, (Step::Place, "ZZ 90".to_string())).await, "no spot `ZZ`");
    expect_user_error(service.act_typed::<SouthSeas>(PLACE, &stranger, (Step::Place, typed.clone())).await, "not playing");
    expect_user_error(service.act_typed::<SouthSeas>(PLACE, &actor, (Step::Pay, "🐙".to_string())).await, "Place your tile first");
    assert_eq!(dump(&db).await, before, "refused typed input must not change the database");

    service.act_typed::<SouthSeas>(PLACE, &actor, (Step::Place, typed.clone())).await.expect("the typed placement");
    let (after, now, _, _) = service.snapshot::<SouthSeas>(PLACE, 0).await.unwrap();
    assert_eq!(now, version + 1);
    assert!(after.tile_at(spot.pos).is_some(), "the tile is on the board");
    // The same text again is read against the game as it is now: the tile is placed.
    let again = service.act_typed::<SouthSeas>(PLACE, &actor, (Step::Place, typed.clone())).await;
    assert!(matches!(again, Err(ServiceError::User(_))), "{again:?}");
    assert_eq!(service.snapshot::<SouthSeas>(PLACE, 0).await.unwrap().1, now);
}
}

on_both_databases! {
async fn lobby_rules_and_one_open_game_per_channel(db) {
    let service = open(&db).await;
    let (a, b, c) = (player(1), player(2), player(3));
    let reply = service.create(PLACE, &a, GameOptions { max_players: 2, ..options(1) }).await.unwrap();
    assert!(reply.text.contains("Players (1/2)") && reply.buttons[0].len() == 4, "{}", reply.text);
    assert_eq!(reply.buttons[0][3].label, "Add computer");
    expect_user_error(service.start(PLACE, &a).await, "At least 2 players");
    expect_user_error(service.join(PLACE, &a).await, "already in this game");
    service.join(PLACE, &b).await.unwrap();
    expect_user_error(service.join(PLACE, &c).await, "full");
    expect_user_error(service.start(PLACE, &b).await, "Only the player who opened");
    // The schema itself refuses a second open game in the channel.
    let pool = sqlx::AnyPool::connect(&db.url()).await.unwrap();
    let second = sqlx::query(
        "INSERT INTO games (guild_id, channel_id, status, options, seed, creator_id, min_players, max_players, created_at, updated_at)
         VALUES (1, $1, 'active', '{}', 1, 1, 2, 5, 0, 0)",
    )
    .bind(PLACE.channel_id as i64)
    .execute(&pool)
    .await;
    assert!(second.is_err(), "unique index: one lobby or active game per channel");
    service.leave(PLACE, &b).await.unwrap();
    service.join(PLACE, &c).await.unwrap();
    let started = service.start(PLACE, &a).await.unwrap();
    assert!(started.text.contains("The game begins"), "{}", started.text);
    assert!(started.mention.is_some_and(|u| u == a.user_id || u == c.user_id));
    // The turn order starts with the player who moves first (the one pinged).
    let first = if started.mention == Some(a.user_id) { &a } else { &c };
    let listed = started.text.lines().find(|l| l.starts_with("1. ")).expect("a turn order");
    assert!(listed.contains(&first.name), "{}", started.text);
}
}

on_both_databases! {
async fn a_turn_reply_narrates_and_pings_only_the_next_player(db) {
    let service = open(&db).await;
    let actors = started(&service, 2, 8).await;
    let mut saw_turn_change = false;
    for _ in 0..12 {
        let (actor, game, _) = to_act(&service, &actors).await.unwrap();
        let action = Bot::new(Strategy::Greedy, 1).choose(&game).unwrap();
        let reply = service.act(PLACE, &actor, action).await.unwrap();
        let (after, _, _, _) = service.snapshot::<SouthSeas>(PLACE, 0).await.unwrap();
        let next = to_act(&service, &actors).await.unwrap().0;
        assert_eq!(reply.mention, Some(next.user_id), "the player to act is pinged");
        // The text mentions exactly the player it pings, on its first line: the prompt leads
        // (a phone's notification shows a message's first words).
        let ping = format!("<@{}>", next.user_id);
        assert_eq!(reply.text.matches("<@").count(), 1, "one mention, the pinged player's: {}", reply.text);
        assert!(reply.text.lines().next().unwrap().contains(&ping), "the ping leads: {}", reply.text);
        if after.turn() != game.turn() {
            saw_turn_change = true;
            assert!(reply.text.lines().count() >= 2, "the prompt, then what happened: {}", reply.text);
            assert!(reply.text.lines().next().unwrap().contains(&format!("{ping}, your turn: place tile")), "{}", reply.text);
            // A turn that ended because no ship could be paid ends silently.
            assert!(!reply.text.contains("can't pay"), "{}", reply.text);
        }
        assert!(reply.buttons.len() <= 5 && reply.buttons.iter().all(|r| r.len() <= 5));
        assert!(reply.text.len() <= 2000);
        // The standings once a round, where its first player's turn starts (not on each step,
        // nor on every turn: the picture shows the points): every player's score and score if
        // the game ended now.
        let standings = reply.text.lines().find(|l| l.starts_with("📊"));
        if after.turn() != game.turn() && (after.turn() - 1) % 2 == 0 {
            let standings = standings.unwrap_or_else(|| panic!("a standings line: {}", reply.text));
            let (scores, projected) = (after.scores(), after.projected_scores());
            for seat in 0..2 {
                assert!(standings.contains(&format!(" {} ({})", scores[seat].total, projected[seat].total)), "seat {seat}: {standings}");
            }
        } else {
            assert!(standings.is_none(), "said once a round, not on each step or turn: {}", reply.text);
        }
    }
    assert!(saw_turn_change);
}
}

on_both_databases! {
async fn undo_takes_back_a_step_but_never_a_reveal(db) {
    let service = open(&db).await;
    let actors = started(&service, 2, 21).await;
    let (actor, game, version) = to_act(&service, &actors).await.unwrap();
    let (pos, rotation) = game.legal_placements()[0];
    service.act(PLACE, &actor, Action::PlaceTile { pos, rotation }).await.unwrap();
    let (placed, _, _, _) = service.snapshot::<SouthSeas>(PLACE, 0).await.unwrap();
    if placed.to_act() == game.to_act() && !placed.is_over() && placed.turn() == game.turn() {
        let other = actors.iter().find(|a| a.user_id != actor.user_id).unwrap();
        expect_user_error(service.undo(PLACE, other, None).await, "wasn't yours");
        let reply = service.undo(PLACE, &actor, None).await.unwrap();
        assert!(reply.text.contains("undid the tile **"), "in words: {}", reply.text);
        // The spot by its letter on the picture (shown again after the undo), never its coordinates.
        let letter = &game.placement_spots().into_iter().find(|s| s.pos == pos).unwrap().label;
        assert!(reply.text.contains(&format!("at spot **{letter}**")), "names the spot: {}", reply.text);
        assert!(!reply.text.contains(&format!("({}, {})", pos.x, pos.y)), "no coordinates: {}", reply.text);
        assert!(!reply.text.contains(&format!("place {} {}", pos.x, pos.y)), "never the engine's syntax: {}", reply.text);
        let (back, v, _, _) = service.snapshot::<SouthSeas>(PLACE, 0).await.unwrap();
        assert_eq!(back.placed_tiles(), game.placed_tiles());
        assert_eq!(v, version + 2, "undo is a change of its own: old buttons go stale");
        service.act(PLACE, &actor, Action::PlaceTile { pos, rotation }).await.unwrap();
    }
    // Finish the turn; the step that drew the next tile can't be undone.
    loop {
        let (g, _, _, _) = service.snapshot::<SouthSeas>(PLACE, 0).await.unwrap();
        if g.turn() != game.turn() {
            break;
        }
        let a = Bot::new(Strategy::Random, 3).choose(&g).unwrap();
        service.act(PLACE, &actor, a).await.unwrap();
    }
    expect_user_error(service.undo(PLACE, &actor, None).await, "revealed");
}
}

on_both_databases! {
async fn abandon_by_creator_or_majority(db) {
    let service = open(&db).await;
    let actors = started(&service, 3, 2).await;
    let vote = service.abandon(PLACE, &actors[1]).await.unwrap();
    assert!(vote.text.contains("1 of 2"), "{}", vote.text);
    let done = service.abandon(PLACE, &actors[2]).await.unwrap();
    assert!(done.text.contains("abandoned"), "{}", done.text);
    // The channel is free again.
    service.create(PLACE, &actors[1], options(4)).await.unwrap();
    let end = service.abandon(PLACE, &actors[1]).await.unwrap();
    assert!(end.text.contains("abandoned"));
}
}

/// The child side of the crash test: plays bot turns forever against the database named in
/// the environment, printing each committed version. Does nothing in a normal test run.
#[tokio::test]
async fn crash_child() {
    let Ok(url) = std::env::var("SOUTHSEAS_CRASH_DB") else { return };
    let service = Service::new(Store::open(&url).await.unwrap(), None);
    let actors: Vec<Actor> = (0..3).map(player).collect();
    let mut bot = Bot::new(Strategy::Random, std::process::id() as u64);
    loop {
        let Some((actor, game, _)) = to_act(&service, &actors).await else { return };
        let action = bot.choose(&game).unwrap();
        let reply = service.act(PLACE, &actor, action).await.unwrap();
        println!("committed {}", reply.game.unwrap().1);
    }
}

on_both_databases! {
async fn killing_the_process_mid_turn_loses_and_doubles_nothing(db) {
    let service = open(&db).await;
    started(&service, 3, 77).await;
    let mut last_seen = service.snapshot::<SouthSeas>(PLACE, 0).await.unwrap().1;
    service.store().close().await;
    let mut rng = southseas_engine::Rng::new(5);
    for round in 0..12 {
        let mut child = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["service::crash_child", "--exact", "--nocapture", "--test-threads", "1"])
            .env("SOUTHSEAS_CRASH_DB", db.url())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(40 + rng.below(160) as u64));
        child.kill().unwrap();
        child.wait().unwrap();
        let printed: Vec<i64> = BufReader::new(child.stdout.take().unwrap())
            .lines()
            .map_while(Result::ok)
            .filter_map(|l| l.strip_prefix("committed ").and_then(|v| v.parse().ok()))
            .collect();
        let service = open(&db).await;
        let (game, version, _, _) = service.snapshot::<SouthSeas>(PLACE, 0).await.expect("the game loads after a kill");
        let reported = printed.last().copied().unwrap_or(last_seen);
        assert!(version >= reported, "round {round}: committed version {reported} lost (database has {version})");
        assert!(version <= reported + 1, "round {round}: more than the one in-flight action committed ({version} vs {reported})");
        let actions: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM actions").fetch_one(service.store().pool()).await.unwrap();
        let max_seq: i64 = sqlx::query_scalar("SELECT COALESCE(MAX(seq), 0) FROM actions").fetch_one(service.store().pool()).await.unwrap();
        assert_eq!(actions, max_seq, "round {round}: the log has no gaps or doubles");
        assert!(version >= last_seen);
        last_seen = version;
        service.store().close().await;
        if game.is_over() {
            break;
        }
    }
    assert!(last_seen > 10, "the children made progress ({last_seen})");
}
}

/// The channel stays quiet and truthful over whole games: no line for a completed feature
/// nobody was on, no "+0", "1 tile" not "1 tiles", and the game over ranks every player once,
/// with what the end gave them, in one message that nothing cuts off, even with five long names.
#[tokio::test]
async fn narration_is_quiet_and_truthful_over_whole_games() {
    let db = TempDb::new("narration");
    let service = open(&db).await;
    for (round, players) in [2u64, 5].into_iter().enumerate() {
        let place = southseas::service::Place { guild_id: 1, channel_id: 700 + round as u64 };
        let actors: Vec<Actor> = (0..players)
            .map(|n| Actor::new(5000 + round as u64 * 10 + n, format!("Bartholomew-Maximilian {n} the Magnificent 🦜🌴")))
            .collect();
        service.create(place, &actors[0], options(40 + round as u64)).await.unwrap();
        for a in &actors[1..] {
            service.join(place, a).await.unwrap();
        }
        service.start(place, &actors[0]).await.unwrap();
        let mut bot = Bot::new(Strategy::Greedy, 3);
        let mut last = None;
        loop {
            let (game, _, _, _) = service.snapshot::<SouthSeas>(place, 0).await.unwrap();
            let Some(seat) = game.to_act() else { break };
            let mut who = actors[0].clone();
            for a in &actors {
                if service.snapshot::<SouthSeas>(place, a.user_id).await.unwrap().2 == Some(seat) {
                    who = a.clone();
                }
            }
            let reply = service.act(place, &who, bot.choose(&game).unwrap()).await.unwrap();
            let text = &reply.text;
            assert!(text.chars().count() <= 2000, "{} chars", text.chars().count());
            assert!(!text.contains("nobody was on it"), "{text}");
            assert!(!text.contains("+0 "), "{text}");
            assert!(!text.contains("(1 tiles)"), "{text}");
            last = Some(reply);
        }
        let last_reply = last.expect("the game was played");
        let end = last_reply.text.clone();
        assert!(end.contains("**Game over!**"), "{end}");
        let ranked: Vec<&str> =
            end.lines().filter(|l| ["🥇", "🥈", "🥉", "4.", "5."].iter().any(|m| l.starts_with(m)) && l.contains(" point")).collect();
        assert_eq!(ranked.len(), players as usize, "one line per player: {end}");
        for a in &actors {
            assert_eq!(ranked.iter().filter(|l| l.contains(&a.name)).count(), 1, "{} once, whole: {end}", a.name);
        }
        let totals: Vec<u32> = ranked.iter().map(|l| l.split("— **").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap()).collect();
        assert!(totals.windows(2).all(|w| w[0] >= w[1]), "ranked best first: {totals:?}");
        assert!(!end.contains("🏁 Unfinished"), "end-game scoring grouped under each player: {end}");
        assert!(end.contains("King of the South Seas") || end.contains("Shared win"), "{end}");
        let mut pinged = last_reply.more_mentions.clone();
        pinged.sort();
        assert_eq!(pinged, actors.iter().map(|a| a.user_id).collect::<Vec<_>>(), "the end pings every player");
        assert!(last_reply.delivery.is_new_message(), "in a new message: an edit would notify nobody");
        // `/history` pages through the whole game, each page one message.
        let (over, _, _, _) = service.snapshot::<SouthSeas>(place, 0).await.unwrap();
        let mut placed = 0;
        let mut page = 1;
        loop {
            match service.history(place, page, southseas::i18n::Locale::En).await {
                Ok(r) => {
                    assert!(r.text.chars().count() <= 2000, "page {page}: {} chars", r.text.chars().count());
                    assert!(r.text.starts_with(&format!("**History, page {page} of ")), "{}", r.text);
                    let tiles: Vec<&str> = r.text.lines().filter(|l| l.contains(" placed tile **")).collect();
                    // Read without a picture, each says where the tile went, in words.
                    for line in &tiles {
                        assert!(line.ends_with(" of the start tile."), "{line}");
                    }
                    placed += tiles.len();
                    page += 1;
                }
                Err(ServiceError::User(m)) => {
                    assert!(m.contains(&format!("has {} page", page - 1)), "{m}");
                    break;
                }
                Err(e) => panic!("{e}"),
            }
        }
        assert!(page > 3, "a whole game takes several pages");
        assert_eq!(placed, over.placed_tiles().len() - 1, "every placed tile is told once over the pages");
    }
}

/// A tile that fits in more ways than one menu holds is still placed by taps: a menu of spots
/// (paged when they are many, none left out), then buttons for the turns that fit at the
/// chosen spot. The view changes nothing and is only for the player placing.
#[tokio::test]
async fn a_tile_that_fits_in_many_ways_is_placed_by_taps() {
    let db = TempDb::new("taps");
    let service = open(&db).await;
    let actors = started(&service, 2, 31).await;
    let mut bot = Bot::new(Strategy::Random, 4);
    let mut turn_message = None;
    // Play until the drawn tile fits in more than 25 ways.
    loop {
        let (actor, game, _) = to_act(&service, &actors).await.expect("a long enough game");
        let ways: usize = game.placement_spots().iter().map(|s| s.rotations.len()).sum();
        if game.phase() == southseas_engine::Phase::PlaceTile && ways > 25 {
            break;
        }
        turn_message = Some(service.act(PLACE, &actor, bot.choose(&game).unwrap()).await.unwrap());
    }
    let (actor, game, version) = to_act(&service, &actors).await.unwrap();
    let other = actors.iter().find(|a| a.user_id != actor.user_id).unwrap().clone();
    let message = turn_message.expect("a turn message");
    let menu = message.menu.clone().expect("a menu of spots");
    assert!(menu.options.len() <= 25);
    // Every spot is reachable through the pages of the menu.
    let mut seen = Vec::new();
    let mut options = menu.options.clone();
    for _ in 0..10 {
        let mut next = None;
        for o in &options {
            match Code::parse(&o.value) {
                Some(Code::Spot(pos)) => seen.push(pos),
                Some(Code::Act(Action::PlaceTile { pos, .. })) => seen.push(pos),
                Some(Code::Spots(page)) => next = Some(o.value.clone()).filter(|_| page != 1),
                other => panic!("unexpected option {other:?}"),
            }
        }
        let Some(value) = next else { break };
        let page = service.click(PLACE, &actor, &menu.id, Some(&value)).await.unwrap();
        assert!(page.delivery == Delivery::ComponentsOnly && page.text.is_empty(), "a page of spots changes only the menu");
        options = page.menu.expect("the next page").options;
    }
    let mut expected: Vec<Pos> = game.placement_spots().iter().map(|s| s.pos).collect();
    expected.sort_by_key(|p| (p.x, p.y));
    seen.sort_by_key(|p| (p.x, p.y));
    seen.dedup();
    assert_eq!(seen, expected, "no spot is left out");
    // A spot with several turns: its turns as buttons, for the player placing only.
    let spot = game.placement_spots().into_iter().find(|s| s.rotations.len() > 1).expect("a spot with several turns");
    let value = Code::Spot(spot.pos).code();
    expect_user_error(service.click(PLACE, &other, &menu.id, Some(&value)).await, "not your turn");
    let view = service.click(PLACE, &actor, &menu.id, Some(&value)).await.unwrap();
    assert!(view.delivery == Delivery::ComponentsOnly);
    let turns: Vec<&southseas::service::Button> = view.buttons[0].iter().collect();
    assert_eq!(turns.len(), spot.rotations.len());
    assert!(view.buttons[1].iter().any(|b| b.label.contains("Other spots")));
    assert_eq!(service.snapshot::<SouthSeas>(PLACE, 0).await.unwrap().1, version, "looking changes nothing");
    // Tapping a turn places the tile there.
    let last = turns.last().unwrap();
    let placed = service.click(PLACE, &actor, &last.id, None).await.unwrap();
    let (after, _, _, _) = service.snapshot::<SouthSeas>(PLACE, 0).await.unwrap();
    assert_eq!(after.tile_at(spot.pos).map(|t| t.rotation), Some(*spot.rotations.last().unwrap()), "{}", placed.text);
}

/// Starts the pinned game with two players and plays its actions through the service, each by
/// the player who must act. Returns the players by seat and the last reply.
async fn play_pinned(service: &Service, pinned: &Pinned) -> (Vec<Actor>, Reply) {
    let actors = started(service, 2, pinned.seed).await;
    let mut by_seat = Vec::new();
    for seat in 0..2 {
        for a in &actors {
            if service.snapshot::<SouthSeas>(PLACE, a.user_id).await.unwrap().2 == Some(seat) {
                by_seat.push(a.clone());
            }
        }
    }
    let mut last = None;
    for (i, action) in pinned.actions().into_iter().enumerate() {
        let (game, _, _, _) = service.snapshot::<SouthSeas>(PLACE, 0).await.unwrap();
        let actor = &by_seat[game.to_act().expect("the pinned game is not over")];
        last = Some(service.act(PLACE, actor, action).await.unwrap_or_else(|e| panic!("pinned action {i} `{action}`: {e}")));
    }
    (by_seat, last.expect("pinned actions"))
}

/// The actions a reply offers, from its buttons and its menu.
fn offered(reply: &Reply) -> Vec<Action> {
    let buttons =
        reply.buttons.iter().flatten().filter_map(|b| ComponentId::parse(&b.id).and_then(|c| c.command.as_ref().and_then(Code::of)));
    let menu = reply.menu.iter().flat_map(|m| &m.options).filter_map(|o| Code::parse(&o.value));
    buttons.chain(menu).filter_map(|c| if let Code::Act(a) = c { Some(a) } else { None }).collect()
}

on_both_databases! {
/// The market's ship is chosen by the merchant's owner (GAME_SPEC, turn step 3), who need not be
/// the active player: when the active player's tile closes someone else's market and the best
/// ships on display are worth the same, the choice is theirs. It is handed to them in a new
/// message that pings them, and only them; they, not the active player, choose.
async fn a_market_ship_choice_for_another_player_pings_them_in_a_new_message(db) {
    let service = open(&db).await;
    let (players, reply) = play_pinned(&service, &MARKET_FOR_ANOTHER).await;
    let (game, _, _, _) = service.snapshot::<SouthSeas>(PLACE, 0).await.unwrap();
    let active = game.active_player();
    let southseas_engine::Phase::MarketShip { player } = game.phase() else { panic!("a market choice: {:?}", game.phase()) };
    let chooser = player as usize;
    assert_ne!(chooser, active, "the choice falls to the merchant's owner, not to the player whose tile closed the market");
    assert_eq!(game.to_act(), Some(chooser));
    let (placer, owner) = (&players[active], &players[chooser]);
    // A new message (an edit notifies nobody) that pings exactly the chooser.
    assert!(reply.delivery.is_new_message(), "{}", reply.text);
    assert_eq!(reply.mention, Some(owner.user_id));
    assert!(reply.more_mentions.is_empty(), "{:?}", reply.more_mentions);
    assert!(reply.text.starts_with(&format!("➡️ <@{}>: your merchant's market is complete", owner.user_id)), "{}", reply.text);
    // It offers the choice: the most valuable ships, one each, and nothing else (no undo).
    let choices = game.market_choices();
    assert!(choices.len() > 1, "a real choice");
    assert_eq!(offered(&reply), choices.iter().map(|&ship| Action::ChooseShip { ship }).collect::<Vec<_>>());
    assert!(reply.buttons.iter().flatten().all(|b| ComponentId::parse(&b.id).and_then(|c| c.command) != Some(Command::Undo)));
    // The active player cannot choose for them; the chooser can, by a tap on the message.
    let pick = choices[1];
    let button = reply.buttons.iter().flatten().find(|b| b.id.ends_with(&Code::Act(Action::ChooseShip { ship: pick }).code())).unwrap();
    expect_user_error(service.click(PLACE, placer, &button.id, None).await, &format!("**{}** to choose a ship for their market", owner.name));
    let chosen = service.click(PLACE, owner, &button.id, None).await.expect("the merchant's owner chooses");
    let (after, _, _, _) = service.snapshot::<SouthSeas>(PLACE, 0).await.unwrap();
    assert_eq!(after.player(chooser).ships.last(), Some(&pick), "{}", chosen.text);
    assert!(!after.player(active).ships.contains(&pick));
    // The game goes back to whoever acts next, pinged in a new message unless it is the chooser.
    let next = &players[after.to_act().expect("the game goes on")];
    assert_eq!(chosen.mention, Some(next.user_id));
    assert_eq!(chosen.delivery.is_new_message(), next.user_id != owner.user_id, "{}", chosen.text);
}
}

on_both_databases! {
/// A ship paid in more ways than one menu holds: the pages of the payment menu, each within
/// Discord's limits, hold every way to pay once; a payment picked on page 2 is paid exactly.
async fn every_way_to_pay_is_on_a_page_and_page_two_pays(db) {
    use southseas::service::reply::{MAX_ID_CHARS, MAX_LABEL_CHARS, MAX_MENU_OPTIONS};
    let service = open(&db).await;
    let (players, reply) = play_pinned(&service, &MANY_WAYS_TO_PAY).await;
    let (game, version, _, _) = service.snapshot::<SouthSeas>(PLACE, 0).await.unwrap();
    let southseas_engine::Phase::Payment { ship } = game.phase() else { panic!("a payment: {:?}", game.phase()) };
    let seat = game.to_act().unwrap();
    let (payer, other) = (&players[seat], &players[1 - seat]);
    let legal = game.legal_actions();
    assert!(legal.len() > MAX_MENU_OPTIONS, "more ways to pay than one menu holds: {}", legal.len());
    let menu = reply.menu.clone().expect("a menu of payments");
    // Walk the pages as a player would, by the option that leads on.
    let mut pages = vec![menu.options.clone()];
    loop {
        let next = pages.last().unwrap().iter().find_map(|o| match Code::parse(&o.value) {
            Some(Code::Payments(p)) if p != 1 => Some(o.value.clone()),
            _ => None,
        });
        let Some(value) = next else { break };
        expect_user_error(service.click(PLACE, other, &menu.id, Some(&value)).await, "not your turn");
        let page = service.click(PLACE, payer, &menu.id, Some(&value)).await.unwrap();
        assert!(page.delivery == Delivery::ComponentsOnly && page.text.is_empty(), "a page changes only the menu");
        assert!(pages.len() < 5, "the pages lead back to the first");
        pages.push(page.menu.expect("the next page").options);
    }
    assert_eq!(pages.len(), legal.len().div_ceil(MAX_MENU_OPTIONS - 1));
    let mut seen = Vec::new();
    for (i, options) in pages.iter().enumerate() {
        assert!(options.len() <= MAX_MENU_OPTIONS, "page {}: {} options", i + 1, options.len());
        for o in options {
            assert!(o.value.chars().count() <= MAX_ID_CHARS && o.label.chars().count() <= MAX_LABEL_CHARS, "{o:?}");
            assert!(!o.label.is_empty());
            if let Some(Code::Act(a)) = Code::parse(&o.value) {
                seen.push(a);
            }
        }
        let leads_on = Code::Payments(((i + 1) % pages.len() + 1) as u8);
        assert_eq!(options.last().and_then(|o| Code::parse(&o.value)), Some(leads_on), "page {} leads on", i + 1);
    }
    assert!(menu.id.chars().count() <= MAX_ID_CHARS);
    assert_eq!(seen, legal, "every way to pay, once each, in order");
    assert_eq!(service.snapshot::<SouthSeas>(PLACE, 0).await.unwrap().1, version, "looking at pages changes nothing");
    // Pay the last way of page 2.
    let Some(Code::Act(Action::Pay { payment })) = pages[1].iter().rev().find_map(|o| match Code::parse(&o.value) {
        c @ Some(Code::Act(_)) => Some(c),
        _ => None,
    }).flatten() else { panic!("a payment on page 2") };
    assert!(!pages[0].iter().any(|o| o.value == Code::Act(Action::Pay { payment }).code()), "not on page 1");
    let before = game.player(seat).wares;
    service.click(PLACE, payer, &menu.id, Some(&Code::Act(Action::Pay { payment }).code())).await.expect("paid");
    let (after, _, _, _) = service.snapshot::<SouthSeas>(PLACE, 0).await.unwrap();
    assert_eq!(Some(after.player(seat).wares), before.checked_sub(&payment), "exactly that payment: {payment:?}");
    assert_eq!(after.player(seat).ships.last(), Some(&ship));
}
}

on_both_databases! {
/// Round trips per tap (issue #31): a tap's path is one session, its write transaction (the
/// tapped message recorded in it); what the step knew at its commit comes with the reply (its
/// table, the messages it made old). The record of its delivery (the post, the retirements)
/// is no session of the handler's: the process's writer of delivery records commits it, with
/// every record handed to it meanwhile. One after another, each delivery is a commit of the
/// writer's; handed over together, several games' deliveries are one commit (or two, when the
/// writer took the first before the others were handed over), so N taps at once cost N writes
/// on their paths and one or two more, not 2N.
async fn a_tap_is_one_write_and_deliveries_share_their_commits(db) {
    use southseas::service::Origin;
    use southseas::store::{Tally, tallied};
    let service = open(&db).await;
    let actors = started(&service, 2, 7).await;
    let game_id = service.status(PLACE, southseas::i18n::Locale::En).await.unwrap().game.unwrap().0;
    let mut shown = 4_000u64;
    let (mut in_place, mut handed_over) = (0, 0);
    for _ in 0..12 {
        let (actor, game, version) = to_act(&service, &actors).await.unwrap();
        let action = Bot::new(Strategy::Greedy, 1).choose(&game).unwrap();
        let id = ComponentId::parse(&ComponentId::button(game_id, version, Code::Act(action))).unwrap();
        let (reply, tally) = tallied(service.tap(PLACE, &actor, &id, None, Origin::Clicked { message: shown, version })).await;
        let reply = reply.unwrap_or_else(|e| panic!("{action}: {e}"));
        assert_eq!(tally, Tally { sessions: 1, writes: 1 }, "{action}: the step");
        let at = reply.known.at_commit().expect("what the step knew");
        let (game, version) = reply.game.unwrap();
        let new = reply.delivery.is_new_message();
        // Made old by the step: the tapped message when the step is a new one, nothing else.
        let old: Vec<u64> = at.retire.iter().map(|r| r.2).collect();
        assert_eq!(old, if new { vec![shown] } else { vec![] }, "{action}");
        let posted = if new { shown + 1 } else { shown };
        let before = service.record_counts();
        let (retire, tally) = tallied(service.delivered_retiring(game, version, Some(posted), &old)).await;
        assert_eq!(retire.unwrap(), vec![], "{action}: nothing left to retire");
        assert_eq!(tally, Tally::default(), "{action}: the delivery's record takes no session of the handler's");
        let after = service.record_counts();
        assert_eq!(
            (after.commits - before.commits, after.records - before.records, after.sessions - before.sessions),
            (1, 1, 1),
            "{action}: alone, the writer's own commit in one session"
        );
        if new { handed_over += 1 } else { in_place += 1 }
        shown = posted;
    }
    assert!(in_place > 0 && handed_over > 0, "{in_place} in place, {handed_over} handed over");

    // Eight games start at once: each start owes its channel a post; their deliveries are handed
    // over together.
    let mut owed = Vec::new();
    for table in 0..8u64 {
        let place = southseas::service::Place { guild_id: 1, channel_id: 700 + table };
        let (a, b) = (player(10 + 2 * table), player(11 + 2 * table));
        service.create(place, &a, options(table)).await.expect("create");
        service.join(place, &b).await.expect("join");
        owed.push(service.start(place, &a).await.expect("start").game.expect("its game"));
    }
    let before = service.record_counts();
    let delivered = futures_util::future::join_all(
        owed.iter().map(|&(game, version)| tallied(service.delivered_retiring(game, version, Some(9_000 + game as u64), &[]))),
    )
    .await;
    for (retire, tally) in delivered {
        assert_eq!(retire.unwrap(), vec![]);
        assert_eq!(tally, Tally::default(), "no session of the handlers'");
    }
    let after = service.record_counts();
    assert_eq!(after.records - before.records, 8, "every delivery recorded");
    let commits = after.commits - before.commits;
    assert!((1..=2).contains(&commits), "8 deliveries at once: {commits} commits");
    let mut conn = service.store().pool().acquire().await.unwrap();
    for &(game, version) in &owed {
        let left: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE game_id = $1 AND version = $2")
            .bind(game)
            .bind(version)
            .fetch_one(&mut *conn)
            .await
            .unwrap();
        assert_eq!(left, 0, "game {game}: its post is owed no more");
    }
}
}
