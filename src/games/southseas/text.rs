//! Words for players: narration of engine events, descriptions of spots and ships, status.

use southseas_engine::{
    Action, COLOURS, Demand, Event, FeatureKind, FeatureRef, Game, Phase, Port, Pos, RuleError, Score, ScoreReason, ShipId, Ware, Wares,
};
use std::fmt::Write;

/// Markdown helpers every game's text uses (here too, where they always were).
pub use crate::common::reply::{count, escape, truncate};

/// A step the rules refuse, said to the player: what the game waits for when it is the wrong
/// step, else why the step isn't allowed.
pub fn refusal(error: &RuleError) -> String {
    match error {
        RuleError::WrongPhase { expected } => format!("Not now: the game waits for you to {expected}."),
        other => format!("Not allowed: {other}."),
    }
}

/// Colour squares, so a player's colour shows in text as on the board.
const SQUARES: [&str; 5] = ["🟥", "🟦", "🟨", "🟩", "⬛"];

/// Seated players' display names, by seat.
#[derive(Clone, Debug, Default)]
pub struct Names(pub Vec<String>);

impl Names {
    /// "🟥 Alice"
    pub fn of(&self, seat: usize) -> String {
        let name = self.0.get(seat).map_or("?", String::as_str);
        format!("{} **{}**", SQUARES.get(seat).unwrap_or(&""), escape(name))
    }

    pub fn colour(seat: usize) -> &'static str {
        COLOURS.get(seat).copied().unwrap_or("?")
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

fn amount(ware: Ware, n: u16) -> String {
    match ware {
        Ware::Shells => count(n, "shell"),
        Ware::Bananas => count(n, "banana"),
        // Its own plural.
        Ware::Fish => format!("{n} fish"),
    }
}

/// "S07 (5 pts: 2 shells, 1 banana, 1 fish)"
pub fn ship(game: &Game, id: ShipId) -> String {
    let s = game.ships().get(id);
    format!("{} ({}: {})", s.name, count(s.value, "pt"), demand(&s.demand))
}

pub fn demand(d: &Demand) -> String {
    match d {
        Demand::Exact(w) => w.to_string(),
        other => other.to_string(),
    }
}

/// Where a feature lies on its tile, as a player sees the board: "north", "south-east",
/// "east–west" (bridges name their ends), or "all around".
pub fn direction(game: &Game, at: FeatureRef) -> String {
    let Some(tile) = game.tile_at(at.pos) else { return String::new() };
    let kind = game.tiles().get(tile.tile);
    let Some(f) = kind.features.get(at.feature as usize) else { return String::new() };
    let board_ports: Vec<Port> = (0..12).filter(|p| f.ports & (1 << p) != 0).map(|p| tile.rotation.apply_port(Port(p))).collect();
    if f.kind == FeatureKind::Bridge {
        let mut dirs: Vec<_> = board_ports.iter().map(|p| p.dir()).collect();
        dirs.sort();
        return dirs.iter().map(|d| d.name()).collect::<Vec<_>>().join("–");
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
        return "all-around".into();
    }
    const NAMES: [&str; 8] = ["east", "south-east", "south", "south-west", "west", "north-west", "north", "north-east"];
    let angle = y.atan2(x).to_degrees().rem_euclid(360.0);
    NAMES[((angle + 22.5) / 45.0) as usize % 8].into()
}

/// "fisherman on the east sea (3 fish)": the label of an islander choice.
pub fn spot(game: &Game, at: FeatureRef) -> String {
    let Some(region) = game.region(at) else { return "?".into() };
    let name = match region.kind {
        FeatureKind::Market => "market".to_string(),
        k => format!("{} {}", direction(game, at), k.name()),
    };
    let detail = match region.kind.ware() {
        Some(w) => amount(w, region.symbols),
        None => {
            let filled = at.pos.surrounding().filter(|p| game.tile_at(*p).is_some()).count();
            format!("{filled}/8 around")
        }
    };
    format!("{} on the {name} ({detail})", region.kind.role())
}

/// Button / menu label for an action (Discord limits labels to 80 characters), unique among
/// the step's choices: two that would read the same (two seas in the same corner of a tile, say)
/// are told apart by the size of their feature, or else by number, so that every button means
/// one thing and typing a label picks exactly one choice.
///
/// At the islander step, a choice on the new tile begins with its number on the turn
/// picture ("2 · Fisherman on the north-west sea (2 fish)"); the button's id does not change.
pub fn action_label(game: &Game, action: &Action) -> String {
    let number = match *action {
        Action::PlaceIslander { feature } => {
            crate::games::southseas::render::islander_features(game).iter().position(|&f| f == feature).map(|k| format!("{} · ", k + 1))
        }
        _ => None,
    };
    match number {
        Some(n) => format!("{n}{}", unnumbered_label(game, action, 80 - n.chars().count())),
        None => unnumbered_label(game, action, 80),
    }
}

/// [`action_label`] without the islander's number, at most `max` characters.
fn unnumbered_label(game: &Game, action: &Action, max: usize) -> String {
    let base = base_label(game, action);
    let legal = game.legal_actions();
    let twins: Vec<&Action> = legal.iter().filter(|a| base_label(game, a) == base).collect();
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
        format!(" · {}", count(mine.unwrap_or(0), "tile"))
    } else {
        let k = twins.iter().position(|a| *a == action).unwrap_or(0) + 1;
        format!(" · choice {k} of {}", twins.len())
    };
    format!("{}{suffix}", truncate(&base, max - suffix.chars().count()))
}

