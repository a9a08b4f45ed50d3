//! Seafarers in both languages: whole games played by the engine's greedy players, every
//! public and private text of every step made in French and read for English words; and the
//! English texts as they were before the message files (the demo transcripts and the tests
//! through Discord hold more of them).

use super::codes::{MenuKind, Pick};
use super::replies;
use super::rules::{Seafarers, Story};
use super::text::{self, Names};
use crate::common::{Reply, Table};
use crate::games::contract::{Played, Rules};
use crate::i18n::Locale;
use crate::kinds::GameKind;
use seafarers_engine::{
    Action, Bot, DevCard, Event, Game, Hex, Options, Phase, Problem, Reason, Resource, Resources, RuleError, Ruleset, Strategy,
};

/// Words of the English texts that no French text holds (one list for every French test).
fn english_words() -> impl Iterator<Item = &'static str> {
    include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/english-only-words.txt"))
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

/// The English words `text` holds.
fn english_in(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric()).map(str::to_lowercase).filter(|w| english_words().any(|e| e == w)).collect()
}

fn assert_french(what: &str, text: &str) {
    let found = english_in(text);
    assert!(found.is_empty(), "{what}: English words {found:?} in {text:?}");
}

/// A started table of `players` people (Ana, Bo, Cy, Di) in `language`.
pub(crate) fn table(scenario: &str, players: usize, seed: u64, language: Locale) -> Table {
    let options = super::options::encode(scenario, &Options { pirate: Ruleset::CURRENT.scenario(scenario).unwrap().pirate.is_some() });
    crate::common::table::test_table(GameKind::Seafarers, i64::from(Ruleset::CURRENT.id()), options, players, seed, language)
}

/// Every text of a reply a player reads: its text, buttons and menu.
fn words_of(reply: &Reply) -> Vec<String> {
    let mut out = vec![reply.text.clone()];
    out.extend(reply.buttons.iter().flatten().map(|b| b.label.clone()));
    if let Some(menu) = &reply.menu {
        out.push(menu.placeholder.clone());
        out.extend(menu.options.iter().map(|o| o.label.clone()));
    }
    out
}

/// Plays a whole game by the greedy players in `language`, handing every text a player could
/// read at each step to `read` (what it is, the text).
fn play(scenario: &str, players: usize, seed: u64, language: Locale, read: &mut dyn FnMut(&str, &str)) -> Game {
    let table = table(scenario, players, seed, language);
    let mut game = Seafarers::setup(&table).expect("a setup");
    let mut version = 1;
    for line in words_of(&Seafarers::opening(&game, &table, version)) {
        read("opening", &line);
    }
    let mut bots: Vec<Bot> = (0..players).map(|s| Bot::new(Strategy::Greedy, seed + s as u64)).collect();
    let mut log = Vec::new();
    for step in 0..4000 {
        if game.is_over() {
            break;
        }
        let seat = game.to_act()[0];
        let action = bots[seat].choose(&game, seat).expect("a step");
        // What the player could open before taking it: their hand, menus, builders.
        for s in 0..players {
            for line in words_of(&replies::hand(&game, &table, version, s, language)) {
                read("my hand", &line);
            }
        }
        for kind in
            [MenuKind::Road, MenuKind::Ship, MenuKind::Settlement, MenuKind::City, MenuKind::Cards, MenuKind::Bank, MenuKind::Robber]
        {
            if let Ok(reply) = replies::menu_view(&game, &table, version, seat, kind, 1, language) {
                words_of(&reply).iter().for_each(|l| read("a menu", l));
            }
        }
        let picks = [
            Pick::Discard(Resources::default()),
            Pick::Gold(Resources::default()),
            Pick::Offer(Resources { brick: 1, ..Resources::default() }, Resources { ore: 1, ..Resources::default() }),
            Pick::Counter(Resources::default(), Resources::default()),
        ];
        for pick in picks {
            for s in 0..players {
                match replies::pick_view(&game, &table, version, s, pick, language) {
                    Ok(reply) => words_of(&reply).iter().for_each(|l| read("a builder", l)),
                    Err(e) => read("a builder's refusal", &e.to_string()),
                }
            }
        }
        if let Err(e) = Seafarers::may_act(&game, &table, (seat + 1) % players, language) {
            read("not your turn", &e.to_string());
        }
        let mut story = Story::default();
        Seafarers::apply(&mut game, &table, seat, &action, &mut story, language).expect("a legal step");
        log.push(crate::games::contract::Logged { seq: step, user_id: 100 + seat as u64, seat: Some(seat), action });
        version += 1;
        for (_, post) in Seafarers::private_posts(&game, &table, version, &story, &vec![language; players]) {
            read("a direct message", &post.text);
        }
        let reply = Seafarers::reply(&game, &table, version, Vec::new(), story);
        words_of(&reply).iter().for_each(|l| read("the turn message", l));
    }
    assert!(game.is_over(), "{scenario}: the game ended");
    let played = Played::<Seafarers> { game: game.clone(), log };
    read("/status", &Seafarers::status(&played, &table, language));
    read("/board", &Seafarers::board_caption(&played, &table, language));
    read("the stale click", &Seafarers::moved_on(&played, &table, Some(0), language));
    for line in Seafarers::history(&played, &table, 30, language).expect("a history") {
        read("/history", &line);
    }
    game
}

