//! After the last move, through the service: a deal anyone can check (a commitment in the
//! first message, seed and salt in the game-over message, `verify` on the public history; a
//! tampered seed caught), and stats and ratings recomputed from the stored finished games.

use crate::support::{PLACE, TempDb, all_posted, on_both_databases, player};
use seafarers_engine::Strategy as SfStrategy;
use southseas::common::deal::{PublicHistory, commitment};
use southseas::games::Strength;
use southseas::games::seafarers::{Seafarers, SeafarersOptions};
use southseas::games::southseas::{GameOptions, SouthSeas};
use southseas::games::{GameKind, Pictures, verify_deal};
use southseas::service::stats::{Finished, Rated, ratings};
use southseas::service::{Actor, Delivery, Reply, Service, ServiceError, SettingsChange};
use southseas::store::{self, GameRecord, Store};
use southseas_engine::{Bot, Strategy};

async fn open(db: &TempDb) -> Service {
    Service::new(Store::open(&db.url()).await.expect("database opens"), None)
}

/// The channel's newest game, as stored.
async fn record(service: &Service) -> GameRecord {
    let mut conn = service.store().pool().acquire().await.expect("connection");
    store::latest_game_in_channel(&mut conn, PLACE.channel_id).await.expect("read").expect("a game")
}

/// Game `id` and its seats, as stored.
async fn stored(service: &Service, id: i64) -> (GameRecord, Vec<store::SeatRecord>) {
    let mut conn = service.store().pool().acquire().await.expect("connection");
    let game = store::game(&mut conn, id).await.expect("read").expect("the game");
    (game, store::seats(&mut conn, id).await.expect("seats"))
}

async fn sql(service: &Service, statement: &str) {
    let mut conn = service.store().pool().acquire().await.expect("connection");
    sqlx::query(statement).execute(&mut *conn).await.expect(statement);
}

/// Opens a South Seas lobby for `people` (and a computer of `computer`'s strength), starts it.
async fn start_south_seas(service: &Service, people: &[Actor], seed: u64, computer: Option<Strength>) -> Reply {
    let options = GameOptions { seed: Some(seed), ..GameOptions::default() };
    service.create(PLACE, &people[0], options).await.expect("create");
    for a in &people[1..] {
        service.join(PLACE, a).await.expect("join");
    }
    if let Some(strength) = computer {
        service.add_computer(PLACE, &people[0], strength).await.expect("a computer sits down");
    }
    service.start(PLACE, &people[0]).await.expect("start")
}

/// Plays the channel's South Seas game to its end, people as the engine's random bots and the
/// computer by the scheduler; undoes one step on the way when `undo`. Returns the last reply.
async fn play_south_seas(service: &Service, people: &[Actor], seed: u64, undo: bool) -> Reply {
    play_south_seas_for(service, people, seed, undo, 5_000).await.expect("the game never ends")
}

/// Plays the channel's South Seas game as [`play_south_seas`] does, `rounds` times at most (a
/// step of a person, or a run of the computer). The last reply once the game is over; None if
/// it still runs.
async fn play_south_seas_for(service: &Service, people: &[Actor], seed: u64, undo: bool, rounds: u64) -> Option<Reply> {
    let mut last = Reply::default();
    let mut undone = !undo;
    for step in 0..rounds {
        let (game, _, _, _) = service.snapshot::<SouthSeas>(PLACE, 0).await.expect("snapshot");
        if game.is_over() {
            return Some(last);
        }
        let seat = game.to_act().expect("someone acts");
        let mut actor = None;
        for a in people {
            if service.snapshot::<SouthSeas>(PLACE, a.user_id).await.expect("snapshot").2 == Some(seat) {
                actor = Some(a.clone());
            }
        }
        let Some(actor) = actor else {
            all_posted(service).await;
            for r in service.run_due().await.expect("the computer plays") {
                last = r;
            }
            continue;
        };
        let action = Bot::new(Strategy::Random, seed ^ step).choose(&game).expect("a move");
        last = service.act(PLACE, &actor, action).await.unwrap_or_else(|e| panic!("{action}: {e}"));
        if !undone && step > 10 && service.undo(PLACE, &actor, None).await.is_ok() {
            undone = true;
        }
    }
    None
}

