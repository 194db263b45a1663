//! The policies a simulation may follow at Gleek: simple heuristics a player of the period might
//! follow, each stated so that a reader can play it by hand, and selectable with `--policy`, so
//! that a user can see how much a conclusion rests on the way the hands are played.
//!
//! `simple` is the engine's own [`SimplePolicy`], the one that fills the steps a scenario leaves
//! out. `judging` ([`Judging`]) looks at its hand before it bids, lays out, vies and leads.

use super::engine::{AuctionView, Policy, SimplePolicy, VieView};
use super::scenario::{Bid, Seat, VieCall};
use crate::cards::{Card, CardSet, Rank, Suit};
use crate::simulate::PolicyDoc;

/// The policies, the default first: `simple`, then `judging`.
pub const POLICIES: &[PolicyDoc] = &[
    PolicyDoc {
        id: "simple",
        summary: "The engine's own policy, which also fills the steps a scenario leaves out: \
                  the eldest buys at the lowest bid, everybody vies, and the cards are played \
                  greedily.",
        steps: &[
            (
                "auction",
                "Bids the lowest bid if nobody has bid yet, otherwise passes: the eldest buys at the minimum.",
            ),
            (
                "discard",
                "Lays out the cards he can best spare: the lowest first, plain suits before trumps.",
            ),
            ("vie", "Vies if nobody has, otherwise sees; nobody revies."),
            (
                "play",
                "Leads his highest plain card (his highest trump if he has only trumps); follows with \
                 the lowest card that would win the trick as it stands, or else his lowest, plain \
                 suits before trumps.",
            ),
        ],
    },
    PolicyDoc {
        id: "judging",
        summary: "A player who judges his hand: he bids for the stock by his trumps, keeps what \
                  may score, vies on a long suit and draws trumps when he is strong in them.",
        steps: &[
            (
                "auction",
                "Values the stock at 8 and 2 more for each trump he was dealt (12 with two trumps, 16 \
                 with four), and bids one step at a time while the bid asked is within that value; \
                 otherwise he passes, or bids the lowest bid where he must open.",
            ),
            (
                "discard",
                "Keeps his trumps, his Aces and every rank of which he holds three or four (a gleek \
                 or a mournival); lays out the rest, the lowest first, plain suits before trumps, and \
                 if they are not enough, the lowest of what he kept.",
            ),
            (
                "vie",
                "Counts his longest suit: vies with five cards or more, sees with four or more, and \
                 otherwise passes (the youngest who may double the ruff doubles instead); with six \
                 or more he sees and revies, once.",
            ),
            (
                "play",
                "With four trumps or more he leads his highest trump, to draw the others; otherwise \
                 he leads and follows as `simple` does.",
            ),
        ],
    },
];

/// A player who judges his hand (the `judging` policy in [`POLICIES`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Judging {
    /// Who has revied already in this deal: each revies at most once, so the vie ends.
    revied: [bool; 3],
}

/// The longest suit's length.
fn longest_suit(hand: CardSet) -> u32 {
    Suit::ALL
        .iter()
        .map(|&s| hand.suit(s).len())
        .max()
        .unwrap_or(0)
}

impl Policy for Judging {
    fn bid(&mut self, view: &AuctionView) -> Bid {
        let value = 8 + 2 * view.hand.suit(view.trump).len();
        if view.lowest <= value || !view.may_pass {
            Bid::Bid(view.lowest)
        } else {
            Bid::Pass
        }
    }

    fn discard(&mut self, candidates: CardSet, count: u32, trump: Suit) -> CardSet {
        let mut keep = candidates.suit(trump).union(candidates.rank(Rank::ACE));
        for rank in 2..=14 {
            let cards = candidates.rank(Rank::new(rank).expect("2 to 14"));
            if cards.len() >= 3 {
                keep = keep.union(cards);
            }
        }
        let spare = candidates.difference(keep);
        let first = SimplePolicy.discard(spare, count.min(spare.len()), trump);
        let rest = count - first.len();
        first.union(SimplePolicy.discard(keep, rest, trump))
    }

    fn vie(&mut self, view: &VieView) -> VieCall {
        let length = longest_suit(view.hand);
        let seat: Seat = view.seat;
        if !view.vied {
            // A weak youngest who may double puts the ruff off to the next deal, doubled.
            return match (length >= 5, view.may_double) {
                (true, _) => VieCall::Vie,
                (false, true) => VieCall::Double,
                (false, false) => VieCall::Pass,
            };
        }
        if length >= 6 && !self.revied[seat.index()] {
            self.revied[seat.index()] = true;
            VieCall::Revie
        } else if length >= 4 {
            VieCall::See
        } else {
            VieCall::Pass
        }
    }

