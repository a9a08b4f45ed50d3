//! What players type into `/seafarers`: a step in the words of the turn's buttons ("road 4",
//! "settlement B", "roll", "discard 2 brick 2 ore"), or the code of one of the suggestions
//! the command offers as they type. Read against the game; never panics on outside input.

use super::codes::Code;
use super::spots::Labels;
use super::text::{self, Names};
use crate::i18n::Locale;
use crate::tr;
use seafarers_engine::{Action, Game, Resource, Resources};

/// The words of a label or of typed text, lower case, without icons and punctuation; the
/// filler word after the kind of step ("road **at** 4", "robber **to** C", "route **en** 4")
/// dropped. Only there: a spot may be named AT, TO or EN.
fn words(s: &str) -> Vec<String> {
    let mut words: Vec<String> = s.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect();
    if words.len() >= 3 && matches!(words[1].as_str(), "at" | "to" | "en") {
        words.remove(1);
    }
    words
}

/// The head of a label: the words before its description in parentheses.
fn head(label: &str) -> Vec<String> {
    words(label.split('(').next().unwrap_or(label))
}

/// Every step `seat` may take now, with its words.
pub fn steps(game: &Game, names: &Names, seat: usize) -> Vec<(Action, String)> {
    let labels = Labels::for_seat(game, seat);
    game.legal_actions(seat).into_iter().map(|a| (a, text::action_label(game, names, &labels, &a))).collect()
}

/// The steps that match what was typed, best first: the exact words of a step's head, then a
/// head that starts with the typed words, then a label holding every typed word. In the words
/// of `names`' language, else in English (the words of the help and of other players).
pub fn matches(game: &Game, names: &Names, seat: usize, typed: &str) -> Vec<(Action, String)> {
    let typed = &crate::common::reply::visible(typed);
    let found = matches_in(game, names, seat, typed);
    if found.is_empty() && names.lang() != Locale::En {
        return matches_in(game, &names.clone().reading(Locale::En), seat, typed);
    }
    found
}

fn matches_in(game: &Game, names: &Names, seat: usize, typed: &str) -> Vec<(Action, String)> {
    let all = steps(game, names, seat);
    let typed_words = words(typed);
    if typed_words.is_empty() {
        return all;
    }
    let exact: Vec<_> = all.iter().filter(|(_, l)| head(l) == typed_words).cloned().collect();
    if !exact.is_empty() {
        return exact;
    }
    let prefix: Vec<_> = all.iter().filter(|(_, l)| head(l).starts_with(&typed_words)).cloned().collect();
    if !prefix.is_empty() {
        return prefix;
    }
    all.into_iter()
        .filter(|(_, l)| {
            let w = words(l);
            typed_words.iter().all(|t| w.iter().any(|x| x.starts_with(t.as_str())))
        })
        .collect()
}

/// The one step that `typed` names for `seat`, or why not, for the player.
pub fn read(game: &Game, names: &Names, seat: usize, typed: &str) -> Result<Action, String> {
    let lang = names.lang();
    let typed = &crate::common::reply::visible(typed);
    if typed.is_empty() {
        return Err(tr!(lang, "sf-typed-empty"));
    }
    if let Some(Code::Act(action)) = Code::parse(typed) {
        return Ok(action);
    }
    if let Some(trade) = trade(names, typed) {
        return trade;
    }
    let found = matches(game, names, seat, typed);
    let shown = typed.chars().take(40).collect::<String>().replace('`', "'");
    match found.as_slice() {
        [(action, _)] => Ok(*action),
        [] => Err(tr!(lang, "sf-typed-unknown", typed = shown, task = text::task(lang, game, seat))),
        many => {
            let some: Vec<&str> = many.iter().take(5).map(|(_, l)| l.as_str()).collect();
            let some = format!("{}{}", some.join("; "), if many.len() > 5 { "; …" } else { "" });
            Err(tr!(lang, "sf-typed-ambiguous", typed = shown, n = many.len(), some = some))
        }
    }
}

/// A trade in words, which no suggestion lists (any mix of cards will do): "offer 2 brick and
/// 1 wool for 1 ore to Bo", "counter 1 ore for 2 wool"; in French too ("propose 2 argile
/// contre 1 minerai à Bo", "contre-offre 1 minerai contre 2 laine"). None when the text is not
/// a trade.
fn trade(names: &Names, typed: &str) -> Option<Result<Action, String>> {
    let all: Vec<String> = typed.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect();
    let (counter, skip) = match all.first()?.as_str() {
        "offer" | "propose" | "proposer" | "offre" => (false, 1),
        "counter" => (true, 1),
        "contre" if all.get(1).is_some_and(|w| w == "offre") => (true, 2),
        _ => return None,
    };
    let read = || -> Option<Action> {
        let rest = &all[skip..];
        let f = rest.iter().position(|w| w == "for" || w == "contre")?;
        let (give, tail) = (&rest[..f], &rest[f + 1..]);
        let (want, to) = match tail.iter().position(|w| w == "to" || w == "à" || w == "a") {
            Some(t) => (&tail[..t], Some(&tail[t + 1..])),
            None => (tail, None),
        };
        let (give, want) = (cards_in(give)?, cards_in(want)?);
        if counter {
            return to.is_none().then_some(Action::CounterTrade { give, want });
        }
        let to = match to {
            None => None,
            Some(name) => {
                Some(names.list().iter().position(|n| words(n) == name || words(n).first() == name.first().filter(|_| name.len() == 1))?
                    as u8)
            }
        };
        Some(Action::OfferTrade { give, want, to })
    };
    Some(read().ok_or_else(|| tr!(names.lang(), "sf-typed-trade")))
}