/// Plays the channel's Seafarers game to its end, each waiting person as the engine's greedy
/// bot. Returns the last reply.
async fn play_seafarers(service: &Service, people: &[Actor], seed: u64) -> Reply {
    let mut seats = Vec::new();
    for a in people {
        seats.push(service.snapshot::<Seafarers>(PLACE, a.user_id).await.expect("snapshot").2.expect("seated"));
    }
    let mut last = Reply::default();
    for step in 0..20_000u64 {
        let (game, _, _, _) = service.snapshot::<Seafarers>(PLACE, 0).await.expect("snapshot");
        if game.is_over() {
            return last;
        }
        let seat = game.to_act()[0];
        let actor = &people[seats.iter().position(|&s| s == seat).expect("a person owes it")];
        let action = seafarers_engine::Bot::new(SfStrategy::Greedy, seed ^ step).choose(&game, seat).expect("a move");
        last = service.act(PLACE, actor, action).await.unwrap_or_else(|e| panic!("{action}: {e}"));
    }
    panic!("the game never ends");
}

/// Checks the deal of the channel's finished game: the commitment was in `opening`, seed and
/// salt are in `last`, the public history verifies; a wrong seed, and then a tampered stored
/// seed, are caught with the first difference named.
async fn check_deal(service: &Service, opening: &Reply, last: &Reply, salt_at_start: &str) {
    let r = record(service).await;
    assert_eq!(r.status, store::Status::Finished);
    let salt = r.salt.clone().expect("a game started now has a salt");
    assert_eq!(salt, salt_at_start, "undo and a restart change nothing of the deal");
    let hash = commitment(r.seed, &salt);
    assert!(opening.text.contains(&hash), "the first message publishes the commitment: {}", opening.text);
    assert!(!opening.text.contains(&r.seed.to_string()) && !opening.text.contains(&salt), "never the seed or the salt");
    assert!(last.text.contains(&r.seed.to_string()) && last.text.contains(&salt), "the game-over message reveals them: {}", last.text);

    let text = service.public_history(r.id).await.expect("the public history").to_text();
    assert!(!text.contains(&salt) && !text.contains(&format!(" {} ", r.seed)), "the history holds neither seed nor salt");
    let history = PublicHistory::parse(&text).expect("it reads back");
    let honest = verify_deal(&history, r.seed, &salt, Some(&hash)).expect("a game of ours");
    assert!(honest.honest() && honest.outcomes > 10, "{honest:?}");

    let wrong = verify_deal(&history, r.seed + 1, &salt, Some(&hash)).unwrap();
    assert_eq!(wrong.hash_matches, Some(false));
    assert!(wrong.mismatch.as_deref().is_some_and(|m| m.contains("the history shows")), "{wrong:?}");

    // The operator changes the stored seed after the fact: what the end would reveal no longer
    // hashes to the commitment, nor deals the game the table saw.
    sql(service, &format!("UPDATE games SET seed = seed + 7 WHERE id = {}", r.id)).await;
    let tampered = record(service).await;
    let file = std::env::temp_dir().join(format!("southseas-history-{}-{}.txt", std::process::id(), r.id));
    std::fs::write(&file, &text).unwrap();
    let (ok, report) = southseas::cli::deal::verify(&file, tampered.seed, &salt, Some(&hash)).expect("verify runs");
    assert!(!ok && report.contains("DOES NOT MATCH") && report.contains("First difference"), "{report}");
    let (ok, report) = southseas::cli::deal::verify(&file, r.seed, &salt, None).expect("verify runs");
    assert!(ok && report.ends_with("VERIFIED\n"), "{report}");
    std::fs::remove_file(&file).ok();
    sql(service, &format!("UPDATE games SET seed = {} WHERE id = {}", r.seed as i64, r.id)).await;
}

