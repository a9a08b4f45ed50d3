//! Words for players: narration of engine events, descriptions of spots and ships, status, in
//! a language (the game's for what the table reads, the reader's for private answers), with
//! the French rulebook's own terms in French (`assets/locales/*/southseas.ftl`).

use crate::i18n::Locale;
use crate::tr;
use southseas_engine::{
    Action, COLOURS, Demand, Event, FeatureKind, FeatureRef, Game, Misplaced, Phase, Port, Pos, RetrieveRule, RuleError, Score,
    ScoreReason, ShipId, Ware, Wares,
};
use std::fmt::Write;

/// Markdown helpers every game's text uses (here too, where they always were).
pub use crate::common::reply::{count, escape, truncate};

/// "3 tiles", "1 point", "2 pts" in `l`: `what` is the thing's key in `ss-n`.
pub fn n<N: Into<fluent_bundle::FluentValue<'static>>>(l: Locale, what: &'static str, n: N) -> String {
    tr!(l, "ss-n", what = what, n = n)
}

/// A step the rules refuse, said to the player in `l`: what the game waits for when it is the
/// wrong step, else why the step isn't allowed. Worded from the refusal's data, in both
/// languages, never from the engine's English: a place is named as the picture names it (a
/// spot's letter), never by its coordinates. `game` is the state the step was refused in.
pub fn refusal(game: &Game, error: &RuleError, l: Locale) -> String {
    match error {
        RuleError::WrongPhase { phase } => tr!(l, "ss-refuse-wrong-phase", expected = expectation(*phase)),
        other => tr!(l, "ss-refuse", why = why(game, other, l)),
    }
}

/// The key of what the game waits for in `phase`.
fn expectation(phase: Phase) -> &'static str {
    match phase {
        Phase::PlaceTile => "place",
        Phase::Islander { .. } => "islander",
        Phase::MarketShip { .. } => "market",
        Phase::Deliver => "deliver",
        Phase::Payment { .. } => "pay",
        Phase::GameOver => "over",
    }
}

/// Why the rules refuse a step, in `l`.
pub fn why(game: &Game, error: &RuleError, l: Locale) -> String {
    match error {
        // Only a scenario file or a script sets a game up: no player reads this.
        RuleError::Setup(m) => m.clone(),
        RuleError::GameOver => tr!(l, "ss-why-over"),
        RuleError::WrongPhase { phase } => tr!(l, "ss-refuse-wrong-phase", expected = expectation(*phase)),
        RuleError::IllegalPlacement { reason } => placement(game, reason, l),
        RuleError::NoSuchFeature { feature, count } => tr!(l, "ss-why-no-feature", feature = *feature, count = *count),
        RuleError::FeatureOccupied { kind } => tr!(l, "ss-why-occupied", kind = kind.name()),
        RuleError::NoIslanderInSupply => tr!(l, "ss-why-no-islander"),
        RuleError::RetrieveNotAllowed { rule: RetrieveRule::EmptySupply } => tr!(l, "ss-why-retrieve-empty"),
        RuleError::RetrieveNotAllowed { rule: RetrieveRule::AnyTurn } => tr!(l, "ss-why-retrieve-now"),
        // The figures a player may take back are numbered on the picture; this place is not one.
        RuleError::NoIslanderThere { .. } => tr!(l, "ss-why-not-there"),
        RuleError::NotAMarketChoice => tr!(l, "ss-why-not-market-choice"),
        RuleError::ShipNotOnDisplay => tr!(l, "ss-why-not-on-display"),
        RuleError::CannotPay { demand: d } => tr!(l, "ss-why-cannot-pay", demand = demand(d, l)),
        RuleError::PaymentNotAccepted { demand: d } => tr!(l, "ss-why-payment", demand = demand(d, l)),
    }
}

/// Why the drawn tile can't go where it was asked, in `l`: at a lettered spot (one where it
/// fits some other way) by its letter, anywhere else as "there".
fn placement(game: &Game, reason: &Misplaced, l: Locale) -> String {
    let at = match spot_label(game, reason.pos()) {
        Some(spot) => tr!(l, "ss-why-at-spot", spot = spot),
        None => tr!(l, "ss-why-at-there"),
    };
    let why = match *reason {
        Misplaced::Taken { .. } => tr!(l, "ss-why-taken"),
        Misplaced::NoNeighbour { .. } => tr!(l, "ss-why-no-touch"),
        Misplaced::Mismatch { rotation, dir, mine, theirs, .. } => tr!(
            l,
            "ss-why-edge",
            deg = rotation.degrees(),
            dir = tr!(l, "ss-dir", dir = dir.name()),
            mine = tr!(l, "ss-edge", kind = mine.name()),
            theirs = tr!(l, "ss-edge", kind = theirs.name())
        ),
        Misplaced::NoFit { .. } => tr!(l, "ss-why-no-fit"),
    };
    tr!(l, "ss-why-placement", at = at, reason = why)
}

/// Seated players' display names, by seat.
#[derive(Clone, Debug, Default)]
pub struct Names(pub Vec<String>);

impl Names {
    /// "**Alice**": the name alone. Coloured squares told players apart by colour only, which
    /// merges for colour-blind readers; the picture pairs each name with its letter and colour.
    pub fn of(&self, seat: usize) -> String {
        let name = self.0.get(seat).map_or("?", String::as_str);
        format!("**{}**", escape(name))
    }

    /// The seat's letter, as the picture draws it on the seat's figures.
    pub fn letter(&self, seat: usize) -> char {
        let letters = crate::common::letters::seat_letters(&self.0, &super::render::palette::COLOUR_LETTERS);
        letters.get(seat).copied().unwrap_or('?')
    }

    /// The seat's colour in words ("red", "rouge").
    pub fn colour(seat: usize, l: Locale) -> String {
        tr!(l, "ss-colour", colour = COLOURS.get(seat).copied().unwrap_or("?"))
    }
}

fn ware_icon(ware: Ware) -> &'static str {
    match ware {
        Ware::Shells => "🐚",
        Ware::Bananas => "🍌",
        Ware::Fish => "🐟",
    }
}

/// "2 🐚 1 🍌 0 🐟" — compact, for status lines.
pub fn wares_short(w: &Wares) -> String {
    Ware::ALL.iter().map(|&k| format!("{} {}", w.get(k), ware_icon(k))).collect::<Vec<_>>().join(" ")
}