/// Cards in words: "2 brick and 1 ore", "brick ore" (one each), "3 wool", "2 argiles et 1
/// minerai". None for anything else.
fn cards_in(words: &[String]) -> Option<Resources> {
    let mut cards = Resources::default();
    let mut n: Option<u8> = None;
    for w in words {
        if let Ok(k) = w.parse::<u8>() {
            if n.is_some() || k == 0 || k > 19 {
                return None;
            }
            n = Some(k);
            continue;
        }
        let r = match w.trim_end_matches('s') {
            "brick" | "clay" | "argile" => Resource::Brick,
            "lumber" | "wood" | "boi" => Resource::Lumber,
            "wool" | "sheep" | "laine" => Resource::Wool,
            "grain" | "wheat" | "blé" | "ble" => Resource::Grain,
            "ore" | "minerai" => Resource::Ore,
            "and" | "et" => continue,
            _ => return None,
        };
        let k = cards.get_mut(r);
        *k = k.checked_add(n.take().unwrap_or(1))?;
    }
    (n.is_none() && !cards.is_empty()).then_some(cards)
}

#[cfg(test)]
mod tests {
    use super::*;
    use seafarers_engine::{Options, Ruleset};

    fn game() -> (Game, Names) {
        let scenario = Ruleset::CURRENT.scenario("base").unwrap();
        (Game::new(scenario, 3, 7, Options::default()).unwrap(), Names::new(vec!["Ana".into(), "Bo".into(), "Cy".into()]))
    }

    #[test]
    fn a_settlement_is_read_by_its_letter() {
        let (game, names) = game();
        let seat = game.active_player();
        let labels = Labels::for_seat(&game, seat);
        let (v, letter) = labels.vertices[3].clone();
        assert_eq!(read(&game, &names, seat, &format!("settlement {letter}")), Ok(Action::BuildSettlement { at: v }));
        assert_eq!(read(&game, &names, seat, &format!("  Settlement at {letter} ")), Ok(Action::BuildSettlement { at: v }));
    }

    #[test]
    fn a_spot_named_at_is_not_a_filler_word() {
        // Four Islands, seed 3: the first player's spots run past Z, to AT.
        let scenario = Ruleset::CURRENT.scenario("four-islands").unwrap();
        let game = Game::new(scenario, 3, 3, Options::default()).unwrap();
        let names = Names::new(vec!["Ana".into(), "Bo".into(), "Cy".into()]);
        let seat = game.active_player();
        let labels = Labels::for_seat(&game, seat);
        let (at, _) = labels.vertices.iter().find(|(_, l)| l == "AT").cloned().expect("a spot AT");
        assert_eq!(read(&game, &names, seat, "settlement AT"), Ok(Action::BuildSettlement { at }));
        assert_eq!(read(&game, &names, seat, "settlement at at"), Ok(Action::BuildSettlement { at }));
        assert!(read(&game, &names, seat, "settlement").is_err(), "many spots: ambiguous");
    }

    #[test]
    fn nonsense_and_ambiguity_get_an_answer_not_a_step() {
        let (game, names) = game();
        let seat = game.active_player();
        for typed in ["", "   ", "fly to the moon", "settlement ZZZ", "`; DROP TABLE games", "é", "roll"] {
            assert!(read(&game, &names, seat, typed).is_err(), "{typed}");
        }
        let why = read(&game, &names, seat, "settlement").unwrap_err();
        assert!(why.contains("letter or number"), "{why}");
        // Only characters that show nothing: an empty step, asked for as such (not a list of
        // suggestions); inside a word they are read through.
        let empty = read(&game, &names, seat, "").unwrap_err();
        assert_eq!(read(&game, &names, seat, "\u{200B}\u{200D}\u{FEFF} \u{2060}").unwrap_err(), empty);
        let labels = Labels::for_seat(&game, seat);
        let (v, letter) = labels.vertices[3].clone();
        assert_eq!(read(&game, &names, seat, &format!("settle\u{200B}ment {letter}")), Ok(Action::BuildSettlement { at: v }));
    }

    #[test]
    fn trades_are_read_in_words() {
        let (game, names) = game();
        let seat = game.active_player();
        let r = |brick, wool, ore| Resources { brick, wool, ore, ..Resources::default() };
        assert_eq!(
            read(&game, &names, seat, "offer 2 brick and 1 wool for ore"),
            Ok(Action::OfferTrade { give: r(2, 1, 0), want: r(0, 0, 1), to: None })
        );
        assert_eq!(
            read(&game, &names, seat, "Offer 1 clay for 2 sheep to bo"),
            Ok(Action::OfferTrade { give: r(1, 0, 0), want: r(0, 2, 0), to: Some(1) })
        );
        assert_eq!(read(&game, &names, seat, "counter 1 ore for 2 wool"), Ok(Action::CounterTrade { give: r(0, 0, 1), want: r(0, 2, 0) }));
        for typed in [
            "offer",
            "offer brick",
            "offer 2 brick for",
            "offer 0 brick for ore",
            "offer 2 for ore",
            "offer brick for ore to nobody",
            "counter ore for wool to Bo",
            "offer 300 brick for ore",
            "offer brick for gold",
        ] {
            let why = read(&game, &names, seat, typed).unwrap_err();
            assert!(why.contains("offer 2 brick for 1 ore"), "{typed}: {why}");
        }
    }

    #[test]
    fn a_suggestions_code_is_read_back() {
        let (game, names) = game();
        let seat = game.active_player();
        let (action, _) = steps(&game, &names, seat)[0];
        assert_eq!(read(&game, &names, seat, &Code::Act(action).code()), Ok(action));
    }
}
