//! How a difference divides among its causes: Shapley values over the rule points on which two
//! readings differ, so that the parts add up to the whole.
//!
//! Switching points one at a time from reading A's choices to reading B's walks from A's result
//! to B's; each step is one point's effect *in that order*, and the steps of any order add up to
//! B − A. A point's share is its step averaged over every order (its Shapley value), so the
//! shares add up exactly, however the points interact. Every figure is an exact fraction of a
//! half unit ([`Share`]): with k points there are k! orders, and a share's denominator divides
//! 2 · k!.
//!
//! A set of switched points under which the scenario is not playable has no figure: the orders
//! that pass through one are left out and the average is taken over the rest (each remaining
//! order still adds up to B − A, so the shares still do). Past [`EXACT_MAX`] points the 2^k sets
//! are too many to play, and the average is taken over [`SAMPLED_ORDERS`] orders drawn with a
//! fixed seed: the shares still add up exactly, but each is an estimate, and says so.
//!
//! This module knows no game: it asks a value function for the standing of each seat (in half
//! units) after switching a set of points, given as a bit mask over the differing points.

use std::collections::HashMap;
use std::fmt;

/// The most differing points whose every combination is played; beyond, orders are sampled.
/// 2^12 plays of a Gleek deal take a few milliseconds.
pub const EXACT_MAX: usize = 12;

/// How many orders of switching are drawn when there are more than [`EXACT_MAX`] points.
pub const SAMPLED_ORDERS: usize = 2000;

/// Of the sampled orders, how many also estimate the interactions (each costs a few plays per
/// pair), among the [`SAMPLED_PAIR_POINTS`] points with the largest shares.
const SAMPLED_INTERACTION_ORDERS: usize = 200;
const SAMPLED_PAIR_POINTS: usize = 8;

/// The fixed seed of the sampled orders, so a site builds the same twice.
const SEED: u64 = 0x6d6f_7572_6e69_7661;

/// An interaction is named when the pair moves some seat by at least this much (half units)
/// more or less than its two points alone.
const INTERACTION_MIN_HALVES: i128 = 1;

/// Each seat's standing in half units after a set of points is switched; `None` when the
/// scenario is not playable so.
pub type Value = Option<Vec<i64>>;

/// An exact amount, in half units over a positive denominator, kept in lowest terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Share {
    halves: i128,
    den: i128,
}

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Share {
    pub const ZERO: Share = Share { halves: 0, den: 1 };

    /// `halves / den` half units; `den` must be positive.
    pub fn new(halves: i128, den: i128) -> Share {
        assert!(den > 0, "a share's denominator is positive");
        let g = gcd(halves, den).max(1);
        Share {
            halves: halves / g,
            den: den / g,
        }
    }

    /// A whole number of half units.
    pub fn halves(halves: i64) -> Share {
        Share::new(halves.into(), 1)
    }

    pub fn is_zero(self) -> bool {
        self.halves == 0
    }

    /// Its size in half units, for ranking (never for display or sums).
    pub fn magnitude(self) -> f64 {
        (self.halves as f64 / self.den as f64).abs()
    }

    /// Whether this is exactly a whole number of half units.
    pub fn is_exact_money(self) -> bool {
        self.den == 1
    }

    /// Written with its sign, as money is: `+3`, `−2½`, `+1⅓`; a fraction with no common glyph
    /// is rounded to the hundredth and marked: `≈ +1.29`.
    pub fn signed(self) -> SignedShare {
        SignedShare(self)
    }
}

impl std::ops::Add for Share {
    type Output = Share;
    fn add(self, rhs: Share) -> Share {
        Share::new(
            self.halves * rhs.den + rhs.halves * self.den,
            self.den * rhs.den,
        )
    }
}

impl std::iter::Sum for Share {
    fn sum<I: Iterator<Item = Share>>(iter: I) -> Share {
        iter.fold(Share::ZERO, |a, b| a + b)
    }
}

/// A share written with its sign; see [`Share::signed`].
pub struct SignedShare(Share);