/// A ware's noun after the number `n` ("shell", "bananas", "poissons").
fn ware_noun(ware: Ware, n: u16, l: Locale) -> String {
    tr!(l, "ss-ware", ware = ware.name(), n = n)
}

fn amount(ware: Ware, n: u16, l: Locale) -> String {
    format!("{n} {}", ware_noun(ware, n, l))
}

/// "2 shells, 1 fish"; "nothing" when empty (the engine's wording, in `l`).
pub fn wares(w: &Wares, l: Locale) -> String {
    let parts: Vec<String> = Ware::ALL.iter().filter(|&&k| w.get(k) > 0).map(|&k| amount(k, w.get(k), l)).collect();
    if parts.is_empty() { tr!(l, "ss-wares-none") } else { parts.join(", ") }
}

/// "S07 (5 pts: 2 shells, 1 banana, 1 fish)"
pub fn ship(game: &Game, id: ShipId, l: Locale) -> String {
    let s = game.ships().get(id);
    tr!(l, "ss-ship", name = s.name.as_str(), points = n(l, "pt", s.value), demand = demand(&s.demand, l))
}

pub fn demand(d: &Demand, l: Locale) -> String {
    match d {
        Demand::Exact(w) => wares(w, l),
        Demand::Any(k) => tr!(l, "ss-demand-any", n = *k),
        Demand::Same(k) => tr!(l, "ss-demand-same", n = *k),
        Demand::SameAndOther(a, b) => tr!(l, "ss-demand-same-and-other", a = *a, b = *b),
    }
}

/// Where a feature lies on its tile, as a player sees the board: "north", "south-east",
/// "east–west" (bridges name their ends), or "all around", in `l`.
pub fn direction(game: &Game, at: FeatureRef, l: Locale) -> String {
    let Some(tile) = game.tile_at(at.pos) else { return String::new() };
    let kind = game.tiles().get(tile.tile);
    let Some(f) = kind.features.get(at.feature as usize) else { return String::new() };
    let board_ports: Vec<Port> = (0..12).filter(|p| f.ports & (1 << p) != 0).map(|p| tile.rotation.apply_port(Port(p))).collect();
    let word = |dir: &str| tr!(l, "ss-dir", dir = dir.to_string());
    if f.kind == FeatureKind::Bridge {
        let mut dirs: Vec<_> = board_ports.iter().map(|p| p.dir()).collect();
        dirs.sort();
        return dirs.iter().map(|d| word(d.name())).collect::<Vec<_>>().join("–");
    }
    // Average position of its ports, from the tile's centre.
    let (mut x, mut y) = (0.0f64, 0.0f64);
    for p in &board_ports {
        let t = p.third() as f64 - 1.0; // -1, 0, 1 along the edge, clockwise
        let (px, py) = match p.dir() {
            southseas_engine::Dir::N => (t * 0.5, -1.0),
            southseas_engine::Dir::E => (1.0, t * 0.5),
            southseas_engine::Dir::S => (-t * 0.5, 1.0),
            southseas_engine::Dir::W => (-1.0, -t * 0.5),
        };
        x += px;
        y += py;
    }
    let n = board_ports.len().max(1) as f64;
    let (x, y) = (x / n, y / n);
    if x.hypot(y) < 0.2 {
        return word("all-around");
    }
    const NAMES: [&str; 8] = ["east", "south-east", "south", "south-west", "west", "north-west", "north", "north-east"];
    let angle = y.atan2(x).to_degrees().rem_euclid(360.0);
    word(NAMES[((angle + 22.5) / 45.0) as usize % 8])
}

/// "fisherman on the east sea (3 fish)": the label of an islander choice.
pub fn spot(game: &Game, at: FeatureRef, l: Locale) -> String {
    let Some(region) = game.region(at) else { return "?".into() };
    let detail = match region.kind.ware() {
        Some(w) => amount(w, region.symbols, l),
        None => {
            let filled = at.pos.surrounding().filter(|p| game.tile_at(*p).is_some()).count();
            tr!(l, "ss-around", filled = filled)
        }
    };
    let dir = if region.kind == FeatureKind::Market { String::new() } else { direction(game, at, l) };
    tr!(l, "ss-spot", role = tr!(l, "ss-role", kind = region.kind.name()), kind = region.kind.name(), dir = dir, detail = detail)
}

/// Button / menu label for an action (Discord limits labels to 80 characters), unique among
/// the step's choices: two that would read the same (two seas in the same corner of a tile, say)
/// are told apart by the size of their feature, or else by number, so that every button means
/// one thing and typing a label picks exactly one choice.
///
/// At the islander step, a choice on the new tile, and a figure of the player's that may be
/// taken back, begins with its number on the turn picture ("2 · Fisherman on the north-west
/// sea (2 fish)", "5 · Take back the banana picker on the west island (3 bananas)"); the
/// button's id does not change.
pub fn action_label(game: &Game, action: &Action, l: Locale) -> String {
    let number = match *action {
        Action::PlaceIslander { .. } | Action::RetrieveIslander { .. } => {
            crate::games::southseas::choices::islander_numbers(game).iter().position(|a| a == action).map(|k| format!("{} · ", k + 1))
        }
        _ => None,
    };
    match number {
        Some(n) => format!("{n}{}", unnumbered_label(game, action, 80 - n.chars().count(), l)),
        None => unnumbered_label(game, action, 80, l),
    }
}

/// [`action_label`] without the islander's number, at most `max` characters.
fn unnumbered_label(game: &Game, action: &Action, max: usize, l: Locale) -> String {
    let base = base_label(game, action, l);
    let legal = game.legal_actions();
    let twins: Vec<&Action> = legal.iter().filter(|a| base_label(game, a, l) == base).collect();
    if twins.len() < 2 {
        return truncate(&base, max);
    }
    let size = |a: &Action| match *a {
        Action::PlaceIslander { feature } => match game.phase() {
            Phase::Islander { pos } => game.region(FeatureRef { pos, feature }).map(|r| r.tiles),
            _ => None,
        },
        Action::RetrieveIslander { pos, feature } => game.region(FeatureRef { pos, feature }).map(|r| r.tiles),
        _ => None,
    };
    let sizes: Vec<Option<u16>> = twins.iter().map(|a| size(a)).collect();
    let mine = size(action);
    let told_apart_by_size = mine.is_some() && sizes.iter().filter(|s| **s == mine).count() == 1;
    let suffix = if told_apart_by_size {
        tr!(l, "ss-label-size", tiles = n(l, "tile", mine.unwrap_or(0)))
    } else {
        let k = twins.iter().position(|a| *a == action).unwrap_or(0) + 1;
        tr!(l, "ss-label-choice", k = k, n = twins.len())
    };
    format!("{}{suffix}", truncate(&base, max - suffix.chars().count()))
}

