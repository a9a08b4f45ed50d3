//! Seafarers' recap (see `crate::games::recap`): each player's points after every turn, victory
//! point cards counted from when they were bought (the end reveals them), and what they did over
//! the game: production by resource, cards traded, the longest route and the largest army.

use super::render::palette::PLAYERS;
use super::text::{self, Names};
use crate::common::{Result, Table, internal};
use crate::games::contract::Logged;
use crate::games::contract::{Figure, Recap};
use crate::i18n::Locale;
use crate::tr;
use seafarers_engine::{Action, Event, Game, Resource};

/// The recap of a finished game, replayed from its first state `game` (the rules' setup).
pub(crate) fn gather(mut game: Game, table: &Table, log: &[Logged<Action>], l: Locale) -> Result<Recap> {
    let seats = table.seats.len();
    let names = Names::new_in(table.seats.iter().map(|s| s.name.clone()).collect(), l);
    let mut recap = Recap {
        colours: (0..seats).map(|s| PLAYERS[s % PLAYERS.len()]).collect(),
        letters: (0..seats).map(|s| names.letter(s)).collect(),
        note: Some(tr!(l, "sf-recap-note")),
        ..Recap::default()
    };
    recap.record(game.turn(), points(&game));
    let mut produced = vec![[0i64; 5]; seats];
    let mut traded = vec![0i64; seats];
    for (i, step) in log.iter().enumerate() {
        let seat = step.seat.ok_or_else(|| internal(format!("game {}: step {} has no seat", table.record.id, i + 1)))?;
        let events = game
            .apply(seat, &step.action)
            .map_err(|e| internal(format!("game {}: step {} no longer applies: {e}", table.record.id, i + 1)))?;
        for event in &events {
            match *event {
                // A gold field's cards are production too, of the resource chosen.
                Event::Produced { player, cards } | Event::GoldTaken { player, cards } if usize::from(player) < seats => {
                    for (k, r) in Resource::ALL.iter().enumerate() {
                        produced[usize::from(player)][k] += i64::from(cards.get(*r));
                    }
                }
                Event::Traded { offerer, partner, gave, got } if usize::from(offerer.max(partner)) < seats => {
                    traded[usize::from(offerer)] += i64::from(gave.total());
                    traded[usize::from(partner)] += i64::from(got.total());
                }
                Event::MaritimeTraded { player, gave, .. } if usize::from(player) < seats => {
                    traded[usize::from(player)] += i64::from(gave.total());
                }
                _ => {}
            }
        }
        recap.record(game.turn(), points(&game));
    }
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
mod tests {
    use super::*;
    use crate::games::contract::{Logged, Rules};
    use crate::games::seafarers::Seafarers;
    use seafarers_engine::{Bot, Strategy};

    #[test]
    fn a_whole_games_recap_ends_on_its_points_and_counts_production_and_titles() {
        for scenario in ["new-shores", "four-islands"] {
            let table = crate::games::seafarers::tests::table(scenario, 3, 11, Locale::En);
            let mut game = Seafarers::setup(&table).unwrap();
            let mut bots: Vec<Bot> = (0..3).map(|s| Bot::new(Strategy::Greedy, 11 + s as u64)).collect();
            let mut log = Vec::new();
            while !game.is_over() && log.len() < 6000 {
                let seat = game.to_act()[0];
                let action = bots[seat].choose(&game, seat).expect("a step");
                game.apply(seat, &action).expect("the bot's step applies");
                log.push(Logged { seq: log.len() as i64 + 1, user_id: 100, seat: Some(seat), action });
            }
            assert!(game.is_over(), "{scenario}: the greedy players finish");
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
}
