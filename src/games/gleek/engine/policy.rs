//! Policies fill the steps a scenario leaves out.
//!
//! [`SimplePolicy`] is the documented default, simple enough to follow by hand:
//! * auction: bid the minimum if nobody has bid yet, otherwise pass (so the eldest buys at the
//!   minimum);
//! * discard: lay out the cards the buyer can best spare, lowest first, plain suits before trumps
//!   (ties in rank go ♠ ♥ ♦ ♣);
//! * vie: vie if nobody has, otherwise see; nobody revies, and the youngest never doubles;
//! * play: the leader leads his highest plain-suit card (his highest trump if he has only trumps);
//!   a follower plays the lowest legal card that would win the trick as it stands, or else his
//!   lowest legal card, plain suits before trumps.

use crate::cards::{Card, CardSet, Suit};
use crate::games::gleek::scenario::{Bid, Seat, VieCall};

/// What a player may call in the auction.
#[derive(Clone, Copy, Debug)]
pub struct AuctionView {
    pub seat: Seat,
    /// The highest bid so far.
    pub high: Option<u32>,
    /// The lowest bid he may make.
    pub lowest: u32,
    /// The highest bid he may make (equal to `lowest` where bids rise by one).
    pub highest: u32,
    /// He may pass.
    pub may_pass: bool,
    /// His hand as dealt, and the trump suit: what a policy that judges its hand looks at.
    pub hand: CardSet,
    pub trump: Suit,
}

/// What a player may call in the vie.
#[derive(Clone, Copy, Debug)]
pub struct VieView {
    pub seat: Seat,
    /// Somebody has vied.
    pub vied: bool,
    /// He is the youngest, the others have passed, and the reading gives him the power to double
    /// the ruff for the next deal.
    pub may_double: bool,
    /// His hand after the exchange, for a policy that judges its ruff.
    pub hand: CardSet,
}

impl VieView {
    /// The calls open to him.
    pub fn calls(&self) -> &'static [VieCall] {
        match (self.vied, self.may_double) {
            (true, _) => &[VieCall::See, VieCall::Revie, VieCall::Pass],
            (false, true) => &[VieCall::Vie, VieCall::Pass, VieCall::Double],
            (false, false) => &[VieCall::Vie, VieCall::Pass],
        }
    }
}

/// Chooses the actions a scenario does not script. Every call must be one the view allows.
pub trait Policy {
    fn bid(&mut self, view: &AuctionView) -> Bid;
    /// Chooses `count` cards to lay out from `candidates`.
    fn discard(&mut self, candidates: CardSet, count: u32, trump: Suit) -> CardSet;
    fn vie(&mut self, view: &VieView) -> VieCall;
    /// Chooses a card from `legal`; `winners` are the legal cards that would win the trick as it
    /// stands (empty for the leader).
    fn card(&mut self, legal: CardSet, winners: CardSet, leading: bool, trump: Suit) -> Card;
}

/// The documented default policy.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SimplePolicy;

impl Policy for SimplePolicy {
    fn bid(&mut self, view: &AuctionView) -> Bid {
        if view.high.is_none() {
            Bid::Bid(view.lowest)
        } else {
            Bid::Pass
        }
    }

    fn discard(&mut self, candidates: CardSet, count: u32, trump: Suit) -> CardSet {
        // Lowest first (by rank, ties in suit order), plain suits before trumps.
        let trumps = candidates.suit(trump);
        let mut out = CardSet::EMPTY;
        for mut pool in [candidates.difference(trumps), trumps] {
            while out.len() < count {
                let Some(card) = pool.lowest() else { break };
                pool.remove(card);
                out.insert(card);
            }
        }
        out
    }

    fn vie(&mut self, view: &VieView) -> VieCall {
        if view.vied {
            VieCall::See
        } else {
            VieCall::Vie
        }
    }

    fn card(&mut self, legal: CardSet, winners: CardSet, leading: bool, trump: Suit) -> Card {
        let plain_else_all = |pool: CardSet| {
            let plain = pool.difference(pool.suit(trump));
            if plain.is_empty() { pool } else { plain }
        };
        if leading {
            return plain_else_all(legal)
                .highest()
                .expect("a leader always holds a card");
        }
        // The card it can best spare: plain suits before trumps, then the lowest rank, ties in
        // suit order.
        let pool = if winners.is_empty() { legal } else { winners };
        plain_else_all(pool)
            .lowest()
            .expect("a player always holds a legal card")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Pack;
    use proptest::prelude::*;

    /// A set of cards of the Gleek pack from random bits.
    fn gleek(bits: u64) -> CardSet {
        Pack::Gleek44
            .cards()
            .iter()
            .filter(|c| bits >> (c.suit() as u32 * 11 + c.rank().value() as u32 - 4) & 1 == 1)
            .collect()
    }

    proptest! {
        /// The simple policy's picks, made by bits, are its documented rule card by card: a
        /// leader leads his highest plain card (his highest trump if he holds only trumps); a
        /// follower plays his lowest winner, else his lowest card, plain suits before trumps;
        /// a buyer lays out his lowest, plain suits before trumps; ties in suit order.
        #[test]
        fn the_simple_policy_picks_as_its_rule_says(
            legal in any::<u64>(),
            winners in any::<u64>(),
            trump in 0..4usize,
            count in 0..12u32,
        ) {
            let (legal, trump) = (gleek(legal), Suit::ALL[trump]);
            let winners = legal.intersection(gleek(winners));
            let spare = |c: &Card| (c.suit() == trump, c.rank(), c.suit());
            let high = |c: &Card| (c.suit() != trump, c.rank(), std::cmp::Reverse(c.suit()));
            let pool = if winners.is_empty() { legal } else { winners };
            if !legal.is_empty() {
                prop_assert_eq!(
                    SimplePolicy.card(legal, CardSet::EMPTY, true, trump),
                    legal.iter().max_by_key(high).unwrap()
                );
                prop_assert_eq!(
                    SimplePolicy.card(legal, winners, false, trump),
                    pool.iter().min_by_key(spare).unwrap()
                );
            }
            let mut by_card: Vec<Card> = legal.iter().collect();
            by_card.sort_by_key(spare);
            let laid: CardSet = by_card.into_iter().take(count as usize).collect();
            prop_assert_eq!(SimplePolicy.discard(legal, count, trump), laid);
        }
    }
}
