//! The lobby: opening a game, joining, leaving, starting (the seat order drawn from the game's
//! seed) and abandoning it, and who may do which; a lobby nobody changes for a few days closes
//! by itself (a due item of the scheduler). The same for every game; what a game adds
//! (its options, its opening message) comes from its room.

use super::asked::Asked;
use super::reply::escape;
use super::words::{add_deadline, duration_words_in};
use super::{Actor, Delivery, Loaded, Place, Reply, Result, Service, Table, load_table, random_seed, user};
use crate::common::table::seat_note;
use crate::games::{self, Opening, State};
use crate::i18n::Locale;
use crate::kinds::GameKind;
use crate::service::reply::{Button, Command, ComponentId, Style};
use crate::store::{self, Due, DueKind, GameId, GameRecord, InsertError, NewGame, OnTimeout, Status};
use crate::tr;
use seeded_rng::Rng;
use std::sync::Arc;

impl Service {
    /// Opens a lobby in the channel; its creator takes the first seat. Each game's `create`
    /// checks its options and calls this.
    pub(crate) async fn open_lobby(&self, place: Place, actor: &Actor, opening: Opening, language: Locale) -> Result<Reply> {
        let seed = opening.seed.or(self.default_seed).unwrap_or_else(random_seed);
        let mut tx = self.store.begin_write().await?;
        let new = NewGame {
            kind: opening.kind,
            ruleset: opening.ruleset,
            guild_id: place.guild_id,
            channel_id: place.channel_id,
            options: opening.options,
            seed,
            creator_id: actor.user_id,
            min_players: opening.min_players,
            max_players: opening.max_players,
            turn_limit_secs: opening.turn_limit_secs,
            on_timeout: opening.on_timeout,
            language,
        };
        let id = match store::insert_game(&mut tx, &new).await {
            Ok(id) => id,
            Err(InsertError::ChannelBusy) => {
                return user(tr!(actor.locale, "err-channel-busy"));
            }
            Err(InsertError::Db(e)) => return Err(e.into()),
        };
        store::add_seat(&mut tx, id, actor.user_id, &actor.name).await?;
        store::touch(&mut tx, id, Status::Lobby).await?;
        let table = load_table(&mut tx, id).await?;
        self.lobby_changed(&mut tx, &table).await?;
        let headline = tr!(language, "lobby-opened", name = escape(&actor.name), game = tr!(language, &game_title(opening.kind)));
        let mut reply = lobby_reply(&table, &headline);
        reply.delivery = Delivery::New;
        self.queue(&mut tx, &table, &reply, &Asked::typed()).await?;
        tx.commit().await?;
        Ok(reply)
    }

    pub async fn join(&self, place: Place, actor: &Actor) -> Result<Reply> {
        self.join_in(place, actor, None, &Asked::typed()).await
    }

    pub(super) async fn join_in(&self, place: Place, actor: &Actor, game: Option<GameId>, asked: &Asked) -> Result<Reply> {
        let mut tx = self.store.begin_write().await?;
        let table = self.open_table_for(&mut tx, place, game, actor.locale).await?;
        let r = &table.record;
        if r.status != Status::Lobby {
            return user(tr!(actor.locale, "err-started-watch"));
        }
        if table.seats.iter().any(|s| s.user_id == actor.user_id) {
            return user(tr!(actor.locale, "err-already-joined"));
        }
        if table.seats.len() >= r.max_players {
            return user(tr!(actor.locale, "err-full", max = r.max_players));
        }
        store::add_seat(&mut tx, r.id, actor.user_id, &actor.name).await?;
        store::touch(&mut tx, r.id, Status::Lobby).await?;
        let table = load_table(&mut tx, r.id).await?;
        self.lobby_changed(&mut tx, &table).await?;
        let reply = lobby_reply(&table, &tr!(r.language, "lobby-joined", name = escape(&actor.name)));
        self.queue(&mut tx, &table, &reply, asked).await?;
        tx.commit().await?;
        Ok(reply)
    }

    pub async fn leave(&self, place: Place, actor: &Actor) -> Result<Reply> {
        self.leave_in(place, actor, None, &Asked::typed()).await
    }

    pub(super) async fn leave_in(&self, place: Place, actor: &Actor, game: Option<GameId>, asked: &Asked) -> Result<Reply> {
        let mut tx = self.store.begin_write().await?;
        let table = self.open_table_for(&mut tx, place, game, actor.locale).await?;
        let r = &table.record;
        if r.status != Status::Lobby {
            return user(tr!(actor.locale, "err-leave-started"));
        }
        if !table.seats.iter().any(|s| s.user_id == actor.user_id) {
            return user(tr!(actor.locale, "err-not-in-lobby"));
        }
        store::remove_seat(&mut tx, r.id, actor.user_id).await?;
        // Computer players don't keep a lobby open on their own.
        let remaining = table.people().filter(|s| s.user_id != actor.user_id).count();
        let status = if remaining == 0 { Status::Abandoned } else { Status::Lobby };
        store::touch(&mut tx, r.id, status).await?;
        let table = load_table(&mut tx, r.id).await?;
        if remaining == 0 {
            store::clear_due(&mut tx, r.id, None).await?;
        } else {
            self.lobby_changed(&mut tx, &table).await?;
        }
        let reply = if remaining == 0 {
            Reply {
                text: tr!(table.record.language, "lobby-closed"),
                game: Some((table.record.id, table.record.version)),
                ..Reply::default()
            }
        } else {
            lobby_reply(&table, &tr!(table.record.language, "lobby-left", name = escape(&actor.name)))
        };
        self.queue(&mut tx, &table, &reply, asked).await?;
        tx.commit().await?;
        Ok(reply)
    }

