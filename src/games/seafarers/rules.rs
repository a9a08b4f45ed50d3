//! Catan: Seafarers through the host's contract ([`Rules`]): its setup from the stored record,
//! a step applied and narrated (publicly, and privately to the players a hidden card concerns),
//! who owes a decision (several players at once on a seven or gold), the undo rule, the views
//! its buttons ask for. Pure: the service runs the transaction around it.

use super::codes::{Code, Pick};
use super::options::{self, setup_of};
use super::replies::{self, names_of, turn_reply};
use super::spots::Labels;
use super::text;
use super::{SeafarersOptions, computer};
use crate::common::{Reply, Result, ServiceError, Table, internal, user};
use crate::games::ComputerPlan;
use crate::games::contract::{self, Click, Played, Rules, Unreplayable};
use crate::i18n::Locale;
use crate::kinds::GameKind;
use crate::store::GameRecord;
use crate::tr;
use seafarers_engine::{Action, Event, Game, Options, Phase, RuleError, Ruleset, record, record::RecordError};

/// Catan: Seafarers, as the host sees it.
pub struct Seafarers;

/// What one change of a Seafarers game tells: its public narration, and the notes below.
pub type Story = contract::Story<Notes>;

/// What a Seafarers change notes beside its lines: what each seat alone is told, and who was
/// pinged already for the decision they still owe.
#[derive(Default)]
pub struct Notes {
    /// The events a seat is told of privately, by seat: said in each reader's language later.
    private: Vec<(usize, Vec<Event>)>,
    /// Those owing a discard or gold when the change began, while that decision stays open
    /// through all its steps: a message before this one asked (and pinged) them.
    pinged: Vec<usize>,
    /// A step was applied already: a decision asked within this change pinged nobody yet.
    begun: bool,
    /// This change made a trade offer.
    offered: bool,
    /// A computer's turn being told in one line.
    computer_turn: Option<RunLine>,
}

/// A computer's turn told in one line of a computers' run: its parts so far, and its points
/// when the line began, so that the line ends with its points when they changed.
struct RunLine {
    seat: usize,
    /// The line's index in the story's lines.
    index: usize,
    parts: Vec<String>,
    points_before: u8,
}

impl RunLine {
    /// "**🤖 Kai**: 🎲 **8** · 🟫 road ×2 · 🏠 🪨8 🌾5 → **5 pts**"
    fn said(&self, game: &Game, names: &text::Names) -> String {
        let lang = names.lang();
        let mut parts: Vec<String> = Vec::new();
        for part in &self.parts {
            text::push_run_part(&mut parts, part.clone());
        }
        let mut line = tr!(lang, "sf-run-turn", name = names.of(self.seat), what = parts.join(" · "));
        let points = game.public_points(self.seat);
        if points != self.points_before {
            line.push_str(&tr!(lang, "sf-run-points", n = points));
        }
        line
    }
}

impl Rules for Seafarers {
    const KIND: GameKind = GameKind::Seafarers;
    const RULES_TEXT: &'static str = "sf-rules";
    const HELP_TEXT: &'static str = "sf-help";
    const PLAYERS: std::ops::RangeInclusive<usize> = seafarers_engine::MIN_PLAYERS..=seafarers_engine::MAX_PLAYERS;
    type Game = Game;
    type Move = Action;
    type Typed = String;
    type Notes = Notes;
    type Unreadable = RecordError;
    type Refusal = RuleError;

    fn setup(table: &Table) -> Result<Game> {
        Game::from_setup(setup_of(table)?).map_err(|e| ServiceError::Internal(e.into()))
    }

    fn encode(seat: usize, action: &Action) -> String {
        record::encode(seat as u8, action)
    }

    fn decode(code: &str) -> std::result::Result<(Option<usize>, Action), RecordError> {
        record::decode(code).map(|(seat, action)| (Some(usize::from(seat)), action))
    }

    fn replay_step(game: &mut Game, seat: Option<usize>, action: &Action) -> std::result::Result<(), Unreplayable<RuleError>> {
        let seat = seat.ok_or(Unreplayable::NoSeat)?;
        game.apply(seat, action).map(|_| ()).map_err(Unreplayable::Refused)
    }

    fn waiting(game: &Game) -> Vec<usize> {
        game.to_act()
    }

    fn may_answer(game: &Game) -> Vec<usize> {
        super::seats::answering(game)
    }

