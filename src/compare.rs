//! Comparisons built on the engine: a reading's open alternatives, and which rule points
//! account for the difference between two readings on a scenario.

use crate::engine::{Outcome, play};
use crate::money::Money;
use crate::rules::{Point, Rules};
use crate::scenario::Scenario;
use crate::variant::Variant;

/// What a result comes to, for comparing outcomes: each player's net, or not playable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Result3 {
    Nets([Money; 3]),
    Unplayable(Point),
}

impl Result3 {
    pub fn of(outcome: &Outcome) -> Result3 {
        match outcome {
            Outcome::Played(l) => Result3::Nets(l.nets()),
            Outcome::Unplayable(u) => Result3::Unplayable(u.point),
        }
    }
}

/// One alternative a reading leaves open that changes the result.
#[derive(Clone, Debug)]
pub struct Alternative {
    pub point: Point,
    pub choice: u8,
    pub outcome: Outcome,
}

/// A scenario evaluated under one reading.
#[derive(Clone, Debug)]
pub struct Evaluation {
    pub outcome: Outcome,
    /// The alternatives (one point switched at a time) that change the result.
    pub alternatives: Vec<Alternative>,
}

impl Evaluation {
    /// Each player's lowest and highest net across the main reading and its alternatives.
    pub fn spread(&self) -> Option<[(Money, Money); 3]> {
        let mut nets = std::iter::once(&self.outcome)
            .chain(self.alternatives.iter().map(|a| &a.outcome))
            .filter_map(|o| o.ledger().map(|l| l.nets()));
        let first = nets.next()?;
        let mut spread = first.map(|m| (m, m));
        for n in nets {
            for (s, m) in spread.iter_mut().zip(n) {
                *s = (s.0.min(m), s.1.max(m));
            }
        }
        Some(spread)
    }

    /// The result rests on more than one reading of the source.
    pub fn is_open(&self) -> bool {
        !self.alternatives.is_empty()
    }
}

/// Plays a scenario under a variant and under each alternative it lists.
pub fn evaluate(scenario: &Scenario, variant: &Variant) -> Evaluation {
    let outcome = play(scenario, &variant.rules);
    let main = Result3::of(&outcome);
    let mut alternatives = Vec::new();
    for &point in Point::ALL {
        for &choice in &variant.choice(point).alternatives {
            let o = play(scenario, &variant.rules.with(point, choice));
            if Result3::of(&o) != main {
                alternatives.push(Alternative {
                    point,
                    choice,
                    outcome: o,
                });
            }
        }
    }
    Evaluation {
        outcome,
        alternatives,
    }
}

/// The effect of switching one point from reading A's choice to reading B's.
#[derive(Clone, Debug)]
pub struct Attribution {
    pub point: Point,
    pub from: Result3,
    pub to: Result3,
}

/// The rule points that account for the difference between two readings on a scenario: each
/// point on which they differ is switched alone, from A's choice to B's, and kept if it changes
/// A's result. The effects need not add up when points interact.
pub fn attribute(scenario: &Scenario, a: &Rules, b: &Rules) -> Vec<Attribution> {
    let base = Result3::of(&play(scenario, a));
    a.differences(b)
        .into_iter()
        .filter_map(|point| {
            let to = Result3::of(&play(scenario, &a.with(point, b.get(point))));
            (to != base).then_some(Attribution {
                point,
                from: base,
                to,
            })
        })
        .collect()
}
