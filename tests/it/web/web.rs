//! The web view over real HTTP (a server on 127.0.0.1, a plain HTTP/1 client): every route
//! under a game's token and the same 404 for everything else, a revoked token that opens
//! nothing (an open stream ends), the live updates (the current state first, then a step
//! within a second, from another process sharing the database too), and the viewer limit.

use crate::lifecycle::started;
use crate::support::{PLACE, TempDb, player};
use http_body_util::{BodyExt, Empty};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use southseas::games::southseas::{GameOptions, SouthSeas};
use southseas::service::{Actor, Delivery, Service};
use southseas::store::{self, Store};
use southseas::web::{Settings, Web};
use southseas_engine::{Bot, Strategy};
use std::sync::Arc;
use std::time::{Duration, Instant};

type Body = Empty<axum::body::Bytes>;

/// A web view of `service`'s games on a port of its own; its address.
pub(crate) async fn serve(service: &Arc<Service>, settings: Settings) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a port");
    let addr = listener.local_addr().expect("its address");
    let web = Web::new(Arc::clone(service), settings);
    tokio::spawn(async move { web.serve(listener).await.expect("the web view serves") });
    format!("http://{addr}")
}

fn client() -> Client<HttpConnector, Body> {
    Client::builder(TokioExecutor::new()).build_http()
}

/// Status, content type, location and body of a GET.
async fn get(url: &str) -> (u16, String, String, Vec<u8>) {
    let response = client().get(url.parse().expect("a URL")).await.expect("an answer");
    let header =
        |name: &str| response.headers().get(name).and_then(|v: &axum::http::HeaderValue| v.to_str().ok()).unwrap_or("").to_string();
    let (status, kind, location) = (response.status().as_u16(), header("content-type"), header("location"));
    let body = response.into_body().collect().await.expect("a body").to_bytes().to_vec();
    (status, kind, location, body)
}

/// A started South Seas game of three people; the service draws its pictures.
async fn game(db: &TempDb) -> (Arc<Service>, Vec<Actor>, i64) {
    let store = Store::open(&db.url()).await.expect("database opens");
    let service = Arc::new(Service::new(store, southseas::games::southseas::images()));
    let actors = started(&service, 3, &[], GameOptions { seed: Some(5), ..GameOptions::default() }).await;
    let id = game_id(&service).await;
    (service, actors, id)
}

async fn game_id(service: &Service) -> i64 {
    let mut conn = service.store().pool().acquire().await.expect("connection");
    store::latest_game_in_channel(&mut conn, PLACE.channel_id).await.expect("read").expect("a game").id
}

/// One step of the game, by whoever must take it (the engine's greedy player chooses).
pub(crate) async fn step(service: &Service, actors: &[Actor]) {
    let (game, _, _, _) = service.snapshot::<SouthSeas>(PLACE, 0).await.expect("snapshot");
    let seat = game.to_act().expect("someone acts");
    let mut actor = None;
    for a in actors {
        if service.snapshot::<SouthSeas>(PLACE, a.user_id).await.expect("snapshot").2 == Some(seat) {
            actor = Some(a.clone());
        }
    }
    let action = Bot::new(Strategy::Greedy, 1).choose(&game).expect("a step");
    service.act(PLACE, &actor.expect("someone sits there"), action).await.expect("the step is taken");
}

/// A stream of server-sent events, read event by event.
struct Events {
    body: http_body_util::combinators::UnsyncBoxBody<axum::body::Bytes, String>,
    buffer: String,
}

impl Events {
    async fn open(url: &str) -> Result<Events, u16> {
        let response = client().get(url.parse().expect("a URL")).await.expect("an answer");
        if response.status() != 200 {
            return Err(response.status().as_u16());
        }
        assert_eq!(response.headers()["content-type"], "text/event-stream");
        Ok(Events { body: response.into_body().map_err(|e| e.to_string()).boxed_unsync(), buffer: String::new() })
    }

    /// The next `state` event's data (JSON), None when the stream ended; fails after `wait`.
    async fn next(&mut self, wait: Duration) -> Option<serde_json::Value> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            if let Some(end) = self.buffer.find("\n\n") {
                let event: String = self.buffer.drain(..end + 2).collect();
                if let Some(data) = event.lines().find_map(|l| l.strip_prefix("data: ").or_else(|| l.strip_prefix("data:")))
                    && event.lines().any(|l| l == "event: state" || l == "event:state")
                {
                    return Some(serde_json::from_str(data).expect("JSON data"));
                }
                continue;
            }
            let frame = tokio::time::timeout_at(deadline, self.body.frame()).await.expect("an event in time");
            match frame {
                Some(Ok(frame)) => {
                    if let Ok(data) = frame.into_data() {
                        self.buffer.push_str(&String::from_utf8_lossy(&data));
                    }
                }
                _ => return None,
            }
        }
    }
}

