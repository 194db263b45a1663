//! The Glic engine: plays a scenario's deal under one reading's [`Rules`] and writes its
//! [`Record`].
//!
//! The engine knows rule points, never readings. One module per stage, in the order of play:
//! [`ante`] stakes the board, [`sweep`] settles the sweepstakes, [`poch`] runs the betting and
//! compares the hands, [`countdown`] plays the cards to 31 until a player goes out. Steps a
//! scenario leaves out are filled by a [`Policy`]; the default, [`SimplePolicy`], is simple
//! enough to follow by hand.

mod ante;
mod countdown;
mod poch;
mod policy;
mod sweep;

pub use countdown::value;
pub use poch::shape;
pub use policy::{CountView, Policy, SimplePolicy};

pub use crate::game::Unplayable;

use super::board::Board;
use super::points::{GlicRules, Point, choice};
use super::record::{Payment, Record, Stage, Why};
use super::scenario::{GlicScenario, Seat};
use crate::cards::{Card, Pack, Suit};
use crate::game::Party;
use crate::rules::{AsPoint, Rules};

/// The result of one scenario under one reading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Played(Box<Record>),
    Unplayable(Unplayable),
}

impl Outcome {
    pub fn record(&self) -> Option<&Record> {
        match self {
            Outcome::Played(r) => Some(r),
            Outcome::Unplayable(_) => None,
        }
    }
}

/// Plays a scenario under a reading, filling gaps with the [`SimplePolicy`].
pub fn play(scenario: &GlicScenario, rules: &Rules) -> Outcome {
    play_with(scenario, rules, &mut SimplePolicy)
}

/// Plays a scenario under a reading, filling gaps with the given policy.
pub fn play_with<P: Policy>(scenario: &GlicScenario, rules: &Rules, policy: &mut P) -> Outcome {
    match run(scenario, rules, policy) {
        Ok(record) => Outcome::Played(Box::new(record)),
        Err(u) => Outcome::Unplayable(u),
    }
}

type Step<T = ()> = Result<T, Unplayable>;

fn unplayable(point: Point, action: String, reason: String, at: Option<u32>) -> Unplayable {
    Unplayable {
        point: point.point(),
        action,
        reason,
        at,
    }
}

/// The deal, stage by stage.
fn run<P: Policy>(s: &GlicScenario, r: &Rules, policy: &mut P) -> Step<Record> {
    check_pack(s, r)?;
    let mut deal = Deal::new(s, r);
    let antes = deal.ante(policy);
    let (claims, compartments) = deal.sweepstakes(&antes);
    let poch = deal.poch(policy)?;
    let countdown = deal.countdown(&poch, policy)?;
    let mut compartments = compartments;
    compartments[super::board::Compartment::Poch.index()] = deal.poch_end;
    Ok(Record {
        seats: deal.n,
        dealer: s.dealer,
        cut: s.cut,
        trumps: deal.trumps,
        carried: s.carried,
        antes,
        claims,
        compartments,
        poch,
        countdown,
        payments: deal.payments,
        cited: deal.cited,
    })
}

/// The pack of the reading.
pub fn pack(r: &Rules) -> Pack {
    match r.pack() {
        choice::Pack::Full52 => Pack::Full52,
        choice::Pack::Piquet32 => Pack::Piquet32,
    }
}

/// Every card dealt, and the cut, must be in the reading's pack.
fn check_pack(s: &GlicScenario, r: &Rules) -> Step {
    let pack = pack(r);
    let outside = |c: Card| !pack.contains(c);
    let summary = Point::Pack.def().choices[r.get(Point::Pack) as usize].summary;
    let reason = || {
        format!(
            "the {} pack has no such card: {}",
            pack.name(),
            summary.trim_end_matches('.')
        )
    };
    for seat in s.head.all_seats() {
        if let Some(card) = s.hands[seat.index()].iter().find(|&c| outside(c)) {
            return Err(unplayable(
                Point::Pack,
                format!("{} is dealt {card}", s.name(seat)),
                reason(),
                Some(s.hand_at[seat.index()]),
            ));
        }
    }
    if outside(s.cut) {
        return Err(unplayable(
            Point::Pack,
            format!("the cut turns up {}", s.cut),
            reason(),
            Some(s.cut_at),
        ));
    }
    Ok(())
}

/// A deal in progress: the board, the payments so far, and the points cited.
pub(crate) struct Deal<'a> {
    pub s: &'a GlicScenario,
    pub r: &'a Rules,
    pub n: usize,
    pub trumps: Suit,
    pub board: Board,
    /// The Poch compartment as settled.
    pub poch_end: super::record::CompartmentEnd,
    pub payments: Vec<Payment>,
    pub cited: Vec<Point>,
}

impl<'a> Deal<'a> {
    fn new(s: &'a GlicScenario, r: &'a Rules) -> Deal<'a> {
        Deal {
            s,
            r,
            n: s.seats(),
            trumps: s.cut.suit(),
            board: s.carried,
            poch_end: Default::default(),
            payments: Vec::new(),
            cited: Vec::new(),
        }
    }

    /// Records a payment of so many pennies (none when it is 0).
    pub fn pay(
        &mut self,
        stage: Stage,
        from: Party,
        to: Party,
        pennies: u32,
        point: Point,
        why: Why,
    ) {
        if pennies == 0 {
            return;
        }
        self.payments.push(Payment {
            stage,
            from,
            to,
            pennies,
            point,
            why,
        });
    }

    /// Cites a point that decided something without a payment of its own.
    pub fn cite(&mut self, point: Point) {
        if !self.cited.contains(&point) {
            self.cited.push(point);
        }
    }

    /// The seats in turn from the eldest.
    pub fn in_turn(&self) -> impl Iterator<Item = Seat> + use<> {
        self.s.in_turn()
    }
}

#[cfg(test)]
mod tests;