#[test]
fn a_whole_french_game_of_every_scenario_says_nothing_in_english() {
    for (i, scenario) in Ruleset::CURRENT.scenario_ids().into_iter().enumerate() {
        let players = if i % 2 == 0 { 4 } else { 3 };
        let mut read = 0usize;
        play(scenario, players, 11 + i as u64, Locale::Fr, &mut |what, text| {
            assert_french(&format!("{scenario}: {what}"), text);
            read += 1;
        });
        assert!(read > 1000, "{scenario}: {read} texts read");
    }
}

#[test]
fn french_refusals_and_typed_steps_are_french() {
    let table = table("new-shores", 3, 5, Locale::Fr);
    let mut game = Seafarers::setup(&table).unwrap();
    let seat = game.active_player();
    // A step out of turn, a step of another phase, a piece over its limits.
    for action in [Action::Roll, Action::EndTurn, Action::BuyDevCard] {
        let err = Seafarers::apply(&mut game, &table, seat, &action, &mut Story::default(), Locale::Fr).unwrap_err();
        assert_french("a refusal", &err.to_string());
    }
    let names = replies::names_of(&table);
    for typed in ["", "voler la lune", "colonie"] {
        let why = super::typed::read(&game, &names, seat, typed).unwrap_err();
        assert_french("a typed step's refusal", &why);
    }
    let why = super::typed::read(&game, &names, seat, "propose argile").unwrap_err();
    assert!(why.contains("propose 2 argile contre 1 minerai"), "{why}");
    // A French step as typed, and the English words of the help.
    let labels = super::spots::Labels::for_seat(&game, seat);
    let (v, letter) = labels.vertices[0].clone();
    for typed in [format!("colonie {letter}"), format!("Colonie en {letter}"), format!("settlement {letter}")] {
        assert_eq!(super::typed::read(&game, &names, seat, &typed), Ok(Action::BuildSettlement { at: v }), "{typed}");
    }
    let r = |brick, wool, ore| Resources { brick, wool, ore, ..Resources::default() };
    assert_eq!(
        super::typed::read(&game, &names, seat, "propose 2 argiles et 1 laine contre minerai à bo"),
        Ok(Action::OfferTrade { give: r(2, 1, 0), want: r(0, 0, 1), to: Some(1) })
    );
    assert_eq!(
        super::typed::read(&game, &names, seat, "contre-offre 1 minerai contre 2 laines"),
        Ok(Action::CounterTrade { give: r(0, 0, 1), want: r(0, 2, 0) })
    );
}

