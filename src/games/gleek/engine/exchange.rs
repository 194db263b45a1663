//! The buyer's exchange: seven laid out, the stock taken in.

use super::{Deal, Policy, Step};
use crate::cards::CardSet;
use crate::games::gleek::ledger::{Event, Filled, Phase};
use crate::games::gleek::points::choice::{ExchangeOrder, ShortDiscard};
use crate::games::gleek::points::{GleekRules, Point};

impl Deal<'_> {
    pub(super) fn exchange<P: Policy>(&mut self, policy: &mut P) -> Step {
        let Some(buyer) = self.buyer else {
            self.ledger.laid_out = self.s.stock;
            for card in self.s.stock.iter() {
                self.note_honour_out(card);
            }
            return Ok(());
        };
        let dealt = self.s.hands[buyer.index()];
        let discard_first = self.r.exchange_order() == ExchangeOrder::DiscardThenTake;
        let candidates = if discard_first {
            dealt
        } else {
            dealt.union(self.s.stock)
        };
        let discards = match &self.s.discard {
            Some(cards) => {
                // A card or a count the reading forbids is recorded, and the discard stands.
                for &(card, at) in cards {
                    if !candidates.contains(card) {
                        self.forbid(
                            Phase::Stock,
                            Point::ExchangeOrder,
                            format!("{} lays out {card}", self.name(buyer)),
                            format!("{card} is a stock card, and the buyer lays out his seven before he takes the stock"),
                            Some(at),
                        );
                    }
                }
                if cards.len() < 7 {
                    let at = cards.last().map(|&(_, at)| at);
                    if self.r.short_discard() == ShortDiscard::NotAllowed {
                        self.forbid(
                            Phase::Stock,
                            Point::ShortDiscard,
                            format!("{} lays out only {} cards", self.name(buyer), cards.len()),
                            "the buyer must lay out seven".to_string(),
                            at,
                        );
                    }
                    self.short_discard = true;
                    self.ledger.note(
                        Phase::Stock,
                        Event::ShortDiscard {
                            buyer,
                            count: cards.len() as u8,
                        },
                        Some(Point::ShortDiscard),
                    );
                }
                cards.iter().map(|&(c, _)| c).collect::<CardSet>()
            }
            None => {
                self.ledger.filled.push(Filled::Discard);
                policy.discard(candidates, 7, self.trump)
            }
        };
        self.ledger.laid_out = discards;
        self.hands[buyer.index()] = dealt.union(self.s.stock).difference(discards);
        for card in discards.iter() {
            self.note_honour_out(card);
        }
        Ok(())
    }

    /// Records a trump honour that leaves play.
    pub(super) fn note_honour_out(&mut self, card: crate::cards::Card) {
        if self.is_trump(card) && super::reckoning::honour_value(card.rank()) > 0 {
            self.ledger.note(
                Phase::Settlement,
                Event::HonourOutOfPlay { card },
                Some(Point::DiscardedHonour),
            );
        }
    }
}