    fn card(&mut self, legal: CardSet, winners: CardSet, leading: bool, trump: Suit) -> Card {
        let trumps = legal.suit(trump);
        if leading && trumps.len() >= 4 {
            return trumps.highest().expect("four trumps");
        }
        SimplePolicy.card(legal, winners, leading, trump)
    }
}

/// Another policy, except that everybody passes in the auction: the deal as it goes when
/// nobody buys the stock (played under a reading that lets the eldest pass).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NobodyBuys<P>(pub P);

impl<P: Policy> Policy for NobodyBuys<P> {
    fn bid(&mut self, view: &AuctionView) -> Bid {
        if view.may_pass {
            Bid::Pass
        } else {
            self.0.bid(view)
        }
    }

    fn discard(&mut self, candidates: CardSet, count: u32, trump: Suit) -> CardSet {
        self.0.discard(candidates, count, trump)
    }

    fn vie(&mut self, view: &VieView) -> VieCall {
        self.0.vie(view)
    }

    fn card(&mut self, legal: CardSet, winners: CardSet, leading: bool, trump: Suit) -> Card {
        self.0.card(legal, winners, leading, trump)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(text: &str) -> CardSet {
        text.split_whitespace()
            .map(|t| t.parse::<Card>().unwrap())
            .collect()
    }

    fn auction(hand: &str, lowest: u32, may_pass: bool) -> AuctionView {
        AuctionView {
            seat: Seat(0),
            high: None,
            lowest,
            highest: lowest + 12,
            may_pass,
            hand: cards(hand),
            trump: Suit::Hearts,
        }
    }

    #[test]
    fn judging_bids_by_its_trumps() {
        let mut p = Judging::default();
        // Three trumps: the stock is worth 14 to him.
        let hand = "AH KH 4H AS KS QS JS TS 9S 8S 7S 6S";
        assert_eq!(p.bid(&auction(hand, 14, true)), Bid::Bid(14));
        assert_eq!(p.bid(&auction(hand, 15, true)), Bid::Pass);
        // No trumps: worth 8, under the minimum; he bids only where he must.
        let weak = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S AD";
        assert_eq!(p.bid(&auction(weak, 12, true)), Bid::Pass);
        assert_eq!(p.bid(&auction(weak, 12, false)), Bid::Bid(12));
    }

    #[test]
    fn judging_keeps_trumps_aces_and_sets() {
        let hand = cards("AH 4H AS QS QD QC 5S 6D 7C 8C 9D TD JC 5C 6S KD KC 9S 8S");
        let out = Judging::default().discard(hand, 7, Suit::Hearts);
        assert_eq!(out.len(), 7);
        // Trumps, Aces and the three Queens stay; the seven lowest of the rest go.
        assert_eq!(out, cards("5S 5C 6D 6S 7C 8C 8S"));
    }

    #[test]
    fn judging_vies_on_length_and_revies_once() {
        let mut p = Judging::default();
        let view = |vied, hand| VieView {
            seat: Seat(1),
            vied,
            may_double: false,
            hand: cards(hand),
        };
        let six = "AS KS QS JS TS 9S AH KH QH AD KD QD";
        let four = "AS KS QS JS AH KH QH JH AD KD QD 4C";
        let three = "AS KS QS AH KH QH AD KD QD AC KC QC";
        assert_eq!(p.vie(&view(false, four)), VieCall::Pass);
        assert_eq!(p.vie(&view(false, six)), VieCall::Vie);
        assert_eq!(p.vie(&view(true, six)), VieCall::Revie);
        assert_eq!(p.vie(&view(true, six)), VieCall::See);
        assert_eq!(p.vie(&view(true, three)), VieCall::Pass);
        let youngest = VieView {
            may_double: true,
            ..view(false, four)
        };
        assert_eq!(p.vie(&youngest), VieCall::Double);
    }

    #[test]
    fn judging_draws_trumps_with_four() {
        let mut p = Judging::default();
        let hand = cards("AH 9H 5H 4H AS KS");
        assert_eq!(
            p.card(hand, CardSet::EMPTY, true, Suit::Hearts),
            "AH".parse().unwrap()
        );
        let three = cards("9H 5H 4H AS KS");
        assert_eq!(
            p.card(three, CardSet::EMPTY, true, Suit::Hearts),
            "AS".parse().unwrap()
        );
    }
}
