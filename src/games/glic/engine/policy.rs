//! What the engine does where a scenario is silent. The default policy is simple and documented
//! so that a reader can follow it by hand; it is no model of good play.

use super::countdown::value;
use super::poch::shape;
use crate::cards::{Card, CardSet, Suit};
use crate::games::glic::board::{Board, Compartment};
use crate::games::glic::record::Kind;
use crate::games::glic::scenario::Bet;

/// What a policy may look at when it plays in the countdown.
pub struct CountView {
    pub hand: CardSet,
    /// The count so far.
    pub total: u32,
}

/// Chooses the actions a scenario leaves out; each answer is one of the choices offered.
pub trait Policy {
    /// Where a player puts his ante (`one-where-he-chooses`): one of the seven staked
    /// compartments, seeing the board so far.
    fn ante(&mut self, board: &Board) -> Compartment;
    /// A bet in the Poch, from the legal ones (never empty).
    fn bet(&mut self, hand: CardSet, trumps: Suit, legal: &[Bet]) -> Bet;
    /// A card in the countdown, or a pass (`None`), from the legal ones (never empty).
    fn play(&mut self, view: &CountView, legal: &[Option<Card>]) -> Option<Card>;
}

/// A player antes on the compartment holding the fewest coins, the first of equals in board
/// order. He bets one penny in the Poch with a pair or better (he sees an opening bet, where
/// that is the choice), and passes otherwise. In the countdown he plays the card counting most
/// that fits, the highest rank among equal counts and then the first in the order ♠ ♥ ♦ ♣, and
/// never passes while he can play.
#[derive(Clone, Copy, Debug, Default)]
pub struct SimplePolicy;

impl Policy for SimplePolicy {
    fn ante(&mut self, board: &Board) -> Compartment {
        Compartment::STAKED
            .iter()
            .copied()
            .min_by_key(|c| board[c.index()])
            .expect("seven compartments")
    }

    fn bet(&mut self, hand: CardSet, trumps: Suit, legal: &[Bet]) -> Bet {
        if shape(hand, trumps, false).kind < Kind::Pair {
            return Bet::Pass;
        }
        [Bet::See, Bet::Pennies(1)]
            .into_iter()
            .find(|b| legal.contains(b))
            .unwrap_or(Bet::Pass)
    }

    fn play(&mut self, _view: &CountView, legal: &[Option<Card>]) -> Option<Card> {
        legal
            .iter()
            .flatten()
            .copied()
            .max_by_key(|&c| (value(c), c.rank(), std::cmp::Reverse(c.suit())))
    }
}
