//! Whom a page credits with the words it quotes. A sentence that says "Cotton says", "Stewart's
//! figure" or "according to Hoyle" before a quotation credits the words to that author's text; the
//! citation after the quotation must then be to that text, and the words found in it.
//!
//! The credit is the last one written between the start of the sentence (or the end of the
//! quotation before) and the quotation: a name by which a listed text is cited (`cited-as:`), or
//! its author's family name, in the possessive (`Cotton's`), after `according to`, or followed
//! by a verb of saying (`Cotton says`, `Stewart writes`). A page that names one author and cites
//! another is a located error at its citation.

use super::Library;
use super::check::Report;
use super::quotations::{Origin, Quotation};
use crate::diagnostic::Diagnostic;
use std::path::Path;
use std::sync::Arc;

/// The words that, after an author's name, credit what follows to him.
const SAYING: &[&str] = &[
    "says",
    "said",
    "writes",
    "wrote",
    "states",
    "gives",
    "calls",
    "adds",
    "reports",
    "notes",
    "puts",
    "rules",
    "describes",
    "explains",
    "admits",
    "has",
    "allows",
    "lets",
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
pub(super) fn family_name(author: &str) -> Option<&str> {
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

/// Whether `name` stands at `at` in `prose` as a whole word.
fn whole_word(prose: &str, at: usize, name: &str) -> bool {
    let before = prose[..at].chars().next_back();
    let after = prose[at + name.len()..].chars().next();
    !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
}

/// Words that, shortly before a name, deny the credit: "not a report of Cotgrave's words",
/// "without saying it is Cotgrave's".
const DENIALS: &[&str] = &["not", "never", "without", "unlike", "nor"];

/// How far before a name a denial counts, in characters.
const DENIAL_REACH: usize = 40;

/// Whether the name at `at` credits what follows to its text: a possessive, a verb of saying
/// after it, or "according to" before it, and no denial shortly before.
fn credits(prose: &str, at: usize, name: &str) -> bool {
    let rest = &prose[at + name.len()..];
    let possessive = rest.starts_with("'s") || rest.starts_with("’s");
    let verb = rest
        .trim_start_matches([',', ' '])
        .split(|c: char| !c.is_alphabetic())
        .next()
        .is_some_and(|w| SAYING.contains(&w));
    let lead = prose[..at].trim_end();
    let according = lead.ends_with("according to") || lead.ends_with("According to");
    let reach = lead
        .char_indices()
        .rev()
        .nth(DENIAL_REACH)
        .map_or(0, |(i, _)| i);
    let denied = lead[reach..]
        .split(|c: char| !c.is_alphabetic())
        .any(|w| DENIALS.contains(&w.to_lowercase().as_str()));
    (possessive || verb || according) && !denied
}

/// The credit of the last name mentioned in the prose, if that mention is a credit: a name
/// mentioned after a credit ("Cotton's figures, because Cotton ...") takes the credit away.
fn last_credit<'a>(prose: &str, names: &'a [Name]) -> Option<&'a Name<'a>> {
    let mut last: Option<(usize, &Name)> = None;
    for n in names {
        for (at, _) in prose.match_indices(n.words) {
            // Names are longest first: a shorter one inside a longer one found is not later.
            let later = last.is_none_or(|(b, m)| at >= b + m.words.len());
            if later && whole_word(prose, at, n.words) {
                last = Some((at, n));
            }
        }
    }
    let (at, name) = last?;
    credits(prose, at, name.words).then_some(name)
}

/// Whether the text cited is one the credit names, or by the same author.
fn agrees(library: &Library, credit: &Name, cited: usize) -> bool {
    let author = |t: usize| library.texts[t].bib.author.as_deref();
    credit.texts.contains(&cited)
        || author(cited).is_some_and(|a| credit.texts.iter().any(|&t| author(t) == Some(a)))
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
        let Some(credit) = last_credit(prose, &names) else {
            continue;
        };
        let cited = match report.found_at(i) {
            Some(f) => vec![f.text],
            None => library.resolve(&q.cite).texts,
        };
        if cited.is_empty() || cited.iter().any(|&t| agrees(library, credit, t)) {
            continue;
        }
        // "Wikipedia reports that Dafydd lets ...": the sentence names the text cited too.
        let named = names.iter().any(|n| {
            prose
                .match_indices(n.words)
                .any(|(at, _)| whole_word(prose, at, n.words))
                && cited.iter().any(|&t| agrees(library, n, t))
        });
        if named {
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
        assert!(!whole_word("Cottonwood says", 0, "Cotton"));
        assert!(!credits("unlike Cotton, ", 7, "Cotton"));
        assert!(!credits("not a report of Cotgrave's words", 16, "Cotgrave"));
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