fn base_label(game: &Game, action: &Action, l: Locale) -> String {
    let label = match *action {
        Action::PlaceIslander { feature } => {
            let Phase::Islander { pos } = game.phase() else { return action.to_string() };
            capitalise(&spot(game, FeatureRef { pos, feature }, l))
        }
        // Where it stands is its number on the picture: no coordinates.
        Action::RetrieveIslander { pos, feature } => tr!(l, "ss-label-retrieve", spot = spot(game, FeatureRef { pos, feature }, l)),
        Action::SkipIslander => tr!(l, "ss-label-skip"),
        Action::ChooseShip { ship: id } | Action::Deliver { ship: id } => {
            let s = game.ships().get(id);
            let which = if matches!(action, Action::Deliver { .. }) { "ss-label-deliver" } else { "ss-label-take" };
            tr!(l, which, ship = s.name.as_str(), points = n(l, "pt", s.value), demand = demand(&s.demand, l))
        }
        Action::Pay { payment } => tr!(l, "ss-label-pay", payment = wares(&payment, l)),
        Action::EndTurn => tr!(l, "ss-label-end-turn"),
        Action::PlaceTile { pos, rotation } => {
            tr!(l, "ss-label-place", spot = spot_label(game, pos).unwrap_or_else(|| "?".into()), deg = rotation.degrees())
        }
    };
    truncate(&label, 80)
}

/// Outside input quoted in a reply: on one line, without backticks, and short, so an error
/// about 2,000 typed characters still fits a message.
pub fn quote(input: &str) -> String {
    let flat: String = input.trim().chars().map(|c| if c == '`' || c.is_control() { ' ' } else { c }).collect();
    format!("`{}`", truncate(flat.trim(), QUOTE_CHARS))
}

/// How much of a player's typed text a reply repeats.
pub const QUOTE_CHARS: usize = 32;

/// The letter the picture gives the open spot at `pos` ("B"), while the drawn tile waits there.
fn spot_label(game: &Game, pos: Pos) -> Option<String> {
    game.placement_spots().into_iter().find(|s| s.pos == pos).map(|s| s.label)
}

/// ", turned 90°" after a placement, or nothing for no turn.
/// ", 2 tiles north and 1 tile east of the start tile" (the start tile is at the origin, and
/// north is up, as drawn).
fn from_start(pos: Pos, l: Locale) -> String {
    let mut parts = Vec::new();
    if pos.y != 0 {
        parts.push(tr!(l, "ss-steps-dir", n = pos.y.unsigned_abs(), dir = if pos.y < 0 { "north" } else { "south" }));
    }
    if pos.x != 0 {
        parts.push(tr!(l, "ss-steps-dir", n = pos.x.unsigned_abs(), dir = if pos.x > 0 { "east" } else { "west" }));
    }
    if parts.is_empty() { String::new() } else { tr!(l, "ss-from-start", steps = list(parts, l)) }
}

fn turned(degrees: u32, l: Locale) -> String {
    if degrees == 0 { String::new() } else { tr!(l, "ss-turned", deg = degrees) }
}

fn list(names: Vec<String>, l: Locale) -> String {
    match names.len() {
        0 => String::new(),
        1 => names[0].clone(),
        n => tr!(l, "ss-list-and", first = names[..n - 1].join(", "), last = names[n - 1].clone()),
    }
}

/// One line per thing that happened, in order, in `l`. `game` is the state after the events.
pub fn narrate(game: &Game, names: &Names, events: &[Event], l: Locale) -> Vec<String> {
    narrate_lines(game, names, events, l, true)
}