    fn is_over(game: &Game) -> bool {
        game.is_over()
    }

    fn task(game: &Game, seat: usize, locale: Locale) -> String {
        text::task(locale, game, seat)
    }

    fn opening(game: &Game, table: &Table, version: i64) -> Reply {
        let names = names_of(table);
        let lang = names.lang();
        let scenario = replies::scenario_name(lang, game.scenario());
        let mut lines = vec![tr!(lang, "sf-opening", scenario = scenario, target = game.target())];
        let (first, players) = (game.active_player(), table.seats.len());
        for k in 0..players {
            let seat = (first + k) % players;
            lines.push(format!("{}. {}", k + 1, names.long(seat)));
        }
        lines.push(tr!(lang, "sf-opening-rule"));
        lines.push(crate::common::deal::opening_line(&table.record, lang));
        lines.extend(text::narrate(game, &names, game.opening_events()));
        turn_reply(game, table, version, lines, &[])
    }

    fn apply(game: &mut Game, table: &Table, seat: usize, action: &Action, story: &mut Story, reader: Locale) -> Result<()> {
        let names = names_of(table);
        let owing_before = matches!(game.phase(), Phase::Discard | Phase::Gold).then(|| (game.phase(), game.to_act()));
        // An offer put to several stays the same offer while they answer it one by one.
        let offer_of = |game: &Game| game.offer().map(|o| (o.from, o.give, o.want, o.to));
        let offer_before = offer_of(game);
        let answering_before = super::seats::answering(game);
        // Whose turn this step belongs to (a discard or an answer may be another seat's).
        let turn = game.active_player();
        let points_before = game.public_points(turn);
        let events = game.apply(seat, action).map_err(|e| {
            let names = names_of(table).reading(reader);
            ServiceError::User(match (action, &e) {
                // The offerer's button for an answer is public, so it shows even when the
                // answer asks for cards they lack: the tap says so.
                (Action::ConfirmTrade { with }, seafarers_engine::RuleError::CannotAfford { cost }) => {
                    tr!(reader, "sf-confirm-cannot-pay", name = names.of(usize::from(*with)), cost = text::cards(reader, cost))
                }
                _ => text::refusal(&names, &e),
            })
        })?;
        // A computers' run says one line per computer turn: the turn's steps join its line, in
        // a few words each. The end of the setup or of the game stands on its own line.
        let alone = events.iter().any(|e| matches!(e, Event::SetupDone | Event::GameOver { .. }));
        if table.computer_at(seat).is_some() && table.computer_at(turn).is_some() && !alone {
            // Another computer's discard or answer joins the line of the turn it is made in.
            let computer = |s: usize| table.computer_at(s).is_some();
            let parts = text::run_parts(game, &names, &computer, turn, &events);
            match &mut story.notes.computer_turn {
                Some(line) if line.seat == turn => line.parts.extend(parts),
                _ if parts.is_empty() => {}
                _ => {
                    let index = story.lines.len();
                    story.lines.push(String::new());
                    story.notes.computer_turn = Some(RunLine { seat: turn, index, parts, points_before });
                }
            }
            if let Some(line) = &story.notes.computer_turn {
                story.lines[line.index] = line.said(game, &names);
            }
        } else {
            story.notes.computer_turn = None;
            story.lines.extend(text::narrate(game, &names, &events));
        }
        if events.iter().any(|e| matches!(e, Event::TurnStarted { .. })) {
            story.notes.computer_turn = None;
        }
        story.notes.offered |= events.iter().any(|e| matches!(e, Event::TradeOffered { .. }));
        for s in 0..game.player_count() {
            if !text::private_lines(&names, &events, s).is_empty() {
                story.notes.private.push((s, events.clone()));
            }
        }
        // Those still owing the same decision were pinged when it was asked of them, by the
        // message before this change: a discard, gold, or an answer to the same offer (another
        // person's answer to it pings nobody again). A decision asked within this change (a
        // computer's seven, then its own discard, in one run) pinged nobody yet: this change's
        // message does.
        let same_offer = offer_before.is_some() && offer_of(game) == offer_before;
        let still_open = owing_before.as_ref().is_some_and(|(phase, _)| *phase == game.phase()) || same_offer;
        if !story.notes.begun {
            story.notes.pinged = match owing_before {
                Some((_, owed)) => owed,
                None if offer_before.is_some() => answering_before,
                None => Vec::new(),
            };
            story.notes.begun = true;
        }
        if !still_open {
            story.notes.pinged.clear();
        }
        Ok(())
    }

