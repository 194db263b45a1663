//! The pack of the pages' entries, read without being decoded whole: each record is a short head
//! (the entry's name, the file its render wrote with that file's digest, the digest of the
//! page's anchors, how many scenarios it lists) and a body (its scenarios, headings and links),
//! each field written with its length. A build reads the heads of every record and the body of a
//! record only where a later stage asks for it; the pack it stores takes the records of the pages
//! it did not render again as they were, byte for byte.
//!
//! The cache seals the pack whole (see [`super::super::cache`]); a record that does not read as
//! one (a length past the end, a number that is not one) makes the whole pack unused.

use crate::site::cache::fields::{Reader, Writer};
use std::ops::Range;

/// The pack's first line: a pack of another layout is not read.
const HEADER: &str = "mournival-pages 4\n";

/// A pack read back: its text, and where each record lies in it.
pub(super) struct Pack {
    text: String,
    /// The digest of the anchors of every page and file without a record (the generated pages,
    /// the pages in YAML), as the build that wrote the pack saw them.
    pub(super) others: u64,
    pub(super) records: Vec<Record>,
}

/// Where a record lies in its pack, and what its head says.
pub(super) struct Record {
    name: Range<usize>,
    file: Range<usize>,
    pub(super) digest: u64,
    pub(super) anchors: u64,
    pub(super) scenarios: usize,
    /// The whole record (head and body), as it is copied into the next pack.
    whole: Range<usize>,
    body: Range<usize>,
}

impl Pack {
    /// The pack in `text`, if every record's head reads and every body lies inside it.
    pub(super) fn parse(text: String) -> Option<Pack> {
        let mut r = Reader::new(&text, HEADER.len());
        text.starts_with(HEADER).then_some(())?;
        let others = r.num()?;
        let count = r.num()?;
        // Each record takes more than 8 bytes: a count larger than that is no pack's.
        (count <= text.len() as u64 / 8).then_some(())?;
        let mut records = Vec::with_capacity(count as usize);
        for _ in 0..count {
            let start = r.at();
            let name = r.span()?;
            let file = r.span()?;
            let (digest, anchors, scenarios) = (r.num()?, r.num()?, r.num()?);
            let body = r.span()?;
            records.push(Record {
                name,
                file,
                digest,
                anchors,
                scenarios: usize::try_from(scenarios).ok()?,
                whole: start..r.at(),
                body,
            });
        }
        (r.at() == text.len()).then_some(Pack {
            text,
            others,
            records,
        })
    }

    pub(super) fn name(&self, record: &Record) -> &str {
        &self.text[record.name.clone()]
    }

    /// The file a record's render wrote.
    pub(super) fn file(&self, record: &Record) -> &str {
        &self.text[record.file.clone()]
    }

    /// A reader of a record's body.
    pub(super) fn body(&self, record: &Record) -> Reader<'_> {
        let body = record.body.clone();
        Reader::new(&self.text[..body.end], body.start)
    }

    /// The record as written, to be copied into the next pack.
    pub(super) fn whole(&self, record: &Record) -> &str {
        &self.text[record.whole.clone()]
    }
}

/// A pack being written: its records, then its head.
#[derive(Default)]
pub(super) struct Packing {
    records: String,
    count: u64,
}

impl Packing {
    /// Adds a record as an earlier pack held it.
    pub(super) fn copy(&mut self, whole: &str) {
        self.records.push_str(whole);
        self.count += 1;
    }

    pub(super) fn len(&self) -> usize {
        self.count as usize
    }

    /// Adds a record: its head, and its body.
    pub(super) fn add(&mut self, head: (&str, &str, u64, u64, usize), body: &Writer) {
        let (name, file, digest, anchors, scenarios) = head;
        let mut w = Writer(std::mem::take(&mut self.records));
        w.str(name).str(file).num(digest).num(anchors);
        w.num(scenarios as u64).str(&body.0);
        self.records = w.0;
        self.count += 1;
    }

    /// The pack's text, with the digest of the anchors of what has no record.
    pub(super) fn text(self, others: u64) -> String {
        let mut w = Writer(String::with_capacity(self.records.len() + 64));
        w.0.push_str(HEADER);
        w.num(others).num(self.count);
        w.0.push_str(&self.records);
        w.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn two() -> String {
        let mut packing = Packing::default();
        let mut body = Writer::default();
        body.str("a heading\nover two lines")
            .opt(None)
            .opt(Some("x:y"));
        packing.add(("page-1", "a b/index.html", 7, u64::MAX, 0), &body);
        packing.add(("page-2", "c/index.html", 8, 9, 1), &Writer::default());
        packing.text(42)
    }

    #[test]
    fn a_pack_reads_back_as_written() {
        let pack = Pack::parse(two()).unwrap();
        assert_eq!(pack.others, 42);
        let [a, b] = &pack.records[..] else {
            panic!("two records")
        };
        assert_eq!((pack.name(a), pack.file(a)), ("page-1", "a b/index.html"));
        assert_eq!((a.digest, a.anchors, a.scenarios), (7, u64::MAX, 0));
        let mut body = pack.body(a);
        assert_eq!(body.str(), Some("a heading\nover two lines"));
        assert_eq!(body.opt(), Some(None));
        assert_eq!(body.opt(), Some(Some("x:y".to_string())));
        assert!(body.done());
        assert!(pack.body(b).done());
        // Copied whole, a record reads back the same.
        let mut again = Packing::default();
        again.copy(pack.whole(b));
        let copied = Pack::parse(again.text(1)).unwrap();
        let c = &copied.records[0];
        assert_eq!(
            (copied.name(c), c.digest, c.anchors, c.scenarios),
            ("page-2", 8, 9, 1)
        );
    }

    /// A pack cut short, grown, or whose lengths say more than it holds is not read at all.
    #[test]
    fn a_pack_damaged_anywhere_is_not_read() {
        let whole = two();
        for cut in 1..whole.len() {
            if let Some(text) = whole.get(..cut) {
                assert!(Pack::parse(text.to_string()).is_none(), "cut at {cut}");
            }
        }
        assert!(Pack::parse(format!("{whole}6:page-3")).is_none(), "grown");
        // The body's length, before the first field of the body.
        let at = whole.find(":24:a heading").unwrap();
        let digits = whole[..at].rfind(|c: char| !c.is_ascii_digit()).unwrap() + 1;
        let longer = format!("{}9999{}", &whole[..digits], &whole[at..]);
        assert!(Pack::parse(longer).is_none(), "a length past the end");
        let count = whole.replacen("42 2 ", "42 3 ", 1);
        assert!(Pack::parse(count).is_none(), "more records said than held");
        let other = whole.replacen("mournival-pages 4", "mournival-pages 3", 1);
        assert!(Pack::parse(other).is_none(), "another layout");
    }
}
