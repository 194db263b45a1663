//! The texts as a bibliography: each text's author, year, work, publisher and address, read from
//! `sources/sources.yaml`, and written as a reference, as BibTeX and as CSL-JSON (what Zotero,
//! Pandoc and reference managers import).

use super::{Library, RawSource, Source};
use crate::diagnostic::{Diagnostic, Errors, excerpt};
use crate::yaml::YamlText;
use serde_json::{Value, json};

/// What kind of text it is, as a bibliography files it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Form {
    /// A printed book, or a chapter of one (`section:`).
    #[default]
    Book,
    /// A manuscript or its modern edition.
    Manuscript,
    /// A page on the web (a blog post, an encyclopedia article).
    Web,
}

impl Form {
    const ALL: [Form; 3] = [Form::Book, Form::Manuscript, Form::Web];

    pub fn id(self) -> &'static str {
        match self {
            Form::Book => "book",
            Form::Manuscript => "manuscript",
            Form::Web => "web",
        }
    }
}

/// A text's bibliographic record; every field is optional but the form.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bib {
    pub form: Form,
    /// "Charles Cotton"; a body ("Wikipedia contributors") as written.
    pub author: Option<String>,
    /// As printed: "1674", "c. 1665-1672", "n.d.".
    pub year: Option<String>,
    /// The book or site: "The Compleat Gamester".
    pub work: Option<String>,
    /// The chapter, article or post within it: "The Game at GLEEK".
    pub section: Option<String>,
    pub edition: Option<String>,
    pub publisher: Option<String>,
    pub place: Option<String>,
    pub pages: Option<String>,
    pub url: Option<String>,
    /// When a web page was read.
    pub accessed: Option<String>,
}

/// A field as given, trimmed; an empty one is none.
fn field(s: &Option<String>) -> Option<String> {
    s.as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(String::from)
}

/// The first four-digit number in a date ("c. 1665-1672" gives 1665).
pub fn first_year(date: &str) -> Option<u32> {
    date.as_bytes()
        .windows(4)
        .enumerate()
        .find(|(i, w)| {
            w.iter().all(u8::is_ascii_digit)
                && !date.as_bytes()[..*i]
                    .last()
                    .is_some_and(|b| b.is_ascii_digit())
        })
        .and_then(|(_, w)| std::str::from_utf8(w).ok()?.parse().ok())
}

impl Bib {
    /// The record of a listed text; a form or year that cannot be read is a located error.
    pub(super) fn from_raw(yaml: &YamlText, r: &RawSource, errors: &mut Errors) -> Bib {
        let form = match &r.kind {
            None => Form::default(),
            Some(k) => Form::ALL
                .into_iter()
                .find(|f| f.id() == k.value.trim())
                .unwrap_or_else(|| {
                    errors.push(Diagnostic::new(
                        yaml.location_of(k),
                        format!(
                            "unknown type `{}`; allowed: `book`, `manuscript` or `web`",
                            excerpt(&k.value)
                        ),
                    ));
                    Form::default()
                }),
        };
        let year = r.year.as_ref().map(|y| y.value.trim().to_string());
        if let (Some(y), Some(at)) = (&year, &r.year)
            && y != "n.d."
            && first_year(y).is_none()
        {
            errors.push(Diagnostic::new(
                yaml.location_of(at),
                format!(
                    "`{}` is not a year: write it as printed, with its four digits (`1674`, `c. 1665-1672`), or `n.d.`",
                    excerpt(y)
                ),
            ));
        }
        Bib {
            form,
            author: field(&r.author),
            year,
            work: field(&r.work),
            section: field(&r.section),
            edition: field(&r.edition),
            publisher: field(&r.publisher),
            place: field(&r.place),
            pages: field(&r.pages),
            url: field(&r.url),
            accessed: field(&r.accessed),
        }
    }

    /// The year as a number, for sorting and for the period a text belongs to.
    pub fn year_number(&self) -> Option<u32> {
        self.year.as_deref().and_then(first_year)
    }

    /// Whether the text was written in the 17th century (1601-1700 as historians count; 1600
    /// is let in, as the century is commonly reckoned).
    pub fn is_17th_century(&self) -> bool {
        self.year_number()
            .is_some_and(|y| (1600..=1700).contains(&y))
    }
}

