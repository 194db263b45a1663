//! Scenarios: a deal and what the players did, written by hand in YAML.
//!
//! A scenario is checked here for everything that does not depend on a reading of the rules
//! (every card once, twelve a hand, names that exist). Whether its actions are legal under a
//! reading is the engine's question, and "not playable" is one of its answers.

pub mod markdown;
mod parse;

pub use markdown::{ScenarioBlock, extract_blocks};
pub use parse::parse_scenario;

use crate::cards::{Card, CardSet};
use crate::diagnostic::Location;
use crate::money::Money;
use std::fmt;

/// A seat at the table: an index into [`Scenario::seats`], which run clockwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Seat(pub u8);

impl Seat {
    pub const ALL: [Seat; 3] = [Seat(0), Seat(1), Seat(2)];

    /// The next seat clockwise.
    pub fn next(self) -> Seat {
        Seat((self.0 + 1) % 3)
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// What the table agreed before the deal, where a reading makes a rule optional.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Agreement {
    /// Play at Tiddy; `None` when the scenario does not say.
    pub tiddy: Option<bool>,
    /// Pay for Towser and Tumbler; `None` when the scenario does not say.
    pub towser_tumbler: Option<bool>,
}

/// What an earlier deal left over.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Carried {
    /// How many deals in a row the ruff was passed with nobody vying.
    pub ruff_passed: u32,
    /// Money already lying in the pot.
    pub pot: Money,
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
}

impl VieCall {
    pub fn word(self) -> &'static str {
        match self {
            VieCall::Vie => "vies",
            VieCall::See => "sees",
            VieCall::Revie => "sees and revies",
            VieCall::Pass => "passes",
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
    /// Index into [`Scenario::locations`].
    pub at: u32,
}

/// Each player's cards in the order he plays them; shorter lists are completed by the engine.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayScript {
    pub cards: [Vec<(Card, u32)>; 3],
}

impl PlayScript {
    pub fn is_empty(&self) -> bool {
        self.cards.iter().all(Vec::is_empty)
    }
}

/// One figure a page expects under a variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Figure {
    /// A player's net over the whole deal.
    Net(Seat),
    /// A player's net in one phase.
    Phase(crate::ledger::Phase, Seat),
    /// A player's card and honour points.
    Points(Seat),
    /// What lies in the pot at the end, beyond what was carried in.
    Pot,
    /// What went to the box.
    Box,
}

/// What a page says a variant does with the scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expected {
    /// Figures, each with where it is written.
    Figures(Vec<(Figure, Money, Location)>),
    /// Not playable, optionally because of a named rule point.
    Unplayable(Option<crate::rules::Point>),
}

/// The expectations of one variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expectation {
    pub variant: String,
    pub expected: Expected,
    pub location: Location,
}

/// A deal and the actions taken in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scenario {
    pub id: String,
    pub title: String,
    pub notes: Option<String>,
    /// Names, clockwise.
    pub seats: [String; 3],
    pub dealer: Seat,
    /// The hands as dealt.
    pub hands: [CardSet; 3],
    pub turn_up: Card,
    pub stock: CardSet,
    pub agreed: Agreement,
    pub carried: Carried,
    pub auction: Option<Vec<Scripted<Bid>>>,
    /// The buyer's discards (the buyer is whoever the auction makes him).
    pub discard: Option<Vec<(Card, u32)>>,
    pub vie: Option<Vec<Scripted<VieCall>>>,
    pub false_claims: Vec<Scripted<Set>>,
    pub play: PlayScript,
    pub expect: Vec<Expectation>,
    /// Where each scripted action is written, indexed by `at`.
    pub locations: Vec<Location>,
    /// Where the scenario starts.
    pub location: Location,
    /// The scenario's YAML as written, for the site.
    pub yaml: String,
}

impl Scenario {
    /// The dealer's left, who bids, vies and leads first.
    pub fn eldest(&self) -> Seat {
        self.dealer.next()
    }

    pub fn name(&self, seat: Seat) -> &str {
        &self.seats[seat.index()]
    }

    pub fn seat_of(&self, name: &str) -> Option<Seat> {
        self.seats
            .iter()
            .position(|s| s.eq_ignore_ascii_case(name))
            .map(|i| Seat(i as u8))
    }

    /// Seats in order of speaking: eldest, middle, youngest (the dealer).
    pub fn speaking_order(&self) -> [Seat; 3] {
        let e = self.eldest();
        [e, e.next(), e.next().next()]
    }

    pub fn location_of(&self, at: u32) -> &Location {
        &self.locations[at as usize]
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
            id: "dealt".to_string(),
            title: "A dealt hand".to_string(),
            notes: None,
            seats: seats.map(str::to_string),
            dealer,
            hands,
            turn_up,
            stock: crate::cards::Pack::Gleek44.cards().difference(dealt),
            agreed: Agreement::default(),
            carried: Carried::default(),
            auction: None,
            discard: None,
            vie: None,
            false_claims: Vec::new(),
            play: PlayScript::default(),
            expect: Vec::new(),
            locations: Vec::new(),
            location: Location::file_start(std::path::Path::new("(dealt)"), ""),
            yaml: String::new(),
        }
    }
}
