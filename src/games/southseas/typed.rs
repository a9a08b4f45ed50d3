//! What players type into `/place`, `/islander`, `/ship`, `/deliver` and `/pay`: a value chosen
//! from the autocomplete list (a [`Command`] code), or free text such as `b 90`, read against
//! the game's state. Anyone can type anything: nothing here panics on any text, and an error
//! quotes the input briefly (see [`text::quote`]).

use super::codes::Code;
use super::text;
use crate::i18n::Locale;
use crate::tr;
use southseas_engine::{Action, Game, Phase, Rotation};

/// The step a command takes, and so which of the legal actions it may name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Place,
    Islander,
    Ship,
    Deliver,
    Pay,
}

impl Step {
    pub const ALL: [Step; 5] = [Step::Place, Step::Islander, Step::Ship, Step::Deliver, Step::Pay];

    pub fn wants(self, action: &Action) -> bool {
        match self {
            Step::Place => matches!(action, Action::PlaceTile { .. }),
            Step::Islander => matches!(action, Action::PlaceIslander { .. } | Action::RetrieveIslander { .. } | Action::SkipIslander),
            Step::Ship => matches!(action, Action::ChooseShip { .. }),
            Step::Deliver => matches!(action, Action::Deliver { .. }),
            Step::Pay => matches!(action, Action::Pay { .. }),
        }
    }

    /// What the step picks, as the key of `ss-typed-what`.
    fn what(self) -> &'static str {
        match self {
            Step::Place => "spot",
            Step::Islander => "islander",
            Step::Ship | Step::Deliver => "ship",
            Step::Pay => "payment",
        }
    }
}

/// Whether an option's label fits what was typed so far (case-insensitive, anywhere).
pub fn matches(label: &str, typed: &str) -> bool {
    let typed = typed.trim().to_lowercase();
    typed.is_empty() || label.to_lowercase().contains(&typed)
}

/// The options of a step that fit what was typed so far, for the autocomplete list. For
/// `/place` typed text is read the way [`parse`] reads it (`b 90`, `B90`, `b`, `1,0`,
/// `(1, 0) 90`); anything else matches labels anywhere. Labels are in `l` (the reader's).
pub fn suggestions(game: &Game, step: Step, typed: &str, l: Locale) -> Vec<(String, String)> {
    let all = items(game, step, l);
    if step != Step::Place || typed.trim().is_empty() {
        return all.into_iter().filter(|(label, _)| matches(label, typed)).collect();
    }
    let wanted = |value: &str| match Code::parse(value) {
        Some(Code::Act(Action::PlaceTile { pos, rotation })) => placement_fits(game, typed, pos, rotation),
        _ => false,
    };
    let read: Vec<(String, String)> = all.iter().filter(|(_, value)| wanted(value)).cloned().collect();
    if read.is_empty() { all.into_iter().filter(|(label, _)| matches(label, typed)).collect() } else { read }
}

/// Whether typed text (possibly unfinished) names this placement: its spot by letter or by
/// coordinates, and its rotation if one is given.
fn placement_fits(game: &Game, typed: &str, pos: southseas_engine::Pos, rotation: Rotation) -> bool {
    let cleaned = typed.replace(['°', '·', ',', '(', ')'], " ").to_uppercase();
    let words: Vec<&str> = cleaned.split_whitespace().collect();
    let Some(first) = words.first() else { return true };
    let label = game.placement_spots().into_iter().find(|s| s.pos == pos).map(|s| s.label).unwrap_or_default();
    let split = first.find(|c: char| c.is_ascii_digit()).filter(|&i| i > 0 && first[..i].chars().all(|c| c.is_ascii_alphabetic()));
    let (spot_ok, numbers): (bool, Vec<&str>) = match split {
        // "B90"
        Some(i) => (first[..i] == label, std::iter::once(&first[i..]).chain(words.iter().skip(1).copied()).collect()),
        None if first.chars().all(|c| c.is_ascii_alphabetic()) => (*first == label, words[1..].to_vec()),
        // "1 0 90": coordinates, then the rotation.
        None => {
            let coords: Vec<Option<i32>> = words.iter().take(2).map(|w| w.parse().ok()).collect();
            let ok = match coords.as_slice() {
                [Some(x)] => *x == pos.x,
                [Some(x), Some(y)] => *x == pos.x && *y == pos.y,
                _ => false,
            };
            (ok, words.iter().skip(2).copied().collect())
        }
    };
    let rotation_ok = match numbers.last() {
        None => true,
        Some(n) => rotation.degrees().to_string().starts_with(n),
    };
    spot_ok && rotation_ok
}