on_both_databases! {
async fn a_south_seas_deal_is_committed_revealed_and_verified(db) {
    let service = open(&db).await;
    let people = [player(0), player(1), player(2)];
    let seed = 9_876_543_210_123;
    let opening = start_south_seas(&service, &people, seed, None).await;
    let salt = record(&service).await.salt.expect("drawn at the start");
    // A restart: a new service over the same database.
    drop(service);
    let service = open(&db).await;
    let last = play_south_seas(&service, &people, seed, true).await;
    check_deal(&service, &opening, &last, &salt).await;
    // /history of the finished game brings its public history as a file.
    let history = service.history(PLACE, 1, southseas::i18n::Locale::En).await.expect("history");
    assert!(history.images.iter().any(|i| i.name.ends_with("-history.txt")), "{:?}", history.images);
}
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seafarers_deal_is_committed_revealed_and_verified() {
    let db = TempDb::new("seafarers-deal");
    let service = open(&db).await;
    let people = [player(0), player(1), player(2)];
    let seed = 8_765_432_101_234;
    let options = SeafarersOptions { scenario: "base".into(), seed: Some(seed), ..SeafarersOptions::default() };
    service.create(PLACE, &people[0], options).await.expect("create");
    for a in &people[1..] {
        service.join(PLACE, a).await.expect("join");
    }
    let opening = service.start(PLACE, &people[0]).await.expect("start");
    let salt = record(&service).await.salt.expect("drawn at the start");
    let mut last = play_seafarers(&service, &people, seed).await;
    check_deal(&service, &opening, &last, &salt).await;
    // The end leads with the winner, pings the table, shows the recap and offers a rematch.
    assert!(last.text.starts_with("🏁 ") && last.text.contains(" wins with **"), "{}", last.text);
    let service = service.with_images(Pictures::all());
    service.attach_images(&mut last).await.expect("the pictures");
    check_recap(&last);
    assert!(last.buttons.iter().flatten().any(|b| b.label == "Rematch"), "{:?}", last.buttons);
}

/// The game-over message's one picture is the recap: the final board under the chart and the
/// figures, at least as wide as a phone reads at 400 px.
fn check_recap(last: &Reply) {
    assert_eq!(last.images.len(), 1, "{:?}", last.images.iter().map(|i| &i.name).collect::<Vec<_>>());
    assert_eq!(last.images[0].name, "recap.png");
    let recap = image::load_from_memory(&last.images[0].png).expect("a PNG");
    assert!(recap.width() >= 1000 && recap.height() > 1000, "{}×{}", recap.width(), recap.height());
}

/// A game started before deals were committed (no salt) says it has no commitment, at the end
/// and in its history, rather than invent one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_older_game_says_it_has_no_commitment() {
    let db = TempDb::new("no-commitment");
    let service = open(&db).await;
    let people = [player(0), player(1)];
    start_south_seas(&service, &people, 5, None).await;
    sql(&service, "UPDATE games SET salt = NULL").await;
    let last = play_south_seas(&service, &people, 5, false).await;
    assert!(last.text.contains("began before deals were committed"), "{}", last.text);
    let r = record(&service).await;
    let history = service.public_history(r.id).await.expect("history");
    assert_eq!(history.commitment, None);
    assert!(history.to_text().contains("commitment none"));
    let verdict = verify_deal(&history, r.seed, "00", None).unwrap();
    assert_eq!((verdict.hash_matches, verdict.mismatch.is_none(), verdict.honest()), (None, true, false), "{verdict:?}");

    // `southseas replay`: every step's picture, the opening first.
    let steps = history.entries.iter().filter(|e| matches!(e, southseas::common::deal::Entry::Step { .. })).count();
    let out = std::env::temp_dir().join(format!("southseas-replay-{}", std::process::id()));
    let written = southseas::cli::replay::run(&db.url(), r.id, &out).await.expect("replay");
    assert_eq!(written.len(), steps + 1, "one picture per step and the opening");
    assert!(std::fs::read(out.join("step-000.png")).unwrap().starts_with(b"\x89PNG"));
    std::fs::remove_dir_all(&out).ok();
}