fn base_label(game: &Game, action: &Action) -> String {
    let label = match *action {
        Action::PlaceIslander { feature } => {
            let Phase::Islander { pos } = game.phase() else { return action.to_string() };
            let s = spot(game, FeatureRef { pos, feature });
            let mut c = s.chars();
            c.next().map(|f| f.to_uppercase().collect::<String>() + c.as_str()).unwrap_or_default()
        }
        Action::RetrieveIslander { pos, feature } => {
            let kind = game.region(FeatureRef { pos, feature }).map_or(FeatureKind::Sea, |r| r.kind);
            format!("Take back {} at {}", kind.role(), coords(pos))
        }
        Action::SkipIslander => "No islander".into(),
        Action::ChooseShip { ship: id } | Action::Deliver { ship: id } => {
            let s = game.ships().get(id);
            let verb = if matches!(action, Action::Deliver { .. }) { "Deliver to" } else { "Take" };
            format!("{verb} {} · {} · {}", s.name, count(s.value, "pt"), demand(&s.demand))
        }
        Action::Pay { payment } => format!("Pay {payment}"),
        Action::EndTurn => "End turn".into(),
        Action::PlaceTile { pos, rotation } => format!("{} turned {}°", coords(pos), rotation.degrees()),
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

pub fn coords(pos: Pos) -> String {
    format!("({}, {})", pos.x, pos.y)
}

fn list(names: Vec<String>) -> String {
    match names.len() {
        0 => String::new(),
        1 => names[0].clone(),
        n => format!("{} and {}", names[..n - 1].join(", "), names[n - 1]),
    }
}

/// One line per thing that happened, in order. `game` is the state after the events.
pub fn narrate(game: &Game, names: &Names, events: &[Event]) -> Vec<String> {
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
        lines.push(format!("↩️ Islanders home: {}.", parts.join(", ")));
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
            Event::TilePlaced { player, tile, pos, rotation } => lines.push(format!(
                "{} placed tile **{}** at {}{}.",
                names.of(*player as usize),
                game.tiles().get(*tile).name,
                coords(*pos),
                if rotation.degrees() == 0 { String::new() } else { format!(", turned {}°", rotation.degrees()) }
            )),
            Event::IslanderPlaced { player, at, .. } => {
                lines.push(format!("{} put a {}.", names.of(*player as usize), spot_after(game, *at)));
            }
            Event::IslanderRetrieved { player, at, kind } => {
                lines.push(format!("{} took back their {} from {}.", names.of(*player as usize), kind.role(), coords(at.pos)))
            }
            // A completed feature nobody was on changes nothing for anyone: no line.
            Event::FeatureCompleted { .. } => {}
            Event::FeatureScored { kind, reason, tiles: size, ware, amount: n, winners, .. } => {
                if *reason == ScoreReason::GameEnd {
                    // What each player got at the end is grouped under their name in the standings.
                    end_gains.extend(winners.iter().map(|&p| (p, *ware, *n)));
                    continue;
                }
                let who = list(winners.iter().map(|&p| names.of(p as usize)).collect());
                let each = if winners.len() > 1 { " each" } else { "" };
                let gain = if *n == 0 {
                    // Nothing to share (every symbol covered, or none printed): say so, no "+0".
                    format!("no {} on it", ware.name())
                } else {
                    format!("{who} +{}{each}", amount(*ware, *n).replace(&format!("{n} "), &format!("{n} {} ", ware_icon(*ware))))
                };
                lines.push(if *reason == ScoreReason::FishingBoat {
                    format!("🚣 Fishing boat! The sea ({}) is fished: {gain}.", count(*size, "tile"))
                } else {
                    format!("✅ {} completed ({}): {gain}.", capitalise(kind.name()), count(*size, "tile"))
                });
            }
            Event::FishCovered { at, fish, .. } => {
                lines.push(format!("A boat token now covers {} at {}.", if *fish == 2 { "2 fish" } else { "1 fish" }, coords(at.pos)))
            }
            // At the end of the game everyone goes home anyway: not worth a line.
            Event::IslanderReturned { .. } if game_ending => {}
            Event::IslanderReturned { player, kind, .. } => returned.push((*player, *kind)),
            Event::ShipTakenByMarket { player, ship: s, .. } => {
                lines.push(format!("🏪 Market completed: {} takes ship {} without delivering.", names.of(*player as usize), ship(game, *s)))
            }
            Event::MarketFoundNoShip { player, .. } => {
                lines.push(format!("🏪 Market completed, but no ship is on display: {} gets nothing.", names.of(*player as usize)))
            }
            Event::ShipDelivered { player, ship: s, payment } => {
                let sh = game.ships().get(*s);
                let points = count(sh.value, "point");
                lines.push(format!("⛵ {} delivered {payment} to ship {}: **+{points}**.", names.of(*player as usize), sh.name))
            }
            Event::ShipRevealed { ship: s } => lines.push(format!("New ship on display: {}.", ship(game, *s))),
            Event::TileDiscarded { tile } => {
                lines.push(format!("Tile **{}** fits nowhere and leaves the game.", game.tiles().get(*tile).name))
            }
            Event::TurnStarted { .. } => {}
            Event::GameOver { scores, winners } => {
                lines.push("🏁 **Game over!** Unfinished islands, bridges and seas paid out; the final standings:".into());
                lines.extend(final_standings(scores, &end_gains, names));
                let who = list(winners.iter().map(|&p| names.of(p as usize)).collect());
                lines.push(if winners.len() > 1 {
                    format!("👑 Shared win: {who}!")
                } else {
                    format!("👑 {who} is King of the South Seas!")
                });
            }
        }
    }
    flush(&mut returned, &mut lines);
    lines
}

