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

    /// A schema of its own on the PostgreSQL server at `server` (a URL).
    pub async fn postgres_on(server: &str, tag: &str) -> TempDb {
        sqlx::any::install_default_drivers();
        let schema = format!("t_{}", unique(tag)).replace(|c: char| !c.is_ascii_alphanumeric(), "_").to_lowercase();
        let mut conn =
            sqlx::AnyConnection::connect(server).await.unwrap_or_else(|e| panic!("the PostgreSQL server {server} is unreachable: {e}"));
        sqlx::raw_sql(&format!("CREATE SCHEMA {schema}")).execute(&mut conn).await.expect("create the test's schema");
        conn.close().await.ok();
        TempDb { path: PathBuf::new(), postgres: Some(PgSchema { server: server.to_string(), schema }) }
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
        Some(TempDb::postgres_on(&server, tag).await)
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

/// A fresh database that several processes open at once (`tests/it/process/shards.rs`): a schema on
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

/// A PostgreSQL server of the test's own (the shared one on 5432 must never be stopped): a
/// cluster made by `initdb` in a temporary directory, served on a free port of 127.0.0.1, that
/// the test may stop and start again (a real outage: every connection refused, then a server
/// that comes back). Stopped, and its directory removed, on drop (a failed test keeps its log).
///
/// PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user
/// (`runuser`), which owns the directory. Needs `initdb`, `pg_ctl` and `postgres` (PostgreSQL
/// 15's, on the PATH, in /usr/local/bin or /usr/lib/postgresql/*/bin); without them
/// [`PrivatePostgres::start`] says loudly that the test was skipped, and fails in CI.
pub struct PrivatePostgres {
    dir: PathBuf,
    port: u16,
    pg_ctl: PathBuf,
    as_postgres: bool,
}

impl PrivatePostgres {
    /// A fresh cluster, running. None (the test is skipped, saying so) when this machine has no
    /// PostgreSQL programs; a failure when `CI` is set.
    pub async fn start(tag: &str) -> Option<PrivatePostgres> {
        let (Some(initdb), Some(pg_ctl)) = (pg_program("initdb"), pg_program("pg_ctl")) else {
            skipped_without(
                "initdb or pg_ctl is missing: CI must run the PostgreSQL restart tests (PostgreSQL 15's server programs)",
                &format!("`{tag}` needs PostgreSQL's server programs (initdb, pg_ctl, postgres) to run a server of its own"),
            );
            return None;
        };
        use std::os::unix::fs::MetadataExt;
        let as_postgres = std::fs::metadata("/proc/self").map(|m| m.uid() == 0).unwrap_or(false);
        let dir = std::env::temp_dir().join(format!("southseas-pg-{}", unique(tag)));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a directory for the cluster");
        if as_postgres {
            run(std::process::Command::new("chown").arg("postgres:").arg(&dir), "chown the cluster's directory to postgres");
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port").local_addr().expect("its address").port();
        let server = PrivatePostgres { dir, port, pg_ctl, as_postgres };
        let data = server.dir.join("data");
        run(server.command(&initdb).arg("-D").arg(&data).args(["-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"]), "initdb");
        server.start_again().await;
        Some(server)
    }

    /// The server's URL (its `postgres` database, user postgres, no password).
    pub fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }

    /// Stops the server as an operator's restart does (`pg_ctl stop -m fast`): open
    /// transactions roll back, connections are closed, and new ones are refused until
    /// [`PrivatePostgres::start_again`]. Returns once it is down.
    pub async fn stop(&self) {
        let mut stop = self.pg_ctl_stop("fast");
        tokio::task::spawn_blocking(move || run(&mut stop, "pg_ctl stop")).await.expect("pg_ctl stop ran");
    }

    /// Starts the stopped server again; returns once it accepts connections.
    pub async fn start_again(&self) {
        let data = self.dir.join("data");
        let options = format!("-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off", self.port, self.dir.display());
        let mut start = self.command(&self.pg_ctl);
        start.arg("-D").arg(&data).arg("-l").arg(self.dir.join("log")).args(["-w", "-t", "60", "-o", &options, "start"]);
        tokio::task::spawn_blocking(move || run(&mut start, "pg_ctl start")).await.expect("pg_ctl start ran");
    }

    fn pg_ctl_stop(&self, mode: &str) -> std::process::Command {
        let mut stop = self.command(&self.pg_ctl);
        stop.arg("-D").arg(self.dir.join("data")).args(["-w", "-t", "60", "-m", mode, "stop"]);
        stop
    }

    /// A PostgreSQL program, run as the `postgres` user when the test runs as root.
    fn command(&self, program: &std::path::Path) -> std::process::Command {
        let mut command = if self.as_postgres {
            let mut c = std::process::Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(program);
            c
        } else {
            std::process::Command::new(program)
        };
        command.stdin(std::process::Stdio::null());
        command
    }
}

impl Drop for PrivatePostgres {
    fn drop(&mut self) {
        let _ = self.pg_ctl_stop("immediate").stdout(std::process::Stdio::null()).stderr(std::process::Stdio::null()).status();
        // A failed test keeps the server's log: why it refused connections, say, is only there.
        if std::thread::panicking() {
            let kept = self.dir.with_extension("log");
            if std::fs::copy(self.dir.join("log"), &kept).is_ok() {
                eprintln!("the test's PostgreSQL server's log is kept in {}", kept.display());
            }
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A PostgreSQL server program: on the PATH, in /usr/local/bin, or Debian's place for it.
fn pg_program(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let debian = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .map(|version| version.path().join("bin"))
        .collect::<Vec<_>>();
    std::env::split_paths(&path).chain([PathBuf::from("/usr/local/bin")]).chain(debian).map(|dir| dir.join(name)).find(|p| p.is_file())
}

/// Runs a command to its end; panics with its output when it fails.
fn run(command: &mut std::process::Command, what: &str) {
    let out = command.output().unwrap_or_else(|e| panic!("{what}: could not run: {e}"));
    assert!(
        out.status.success(),
        "{what} failed ({}): {}{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A test that needs a program this machine lacks: a failure in CI (`why`, which must install
/// it), else said loudly on stderr (`needs`) as not run.
pub fn skipped_without(why: &str, needs: &str) {
    assert!(std::env::var_os("CI").is_none(), "{why}");
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "\n*** SKIPPED: {needs}. It did NOT run. ***\n");
}