/// [`narrate`], or, when `reveals` is false, as the history tells it: without the lines that
/// say which ship came on display, and saying where each tile went (no picture frames it).
pub fn narrate_lines(game: &Game, names: &Names, events: &[Event], l: Locale, reveals: bool) -> Vec<String> {
    let mut lines = Vec::new();
    let mut returned: Vec<(u8, FeatureKind)> = Vec::new();
    let flush = |returned: &mut Vec<(u8, FeatureKind)>, lines: &mut Vec<String>| {
        if returned.is_empty() {
            return;
        }
        let mut per_player: Vec<(u8, usize)> = Vec::new();
        for (p, _) in returned.iter() {
            match per_player.iter_mut().find(|(q, _)| q == p) {
                Some((_, n)) => *n += 1,
                None => per_player.push((*p, 1)),
            }
        }
        let parts: Vec<String> =
            per_player.iter().map(|&(p, n)| if n == 1 { names.of(p as usize) } else { format!("{} ×{n}", names.of(p as usize)) }).collect();
        lines.push(tr!(l, "ss-islanders-home", who = parts.join(", ")));
        returned.clear();
    };
    let mut game_ending = false;
    // What the end-of-game scoring gave each player: (player, ware, amount).
    let mut end_gains: Vec<(u8, Ware, u16)> = Vec::new();
    for e in events {
        if !matches!(e, Event::IslanderReturned { .. }) {
            flush(&mut returned, &mut lines);
        }
        game_ending |= matches!(e, Event::FeatureScored { reason: ScoreReason::GameEnd, .. } | Event::GameOver { .. });
        match e {
            // Where: the picture frames the last tile; the history, read without it, says how
            // far from the start tile (never coordinates).
            Event::TilePlaced { player, tile, rotation, pos } => lines.push(tr!(
                l,
                "ss-tile-placed",
                who = names.of(*player as usize),
                tile = game.tiles().get(*tile).name.as_str(),
                turned = turned(rotation.degrees(), l),
                place = if reveals { String::new() } else { from_start(*pos, l) }
            )),
            Event::IslanderPlaced { player, at, .. } => {
                lines.push(tr!(l, "ss-islander-placed", who = names.of(*player as usize), spot = spot_after(game, *at, l)));
            }
            // Where from: the feature and its size (the figure is no longer on the picture).
            Event::IslanderRetrieved { player, at, kind } => lines.push(tr!(
                l,
                "ss-islander-retrieved",
                who = names.of(*player as usize),
                role = tr!(l, "ss-role", kind = kind.name()),
                kind = kind.name(),
                tiles = n(l, "tile", game.region(*at).map_or(1, |r| r.tiles))
            )),
            // A completed feature nobody was on changes nothing for anyone: no line.
            Event::FeatureCompleted { .. } => {}
            Event::FeatureScored { kind, reason, tiles: size, ware, amount: k, winners, .. } => {
                if *reason == ScoreReason::GameEnd {
                    // What each player got at the end is grouped under their name in the standings.
                    end_gains.extend(winners.iter().map(|&p| (p, *ware, *k)));
                    continue;
                }
                let who = list(winners.iter().map(|&p| names.of(p as usize)).collect(), l);
                let each = if winners.len() > 1 { "yes" } else { "no" };
                let gain = if *k == 0 {
                    // Nothing to share (every symbol covered, or none printed): say so, no "+0".
                    tr!(l, "ss-no-ware", ware = ware.name())
                } else {
                    tr!(l, "ss-gain", who = who, n = *k, icon = ware_icon(*ware), ware = ware_noun(*ware, *k, l), each = each)
                };
                let tiles = n(l, "tile", *size);
                lines.push(if *reason == ScoreReason::FishingBoat {
                    tr!(l, "ss-fishing-boat", tiles = tiles, gain = gain)
                } else {
                    tr!(l, "ss-completed", kind = kind.name(), tiles = tiles, gain = gain)
                });
            }
            Event::FishCovered { at, fish, .. } => {
                let fish = if *fish == 2 { "other" } else { "one" };
                let new = game.placed_tiles().last().is_some_and(|p| p.pos == at.pos);
                lines.push(tr!(l, "ss-fish-covered", fish = fish, on = if new { "new" } else { "older" }))
            }
            // At the end of the game everyone goes home anyway: not worth a line.
            Event::IslanderReturned { .. } if game_ending => {}
            Event::IslanderReturned { player, kind, .. } => returned.push((*player, *kind)),
            Event::ShipTakenByMarket { player, ship: s, .. } => {
                lines.push(tr!(l, "ss-market-ship", who = names.of(*player as usize), ship = ship(game, *s, l)))
            }
            Event::MarketFoundNoShip { player, .. } => lines.push(tr!(l, "ss-market-no-ship", who = names.of(*player as usize))),
            Event::ShipDelivered { player, ship: s, payment } => {
                let sh = game.ships().get(*s);
                lines.push(tr!(
                    l,
                    "ss-delivered",
                    who = names.of(*player as usize),
                    payment = wares(payment, l),
                    ship = sh.name.as_str(),
                    points = n(l, "point", sh.value)
                ))
            }
            Event::ShipRevealed { .. } if !reveals => {}
            Event::ShipRevealed { ship: s } => lines.push(tr!(l, "ss-ship-revealed", ship = ship(game, *s, l))),
            Event::TileDiscarded { tile } => lines.push(tr!(l, "ss-tile-discarded", tile = game.tiles().get(*tile).name.as_str())),
            Event::TurnStarted { .. } => {}
            Event::GameOver { scores, winners } => {
                // Who won leads the game-over message (`winner_line`); here, how it ended.
                let _ = winners;
                lines.push(tr!(l, "ss-game-over"));
                lines.extend(final_standings(scores, &end_gains, names, l));
            }
        }
    }
    flush(&mut returned, &mut lines);
    lines
}

/// The line a finished game's message opens with: who won, with how many points ("🏁 👑 **Ana**
/// is King of the South Seas with 23 points!"); None while the game goes on.
pub fn winner_line(game: &Game, names: &Names, l: Locale) -> Option<String> {
    let scores = game.final_scores()?;
    let best = scores.iter().map(|s| s.total).max()?;
    let winners: Vec<String> = scores.iter().filter(|s| s.total == best).map(|s| names.of(s.player as usize)).collect();
    let points = n(l, "point", best);
    Some(if winners.len() > 1 {
        tr!(l, "ss-shared-win", who = list(winners, l), points = points)
    } else {
        tr!(l, "ss-king", who = winners.concat(), points = points)
    })
}

/// A computer's step in a few words, for its turn's one line in a computers' run ("**Q1** ·
/// banana picker, north island · ✅ bridge: **Maui** +4 🐚 shells"): what it placed, delivered
/// or scored. What the picture shows (coordinates, boats, islanders going home) is left to it.
pub fn run_parts(game: &Game, names: &Names, events: &[Event], l: Locale) -> Vec<String> {
    let mut parts = Vec::new();
    for e in events {
        match e {
            Event::TilePlaced { tile, .. } => parts.push(format!("**{}**", game.tiles().get(*tile).name)),
            Event::IslanderPlaced { at, .. } => parts.push(spot_words(game, *at, l)),
            Event::IslanderRetrieved { kind, .. } => {
                parts.push(tr!(l, "ss-run-retrieved", role = tr!(l, "ss-role", kind = kind.name())));
            }
            Event::FeatureScored { kind, reason, ware, amount: k, winners, .. } if *reason != ScoreReason::GameEnd && *k > 0 => {
                let who = list(winners.iter().map(|&p| names.of(p as usize)).collect(), l);
                let each = if winners.len() > 1 { "yes" } else { "no" };
                let gain = tr!(l, "ss-gain", who = who, n = *k, icon = ware_icon(*ware), ware = ware_noun(*ware, *k, l), each = each);
                let boat = if *reason == ScoreReason::FishingBoat { "yes" } else { "no" };
                parts.push(tr!(l, "ss-run-scored", kind = kind.name(), boat = boat, gain = gain));
            }
            Event::ShipTakenByMarket { ship: s, .. } => parts.push(tr!(l, "ss-run-market", ship = ship(game, *s, l))),
            Event::ShipDelivered { ship: s, .. } => {
                let sh = game.ships().get(*s);
                parts.push(tr!(l, "ss-run-delivered", ship = sh.name.as_str(), points = sh.value));
            }
            // Its demand is in the picture's display of ships.
            Event::ShipRevealed { ship: s } => parts.push(tr!(l, "ss-run-revealed", ship = game.ships().get(*s).name.as_str())),
            _ => {}
        }
    }
    parts
}

