//! A game's steps through the service, written once for every game ([`Rules`]): a new lobby, a
//! step from a button, a menu or a command (typed text read inside the step's own transaction),
//! the computer's moves, undo. Each change is one write transaction: load the game at its
//! version, check who may act, apply through the room, log each step with its seat, bump the
//! version, reschedule what the game waits for, queue the message it owes, commit.

use super::asked::Asked;
use super::lobby::game_title;
use super::{Actor, Delivery, Loaded, Place, Reply, Result, Service, ServiceError, Table, add_deadline, internal, schedule, user};
use crate::common::reply::escape;
use crate::common::{COMPUTER_USER, is_computer_id};
use crate::games::contract::{Click, Logged, Played, Rules, Step, Story};
use crate::games::{Listed, Move, NewGame, with_game};
use crate::i18n::Locale;
use crate::store::{self, GameId, GameRecord, Status};
use crate::tr;
use sqlx::{Any, Transaction};
use std::sync::Arc;

impl Service {
    /// Opens a lobby for a game in the channel, with that game's options; its creator takes
    /// the first seat.
    pub async fn create(&self, place: Place, actor: &Actor, options: impl NewGame) -> Result<Reply> {
        self.create_in(place, actor, options, Locale::En).await
    }

    /// [`Service::create`] for a game whose public messages and pictures are in `language`.
    pub async fn create_in(&self, place: Place, actor: &Actor, options: impl NewGame, language: Locale) -> Result<Reply> {
        let opening = options.opening(actor.locale)?;
        self.open_lobby(place, actor, opening, language).await
    }

    /// A step from a command (against the current version), in its game's terms.
    pub async fn act(&self, place: Place, actor: &Actor, action: impl Into<Move>) -> Result<Reply> {
        let mut tx = self.store.begin_write().await?;
        let (table, loaded) = self.current(&mut tx, place, None, None, actor.locale).await?;
        let action = action.into();
        with_game!(&loaded.state, G, played => {
            let Some(action) = G::unwrap_move(&action) else {
                return user(tr!(actor.locale, "err-other-game-step", game = tr!(actor.locale, &game_title(table.record.kind))));
            };
            self.take_step(tx, table, played, actor, action, &Asked::typed()).await
        })
    }

    /// A click on one of a game's own buttons or menu options (`code`), against the game and
    /// version its id names: a step, or another view of the step (a read). A code the game
    /// does not know is said to be unknown before anything is said about its version.
    pub(super) async fn act_in(
        &self,
        place: Place,
        actor: &Actor,
        game_id: GameId,
        expected: i64,
        code: &str,
        asked: &Asked,
    ) -> Result<Reply> {
        let mut tx = self.store.begin_write().await?;
        let (table, loaded) = self.current(&mut tx, place, Some(game_id), None, actor.locale).await?;
        with_game!(&loaded.state, G, played => {
            let Some(click) = G::read_code(code) else {
                return user(tr!(actor.locale, "err-unknown-button"));
            };
            if table.record.version != expected && !G::outlives_its_version(&click) {
                return Err(self.stale(&table, &loaded, Some(actor.user_id), actor.locale));
            }
            self.click_code::<G>(tx, table, played, actor, click, asked).await
        })
    }

    async fn click_code<G: Listed>(
        &self,
        tx: Transaction<'static, Any>,
        table: Table,
        played: &Played<G>,
        actor: &Actor,
        click: Click<G::Move>,
        asked: &Asked,
    ) -> Result<Reply> {
        match click {
            Click::Act(action) => self.take_step(tx, table, played, actor, action, asked).await,
            Click::View(view) => {
                drop(tx);
                let seat = seat_to_act::<G>(&table, &played.game, actor)?;
                G::view(played, &table, table.record.version, seat, &view, actor.locale)
            }
        }
    }

    /// A step typed into one of a game's step commands (`/place B 90`, `/islander …`): the text
    /// is read against the game as loaded inside the step's write transaction, so the game is
    /// loaded once and the text is judged against exactly the state it applies to.
    pub async fn act_typed<G: Listed>(&self, place: Place, actor: &Actor, typed: G::Typed) -> Result<Reply> {
        let mut tx = self.store.begin_write().await?;
        let table = match self.open_table(&mut tx, place, actor.locale).await {
            Ok(table) if table.record.status != Status::Lobby => table,
            Ok(_) | Err(ServiceError::User(_)) => return user(tr!(actor.locale, "err-no-running-game")),
            Err(e) => return Err(e),
        };
        if table.record.kind != G::KIND {
            let (game, other) = (tr!(actor.locale, &game_title(table.record.kind)), tr!(actor.locale, &game_title(G::KIND)));
            return user(tr!(actor.locale, "err-other-game-command", game = game, other = other));
        }
        super::tables::refuse_if_paused(&table, actor.locale)?;
        let loaded = self.load(&mut tx, &table).await?;
        let played = G::unwrap(&loaded.state).ok_or_else(|| internal(format!("game {}: state of another game", table.record.id)))?;
        // Whose turn first: a player out of turn is told so, whatever they typed.
        let seat = seat_to_act::<G>(&table, &played.game, actor)?;
        let action = G::read_typed(&played.game, &table, seat, &typed, actor.locale).map_err(ServiceError::User)?;
        self.take_step(tx, table, played, actor, action, &Asked::typed()).await
    }

