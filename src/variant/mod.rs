//! Variants: readings of the rules, loaded from YAML files.
//!
//! A variant names a choice for every rule point and says on what evidence it rests. Variants are
//! data: the engine sees only the resulting [`Rules`], never a variant's name.

use crate::diagnostic::{Diagnostic, Errors, Location, excerpt};
use crate::game::Game;
use crate::input::{self, Depth};
use crate::rules::{AsPoint, Point, PointTable, Rules};
use crate::suggest::hint;
use crate::yaml::YamlText;
use serde::Deserialize;
use serde_saphyr::Spanned;
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

mod based_on;
mod file;
#[cfg(test)]
mod tests;

use based_on::resolve_all;
use file::{Partial, RawVariant};

/// The longest variant id, in characters (it names a page of the site and a column).
const MAX_ID: usize = 80;
/// The most readings of one game: the site and the check grow with their number (each page of
/// scenarios plays every reading, the matrix sets each beside every other).
pub const MAX_READINGS: usize = 100;

/// How firmly a reading's choice rests on its source.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Evidence {
    /// The source says so.
    Stated,
    /// Another author says the source says so.
    Reported,
    /// Follows from what the source says, though not in so many words.
    Inferred,
    /// The source is silent; the variant fills the gap, with its reason.
    Assumed,
}

impl Evidence {
    pub const ALL: [Evidence; 4] = [
        Evidence::Stated,
        Evidence::Reported,
        Evidence::Inferred,
        Evidence::Assumed,
    ];

    /// The letter that marks the level beside its colour (colour alone is not enough).
    pub fn letter(self) -> &'static str {
        match self {
            Evidence::Stated => "S",
            Evidence::Reported => "R",
            Evidence::Inferred => "I",
            Evidence::Assumed => "A",
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            Evidence::Stated => "stated",
            Evidence::Reported => "reported",
            Evidence::Inferred => "inferred",
            Evidence::Assumed => "assumed",
        }
    }

    fn parse(id: &str) -> Option<Evidence> {
        Evidence::ALL.into_iter().find(|e| e.id() == id)
    }
}

impl fmt::Display for Evidence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// What kind of text a reading comes from; primary sources are listed first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    PrimarySource,
    SecondaryReport,
    ModernReconstruction,
}

impl Kind {
    const ALL: [Kind; 3] = [
        Kind::PrimarySource,
        Kind::SecondaryReport,
        Kind::ModernReconstruction,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Kind::PrimarySource => "primary-source",
            Kind::SecondaryReport => "secondary-report",
            Kind::ModernReconstruction => "modern-reconstruction",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Kind::PrimarySource => "primary source",
            Kind::SecondaryReport => "secondary report",
            Kind::ModernReconstruction => "modern reconstruction",
        }
    }
}

/// A variant's answer on one rule point, with its evidence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub choice: u8,
    pub evidence: Evidence,
    pub quote: String,
    /// The page or URL.
    pub cite: String,
    /// The reason, for an assumed choice; any comment otherwise.
    pub note: Option<String>,
    /// Other choices the source leaves open.
    pub alternatives: Vec<u8>,
    /// The variant this entry was inherited from through `based-on`, if any.
    pub inherited_from: Option<String>,
    /// Where its `evidence:` is written; `None` for a choice set on the command line.
    pub at: Option<Location>,
}

/// Where the parts of a variant's header are written, for the evidence rules' errors.
#[derive(Clone, Debug)]
pub struct HeaderAt {
    pub id: Location,
    pub kind: Location,
    pub text: Location,
    pub known_through: Location,
}

/// One reading of the rules.
#[derive(Clone, Debug)]
pub struct Variant {
    pub id: String,
    pub title: String,
    pub author: String,
    pub date: String,
    pub kind: Kind,
    pub citation: String,
    /// The texts the reading is named for, by id in `sources/sources.yaml` (`text:`).
    pub texts: Vec<String>,
    /// The texts through which alone the reading is known, when its own was not read
    /// (`known-through:`).
    pub known_through: Vec<String>,
    /// Where the header's `id:`, `kind:`, `text:` and `known-through:` are written (the last two
    /// at `id:` when absent).
    pub header_at: HeaderAt,
    pub based_on: Option<String>,
    pub summary: Option<String>,
    pub rules: Rules,
    /// One entry per rule point, in the order of the game's declaration.
    pub choices: Vec<Choice>,
    pub path: PathBuf,
}

