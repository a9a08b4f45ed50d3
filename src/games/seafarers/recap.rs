//! Seafarers' recap (see `crate::games::recap`): each player's points after every turn, victory
//! point cards counted from when they were bought (the end reveals them), and what they did over
//! the game: production by resource, cards traded, the longest route and the largest army.

use super::render::palette::PLAYERS;
use super::text::{self, Names};
use crate::common::{Result, Table, internal};
use crate::games::contract::Logged;
use crate::games::contract::{Figure, Recap, Tally};
use crate::i18n::Locale;
use crate::tr;
use seafarers_engine::{Action, Event, Game, Resource};

/// The pieces a player builds, in the order `/stats` names a tie, with the message id of each
/// piece's name (plural: a kind, not one piece).
const PIECES: [&str; 4] = ["sf-piece-roads", "sf-piece-ships", "sf-piece-settlements", "sf-piece-cities"];

/// What each seat did over a game, counted from its events as it is replayed: the recap's
/// figures and `/stats`' favourites come from the same count.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tallies {
    /// Cards each seat produced, by resource (as `Resource::ALL`); a gold field's included.
    pub(crate) produced: Vec<[i64; 5]>,
    /// Cards each seat traded away, with players and with the bank.
    pub(crate) traded: Vec<i64>,
    /// Pieces each seat built, by kind (as [`PIECES`]): the setup's and free ones too; a city
    /// was a settlement first, so it counts in both; a ship moved is not built again.
    pub(crate) built: Vec<[i64; PIECES.len()]>,
}

impl Tallies {
    fn new(seats: usize) -> Tallies {
        Tallies { produced: vec![[0; 5]; seats], traded: vec![0; seats], built: vec![[0; PIECES.len()]; seats] }
    }

    fn count(&mut self, events: &[Event]) {
        let seats = self.traded.len();
        for event in events {
            match *event {
                // A gold field's cards are production too, of the resource chosen.
                Event::Produced { player, cards } | Event::GoldTaken { player, cards } if usize::from(player) < seats => {
                    for (k, r) in Resource::ALL.iter().enumerate() {
                        self.produced[usize::from(player)][k] += i64::from(cards.get(*r));
                    }
                }
                Event::Traded { offerer, partner, gave, got } if usize::from(offerer.max(partner)) < seats => {
                    self.traded[usize::from(offerer)] += i64::from(gave.total());
                    self.traded[usize::from(partner)] += i64::from(got.total());
                }
                Event::MaritimeTraded { player, gave, .. } if usize::from(player) < seats => {
                    self.traded[usize::from(player)] += i64::from(gave.total());
                }
                Event::RoadBuilt { player, .. } if usize::from(player) < seats => self.built[usize::from(player)][0] += 1,
                Event::ShipBuilt { player, .. } if usize::from(player) < seats => self.built[usize::from(player)][1] += 1,
                Event::SettlementBuilt { player, .. } if usize::from(player) < seats => self.built[usize::from(player)][2] += 1,
                Event::CityBuilt { player, .. } if usize::from(player) < seats => self.built[usize::from(player)][3] += 1,
                _ => {}
            }
        }
    }

    /// The pieces `seat` built, kind by kind, as `/stats` adds them up.
    pub(crate) fn pieces(&self, seat: usize) -> Tally {
        let counts = PIECES.iter().zip(self.built.get(seat).copied().unwrap_or_default()).map(|(key, n)| (*key, n)).collect();
        Tally { line: "sf-favourite-piece", counts }
    }
}

/// Replays `log` from the game's first state `game`, counting what each seat did; `after` sees
/// the game after each step. The game at the end, and the counts.
pub(crate) fn replay(mut game: Game, table: &Table, log: &[Logged<Action>], mut after: impl FnMut(&Game)) -> Result<(Game, Tallies)> {
    let mut tallies = Tallies::new(table.seats.len());
    for (i, step) in log.iter().enumerate() {
        let seat = step.seat.ok_or_else(|| internal(format!("game {}: step {} has no seat", table.record.id, i + 1)))?;
        let events = game
            .apply(seat, &step.action)
            .map_err(|e| internal(format!("game {}: step {} no longer applies: {e}", table.record.id, i + 1)))?;
        tallies.count(&events);
        after(&game);
    }
    Ok((game, tallies))
}

/// The recap of a finished game, replayed from its first state `game` (the rules' setup).
pub(crate) fn gather(game: Game, table: &Table, log: &[Logged<Action>], l: Locale) -> Result<Recap> {
    let seats = table.seats.len();
    let names = Names::new_in(table.seats.iter().map(|s| s.name.clone()).collect(), l);
    let mut recap = Recap {
        colours: (0..seats).map(|s| PLAYERS[s % PLAYERS.len()]).collect(),
        letters: (0..seats).map(|s| names.letter(s)).collect(),
        note: Some(tr!(l, "sf-recap-note")),
        ..Recap::default()
    };
    recap.record(game.turn(), points(&game));
    let (game, Tallies { produced, traded, .. }) = replay(game, table, log, |game| recap.record(game.turn(), points(game)))?;
    let column = |values: Vec<i64>| values.iter().map(i64::to_string).collect::<Vec<String>>();
    // The holder of a title is starred: the one whose route or army counts.
    let starred = |values: Vec<i64>, holder: Option<usize>| {
        values.iter().enumerate().map(|(s, v)| if Some(s) == holder { format!("{v} ★") } else { v.to_string() }).collect()
    };
    let players = game.players();
    let mut figures: Vec<Figure> = Resource::ALL
        .iter()
        .enumerate()
        .map(|(k, &r)| Figure {
            name: tr!(l, "sf-figure-produced", resource = text::resource_name(l, r)),
            values: column(produced.iter().map(|p| p[k]).collect()),
        })
        .collect();
    figures.push(Figure { name: tr!(l, "sf-figure-traded"), values: column(traded) });
    figures.push(Figure {
        name: tr!(l, "sf-figure-route"),
        values: starred(players.iter().map(|p| i64::from(p.route_length)).collect(), game.longest_route_holder()),
    });
    figures.push(Figure {
        name: tr!(l, "sf-figure-knights"),
        values: starred(players.iter().map(|p| i64::from(p.knights)).collect(), game.largest_army_holder()),
    });
    figures.push(Figure {
        name: tr!(l, "sf-figure-vp-cards"),
        values: column(players.iter().map(|p| i64::from(p.dev.victory_point)).collect()),
    });
    recap.figures = figures;
    Ok(recap)
}

