//! The running totals of a run, in whole numbers (half units of money, counts), so that adding
//! chunks up in any order gives the same report: floating point appears only at the end.

use super::play::{Plan, Reading};
use super::{
    Carry, Estimate, EventReport, MarkReport, PairReport, PointReport, PriceRow, ReadingReport,
    SharedCards, Standing, SwitchReport, Taken, Trial, Unplayed, mean_units, share,
};
use crate::money::Money;
use crate::rules::{Point, PointTable};
use std::collections::BTreeMap;

/// The sizes of a run's totals.
pub(super) struct Shape {
    pub roles: usize,
    pub points: usize,
    /// Per reading, its switches.
    pub switches: Vec<usize>,
    pub pairs: usize,
    pub marks: usize,
    /// Per table, its card events.
    pub events: Vec<usize>,
}

/// The count, sum and sum of squares of some values in half units: a mean and its interval.
#[derive(Clone, Copy, Default)]
pub(super) struct Moments {
    n: u64,
    sum: i128,
    squares: i128,
}

impl Moments {
    fn add(&mut self, m: Money) {
        let h = i128::from(m.as_halves());
        self.n += 1;
        self.sum += h;
        self.squares += h * h;
    }

    fn merge(&mut self, o: &Moments) {
        self.n += o.n;
        self.sum += o.sum;
        self.squares += o.squares;
    }

    fn estimate(&self) -> Estimate {
        estimate(self.sum, self.squares, self.n)
    }
}

fn merge_all(into: &mut [Moments], from: &[Moments]) {
    for (a, b) in into.iter_mut().zip(from) {
        a.merge(b);
    }
}

#[derive(Clone, Default)]
struct ReadingTally {
    played: u64,
    /// Per role: its standing.
    seats: Vec<Moments>,
    /// What each played deal added to the pot, and paid to the box.
    pot: Moments,
    boxed: Moments,
    /// Evenings over, and the pot they left on the table at their end, in half units.
    evenings: u64,
    pot_left: i128,
    /// Per rule point: deals it made not playable.
    unplayable: Vec<u64>,
    /// Per outcome of the game's: the played deals where it happened.
    marks: Vec<u64>,
    /// Per price: the option taken.
    prices: BTreeMap<u32, PriceTally>,
}

#[derive(Clone, Copy, Default)]
struct PriceTally {
    taken: u64,
    better: u64,
    /// Taking minus declining, in half units, and its square.
    gain: i128,
    gain_squares: i128,
}

#[derive(Clone, Copy, Default)]
struct Difference {
    /// Deals both played.
    both: u64,
    differ: u64,
    /// The sum over those deals and the players of |a − b|, in half units.
    abs: i128,
    /// The sum over those deals of the square of each deal's sum over the players.
    abs_squares: i128,
}

impl Difference {
    fn add(&mut self, a: &[Money], b: &[Money]) {
        self.both += 1;
        if a != b {
            self.differ += 1;
            let total = a
                .iter()
                .zip(b)
                .map(|(x, y)| i128::from((*x - *y).abs().as_halves()))
                .sum::<i128>();
            self.abs += total;
            self.abs_squares += total * total;
        }
    }

    fn merge(&mut self, o: &Difference) {
        self.both += o.both;
        self.differ += o.differ;
        self.abs += o.abs;
        self.abs_squares += o.abs_squares;
    }

    fn mean(&self, roles: usize) -> f64 {
        mean_units(self.abs, self.both * roles as u64)
    }

    /// The mean over deals and players of |a − b|, in units, with its interval (over deals).
    fn estimate(&self, roles: usize) -> Estimate {
        let e = estimate(self.abs, self.abs_squares, self.both);
        let r = roles.max(1) as f64;
        Estimate {
            mean: e.mean / r,
            low: (e.low / r).max(0.0),
            high: e.high / r,
        }
    }
}

#[derive(Clone, Default)]
struct PairTally {
    diff: Difference,
    one_unplayable: u64,
    /// On a table of the cards both packs hold: each reading's standing by role there.
    shared: [Vec<Moments>; 2],
}

