//! Put scenarios: a table, perhaps a score already standing, and a sequence of deals with what
//! the players did, written by hand in YAML.
//!
//! The parser checks everything that does not depend on a reading (three cards a hand, every card
//! once a deal, names that are seats, a passing that fits the seating). Whether an action is legal
//! under a reading is the engine's question, and "not playable" is one of its answers.

pub use crate::game::Seat;

use crate::cards::{Card, CardSet};
use crate::diagnostic::Location;
use crate::game::Head;

/// The next seat clockwise at a table of `n`: the player on this one's left.
pub fn left_of(seat: Seat, n: usize) -> Seat {
    Seat(((seat.index() + 1) % n) as u8)
}

/// A seat's partner in four-handed Put: the player opposite.
pub fn partner(seat: Seat) -> Seat {
    Seat(((seat.index() + 2) % 4) as u8)
}

/// The side a seat plays for: partners opposite each other with four, each for himself otherwise.
pub fn side_of(seat: Seat, seats: usize) -> usize {
    if seats == 4 {
        seat.index() % 2
    } else {
        seat.index()
    }
}

/// How many sides keep a score.
pub fn sides(seats: usize) -> usize {
    if seats == 4 { 2 } else { seats }
}

/// How the first dealer is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FirstDeal {
    /// Named by the scenario.
    Dealer(Seat),
    /// Decided by each reading from the cards cut, one per seat in seat order (with where each
    /// is written).
    Cut(Vec<(Card, u32)>),
}

/// A word a player says instead of playing a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Call {
    /// "I put": the challenge.
    Put,
    /// Le Truc's proposal to double the hand: the same call as a put.
    Double,
    See,
    Refuse,
    /// Throws up (throws in) his cards.
    Throw,
}

impl Call {
    pub fn word(self) -> &'static str {
        match self {
            Call::Put => "put",
            Call::Double => "double",
            Call::See => "see",
            Call::Refuse => "refuse",
            Call::Throw => "throw",
        }
    }
}

/// One thing a player does: a call or a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act {
    Call(Call),
    Card(Card),
}

/// An action the scenario scripts, with its player and where it is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scripted {
    pub seat: Seat,
    pub act: Act,
    /// Index into [`PutScenario::locations`].
    pub at: u32,
}

/// What the players did in a deal.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Play {
    /// Nothing scripted: the engine's policy plays the deal.
    #[default]
    Auto,
    /// Actions in the order they were taken.
    Actions(Vec<Scripted>),
    /// Each seat's cards in the order he plays them (no calls).
    ByPlayer(Vec<Vec<(Card, u32)>>),
}

/// One side's passing in four-handed Put: the giver's card to his partner, and the partner's
/// card laid out in exchange.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pass {
    pub giver: Seat,
    pub given: Card,
    pub receiver: Seat,
    pub laid_out: Card,
    /// Where the gift and the lay-out are written.
    pub give_at: u32,
    pub lay_at: u32,
}

/// One deal: the hands as dealt, the passing (four seats only), and the play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealScript {
    /// Per seat.
    pub hands: Vec<CardSet>,
    /// Where each hand is written.
    pub hand_at: Vec<u32>,
    /// Per side, with four seats; empty otherwise.
    pub passes: Vec<Pass>,
    pub play: Play,
}

/// A Put scenario, checked for everything that does not depend on a reading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PutScenario {
    /// The id, title, seats (names, clockwise: two to four), expectations and locations.
    pub head: Head,
    pub first: FirstDeal,
    /// Each side's score when the scenario starts.
    pub score: Vec<u32>,
    pub deals: Vec<DealScript>,
}

impl PutScenario {
    pub fn name(&self, seat: Seat) -> &str {
        self.head.name(seat)
    }

    pub fn seats(&self) -> usize {
        self.head.seats.len()
    }

    /// A side by its players' names: "Ann", or "Ann and Cat" with partners.
    pub fn side_name(&self, side: usize) -> String {
        let seats = &self.head.seats;
        if seats.len() == 4 {
            format!("{} and {}", seats[side], seats[side + 2])
        } else {
            seats[side].clone()
        }
    }

    pub fn sides(&self) -> usize {
        sides(self.seats())
    }

    /// A bare match with nothing scripted, for simulations and tests: the engine's policy plays
    /// every deal.
    pub fn dealt(seats: &[&str], dealer: Seat, deals: Vec<Vec<CardSet>>) -> PutScenario {
        let start = Location::file_start(std::path::Path::new("(dealt)"), "");
        PutScenario {
            head: Head {
                id: "dealt".to_string(),
                title: "Dealt hands".to_string(),
                notes: None,
                seats: seats.iter().map(|s| s.to_string()).collect(),
                expect: Vec::new(),
                locations: Vec::new(),
                location: start,
                yaml: String::new(),
            },
            first: FirstDeal::Dealer(dealer),
            score: vec![0; sides(seats.len())],
            deals: deals
                .into_iter()
                .map(|hands| DealScript {
                    hand_at: vec![0; hands.len()],
                    hands,
                    passes: Vec::new(),
                    play: Play::Auto,
                })
                .collect(),
        }
    }
}
