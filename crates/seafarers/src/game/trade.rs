//! Trade: with the bank and between players.

use super::*;

impl Game {
    /// A trade with the bank at the player's best rate.
    pub(super) fn maritime_trade(&mut self, p: u8, give: Resource, get: Resource, events: &mut Vec<Event>) -> Result<(), RuleError> {
        self.need_active(p)?;
        if give == get {
            return Err(RuleError::illegal(Reason::OneForAnother));
        }
        let rate = self.trade_rate(p as usize, give);
        let gave = Resources::one(give, rate);
        if !self.players[p as usize].hand.contains(&gave) {
            return Err(RuleError::CannotAfford { cost: gave });
        }
        if self.bank.get(get) == 0 {
            return Err(RuleError::illegal(Reason::BankHasNo { resource: get }));
        }
        let me = &mut self.players[p as usize];
        me.hand.sub(&gave);
        *me.hand.get_mut(get) += 1;
        self.bank.add(&gave);
        *self.bank.get_mut(get) -= 1;
        self.stats.maritime_trades += 1;
        events.push(Event::MaritimeTraded { player: p, gave, got: get });
        Ok(())
    }

    /// An offer to everyone or one player; it replaces an open offer.
    pub(super) fn offer_trade(
        &mut self,
        p: u8,
        give: Resources,
        want: Resources,
        to: Option<u8>,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        self.need_active(p)?;
        if give.is_empty() || want.is_empty() {
            return Err(RuleError::illegal(Reason::NoGifts));
        }
        if give.overlaps(&want) {
            return Err(RuleError::illegal(Reason::BothSides));
        }
        if let Some(t) = to.filter(|&t| t == p || t as usize >= self.players.len()) {
            return Err(RuleError::illegal(Reason::CannotBeOffered { player: t }));
        }
        if !self.players[p as usize].hand.contains(&give) {
            return Err(RuleError::CannotAfford { cost: give });
        }
        self.offer = Some(Offer { from: p, give, want, to, answers: Vec::new() });
        self.offers_made = self.offers_made.saturating_add(1);
        events.push(Event::TradeOffered { player: p, give, want, to });
        Ok(())
    }

    /// The open offer, when `p` may answer it (addressed to them, not theirs, not yet answered).
    fn offer_to_answer(&self, p: u8) -> Result<&Offer, RuleError> {
        let Some(o) = &self.offer else { return Err(RuleError::illegal(Reason::NoOffer)) };
        if o.from == p {
            return Err(RuleError::illegal(Reason::OwnOffer));
        }
        if o.to.is_some_and(|t| t != p) {
            return Err(RuleError::illegal(Reason::NotAddressed));
        }
        if o.answered(p) {
            return Err(RuleError::illegal(Reason::AlreadyAnswered));
        }
        Ok(o)
    }

    /// An answer to the open offer, from a player it is addressed to.
    pub(super) fn answer_trade(&mut self, p: u8, accept: bool, events: &mut Vec<Event>) -> Result<(), RuleError> {
        let o = self.offer_to_answer(p)?;
        if accept && !self.players[p as usize].hand.contains(&o.want) {
            return Err(RuleError::CannotAfford { cost: o.want });
        }
        let answer = if accept { Answer::Accept } else { Answer::Decline };
        self.offer.as_mut().expect("checked").answers.push((p, answer));
        events.push(Event::TradeAnswered { player: p, accept });
        Ok(())
    }

    /// A counter-offer: an answer to the open offer with other terms, seen from the answering
    /// player (`give` is what they would give). The same checks as an offer: cards on both
    /// sides, no resource on both, and the player holds what they give. Whether the offerer
    /// holds `want` is checked only when they confirm (the counter must not reveal their hand).
    pub(super) fn counter_trade(&mut self, p: u8, give: Resources, want: Resources, events: &mut Vec<Event>) -> Result<(), RuleError> {
        let o = self.offer_to_answer(p)?;
        if give.is_empty() || want.is_empty() {
            return Err(RuleError::illegal(Reason::NoGifts));
        }
        if give.overlaps(&want) {
            return Err(RuleError::illegal(Reason::BothSides));
        }
        if give == o.want && want == o.give {
            return Err(RuleError::illegal(Reason::OwnTerms));
        }
        if !self.players[p as usize].hand.contains(&give) {
            return Err(RuleError::CannotAfford { cost: give });
        }
        self.offer.as_mut().expect("checked").answers.push((p, Answer::Counter { give, want }));
        events.push(Event::TradeCountered { player: p, give, want });
        Ok(())
    }

    /// The offerer confirms the trade with one player who accepted.
    pub(super) fn confirm_trade(&mut self, p: u8, with: u8, events: &mut Vec<Event>) -> Result<(), RuleError> {
        self.need_active(p)?;
        let Some(o) = &self.offer else { return Err(RuleError::illegal(Reason::NoOffer)) };
        // An acceptance trades on the offer's terms, a counter-offer on its own.
        let Some((give, want)) = o.terms_with(with) else {
            return Err(RuleError::illegal(Reason::NotAccepted { player: with }));
        };
        if !self.players[p as usize].hand.contains(&give) {
            return Err(RuleError::CannotAfford { cost: give });
        }
        if !self.players[with as usize].hand.contains(&want) {
            return Err(RuleError::illegal(Reason::NoLongerHolds { player: with, cards: want }));
        }
        self.offer = None;
        let (a, b) = (p as usize, with as usize);
        self.players[a].hand.sub(&give);
        self.players[b].hand.add(&give);
        self.players[b].hand.sub(&want);
        self.players[a].hand.add(&want);
        self.stats.domestic_trades += 1;
        events.push(Event::Traded { offerer: p, partner: with, gave: give, got: want });
        Ok(())
    }

    /// The offerer withdraws the open offer.
    pub(super) fn withdraw_trade(&mut self, p: u8, events: &mut Vec<Event>) -> Result<(), RuleError> {
        self.need_active(p)?;
        if self.offer.take().is_none() {
            return Err(RuleError::illegal(Reason::NoOffer));
        }
        events.push(Event::TradeClosed);
        Ok(())
    }
}
