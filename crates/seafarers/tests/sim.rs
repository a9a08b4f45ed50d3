//! The simulator: games end or are reported as capped, and the report says so.

use seafarers_engine::sim::run_logged;
use seafarers_engine::sim::{SimOptions, run, run_with_cap};
use seafarers_engine::{Action, Game, Options, Setup, Strategy, record, scenarios};

#[test]
fn sim_reports_every_game_as_finished_or_capped() {
    let options = SimOptions { scenario: "new-shores".into(), players: 3, games: 4, seed: 11, ai: Strategy::Greedy };
    let report = run(&options);
    assert_eq!(report.outcomes.len(), 4);
    assert_eq!(report.ended() + report.capped(), 4);
    for o in &report.outcomes {
        if let Some(w) = o.winner {
            assert!(o.points[w] >= 13, "a winner reached the target: {o:?}");
        }
    }
    let text = report.to_string();
    assert!(text.contains("reached the target:"), "{text}");
    assert!(text.contains("special VP chips awarded"), "{text}");
    // The same options give the same report.
    assert_eq!(run(&options).outcomes, report.outcomes);
}

#[test]
fn a_game_that_does_not_end_within_the_cap_is_reported_as_capped() {
    let options = SimOptions { scenario: "base".into(), players: 4, games: 3, seed: 1, ai: Strategy::Random };
    let report = run_with_cap(&options, 5);
    assert_eq!(report.capped(), 3);
    assert!(report.outcomes.iter().all(|o| o.winner.is_none() && o.turns == 6));
    let text = report.to_string();
    assert!(text.contains("hit the cap (5 turns / 200000 actions): 3 (100.0%)"), "{text}");
    assert!(text.contains("capped games (seed, points), first 3: 1 "), "{text}");
}

#[test]
fn a_logged_sim_game_holds_every_action_with_its_seat_and_events_and_replays() {
    let options = SimOptions { scenario: "four-islands".into(), players: 3, games: 2, seed: 5, ai: Strategy::Greedy };
    let (report, logs) = run_logged(&options);
    assert_eq!(report.outcomes, run(&options).outcomes, "logging changes nothing");
    assert_eq!(logs.len(), 2);
    for (log, outcome) in logs.iter().zip(&report.outcomes) {
        assert_eq!((log.ruleset, log.scenario.as_str(), log.players, log.seed), (Some("seafarers-1"), "four-islands", 3, outcome.seed));
        assert_eq!(log.actions.len(), outcome.actions as usize);
        assert_eq!((log.winner, &log.points), (outcome.winner, &outcome.points));
        assert!(log.actions.iter().all(|a| !a.events.is_empty()), "every action caused at least one event");
        let records: Vec<(u8, Action)> = log.actions.iter().map(|a| record::decode(&a.record).unwrap()).collect();
        assert!(log.actions.iter().zip(&records).all(|(a, r)| a.seat == r.0 && a.action == r.1.to_string()));
        let setup = Setup::new(scenarios::by_id("four-islands").unwrap(), 3, outcome.seed, Options::default()).unwrap();
        let game = Game::replay(setup, &records).unwrap();
        assert_eq!(game.winner(), outcome.winner);
    }
    let json = serde_json::to_value(&logs[0]).unwrap();
    assert_eq!(json["actions"][0]["seat"], logs[0].actions[0].seat);
    assert_eq!(json["actions"][0]["events"][0]["event"], "settlement_built");
}