#[test]
fn french_words_agree_in_number() {
    let fr = Locale::Fr;
    assert_eq!(
        text::cards(fr, &Resources { brick: 2, lumber: 2, wool: 1, grain: 0, ore: 3 }),
        "2 argiles 🧱, 2 bois 🪵, 1 laine 🐑, 3 minerais 🪨"
    );
    assert_eq!(text::cards(fr, &Resources::default()), "aucune carte");
    assert_eq!(text::card_name(fr, DevCard::YearOfPlenty), "Invention");
    let names = Names::new_in(vec!["Ana".into(), "Bo".into()], fr);
    let rolled = text::narrate(
        &Game::new(Ruleset::CURRENT.scenario("base").unwrap(), 3, 1, Options::default()).unwrap(),
        &names,
        &[
            Event::Rolled { player: 0, dice: [3, 5], total: 8 },
            Event::GoldOwed { player: 1, count: 1 },
            Event::GoldOwed { player: 0, count: 2 },
        ],
    );
    assert_eq!(
        rolled,
        [
            "🎲 **Ana** a lancé les dés\u{a0}: **8** (3 + 5).",
            "✨ **Bo** peut prendre 1 carte au choix grâce à l'or.",
            "✨ **Ana** peut prendre 2 cartes au choix grâce à l'or."
        ]
    );
}

/// The English texts are the ones players read before the message files.
#[test]
fn english_texts_are_unchanged() {
    let en = Locale::En;
    let game = Game::new(Ruleset::CURRENT.scenario("base").unwrap(), 3, 1, Options::default()).unwrap();
    let names = Names::new(vec!["Ana".into(), "Bo".into(), "Cy".into()]);
    assert_eq!(text::cards(en, &Resources { brick: 2, ore: 1, ..Resources::default() }), "2 brick 🧱, 1 ore 🪨");
    assert_eq!(text::cards(en, &Resources::default()), "no cards");
    assert_eq!(names.long(1), "**Bo** (B, blue)");
    let lines = text::narrate(
        &game,
        &names,
        &[
            Event::Produced { player: 0, cards: Resources { wool: 1, ..Resources::default() } },
            Event::Produced { player: 1, cards: Resources { grain: 2, ..Resources::default() } },
            Event::MustDiscard { player: 2, count: 4 },
            Event::Rolled { player: 0, dice: [3, 4], total: 7 },
            Event::BankShort { resource: Resource::Ore },
            Event::GoldOwed { player: 1, count: 1 },
            Event::Monopoly { player: 0, resource: Resource::Wool, taken: 3 },
            Event::MaritimeTraded { player: 0, gave: Resources { brick: 4, ..Resources::default() }, got: Resource::Ore },
            Event::TradeOffered {
                player: 0,
                give: Resources { brick: 1, ..Resources::default() },
                want: Resources { ore: 1, ..Resources::default() },
                to: None,
            },
            Event::TradeAnswered { player: 1, accept: false },
            Event::LargestArmy { holder: 2, knights: 3 },
            Event::ChipAwarded { player: 1, points: 1, island: seafarers_engine::Hex { q: 0, r: 0 } },
            Event::LongestRoute { holder: None, length: 0 },
            Event::GameOver { winner: 1, points: vec![3, 10, 1] },
        ],
    );
    assert_eq!(
        lines,
        [
            "📦 **Ana** gets 1 wool 🐑 · **Bo** gets 2 grain 🌾",
            "✋ Must discard half their cards: **Cy** (4).",
            "🎲 **Ana** rolled **7** (3 + 4).",
            "🏦 The bank can't pay everyone their ore: nobody gets any.",
            "✨ **Bo** may take 1 card of their choice for gold.",
            "💰 **Ana** took every wool from the others: 3 cards.",
            "🏦 **Ana** traded 4 brick 🧱 with the bank for 1 ore 🪨.",
            "🤝 **Ana** offers 1 brick 🧱 for 1 ore 🪨 to everyone.",
            "**Bo** ❌ declines the offer.",
            "⚔️ **Cy** now has the largest army (3 knights): 2 points.",
            "🏅 **Bo** gets 1 point for the first settlement on a new island.",
            "🛣️ Nobody holds the longest trade route now.",
            "🏆 **Bo** wins! Final points: **Bo** 10 points, **Ana** 3 points, **Cy** 1 point.",
        ]
    );
    assert_eq!(text::task(en, &game, 0), "place a settlement");
    let en_names = Names::new_in(vec!["Ana".into(), "Bo".into(), "Cy".into()], en);
    assert_eq!(
        text::refusal(&en_names, &RuleError::WrongPhase { phase: seafarers_engine::Phase::Gold }),
        "Not now: the game waits for the gold choices."
    );
    assert_eq!(text::refusal(&en_names, &RuleError::NoPieceLeft { piece: "city" }), "You have no city left.");
    assert_eq!(text::refusal(&en_names, &RuleError::Illegal { reason: Reason::DeckEmpty }), "The development deck is empty.");
    let taken = Reason::Place { at: "0,1,N".into(), problem: Problem::AlreadyBuilt };
    assert_eq!(text::refusal(&en_names, &RuleError::Illegal { reason: taken }), "That spot is already built on.");
    let gone = Reason::NoLongerHolds { player: 1, cards: Resources::one(Resource::Ore, 2) };
    assert_eq!(
        text::refusal(&en_names, &RuleError::Illegal { reason: gone }),
        "**Bo** no longer holds 2 ore 🪨: the trade cannot be made."
    );
    let table = table("base", 3, 1, en);
    let hand = replies::hand(&game, &table, 1, 0, en).text;
    assert!(hand.contains("Pieces left: 5 settlements · 4 cities · 15 roads · "), "{hand}");
    assert!(hand.contains("Development cards: none") && hand.contains("You can pay for: nothing yet"), "{hand}");
    assert!(matches!(game.phase(), Phase::SetupSettlement));
}