#[derive(Clone, Copy, Default)]
struct SwitchTally {
    trials: u64,
    /// Trials whose reading read the point switched: the deal reached it.
    reached: u64,
    /// Trials whose result changed, played or not.
    changed: u64,
    diff: Difference,
    became_unplayable: u64,
    became_playable: u64,
}

/// A table's card events: its deals, and how many of them saw each event.
#[derive(Clone, Default)]
struct EventTally {
    deals: u64,
    seen: Vec<u64>,
}

/// The totals of some deals.
pub(super) struct Tally {
    readings: Vec<ReadingTally>,
    pairs: Vec<PairTally>,
    switches: Vec<Vec<SwitchTally>>,
    events: Vec<EventTally>,
}

impl Tally {
    pub fn new(shape: &Shape) -> Tally {
        let n = shape.switches.len();
        let seats = vec![Moments::default(); shape.roles];
        Tally {
            readings: vec![
                ReadingTally {
                    seats: seats.clone(),
                    unplayable: vec![0; shape.points],
                    marks: vec![0; shape.marks],
                    ..ReadingTally::default()
                };
                n
            ],
            pairs: vec![
                PairTally {
                    shared: [seats.clone(), seats],
                    ..PairTally::default()
                };
                shape.pairs
            ],
            switches: shape
                .switches
                .iter()
                .map(|&k| vec![SwitchTally::default(); k])
                .collect(),
            events: shape
                .events
                .iter()
                .map(|&k| EventTally {
                    deals: 0,
                    seen: vec![0; k],
                })
                .collect(),
        }
    }

    pub fn merge(mut self, o: Tally) -> Tally {
        for (a, b) in self.readings.iter_mut().zip(o.readings) {
            a.played += b.played;
            merge_all(&mut a.seats, &b.seats);
            a.pot.merge(&b.pot);
            a.boxed.merge(&b.boxed);
            a.evenings += b.evenings;
            a.pot_left += b.pot_left;
            add_all(&mut a.unplayable, &b.unplayable);
            add_all(&mut a.marks, &b.marks);
            for (price, p) in b.prices {
                let mine = a.prices.entry(price).or_default();
                mine.taken += p.taken;
                mine.better += p.better;
                mine.gain += p.gain;
                mine.gain_squares += p.gain_squares;
            }
        }
        for (a, b) in self.pairs.iter_mut().zip(&o.pairs) {
            a.diff.merge(&b.diff);
            a.one_unplayable += b.one_unplayable;
            for (x, y) in a.shared.iter_mut().zip(&b.shared) {
                merge_all(x, y);
            }
        }
        for (xs, ys) in self.switches.iter_mut().zip(&o.switches) {
            for (a, b) in xs.iter_mut().zip(ys) {
                a.trials += b.trials;
                a.reached += b.reached;
                a.changed += b.changed;
                a.diff.merge(&b.diff);
                a.became_unplayable += b.became_unplayable;
                a.became_playable += b.became_playable;
            }
        }
        for (a, b) in self.events.iter_mut().zip(&o.events) {
            a.deals += b.deals;
            add_all(&mut a.seen, &b.seen);
        }
        self
    }

    /// The card events of a deal from table `t`.
    pub fn events(&mut self, t: usize, seen: u64) {
        let e = &mut self.events[t];
        e.deals += 1;
        for (i, n) in e.seen.iter_mut().enumerate() {
            *n += (seen >> i) & 1;
        }
    }

    /// An evening is over: what each reading left in the pot.
    pub fn evening_over(&mut self, carries: &[Carry]) {
        for (r, c) in self.readings.iter_mut().zip(carries) {
            r.evenings += 1;
            r.pot_left += i128::from(c.pot.as_halves());
        }
    }

    /// A reading's own result on a deal.
    pub fn reading(&mut self, k: usize, trial: &Trial) {
        let r = &mut self.readings[k];
        match &trial.result {
            Ok(standing) => {
                r.played += 1;
                for (seat, &m) in r.seats.iter_mut().zip(standing.iter()) {
                    seat.add(m);
                }
                r.pot.add(trial.pot);
                r.boxed.add(trial.boxed);
                for (i, n) in r.marks.iter_mut().enumerate() {
                    *n += (trial.marks >> i) & 1;
                }
            }
            Err(point) => r.unplayable[point.index()] += 1,
        }
    }

