//! Gleeks and mournivals, and false claims.

use super::Deal;
use crate::cards::{CardSet, Rank};
use crate::games::gleek::ledger::{Event, Party, Phase, Reason};
use crate::games::gleek::points::choice::{FalseClaim, SetScoring};
use crate::games::gleek::points::{GleekRules, Point};
use crate::games::gleek::scenario::{SEATS, Seat, Set};
use crate::money::Money;

/// What each opponent pays for a set: Aces 4, Kings 3, Queens 2, Knaves 1; a mournival double.
pub fn set_value(set: Set) -> i64 {
    let gleek = match set.rank {
        Rank::ACE => 4,
        Rank::KING => 3,
        Rank::QUEEN => 2,
        Rank::JACK => 1,
        _ => 0,
    };
    if set.mournival { gleek * 2 } else { gleek }
}

/// The gleeks and mournivals in a hand, best first.
pub fn sets_in(hand: CardSet) -> impl Iterator<Item = Set> {
    [Rank::ACE, Rank::KING, Rank::QUEEN, Rank::JACK]
        .into_iter()
        .filter_map(move |rank| match hand.rank(rank).len() {
            4 => Some(Set {
                rank,
                mournival: true,
            }),
            3 => Some(Set {
                rank,
                mournival: false,
            }),
            _ => None,
        })
}

/// Orders sets: a mournival above any gleek, then the higher rank.
fn set_rank(set: Set) -> (bool, Rank) {
    (set.mournival, set.rank)
}

impl Deal<'_> {
    pub(super) fn sets(&mut self) {
        let forfeits = |seat: Seat, deal: &Deal| deal.short_discard && deal.buyer == Some(seat);
        let best_holder = match self.r.set_scoring() {
            SetScoring::EveryHolder => None,
            SetScoring::BestHolderOnly => SEATS
                .into_iter()
                .filter(|&s| !forfeits(s, self))
                .flat_map(|s| sets_in(self.held[s.index()]).map(move |set| (set_rank(set), s)))
                .max()
                .map(|(_, s)| s),
        };
        for seat in self.s.speaking_order() {
            for set in sets_in(self.held[seat.index()]) {
                if forfeits(seat, self) {
                    self.ledger.note(
                        Phase::Sets,
                        Event::SetUnpaid { seat, set },
                        Some(Point::ShortDiscard),
                    );
                    continue;
                }
                if best_holder.is_some_and(|b| b != seat) {
                    self.ledger.note(
                        Phase::Sets,
                        Event::SetUnpaid { seat, set },
                        Some(Point::SetScoring),
                    );
                    continue;
                }
                for opp in Deal::opponents(seat) {
                    self.ledger.pay(
                        Phase::Sets,
                        Party::Player(opp),
                        Party::Player(seat),
                        Money::units(set_value(set)),
                        Point::SetScoring,
                        Reason::Set(set),
                    );
                }
            }
        }
        for claim in &self.s.false_claims {
            let (seat, set) = (claim.seat, claim.what);
            let holds =
                self.held[seat.index()].rank(set.rank).len() >= if set.mournival { 4 } else { 3 };
            if holds {
                continue;
            }
            match self.r.false_claim() {
                FalseClaim::Void => {
                    self.ledger.note(
                        Phase::Sets,
                        Event::ClaimRefused { seat, set },
                        Some(Point::FalseClaim),
                    );
                }
                FalseClaim::ForfeitDouble => {
                    for opp in Deal::opponents(seat) {
                        self.ledger.pay(
                            Phase::Sets,
                            Party::Player(seat),
                            Party::Player(opp),
                            Money::units(2 * set_value(set)),
                            Point::FalseClaim,
                            Reason::FalseClaim(set),
                        );
                    }
                }
            }
        }
    }
}
