//! The board's pictures: the `/board` picture the bot draws (each game's `Pictures`), of the
//! game now or after any step of its history. Drawn once per process however many viewers ask
//! at once (single flight), kept for the last few asked, drawn off the async workers and a
//! couple at a time, so watchers never starve the bot's own pictures of cores.

use crate::common::{Picture, Table};
use crate::games::{Pictures, State};
use crate::service::Loaded;
use crate::service::Result;
use crate::store::GameId;
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use tokio::sync::{OnceCell, Semaphore};

/// Pictures kept (a full board is a few hundred kilobytes to a few megabytes).
const KEPT: usize = 24;

/// What identifies a picture: the game, the step, and a digest of everything it is drawn from
/// (the first `step` logged steps, the seats' names, the language), so an undo or a renamed
/// seat never shows an old picture, and a new step elsewhere keeps the older steps' pictures.
pub(crate) type Key = (GameId, usize, u64);

type Slot = Arc<OnceCell<Option<Arc<Vec<u8>>>>>;

pub(crate) struct Cache {
    kept: Mutex<VecDeque<(Key, Slot)>>,
    drawing: Semaphore,
}

impl Default for Cache {
    fn default() -> Cache {
        Cache { kept: Mutex::new(VecDeque::new()), drawing: Semaphore::new(2) }
    }
}

impl Cache {
    /// The picture of the game after `step` logged steps (its current state when that is all of
    /// them). None: no picture maker for its game.
    pub(crate) async fn board(
        &self,
        pictures: &Pictures,
        table: &Table,
        loaded: &Arc<Loaded>,
        step: usize,
    ) -> Result<Option<Arc<Vec<u8>>>> {
        let key = (table.record.id, step, digest(&loaded.state, table, step));
        let slot = {
            let mut kept = self.kept.lock().expect("pictures");
            match kept.iter().find(|(k, _)| *k == key) {
                Some((_, slot)) => Arc::clone(slot),
                None => {
                    let slot: Slot = Arc::new(OnceCell::new());
                    if kept.len() >= KEPT {
                        kept.pop_front();
                    }
                    kept.push_back((key, Arc::clone(&slot)));
                    slot
                }
            }
        };
        let picture = slot
            .get_or_try_init(|| async {
                let _permit = self.drawing.acquire().await.map_err(|e| crate::service::internal(e.to_string()))?;
                let (pictures, table, loaded) = (pictures.clone(), table.clone(), Arc::clone(loaded));
                tokio::task::spawn_blocking(move || -> Result<Option<Arc<Vec<u8>>>> {
                    let earlier;
                    let state = if step < loaded.state.steps() {
                        earlier = loaded.state.after_steps(&table, step)?;
                        &earlier
                    } else {
                        &loaded.state
                    };
                    let Some(draw) = pictures.drawing(state, &table, Picture::FullBoard) else { return Ok(None) };
                    Ok(draw().into_iter().next().map(|image| Arc::new(image.png)))
                })
                .await
                .map_err(|e| crate::service::internal(format!("drawing a web picture failed: {e}")))?
            })
            .await?;
        Ok(picture.clone())
    }
}

/// A digest of what the picture after `step` steps is drawn from.
fn digest(state: &State, table: &Table, step: usize) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    crate::games::with_game!(state, G, played => format!("{:?}", &played.log[..step.min(played.log.len())]).hash(&mut h));
    for seat in &table.seats {
        (&seat.name, seat.seat).hash(&mut h);
    }
    table.record.language.hash(&mut h);
    h.finish()
}
