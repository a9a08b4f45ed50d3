//! The web view of every game: a page per game with the whole board (pan and pinch-zoom), the
//! standings, the history step by step with each step's picture and narration, updated live
//! (server-sent events). Served by the bot process (axum), from the same store and the same
//! drawing code as the channel, and showing exactly what the channel is shown (`public.rs`).
//!
//! A game's page is reached only under its token (`/g/TOKEN/`), unguessable and revocable by a
//! moderator (`service/web.rs`); anything else is a 404 with the same few bytes, and neither
//! paths nor tokens are logged. Any process sharing the database serves any game: a viewer's
//! updates come from a poll of the game's version in the store (`live.rs`), so a step taken by
//! another process shows as soon as it is committed.
//!
//! Routes (`routes.rs`): the page, its live events, the board after any step, a step's story.

mod live;
mod page;
mod pictures;
mod public;
mod routes;
#[cfg(test)]
mod tests;
mod view;

use crate::service::Service;
use std::net::SocketAddr;
use std::sync::Arc;
use view::View;
pub use view::{DEFAULT_MAX_VIEWERS, Settings};

/// The web view's port unless `WEB_ADDR` says otherwise (on 127.0.0.1: put a reverse proxy
/// with TLS in front of it and give its address as `PUBLIC_URL`).
pub const DEFAULT_PORT: u16 = 8033;

/// The default address: this machine only.
pub fn default_addr() -> SocketAddr {
    SocketAddr::from(([127, 0, 0, 1], DEFAULT_PORT))
}

/// The web view of a service's games.
pub struct Web {
    view: Arc<View>,
}

impl Web {
    pub fn new(service: Arc<Service>, settings: Settings) -> Arc<Web> {
        Arc::new(Web { view: Arc::new(View::new(service, settings)) })
    }

    /// The router of every route (see `routes.rs`).
    pub fn router(self: &Arc<Web>) -> axum::Router {
        routes::router(Arc::clone(&self.view))
    }

    /// Serves the web view on `listener` until the process ends.
    pub async fn serve(self: &Arc<Web>, listener: tokio::net::TcpListener) -> std::io::Result<()> {
        axum::serve(listener, self.router()).await
    }

    /// Viewers following a game live from this process now, all games together.
    pub fn viewers(&self) -> usize {
        self.view.hubs.viewers()
    }
}
