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

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawVariant {
    id: Spanned<String>,
    title: String,
    author: String,
    date: String,
    kind: Spanned<String>,
    citation: String,
    #[serde(default)]
    text: Option<Spanned<Ids>>,
    #[serde(default)]
    known_through: Option<Spanned<Ids>>,
    #[serde(default)]
    based_on: Option<Spanned<String>>,
    #[serde(default)]
    summary: Option<String>,
    #[serde(default)]
    rules: HashMap<Spanned<String>, RawChoice>,
}

/// One text id or a list of them.
#[derive(Deserialize)]
#[serde(untagged)]
enum Ids {
    One(String),
    Many(Vec<String>),
}

impl Ids {
    fn list(&self) -> Vec<String> {
        let all = match self {
            Ids::One(id) => std::slice::from_ref(id),
            Ids::Many(ids) => ids.as_slice(),
        };
        all.iter()
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect()
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawChoice {
    choice: Spanned<String>,
    evidence: Spanned<String>,
    #[serde(default)]
    quote: String,
    #[serde(default)]
    cite: String,
    #[serde(default)]
    note: Option<String>,
    #[serde(default)]
    alternatives: Vec<Spanned<String>>,
}

/// A variant file checked on its own, before `based-on` is followed.
struct Partial {
    id: String,
    path: PathBuf,
    title: String,
    author: String,
    date: String,
    kind: Kind,
    citation: String,
    texts: Vec<String>,
    known_through: Vec<String>,
    header_at: HeaderAt,
    summary: Option<String>,
    based_on: Option<(String, Location)>,
    id_location: Location,
    choices: Vec<Option<Choice>>,
}

impl Partial {
    fn check(
        yaml: &YamlText,
        raw: &RawVariant,
        table: PointTable,
    ) -> Result<Partial, Vec<Diagnostic>> {
        let mut errors = Errors::default();
        let id = raw.id.value.trim().to_string();
        if id.is_empty()
            || id.len() > MAX_ID
            || !id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            errors.push(Diagnostic::new(
                yaml.location_of(&raw.id),
                format!("`{}` is not a usable variant id: use lower-case letters, digits and hyphens, at most {MAX_ID} of them, as in `cotton-1674`", excerpt(&id)),
            ));
        }
        let kind = Kind::ALL
            .into_iter()
            .find(|k| k.id() == raw.kind.value.trim())
            .unwrap_or_else(|| {
                errors.push(Diagnostic::new(
                    yaml.location_of(&raw.kind),
                    format!(
                        "unknown kind `{}`; allowed: `primary-source`, `secondary-report` or `modern-reconstruction`",
                        excerpt(&raw.kind.value)
                    ),
                ));
                Kind::PrimarySource
            });
        let mut choices: Vec<Option<Choice>> = vec![None; table.len()];
        let mut entries: Vec<(&Spanned<String>, &RawChoice)> = raw.rules.iter().collect();
        entries.sort_by_key(|(k, _)| k.referenced.span().offset());
        for (key, entry) in entries {
            let Some(point) = table.find(key.value.trim()) else {
                let d = Diagnostic::new(
                    yaml.location_of(key),
                    format!("unknown rule point `{}`", excerpt(&key.value)),
                )
                .note(format!("the rule points are {}", table.allowed()));
                errors.push(hint(d, key.value.trim(), table.all().map(|p| p.id())));
                continue;
            };
            let def = point.def();
            let choice_of = |s: &Spanned<String>, errors: &mut Errors| {
                def.choice_index(s.value.trim()).or_else(|| {
                    let d = Diagnostic::new(
                        yaml.location_of(s),
                        format!(
                            "`{}` is not a choice of `{point}` ({}); allowed: {}",
                            excerpt(&s.value),
                            def.question,
                            def.allowed()
                        ),
                    );
                    errors.push(hint(d, s.value.trim(), def.choices.iter().map(|c| c.id)));
                    None
                })
            };
            let choice = choice_of(&entry.choice, &mut errors);
            let evidence = Evidence::parse(entry.evidence.value.trim());
            if evidence.is_none() {
                errors.push(Diagnostic::new(
                    yaml.location_of(&entry.evidence),
                    format!(
                        "unknown evidence `{}`; allowed: `stated`, `reported`, `inferred` or `assumed`",
                        excerpt(&entry.evidence.value)
                    ),
                ));
            }
            if evidence == Some(Evidence::Assumed)
                && entry.note.as_deref().is_none_or(|n| n.trim().is_empty())
            {
                errors.push(Diagnostic::new(
                    yaml.location_of(&entry.evidence),
                    format!("the choice on `{point}` is assumed: give the reason in `note:`"),
                ));
            }
            if matches!(evidence, Some(Evidence::Stated | Evidence::Reported))
                && (entry.quote.trim().is_empty() || entry.cite.trim().is_empty())
            {
                errors.push(Diagnostic::new(
                    yaml.location_of(&entry.evidence),
                    format!(
                        "a {} choice on `{point}` needs its `quote:` and `cite:` (page or URL)",
                        entry.evidence.value
                    ),
                ));
            }
            let alternatives: Vec<u8> = entry
                .alternatives
                .iter()
                .filter_map(|a| choice_of(a, &mut errors))
                .collect();
            if let (Some(choice), Some(evidence)) = (choice, evidence) {
                if alternatives.contains(&choice) {
                    errors.push(Diagnostic::new(
                        yaml.location_of(&entry.choice),
                        format!(
                            "`{}` is both the choice and an alternative on `{point}`",
                            excerpt(&entry.choice.value)
                        ),
                    ));
                }
                choices[point.index()] = Some(Choice {
                    choice,
                    evidence,
                    quote: entry.quote.trim().to_string(),
                    cite: entry.cite.trim().to_string(),
                    note: entry.note.as_ref().map(|n| n.trim().to_string()),
                    alternatives,
                    inherited_from: None,
                    at: Some(yaml.location_of(&entry.evidence)),
                });
            }
        }
        if !errors.is_empty() {
            return Err(errors.into_vec(&yaml.path));
        }
        Ok(Partial {
            id,
            path: yaml.path.clone(),
            title: raw.title.trim().to_string(),
            author: raw.author.trim().to_string(),
            date: raw.date.trim().to_string(),
            kind,
            citation: raw.citation.trim().to_string(),
            texts: raw
                .text
                .as_ref()
                .map(|t| t.value.list())
                .unwrap_or_default(),
            known_through: raw
                .known_through
                .as_ref()
                .map(|t| t.value.list())
                .unwrap_or_default(),
            header_at: HeaderAt {
                id: yaml.location_of(&raw.id),
                kind: yaml.location_of(&raw.kind),
                text: raw
                    .text
                    .as_ref()
                    .map_or_else(|| yaml.location_of(&raw.id), |t| yaml.location_of(t)),
                known_through: raw
                    .known_through
                    .as_ref()
                    .map_or_else(|| yaml.location_of(&raw.id), |t| yaml.location_of(t)),
            },
            summary: raw.summary.as_ref().map(|s| s.trim().to_string()),
            based_on: raw
                .based_on
                .as_ref()
                .map(|b| (b.value.trim().to_string(), yaml.location_of(b))),
            id_location: yaml.location_of(&raw.id),
            choices,
        })
    }
}

/// How far resolving a variant has gone.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    /// On the `based-on` chain being followed now: meeting it again is a cycle.
    OnChain,
    /// Resolved: its index in the list of variants.
    Resolved(usize),
    /// Failed, its error reported (here or at the variant it is based on).
    Failed,
}

