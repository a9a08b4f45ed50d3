//! Trading with the table, as the greedy and searching players do it when they trade
//! ([`Bot::trading`]): an answer to an offer judged on its merits (what it brings towards their
//! plan against what it costs them; never a trade with a player about to win), a counter when
//! the offer gives something they need but asks too much, an acceptance or counter of their own
//! offer confirmed when it is worth it, and at most one offer of their own a turn, when nothing
//! else is left to do and the bank does not help. Judged only on what the player sees: their
//! own hand, the open offer and public points.

use super::*;

/// A player within this many points of the target is not traded with: a card could be the win.
const NEAR_WIN: u8 = 2;

/// What a trade is worth to `me`, giving `give` and getting `get`: a card towards their plan
/// counts 3, any other 1; a card given from what the plan keeps counts −3, a spare one −1.
pub(super) fn worth(game: &Game, me: usize, plan: &Plan, give: &Resources, get: &Resources) -> i32 {
    let need = plan.needs(game, me);
    let hand = game.player(me).hand;
    let mut value = 0i32;
    for r in Resource::ALL {
        let useful = get.get(r).min(need.get(r)) as i32;
        value += 3 * useful + (get.get(r) as i32 - useful);
        let spare = hand.get(r).saturating_sub(plan.goal.get(r)) as i32;
        let given = give.get(r) as i32;
        let from_spare = given.min(spare);
        value -= from_spare + 3 * (given - from_spare);
    }
    value
}

/// The kind `me` holds most of beyond what its plan keeps (None: nothing spare).
fn most_spare(game: &Game, me: usize, plan: &Plan, not: Option<Resource>) -> Option<Resource> {
    let hand = game.player(me).hand;
    Resource::ALL
        .iter()
        .copied()
        .filter(|&r| Some(r) != not && hand.get(r) > plan.goal.get(r))
        .max_by_key(|&r| (hand.get(r) - plan.goal.get(r), std::cmp::Reverse(r.index())))
}

/// `me`'s answer to the open offer: accept it when it is worth at least a card to them, a
/// counter of one spare card for one card the offer gives that they need, else decline. None
/// when they may not answer it.
pub(super) fn answer(game: &Game, me: usize) -> Option<Action> {
    let o = game.offer()?;
    let p = me as u8;
    if o.from == p
        || o.to.is_some_and(|t| t != p)
        || o.answered(p)
        || !game.legal_actions(me).contains(&Action::AnswerTrade { accept: false })
    {
        return None;
    }
    let decline = Action::AnswerTrade { accept: false };
    if game.public_points(o.from as usize) + NEAR_WIN >= game.target() {
        return Some(decline);
    }
    let hand = game.player(me).hand;
    let plan = Plan::of(game, me);
    if hand.contains(&o.want) && worth(game, me, &plan, &o.want, &o.give) >= 1 {
        return Some(Action::AnswerTrade { accept: true });
    }
    // A counter: what they need of what the offer gives, for one spare card.
    let need = plan.needs(game, me);
    let wanted = Resource::ALL.iter().copied().filter(|&r| need.get(r) > 0 && o.give.get(r) > 0).max_by_key(|&r| need.get(r));
    if let Some(want) = wanted
        && let Some(give) = most_spare(game, me, &plan, Some(want))
    {
        let (give, want) = (Resources::one(give, 1), Resources::one(want, 1));
        if !(give == o.want && want == o.give) && worth(game, me, &plan, &give, &want) >= 1 {
            return Some(Action::CounterTrade { give, want });
        }
    }
    Some(decline)
}

/// The best answer to `me`'s own open offer worth confirming (an acceptance, or a counter on
/// its own terms), when both still hold the cards.
pub(super) fn confirm(game: &Game, me: usize, legal: &[Action]) -> Option<Action> {
    let o = game.offer()?;
    let plan = Plan::of(game, me);
    legal
        .iter()
        .filter_map(|a| match a {
            Action::ConfirmTrade { with } => o.terms_with(*with).map(|(give, get)| (worth(game, me, &plan, &give, &get), *a)),
            _ => None,
        })
        .filter(|(w, _)| *w >= 1)
        .max_by_key(|(w, _)| *w)
        .map(|(_, a)| a)
}