impl SignedShare {
    /// Whether the text is rounded (`≈`).
    pub fn is_rounded(&self) -> bool {
        fraction_glyph(self.units().1).is_none()
    }

    /// Whole units and the remaining fraction of a unit, `(num, den)` in lowest terms, num ≥ 0.
    fn units(&self) -> (i128, (i128, i128)) {
        let num = self.0.halves.abs();
        let den = self.0.den * 2;
        let whole = num / den;
        let rest = num % den;
        let g = gcd(rest, den).max(1);
        (whole, (rest / g, den / g))
    }
}

/// The Unicode glyph of a common fraction of a unit, `(0, _)` for none.
fn fraction_glyph((num, den): (i128, i128)) -> Option<&'static str> {
    Some(match (num, den) {
        (0, _) => "",
        (1, 2) => "½",
        (1, 3) => "⅓",
        (2, 3) => "⅔",
        (1, 4) => "¼",
        (3, 4) => "¾",
        (1, 5) => "⅕",
        (2, 5) => "⅖",
        (3, 5) => "⅗",
        (4, 5) => "⅘",
        (1, 6) => "⅙",
        (5, 6) => "⅚",
        (1, 8) => "⅛",
        (3, 8) => "⅜",
        (5, 8) => "⅝",
        (7, 8) => "⅞",
        _ => return None,
    })
}

impl fmt::Display for SignedShare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.0;
        let sign = match s.halves.signum() {
            1 => "+",
            -1 => "−",
            _ => return f.write_str("0"),
        };
        let (whole, frac) = self.units();
        match fraction_glyph(frac) {
            Some(glyph) if whole == 0 && !glyph.is_empty() => write!(f, "{sign}{glyph}"),
            Some(glyph) => write!(f, "{sign}{whole}{glyph}"),
            None => {
                let hundredths = (s.halves.abs() * 100 + s.den) / (s.den * 2);
                write!(f, "≈ {sign}{}.{:02}", hundredths / 100, hundredths % 100)
            }
        }
    }
}

/// How the shares were found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Every set of points played: the average over `counted` of the `orders` orders of
    /// switching (fewer where some orders pass through a reading that cannot play the scenario).
    Exact { counted: u128, orders: u128 },
    /// `counted` of `drawn` random orders (the rest pass through a reading that cannot play).
    Sampled { counted: usize, drawn: usize },
}

impl Method {
    /// How a share was found, to follow "each point's share is its effect ...".
    pub fn words(self) -> String {
        match self {
            Method::Exact { orders: 1, .. } => "with the point switched alone".to_string(),
            Method::Exact { counted, orders } if counted == orders => format!(
                "averaged over all {} orders of switching the points one by one",
                thousands(orders)
            ),
            Method::Exact { counted, orders } => format!(
                "averaged over the {} of the {} orders of switching the points one by one that \
                 stay playable at every step",
                thousands(counted),
                thousands(orders)
            ),
            Method::Sampled { counted, drawn } => format!(
                "estimated from {} random orders of switching the points one by one{} (with more \
                 than {EXACT_MAX} points, every combination is too many to play; the sample is \
                 fixed, so the figures are the same on every run)",
                thousands(counted as u128),
                if counted == drawn {
                    String::new()
                } else {
                    format!(
                        " ({} more passed through a reading that cannot play the scenario)",
                        thousands((drawn - counted) as u128)
                    )
                }
            ),
        }
    }

    pub fn is_sampled(self) -> bool {
        matches!(self, Method::Sampled { .. })
    }

    /// Orders left out because they pass through an unplayable reading.
    pub fn left_out(self) -> u128 {
        match self {
            Method::Exact { counted, orders } => orders - counted,
            Method::Sampled { counted, drawn } => (drawn - counted) as u128,
        }
    }
}

/// `362,880`.
pub fn thousands(n: u128) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Two points whose joint effect differs from the sum of their separate effects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Interaction {
    /// Indices into the differing points, the first the lower.
    pub pair: (usize, usize),
    /// Per seat: the pair switched together, minus each switched alone, averaged over the
    /// other points' choices (the Shapley interaction index).
    pub shares: Vec<Share>,
}

