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

/// Lowest first, plain suits before trumps, ties in suit order.
fn spare_key(card: Card, trump: Suit) -> (bool, crate::cards::Rank, Suit) {
    (card.suit() == trump, card.rank(), card.suit())
}

impl Policy for SimplePolicy {
    fn bid(&mut self, view: &AuctionView) -> Bid {
        if view.high.is_none() {
            Bid::Bid(view.lowest)
        } else {
            Bid::Pass
        }
    }

    fn discard(&mut self, candidates: CardSet, count: u32, trump: Suit) -> CardSet {
        // Lowest first, plain suits before trumps, ties in suit order: walk ranks upwards.
        let mut out = CardSet::EMPTY;
        for trumps in [false, true] {
            for rank in 2..=14 {
                for suit in Suit::ALL {
                    let card = Card::new(suit, crate::cards::Rank::new(rank).expect("2 to 14"));
                    if (suit == trump) == trumps && candidates.contains(card) {
                        if out.len() == count {
                            return out;
                        }
                        out.insert(card);
                    }
                }
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
        if leading {
            let plain = legal.difference(legal.suit(trump));
            let pool = if plain.is_empty() { legal } else { plain };
            return pool
                .iter()
                .max_by_key(|c| (c.rank(), std::cmp::Reverse(c.suit())))
                .expect("a leader always holds a card");
        }
        let pool = if winners.is_empty() { legal } else { winners };
        pool.iter()
            .min_by_key(|&c| spare_key(c, trump))
            .expect("a player always holds a legal card")
    }
}
