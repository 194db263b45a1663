//! Scenarios: a deal and what the players did, written by hand in YAML.
//!
//! A scenario is checked here for everything that does not depend on a reading of the rules
//! (every card once, twelve a hand, names that exist). Whether its actions are legal under a
//! reading is the engine's question, and "not playable" is one of its answers.

pub use crate::game::Seat;

use crate::cards::{Card, CardSet};
use crate::diagnostic::Location;
use crate::game::Head;
use crate::money::Money;
use std::fmt;

/// The three seats of a Gleek table.
pub const SEATS: [Seat; 3] = [Seat(0), Seat(1), Seat(2)];

/// Gleek is played by three, clockwise.
pub trait Clockwise {
    /// The next seat clockwise.
    fn next(self) -> Seat;
}

impl Clockwise for Seat {
    fn next(self) -> Seat {
        Seat((self.0 + 1) % 3)
    }
}

/// What the table agreed before the deal, where a reading makes a rule optional: for each low
/// trump, turned up and held apart (Cotgrave prices Tiddy turned up and held alike; Parlett makes
/// only the held Tiddy optional). `None` where the scenario does not say.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Agreement {
    pub tiddy_turned: Option<bool>,
    pub tiddy_held: Option<bool>,
    pub towser_tumbler_turned: Option<bool>,
    pub towser_tumbler_held: Option<bool>,
}

impl Agreement {
    /// The agreement on a low trump (4, 5 or 6 of trumps), turned up or held.
    pub fn on(&self, rank: crate::cards::Rank, turned: bool) -> Option<bool> {
        match (rank == crate::cards::Rank::FOUR, turned) {
            (true, true) => self.tiddy_turned,
            (true, false) => self.tiddy_held,
            (false, true) => self.towser_tumbler_turned,
            (false, false) => self.towser_tumbler_held,
        }
    }
}

/// What an earlier deal left over.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Carried {
    /// How many deals in a row the ruff was not played and carried: under the doubling reading,
    /// doubled by the youngest; under the others, passed by all three.
    pub ruff_passed: u32,
    /// Money already lying in the pot.
    pub pot: Money,
}

/// What an earlier deal left under one reading, and where the scenario names the reading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadingCarried {
    pub variant: String,
    pub carried: Carried,
    pub at: Location,
}

/// Steps the writer scripted in part and left the rest of to the engine on purpose (`then auto`),
/// so that no note is printed for them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Continued {
    pub auction: bool,
    pub vie: bool,
    pub play: bool,
}

/// One call in the auction for the stock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bid {
    Bid(u32),
    Pass,
}

/// One call in the vie for the ruff.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VieCall {
    Vie,
    See,
    Revie,
    Pass,
    /// The youngest doubles a ruff the eldest and middle hand passed, to be played for in the next
    /// deal (Cotton).
    Double,
}

impl VieCall {
    pub fn word(self) -> &'static str {
        match self {
            VieCall::Vie => "vies",
            VieCall::See => "sees",
            VieCall::Revie => "sees and revies",
            VieCall::Pass => "passes",
            VieCall::Double => "doubles the ruff for the next deal",
        }
    }
}

/// A gleek (three) or mournival (four) of one rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Set {
    pub rank: crate::cards::Rank,
    pub mournival: bool,
}

impl fmt::Display for Set {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = if self.mournival { "mournival" } else { "gleek" };
        write!(f, "a {kind} of {}", self.rank.plural())
    }
}

/// An action the scenario scripts, with the seat that takes it and where it is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scripted<T> {
    pub seat: Seat,
    pub what: T,
    /// Index into [`Head::locations`].
    pub at: u32,
}

/// Each player's cards in the order he plays them. A script shorter than twelve cards a player
/// is completed by the engine, which the scenario must ask for (`then: auto`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayScript {
    pub cards: [Vec<(Card, u32)>; 3],
}

impl PlayScript {
    pub fn is_empty(&self) -> bool {
        self.cards.iter().all(Vec::is_empty)
    }
}

/// A deal and the actions taken in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scenario {
    /// Id, title, names, expectations and where it is written.
    pub head: Head,
    pub dealer: Seat,
    /// The hands as dealt.
    pub hands: [CardSet; 3],
    pub turn_up: Card,
    pub stock: CardSet,
    pub agreed: Agreement,
    /// What an earlier deal left, for every reading.
    pub carried: Carried,
    /// What an earlier deal left under some readings alone.
    pub carried_for: Vec<ReadingCarried>,
    pub continued: Continued,
    pub auction: Option<Vec<Scripted<Bid>>>,
    /// The buyer's discards (the buyer is whoever the auction makes him).
    pub discard: Option<Vec<(Card, u32)>>,
    pub vie: Option<Vec<Scripted<VieCall>>>,
    pub false_claims: Vec<Scripted<Set>>,
    pub play: PlayScript,
}

impl Scenario {
    /// The dealer's left, who bids, vies and leads first.
    pub fn eldest(&self) -> Seat {
        self.dealer.next()
    }

    pub fn name(&self, seat: Seat) -> &str {
        self.head.name(seat)
    }

    pub fn seat_of(&self, name: &str) -> Option<Seat> {
        self.head.seat_of(name)
    }

    /// Seats in order of speaking: eldest, middle, youngest (the dealer).
    pub fn speaking_order(&self) -> [Seat; 3] {
        let e = self.eldest();
        [e, e.next(), e.next().next()]
    }

    pub fn location_of(&self, at: u32) -> &Location {
        &self.head.locations[at as usize]
    }

    /// What an earlier deal left under a variant: its own `carried:` if the scenario writes one,
    /// else what it writes for every reading.
    pub fn carried_under(&self, variant: Option<&str>) -> Carried {
        variant
            .and_then(|v| self.carried_for.iter().find(|c| c.variant == v))
            .map_or(self.carried, |c| c.carried)
    }
}

impl Scenario {
    /// A bare deal with nothing scripted: the engine fills every step. For simulations,
    /// benchmarks and tests; the stock is whatever the hands and turn-up leave.
    pub fn dealt(seats: [&str; 3], dealer: Seat, hands: [CardSet; 3], turn_up: Card) -> Scenario {
        let dealt = hands[0]
            .union(hands[1])
            .union(hands[2])
            .union(CardSet::from_cards([turn_up]));
        Scenario {
            head: Head {
                id: "dealt".to_string(),
                title: "A dealt hand".to_string(),
                notes: None,
                seats: seats.map(str::to_string).to_vec(),
                expect: Vec::new(),
                locations: Vec::new(),
                location: Location::file_start(std::path::Path::new("(dealt)"), ""),
                yaml: String::new(),
            },
            dealer,
            hands,
            turn_up,
            stock: crate::cards::Pack::Gleek44.cards().difference(dealt),
            agreed: Agreement::default(),
            carried: Carried::default(),
            carried_for: Vec::new(),
            continued: Continued::default(),
            auction: None,
            discard: None,
            vie: None,
            false_claims: Vec::new(),
            play: PlayScript::default(),
        }
    }
}
