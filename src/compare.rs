//! Comparisons built on the engine: a reading's open alternatives, and how the difference
//! between two readings on a scenario divides among the rule points on which they differ.

use crate::attribution::{self, Method, Share, Unattributable, spread};
use crate::game::{Outcome, Scenario};
use crate::money::Money;
use crate::rules::{Point, Rules};
use crate::variant::Variant;
use std::collections::HashMap;

/// The plays' maps: their keys are ours (rules and a reading's id), hashed by the thousand for
/// every attribution, so a fast fixed hasher in place of SipHash's protection against chosen keys.
type Map<K, V> = HashMap<K, V, foldhash::fast::FixedState>;

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
    evaluate_with(&mut Plays::new(scenario), variant)
}

/// [`evaluate`], each result played once across everything asked of `plays`.
pub fn evaluate_with<'a>(plays: &mut Plays<'a>, variant: &'a Variant) -> Evaluation {
    let (outcome, main) = plays.played(Some(&variant.id), &variant.rules);
    let mut alternatives = Vec::new();
    for point in variant.rules.table().all() {
        for &choice in &variant.choice(point).alternatives {
            let rules = variant.rules.with(point, choice);
            if let Some(outcome) = plays.played_unless(Some(&variant.id), &rules, &main) {
                alternatives.push(Alternative {
                    point,
                    choice,
                    outcome,
                });
            }
        }
    }
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

/// A scenario's results, each played once: a build's evaluations, attributions, flips and rule
/// points' searches pass through many of the same rules. A result is keyed by the rules and by
/// the reading whose own words apply (Gleek's per-reading `carried:`), none where the scenario
/// writes nothing for that reading alone, so that readings share what they can. Only what a
/// result comes to is kept, unless the outcome itself is asked for: an attribution plays
/// thousands of combinations whose ledgers nobody reads.
///
/// A play reads its rules only through [`Rules::get`], which records the points read: rules
/// that agree with an earlier play's on every point it read (and what it came to read) come to
/// the same, and are not played again (as the simulation does, `crate::simulate`).
pub struct Plays<'a> {
    scenario: &'a dyn Scenario,
    /// Each result asked for, with the points its play read (or an earlier play's that
    /// reads the same).
    seen: Map<PlayKey<'a>, (Summary, u64, Option<Outcome>)>,
    /// What each play came to, by the points it read (bits by index), keyed by its choices on
    /// those points alone ([`Rules::only`]).
    by_read: Vec<(u64, Map<PlayKey<'a>, Summary>)>,
}

/// The reading whose own words apply, if any, and the rules.
type PlayKey<'a> = (Option<&'a str>, Rules);

impl<'a> Plays<'a> {
    pub fn new(scenario: &'a dyn Scenario) -> Plays<'a> {
        Plays {
            scenario,
            seen: Map::default(),
            by_read: Vec::new(),
        }
    }

    pub fn scenario(&self) -> &'a dyn Scenario {
        self.scenario
    }

    /// The key of a result: the rules, and `reading` if the scenario writes anything for it.
    fn key(&self, reading: Option<&'a str>, rules: &Rules) -> PlayKey<'a> {
        (reading.filter(|r| self.scenario.writes_for(r)), *rules)
    }

    /// Plays the scenario, and notes what it came to under the points read.
    fn play(&mut self, (reading, rules): &PlayKey<'a>) -> (Outcome, Summary, u64) {
        Rules::take_read();
        let outcome = match reading {
            Some(r) => self.scenario.play_as(r, rules),
            None => self.scenario.play(rules),
        };
        let summary = Summary::of(&outcome);
        let read = Rules::take_read();
        let known = (*reading, rules.only(read));
        match self.by_read.iter_mut().find(|(r, _)| *r == read) {
            Some((_, map)) => {
                map.insert(known, summary.clone());
            }
            None => {
                let mut map = Map::default();
                map.insert(known, summary.clone());
                self.by_read.push((read, map));
            }
        }
        (outcome, summary, read)
    }

    /// What an earlier play that read only points on which `key`'s rules agree came to, and
    /// those points (a play under `key` would read them too, and nothing else).
    fn known(&self, (reading, rules): &PlayKey<'a>) -> Option<(Summary, u64)> {
        self.by_read.iter().find_map(|(read, map)| {
            let summary = map.get(&(*reading, rules.only(*read)))?;
            Some((summary.clone(), *read))
        })
    }

    /// The scenario's outcome under `rules`, as [`Scenario::play_as`] gives it for `reading` (as
    /// [`Scenario::play`] for none), and what it comes to, kept.
    pub fn played(&mut self, reading: Option<&'a str>, rules: &Rules) -> (Outcome, Summary) {
        let key = self.key(reading, rules);
        if let Some((summary, _, Some(outcome))) = self.seen.get(&key) {
            return (outcome.clone(), summary.clone());
        }
        let (outcome, summary, read) = self.play(&key);
        self.seen
            .insert(key, (summary.clone(), read, Some(outcome.clone())));
        (outcome, summary)
    }

    /// The outcome under `rules`, for `reading`, unless it comes to `same`: most of a reading's
    /// alternatives switch a point its play never read, and an earlier play says what they come
    /// to without playing them.
    pub fn played_unless(
        &mut self,
        reading: Option<&'a str>,
        rules: &Rules,
        same: &Summary,
    ) -> Option<Outcome> {
        let key = self.key(reading, rules);
        match self.seen.get(&key) {
            Some((summary, _, Some(outcome))) => return (summary != same).then(|| outcome.clone()),
            Some((summary, _, None)) if summary == same => return None,
            None if self
                .known(&key)
                .is_some_and(|(summary, _)| summary == *same) =>
            {
                return None;
            }
            _ => {}
        }
        // Played: only an outcome that differs is kept (the table shows it).
        let (outcome, summary, read) = self.play(&key);
        let differs = summary != *same;
        self.seen
            .insert(key, (summary, read, differs.then(|| outcome.clone())));
        differs.then_some(outcome)
    }

    /// What the scenario's result comes to under `rules`, for `reading`, played at most once.
    pub fn summary(&mut self, reading: Option<&'a str>, rules: &Rules) -> Summary {
        self.summary_read(reading, rules).0
    }

    /// [`Plays::summary`], and the points (bits by index) its play reads: rules that agree
    /// with these on them come to the same.
    pub fn summary_read(&mut self, reading: Option<&'a str>, rules: &Rules) -> (Summary, u64) {
        let key = self.key(reading, rules);
        if let Some((summary, read, _)) = self.seen.get(&key) {
            return (summary.clone(), *read);
        }
        let (summary, read) = match self.known(&key) {
            Some(known) => known,
            None => {
                let (_, summary, read) = self.play(&key);
                (summary, read)
            }
        };
        self.seen.insert(key, (summary.clone(), read, None));
        (summary, read)
    }
}

/// Splits the difference between readings A and B on a scenario among the points on which they
/// differ: each point's Shapley value, its effect averaged over every order of switching the
/// points from A's choices to B's (see [`crate::attribution`]), so the parts add up to the whole.
pub fn attribute(scenario: &dyn Scenario, a: &Rules, b: &Rules) -> Attribution {
    attribute_with(&mut Plays::new(scenario), None, a, b)
}

/// [`attribute`], with the results already played, what the scenario writes for `reading` alone
/// holding throughout.
pub fn attribute_with<'a>(
    plays: &mut Plays<'a>,
    reading: Option<&'a str>,
    a: &Rules,
    b: &Rules,
) -> Attribution {
    let from = plays.summary(reading, a);
    let to = plays.summary(reading, b);
    let differing = a.differences(b);
    let split = if from == to {
        Err(NoSplit::Same)
    } else {
        split(plays, reading, a, b, &differing)
    };
    Attribution {
        from,
        to,
        differing,
        split,
    }
}

