//! South Seas through the host's contract ([`Rules`]): its setup from the stored record, a step
//! applied and narrated, the turn boundary, the undo rule, the views its buttons ask for, and
//! who the game waits for. Pure: the service runs the transaction around it.

use super::codes::Code;
use super::replies::{self, names, turn_reply};
use super::text::{self, Names};
use super::typed::{self, Step};
use super::{GameOptions, computer};
use crate::common::{Button, Command, ComponentId, Reply, Result, ServiceError, Style, Table, internal, user};
use crate::games::ComputerPlan;
use crate::games::contract::{self, Click, Played, Rules, Unreplayable};
use crate::i18n::Locale;
use crate::kinds::GameKind;
use crate::store::GameRecord;
use crate::tr;
use southseas_engine::{Action, Event, Game, Options, Phase, RuleError, Ruleset, ScoreReason, Setup, record, record::RecordError};

/// Carcassonne: South Seas, as the host sees it.
pub struct SouthSeas;

/// What one change of a South Seas game tells: its narration, and the notes below. A turn that
/// ends because no ship on display could be paid ends silently: on most turns nobody can
/// deliver, and the hand-over itself says whose turn it is now.
pub type Story = contract::Story<Notes>;

/// What a South Seas change notes beside its lines.
#[derive(Default)]
pub struct Notes {
    /// A computer's turn being told in one line: its seat and the line's index.
    computer_turn: Option<(usize, usize)>,
}

impl Rules for SouthSeas {
    const KIND: GameKind = GameKind::SouthSeas;
    const RULES_TEXT: &'static str = "southseas-rules";
    const HELP_TEXT: &'static str = "southseas-help";
    const PLAYERS: std::ops::RangeInclusive<usize> = southseas_engine::MIN_PLAYERS..=southseas_engine::MAX_PLAYERS;
    type Game = Game;
    type Move = Action;
    type Typed = (Step, String);
    type Notes = Notes;
    type Unreadable = RecordError;
    type Refusal = RuleError;

    fn setup(table: &Table) -> Result<Game> {
        Game::from_setup(setup_of(table)?).map_err(|e| ServiceError::Internal(e.into()))
    }

    fn encode(_seat: usize, action: &Action) -> String {
        // One player acts at a time: the seat is the log's column, not part of the form.
        record::encode_action(action)
    }

    fn decode(code: &str) -> std::result::Result<(Option<usize>, Action), RecordError> {
        record::decode_action(code).map(|action| (None, action))
    }

    fn replay_step(game: &mut Game, seat: Option<usize>, action: &Action) -> std::result::Result<(), Unreplayable<RuleError>> {
        // One player acts at a time: a recorded seat can only be that player's.
        if let Some(seat) = seat
            && game.to_act() != Some(seat)
        {
            return Err(Unreplayable::NotWaiting { seat, waiting: game.to_act().into_iter().collect() });
        }
        game.apply(action).map(|_| ()).map_err(Unreplayable::Refused)
    }

    fn waiting(game: &Game) -> Vec<usize> {
        game.to_act().into_iter().collect()
    }

    fn is_over(game: &Game) -> bool {
        game.is_over()
    }

    fn task(game: &Game, _seat: usize, locale: Locale) -> String {
        text::task(game, locale)
    }

    fn opening(game: &Game, table: &Table, version: i64) -> Reply {
        let (names, l) = (names(table), table.record.language);
        let mut lines = vec![tr!(l, "ss-opening")];
        let commitment = crate::common::deal::opening_line(&table.record, l);
        // In playing order, from the player who moves first (drawn from the seed).
        let (first, players) = (game.active_player(), table.seats.len());
        for k in 0..players {
            let seat = (first + k) % players;
            lines.push(tr!(
                l,
                "ss-opening-seat",
                k = k + 1,
                who = names.of(seat),
                letter = names.letter(seat).to_string(),
                colour = Names::colour(seat, l)
            ));
        }
        lines.push(commitment);
        lines.extend(text::narrate(game, &names, game.opening_events(), l));
        turn_reply(table, version, game, lines)
    }

