//! Cards, suits, ranks, packs and the notation people write them in.
//!
//! A card is one byte (`suit * 16 + rank`), so a set of cards is one `u64`: the engine's hot
//! loops (legal moves, tricks, ruff counts) are bit operations. The model knows the 52-card pack
//! and which ranks a game strips out, so the Gleek pack (44), Put (52) and Glic (32) share it.

use std::fmt;

/// The four suits, in the order the engine lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    Spades = 0,
    Hearts = 1,
    Diamonds = 2,
    Clubs = 3,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    pub fn symbol(self) -> char {
        ['♠', '♥', '♦', '♣'][self as usize]
    }

    pub fn name(self) -> &'static str {
        ["spades", "hearts", "diamonds", "clubs"][self as usize]
    }

    /// Red suits are printed in red on the site.
    pub fn is_red(self) -> bool {
        matches!(self, Suit::Hearts | Suit::Diamonds)
    }

    fn from_index(i: u8) -> Suit {
        Suit::ALL[(i & 3) as usize]
    }

    fn parse(c: char) -> Option<Suit> {
        Some(match c {
            'S' | 's' | '♠' | '♤' => Suit::Spades,
            'H' | 'h' | '♥' | '♡' => Suit::Hearts,
            'D' | 'd' | '♦' | '♢' => Suit::Diamonds,
            'C' | 'c' | '♣' | '♧' => Suit::Clubs,
            _ => return None,
        })
    }
}

/// A rank from 2 to 14 (Ace high). Games that rank differently (Put's Threes and Twos above the
/// Ace) order cards themselves; the rank is only the card's face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

impl Rank {
    pub const TWO: Rank = Rank(2);
    pub const THREE: Rank = Rank(3);
    pub const FOUR: Rank = Rank(4);
    pub const FIVE: Rank = Rank(5);
    pub const SIX: Rank = Rank(6);
    pub const SEVEN: Rank = Rank(7);
    pub const TEN: Rank = Rank(10);
    pub const JACK: Rank = Rank(11);
    pub const QUEEN: Rank = Rank(12);
    pub const KING: Rank = Rank(13);
    pub const ACE: Rank = Rank(14);

    pub fn new(value: u8) -> Option<Rank> {
        (2..=14).contains(&value).then_some(Rank(value))
    }

    /// 2 to 14, Ace 14.
    pub fn value(self) -> u8 {
        self.0
    }

    pub fn label(self) -> &'static str {
        [
            "", "", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
        ][self.0 as usize]
    }

    /// The plural English name, for "a gleek of Kings".
    pub fn plural(self) -> &'static str {
        [
            "", "", "Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines",
            "Tens", "Knaves", "Queens", "Kings", "Aces",
        ][self.0 as usize]
    }
}

/// One card of the 52-card pack.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    pub fn new(suit: Suit, rank: Rank) -> Card {
        Card(((suit as u8) << 4) | rank.0)
    }

    pub fn suit(self) -> Suit {
        Suit::from_index(self.0 >> 4)
    }

    pub fn rank(self) -> Rank {
        Rank(self.0 & 15)
    }

    fn bit(self) -> u64 {
        1u64 << self.0
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank().label(), self.suit().symbol())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a card token could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CardError {
    #[error(
        "`{0}` is not a card: write a rank (A K Q J 10 9 8 7 6 5 4 3 2, or T for ten) and a suit (♠ ♥ ♦ ♣ or S H D C), as in `A♠`, `10H` or `td`"
    )]
    Unreadable(String),
    #[error("{card} is not in the {pack} pack ({rule})")]
    NotInPack {
        card: Card,
        pack: &'static str,
        rule: &'static str,
    },
}

impl std::str::FromStr for Card {
    type Err = CardError;

    /// Reads `A♠`, `10♥`, `AS`, `TH`, `10h`, `kd`: rank first, then suit, either case.
    ///
    /// ```
    /// use mournival::cards::{Card, Pack};
    /// assert_eq!("th".parse::<Card>().unwrap().to_string(), "10♥");
    /// assert!(Pack::Gleek44.parse_card("3H").is_err());
    /// ```
    fn from_str(token: &str) -> Result<Card, CardError> {
        let bad = || CardError::Unreadable(token.to_string());
        let mut chars = token.chars();
        let suit_char = chars.next_back().ok_or_else(bad)?;
        let suit = Suit::parse(suit_char).ok_or_else(bad)?;
        let rank = match chars.as_str().to_ascii_uppercase().as_str() {
            "A" => Rank::ACE,
            "K" => Rank::KING,
            "Q" => Rank::QUEEN,
            "J" => Rank::JACK,
            "T" | "10" => Rank::TEN,
            digit if digit.len() == 1 => {
                let value = digit.parse::<u8>().map_err(|_| bad())?;
                Rank::new(value).ok_or_else(bad)?
            }
            _ => return Err(bad()),
        };
        Ok(Card::new(suit, rank))
    }
}

