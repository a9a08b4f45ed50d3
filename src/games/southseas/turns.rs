//! South Seas' steps through the service: a new game and its options, the opening, a turn
//! action (from a button or menu, or typed and read inside the step's own transaction), undo,
//! and the game's state rebuilt from its stored setup and log.

use super::GameOptions;
use super::replies::{self, names, turn_reply, turn_reply_after};
use super::text::{self, Names};
use super::typed::{self, Step};
use crate::games::{GameKind, Move, State};
use crate::service::{
    Actor, Button, COMPUTER_USER, Command, ComponentId, Loaded, Opening, Place, Reply, Result, Service, ServiceError, Style, Table,
    add_deadline, internal, is_computer_id, user,
};
use crate::store::{self, ActionRecord, GameId, GameRecord, Status};
use southseas_engine::{Action, Event, Game, Options, Phase, Pos, Ruleset, ScoreReason, Setup, record};
use sqlx::{Any, Transaction};
use std::sync::Arc;

/// A South Seas game at a version: the engine's state and the log it was rebuilt from.
#[derive(Clone)]
pub(crate) struct Played {
    pub(crate) game: Game,
    pub(crate) log: Vec<Logged>,
}

/// One step of the game's log, read back from the store.
#[derive(Clone, Debug)]
pub(crate) struct Logged {
    pub(crate) seq: i64,
    pub(crate) user_id: u64,
    pub(crate) action: Action,
}

/// This game's part of a loaded state. Every state is South Seas' while it is the only game;
/// with a second one, a table of another kind here is an internal error.
fn played(loaded: &Loaded) -> &Played {
    match &loaded.state {
        State::SouthSeas(played) => played,
    }
}

/// What someone not seated in the game gets for any step (undo too).
const NOT_PLAYING: &str = "You are not playing in this game. You can watch with `/board` and `/status`.";

/// What a typed step gets when the channel has no game underway.
const NO_RUNNING_GAME: &str = "There is no running game in this channel. Start one with `/new`.";

impl Service {
    /// Opens a lobby for a game of South Seas in the channel; its creator takes the first seat.
    pub async fn create(&self, place: Place, actor: &Actor, options: GameOptions) -> Result<Reply> {
        if !(2..=5).contains(&options.min_players) || !(options.min_players..=5).contains(&options.max_players) {
            return user("Player limits must be between 2 and 5, with the minimum not above the maximum.");
        }
        let opening = Opening {
            kind: GameKind::SouthSeas,
            ruleset: Ruleset::CURRENT.id().into(),
            options: record::encode_options(&Options { retrieve: options.retrieve }),
            seed: options.seed,
            min_players: options.min_players,
            max_players: options.max_players,
            turn_limit_secs: options.turn_limit_secs,
            on_timeout: options.on_timeout,
        };
        self.open_lobby(place, actor, opening).await
    }

    /// A turn action from a slash command (against the current version).
    pub async fn act(&self, place: Place, actor: &Actor, action: Action) -> Result<Reply> {
        self.act_in(place, actor, None, None, action).await
    }

    /// A button or menu choice, against the game and version its id names.
    /// A view of the placing step, for the player placing: the turns that fit at a spot
    /// (`spot`), or a page of the spots. Reads only; the message keeps its text and pictures.
    pub(crate) async fn placing_view(
        &self,
        place: Place,
        actor: &Actor,
        game_id: GameId,
        expected: i64,
        spot: Option<Pos>,
        page: u8,
    ) -> Result<Reply> {
        let mut conn = self.store().pool().acquire().await?;
        let (table, loaded) = self.current(&mut conn, place, Some(game_id), Some(expected)).await?;
        let game = &played(&loaded).game;
        check_turn(&table, game, actor)?;
        if game.phase() != Phase::PlaceTile {
            return user("The tile is placed already: use the buttons of the newest message.");
        }
        let (id, version) = (table.record.id, table.record.version);
        let mut reply = Reply { game: Some((id, version)), components_only: true, ..Reply::default() };
        match spot {
            Some(pos) => {
                let Some(rows) = replies::spot_view(game, id, version, pos) else {
                    return user("The tile fits nowhere at that spot. Pick another one.");
                };
                reply.buttons = rows;
            }
            None => {
                reply.menu = Some(replies::spot_menu(game, id, version, page));
                reply.buttons = vec![vec![Button {
                    id: ComponentId::button(id, version, Command::Board),
                    label: "Show board".into(),
                    style: Style::Secondary,
                }]];
            }
        }
        Ok(reply)
    }

