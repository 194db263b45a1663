//! Money, exact to the half unit.
//!
//! Some readings pay half a stake (Cotton's Towser "five" split between two opponents, an odd
//! penny shared), so amounts are counted in half units. There are no floats anywhere in a ledger.

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

/// An amount of the agreed stake (farthing, halfpenny, penny...), in half units.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Money(i64);

impl Money {
    pub const ZERO: Money = Money(0);

    /// Whole units.
    pub const fn units(n: i64) -> Money {
        Money(n * 2)
    }

    pub const fn halves(n: i64) -> Money {
        Money(n)
    }

    pub fn as_halves(self) -> i64 {
        self.0
    }

    pub fn is_zero(self) -> bool {
        self.0 == 0
    }

    pub fn abs(self) -> Money {
        Money(self.0.abs())
    }

    /// Splits an amount between `n` people, exactly when it divides to the half unit; the
    /// remainder (in half units) is returned for the caller's rule to place.
    pub fn split(self, n: i64) -> (Money, Money) {
        let share = Money(self.0.div_euclid(n));
        (share, Money(self.0 - share.0 * n))
    }

    /// With a sign: `+3`, `−2½`, `0`.
    pub fn signed(self) -> Signed {
        Signed(self)
    }

    /// Reads `3`, `-2`, `+2½`, `2.5`, `-1 1/2`.
    ///
    /// ```
    /// use mournival::money::Money;
    /// assert_eq!(Money::parse("+2½"), Some(Money::halves(5)));
    /// assert_eq!(Money::parse("-1 1/2").unwrap().to_string(), "−1½");
    /// assert_eq!(Money::parse("2.25"), None);
    /// ```
    pub fn parse(text: &str) -> Option<Money> {
        let t = text.trim().replace('−', "-");
        let (negative, body) = match t.strip_prefix('-') {
            Some(rest) => (true, rest.trim()),
            None => (false, t.strip_prefix('+').unwrap_or(&t).trim()),
        };
        if body.starts_with(['-', '+']) {
            return None;
        }
        let halves = if let Some(whole) = body.strip_suffix('½') {
            let whole = whole.trim();
            let n: i64 = if whole.is_empty() {
                0
            } else {
                whole.parse().ok()?
            };
            n * 2 + 1
        } else if let Some(whole) = body.strip_suffix("1/2") {
            let whole = whole.trim();
            let n: i64 = if whole.is_empty() {
                0
            } else {
                whole.parse().ok()?
            };
            n * 2 + 1
        } else if let Some((whole, frac)) = body.split_once('.') {
            let n: i64 = whole.parse().ok()?;
            match frac.trim_end_matches('0') {
                "" => n * 2,
                "5" => n * 2 + 1,
                _ => return None,
            }
        } else {
            body.parse::<i64>().ok()? * 2
        };
        Some(Money(if negative { -halves } else { halves }))
    }
}

impl fmt::Display for Money {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "−" } else { "" };
        let whole = self.0.abs() / 2;
        let half = self.0.abs() % 2 == 1;
        match (whole, half) {
            (0, true) => write!(f, "{sign}½"),
            (w, true) => write!(f, "{sign}{w}½"),
            (w, false) => write!(f, "{sign}{w}"),
        }
    }
}

/// Display with an explicit `+` for gains.
pub struct Signed(Money);

impl fmt::Display for Signed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.0 > 0 {
            f.write_str("+")?;
        }
        fmt::Display::fmt(&self.0, f)
    }
}

impl Add for Money {
    type Output = Money;
    fn add(self, rhs: Money) -> Money {
        Money(self.0 + rhs.0)
    }
}

impl Sub for Money {
    type Output = Money;
    fn sub(self, rhs: Money) -> Money {
        Money(self.0 - rhs.0)
    }
}

impl AddAssign for Money {
    fn add_assign(&mut self, rhs: Money) {
        self.0 += rhs.0;
    }
}

impl SubAssign for Money {
    fn sub_assign(&mut self, rhs: Money) {
        self.0 -= rhs.0;
    }
}

impl Neg for Money {
    type Output = Money;
    fn neg(self) -> Money {
        Money(-self.0)
    }
}

impl Mul<i64> for Money {
    type Output = Money;
    fn mul(self, rhs: i64) -> Money {
        Money(self.0 * rhs)
    }
}

impl Sum for Money {
    fn sum<I: Iterator<Item = Money>>(iter: I) -> Money {
        iter.fold(Money::ZERO, Add::add)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_whole_and_half_units() {
        for (text, halves) in [
            ("3", 6),
            ("+3", 6),
            ("-2", -4),
            ("2½", 5),
            ("−2½", -5),
            ("2.5", 5),
            ("-1 1/2", -3),
            ("½", 1),
            ("0", 0),
        ] {
            assert_eq!(Money::parse(text), Some(Money::halves(halves)), "{text}");
        }
        for bad in ["", "x", "2.25", "1/3", "--2"] {
            assert_eq!(Money::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn prints_halves_with_the_fraction_sign() {
        assert_eq!(Money::halves(5).to_string(), "2½");
        assert_eq!(Money::halves(-1).to_string(), "−½");
        assert_eq!(Money::units(4).signed().to_string(), "+4");
        assert_eq!(Money::units(-4).signed().to_string(), "−4");
        assert_eq!(Money::ZERO.signed().to_string(), "0");
    }

    #[test]
    fn split_keeps_every_half_unit() {
        let (share, rest) = Money::units(15).split(2);
        assert_eq!((share, rest), (Money::halves(15), Money::ZERO));
        let (share, rest) = Money::halves(3).split(2);
        assert_eq!(share * 2 + rest, Money::halves(3));
    }
}