/// The options of a step, as (label, value) pairs for the autocomplete list, in `l`.
pub fn items(game: &Game, step: Step, l: Locale) -> Vec<(String, String)> {
    if step == Step::Place {
        return game
            .placement_spots()
            .iter()
            .flat_map(|s| {
                s.rotations.iter().map(move |&r| {
                    (format!("{} · {}°", s.label, r.degrees()), Code::Act(Action::PlaceTile { pos: s.pos, rotation: r }).code())
                })
            })
            .collect();
    }
    let mut items: Vec<(String, String)> =
        game.legal_actions().iter().filter(|a| step.wants(a)).map(|a| (text::action_label(game, a, l), Code::Act(*a).code())).collect();
    if items.is_empty() && step == Step::Deliver && game.phase() == Phase::Deliver {
        // Say why the list is empty instead of showing nothing.
        items.push((tr!(l, "ss-typed-cannot-pay"), Code::Act(Action::EndTurn).code()));
    }
    items
}

/// The step the game waits for now (None: the game is over).
fn step_now(game: &Game) -> Option<Step> {
    match game.phase() {
        Phase::PlaceTile => Some(Step::Place),
        Phase::Islander { .. } => Some(Step::Islander),
        Phase::MarketShip { .. } => Some(Step::Ship),
        Phase::Deliver => Some(Step::Deliver),
        Phase::Payment { .. } => Some(Step::Pay),
        Phase::GameOver => None,
    }
}

/// A step's key in `ss-typed-step-first`.
fn step_key(step: Step) -> &'static str {
    match step {
        Step::Place => "place",
        Step::Islander => "islander",
        Step::Ship => "ship",
        Step::Deliver => "deliver",
        Step::Pay => "pay",
    }
}

/// Reads what a command got into the action it names, or says what to type instead (in `l`,
/// the reader's language; labels are read in theirs, or else in English).
pub fn parse(game: &Game, step: Step, input: &str, l: Locale) -> Result<Action, String> {
    // The step before the text: a command for another step is told what the game waits for,
    // whatever was typed.
    if let Some(now) = step_now(game)
        && now != step
    {
        return Err(tr!(l, "ss-typed-step-first", step = step_key(now)));
    }
    // Blank names nothing, even when only one choice is left (it would match every label).
    if input.trim().is_empty() {
        return Err(tr!(l, "ss-typed-blank", what = step.what()));
    }
    if let Some(Code::Act(action)) = Code::parse(input.trim())
        && (step.wants(&action) || (step == Step::Deliver && action == Action::EndTurn))
    {
        return Ok(action);
    }
    if step == Step::Islander
        && let Some(action) = numbered_islander(game, input)
    {
        return Ok(action);
    }
    match step {
        Step::Place => placement(game, input, l),
        _ => {
            // Typed text: accept it when it names exactly one option (in the reader's words,
            // else in English ones).
            for words in [l, Locale::En] {
                let hits: Vec<Action> = game
                    .legal_actions()
                    .into_iter()
                    .filter(|a| step.wants(a) && matches(&text::action_label(game, a, words), input))
                    .collect();
                if let [only] = hits.as_slice() {
                    return Ok(*only);
                }
            }
            // Ship names typed by hand, e.g. "S07".
            if step == Step::Deliver
                && let Some(ship) = game.ships().id_of(input.trim())
            {
                return Ok(Action::Deliver { ship });
            }
            Err(tr!(l, "ss-typed-unknown", input = text::quote(input), what = step.what()))
        }
    }
}