    fn reply(game: &Game, table: &Table, version: i64, mut header: Vec<String>, story: Story) -> Reply {
        header.extend(story.lines);
        // Where the open offer stands, unless this very step made it (its narration says it),
        // or it is a computer's that everyone has answered: the computer goes on at once, and
        // the last answer's own line said it.
        let settled = game.offer().is_some_and(|o| table.computer_at(o.from.into()).is_some()) && game.answering().is_empty();
        if !story.notes.offered
            && !settled
            && let Some(line) = text::offer_line(game, &names_of(table))
        {
            header.push(line);
        }
        turn_reply(game, table, version, header, &story.notes.pinged)
    }

    fn private_posts(_game: &Game, table: &Table, version: i64, story: &Story, languages: &[Locale]) -> Vec<(usize, Reply)> {
        let mut posts: Vec<(usize, Reply)> = Vec::new();
        for (seat, events) in &story.notes.private {
            let lang = languages.get(*seat).copied().unwrap_or(table.record.language);
            let names = names_of(table).reading(lang);
            let lines = text::private_lines(&names, events, *seat).join("\n");
            match posts.iter_mut().find(|(s, _)| s == seat) {
                Some((_, post)) => {
                    post.text.push('\n');
                    post.text.push_str(&lines);
                }
                None => {
                    let game = tr!(lang, "game-seafarers");
                    let text = format!("{}\n{lines}", tr!(lang, "sf-private-head", id = table.record.id, game = game));
                    posts.push((*seat, Reply { text, game: Some((table.record.id, version)), ..Reply::default() }));
                }
            }
        }
        posts
    }

    fn private_view(played: &Played<Seafarers>, table: &Table, version: i64, seat: usize, reader: Locale) -> Option<Reply> {
        Some(replies::hand(&played.game, table, version, seat, reader))
    }

    fn undo_refusal(before: &Game, last: &Action, reader: Locale) -> Option<String> {
        let lang = reader;
        let seat = before.to_act().first().copied().unwrap_or(before.active_player());
        // The seat of the last step: whoever could take it.
        let seat = (0..before.player_count()).find(|&s| before.clone().apply(s, last).is_ok()).unwrap_or(seat);
        let events = match before.clone().apply(seat, last) {
            Ok(events) => events,
            Err(e) => return Some(tr!(lang, "sf-undo-refused", why = e.to_string())),
        };
        if events.iter().any(Event::reveals_chance) {
            return Some(tr!(lang, "sf-undo-chance"));
        }
        if events.iter().any(|e| matches!(e, Event::Traded { .. } | Event::GameOver { .. })) {
            return Some(tr!(lang, "sf-undo-trade"));
        }
        if matches!(last, Action::EndTurn) {
            return Some(tr!(lang, "sf-undo-turn"));
        }
        None
    }

    fn undone(before: &Game, table: &Table, seat: usize, last: &Action) -> String {
        let names = names_of(table);
        let labels = Labels::for_seat(before, seat);
        tr!(names.lang(), "sf-undone", name = names.of(seat), step = text::action_label(before, &names, &labels, last))
    }

    /// Read in the reader's words first, then in English (`typed::matches`).
    fn read_typed(game: &Game, table: &Table, seat: usize, typed: &String, reader: Locale) -> std::result::Result<Action, String> {
        super::typed::read(game, &names_of(table).reading(reader), seat, typed)
    }

    fn read_code(code: &str) -> Option<Click<Action>> {
        Code::parse(code).map(Code::click)
    }

    /// Several people discard or choose gold at once, and anyone may answer an offer while the
    /// offerer builds the next: each one's step must not make the others' builders out of
    /// date. The builders read the game afresh; the steps they lead to name their cards. An
    /// answer to an offer does not name the offer's terms, so it stays tied to its version.
    fn outlives_its_version(click: &Click<Action>) -> bool {
        match click {
            Click::View(code) => matches!(Code::parse(code), Some(Code::Pick(_))),
            Click::Act(action) => matches!(
                action,
                Action::Discard { .. } | Action::ChooseGold { .. } | Action::OfferTrade { .. } | Action::CounterTrade { .. }
            ),
        }
    }