    /// Applies `action` for `actor` to the loaded game, logs it with the message it owes the
    /// channel, and commits. A player away who plays is back.
    async fn take_step<G: Listed>(
        &self,
        mut tx: Transaction<'static, Any>,
        mut table: Table,
        played: &Played<G>,
        actor: &Actor,
        action: G::Move,
        asked: &Asked,
    ) -> Result<Reply> {
        let seat = seat_to_act::<G>(&table, &played.game, actor)?;
        let mut header = Vec::new();
        if let Some(away) = table.seats.iter_mut().find(|s| s.seat == Some(seat) && s.away_until.is_some()) {
            store::set_away(&mut tx, table.record.id, away.user_id, None).await?;
            away.away_until = None;
            header.push(tr!(table.record.language, "seat-back-header", name = escape(&away.name)));
        }
        let step = Step { seat, user_id: actor.user_id, action };
        self.apply_steps(tx, table, played, &[step], header, Some(actor.user_id), actor.locale, asked).await
    }

    /// The computer's moves (chosen by [`Service::choose_computer_moves`] against this very
    /// version), as one change and one message after `header`, logged under each computer
    /// seat's own id, or [`COMPUTER_USER`] for a person it played for.
    pub(crate) async fn play_computer_moves(
        &self,
        tx: Transaction<'static, Any>,
        table: Table,
        loaded: &Loaded,
        moves: &[(usize, Move)],
        header: Vec<String>,
    ) -> Result<Reply> {
        let user_of = |seat: usize| table.user_at(seat).filter(|&id| is_computer_id(id)).unwrap_or(COMPUTER_USER);
        with_game!(&loaded.state, G, played => {
            let steps: Vec<Step<_>> = moves
                .iter()
                .filter_map(|(seat, action)| Some(Step { seat: *seat, user_id: user_of(*seat), action: G::unwrap_move(action)? }))
                .collect();
            let language = table.record.language;
            self.apply_steps(tx, table, played, &steps, header, None, language, &Asked::typed()).await
        })
    }

    /// The moves the computer makes now under `plan` (none when a person must act): chosen off
    /// the async workers, since a strong computer player thinks for up to about a second.
    pub(crate) async fn choose_computer_moves(
        &self,
        loaded: &Loaded,
        table: &Table,
        plan: &crate::games::ComputerPlan,
    ) -> Vec<(usize, Move)> {
        async fn choose<G: Listed>(played: &Played<G>, table: &Table, plan: &crate::games::ComputerPlan) -> Vec<(usize, G::Move)> {
            let (played, table, plan) = (played.clone(), table.clone(), plan.clone());
            tokio::task::spawn_blocking(move || G::computer_moves(&played, &table, &plan)).await.unwrap_or_else(|e| {
                tracing::error!("a computer player failed: {e}");
                Vec::new()
            })
        }
        with_game!(&loaded.state, G, played => {
            choose(played, table, plan).await.into_iter().map(|(seat, action)| (seat, G::wrap_move(action))).collect()
        })
    }

