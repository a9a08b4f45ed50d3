//! Development cards: buying and playing them.

use super::*;

impl Game {
    /// A development card bought from the top of the deck.
    pub(super) fn buy_dev_card(&mut self, p: u8, events: &mut Vec<Event>) -> Result<(), RuleError> {
        self.need_active(p)?;
        if self.deck.is_empty() {
            return Err(RuleError::illegal(Reason::DeckEmpty));
        }
        self.pay(p, Resources::DEV_CARD)?;
        let card = self.deck.pop().expect("checked");
        let me = &mut self.players[p as usize];
        *me.dev.get_mut(card) += 1;
        *me.new_dev.get_mut(card) += 1;
        if card == DevCard::VictoryPoint {
            me.points += 1;
        }
        events.push(Event::DevCardBought { player: p, card });
        Ok(())
    }

    /// A development card played, before or after the roll (one per turn).
    pub(super) fn play_dev_card(&mut self, p: u8, action: &Action, events: &mut Vec<Event>) -> Result<(), RuleError> {
        self.need_active(p)?;
        let card = match action {
            Action::PlayKnight => DevCard::Knight,
            Action::PlayRoadBuilding => DevCard::RoadBuilding,
            Action::PlayYearOfPlenty { .. } => DevCard::YearOfPlenty,
            _ => DevCard::Monopoly,
        };
        if self.dev_played {
            return Err(RuleError::illegal(Reason::OneCardATurn));
        }
        let me = &self.players[p as usize];
        if me.dev.get(card) == 0 {
            return Err(RuleError::illegal(Reason::NoCard { card }));
        }
        if me.dev.get(card) <= me.new_dev.get(card) {
            return Err(RuleError::illegal(Reason::CardTooNew { card }));
        }
        // The spec's settled point: a Road Building that would place nothing is refused (in a
        // chat it is almost surely a mis-tap), rather than played and wasted.
        if card == DevCard::RoadBuilding && !self.can_place_free_piece(p) {
            return Err(RuleError::illegal(Reason::RoadBuildingPlacesNothing));
        }
        self.dev_played = true;
        let me = &mut self.players[p as usize];
        *me.dev.get_mut(card) -= 1;
        *self.played_dev.get_mut(card) += 1;
        events.push(Event::DevCardPlayed { player: p, card });
        match *action {
            Action::PlayKnight => {
                self.players[p as usize].knights += 1;
                self.update_army(p, events);
                self.phase = Phase::Robber;
            }
            Action::PlayRoadBuilding => self.phase = Phase::RoadBuilding { left: 2 },
            Action::PlayYearOfPlenty { first, second } => {
                let mut cards = Resources::default();
                for r in [first, second] {
                    if self.bank.get(r) > cards.get(r) {
                        *cards.get_mut(r) += 1;
                    }
                }
                self.bank.sub(&cards);
                self.players[p as usize].hand.add(&cards);
                events.push(Event::YearOfPlenty { player: p, cards });
            }
            Action::PlayMonopoly { resource } => {
                let mut taken = 0;
                for q in 0..self.players.len() {
                    if q != p as usize {
                        let n = self.players[q].hand.get(resource);
                        *self.players[q].hand.get_mut(resource) = 0;
                        taken += n;
                    }
                }
                *self.players[p as usize].hand.get_mut(resource) += taken;
                events.push(Event::Monopoly { player: p, resource, taken });
            }
            _ => unreachable!("matched above"),
        }
        Ok(())
    }
}
