//! The quotations a project makes: each variant's `quote:` with its `cite:`, and each quotation
//! in a page that a citation follows, `"words" (p. 91)`.

use crate::diagnostic::{Diagnostic, LineIndex, Location};
use crate::input::read_text;
use crate::variant::Readings;
use crate::yaml::YamlText;
use rayon::prelude::*;
use serde::Deserialize;
use serde_saphyr::Spanned;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Who quotes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A reading's evidence on a rule point.
    Variant {
        game: &'static str,
        variant: String,
        point: String,
    },
    /// A page of the content.
    Page { path: PathBuf },
}

/// A quotation and its citation, located.
#[derive(Clone, Debug)]
pub struct Quotation {
    pub origin: Origin,
    /// The words, with a leading `(tr.)` for a translation.
    pub quote: String,
    pub cite: String,
    pub quote_at: Location,
    pub cite_at: Location,
}

#[derive(Deserialize)]
struct QuoteFile {
    #[serde(default)]
    rules: BTreeMap<String, QuoteEntry>,
}

#[derive(Deserialize)]
struct QuoteEntry {
    #[serde(default)]
    quote: Option<Spanned<String>>,
    #[serde(default)]
    cite: Option<Spanned<String>>,
}

/// Every `quote:` the variant files write themselves (an inherited one is its own file's), with
/// its `cite:`. The files have loaded already; they are read again for the quotations' places.
pub fn of_variants(readings: &Readings) -> Result<Vec<Quotation>, Vec<Diagnostic>> {
    let files: Vec<_> = readings.all().collect();
    let each: Vec<Result<Vec<Quotation>, Diagnostic>> = files
        .par_iter()
        .map(|&(game, v)| of_variant(game.id(), &v.id, &v.path))
        .collect();
    let mut out = Vec::new();
    let mut errors = Vec::new();
    for found in each {
        match found {
            Ok(found) => out.extend(found),
            Err(d) => errors.push(d),
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// The quotations of one reading's file, in the order of its points.
fn of_variant(
    game: &'static str,
    variant: &str,
    path: &Path,
) -> Result<Vec<Quotation>, Diagnostic> {
    let yaml = YamlText::whole_file(path, read_text(path)?);
    let file: QuoteFile = yaml.parse()?;
    let mut out = Vec::new();
    for (point, entry) in file.rules {
        let Some(quote) = entry.quote.filter(|q| !q.value.trim().is_empty()) else {
            continue;
        };
        let quote_at = yaml.location_of(&quote);
        let (cite, cite_at) = match &entry.cite {
            Some(c) => (c.value.trim().to_string(), yaml.location_of(c)),
            None => (String::new(), quote_at.clone()),
        };
        out.push(Quotation {
            origin: Origin::Variant {
                game,
                variant: variant.to_string(),
                point: point.trim().to_string(),
            },
            quote: quote.value.trim().to_string(),
            cite,
            quote_at,
            cite_at,
        });
    }
    Ok(out)
}

/// The longest quotation or citation read in a page, in bytes: a quotation mark left open
/// does not swallow the rest of the paragraph. A longer one that a citation follows is read,
/// and reported as too long to compare.
pub const MAX_QUOTE: usize = 2000;
const MAX_CITE: usize = 200;

/// Every quotation in a Markdown page that a citation in parentheses follows: `"words" (p. 91)`,
/// `“words” (du Coeur, letter)`, `(tr.) "words" (Akagiri 2016, section Deal)`. Quotation marks
/// pair within a paragraph (a table row is a paragraph); front matter, fenced blocks and code
/// spans are not read.
pub fn of_page(path: &Path, text: &Arc<str>) -> Vec<Quotation> {
    every_in_page(path, text)
        .into_iter()
        .filter(|q| !q.cite.is_empty())
        .collect()
}

/// Every quotation in a Markdown page, with its citation where one follows (else an empty
/// `cite`, located at the quotation): for a survey of what a page quotes without citing.
pub fn every_in_page(path: &Path, text: &Arc<str>) -> Vec<Quotation> {
    let lines = LineIndex::new(text);
    let at = |range: std::ops::Range<usize>| lines.locate(path, text, range.start, range.len());
    let mut out = Vec::new();
    for para in paragraphs(text) {
        let body = &text[para.clone()];
        let mut from = 0;
        while let Some((open, mark)) = next_open(body, from) {
            let after_open = open + mark.len_utf8();
            let close_mark = if mark == '“' { '”' } else { '"' };
            let Some(close) = body[after_open..].find(close_mark).map(|i| after_open + i) else {
                // Unclosed: the rest of the paragraph is prose.
                break;
            };
            from = close + close_mark.len_utf8();
            let cited = citation_after(body, from);
            if close - after_open > MAX_QUOTE && cited.is_none() {
                // Too long to be a quotation, and nothing cited: prose.
                break;
            }
            let (cite_range, cite) = cited.unwrap_or((open..from, ""));
            let mut quote = body[after_open..close].to_string();
            if body[..open]
                .trim_end()
                .ends_with(super::pattern::TRANSLATED)
            {
                quote.insert_str(0, "(tr.) ");
            }
            out.push(Quotation {
                origin: Origin::Page {
                    path: path.to_path_buf(),
                },
                quote,
                cite: cite.to_string(),
                quote_at: at(para.start + open..para.start + from),
                cite_at: at(para.start + cite_range.start..para.start + cite_range.end),
            });
            from = from.max(cite_range.end);
        }
    }
    out
}

/// The next opening quotation mark at or after `from`, outside code spans.
fn next_open(body: &str, from: usize) -> Option<(usize, char)> {
    let mut in_code = false;
    for (i, c) in body[from..].char_indices() {
        match c {
            '`' => in_code = !in_code,
            '"' | '“' if !in_code => return Some((from + i, c)),
            _ => {}
        }
    }
    None
}

/// `(citation)` right after a closing quotation mark (spaces and one line break between).
fn citation_after(body: &str, from: usize) -> Option<(std::ops::Range<usize>, &str)> {
    let rest = &body[from..];
    let gap = rest.len() - rest.trim_start().len();
    if rest[..gap].matches('\n').count() > 1 || !rest[gap..].starts_with('(') {
        return None;
    }
    let start = from + gap + 1;
    // Looked for within MAX_CITE bytes only: an unclosed parenthesis costs no more than that.
    let mut window = (start + MAX_CITE + 1).min(body.len());
    while !body.is_char_boundary(window) {
        window -= 1;
    }
    let end = body[start..window].find(')').map(|i| start + i)?;
    let cite = &body[start..end];
    (!cite.contains('(')).then_some((start..end, cite.trim()))
}

/// The paragraphs of a Markdown page that hold prose: blank lines, headings, list items and
/// table rows divide them; front matter and fenced blocks are left out.
fn paragraphs(text: &str) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    let mut fence: Option<&str> = None;
    let mut offset = 0;
    let mut front = text.starts_with("---\n") || text.starts_with("---\r\n");
    for (n, line) in text.split_inclusive('\n').enumerate() {
        let here = offset;
        offset += line.len();
        let trimmed = line.trim();
        if front {
            if n > 0 && trimmed == "---" {
                front = false;
            }
            continue;
        }
        if let Some(f) = fence {
            if trimmed.starts_with(f) {
                fence = None;
            }
            continue;
        }
        let opens = ["```", "~~~"].into_iter().find(|f| trimmed.starts_with(f));
        let row = trimmed.starts_with('|');
        if opens.is_some() || trimmed.is_empty() || row || begins_block(trimmed) {
            if let Some(s) = start.take() {
                out.push(s..here);
            }
            fence = opens;
            if row {
                out.push(here..offset);
                continue;
            }
            if opens.is_some() || trimmed.is_empty() {
                continue;
            }
        }
        start.get_or_insert(here);
    }
    if let Some(s) = start {
        out.push(s..text.len());
    }
    out
}

/// A line that begins a block of its own: a heading or a list item.
fn begins_block(line: &str) -> bool {
    let numbered = line
        .split_once(". ")
        .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
    line.starts_with('#') || ["- ", "* ", "+ "].iter().any(|m| line.starts_with(m)) || numbered
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quotes(text: &str) -> Vec<(String, String, String)> {
        of_page(Path::new("p.md"), &Arc::from(text))
            .into_iter()
            .map(|q| (q.quote, q.cite, q.quote_at.to_string()))
            .collect()
    }

    #[test]
    fn a_quotation_followed_by_a_citation_is_read() {
        let q =
            quotes("Cotton: \"Tiddy is four\" (p. 91), and \"eighteen\"\n(Cotton 1687, p. 65).\n");
        assert_eq!(q.len(), 2, "{q:?}");
        assert_eq!(
            q[0],
            ("Tiddy is four".into(), "p. 91".into(), "p.md:1:9".into())
        );
        assert_eq!(q[1].1, "Cotton 1687, p. 65");
    }

    #[test]
    fn quotations_without_a_citation_code_and_fences_are_not() {
        let text = "---\ntitle: \"A\" (p. 1)\n---\nWe say \"vie\" here. `\"x\" (p. 2)`\n\n```gleek\nid: \"a\" (p. 3)\n```\n";
        assert!(quotes(text).is_empty(), "{:?}", quotes(text));
    }

    #[test]
    fn quotation_marks_pair_within_a_paragraph_and_a_table_row() {
        let text = "| a | \"one (p. 9)\n| b | \"two\" (p. 91) |\n\nA \"stray\n\nmark\" (p. 5)\n- \"open\n- item\" (p. 6)";
        let q = quotes(text);
        assert_eq!(q.len(), 1, "{q:?}");
        assert_eq!(q[0].0, "two");
        assert_eq!(q[0].2, "p.md:2:7");
    }

    #[test]
    fn a_translation_may_be_marked_before_the_quotation() {
        let q = quotes("(tr.) \"the first pass = check\" (Akagiri 2016, section Vying)");
        assert_eq!(q[0].0, "(tr.) the first pass = check");
        let q = quotes("“curly” (p. 90)");
        assert_eq!(q[0].0, "curly");
    }
}
