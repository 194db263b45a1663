//! The evidence levels held to the contributor guide's rule: a reading's grade on a point must be
//! what its quotation can bear.
//!
//! - a reading names its own texts (`text:`), and the texts through which alone it is known
//!   (`known-through:`), by their ids in `sources/sources.yaml`;
//! - `primary-source` is a reading of a 17th-century text;
//! - `stated`: the quotation is from a text the reading is named for; a reading known only
//!   through another text has none, not even inherited;
//! - `reported`: the quotation is from another text, and that text names the reading's author
//!   beside the quoted words: one of the names its texts are cited by (`cited-as:`) stands in the
//!   paragraph (the line of the transcription) that holds them, within [`NEAR`] characters before
//!   or after them, or in them. This is checked wherever the quoted text is at hand;
//! - `inferred` and `assumed` give their reasons in `note:`, and `assumed` lists the point's other
//!   choices a reader could equally make in `alternatives:`.
//!
//! Each violation is a located error saying what is wrong and what is allowed.

use super::check::Report;
use super::quotations::{Origin, Quotation};
use super::{Library, Source};
use crate::diagnostic::{Diagnostic, Location};
use crate::rules::Point;
use crate::variant::{Choice, Evidence, Kind, Readings, Variant};
use std::collections::HashMap;

/// How near the reading's author must be named to the quoted words, in characters, when not in
/// their paragraph.
pub const NEAR: usize = 200;

/// Every violation of the evidence rules in the project's readings. `quotations` and `report` are
/// what [`super::check::check`] found; a quotation not found in a text at hand is judged by the
/// texts its citation names.
pub fn check(
    library: &Library,
    readings: &Readings,
    quotations: &[Quotation],
    report: &Report,
) -> Vec<Diagnostic> {
    if library.texts.is_empty() {
        return Vec::new();
    }
    // Each variant quotation by its reading and point, looked up once per choice.
    let by_choice: HashMap<(&str, &str, &str), usize> = quotations
        .iter()
        .enumerate()
        .filter_map(|(i, q)| match &q.origin {
            Origin::Variant {
                game,
                variant,
                point,
            } => Some(((*game, variant.as_str(), point.as_str()), i)),
            Origin::Page { .. } => None,
        })
        .collect();
    let mut out = Vec::new();
    for (game, v) in readings.all() {
        out.extend(header(library, v));
        let set = readings.of(game);
        for point in set.table.all() {
            let c = v.choice(point);
            let Some(at) = &c.at else { continue };
            if let Some(base) = &c.inherited_from {
                if c.evidence == Evidence::Stated && !v.known_through.is_empty() {
                    out.push(inherited_stated(library, v, point, base));
                }
                continue;
            }
            let quoted = by_choice
                .get(&(game.id(), v.id.as_str(), point.id()))
                .map(|&i| (i, &quotations[i]));
            let ctx = Judged {
                library,
                v,
                point,
                c,
                at,
            };
            out.extend(ctx.judge(quoted, report));
        }
    }
    out
}

/// The texts a header names, and whether its kind fits them.
fn header(library: &Library, v: &Variant) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let listed = || {
        let ids: Vec<String> = library
            .texts
            .iter()
            .map(|t| format!("`{}`", t.id))
            .collect();
        format!("the texts of sources/sources.yaml are {}", ids.join(", "))
    };
    for (ids, at, key) in [
        (&v.texts, &v.header_at.text, "text"),
        (
            &v.known_through,
            &v.header_at.known_through,
            "known-through",
        ),
    ] {
        for id in ids.iter().filter(|id| library.get(id).is_none()) {
            out.push(
                Diagnostic::new(
                    at.clone(),
                    format!("`{key}: {id}` names no text listed in sources/sources.yaml"),
                )
                .note(listed()),
            );
        }
    }
    if v.texts.is_empty() && v.known_through.is_empty() {
        out.push(
            Diagnostic::new(
                v.header_at.id.clone(),
                format!(
                    "the reading `{}` does not say what it rests on: name its text in `text:`, and the texts through which alone it is known in `known-through:`",
                    v.id
                ),
            )
            .note(listed()),
        );
    }
    if v.kind == Kind::PrimarySource {
        let late: Vec<&Source> = v
            .texts
            .iter()
            .filter_map(|id| library.get(id))
            .filter(|t| !t.bib.is_17th_century())
            .collect();
        if v.texts.is_empty() || !late.is_empty() {
            let why = match late.first() {
                Some(t) => format!(
                    "its text `{}` is dated {}",
                    t.id,
                    t.bib
                        .year
                        .as_deref()
                        .unwrap_or("nowhere (no `year:` in sources.yaml)")
                ),
                None => "it names no text in `text:`".to_string(),
            };
            out.push(
                Diagnostic::new(
                    v.header_at.kind.clone(),
                    format!(
                        "the reading `{}` is labelled `primary-source`, but {why}",
                        v.id
                    ),
                )
                .note("a primary source is a 17th-century text the reading names in `text:`; allowed otherwise: `secondary-report` or `modern-reconstruction`"),
            );
        }
    }
    out
}

