//! Moderators and the opener: ending a game after a confirmation tap, pausing and resuming it.
//! A moderator is a member who may manage the channel or its messages (the Discord layer says
//! so in `Actor::moderator`); they may end, pause or resume any game of their server and close
//! a lobby nobody starts. The opener may do the same with their own game. The same for every
//! game: resuming shows the game's own turn message.

use super::asked::Asked;
use super::reply::escape;
use super::words::{add_deadline, duration_words_in, relative_time};
use super::{Actor, Button, Command, ComponentId, Delivery, Place, Reply, Result, Service, Style, Table, user};
use crate::games::contract::{Rules, Story};
use crate::games::with_game;
use crate::store::{self, GameId, GameRecord, Pause, Status};
use crate::tr;

impl Service {
    /// `/abandon` (and the Abandon button of older messages): the opener or a moderator is
    /// asked privately to confirm, with a tap that ends the game and one that keeps it; any
    /// other player votes at once (see [`Service::abandon`]). Asking changes nothing.
    pub async fn ask_abandon(&self, place: Place, actor: &Actor) -> Result<Reply> {
        self.ask_abandon_in(place, actor, None, &Asked::typed()).await
    }

    pub(super) async fn ask_abandon_in(&self, place: Place, actor: &Actor, game: Option<GameId>, asked: &Asked) -> Result<Reply> {
        let mut conn = self.store.pool().acquire().await?;
        let table = self.open_table_for(&mut conn, place, game, actor.locale).await?;
        drop(conn);
        if !table.moderated_by(actor) {
            return self.abandon_in(place, actor, Some(table.record.id), asked).await;
        }
        let r = &table.record;
        let reader = actor.locale;
        let game_name = tr!(reader, &super::lobby::game_title(r.kind));
        let players = table.seats.iter().map(|s| escape(&s.name)).collect::<Vec<_>>().join(", ");
        let question = if r.status == Status::Lobby { "abandon-confirm-lobby" } else { "abandon-confirm-game" };
        let button = |command: Command, label: &str, style: Style| Button {
            id: ComponentId::button(r.id, r.version, command),
            label: tr!(reader, label),
            style,
        };
        Ok(Reply {
            text: tr!(reader, question, game = game_name, players = players),
            buttons: vec![vec![
                button(Command::AbandonConfirm, "abandon-confirm-end", Style::Danger),
                button(Command::AbandonKeep, "abandon-confirm-keep", Style::Secondary),
            ]],
            game: Some((r.id, r.version)),
            delivery: Delivery::Ephemeral,
            ..Reply::default()
        })
    }

    /// The confirmation tap: the game its button names ends, if it is still open and the one
    /// tapping may end it (its opener, a moderator). A tap after the game ended, or on a game
    /// that is not the channel's any more, is answered privately and ends nothing.
    pub(super) async fn abandon_confirmed(&self, place: Place, actor: &Actor, game: GameId, asked: &Asked) -> Result<Reply> {
        let mut conn = self.store.pool().acquire().await?;
        let table = self.open_table_for(&mut conn, place, Some(game), actor.locale).await?;
        drop(conn);
        if !table.moderated_by(actor) {
            return user(tr!(actor.locale, "err-abandon-confirm-who"));
        }
        self.abandon_in(place, actor, Some(game), asked).await
    }

    /// The "keep playing" tap: nothing changes, and the question goes away.
    pub(super) fn abandon_kept(&self, actor: &Actor) -> Result<Reply> {
        Ok(Reply { text: tr!(actor.locale, "abandon-kept"), delivery: Delivery::Ephemeral, ..Reply::default() })
    }

    /// Pauses the channel's running game (its opener or a moderator): nothing can be played,
    /// no reminder, deadline or computer move comes, and every vote over a seat waits, until it
    /// resumes. Said in the channel in a new message (the turn message's buttons retire).
    pub async fn pause(&self, place: Place, actor: &Actor) -> Result<Reply> {
        let mut tx = self.store.begin_write().await?;
        let table = self.open_table(&mut tx, place, actor.locale).await?;
        if table.record.status != Status::Active {
            return user(tr!(actor.locale, "err-pause-lobby"));
        }
        if let Some(pause) = &table.record.paused {
            return user(tr!(actor.locale, "err-already-paused", name = escape(&pause.name), since = relative_time(pause.at_ms)));
        }
        if !table.moderated_by(actor) {
            return user(tr!(actor.locale, "err-pause-who"));
        }
        let id = table.record.id;
        let pause = Pause { by: actor.user_id, name: actor.name.clone(), at_ms: self.now_ms() };
        store::set_paused(&mut tx, id, Some(&pause)).await?;
        // A new version: the turn message's buttons retire, and a computer's move chosen
        // before the pause finds the game moved on and is dropped.
        let version = store::touch(&mut tx, id, Status::Active).await?;
        store::clear_due(&mut tx, id, None).await?;
        let table = Table { record: GameRecord { version, paused: Some(pause), ..table.record }, seats: table.seats };
        let language = table.record.language;
        let text = self.after_carried(&mut tx, id, tr!(language, "game-paused", name = escape(&actor.name))).await?;
        let reply = Reply { text, game: Some((id, version)), delivery: Delivery::New, ..Reply::default() };
        self.queue(&mut tx, &table, &reply, &Asked::typed()).await?;
        tx.commit().await?;
        self.forget(id);
        Ok(reply)
    }

    /// Resumes the channel's paused game (its opener or a moderator): its turn message again,
    /// pinging whoever must act, with fresh reminders and deadlines (nobody's turn time ran
    /// while it was paused).
    pub async fn resume(&self, place: Place, actor: &Actor) -> Result<Reply> {
        let mut tx = self.store.begin_write().await?;
        let table = self.open_table(&mut tx, place, actor.locale).await?;
        let Some(pause) = table.record.paused.clone().filter(|_| table.record.status == Status::Active) else {
            return user(tr!(actor.locale, "err-not-paused"));
        };
        if !table.moderated_by(actor) {
            return user(tr!(actor.locale, "err-resume-who", name = escape(&pause.name)));
        }
        let id = table.record.id;
        store::set_paused(&mut tx, id, None).await?;
        let version = store::touch(&mut tx, id, Status::Active).await?;
        let mut table = Table { record: GameRecord { version, paused: None, ..table.record }, seats: table.seats };
        let loaded = self.load(&mut tx, &table).await?;
        let language = table.record.language;
        let header =
            tr!(language, "game-resumed", name = escape(&actor.name), paused = duration_words_in(self.now_ms() - pause.at_ms, language));
        let reply = with_game!(&loaded.state, G, played => {
            // The pause cleared every item: each person waiting now starts a wait of their own.
            let deadline = self.reschedule_with(&mut tx, &mut table, &G::waiting(&played.game), &G::may_answer(&played.game)).await?;
            let mut reply = G::reply(&played.game, &table, version, vec![header], Story::default());
            add_deadline(&mut reply, deadline, language);
            reply
        });
        let reply = Reply { delivery: Delivery::New, ..reply };
        self.queue(&mut tx, &table, &reply, &Asked::typed()).await?;
        tx.commit().await?;
        self.changed(id);
        self.wake_scheduler();
        Ok(reply)
    }
}