    /// Page `page` of the ways to pay, for the player paying. Reads only.
    pub(crate) async fn payment_view(&self, place: Place, actor: &Actor, game_id: GameId, expected: i64, page: u8) -> Result<Reply> {
        let mut conn = self.store().pool().acquire().await?;
        let (table, loaded) = self.current(&mut conn, place, Some(game_id), Some(expected)).await?;
        let game = &played(&loaded).game;
        check_turn(&table, game, actor)?;
        if !matches!(game.phase(), Phase::Payment { .. }) {
            return user("There is no payment to choose now: use the buttons of the newest message.");
        }
        let (id, version) = (table.record.id, table.record.version);
        let undo = Button { id: ComponentId::button(id, version, Command::Undo), label: "Undo".into(), style: Style::Secondary };
        Ok(Reply {
            game: Some((id, version)),
            components_only: true,
            menu: Some(replies::payment_menu(game, id, version, page)),
            buttons: vec![vec![undo]],
            ..Reply::default()
        })
    }

    pub(crate) async fn act_in(
        &self,
        place: Place,
        actor: &Actor,
        game_id: Option<GameId>,
        expected: Option<i64>,
        action: Action,
    ) -> Result<Reply> {
        let mut tx = self.store().begin_write().await?;
        let (table, loaded) = self.current(&mut tx, place, game_id, expected).await?;
        self.take_step(tx, table, &loaded, actor, action).await
    }

    /// A step typed into a step command (`/place B 90`, `/islander …`, `/pay …`): the text is
    /// read against the game as loaded inside the step's write transaction, so the game is
    /// loaded once and the text is judged against exactly the state it applies to.
    pub async fn act_typed(&self, place: Place, actor: &Actor, step: Step, input: &str) -> Result<Reply> {
        let mut tx = self.store().begin_write().await?;
        let table = match self.open_table(&mut tx, place).await {
            Ok(table) if table.record.status != Status::Lobby => table,
            Ok(_) | Err(ServiceError::User(_)) => return user(NO_RUNNING_GAME),
            Err(e) => return Err(e),
        };
        let loaded = self.load(&mut tx, &table).await?;
        let action = typed::parse(&played(&loaded).game, step, input).map_err(ServiceError::User)?;
        self.take_step(tx, table, &loaded, actor, action).await
    }

    /// Applies `action` for `actor` to the loaded game, logs it with the message it owes the
    /// channel, and commits. A player away who plays is back.
    async fn take_step(
        &self,
        mut tx: Transaction<'static, Any>,
        mut table: Table,
        loaded: &Loaded,
        actor: &Actor,
        action: Action,
    ) -> Result<Reply> {
        let seat = check_turn(&table, &played(loaded).game, actor)?;
        let mut header = Vec::new();
        if let Some(away) = table.seats.iter_mut().find(|s| s.seat == Some(seat) && s.away_until.is_some()) {
            store::set_away(&mut tx, table.record.id, away.user_id, None).await?;
            away.away_until = None;
            header.push(format!("👋 {} is back: the computer no longer plays for them.", crate::service::reply::escape(&away.name)));
        }
        self.apply_steps(tx, table, loaded, &[(actor.user_id, action)], header, Some(actor.user_id)).await
    }

    /// The computer's moves (chosen by `State::computer_moves` against this very version), as
    /// one change and one message after `header`, logged under each computer seat's own id, or
    /// [`COMPUTER_USER`] for a person it played for.
    pub(crate) async fn computer_moves(
        &self,
        tx: Transaction<'static, Any>,
        table: Table,
        loaded: &Loaded,
        moves: &[(usize, Move)],
        header: Vec<String>,
    ) -> Result<Reply> {
        let steps: Vec<(u64, Action)> = moves
            .iter()
            .map(|&(seat, Move::SouthSeas(action))| {
                let own_id = table.user_at(seat).filter(|&id| is_computer_id(id));
                (own_id.unwrap_or(COMPUTER_USER), action)
            })
            .collect();
        self.apply_steps(tx, table, loaded, &steps, header, None).await
    }