/// A stated choice inherited by a reading known only through another text.
fn inherited_stated(library: &Library, v: &Variant, point: Point, base: &str) -> Diagnostic {
    Diagnostic::new(
        v.header_at.known_through.clone(),
        format!(
            "`{}` is known only through {}, yet inherits a stated choice on `{point}` from `{base}`",
            v.id,
            names(library, &v.known_through)
        ),
    )
    .note(format!(
        "a reading known at second hand states nothing: set `{point}` in this file as `reported`, `inferred` or `assumed`"
    ))
}

/// "Wikipedia, 'Put (card game)'" for a list of text ids.
fn names(library: &Library, ids: &[String]) -> String {
    let names: Vec<&str> = ids
        .iter()
        .map(|id| library.get(id).map_or(id.as_str(), Source::name))
        .collect();
    names.join(" and ")
}

/// One choice of one reading, being judged.
struct Judged<'a> {
    library: &'a Library,
    v: &'a Variant,
    point: Point,
    c: &'a Choice,
    at: &'a Location,
}

impl Judged<'_> {
    fn error(&self, at: &Location, message: String, allowed: String) -> Diagnostic {
        Diagnostic::new(at.clone(), message).note(format!("allowed: {allowed}"))
    }

    fn judge(&self, quoted: Option<(usize, &Quotation)>, report: &Report) -> Vec<Diagnostic> {
        let (v, point) = (self.v, self.point);
        let mut out = Vec::new();
        let needs_note = matches!(self.c.evidence, Evidence::Inferred | Evidence::Assumed);
        if needs_note && self.c.note.as_deref().is_none_or(|n| n.trim().is_empty()) {
            out.push(self.error(
                self.at,
                format!(
                    "the choice on `{point}` is {}: give the steps or the reason in `note:`",
                    self.c.evidence
                ),
                "a `note:` that says why the words mean this choice, or why the gap is filled so".into(),
            ));
        }
        if self.c.evidence == Evidence::Assumed && self.c.alternatives.is_empty() {
            let others: Vec<String> = point
                .def()
                .choices
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != usize::from(self.c.choice))
                .map(|(_, ch)| format!("`{}`", ch.id))
                .collect();
            if !others.is_empty() {
                out.push(self.error(
                    self.at,
                    format!("the choice on `{point}` is assumed, and lists no `alternatives:`"),
                    format!(
                        "the other choices a reader could equally make, among {}",
                        others.join(", ")
                    ),
                ));
            }
        }
        match self.c.evidence {
            Evidence::Stated if !v.known_through.is_empty() => out.push(self.error(
                self.at,
                format!(
                    "`{}` is known only through {}, so its choice on `{point}` cannot be stated",
                    v.id,
                    names(self.library, &v.known_through)
                ),
                "`reported` (the quoted text names the author beside the rule), `inferred` or `assumed`".into(),
            )),
            Evidence::Stated => out.extend(quoted.and_then(|q| self.stated(q, report))),
            Evidence::Reported => out.extend(quoted.and_then(|q| self.reported(q, report))),
            _ => {}
        }
        out
    }

    /// The text a quotation is from: where it was found, else those its citation names.
    fn texts_of(&self, (i, q): (usize, &Quotation), report: &Report) -> Vec<usize> {
        match report.found_at(i) {
            Some(f) => vec![f.text],
            None => self.library.resolve(&q.cite).texts,
        }
    }

    fn own(&self, t: usize) -> bool {
        self.v.texts.contains(&self.library.texts[t].id)
    }

    fn stated(&self, quoted: (usize, &Quotation), report: &Report) -> Option<Diagnostic> {
        let q = quoted.1;
        let mut texts = self.texts_of(quoted, report);
        if texts.is_empty() && !self.library.resolve(&q.cite).named {
            // A citation that names no text ("Phase One", "section Deal") is of the reading's
            // own; `check` cannot look for it there, so a text at hand must be cited by page.
            texts = (0..self.library.texts.len())
                .filter(|&t| self.own(t))
                .collect();
            if let Some(&t) = texts
                .iter()
                .find(|&&t| self.library.texts[t].text.is_some())
            {
                return Some(self.error(
                    &q.cite_at,
                    format!(
                        "the stated choice on `{}` cannot be looked for in {}, the text the reading is named for: its citation `{}` names no text and no page",
                        self.point,
                        self.library.texts[t].name(),
                        crate::diagnostic::excerpt(&q.cite)
                    ),
                    "a citation that names the text, and the page where it has pages: `Stewart, Phase One`, `p. 91`, `Cotton 1687, p. 65`".into(),
                ));
            }
        }
        if texts.iter().any(|&t| self.own(t)) {
            return None;
        }
        let what = match texts.first() {
            Some(&t) => format!("quotes {}", self.library.texts[t].name()),
            None => "cites no listed text".to_string(),
        };
        Some(self.error(
            &q.cite_at,
            format!(
                "the stated choice on `{}` {what}, not the text the reading `{}` is named for ({})",
                self.point,
                self.v.id,
                if self.v.texts.is_empty() {
                    "none: see `text:`".to_string()
                } else {
                    names(self.library, &self.v.texts)
                }
            ),
            "`stated` for the reading's own words; `reported` when another text names its author beside the rule; else `inferred`".into(),
        ))
    }

    fn reported(&self, quoted: (usize, &Quotation), report: &Report) -> Option<Diagnostic> {
        let (i, q) = quoted;
        let texts = self.texts_of(quoted, report);
        let allowed = "`reported` only when the quoted text names the reading's author beside the rule; else `inferred`";
        if texts.is_empty() {
            return Some(self.error(
                &q.cite_at,
                format!(
                    "the reported choice on `{}` cites no listed text, so whose report it is cannot be known",
                    self.point
                ),
                "a citation that begins with one of a text's names in sources/sources.yaml".into(),
            ));
        }
        if texts.iter().all(|&t| self.own(t)) {
            return Some(self.error(
                &q.cite_at,
                format!(
                    "the reported choice on `{}` quotes the reading's own text, {}",
                    self.point,
                    self.library.texts[texts[0]].name()
                ),
                "`stated` for the reading's own words".into(),
            ));
        }
        let found = report.found_at(i)?;
        let text = self.library.texts[found.text].text.as_ref()?;
        let names = self.author_names();
        if names.is_empty() {
            return None;
        }
        let start = text.tokens.get(found.tokens.start)?.range.start;
        let end = text.tokens.get(found.tokens.end.checked_sub(1)?)?.range.end;
        let window = near(&text.body, start, end, NEAR);
        let lower = window.to_lowercase();
        if names.iter().any(|n| lower.contains(&n.to_lowercase())) {
            return None;
        }
        Some(self.error(
            &q.quote_at,
            format!(
                "the reported choice on `{}` quotes {}, which does not name {} in the paragraph of the quoted words or within {NEAR} characters of them",
                self.point,
                self.library.texts[found.text].name(),
                names.join(" or ")
            ),
            allowed.into(),
        ))
    }

    /// The names the reading's author goes by: those its own texts are cited by, and the family
    /// name of each text's author.
    fn author_names(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for t in self.v.texts.iter().filter_map(|id| self.library.get(id)) {
            let family = t.bib.author.as_deref().and_then(super::credit::family_name);
            for n in t.cited_as.iter().map(String::as_str).chain(family) {
                if !out.iter().any(|o| o == n) {
                    out.push(n.to_string());
                }
            }
        }
        out
    }
}