    /// Starts the game: seats and the start player are drawn from the game's seed.
    pub async fn start(&self, place: Place, actor: &Actor) -> Result<Reply> {
        self.start_in(place, actor, None, &Asked::typed()).await
    }

    pub(super) async fn start_in(&self, place: Place, actor: &Actor, game: Option<GameId>, asked: &Asked) -> Result<Reply> {
        let mut tx = self.store.begin_write().await?;
        let table = self.open_table_for(&mut tx, place, game, actor.locale).await?;
        let r = &table.record;
        if r.status != Status::Lobby {
            return user(tr!(actor.locale, "err-already-started"));
        }
        let creator_seated = table.seats.iter().any(|s| s.user_id == r.creator_id);
        if actor.user_id != r.creator_id && (creator_seated || !table.seats.iter().any(|s| s.user_id == actor.user_id)) {
            return user(tr!(actor.locale, "err-only-opener"));
        }
        if table.seats.len() < r.min_players {
            return user(tr!(actor.locale, "err-too-few", min = r.min_players, joined = table.seats.len()));
        }
        let mut order: Vec<u64> = table.seats.iter().map(|s| s.user_id).collect();
        Rng::new(r.seed ^ 0x5EA7_5EA7).shuffle(&mut order);
        store::assign_seats(&mut tx, r.id, &order).await?;
        // The deal's secret salt: the opening publishes SHA-256 of seed and salt, the end
        // reveals both (`crate::common::deal`).
        let salt = crate::common::deal::new_salt().map_err(crate::common::internal)?;
        store::set_salt(&mut tx, r.id, &salt).await?;
        let version = store::touch(&mut tx, r.id, Status::Active).await?;
        store::clear_due(&mut tx, r.id, Some(DueKind::Lobby)).await?;
        let mut table = load_table(&mut tx, r.id).await?;
        // The game's opening: its first state and the message that announces it.
        let (state, reply) = State::begin(&table, version)?;
        let deadline = self.reschedule(&mut tx, &mut table, &state.waiting()).await?;
        let loaded = Arc::new(Loaded { version, state });
        let mut reply = Reply { delivery: Delivery::New, ..reply };
        add_deadline(&mut reply, deadline, table.record.language);
        self.queue(&mut tx, &table, &reply, asked).await?;
        tx.commit().await?;
        self.committed(&table, &loaded);
        self.wake_scheduler();
        Ok(reply)
    }

    /// The creator or a moderator ends the game at once (`/abandon` asks them to confirm
    /// first: [`Service::ask_abandon`]); any other seated player votes, and a majority ends it.
    pub async fn abandon(&self, place: Place, actor: &Actor) -> Result<Reply> {
        self.abandon_in(place, actor, None, &Asked::typed()).await
    }

    pub(super) async fn abandon_in(&self, place: Place, actor: &Actor, game: Option<GameId>, asked: &Asked) -> Result<Reply> {
        let mut tx = self.store.begin_write().await?;
        let table = self.open_table_for(&mut tx, place, game, actor.locale).await?;
        let r = &table.record;
        let seated = table.seats.iter().any(|s| s.user_id == actor.user_id);
        let at_once = table.moderated_by(actor);
        if !at_once && !seated {
            return user(tr!(actor.locale, "err-only-players-abandon"));
        }
        let votes = if at_once { usize::MAX } else { store::vote_abandon(&mut tx, r.id, actor.user_id).await? };
        let needed = table.seats.len() / 2 + 1;
        if votes < needed {
            // A vote changes nothing of the game: its buttons stay valid, and the notice is
            // a plain message (a lost one loses no vote).
            tx.commit().await?;
            let text = tr!(r.language, "lobby-vote-abandon", name = escape(&actor.name), votes = votes, needed = needed);
            return Ok(Reply { text, delivery: Delivery::New, ..Reply::default() });
        }
        let status = Status::Abandoned;
        let version = store::touch(&mut tx, r.id, status).await?;
        store::clear_due(&mut tx, r.id, None).await?;
        let table = Table { record: GameRecord { version, status, ..table.record }, seats: table.seats };
        let language = table.record.language;
        // A moderator who is not the opener says so: the players see who ended their game.
        let ended = if actor.moderator && actor.user_id != table.record.creator_id {
            tr!(language, "lobby-ended-by-moderator", name = escape(&actor.name))
        } else {
            tr!(language, "lobby-abandoned")
        };
        let text = self.after_carried(&mut tx, table.record.id, ended).await?;
        let reply = Reply { text, game: Some((table.record.id, version)), delivery: Delivery::New, ..Reply::default() };
        self.queue(&mut tx, &table, &reply, asked).await?;
        tx.commit().await?;
        self.forget(table.record.id);
        Ok(reply)
    }

