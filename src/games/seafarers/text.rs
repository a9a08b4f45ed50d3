//! What the bot says about a Seafarers game, in words: players, cards, places on the board,
//! the narration of what happened (public, and what each player alone may read), refusals.

use super::render::{colour_name, letters as seat_letters};
use crate::common::reply::escape;
use crate::i18n::Locale;
use crate::tr;
use seafarers_engine::{
    Action, Answer, DevCard, Edge, Event, Game, Harbour, Hex, Phase, Problem, Reason, Resource, Resources, RuleError, Side, Terrain, Vertex,
};

/// The seated players' names, by seat, with their letter on the pieces, and the language of
/// whoever reads what is made with them (the game's for the table, a reader's for an answer
/// to them alone).
#[derive(Clone, Debug, Default)]
pub struct Names {
    names: Vec<String>,
    letters: Vec<char>,
    lang: Locale,
}

impl Names {
    /// The names, for English readers.
    pub fn new(names: Vec<String>) -> Names {
        Names::new_in(names, Locale::En)
    }

    /// The names, for readers of `lang`.
    pub fn new_in(names: Vec<String>, lang: Locale) -> Names {
        let letters = seat_letters(&names);
        Names { names, letters, lang }
    }

    /// The same names for a reader of another language.
    pub fn reading(mut self, lang: Locale) -> Names {
        self.lang = lang;
        self
    }

    /// The language of what is said with these names.
    pub fn lang(&self) -> Locale {
        self.lang
    }

    /// "**Ana** (A, orange)": the name, and the letter and colour of the pieces.
    pub fn long(&self, seat: usize) -> String {
        let colour = tr!(self.lang, "sf-colour", colour = colour_name(seat));
        tr!(self.lang, "sf-player-long", name = self.of(seat), letter = self.letter(seat).to_string(), colour = colour)
    }

    /// "**Ana**"
    pub fn of(&self, seat: usize) -> String {
        format!("**{}**", escape(self.names.get(seat).map_or("?", String::as_str)))
    }

    /// "Ana", without bold: for lines that list every player (bold on each would shout).
    pub fn plain(&self, seat: usize) -> String {
        escape(self.names.get(seat).map_or("?", String::as_str))
    }

    pub fn letter(&self, seat: usize) -> char {
        self.letters.get(seat).copied().unwrap_or('?')
    }

    pub fn list(&self) -> &[String] {
        &self.names
    }
}

pub fn resource_icon(r: Resource) -> &'static str {
    match r {
        Resource::Brick => "🧱",
        Resource::Lumber => "🪵",
        Resource::Wool => "🐑",
        Resource::Grain => "🌾",
        Resource::Ore => "🪨",
    }
}

/// A resource's key in the message files (the engine's own name).
fn key(r: Resource) -> &'static str {
    r.name()
}

/// A resource's name: "ore", "minerai".
pub fn resource_name(lang: Locale, r: Resource) -> String {
    tr!(lang, "sf-resource", resource = key(r))
}

/// A count of one resource: "2 brick", "2 argiles".
pub fn resource_count(lang: Locale, n: u8, r: Resource) -> String {
    tr!(lang, "sf-resource-count", n = n, resource = key(r))
}

/// "2 brick 🧱, 1 ore 🪨" (every kind held, in the rulebook's order); "no cards" for none.
pub fn cards(lang: Locale, r: &Resources) -> String {
    let parts: Vec<String> = Resource::ALL
        .iter()
        .filter(|&&k| r.get(k) > 0)
        .map(|&k| format!("{} {}", resource_count(lang, r.get(k), k), resource_icon(k)))
        .collect();
    if parts.is_empty() { tr!(lang, "sf-no-cards") } else { parts.join(", ") }
}

/// A resource's name with its icon: "ore 🪨".
pub fn resource(lang: Locale, r: Resource) -> String {
    format!("{} {}", resource_name(lang, r), resource_icon(r))
}

/// One card of a resource with its icon: "1 ore 🪨".
pub fn one_card(lang: Locale, r: Resource) -> String {
    format!("{} {}", resource_count(lang, 1, r), resource_icon(r))
}

/// A development card's key in the message files.
fn card_key(c: DevCard) -> &'static str {
    match c {
        DevCard::Knight => "knight",
        DevCard::VictoryPoint => "victory-point",
        DevCard::RoadBuilding => "road-building",
        DevCard::YearOfPlenty => "year-of-plenty",
        DevCard::Monopoly => "monopoly",
    }
}

pub fn card_name(lang: Locale, c: DevCard) -> String {
    tr!(lang, "sf-card", card = card_key(c))
}