/// A set of cards: a hand, a stock, the cards won. One bit per card.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CardSet(u64);

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);

    pub fn from_cards<I: IntoIterator<Item = Card>>(cards: I) -> CardSet {
        let mut set = CardSet::EMPTY;
        for card in cards {
            set.insert(card);
        }
        set
    }

    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn contains(self, card: Card) -> bool {
        self.0 & card.bit() != 0
    }

    /// Adds a card; false when it was already there.
    pub fn insert(&mut self, card: Card) -> bool {
        let fresh = !self.contains(card);
        self.0 |= card.bit();
        fresh
    }

    pub fn remove(&mut self, card: Card) -> bool {
        let present = self.contains(card);
        self.0 &= !card.bit();
        present
    }

    pub fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    pub fn intersection(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    pub fn difference(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// The cards of one suit.
    pub fn suit(self, suit: Suit) -> CardSet {
        CardSet(self.0 & (0xFFFFu64 << ((suit as u32) * 16)))
    }

    /// The cards of one rank, in every suit.
    pub fn rank(self, rank: Rank) -> CardSet {
        CardSet(self.0 & (0x0001_0001_0001_0001u64 << rank.0))
    }

    /// The cards of a suit ranked strictly above a rank.
    pub fn above(self, suit: Suit, rank: u8) -> CardSet {
        let mask = if rank >= 15 {
            0
        } else {
            0xFFFFu64 & !((2u64 << rank) - 1)
        };
        CardSet(self.0 & (mask << ((suit as u32) * 16)))
    }

    /// The highest rank held in a suit (0 when void).
    pub fn top_rank(self, suit: Suit) -> u8 {
        let bits = (self.0 >> ((suit as u32) * 16)) & 0xFFFF;
        // No card has rank bit 0: a void suit's top is 0, with no branch (a trick asks for
        // every card played).
        63 - (bits | 1).leading_zeros() as u8
    }

    /// The highest card by rank (Ace high), suits broken in suit order.
    pub fn highest(self) -> Option<Card> {
        let ranks = self.ranks();
        (ranks != 0).then(|| self.first_suit_of(15 - ranks.leading_zeros() as u8))
    }

    /// The lowest card by rank, suits broken in suit order.
    pub fn lowest(self) -> Option<Card> {
        let ranks = self.ranks();
        (ranks != 0).then(|| self.first_suit_of(ranks.trailing_zeros() as u8))
    }

    /// The ranks held in any suit, as bits by rank: the engine's policies pick a card by rank
    /// for every card played, so by bits rather than card by card.
    fn ranks(self) -> u16 {
        let b = self.0;
        (b | b >> 16 | b >> 32 | b >> 48) as u16
    }

    /// The card of `rank` in the first suit (in suit order) that holds it; one does.
    fn first_suit_of(self, rank: u8) -> Card {
        let suits = (self.0 >> rank) & 0x0001_0001_0001_0001;
        Card((suits.trailing_zeros() as u8) | rank)
    }

    /// Cards in suit order, then rank from high to low: the order hands are printed in.
    pub fn iter(self) -> impl Iterator<Item = Card> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(Card(i))
        })
    }

    /// Cards as printed: by suit (♠ ♥ ♦ ♣), high to low within the suit.
    pub fn sorted(self) -> Vec<Card> {
        let mut cards: Vec<Card> = self.iter().collect();
        cards.sort_by_key(|c| (c.suit(), std::cmp::Reverse(c.rank())));
        cards
    }
}

impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, card) in self.sorted().into_iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{card}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{self}}}")
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        CardSet::from_cards(iter)
    }
}

/// The packs of the games Mournival knows: which ranks are kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pack {
    /// Gleek: the 52-card pack without Twos and Threes.
    Gleek44,
    /// Put: the full pack.
    Full52,
    /// Glic and Piquet: Sevens to Aces.
    Piquet32,
}