on_both_databases! {
async fn a_finished_game_leads_with_its_winner_shows_its_recap_and_offers_a_rematch(db) {
    let service = open(&db).await.with_images(Pictures::all());
    let (ana, bo, stranger) = (player(0), player(1), player(4));
    let people = [ana.clone(), bo.clone()];
    start_south_seas(&service, &people, 77, Some(Strength::Easy)).await;
    let finished = record(&service).await.id;
    let mut last = play_south_seas(&service, &people, 77, false).await;
    assert!(last.text.starts_with("🏁 👑 "), "the end leads with who won: {}", last.text);
    assert_eq!(last.delivery, Delivery::New, "a new message: it pings");
    for p in &people {
        assert!(last.mention == Some(p.user_id) || last.more_mentions.contains(&p.user_id), "{} is pinged", p.name);
    }
    service.attach_images(&mut last).await.expect("the pictures");
    check_recap(&last);

    let rematch = last.buttons.iter().flatten().find(|b| b.label == "Rematch").expect("a Rematch button").id.clone();
    match service.click(PLACE, &stranger, &rematch, None).await {
        Err(ServiceError::User(m)) => assert!(m.contains("Only the people who played"), "{m}"),
        other => panic!("someone who did not play cannot call a rematch: {other:?}"),
    }
    // Bo taps Rematch: a lobby with the same options and computer, Bo seated, Ana pinged.
    let lobby = service.click(PLACE, &bo, &rematch, None).await.expect("a rematch opens");
    assert!(lobby.text.contains(&format!("rematch of game #{finished}")), "{}", lobby.text);
    assert_eq!((lobby.delivery.clone(), lobby.more_mentions.clone()), (Delivery::New, vec![ana.user_id]), "Ana is pinged");
    assert!(lobby.buttons.iter().flatten().any(|b| b.label == "Join"), "one tap to join");
    let (old, new) = (stored(&service, finished).await.0, record(&service).await);
    assert_eq!((new.status, new.creator_id), (store::Status::Lobby, bo.user_id));
    assert_eq!((&new.options, new.ruleset, new.kind, new.turn_limit_secs), (&old.options, old.ruleset, old.kind, old.turn_limit_secs));
    let seats = stored(&service, new.id).await.1;
    assert_eq!(seats.len(), 2, "Bo and the computer: {seats:?}");
    assert_eq!(seats[1].computer, Some(Strength::Easy), "the computer sits again at its strength");
    // Ana's own tap on the old Rematch joins the lobby Bo opened; a second tap says she sits.
    service.click(PLACE, &ana, &rematch, None).await.expect("Ana joins with the same button");
    assert_eq!(stored(&service, new.id).await.1.len(), 3);
    match service.click(PLACE, &ana, &rematch, None).await {
        Err(ServiceError::User(m)) => assert!(m.contains("already seated"), "{m}"),
        other => panic!("{other:?}"),
    }
    service.start(PLACE, &bo).await.expect("the rematch starts");
    assert_eq!(record(&service).await.status, store::Status::Active);
    // A game running in the channel: a rematch of the older game is refused, clearly.
    match service.click(PLACE, &ana, &rematch, None).await {
        Err(ServiceError::User(m)) => assert!(m.contains("another game open"), "{m}"),
        other => panic!("{other:?}"),
    }
}
}