impl Source {
    /// The reference in words, as a footnote gives it: "Charles Cotton, 'The Game at GLEEK', in
    /// The Compleat Gamester (London: ..., 1674), pp. 90-96". Plain text; escape it for HTML.
    pub fn reference(&self) -> String {
        let b = &self.bib;
        if b.work.is_none() && b.section.is_none() {
            // No record: the list's title already says what the text is.
            return format!("{}.", self.title.trim_end_matches('.'));
        }
        let mut parts: Vec<String> = Vec::new();
        if let Some(a) = &b.author {
            parts.push(a.clone());
        }
        match (&b.section, &b.work) {
            (Some(s), Some(w)) => parts.push(format!("“{s}”, in {w}")),
            (Some(s), None) => parts.push(format!("“{s}”")),
            (None, Some(w)) => parts.push(w.clone()),
            (None, None) => {}
        }
        if let Some(e) = &b.edition {
            parts.push(e.clone());
        }
        let imprint: Vec<&str> = [&b.place, &b.publisher, &b.year]
            .into_iter()
            .filter_map(|f| f.as_deref())
            .collect();
        let mut out = parts.join(", ");
        if !imprint.is_empty() {
            let (place, rest): (Vec<&str>, Vec<&str>) = match (&b.place, &b.publisher) {
                (Some(_), Some(_)) => (imprint[..1].to_vec(), imprint[1..].to_vec()),
                _ => (Vec::new(), imprint.clone()),
            };
            let inner = if place.is_empty() {
                rest.join(", ")
            } else {
                format!("{}: {}", place[0], rest.join(", "))
            };
            out.push_str(&format!(" ({inner})"));
        }
        if let Some(p) = &b.pages {
            out.push_str(&format!(", {}", pages_words(p)));
        }
        if let Some(u) = &b.url {
            out.push_str(&format!(", {u}"));
            if let Some(a) = &b.accessed {
                out.push_str(&format!(" (read {a})"));
            }
        }
        out.push('.');
        out
    }
}

/// "pp. 90-96" or "p. 258" from a range as written.
fn pages_words(pages: &str) -> String {
    if pages.contains(['-', '–']) {
        format!("pp. {pages}")
    } else {
        format!("p. {pages}")
    }
}