#[tokio::test]
async fn every_route_serves_a_game_under_its_token_and_nothing_else() {
    let db = TempDb::new("web-routes");
    let (service, actors, id) = game(&db).await;
    for _ in 0..3 {
        step(&service, &actors).await;
    }
    let base = serve(&service, Settings::default()).await;
    let token = service.web_token(id).await.expect("a token");
    assert_eq!(token, service.web_token(id).await.unwrap(), "one token per game");

    let (status, kind, _, page) = get(&format!("{base}/g/{token}/")).await;
    let page = String::from_utf8(page).unwrap();
    assert_eq!((status, kind.as_str()), (200, "text/html; charset=utf-8"));
    assert!(page.contains("Carcassonne") && page.contains("id=\"board\"") && page.contains("id=\"slider\""), "{page}");
    assert!(!page.contains(&token), "the page never repeats its token (relative addresses only)");

    let (status, _, location, _) = get(&format!("{base}/g/{token}")).await;
    assert_eq!((status, location), (308, format!("{token}/")));

    for step in ["0", "3", "3.png"] {
        let (status, kind, _, png) = get(&format!("{base}/g/{token}/board/{step}?v=1")).await;
        assert_eq!((status, kind.as_str()), (200, "image/png"), "board {step}");
        assert!(png.starts_with(b"\x89PNG"), "board {step} is a PNG");
    }
    let (status, _, _, json) = get(&format!("{base}/g/{token}/step/2")).await;
    let json: serde_json::Value = serde_json::from_slice(&json).expect("JSON");
    assert_eq!(status, 200);
    assert_eq!((json["step"].as_u64(), json["steps"].as_u64()), (Some(2), Some(3)));
    assert!(json["label"].as_str().unwrap().contains("2") && json["board"].as_str().unwrap().starts_with("board/2?v="), "{json}");

    // Everything else: the same 404, whatever was asked.
    let (_, _, _, nothing) = get(&format!("{base}/nothing")).await;
    let wrong = "A".repeat(southseas::service::TOKEN_CHARS);
    for path in [
        format!("/g/{wrong}/"),
        format!("/g/{wrong}/events"),
        format!("/g/{wrong}/board/0"),
        format!("/g/{wrong}"),
        "/g/short/".into(),
        "/g/".into(),
        "/".into(),
        format!("/g/{token}/board/4"),
        format!("/g/{token}/board/x"),
        format!("/g/{token}/step/99"),
        format!("/g/{token}/other"),
        format!("/g/{}/", &token[1..]),
    ] {
        let (status, _, _, body) = get(&format!("{base}{path}")).await;
        assert_eq!(status, 404, "{path}");
        assert_eq!(body, nothing, "{path}: the one answer of a 404");
    }

    // Revoked: the old token opens nothing, a new one opens the game.
    let moderator = Actor::new(777, "Mod").moderating(true);
    let refused = service.revoke_web_link(PLACE, &actors[1]).await;
    assert!(refused.is_err(), "a player who did not open the game cannot revoke its link");
    assert_eq!(service.web_token(id).await.unwrap(), token, "a refusal changed nothing");
    let reply = service.revoke_web_link(PLACE, &moderator).await.expect("a moderator revokes");
    assert!(reply.delivery == Delivery::Ephemeral, "told to the moderator alone");
    let new = service.web_token(id).await.unwrap();
    assert_ne!(new, token);
    for path in ["/", "/events", "/board/0", "/step/0"] {
        assert_eq!(get(&format!("{base}/g/{token}{path}")).await.0, 404, "revoked: {path}");
    }
    assert_eq!(get(&format!("{base}/g/{new}/")).await.0, 200);
}

