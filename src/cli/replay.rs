//! `southseas replay`: every step's picture of a finished game, from a database to a folder,
//! drawn by the game's own picture maker (the turn message's picture, as the table saw it), and
//! its timelapse beside them (`timelapse.gif`: the whole board growing step by step, as
//! `/replay` attaches it).

use crate::common::{Picture, Table};
use crate::games::{Pictures, State};
use crate::store::{self, Status, Store};
use anyhow::{Context, Result};
use std::path::{Path, PathBuf};

/// The timelapse's file name in the folder.
pub const TIMELAPSE: &str = "timelapse.gif";

/// Writes `step-000.png` (the opening), `step-001.png`, … of game `id` into `out`, and its
/// [`TIMELAPSE`]; returns the pictures written (the timelapse aside).
pub async fn run(url: &str, id: i64, out: &Path) -> Result<Vec<PathBuf>> {
    let store = Store::open(url).await?;
    let mut conn = store.pool().acquire().await?;
    let record = store::game(&mut conn, id).await?.with_context(|| format!("there is no game {id}"))?;
    anyhow::ensure!(record.status == Status::Finished, "game {id} is not finished (it is {})", record.status.as_str());
    let table = Table { seats: store::seats(&mut conn, id).await?, record };
    let log = store::actions(&mut conn, id).await?;
    drop(conn);
    store.close().await;
    std::fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
    let out = out.to_path_buf();
    // Drawing is CPU work: off the async workers.
    tokio::task::spawn_blocking(move || {
        let pictures = Pictures::all();
        let mut written = Vec::new();
        let mut failed = None;
        let mut write = |step: usize, state: &State| {
            let Some(draw) = pictures.drawing(state, &table, Picture::Turn) else { return };
            for (k, image) in draw().into_iter().enumerate() {
                let name = if k == 0 { format!("step-{step:03}.png") } else { format!("step-{step:03}-{k}.png") };
                let path = out.join(name);
                match std::fs::write(&path, &image.png) {
                    Ok(()) => written.push(path),
                    // The first failure is the one to tell.
                    Err(e) if failed.is_none() => failed = Some(format!("cannot write {}: {e}", path.display())),
                    Err(_) => {}
                }
            }
        };
        State::each_step(&table, log.clone(), &mut write).map_err(anyhow::Error::new)?;
        if let Some(why) = failed {
            anyhow::bail!(why);
        }
        let timelapse = pictures.timelapse(&table, log).map_err(anyhow::Error::new)?;
        let path = out.join(TIMELAPSE);
        std::fs::write(&path, &timelapse.gif).with_context(|| format!("cannot write {}", path.display()))?;
        Ok(written)
    })
    .await?
}
