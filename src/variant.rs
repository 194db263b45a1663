//! Variants: readings of the rules, loaded from YAML files.
//!
//! A variant names a choice for every rule point and says on what evidence it rests. Variants are
//! data: the engine sees only the resulting [`Rules`], never a variant's name.

use crate::diagnostic::{Diagnostic, Location};
use crate::rules::{Point, Rules};
use crate::suggest::hint;
use crate::yaml::YamlText;
use serde::Deserialize;
use serde_saphyr::Spanned;
use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

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
    pub based_on: Option<String>,
    pub summary: Option<String>,
    pub rules: Rules,
    /// One entry per rule point, in the order of [`Point::ALL`].
    pub choices: Vec<Choice>,
    pub path: PathBuf,
}

impl Variant {
    pub fn choice(&self, point: Point) -> &Choice {
        &self.choices[point as usize]
    }

    /// Overrides a point (from `--set`), marking it as the user's own assumption.
    pub fn set(&mut self, point: Point, choice: u8) {
        self.rules.set(point, choice);
        self.choices[point as usize] = Choice {
            choice,
            evidence: Evidence::Assumed,
            quote: String::new(),
            cite: "--set on the command line".to_string(),
            note: Some("set on the command line".to_string()),
            alternatives: Vec::new(),
            inherited_from: None,
        };
    }
}

/// A `--set point=choice` override.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Override {
    pub point: Point,
    pub choice: u8,
}

impl std::str::FromStr for Override {
    type Err = String;

    fn from_str(text: &str) -> Result<Override, String> {
        let (point_id, choice_id) = text.split_once('=').ok_or_else(|| {
            format!("`{text}` should read point=choice, as in tiddy-held=two-each")
        })?;
        let point_id = point_id.trim();
        let point = Point::from_id(point_id).ok_or_else(|| {
            format!(
                "unknown rule point `{point_id}`; {}the rule points are {}",
                crate::suggest::clause(point_id, Point::ids()),
                Point::allowed()
            )
        })?;
        let def = point.def();
        let choice_id = choice_id.trim();
        let choice = def.choice_index(choice_id).ok_or_else(|| {
            format!(
                "`{choice_id}` is not a choice of `{point}`; {}allowed: {}",
                crate::suggest::clause(choice_id, def.choices.iter().map(|c| c.id)),
                def.allowed()
            )
        })?;
        Ok(Override { point, choice })
    }
}

/// Every variant of a game, in display order: primary sources first, then by date.
#[derive(Clone, Debug, Default)]
pub struct VariantSet {
    pub variants: Vec<Variant>,
}

impl VariantSet {
    pub fn get(&self, id: &str) -> Option<&Variant> {
        self.variants.iter().find(|v| v.id == id)
    }

    pub fn ids(&self) -> Vec<&str> {
        self.variants.iter().map(|v| v.id.as_str()).collect()
    }

    /// Applies `--set` overrides to every variant.
    pub fn apply(&mut self, overrides: &[Override]) {
        for v in &mut self.variants {
            for o in overrides {
                v.set(o.point, o.choice);
            }
        }
    }