    fn view(played: &Played<Seafarers>, table: &Table, version: i64, seat: usize, view: &str, reader: Locale) -> Result<Reply> {
        let game = &played.game;
        match Code::parse(view) {
            Some(Code::Menu(kind, page)) => replies::menu_view(game, table, version, seat, kind, page, reader),
            Some(Code::Back) => Ok(replies::back_view(game, table, version)),
            Some(Code::Zone(n)) => replies::zone_view(game, table, version, seat, n, reader),
            Some(Code::Pick(pick @ (Pick::Discard(_) | Pick::Gold(_) | Pick::Offer(..) | Pick::Counter(..)))) => {
                replies::pick_view(game, table, version, seat, pick, reader)
            }
            Some(Code::Act(_)) | None => user(tr!(reader, "sf-unknown-button")),
        }
    }

    fn may_act(game: &Game, table: &Table, seat: usize, reader: Locale) -> Result<()> {
        let lang = reader;
        if game.is_over() {
            return user(tr!(lang, "sf-refuse-over"));
        }
        if game.to_act().contains(&seat) || Seafarers::may_answer(game).contains(&seat) {
            return Ok(());
        }
        let names = names_of(table).reading(lang);
        let active = game.active_player();
        if table.computer_at(active).is_some() && !matches!(game.phase(), Phase::Discard | Phase::Gold) {
            return user(tr!(lang, "sf-not-your-turn-computer", name = names.of(active)));
        }
        // Each one waited for with their own task (two discards may differ in size).
        let and = format!(" {} ", tr!(lang, "sf-and"));
        let waiting: Vec<String> =
            game.to_act().iter().map(|&s| tr!(lang, "sf-waiting-for", name = names.of(s), task = text::task(lang, game, s))).collect();
        let mut why = tr!(lang, "sf-not-your-turn", waiting = waiting.join(&and));
        // An open offer they may not answer (again): the likeliest reason they tapped.
        if let Some(offer) = game.offer().filter(|o| usize::from(o.from) != seat) {
            let from = names.of(offer.from.into());
            let more = match offer.to {
                _ if offer.answered(seat as u8) => Some(tr!(lang, "sf-offer-answered-already", name = from)),
                Some(to) if usize::from(to) != seat => Some(tr!(lang, "sf-offer-for-other", name = from, to = names.of(to.into()))),
                _ => None,
            };
            if let Some(more) = more {
                why = format!("{more} {why}");
            }
        }
        user(why)
    }

    fn moved_on(played: &Played<Seafarers>, table: &Table, reader_seat: Option<usize>, reader: Locale) -> String {
        // The host says the button is out of date; this says who moved, and what is asked now.
        let names = names_of(table).reading(reader);
        let lang = names.lang();
        let what = match played.log.last() {
            Some(last) if last.user_id == crate::common::COMPUTER_USER => tr!(lang, "sf-moved-computer"),
            Some(last) => match last.seat {
                // Their own step, taken since (an offer they made: its answers came later).
                Some(seat) if Some(seat) == reader_seat => tr!(lang, "sf-moved-you"),
                Some(seat) => tr!(lang, "sf-moved-first", name = names.of(seat)),
                None => tr!(lang, "sf-moved-on"),
            },
            None => tr!(lang, "sf-moved-on"),
        };
        format!("{what}\n{}", replies::prompt(&played.game, table, &names))
    }

    fn status(played: &Played<Seafarers>, table: &Table, reader: Locale) -> String {
        let game = &played.game;
        let names = names_of(table).reading(reader);
        let lang = names.lang();
        let scenario = replies::scenario_name(lang, game.scenario());
        let mut lines = vec![tr!(lang, "sf-status-head", scenario = scenario, id = table.record.id, turn = game.turn())];
        if let Some([a, b]) = game.last_roll() {
            lines.push(tr!(lang, "sf-last-roll", total = a + b, a = a, b = b));
        }
        lines.push(replies::standings(game, &names));
        lines.push(replies::prompt(game, table, &names));
        lines.join("\n")
    }

    fn board_caption(played: &Played<Seafarers>, table: &Table, reader: Locale) -> String {
        let names = names_of(table).reading(reader);
        let pieces: Vec<String> = (0..played.game.player_count()).map(|s| names.long(s)).collect();
        let scenario = replies::scenario_name(names.lang(), played.game.scenario());
        tr!(names.lang(), "sf-caption", scenario = scenario, players = pieces.join(" · "))
    }

