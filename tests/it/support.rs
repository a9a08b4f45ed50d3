//! Shared test helpers: temporary databases (SQLite files, PostgreSQL schemas), the database
//! shared by several processes, and players.

use southseas::service::{Actor, Place};
use sqlx::Connection;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The PostgreSQL server the PostgreSQL tests use, e.g.
/// `postgres://postgres@127.0.0.1:5432/test`. Unset: those tests are skipped, saying so
/// (outside CI); `.ci/run` sets it and fails when the server is unreachable.
pub const POSTGRES_ENV: &str = "SOUTHSEAS_TEST_POSTGRES";

/// A database of the test's own, removed on drop: a SQLite file in the temp directory, or a
/// fresh schema on the PostgreSQL server (each test sees only its own tables).
pub struct TempDb {
    /// The SQLite file (unused on PostgreSQL).
    pub path: PathBuf,
    postgres: Option<PgSchema>,
}

struct PgSchema {
    server: String,
    schema: String,
}

fn unique(tag: &str) -> String {
    static N: AtomicUsize = AtomicUsize::new(0);
    format!("{tag}-{}-{}", std::process::id(), N.fetch_add(1, Ordering::SeqCst))
}

impl TempDb {
    /// A SQLite file.
    pub fn new(tag: &str) -> TempDb {
        let path = std::env::temp_dir().join(format!("southseas-{}.db", unique(tag)));
        let db = TempDb { path, postgres: None };
        db.remove();
        db
    }

    /// A schema on the PostgreSQL server named by `SOUTHSEAS_TEST_POSTGRES`, or None (the test
    /// is skipped, and says why) when it is not set. In CI it must be set.
    pub async fn postgres(tag: &str) -> Option<TempDb> {
        let Ok(server) = std::env::var(POSTGRES_ENV) else {
            assert!(std::env::var_os("CI").is_none(), "{POSTGRES_ENV} is not set: CI must run the PostgreSQL tests (.ci/run sets it)");
            // Once per run, and past the test harness's capture, so that it is seen.
            static SAID: std::sync::Once = std::sync::Once::new();
            SAID.call_once(|| {
                use std::io::Write;
                let _ = writeln!(
                    std::io::stderr(),
                    "note: the PostgreSQL variants of the store and service tests (`…::postgres`) are skipped: \
                     {POSTGRES_ENV} is not set. Run them with \
                     {POSTGRES_ENV}=postgres://postgres@127.0.0.1:5432/test cargo test"
                );
            });
            let _ = tag;
            return None;
        };
        sqlx::any::install_default_drivers();
        let schema = format!("t_{}", unique(tag)).replace(|c: char| !c.is_ascii_alphanumeric(), "_").to_lowercase();
        let mut conn = sqlx::AnyConnection::connect(&server)
            .await
            .unwrap_or_else(|e| panic!("{POSTGRES_ENV}={server} is set but the server is unreachable: {e}"));
        sqlx::raw_sql(&format!("CREATE SCHEMA {schema}")).execute(&mut conn).await.expect("create the test's schema");
        conn.close().await.ok();
        Some(TempDb { path: PathBuf::new(), postgres: Some(PgSchema { server, schema }) })
    }

    pub fn url(&self) -> String {
        match &self.postgres {
            // The schema is the connection's search path: the migrations and every query see
            // only the test's own tables.
            Some(pg) => {
                let sep = if pg.server.contains('?') { '&' } else { '?' };
                format!("{}{sep}options=-c%20search_path%3D{}", pg.server, pg.schema)
            }
            None => format!("sqlite://{}", self.path.display()),
        }
    }

    fn remove(&self) {
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", self.path.display()));
        }
    }
}

impl Drop for TempDb {
    fn drop(&mut self) {
        match self.postgres.take() {
            // Drop runs inside the test's runtime, which cannot block on itself: a thread of
            // its own with a small runtime drops the schema.
            Some(pg) => {
                let _ = std::thread::spawn(move || {
                    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
                    rt.block_on(async {
                        if let Ok(mut conn) = sqlx::AnyConnection::connect(&pg.server).await {
                            let _ = sqlx::raw_sql(&format!("DROP SCHEMA IF EXISTS {} CASCADE", pg.schema)).execute(&mut conn).await;
                            let _ = conn.close().await;
                        }
                    })
                })
                .join();
            }
            None => self.remove(),
        }
    }
}

/// Runs each test body once on a SQLite file (`NAME::sqlite`) and once on a PostgreSQL schema
/// (`NAME::postgres`, skipped with a message when no server is configured).
macro_rules! on_both_databases {
    ($( $(#[doc = $doc:expr])* async fn $name:ident($db:ident) $body:block )*) => { $(
        $(#[doc = $doc])*
        mod $name {
            #[allow(unused_imports)]
            use super::*;
            async fn run($db: $crate::support::TempDb) $body
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                run($crate::support::TempDb::new(stringify!($name))).await
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                if let Some(db) = $crate::support::TempDb::postgres(stringify!($name)).await {
                    run(db).await
                }
            }
        }
    )* };
}
pub(crate) use on_both_databases;

/// The database several bot processes share in the sharding tests, and what keeps it alive
/// until the test ends.
pub struct SharedDatabase {
    pub url: String,
    _db: TempDb,
}

/// A fresh database that several processes open at once (`tests/it/shards.rs`): a schema on
/// the PostgreSQL server when `SOUTHSEAS_TEST_POSTGRES` is set (always in CI), else a SQLite
/// file in the temp directory (processes on one machine can share it).
pub async fn shared_database_url(tag: &str) -> SharedDatabase {
    let db = match TempDb::postgres(tag).await {
        Some(db) => db,
        None => TempDb::new(tag),
    };
    SharedDatabase { url: db.url(), _db: db }
}

pub const PLACE: Place = Place { guild_id: 1, channel_id: 100 };

pub fn player(n: u64) -> Actor {
    Actor::new(1000 + n, format!("Player{n}"))
}

/// Every message the service owes Discord is posted (what the bot's delivery does; tests of the
/// service alone leave it out).
pub async fn all_posted(service: &southseas::service::Service) {
    let mut conn = service.store().pool().acquire().await.expect("connection");
    let owed: Vec<(i64, i64)> = sqlx::query_as("SELECT game_id, version FROM outbox").fetch_all(&mut *conn).await.expect("outbox");
    drop(conn);
    for (game, version) in owed {
        service.delivered(game, version, None, None).await.expect("delivered");
    }
}