#[test]
fn an_english_game_plays_to_its_end_in_english() {
    let mut english = 0;
    play("four-islands", 4, 3, Locale::En, &mut |_, text| {
        english += usize::from(!english_in(text).is_empty());
    });
    assert!(english > 500, "the English texts are English: {english}");
}

/// Every reason the engine can give for a refusal has its own words in every language: none
/// falls through to the catch-all, and none shows the engine's coordinates.
#[test]
fn every_engine_refusal_has_its_own_words_in_each_language() {
    let two = Resources::one(Resource::Brick, 2);
    let hex = Hex::new(0, 0);
    let mut reasons = vec![
        Reason::OffMap { at: "9,9,N".into(), what: "an intersection" },
        Reason::NoSettlementThere { at: "0,1,N".into() },
        Reason::MoveShipElsewhere,
        Reason::DeckEmpty,
        Reason::OneCardATurn,
        Reason::NoCard { card: DevCard::Monopoly },
        Reason::CardTooNew { card: DevCard::Knight },
        Reason::RoadBuildingPlacesNothing,
        Reason::NoShips,
        Reason::DiscardCount { owed: 4, given: 3 },
        Reason::NotHeld { cards: two },
        Reason::GoldCount { owed: 1, given: 2 },
        Reason::BankLacks { cards: two },
        Reason::RobberOnSea { to: hex },
        Reason::RobberElsewhere,
        Reason::NameVictim { victims: vec![1, 2] },
        Reason::NotAVictim { player: 2, to: hex },
        Reason::NoPirate,
        Reason::PirateOnLand { to: hex },
        Reason::PirateElsewhere,
        Reason::OneForAnother,
        Reason::BankHasNo { resource: Resource::Wool },
        Reason::NoGifts,
        Reason::BothSides,
        Reason::CannotBeOffered { player: 0 },
        Reason::NoOffer,
        Reason::OwnOffer,
        Reason::NotAddressed,
        Reason::AlreadyAnswered,
        Reason::OwnTerms,
        Reason::NotAccepted { player: 1 },
        Reason::NoLongerHolds { player: 1, cards: two },
    ];
    reasons.extend(Problem::ALL.map(|problem| Reason::Place { at: "0,1,N".into(), problem }));
    for lang in Locale::ALL {
        let names = Names::new_in(vec!["Ana".into(), "Bo".into(), "Cy".into()], lang);
        let catch_all = [crate::tr!(lang, "sf-rule", rule = "none"), crate::tr!(lang, "sf-rule-place", problem = "none")];
        let mut seen = std::collections::HashSet::new();
        for reason in &reasons {
            let said = text::refusal(&names, &RuleError::Illegal { reason: reason.clone() });
            assert!(!catch_all.contains(&said), "{lang:?}: {reason:?} falls through to {said:?}");
            assert!(!said.contains("0,1,N") && !said.contains("9,9,N"), "{lang:?}: coordinates in {said:?}");
            assert!(seen.insert(said.clone()), "{lang:?}: {said:?} said for two reasons");
        }
    }
    for reason in &reasons {
        let french = text::refusal(
            &Names::new_in(vec!["Ana".into(), "Bo".into(), "Cy".into()], Locale::Fr),
            &RuleError::Illegal { reason: reason.clone() },
        );
        assert_french("an engine refusal", &french);
    }
}