    /// Loads every `*.yaml` file in a directory.
    pub fn load_dir(dir: &Path) -> Result<VariantSet, Vec<Diagnostic>> {
        let mut paths: Vec<PathBuf> = match std::fs::read_dir(dir) {
            Ok(entries) => entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "yaml" || x == "yml"))
                .collect(),
            Err(err) => {
                return Err(vec![Diagnostic::new(
                    Location::file_start(dir, ""),
                    format!("cannot read the variants folder: {err}"),
                )]);
            }
        };
        paths.sort();
        let mut files = Vec::new();
        for path in paths {
            match std::fs::read_to_string(&path) {
                Ok(text) => files.push((path, Arc::<str>::from(text))),
                Err(err) => {
                    return Err(vec![Diagnostic::new(
                        Location::file_start(&path, ""),
                        format!("cannot read this variant file: {err}"),
                    )]);
                }
            }
        }
        VariantSet::from_files(files)
    }

    /// Builds the set from file contents; every problem in every file is reported.
    pub fn from_files(files: Vec<(PathBuf, Arc<str>)>) -> Result<VariantSet, Vec<Diagnostic>> {
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
        for (yaml, raw) in &raws {
            match Partial::check(yaml, raw) {
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
                Err(mut e) => errors.append(&mut e),
            }
        }
        let mut variants = Vec::new();
        for id in &order {
            match resolve(id, &partials, &mut Vec::new()) {
                Ok(v) => variants.push(v),
                Err(d) => errors.push(d),
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        variants.sort_by(|a, b| {
            (a.kind, year_of(&a.date), &a.id).cmp(&(b.kind, year_of(&b.date), &b.id))
        });
        Ok(VariantSet { variants })
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
    based_on: Option<Spanned<String>>,
    #[serde(default)]
    summary: Option<String>,
    #[serde(default)]
    rules: HashMap<Spanned<String>, RawChoice>,
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
    summary: Option<String>,
    based_on: Option<(String, Location)>,
    id_location: Location,
    choices: Vec<Option<Choice>>,
}

impl Partial {
    fn check(yaml: &YamlText, raw: &RawVariant) -> Result<Partial, Vec<Diagnostic>> {
        let mut errors = Vec::new();
        let id = raw.id.value.trim().to_string();
        if id.is_empty()
            || !id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            errors.push(Diagnostic::new(
                yaml.location_of(&raw.id),
                format!("`{id}` is not a usable variant id: use lower-case letters, digits and hyphens, as in `cotton-1674`"),
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
                        raw.kind.value
                    ),
                ));
                Kind::PrimarySource
            });
        let mut choices: Vec<Option<Choice>> = vec![None; Point::COUNT];
        let mut entries: Vec<(&Spanned<String>, &RawChoice)> = raw.rules.iter().collect();
        entries.sort_by_key(|(k, _)| k.referenced.span().offset());
        for (key, entry) in entries {
            let Some(point) = Point::from_id(key.value.trim()) else {
                let d = Diagnostic::new(
                    yaml.location_of(key),
                    format!("unknown rule point `{}`", key.value),
                )
                .note(format!("the rule points are {}", Point::allowed()));
                errors.push(hint(d, key.value.trim(), Point::ids()));
                continue;
            };
            let def = point.def();
            let choice_of = |s: &Spanned<String>, errors: &mut Vec<Diagnostic>| {
                def.choice_index(s.value.trim()).or_else(|| {
                    let d = Diagnostic::new(
                        yaml.location_of(s),
                        format!(
                            "`{}` is not a choice of `{point}` ({}); allowed: {}",
                            s.value,
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
                        entry.evidence.value
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
                            entry.choice.value
                        ),
                    ));
                }
                choices[point as usize] = Some(Choice {
                    choice,
                    evidence,
                    quote: entry.quote.trim().to_string(),
                    cite: entry.cite.trim().to_string(),
                    note: entry.note.as_ref().map(|n| n.trim().to_string()),
                    alternatives,
                    inherited_from: None,
                });
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(Partial {
            id,
            path: yaml.path.clone(),
            title: raw.title.trim().to_string(),
            author: raw.author.trim().to_string(),
            date: raw.date.trim().to_string(),
            kind,
            citation: raw.citation.trim().to_string(),
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

/// Follows `based-on` and checks that every point is set.
fn resolve(
    id: &str,
    partials: &HashMap<String, Partial>,
    chain: &mut Vec<String>,
) -> Result<Variant, Diagnostic> {
    let p = &partials[id];
    chain.push(id.to_string());
    let mut choices = p.choices.clone();
    if let Some((parent, location)) = &p.based_on {
        if chain.contains(parent) {
            return Err(Diagnostic::new(
                location.clone(),
                format!(
                    "`based-on` makes a cycle: {} -> {parent}",
                    chain.join(" -> ")
                ),
            ));
        }
        if !partials.contains_key(parent) {
            let mut known: Vec<&String> = partials.keys().collect();
            known.sort();
            let known: Vec<String> = known.iter().map(|k| format!("`{k}`")).collect();
            return Err(Diagnostic::new(
                location.clone(),
                format!(
                    "`based-on: {parent}` names no variant; the variants are {}",
                    known.join(", ")
                ),
            ));
        }
        let base = resolve(parent, partials, chain)?;
        for (slot, inherited) in choices.iter_mut().zip(base.choices) {
            if slot.is_none() {
                let from = inherited
                    .inherited_from
                    .clone()
                    .unwrap_or_else(|| base.id.clone());
                *slot = Some(Choice {
                    inherited_from: Some(from),
                    ..inherited
                });
            }
        }
    }
    let missing: Vec<&str> = Point::ALL
        .iter()
        .filter(|pt| choices[**pt as usize].is_none())
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
    let mut rules = Rules::first_choices();
    for (point, c) in Point::ALL.iter().zip(&choices) {
        rules.set(*point, c.choice);
    }
    Ok(Variant {
        id: p.id.clone(),
        title: p.title.clone(),
        author: p.author.clone(),
        date: p.date.clone(),
        kind: p.kind,
        citation: p.citation.clone(),
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

    fn load(files: &[(&str, &str)]) -> Result<VariantSet, Vec<Diagnostic>> {
        VariantSet::from_files(
            files
                .iter()
                .map(|(p, t)| (PathBuf::from(p), Arc::<str>::from(*t)))
                .collect(),
        )
    }

    #[test]
    fn bundled_variants_load_and_set_every_point() {
        let set = VariantSet::load_dir(Path::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/variants/gleek"
        )))
        .unwrap_or_else(|e| panic!("{}", e.iter().map(|d| d.to_string()).collect::<String>()));
        let mut ids = set.ids();
        ids.sort();
        assert_eq!(
            ids,
            [
                "akagiri",
                "cotgrave-1662",
                "cotton-1674",
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

    #[test]
    fn overrides_parse_and_explain_mistakes() {
        let o: Override = "tiddy-held=two-each".parse().unwrap();
        assert_eq!(o.point, Point::TiddyHeld);
        let err = "tiddy-held=lots".parse::<Override>().unwrap_err();
        assert!(
            err.contains("allowed: `none`, `two-each` or `four-each`"),
            "{err}"
        );
        assert!("nonsense".parse::<Override>().is_err());
    }
}