    /// The option taken under reading `k`, against the same deal with nobody taking it (a
    /// game whose deal cannot be played so is left out of the comparison).
    pub fn option(&mut self, k: usize, taken: Taken, standing: &[Money], untaken: Option<&Trial>) {
        let Some(Ok(without)) = untaken.map(|t| &t.result) else {
            return;
        };
        let p = self.readings[k].prices.entry(taken.price).or_default();
        p.taken += 1;
        let gain = standing[taken.role] - without[taken.role];
        if gain > Money::ZERO {
            p.better += 1;
        }
        let h = i128::from(gain.as_halves());
        p.gain += h;
        p.gain_squares += h * h;
    }

    /// Reading `k` with its switch `j`, against the reading itself; `reached`: the reading's
    /// play read the point.
    pub fn switch(
        &mut self,
        k: usize,
        j: usize,
        base: &Result<Standing, Point>,
        switched: &Result<Standing, Point>,
        reached: bool,
    ) {
        let s = &mut self.switches[k][j];
        s.trials += 1;
        s.reached += u64::from(reached);
        match (base, switched) {
            (Ok(a), Ok(b)) => {
                s.diff.add(a, b);
                if a != b {
                    s.changed += 1;
                }
            }
            (Ok(_), Err(_)) => {
                s.changed += 1;
                s.became_unplayable += 1;
            }
            (Err(_), Ok(_)) => {
                s.changed += 1;
                s.became_playable += 1;
            }
            (Err(a), Err(b)) => s.changed += u64::from(a != b),
        }
    }

    /// Two readings on the same deal.
    pub fn pair(&mut self, i: usize, a: &Trial, b: &Trial) {
        let p = &mut self.pairs[i];
        match (&a.result, &b.result) {
            (Ok(x), Ok(y)) => p.diff.add(x, y),
            (Ok(_), Err(_)) | (Err(_), Ok(_)) => p.one_unplayable += 1,
            (Err(_), Err(_)) => {}
        }
    }

    /// Two readings on a table of the cards both packs hold: each one's standing there.
    pub fn pair_shared(&mut self, i: usize, a: &Trial, b: &Trial) {
        let p = &mut self.pairs[i];
        for (seats, trial) in p.shared.iter_mut().zip([a, b]) {
            if let Ok(standing) = &trial.result {
                for (seat, &m) in seats.iter_mut().zip(standing.iter()) {
                    seat.add(m);
                }
            }
        }
    }