#[tokio::test]
async fn a_viewer_gets_the_current_state_first_then_each_step_within_a_second() {
    let db = TempDb::new("web-live");
    let (service, actors, id) = game(&db).await;
    step(&service, &actors).await;
    let base = serve(&service, Settings::default()).await;
    let token = service.web_token(id).await.unwrap();
    let mut events = Events::open(&format!("{base}/g/{token}/events")).await.expect("a stream");
    let first = events.next(Duration::from_secs(5)).await.expect("the current state");
    assert_eq!(first["steps"], 1);
    assert_eq!(first["started"], true);
    let version = first["version"].as_i64().unwrap();
    for n in 2..=4 {
        let taken = Instant::now();
        step(&service, &actors).await;
        let update = events.next(Duration::from_secs(5)).await.expect("an update");
        let late = taken.elapsed();
        assert_eq!(update["steps"], n, "{update}");
        assert!(update["version"].as_i64().unwrap() > version);
        assert!(late < Duration::from_secs(1), "the update came {late:?} after the step");
        assert!(update["step"]["board"].as_str().unwrap().starts_with(&format!("board/{n}?v=")));
    }
    // A viewer who connects now gets the state as it is.
    let mut late = Events::open(&format!("{base}/g/{token}/events")).await.expect("a stream");
    assert_eq!(late.next(Duration::from_secs(5)).await.expect("the current state")["steps"], 4);

    // A revoked token ends the streams it opened.
    service.revoke_web_link(PLACE, &actors[0]).await.expect("the opener revokes");
    assert!(events.next(Duration::from_secs(5)).await.is_none(), "the stream ended");
    assert!(late.next(Duration::from_secs(5)).await.is_none(), "the stream ended");
}

/// A change committed by this process wakes its viewers at once: with a poll of a minute, each
/// step and a revocation still reach the page within a second. (Another process's
/// steps are seen by the poll: the next test.)
#[tokio::test]
async fn a_change_made_in_this_process_reaches_its_viewers_without_waiting_for_the_poll() {
    let db = TempDb::new("web-wake");
    let (service, actors, id) = game(&db).await;
    let base = serve(&service, Settings { poll: Duration::from_secs(60), ..Settings::default() }).await;
    let token = service.web_token(id).await.unwrap();
    let mut events = Events::open(&format!("{base}/g/{token}/events")).await.expect("a stream");
    assert_eq!(events.next(Duration::from_secs(5)).await.expect("the current state")["steps"], 0);
    for n in 1..=3 {
        let taken = Instant::now();
        step(&service, &actors).await;
        let update = events.next(Duration::from_secs(5)).await.expect("an update before the poll");
        assert_eq!(update["steps"], n, "{update}");
        assert!(taken.elapsed() < Duration::from_secs(1), "step {n}: the update came {:?} after the step", taken.elapsed());
    }
    let taken = Instant::now();
    service.revoke_web_link(PLACE, &actors[0]).await.expect("the opener revokes");
    assert!(events.next(Duration::from_secs(5)).await.is_none(), "the stream ended");
    assert!(taken.elapsed() < Duration::from_secs(1), "the revoked stream ended {:?} later", taken.elapsed());
}

#[tokio::test]
async fn another_process_on_the_same_database_serves_the_game_live() {
    let db = TempDb::new("web-two");
    let (service, actors, id) = game(&db).await;
    // A second bot process: its own service on the same database, its own web view.
    let other = Arc::new(Service::new(Store::open(&db.url()).await.expect("opens"), southseas::games::southseas::images()));
    let base = serve(&other, Settings::default()).await;
    let token = service.web_token(id).await.unwrap();
    let mut events = Events::open(&format!("{base}/g/{token}/events")).await.expect("a stream");
    assert_eq!(events.next(Duration::from_secs(5)).await.expect("the current state")["steps"], 0);
    let taken = Instant::now();
    step(&service, &actors).await;
    assert_eq!(events.next(Duration::from_secs(5)).await.expect("an update")["steps"], 1);
    assert!(taken.elapsed() < Duration::from_secs(1), "the update came {:?} after the step", taken.elapsed());
    let (status, _, _, page) = get(&format!("{base}/g/{token}/")).await;
    assert_eq!(status, 200);
    assert!(String::from_utf8(page).unwrap().contains("max=\"1\""), "the other process's page shows the step");
}

#[tokio::test]
async fn viewers_past_the_limit_are_refused_and_a_lobby_waits_for_its_start() {
    let db = TempDb::new("web-limit");
    let store = Store::open(&db.url()).await.expect("database opens");
    let service = Arc::new(Service::new(store, None));
    let opener = player(0);
    service.create(PLACE, &opener, GameOptions { seed: Some(3), ..GameOptions::default() }).await.expect("a lobby");
    let id = game_id(&service).await;
    let base = serve(&service, Settings { max_viewers: 2, ..Settings::default() }).await;
    let token = service.web_token(id).await.unwrap();
    let (status, _, _, page) = get(&format!("{base}/g/{token}/")).await;
    assert_eq!(status, 200);
    assert!(String::from_utf8(page).unwrap().contains("has not started"), "a lobby's page says it waits");
    assert_eq!(get(&format!("{base}/g/{token}/board/0")).await.0, 404, "a lobby has no board");
    let url = format!("{base}/g/{token}/events");
    let mut a = Events::open(&url).await.expect("first viewer");
    let b = Events::open(&url).await.expect("second viewer");
    assert_eq!(Events::open(&url).await.err(), Some(503), "a third viewer is refused");
    assert_eq!(a.next(Duration::from_secs(5)).await.expect("the lobby")["started"], false);
    service.join(PLACE, &player(1)).await.expect("join");
    service.start(PLACE, &opener).await.expect("start");
    let mut b = b;
    assert_eq!(b.next(Duration::from_secs(5)).await.expect("the lobby")["started"], false);
    // Updates come for the join, then the start (or both at once): the start comes.
    let mut started = false;
    while !started {
        started = b.next(Duration::from_secs(5)).await.expect("an update")["started"] == true;
    }
}