impl Variant {
    /// How readers see the reading named: its author and date, "Charles Cotton (1674)"; the id
    /// is for files and the command line.
    pub fn name(&self) -> String {
        format!("{} ({})", self.author, self.date)
    }

    pub fn choice(&self, point: impl AsPoint) -> &Choice {
        &self.choices[point.point().index()]
    }

    /// Overrides a point (from `--set`), marking it as the user's own assumption.
    pub fn set(&mut self, point: Point, choice: u8) {
        self.rules.set(point, choice);
        self.choices[point.index()] = Choice {
            choice,
            evidence: Evidence::Assumed,
            quote: String::new(),
            cite: "--set on the command line".to_string(),
            note: Some("set on the command line".to_string()),
            alternatives: Vec::new(),
            inherited_from: None,
            at: None,
        };
    }
}

/// A `--set point=choice` override, as written; each game's readings take it if the point is
/// theirs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Override {
    pub point: String,
    pub choice: String,
}

impl std::str::FromStr for Override {
    type Err = String;

    fn from_str(text: &str) -> Result<Override, String> {
        let (point, choice) = text.split_once('=').ok_or_else(|| {
            format!("`{text}` should read point=choice, as in tiddy-held=two-each")
        })?;
        Ok(Override {
            point: point.trim().to_string(),
            choice: choice.trim().to_string(),
        })
    }
}

impl Override {
    /// The point and choice in a game's table; `Ok(None)` when the point is another game's.
    pub fn resolve(&self, table: PointTable) -> Result<Option<(Point, u8)>, String> {
        let Some(point) = table.find(&self.point) else {
            return Ok(None);
        };
        let choice = point.def().choice_index(&self.choice).ok_or_else(|| {
            format!(
                "`{}` is not a choice of `{point}`; {}allowed: {}",
                self.choice,
                crate::suggest::clause(&self.choice, point.def().choices.iter().map(|c| c.id)),
                point.def().allowed()
            )
        })?;
        Ok(Some((point, choice)))
    }
}

/// Every variant of a game, in display order: primary sources first, then by date.
#[derive(Clone, Debug)]
pub struct VariantSet {
    /// The game's rule points.
    pub table: PointTable,
    pub variants: Vec<Variant>,
}

impl VariantSet {
    pub fn get(&self, id: &str) -> Option<&Variant> {
        self.variants.iter().find(|v| v.id == id)
    }

    /// The name readers see for the reading `id` ("Charles Cotton (1674)"); an id the set lacks
    /// stays as written.
    pub fn name_of(&self, id: &str) -> String {
        self.get(id).map_or_else(|| id.to_string(), Variant::name)
    }

    pub fn ids(&self) -> Vec<&str> {
        self.variants.iter().map(|v| v.id.as_str()).collect()
    }

    /// No readings yet, for a game's points.
    pub fn empty(table: PointTable) -> VariantSet {
        VariantSet {
            table,
            variants: Vec::new(),
        }
    }

    /// Applies the `--set` overrides that name this game's points to every variant.
    pub fn apply(&mut self, overrides: &[Override]) -> Result<(), String> {
        for o in overrides {
            if let Some((point, choice)) = o.resolve(self.table)? {
                for v in &mut self.variants {
                    v.set(point, choice);
                }
            }
        }
        Ok(())
    }

    /// Loads every `*.yaml` file in a directory, for a game's points, following links only
    /// inside it.
    pub fn load_dir(dir: &Path, table: PointTable) -> Result<VariantSet, Vec<Diagnostic>> {
        VariantSet::load_dir_in(dir, dir, table)
    }

