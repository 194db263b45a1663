//! The turn-up: what the dealer is paid when a low trump is turned.

use super::Deal;
use crate::cards::Rank;
use crate::games::gleek::ledger::{Party, Phase, Reason};
use crate::games::gleek::points::choice::{TiddyTurnedUp, TowserTumblerTurnedUp};
use crate::games::gleek::points::{GleekRules, Point};
use crate::money::Money;

impl Deal<'_> {
    pub(super) fn turn_up(&mut self) {
        let card = self.s.turn_up;
        let (point, each) = match card.rank() {
            Rank::FOUR => (
                Point::TiddyTurnedUp,
                match self.r.tiddy_turned_up() {
                    TiddyTurnedUp::None => 0,
                    TiddyTurnedUp::TwoEach => 2,
                    TiddyTurnedUp::FourEach => 4,
                },
            ),
            rank @ (Rank::FIVE | Rank::SIX) => (
                Point::TowserTumblerTurnedUp,
                match self.r.towser_tumbler_turned_up() {
                    TowserTumblerTurnedUp::None => 0,
                    TowserTumblerTurnedUp::FiveSixEach => rank.value() as i64,
                    TowserTumblerTurnedUp::TenTwelveEach => 2 * rank.value() as i64,
                },
            ),
            _ => return,
        };
        if each == 0 || !self.low_trump_agreed(self.s.dealer, card.rank(), true) {
            return;
        }
        let dealer = self.s.dealer;
        for opp in Deal::opponents(dealer) {
            self.ledger.pay(
                Phase::TurnUp,
                Party::Player(opp),
                Party::Player(dealer),
                Money::units(each),
                point,
                Reason::LowTrumpTurnedUp(card.rank()),
            );
        }
    }
}