/// What a variant inherits from: nothing, a resolved variant (its index), or a failure.
enum Base {
    Root,
    Variant(usize),
    Failed,
}

/// Follows every `based-on` chain once, each variant after the one it is based on, remembering
/// what is resolved: a chain of thousands costs one pass. Each error is reported once: a cycle
/// with its chain, an unknown base, points left unset. A variant based on one that failed
/// (here or in its own file, listed in `broken`) fails without a second message.
fn resolve_all(
    order: &[String],
    partials: &HashMap<String, Partial>,
    broken: &HashSet<String>,
    table: PointTable,
) -> (Vec<Variant>, Vec<Diagnostic>) {
    let mut state: HashMap<&str, State> = HashMap::new();
    let mut variants = Vec::new();
    let mut errors = Vec::new();
    for id in order {
        // Walk up to a variant already settled, a root, or trouble.
        let mut chain: Vec<&str> = Vec::new();
        let mut current = id.as_str();
        let mut base = loop {
            match state.get(current) {
                Some(State::Resolved(i)) => break Base::Variant(*i),
                Some(_) => break Base::Failed,
                None => {}
            }
            state.insert(current, State::OnChain);
            chain.push(current);
            let Some((parent, location)) = &partials[current].based_on else {
                break Base::Root;
            };
            match partials.get_key_value(parent) {
                Some((parent, _)) if state.get(parent.as_str()) == Some(&State::OnChain) => {
                    let start = chain.iter().position(|c| c == parent).unwrap_or(0);
                    errors.push(Diagnostic::new(
                        location.clone(),
                        format!(
                            "`based-on` makes a cycle: {} -> {parent}",
                            chain[start..].join(" -> ")
                        ),
                    ));
                    break Base::Failed;
                }
                Some((parent, _)) => current = parent,
                None => {
                    if !broken.contains(parent) {
                        errors.push(unknown_base(parent, location, partials));
                    }
                    break Base::Failed;
                }
            }
        };
        // Resolve the chain from its root down.
        for &link in chain.iter().rev() {
            let inherited = match base {
                Base::Root => None,
                Base::Variant(i) => Some(&variants[i]),
                Base::Failed => {
                    state.insert(link, State::Failed);
                    continue;
                }
            };
            match resolve(&partials[link], inherited, table) {
                Ok(v) => {
                    variants.push(v);
                    base = Base::Variant(variants.len() - 1);
                    state.insert(link, State::Resolved(variants.len() - 1));
                }
                Err(d) => {
                    errors.push(d);
                    base = Base::Failed;
                    state.insert(link, State::Failed);
                }
            }
        }
    }
    (variants, errors)
}