/// "ore 8", "gold 5", "desert", "sea", "unexplored".
pub fn hex_words(lang: Locale, game: &Game, hex: Hex) -> String {
    let number = game.hexes().into_iter().find(|h| h.hex == hex).and_then(|h| h.number);
    match game.terrain_at(hex) {
        None => tr!(lang, "sf-hex-unexplored"),
        Some(Terrain::Sea) => tr!(lang, "sf-hex-sea"),
        Some(Terrain::Desert) => tr!(lang, "sf-hex-desert"),
        Some(t) => {
            let what = t.resource().map_or_else(|| tr!(lang, "sf-hex-gold"), |r| resource_name(lang, r));
            match number {
                Some(n) => format!("{what} {n}"),
                None => what,
            }
        }
    }
}

/// The land around an intersection: "ore 8, grain 5, sea".
pub fn vertex_words(lang: Locale, game: &Game, v: Vertex) -> String {
    let sea = tr!(lang, "sf-hex-sea");
    let mut hexes: Vec<String> = v.hexes().iter().map(|&h| hex_words(lang, game, h)).filter(|w| *w != sea).collect();
    if hexes.is_empty() {
        hexes.push(tr!(lang, "sf-open-sea"));
    }
    hexes.join(", ")
}

/// The two sides of an edge: "ore 8 | sea".
pub fn edge_words(lang: Locale, game: &Game, e: Edge) -> String {
    let [a, b] = e.hexes();
    format!("{} | {}", hex_words(lang, game, a), hex_words(lang, game, b))
}

/// The harbour an intersection touches, if any.
pub fn harbour_at(game: &Game, v: Vertex) -> Option<Harbour> {
    game.harbours().into_iter().find(|(e, _)| e.vertices().contains(&v)).map(|(_, h)| h)
}

/// The land around an intersection, and the harbour it touches: "ore 8, grain 5; 3:1 harbour".
pub fn settlement_words(lang: Locale, game: &Game, v: Vertex) -> String {
    let place = vertex_words(lang, game, v);
    match harbour_at(game, v) {
        Some(h) => tr!(lang, "sf-place-harbour", place = place, harbour = harbour_words(lang, h)),
        None => place,
    }
}

/// A sea hex by the land beside it: "sea by ore 8 and grain 5" (two at most), else "open sea";
/// a land hex as [`hex_words`] says it.
pub fn sea_words(lang: Locale, game: &Game, hex: Hex) -> String {
    if game.terrain_at(hex) != Some(Terrain::Sea) {
        return hex_words(lang, game, hex);
    }
    let land: Vec<String> = Side::ALL
        .iter()
        .map(|&s| hex.neighbour(s))
        .filter(|&n| game.terrain_at(n).is_some_and(|t| t != Terrain::Sea))
        .map(|n| hex_words(lang, game, n))
        .take(2)
        .collect();
    if land.is_empty() {
        return tr!(lang, "sf-open-sea");
    }
    tr!(lang, "sf-sea-by", land = land.join(&format!(" {} ", tr!(lang, "sf-and"))))
}

/// Whom the pirate robs at `to`: "rob Ana and Bo", "nobody to rob".
fn pirate_steal(game: &Game, names: &Names, to: Hex) -> String {
    let lang = names.lang();
    let victims: Vec<String> =
        game.pirate_victims_at(game.active_player(), to).into_iter().map(|v| names.of(v).replace("**", "")).collect();
    match victims.split_last() {
        None => tr!(lang, "sf-pirate-robs-nobody"),
        Some((last, [])) => tr!(lang, "sf-pirate-robs", names = last.as_str()),
        Some((last, rest)) => {
            tr!(lang, "sf-pirate-robs", names = format!("{} {} {last}", rest.join(", "), tr!(lang, "sf-and")))
        }
    }
}

fn harbour_words(lang: Locale, h: Harbour) -> String {
    match h {
        Harbour::Generic => tr!(lang, "sf-harbour", resource = "any", name = ""),
        Harbour::Special(r) => tr!(lang, "sf-harbour", resource = key(r), name = resource_name(lang, r)),
    }
}

