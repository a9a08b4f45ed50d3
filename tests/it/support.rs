//! Shared test helpers: temporary database files, the database shared by several processes,
//! and players.

use southseas::service::{Actor, Place};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A database file in the temp directory, removed (with its WAL files) on drop.
pub struct TempDb {
    pub path: PathBuf,
}

impl TempDb {
    pub fn new(tag: &str) -> TempDb {
        static N: AtomicUsize = AtomicUsize::new(0);
        let path = std::env::temp_dir().join(format!("southseas-{tag}-{}-{}.db", std::process::id(), N.fetch_add(1, Ordering::SeqCst)));
        let db = TempDb { path };
        db.remove();
        db
    }

    pub fn url(&self) -> String {
        format!("sqlite://{}", self.path.display())
    }

    fn remove(&self) {
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", self.path.display()));
        }
    }
}

impl Drop for TempDb {
    fn drop(&mut self) {
        self.remove();
    }
}

/// The database several bot processes share in the sharding tests, and what keeps it alive
/// until the test ends.
pub struct SharedDatabase {
    pub url: String,
    _file: TempDb,
}

/// A fresh database that several processes open at once (`tests/it/shards.rs`). For now a
/// SQLite file in the temp directory (processes on one machine can share it); the one place to
/// point those tests at another database, such as PostgreSQL.
pub fn shared_database_url(tag: &str) -> SharedDatabase {
    let file = TempDb::new(tag);
    SharedDatabase { url: file.url(), _file: file }
}

pub const PLACE: Place = Place { guild_id: 1, channel_id: 100 };

pub fn player(n: u64) -> Actor {
    Actor { user_id: 1000 + n, name: format!("Player{n}") }
}
