use southseas_engine::*;
#[test]
fn many_games() {
    for strat in [Strategy::Random, Strategy::Greedy] {
        let n = if strat == Strategy::Random { 2000 } else { 50 };
        let mut boats = 0; let mut disc = 0; let mut turns = 0;
        for seed in 0..n {
            let players = 2 + (seed as usize % 4);
            let mut g = Game::new(Options::default(), players, seed).unwrap();
            let mut bots: Vec<Bot> = (0..players).map(|p| Bot::new(strat, seed * 10 + p as u64)).collect();
            let mut steps = 0;
            while let Some(p) = g.to_act() {
                let a = bots[p].choose(&g).unwrap();
                g.apply(&a).unwrap_or_else(|e| panic!("seed {seed}: {a}: {e}"));
                steps += 1; assert!(steps < 2000);
            }
            boats += g.boats_used(); disc += g.discarded().len(); turns += g.turn();
        }
        println!("{strat:?}: boats/game {} discards/game {} turns/game {}", boats as f64 / n as f64, disc as f64 / n as f64, turns as f64/ n as f64);
    }
}