    /// Applies `steps` to the loaded game as one change: each logged with its seat, narrated in
    /// order after `header`; the version bumped once; what the game waits for rescheduled; the
    /// message it owes the channel queued; committed. `actor` is the person who made the step,
    /// if a person did: the message is new when someone else must act now (it pings them).
    /// A refused step is said in `reader` (the person's language, or the game's).
    #[allow(clippy::too_many_arguments)]
    async fn apply_steps<G: Listed>(
        &self,
        mut tx: Transaction<'static, Any>,
        table: Table,
        before: &Played<G>,
        steps: &[Step<G::Move>],
        header: Vec<String>,
        actor: Option<u64>,
        reader: Locale,
        asked: &Asked,
    ) -> Result<Reply> {
        // A typed step's message that waited for the computer's run is told first (see
        // `Reply::carried`): by that run, or by whichever change comes before it. There is one
        // only while the computer is to move (a change of seats releases it), so a person's
        // step costs no statement for it.
        let computer_was_to_move = schedule::computer_to_move(&table, &G::waiting(&before.game), &G::may_answer(&before.game)).is_some();
        let header = if actor.is_none() || computer_was_to_move {
            [self.take_carried(&mut tx, table.record.id).await?, header].concat()
        } else {
            header
        };
        let mut game = before.game.clone();
        let mut log = before.log.clone();
        let mut story = Story::default();
        let mut stored = Vec::new();
        for step in steps {
            G::apply(&mut game, &table, step.seat, &step.action, &mut story, reader)?;
            let seq = log.len() as i64 + 1;
            stored.push(G::encode(step.seat, &step.action));
            store::append_action(&mut tx, table.record.id, seq, step.user_id, step.seat, stored.last().expect("just pushed")).await?;
            log.push(Logged { seq, user_id: step.user_id, seat: Some(step.seat), action: step.action });
        }
        let over = G::is_over(&game);
        let status = if over { Status::Finished } else { Status::Active };
        let version = store::touch(&mut tx, table.record.id, status).await?;
        let mut table = Table { record: GameRecord { version, status, ..table.record }, seats: table.seats };
        let (waiting, answering) = (G::waiting(&game), G::may_answer(&game));
        let deadline = self.reschedule_with(&mut tx, &mut table, &waiting, &answering).await?;
        if over {
            self.owe_timelapse(&mut tx, &table).await?;
        }
        let private = G::private_posts(&game, &table, version, &story, &table.languages(actor.map(|user| (user, reader))));
        // A person's step that hands the turn to the computer, typed (no message to show it
        // in): the computer's run tells it in its own message, the one message the run costs.
        let to_computer = actor.is_some() && !over && schedule::computer_to_move(&table, &waiting, &answering).is_some();
        let carried = (to_computer && !asked.on_a_message()).then(|| header.iter().chain(&story.lines).cloned().collect());
        let mut reply = G::reply(&game, &table, version, header, story);
        // The last message offers the same table again, one tap away.
        if over && reply.buttons.len() < crate::common::reply::MAX_BUTTON_ROWS {
            reply.buttons.push(vec![super::rematch::rematch_button(table.record.id, version, table.record.language)]);
        }
        // A new message when another person must act now (it pings them), when the computer
        // moved (its run ends by pinging whoever is next), or when the game ended. A person's
        // step that hands the turn to the computer shows in place (tapped) or in the run's
        // message (typed): a run costs one message, not two.
        let other_person = reply.mention.is_some() && reply.mention != actor;
        reply.delivery = if over || actor.is_none() || other_person || !reply.more_mentions.is_empty() {
            Delivery::New
        } else {
            carried.map_or(Delivery::InPlace, |lines| Delivery::Carried { lines })
        };
        // A new message pings the others, never the one whose step made it: they are looking
        // at it, and a decision their own step left them owing (a discard on their own seven)
        // was asked of them where they acted. The end of the game still pings everyone.
        if let Some(user) = actor
            && !over
            && reply.delivery == Delivery::New
        {
            reply.unping(user);
        }
        // The deadline is said once a turn: in the message that hands it over, not again on
        // each step its player takes.
        if reply.delivery == Delivery::New {
            add_deadline(&mut reply, deadline, table.record.language);
        }
        self.queue(&mut tx, &table, &reply, asked).await?;
        reply.private = self.queue_private_posts(&mut tx, &table, private).await?;
        reply.known = self.known_at_commit(&mut tx, &table, &reply).await?;
        let after = Arc::new(Loaded { version, state: G::wrap(Played { game, log }) });
        tx.commit().await?;
        // The steps as stored (the log's own form), for following a game through the log.
        tracing::debug!(game = table.record.id, version, steps = %stored.join(" | "), "committed steps");
        self.committed(&table, &after);
        self.wake_scheduler();
        Ok(reply)
    }

    /// Undoes the player's own last step, as long as it revealed nothing new (the game's rule).
    /// A typed `/undo`, sent at `sent_ms` (unix milliseconds, from the interaction's id):
    /// it undoes the step that was last when it was sent, so it is refused when the game
    /// changed since (two sent at once undo one step, and the second says so).
    pub async fn undo(&self, place: Place, actor: &Actor, sent_ms: Option<i64>) -> Result<Reply> {
        let mut tx = self.store.begin_write().await?;
        let table = self.open_table(&mut tx, place, actor.locale).await?;
        if let Some(sent) = sent_ms
            && table.record.changed_ms > sent
        {
            let loaded = self.load(&mut tx, &table).await?;
            return Err(self.stale(&table, &loaded, Some(actor.user_id), actor.locale));
        }
        drop(tx);
        self.undo_in(place, actor, Some(table.record.id), Some(table.record.version), &Asked::typed()).await
    }