/// A yes/no selector for the message files.
fn yes(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

/// What happened, for everyone at the table: hidden cards (what was stolen, what was bought)
/// are told as counts. Production and discards are gathered on one line each.
pub fn narrate(game: &Game, names: &Names, events: &[Event]) -> Vec<String> {
    let lang = names.lang();
    let mut lines = Vec::new();
    let mut produced: Vec<String> = Vec::new();
    let mut discards: Vec<String> = Vec::new();
    let flush = |lines: &mut Vec<String>, produced: &mut Vec<String>, discards: &mut Vec<String>| {
        if !produced.is_empty() {
            lines.push(format!("📦 {}", produced.join(" · ")));
            produced.clear();
        }
        if !discards.is_empty() {
            lines.push(tr!(lang, "sf-must-discard", list = discards.join(", ")));
            discards.clear();
        }
    };
    let cards = |c: &Resources| cards(lang, c);
    let hex = |h: Hex| hex_words(lang, game, h);
    let edge = |e: Edge| edge_words(lang, game, e);
    let vertex = |v: Vertex| vertex_words(lang, game, v);
    for e in events {
        match e {
            Event::Produced { player, cards: c } => {
                produced.push(tr!(lang, "sf-gets", name = names.of(*player as usize), cards = cards(c)));
                continue;
            }
            Event::MustDiscard { player, count: n } => {
                discards.push(format!("{} ({})", names.of(*player as usize), n));
                continue;
            }
            _ => flush(&mut lines, &mut produced, &mut discards),
        }
        let p = |seat: u8| names.of(seat as usize);
        let line = match e {
            Event::HarbourPlaced { player, at, harbour } => {
                tr!(lang, "sf-harbour-placed", name = p(*player), harbour = harbour_words(lang, *harbour), place = edge(*at))
            }
            Event::SettlementBuilt { player, at } => tr!(lang, "sf-settlement-built", name = p(*player), place = vertex(*at)),
            Event::CityBuilt { player, at } => tr!(lang, "sf-city-built", name = p(*player), place = vertex(*at)),
            Event::RoadBuilt { player, at, free } => {
                tr!(lang, "sf-road-built", name = p(*player), free = yes(*free), place = edge(*at))
            }
            Event::ShipBuilt { player, at, free } => {
                tr!(lang, "sf-ship-built", name = p(*player), free = yes(*free), place = edge(*at))
            }
            Event::ShipMoved { player, to, .. } => tr!(lang, "sf-ship-moved", name = p(*player), place = edge(*to)),
            Event::SetupCards { player, cards: c } => tr!(lang, "sf-setup-cards", name = p(*player), cards = cards(c)),
            Event::Rolled { player, dice, total } => {
                tr!(lang, "sf-rolled", name = p(*player), total = *total, a = dice[0], b = dice[1])
            }
            Event::BankShort { resource: r } => tr!(lang, "sf-bank-short", resource = resource_name(lang, *r)),
            Event::GoldOwed { player, count: n } => tr!(lang, "sf-gold-owed", name = p(*player), n = *n),
            Event::GoldTaken { player, cards: c } => tr!(lang, "sf-gold-taken", name = p(*player), cards = cards(c)),
            Event::Discarded { player, cards: c } => tr!(lang, "sf-discarded", name = p(*player), cards = cards(c)),
            Event::RobberMoved { player, to } => tr!(lang, "sf-robber-moved", name = p(*player), place = hex(*to)),
            Event::PirateMoved { player, to } => {
                tr!(lang, "sf-pirate-moved", name = p(*player), place = sea_words(lang, game, *to))
            }
            Event::Stole { thief, victim, resource: Some(_) } => tr!(lang, "sf-stole", thief = p(*thief), victim = p(*victim)),
            Event::Stole { thief, victim, resource: None } => {
                tr!(lang, "sf-stole-nothing", thief = p(*thief), victim = p(*victim))
            }
            Event::DevCardBought { player, .. } => tr!(lang, "sf-dev-bought", name = p(*player)),
            Event::DevCardPlayed { player, card } => tr!(lang, "sf-dev-played", name = p(*player), card = card_name(lang, *card)),
            Event::YearOfPlenty { player, cards: c } => tr!(lang, "sf-plenty-taken", name = p(*player), cards = cards(c)),
            Event::Monopoly { player, resource: r, taken } => {
                tr!(lang, "sf-monopoly-taken", name = p(*player), resource = resource_name(lang, *r), n = *taken)
            }
            Event::MaritimeTraded { player, gave, got } => {
                tr!(lang, "sf-maritime-traded", name = p(*player), cards = cards(gave), got = one_card(lang, *got))
            }
            Event::TradeOffered { player, give, want, to } => tr!(
                lang,
                "sf-offered",
                name = p(*player),
                give = cards(give),
                want = cards(want),
                to = to.map_or_else(|| tr!(lang, "sf-everyone"), |t| names.of(t as usize))
            ),
            Event::TradeAnswered { player, accept } => tr!(lang, "sf-answered", name = p(*player), accept = yes(*accept)),
            Event::TradeCountered { player, give, want } => {
                let offerer = game.offer().map_or_else(|| tr!(lang, "sf-the-offerer"), |o| p(o.from));
                tr!(lang, "sf-countered", name = p(*player), give = cards(give), want = cards(want), offerer = offerer)
            }
            Event::Traded { offerer, partner, gave, got } => {
                tr!(lang, "sf-traded", offerer = p(*offerer), gave = cards(gave), partner = p(*partner), got = cards(got))
            }
            Event::TradeClosed => tr!(lang, "sf-trade-closed"),
            Event::LongestRoute { holder: Some(h), length } => tr!(lang, "sf-longest-route", name = p(*h), length = *length),
            Event::LongestRoute { holder: None, .. } => tr!(lang, "sf-longest-route-none"),
            Event::LargestArmy { holder, knights } => tr!(lang, "sf-largest-army", name = p(*holder), knights = *knights),
            Event::ChipAwarded { player, points, .. } => tr!(lang, "sf-chip", name = p(*player), n = *points),
            Event::Discovered { player, hex: h, .. } => tr!(lang, "sf-discovered", name = p(*player), what = hex(*h)),
            Event::DiscoveryCard { player, resource: r } => {
                tr!(lang, "sf-discovery-card", name = p(*player), card = one_card(lang, *r))
            }
            Event::SetupDone => tr!(lang, "sf-setup-done"),
            Event::TurnStarted { .. } => continue,
            Event::GameOver { winner, points } => {
                let mut order: Vec<usize> = (0..points.len()).collect();
                order.sort_by_key(|&s| std::cmp::Reverse(points[s]));
                let standings: Vec<String> =
                    order.iter().map(|&s| tr!(lang, "sf-final-points", name = names.of(s), n = points[s])).collect();
                tr!(lang, "sf-game-won", winner = names.of(*winner as usize).replace("**", ""), standings = standings.join(", "))
            }
            Event::Produced { .. } | Event::MustDiscard { .. } => continue,
        };
        lines.push(line);
    }
    flush(&mut lines, &mut produced, &mut discards);
    lines
}

/// A hex in a few signs, for a computers' run: "🪨8", "✨5" (gold), "🏜️", "🌊", "❔"
/// (unexplored). Its words are in the picture and in the step's own narration.
fn hex_short(game: &Game, hex: Hex) -> String {
    let number = game.hexes().into_iter().find(|h| h.hex == hex).and_then(|h| h.number);
    let sign = match game.terrain_at(hex) {
        None => "❔",
        Some(Terrain::Sea) => "🌊",
        Some(Terrain::Desert) => "🏜️",
        Some(t) => t.resource().map_or("✨", resource_icon),
    };
    number.map_or_else(|| sign.to_string(), |n| format!("{sign}{n}"))
}

/// The land around an intersection in signs: "🪨8 🌾5", with "⚓" when it touches a harbour.
fn vertex_short(game: &Game, v: Vertex) -> String {
    let mut signs: Vec<String> =
        v.hexes().iter().filter(|&&h| game.terrain_at(h) != Some(Terrain::Sea)).map(|&h| hex_short(game, h)).collect();
    if harbour_at(game, v).is_some() {
        signs.push("⚓".into());
    }
    signs.join(" ")
}

/// Cards in signs: "2🪨 1🌾" (in the rulebook's order).
fn cards_short(r: &Resources) -> String {
    Resource::ALL.iter().filter(|&&k| r.get(k) > 0).map(|&k| format!("{}{}", r.get(k), resource_icon(k))).collect::<Vec<_>>().join(" ")
}

/// A computer's step in a few words, for its turn's one line in a computers' run ("🎲 **8**:
/// **Ana** 1🌾 · 🏦 4🐑 → 1🧱 · 🟫 road ×2 · 🏠 🪨8 🌾5"): what it rolled and what the roll
/// gave the people (the computers' share as a count), what it built, bought, traded, where the
/// robber or pirate went. `turn` is the computer whose turn it is: another player's part (a
/// discard, an answer) names them. Only what the table may see: a stolen card and a bought
/// card are not named, as in [`narrate`].
pub fn run_parts(game: &Game, names: &Names, computer: &dyn Fn(usize) -> bool, turn: usize, events: &[Event]) -> Vec<String> {
    let lang = names.lang();
    let who = |seat: u8| if usize::from(seat) == turn { String::new() } else { format!("{} ", names.of(seat.into())) };
    let mut parts: Vec<String> = Vec::new();
    // The roll's part, its production joined to it: the people's cards, the computers' count.
    let mut roll: Option<(u8, Vec<String>, u32)> = None;
    let flush = |parts: &mut Vec<String>, roll: &mut Option<(u8, Vec<String>, u32)>| {
        if let Some((total, mut gains, theirs)) = roll.take() {
            if theirs > 0 {
                gains.push(tr!(lang, "sf-run-computers-got", n = theirs));
            }
            parts.push(tr!(lang, "sf-run-rolled", total = total, gains = gains.join(", "), any = yes(!gains.is_empty())));
        }
    };
    for e in events {
        if let Event::Produced { player, cards: c } = e {
            if let Some((_, gains, theirs)) = roll.as_mut() {
                if computer(usize::from(*player)) {
                    *theirs += c.total();
                } else {
                    gains.push(format!("{} {}", names.of(usize::from(*player)), cards_short(c)));
                }
            }
            continue;
        }
        flush(&mut parts, &mut roll);
        let part = match e {
            Event::Rolled { total, .. } => {
                roll = Some((*total, Vec::new(), 0));
                continue;
            }
            Event::HarbourPlaced { player, harbour, .. } => format!("⚓ {}{}", who(*player), harbour_words(lang, *harbour)),
            Event::SettlementBuilt { player, at } => format!("🏠 {}{}", who(*player), vertex_short(game, *at)),
            Event::CityBuilt { player, at } => format!("🏙️ {}{}", who(*player), vertex_short(game, *at)),
            Event::RoadBuilt { player, .. } => format!("{}{}", who(*player), tr!(lang, "sf-run-road")),
            Event::ShipBuilt { player, .. } => format!("{}{}", who(*player), tr!(lang, "sf-run-ship")),
            Event::ShipMoved { player, .. } => format!("{}{}", who(*player), tr!(lang, "sf-run-ship-moved")),
            Event::SetupCards { player, cards: c } | Event::YearOfPlenty { player, cards: c } => {
                format!("🎁 {}{}", who(*player), cards_short(c))
            }
            Event::BankShort { resource: r } => tr!(lang, "sf-run-bank-short", resource = resource_icon(*r)),
            Event::GoldTaken { player, cards: c } => format!("✨ {}{}", who(*player), cards_short(c)),
            Event::Discarded { player, cards: c } => format!("✋ {}−{}", who(*player), cards_short(c).replace(' ', " −")),
            Event::RobberMoved { player, to } => format!("🥷 {}{}", who(*player), hex_short(game, *to)),
            Event::PirateMoved { player, to } => {
                let land: Vec<String> = Side::ALL
                    .iter()
                    .map(|&s| to.neighbour(s))
                    .filter(|&n| game.terrain_at(n).is_some_and(|t| t != Terrain::Sea))
                    .map(|n| hex_short(game, n))
                    .take(2)
                    .collect();
                format!("🏴‍☠️ {}{}", who(*player), tr!(lang, "sf-run-pirate", land = land.join(" "), any = yes(!land.is_empty())))
            }
            Event::Stole { thief, victim, resource } => {
                let victim = names.of(usize::from(*victim));
                format!("🫳 {}{}", who(*thief), tr!(lang, "sf-run-stole", victim = victim, any = yes(resource.is_some())))
            }
            Event::DevCardBought { player, .. } => format!("🃏 {}{}", who(*player), tr!(lang, "sf-run-bought")),
            Event::DevCardPlayed { player, card } => format!("🃏 {}**{}**", who(*player), card_name(lang, *card)),
            Event::Monopoly { player, resource: r, taken } => {
                format!("💰 {}{}", who(*player), tr!(lang, "sf-run-monopoly", resource = resource_icon(*r), n = *taken))
            }
            Event::MaritimeTraded { player, gave, got } => format!("🏦 {}{} → 1{}", who(*player), cards_short(gave), resource_icon(*got)),
            Event::TradeOffered { player, give, want, to } => {
                let to = to.map_or_else(|| tr!(lang, "sf-everyone"), |t| names.of(usize::from(t)));
                let offer = tr!(lang, "sf-run-offered", give = cards_short(give), want = cards_short(want), to = to);
                format!("🤝 {}{offer}", who(*player))
            }
            Event::TradeAnswered { player, accept } => format!("{}{}", who(*player), if *accept { "✅" } else { "❌" }),
            Event::TradeCountered { player, give, want } => {
                format!("↔️ {}{}", who(*player), tr!(lang, "sf-run-countered", give = cards_short(give), want = cards_short(want)))
            }
            Event::Traded { offerer, partner, gave, got } => {
                format!("🤝 {}{} ⇄ {} {}", who(*offerer), cards_short(gave), names.of(usize::from(*partner)), cards_short(got))
            }
            Event::LongestRoute { holder: Some(h), length } => {
                format!("🛣️ {}{}", who(*h), tr!(lang, "sf-run-longest", length = *length))
            }
            Event::LongestRoute { holder: None, .. } => tr!(lang, "sf-run-longest-none"),
            Event::LargestArmy { holder, knights } => format!("⚔️ {}{}", who(*holder), tr!(lang, "sf-run-largest", knights = *knights)),
            Event::ChipAwarded { player, points, .. } => format!("🏅 {}+{points}", who(*player)),
            Event::Discovered { player, hex, .. } => format!("🧭 {}{}", who(*player), hex_short(game, *hex)),
            Event::DiscoveryCard { player, resource: r } => format!("🎁 {}1{}", who(*player), resource_icon(*r)),
            // Said by the prompt (whose gold or discard is owed), the discard itself, the
            // offer's line, or a line of their own.
            Event::GoldOwed { .. }
            | Event::MustDiscard { .. }
            | Event::TradeClosed
            | Event::TurnStarted { .. }
            | Event::SetupDone
            | Event::GameOver { .. }
            | Event::Produced { .. } => continue,
        };
        parts.push(part);
    }
    flush(&mut parts, &mut roll);
    parts
}

/// Adds `part` to a computer turn's parts: the same part again counts ("🟫 road ×2").
pub fn push_run_part(parts: &mut Vec<String>, part: String) {
    if let Some(last) = parts.last_mut() {
        if *last == part {
            *last = format!("{part} ×2");
            return;
        }
        if let Some(n) = last.strip_prefix(part.as_str()).and_then(|rest| rest.strip_prefix(" ×")).and_then(|n| n.parse::<u32>().ok()) {
            *last = format!("{part} ×{}", n + 1);
            return;
        }
    }
    parts.push(part);
}

/// What `seat` alone is told of these events: the card they stole or lost, the card they
/// bought.
pub fn private_lines(names: &Names, events: &[Event], seat: usize) -> Vec<String> {
    let lang = names.lang();
    let me = seat as u8;
    events
        .iter()
        .filter_map(|e| match *e {
            Event::Stole { thief, victim, resource: Some(r) } if thief == me => {
                Some(tr!(lang, "sf-you-stole", card = one_card(lang, r), victim = names.of(victim as usize)))
            }
            Event::Stole { thief, victim, resource: Some(r) } if victim == me => {
                Some(tr!(lang, "sf-stolen-from-you", thief = names.of(thief as usize), card = one_card(lang, r)))
            }
            Event::DevCardBought { player, card } if player == me => Some(match card {
                DevCard::VictoryPoint => tr!(lang, "sf-you-bought-vp"),
                _ => tr!(lang, "sf-you-bought", card = card_name(lang, card)),
            }),
            _ => None,
        })
        .collect()
}

/// The open trade offer and its answers so far, in a line: "🤝 **Ana** offers 2 brick for 1
/// ore to everyone — **Bo** ✅ · **Cy** ↔️ 1 ore for 1 brick · **Di** no answer yet".
pub fn offer_line(game: &Game, names: &Names) -> Option<String> {
    let lang = names.lang();
    let offer = game.offer()?;
    let to = offer.to.map_or_else(|| tr!(lang, "sf-everyone"), |t| names.of(t as usize));
    let answers: Vec<String> = (0..game.player_count() as u8)
        .filter(|&s| s != offer.from && offer.to.is_none_or(|t| t == s))
        .map(|s| {
            let answer = match offer.answers.iter().find(|a| a.0 == s).map(|a| a.1) {
                Some(Answer::Accept) => tr!(lang, "sf-offer-accepts"),
                Some(Answer::Decline) => tr!(lang, "sf-offer-declines"),
                Some(Answer::Counter { give, want }) => {
                    tr!(lang, "sf-offer-counters", give = cards(lang, &give), want = cards(lang, &want))
                }
                None => tr!(lang, "sf-offer-no-answer"),
            };
            format!("{} {answer}", names.of(s.into()))
        })
        .collect();
    Some(tr!(
        lang,
        "sf-offer-line",
        from = names.of(offer.from.into()),
        give = cards(lang, &offer.give),
        want = cards(lang, &offer.want),
        to = to,
        answers = answers.join(" · ")
    ))
}

/// What the game waits for in `phase`, as our key (`sf-refuse-wrong-phase`).
fn expectation(phase: Phase) -> &'static str {
    match phase {
        Phase::PlaceHarbour => "harbour",
        Phase::SetupSettlement => "settlement",
        Phase::SetupRoute { .. } => "route",
        Phase::Roll => "roll",
        Phase::Main => "main",
        Phase::Discard => "discard",
        Phase::Robber => "robber",
        Phase::Gold => "gold",
        Phase::RoadBuilding { .. } => "road-building",
        Phase::GameOver { .. } => "over",
    }
}

