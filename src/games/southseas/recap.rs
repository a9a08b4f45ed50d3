//! South Seas' recap (see `crate::games::recap`): each player's points after every turn, and
//! what they did over the game: wares gathered, ships delivered, features they won.

use super::render::palette::PLAYERS;
use super::text::Names;
use crate::common::{Result, Table, internal};
use crate::games::contract::Logged;
use crate::games::contract::{Figure, Recap};
use crate::i18n::Locale;
use crate::tr;
use southseas_engine::{Action, Event, Game, ScoreReason};

/// The recap of a finished game, replayed from its first state `game` (the rules' setup).
pub(crate) fn gather(mut game: Game, table: &Table, log: &[Logged<Action>], l: Locale) -> Result<Recap> {
    let seats = table.seats.len();
    let names = Names(table.seats.iter().map(|s| s.name.clone()).collect());
    let mut recap = Recap {
        colours: (0..seats).map(|s| PLAYERS[s % PLAYERS.len()]).collect(),
        letters: (0..seats).map(|s| names.letter(s)).collect(),
        ..Recap::default()
    };
    recap.record(0, totals(&game));
    let (mut gathered, mut won) = (vec![0i64; seats], vec![0i64; seats]);
    for (i, step) in log.iter().enumerate() {
        let events =
            game.apply(&step.action).map_err(|e| internal(format!("game {}: step {} no longer applies: {e}", table.record.id, i + 1)))?;
        for event in &events {
            if let Event::FeatureScored { reason, amount, winners, .. } = event {
                for &w in winners.iter().filter(|&&w| usize::from(w) < seats) {
                    gathered[usize::from(w)] += i64::from(*amount);
                    if *reason == ScoreReason::Completed {
                        won[usize::from(w)] += 1;
                    }
                }
            }
        }
        recap.record(game.turn(), totals(&game));
    }
    let column = |values: Vec<i64>| values.iter().map(i64::to_string).collect();
    recap.figures = vec![
        Figure { name: tr!(l, "ss-figure-gathered"), values: column(gathered) },
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

    #[test]
    fn a_log_that_no_longer_applies_is_an_error_not_a_wrong_recap() {
        let (table, mut log, _) = finished_game(2, 3);
        log.swap(0, 1);
        assert!(gather(start(&table), &table, &log, Locale::En).is_err());
    }
}