/// Each seat's points now, victory point cards included where they are held.
fn points(game: &Game) -> Vec<i64> {
    game.players().iter().map(|p| i64::from(p.points)).collect()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::games::contract::{Logged, Rules};
    use crate::games::seafarers::Seafarers;
    use seafarers_engine::{Bot, RouteKind, Strategy};

    /// A whole game of `scenario` on a table of `players` people in `language`, played by the
    /// greedy players: the table (finished), the log, and the game at its end.
    pub(crate) fn finished_game(scenario: &str, players: usize, seed: u64, language: Locale) -> (Table, Vec<Logged<Action>>, Game) {
        let mut table = crate::games::seafarers::tests::table(scenario, players, seed, language);
        table.record.status = crate::store::Status::Finished;
        let mut game = Seafarers::setup(&table).unwrap();
        let mut bots: Vec<Bot> = (0..players).map(|s| Bot::new(Strategy::Greedy, seed + s as u64)).collect();
        let mut log = Vec::new();
        while !game.is_over() && log.len() < 6000 {
            let seat = game.to_act()[0];
            let action = bots[seat].choose(&game, seat).expect("a step");
            game.apply(seat, &action).expect("the bot's step applies");
            log.push(Logged { seq: log.len() as i64 + 1, user_id: 100, seat: Some(seat), action });
        }
        assert!(game.is_over(), "{scenario}: the greedy players finish");
        (table, log, game)
    }

    #[test]
    fn a_whole_games_recap_ends_on_its_points_and_counts_production_and_titles() {
        for scenario in ["new-shores", "four-islands"] {
            let (table, log, game) = finished_game(scenario, 3, 11, Locale::En);
            let recap = gather(Seafarers::setup(&table).unwrap(), &table, &log, Locale::En).expect("a finished game gathers");
            let finals: Vec<i64> = game.players().iter().map(|p| i64::from(p.points)).collect();
            assert_eq!(recap.points.last().map(|p| &p.1), Some(&finals), "{scenario}: the chart ends on the points");
            assert!(recap.points.windows(2).all(|w| w[0].0 < w[1].0), "{scenario}: one point a turn, in order");
            assert_eq!(recap.figures.len(), 9, "{scenario}: five resources, trades, route, army, VP cards");
            let produced: i64 = recap.figures[..5].iter().flat_map(|f| &f.values).map(|v| v.parse::<i64>().unwrap()).sum();
            assert!(produced > 10, "{scenario}: whole games produce");
            let route = &recap.figures[6].values;
            if let Some(holder) = game.longest_route_holder() {
                assert!(route[holder].ends_with(" ★"), "{scenario}: the holder of the longest route is starred: {route:?}");
            }
            assert_eq!(route.iter().filter(|v| v.ends_with('★')).count(), usize::from(game.longest_route_holder().is_some()));
            assert!(recap.note.is_some());
        }
    }

    #[test]
    fn the_pieces_built_are_what_the_final_board_holds_a_city_having_been_a_settlement() {
        for scenario in ["new-shores", "four-islands"] {
            let (table, log, end) = finished_game(scenario, 3, 5, Locale::En);
            let (replayed, tallies) = replay(Seafarers::setup(&table).unwrap(), &table, &log, |_| {}).expect("replays");
            assert_eq!(replayed.players(), end.players(), "{scenario}: the replay ends where the game did");
            for seat in 0..3 {
                let buildings =
                    |city: bool| end.buildings().iter().filter(|(_, b)| usize::from(b.owner) == seat && b.city == city).count() as i64;
                let routes =
                    |kind: RouteKind| end.routes().iter().filter(|(_, r)| usize::from(r.owner) == seat && r.kind == kind).count() as i64;
                let (settlements, cities) = (buildings(false), buildings(true));
                assert_eq!(
                    tallies.built[seat],
                    [routes(RouteKind::Road), routes(RouteKind::Ship), settlements + cities, cities],
                    "{scenario}, seat {seat}: roads, ships, settlements, cities"
                );
                let tally = tallies.pieces(seat);
                assert_eq!(tally.line, "sf-favourite-piece");
                assert_eq!(tally.counts.iter().map(|&(_, n)| n).collect::<Vec<_>>(), tallies.built[seat].to_vec());
            }
            assert!(tallies.built.iter().flatten().sum::<i64>() > 3 * 4, "{scenario}: a whole game builds more than the setup");
        }
    }
}
