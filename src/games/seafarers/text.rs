//! What the bot says about a Seafarers game, in words: players, cards, places on the board,
//! the narration of what happened (public, and what each player alone may read), refusals.

use super::render;
use crate::common::reply::{count, escape};
use seafarers_engine::{Action, Answer, DevCard, Edge, Event, Game, Harbour, Hex, Phase, Resource, Resources, RuleError, Terrain, Vertex};

/// The seated players' names, by seat, with their letter on the pieces.
#[derive(Clone, Debug, Default)]
pub struct Names {
    names: Vec<String>,
    letters: Vec<char>,
}

impl Names {
    pub fn new(names: Vec<String>) -> Names {
        let letters = render::letters(&names);
        Names { names, letters }
    }

    /// "**Ana** (A, orange)": the name, and the letter and colour of the pieces.
    pub fn long(&self, seat: usize) -> String {
        format!("{} ({}, {})", self.of(seat), self.letter(seat), render::colour_name(seat))
    }

    /// "**Ana**"
    pub fn of(&self, seat: usize) -> String {
        format!("**{}**", escape(self.names.get(seat).map_or("?", String::as_str)))
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

/// "2 brick, 1 ore" (every kind held, in the rulebook's order); "no cards" for none.
pub fn cards(r: &Resources) -> String {
    let parts: Vec<String> =
        Resource::ALL.iter().filter(|&&k| r.get(k) > 0).map(|&k| format!("{} {} {}", r.get(k), k.name(), resource_icon(k))).collect();
    if parts.is_empty() { "no cards".into() } else { parts.join(", ") }
}

/// A resource's name with its icon: "ore 🪨".
pub fn resource(r: Resource) -> String {
    format!("{} {}", r.name(), resource_icon(r))
}

pub fn card_name(c: DevCard) -> &'static str {
    match c {
        DevCard::Knight => "Knight",
        DevCard::VictoryPoint => "Victory Point",
        DevCard::RoadBuilding => "Road Building",
        DevCard::YearOfPlenty => "Year of Plenty",
        DevCard::Monopoly => "Monopoly",
    }
}

/// "ore 8", "gold 5", "desert", "sea", "unexplored".
pub fn hex_words(game: &Game, hex: Hex) -> String {
    let number = game.hexes().into_iter().find(|h| h.hex == hex).and_then(|h| h.number);
    match game.terrain_at(hex) {
        None => "unexplored".into(),
        Some(Terrain::Sea) => "sea".into(),
        Some(Terrain::Desert) => "desert".into(),
        Some(t) => {
            let what = t.resource().map_or("gold", Resource::name);
            match number {
                Some(n) => format!("{what} {n}"),
                None => what.into(),
            }
        }
    }
}

/// The land around an intersection: "ore 8, grain 5, sea".
pub fn vertex_words(game: &Game, v: Vertex) -> String {
    let mut hexes: Vec<String> = v.hexes().iter().map(|&h| hex_words(game, h)).filter(|w| w != "sea").collect();
    if hexes.is_empty() {
        hexes.push("open sea".into());
    }
    hexes.join(", ")
}

/// The two sides of an edge: "ore 8 | sea".
pub fn edge_words(game: &Game, e: Edge) -> String {
    let [a, b] = e.hexes();
    format!("{} | {}", hex_words(game, a), hex_words(game, b))
}

fn harbour_words(h: Harbour) -> String {
    match h {
        Harbour::Generic => "3:1 harbour".into(),
        Harbour::Special(r) => format!("2:1 {} harbour", r.name()),
    }
}

/// What happened, for everyone at the table: hidden cards (what was stolen, what was bought)
/// are told as counts. Production and discards are gathered on one line each.
pub fn narrate(game: &Game, names: &Names, events: &[Event]) -> Vec<String> {
    let mut lines = Vec::new();
    let mut produced: Vec<String> = Vec::new();
    let mut discards: Vec<String> = Vec::new();
    let flush = |lines: &mut Vec<String>, produced: &mut Vec<String>, discards: &mut Vec<String>| {
        if !produced.is_empty() {
            lines.push(format!("📦 {}", produced.join(" · ")));
            produced.clear();
        }
        if !discards.is_empty() {
            lines.push(format!("✋ Must discard half their cards: {}.", discards.join(", ")));
            discards.clear();
        }
    };
    for e in events {
        match e {
            Event::Produced { player, cards: c } => {
                produced.push(format!("{} gets {}", names.of(*player as usize), cards(c)));
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
                format!("⚓ {} placed a {} at {}.", p(*player), harbour_words(*harbour), edge_words(game, *at))
            }
            Event::SettlementBuilt { player, at } => format!("🏠 {} built a settlement by {}.", p(*player), vertex_words(game, *at)),
            Event::CityBuilt { player, at } => format!("🏙️ {} built a city by {}.", p(*player), vertex_words(game, *at)),
            Event::RoadBuilt { player, at, free } => {
                format!("🟫 {} built a road{} ({}).", p(*player), if *free { " for free" } else { "" }, edge_words(game, *at))
            }
            Event::ShipBuilt { player, at, free } => {
                format!("⛵ {} built a ship{} ({}).", p(*player), if *free { " for free" } else { "" }, edge_words(game, *at))
            }
            Event::ShipMoved { player, to, .. } => format!("⛵ {} moved a ship to {}.", p(*player), edge_words(game, *to)),
            Event::SetupCards { player, cards: c } => format!("🎁 {} takes {} for their second settlement.", p(*player), cards(c)),
            Event::Rolled { player, dice, total } => format!("🎲 {} rolled **{total}** ({} + {}).", p(*player), dice[0], dice[1]),
            Event::BankShort { resource: r } => format!("🏦 The bank can't pay everyone their {}: nobody gets any.", r.name()),
            Event::GoldOwed { player, count: n } => format!("✨ {} may take {} of their choice for gold.", p(*player), count(*n, "card")),
            Event::GoldTaken { player, cards: c } => format!("✨ {} took {} for gold.", p(*player), cards(c)),
            Event::Discarded { player, cards: c } => format!("✋ {} discarded {}.", p(*player), cards(c)),
            Event::RobberMoved { player, to } => format!("🥷 {} moved the robber to {}.", p(*player), hex_words(game, *to)),
            Event::PirateMoved { player, .. } => format!("🏴‍☠️ {} moved the pirate.", p(*player)),
            Event::Stole { thief, victim, resource: Some(_) } => format!("🫳 {} stole a card from {}.", p(*thief), p(*victim)),
            Event::Stole { thief, victim, resource: None } => format!("🫳 {} found nothing to steal from {}.", p(*thief), p(*victim)),
            Event::DevCardBought { player, .. } => format!("🃏 {} bought a development card.", p(*player)),
            Event::DevCardPlayed { player, card } => format!("🃏 {} played **{}**.", p(*player), card_name(*card)),
            Event::YearOfPlenty { player, cards: c } => format!("🎁 {} took {} from the bank.", p(*player), cards(c)),
            Event::Monopoly { player, resource: r, taken } => {
                format!("💰 {} took every {} from the others: {}.", p(*player), r.name(), count(*taken, "card"))
            }
            Event::MaritimeTraded { player, gave, got } => {
                format!("🏦 {} traded {} with the bank for 1 {}.", p(*player), cards(gave), resource(*got))
            }
            Event::TradeOffered { player, give, want, to } => format!(
                "🤝 {} offers {} for {} to {}.",
                p(*player),
                cards(give),
                cards(want),
                to.map_or("everyone".to_string(), |t| names.of(t as usize))
            ),
            Event::TradeAnswered { player, accept } => {
                format!("{} {} the offer.", p(*player), if *accept { "✅ accepts" } else { "❌ declines" })
            }
            Event::TradeCountered { player, give, want } => {
                let offerer = game.offer().map_or(String::from("the offerer"), |o| p(o.from));
                format!("↔️ {} counters: {} for {}. {offerer} may take it.", p(*player), cards(give), cards(want))
            }
            Event::Traded { offerer, partner, gave, got } => {
                format!("🤝 {} gave {} to {} for {}.", p(*offerer), cards(gave), p(*partner), cards(got))
            }
            Event::TradeClosed => "🤝 The trade offer is closed.".into(),
            Event::LongestRoute { holder: Some(h), length } => {
                format!("🛣️ {} now has the longest trade route ({length}): 2 points.", p(*h))
            }
            Event::LongestRoute { holder: None, .. } => "🛣️ Nobody holds the longest trade route now.".into(),
            Event::LargestArmy { holder, knights } => format!("⚔️ {} now has the largest army ({knights} knights): 2 points.", p(*holder)),
            Event::ChipAwarded { player, points, .. } => {
                format!("🏅 {} gets {} for the first settlement on a new island.", p(*player), count(*points, "point"))
            }
            Event::Discovered { player, hex, .. } => format!("🧭 {} discovered {}.", p(*player), hex_words(game, *hex)),
            Event::DiscoveryCard { player, resource: r } => format!("🧭 {} gets 1 {} for the discovery.", p(*player), resource(*r)),
            Event::SetupDone => "🏁 Setup is done: the game begins.".into(),
            Event::TurnStarted { .. } => continue,
            Event::GameOver { winner, points } => {
                let mut order: Vec<usize> = (0..points.len()).collect();
                order.sort_by_key(|&s| std::cmp::Reverse(points[s]));
                let standings: Vec<String> = order.iter().map(|&s| format!("{} {}", names.of(s), count(points[s], "point"))).collect();
                format!("🏆 **{}** wins! Final points: {}.", names.of(*winner as usize).replace("**", ""), standings.join(", "))
            }
            Event::Produced { .. } | Event::MustDiscard { .. } => continue,
        };
        lines.push(line);
    }
    flush(&mut lines, &mut produced, &mut discards);
    lines
}

/// What `seat` alone is told of these events: the card they stole or lost, the card they
/// bought.
pub fn private_lines(names: &Names, events: &[Event], seat: usize) -> Vec<String> {
    let me = seat as u8;
    events
        .iter()
        .filter_map(|e| match *e {
            Event::Stole { thief, victim, resource: Some(r) } if thief == me => {
                Some(format!("🫳 You stole 1 {} from {}.", resource(r), names.of(victim as usize)))
            }
            Event::Stole { thief, victim, resource: Some(r) } if victim == me => {
                Some(format!("🫳 {} stole 1 {} from you.", names.of(thief as usize), resource(r)))
            }
            Event::DevCardBought { player, card } if player == me => Some(match card {
                DevCard::VictoryPoint => "🃏 You bought a **Victory Point**: it counts for you, hidden until the end.".to_string(),
                _ => format!("🃏 You bought a **{}**: you can play it from your next turn.", card_name(card)),
            }),
            _ => None,
        })
        .collect()
}

/// The open trade offer and its answers so far, in a line: "🤝 **Ana** offers 2 brick for 1
/// ore to everyone — **Bo** ✅ · **Cy** ↔️ 1 ore for 1 brick · **Di** no answer yet".
pub fn offer_line(game: &Game, names: &Names) -> Option<String> {
    let offer = game.offer()?;
    let to = offer.to.map_or("everyone".to_string(), |t| names.of(t as usize));
    let answers: Vec<String> = (0..game.player_count() as u8)
        .filter(|&s| s != offer.from && offer.to.is_none_or(|t| t == s))
        .map(|s| {
            let answer = match offer.answers.iter().find(|a| a.0 == s).map(|a| a.1) {
                Some(Answer::Accept) => "✅ accepts".to_string(),
                Some(Answer::Decline) => "❌ declines".to_string(),
                Some(Answer::Counter { give, want }) => format!("↔️ counters {} for {}", cards(&give), cards(&want)),
                None => "no answer yet".to_string(),
            };
            format!("{} {answer}", names.of(s.into()))
        })
        .collect();
    Some(format!(
        "🤝 Open offer: {} gives {} for {} to {to} — {}",
        names.of(offer.from.into()),
        cards(&offer.give),
        cards(&offer.want),
        answers.join(" · ")
    ))
}

/// A refusal, for the player.
pub fn refusal(e: &RuleError) -> String {
    match e {
        RuleError::NotYourTurn { .. } => "That isn't yours to decide now.".into(),
        RuleError::WrongPhase { expected } => format!("Not now: the game waits for {expected}."),
        RuleError::CannotAfford { cost } => format!("You can't pay {}.", cards(cost)),
        RuleError::NoPieceLeft { piece } => format!("You have no {piece} left."),
        RuleError::GameOver => "The game is over.".into(),
        RuleError::Setup(m) | RuleError::Illegal { reason: m } => {
            let mut m = m.clone();
            if let Some(first) = m.get_mut(..1) {
                first.make_ascii_uppercase();
            }
            if m.ends_with('.') { m } else { m + "." }
        }
    }
}

/// What `seat` must do now, in a few words.
pub fn task(game: &Game, seat: usize) -> String {
    match game.phase() {
        Phase::PlaceHarbour => "place a harbour".into(),
        Phase::SetupSettlement => "place a settlement".into(),
        Phase::SetupRoute { .. } => "place a road or ship by your new settlement".into(),
        Phase::Roll => "roll the dice".into(),
        Phase::Main => "build, trade or end the turn".into(),
        Phase::Discard => {
            let n = game.pending_discards().iter().find(|d| d.0 as usize == seat).map_or(0, |d| d.1);
            format!("discard {}", count(n, "card"))
        }
        Phase::Gold => {
            let n = game.pending_gold().iter().find(|d| d.0 as usize == seat).map_or(0, |d| d.1);
            format!("take {} for gold", count(n, "card"))
        }
        Phase::Robber if game.pirate().is_some() => "move the robber or the pirate".into(),
        Phase::Robber => "move the robber".into(),
        Phase::RoadBuilding { left } => format!("place {} for free", count(left, "road or ship")),
        Phase::GameOver { .. } => "nothing: the game is over".into(),
    }
}

/// A step in a few words, for buttons, menus and typed commands: "Settlement at C (ore 8,
/// grain 5)". `labels` names the spots as the picture does.
pub fn action_label(game: &Game, names: &Names, labels: &super::spots::Labels, action: &Action) -> String {
    let at_v = |v: Vertex| labels.vertex(v).map_or(String::new(), |l| format!(" at {l}"));
    let at_e = |e: Edge| labels.edge(e).map_or(String::new(), |l| format!(" at {l}"));
    let at_h = |h: Hex| labels.hex(h).map_or(String::new(), |l| format!(" to {l}"));
    match *action {
        Action::PlaceHarbour { at } => format!("Harbour{} ({})", at_e(at), edge_words(game, at)),
        Action::BuildSettlement { at } => format!("Settlement{} ({})", at_v(at), vertex_words(game, at)),
        Action::BuildCity { at } => format!("City{} ({})", at_v(at), vertex_words(game, at)),
        Action::BuildRoad { at } => format!("Road{} ({})", at_e(at), edge_words(game, at)),
        Action::BuildShip { at } => format!("Ship{} ({})", at_e(at), edge_words(game, at)),
        Action::MoveShip { from, to } => {
            format!("Ship {} → {}", labels.edge(from).unwrap_or("?"), labels.edge(to).unwrap_or("?"))
        }
        Action::Roll => "Roll the dice".into(),
        Action::Discard { cards: c } => format!("Discard {}", cards(&c)),
        Action::MoveRobber { to, victim } => {
            let steal = victim.map_or(", nobody to rob".to_string(), |v| format!(", rob {}", names.of(v as usize).replace("**", "")));
            format!("Robber{} ({}{steal})", at_h(to), hex_words(game, to))
        }
        Action::MovePirate { to } => format!("Pirate{} (sea)", at_h(to)),
        Action::ChooseGold { cards: c } => format!("Take {}", cards(&c)),
        Action::BuyDevCard => "Buy a development card".into(),
        Action::PlayKnight => "Play Knight".into(),
        Action::PlayRoadBuilding => "Play Road Building".into(),
        Action::PlayYearOfPlenty { first, second } if first == second => format!("Year of Plenty: 2 {}", first.name()),
        Action::PlayYearOfPlenty { first, second } => format!("Year of Plenty: {} and {}", first.name(), second.name()),
        Action::PlayMonopoly { resource: r } => format!("Monopoly on {}", r.name()),
        Action::MaritimeTrade { give, get } => {
            let rate = game.trade_rate(game.active_player(), give);
            format!("Give {rate} {} for 1 {}", give.name(), get.name())
        }
        Action::OfferTrade { give, want, to } => format!(
            "Offer {} for {} to {}",
            cards(&give),
            cards(&want),
            to.map_or("everyone".to_string(), |t| names.of(t as usize).replace("**", ""))
        ),
        Action::AnswerTrade { accept: true } => "Accept the offer".into(),
        Action::AnswerTrade { accept: false } => "Decline the offer".into(),
        Action::CounterTrade { give, want } => format!("Counter: {} for {}", cards(&give), cards(&want)),
        Action::ConfirmTrade { with } => {
            let name = names.of(with as usize).replace("**", "");
            match game.offer().map(|o| (o.answers.iter().find(|a| a.0 == with).map(|a| a.1), o)) {
                Some((Some(Answer::Counter { give, want }), _)) => format!("Trade with {name}: get {} for {}", cards(&give), cards(&want)),
                _ => format!("Trade with {name}"),
            }
        }
        Action::WithdrawTrade => "Withdraw the offer".into(),
        Action::EndTurn => "End turn".into(),
    }
}