on_both_databases! {
async fn stats_and_ratings_come_from_the_finished_games(db) {
    let service = open(&db).await;
    let (ana, bo, cy) = (player(0), player(1), player(2));
    // Six games of three people, one of two people and a medium computer, one of a person
    // alone with a computer (rated for nobody), and one abandoned (counted nowhere).
    for g in 0..6u64 {
        start_south_seas(&service, &[ana.clone(), bo.clone(), cy.clone()], 100 + g, None).await;
        play_south_seas(&service, &[ana.clone(), bo.clone(), cy.clone()], 100 + g, false).await;
    }
    start_south_seas(&service, &[ana.clone(), bo.clone()], 200, Some(Strength::Medium)).await;
    play_south_seas(&service, &[ana.clone(), bo.clone()], 200, false).await;
    start_south_seas(&service, std::slice::from_ref(&cy), 201, Some(Strength::Easy)).await;
    play_south_seas(&service, std::slice::from_ref(&cy), 201, false).await;
    // The abandoned game is played a while first: what was done in it counts nowhere.
    let before = [service.stats(PLACE, &ana, None, None).await.expect("stats").text, service.stats(PLACE, &bo, None, None).await.expect("stats").text];
    start_south_seas(&service, &[ana.clone(), bo.clone()], 202, None).await;
    assert!(play_south_seas_for(&service, &[ana.clone(), bo.clone()], 202, false, 60).await.is_none(), "still running");
    let (game, _, _, _) = service.snapshot::<SouthSeas>(PLACE, 0).await.expect("snapshot");
    assert!((0..2).any(|s| game.scores()[s].total > 0), "the abandoned game scored something before it ended");
    service.abandon(PLACE, &ana.clone().moderating(true)).await.expect("abandoned");
    let after = [service.stats(PLACE, &ana, None, None).await.expect("stats").text, service.stats(PLACE, &bo, None, None).await.expect("stats").text];
    assert_eq!(before, after, "an abandoned game changes nobody's stats");

    let (games, _) = service.finished_games(PLACE.guild_id, None).await.expect("games");
    assert_eq!(games.len(), 8, "the abandoned game is not among the finished");
    assert_eq!(games.iter().filter(|g| g.rated()).count(), 7, "the game of one person is not rated");
    // A pure function of the stored games: recomputed, identical to the bit.
    let again = service.finished_games(PLACE.guild_id, Some(GameKind::SouthSeas)).await.expect("games").0;
    assert_eq!(games, again);
    let r = ratings(&games);
    assert_eq!(r, ratings(&again));
    assert_eq!(r[&Rated::Person(ana.user_id)].games, 7);
    assert_eq!(r[&Rated::Computer(Strength::Medium)].games, 1);
    assert!(!r.contains_key(&Rated::Computer(Strength::Easy)), "its only game had one person");

    let stats = service.stats(PLACE, &ana, None, None).await.expect("stats").text;
    assert!(stats.contains("7 played") && stats.contains("per turn (median)") && stats.contains("Ships delivered"), "{stats}");
    // Her favourite feature: the kind she completed most over her seven games, and how many.
    let (features, count, total) = favourite(&games, ana.user_id, "ss-favourite-feature", "ss-feature-");
    assert!(total > 0, "seven whole games complete features");
    let each = if features.contains('·') { " each" } else { "" };
    assert!(stats.contains(&format!("Favourite feature: {features} ({count}{each} of {total} completed)")), "{features} {count}/{total}: {stats}");
    let cy_stats = service.stats(PLACE, &ana, Some((cy.user_id, cy.name.clone())), Some(GameKind::SouthSeas)).await.unwrap().text;
    assert!(cy_stats.contains("7 played"), "the game alone with a computer is in the stats: {cy_stats}");

    let board = service.leaderboard(PLACE, southseas::i18n::Locale::En, Some(GameKind::SouthSeas)).await.expect("board").text;
    assert!(board.contains("7 finished games"), "{board}");
    for who in [&ana, &bo, &cy] {
        assert!(board.contains(&who.name), "{} is rated after seven games: {board}", who.name);
    }
    assert!(board.contains("not shown yet"), "the computer's one game is too few: {board}");
    assert!(!board.contains("computer (medium)"), "{board}");

    // Bo keeps off the leaderboards: gone from it, stats shown to Bo alone.
    service.settings(&bo, SettingsChange { leaderboards: Some(false), ..SettingsChange::default() }, None).await.expect("settings");
    let board = service.leaderboard(PLACE, southseas::i18n::Locale::En, None).await.expect("board").text;
    assert!(!board.contains(&bo.name) && board.contains(&ana.name), "{board}");
    assert!(board.contains("Catan: Seafarers") && board.contains("no finished game here counts yet"), "{board}");
    match service.stats(PLACE, &ana, Some((bo.user_id, bo.name.clone())), None).await {
        Err(ServiceError::User(m)) => assert!(m.contains("keeps off the leaderboards"), "{m}"),
        other => panic!("Bo's stats are Bo's: {other:?}"),
    }
    assert!(service.stats(PLACE, &bo, None, None).await.expect("own stats").text.contains("7 played"));
    let french = Actor { locale: southseas::i18n::Locale::Fr, ..ana.clone() };
    let stats = service.stats(PLACE, &french, None, None).await.expect("stats").text;
    assert!(stats.contains("7 jouées") && stats.contains("Bateaux livrés"), "{stats}");
    let each = if features.contains('·') { " chacun" } else { "" };
    assert!(stats.contains("Lieu préféré : ") && stats.contains(&format!("({count}{each} sur {total} lieux complétés)")), "{stats}");

    // A Seafarers game: the piece she built most (a city was a settlement first).
    let people = [ana.clone(), bo.clone(), cy.clone()];
    let options = SeafarersOptions { scenario: "new-shores".into(), seed: Some(77), ..SeafarersOptions::default() };
    service.create(PLACE, &ana, options).await.expect("create");
    for a in &people[1..] {
        service.join(PLACE, a).await.expect("join");
    }
    service.start(PLACE, &ana).await.expect("start");
    play_seafarers(&service, &people, 77).await;
    let (games, _) = service.finished_games(PLACE.guild_id, Some(GameKind::Seafarers)).await.expect("games");
    let (pieces, count, total) = favourite(&games, ana.user_id, "sf-favourite-piece", "sf-piece-");
    let stats = service.stats(PLACE, &ana, None, Some(GameKind::Seafarers)).await.expect("stats").text;
    let each = if pieces.contains('·') { " each" } else { "" };
    assert!(stats.contains(&format!("Most built: {pieces} ({count}{each} of {total} pieces)")), "{pieces} {count}/{total}: {stats}");
    assert!(total >= 4, "the setup alone builds two settlements and two routes: {stats}");
    assert!(stats.chars().count() <= 2000);
}
}