/// A player's step in words, for undo and for a stale click's answer ("the tile K2 at (1, 0),
/// turned 90°"), never the engine's syntax. `game` is the state just before or just after the
/// step: both know the tile and the spot it names.
pub fn step_in_words(game: &Game, action: &Action) -> String {
    match *action {
        Action::PlaceTile { pos, rotation } => {
            let tile = game.tile_at(pos).map(|t| t.tile).or(game.drawn_tile());
            let name = tile.map(|t| format!("the tile **{}**", game.tiles().get(t).name)).unwrap_or_else(|| "the tile".into());
            let turned = if rotation.degrees() == 0 { String::new() } else { format!(", turned {}°", rotation.degrees()) };
            format!("{name} at {}{turned}", coords(pos))
        }
        Action::PlaceIslander { feature } => {
            let at = FeatureRef { pos: game.last_placed().pos, feature };
            format!("the {}", spot_after(game, at))
        }
        Action::RetrieveIslander { pos, .. } => format!("taking back the islander at {}", coords(pos)),
        Action::SkipIslander => "placing no islander".into(),
        Action::ChooseShip { ship: s } => format!("the choice of ship {}", game.ships().get(s).name),
        Action::Deliver { ship: s } => format!("the delivery to ship {}", game.ships().get(s).name),
        Action::Pay { payment } => format!("paying {payment}"),
        Action::EndTurn => "ending the turn".into(),
    }
}

/// One line per player, best first, with what they got at the end grouped under their name:
/// "🥇 🟥 **Ana** — **23 points**: 18 from ships, 5 from 15 wares (the end gave +3 🍌)".
/// Equal totals share a place.
fn final_standings(scores: &[Score], end_gains: &[(u8, Ware, u16)], names: &Names) -> Vec<String> {
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
            format!(" (the end gave {})", parts.join(" "))
        };
        lines.push(format!(
            "{medal} {} — **{}**: {} from ships, {} from {}{end}",
            names.of(s.player as usize),
            count(s.total, "point"),
            s.ship_points,
            s.ware_points,
            count(s.wares, "ware"),
        ));
    }
    lines
}