/// An islander choice typed by its number on the picture ("5"), or a figure to take back by
/// the coordinates of its tile ("(-1, -2)", "-1 -2", as `/board` shows them) when only one of
/// the player's figures stands there.
fn numbered_islander(game: &Game, input: &str) -> Option<Action> {
    let numbers = crate::games::southseas::choices::islander_numbers(game);
    let cleaned = input.replace([',', '(', ')', '#'], " ");
    let words: Vec<i32> = cleaned.split_whitespace().map(str::parse).collect::<Result<_, _>>().ok()?;
    match words.as_slice() {
        [k] => usize::try_from(*k).ok().and_then(|k| k.checked_sub(1)).and_then(|k| numbers.get(k)).copied(),
        [x, y] => {
            let at: Vec<&Action> =
                numbers.iter().filter(|a| matches!(a, Action::RetrieveIslander { pos, .. } if pos.x == *x && pos.y == *y)).collect();
            if let [only] = at.as_slice() { Some(**only) } else { None }
        }
        _ => None,
    }
}

/// Typed text like "B 90", "b", "B90", "(1, 0) 90" or "B · (1, 0) · 90°" copied from the list.
fn placement(game: &Game, input: &str, l: Locale) -> Result<Action, String> {
    let spots = game.placement_spots();
    let cleaned = input.replace(['°', '·', ',', '(', ')'], " ");
    let words: Vec<&str> = cleaned.split_whitespace().collect();
    let first = words.first().map(|w| w.to_uppercase()).unwrap_or_default();
    // "B90": the label glued to the rotation.
    let (label, glued) = match first.find(|c: char| c.is_ascii_digit()) {
        Some(i) if i > 0 && first[..i].chars().all(|c| c.is_ascii_alphabetic()) => (first[..i].to_string(), Some(&first[i..])),
        _ => (first.clone(), None),
    };
    let numbers: Vec<i64> = glued.into_iter().chain(words.iter().skip(1).copied()).filter_map(|w| w.parse().ok()).collect();
    let spot = match spots.iter().find(|s| s.label == label) {
        Some(spot) => spot,
        // "1 0 90" or "(1, 0) 90": the spot by its coordinates.
        None => match words.iter().take(2).map(|w| w.parse::<i32>().ok()).collect::<Option<Vec<i32>>>().as_deref() {
            Some(&[x, y]) => match spots.iter().find(|s| s.pos.x == x && s.pos.y == y) {
                Some(spot) => {
                    let rest: Vec<i64> = words.iter().skip(2).filter_map(|w| w.parse().ok()).collect();
                    return rotation_at(spot, &rest, l).map(|rotation| Action::PlaceTile { pos: spot.pos, rotation });
                }
                // Not echoed: players name spots by letter, coordinates mean nothing to them.
                None => return Err(tr!(l, "ss-typed-not-at")),
            },
            _ => {
                return Err(tr!(l, "ss-typed-no-spot", spot = text::quote(&first)));
            }
        },
    };
    rotation_at(spot, &numbers, l).map(|rotation| Action::PlaceTile { pos: spot.pos, rotation })
}