impl Interaction {
    fn size(&self) -> f64 {
        self.shares
            .iter()
            .map(|s| s.magnitude())
            .fold(0.0, f64::max)
    }
}

/// Each differing point's share of the difference, per seat, and the pairs that interact.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shapley {
    /// `[point][seat]`; for each seat the shares add up to the whole difference.
    pub shares: Vec<Vec<Share>>,
    /// Named interactions, the largest first.
    pub interactions: Vec<Interaction>,
    pub method: Method,
}

/// Why no shares could be found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unattributable {
    #[error("the scenario is not playable under one of the two readings")]
    EndNotPlayable,
    #[error("every order of switching the points passes through a reading that cannot play it")]
    NoPlayableOrder,
}

/// The shares of `k` differing points, exact up to [`EXACT_MAX`] points, sampled beyond.
pub fn shapley(k: usize, value: impl FnMut(u64) -> Value) -> Result<Shapley, Unattributable> {
    if k <= EXACT_MAX {
        exact(k, value)
    } else {
        sampled(k, value, SAMPLED_ORDERS)
    }
}

fn bit(i: usize) -> u64 {
    1 << i
}

/// Every seat's difference between two values (both playable).
fn step(to: &[i64], from: &[i64]) -> impl Iterator<Item = i128> {
    to.iter().zip(from).map(|(a, b)| i128::from(a - b))
}

/// n! for n up to [`EXACT_MAX`].
fn factorial(n: usize) -> u128 {
    checked_factorial(n).expect("n! fits for n up to EXACT_MAX")
}

/// Plays all 2^k sets and averages exactly over the points that are not null players.
fn exact(k: usize, value: impl FnMut(u64) -> Value) -> Result<Shapley, Unattributable> {
    let v: Vec<Value> = (0..1u64 << k).map(value).collect();
    let kept: Vec<usize> = (0..k)
        .filter(|&i| {
            let i = 1 << i;
            (0..v.len()).any(|m| m & i == 0 && v[m] != v[m | i])
        })
        .collect();
    if kept.len() == k {
        return exact_table(k, &v);
    }
    let reduced: Vec<Value> = (0..1u64 << kept.len())
        .map(|m| v[spread(m, &kept) as usize].clone())
        .collect();
    let shapley = exact_table(kept.len(), &reduced)?;
    let seats = v[0].as_ref().map_or(0, Vec::len);
    Ok((shapley.widen(k, &kept, seats)).expect("k! fits when k is at most EXACT_MAX"))
}

/// The set `m` of the points `kept` (bit j for `kept[j]`) as a set of all the points.
pub fn spread(m: u64, kept: &[usize]) -> u64 {
    (kept.iter().enumerate())
        .filter(|&(j, _)| m & bit(j) != 0)
        .fold(0, |all, (_, &i)| all | bit(i))
}

impl Shapley {
    /// These shares, found over the points `kept` (ascending indices into `k` points), given
    /// for all `k` points, the others being null players: switching one never changes any
    /// set's value, playable or not. A null player's share is zero, and it changes no other
    /// point's share or interaction, nor which orders count: each order of the kept points
    /// stands for the k!/k'! orders of all the points that place the others anywhere, every
    /// one of them playable exactly when it is (`null_players_change_no_other_share` proves
    /// it on random games). `None` when k! does not fit the count.
    pub fn widen(self, k: usize, kept: &[usize], seats: usize) -> Option<Shapley> {
        let mut shares = vec![vec![Share::ZERO; seats]; k];
        for (row, &i) in self.shares.into_iter().zip(kept) {
            shares[i] = row;
        }
        let interactions = (self.interactions.into_iter())
            .map(|x| Interaction {
                pair: (kept[x.pair.0], kept[x.pair.1]),
                shares: x.shares,
            })
            .collect();
        let method = match self.method {
            Method::Exact { counted, .. } => {
                let orders = checked_factorial(k)?;
                let per_order = orders / checked_factorial(kept.len())?;
                Method::Exact {
                    counted: counted.checked_mul(per_order)?,
                    orders,
                }
            }
            sampled => sampled,
        };
        Some(Shapley {
            shares,
            interactions,
            method,
        })
    }
}