    /// After a change of a lobby (in its transaction): it closes by itself once nobody has
    /// changed it for [`LOBBY_IDLE`] (the due item is set anew for this version).
    pub(super) async fn lobby_changed(&self, conn: &mut sqlx::AnyConnection, table: &Table) -> Result<()> {
        let now = self.now_ms();
        let due = Due {
            game_id: table.record.id,
            kind: DueKind::Lobby,
            version: table.record.version,
            due_at: now + LOBBY_IDLE.as_millis() as i64,
            user_id: 0,
            since: now,
            sent: 0,
        };
        store::set_due(conn, &due).await?;
        Ok(())
    }

    /// A lobby's time is up: if nobody changed it since the item was set, it closes, said in
    /// the channel with how to open another. Returns the message it owes.
    pub(super) async fn expire_lobby(&self, item: &Due) -> Result<Option<Reply>> {
        let mut tx = self.store.begin_write().await?;
        let table = load_table(&mut tx, item.game_id).await?;
        if !self.still_due(&mut tx, item).await? {
            return Ok(None);
        }
        if table.record.status != Status::Lobby || table.record.version != item.version {
            // Changed since (a join, the start): that change set what comes next.
            store::clear_due_of(&mut tx, item.game_id, DueKind::Lobby, 0).await?;
            tx.commit().await?;
            return Ok(None);
        }
        let status = Status::Abandoned;
        let version = store::touch(&mut tx, table.record.id, status).await?;
        store::clear_due(&mut tx, table.record.id, None).await?;
        let table = Table { record: GameRecord { version, status, ..table.record }, seats: table.seats };
        let language = table.record.language;
        let days = (LOBBY_IDLE.as_secs() / 86_400) as i64;
        let reply = Reply {
            text: tr!(language, "lobby-expired", days = days),
            game: Some((table.record.id, version)),
            delivery: Delivery::New,
            ..Reply::default()
        };
        self.queue(&mut tx, &table, &reply, &Asked::typed()).await?;
        tx.commit().await?;
        self.forget(table.record.id);
        Ok(Some(Reply { channel: Some(table.record.channel_id), ..reply }))
    }
}

/// How long a lobby waits for a change (a join, a leave, a computer seated, the start) before
/// it closes by itself: a lobby nobody starts would otherwise hold its channel for good.
pub const LOBBY_IDLE: std::time::Duration = std::time::Duration::from_secs(3 * 24 * 3600);

/// The lobby's message: who joined, the game's rules line, and Join / Leave / Start.
pub(super) fn lobby_reply(table: &Table, headline: &str) -> Reply {
    lobby_reply_in(table, headline, table.record.language)
}

/// The lobby as one reader sees it (`/status`, answered privately), in their `language`.
pub(super) fn lobby_reply_in(table: &Table, headline: &str, language: Locale) -> Reply {
    let r = &table.record;
    let players: Vec<String> = table.seats.iter().map(|s| format!("• {}{}", escape(&s.name), seat_note(s, language))).collect();
    let button = |command: Command, label: &str, style: Style| Button {
        id: ComponentId::button(r.id, r.version, command),
        label: tr!(language, label),
        style,
    };
    let text = tr!(
        language,
        "lobby-shown",
        headline = headline,
        seated = table.seats.len(),
        max = r.max_players,
        players = players.join("\n"),
        rules = games::lobby_rules(r, language),
        min = r.min_players,
        limit = turn_limit_words(r, language),
    );
    Reply {
        text,
        buttons: vec![vec![
            button(Command::Join, "lobby-join", Style::Primary),
            button(Command::Leave, "lobby-leave", Style::Secondary),
            button(Command::Start, "lobby-start", Style::Success),
            button(Command::AddComputer, "lobby-add-computer", Style::Secondary),
        ]],
        game: Some((r.id, r.version)),
        ..Reply::default()
    }
}

/// The game's turn time limit in words, for the lobby (in the game's language) and `/status`
/// (in its reader's).
pub(crate) fn turn_limit_words(r: &GameRecord, locale: Locale) -> String {
    if r.turn_limit_secs <= 0 {
        return tr!(locale, "turn-limit-none");
    }
    let then = match r.on_timeout {
        OnTimeout::PlayTurn => "play",
        OnTimeout::Replace => "replace",
    };
    tr!(locale, "turn-limit", duration = duration_words_in(r.turn_limit_secs * 1000, locale), then = then)
}

/// A game's title, as its message id (`game-southseas`).
pub(crate) fn game_title(kind: GameKind) -> String {
    kind.title_key()
}
