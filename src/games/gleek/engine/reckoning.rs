//! The reckoning after play: card and honour points against the par.

use super::Deal;
use crate::cards::{Card, CardSet, Rank};
use crate::games::gleek::ledger::{Event, Party, Phase, Reason};
use crate::games::gleek::points::choice::{
    DiscardedHonour, HonourTurnedUp, HonoursScored, ParSettlement,
};
use crate::games::gleek::points::{GleekRules, Point};
use crate::games::gleek::scenario::{SEATS, Seat};
use crate::money::Money;

/// Tib (Ace) 15, Tom (Knave) 9, King 3, Queen 3; other trumps nothing.
pub fn honour_value(rank: Rank) -> u8 {
    match rank {
        Rank::ACE => 15,
        Rank::JACK => 9,
        Rank::KING | Rank::QUEEN => 3,
        _ => 0,
    }
}

impl Deal<'_> {
    pub(super) fn reckoning(&mut self) {
        let mut points = crate::games::gleek::ledger::Points::default();
        // Honours are scored as the reading says (at least three of the four are not the
        // turn-up, so this reads no point the honours below would not): as captured, from
        // the cards each player won.
        let captured = self.r.honours_scored() == HonoursScored::Captured;
        let mut won = [CardSet::EMPTY; 3];
        for trick in &self.ledger.tricks {
            points.cards[trick.winner.index()] += 3;
            if captured {
                let cards = trick.cards.map(|(_, card)| card);
                won[trick.winner.index()] =
                    won[trick.winner.index()].union(CardSet::from_cards(cards));
            }
        }
        for rank in [Rank::ACE, Rank::JACK, Rank::KING, Rank::QUEEN] {
            let card = Card::new(self.trump, rank);
            let value = honour_value(rank);
            let scorer = if card == self.s.turn_up {
                match self.r.honour_turned_up() {
                    HonourTurnedUp::DealerScores => Some(self.s.dealer),
                    HonourTurnedUp::NotScored => {
                        self.ledger.note(
                            Phase::Settlement,
                            Event::HonourOutOfPlay { card },
                            Some(Point::HonourTurnedUp),
                        );
                        None
                    }
                }
            } else {
                let by = if captured { &won } else { &self.held };
                SEATS.into_iter().find(|s| by[s.index()].contains(card))
            };
            if let Some(seat) = scorer {
                points.honours[seat.index()] += value;
            }
        }
        points.par = match self.r.discarded_honour() {
            DiscardedHonour::ParUnchanged => 22,
            DiscardedHonour::ParRebased => points.in_play() / 3,
        };
        self.ledger.points = points;
        let par = points.par as i64;
        let diff = |s: Seat| points.total(s) as i64 - par;
        for seat in self.s.speaking_order() {
            let d = diff(seat);
            let reason = Reason::Par {
                points: points.total(seat),
                par: points.par,
            };
            let amount = Money::units(d.abs());
            let me = Party::Player(seat);
            // Through the pot, once; or with each opponent, for the whole difference.
            let opponents = Deal::opponents(seat).map(Party::Player);
            let counterparties: &[Party] = match self.r.par_settlement() {
                ParSettlement::Pot => &[Party::Pot],
                ParSettlement::EachOpponent => &opponents,
            };
            for &them in counterparties {
                let (from, to) = if d < 0 { (me, them) } else { (them, me) };
                self.ledger.pay(
                    Phase::Settlement,
                    from,
                    to,
                    amount,
                    Point::ParSettlement,
                    reason,
                );
            }
        }
    }
}
