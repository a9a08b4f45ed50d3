//! The simulator: games end or are reported as capped, and the report says so.

use seafarers_engine::Strategy;
use seafarers_engine::sim::{SimOptions, run, run_with_cap};

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
