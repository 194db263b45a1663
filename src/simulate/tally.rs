//! The running totals of a run, in whole numbers (half units of money, counts), so that adding
//! chunks up in any order gives the same report: floating point appears only at the end.

use super::{
    Estimate, PairReport, PointReport, PriceRow, Reading, ReadingReport, SwitchReport, Taken,
    Trial, Unplayed, mean_units, share,
};
use crate::money::Money;
use crate::rules::PointTable;
use std::collections::BTreeMap;

/// The sizes of a run's totals.
pub(super) struct Shape {
    pub roles: usize,
    pub points: usize,
    /// Per reading, its switches.
    pub switches: Vec<usize>,
}

#[derive(Clone, Default)]
struct ReadingTally {
    played: u64,
    /// Per role: the sum and the sum of squares of its standing, in half units.
    sums: Vec<i128>,
    squares: Vec<i128>,
    /// Per rule point: deals it made not playable.
    unplayable: Vec<u64>,
    /// Per price: the option taken.
    prices: BTreeMap<u32, PriceTally>,
}

#[derive(Clone, Copy, Default)]
struct PriceTally {
    taken: u64,
    better: u64,
    /// Taking minus declining, in half units.
    gain: i128,
}

#[derive(Clone, Copy, Default)]
struct Difference {
    /// Deals both played.
    both: u64,
    differ: u64,
    /// The sum over those deals and the players of |a − b|, in half units.
    abs: i128,
}

impl Difference {
    fn add(&mut self, a: &[Money], b: &[Money]) {
        self.both += 1;
        if a != b {
            self.differ += 1;
            self.abs += a
                .iter()
                .zip(b)
                .map(|(x, y)| i128::from((*x - *y).abs().as_halves()))
                .sum::<i128>();
        }
    }

    fn merge(&mut self, o: &Difference) {
        self.both += o.both;
        self.differ += o.differ;
        self.abs += o.abs;
    }

    fn mean(&self, roles: usize) -> f64 {
        mean_units(self.abs, self.both * roles as u64)
    }
}

#[derive(Clone, Copy, Default)]
struct PairTally {
    diff: Difference,
    one_unplayable: u64,
}

#[derive(Clone, Copy, Default)]
struct SwitchTally {
    trials: u64,
    /// Trials whose result changed, played or not.
    changed: u64,
    diff: Difference,
    became_unplayable: u64,
    became_playable: u64,
}

/// The totals of some deals.
pub(super) struct Tally {
    readings: Vec<ReadingTally>,
    pairs: Vec<PairTally>,
    switches: Vec<Vec<SwitchTally>>,
}

impl Tally {
    pub fn new(shape: &Shape) -> Tally {
        let n = shape.switches.len();
        Tally {
            readings: vec![
                ReadingTally {
                    sums: vec![0; shape.roles],
                    squares: vec![0; shape.roles],
                    unplayable: vec![0; shape.points],
                    ..ReadingTally::default()
                };
                n
            ],
            pairs: vec![PairTally::default(); n * n.saturating_sub(1) / 2],
            switches: shape
                .switches
                .iter()
                .map(|&k| vec![SwitchTally::default(); k])
                .collect(),
        }
    }

    pub fn merge(mut self, o: Tally) -> Tally {
        for (a, b) in self.readings.iter_mut().zip(o.readings) {
            a.played += b.played;
            add_all(&mut a.sums, &b.sums);
            add_all(&mut a.squares, &b.squares);
            add_all(&mut a.unplayable, &b.unplayable);
            for (price, p) in b.prices {
                let mine = a.prices.entry(price).or_default();
                mine.taken += p.taken;
                mine.better += p.better;
                mine.gain += p.gain;
            }
        }
        for (a, b) in self.pairs.iter_mut().zip(&o.pairs) {
            a.diff.merge(&b.diff);
            a.one_unplayable += b.one_unplayable;
        }
        for (xs, ys) in self.switches.iter_mut().zip(&o.switches) {
            for (a, b) in xs.iter_mut().zip(ys) {
                a.trials += b.trials;
                a.changed += b.changed;
                a.diff.merge(&b.diff);
                a.became_unplayable += b.became_unplayable;
                a.became_playable += b.became_playable;
            }
        }
        self
    }