on_both_databases! {
async fn a_finished_game_posts_its_timelapse_once_after_the_game_over_message(db) {
    use southseas::draw::timelapse::{MAX_BYTES, decode_frames};
    use southseas::service::timelapse::{TIMELAPSE_AFTER_MS, TIMELAPSE_FILE};
    use std::time::Duration;
    let clock = southseas::service::clock::ManualClock::starting_now();
    let service = open(&db).await.with_images(Pictures::all()).with_clock(clock.clone());
    let people = [player(0), player(1)];
    start_south_seas(&service, &people, 78, Some(Strength::Easy)).await;
    let id = record(&service).await.id;
    let last = play_south_seas(&service, &people, 78, false).await;
    assert!(last.text.starts_with("🏁"), "{}", last.text);
    let after = Duration::from_millis(TIMELAPSE_AFTER_MS as u64);

    // The game-over message goes first: while it is owed, the timelapse waits (nothing drawn).
    assert!(service.run_due().await.expect("the schedule").is_empty(), "not at the last move itself");
    clock.advance(after);
    assert!(service.run_due().await.expect("the schedule").is_empty(), "not while the game-over message is owed");
    all_posted(&service).await;
    clock.advance(after);
    let told = service.run_due().await.expect("the schedule");
    assert_eq!(told.len(), 1, "{told:?}");
    let told = &told[0];
    assert!(matches!(told.delivery, Delivery::Notice { direct: false, .. }), "a message of its own: {:?}", told.delivery);
    assert_eq!((told.mention, told.more_mentions.len()), (None, 0), "it pings nobody: the game-over message did");
    assert!(told.buttons.is_empty() && told.menu.is_none());
    assert!(told.text.contains(&format!("Game #{id}")) && told.text.contains("/replay"), "{}", told.text);
    let gif = &told.images.iter().find(|i| i.name == TIMELAPSE_FILE).expect("the timelapse is attached").png;
    assert!(gif.starts_with(b"GIF89a") && gif.len() <= MAX_BYTES, "{} bytes", gif.len());
    let frames = decode_frames(gif).expect("it plays");
    assert!(frames.len() > 30, "the board grows step by step: {} frames", frames.len());

    // Owed through the outbox like any post: a retry (another process, after a restart) reads
    // it back without the bytes and attaches the kept timelapse, not a new encoding of it.
    let mut conn = service.store().pool().acquire().await.expect("connection");
    let owed: Vec<String> =
        sqlx::query_scalar("SELECT reply FROM outbox WHERE game_id = $1").bind(id).fetch_all(&mut *conn).await.expect("outbox");
    drop(conn);
    assert_eq!(owed.len(), 1, "the timelapse's message is owed: {owed:?}");
    let mut again: Reply = serde_json::from_str(&owed[0]).expect("a stored reply");
    assert!(again.timelapse && again.images.is_empty());
    service.attach_images(&mut again).await.expect("attached");
    assert_eq!(again.images.len(), 1);
    assert!(&again.images[0].png == gif, "the kept bytes");
    all_posted(&service).await;

    // Once: nothing more is due, hours later.
    clock.advance(Duration::from_secs(3 * 24 * 3600));
    assert!(service.run_due().await.expect("the schedule").is_empty());
    // `/replay` attaches the same timelapse.
    let replay = service.replay(PLACE, None, southseas::i18n::Locale::En).await.expect("replay");
    assert!(&replay.timelapse.images[0].png == gif);
}
}