fn checked_factorial(n: usize) -> Option<u128> {
    (1..=n as u128).try_fold(1u128, |f, i| f.checked_mul(i))
}

/// Counts the playable orders through each of the 2^k sets' values and averages exactly.
fn exact_table(k: usize, v: &[Value]) -> Result<Shapley, Unattributable> {
    let n = 1usize << k;
    let full = n - 1;
    let (Some(first), Some(_)) = (&v[0], &v[full]) else {
        return Err(Unattributable::EndNotPlayable);
    };
    let seats = first.len();
    // Playable orders: `from[m]` of them reach set m from nothing, `to[m]` go on to every point.
    let mut from = vec![0u128; n];
    from[0] = 1;
    for m in 1..n {
        if v[m].is_some() {
            from[m] = (0..k)
                .filter(|&i| m & (1 << i) != 0)
                .map(|i| from[m ^ (1 << i)])
                .sum();
        }
    }
    let mut to = vec![0u128; n];
    to[full] = 1;
    for m in (0..full).rev() {
        if v[m].is_some() {
            to[m] = (0..k)
                .filter(|&i| m & (1 << i) == 0)
                .map(|i| to[m | (1 << i)])
                .sum();
        }
    }
    let counted = from[full];
    if counted == 0 {
        return Err(Unattributable::NoPlayableOrder);
    }
    let mut sums = vec![vec![0i128; seats]; k];
    for (i, sum) in sums.iter_mut().enumerate() {
        for m in (0..n).filter(|m| m & (1 << i) != 0) {
            let before = m ^ (1 << i);
            let through = from[before] * to[m];
            if let (true, Some(a), Some(b)) = (through > 0, &v[m], &v[before]) {
                for (s, d) in sum.iter_mut().zip(step(a, b)) {
                    *s += through as i128 * d;
                }
            }
        }
    }
    let shares = divide(sums, counted as i128);
    let interactions = exact_interactions(k, v);
    Ok(Shapley {
        shares,
        interactions,
        method: Method::Exact {
            counted,
            orders: factorial(k),
        },
    })
}

fn divide(sums: Vec<Vec<i128>>, den: i128) -> Vec<Vec<Share>> {
    sums.into_iter()
        .map(|row| row.into_iter().map(|h| Share::new(h, den)).collect())
        .collect()
}

/// A weighted sum of a pair's joint effect over sets of the other points.
struct JointSum {
    num: Vec<i128>,
    den: i128,
}

impl JointSum {
    fn new() -> JointSum {
        JointSum {
            num: Vec::new(),
            den: 0,
        }
    }

    /// Adds `w` times the pair switched together minus each alone, per seat, from the values
    /// of the sets with both, with the first, with the second and with neither; nothing when
    /// one of them is not playable.
    fn add(&mut self, w: i128, [both, first, second, neither]: [Option<&[i64]>; 4]) {
        let (Some(both), Some(a), Some(b), Some(none)) = (both, first, second, neither) else {
            return;
        };
        if self.num.is_empty() {
            self.num = vec![0; none.len()];
        }
        for (s, acc) in self.num.iter_mut().enumerate() {
            *acc += w * i128::from(both[s] - a[s] - b[s] + none[s]);
        }
        self.den += w;
    }

    fn interaction(self, pair: (usize, usize)) -> Option<Interaction> {
        let den = self.den;
        (den > 0).then(|| Interaction {
            pair,
            shares: self.num.into_iter().map(|h| Share::new(h, den)).collect(),
        })
    }
}