/// "banana picker, north island": an islander's spot without its coordinates.
fn spot_words(game: &Game, at: FeatureRef, l: Locale) -> String {
    let Some(tile) = game.tile_at(at.pos) else { return tr!(l, "ss-role", kind = "island") };
    let Some(f) = game.tiles().get(tile.tile).features.get(at.feature as usize) else { return tr!(l, "ss-role", kind = "island") };
    let dir = if f.kind == FeatureKind::Market { String::new() } else { direction(game, at, l) };
    tr!(l, "ss-run-spot", role = tr!(l, "ss-role", kind = f.kind.name()), kind = f.kind.name(), dir = dir)
}

/// A player's step in words, for undo and for a stale click's answer ("the tile **K2** at spot
/// **B**, turned 90°"), never the engine's syntax nor the board's coordinates: only what the
/// picture shows. `game` is the state just before or just after the step: both know the tile
/// and the feature it names; the state before also knows the spot's letter and the figure's
/// number, which the picture of that state (shown again after an undo) draws.
pub fn step_in_words(game: &Game, action: &Action, l: Locale) -> String {
    match *action {
        Action::PlaceTile { pos, rotation } => {
            let tile = game.tile_at(pos).map(|t| t.tile).or(game.drawn_tile());
            let at = spot_label(game, pos).map_or_else(String::new, |spot| tr!(l, "ss-step-spot", spot = spot));
            let turned = turned(rotation.degrees(), l);
            match tile {
                Some(t) => tr!(l, "ss-step-tile", tile = game.tiles().get(t).name.as_str(), spot = at, turned = turned),
                None => tr!(l, "ss-step-some-tile", spot = at, turned = turned),
            }
        }
        Action::PlaceIslander { feature } => {
            let at = FeatureRef { pos: game.last_placed().pos, feature };
            tr!(l, "ss-step-islander", spot = spot_after(game, at, l))
        }
        Action::RetrieveIslander { pos, feature } => {
            let what = spot(game, FeatureRef { pos, feature }, l);
            match crate::games::southseas::choices::islander_numbers(game).iter().position(|a| a == action) {
                Some(k) => tr!(l, "ss-step-retrieve-numbered", number = k + 1, spot = what),
                None => tr!(l, "ss-step-retrieve", spot = what),
            }
        }
        Action::SkipIslander => tr!(l, "ss-step-skip"),
        Action::ChooseShip { ship: s } => tr!(l, "ss-step-choose", ship = game.ships().get(s).name.as_str()),
        Action::Deliver { ship: s } => tr!(l, "ss-step-deliver", ship = game.ships().get(s).name.as_str()),
        Action::Pay { payment } => tr!(l, "ss-step-pay", payment = wares(&payment, l)),
        Action::EndTurn => tr!(l, "ss-step-end"),
    }
}

/// One line per player, best first, with what they got at the end grouped under their name:
/// "🥇 🟥 **Ana** — **23 points**: 18 from ships, 5 from 15 wares (the end gave +3 🍌)".
/// Equal totals share a place.
fn final_standings(scores: &[Score], end_gains: &[(u8, Ware, u16)], names: &Names, l: Locale) -> Vec<String> {
    let mut order: Vec<&Score> = scores.iter().collect();
    order.sort_by_key(|s| (std::cmp::Reverse(s.total), s.player));
    let mut lines = Vec::new();
    for (i, s) in order.iter().enumerate() {
        let place = order.iter().position(|o| o.total == s.total).unwrap_or(i);
        let medal = match place {
            0 => "🥇".to_string(),
            1 => "🥈".to_string(),
            2 => "🥉".to_string(),
            n => format!("{}.", n + 1),
        };
        let mut got: Vec<(Ware, u16)> = Vec::new();
        for &(_, ware, n) in end_gains.iter().filter(|(p, _, n)| *p == s.player && *n > 0) {
            match got.iter_mut().find(|(w, _)| *w == ware) {
                Some((_, total)) => *total += n,
                None => got.push((ware, n)),
            }
        }
        let end = if got.is_empty() {
            String::new()
        } else {
            let parts: Vec<String> = got.iter().map(|&(w, n)| format!("+{n} {}", ware_icon(w))).collect();
            tr!(l, "ss-end-gave", gains = parts.join(" "))
        };
        lines.push(tr!(
            l,
            "ss-final-row",
            medal = medal,
            who = names.of(s.player as usize),
            points = n(l, "point", s.total),
            ships = s.ship_points,
            warepoints = s.ware_points,
            wares = n(l, "ware", s.wares),
            end = end
        ));
    }
    lines
}

/// The spot description for an islander just placed (its region may have been evaluated
/// since, so describe the printed feature).
fn spot_after(game: &Game, at: FeatureRef, l: Locale) -> String {
    let Some(tile) = game.tile_at(at.pos) else { return "islander".into() };
    let Some(f) = game.tiles().get(tile.tile).features.get(at.feature as usize) else { return "islander".into() };
    let dir = if f.kind == FeatureKind::Market { String::new() } else { direction(game, at, l) };
    let role = tr!(l, "ss-role", kind = f.kind.name());
    // No coordinates: the figure stands on the newest tile, which the picture marks.
    tr!(l, "ss-spot-at", role = role, kind = f.kind.name(), dir = dir)
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().collect::<String>() + c.as_str()).unwrap_or_default()
}

/// What the player to act must do, in a few words, for a reminder: "place tile **K2**" (no
/// command: a reminder may be read in a direct message, where the commands cannot be used).
pub fn task(game: &Game, l: Locale) -> String {
    match game.phase() {
        Phase::PlaceTile => {
            let tile = game.drawn_tile().map(|t| game.tiles().get(t).name.clone()).unwrap_or_default();
            tr!(l, "ss-task-place", tile = tile)
        }
        Phase::Islander { .. } => tr!(l, "ss-task-islander"),
        Phase::MarketShip { .. } => tr!(l, "ss-task-market"),
        Phase::Deliver => tr!(l, "ss-task-deliver"),
        Phase::Payment { ship: s } => tr!(l, "ss-task-pay", ship = ship(game, s, l)),
        Phase::GameOver => tr!(l, "ss-task-over"),
    }
}

/// What the player to act should do now, in one or two lines.
pub fn prompt(game: &Game, names: &Names, l: Locale) -> String {
    let Some(seat) = game.to_act() else { return String::new() };
    prompt_to(game, &names.of(seat), l)
}