    pub fn reading_reports(
        &self,
        plan: &Plan,
        table: PointTable,
        marks: &[&'static str],
        deals: u64,
        money: bool,
    ) -> Vec<ReadingReport> {
        self.readings
            .iter()
            .zip(&plan.readings)
            .map(|(r, reading)| {
                let mut unplayable: Vec<Unplayed> = table
                    .all()
                    .zip(&r.unplayable)
                    .filter(|(_, n)| **n > 0)
                    .map(|(p, &deals)| Unplayed {
                        point: p.id().to_string(),
                        deals,
                    })
                    .collect();
                unplayable
                    .sort_by(|a, b| b.deals.cmp(&a.deals).then_with(|| a.point.cmp(&b.point)));
                // Every unit the players lost is in the pot or the box, deal by deal, and what
                // the deals added to the pot is what the evenings left in it. A game that
                // keeps a score pays nothing: its pot and box stay empty.
                let lost: i128 = if money {
                    r.seats.iter().map(|m| m.sum).sum()
                } else {
                    0
                };
                let balances = lost + r.pot.sum + r.boxed.sum == 0 && r.pot.sum == r.pot_left;
                ReadingReport {
                    id: reading.variant.id.clone(),
                    cards: plan.tables[reading.table].cards(),
                    played: r.played,
                    unplayable_share: share(deals - r.played, deals),
                    unplayable,
                    seats: r.seats.iter().map(Moments::estimate).collect(),
                    pot: r.pot.estimate(),
                    boxed: r.boxed.estimate(),
                    evenings: r.evenings,
                    pot_left: mean_units(r.pot_left, r.evenings),
                    balances,
                    marks: marks
                        .iter()
                        .zip(&r.marks)
                        .map(|(&what, &n)| MarkReport {
                            what,
                            deals: n,
                            share: share_estimate(n, r.played),
                        })
                        .collect(),
                }
            })
            .collect()
    }

    pub fn pair_reports(&self, plan: &Plan, readings: &[ReadingReport]) -> Vec<PairReport> {
        plan.pairs
            .iter()
            .zip(&self.pairs)
            .map(|(pair, p)| {
                let (a, b) = (&readings[pair.a], &readings[pair.b]);
                let shared = pair.shared.map(|t| {
                    let there = |k: usize| -> Vec<Estimate> {
                        p.shared[k].iter().map(Moments::estimate).collect()
                    };
                    let (sa, sb) = (there(0), there(1));
                    SharedCards {
                        cards: plan.tables[t].cards(),
                        a_pack: difference(&a.seats, &sa),
                        b_pack: difference(&b.seats, &sb),
                        a: sa,
                        b: sb,
                    }
                });
                PairReport {
                    a: a.id.clone(),
                    b: b.id.clone(),
                    compared: p.diff.both,
                    differ_share: share(p.diff.differ, p.diff.both),
                    mean_abs_difference: p.diff.mean(plan.roles),
                    difference: p.diff.estimate(plan.roles),
                    one_unplayable: p.one_unplayable,
                    shared,
                }
            })
            .collect()
    }

    pub fn event_reports(&self, plan: &Plan) -> Vec<EventReport> {
        let mut out = Vec::new();
        for (t, e) in self.events.iter().enumerate().filter(|(t, _)| plan.own[*t]) {
            let table = &plan.tables[t];
            for (doc, &seen) in table.events().iter().zip(&e.seen) {
                let observed = share_estimate(seen, e.deals);
                let se = (doc.exact * (1.0 - doc.exact) / e.deals.max(1) as f64).sqrt();
                out.push(EventReport {
                    cards: table.cards(),
                    what: doc.what.clone(),
                    deals: e.deals,
                    seen,
                    observed,
                    exact: doc.exact,
                    z: if se > 0.0 {
                        (observed.mean - doc.exact) / se
                    } else {
                        0.0
                    },
                });
            }
        }
        out
    }

    /// Every switched point, its switches added up; ranked by the money it moves, then by how
    /// often it changes a result.
    pub fn point_reports(&self, readings: &[Reading], roles: usize) -> Vec<PointReport> {
        let mut points: Vec<(PointReport, SwitchTally)> = Vec::new();
        for (r, tallies) in readings.iter().zip(&self.switches) {
            for (sw, s) in r.switches.iter().zip(tallies) {
                let (point, to) = (sw.point, sw.to);
                let row = SwitchReport {
                    reading: r.variant.id.clone(),
                    from: r.variant.rules.choice_id(point),
                    to: point.def().choices[to as usize].id,
                    trials: s.trials,
                    reached: s.reached,
                    shared_cards: sw.shared.is_some(),
                    changed_share: share(s.changed, s.trials),
                    changed: share_estimate(s.changed, s.trials),
                    mean_moved: s.diff.mean(roles),
                    moved: s.diff.estimate(roles),
                    became_unplayable: s.became_unplayable,
                    became_playable: s.became_playable,
                };
                let at = match points.iter().position(|(p, _)| p.point == point.id()) {
                    Some(at) => at,
                    None => {
                        points.push((
                            PointReport {
                                point: point.id().to_string(),
                                question: point.def().question,
                                trials: 0,
                                reached: 0,
                                changed_share: 0.0,
                                changed: Estimate::ZERO,
                                mean_moved: 0.0,
                                moved: Estimate::ZERO,
                                switches: Vec::new(),
                            },
                            SwitchTally::default(),
                        ));
                        points.len() - 1
                    }
                };
                let (report, total) = &mut points[at];
                report.switches.push(row);
                total.trials += s.trials;
                total.reached += s.reached;
                total.changed += s.changed;
                total.diff.merge(&s.diff);
            }
        }
        let mut out: Vec<PointReport> = points
            .into_iter()
            .map(|(mut p, total)| {
                p.trials = total.trials;
                p.reached = total.reached;
                p.changed_share = share(total.changed, total.trials);
                p.changed = share_estimate(total.changed, total.trials);
                p.mean_moved = total.diff.mean(roles);
                p.moved = total.diff.estimate(roles);
                p.switches
                    .sort_by(|a, b| b.mean_moved.total_cmp(&a.mean_moved));
                p
            })
            .collect();
        out.sort_by(|a, b| {
            b.mean_moved
                .total_cmp(&a.mean_moved)
                .then(b.changed_share.total_cmp(&a.changed_share))
                .then_with(|| a.point.cmp(&b.point))
        });
        out
    }

    pub fn option_reports(&self, readings: &[Reading]) -> Vec<super::OptionReading> {
        self.readings
            .iter()
            .zip(readings)
            .map(|(r, reading)| super::OptionReading {
                reading: reading.variant.id.clone(),
                prices: r
                    .prices
                    .iter()
                    .map(|(&price, p)| PriceRow {
                        price,
                        taken: p.taken,
                        better_share: share(p.better, p.taken),
                        better: share_estimate(p.better, p.taken),
                        mean_gain: mean_units(p.gain, p.taken),
                        gain: estimate(p.gain, p.gain_squares, p.taken),
                    })
                    .collect(),
            })
            .collect()
    }
}

/// Two independent estimates' difference, `a − b`, its interval from both.
fn difference(a: &[Estimate], b: &[Estimate]) -> Vec<Estimate> {
    a.iter()
        .zip(b)
        .map(|(x, y)| {
            let mean = x.mean - y.mean;
            let half = ((x.high - x.mean).powi(2) + (y.high - y.mean).powi(2)).sqrt();
            Estimate {
                mean,
                low: mean - half,
                high: mean + half,
            }
        })
        .collect()
}

/// A share of `n` trials and its 95% interval (normal approximation, clipped to 0 and 1).
pub(super) fn share_estimate(seen: u64, n: u64) -> Estimate {
    if n == 0 {
        return Estimate::ZERO;
    }
    let p = seen as f64 / n as f64;
    let half = 1.96 * (p * (1.0 - p) / n as f64).sqrt();
    Estimate {
        mean: p,
        low: (p - half).max(0.0),
        high: (p + half).min(1.0),
    }
}

fn add_all<T: Copy + std::ops::AddAssign>(into: &mut [T], from: &[T]) {
    for (a, b) in into.iter_mut().zip(from) {
        *a += *b;
    }
}

/// The mean of `n` values from their sum and sum of squares (half units), with its 95%
/// confidence interval by the normal approximation.
fn estimate(sum: i128, squares: i128, n: u64) -> Estimate {
    if n == 0 {
        return Estimate::ZERO;
    }
    let nf = n as f64;
    let mean = sum as f64 / nf;
    // Exact in integers before the one division: n·Σx² − (Σx)².
    let spread = (i128::from(n) * squares - sum * sum) as f64;
    let variance = if n > 1 {
        spread / (nf * (nf - 1.0))
    } else {
        0.0
    };
    let half_width = 1.96 * (variance / nf).sqrt();
    Estimate {
        mean: mean / 2.0,
        low: (mean - half_width) / 2.0,
        high: (mean + half_width) / 2.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_estimate_of_known_values() {
        // Values 1, 2, 3 units (2, 4, 6 halves): mean 2, sample variance 1, half-width
        // 1.96·√(1/3).
        let e = estimate(12, 4 + 16 + 36, 3);
        assert_eq!(e.mean, 2.0);
        let hw = 1.96 * (1.0f64 / 3.0).sqrt();
        assert!((e.high - 2.0 - hw).abs() < 1e-12, "{e:?}");
        assert!((2.0 - e.low - hw).abs() < 1e-12, "{e:?}");
    }

    #[test]
    fn a_difference_counts_every_player() {
        let mut d = Difference::default();
        d.add(
            &[Money::units(2), Money::units(-2)],
            &[Money::units(2), Money::units(-2)],
        );
        d.add(
            &[Money::units(4), Money::units(-4)],
            &[Money::units(1), Money::units(-1)],
        );
        assert_eq!((d.both, d.differ), (2, 1));
        // |4−1| + |−4+1| = 6 units over 2 deals and 2 players.
        assert_eq!(d.mean(2), 1.5);
    }
}