    /// Applies `steps` (who, what) to the loaded game as one change: each logged, narrated in
    /// order after `header`; the version bumped once; what the game waits for rescheduled; the
    /// message it owes the channel queued; committed. `actor` is the person who made the step,
    /// if a person did: the message is new when someone else must act now (it pings them).
    async fn apply_steps(
        &self,
        mut tx: Transaction<'static, Any>,
        table: Table,
        loaded: &Loaded,
        steps: &[(u64, Action)],
        header: Vec<String>,
        actor: Option<u64>,
    ) -> Result<Reply> {
        let before = played(loaded);
        let names = names(&table);
        let mut game = before.game.clone();
        let mut log = before.log.clone();
        let mut lines = header;
        let mut ended: Option<String> = None;
        for &(user_id, action) in steps {
            // An earlier step's turn ended without a hand-over line of its own: say so here.
            lines.extend(ended.take());
            let active = game.active_player();
            let events = game.apply(&action).map_err(|e| ServiceError::User(text::refusal(&e)))?;
            let seq = log.len() as i64 + 1;
            store::append_action(&mut tx, table.record.id, seq, user_id, &record::encode_action(&action)).await?;
            log.push(Logged { seq, user_id, action });
            // Where the turn ended (the events of drawing the next tile, or of the game's end).
            let boundary = events
                .iter()
                .position(|e| {
                    matches!(
                        e,
                        Event::TileDiscarded { .. }
                            | Event::TurnStarted { .. }
                            | Event::GameOver { .. }
                            | Event::FeatureScored { reason: ScoreReason::GameEnd, .. }
                    )
                })
                .unwrap_or(events.len());
            lines.extend(text::narrate(&game, &names, &events[..boundary]));
            // Say why a turn ended without the player ending it: no ship on display was payable.
            let delivered = events.iter().any(|e| matches!(e, Event::ShipDelivered { .. }));
            // It goes on the hand-over line, where it explains why the next player is asked.
            ended = (boundary < events.len() && !delivered && action != Action::EndTurn)
                .then(|| format!("{} can't pay any ship on display, so the turn ends.", names.of(active)));
            if game.is_over() {
                // No hand-over: it is said before the game's end.
                lines.extend(ended.take());
            }
            lines.extend(text::narrate(&game, &names, &events[boundary..]));
        }
        let status = if game.is_over() { Status::Finished } else { Status::Active };
        let version = store::touch(&mut tx, table.record.id, status).await?;
        let mut table = Table { record: GameRecord { version, status, ..table.record }, seats: table.seats };
        let deadline = self.reschedule(&mut tx, &mut table, game.to_act()).await?;
        let mut reply = turn_reply_after(&table, version, &game, lines, ended);
        add_deadline(&mut reply, deadline);
        // A new message when someone else must act now (it pings them) or the game ended.
        reply.new_message = game.is_over() || actor.is_none() || reply.mention != actor;
        let after = Arc::new(Loaded { version, state: State::SouthSeas(Played { game, log }) });
        self.queue(&mut tx, &table, &reply).await?;
        tx.commit().await?;
        self.remember(&table, &after);
        self.wake_scheduler();
        Ok(reply)
    }

    /// Undoes the player's own last step, as long as it revealed nothing new (no tile drawn,
    /// no ship turned over, game not ended).
    /// A typed `/undo`, sent at `sent_ms` (unix milliseconds, from the interaction's id):
    /// it undoes the step that was last when it was sent, so it is refused when the game
    /// changed since (two sent at once undo one step, and the second says so).
    pub async fn undo(&self, place: Place, actor: &Actor, sent_ms: Option<i64>) -> Result<Reply> {
        let mut tx = self.store().begin_write().await?;
        let table = self.open_table(&mut tx, place).await?;
        if let Some(sent) = sent_ms
            && table.record.changed_ms > sent
        {
            let loaded = self.load(&mut tx, &table).await?;
            return Err(self.stale(&table, &loaded));
        }
        drop(tx);
        self.undo_in(place, actor, Some(table.record.id), Some(table.record.version)).await
    }

    pub(crate) async fn undo_in(&self, place: Place, actor: &Actor, game_id: Option<GameId>, expected: Option<i64>) -> Result<Reply> {
        let mut tx = self.store().begin_write().await?;
        let (table, loaded) = self.current(&mut tx, place, game_id, expected).await?;
        if table.record.status != Status::Active {
            return user("There is nothing to undo: the game is not running.");
        }
        let played = played(&loaded);
        if table.seat_of(actor.user_id).is_none() {
            return user(NOT_PLAYING);
        }
        let Some(last) = played.log.last() else { return user("There is nothing to undo yet.") };
        if last.user_id != actor.user_id {
            return user("You can only undo your own last step, and the last step wasn't yours.");
        }
        let prefix: Vec<Action> = played.log[..played.log.len() - 1].iter().map(|a| a.action).collect();
        let before = Game::replay(setup_of(&table)?, &prefix).map_err(|(i, e)| internal(format!("replay failed at action {i}: {e}")))?;
        let events = before.clone().apply(&last.action).map_err(|e| internal(format!("stored action no longer applies: {e}")))?;
        if events.iter().any(|e| {
            matches!(e, Event::TurnStarted { .. } | Event::TileDiscarded { .. } | Event::ShipRevealed { .. } | Event::GameOver { .. })
        }) {
            return user("That step can't be undone: it revealed a new tile or ship (or ended the turn).");
        }
        store::delete_action(&mut tx, table.record.id, last.seq).await?;
        let version = store::touch(&mut tx, table.record.id, Status::Active).await?;
        let mut log = played.log.clone();
        log.pop();
        let mut table = Table { record: GameRecord { version, ..table.record }, seats: table.seats };
        let deadline = self.reschedule(&mut tx, &mut table, before.to_act()).await?;
        let line = format!(
            "↩️ {} undid {}.",
            names(&table).of(table.seat_of(actor.user_id).unwrap_or(0)),
            text::step_in_words(&before, &last.action)
        );
        let mut reply = turn_reply(&table, version, &before, vec![line]);
        add_deadline(&mut reply, deadline);
        let after = Arc::new(Loaded { version, state: State::SouthSeas(Played { game: before, log }) });
        self.queue(&mut tx, &table, &reply).await?;
        tx.commit().await?;
        self.remember(&table, &after);
        Ok(reply)
    }

