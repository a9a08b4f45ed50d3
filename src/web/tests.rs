//! The web view shows what the channel is shown and nothing else: a game and its twin whose
//! every hidden part is dealt afresh (each Seafarers hand, development card and the deck; South
//! Seas' tile and ship stacks) give byte-identical pages, live updates, history steps and
//! pictures, at every step of whole games, as `games/seafarers/secrecy_tests.rs` checks for
//! the channel. Pictures every few steps: drawing is the slow part.

use super::page;
use super::public::{Snapshot, step_view};
use crate::common::{Picture, Table};
use crate::games::contract::{Logged, Played};
use crate::games::seafarers::Seafarers;
use crate::games::southseas::SouthSeas;
use crate::games::{Pictures, State};
use crate::i18n::Locale;

/// Everything the web view serves of a game at a version: its page, its live update, a few
/// steps of its history, and (when asked) its board's picture.
fn served(state: &State, table: &Table, picture: bool) -> Vec<u8> {
    let story = state.story(table, table.record.language).expect("a story");
    let snapshot = Snapshot::of(state, table, &story);
    let mut out = page::page(&snapshot).into_bytes();
    out.extend(snapshot.json().bytes());
    for step in [0, story.len() / 2, story.len()] {
        out.extend(serde_json::to_vec(&step_view(table, &story, step)).expect("a step serialises"));
    }
    if picture {
        let draw = Pictures::all().drawing(state, table, Picture::FullBoard).expect("a picture maker");
        for image in draw() {
            out.extend(image.png);
        }
    }
    out
}

/// A started South Seas table of `players` people in `language`.
fn southseas_table(players: usize, seed: u64, language: Locale) -> Table {
    crate::games::southseas::recap::tests::table(players, seed, language)
}

#[test]
fn south_seas_games_that_differ_only_in_hidden_stacks_serve_the_same_bytes() {
    use crate::games::contract::Rules;
    use southseas_engine::{Bot, Rng, Strategy};
    for (players, language) in [(3, Locale::En), (2, Locale::Fr)] {
        let table = southseas_table(players, 11 + players as u64, language);
        let mut game = SouthSeas::setup(&table).expect("a setup");
        let mut log: Vec<Logged<southseas_engine::Action>> = Vec::new();
        let mut bots: Vec<Bot> = (0..players).map(|s| Bot::new(Strategy::Greedy, 3 + s as u64)).collect();
        let mut differed = false;
        for step in 0..2000u64 {
            let mut twin = game.clone();
            twin.shuffle_hidden(&mut Rng::new(step));
            differed |= format!("{game:?}") != format!("{twin:?}");
            let picture = step % 30 == 0 || game.is_over();
            let (a, b) = (
                served(&State::SouthSeas(Played { game: game.clone(), log: log.clone() }), &table, picture),
                served(&State::SouthSeas(Played { game: twin, log: log.clone() }), &table, picture),
            );
            assert!(a == b, "{language}, step {step}: the web view shows a difference in the hidden stacks");
            let Some(seat) = game.to_act() else { break };
            let action = bots[seat].choose(&game).expect("a step");
            game.apply(&action).expect("a legal step");
            log.push(Logged { seq: log.len() as i64 + 1, user_id: 100 + seat as u64, seat: Some(seat), action });
        }
        assert!(game.is_over(), "the game ended");
        assert!(differed, "the twins really differ in their stacks");
    }
}

#[test]
fn seafarers_games_that_differ_only_in_hidden_cards_serve_the_same_bytes() {
    use crate::games::contract::Rules;
    use seafarers_engine::{Bot, Rng, Strategy};
    for (scenario, players, language) in [("new-shores", 3, Locale::En), ("four-islands", 4, Locale::Fr)] {
        let table = crate::games::seafarers::tests::table(scenario, players, 31, language);
        let mut game = Seafarers::setup(&table).expect("a setup");
        let mut log: Vec<Logged<seafarers_engine::Action>> = Vec::new();
        let mut bots: Vec<Bot> = (0..players).map(|s| Bot::new(Strategy::Greedy, 9 + s as u64)).collect();
        let mut differed = false;
        for step in 0..4000u64 {
            // At the end every hidden card is shown (victory point cards count in the final
            // points): a twin is no twin any more.
            if game.is_over() {
                break;
            }
            let mut twin = game.clone();
            // A seat no one holds: every player's hidden parts are dealt afresh.
            twin.redeal_hidden(players, &mut Rng::new(step));
            differed |= (0..players).any(|s| game.players()[s].hand != twin.players()[s].hand);
            let picture = step % 60 == 0;
            let (a, b) = (
                served(&State::Seafarers(Played { game: game.clone(), log: log.clone() }), &table, picture),
                served(&State::Seafarers(Played { game: twin, log: log.clone() }), &table, picture),
            );
            assert!(a == b, "{scenario}, step {step}: the web view shows a difference in hidden cards");
            let seat = game.to_act()[0];
            let action = bots[seat].choose(&game, seat).expect("a step");
            game.apply(seat, &action).expect("a legal step");
            log.push(Logged { seq: log.len() as i64 + 1, user_id: 100 + seat as u64, seat: Some(seat), action });
        }
        assert!(game.is_over(), "{scenario}: the game ended");
        assert!(differed, "{scenario}: the twins really differ in the cards");
    }
}

/// The page shows the game's words in its language, and its first view is small: everything
/// but the board's picture, well under 500 kB on a phone's slow connection.
#[test]
fn a_page_is_in_the_games_language_and_small() {
    use crate::games::contract::Rules;
    for language in [Locale::En, Locale::Fr] {
        let table = southseas_table(3, 5, language);
        let game = SouthSeas::setup(&table).expect("a setup");
        let state = State::SouthSeas(Played { game, log: Vec::new() });
        let story = state.story(&table, language).expect("a story");
        let html = page::page(&Snapshot::of(&state, &table, &story));
        assert!(html.contains(&format!("<html lang=\"{}\"", language.code())), "{html}");
        let history = crate::tr!(language, "web-history");
        assert!(html.contains(&format!("<h2>{history}</h2>")), "{language}: {history}");
        assert!(html.len() < 50_000, "{language}: the page is {} bytes", html.len());
    }
}