/// Splits the difference: the shares over the points some play between A's choices and B's
/// reads ([`relevant`]), the others null players with no share ([`Shapley::widen`]).
fn split<'a>(
    plays: &mut Plays<'a>,
    reading: Option<&'a str>,
    a: &Rules,
    b: &Rules,
    points: &[Point],
) -> Result<Split, NoSplit> {
    let at = |mask: u64| {
        let mut rules = *a;
        for (i, &p) in points.iter().enumerate() {
            if mask & (1 << i) != 0 {
                rules.set(p, b.get(p));
            }
        }
        rules
    };
    // Each seat's standing in half units, none where not playable.
    let value = |plays: &mut Plays<'a>, mask: u64| match plays.summary(reading, &at(mask)) {
        Summary::Nets(n) => Some(n.iter().map(|m| m.as_halves()).collect::<Vec<_>>()),
        Summary::Unplayable(_) => None,
    };
    let seats = value(plays, 0).map_or(0, |v| v.len());
    let reduced = relevant(plays, reading, &at, points).map(|kept| {
        let kept: Vec<usize> = (0..points.len()).filter(|i| kept & 1 << i != 0).collect();
        attribution::shapley(kept.len(), |m| value(plays, spread(m, &kept)))
            .map(|s| s.widen(points.len(), &kept, seats))
    });
    let shapley = match reduced {
        Some(Ok(Some(shapley))) => Ok(shapley),
        Some(Err(e)) => Err(e),
        // Too many points read, or too many differing for their orders to be counted.
        None | Some(Ok(None)) => attribution::shapley(points.len(), |m| value(plays, m)),
    }
    .map_err(|e| match e {
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

/// The differing `points` that some play between A's choices and B's reads, as bits over
/// `points`; `at` gives the rules with a set of them switched to B's. A point that no such
/// play reads is a null player: rules that differ only there play alike, so switching it
/// changes no set's value. Found from A's own play outwards: every set of the points found
/// so far is played, and the points those plays read join, until none does; then no set of
/// the points found reads another, and a set's value is that of its part among them. `None`
/// past [`attribution::EXACT_MAX`] points, whose sets are too many to play.
fn relevant<'a>(
    plays: &mut Plays<'a>,
    reading: Option<&'a str>,
    at: &impl Fn(u64) -> Rules,
    points: &[Point],
) -> Option<u64> {
    let among = |read: u64| {
        (points.iter().enumerate())
            .filter(|(_, p)| read & 1 << p.index() != 0)
            .fold(0u64, |m, (i, _)| m | 1 << i)
    };
    let mut read = plays.summary_read(reading, &at(0)).1;
    let mut kept = 0u64;
    loop {
        let grown = kept | among(read);
        if grown == kept {
            return Some(kept);
        }
        if grown.count_ones() as usize > attribution::EXACT_MAX {
            return None;
        }
        let fresh = grown & !kept;
        kept = grown;
        // The sets of `kept` not played yet: those with a fresh point.
        let mut m = 0u64;
        loop {
            if m & fresh != 0 {
                read |= plays.summary_read(reading, &at(m)).1;
            }
            if m == kept {
                break;
            }
            m = m.wrapping_sub(kept) & kept;
        }
    }
}
