//! Comparisons built on the engine: a reading's open alternatives, and which rule points
//! account for the difference between two readings on a scenario.

use crate::game::{Outcome, Scenario};
use crate::money::Money;
use crate::rules::{Point, Rules};
use crate::variant::Variant;

/// What a result comes to, for comparing outcomes: where each player stands (his net, or his
/// score in a game that keeps one), or not playable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Summary {
    Nets(Vec<Money>),
    Unplayable(Point),
}

impl Summary {
    pub fn of(outcome: &Outcome) -> Summary {
        match outcome {
            Outcome::Played(l) => Summary::Nets(l.standing()),
            Outcome::Unplayable(u) => Summary::Unplayable(u.point),
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
    /// Each player's lowest and highest standing across the main reading and its alternatives.
    pub fn spread(&self) -> Option<Vec<(Money, Money)>> {
        let mut nets = std::iter::once(&self.outcome)
            .chain(self.alternatives.iter().map(|a| &a.outcome))
            .filter_map(|o| o.played().map(|l| l.standing()));
        let first = nets.next()?;
        let mut spread: Vec<(Money, Money)> = first.into_iter().map(|m| (m, m)).collect();
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

/// Plays a scenario under each alternative a variant lists, one point switched at a time, whether
/// or not it changes the result.
pub fn alternatives(scenario: &dyn Scenario, variant: &Variant) -> Vec<Alternative> {
    let mut out = Vec::new();
    for point in variant.rules.table().all() {
        for &choice in &variant.choice(point).alternatives {
            out.push(Alternative {
                point,
                choice,
                outcome: scenario.play_as(&variant.id, &variant.rules.with(point, choice)),
            });
        }
    }
    out
}

/// Plays a scenario under a variant and under each alternative it lists.
pub fn evaluate(scenario: &dyn Scenario, variant: &Variant) -> Evaluation {
    let outcome = scenario.play_as(&variant.id, &variant.rules);
    let main = Summary::of(&outcome);
    let alternatives = alternatives(scenario, variant)
        .into_iter()
        .filter(|a| Summary::of(&a.outcome) != main)
        .collect();
    Evaluation {
        outcome,
        alternatives,
    }
}

/// The effect of switching one point from reading A's choice to reading B's.
#[derive(Clone, Debug)]
pub struct Attribution {
    pub point: Point,
    pub from: Summary,
    pub to: Summary,
}

/// The rule points that account for the difference between two readings on a scenario: each
/// point on which they differ is switched alone, from A's choice to B's, and kept if it changes
/// A's result. The effects need not add up when points interact. What the scenario writes for A
/// alone (Gleek's per-reading `carried:`) stays A's throughout.
pub fn attribute(scenario: &dyn Scenario, a: &Variant, b: &Rules) -> Vec<Attribution> {
    let play = |rules: &Rules| Summary::of(&scenario.play_as(&a.id, rules));
    let base = play(&a.rules);
    a.rules
        .differences(b)
        .into_iter()
        .filter_map(|point| {
            let to = play(&a.rules.with(point, b.get(point)));
            (to != base).then(|| Attribution {
                point,
                from: base.clone(),
                to,
            })
        })
        .collect()
}