/// What the game waits for, when a step comes at the wrong time, is worded from the phase the
/// refusal carries (never from the engine's English): its own words for every phase, in every
/// language, and no coordinates of the data some phases hold.
#[test]
fn every_phase_a_refusal_waits_for_has_its_own_words() {
    let settlement = seafarers_engine::Vertex { hex: Hex::new(1, -2), top: true };
    let phases = [
        Phase::PlaceHarbour,
        Phase::SetupSettlement,
        Phase::SetupRoute { settlement },
        Phase::Roll,
        Phase::Main,
        Phase::Discard,
        Phase::Robber,
        Phase::Gold,
        Phase::RoadBuilding { left: 2 },
        Phase::GameOver { winner: 1 },
    ];
    for lang in Locale::ALL {
        let names = Names::new_in(vec!["Ana".into(), "Bo".into(), "Cy".into()], lang);
        let mut seen = std::collections::HashSet::new();
        for phase in phases {
            let said = text::refusal(&names, &RuleError::WrongPhase { phase });
            assert!(!said.contains("1,-2") && !said.contains("(1, -2)"), "{lang:?}: coordinates in {said:?}");
            assert!(seen.insert(said.clone()), "{lang:?}: {said:?} said for two phases");
            if lang == Locale::Fr {
                assert_french("a wrong phase's refusal", &said);
            }
        }
    }
}

// ----- what decides a step, in its option and its narration --------------------------------

fn names_in(players: usize, lang: Locale) -> Names {
    Names::new_in(["Ana", "Bo", "Cy", "Di"][..players].iter().map(|s| s.to_string()).collect(), lang)
}

#[test]
fn a_setup_settlements_option_names_the_harbour_it_touches() {
    let mut with = 0;
    for id in Ruleset::CURRENT.scenario_ids() {
        let game = Game::new(Ruleset::CURRENT.scenario(id).unwrap(), 4, 7, Options::default()).unwrap();
        if game.phase() != Phase::SetupSettlement {
            continue;
        }
        let seat = game.to_act()[0];
        let labels = super::spots::Labels::of_turn(&game);
        for lang in Locale::ALL {
            let names = names_in(4, lang);
            for action in game.legal_actions(seat) {
                let Action::BuildSettlement { at } = action else { continue };
                let label = text::action_label(&game, &names, &labels, &action);
                let (harbour, word) = if lang == Locale::En { ("harbour", "harbour") } else { ("port", "port") };
                match text::harbour_at(&game, at) {
                    Some(_) => {
                        assert!(label.contains(word), "{id} {lang}: {label:?} touches a {harbour}");
                        with += 1;
                    }
                    None => assert!(!label.contains(word), "{id} {lang}: {label:?} touches no {harbour}"),
                }
                assert!(label.chars().count() <= crate::common::reply::MAX_LABEL_CHARS, "{label:?}");
                if lang == Locale::Fr {
                    assert_french("a settlement's option", &label);
                }
            }
        }
    }
    assert!(with > 8, "{with} options by a harbour");
    // As the words say it: the land, then the harbour.
    let game = Game::new(Ruleset::CURRENT.scenario("new-shores").unwrap(), 4, 7, Options::default()).unwrap();
    let (v, h) = game
        .legal_actions(game.to_act()[0])
        .into_iter()
        .find_map(|a| match a {
            Action::BuildSettlement { at } => text::harbour_at(&game, at).map(|h| (at, h)),
            _ => None,
        })
        .unwrap();
    let words = text::settlement_words(Locale::En, &game, v);
    let harbour = match h {
        seafarers_engine::Harbour::Generic => "3:1 harbour".to_string(),
        seafarers_engine::Harbour::Special(r) => format!("2:1 {} harbour", text::resource_name(Locale::En, r)),
    };
    assert!(words.ends_with(&format!("; {harbour}")), "{words:?}");
}