    pub(super) async fn undo_in(
        &self,
        place: Place,
        actor: &Actor,
        game_id: Option<GameId>,
        expected: Option<i64>,
        asked: &Asked,
    ) -> Result<Reply> {
        let mut tx = self.store.begin_write().await?;
        let (table, loaded) = self.current(&mut tx, place, game_id, expected, actor.locale).await?;
        with_game!(&loaded.state, G, played => self.undo_last::<G>(tx, table, played, actor, asked).await)
    }

    async fn undo_last<G: Listed>(
        &self,
        mut tx: Transaction<'static, Any>,
        table: Table,
        played: &Played<G>,
        actor: &Actor,
        asked: &Asked,
    ) -> Result<Reply> {
        if table.record.status != Status::Active {
            return user(tr!(actor.locale, "err-undo-not-running"));
        }
        if table.seat_of(actor.user_id).is_none() {
            return user(tr!(actor.locale, "err-not-playing"));
        }
        let Some(last) = played.log.last() else { return user(tr!(actor.locale, "err-undo-nothing")) };
        if last.user_id != actor.user_id {
            return user(tr!(actor.locale, "err-undo-not-yours"));
        }
        let mut log = played.log.clone();
        log.pop();
        let before = Played::<G>::replay(&table, log)?;
        if let Some(why) = G::undo_refusal(&before.game, &last.action, actor.locale) {
            return user(why);
        }
        store::delete_action(&mut tx, table.record.id, last.seq).await?;
        let version = store::touch(&mut tx, table.record.id, Status::Active).await?;
        let mut table = Table { record: GameRecord { version, ..table.record }, seats: table.seats };
        // Undone in place, on the same player's turn: its deadline was said when it began.
        self.reschedule(&mut tx, &mut table, &G::waiting(&before.game)).await?;
        let seat = last.seat.or_else(|| table.seat_of(actor.user_id)).unwrap_or(0);
        let mut header = self.take_carried(&mut tx, table.record.id).await?;
        header.push(G::undone(&before.game, &table, seat, &last.action));
        let story = Story::default();
        let private = G::private_posts(&before.game, &table, version, &story, &[]);
        let mut reply = G::reply(&before.game, &table, version, header, story);
        self.queue(&mut tx, &table, &reply, asked).await?;
        reply.private = self.queue_private_posts(&mut tx, &table, private).await?;
        reply.known = self.known_at_commit(&mut tx, &table, &reply).await?;
        let after = Arc::new(Loaded { version, state: G::wrap(before) });
        tx.commit().await?;
        self.committed(&table, &after);
        Ok(reply)
    }

    /// The current state of the channel's game of kind `G`, for autocomplete, tools and tests:
    /// (game, version, seat of the user if seated, the players' names by seat). A read: a step
    /// re-reads the game in its transaction.
    pub async fn snapshot<G: Listed>(&self, place: Place, user_id: u64) -> Result<(G::Game, i64, Option<usize>, Vec<String>)> {
        self.snapshot_in::<G>(place, user_id, Locale::En).await
    }

    /// [`Service::snapshot`], saying why not in `reader`'s language (a game's private commands).
    pub async fn snapshot_in<G: Listed>(
        &self,
        place: Place,
        user_id: u64,
        reader: Locale,
    ) -> Result<(G::Game, i64, Option<usize>, Vec<String>)> {
        let mut conn = self.store.pool().acquire().await?;
        let table = self.latest_table(&mut conn, place, reader).await?;
        if table.record.status == Status::Lobby {
            return user(tr!(reader, "err-not-started"));
        }
        let loaded = self.load(&mut conn, &table).await?;
        let Some(played) = G::unwrap(&loaded.state) else {
            return user(tr!(reader, "err-channel-game", game = tr!(reader, &game_title(table.record.kind))));
        };
        let names = table.seats.iter().map(|s| s.name.clone()).collect();
        Ok((played.game.clone(), table.record.version, table.seat_of(user_id), names))
    }
}

/// The seat of `actor` when the game lets them act now; otherwise why not (not playing, their
/// seat taken over by the computer, or the game's own word on whose turn it is).
fn seat_to_act<G: Listed>(table: &Table, game: &G::Game, actor: &Actor) -> Result<usize> {
    if table.record.status != Status::Active {
        return user(tr!(actor.locale, "err-not-running"));
    }
    super::tables::refuse_if_paused(table, actor.locale)?;
    let Some(seat) = table.seat_of(actor.user_id) else {
        return user(tr!(actor.locale, "err-not-playing"));
    };
    if table.seats.iter().any(|s| s.user_id == actor.user_id && s.computer.is_some()) {
        return user(tr!(actor.locale, "err-seat-taken-over"));
    }
    G::may_act(game, table, seat, actor.locale)?;
    Ok(seat)
}
