//! South Seas' recap (see `crate::games::recap`): each player's points after every turn, and
//! what they did over the game: wares gathered, ships delivered, features they won.

use super::render::palette::PLAYERS;
use super::text::Names;
use crate::common::{Result, Table, internal};
use crate::games::contract::Logged;
use crate::games::contract::{Figure, Recap, Tally};
use crate::i18n::Locale;
use crate::tr;
use southseas_engine::{Action, Event, FeatureKind, Game, ScoreReason};

/// The features a seat can complete, in the order `/stats` names a tie, with the message id of
/// each kind's name (plural: a kind, not one feature).
const FEATURES: [(FeatureKind, &str); 4] = [
    (FeatureKind::Island, "ss-feature-islands"),
    (FeatureKind::Bridge, "ss-feature-bridges"),
    (FeatureKind::Sea, "ss-feature-seas"),
    (FeatureKind::Market, "ss-feature-markets"),
];

/// What each seat did over a game, counted from its events as it is replayed: the recap's
/// figures and `/stats`' favourites come from the same count.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tallies {
    /// Wares each seat gathered from features (completed, the fishing boat, the end's payout).
    pub(crate) gathered: Vec<i64>,
    /// The features each seat completed and won, by kind (as [`FEATURES`]): an island, bridge
    /// or sea it had the most islanders on (ties all count), a market its merchant closed.
    pub(crate) completed: Vec<[i64; FEATURES.len()]>,
}

impl Tallies {
    fn new(seats: usize) -> Tallies {
        Tallies { gathered: vec![0; seats], completed: vec![[0; FEATURES.len()]; seats] }
    }

    fn count(&mut self, events: &[Event]) {
        let seats = self.gathered.len();
        let kind = |k: FeatureKind| FEATURES.iter().position(|(f, _)| *f == k);
        for event in events {
            match event {
                Event::FeatureScored { kind: k, reason, amount, winners, .. } => {
                    for w in winners.iter().map(|&w| usize::from(w)).filter(|&w| w < seats) {
                        self.gathered[w] += i64::from(*amount);
                        if let (ScoreReason::Completed, Some(k)) = (reason, kind(*k)) {
                            self.completed[w][k] += 1;
                        }
                    }
                }
                Event::ShipTakenByMarket { player, .. } | Event::MarketFoundNoShip { player, .. } if usize::from(*player) < seats => {
                    if let Some(k) = kind(FeatureKind::Market) {
                        self.completed[usize::from(*player)][k] += 1;
                    }
                }
                _ => {}
            }
        }
    }

    /// The features `seat` completed, kind by kind, as `/stats` adds them up.
    pub(crate) fn features(&self, seat: usize) -> Tally {
        let counts = FEATURES.iter().zip(self.completed.get(seat).copied().unwrap_or_default()).map(|((_, key), n)| (*key, n)).collect();
        Tally { line: "ss-favourite-feature", counts }
    }
}

/// Replays `log` from the game's first state `game`, counting what each seat did; `after` sees
/// the game after each step. The game at the end, and the counts.
pub(crate) fn replay(mut game: Game, table: &Table, log: &[Logged<Action>], mut after: impl FnMut(&Game)) -> Result<(Game, Tallies)> {
    let mut tallies = Tallies::new(table.seats.len());
    for (i, step) in log.iter().enumerate() {
        let fail = |e: String| internal(format!("game {}: step {} no longer applies: {e}", table.record.id, i + 1));
        // One player acts at a time: a recorded seat can only be that player's (as the rules' replay).
        if let Some(seat) = step.seat
            && game.to_act() != Some(seat)
        {
            return Err(fail(format!("logged for seat {seat}, but the game waits for {:?}", game.to_act())));
        }
        let events = game.apply(&step.action).map_err(|e| fail(e.to_string()))?;
        tallies.count(&events);
        after(&game);
    }
    Ok((game, tallies))
}