/// A game in the robber's step with the pirate, where moving the pirate robs somebody.
fn pirate_step() -> Game {
    for seed in 1..200u64 {
        for id in ["four-islands", "new-shores", "through-the-desert"] {
            let scenario = Ruleset::CURRENT.scenario(id).unwrap();
            let Ok(mut game) = Game::new(scenario, 4, seed, Options { pirate: true }) else { continue };
            let mut bots: Vec<Bot> = (0..4).map(|s| Bot::new(Strategy::Greedy, seed * 7 + s as u64)).collect();
            for _ in 0..4000 {
                let Some(&p) = game.to_act().first() else { break };
                if game.phase() == Phase::Robber
                    && game.pirate().is_some()
                    && game
                        .legal_actions(p)
                        .iter()
                        .any(|a| matches!(a, Action::MovePirate { to } if !game.pirate_victims_at(p, *to).is_empty()))
                {
                    return game;
                }
                let Some(a) = bots[p].choose(&game, p) else { break };
                game.apply(p, &a).unwrap();
            }
        }
    }
    panic!("no pirate that robs anybody");
}

#[test]
fn each_pirate_option_says_whom_it_robs_and_the_narration_where_the_pirate_or_robber_went() {
    let game = pirate_step();
    let p = game.active_player();
    let labels = super::spots::Labels::of_turn(&game);
    for lang in Locale::ALL {
        let names = names_in(4, lang);
        let mut robbing = 0;
        for action in game.legal_actions(p) {
            let Action::MovePirate { to } = action else { continue };
            let label = text::action_label(&game, &names, &labels, &action);
            let victims = game.pirate_victims_at(p, to);
            let rob = if lang == Locale::En { "rob" } else { "voler" };
            if victims.is_empty() {
                let nobody = if lang == Locale::En { "nobody to rob" } else { "personne à voler" };
                assert!(label.contains(nobody), "{lang}: {label:?}");
            } else {
                robbing += 1;
                for v in &victims {
                    assert!(label.contains(&format!("{rob} {}", ["Ana", "Bo", "Cy", "Di"][victims[0]])), "{lang}: {label:?}");
                    assert!(label.contains(["Ana", "Bo", "Cy", "Di"][*v]), "{lang}: {label:?} robs seat {v}");
                }
            }
            // Whom it robs is never cut off, even as a button.
            let shown = crate::common::reply::truncate(&label, crate::common::reply::MAX_LABEL_CHARS);
            assert!(shown.contains(rob) || shown.contains("nobody") || shown.contains("personne"), "{shown:?}");
            assert!(label.chars().count() <= 100, "{label:?}");
            if lang == Locale::Fr {
                assert_french("a pirate option", &label);
            }
            // The narration says where the pirate went: the sea by the land there.
            let mut after = game.clone();
            let events = after.apply(p, &action).unwrap();
            let lines = text::narrate(&after, &names, &events);
            let place = text::sea_words(lang, &game, to);
            assert!(lines.iter().any(|l| l.contains("pirate") && l.contains(&place)), "{lang}: {lines:?} say {place:?}");
        }
        assert!(robbing > 0);
        // And the robber: the terrain and its number.
        for action in game.legal_actions(p) {
            let Action::MoveRobber { to, .. } = action else { continue };
            let mut after = game.clone();
            let events = after.apply(p, &action).unwrap();
            let lines = text::narrate(&after, &names, &events);
            let place = text::hex_words(lang, &game, to);
            assert!(place.chars().any(|c| c.is_ascii_digit()) || game.terrain_at(to) == Some(seafarers_engine::Terrain::Desert));
            assert!(lines.iter().any(|l| l.contains(&place)), "{lang}: {lines:?} say {place:?}");
            break;
        }
    }
}

