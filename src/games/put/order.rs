//! The order of the cards at Put: which ranks a reading's pack holds and how they rank. Suits
//! never matter; two cards of one rank are equal.

use super::points::choice::Pack;
use crate::cards::{Card, CardSet};

/// The ranks of a pack, highest first, as face values (Ace 14).
fn ranks(pack: Pack) -> &'static [u8] {
    match pack {
        Pack::Full52 => &[3, 2, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4],
        Pack::Stripped28 => &[3, 2, 14, 13, 12, 11, 10],
        Pack::Stripped32 => &[3, 2, 14, 13, 12, 11, 10, 9],
        Pack::Truc32 => &[6, 7, 14, 13, 12, 11, 10, 9],
    }
}

/// How many ranks a pack holds: the strength of its best card.
pub fn ranks_held(pack: Pack) -> u8 {
    ranks(pack).len() as u8
}

/// How strong a card is in a pack (higher wins), or `None` when the pack has no such card.
pub fn strength(pack: Pack, card: Card) -> Option<u8> {
    let order = ranks(pack);
    order
        .iter()
        .position(|&r| r == card.rank().value())
        .map(|i| (order.len() - i) as u8)
}

/// The pack's ranks in words, highest first: "3 2 A K Q J 10".
pub fn ranks_in_words(pack: Pack) -> String {
    let words: Vec<&str> = ranks(pack)
        .iter()
        .map(|&r| match r {
            14 => "A",
            13 => "K",
            12 => "Q",
            11 => "J",
            10 => "10",
            9 => "9",
            8 => "8",
            7 => "7",
            6 => "6",
            5 => "5",
            4 => "4",
            3 => "3",
            _ => "2",
        })
        .collect();
    words.join(" ")
}

/// The strongest card of a hand (the first in suit order among equals), or `None` when the hand
/// is empty or holds a card outside the pack.
pub fn best(pack: Pack, hand: CardSet) -> Option<Card> {
    extreme(pack, hand, |a, b| a > b)
}

/// The weakest card of a hand (the first in suit order among equals).
pub fn worst(pack: Pack, hand: CardSet) -> Option<Card> {
    extreme(pack, hand, |a, b| a < b)
}

fn extreme(pack: Pack, hand: CardSet, better: impl Fn(u8, u8) -> bool) -> Option<Card> {
    let mut found: Option<(Card, u8)> = None;
    for card in hand.iter() {
        let s = strength(pack, card)?;
        if found.is_none_or(|(_, f)| better(s, f)) {
            found = Some((card, s));
        }
    }
    found.map(|(c, _)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(t: &str) -> Card {
        t.parse().unwrap()
    }

    #[test]
    fn put_order_runs_from_the_trey_to_the_four() {
        let p = Pack::Full52;
        let order = [
            "3S", "2H", "AD", "KC", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S",
        ];
        for w in order.windows(2) {
            assert!(strength(p, card(w[0])) > strength(p, card(w[1])), "{w:?}");
        }
        assert_eq!(strength(p, card("3S")), strength(p, card("3H")));
    }

    #[test]
    fn short_packs_hold_only_their_ranks() {
        assert_eq!(strength(Pack::Stripped28, card("9S")), None);
        assert!(strength(Pack::Stripped32, card("9S")).is_some());
        assert_eq!(strength(Pack::Stripped32, card("8S")), None);
        assert_eq!(strength(Pack::Truc32, card("3S")), None);
        assert_eq!(strength(Pack::Truc32, card("8S")), None);
        assert!(strength(Pack::Truc32, card("6S")) > strength(Pack::Truc32, card("7S")));
        assert!(strength(Pack::Truc32, card("7S")) > strength(Pack::Truc32, card("AS")));
        assert_eq!(ranks_in_words(Pack::Stripped28), "3 2 A K Q J 10");
        assert_eq!(ranks_in_words(Pack::Truc32), "6 7 A K Q J 10 9");
    }

    #[test]
    fn best_and_worst_follow_the_pack() {
        let hand: CardSet = ["6S", "AH", "KD"].iter().map(|t| card(t)).collect();
        assert_eq!(best(Pack::Full52, hand), Some(card("AH")));
        assert_eq!(worst(Pack::Full52, hand), Some(card("6S")));
        assert_eq!(best(Pack::Truc32, hand), Some(card("6S")));
        assert_eq!(worst(Pack::Truc32, hand), Some(card("KD")));
        assert_eq!(best(Pack::Stripped28, hand), None);
    }
}
