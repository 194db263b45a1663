//! Fields written one after another and read back as they were: numbers in decimal, strings
//! with their length before them. Faster to read than JSON (no escapes to look for), and any
//! text, line breaks and all, goes as it is.

use std::ops::Range;

/// Writes fields: a number in decimal and a space; a string as its length in bytes, a colon and
/// its bytes (so that any text, line breaks and all, reads back as it was).
#[derive(Default)]
pub(crate) struct Writer(pub(crate) String);

impl Writer {
    pub(crate) fn num(&mut self, n: u64) -> &mut Writer {
        use std::fmt::Write;
        let _ = write!(self.0, "{n} ");
        self
    }

    pub(crate) fn str(&mut self, s: &str) -> &mut Writer {
        use std::fmt::Write;
        let _ = write!(self.0, "{}:", s.len());
        self.0.push_str(s);
        self
    }

    /// A string that may be missing: a flag, then the string.
    pub(crate) fn opt(&mut self, s: Option<&str>) -> &mut Writer {
        match s {
            Some(s) => self.num(1).str(s),
            None => self.num(0),
        }
    }
}

/// Reads back what a [`Writer`] wrote; `None` at anything else.
pub(crate) struct Reader<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Reader<'a> {
    pub(crate) fn new(text: &'a str, at: usize) -> Reader<'a> {
        Reader { text, at }
    }

    /// Where the reader stands.
    pub(crate) fn at(&self) -> usize {
        self.at
    }

    /// A number in decimal up to the next `end` byte, which is passed over: read digit by
    /// digit, as `str::parse` would but without looking for a sign (a cache holds millions).
    fn number_until(&mut self, end: u8) -> Option<u64> {
        let rest = self.text.as_bytes().get(self.at..)?;
        let mut n: u64 = 0;
        for (i, &b) in rest.iter().enumerate().take(21) {
            match b {
                b'0'..=b'9' => n = n.checked_mul(10)?.checked_add(u64::from(b - b'0'))?,
                _ if b == end && i > 0 => {
                    self.at += i + 1;
                    return Some(n);
                }
                _ => return None,
            }
        }
        None
    }

    pub(crate) fn num(&mut self) -> Option<u64> {
        self.number_until(b' ')
    }

    pub(crate) fn usize(&mut self) -> Option<usize> {
        usize::try_from(self.num()?).ok()
    }

    /// Where the next string lies.
    pub(crate) fn span(&mut self) -> Option<Range<usize>> {
        let len = usize::try_from(self.number_until(b':')?).ok()?;
        let span = self.at..self.at.checked_add(len)?;
        self.text.get(span.clone())?;
        self.at = span.end;
        Some(span)
    }

    pub(crate) fn str(&mut self) -> Option<&'a str> {
        let span = self.span()?;
        Some(&self.text[span])
    }

    pub(crate) fn string(&mut self) -> Option<String> {
        self.str().map(str::to_string)
    }

    pub(crate) fn opt(&mut self) -> Option<Option<String>> {
        Some(self.opt_str()?.map(str::to_string))
    }

    pub(crate) fn opt_str(&mut self) -> Option<Option<&'a str>> {
        match self.num()? {
            0 => Some(None),
            1 => Some(Some(self.str()?)),
            _ => None,
        }
    }

    /// Whether the body was read to its end.
    pub(crate) fn done(&self) -> bool {
        self.at == self.text.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Numbers and strings read back as written; a number not as a `Writer` writes it (a
    /// sign, no digits, too many, another byte after it) is refused.
    #[test]
    fn fields_read_back_and_nothing_else() {
        let mut w = Writer::default();
        w.num(0).num(u64::MAX).str("a: b\n").opt(None).opt(Some(""));
        let mut r = Reader::new(&w.0, 0);
        assert_eq!(r.num(), Some(0));
        assert_eq!(r.num(), Some(u64::MAX));
        assert_eq!(r.str(), Some("a: b\n"));
        assert_eq!((r.opt(), r.opt()), (Some(None), Some(Some(String::new()))));
        assert!(r.done());
        for bad in ["+1 ", " ", "1", "18446744073709551616 ", "1x ", "1:"] {
            assert_eq!(Reader::new(bad, 0).num(), None, "{bad:?}");
        }
        // A string longer than what is left, or its length not a number as written.
        for bad in ["3:ab", "+1:a", ":", "1 a"] {
            assert_eq!(Reader::new(bad, 0).str(), None, "{bad:?}");
        }
    }
}