/// A refusal, for the player who tried: `names` are in their language.
pub fn refusal(names: &Names, e: &RuleError) -> String {
    let lang = names.lang();
    match e {
        RuleError::NotYourTurn { .. } => tr!(lang, "sf-refuse-not-yours"),
        RuleError::WrongPhase { phase } => tr!(lang, "sf-refuse-wrong-phase", phase = expectation(*phase)),
        RuleError::CannotAfford { cost } => tr!(lang, "sf-refuse-afford", cost = cards(lang, cost)),
        RuleError::NoPieceLeft { piece } => tr!(lang, "sf-refuse-no-piece", piece = *piece),
        RuleError::GameOver => tr!(lang, "sf-refuse-over"),
        // Only a scenario file or a script sets a game up: no player reads these.
        RuleError::Setup(m) => tr!(lang, "sf-refuse-setup", reason = m.as_str()),
        RuleError::Illegal { reason } => rule_refusal(names, reason),
    }
}

/// A broken rule, said without the engine's coordinates: the player chose the spot by its
/// letter, and "0,1,N" means nothing to them.
fn rule_refusal(names: &Names, reason: &Reason) -> String {
    let lang = names.lang();
    let fixed = |rule: &str| tr!(lang, "sf-rule", rule = rule);
    match reason {
        Reason::Place { problem, .. } => tr!(lang, "sf-rule-place", problem = problem_key(*problem)),
        Reason::OffMap { .. } => fixed("off-map"),
        Reason::NoSettlementThere { .. } => fixed("no-settlement-there"),
        Reason::MoveShipElsewhere => fixed("move-ship-elsewhere"),
        Reason::DeckEmpty => fixed("deck-empty"),
        Reason::OneCardATurn => fixed("one-card-a-turn"),
        Reason::NoCard { card } => tr!(lang, "sf-rule-no-card", card = card_name(lang, *card)),
        Reason::CardTooNew { card } => tr!(lang, "sf-rule-card-too-new", card = card_name(lang, *card)),
        Reason::RoadBuildingPlacesNothing => fixed("road-building-nothing"),
        Reason::NoShips => fixed("no-ships"),
        Reason::DiscardCount { owed, given } => tr!(lang, "sf-rule-discard-count", owed = *owed, given = *given),
        Reason::NotHeld { cards: c } => tr!(lang, "sf-rule-not-held", cards = cards(lang, c)),
        Reason::GoldCount { owed, given } => tr!(lang, "sf-rule-gold-count", owed = *owed, given = *given),
        Reason::BankLacks { cards: c } => tr!(lang, "sf-rule-bank-lacks", cards = cards(lang, c)),
        Reason::RobberOnSea { .. } => fixed("robber-on-land"),
        Reason::RobberElsewhere => fixed("robber-elsewhere"),
        Reason::NameVictim { victims } => {
            let who: Vec<String> = victims.iter().map(|&v| names.of(v as usize)).collect();
            tr!(lang, "sf-rule-name-victim", players = who.join(", "))
        }
        Reason::NotAVictim { player, .. } => tr!(lang, "sf-rule-not-a-victim", name = names.of(*player as usize)),
        Reason::NoPirate => fixed("no-pirate"),
        Reason::PirateOnLand { .. } => fixed("pirate-on-sea"),
        Reason::PirateElsewhere => fixed("pirate-elsewhere"),
        Reason::OneForAnother => fixed("one-for-another"),
        Reason::BankHasNo { resource } => tr!(lang, "sf-rule-bank-has-no", resource = resource_name(lang, *resource)),
        Reason::NoGifts => fixed("no-gifts"),
        Reason::BothSides => fixed("both-sides"),
        Reason::CannotBeOffered { player } => tr!(lang, "sf-rule-cannot-be-offered", name = names.of(*player as usize)),
        Reason::NoOffer => fixed("no-offer"),
        Reason::OwnOffer => fixed("own-offer"),
        Reason::NotAddressed => fixed("not-addressed"),
        Reason::AlreadyAnswered => fixed("answered"),
        Reason::OwnTerms => fixed("own-terms"),
        Reason::NotAccepted { player } => tr!(lang, "sf-rule-not-accepted", name = names.of(*player as usize)),
        Reason::NoLongerHolds { player, cards: c } => {
            tr!(lang, "sf-rule-no-longer-holds", name = names.of(*player as usize), cards = cards(lang, c))
        }
    }
}

