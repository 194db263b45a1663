//! Low trumps in hand (Tiddy, Towser, Tumbler), and the table's agreement to play them.

use super::Deal;
use crate::cards::{Card, Rank};
use crate::games::gleek::ledger::{Event, Filled, Party, Phase, Reason};
use crate::games::gleek::points::choice::{LowTrumpsOptional, TiddyHeld, TowserTumblerHeld};
use crate::games::gleek::points::{GleekRules, Point};
use crate::games::gleek::scenario::{SEATS, Seat};
use crate::money::Money;

impl Deal<'_> {
    /// Whether a payment for this low trump, turned up or held, is made given the table's
    /// agreement. A scenario that is silent is taken as playing it, and the step is marked as
    /// filled.
    pub(super) fn low_trump_agreed(&mut self, seat: Seat, rank: Rank, turned: bool) -> bool {
        match self.r.low_trumps_optional() {
            LowTrumpsOptional::Always => return true,
            LowTrumpsOptional::HeldByAgreement if turned => return true,
            LowTrumpsOptional::ByAgreement | LowTrumpsOptional::HeldByAgreement => {}
        }
        match self.s.agreed.on(rank, turned) {
            Some(true) => true,
            Some(false) => {
                let phase = if turned {
                    Phase::TurnUp
                } else {
                    Phase::LowTrumps
                };
                self.ledger.note(
                    phase,
                    Event::LowTrumpLeftOut { seat, rank, turned },
                    Some(Point::LowTrumpsOptional),
                );
                false
            }
            None => {
                let filled = Filled::Agreement {
                    tiddy: rank == Rank::FOUR,
                    turned,
                };
                if !self.ledger.filled.contains(&filled) {
                    self.ledger.filled.push(filled);
                }
                true
            }
        }
    }

    pub(super) fn low_trumps(&mut self) {
        for seat in SEATS {
            for rank in [Rank::FOUR, Rank::FIVE, Rank::SIX] {
                if !self.held[seat.index()].contains(Card::new(self.trump, rank)) {
                    continue;
                }
                let (point, each) = if rank == Rank::FOUR {
                    let each = match self.r.tiddy_held() {
                        TiddyHeld::None => 0,
                        TiddyHeld::TwoEach => 4,
                        TiddyHeld::FourEach => 8,
                    };
                    (Point::TiddyHeld, each)
                } else {
                    let each = match self.r.towser_tumbler_held() {
                        TowserTumblerHeld::None => 0,
                        TowserTumblerHeld::HalfEach => rank.value() as i64,
                        TowserTumblerHeld::FiveSixEach => 2 * rank.value() as i64,
                    };
                    (Point::TowserTumblerHeld, each)
                };
                if each == 0 || !self.low_trump_agreed(seat, rank, false) {
                    continue;
                }
                for opp in Deal::opponents(seat) {
                    self.ledger.pay(
                        Phase::LowTrumps,
                        Party::Player(opp),
                        Party::Player(seat),
                        Money::halves(each),
                        point,
                        Reason::LowTrumpHeld(rank),
                    );
                }
            }
        }
    }
}