/// The link a message carries to its game's page under `base`, if any.
fn link_in(text: &str, base: &str) -> Option<String> {
    let start = text.find(&format!("{base}/g/"))?;
    Some(text[start..].split(|c: char| c.is_whitespace() || c == '>' || c == ')').next()?.to_string())
}

/// With `PUBLIC_URL` set, the channel's turn messages and `/board` link the game's page under
/// that address, and the link opens it; a revoked link opens nothing and the next messages
/// carry the new one; without it nothing links.
#[tokio::test]
async fn public_url_links_open_the_games_page_until_revoked() {
    let db = TempDb::new("web-public-url");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a port");
    let base = format!("http://{}", listener.local_addr().expect("its address"));
    let store = Store::open(&db.url()).await.expect("database opens");
    // As `PUBLIC_URL=http://…/` gives it (the trailing slash is dropped).
    let service = Arc::new(Service::new(store, southseas::games::southseas::images()).with_public_url(Some(&format!("{base}/"))));
    let web = Web::new(Arc::clone(&service), Settings::default());
    tokio::spawn(async move { web.serve(listener).await.expect("the web view serves") });
    let actors = started(&service, 2, &[], GameOptions { seed: Some(8), ..GameOptions::default() }).await;
    let id = game_id(&service).await;

    let (game, _, _, _) = service.snapshot::<SouthSeas>(PLACE, 0).await.expect("snapshot");
    let seat = game.to_act().expect("someone acts");
    let mut actor = actors[0].clone();
    for a in &actors {
        if service.snapshot::<SouthSeas>(PLACE, a.user_id).await.expect("snapshot").2 == Some(seat) {
            actor = a.clone();
        }
    }
    let action = Bot::new(Strategy::Greedy, 1).choose(&game).expect("a step");
    let mut turn = service.act(PLACE, &actor, action).await.expect("the step");
    service.attach_images(&mut turn).await.expect("pictures and link");
    let url = link_in(&turn.text, &base).unwrap_or_else(|| panic!("the turn message links the page: {}", turn.text));
    assert!(turn.text.chars().count() <= 2000);
    assert_eq!(url, format!("{base}/g/{}/", service.web_token(id).await.expect("the token")));
    let (status, kind, _, page) = get(&url).await;
    assert_eq!((status, kind.starts_with("text/html")), (200, true), "the link opens the page");
    assert!(String::from_utf8_lossy(&page).contains("South Seas"), "it is the game's page");
    let mut board = service.board(PLACE, southseas::i18n::Locale::En).await.expect("/board");
    service.attach_images(&mut board).await.expect("pictures and link");
    assert_eq!(link_in(&board.text, &base).as_deref(), Some(url.as_str()), "/board links the same page: {}", board.text);

    // The opener revokes it: the old link opens nothing, the new one works and is used next.
    let revoked = service.revoke_web_link(PLACE, &actors[0]).await.expect("revoked");
    let fresh = link_in(&revoked.text, &base).expect("the new link, told to the opener alone");
    assert_eq!(revoked.delivery, Delivery::Ephemeral);
    assert_ne!(fresh, url);
    assert_eq!(get(&url).await.0, 404, "the old link opens nothing");
    assert_eq!(get(&fresh).await.0, 200);
    let mut board = service.board(PLACE, southseas::i18n::Locale::En).await.expect("/board");
    service.attach_images(&mut board).await.expect("pictures and link");
    assert_eq!(link_in(&board.text, &base), Some(fresh), "messages carry the new link");

    // Without a public address nothing links (the page is still served locally).
    let plain = Service::new(Store::open(&db.url()).await.expect("database opens"), southseas::games::southseas::images());
    let mut board = plain.board(PLACE, southseas::i18n::Locale::En).await.expect("/board");
    plain.attach_images(&mut board).await.expect("pictures");
    assert!(!board.text.contains("/g/"), "{}", board.text);
}
