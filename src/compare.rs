//! Comparisons built on the engine: a reading's open alternatives, and how the difference
//! between two readings on a scenario divides among the rule points on which they differ.

use crate::attribution::{self, Method, Share, Unattributable};
use crate::game::{Outcome, Scenario};
use crate::money::Money;
use crate::rules::{Point, Rules};
use crate::variant::Variant;
use std::collections::HashMap;

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

/// How the difference between two readings on a scenario divides among the rule points on
/// which they differ.
#[derive(Clone, Debug)]
pub struct Attribution {
    pub from: Summary,
    pub to: Summary,
    /// The points on which the two readings choose differently, in declaration order.
    pub differing: Vec<Point>,
    /// Each point's share of the difference; why there is none otherwise.
    pub split: Result<Split, NoSplit>,
}

/// The difference split among the differing points, exactly adding up per seat.
#[derive(Clone, Debug)]
pub struct Split {
    /// Every differing point with its share per seat (in seat order), zero shares included.
    pub parts: Vec<(Point, Vec<Share>)>,
    /// Pairs whose joint effect differs from their two effects alone, the largest first.
    pub interactions: Vec<((Point, Point), Vec<Share>)>,
    pub method: Method,
}

impl Split {
    /// The parts that move anyone's standing.
    pub fn moving(&self) -> impl Iterator<Item = &(Point, Vec<Share>)> {
        self.parts
            .iter()
            .filter(|(_, s)| s.iter().any(|x| !x.is_zero()))
    }
}

/// Why a difference is not split.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoSplit {
    /// Both readings give the same result.
    Same,
    /// One reading cannot play the scenario: there is no difference in money to split.
    NotPlayable,
    /// Every order of switching the points passes through a reading that cannot play it.
    NoPlayableOrder,
}

impl Attribution {
    /// Each seat's difference, B's standing minus A's, when both are played.
    pub fn difference(&self) -> Option<Vec<Money>> {
        match (&self.from, &self.to) {
            (Summary::Nets(a), Summary::Nets(b)) => {
                Some(a.iter().zip(b).map(|(x, y)| *y - *x).collect())
            }
            _ => None,
        }
    }
}

/// A scenario's results under the readings asked so far: attributions from one reading to
/// several others pass through many of the same combinations of choices.
pub struct Plays<'a> {
    scenario: &'a dyn Scenario,
    /// The reading measured from: what the scenario writes for it alone (Gleek's per-reading
    /// `carried:`) holds throughout.
    reading: &'a str,
    seen: HashMap<Rules, Summary>,
}

impl<'a> Plays<'a> {
    pub fn new(scenario: &'a dyn Scenario, reading: &'a str) -> Plays<'a> {
        Plays {
            scenario,
            reading,
            seen: HashMap::new(),
        }
    }

    /// The scenario's result under `rules`, played once.
    pub fn summary(&mut self, rules: &Rules) -> Summary {
        let (scenario, reading) = (self.scenario, self.reading);
        self.seen
            .entry(*rules)
            .or_insert_with(|| Summary::of(&scenario.play_as(reading, rules)))
            .clone()
    }
}

/// Splits the difference between readings A and B on a scenario among the points on which they
/// differ: each point's Shapley value, its effect averaged over every order of switching the
/// points from A's choices to B's (see [`crate::attribution`]), so the parts add up to the whole.
pub fn attribute(scenario: &dyn Scenario, a: &Rules, b: &Rules) -> Attribution {
    attribute_with(&mut Plays::new(scenario, ""), a, b)
}

/// [`attribute`], with the results already played.
pub fn attribute_with(plays: &mut Plays, a: &Rules, b: &Rules) -> Attribution {
    let from = plays.summary(a);
    let to = plays.summary(b);
    let differing = a.differences(b);
    let split = if from == to {
        Err(NoSplit::Same)
    } else {
        split(plays, a, b, &differing)
    };
    Attribution {
        from,
        to,
        differing,
        split,
    }
}

fn split(plays: &mut Plays, a: &Rules, b: &Rules, points: &[Point]) -> Result<Split, NoSplit> {
    let value = |mask: u64| {
        let mut rules = *a;
        for (i, &p) in points.iter().enumerate() {
            if mask & (1 << i) != 0 {
                rules.set(p, b.get(p));
            }
        }
        match plays.summary(&rules) {
            Summary::Nets(n) => Some(n.iter().map(|m| m.as_halves()).collect()),
            Summary::Unplayable(_) => None,
        }
    };
    let shapley = attribution::shapley(points.len(), value).map_err(|e| match e {
        Unattributable::EndNotPlayable => NoSplit::NotPlayable,
        Unattributable::NoPlayableOrder => NoSplit::NoPlayableOrder,
    })?;
    Ok(Split {
        parts: points.iter().copied().zip(shapley.shares).collect(),
        interactions: shapley
            .interactions
            .into_iter()
            .map(|x| ((points[x.pair.0], points[x.pair.1]), x.shares))
            .collect(),
        method: shapley.method,
    })
}
