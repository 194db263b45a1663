//! Rule points: the questions on which the readings of a game differ, and a reading's answers.
//!
//! Each game declares its points once, with [`rule_points!`]: id, question, documentation and
//! allowed choices. The declaration generates the game's typed enums (what its engine matches on)
//! and its [`PointDef`] table, which variant files, `--set`, `check` and the site read. A reading
//! of the rules is a [`Rules`] value: the game's table and one choice per point, nothing else.

use std::fmt;
use std::hash::{Hash, Hasher};

/// The most rule points one game may declare; a [`Rules`] value is this many bytes of choices.
pub const MAX_POINTS: usize = 48;

/// One allowed answer to a rule point.
#[derive(Debug)]
pub struct ChoiceDef {
    pub id: &'static str,
    pub summary: &'static str,
}

/// A rule point as declared in code.
#[derive(Debug)]
pub struct PointDef {
    pub id: &'static str,
    /// Its place in the game's declaration: the index of its choice in [`Rules`].
    pub index: u8,
    /// The row of the research notes this point answers (A5, P9...).
    pub research: &'static str,
    /// Where in play the point bites, as a title; points are grouped by it.
    pub section: &'static str,
    /// The order of `section` in play.
    pub section_order: u8,
    pub question: &'static str,
    pub doc: &'static str,
    pub choices: &'static [ChoiceDef],
}

impl PointDef {
    pub fn choice_index(&self, id: &str) -> Option<u8> {
        self.choices
            .iter()
            .position(|c| c.id == id)
            .map(|i| i as u8)
    }

    /// "`a`, `b` or `c`": for error messages that list what is allowed.
    pub fn allowed(&self) -> String {
        let ids: Vec<String> = self.choices.iter().map(|c| format!("`{}`", c.id)).collect();
        and_or(&ids)
    }
}

/// "a, b or c".
fn and_or(items: &[String]) -> String {
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => items.join(""),
    }
}

/// A rule point of any game, as the shared layer sees it: a handle on its declaration.
#[derive(Clone, Copy)]
pub struct Point(&'static PointDef);

impl Point {
    pub fn new(def: &'static PointDef) -> Point {
        Point(def)
    }

    pub fn def(self) -> &'static PointDef {
        self.0
    }

    pub fn id(self) -> &'static str {
        self.0.id
    }

    pub fn index(self) -> usize {
        self.0.index as usize
    }
}

