//! A rematch: one tap on a finished game's last message opens a lobby with the same game,
//! options, rules data, time limit, language and computer players, in the same channel or
//! thread; the person who tapped takes the first seat, and the other people of that game are
//! pinged with the lobby's Join button. A second rematch tap (by anyone who played) while that
//! lobby is open joins it, so nobody has to tell a Rematch button from a Join button.

use super::asked::Asked;
use super::lobby::{game_title, lobby_reply};
use super::reply::escape;
use super::{Actor, Delivery, Place, Reply, Result, Service, Table, load_table, random_seed, user};
use crate::common::Button;
use crate::common::table::is_computer_id;
use crate::service::reply::{Command, ComponentId, Style};
use crate::store::{self, GameId, InsertError, NewGame, Status};
use crate::tr;

impl Service {
    /// The Rematch button of finished game `of`, tapped by `actor` in `place`.
    ///
    /// Whatever message was tapped, the lobby is a message of its own (`Asked::typed`): the
    /// tapped one is the old game's last, and stays as it is.
    pub(super) async fn rematch_in(&self, place: Place, actor: &Actor, of: GameId) -> Result<Reply> {
        let asked = &Asked::typed();
        let mut tx = self.store.begin_write().await?;
        let Some(record) = store::game(&mut tx, of).await? else {
            return user(tr!(actor.locale, "err-game-vanished"));
        };
        if record.channel_id != place.channel_id {
            return user(tr!(actor.locale, "err-other-channel"));
        }
        if record.status != Status::Finished {
            return user(tr!(actor.locale, "err-rematch-not-over"));
        }
        let old = Table { seats: store::seats(&mut tx, of).await?, record };
        if !old.seats.iter().any(|s| s.user_id == actor.user_id && !is_computer_id(s.user_id)) {
            return user(tr!(actor.locale, "err-rematch-not-played"));
        }
        let r = &old.record;
        let new = NewGame {
            kind: r.kind,
            // The same rules data as the game it follows: its options are read against it.
            ruleset: r.ruleset,
            guild_id: place.guild_id,
            channel_id: place.channel_id,
            options: r.options.clone(),
            // A new deal: a rematch is another game, not a replay.
            seed: self.default_seed.unwrap_or_else(random_seed),
            creator_id: actor.user_id,
            min_players: r.min_players,
            max_players: r.max_players,
            turn_limit_secs: r.turn_limit_secs,
            on_timeout: r.on_timeout,
            language: r.language,
        };
        let id = match store::insert_game(&mut tx, &new).await {
            Ok(id) => id,
            Err(InsertError::ChannelBusy) => {
                drop(tx);
                return self.join_rematch(place, actor, &old).await;
            }
            Err(InsertError::Db(e)) => return Err(e.into()),
        };
        store::add_seat(&mut tx, id, actor.user_id, &actor.name).await?;
        // The computer players sit again, at the same strength, in their old order.
        let mut computers: Vec<_> = old.seats.iter().filter(|s| is_computer_id(s.user_id)).collect();
        computers.sort_by_key(|s| s.seat);
        for seat in computers {
            let strength = seat.computer.unwrap_or(crate::games::Strength::Medium);
            store::add_computer_seat(&mut tx, id, seat.user_id, &seat.name, strength).await?;
        }
        store::touch(&mut tx, id, Status::Lobby).await?;
        let table = load_table(&mut tx, id).await?;
        self.lobby_changed(&mut tx, &table).await?;
        let language = table.record.language;
        let headline =
            tr!(language, "lobby-rematch", name = escape(&actor.name), game = tr!(language, &game_title(table.record.kind)), number = of);
        let mut reply = lobby_reply(&table, &headline);
        // A new message that pings the others who played: their seat waits for one tap.
        reply.delivery = Delivery::New;
        reply.more_mentions = old.people().map(|s| s.user_id).filter(|&u| u != actor.user_id).collect();
        self.queue(&mut tx, &table, &reply, asked).await?;
        tx.commit().await?;
        Ok(reply)
    }

    /// A rematch asked for where a game is open already: the rematch lobby (the same game and
    /// options, still gathering) is joined; anything else is said.
    async fn join_rematch(&self, place: Place, actor: &Actor, old: &Table) -> Result<Reply> {
        let open = {
            let mut conn = self.store.pool().acquire().await?;
            self.open_table(&mut conn, place, actor.locale).await?
        };
        let same = open.record.kind == old.record.kind && open.record.options == old.record.options;
        if open.record.status != Status::Lobby || !same {
            return user(tr!(actor.locale, "err-rematch-busy"));
        }
        if open.seats.iter().any(|s| s.user_id == actor.user_id) {
            return user(tr!(actor.locale, "err-rematch-seated"));
        }
        self.join_in(place, actor, Some(open.record.id), &Asked::typed()).await
    }
}

/// The Rematch button of a finished game's last message.
pub(crate) fn rematch_button(game: GameId, version: i64, language: crate::i18n::Locale) -> Button {
    Button { id: ComponentId::button(game, version, Command::Rematch), label: tr!(language, "rematch"), style: Style::Primary }
}