    /// The current state of the channel's game, for autocomplete and commands: (game, version,
    /// seat of the user if seated, names). A read: a step re-reads the game in its transaction.
    pub async fn snapshot(&self, place: Place, user_id: u64) -> Result<(Game, i64, Option<usize>, Names)> {
        let mut conn = self.store().pool().acquire().await?;
        let table = self.latest_table(&mut conn, place).await?;
        if table.record.status == Status::Lobby {
            return user("The game hasn't started yet.");
        }
        let loaded = self.load(&mut conn, &table).await?;
        Ok((played(&loaded).game.clone(), table.record.version, table.seat_of(user_id), names(&table)))
    }
}

/// Rebuilds a game from its stored setup and log.
pub(crate) fn replay(table: &Table, records: Vec<ActionRecord>) -> Result<Played> {
    let id = table.record.id;
    let log = records
        .into_iter()
        .map(|r| {
            let action = record::decode_action(&r.action).map_err(|e| internal(format!("game {id}: stored action {}: {e}", r.seq)))?;
            Ok(Logged { seq: r.seq, user_id: r.user_id, action })
        })
        .collect::<Result<Vec<_>>>()?;
    let actions: Vec<Action> = log.iter().map(|a| a.action).collect();
    let game = Game::replay(setup_of(table)?, &actions)
        .map_err(|(i, e)| internal(format!("game {id}: action {} no longer applies: {e}", i + 1)))?;
    Ok(Played { game, log })
}

/// The first state of a game whose seats were just drawn, and the message that opens it: the
/// turn order, the opening, the first player's choices.
pub(crate) fn begin(table: &Table, version: i64) -> Result<(Played, Reply)> {
    let game = Game::from_setup(setup_of(table)?).map_err(|e| ServiceError::Internal(e.into()))?;
    let names = names(table);
    let mut lines = vec!["🏝️ **The game begins!** Turn order:".to_string()];
    // In playing order, from the player who moves first (drawn from the seed).
    let (first, players) = (game.active_player(), table.seats.len());
    for k in 0..players {
        let seat = (first + k) % players;
        lines.push(format!("{}. {} ({})", k + 1, names.of(seat), Names::colour(seat)));
    }
    lines.extend(text::narrate(&game, &names, game.opening_events()));
    let reply = turn_reply(table, version, &game, lines);
    Ok((Played { game, log: Vec::new() }, reply))
}

/// The game's setup, from what is stored: its ruleset, options, players and seed.
pub(crate) fn setup_of(table: &Table) -> Result<Setup> {
    let r = &table.record;
    let ruleset = u32::try_from(r.ruleset)
        .ok()
        .and_then(Ruleset::from_id)
        .ok_or_else(|| internal(format!("game {}: ruleset {} is unknown to this version", r.id, r.ruleset)))?;
    let options = record::decode_options(&r.options).map_err(|e| internal(format!("game {}: stored options: {e}", r.id)))?;
    Ok(Setup::standard_in(ruleset, options, table.seats.len(), r.seed))
}

/// The seat of `actor` when it is their turn; otherwise who the game waits for.
fn check_turn(table: &Table, game: &Game, actor: &Actor) -> Result<usize> {
    if table.record.status != Status::Active {
        return user("The game isn't running.");
    }
    let Some(seat) = table.seat_of(actor.user_id) else {
        return user(NOT_PLAYING);
    };
    if table.seats.iter().any(|s| s.user_id == actor.user_id && s.computer.is_some()) {
        return user(
            "A computer player has taken over your seat in this game, so you can't play it any more. You can watch with `/board`.",
        );
    }
    match game.to_act() {
        Some(s) if s == seat => Ok(seat),
        Some(s) if table.computer_at(s).is_some() => user(format!(
            "It's not your turn: the computer is playing for {} right now. I'll ping you when it's yours.",
            names(table).of(s)
        )),
        Some(s) => {
            let doing = match game.phase() {
                Phase::MarketShip { .. } => "to choose a ship for their market",
                _ => "to play",
            };
            user(format!("It's not your turn: waiting for {} {doing}.", names(table).of(s)))
        }
        None => user("The game is over."),
    }
}