    fn apply(game: &mut Game, table: &Table, seat: usize, action: &Action, story: &mut Story, reader: Locale) -> Result<()> {
        let (names, l) = (names(table), table.record.language);
        // A refused step leaves the game as it was, so the refusal is worded against it.
        let events = game.apply(action).map_err(|e| ServiceError::User(text::refusal(game, &e, reader)))?;
        // The turn's own events, then the next turn's (its drawn tile) or the game's end: told
        // apart, as they always were.
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
        if table.computer_at(seat).is_some() {
            // A computers' run says one line per computer turn, each step adding its words.
            let parts = text::run_parts(game, &names, &events[..boundary], l);
            match story.notes.computer_turn {
                Some((s, i)) if s == seat => {
                    for part in parts {
                        story.lines[i].push_str(" · ");
                        story.lines[i].push_str(&part);
                    }
                }
                _ => {
                    story.notes.computer_turn = Some((seat, story.lines.len()));
                    story.lines.push(tr!(l, "ss-run-turn", who = names.of(seat), what = parts.join(" · ")));
                }
            }
        } else {
            story.notes.computer_turn = None;
            story.lines.extend(text::narrate(game, &names, &events[..boundary], l));
        }
        if boundary < events.len() {
            story.notes.computer_turn = None;
        }
        story.lines.extend(text::narrate(game, &names, &events[boundary..], l));
        Ok(())
    }

    fn reply(game: &Game, table: &Table, version: i64, mut header: Vec<String>, story: Story) -> Reply {
        header.extend(story.lines);
        turn_reply(table, version, game, header)
    }

    fn undo_refusal(before: &Game, last: &Action, reader: Locale) -> Option<String> {
        let events = match before.clone().apply(last) {
            Ok(events) => events,
            Err(e) => return Some(tr!(reader, "ss-undo-refused-because", why = text::why(before, &e, reader))),
        };
        events
            .iter()
            .any(|e| {
                matches!(e, Event::TurnStarted { .. } | Event::TileDiscarded { .. } | Event::ShipRevealed { .. } | Event::GameOver { .. })
            })
            .then(|| tr!(reader, "ss-undo-refused"))
    }

    fn undone(before: &Game, table: &Table, seat: usize, last: &Action) -> String {
        let l = table.record.language;
        tr!(l, "ss-undone", who = names(table).of(seat), step = text::step_in_words(before, last, l))
    }

    fn read_typed(
        game: &Game,
        _table: &Table,
        _seat: usize,
        (step, input): &(Step, String),
        reader: Locale,
    ) -> std::result::Result<Action, String> {
        typed::parse(game, *step, input, reader)
    }

    fn read_code(code: &str) -> Option<Click<Action>> {
        Code::parse(code).map(Code::click)
    }

    fn view(played: &Played<SouthSeas>, table: &Table, version: i64, _seat: usize, view: &str, reader: Locale) -> Result<Reply> {
        let game = &played.game;
        let (id, l) = (table.record.id, table.record.language);
        let mut reply = Reply { game: Some((id, version)), delivery: crate::common::Delivery::ComponentsOnly, ..Reply::default() };
        match Code::parse(view) {
            Some(Code::Spot(_) | Code::Spots(_)) if game.phase() != Phase::PlaceTile => user(tr!(reader, "ss-placed-already")),
            Some(Code::Spot(pos)) => {
                let Some(rows) = replies::spot_view(game, id, version, pos, l) else {
                    return user(tr!(reader, "ss-fits-nowhere-there"));
                };
                reply.buttons = rows;
                Ok(reply)
            }
            Some(Code::Spots(page)) => {
                reply.menu = Some(replies::spot_menu(game, id, version, page, l));
                reply.buttons = vec![vec![Button {
                    id: ComponentId::button(id, version, Command::Board),
                    label: tr!(l, "ss-show-board"),
                    style: Style::Secondary,
                }]];
                Ok(reply)
            }
            Some(Code::Payments(_)) if !matches!(game.phase(), Phase::Payment { .. }) => user(tr!(reader, "ss-no-payment-now")),
            Some(Code::Payments(page)) => {
                reply.menu = Some(replies::payment_menu(game, id, version, page, l));
                reply.buttons = vec![vec![Button {
                    id: ComponentId::button(id, version, Command::Undo),
                    label: tr!(l, "ss-undo"),
                    style: Style::Secondary,
                }]];
                Ok(reply)
            }
            Some(Code::Act(_)) | None => user(tr!(reader, "err-unknown-button")),
        }
    }