impl PartialEq for Point {
    fn eq(&self, other: &Point) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for Point {}

impl Hash for Point {
    fn hash<H: Hasher>(&self, h: &mut H) {
        std::ptr::hash(self.0, h)
    }
}

impl PartialOrd for Point {
    fn partial_cmp(&self, other: &Point) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Point {
    /// Declaration order within a game (points of different games are never mixed in a list).
    fn cmp(&self, other: &Point) -> std::cmp::Ordering {
        (self.0.index, self.0.id).cmp(&(other.0.index, other.0.id))
    }
}

impl fmt::Debug for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// Anything that names a rule point: a game's typed point enum, or a [`Point`].
pub trait AsPoint: Copy {
    fn point(self) -> Point;
    /// Its place in the game's declaration; a typed enum knows it without a lookup, which the
    /// engine's hot loops feel.
    fn index(self) -> usize {
        self.point().index()
    }
}

impl AsPoint for Point {
    fn point(self) -> Point {
        self
    }
}

/// A game's rule points, in declaration order.
#[derive(Clone, Copy, Debug)]
pub struct PointTable(pub &'static [PointDef]);

impl PointTable {
    pub fn all(self) -> impl Iterator<Item = Point> {
        self.0.iter().map(Point)
    }

    pub fn len(self) -> usize {
        self.0.len()
    }

    pub fn is_empty(self) -> bool {
        self.0.is_empty()
    }

    pub fn find(self, id: &str) -> Option<Point> {
        self.all().find(|p| p.id() == id)
    }

    /// "`x`, `y`, `z`": every point id, for error messages.
    pub fn allowed(self) -> String {
        let ids: Vec<String> = self.all().map(|p| format!("`{}`", p.id())).collect();
        ids.join(", ")
    }

    /// The section titles in order of play.
    pub fn sections(self) -> Vec<&'static str> {
        let mut s: Vec<(u8, &'static str)> = self
            .0
            .iter()
            .map(|d| (d.section_order, d.section))
            .collect();
        s.sort();
        s.dedup();
        s.into_iter().map(|(_, t)| t).collect()
    }
}

thread_local! {
    /// The points read by [`Rules::get`] on this thread (see [`Rules::take_read`]).
    static READ: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

const _: () = assert!(
    MAX_POINTS <= 64 && MAX_POINTS.is_multiple_of(8),
    "a point's bit must fit in the read record, and the choices in whole words"
);

/// One complete reading: a game's points and a choice for each, as indices into its choices.
#[derive(Clone, Copy)]
pub struct Rules {
    table: PointTable,
    choices: [u8; MAX_POINTS],
}

impl PartialEq for Rules {
    fn eq(&self, other: &Rules) -> bool {
        std::ptr::eq(self.table.0, other.table.0) && self.choices == other.choices
    }
}

impl Eq for Rules {}

impl Hash for Rules {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.choices.hash(h)
    }
}

impl Rules {
    /// Every point at its first choice; only a starting value for building a reading.
    pub fn first_choices(table: PointTable) -> Rules {
        assert!(
            table.len() <= MAX_POINTS,
            "a game declares too many rule points"
        );
        Rules {
            table,
            choices: [0; MAX_POINTS],
        }
    }

    pub fn table(&self) -> PointTable {
        self.table
    }

    pub fn get(&self, point: impl AsPoint) -> u8 {
        let i = point.index();
        READ.with(|r| r.set(r.get() | 1 << i));
        self.choices[i]
    }

    /// The points whose choice was read on this thread since the last call, as bits by index,
    /// and the record cleared. A play reads its reading only through [`Rules::get`], so a
    /// reading that agrees with it on these points plays the same deal the same way: the
    /// simulation reuses the result instead of playing again.
    pub fn take_read() -> u64 {
        READ.with(|r| r.replace(0))
    }

    /// These rules with every point outside `points` (bits by index) at its first choice: two
    /// readings that agree on `points` give the same.
    pub fn only(&self, points: u64) -> Rules {
        let mut out = *self;
        for (i, c) in out.choices.iter_mut().enumerate() {
            if points & (1 << i) == 0 {
                *c = 0;
            }
        }
        out
    }

    /// This reading's choices on `points` (bits by index) alone.
    pub fn restricted(&self, points: u64) -> Restricted {
        let mut mask = [0u8; MAX_POINTS];
        for (i, m) in mask.iter_mut().enumerate() {
            if points >> i & 1 == 1 {
                *m = 0xFF;
            }
        }
        let mask = words(&mask);
        let mut choices = words(&self.choices);
        for (c, m) in choices.iter_mut().zip(mask) {
            *c &= m;
        }
        Restricted { mask, choices }
    }

    /// Records `points` (bits by index) as read on this thread, as [`Rules::get`] does: for a
    /// play that takes part of its result from an earlier play that read them.
    pub fn mark_read(points: u64) {
        READ.with(|r| r.set(r.get() | points));
    }

    /// The points on which two readings choose differently, as bits by index.
    ///
    /// Eight choices to a word (past the table's points both readings hold zeros): a simulation
    /// asks it of every kept play for every play, and byte by byte it was a tenth of a run.
    pub fn differing(&self, other: &Rules) -> u64 {
        const LOW: u64 = 0x7F7F_7F7F_7F7F_7F7F;
        const HIGH: u64 = 0x8080_8080_8080_8080;
        // Bit 8i of a word to bit 56 + i, the bits' other products falling apart from them.
        const GATHER: u64 = 0x0102_0408_1020_4080;
        let (mine, theirs) = (words(&self.choices), words(&other.choices));
        let mut bits = 0;
        for (w, (a, b)) in mine.iter().zip(theirs).enumerate() {
            let x = a ^ b;
            // The high bit of each byte of x that is not zero.
            let nonzero = (((x & LOW) + LOW) | x) & HIGH;
            bits |= ((nonzero >> 7).wrapping_mul(GATHER) >> 56) << (8 * w);
        }
        bits
    }

    pub fn set(&mut self, point: impl AsPoint, choice: u8) {
        let p = point.point();
        debug_assert!(std::ptr::eq(&self.table.0[p.index()], p.def()));
        assert!((choice as usize) < p.def().choices.len());
        self.choices[p.index()] = choice;
    }

    pub fn with(mut self, point: impl AsPoint, choice: u8) -> Rules {
        self.set(point, choice);
        self
    }

    pub fn choice_id(&self, point: impl AsPoint) -> &'static str {
        let p = point.point();
        p.def().choices[self.get(p) as usize].id
    }

    /// The choice on `point` in the words readers see.
    pub fn choice_summary(&self, point: impl AsPoint) -> &'static str {
        let p = point.point();
        p.def().choices[self.get(p) as usize].summary
    }