impl Pack {
    pub fn name(self) -> &'static str {
        match self {
            Pack::Gleek44 => "44-card Gleek",
            Pack::Full52 => "52-card",
            Pack::Piquet32 => "32-card",
        }
    }

    fn lowest_rank(self) -> Rank {
        match self {
            Pack::Gleek44 => Rank::FOUR,
            Pack::Full52 => Rank::TWO,
            Pack::Piquet32 => Rank::SEVEN,
        }
    }

    fn rule(self) -> &'static str {
        match self {
            Pack::Gleek44 => "Twos and Threes are cast out",
            Pack::Full52 => "every card is used",
            Pack::Piquet32 => "only Sevens to Aces are used",
        }
    }

    pub fn contains(self, card: Card) -> bool {
        card.rank() >= self.lowest_rank()
    }

    /// Every card of the pack.
    pub fn cards(self) -> CardSet {
        Suit::ALL
            .iter()
            .flat_map(|&s| (self.lowest_rank().0..=14).map(move |r| Card::new(s, Rank(r))))
            .collect()
    }

    pub fn size(self) -> u32 {
        self.cards().len()
    }

    /// Reads a token and checks the card belongs to this pack.
    pub fn parse_card(self, token: &str) -> Result<Card, CardError> {
        let card: Card = token.parse()?;
        if self.contains(card) {
            Ok(card)
        } else {
            Err(CardError::NotInPack {
                card,
                pack: self.name(),
                rule: self.rule(),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_symbol_and_ascii_notation() {
        for (token, shown) in [
            ("A♠", "A♠"),
            ("10♥", "10♥"),
            ("K♦", "K♦"),
            ("4♣", "4♣"),
            ("AS", "A♠"),
            ("TH", "10♥"),
            ("10H", "10♥"),
            ("kd", "K♦"),
            ("4c", "4♣"),
            ("td", "10♦"),
        ] {
            assert_eq!(token.parse::<Card>().unwrap().to_string(), shown, "{token}");
        }
    }

    #[test]
    fn rejects_what_is_not_a_card() {
        for token in ["", "A", "1S", "11H", "ZZ", "AX", "10", "♠"] {
            assert!(token.parse::<Card>().is_err(), "{token} should not parse");
        }
    }

    #[test]
    fn gleek_pack_has_44_cards_and_no_twos_or_threes() {
        assert_eq!(Pack::Gleek44.size(), 44);
        assert_eq!(Pack::Full52.size(), 52);
        assert_eq!(Pack::Piquet32.size(), 32);
        let err = Pack::Gleek44.parse_card("3H").unwrap_err();
        assert_eq!(
            err.to_string(),
            "3♥ is not in the 44-card Gleek pack (Twos and Threes are cast out)"
        );
        assert!(Pack::Full52.parse_card("3H").is_ok());
    }

    #[test]
    fn sets_select_by_suit_and_rank() {
        let hand: CardSet = ["AS", "KS", "AH", "4C", "AD"]
            .iter()
            .map(|t| t.parse::<Card>().unwrap())
            .collect();
        assert_eq!(hand.suit(Suit::Spades).len(), 2);
        assert_eq!(hand.rank(Rank::ACE).len(), 3);
        assert_eq!(hand.to_string(), "A♠ K♠ A♥ A♦ 4♣");
        assert_eq!(hand.highest().unwrap().to_string(), "A♠");
        assert_eq!(hand.lowest().unwrap().to_string(), "4♣");
        assert_eq!(hand.above(Suit::Spades, 12).to_string(), "A♠ K♠");
        assert_eq!(hand.above(Suit::Spades, 14).len(), 0);
        assert_eq!(hand.top_rank(Suit::Spades), 14);
        assert_eq!(hand.top_rank(Suit::Clubs), 4);
        assert_eq!(CardSet::EMPTY.top_rank(Suit::Clubs), 0);
    }

    proptest::proptest! {
        /// The highest and lowest card found by bits are those found card by card: by rank,
        /// ties broken in suit order.
        #[test]
        fn highest_and_lowest_by_bits_are_by_rank_then_suit(bits in proptest::prelude::any::<u64>()) {
            let hand = CardSet(bits & Pack::Full52.cards().0);
            let by_card = hand.iter().max_by_key(|c| (c.rank(), std::cmp::Reverse(c.suit())));
            proptest::prop_assert_eq!(hand.highest(), by_card);
            proptest::prop_assert_eq!(hand.lowest(), hand.iter().min_by_key(|c| (c.rank(), c.suit())));
        }
    }
}
