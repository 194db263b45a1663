//! Whom a page credits with the words it quotes. A sentence that says "Cotton says", "Stewart's
//! figure" or "according to Hoyle" before a quotation credits the words to that author's text; the
//! citation after the quotation must then be to that text, and the words found in it.
//!
//! The credit is the last one written between the start of the sentence (or the end of the
//! quotation before) and the quotation: a name by which a listed text is cited (`cited-as:`), or
//! its author's family name, in the possessive (`Cotton's`), after `according to`, or followed
//! by a verb of saying (`Cotton says`, `Stewart writes`). A page that names one author and cites
//! another is a located error at its citation.

use super::check::Report;
use super::quotations::{Origin, Quotation};
use super::Library;
use crate::diagnostic::Diagnostic;
use std::path::Path;
use std::sync::Arc;

/// The words that, after an author's name, credit what follows to him.
const SAYING: &[&str] = &[
    "says", "said", "writes", "wrote", "states", "gives", "calls", "adds", "reports", "notes",
    "puts", "rules", "describes", "explains", "admits", "has", "allows", "lets",
];

/// How far back a credit is looked for, in characters.
const BACK: usize = 300;

/// A name and the texts it credits.
struct Name<'a> {
    words: &'a str,
    texts: Vec<usize>,
}

/// Every name a page may credit words to, longest first: the texts' `cited-as:` names and their
/// authors' family names.
fn names(library: &Library) -> Vec<Name<'_>> {
    let mut out: Vec<Name> = Vec::new();
    for (i, t) in library.texts.iter().enumerate() {
        let family = t.bib.author.as_deref().and_then(family_name);
        for n in t.cited_as.iter().map(String::as_str).chain(family) {
            match out.iter_mut().find(|x| x.words == n) {
                Some(x) if !x.texts.contains(&i) => x.texts.push(i),
                Some(_) => {}
                None => out.push(Name {
                    words: n,
                    texts: vec![i],
                }),
            }
        }
    }
    out.sort_by_key(|n| std::cmp::Reverse(n.words.len()));
    out
}

/// "Cotton" of "Charles Cotton"; a body ("Wikipedia contributors") has none.
fn family_name(author: &str) -> Option<&str> {
    let body = ["contributors", "editors", "compilers"]
        .iter()
        .any(|w| author.contains(w));
    let last = author.split_whitespace().last()?;
    (!body && last.chars().next().is_some_and(char::is_uppercase)).then_some(last)
}

/// The byte offset of a line and character column in a text.
fn offset(text: &str, line: usize, column: usize) -> usize {
    let start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    text[start..]
        .char_indices()
        .nth(column.saturating_sub(1))
        .map_or(text.len(), |(i, _)| start + i)
}

/// The prose before a quotation in which a credit counts: back to the start of the sentence, the
/// paragraph, or the end of an earlier quotation or parenthesis.
fn before(text: &str, open: usize) -> &str {
    let mut from = open;
    for (i, c) in text[..open].char_indices().rev() {
        if open - i > BACK {
            break;
        }
        let ends = matches!(c, '.' | '!' | '?' | '"' | '”' | ')' | '|')
            || (c == '\n' && text[..i].ends_with('\n'));
        if ends {
            break;
        }
        from = i;
    }
    &text[from..open]
}

/// Whether `name` stands at `at` in `prose` as a credit, by a whole word.
fn credits(prose: &str, at: usize, name: &str) -> bool {
    let bounded = !prose[..at]
        .chars()
        .next_back()
        .is_some_and(char::is_alphanumeric);
    let rest = &prose[at + name.len()..];
    if !bounded || rest.chars().next().is_some_and(char::is_alphanumeric) {
        return false;
    }
    let possessive = rest.starts_with("'s") || rest.starts_with("’s");
    let verb = rest
        .trim_start_matches([',', ' '])
        .split(|c: char| !c.is_alphabetic())
        .next()
        .is_some_and(|w| SAYING.contains(&w));
    let according = prose[..at].trim_end().ends_with("according to")
        || prose[..at].trim_end().ends_with("According to");
    possessive || verb || according
}

/// The last credit in the prose: its position and the texts it names.
fn last_credit<'a>(prose: &str, names: &'a [Name]) -> Option<(usize, &'a Name<'a>)> {
    let mut best: Option<(usize, &Name)> = None;
    for n in names {
        for (at, _) in prose.match_indices(n.words) {
            let later = best.is_none_or(|(b, m)| at > b && at >= b + m.words.len());
            if later && credits(prose, at, n.words) {
                best = Some((at, n));
            }
        }
    }
    best
}

/// Every quotation in the pages whose sentence credits it to a text other than the one cited.
pub fn check(
    library: &Library,
    pages: &[(&Path, &Arc<str>)],
    quotations: &[Quotation],
    report: &Report,
) -> Vec<Diagnostic> {
    let names = names(library);
    let mut out = Vec::new();
    for (i, q) in quotations.iter().enumerate() {
        let Origin::Page { path } = &q.origin else {
            continue;
        };
        let Some((_, text)) = pages.iter().find(|(p, _)| *p == path.as_path()) else {
            continue;
        };
        let open = offset(text, q.quote_at.line, q.quote_at.column());
        let prose = before(text, open);
        let Some((_, credit)) = last_credit(prose, &names) else {
            continue;
        };
        let cited = match report.found.iter().find(|f| f.quotation == i) {
            Some(f) => vec![f.text],
            None => library.resolve(&q.cite).texts,
        };
        if cited.is_empty() || cited.iter().any(|t| credit.texts.contains(t)) {
            continue;
        }
        let credited: Vec<&str> = credit
            .texts
            .iter()
            .map(|&t| library.texts[t].id.as_str())
            .collect();
        out.push(
            Diagnostic::new(
                q.cite_at.clone(),
                format!(
                    "the sentence credits these words to {}, but they are cited from {}",
                    credit.words,
                    library.texts[cited[0]].name()
                ),
            )
            .note(format!(
                "expected: a citation of {} (`{}`), or a sentence that credits the words to the text they are from",
                credit.words,
                credited.join("`, `")
            ))
            .note(format!("cited: `{}`", library.texts[cited[0]].id)),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_credit_is_a_possessive_a_verb_or_according_to() {
        assert!(credits("Cotton's rule: ", 0, "Cotton"));
        assert!(credits("so Cotton says ", 3, "Cotton"));
        assert!(credits("according to Hoyle, ", 13, "Hoyle"));
        assert!(!credits("Cottonwood says", 0, "Cotton"));
        assert!(!credits("unlike Cotton, ", 7, "Cotton"));
    }

    #[test]
    fn the_prose_before_a_quotation_stops_at_the_sentence() {
        let t = "Hoyle's rule differs. Cotton says \"x\"";
        assert_eq!(before(t, t.len() - 3), " Cotton says ");
        let t = "Stewart's \"a\" (Stewart) and then \"b\"";
        assert_eq!(before(t, t.len() - 3), " and then ");
        assert_eq!(offset("ab\ncdé f", 2, 5), 8);
    }
}
