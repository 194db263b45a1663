//! Glic scenarios: a table, a board perhaps carrying coins from an earlier deal, one deal of four
//! cards a player, and what the players did, written by hand in YAML. An evening holds several
//! such rounds, each played on the board the round before it leaves.
//!
//! The parser checks everything that does not depend on a reading (three to six seats, four cards
//! a hand, every card once, the cut not in a hand, antes on a staked compartment, the Poch bets in
//! turn from the eldest, each scripted card in its player's hand). Whether an action is legal
//! under a reading is the engine's question, and "not playable" is one of its answers.

pub use crate::game::Seat;

use super::board::{Board, Compartment};
use crate::cards::{Card, CardSet};
use crate::diagnostic::Location;
use crate::game::Head;

/// The next seat clockwise at a table of `n`: the player on this one's left.
pub fn left_of(seat: Seat, n: usize) -> Seat {
    Seat(((seat.index() + 1) % n) as u8)
}

/// What a player says when his turn comes in the Poch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bet {
    Pass,
    /// As much as the last bet made.
    See,
    Pennies(u32),
}

/// A scripted bet, with its player and where it is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScriptedBet {
    pub seat: Seat,
    pub bet: Bet,
    /// Index into [`Head::locations`].
    pub at: u32,
}

/// A scripted turn in the countdown: a card, or a pass (`None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScriptedPlay {
    pub seat: Seat,
    pub card: Option<Card>,
    pub at: u32,
}

/// A Glic scenario, checked for everything that does not depend on a reading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GlicScenario {
    /// The id, title, seats (names, clockwise: three to six), expectations and locations.
    pub head: Head,
    pub dealer: Seat,
    /// Per seat, as dealt.
    pub hands: Vec<CardSet>,
    /// Where each hand is written.
    pub hand_at: Vec<u32>,
    /// The card the cut turns up: its suit is trumps.
    pub cut: Card,
    pub cut_at: u32,
    /// Pennies on each compartment from an earlier deal.
    pub carried: Board,
    /// Per seat: the compartment of his ante, where the scenario says, and where it says it.
    pub antes: Vec<Option<(Compartment, u32)>>,
    /// The Poch bets scripted, in turn from the eldest.
    pub bets: Vec<ScriptedBet>,
    /// The countdown's turns scripted, in order; the engine plays on where they stop.
    pub countdown: Vec<ScriptedPlay>,
    /// The rounds after this one, in an evening: each is played on the board the round before
    /// it leaves under the reading, so its own `carried` is filled in at play.
    pub later: Vec<GlicScenario>,
}

impl GlicScenario {
    pub fn name(&self, seat: Seat) -> &str {
        self.head.name(seat)
    }

    pub fn seats(&self) -> usize {
        self.head.seats.len()
    }

    /// How many rounds the scenario plays: one, or an evening's.
    pub fn rounds(&self) -> usize {
        1 + self.later.len()
    }

    /// The dealer's left.
    pub fn eldest(&self) -> Seat {
        left_of(self.dealer, self.seats())
    }

    /// The seats in turn from the eldest, the dealer last.
    pub fn in_turn(&self) -> impl Iterator<Item = Seat> + use<> {
        let n = self.seats();
        let first = self.eldest().index();
        (0..n).map(move |k| Seat(((first + k) % n) as u8))
    }

    /// A bare deal with nothing scripted, for simulations and tests: the engine's policy antes,
    /// bets and plays.
    pub fn dealt(seats: &[&str], dealer: Seat, hands: Vec<CardSet>, cut: Card) -> GlicScenario {
        let start = Location::file_start(std::path::Path::new("(dealt)"), "");
        let n = seats.len();
        GlicScenario {
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
            dealer,
            hand_at: vec![0; n],
            hands,
            cut,
            cut_at: 0,
            carried: [0; 8],
            antes: vec![None; n],
            bets: Vec::new(),
            countdown: Vec::new(),
            later: Vec::new(),
        }
    }
}
