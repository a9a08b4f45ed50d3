//! The web view in a real browser: headless Chromium driven over WebDriver (chromedriver, by
//! `fantoccini`), at a phone's viewport (390 × 844, touch). A game's page opens, steps taken
//! through the service show on it without a reload, the board pans and pinch-zooms, the
//! history steps back, nothing scrolls sideways; a wrong or revoked token gets nothing; a
//! Seafarers page never shows a hand.
//!
//! Needs `chromium` and `chromium-driver` (Debian's packages; `.ci/run` installs them). Without
//! chromedriver the tests say loudly that they were skipped, except in CI, where they fail.
//! `SOUTHSEAS_WEB_SCREENSHOT=FILE` keeps the phone screenshot (the README's is made so).

use crate::support::{PLACE, TempDb, player};
use crate::web::{serve, step};
use fantoccini::actions::{InputSource, PointerAction, TouchActions};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::json;
use southseas::games::seafarers::{Seafarers, SeafarersOptions};
use southseas::games::southseas::GameOptions;
use southseas::service::{Actor, Service};
use southseas::store::{self, Store};
use southseas::web::Settings;
use std::sync::Arc;
use std::time::Duration;

/// chromedriver, running for one test, stopped when dropped.
struct Driver {
    child: std::process::Child,
    url: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A program on the PATH (or Debian's place for it).
fn program(name: &str) -> Option<std::path::PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([std::path::PathBuf::from("/usr/bin"), std::path::PathBuf::from("/usr/lib/chromium")])
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}

/// The browser, or None when this machine has none (said loudly; a failure in CI).
async fn browser() -> Option<(Driver, Client)> {
    let (Some(driver), Some(chromium)) = (program("chromedriver"), program("chromium")) else {
        crate::support::skipped_without(
            "chromedriver or chromium is missing: CI must run the browser tests (.ci/run installs chromium and chromium-driver)",
            "the web view's browser tests need chromium and chromedriver (apt-get install -y chromium chromium-driver)",
        );
        return None;
    };
    let port = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port").local_addr().unwrap().port();
    let child = std::process::Command::new(driver)
        .arg(format!("--port={port}"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let driver = Driver { child, url: format!("http://127.0.0.1:{port}") };
    for _ in 0..100 {
        if tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_ok() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let capabilities = json!({
        "browserName": "chrome",
        "goog:chromeOptions": {
            "binary": chromium,
            "args": ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--hide-scrollbars", "--window-size=390,844"],
            "mobileEmulation": { "deviceMetrics": { "width": 390, "height": 844, "pixelRatio": 2.0, "touch": true } }
        }
    });
    let serde_json::Value::Object(capabilities) = capabilities else { unreachable!() };
    let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(capabilities)
        .connect(&driver.url)
        .await
        .expect("a browser session");
    Some((driver, client))
}

/// Runs `script` in the page (its last expression returned) until it is true, or fails.
async fn until(client: &Client, what: &str, script: &str) {
    for _ in 0..100 {
        if client.execute(script, vec![]).await.expect("the script runs") == json!(true) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("{what}: never became true ({script})");
}

async fn value(client: &Client, script: &str) -> serde_json::Value {
    client.execute(script, vec![]).await.expect("the script runs")
}

/// A touch gesture: each finger from one point to another (page coordinates), together.
/// A point on the page, in CSS pixels.
type Point = (f64, f64);

async fn gesture(client: &Client, fingers: &[(Point, Point)]) {
    let sequences: Vec<TouchActions> = fingers
        .iter()
        .enumerate()
        .map(|(i, &((x0, y0), (x1, y1)))| {
            TouchActions::new(format!("finger{i}"))
                .then(PointerAction::MoveTo { duration: None, x: x0, y: y0 })
                .then(PointerAction::Down { button: 0 })
                .then(PointerAction::MoveTo { duration: Some(Duration::from_millis(300)), x: x1, y: y1 })
                .then(PointerAction::Up { button: 0 })
        })
        .collect();
    client.perform_actions(sequences).await.expect("the gesture");
}

#[tokio::test]
async fn a_phone_watches_a_game_live_pans_and_zooms_and_a_wrong_token_gets_nothing() {
    let Some((_driver, client)) = browser().await else { return };
    let db = TempDb::new("web-browser");
    let service = Arc::new(Service::new(Store::open(&db.url()).await.expect("opens"), southseas::games::southseas::images()));
    let actors = crate::lifecycle::started(&service, 3, &[], GameOptions { seed: Some(8), ..GameOptions::default() }).await;
    for _ in 0..6 {
        step(&service, &actors).await;
    }
    let id = game_id(&service).await;
    let base = serve(&service, Settings::default()).await;
    let token = service.web_token(id).await.unwrap();

    client.goto(&format!("{base}/g/{token}/")).await.expect("the page opens");
    until(&client, "live", "return document.getElementById('live').className === 'live on'").await;
    until(&client, "the board drawn", "return document.getElementById('board').naturalWidth > 0 && window.southseasView.fitted").await;
    assert_eq!(value(&client, "return window.innerWidth").await, json!(390), "a phone's viewport");
    assert_eq!(
        value(&client, "return document.documentElement.scrollWidth <= window.innerWidth").await,
        json!(true),
        "nothing scrolls sideways at 390 px"
    );

    // Steps through the service show without a reload.
    client.execute("window.notReloaded = true", vec![]).await.unwrap();
    for n in 7..=8 {
        step(&service, &actors).await;
        until(&client, "the step shows", &format!("return document.getElementById('slider').max === '{n}'")).await;
        until(&client, "its picture", &format!("return document.getElementById('board').getAttribute('src').startsWith('board/{n}?')"))
            .await;
    }
    assert_eq!(value(&client, "return window.notReloaded === true").await, json!(true), "updated in place, no reload");
    if let Some(file) = std::env::var_os("SOUTHSEAS_WEB_SCREENSHOT") {
        until(&client, "the new board drawn", "return document.getElementById('board').complete").await;
        std::fs::write(file, client.screenshot().await.expect("a screenshot")).expect("the screenshot is written");
    }

    // Zoom: the button, then a pinch of two fingers moving apart; pan: one finger.
    let scale = |v: serde_json::Value| v.as_f64().expect("a number");
    let fit = scale(value(&client, "return window.southseasView.scale").await);
    client.find(Locator::Id("zoom-in")).await.unwrap().click().await.unwrap();
    let zoomed = scale(value(&client, "return window.southseasView.scale").await);
    assert!(zoomed > fit * 1.4, "zoomed in: {fit} → {zoomed}");
    let rect = value(
        &client,
        "const r = document.getElementById('viewport').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]",
    )
    .await;
    let (cx, cy) = (rect[0].as_f64().unwrap(), rect[1].as_f64().unwrap());
    gesture(&client, &[((cx - 20.0, cy), (cx - 110.0, cy)), ((cx + 20.0, cy), (cx + 110.0, cy))]).await;
    let pinched = scale(value(&client, "return window.southseasView.scale").await);
    assert!(pinched > zoomed * 1.5, "pinched open: {zoomed} → {pinched}");
    let x = scale(value(&client, "return window.southseasView.x").await);
    gesture(&client, &[((cx, cy), (cx + 80.0, cy + 40.0))]).await;
    let panned = scale(value(&client, "return window.southseasView.x").await);
    assert!((panned - x - 80.0).abs() < 5.0, "panned by a finger: {x} → {panned}");
    assert_eq!(value(&client, "return window.scrollX === 0 && window.scrollY === 0").await, json!(true), "the page itself did not move");

    // The history: one step back shows step 7's picture and story.
    client.find(Locator::Id("prev")).await.unwrap().click().await.unwrap();
    until(&client, "step 7", "return document.getElementById('board').getAttribute('src').startsWith('board/7?')").await;
    let label = value(&client, "return document.getElementById('step-label').textContent").await;
    assert!(label.as_str().unwrap().contains('7'), "{label}");

    // A wrong token, then a revoked one: nothing.
    for (what, url) in [
        ("wrong", format!("{base}/g/{}/", "x".repeat(southseas::service::TOKEN_CHARS))),
        ("revoked", {
            service.revoke_web_link(PLACE, &actors[0]).await.expect("the opener revokes");
            format!("{base}/g/{token}/")
        }),
    ] {
        client.goto(&url).await.expect("the address opens");
        assert_eq!(value(&client, "return document.getElementById('board') === null").await, json!(true), "{what}: no board");
        let text = value(&client, "return document.body.innerText").await;
        assert_eq!(text.as_str().unwrap().trim(), "Nothing here.", "{what}");
    }
    client.close().await.expect("the browser closes");
}

async fn game_id(service: &Service) -> i64 {
    let mut conn = service.store().pool().acquire().await.expect("connection");
    store::latest_game_in_channel(&mut conn, PLACE.channel_id).await.expect("read").expect("a game").id
}

#[tokio::test]
async fn a_seafarers_page_never_shows_a_hand() {
    let Some((_driver, client)) = browser().await else { return };
    let db = TempDb::new("web-browser-sf");
    let service = Arc::new(Service::new(Store::open(&db.url()).await.expect("opens"), southseas::games::seafarers::images()));
    let actors: Vec<Actor> = (0..3).map(player).collect();
    service.create(PLACE, &actors[0], SeafarersOptions { seed: Some(4), ..SeafarersOptions::default() }).await.expect("a lobby");
    for a in &actors[1..] {
        service.join(PLACE, a).await.expect("join");
    }
    service.start(PLACE, &actors[0]).await.expect("start");
    let mut seats = Vec::new();
    for a in &actors {
        seats.push(service.snapshot::<Seafarers>(PLACE, a.user_id).await.unwrap().2.expect("seated"));
    }
    // Past the opening, into turns with cards in hand.
    for n in 0..60u64 {
        let (game, _, _, _) = service.snapshot::<Seafarers>(PLACE, 0).await.unwrap();
        let Some(&seat) = game.to_act().first() else { break };
        let actor = &actors[seats.iter().position(|&s| s == seat).unwrap()];
        let action = seafarers_engine::Bot::new(seafarers_engine::Strategy::Greedy, n).choose(&game, seat).expect("a step");
        service.act(PLACE, actor, action).await.expect("a step");
    }
    let id = game_id(&service).await;
    let base = serve(&service, Settings::default()).await;
    let token = service.web_token(id).await.unwrap();
    client.goto(&format!("{base}/g/{token}/")).await.expect("the page opens");
    until(&client, "live", "return document.getElementById('live').className === 'live on'").await;
    let shown = value(&client, "return document.documentElement.outerHTML + document.body.innerText").await;
    let shown = shown.as_str().unwrap();
    let mut checked = 0;
    for actor in &actors {
        let hand = service.hand(PLACE, actor).await.expect("their hand");
        for line in hand.text.lines().map(str::trim).filter(|l| l.chars().count() > 12) {
            assert!(!shown.contains(line), "the page shows a line of {}'s hand: {line}", actor.name);
            checked += 1;
        }
    }
    assert!(checked > 3, "hands were compared ({checked} lines)");
    client.close().await.expect("the browser closes");
}
