//! The board of Glic: eight compartments, and the pennies on each.

use crate::cards::Rank;

/// One compartment of the board, in Stewart's order: the top row Ace, King, Queen, Jack; the
/// bottom row Ten, King-Queen, Nine-Eight-Seven, Poch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Compartment {
    Ace,
    King,
    Queen,
    Jack,
    Ten,
    Marriage,
    NineEightSeven,
    Poch,
}

impl Compartment {
    pub const ALL: [Compartment; 8] = [
        Compartment::Ace,
        Compartment::King,
        Compartment::Queen,
        Compartment::Jack,
        Compartment::Ten,
        Compartment::Marriage,
        Compartment::NineEightSeven,
        Compartment::Poch,
    ];

    /// The seven that take antes and are won in the sweepstakes: all but the Poch.
    pub const STAKED: &'static [Compartment] = Compartment::ALL.as_slice().split_at(7).0;

    pub fn index(self) -> usize {
        self as usize
    }

    /// Its name in a scenario and in `expect:`.
    pub fn id(self) -> &'static str {
        match self {
            Compartment::Ace => "ace",
            Compartment::King => "king",
            Compartment::Queen => "queen",
            Compartment::Jack => "jack",
            Compartment::Ten => "ten",
            Compartment::Marriage => "marriage",
            Compartment::NineEightSeven => "nine-eight-seven",
            Compartment::Poch => "poch",
        }
    }

    /// Its name for readers.
    pub fn title(self) -> &'static str {
        match self {
            Compartment::Ace => "Ace",
            Compartment::King => "King",
            Compartment::Queen => "Queen",
            Compartment::Jack => "Jack",
            Compartment::Ten => "Ten",
            Compartment::Marriage => "King-Queen",
            Compartment::NineEightSeven => "Nine-Eight-Seven",
            Compartment::Poch => "Poch",
        }
    }

    /// The compartment as a place on the board, for the ledger: "Queen compartment".
    pub fn place(self) -> &'static str {
        match self {
            Compartment::Ace => "Ace compartment",
            Compartment::King => "King compartment",
            Compartment::Queen => "Queen compartment",
            Compartment::Jack => "Jack compartment",
            Compartment::Ten => "Ten compartment",
            Compartment::Marriage => "King-Queen compartment",
            Compartment::NineEightSeven => "Nine-Eight-Seven compartment",
            Compartment::Poch => "Poch compartment",
        }
    }

    pub fn from_id(id: &str) -> Option<Compartment> {
        Compartment::ALL
            .into_iter()
            .find(|c| c.id().eq_ignore_ascii_case(id))
    }

    /// The trump that takes an honour compartment.
    pub fn honour(self) -> Option<Rank> {
        match self {
            Compartment::Ace => Some(Rank::ACE),
            Compartment::King => Some(Rank::KING),
            Compartment::Queen => Some(Rank::QUEEN),
            Compartment::Jack => Some(Rank::JACK),
            Compartment::Ten => Some(Rank::TEN),
            _ => None,
        }
    }

    /// "`ace`, `king`, ... or `nine-eight-seven`": the staked compartments, for messages.
    pub fn staked_list() -> String {
        let ids: Vec<String> = Compartment::STAKED
            .iter()
            .map(|c| format!("`{}`", c.id()))
            .collect();
        format!("{} or {}", ids[..6].join(", "), ids[6])
    }
}

/// Pennies on each compartment, in the order of [`Compartment::ALL`].
pub type Board = [u32; 8];

/// The board as a scenario's `carried:` writes it: `carried: {ace: 1, poch: 3}`, the empty
/// compartments left out.
pub fn carried(board: &Board) -> String {
    let on: Vec<String> = Compartment::ALL
        .iter()
        .filter(|c| board[c.index()] > 0)
        .map(|c| format!("{}: {}", c.id(), board[c.index()]))
        .collect();
    format!("carried: {{{}}}", on.join(", "))
}

/// The pennies on the whole board.
pub fn total(board: &Board) -> u32 {
    board.iter().sum()
}
