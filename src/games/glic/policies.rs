//! The policies a simulation may follow at Glic, selectable with `--policy`: `simple` is the
//! engine's own [`SimplePolicy`]; `judging` ([`Judging`]) stakes where the board is richest,
//! bets by the kind of its hand, and plays for 31.

use super::board::{Board, Compartment};
use super::engine::{CountView, Policy, SimplePolicy, shape, value};
use super::record::Kind;
use super::scenario::Bet;
use crate::cards::{Card, CardSet, Suit};
use crate::simulate::PolicyDoc;

/// The policies, the default first: `simple`, then `judging`.
pub const POLICIES: &[PolicyDoc] = &[
    PolicyDoc {
        id: "simple",
        summary: "The engine's own policy, which also fills the steps a scenario leaves out: \
                  the ante goes where the board is poorest, a pair or better bets a penny, and \
                  the countdown plays the card counting most.",
        steps: &[
            (
                "ante",
                "Stakes the compartment holding the fewest coins, the first of equals in board \
                 order (Ace, King, Queen, Jack, Ten, King-Queen, Nine-Eight-Seven).",
            ),
            (
                "bet",
                "Bets one penny in the Poch with a pair or better (sees an opening bet, where \
                 that is the choice), and passes otherwise.",
            ),
            (
                "countdown",
                "Plays the card counting most that fits, the highest rank among equal counts; \
                 never passes while he can play.",
            ),
        ],
    },
    PolicyDoc {
        id: "judging",
        summary: "A player who judges his hand: he stakes where the board is richest, bets more \
                  the better his Poch hand, and plays to make 31.",
        steps: &[
            (
                "ante",
                "Stakes the compartment holding the most coins, the first of equals in board \
                 order.",
            ),
            (
                "bet",
                "Bets by the kind of his hand: a pair one penny, two pairs two, three of a kind \
                 three, four of a kind four, never above what the reading allows; a high card \
                 passes. After an opening bet he sees it with a pair or better.",
            ),
            (
                "countdown",
                "Plays a card that makes the count exactly 31 if he has one; otherwise as \
                 `simple` does.",
            ),
        ],
    },
];

/// A player who judges his hand (the `judging` policy in [`POLICIES`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Judging;

/// The pennies a hand of this kind is worth betting.
fn worth(kind: Kind) -> u32 {
    match kind {
        Kind::HighCard => 0,
        Kind::Pair => 1,
        Kind::TwoPairs => 2,
        Kind::Three => 3,
        Kind::Four => 4,
    }
}

impl Policy for Judging {
    fn ante(&mut self, board: &Board) -> Compartment {
        // The first of the richest: max_by_key keeps the last of equals, so look from the end.
        Compartment::STAKED
            .iter()
            .rev()
            .copied()
            .max_by_key(|c| board[c.index()])
            .expect("seven compartments")
    }

    fn bet(&mut self, hand: CardSet, trumps: Suit, legal: &[Bet]) -> Bet {
        // A hand's kind (pair, three...) does not depend on the trump order, only its rank does.
        let want = worth(shape(hand, trumps, false).kind);
        if want == 0 {
            return Bet::Pass;
        }
        if legal.contains(&Bet::See) {
            return Bet::See;
        }
        (1..=want)
            .rev()
            .map(Bet::Pennies)
            .find(|b| legal.contains(b))
            .unwrap_or(Bet::Pass)
    }

    fn play(&mut self, view: &CountView, legal: &[Option<Card>]) -> Option<Card> {
        let to_31 = legal
            .iter()
            .flatten()
            .copied()
            .filter(|&c| view.total + value(c) == 31)
            .max_by_key(|&c| (c.rank(), std::cmp::Reverse(c.suit())));
        to_31.or_else(|| SimplePolicy.play(view, legal))
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

    #[test]
    fn judging_stakes_the_richest_compartment_the_first_of_equals() {
        let mut board: Board = [0; 8];
        assert_eq!(Judging.ante(&board), Compartment::Ace);
        board[Compartment::Ten.index()] = 2;
        board[Compartment::Jack.index()] = 2;
        assert_eq!(Judging.ante(&board), Compartment::Jack);
        // The Poch is never staked, however rich.
        board[Compartment::Poch.index()] = 9;
        assert_eq!(Judging.ante(&board), Compartment::Jack);
    }

    #[test]
    fn judging_bets_by_the_kind_of_its_hand_within_the_limit() {
        let groat = [
            Bet::Pass,
            Bet::Pennies(1),
            Bet::Pennies(2),
            Bet::Pennies(3),
            Bet::Pennies(4),
        ];
        let bet = |hand: &str, legal: &[Bet]| Judging.bet(cards(hand), Suit::Hearts, legal);
        assert_eq!(bet("AS KD 7C 2H", &groat), Bet::Pass);
        assert_eq!(bet("AS AD 7C 2H", &groat), Bet::Pennies(1));
        assert_eq!(bet("AS AD 7C 7H", &groat), Bet::Pennies(2));
        assert_eq!(bet("AS AD AC 7H", &groat), Bet::Pennies(3));
        assert_eq!(bet("AS AD AC AH", &groat), Bet::Pennies(4));
        // One penny at most: he bets it.
        assert_eq!(
            bet("AS AD AC AH", &[Bet::Pass, Bet::Pennies(1)]),
            Bet::Pennies(1)
        );
        // After an opening: he sees with a pair.
        assert_eq!(bet("AS AD 7C 2H", &[Bet::Pass, Bet::See]), Bet::See);
        assert_eq!(bet("AS KD 7C 2H", &[Bet::Pass, Bet::See]), Bet::Pass);
    }

    #[test]
    fn judging_makes_31_when_it_can() {
        let view = CountView {
            hand: cards("KS 4D 9C"),
            total: 27,
        };
        let legal = [None, Some("4D".parse().unwrap())];
        assert_eq!(Judging.play(&view, &legal), Some("4D".parse().unwrap()));
        let view = CountView {
            hand: cards("KS 2D 3C"),
            total: 10,
        };
        let legal: Vec<Option<Card>> = view.hand.iter().map(Some).collect();
        // No card makes 31: the card counting most.
        assert_eq!(Judging.play(&view, &legal), Some("KS".parse().unwrap()));
    }
}