/// The Shapley interaction index of every pair: the joint effect averaged over the other
/// points' sets, each set of size s weighted s!(k−2−s)!. A set's weight depends on its size
/// alone, so the joint effects are summed by size and weighted once per pair, and only the
/// other points' sets are visited (a build meets a million of them).
fn exact_interactions(k: usize, v: &[Value]) -> Vec<Interaction> {
    let at = |m: u64| v[m as usize].as_deref();
    let seats = v.iter().flatten().map(Vec::len).next().unwrap_or(0);
    let weight: Vec<i128> = (0..k.saturating_sub(1))
        .map(|size| (factorial(size) * factorial(k - 2 - size)) as i128)
        .collect();
    // Per size of the other points' set: how many sets count, and the joint effects' sum.
    let mut by_size: Vec<(i128, Vec<i128>)> = vec![(0, vec![0; seats]); weight.len()];
    let full = (1u64 << k) - 1;
    let mut out = Vec::new();
    for i in 0..k {
        for j in i + 1..k {
            for (count, sums) in &mut by_size {
                *count = 0;
                sums.fill(0);
            }
            let rest = full & !(bit(i) | bit(j));
            // Every subset of `rest`, in increasing order.
            let mut m = 0u64;
            loop {
                let sets = [m | bit(i) | bit(j), m | bit(i), m | bit(j), m].map(at);
                if let [Some(both), Some(a), Some(b), Some(none)] = sets {
                    let (count, sums) = &mut by_size[m.count_ones() as usize];
                    *count += 1;
                    for (s, acc) in sums.iter_mut().enumerate() {
                        *acc += i128::from(both[s] - a[s] - b[s] + none[s]);
                    }
                }
                if m == rest {
                    break;
                }
                m = m.wrapping_sub(rest) & rest;
            }
            let den: i128 = by_size.iter().zip(&weight).map(|((c, _), w)| c * w).sum();
            if den > 0 {
                let shares = (0..seats)
                    .map(|s| {
                        let num = by_size.iter().zip(&weight).map(|((_, x), w)| x[s] * w);
                        Share::new(num.sum(), den)
                    })
                    .collect();
                out.push(Interaction {
                    pair: (i, j),
                    shares,
                });
            }
        }
    }
    named(out)
}

/// Keeps the interactions large enough to name, the largest first.
fn named(mut all: Vec<Interaction>) -> Vec<Interaction> {
    all.retain(|x| {
        x.shares
            .iter()
            .any(|s| s.halves.abs() >= INTERACTION_MIN_HALVES * s.den)
    });
    all.sort_by(|a, b| b.size().total_cmp(&a.size()).then(a.pair.cmp(&b.pair)));
    all
}

/// A small deterministic generator for the sampled orders.
struct Xorshift(u64);

impl Xorshift {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    /// A uniformly random order of `0..k` (Fisher–Yates).
    fn order(&mut self, k: usize) -> Vec<usize> {
        let mut order: Vec<usize> = (0..k).collect();
        for i in (1..k).rev() {
            order.swap(i, self.below(i + 1));
        }
        order
    }
}

/// Each set's value, played once.
struct Memo<F> {
    value: F,
    seen: HashMap<u64, Value>,
}

impl<F: FnMut(u64) -> Value> Memo<F> {
    fn play(&mut self, m: u64) -> Option<&[i64]> {
        let value = &mut self.value;
        self.seen.entry(m).or_insert_with(|| value(m)).as_deref()
    }

    /// A set already played.
    fn get(&self, m: u64) -> Option<&[i64]> {
        self.seen.get(&m).and_then(|v| v.as_deref())
    }
}

