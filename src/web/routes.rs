//! The web view's routes, each under a game's token:
//!
//! - `GET /g/TOKEN/`: the page (`/g/TOKEN` leads there);
//! - `GET /g/TOKEN/events`: its live updates (server-sent events, the current state first);
//! - `GET /g/TOKEN/board/STEP`: the whole board after `STEP` logged steps (PNG);
//! - `GET /g/TOKEN/step/STEP`: that step's label, narration and picture address (JSON).
//!
//! Anything else, a wrong token or a revoked one, is the same 404. No path or token is logged
//! (errors name the game's number alone).

use super::live;
use super::live::Full;
use super::page;
use super::public::step_view;
use super::view::View;
use crate::store::GameId;
use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast::error::RecvError;

type Shared = State<Arc<View>>;

pub(super) fn router(web: Arc<View>) -> Router {
    Router::new()
        .route("/g/{token}", get(to_page))
        .route("/g/{token}/", get(page))
        .route("/g/{token}/events", get(events))
        .route("/g/{token}/board/{step}", get(board))
        .route("/g/{token}/step/{step}", get(step))
        .fallback(nothing)
        .layer(axum::middleware::map_response(guard))
        .with_state(web)
}

/// Every answer: not to be indexed, framed, sniffed or followed by a referrer (the token is in
/// the address), and nothing from anywhere else.
async fn guard(mut response: Response) -> Response {
    let headers = response.headers_mut();
    for (name, value) in [
        (header::REFERRER_POLICY, "no-referrer"),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::HeaderName::from_static("x-robots-tag"), "noindex, nofollow"),
        (
            header::CONTENT_SECURITY_POLICY,
            "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        ),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
    if !headers.contains_key(header::CACHE_CONTROL) {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}

/// The one answer of everything that serves nothing, in the browser's language.
fn not_found(headers: &HeaderMap) -> Response {
    let lang = page::browser_language(headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()));
    (StatusCode::NOT_FOUND, Html(page::not_found(lang))).into_response()
}

async fn nothing(headers: HeaderMap) -> Response {
    not_found(&headers)
}

fn failed(id: GameId, what: &str, e: impl std::fmt::Display) -> Response {
    tracing::error!(game = id, "the web view could not {what}: {e}");
    StatusCode::INTERNAL_SERVER_ERROR.into_response()
}

/// The game a token opens.
async fn game(web: &View, token: &str) -> Option<GameId> {
    match web.service.web_game(token).await {
        Ok(id) => id,
        Err(e) => {
            tracing::error!("the web view could not look a token up: {e}");
            None
        }
    }
}

async fn to_page(State(web): Shared, Path(token): Path<String>, headers: HeaderMap) -> Response {
    if game(&web, &token).await.is_none() {
        return not_found(&headers);
    }
    // Relative, so the page stays under whatever prefix a reverse proxy serves it at.
    (StatusCode::PERMANENT_REDIRECT, [(header::LOCATION, format!("{token}/"))]).into_response()
}

async fn page(State(web): Shared, Path(token): Path<String>, headers: HeaderMap) -> Response {
    let Some(id) = game(&web, &token).await else { return not_found(&headers) };
    match web.current(id).await {
        Ok(current) => Html(page::page(&current.snapshot)).into_response(),
        Err(e) => failed(id, "show a page", e),
    }
}

/// A step number from the address (`12`, or `12.png`).
fn step_of(text: &str) -> Option<usize> {
    text.strip_suffix(".png").unwrap_or(text).parse().ok()
}

async fn board(State(web): Shared, Path((token, step)): Path<(String, String)>, headers: HeaderMap) -> Response {
    let (Some(id), Some(step)) = (game(&web, &token).await, step_of(&step)) else { return not_found(&headers) };
    let current = match web.current(id).await {
        Ok(current) => current,
        Err(e) => return failed(id, "load a game", e),
    };
    let Some(loaded) = current.loaded.as_ref().filter(|_| step <= current.story.len()) else { return not_found(&headers) };
    match web.pictures.board(&web.service.pictures, &current.table, loaded, step).await {
        Ok(Some(png)) => (
            [
                (header::CONTENT_TYPE, HeaderValue::from_static("image/png")),
                // Its address names the version it was asked at; a few minutes is safe either way.
                (header::CACHE_CONTROL, HeaderValue::from_static("private, max-age=300")),
            ],
            png.as_ref().clone(),
        )
            .into_response(),
        Ok(None) => not_found(&headers),
        Err(e) => failed(id, "draw a board", e),
    }
}

async fn step(State(web): Shared, Path((token, step)): Path<(String, String)>, headers: HeaderMap) -> Response {
    let (Some(id), Some(step)) = (game(&web, &token).await, step_of(&step)) else { return not_found(&headers) };
    match web.current(id).await {
        Ok(current) if current.loaded.is_some() && step <= current.story.len() => {
            axum::Json(step_view(&current.table, &current.story, step)).into_response()
        }
        Ok(_) => not_found(&headers),
        Err(e) => failed(id, "tell a step", e),
    }
}

/// A viewer's live updates: the current state at once, then each newer one while its token
/// still opens the game; dropped when it falls behind (see `live.rs`).
struct Watching {
    first: Option<Arc<live::Update>>,
    rx: tokio::sync::broadcast::Receiver<Arc<live::Update>>,
    sent: i64,
    token: String,
    _seat: live::Seat,
}

fn state_event(update: &live::Update) -> Result<Event, Infallible> {
    Ok(Event::default().event("state").data(&*update.json))
}

async fn events(State(web): Shared, Path(token): Path<String>, headers: HeaderMap) -> Response {
    let Some(id) = game(&web, &token).await else { return not_found(&headers) };
    let (seat, rx) = match web.hubs.join(&web, id, web.settings.max_viewers) {
        Ok(joined) => joined,
        Err(Full) => return (StatusCode::SERVICE_UNAVAILABLE, [(header::RETRY_AFTER, "60")]).into_response(),
    };
    // The current state first: a viewer who connects or reconnects has missed what came before.
    let known = match web.service.web_watch(id).await {
        Ok(Some((version, _))) => web.hubs.latest(id, version),
        Ok(None) => return not_found(&headers),
        Err(e) => return failed(id, "read a version", e),
    };
    let first = match known {
        Some(update) => update,
        None => match web.live_update(id).await {
            Ok(update) => update,
            Err(e) => return failed(id, "make a snapshot", e),
        },
    };
    let watching = Watching { sent: first.version, first: Some(first), rx, token, _seat: seat };
    let stream = futures_util::stream::unfold(watching, |mut w| async move {
        if let Some(first) = w.first.take() {
            return Some((state_event(&first), w));
        }
        loop {
            match w.rx.recv().await {
                Ok(update) if update.token.as_deref() != Some(w.token.as_str()) => return None,
                Ok(update) if update.version <= w.sent => continue,
                Ok(update) => {
                    w.sent = update.version;
                    return Some((state_event(&update), w));
                }
                // Behind by more than the hub keeps (a slow connection), or the hub is gone.
                Err(RecvError::Lagged(_) | RecvError::Closed) => return None,
            }
        }
    });
    Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))).into_response()
}
