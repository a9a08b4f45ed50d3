//! The turn: the roll, discards and gold choices, the robber and the pirate, the end of the turn.

use super::*;

impl Game {
    /// The roll: production, or on a seven the discards and then the robber.
    pub(super) fn roll(&mut self, p: u8, events: &mut Vec<Event>) -> Result<(), RuleError> {
        self.need_active(p)?;
        let dice = match self.forced_dice.pop_front() {
            Some(d) => d,
            None => [self.rng.below(6) as u8 + 1, self.rng.below(6) as u8 + 1],
        };
        let total = dice[0] + dice[1];
        self.last_roll = Some(dice);
        self.rolled = true;
        events.push(Event::Rolled { player: p, dice, total });
        if total == 7 {
            for q in 0..self.players.len() {
                let n = self.players[q].hand.total();
                if n > 7 {
                    self.pending_discards.push((q as u8, (n / 2) as u8));
                    events.push(Event::MustDiscard { player: q as u8, count: (n / 2) as u8 });
                }
            }
            self.phase = if self.pending_discards.is_empty() { Phase::Robber } else { Phase::Discard };
        } else {
            self.phase = Phase::Main;
            self.produce(total, events);
            self.enter_gold_if_pending();
        }
        Ok(())
    }

    /// One player's discard on a seven (several may owe one at once, in any order).
    pub(super) fn discard(&mut self, p: u8, cards: Resources, events: &mut Vec<Event>) -> Result<(), RuleError> {
        let Some(i) = self.pending_discards.iter().position(|d| d.0 == p) else {
            return Err(RuleError::NotYourTurn { player: p });
        };
        let n = self.pending_discards[i].1;
        if cards.total() != n as u32 {
            return Err(RuleError::illegal(Reason::DiscardCount { owed: n as u32, given: cards.total() }));
        }
        if !self.players[p as usize].hand.contains(&cards) {
            return Err(RuleError::illegal(Reason::NotHeld { cards }));
        }
        self.pending_discards.remove(i);
        self.players[p as usize].hand.sub(&cards);
        self.bank.add(&cards);
        events.push(Event::Discarded { player: p, cards });
        if self.pending_discards.is_empty() {
            self.phase = Phase::Robber;
        }
        Ok(())
    }

    /// One player's gold choice (several may owe one at once, in any order).
    pub(super) fn choose_gold(&mut self, p: u8, cards: Resources, events: &mut Vec<Event>) -> Result<(), RuleError> {
        let Some(i) = self.pending_gold.iter().position(|d| d.0 == p) else {
            return Err(RuleError::NotYourTurn { player: p });
        };
        let n = self.pending_gold[i].1.min(self.bank.total() as u8);
        if cards.total() != n as u32 {
            return Err(RuleError::illegal(Reason::GoldCount { owed: n as u32, given: cards.total() }));
        }
        if !self.bank.contains(&cards) {
            return Err(RuleError::illegal(Reason::BankLacks { cards }));
        }
        self.pending_gold.remove(i);
        self.bank.sub(&cards);
        self.players[p as usize].hand.add(&cards);
        self.stats.gold_choices += 1;
        events.push(Event::GoldTaken { player: p, cards });
        self.settle_gold();
        Ok(())
    }

    /// The robber moves to another land hex and steals from the victim named.
    pub(super) fn move_robber(&mut self, p: u8, to: Hex, victim: Option<u8>, events: &mut Vec<Event>) -> Result<(), RuleError> {
        self.need_active(p)?;
        let h = self.hex_id(to)?;
        if !self.is_land(h) {
            return Err(RuleError::illegal(Reason::RobberOnSea { to }));
        }
        if Some(h) == self.robber {
            return Err(RuleError::illegal(Reason::RobberElsewhere));
        }
        let victims = self.robber_victims(p, h);
        match victim {
            None if !victims.is_empty() => {
                return Err(RuleError::illegal(Reason::NameVictim { victims }));
            }
            Some(v) if !victims.contains(&v) => {
                return Err(RuleError::illegal(Reason::NotAVictim { player: v, to }));
            }
            _ => {}
        }
        if let Some(v) = victim {
            self.check_forced_steal(v)?;
        }
        self.robber = Some(h);
        self.stats.robber_moves += 1;
        events.push(Event::RobberMoved { player: p, to });
        if let Some(v) = victim {
            self.steal(p, v, events);
        }
        self.phase = if self.rolled { Phase::Main } else { Phase::Roll };
        Ok(())
    }

    /// The pirate moves to another sea hex and steals from every other player with a ship there.
    pub(super) fn move_pirate(&mut self, p: u8, to: Hex, events: &mut Vec<Event>) -> Result<(), RuleError> {
        self.need_active(p)?;
        if self.pirate.is_none() {
            return Err(RuleError::illegal(Reason::NoPirate));
        }
        let h = self.hex_id(to)?;
        if !self.is_sea(h) {
            return Err(RuleError::illegal(Reason::PirateOnLand { to }));
        }
        if Some(h) == self.pirate {
            return Err(RuleError::illegal(Reason::PirateElsewhere));
        }
        let victims = self.pirate_victims(p, h);
        // Forced steals are taken in order, one per victim: check them all first.
        for (k, &v) in victims.iter().enumerate() {
            if let Some(&r) = self.forced_steals.get(k).filter(|&&r| self.players[v as usize].hand.get(r) == 0) {
                return Err(RuleError::Setup(format!("the fixed steal `{r}` is not in player {v}'s hand")));
            }
        }
        self.pirate = Some(h);
        self.stats.pirate_moves += 1;
        events.push(Event::PirateMoved { player: p, to });
        for v in victims {
            self.steal(p, v, events);
        }
        self.phase = if self.rolled { Phase::Main } else { Phase::Roll };
        Ok(())
    }

    /// The end of the turn: the open offer closes and the next player's turn starts.
    pub(super) fn end_turn(&mut self, p: u8, events: &mut Vec<Event>) -> Result<(), RuleError> {
        self.need_active(p)?;
        if self.offer.take().is_some() {
            events.push(Event::TradeClosed);
        }
        let me = &mut self.players[p as usize];
        me.new_dev = DevCards::default();
        self.active = (self.active + 1) % self.players.len() as u8;
        self.start_turn(events);
        Ok(())
    }
}