on_both_databases! {
/// The encoding takes longer than the scheduler's lease on a long game or a busy machine: the
/// process that encodes holds the item meanwhile, so another process sharing the database
/// does not take it when the lease runs out and encode the same game again.
async fn a_timelapse_being_encoded_is_held_from_other_processes(db) {
    use southseas::service::timelapse::TIMELAPSE_AFTER_MS;
    use std::time::Duration;
    let clock = southseas::service::clock::ManualClock::starting_now();
    let service = open(&db).await.with_images(Pictures::all()).with_clock(clock.clone());
    let other = open(&db).await.with_images(Pictures::all()).with_clock(clock.clone()).with_instance("other");
    let people = [player(0), player(1)];
    start_south_seas(&service, &people, 78, Some(Strength::Easy)).await;
    let id = record(&service).await.id;
    play_south_seas(&service, &people, 78, false).await;
    all_posted(&service).await;
    clock.advance(Duration::from_millis(TIMELAPSE_AFTER_MS as u64));
    let holder = || async {
        let mut conn = service.store().pool().acquire().await.expect("connection");
        sqlx::query_as::<_, (String, i64)>("SELECT claimed_by, claimed_until FROM due WHERE game_id = $1 AND kind = 'timelapse'")
            .bind(id)
            .fetch_optional(&mut *conn)
            .await
            .expect("due")
    };
    let encoding = service.run_due();
    let meanwhile = async {
        // Once this process is at it, the lease runs out, and the other process looks.
        let begun = std::time::Instant::now();
        while !holder().await.is_some_and(|(by, until)| by == "main" && until > 0) {
            assert!(begun.elapsed() < Duration::from_secs(30), "the timelapse was never claimed");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        clock.advance(southseas::service::DEFAULT_LEASE + Duration::from_secs(1));
        let took = other.run_due().await.expect("the other's schedule");
        let held = holder().await;
        (took, held)
    };
    let (told, (took, held)) = tokio::join!(encoding, meanwhile);
    let told = told.expect("the schedule");
    assert!(took.is_empty(), "the other process took nothing: {took:?}");
    // (Encoding a game takes seconds: the other looked while it went on.)
    assert_eq!(held.map(|h| h.0).as_deref(), Some("main"), "still held by the process that encodes, while it encodes");
    assert_eq!(told.len(), 1, "one timelapse message: {told:?}");
    assert!(holder().await.is_none(), "nothing is due after it");
}
}

/// The kinds `user` did most in `games` by the tally `line` (their English names: the message
/// ids without `prefix`, joined by " · " when tied), how many of each, and how many of every
/// kind, added up from the games' outcomes.
fn favourite(games: &[Finished], user: u64, line: &str, prefix: &str) -> (String, i64, i64) {
    let mut sums: Vec<(&'static str, i64)> = Vec::new();
    let seats = games.iter().flat_map(|g| &g.seats).filter(|(who, _)| *who == Rated::Person(user));
    for tally in seats.flat_map(|(_, o)| &o.tallies).filter(|t| t.line == line) {
        for &(kind, n) in &tally.counts {
            match sums.iter_mut().find(|(k, _)| *k == kind) {
                Some((_, sum)) => *sum += n,
                None => sums.push((kind, n)),
            }
        }
    }
    let most = sums.iter().map(|&(_, n)| n).max().unwrap_or(0);
    let kinds: Vec<&str> = sums.iter().filter(|&&(_, n)| n == most).map(|&(k, _)| k.trim_start_matches(prefix)).collect();
    (kinds.join(" · "), most, sums.iter().map(|&(_, n)| n).sum())
}