/// Averages each point's step over `drawn` random orders; each set is played once.
fn sampled(
    k: usize,
    value: impl FnMut(u64) -> Value,
    drawn: usize,
) -> Result<Shapley, Unattributable> {
    let mut memo = Memo {
        value,
        seen: HashMap::new(),
    };
    let full = (0..k).fold(0, |m, i| m | bit(i));
    let (Some(first), Some(_)) = (memo.play(0).map(<[i64]>::to_vec), memo.play(full)) else {
        return Err(Unattributable::EndNotPlayable);
    };
    let seats = first.len();
    let mut rng = Xorshift(SEED);
    let mut sums = vec![vec![0i128; seats]; k];
    let mut orders = Vec::new();
    'order: for _ in 0..drawn {
        let order = rng.order(k);
        let mut steps = Vec::with_capacity(k);
        let (mut m, mut before) = (0u64, first.clone());
        for &i in &order {
            m |= bit(i);
            let Some(after) = memo.play(m).map(<[i64]>::to_vec) else {
                continue 'order;
            };
            steps.push((i, step(&after, &before).collect::<Vec<_>>()));
            before = after;
        }
        for (i, d) in steps {
            for (s, x) in sums[i].iter_mut().zip(d) {
                *s += x;
            }
        }
        orders.push(order);
    }
    let counted = orders.len();
    if counted == 0 {
        return Err(Unattributable::NoPlayableOrder);
    }
    let shares = divide(sums, counted as i128);
    let interactions = sampled_interactions(&shares, &orders, &mut memo);
    Ok(Shapley {
        shares,
        interactions,
        method: Method::Sampled { counted, drawn },
    })
}