/// A placement problem's key in the message files (`sf-rule-place`).
pub fn problem_key(p: Problem) -> &'static str {
    match p {
        Problem::AlreadyBuilt => "already-built",
        Problem::NoLand => "no-land",
        Problem::DistanceRule => "distance-rule",
        Problem::OutsideSetupArea => "outside-setup-area",
        Problem::NotAtYourRoute => "not-at-your-route",
        Problem::RouteThere => "route-there",
        Problem::RoadNotConnected => "road-not-connected",
        Problem::NoShipsInScenario => "no-ships-in-scenario",
        Problem::NoSea => "no-sea",
        Problem::NextToPirate => "next-to-pirate",
        Problem::ShipNotConnected => "ship-not-connected",
        Problem::NotNextToNewSettlement => "not-next-to-new-settlement",
        Problem::MustStartWithShip => "must-start-with-ship",
        Problem::NoShipOfYours => "no-ship-of-yours",
        Problem::ShipAlreadyMoved => "ship-already-moved",
        Problem::ShipBuiltThisTurn => "ship-built-this-turn",
        Problem::ShipNextToPirate => "ship-next-to-pirate",
        Problem::ShipNotAtOpenEnd => "ship-not-at-open-end",
        Problem::NotCoast => "not-coast",
        Problem::HarbourThere => "harbour-there",
        Problem::TouchesHarbour => "touches-harbour",
    }
}