    /// The points on which two readings choose differently.
    pub fn differences(&self, other: &Rules) -> Vec<Point> {
        self.table
            .all()
            .filter(|&p| self.get(p) != other.get(p))
            .collect()
    }
}

const WORDS: usize = MAX_POINTS / 8;

/// Choices (or a mask over them) eight to a word, to compare a whole reading in a few steps.
fn words(bytes: &[u8; MAX_POINTS]) -> [u64; WORDS] {
    std::array::from_fn(|w| {
        u64::from_le_bytes(bytes[w * 8..w * 8 + 8].try_into().expect("eight bytes"))
    })
}

/// A reading's choices on some points alone ([`Rules::restricted`]): whether another reading
/// makes the same choices on them is a test of a few words, for a simulation that asks it of
/// every play it has kept, for every play.
#[derive(Clone, Copy, Debug)]
pub struct Restricted {
    mask: [u64; WORDS],
    choices: [u64; WORDS],
}

impl Restricted {
    /// Whether `rules` makes the same choice on every one of the points.
    pub fn agrees(&self, rules: &Rules) -> bool {
        let theirs = words(&rules.choices);
        let mut differ = 0;
        for ((t, m), c) in theirs.iter().zip(self.mask).zip(self.choices) {
            differ |= (t & m) ^ c;
        }
        differ == 0
    }
}

impl fmt::Debug for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut map = f.debug_map();
        for p in self.table.all() {
            map.entry(&p.id(), &self.choice_id(p));
        }
        map.finish()
    }
}

/// Declares a game's rule points: for each, a typed choice enum in `choice`, a variant of the
/// game's `Point` enum, a [`PointDef`] in its `POINTS` table, and a typed accessor in the named
/// trait, implemented for [`Rules`]. The invoking module must have a `Section` enum with a
/// `const fn title(self) -> &'static str`.
#[macro_export]
macro_rules! rule_points {
    (
        accessors $Trait:ident;
        $(
            $(#[doc = $doc:literal])*
            $Name:ident $getter:ident $id:literal ($research:literal, $section:ident)
            $question:literal {
                $( $Choice:ident $cid:literal $summary:literal, )+
            }
        )*
    ) => {
        /// The choice enums, one per rule point, that the engine matches on.
        pub mod choice {
            $(
                #[doc = concat!("Choices for `", $id, "`.")]
                #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
                pub enum $Name { $( #[doc = $summary] $Choice, )+ }

                impl $Name {
                    pub(crate) const ALL: &'static [$Name] = &[$($Name::$Choice),+];
                }
            )*
        }

        /// A rule point, as an index into [`POINTS`].
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Point { $( $Name, )* }

        impl Point {
            pub const ALL: &'static [Point] = &[$(Point::$Name),*];
            pub const COUNT: usize = Point::ALL.len();

            pub fn def(self) -> &'static $crate::rules::PointDef {
                &POINTS[self as usize]
            }

            pub fn id(self) -> &'static str {
                self.def().id
            }

            pub fn from_id(id: &str) -> Option<Point> {
                Point::ALL.iter().copied().find(|p| p.id() == id)
            }

            /// The typed point behind a shared one, if it is this game's.
            pub fn of(point: $crate::rules::Point) -> Option<Point> {
                Point::ALL
                    .get(point.index())
                    .copied()
                    .filter(|p| std::ptr::eq(p.def(), point.def()))
            }
        }

        impl std::fmt::Display for Point {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.id())
            }
        }

        impl $crate::rules::AsPoint for Point {
            fn point(self) -> $crate::rules::Point {
                $crate::rules::Point::new(self.def())
            }

            #[inline]
            fn index(self) -> usize {
                self as usize
            }
        }

        /// Every rule point, in the order of [`Point`]. A static array, so that every
        /// reference to a point is to the same place.
        pub static POINTS: [$crate::rules::PointDef; Point::COUNT] = [$(
            $crate::rules::PointDef {
                id: $id,
                index: Point::$Name as u8,
                research: $research,
                section: Section::$section.title(),
                section_order: Section::$section as u8,
                question: $question,
                doc: concat!($($doc, "\n"),*),
                choices: &[$( $crate::rules::ChoiceDef { id: $cid, summary: $summary } ),+],
            }
        ),*];

        /// The game's points as the shared layer reads them.
        pub static TABLE: $crate::rules::PointTable = $crate::rules::PointTable(&POINTS);

        /// Typed accessors: each rule point's choice in a reading.
        pub trait $Trait {
            $(
                #[doc = $question]
                fn $getter(&self) -> choice::$Name;
            )*
        }

        impl $Trait for $crate::rules::Rules {
            $(
                fn $getter(&self) -> choice::$Name {
                    choice::$Name::ALL[self.get(Point::$Name) as usize]
                }
            )*
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Word by word, the same bits as choice by choice, high bits and all.
        #[test]
        fn differing_is_the_points_chosen_differently(
            a in proptest::collection::vec(any::<u8>(), MAX_POINTS),
            flips in proptest::collection::vec((0..MAX_POINTS, any::<u8>()), 0..12),
        ) {
            let mut x = Rules::first_choices(crate::games::gleek::points::TABLE);
            x.choices.copy_from_slice(&a);
            let mut y = x;
            for (i, c) in flips {
                y.choices[i] = c;
            }
            let plain = (0..MAX_POINTS)
                .filter(|&i| x.choices[i] != y.choices[i])
                .fold(0u64, |bits, i| bits | 1 << i);
            prop_assert_eq!(x.differing(&y), plain);
            prop_assert_eq!(y.differing(&x), plain);
            prop_assert_eq!(x.differing(&x), 0);
        }
    }
}