    /// Loads every `*.yaml` file in a directory of the project `root`, following links only
    /// inside the project (see [`crate::input`]); every unreadable file is reported.
    pub fn load_dir_in(
        dir: &Path,
        root: &Path,
        table: PointTable,
    ) -> Result<VariantSet, Vec<Diagnostic>> {
        let paths = input::files(dir, root, Depth::Flat, &|p| {
            p.extension().is_some_and(|x| x == "yaml" || x == "yml")
        })?;
        if paths.len() > MAX_READINGS {
            return Err(vec![Diagnostic::new(
                Location::file_start(dir, ""),
                format!(
                    "{} holds {} readings; a game may have at most {MAX_READINGS}, since each is played on every scenario and set beside every other",
                    dir.display(),
                    paths.len()
                ),
            )
            .note("keep the readings you compare here, and the others in a project of their own")]);
        }
        let mut files = Vec::new();
        let mut errors = Vec::new();
        for path in paths {
            match input::read_text(&path) {
                Ok(text) => files.push((path, text)),
                Err(d) => errors.push(d),
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        VariantSet::from_files(files, table)
    }

    /// Builds the set from file contents; every problem in every file is reported.
    pub fn from_files(
        files: Vec<(PathBuf, Arc<str>)>,
        table: PointTable,
    ) -> Result<VariantSet, Vec<Diagnostic>> {
        let mut errors = Vec::new();
        let mut raws = Vec::new();
        for (path, text) in files {
            let yaml = YamlText::whole_file(&path, text);
            match yaml.parse::<RawVariant>() {
                Ok(raw) => raws.push((yaml, raw)),
                Err(d) => errors.push(d),
            }
        }
        let mut partials: HashMap<String, Partial> = HashMap::new();
        let mut order = Vec::new();
        let mut broken = HashSet::new();
        for (yaml, raw) in &raws {
            match Partial::check(yaml, raw, table) {
                Ok(p) => {
                    if let Some(previous) = partials.get(&p.id) {
                        errors.push(
                            Diagnostic::new(
                                yaml.location_of(&raw.id),
                                format!("a variant called `{}` is already defined", p.id),
                            )
                            .note(format!("first defined in {}", previous.path.display())),
                        );
                    } else {
                        order.push(p.id.clone());
                        partials.insert(p.id.clone(), p);
                    }
                }
                Err(e) => {
                    broken.insert(raw.id.value.trim().to_string());
                    errors.extend(e);
                }
            }
        }
        let (mut variants, unresolved) = resolve_all(&order, &partials, &broken, table);
        errors.extend(unresolved);
        if !errors.is_empty() {
            return Err(errors);
        }
        variants.sort_by(|a, b| {
            (a.kind, year_of(&a.date), &a.id).cmp(&(b.kind, year_of(&b.date), &b.id))
        });
        Ok(VariantSet { table, variants })
    }
}

/// The readings of every game in a project, one set per game, in the order of the games.
#[derive(Clone, Debug)]
pub struct Readings {
    pub sets: Vec<(&'static dyn Game, VariantSet)>,
}

impl Readings {
    /// A game's readings.
    pub fn of(&self, game: &dyn Game) -> &VariantSet {
        self.sets
            .iter()
            .find(|(g, _)| g.id() == game.id())
            .map(|(_, s)| s)
            .expect("every game has a set of readings")
    }

    /// Every reading of every game.
    pub fn all(&self) -> impl Iterator<Item = (&'static dyn Game, &Variant)> {
        self.sets
            .iter()
            .flat_map(|(g, s)| s.variants.iter().map(move |v| (*g, v)))
    }

    /// Applies `--set` overrides; a point no game declares is an error listing them all. A point
    /// id two games share (`pack`) is set in each game that has the choice, and is an error only
    /// when none has it.
    pub fn apply(&mut self, overrides: &[Override]) -> Result<(), String> {
        for o in overrides {
            let resolved: Vec<_> = self.sets.iter().map(|(_, s)| o.resolve(s.table)).collect();
            if resolved.iter().all(|r| matches!(r, Ok(None))) {
                let all: Vec<String> = self.sets.iter().map(|(_, s)| s.table.allowed()).collect();
                let ids = self
                    .sets
                    .iter()
                    .flat_map(|(_, s)| s.table.all().map(|p| p.id()));
                return Err(format!(
                    "unknown rule point `{}`; {}the rule points are {}",
                    excerpt(&o.point),
                    crate::suggest::clause(&o.point, ids),
                    all.join(", ")
                ));
            }
            if !resolved.iter().any(|r| matches!(r, Ok(Some(_)))) {
                return resolved
                    .into_iter()
                    .find_map(Result::err)
                    .map_or(Ok(()), Err);
            }
        }
        for (_, set) in &mut self.sets {
            let table = set.table;
            let own: Vec<Override> = overrides
                .iter()
                .filter(|o| matches!(o.resolve(table), Ok(Some(_))))
                .cloned()
                .collect();
            set.apply(&own)?;
        }
        Ok(())
    }
}

/// The first four-digit year in a date ("1665-1672", "by 2007"); undated readings sort last.
fn year_of(date: &str) -> u32 {
    date.as_bytes()
        .windows(4)
        .find(|w| w.iter().all(u8::is_ascii_digit))
        .and_then(|w| std::str::from_utf8(w).ok()?.parse().ok())
        .unwrap_or(u32::MAX)
}