/// The rotation named last among `numbers` (degrees), or the only one that fits.
fn rotation_at(spot: &southseas_engine::PlacementSpot, numbers: &[i64], l: Locale) -> Result<Rotation, String> {
    let label = &spot.label;
    match numbers.last() {
        Some(&deg) => u32::try_from(deg).ok().and_then(Rotation::from_degrees).filter(|r| spot.rotations.contains(r)).ok_or_else(|| {
            let fits: Vec<String> = spot.rotations.iter().map(|r| format!("`{label} {}`", r.degrees())).collect();
            tr!(l, "ss-typed-only-turns", spot = label.as_str(), turns = fits.join(&tr!(l, "ss-or")))
        }),
        None if spot.rotations.len() == 1 => Ok(spot.rotations[0]),
        None => {
            let fits: Vec<String> = spot.rotations.iter().map(|r| format!("`{label} {}`", r.degrees())).collect();
            Err(tr!(l, "ss-typed-which-turn", spot = label.as_str(), turns = fits.join(", ")))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use southseas_engine::{Bot, Options, Strategy};

    /// The placements the `/place` list offers for what was typed so far.
    fn offered(game: &Game, typed: &str) -> Vec<Action> {
        suggestions(game, Step::Place, typed, Locale::En)
            .into_iter()
            .map(|(_, value)| match Code::parse(&value) {
                Some(Code::Act(a)) => a,
                other => panic!("{other:?}"),
            })
            .collect()
    }

    #[test]
    fn blank_input_never_matches_a_choice() {
        // Through a whole game: every step, including those with a single choice left.
        let mut game = Game::new(Options::default(), 2, 5).unwrap();
        let mut bot = Bot::new(Strategy::Greedy, 3);
        let mut single = 0;
        while !game.is_over() {
            for step in Step::ALL {
                single += usize::from(items(&game, step, Locale::En).len() == 1);
                for blank in ["", " ", "\t \n"] {
                    let answer = parse(&game, step, blank, Locale::En).expect_err("blank names nothing");
                    // The step's own command asks for a pick; another step's is told the step first.
                    if step_now(&game) == Some(step) {
                        assert!(answer.starts_with("Pick "), "{answer}");
                    } else {
                        assert_eq!(answer, tr!(Locale::En, "ss-typed-step-first", step = step_key(step_now(&game).unwrap())));
                    }
                }
            }
            game.apply(&bot.choose(&game).unwrap()).unwrap();
        }
        assert!(single > 0, "some step had a single choice, which blank used to match");
    }

    #[test]
    fn the_place_list_finds_what_players_type() {
        // A board with several spots and rotations.
        let mut game = Game::new(Options::default(), 3, 11).unwrap();
        let mut bot = Bot::new(Strategy::Greedy, 1);
        while game.turn() < 12 {
            game.apply(&bot.choose(&game).unwrap()).unwrap();
        }
        while game.phase() != southseas_engine::Phase::PlaceTile {
            game.apply(&bot.choose(&game).unwrap()).unwrap();
        }
        let spots = game.placement_spots();
        let spot = spots.iter().find(|s| s.rotations.len() > 1).or(spots.first()).expect("a spot");
        let (label, (x, y)) = (spot.label.clone(), (spot.pos.x, spot.pos.y));
        let deg = spot.rotations.last().unwrap().degrees();
        let exact = Action::PlaceTile { pos: spot.pos, rotation: *spot.rotations.last().unwrap() };
        for typed in
            [format!("{} {deg}", label.to_lowercase()), format!("{label}{deg}"), format!("({x}, {y}) {deg}"), format!("{x},{y} {deg}")]
        {
            assert_eq!(offered(&game, &typed), vec![exact], "{typed}");
        }
        for typed in [label.to_lowercase(), format!("{x},{y}"), format!("({x}, {y})")] {
            let all = offered(&game, &typed);
            assert_eq!(all.len(), spot.rotations.len(), "{typed}: every rotation at the spot");
            assert!(all.iter().all(|a| matches!(a, Action::PlaceTile { pos, .. } if *pos == spot.pos)), "{typed}");
        }
        assert_eq!(offered(&game, "").len(), items(&game, Step::Place, Locale::En).len());
    }

    #[test]
    fn typed_placements_resolve_to_labelled_spots() {
        let game = Game::new(Options::default(), 2, 3).unwrap();
        let spots = game.placement_spots();
        let first = &spots[0];
        let deg = first.rotations[0].degrees();
        let expected = Action::PlaceTile { pos: first.pos, rotation: first.rotations[0] };
        let (x, y) = (first.pos.x, first.pos.y);
        for typed in [
            format!("{} {deg}", first.label.to_lowercase()),
            format!("{}{deg}", first.label.to_lowercase()),
            format!("{} · ({x}, {y}) · {deg}°", first.label),
            format!("({x}, {y}) {deg}"),
            format!("{x},{y} {deg}"),
            Code::Act(expected).code(),
        ] {
            assert_eq!(parse(&game, Step::Place, &typed, Locale::En), Ok(expected), "{typed}");
        }
        assert!(parse(&game, Step::Place, "ZZ 90", Locale::En).unwrap_err().contains("no spot `ZZ`"));
        assert!(parse(&game, Step::Place, "ZZ 90", Locale::Fr).unwrap_err().contains("pas d'emplacement `ZZ`"));
        assert_eq!(parse(&game, Step::Place, &format!("{x} {y} {deg}"), Locale::En), Ok(expected));
        // Every autocomplete value parses back to its placement.
        for (label, value) in items(&game, Step::Place, Locale::En) {
            assert!(parse(&game, Step::Place, &value, Locale::En).is_ok(), "{label}");
            assert!(label.len() <= 100);
        }
    }
}