#[test]
fn the_whole_board_letters_the_players_as_the_turn_picture_and_the_texts_do() {
    // Names whose initials clash: the letters are picked, and must be the same everywhere.
    let mut table = table("new-shores", 4, 7, Locale::En);
    for (seat, name) in ["Ana", "Anouk", "Bo", "Bea"].iter().enumerate() {
        table.seats[seat].name = name.to_string();
    }
    let game = Game::new(Ruleset::CURRENT.scenario("new-shores").unwrap(), 4, 7, Options::default()).unwrap();
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let log = std::sync::Arc::clone(&seen);
    let make: super::ImageMaker = std::sync::Arc::new(move |_, view, picture| {
        log.lock().unwrap().push((picture, super::render::letters(&view.names)));
        Vec::new()
    });
    for picture in [crate::common::Picture::Turn, crate::common::Picture::FullBoard] {
        super::drawing(&make, &game, &table, picture)();
    }
    let seen = seen.lock().unwrap();
    assert_eq!(seen.len(), 2);
    assert_eq!(seen[0].1, seen[1].1, "the turn picture and /board");
    let names = replies::names_of(&table);
    let words: Vec<char> = (0..4).map(|s| names.letter(s)).collect();
    assert_eq!(seen[0].1, words, "the pictures and the texts");
    assert_eq!(words.iter().collect::<std::collections::BTreeSet<_>>().len(), 4, "{words:?}");
}

/// A computers' run says each computer turn in one line of a few words: what it rolled and what
/// that gave the people, what it built, bought, traded, where the robber or pirate went. In
/// French with no English word; short enough for a round of three computers to fit a message
/// a phone reads at a glance.
#[test]
fn a_computers_run_says_each_computer_turn_in_a_few_words() {
    for language in [Locale::En, Locale::Fr] {
        let mut table = table("new-shores", 4, 9, language);
        for s in &mut table.seats[1..] {
            s.computer = Some(crate::games::Strength::Medium);
        }
        let mut game = Seafarers::setup(&table).expect("a setup");
        let mut bots: Vec<Bot> = (0..4).map(|s| Bot::new(Strategy::Greedy, 9 + s as u64)).collect();
        let mut story = Story::default();
        let (mut lines, mut longest) = (0, 0);
        for _ in 0..6000 {
            if game.is_over() {
                break;
            }
            let seat = game.to_act()[0];
            if seat == 0 {
                // A person's step ends the run: read it.
                for line in std::mem::take(&mut story).lines {
                    if language == Locale::Fr {
                        assert_french("a computers' run", &line);
                    }
                    if line.starts_with("**Bo**") || line.starts_with("**Cy**") || line.starts_with("**Di**") {
                        lines += 1;
                        longest = longest.max(line.chars().count());
                    }
                }
            }
            let action = bots[seat].choose(&game, seat).expect("a step");
            let mut own = Story::default();
            let step_story = if seat == 0 { &mut own } else { &mut story };
            Seafarers::apply(&mut game, &table, seat, &action, step_story, language).expect("a legal step");
        }
        assert!(game.is_over());
        assert!(lines > 30, "{language:?}: {lines} computer turns told");
        assert!(longest <= 200, "{language:?}: a computer turn told in {longest} characters");
    }
}

/// A run's words never name a hidden card: a steal and a purchase read the same whatever the
/// card, as in the narration.
#[test]
fn a_computers_run_keeps_stolen_and_bought_cards_hidden() {
    let table = table("new-shores", 3, 4, Locale::En);
    let game = Seafarers::setup(&table).expect("a setup");
    for lang in [Locale::En, Locale::Fr] {
        let names = names_in(3, lang);
        let computer = |_: usize| true;
        let said = |events: &[Event]| text::run_parts(&game, &names, &computer, 1, events);
        for (a, b) in [
            (
                Event::Stole { thief: 1, victim: 0, resource: Some(Resource::Ore) },
                Event::Stole { thief: 1, victim: 0, resource: Some(Resource::Wool) },
            ),
            (Event::DevCardBought { player: 1, card: DevCard::VictoryPoint }, Event::DevCardBought { player: 1, card: DevCard::Knight }),
        ] {
            assert_eq!(said(std::slice::from_ref(&a)), said(std::slice::from_ref(&b)));
            assert!(!said(std::slice::from_ref(&a)).is_empty());
        }
    }
}