/// A BibTeX value: braces balanced by dropping stray ones, special characters escaped, and
/// capitals kept as written (`{...}`).
fn bibtex_value(s: &str) -> String {
    let mut out = String::from("{");
    for c in s.chars() {
        match c {
            '{' | '}' => {}
            '\\' => out.push_str("\\textbackslash{}"),
            '&' | '%' | '$' | '#' | '_' => {
                out.push('\\');
                out.push(c);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            c => out.push(c),
        }
    }
    out.push('}');
    out
}

/// A BibTeX author: a corporate author ("Wikipedia contributors") in braces, so that it is not
/// split into first and last names.
fn bibtex_author(a: &str) -> String {
    let corporate = a.contains("contributors") || a.contains("editors") || a.contains("compilers");
    if corporate {
        format!("{{{}}}", bibtex_value(a))
    } else {
        bibtex_value(a)
    }
}

/// Every text of the library as BibTeX, keyed by its id.
pub fn bibtex(library: &Library) -> String {
    let mut out = String::from("% The texts of this site, from sources/sources.yaml.\n");
    for s in &library.texts {
        let b = &s.bib;
        let entry = match (b.form, &b.section) {
            (Form::Web, _) => "online",
            (Form::Manuscript, _) => "unpublished",
            (Form::Book, Some(_)) => "incollection",
            (Form::Book, None) => "book",
        };
        let mut fields: Vec<(&str, String)> = Vec::new();
        if let Some(a) = &b.author {
            fields.push(("author", bibtex_author(a)));
        }
        let title = b.section.as_ref().or(b.work.as_ref()).unwrap_or(&s.title);
        fields.push(("title", bibtex_value(title)));
        if let (Some(_), Some(w)) = (&b.section, &b.work) {
            let key = if b.form == Form::Web {
                "organization"
            } else {
                "booktitle"
            };
            fields.push((key, bibtex_value(w)));
        }
        let optional = [
            ("edition", &b.edition),
            ("publisher", &b.publisher),
            ("address", &b.place),
            ("year", &b.year),
            ("pages", &b.pages),
            ("url", &b.url),
            ("urldate", &b.accessed),
        ];
        for (key, value) in optional {
            if let Some(v) = value {
                fields.push((key, bibtex_value(v)));
            }
        }
        fields.push(("note", bibtex_value(&s.title)));
        out.push_str(&format!("\n@{entry}{{{},\n", s.id));
        for (key, value) in fields {
            out.push_str(&format!("  {key} = {value},\n"));
        }
        out.push_str("}\n");
    }
    out
}

/// A CSL name: a person as family and given names (the last word is the family name), a body
/// as a literal.
fn csl_name(a: &str) -> Value {
    let corporate = a.contains("contributors") || a.contains("editors") || a.contains("compilers");
    match a.rsplit_once(' ') {
        Some((given, family)) if !corporate && !a.contains(['(', ',', ';']) => {
            json!({"family": family, "given": given})
        }
        _ => json!({"literal": a}),
    }
}

/// Every text of the library as CSL-JSON, each item's id the text's id.
pub fn csl_json(library: &Library) -> String {
    let items: Vec<Value> = library
        .texts
        .iter()
        .map(|s| {
            let b = &s.bib;
            let kind = match (b.form, &b.section) {
                (Form::Web, _) => "webpage",
                (Form::Manuscript, _) => "manuscript",
                (Form::Book, Some(_)) => "chapter",
                (Form::Book, None) => "book",
            };
            let mut item = serde_json::Map::new();
            item.insert("id".into(), json!(s.id));
            item.insert("type".into(), json!(kind));
            let title = b.section.as_ref().or(b.work.as_ref()).unwrap_or(&s.title);
            item.insert("title".into(), json!(title));
            if let (Some(_), Some(w)) = (&b.section, &b.work) {
                item.insert("container-title".into(), json!(w));
            }
            if let Some(a) = &b.author {
                item.insert("author".into(), json!([csl_name(a)]));
            }
            if let Some(y) = b.year_number() {
                item.insert("issued".into(), json!({"date-parts": [[y]]}));
            } else if let Some(y) = &b.year {
                item.insert("issued".into(), json!({"literal": y}));
            }
            let optional = [
                ("edition", &b.edition),
                ("publisher", &b.publisher),
                ("publisher-place", &b.place),
                ("page", &b.pages),
                ("URL", &b.url),
            ];
            for (key, value) in optional {
                if let Some(v) = value {
                    item.insert(key.into(), json!(v));
                }
            }
            if let Some(a) = &b.accessed {
                item.insert("accessed".into(), json!({"literal": a}));
            }
            item.insert("note".into(), json!(s.title));
            Value::Object(item)
        })
        .collect();
    let mut out = serde_json::to_string_pretty(&items).expect("JSON values serialise");
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn cotton() -> Source {
        Source {
            id: "cotton-1674-gleek".into(),
            title: "Cotton's Gleek".into(),
            cited_as: vec!["Cotton".into()],
            language: "en".into(),
            licence: None,
            about: None,
            file: Some(PathBuf::from("x.txt")),
            text: None,
            absent: None,
            bib: Bib {
                form: Form::Book,
                author: Some("Charles Cotton".into()),
                year: Some("1674".into()),
                work: Some("The Compleat Gamester".into()),
                section: Some("The Game at GLEEK".into()),
                publisher: Some("A. M. for R. Cutler".into()),
                place: Some("London".into()),
                pages: Some("90-96".into()),
                ..Bib::default()
            },
        }
    }

    fn web() -> Source {
        Source {
            id: "wiki".into(),
            title: "Wikipedia on Put".into(),
            cited_as: vec!["Wikipedia".into()],
            language: "en".into(),
            licence: None,
            about: None,
            file: None,
            text: None,
            absent: None,
            bib: Bib {
                form: Form::Web,
                author: Some("Wikipedia contributors".into()),
                year: Some("n.d.".into()),
                work: Some("Wikipedia".into()),
                section: Some("Put (card game) & {odd} 100%".into()),
                url: Some("https://en.wikipedia.org/wiki/Put_(card_game)".into()),
                ..Bib::default()
            },
        }
    }

    #[test]
    fn a_reference_reads_as_a_footnote() {
        assert_eq!(
            cotton().reference(),
            "Charles Cotton, “The Game at GLEEK”, in The Compleat Gamester (London: A. M. for R. Cutler, 1674), pp. 90-96."
        );
        assert!(
            web()
                .reference()
                .ends_with("n.d.), https://en.wikipedia.org/wiki/Put_(card_game).")
        );
    }

    #[test]
    fn bibtex_escapes_and_keeps_a_body_whole() {
        let lib = Library::new(vec![cotton(), web()]);
        let b = bibtex(&lib);
        assert!(b.contains("@incollection{cotton-1674-gleek,"), "{b}");
        assert!(b.contains("  author = {Charles Cotton},"), "{b}");
        assert!(b.contains("  booktitle = {The Compleat Gamester},"), "{b}");
        assert!(b.contains("@online{wiki,"), "{b}");
        assert!(b.contains("  author = {{Wikipedia contributors}},"), "{b}");
        assert!(b.contains("{Put (card game) \\& odd 100\\%}"), "{b}");
    }

    #[test]
    fn csl_json_names_people_and_dates() {
        let lib = Library::new(vec![cotton(), web()]);
        let items: Vec<Value> = serde_json::from_str(&csl_json(&lib)).unwrap();
        assert_eq!(items[0]["type"], "chapter");
        assert_eq!(items[0]["author"][0]["family"], "Cotton");
        assert_eq!(items[0]["issued"]["date-parts"][0][0], 1674);
        assert_eq!(items[0]["container-title"], "The Compleat Gamester");
        assert_eq!(items[1]["author"][0]["literal"], "Wikipedia contributors");
        assert_eq!(items[1]["issued"]["literal"], "n.d.");
        assert_eq!(items[1]["type"], "webpage");
    }

    #[test]
    fn years_are_read_from_dates_as_printed() {
        assert_eq!(first_year("c. 1665-1672"), Some(1665));
        assert_eq!(first_year("n.d."), None);
        assert_eq!(first_year("12345"), Some(1234));
        let b = |y: &str| Bib {
            year: Some(y.into()),
            ..Bib::default()
        };
        assert!(b("1674").is_17th_century());
        assert!(!b("1800").is_17th_century());
        assert!(!b("n.d.").is_17th_century());
    }
}
