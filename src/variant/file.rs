//! One variant file as written, and what can be checked of it alone: its header, its choices
//! and their evidence. Resolving `based-on` is [`super::based_on`]'s.

use super::*;

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct RawVariant {
    pub(super) id: Spanned<String>,
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
pub(super) struct Partial {
    pub(super) id: String,
    pub(super) path: PathBuf,
    pub(super) title: String,
    pub(super) author: String,
    pub(super) date: String,
    pub(super) kind: Kind,
    pub(super) citation: String,
    pub(super) texts: Vec<String>,
    pub(super) known_through: Vec<String>,
    pub(super) header_at: HeaderAt,
    pub(super) summary: Option<String>,
    pub(super) based_on: Option<(String, Location)>,
    pub(super) id_location: Location,
    pub(super) choices: Vec<Option<Choice>>,
}

impl Partial {
    pub(super) fn check(
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