/// What `seat` must do now, in a few words.
pub fn task(lang: Locale, game: &Game, seat: usize) -> String {
    match game.phase() {
        Phase::PlaceHarbour => tr!(lang, "sf-task-harbour"),
        Phase::SetupSettlement => tr!(lang, "sf-task-settlement"),
        Phase::SetupRoute { .. } => tr!(lang, "sf-task-route"),
        Phase::Roll => tr!(lang, "sf-task-roll"),
        Phase::Main => tr!(lang, "sf-task-main"),
        Phase::Discard => {
            let n = game.pending_discards().iter().find(|d| d.0 as usize == seat).map_or(0, |d| d.1);
            tr!(lang, "sf-task-discard", n = n)
        }
        Phase::Gold => {
            let n = game.pending_gold().iter().find(|d| d.0 as usize == seat).map_or(0, |d| d.1);
            tr!(lang, "sf-task-gold", n = n)
        }
        Phase::Robber if game.pirate().is_some() => tr!(lang, "sf-task-robber-pirate"),
        Phase::Robber => tr!(lang, "sf-task-robber"),
        Phase::RoadBuilding { left } => tr!(lang, "sf-task-road-building", n = left),
        Phase::GameOver { .. } => tr!(lang, "sf-task-over"),
    }
}

/// A step in a few words, for buttons, menus and typed commands: "Settlement at C (ore 8,
/// grain 5)". `labels` names the spots as the picture does.
pub fn action_label(game: &Game, names: &Names, labels: &super::spots::Labels, action: &Action) -> String {
    let lang = names.lang();
    let spot = |id: &str, label: Option<&str>| label.map_or(String::new(), |l| tr!(lang, id, spot = l));
    let at_v = |v: Vertex| spot("sf-at", labels.vertex(v));
    let at_e = |e: Edge| spot("sf-at", labels.edge(e));
    let at_h = |h: Hex| spot("sf-to", labels.hex(h));
    let cards = |c: &Resources| cards(lang, c);
    let plain = |seat: u8| names.of(seat as usize).replace("**", "");
    match *action {
        Action::PlaceHarbour { at } => tr!(lang, "sf-label-harbour", at = at_e(at), place = edge_words(lang, game, at)),
        Action::BuildSettlement { at } => {
            tr!(lang, "sf-label-settlement", at = at_v(at), place = settlement_words(lang, game, at))
        }
        Action::BuildCity { at } => tr!(lang, "sf-label-city", at = at_v(at), place = vertex_words(lang, game, at)),
        Action::BuildRoad { at } => tr!(lang, "sf-label-road", at = at_e(at), place = edge_words(lang, game, at)),
        Action::BuildShip { at } => tr!(lang, "sf-label-ship", at = at_e(at), place = edge_words(lang, game, at)),
        Action::MoveShip { from, to } => {
            tr!(lang, "sf-label-move-ship", from = labels.edge(from).unwrap_or("?"), to = labels.edge(to).unwrap_or("?"))
        }
        Action::Roll => tr!(lang, "sf-label-roll"),
        Action::Discard { cards: c } => tr!(lang, "sf-label-discard", cards = cards(&c)),
        Action::MoveRobber { to, victim } => {
            let steal = victim.map_or_else(|| tr!(lang, "sf-rob-nobody"), |v| tr!(lang, "sf-rob", name = plain(v)));
            tr!(lang, "sf-label-robber", at = at_h(to), place = hex_words(lang, game, to), steal = steal)
        }
        Action::MovePirate { to } => {
            tr!(lang, "sf-label-pirate", at = at_h(to), steal = pirate_steal(game, names, to), place = sea_words(lang, game, to))
        }
        Action::ChooseGold { cards: c } => tr!(lang, "sf-label-gold", cards = cards(&c)),
        Action::BuyDevCard => tr!(lang, "sf-label-buy"),
        Action::PlayKnight => tr!(lang, "sf-label-knight"),
        Action::PlayRoadBuilding => tr!(lang, "sf-label-road-building"),
        Action::PlayYearOfPlenty { first, second } if first == second => {
            tr!(lang, "sf-label-plenty-two", cards = resource_count(lang, 2, first))
        }
        Action::PlayYearOfPlenty { first, second } => {
            tr!(lang, "sf-label-plenty", first = resource_name(lang, first), second = resource_name(lang, second))
        }
        Action::PlayMonopoly { resource: r } => tr!(lang, "sf-label-monopoly", resource = resource_name(lang, r)),
        Action::MaritimeTrade { give, get } => {
            let rate = game.trade_rate(game.active_player(), give);
            tr!(lang, "sf-label-maritime", give = resource_count(lang, rate, give), get = resource_count(lang, 1, get))
        }
        Action::OfferTrade { give, want, to } => {
            tr!(lang, "sf-label-offer", give = cards(&give), want = cards(&want), to = to.map_or_else(|| tr!(lang, "sf-everyone"), plain))
        }
        Action::AnswerTrade { accept: true } => tr!(lang, "sf-label-accept"),
        Action::AnswerTrade { accept: false } => tr!(lang, "sf-label-decline"),
        Action::CounterTrade { give, want } => tr!(lang, "sf-label-counter", give = cards(&give), want = cards(&want)),
        Action::ConfirmTrade { with } => {
            let name = plain(with);
            match game.offer().map(|o| (o.answers.iter().find(|a| a.0 == with).map(|a| a.1), o)) {
                Some((Some(Answer::Counter { give, want }), _)) => {
                    tr!(lang, "sf-label-confirm-counter", name = name, give = cards(&give), want = cards(&want))
                }
                _ => tr!(lang, "sf-label-confirm", name = name),
            }
        }
        Action::WithdrawTrade => tr!(lang, "sf-label-withdraw"),
        Action::EndTurn => tr!(lang, "sf-label-end-turn"),
    }
}