/// The text from `n` characters before `start` to `n` after `end`, on character boundaries,
/// widened to the whole lines (a transcription's paragraphs) that hold the words.
fn near(body: &str, start: usize, end: usize, n: usize) -> &str {
    let before = body[..start]
        .char_indices()
        .rev()
        .nth(n.saturating_sub(1))
        .map_or(0, |(i, _)| i);
    let after = body[end..]
        .char_indices()
        .nth(n)
        .map_or(body.len(), |(i, _)| end + i);
    let line_start = body[..start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = body[end..].find('\n').map_or(body.len(), |i| end + i);
    &body[before.min(line_start)..after.max(line_end)]
}

#[cfg(test)]
mod tests {
    use super::near;

    #[test]
    fn the_window_is_counted_in_characters() {
        let body = "x\nééé abc ééé\ny";
        assert_eq!(near(body, 9, 12, 2), "ééé abc ééé");
        assert_eq!(near(body, 9, 12, 100), body);
    }

    #[test]
    fn the_window_holds_the_whole_paragraph() {
        let body =
            "Sackson describes a game. ".to_string() + &"word ".repeat(100) + "the rule.\nNext.";
        let start = body.find("the rule").unwrap();
        let window = near(&body, start, start + 8, 1);
        assert!(window.starts_with("Sackson"), "{window}");
        assert!(!window.contains("Next"), "{window}");
    }
}