/// [`prompt`] addressed to `who`: the player's name, or the mention that pings them.
pub fn prompt_to(game: &Game, who: &str, l: Locale) -> String {
    let who = who.to_string();
    // The command to type, in the first round only: by then every player has read it, and the
    // buttons are below each prompt (`/help` names them all).
    let hint = if first_round(game) { "yes" } else { "no" };
    match game.phase() {
        Phase::PlaceTile => {
            let tile = game.drawn_tile().map(|t| game.tiles().get(t).name.clone()).unwrap_or_default();
            let spots = game.placement_spots();
            // The letters as a range ("A–I"): the picture and the menu list them one by one.
            let labels = match (spots.first(), spots.last()) {
                (Some(a), Some(b)) if spots.len() > 1 => format!("{}–{}", a.label, b.label),
                (Some(a), _) => a.label.clone(),
                _ => String::new(),
            };
            tr!(l, "ss-prompt-place", who = who, tile = tile, spots = n(l, "spot", spots.len()), labels = labels, hint = hint)
        }
        Phase::Islander { .. } => {
            // "Take one back" only when the rules allow it now (an empty supply, or any-turn).
            let retrieve = game.legal_actions().iter().any(|a| matches!(a, Action::RetrieveIslander { .. }));
            tr!(l, "ss-prompt-islander", who = who, retrieve = if retrieve { "yes" } else { "no" }, hint = hint)
        }
        Phase::MarketShip { .. } => tr!(l, "ss-prompt-market", who = who),
        Phase::Deliver => tr!(l, "ss-prompt-deliver", who = who),
        Phase::Payment { ship: s } => tr!(l, "ss-prompt-pay", who = who, ship = ship(game, s, l)),
        Phase::GameOver => String::new(),
    }
}

/// Whether the game is in its first round: each player's first turn.
pub fn first_round(game: &Game) -> bool {
    game.turn() as usize <= game.player_count()
}

/// One short line of standings for a turn message, so nobody must open the picture to know who
/// is winning: each player's score, and in brackets the score if the game ended now (what
/// unfinished islands, bridges and seas would still pay), in seat order.
pub fn standings(game: &Game, names: &Names, l: Locale) -> String {
    let scores = game.scores();
    let projected = game.projected_scores();
    // The leader is clear: the one player ahead of every other, crowned (nobody while tied).
    let best = scores.iter().map(|s| s.total).max().unwrap_or(0);
    let leader = (best > 0 && scores.iter().filter(|s| s.total == best).count() == 1).then(|| scores.iter().position(|s| s.total == best));
    let each: Vec<String> = turn_order(game)
        .into_iter()
        .map(|seat| {
            let crown = if leader == Some(Some(seat)) { " 👑" } else { "" };
            format!("{} {} ({}){crown}", plain(names, seat), scores[seat].total, projected[seat].total)
        })
        .collect();
    // What the brackets mean is said in the first round; the picture's panel says it too.
    let hint = if first_round(game) { "yes" } else { "no" };
    tr!(l, "ss-standings", each = each.join(" · "), hint = hint)
}

/// The seats in playing order, from the player who moved first.
pub fn turn_order(game: &Game) -> Vec<usize> {
    let players = game.player_count().max(1);
    // Every turn but a discarded tile's passes to the next seat: `turn` counts the turns drawn.
    let first = (game.active_player() + players - (game.turn().saturating_sub(1) as usize % players)) % players;
    (0..players).map(|k| (first + k) % players).collect()
}

/// A name without bold, for lines that list every player (bold on each would shout).
fn plain(names: &Names, seat: usize) -> String {
    escape(names.0.get(seat).map_or("?", String::as_str))
}

/// The full status: players, display, tiles left, whose turn.
pub fn status(game: &Game, names: &Names, l: Locale) -> String {
    let mut out = String::new();
    let scores = game.scores();
    let projected = game.projected_scores();
    let (tiles, ships) = (n(l, "tile", game.stack_size()), n(l, "ship", game.ship_stack_size()));
    let _ = writeln!(out, "{}", tr!(l, "ss-status-head", turn = game.turn(), tiles = tiles, ships = ships));
    for (seat, p) in game.players().iter().enumerate() {
        let ships: Vec<String> = p.ships.iter().map(|&s| game.ships().get(s).value.to_string()).collect();
        let marker = if game.to_act() == Some(seat) { " ⬅️" } else { "" };
        let line = tr!(
            l,
            "ss-status-player",
            who = names.of(seat),
            wares = wares_short(&p.wares),
            ships = ships.join(", "),
            islanders = n(l, "islander", p.supply),
            points = n(l, "pt", scores[seat].total),
            projected = projected[seat].total,
            marker = marker
        );
        let _ = writeln!(out, "{line}");
    }
    let display: Vec<String> = game.display().iter().map(|&s| ship(game, s, l)).collect();
    let display = if display.is_empty() { tr!(l, "ss-status-display-none") } else { display.join(" · ") };
    let _ = writeln!(out, "{}", tr!(l, "ss-status-display", ships = display));
    if game.is_over() {
        let _ = writeln!(out, "{}", tr!(l, "ss-status-over"));
    }
    out
}

#[cfg(test)]
mod label_tests {
    use super::*;
    use crate::games::southseas::typed::{self, Step};
    use southseas_engine::{Bot, Options, Strategy};

    /// At the islander step, each choice on the new tile begins with the number the turn
    /// picture draws on its feature (the order of `choices::islander_features`), within
    /// Discord's 80 characters, and each figure to take back with the number drawn on it
    /// (typed alone, the number picks it); other choices carry no number, and the codes behind
    /// the buttons are the ones stored messages hold.
    #[test]
    fn islander_choices_begin_with_the_number_on_the_picture() {
        use crate::games::southseas::codes::Code;
        let mut numbered = 0;
        for seed in 0..30 {
            let mut game = Game::new(Options::default(), 2 + (seed % 4) as usize, seed).unwrap();
            let mut bot = Bot::new(Strategy::Random, seed);
            while let Some(action) = bot.choose(&game) {
                if matches!(game.phase(), Phase::Islander { .. }) {
                    let features = crate::games::southseas::choices::islander_features(&game);
                    for (k, &feature) in features.iter().enumerate() {
                        let a = Action::PlaceIslander { feature };
                        let label = action_label(&game, &a, Locale::En);
                        assert!(label.starts_with(&format!("{} · ", k + 1)), "{label}");
                        assert!(label.chars().count() <= 80, "{label}");
                        assert_eq!(Code::parse(&Code::Act(a).code()), Some(Code::Act(a)));
                        numbered += 1;
                    }
                    // The figures to take back follow, numbered on the board where they stand.
                    let numbers = crate::games::southseas::choices::islander_numbers(&game);
                    for (k, a) in numbers.iter().enumerate().skip(features.len()) {
                        assert!(matches!(a, Action::RetrieveIslander { .. }), "{a:?}");
                        let label = action_label(&game, a, Locale::Fr);
                        assert!(label.starts_with(&format!("{} · Reprendre le ", k + 1)), "{label}");
                        assert_eq!(typed::parse(&game, Step::Islander, &(k + 1).to_string(), Locale::En), Ok(*a));
                    }
                    for a in game.legal_actions().iter().filter(|a| !numbers.contains(a)) {
                        let label = action_label(&game, a, Locale::Fr);
                        assert!(!label.starts_with(|c: char| c.is_ascii_digit()), "{label}");
                    }
                }
                game.apply(&action).unwrap();
            }
        }
        assert!(numbered > 100, "{numbered} numbered choices");
    }