/// The spot description for an islander just placed (its region may have been evaluated
/// since, so describe the printed feature).
fn spot_after(game: &Game, at: FeatureRef) -> String {
    let Some(tile) = game.tile_at(at.pos) else { return "islander".into() };
    let Some(f) = game.tiles().get(tile.tile).features.get(at.feature as usize) else { return "islander".into() };
    match f.kind {
        FeatureKind::Market => format!("merchant on the market at {}", coords(at.pos)),
        k => format!("{} on the {} {} at {}", k.role(), direction(game, at), k.name(), coords(at.pos)),
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().collect::<String>() + c.as_str()).unwrap_or_default()
}

/// What the player to act must do, in a few words, for a reminder: "place tile **K2** (`/place`)".
pub fn task(game: &Game) -> String {
    match game.phase() {
        Phase::PlaceTile => {
            let tile = game.drawn_tile().map(|t| game.tiles().get(t).name.clone()).unwrap_or_default();
            format!("place tile **{tile}** (`/place`)")
        }
        Phase::Islander { .. } => "place an islander or skip (`/islander`)".into(),
        Phase::MarketShip { .. } => "choose a ship for your merchant's market (`/ship`)".into(),
        Phase::Deliver => "deliver wares to a ship or end your turn (`/deliver`, `/endturn`)".into(),
        Phase::Payment { ship: s } => format!("choose how to pay ship {} (`/pay`)", ship(game, s)),
        Phase::GameOver => "nothing: the game is over".into(),
    }
}

/// What the player to act should do now, in one or two lines.
pub fn prompt(game: &Game, names: &Names) -> String {
    let Some(seat) = game.to_act() else { return String::new() };
    let who = names.of(seat);
    match game.phase() {
        Phase::PlaceTile => {
            let tile = game.drawn_tile().map(|t| game.tiles().get(t).name.clone()).unwrap_or_default();
            let spots = game.placement_spots();
            let labels: Vec<&str> = spots.iter().take(12).map(|s| s.label.as_str()).collect();
            let more = if spots.len() > 12 { ", …" } else { "" };
            format!(
                "➡️ {who}, your turn: place tile **{tile}**. It fits at {} ({}{more}) — use `/place` or pick below.",
                count(spots.len(), "spot"),
                labels.join(", ")
            )
        }
        Phase::Islander { .. } => format!("➡️ {who}: place an islander, take one back, or skip (buttons below or `/islander`)."),
        Phase::MarketShip { .. } => format!("➡️ {who}: your merchant's market is complete — choose one of the most valuable ships."),
        Phase::Deliver => format!("➡️ {who}: deliver wares to one ship, or end your turn."),
        Phase::Payment { ship: s } => format!("➡️ {who}: choose how to pay ship {}.", ship(game, s)),
        Phase::GameOver => String::new(),
    }
}

/// The full status: players, display, tiles left, whose turn.
/// One short line of standings for a turn message, so nobody must open the picture to know who
/// is winning: each player's score, and in brackets the score if the game ended now (what
/// unfinished islands, bridges and seas would still pay), in seat order.
pub fn standings(game: &Game, names: &Names) -> String {
    let scores = game.scores();
    let projected = game.projected_scores();
    let each: Vec<String> =
        (0..game.player_count()).map(|seat| format!("{} {} ({})", names.of(seat), scores[seat].total, projected[seat].total)).collect();
    format!("📊 Score (if the game ended now): {}", each.join(" · "))
}