/// An offer of `me`'s own to everyone: one spare card for one card its plan lacks, once a turn
/// (`Game::offers_made`), never while an offer is open or when a player who could answer is
/// about to win.
pub(super) fn offer(game: &Game, me: usize) -> Option<Action> {
    if game.offers_made() > 0 || game.offer().is_some() || game.phase() != Phase::Main || game.active_player() != me {
        return None;
    }
    if (0..game.player_count()).any(|p| p != me && game.public_points(p) + NEAR_WIN >= game.target()) {
        return None;
    }
    let plan = Plan::of(game, me);
    let need = plan.needs(game, me);
    let want = Resource::ALL.iter().copied().filter(|&r| need.get(r) > 0).max_by_key(|&r| (need.get(r), std::cmp::Reverse(r.index())))?;
    let give = most_spare(game, me, &plan, Some(want))?;
    Some(Action::OfferTrade { give: Resources::one(give, 1), want: Resources::one(want, 1), to: None })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Options;
    use crate::scenarios;

    /// One step of a table of bots: an answer to the open offer first, else the step owed.
    fn step(game: &mut Game, bots: &mut [Bot]) -> Action {
        for s in game.answering() {
            if let Some(a) = bots[s].answer(game, s) {
                game.apply(s, &a).unwrap_or_else(|e| panic!("seat {s} answered {a}, refused: {e}"));
                return a;
            }
        }
        let p = game.to_act()[0];
        let a = bots[p].choose(game, p).expect("a step");
        game.apply(p, &a).unwrap_or_else(|e| panic!("seat {p} chose {a}, refused: {e}"));
        a
    }

    /// Tables of trading greedy players play every scenario to the end: they offer at most once
    /// a turn, every offer is answered by the others, some are taken, and the game still ends.
    #[test]
    fn trading_players_offer_once_a_turn_answer_and_finish_every_scenario() {
        let mut traded = 0;
        for id in scenarios::ids() {
            let mut game = Game::new(scenarios::by_id(id).unwrap(), 4, 12, Options::default()).unwrap();
            let mut bots: Vec<Bot> = (0..4).map(|s| Bot::trading(Strategy::Greedy, 30 + s)).collect();
            let (mut offers, mut turn) = (0, 0);
            for _ in 0..20_000 {
                if game.is_over() {
                    break;
                }
                if game.turn() != turn {
                    (offers, turn) = (0, game.turn());
                }
                match step(&mut game, &mut bots) {
                    Action::OfferTrade { .. } => {
                        offers += 1;
                        assert!(game.answering().len() == 3, "{id}: an offer to everyone");
                    }
                    Action::ConfirmTrade { .. } => traded += 1,
                    _ => {}
                }
                assert!(offers <= 1, "{id}: at most one offer a turn");
            }
            assert!(game.is_over(), "{id}: the game ends");
        }
        assert!(traded > 10, "{traded} trades between the players");
    }

    /// An offer that brings a player a card their plan needs for a spare one is accepted; one
    /// that takes what the plan keeps, for nothing it needs, is declined; nothing is ever traded
    /// with a player about to win.
    #[test]
    fn an_offer_is_answered_on_its_merits() {
        let mut game = Game::new(scenarios::by_id("base").unwrap(), 3, 6, Options::default()).unwrap();
        let mut greedy = Bot::new(Strategy::Greedy, 9);
        let (mut fair, mut unfair) = (0, 0);
        for _ in 0..3000 {
            if game.is_over() {
                break;
            }
            let me = game.active_player();
            let other = (me + 1) % 3;
            if game.phase() == Phase::Main && game.to_act() == vec![me] && game.offer().is_none() {
                let need = Plan::of(&game, other).needs(&game, other);
                let mine = game.player(me).hand;
                // Give what `other` needs, for what `other` holds spare.
                let give = Resource::ALL.into_iter().find(|&r| need.get(r) > 0 && mine.get(r) > 0);
                let spare = most_spare(&game, other, &Plan::of(&game, other), give);
                if let (Some(give), Some(spare)) = (give, spare) {
                    let mut asked = game.clone();
                    let offer = Action::OfferTrade { give: Resources::one(give, 1), want: Resources::one(spare, 1), to: Some(other as u8) };
                    asked.apply(me, &offer).unwrap();
                    let near_win = game.public_points(me) + NEAR_WIN >= game.target();
                    let expected = if near_win { Action::AnswerTrade { accept: false } } else { Action::AnswerTrade { accept: true } };
                    assert_eq!(answer(&asked, other), Some(expected), "a card it needs for a spare one");
                    fair += 1;
                }
                // Ask for a card its plan keeps, giving one it does not need.
                let goal = Plan::of(&game, other).goal;
                let kept = Resource::ALL
                    .into_iter()
                    .find(|&r| goal.get(r) > 0 && game.player(other).hand.get(r) > 0 && game.player(other).hand.get(r) <= goal.get(r));
                let useless = Resource::ALL.into_iter().find(|&r| need.get(r) == 0 && goal.get(r) == 0 && mine.get(r) > 0);
                if let (Some(kept), Some(useless)) = (kept, useless) {
                    let mut asked = game.clone();
                    let offer =
                        Action::OfferTrade { give: Resources::one(useless, 1), want: Resources::one(kept, 1), to: Some(other as u8) };
                    asked.apply(me, &offer).unwrap();
                    assert_ne!(answer(&asked, other), Some(Action::AnswerTrade { accept: true }), "it keeps what its plan needs");
                    unfair += 1;
                }
            }
            let p = game.to_act()[0];
            let a = greedy.choose(&game, p).unwrap();
            game.apply(p, &a).unwrap();
        }
        assert!(fair > 5 && unfair > 5, "{fair} fair and {unfair} unfair offers tried");
    }

    /// A player that does not trade declines, whatever the offer.
    #[test]
    fn a_player_that_does_not_trade_declines() {
        let mut game = Game::new(scenarios::by_id("base").unwrap(), 3, 6, Options::default()).unwrap();
        let mut bots: Vec<Bot> = (0..3).map(|s| Bot::trading(Strategy::Greedy, s)).collect();
        let mut asked = 0;
        while !game.is_over() && asked < 20 {
            if let Some(&s) = game.answering().first() {
                assert_eq!(Bot::new(Strategy::Greedy, 1).answer(&game, s), Some(Action::AnswerTrade { accept: false }));
                assert_eq!(Bot::trading(Strategy::Random, 1).answer(&game, s), Some(Action::AnswerTrade { accept: false }));
                asked += 1;
            }
            step(&mut game, &mut bots);
        }
        assert!(asked >= 20);
    }
}