    /// Over whole random games, no two choices of a step share a label, and typing a label
    /// picks exactly the choice it is on.
    #[test]
    fn labels_tell_every_choice_apart() {
        let mut twins_seen = 0;
        for seed in 0..40 {
            let mut game = Game::new(Options::default(), 2 + (seed % 4) as usize, seed).unwrap();
            let mut bot = Bot::new(Strategy::Random, seed);
            while let Some(action) = bot.choose(&game) {
                let legal = game.legal_actions();
                let labels: Vec<String> = legal.iter().map(|a| action_label(&game, a, Locale::En)).collect();
                let mut unique = labels.clone();
                unique.sort();
                unique.dedup();
                assert_eq!(unique.len(), labels.len(), "seed {seed}, turn {}: {labels:?}", game.turn());
                twins_seen += labels.iter().filter(|l| l.contains(" · choice ") || l.ends_with(" tiles") || l.ends_with(" tile")).count();
                for (a, label) in legal.iter().zip(&labels) {
                    assert!(label.chars().count() <= 80, "{label}");
                    let step = Step::ALL.into_iter().find(|s| s.wants(a));
                    if let Some(step) = step.filter(|s| *s != Step::Place) {
                        assert_eq!(typed::parse(&game, step, label, Locale::En).as_ref(), Ok(a), "seed {seed}: typing `{label}`");
                    }
                }
                game.apply(&action).unwrap();
            }
        }
        assert!(twins_seen > 0, "the games met choices that would have read the same");
    }

    /// The islander step's prompt offers "take one back" exactly when the rules allow it now
    /// (an empty supply, or the any-turn option), in both languages.
    #[test]
    fn the_islander_prompt_offers_taking_one_back_only_when_allowed() {
        use southseas_engine::RetrieveRule;
        let names = Names(vec!["Ana".into(), "Bo".into(), "Cy".into()]);
        let (mut offered, mut withheld) = (0, 0);
        for seed in 0..30 {
            let retrieve = if seed % 2 == 0 { RetrieveRule::EmptySupply } else { RetrieveRule::AnyTurn };
            let mut game = Game::new(Options { retrieve }, 3, seed).unwrap();
            let mut bot = Bot::new(Strategy::Random, seed);
            while let Some(action) = bot.choose(&game) {
                if matches!(game.phase(), Phase::Islander { .. }) {
                    let allowed = game.legal_actions().iter().any(|a| matches!(a, Action::RetrieveIslander { .. }));
                    let (en, fr) = (prompt(&game, &names, Locale::En), prompt(&game, &names, Locale::Fr));
                    assert_eq!(en.contains("take one back"), allowed, "{en}");
                    assert_eq!(fr.contains("reprenez-en un"), allowed, "{fr}");
                    if allowed { offered += 1 } else { withheld += 1 }
                }
                game.apply(&action).unwrap();
            }
        }
        assert!(offered > 0 && withheld > 0, "both cases met: {offered} offered, {withheld} withheld");
    }
}

#[cfg(test)]
mod count_tests {
    use super::*;
    use southseas_engine::{DISPLAY_SIZE, Options, Setup};

    /// The counts the status and the game's end write, at 0, 1 and 2: "1 tile", never "1 tiles".
    #[test]
    fn counts_in_words_agree_with_their_number() {
        let names = Names(vec!["Ana".into(), "Bo".into()]);
        let words = |n: usize, one: &str, many: &str| if n == 1 { format!("1 {one}") } else { format!("{n} {many}") };
        for n in 0..=2 {
            // The first tile is drawn at once: n + 1 tiles leave n in the stack.
            let mut setup = Setup::standard(Options::default(), 2, 7);
            setup.deck.truncate(n + 1);
            setup.ship_order.truncate(DISPLAY_SIZE + n);
            let game = Game::from_setup(setup).unwrap();
            assert_eq!((game.stack_size(), game.ship_stack_size()), (n, n));
            let status = status(&game, &names, Locale::En);
            let (tiles, ships) = (words(n, "tile", "tiles"), words(n, "ship", "ships"));
            assert!(status.contains(&format!(" · {tiles} left · {ships} in the stack")), "{status}");
            assert!(status.contains("· 4 islanders in hand · **0 pts**"), "{status}");

            let n16 = n as u16;
            let score = Score { player: 0, ship_points: n16, wares: n16, ware_points: 0, total: n16 };
            let line = final_standings(&[score], &[], &names, Locale::En).remove(0);
            let (points, wares) = (words(n, "point", "points"), words(n, "ware", "wares"));
            assert!(line.ends_with(&format!("— **{points}**: {n} from ships, 0 from {wares}")), "{line}");
            let (shells, bananas) = (words(n, "shell", "shells"), words(n, "banana", "bananas"));
            assert_eq!(
                [amount(Ware::Shells, n16, Locale::En), amount(Ware::Bananas, n16, Locale::En), amount(Ware::Fish, n16, Locale::En)],
                [shells, bananas, format!("{n} fish")]
            );
        }
    }
}

#[cfg(test)]
mod where_tests {
    use super::*;

    #[test]
    fn the_history_says_how_far_from_the_start_tile_a_tile_went() {
        let at = |x, y| Pos { x, y };
        assert_eq!(from_start(at(1, -2), Locale::En), ", 2 tiles north and 1 tile east of the start tile");
        assert_eq!(from_start(at(-3, 0), Locale::En), ", 3 tiles west of the start tile");
        assert_eq!(from_start(at(0, 1), Locale::En), ", 1 tile south of the start tile");
        assert_eq!(from_start(at(1, -2), Locale::Fr), ", 2 cases au nord et 1 case à l'est de la tuile de départ");
        assert_eq!(from_start(at(0, 0), Locale::En), "");
    }
}

