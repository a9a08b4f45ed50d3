//! `/replay`: a finished game of the channel told again, privately. Its timelapse (the whole
//! board growing step by step, one animated picture) and a stepper: the turn message's picture
//! at any step, with that step's narration and buttons to the first, previous, next and last.
//!
//! The stepper's buttons are stateless like the game's (see ARCHITECTURE.md): each id names the
//! game and the step it shows ([`ReplayButton`]), so a press needs no memory of the message,
//! and a forged one is read like any other (a game of another channel, or not finished, is
//! refused with a private answer; a step past the end shows the last).

use super::{Image, Picture, Place, Reply, Result, Service, Style, Table, internal, user};
use crate::games::State;
use crate::i18n::Locale;
use crate::store::{self, GameId, Status};
use crate::tr;

/// How many of the channel's finished games `/replay` suggests (Discord shows at most 25).
pub const REPLAY_CHOICES: i64 = 25;

pub use super::timelapse::TIMELAPSE_FILE;

/// A stepper button's id: `rp:GAME:STEP:ROLE`, ROLE one of `f` `p` `n` `l` (first, previous,
/// next, last) so that two buttons leading to the same step keep ids unique in the message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplayButton {
    pub game: GameId,
    pub step: usize,
}

const PREFIX: &str = "rp";
const ROLES: [char; 4] = ['f', 'p', 'n', 'l'];

impl ReplayButton {
    pub fn id(self, role: char) -> String {
        format!("{PREFIX}:{}:{}:{role}", self.game, self.step)
    }

    /// Any input, never panicking: None unless it is exactly such an id.
    pub fn parse(id: &str) -> Option<ReplayButton> {
        let mut parts = id.split(':');
        if parts.next()? != PREFIX {
            return None;
        }
        let game = parts.next()?.parse().ok()?;
        let step = parts.next()?.parse().ok()?;
        let mut role = parts.next()?.chars();
        let known = role.next().is_some_and(|r| ROLES.contains(&r)) && role.next().is_none();
        (known && parts.next().is_none()).then_some(ReplayButton { game, step })
    }
}

/// What `/replay` answers: the timelapse, and the stepper at the game's last step.
#[derive(Debug)]
pub struct Replay {
    pub timelapse: Reply,
    pub stepper: Reply,
}

impl Service {
    /// The channel's finished games for `/replay` to suggest, newest first: their id and a
    /// label ("#12 · Catan: Seafarers · Ana, Bo, Cy") in `reader`.
    pub async fn finished_here(&self, place: Place, reader: Locale) -> Result<Vec<(GameId, String)>> {
        let mut conn = self.store.pool().acquire().await?;
        let mut games = Vec::new();
        for record in store::finished_games_in_channel(&mut conn, place.channel_id, REPLAY_CHOICES).await? {
            let names: Vec<String> = store::seats(&mut conn, record.id).await?.into_iter().map(|s| s.name).collect();
            let game = tr!(reader, &super::lobby::game_title(record.kind));
            games.push((record.id, format!("#{} · {game} · {}", record.id, names.join(", "))));
        }
        Ok(games)
    }

    /// `/replay [game]`: the channel's finished game `game` (its newest when None), its
    /// timelapse and the stepper at its last step, for `reader` alone.
    pub async fn replay(&self, place: Place, game: Option<GameId>, reader: Locale) -> Result<Replay> {
        let (table, log) = self.finished_table(place, game, reader).await?;
        let steps = log.len();
        let stepper = self.stepper(&table, log.clone(), steps, reader).await?;
        let id = table.record.id;
        let mut timelapse = Reply {
            text: tr!(reader, "replay-timelapse", id = id, steps = steps),
            game: Some((id, table.record.version)),
            ..Reply::default()
        };
        // Kept since the game ended (or made now, for a game from before timelapses were kept).
        if let Some(made) = self.timelapse_of(&table, log).await? {
            timelapse.images.push(Image { name: TIMELAPSE_FILE.into(), png: made.gif });
        }
        Ok(Replay { timelapse, stepper })
    }

    /// A stepper button: step `button.step` of its game (the last when past it).
    pub async fn replay_step(&self, place: Place, button: ReplayButton, reader: Locale) -> Result<Reply> {
        let (table, log) = self.finished_table(place, Some(button.game), reader).await?;
        let step = button.step.min(log.len());
        self.stepper(&table, log, step, reader).await
    }

    /// The channel's finished game `game` (the newest when None) and its log; a user error
    /// for one that is not the channel's or not finished.
    async fn finished_table(&self, place: Place, game: Option<GameId>, reader: Locale) -> Result<(Table, Vec<store::ActionRecord>)> {
        let mut conn = self.store.pool().acquire().await?;
        let record = match game {
            Some(id) => store::game(&mut conn, id).await?.filter(|r| r.channel_id == place.channel_id),
            None => store::finished_games_in_channel(&mut conn, place.channel_id, 1).await?.pop(),
        };
        let Some(record) = record else {
            return match game {
                Some(id) => user(tr!(reader, "err-replay-not-here", id = id)),
                None => user(tr!(reader, "err-replay-none")),
            };
        };
        if record.status != Status::Finished {
            return user(tr!(reader, "err-replay-not-finished", id = record.id));
        }
        let table = Table { seats: store::seats(&mut conn, record.id).await?, record };
        let log = store::actions(&mut conn, table.record.id).await?;
        Ok((table, log))
    }

    /// Step `step` of a finished game: its turn picture, "step k of n" and what the step did,
    /// with the buttons to move.
    async fn stepper(&self, table: &Table, log: Vec<store::ActionRecord>, step: usize, reader: Locale) -> Result<Reply> {
        let (id, version) = (table.record.id, table.record.version);
        let steps = log.len();
        let table = table.clone();
        let pictures = self.pictures.clone();
        // Replaying and drawing are CPU work: off the async workers.
        let (told, images) = tokio::task::spawn_blocking(move || -> Result<_> {
            let whole = State::replay(&table, log)?;
            let told = match step {
                0 => vec![tr!(reader, "replay-opening")],
                n => whole.story(&table, reader)?.into_iter().nth(n - 1).unwrap_or_default(),
            };
            let at = whole.after_steps(&table, step)?;
            let images = pictures.drawing(&at, &table, Picture::Turn).map(|draw| draw()).unwrap_or_default();
            Ok((told, images))
        })
        .await
        .map_err(|e| internal(format!("step {step} of game {id}: {e}")))??;
        let header = tr!(reader, "replay-step", id = id, step = step, steps = steps);
        let text = super::reply::truncate(&format!("{header}\n{}", told.join("\n")), 2000);
        let button = |to: usize, role: char, label: &str| super::Button {
            id: ReplayButton { game: id, step: to }.id(role),
            label: label.into(),
            style: Style::Secondary,
        };
        // Buttons that would lead nowhere are left out.
        let mut row = Vec::new();
        if step > 0 {
            row.push(button(0, 'f', "⏮"));
            row.push(button(step - 1, 'p', "◀"));
        }
        if step < steps {
            row.push(button(step + 1, 'n', "▶"));
            row.push(button(steps, 'l', "⏭"));
        }
        Ok(Reply { text, images, buttons: vec![row], game: Some((id, version)), ..Reply::default() })
    }
}