    /// A reading's own result on a deal.
    pub fn reading(&mut self, k: usize, trial: &Trial) {
        let r = &mut self.readings[k];
        match &trial.result {
            Ok(standing) => {
                r.played += 1;
                for (i, m) in standing.iter().enumerate() {
                    let h = i128::from(m.as_halves());
                    r.sums[i] += h;
                    r.squares[i] += h * h;
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
        p.gain += i128::from(gain.as_halves());
    }

    /// Reading `k` with its switch `j`, against the reading itself.
    pub fn switch(&mut self, k: usize, j: usize, base: &Trial, switched: &Trial) {
        let s = &mut self.switches[k][j];
        s.trials += 1;
        match (&base.result, &switched.result) {
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

    pub fn reading_reports(
        &self,
        ids: &[String],
        table: PointTable,
        deals: u64,
    ) -> Vec<ReadingReport> {
        self.readings
            .iter()
            .zip(ids)
            .map(|(r, id)| {
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
                ReadingReport {
                    id: id.clone(),
                    played: r.played,
                    unplayable_share: share(deals - r.played, deals),
                    unplayable,
                    seats: r
                        .sums
                        .iter()
                        .zip(&r.squares)
                        .map(|(&s, &q)| estimate(s, q, r.played))
                        .collect(),
                }
            })
            .collect()
    }

    pub fn pair_reports(&self, ids: &[String], roles: usize) -> Vec<PairReport> {
        let mut out = Vec::with_capacity(self.pairs.len());
        let mut i = 0;
        for a in 0..ids.len() {
            for b in a + 1..ids.len() {
                let p = &self.pairs[i];
                out.push(PairReport {
                    a: ids[a].clone(),
                    b: ids[b].clone(),
                    compared: p.diff.both,
                    differ_share: share(p.diff.differ, p.diff.both),
                    mean_abs_difference: p.diff.mean(roles),
                    one_unplayable: p.one_unplayable,
                });
                i += 1;
            }
        }
        out
    }

    /// Every switched point, its switches added up; ranked by the money it moves, then by how
    /// often it changes a result.
    pub fn point_reports(&self, readings: &[Reading], roles: usize) -> Vec<PointReport> {
        let mut points: Vec<(PointReport, SwitchTally)> = Vec::new();
        for (r, tallies) in readings.iter().zip(&self.switches) {
            for (&(point, to), s) in r.switches.iter().zip(tallies) {
                let row = SwitchReport {
                    reading: r.variant.id.clone(),
                    from: r.variant.rules.choice_id(point),
                    to: point.def().choices[to as usize].id,
                    trials: s.trials,
                    changed_share: share(s.changed, s.trials),
                    mean_moved: s.diff.mean(roles),
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
                                changed_share: 0.0,
                                mean_moved: 0.0,
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
                total.changed += s.changed;
                total.diff.merge(&s.diff);
            }
        }
        let mut out: Vec<PointReport> = points
            .into_iter()
            .map(|(mut p, total)| {
                p.trials = total.trials;
                p.changed_share = share(total.changed, total.trials);
                p.mean_moved = total.diff.mean(roles);
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

    pub fn option_reports(&self, ids: &[String]) -> Vec<super::OptionReading> {
        self.readings
            .iter()
            .zip(ids)
            .map(|(r, id)| super::OptionReading {
                reading: id.clone(),
                prices: r
                    .prices
                    .iter()
                    .map(|(&price, p)| PriceRow {
                        price,
                        taken: p.taken,
                        better_share: share(p.better, p.taken),
                        mean_gain: mean_units(p.gain, p.taken),
                    })
                    .collect(),
            })
            .collect()
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
        return Estimate {
            mean: 0.0,
            low: 0.0,
            high: 0.0,
        };
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
