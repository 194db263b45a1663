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
mod replay;
mod ruff;
mod sets;
mod tricks;
mod turnup;

pub use policy::{AuctionView, Policy, SimplePolicy, VieView};
pub use replay::{Replays, Switched};
pub use ruff::ruff_value;
pub use tricks::{trick_winner, winning_cards};

use crate::cards::{Card, CardSet, Suit};
use crate::games::gleek::ledger::{Filled, Ledger, Phase};
use crate::games::gleek::points::Point;
use crate::games::gleek::scenario::{Carried, Clockwise, Scenario, Seat};
use crate::rules::{AsPoint, Rules};

pub use crate::game::Unplayable;

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

/// Plays a scenario under a variant's reading (or rules made from it), with what the scenario
/// carries over for that variant.
pub fn play_as(scenario: &Scenario, variant: &str, rules: &Rules) -> Outcome {
    let mut deal = Deal::new(scenario, rules, scenario.carried_under(Some(variant)));
    deal.run(&mut SimplePolicy);
    deal.outcome()
}

/// Plays a scenario under a reading, filling gaps with the given policy.
pub fn play_with<P: Policy>(scenario: &Scenario, rules: &Rules, policy: &mut P) -> Outcome {
    let mut deal = Deal::new(scenario, rules, scenario.carried);
    deal.run(policy);
    deal.outcome()
}

/// Every scripted action a reading forbids, and the ledger as far as the first of them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Through {
    pub forbidden: Vec<Unplayable>,
    /// The ledger when the first forbidden action came, marked with the phase it stopped in.
    pub before: Option<Ledger>,
}

/// Plays a scenario under a variant's reading past every forbidden action it can: after one, the
/// deal goes on as if the reading allowed it, where it can be taken at all (a bid under the
/// minimum stands, a card against the follow rule is played); where it cannot (a call out of
/// turn, a call after the vie is over) the deal stops there.
pub fn play_through(scenario: &Scenario, variant: &str, rules: &Rules) -> Through {
    let mut deal = Deal::new(scenario, rules, scenario.carried_under(Some(variant)));
    deal.run(&mut SimplePolicy);
    Through {
        forbidden: deal.forbidden,
        before: deal.before,
    }
}

/// The stages of a deal, in the order played. A play can be saved before each and resumed there
/// ([`Replays`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stage {
    TurnUp,
    Auction,
    Exchange,
    Ruff,
    Sets,
    LowTrumps,
    Tricks,
    Reckoning,
}

impl Stage {
    pub const ALL: [Stage; 8] = [
        Stage::TurnUp,
        Stage::Auction,
        Stage::Exchange,
        Stage::Ruff,
        Stage::Sets,
        Stage::LowTrumps,
        Stage::Tricks,
        Stage::Reckoning,
    ];
}

/// The state of a deal in progress.
pub(crate) struct Deal<'a> {
    pub s: &'a Scenario,
    pub r: &'a Rules,
    /// What an earlier deal left, under this reading.
    pub carried: Carried,
    pub trump: Suit,
    /// The hands as they stand (after the exchange, shrinking in play).
    pub hands: [CardSet; 3],
    pub buyer: Option<Seat>,
    /// The buyer laid out fewer than seven cards.
    pub short_discard: bool,
    /// The hands when play begins, for honours held, sets and low trumps.
    pub held: [CardSet; 3],
    pub ledger: Ledger,
    /// The scripted actions the reading forbids, in order.
    pub forbidden: Vec<Unplayable>,
    /// The ledger as it stood at the first forbidden action.
    pub before: Option<Ledger>,
}

/// A forbidden action after which the deal cannot go on (the action is recorded in
/// [`Deal::forbidden`] first).
pub(crate) struct Stop;

type Step = Result<(), Stop>;

impl<'a> Deal<'a> {
    fn new(s: &'a Scenario, r: &'a Rules, carried: Carried) -> Deal<'a> {
        Deal::writing_in(s, r, carried, Deal::lists())
    }

    /// A ledger's lists, empty, with room for most deals.
    fn lists() -> Ledger {
        Ledger {
            payments: Vec::with_capacity(24),
            events: Vec::with_capacity(16),
            tricks: Vec::with_capacity(12),
            ..Ledger::default()
        }
    }

    /// A deal whose ledger is written in the empty lists of `lists` (its other fields unset):
    /// a replay lends the lists of a ledger it no longer needs.
    fn writing_in(s: &'a Scenario, r: &'a Rules, carried: Carried, lists: Ledger) -> Deal<'a> {
        Deal {
            s,
            r,
            carried,
            trump: s.turn_up.suit(),
            hands: s.hands,
            buyer: None,
            short_discard: false,
            held: s.hands,
            ledger: Ledger {
                order: s.speaking_order(),
                pot_before: carried.pot,
                ..lists
            },
            forbidden: Vec::new(),
            before: None,
        }
    }

    fn run<P: Policy>(&mut self, policy: &mut P) {
        for stage in Stage::ALL {
            // A stop leaves the rest unplayed; what was forbidden is in `self.forbidden`.
            if self.stage(stage, policy).is_err() {
                return;
            }
        }
    }

    fn stage<P: Policy>(&mut self, stage: Stage, policy: &mut P) -> Step {
        match stage {
            Stage::TurnUp => self.turn_up(),
            Stage::Auction => self.auction(policy)?,
            Stage::Exchange => {
                self.exchange(policy)?;
                self.held = self.hands;
            }
            Stage::Ruff => self.ruff(policy)?,
            Stage::Sets => self.sets(),
            Stage::LowTrumps => self.low_trumps(),
            Stage::Tricks => {
                let filled_from = self.tricks(policy)?;
                self.note_filled_play(filled_from);
            }
            Stage::Reckoning => self.reckoning(),
        }
        Ok(())
    }

    /// The result: played, or not playable for the first forbidden action.
    fn outcome(self) -> Outcome {
        match self.forbidden.into_iter().next() {
            None => Outcome::Played(self.ledger),
            Some(u) => Outcome::Unplayable(u),
        }
    }

    /// Records a forbidden action, met in `phase`; the first keeps the ledger as it stands.
    pub fn forbid(
        &mut self,
        phase: Phase,
        point: Point,
        action: String,
        reason: String,
        at: Option<u32>,
    ) {
        if self.forbidden.is_empty() {
            let mut before = self.ledger.clone();
            before.stopped = Some(phase);
            self.before = Some(before);
        }
        self.forbidden.push(Unplayable {
            point: point.point(),
            action,
            reason,
            at,
        });
    }

    /// Records a step the engine fills, once, where it first fills it. One the scenario scripts
    /// in part (its last scripted action at `last`), without saying `then auto`, is kept apart
    /// for a note to the writer.
    pub fn fill(&mut self, filled: Filled, last: Option<u32>, announced: bool) {
        let kind = std::mem::discriminant(&filled);
        if self
            .ledger
            .filled
            .iter()
            .any(|f| std::mem::discriminant(f) == kind)
        {
            return;
        }
        if last.is_some() && !announced {
            self.ledger.partly_scripted.push((filled, last));
        }
        self.ledger.filled.push(filled);
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
}

#[cfg(test)]
mod tests;