    fn may_act(game: &Game, table: &Table, seat: usize, reader: Locale) -> Result<()> {
        match game.to_act() {
            Some(s) if s == seat => Ok(()),
            Some(s) if table.computer_at(s).is_some() => user(tr!(reader, "ss-not-your-turn-computer", who = names(table).of(s))),
            Some(s) => {
                let doing = match game.phase() {
                    Phase::MarketShip { .. } => "market",
                    _ => "play",
                };
                user(tr!(reader, "ss-not-your-turn", who = names(table).of(s), doing = doing))
            }
            None => user(tr!(reader, "ss-over")),
        }
    }

    fn moved_on(played: &Played<SouthSeas>, table: &Table, seat: Option<usize>, reader: Locale) -> String {
        replies::moved_on(&played.game, &played.log, table, seat, reader)
    }

    fn status(played: &Played<SouthSeas>, table: &Table, reader: Locale) -> String {
        replies::status(&played.game, table, reader)
    }

    fn board_caption(played: &Played<SouthSeas>, table: &Table, reader: Locale) -> String {
        replies::board_caption(&played.game, table, reader)
    }

    fn history(played: &Played<SouthSeas>, table: &Table, n: usize, reader: Locale) -> Result<Vec<String>> {
        let story = replies::story(SouthSeas::setup(table)?, &played.log, table, reader)?;
        Ok(story[story.len().saturating_sub(n)..].iter().flatten().cloned().collect())
    }

    fn story(played: &Played<SouthSeas>, table: &Table, reader: Locale) -> Result<Vec<Vec<String>>> {
        replies::story(SouthSeas::setup(table)?, &played.log, table, reader)
    }

    fn lobby_rules(record: &GameRecord, locale: Locale) -> String {
        replies::lobby_rules(record, locale)
    }

    fn seen(table: &Table, log: &[(Option<usize>, Action)]) -> crate::games::contract::Seen {
        super::deal::seen(Self::setup(table), log)
    }

    fn outcome(table: &Table, log: &[crate::games::contract::Logged<Action>]) -> Result<Option<Vec<crate::games::contract::SeatOutcome>>> {
        let (game, tallies) = super::recap::replay(Self::setup(table)?, table, log, |_| {})?;
        let Some(scores) = game.final_scores() else { return Ok(None) };
        let totals: Vec<i64> = scores.iter().map(|s| i64::from(s.total)).collect();
        let places = crate::games::contract::places(&totals, None);
        Ok(Some(
            scores
                .iter()
                .enumerate()
                .map(|(seat, s)| crate::games::contract::SeatOutcome {
                    score: totals[seat],
                    place: places[seat],
                    figures: vec![("ss-figure-ships", game.player(seat).ships.len() as i64), ("ss-figure-wares", i64::from(s.wares))],
                    tallies: vec![tallies.features(seat)],
                })
                .collect(),
        ))
    }

    fn recap(table: &Table, log: &[crate::games::contract::Logged<Action>], locale: Locale) -> Result<crate::games::contract::Recap> {
        super::recap::gather(Self::setup(table)?, table, log, locale)
    }

    fn computer_moves(played: &Played<SouthSeas>, table: &Table, plan: &ComputerPlan) -> Vec<(usize, Action)> {
        computer::moves(&played.game, &table.seats, plan, table.record.seed, played.log.len())
    }
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

/// A new South Seas lobby's stored opening, from `/new`'s options (checked here).
impl crate::games::NewGame for GameOptions {
    fn opening(self, reader: Locale) -> Result<crate::games::Opening> {
        let (lo, hi) = (*SouthSeas::PLAYERS.start(), *SouthSeas::PLAYERS.end());
        if !(lo..=hi).contains(&self.min_players) || !(self.min_players..=hi).contains(&self.max_players) {
            return user(tr!(reader, "ss-new-limits", lo = lo, hi = hi));
        }
        Ok(crate::games::Opening {
            kind: GameKind::SouthSeas,
            ruleset: Ruleset::CURRENT.id().into(),
            options: record::encode_options(&Options { retrieve: self.retrieve }),
            seed: self.seed,
            min_players: self.min_players,
            max_players: self.max_players,
            turn_limit_secs: self.turn_limit_secs,
            on_timeout: self.on_timeout,
        })
    }
}
