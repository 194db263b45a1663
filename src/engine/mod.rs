//! The engine: plays a scenario under one reading's [`Rules`] and writes its [`Ledger`].
//!
//! The engine knows rule points, never variants. Each phase of the deal lives in its own module
//! and reads only the points that bear on it. Steps a scenario leaves out are filled by a
//! [`Policy`]; the default, [`SimplePolicy`], is documented so that a reader can follow it by hand.

mod auction;
mod exchange;
mod lowtrumps;
mod policy;
mod reckoning;
mod ruff;
mod sets;
mod tricks;
mod turnup;

pub use policy::{AuctionView, Policy, SimplePolicy, VieView};
pub use ruff::ruff_value;
pub use tricks::{trick_winner, winning_cards};

use crate::cards::{Card, CardSet, Suit};
use crate::ledger::Ledger;
use crate::rules::{Point, Rules};
use crate::scenario::{Scenario, Seat};

/// Why a reading cannot play a scripted action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unplayable {
    /// The rule point that forbids it.
    pub point: Point,
    /// The scripted action, in words ("Ann bids 12").
    pub action: String,
    /// What the reading requires instead.
    pub reason: String,
    /// Where the action is written (an index into the scenario's locations).
    pub at: Option<u32>,
}

/// The result of one scenario under one reading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Played(Ledger),
    Unplayable(Unplayable),
}

impl Outcome {
    pub fn ledger(&self) -> Option<&Ledger> {
        match self {
            Outcome::Played(l) => Some(l),
            Outcome::Unplayable(_) => None,
        }
    }
}

/// Plays a scenario under a reading, filling gaps with the [`SimplePolicy`].
pub fn play(scenario: &Scenario, rules: &Rules) -> Outcome {
    play_with(scenario, rules, &mut SimplePolicy)
}

/// Plays a scenario under a reading, filling gaps with the given policy.
pub fn play_with<P: Policy>(scenario: &Scenario, rules: &Rules, policy: &mut P) -> Outcome {
    let mut deal = Deal::new(scenario, rules);
    match deal.run(policy) {
        Ok(()) => Outcome::Played(deal.ledger),
        Err(u) => Outcome::Unplayable(u),
    }
}

/// The state of a deal in progress.
pub(crate) struct Deal<'a> {
    pub s: &'a Scenario,
    pub r: &'a Rules,
    pub trump: Suit,
    /// The hands as they stand (after the exchange, shrinking in play).
    pub hands: [CardSet; 3],
    pub buyer: Option<Seat>,
    /// The buyer laid out fewer than seven cards.
    pub short_discard: bool,
    /// The hands when play begins, for honours held, sets and low trumps.
    pub held: [CardSet; 3],
    pub ledger: Ledger,
}

type Step = Result<(), Unplayable>;

impl<'a> Deal<'a> {
    fn new(s: &'a Scenario, r: &'a Rules) -> Deal<'a> {
        Deal {
            s,
            r,
            trump: s.turn_up.suit(),
            hands: s.hands,
            buyer: None,
            short_discard: false,
            held: s.hands,
            ledger: Ledger {
                payments: Vec::with_capacity(24),
                events: Vec::with_capacity(16),
                tricks: Vec::with_capacity(12),
                pot_before: s.carried.pot,
                ..Ledger::default()
            },
        }
    }

    fn run<P: Policy>(&mut self, policy: &mut P) -> Step {
        self.turn_up();
        self.auction(policy)?;
        self.exchange(policy)?;
        self.held = self.hands;
        self.ruff(policy)?;
        self.sets();
        self.low_trumps();
        self.tricks(policy)?;
        self.reckoning();
        Ok(())
    }

    pub fn name(&self, seat: Seat) -> &str {
        self.s.name(seat)
    }

    pub fn is_trump(&self, card: Card) -> bool {
        card.suit() == self.trump
    }

    pub fn opponents(seat: Seat) -> [Seat; 2] {
        [seat.next(), seat.next().next()]
    }

    pub fn unplayable(
        &self,
        point: Point,
        action: String,
        reason: String,
        at: Option<u32>,
    ) -> Unplayable {
        Unplayable {
            point,
            action,
            reason,
            at,
        }
    }
}

#[cfg(test)]
mod tests;