#[cfg(test)]
mod refusal_tests {
    use super::*;
    use southseas_engine::{Bot, Options, Rotation, Strategy};

    /// Where `text` holds a board coordinate, as the engine writes one ("1,-2") or as people do
    /// ("(1, -2)"): a digit, a comma, an integer.
    fn coordinate(text: &str) -> Option<String> {
        let chars: Vec<char> = text.chars().collect();
        let spaces = |mut j: usize| {
            while chars.get(j) == Some(&' ') {
                j += 1;
            }
            j
        };
        (0..chars.len()).filter(|&i| chars[i].is_ascii_digit()).find_map(|i| {
            let comma = spaces(i + 1);
            (chars.get(comma) == Some(&',')).then_some(())?;
            let mut j = spaces(comma + 1);
            j += usize::from(chars.get(j) == Some(&'-'));
            chars.get(j).is_some_and(char::is_ascii_digit).then(|| chars[i..=j].iter().collect())
        })
    }

    #[test]
    fn coordinates_are_recognised() {
        assert!(coordinate("the tile at 1,-2 is").is_some());
        assert!(coordinate("(3, 0) porte").is_some());
        assert!(coordinate("2 shells, 1 fish; turned 90°, its west edge").is_none());
    }

    /// Steps of every kind the rules refuse, tried at each state of whole games: tiles on every
    /// square near the start in every turn, islanders on features that are not there, figures
    /// taken back where none stands, ships not on display or not affordable, steps of another
    /// phase.
    fn attempts(game: &Game) -> Vec<Action> {
        let mut tries = vec![Action::SkipIslander, Action::EndTurn, Action::Pay { payment: Wares { shells: 9, bananas: 0, fish: 0 } }];
        if game.phase() == Phase::PlaceTile {
            for x in -3..=3 {
                for y in -3..=3 {
                    tries.extend(Rotation::ALL.into_iter().map(|rotation| Action::PlaceTile { pos: Pos::new(x, y), rotation }));
                }
            }
        } else {
            tries.push(Action::PlaceTile { pos: Pos::new(0, 0), rotation: Rotation::ALL[0] });
        }
        tries.extend((0..8).map(|feature| Action::PlaceIslander { feature }));
        for x in -2..=2 {
            for y in -2..=2 {
                tries.extend((0..3).map(|feature| Action::RetrieveIslander { pos: Pos::new(x, y), feature }));
            }
        }
        for ship in game.ships().ids() {
            tries.extend([Action::Deliver { ship }, Action::ChooseShip { ship }]);
        }
        tries
    }

    /// Every refusal a player can meet, in English and in French, is worded from the refusal's
    /// data and names no board coordinate (issue #31): a spot by its letter where it has one.
    #[test]
    fn no_refusal_names_a_coordinate() {
        use std::collections::BTreeSet;
        let mut kinds = BTreeSet::new();
        let mut lettered = 0;
        for seed in 0..6 {
            let retrieve = if seed % 2 == 0 { RetrieveRule::EmptySupply } else { RetrieveRule::AnyTurn };
            let mut game = Game::new(Options { retrieve }, 2 + (seed % 3) as usize, seed).unwrap();
            let mut bot = Bot::new(Strategy::Greedy, seed);
            let mut step = 0u64;
            loop {
                if step.is_multiple_of(4) || !matches!(game.phase(), Phase::PlaceTile) {
                    for action in attempts(&game) {
                        let Err(e) = game.clone().apply(&action) else { continue };
                        let debug = format!("{e:?}");
                        let kind = debug.split([' ', '(']).next().unwrap_or_default().to_string();
                        let kind = match &e {
                            RuleError::IllegalPlacement { reason } => {
                                format!("{reason:?}").split(' ').next().unwrap_or_default().to_string()
                            }
                            _ => kind,
                        };
                        kinds.insert(kind);
                        for l in Locale::ALL {
                            let said = refusal(&game, &e, l);
                            assert!(coordinate(&said).is_none(), "{debug} in {l:?}: {said}");
                            assert!(!said.contains("ss-"), "{debug} in {l:?}: a message is missing: {said}");
                            lettered += usize::from(said.contains("**"));
                        }
                    }
                }
                let Some(action) = bot.choose(&game) else { break };
                game.apply(&action).unwrap();
                step += 1;
            }
            let e = game.clone().apply(&Action::EndTurn).unwrap_err();
            kinds.insert(format!("{e:?}"));
        }
        for kind in ["WrongPhase", "Taken", "NoNeighbour", "Mismatch", "NoSuchFeature", "NoIslanderThere", "ShipNotOnDisplay", "GameOver"] {
            assert!(kinds.contains(kind), "no {kind} refusal met: {kinds:?}");
        }
        assert!(lettered > 0, "no refusal named a spot by its letter");
    }

    /// A tile turned the wrong way at a lettered spot is refused naming the spot's letter and
    /// the edges, in both languages; elsewhere the place is "there".
    #[test]
    fn a_misplaced_tile_is_named_by_its_spot() {
        let game = Game::new(Options::default(), 2, 3).unwrap();
        let spots = game.placement_spots();
        let (spot, rotation) = spots
            .iter()
            .find_map(|s| Rotation::ALL.into_iter().find(|r| !s.rotations.contains(r)).map(|r| (s, r)))
            .expect("a spot where some turn does not fit");
        let e = game.clone().apply(&Action::PlaceTile { pos: spot.pos, rotation }).unwrap_err();
        assert!(matches!(e, RuleError::IllegalPlacement { reason: Misplaced::Mismatch { .. } }), "{e:?}");
        let en = refusal(&game, &e, Locale::En);
        assert!(
            en.starts_with(&format!("Not allowed: the tile can't go at spot **{}**: turned {}°, its ", spot.label, rotation.degrees())),
            "{en}"
        );
        let fr = refusal(&game, &e, Locale::Fr);
        assert!(fr.contains(&format!("sur l'emplacement **{}**", spot.label)), "{fr}");
        let taken = game.clone().apply(&Action::PlaceTile { pos: Pos::new(0, 0), rotation }).unwrap_err();
        assert_eq!(refusal(&game, &taken, Locale::En), "Not allowed: the tile can't go there: that place already holds a tile.");
    }
}