/// "`based-on: x` names no variant", with a few of the variants there are.
fn unknown_base(
    parent: &str,
    location: &Location,
    partials: &HashMap<String, Partial>,
) -> Diagnostic {
    const SHOWN: usize = 12;
    let mut known: Vec<&String> = partials.keys().collect();
    known.sort();
    let mut list: Vec<String> = known.iter().take(SHOWN).map(|k| format!("`{k}`")).collect();
    if known.len() > SHOWN {
        list.push(format!("and {} more", known.len() - SHOWN));
    }
    Diagnostic::new(
        location.clone(),
        format!(
            "`based-on: {}` names no variant; the variants are {}",
            excerpt(parent),
            list.join(", ")
        ),
    )
}

/// A variant from its own file and the resolved variant it is based on, if any: inherits what
/// it leaves unset, and checks that every point is set.
fn resolve(p: &Partial, base: Option<&Variant>, table: PointTable) -> Result<Variant, Diagnostic> {
    let mut choices = p.choices.clone();
    if let Some(base) = base {
        for (slot, inherited) in choices.iter_mut().zip(&base.choices) {
            if slot.is_none() {
                let from = inherited
                    .inherited_from
                    .clone()
                    .unwrap_or_else(|| base.id.clone());
                *slot = Some(Choice {
                    inherited_from: Some(from),
                    ..inherited.clone()
                });
            }
        }
    }
    let missing: Vec<&str> = table
        .all()
        .filter(|pt| choices[pt.index()].is_none())
        .map(|pt| pt.id())
        .collect();
    if !missing.is_empty() {
        return Err(Diagnostic::new(
            p.id_location.clone(),
            format!(
                "variant `{}` leaves {} rule point(s) unset: {}",
                p.id,
                missing.len(),
                missing.join(", ")
            ),
        )
        .note("every rule point needs a choice, or a `based-on` variant to inherit it from"));
    }
    let choices: Vec<Choice> = choices.into_iter().flatten().collect();
    let mut rules = Rules::first_choices(table);
    for (point, c) in table.all().zip(&choices) {
        rules.set(point, c.choice);
    }
    Ok(Variant {
        id: p.id.clone(),
        title: p.title.clone(),
        author: p.author.clone(),
        date: p.date.clone(),
        kind: p.kind,
        citation: p.citation.clone(),
        texts: p.texts.clone(),
        known_through: p.known_through.clone(),
        header_at: p.header_at.clone(),
        based_on: p.based_on.as_ref().map(|(b, _)| b.clone()),
        summary: p.summary.clone(),
        rules,
        choices,
        path: p.path.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::gleek::points::{Point as GleekPoint, TABLE};

    fn load(files: &[(&str, &str)]) -> Result<VariantSet, Vec<Diagnostic>> {
        VariantSet::from_files(
            files
                .iter()
                .map(|(p, t)| (PathBuf::from(p), Arc::<str>::from(*t)))
                .collect(),
            TABLE,
        )
    }

    #[test]
    fn bundled_variants_load_and_set_every_point() {
        let set = VariantSet::load_dir(
            Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/variants/gleek")),
            TABLE,
        )
        .unwrap_or_else(|e| panic!("{}", e.iter().map(|d| d.to_string()).collect::<String>()));
        let mut ids = set.ids();
        ids.sort();
        assert_eq!(
            ids,
            [
                "akagiri",
                "cotgrave-1662",
                "cotton-1674",
                "dafydd",
                "du-coeur",
                "parlett",
                "wikipedia",
                "willughby"
            ]
        );
        assert_eq!(set.variants[0].kind, Kind::PrimarySource);
        // Within a kind, by year: Cotgrave 1662, Willughby 1665-1672, Cotton 1674.
        assert_eq!(
            &set.ids()[..3],
            ["cotgrave-1662", "willughby", "cotton-1674"]
        );
        assert_eq!((year_of("by 2007"), year_of("n.d.")), (2007, u32::MAX));
    }

    #[test]
    fn unknown_point_and_choice_are_located_and_list_what_is_allowed() {
        let text = "id: mine\ntitle: t\nauthor: a\ndate: '2026'\nkind: modern-reconstruction\ncitation: c\nbased-on: base\nrules:\n  tiddy-held: {choice: lots, evidence: assumed, note: why}\n  no-such: {choice: x, evidence: stated}\n";
        let errs = load(&[("variants/mine.yaml", text)]).unwrap_err();
        let all: String = errs.iter().map(|d| d.to_string()).collect();
        assert!(all.contains("variants/mine.yaml:9:"), "{all}");
        assert!(
            all.contains("`lots` is not a choice of `tiddy-held`"),
            "{all}"
        );
        assert!(all.contains("`none`, `two-each` or `four-each`"), "{all}");
        assert!(all.contains("unknown rule point `no-such`"), "{all}");
        assert!(all.contains("variants/mine.yaml:10:3"), "{all}");
    }

    #[test]
    fn cycles_and_unset_points_are_errors() {
        let head = |id: &str, base: &str| {
            format!(
                "id: {id}\ntitle: t\nauthor: a\ndate: '1'\nkind: primary-source\ncitation: c\nbased-on: {base}\n"
            )
        };
        let a = head("a", "b");
        let b = head("b", "a");
        let errs = load(&[("a.yaml", &a), ("b.yaml", &b)]).unwrap_err();
        assert!(errs.iter().any(|d| d.message.contains("cycle")), "{errs:?}");
        let lone = "id: lone\ntitle: t\nauthor: a\ndate: '1'\nkind: primary-source\ncitation: c\n";
        let errs = load(&[("lone.yaml", lone)]).unwrap_err();
        assert!(errs[0].message.contains("leaves"), "{errs:?}");
        assert!(errs[0].message.contains("tiddy-turned-up"), "{errs:?}");
    }

    const COTTON: &str = include_str!("../variants/gleek/cotton-1674.yaml");

    fn based_on(id: &str, base: &str) -> String {
        format!(
            "id: {id}\ntitle: t\nauthor: a\ndate: '1'\nkind: primary-source\ncitation: c\nbased-on: {base}\n"
        )
    }

    #[test]
    fn a_long_based_on_chain_resolves_in_any_file_order() {
        const LENGTH: usize = 3000;
        let mut files = vec![(
            "v0.yaml".to_string(),
            COTTON.replace("id: cotton-1674", "id: v0"),
        )];
        files.extend((1..LENGTH).map(|i| {
            (
                format!("v{i}.yaml"),
                based_on(&format!("v{i}"), &format!("v{}", i - 1)),
            )
        }));
        files.reverse();
        let set = load(
            &files
                .iter()
                .map(|(p, t)| (p.as_str(), t.as_str()))
                .collect::<Vec<_>>(),
        )
        .unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(set.variants.len(), LENGTH);
        let last = set.get(&format!("v{}", LENGTH - 1)).unwrap();
        let first = set.get("v0").unwrap();
        assert_eq!(last.rules, first.rules);
        assert_eq!(last.choices[0].inherited_from.as_deref(), Some("v0"));
    }

    #[test]
    fn an_error_at_the_root_of_a_chain_is_reported_once() {
        let lone = "id: root\ntitle: t\nauthor: a\ndate: '1'\nkind: primary-source\ncitation: c\n";
        let children: Vec<String> = (0..5).map(|i| based_on(&format!("c{i}"), "root")).collect();
        let mut files = vec![("root.yaml", lone)];
        files.extend(children.iter().map(|c| ("c.yaml", c.as_str())));
        let errs = load(&files).unwrap_err();
        assert_eq!(errs.len(), 1, "{errs:?}");
        assert!(
            errs[0].message.contains("variant `root` leaves"),
            "{errs:?}"
        );
        // A base whose own file is wrong is reported there, not again as "names no variant".
        let broken = COTTON
            .replace("id: cotton-1674", "id: root")
            .replace("choice: four-each", "choice: lots");
        let errs = load(&[("root.yaml", &broken), ("c.yaml", &children[0])]).unwrap_err();
        assert_eq!(errs.len(), 1, "{errs:?}");
        assert!(
            errs[0].message.contains("`lots` is not a choice"),
            "{errs:?}"
        );
    }

    #[test]
    fn a_cycle_is_reported_once_with_its_chain() {
        let files = [
            ("d.yaml", based_on("d", "a")),
            ("a.yaml", based_on("a", "b")),
            ("b.yaml", based_on("b", "c")),
            ("c.yaml", based_on("c", "a")),
        ];
        let errs = load(
            &files
                .iter()
                .map(|(p, t)| (*p, t.as_str()))
                .collect::<Vec<_>>(),
        )
        .unwrap_err();
        assert_eq!(errs.len(), 1, "{errs:?}");
        assert!(
            errs[0].message.ends_with("cycle: a -> b -> c -> a"),
            "{errs:?}"
        );
        assert_eq!(errs[0].location.file, Path::new("c.yaml"));
    }

    #[test]
    fn overrides_parse_and_explain_mistakes() {
        let o: Override = "tiddy-held=two-each".parse().unwrap();
        let (point, choice) = o.resolve(TABLE).unwrap().unwrap();
        assert_eq!(point, GleekPoint::TiddyHeld.point());
        assert_eq!(point.def().choices[choice as usize].id, "two-each");
        let other: Override = "game-target=seven".parse().unwrap();
        assert_eq!(other.resolve(TABLE), Ok(None), "another game's point");
        let lots: Override = "tiddy-held=lots".parse().unwrap();
        let err = lots.resolve(TABLE).unwrap_err();
        assert!(
            err.contains("allowed: `none`, `two-each` or `four-each`"),
            "{err}"
        );
        assert!("nonsense".parse::<Override>().is_err());
    }

    #[test]
    fn a_point_two_games_share_is_set_where_the_choice_exists() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("variants");
        let load = |game: &'static dyn Game| {
            let set = VariantSet::load_dir(&dir.join(game.id()), game.points()).unwrap();
            (game, set)
        };
        let (put, glic) = (
            crate::games::by_id("put").unwrap(),
            crate::games::by_id("glic").unwrap(),
        );
        let mut readings = Readings {
            sets: vec![load(put), load(glic)],
        };
        let set = |text: &str| vec![text.parse::<Override>().unwrap()];
        readings.apply(&set("pack=piquet-32")).unwrap();
        let glic_pack = |r: &Readings| {
            let point = glic.points().find("pack").unwrap();
            r.of(glic)
                .variants
                .iter()
                .map(|v| v.rules.choice_id(point))
                .collect::<Vec<_>>()
        };
        assert!(glic_pack(&readings).iter().all(|c| *c == "piquet-32"));
        let put_pack = put.points().find("pack").unwrap();
        assert!(
            readings
                .of(put)
                .variants
                .iter()
                .any(|v| v.rules.choice_id(put_pack) == "full-52")
        );
        let err = readings.apply(&set("pack=tarot-78")).unwrap_err();
        assert!(
            err.starts_with("`tarot-78` is not a choice of `pack`"),
            "{err}"
        );
    }
}