pub fn status(game: &Game, names: &Names) -> String {
    let mut out = String::new();
    let scores = game.scores();
    let projected = game.projected_scores();
    let (tiles, ships) = (count(game.stack_size(), "tile"), count(game.ship_stack_size(), "ship"));
    let _ = writeln!(out, "**Turn {}** · {tiles} left · {ships} in the stack", game.turn());
    for (seat, p) in game.players().iter().enumerate() {
        let ships: Vec<String> = p.ships.iter().map(|&s| game.ships().get(s).value.to_string()).collect();
        let marker = if game.to_act() == Some(seat) { " ⬅️" } else { "" };
        let _ = writeln!(
            out,
            "{} — {} · ships [{}] · {} in hand · **{}** (if it ended now: {}){marker}",
            names.of(seat),
            wares_short(&p.wares),
            ships.join(", "),
            count(p.supply, "islander"),
            count(scores[seat].total, "pt"),
            projected[seat].total,
        );
    }
    let display: Vec<String> = game.display().iter().map(|&s| ship(game, s)).collect();
    let _ = writeln!(out, "Ships on display: {}", if display.is_empty() { "none".into() } else { display.join(" · ") });
    if game.is_over() {
        let _ = writeln!(out, "The game is over.");
    }
    out
}

#[cfg(test)]
mod label_tests {
    use super::*;
    use crate::games::southseas::typed::{self, Step};
    use southseas_engine::{Bot, Options, Strategy};

    /// At the islander step, each choice on the new tile begins with the number the turn
    /// picture draws on its feature (the order of `render::islander_features`), within
    /// Discord's 80 characters; other choices carry no number, and the codes behind the
    /// buttons are the ones stored messages hold.
    #[test]
    fn islander_choices_begin_with_the_number_on_the_picture() {
        use crate::games::southseas::codes::Code;
        let mut numbered = 0;
        for seed in 0..30 {
            let mut game = Game::new(Options::default(), 2 + (seed % 4) as usize, seed).unwrap();
            let mut bot = Bot::new(Strategy::Random, seed);
            while let Some(action) = bot.choose(&game) {
                if matches!(game.phase(), Phase::Islander { .. }) {
                    let features = crate::games::southseas::render::islander_features(&game);
                    for (k, &feature) in features.iter().enumerate() {
                        let a = Action::PlaceIslander { feature };
                        let label = action_label(&game, &a);
                        assert!(label.starts_with(&format!("{} · ", k + 1)), "{label}");
                        assert!(label.chars().count() <= 80, "{label}");
                        assert_eq!(Code::parse(&Code::Act(a).code()), Some(Code::Act(a)));
                        numbered += 1;
                    }
                    for a in game.legal_actions().iter().filter(|a| !matches!(a, Action::PlaceIslander { .. })) {
                        assert!(!action_label(&game, a).starts_with(|c: char| c.is_ascii_digit()), "{}", action_label(&game, a));
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
                let labels: Vec<String> = legal.iter().map(|a| action_label(&game, a)).collect();
                let mut unique = labels.clone();
                unique.sort();
                unique.dedup();
                assert_eq!(unique.len(), labels.len(), "seed {seed}, turn {}: {labels:?}", game.turn());
                twins_seen += labels.iter().filter(|l| l.contains(" · choice ") || l.ends_with(" tiles") || l.ends_with(" tile")).count();
                for (a, label) in legal.iter().zip(&labels) {
                    assert!(label.chars().count() <= 80, "{label}");
                    let step = Step::ALL.into_iter().find(|s| s.wants(a));
                    if let Some(step) = step.filter(|s| *s != Step::Place) {
                        assert_eq!(typed::parse(&game, step, label).as_ref(), Ok(a), "seed {seed}: typing `{label}`");
                    }
                }
                game.apply(&action).unwrap();
            }
        }
        assert!(twins_seen > 0, "the games met choices that would have read the same");
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
            let status = status(&game, &names);
            let (tiles, ships) = (words(n, "tile", "tiles"), words(n, "ship", "ships"));
            assert!(status.contains(&format!(" · {tiles} left · {ships} in the stack")), "{status}");
            assert!(status.contains("· 4 islanders in hand · **0 pts**"), "{status}");

            let n16 = n as u16;
            let score = Score { player: 0, ship_points: n16, wares: n16, ware_points: 0, total: n16 };
            let line = final_standings(&[score], &[], &names).remove(0);
            let (points, wares) = (words(n, "point", "points"), words(n, "ware", "wares"));
            assert!(line.ends_with(&format!("— **{points}**: {n} from ships, 0 from {wares}")), "{line}");
            let (shells, bananas) = (words(n, "shell", "shells"), words(n, "banana", "bananas"));
            assert_eq!(
                [amount(Ware::Shells, n16), amount(Ware::Bananas, n16), amount(Ware::Fish, n16)],
                [shells, bananas, format!("{n} fish")]
            );
        }
    }
}