    fn history(played: &Played<Seafarers>, table: &Table, n: usize, reader: Locale) -> Result<Vec<String>> {
        let story = Seafarers::story(played, table, reader)?;
        Ok(story[story.len().saturating_sub(n)..].iter().map(|lines| lines.join(" ")).collect())
    }

    fn story(played: &Played<Seafarers>, table: &Table, reader: Locale) -> Result<Vec<Vec<String>>> {
        let names = names_of(table).reading(reader);
        let mut game = Seafarers::setup(table)?;
        let mut out = Vec::with_capacity(played.log.len());
        for step in &played.log {
            let seat = step.seat.ok_or_else(|| internal(format!("game {}: a step without its seat", table.record.id)))?;
            // A step that tells nothing (ending a turn) is told by its label, spots unnamed.
            let label = text::action_label(&game, &names, &Labels::default(), &step.action);
            let events = game.apply(seat, &step.action).map_err(|e| internal(format!("game {}: {e}", table.record.id)))?;
            let lines = text::narrate(&game, &names, &events);
            out.push(if lines.is_empty() { vec![format!("{}: {label}", names.of(seat))] } else { lines });
        }
        Ok(out)
    }

    fn lobby_rules(record: &GameRecord, locale: Locale) -> String {
        replies::lobby_rules(record, locale)
    }

    fn seen(table: &Table, log: &[(Option<usize>, Action)]) -> crate::games::contract::Seen {
        super::deal::seen(Self::setup(table), log)
    }

    fn outcome(table: &Table, log: &[crate::games::contract::Logged<Action>]) -> Result<Option<Vec<crate::games::contract::SeatOutcome>>> {
        let (game, tallies) = super::recap::replay(Self::setup(table)?, table, log, |_| {})?;
        if !game.is_over() {
            return Ok(None);
        }
        let scores: Vec<i64> = game.players().iter().map(|p| i64::from(p.points)).collect();
        // The winner is who reached the target on their turn, whatever the others hold.
        let places = crate::games::contract::places(&scores, game.winner());
        let buildings = game.buildings();
        Ok(Some(
            game.players()
                .iter()
                .enumerate()
                .map(|(seat, p)| crate::games::contract::SeatOutcome {
                    score: scores[seat],
                    place: places[seat],
                    figures: vec![
                        ("sf-figure-cities", buildings.iter().filter(|(_, b)| usize::from(b.owner) == seat && b.city).count() as i64),
                        ("sf-figure-knights", i64::from(p.knights)),
                    ],
                    tallies: vec![tallies.pieces(seat)],
                })
                .collect(),
        ))
    }

    fn recap(table: &Table, log: &[crate::games::contract::Logged<Action>], locale: Locale) -> Result<crate::games::contract::Recap> {
        super::recap::gather(Self::setup(table)?, table, log, locale)
    }

    fn computer_moves(played: &Played<Seafarers>, table: &Table, plan: &ComputerPlan) -> Vec<(usize, Action)> {
        computer::moves(&played.game, &table.seats, plan, table.record.seed, played.log.len())
    }
}

/// A new Seafarers lobby's stored opening, from `/new`'s options (checked here).
impl crate::games::NewGame for SeafarersOptions {
    fn opening(self, reader: Locale) -> Result<crate::games::Opening> {
        let ruleset = Ruleset::CURRENT;
        let Ok(scenario) = ruleset.scenario(&self.scenario) else {
            let ids = ruleset.scenario_ids().join(", ");
            return user(tr!(reader, "sf-new-no-scenario", scenario = self.scenario.as_str(), ids = ids));
        };
        let (lo, hi) = (scenario.min_players, scenario.max_players);
        let min = self.min_players.unwrap_or(lo);
        let max = self.max_players.unwrap_or(hi);
        if !(lo..=hi).contains(&min) || !(min..=hi).contains(&max) {
            return user(tr!(reader, "sf-new-limits", scenario = replies::scenario_name(reader, &scenario), lo = lo, hi = hi));
        }
        if self.pirate && scenario.pirate.is_none() {
            return user(tr!(reader, "sf-new-no-pirate", scenario = replies::scenario_name(reader, &scenario)));
        }
        Ok(crate::games::Opening {
            kind: GameKind::Seafarers,
            ruleset: ruleset.id().into(),
            options: options::encode(&scenario.id, &Options { pirate: self.pirate }),
            seed: self.seed,
            min_players: min,
            max_players: max,
            turn_limit_secs: self.turn_limit_secs,
            on_timeout: self.on_timeout,
        })
    }
}
