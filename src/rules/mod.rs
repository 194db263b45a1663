//! Rule points: the questions on which the readings of Gleek differ.
//!
//! Every point is declared once, in [`points`], with its id, question, documentation and allowed
//! choices. The declaration generates a typed enum per point (what the engine matches on), the
//! [`Point`] index, and the registry [`POINTS`] that variant files, `--set` and the site read.
//! A reading of the rules is a [`Rules`] value: one choice per point, nothing else.

mod points;

pub use points::{POINTS, Point, choice};

use std::fmt;

/// Where in the deal a point bites; the site groups points by it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Section {
    TurnUp,
    Stock,
    Ruff,
    Sets,
    LowTrumps,
    Tricks,
    Reckoning,
}

impl Section {
    pub const ALL: [Section; 7] = [
        Section::TurnUp,
        Section::Stock,
        Section::Ruff,
        Section::Sets,
        Section::LowTrumps,
        Section::Tricks,
        Section::Reckoning,
    ];

    pub fn title(self) -> &'static str {
        match self {
            Section::TurnUp => "The deal and the turn-up",
            Section::Stock => "Buying the stock",
            Section::Ruff => "Vying for the ruff",
            Section::Sets => "Gleeks and mournivals",
            Section::LowTrumps => "Low trumps in hand",
            Section::Tricks => "The tricks",
            Section::Reckoning => "The reckoning",
        }
    }
}

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
    /// The row in `gleek-readings.md` this point answers (A5, B4...).
    pub research: &'static str,
    pub section: Section,
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
        match ids.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => ids.join(""),
        }
    }
}

impl Point {
    pub fn def(self) -> &'static PointDef {
        &POINTS[self as usize]
    }

    pub fn id(self) -> &'static str {
        self.def().id
    }

    pub fn from_id(id: &str) -> Option<Point> {
        Point::ALL.iter().copied().find(|p| p.id() == id)
    }

    /// Every point id, in declaration order.
    pub fn ids() -> impl Iterator<Item = &'static str> {
        Point::ALL.iter().map(|p| p.id())
    }

    /// "`x`, `y` or `z`": every point id, for error messages.
    pub fn allowed() -> String {
        let ids: Vec<String> = Point::ALL.iter().map(|p| format!("`{}`", p.id())).collect();
        ids.join(", ")
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// One complete reading: a choice for every rule point, as indices into each point's choices.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    choices: [u8; Point::COUNT],
}

impl Rules {
    /// Every point at its first choice; only a starting value for building a reading.
    pub fn first_choices() -> Rules {
        Rules {
            choices: [0; Point::COUNT],
        }
    }

    pub fn get(&self, point: Point) -> u8 {
        self.choices[point as usize]
    }

    pub fn set(&mut self, point: Point, choice: u8) {
        assert!((choice as usize) < point.def().choices.len());
        self.choices[point as usize] = choice;
    }

    pub fn with(mut self, point: Point, choice: u8) -> Rules {
        self.set(point, choice);
        self
    }

    pub fn choice_id(&self, point: Point) -> &'static str {
        point.def().choices[self.get(point) as usize].id
    }

    /// The points on which two readings choose differently.
    pub fn differences(&self, other: &Rules) -> Vec<Point> {
        Point::ALL
            .iter()
            .copied()
            .filter(|&p| self.get(p) != other.get(p))
            .collect()
    }
}

impl fmt::Debug for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut map = f.debug_map();
        for &p in Point::ALL {
            map.entry(&p.id(), &self.choice_id(p));
        }
        map.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_point_and_choice_id_is_unique_and_documented() {
        let mut ids = std::collections::HashSet::new();
        for def in POINTS {
            assert!(ids.insert(def.id), "duplicate point {}", def.id);
            assert!(
                !def.question.is_empty() && def.question.ends_with('?'),
                "{}",
                def.id
            );
            assert!(def.doc.len() > 40, "{} needs documentation", def.id);
            assert!(!def.choices.is_empty());
            let mut cids = std::collections::HashSet::new();
            for c in def.choices {
                assert!(cids.insert(c.id), "duplicate choice {} in {}", c.id, def.id);
                assert!(!c.summary.is_empty());
            }
        }
        assert_eq!(POINTS.len(), Point::COUNT);
    }

    #[test]
    fn ids_round_trip() {
        for &p in Point::ALL {
            assert_eq!(Point::from_id(p.id()), Some(p));
        }
        assert_eq!(Point::from_id("no-such-point"), None);
    }

    #[test]
    fn typed_accessors_follow_the_choice_index() {
        let rules = Rules::first_choices().with(
            Point::TiddyTurnedUp,
            Point::TiddyTurnedUp
                .def()
                .choice_index("four-each")
                .unwrap(),
        );
        assert_eq!(rules.tiddy_turned_up(), choice::TiddyTurnedUp::FourEach);
        assert_eq!(rules.choice_id(Point::TiddyTurnedUp), "four-each");
        assert_eq!(Point::MinimumBid.def().allowed(), "`twelve` or `thirteen`");
    }
}
