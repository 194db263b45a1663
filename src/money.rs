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

    /// The largest amount a page may write, in whole units either way: far beyond any stake,
    /// and small enough that no sum or product the engine makes of amounts can overflow.
    pub const LIMIT_UNITS: i64 = 1_000_000_000;

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

    /// Reads `3`, `-2`, `+2½`, `2.5`, `-1 1/2`, at most [`Money::LIMIT_UNITS`] either way.
    ///
    /// ```
    /// use mournival::money::{Money, MoneyError};
    /// assert_eq!(Money::parse("+2½"), Ok(Money::halves(5)));
    /// assert_eq!(Money::parse("-1 1/2").unwrap().to_string(), "−1½");
    /// assert_eq!(Money::parse("2.25"), Err(MoneyError::Unreadable));
    /// assert_eq!(Money::parse("9223372036854775788"), Err(MoneyError::TooLarge));
    /// ```
    pub fn parse(text: &str) -> Result<Money, MoneyError> {
        let t = text.trim().replace('−', "-");
        let (negative, body) = match t.strip_prefix('-') {
            Some(rest) => (true, rest.trim()),
            None => (false, t.strip_prefix('+').unwrap_or(&t).trim()),
        };
        let (whole, half) = if let Some(whole) = body.strip_suffix('½').or(body.strip_suffix("1/2"))
        {
            (whole.trim(), 1)
        } else if let Some((whole, frac)) = body.split_once('.') {
            match frac.trim_end_matches('0') {
                "" => (whole, 0),
                "5" => (whole, 1),
                _ => return Err(MoneyError::Unreadable),
            }
        } else {
            (body, 0)
        };
        // `½` alone is half a unit; `.5` alone is not written.
        let units = if whole.is_empty() && half == 1 && !body.contains('.') {
            0
        } else {
            Money::whole_units(whole)?
        };
        let halves = units
            .checked_mul(2)
            .and_then(|h| h.checked_add(half))
            .filter(|h| *h <= Money::LIMIT_UNITS * 2)
            .ok_or(MoneyError::TooLarge)?;
        Ok(Money(if negative { -halves } else { halves }))
    }

    /// Plain decimal digits, no sign; too many of them is too large, not unreadable.
    fn whole_units(digits: &str) -> Result<i64, MoneyError> {
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(MoneyError::Unreadable);
        }
        digits.parse().map_err(|_| MoneyError::TooLarge)
    }
}

/// Why a written amount was refused. The messages follow the amount, quoted by the caller.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoneyError {
    #[error("is not an amount: write a whole number or a half, as in `+3`, `-2½` or `2.5`")]
    Unreadable,
    #[error("is beyond the largest amount a page may write, 1000000000 units either way")]
    TooLarge,
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
            assert_eq!(Money::parse(text), Ok(Money::halves(halves)), "{text}");
        }
        for bad in [
            "", "x", "2.25", "1/3", "--2", "+-2", "3 -1/2", ".5", "1_000", "0x10",
        ] {
            assert_eq!(Money::parse(bad), Err(MoneyError::Unreadable), "{bad}");
        }
    }

    #[test]
    fn amounts_beyond_the_limit_are_refused_not_wrapped() {
        let limit = Money::LIMIT_UNITS;
        assert_eq!(Money::parse(&limit.to_string()), Ok(Money::units(limit)));
        assert_eq!(Money::parse(&format!("-{limit}")), Ok(Money::units(-limit)));
        for big in [
            format!("{}", limit + 1),
            format!("{limit}½"),
            format!("-{limit}.5"),
            "9223372036854775788".to_string(),
            "4611686018427387903".to_string(),
            "99999999999999999999999 1/2".to_string(),
        ] {
            assert_eq!(Money::parse(&big), Err(MoneyError::TooLarge), "{big}");
        }
        assert!(MoneyError::TooLarge.to_string().contains("1000000000"));
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
