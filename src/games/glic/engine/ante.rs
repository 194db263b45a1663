//! The ante: each player's stake on the board before the deal (`ante`).

use super::{Deal, Policy};
use crate::game::Party;
use crate::games::glic::board::Compartment;
use crate::games::glic::points::{GlicRules, Point, choice};
use crate::games::glic::record::{Stage, Why};
use crate::games::glic::scenario::Seat;

impl Deal<'_> {
    /// Every player's ante, in turn from the eldest: where each went, and whether the engine
    /// chose it.
    pub fn ante<P: Policy>(&mut self, policy: &mut P) -> Vec<(Seat, Option<Compartment>, bool)> {
        let mut antes = Vec::with_capacity(self.n);
        for seat in self.in_turn() {
            match self.r.ante() {
                choice::Ante::OneOnEach => {
                    for &c in Compartment::STAKED {
                        self.board[c.index()] += 1;
                    }
                    let each = Compartment::STAKED.len() as u32;
                    self.pay(
                        Stage::Ante,
                        Party::Player(seat),
                        Party::Pot,
                        each,
                        Point::Ante,
                        Why::AnteEach,
                    );
                    antes.push((seat, None, false));
                }
                choice::Ante::OneWhereHeChooses => {
                    let (c, filled) = match self.s.antes[seat.index()] {
                        Some((c, _)) => (c, false),
                        None => (policy.ante(&self.board), true),
                    };
                    self.board[c.index()] += 1;
                    self.pay(
                        Stage::Ante,
                        Party::Player(seat),
                        Party::Pot,
                        1,
                        Point::Ante,
                        Why::Ante(c),
                    );
                    antes.push((seat, Some(c), filled));
                }
            }
        }
        antes
    }
}