/// Estimates the interaction index of the pairs among the points with the largest shares. In a
/// random order, the points before `i` other than `j` are a set drawn with exactly the index's
/// weights, so averaging the joint effect at that set over the orders is unbiased.
fn sampled_interactions<F: FnMut(u64) -> Value>(
    shares: &[Vec<Share>],
    orders: &[Vec<usize>],
    memo: &mut Memo<F>,
) -> Vec<Interaction> {
    let size = |i: &usize| shares[*i].iter().map(|s| s.magnitude()).fold(0.0, f64::max);
    let mut top: Vec<usize> = (0..shares.len()).collect();
    top.sort_by(|a, b| size(b).total_cmp(&size(a)));
    top.truncate(SAMPLED_PAIR_POINTS);
    top.sort();
    let mut out = Vec::new();
    for (x, &i) in top.iter().enumerate() {
        for &j in &top[x + 1..] {
            let mut sum = JointSum::new();
            for order in orders.iter().take(SAMPLED_INTERACTION_ORDERS) {
                let m = order
                    .iter()
                    .take_while(|&&p| p != i)
                    .filter(|&&p| p != j)
                    .fold(0, |m, &p| m | bit(p));
                let sets = [m | bit(i) | bit(j), m | bit(i), m | bit(j), m];
                for set in sets {
                    memo.play(set);
                }
                sum.add(1, sets.map(|set| memo.get(set)));
            }
            out.extend(sum.interaction((i, j)));
        }
    }
    named(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A value table over named sets: `values[m]` for each mask `m`, in whole units.
    fn table(values: Vec<Option<Vec<i64>>>) -> impl FnMut(u64) -> Value {
        move |m| {
            values[m as usize]
                .as_ref()
                .map(|v| v.iter().map(|u| u * 2).collect())
        }
    }

    fn texts(shares: &[Share]) -> Vec<String> {
        shares.iter().map(|s| s.signed().to_string()).collect()
    }

    /// Cotton to Parlett on `no-vie-next-deal` (issue 13): alone, `ruff-money` moves the nets
    /// (+4, +4, −8) and `no-vie` (+4, +2, −6); together (+6, +4, −10). The single switches sum
    /// to (+8, +6, −14); the shares split the interaction (−2, −2, +4) evenly.
    #[test]
    fn shares_split_an_interaction_evenly_and_add_up() {
        let v = vec![
            Some(vec![0, 0, 0]),
            Some(vec![4, 4, -8]),
            Some(vec![4, 2, -6]),
            Some(vec![6, 4, -10]),
        ];
        let s = shapley(2, table(v)).unwrap();
        assert_eq!(texts(&s.shares[0]), ["+3", "+3", "−6"]);
        assert_eq!(texts(&s.shares[1]), ["+3", "+1", "−4"]);
        assert_eq!(
            s.method,
            Method::Exact {
                counted: 2,
                orders: 2
            }
        );
        assert_eq!(s.interactions.len(), 1);
        assert_eq!(s.interactions[0].pair, (0, 1));
        assert_eq!(texts(&s.interactions[0].shares), ["−2", "−2", "+4"]);
    }

    #[test]
    fn points_that_add_up_alone_name_no_interaction() {
        // Three independent points: each share is its own effect, and no pair interacts.
        let effect = [[2, -2], [1, -1], [0, 0]];
        let v: Vec<Option<Vec<i64>>> = (0..8)
            .map(|m| {
                Some(
                    (0..2)
                        .map(|s| {
                            (0..3)
                                .filter(|i| m & (1 << i) != 0)
                                .map(|i| effect[i][s])
                                .sum()
                        })
                        .collect(),
                )
            })
            .collect();
        let s = shapley(3, table(v)).unwrap();
        assert_eq!(texts(&s.shares[0]), ["+2", "−2"]);
        assert_eq!(texts(&s.shares[1]), ["+1", "−1"]);
        assert_eq!(texts(&s.shares[2]), ["0", "0"]);
        assert!(s.interactions.is_empty());
    }

    #[test]
    fn orders_through_an_unplayable_set_are_left_out() {
        // Switching point 0 alone is not playable: only the order 1 then 0 counts.
        let v = vec![Some(vec![0]), None, Some(vec![5]), Some(vec![7])];
        let s = shapley(2, table(v)).unwrap();
        assert_eq!(
            s.method,
            Method::Exact {
                counted: 1,
                orders: 2
            }
        );
        assert_eq!(s.method.left_out(), 1);
        assert_eq!(texts(&s.shares[0]), ["+2"]);
        assert_eq!(texts(&s.shares[1]), ["+5"]);
        let blocked = vec![Some(vec![0]), None, None, Some(vec![7])];
        assert_eq!(
            shapley(2, table(blocked)),
            Err(Unattributable::NoPlayableOrder)
        );
        let end = vec![Some(vec![0]), Some(vec![1]), Some(vec![2]), None];
        assert_eq!(shapley(2, table(end)), Err(Unattributable::EndNotPlayable));
    }

    #[test]
    fn thirds_are_exact_and_other_fractions_say_they_are_rounded() {
        // A unit that appears only when all three points are switched: a third to each.
        let v: Vec<Option<Vec<i64>>> = (0..8).map(|m| Some(vec![(m == 7) as i64])).collect();
        let s = shapley(3, table(v)).unwrap();
        for share in &s.shares {
            assert_eq!(share[0].signed().to_string(), "+⅓");
        }
        assert_eq!(
            s.shares.iter().map(|x| x[0]).sum::<Share>(),
            Share::halves(2)
        );
        assert_eq!(Share::new(5, 7).signed().to_string(), "≈ +0.36");
        assert!(Share::new(5, 7).signed().is_rounded());
        assert_eq!(Share::new(-9, 2).signed().to_string(), "−2¼");
        assert_eq!(Share::halves(-3).signed().to_string(), "−1½");
        assert_eq!(Share::ZERO.signed().to_string(), "0");
    }

    #[test]
    fn methods_say_how_many_orders() {
        assert_eq!(thousands(362_880), "362,880");
        assert_eq!(thousands(12), "12");
        let all = Method::Exact {
            counted: 24,
            orders: 24,
        };
        assert!(all.words().contains("all 24 orders"), "{}", all.words());
        let some = Method::Exact {
            counted: 20,
            orders: 24,
        };
        assert!(some.words().contains("the 20 of the 24 orders"));
        let sampled = Method::Sampled {
            counted: 1990,
            drawn: 2000,
        };
        assert!(sampled.words().contains("1,990 random orders"));
        assert!(sampled.words().contains("10 more"));
    }

    #[test]
    fn sampling_past_the_cap_still_adds_up_and_is_deterministic() {
        let k = EXACT_MAX + 2;
        // Each point adds its index; the last two together add 10 more.
        let last_two = 3 << (k - 2);
        let value = |m: u64| {
            let base: i64 = (0..k).filter(|i| m & (1 << i) != 0).map(|i| i as i64).sum();
            Some(vec![base + if m & last_two == last_two { 10 } else { 0 }])
        };
        let a = shapley(k, value).unwrap();
        let b = shapley(k, value).unwrap();
        assert_eq!(a, b);
        assert_eq!(
            a.method,
            Method::Sampled {
                counted: SAMPLED_ORDERS,
                drawn: SAMPLED_ORDERS
            }
        );
        let whole: i64 = (0..k as i64).sum::<i64>() + 10;
        assert_eq!(
            a.shares.iter().map(|x| x[0]).sum::<Share>(),
            Share::halves(whole)
        );
        // Points other than the last two are exact: no order changes their step.
        assert_eq!(a.shares[5][0], Share::halves(5));
        let pair = a
            .interactions
            .first()
            .expect("the interacting pair is named");
        assert_eq!(
            (pair.pair, pair.shares[0]),
            ((k - 2, k - 1), Share::halves(10))
        );
        assert_eq!(a.interactions.len(), 1);
    }

    /// Each point's step averaged over every playable order, order by order: the definition
    /// the exact count must agree with.
    fn by_orders(k: usize, v: &[Value]) -> Option<Vec<Vec<Share>>> {
        fn orders(rest: Vec<usize>) -> Vec<Vec<usize>> {
            if rest.is_empty() {
                return vec![Vec::new()];
            }
            (0..rest.len())
                .flat_map(|i| {
                    let mut others = rest.clone();
                    let first = others.remove(i);
                    orders(others).into_iter().map(move |mut o| {
                        o.insert(0, first);
                        o
                    })
                })
                .collect()
        }
        let seats = v[0].as_ref()?.len();
        let mut sums = vec![vec![0i128; seats]; k];
        let mut counted = 0;
        'order: for order in orders((0..k).collect()) {
            let mut steps = Vec::new();
            let mut m = 0usize;
            for i in order {
                let (Some(before), Some(after)) = (&v[m], &v[m | 1 << i]) else {
                    continue 'order;
                };
                steps.push((i, step(after, before).collect::<Vec<_>>()));
                m |= 1 << i;
            }
            counted += 1;
            for (i, d) in steps {
                for (s, x) in sums[i].iter_mut().zip(d) {
                    *s += x;
                }
            }
        }
        (counted > 0).then(|| divide(sums, counted))
    }

    /// A game of `k` points: each set's value (two seats), or none (not playable).
    fn game() -> impl Strategy<Value = (usize, Vec<Value>)> {
        (1usize..5).prop_flat_map(|k| {
            let value = prop::option::weighted(0.85, prop::collection::vec(-6i64..6, 2));
            (Just(k), prop::collection::vec(value, 1 << k))
        })
    }

    proptest! {
        /// A null player (switching it never changes a set's value, playable or not) gets no
        /// share, and changes no other point's share or interaction, nor the orders counted
        /// beyond their number: so a split may play the sets of the other points alone.
        #[test]
        fn null_players_change_no_other_share((k, v) in game(), at in 0usize..5) {
            let null = at % (k + 1);
            let kept: Vec<usize> = (0..=k).filter(|&i| i != null).collect();
            // The wider game: a set's value is that of its part among the kept points.
            let wide: Vec<Value> = (0..1u64 << (k + 1))
                .map(|m| {
                    let own = (kept.iter().enumerate())
                        .filter(|&(_, &i)| m & bit(i) != 0)
                        .fold(0, |o, (j, _)| o | bit(j));
                    v[own as usize].clone()
                })
                .collect();
            let whole = exact_table(k + 1, &wide);
            let widened = exact_table(k, &v).map(|s| s.widen(k + 1, &kept, 2).unwrap());
            prop_assert_eq!(&whole, &widened);
            // The exact split drops null players itself, to the same figures.
            prop_assert_eq!(&shapley(k + 1, |m| wide[m as usize].clone()), &whole);
            if let Ok(s) = &whole {
                prop_assert!(s.shares[null].iter().all(|x| x.is_zero()));
                prop_assert!(s.interactions.iter().all(|x| x.pair.0 != null && x.pair.1 != null));
                // And the count agrees with averaging over every playable order, one by one.
                prop_assert_eq!(Some(s.shares.clone()), by_orders(k + 1, &wide));
            }
        }
    }
}