/// The recap of a finished game, replayed from its first state `game` (the rules' setup).
pub(crate) fn gather(game: Game, table: &Table, log: &[Logged<Action>], l: Locale) -> Result<Recap> {
    let seats = table.seats.len();
    let names = Names(table.seats.iter().map(|s| s.name.clone()).collect());
    let mut recap = Recap {
        colours: (0..seats).map(|s| PLAYERS[s % PLAYERS.len()]).collect(),
        letters: (0..seats).map(|s| names.letter(s)).collect(),
        ..Recap::default()
    };
    recap.record(0, totals(&game));
    let (game, tallies) = replay(game, table, log, |game| recap.record(game.turn(), totals(game)))?;
    let column = |values: Vec<i64>| values.iter().map(i64::to_string).collect();
    let won = tallies.completed.iter().map(|kinds| kinds.iter().sum()).collect();
    recap.figures = vec![
        Figure { name: tr!(l, "ss-figure-gathered"), values: column(tallies.gathered) },
        Figure { name: tr!(l, "ss-figure-ships"), values: column((0..seats).map(|s| game.player(s).ships.len() as i64).collect()) },
        Figure { name: tr!(l, "ss-figure-features"), values: column(won) },
    ];
    Ok(recap)
}

/// Each seat's points now: the final scores once the game is over, else as if it ended now
/// without the end's payout (what the standings said during the game).
fn totals(game: &Game) -> Vec<i64> {
    match game.final_scores() {
        Some(scores) => scores.iter().map(|s| i64::from(s.total)).collect(),
        None => game.scores().iter().map(|s| i64::from(s.total)).collect(),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::games::contract::Logged;
    use crate::kinds::GameKind;
    use southseas_engine::{Bot, Options, Ruleset, Setup, Strategy, record};

    /// The first state of a game on `table` (what the rules' setup gives it).
    pub(crate) fn start(table: &Table) -> Game {
        Game::from_setup(Setup::standard_in(Ruleset::CURRENT, Options::default(), table.seats.len(), table.record.seed)).expect("a setup")
    }

    /// A started South Seas table of `players` people (Ana, Bo, …) in `language`.
    pub(crate) fn table(players: usize, seed: u64, language: Locale) -> Table {
        let options = record::encode_options(&Options::default());
        crate::common::table::test_table(GameKind::SouthSeas, i64::from(Ruleset::CURRENT.id()), options, players, seed, language)
    }

    /// A whole game on a table of `players` people, played by the greedy players: the table
    /// (finished), the log, and the game at its end.
    pub(crate) fn finished_game(players: usize, seed: u64) -> (Table, Vec<Logged<Action>>, Game) {
        let mut table = table(players, seed, Locale::En);
        table.record.status = crate::store::Status::Finished;
        let mut game = start(&table);
        let mut bot = Bot::new(Strategy::Greedy, seed);
        let mut log = Vec::new();
        while !game.is_over() {
            let action = bot.choose(&game).expect("a legal step");
            let seat = game.to_act();
            game.apply(&action).expect("the bot's step applies");
            log.push(Logged { seq: log.len() as i64 + 1, user_id: 100, seat, action });
        }
        (table, log, game)
    }

    #[test]
    fn a_whole_games_recap_ends_on_its_final_scores_and_counts_what_was_won() {
        let (table, log, game) = finished_game(3, 7);
        let recap = gather(start(&table), &table, &log, Locale::En).expect("a finished game gathers");
        let finals: Vec<i64> = game.final_scores().unwrap().iter().map(|s| i64::from(s.total)).collect();
        assert_eq!(recap.points.first(), Some(&(0, vec![0, 0, 0])), "the chart starts at nothing");
        assert_eq!(recap.points.last().map(|p| &p.1), Some(&finals), "and ends on the final scores");
        assert!(recap.points.windows(2).all(|w| w[0].0 < w[1].0), "one point a turn, in order");
        assert_eq!(recap.points.last().map(|p| p.0), Some(game.turn()));
        let ships: Vec<String> = (0..3).map(|s| game.player(s).ships.len().to_string()).collect();
        assert_eq!(recap.figures.len(), 3);
        assert_eq!(recap.figures[1].values, ships);
        let gathered: i64 = recap.figures[0].values.iter().map(|v| v.parse::<i64>().unwrap()).sum();
        assert!(gathered > 0, "wares were gathered over a whole game");
        assert_eq!(recap.letters, vec!['A', 'B', 'C']);
    }

    /// A rulebook scenario of the engine's tests (`crates/engine/tests/data/NAME.toml`), as the
    /// bot would replay it: a table of its players, its first state and its steps as a log.
    fn scenario(text: &str) -> (Table, Game, Vec<Logged<Action>>) {
        use southseas_engine::scenario::{Scenario, parse_action};
        let scenario = Scenario::parse(text).expect("the scenario parses");
        let raw: toml::Table = toml::from_str(text).expect("toml");
        let first = Game::from_setup(scenario.setup.clone()).expect("a setup");
        let (mut game, mut log) = (first.clone(), Vec::new());
        for step in raw["actions"].as_array().expect("actions") {
            let action = parse_action(&game, step.as_str().expect("a step")).expect("the step reads");
            let seat = game.to_act();
            game.apply(&action).expect("the step applies");
            log.push(Logged { seq: log.len() as i64 + 1, user_id: 100, seat, action });
        }
        (table(scenario.setup.players, 1, Locale::En), first, log)
    }

    #[test]
    fn the_tally_counts_each_completed_feature_for_its_winners_by_kind() {
        // [islands, bridges, seas, markets] completed, for red (seat 0) and blue (seat 1).
        let cases: [(&str, &str, [[i64; 4]; 2]); 6] = [
            (
                "a completed island",
                include_str!("../../../crates/engine/tests/data/rulebook_completed_island_red_gains_4_bananas.toml"),
                [[1, 0, 0, 0], [0; 4]],
            ),
            (
                "a completed bridge",
                include_str!("../../../crates/engine/tests/data/rulebook_completed_bridge_red_gains_4_shells.toml"),
                [[0, 1, 0, 0], [0; 4]],
            ),
            (
                "an enclosed sea",
                include_str!("../../../crates/engine/tests/data/rulebook_enclosed_sea_red_gains_5_fish.toml"),
                [[0, 0, 1, 0], [0; 4]],
            ),
            (
                "a market's merchant",
                include_str!("../../../crates/engine/tests/data/rulebook_market_red_chooses_the_6_ship.toml"),
                [[0, 0, 0, 1], [0; 4]],
            ),
            (
                "tied pickers both win the island",
                include_str!("../../../crates/engine/tests/data/rulebook_tied_banana_pickers_each_gain_4.toml"),
                [[1, 0, 0, 0], [1, 0, 0, 0]],
            ),
            (
                "a fishing boat scores a sea but completes nothing",
                include_str!("../../../crates/engine/tests/data/rulebook_fishing_boat_red_gains_3_fish.toml"),
                [[0; 4], [0; 4]],
            ),
        ];
        for (what, text, expected) in cases {
            let (table, first, log) = scenario(text);
            let (_, tallies) = replay(first, &table, &log, |_| {}).expect("the scenario replays");
            assert_eq!(tallies.completed, expected.to_vec(), "{what}");
            let islands = tallies.features(0).counts[0];
            assert_eq!(islands, ("ss-feature-islands", expected[0][0]), "{what}: the tally names its kinds");
        }
    }

    #[test]
    fn the_recaps_features_won_are_the_tallys_features() {
        let (table, log, _) = finished_game(4, 21);
        let (_, tallies) = replay(start(&table), &table, &log, |_| {}).expect("replays");
        let recap = gather(start(&table), &table, &log, Locale::En).expect("gathers");
        let won: Vec<String> = tallies.completed.iter().map(|k| k.iter().sum::<i64>().to_string()).collect();
        assert_eq!(recap.figures[2].values, won);
        assert!(tallies.completed.iter().flatten().sum::<i64>() > 0, "a whole game completes features");
    }

    #[test]
    fn a_log_that_no_longer_applies_is_an_error_not_a_wrong_recap() {
        let (table, mut log, _) = finished_game(2, 3);
        log.swap(0, 1);
        assert!(gather(start(&table), &table, &log, Locale::En).is_err());
    }
}
