//! Every quotation against the text its citation names: found there, on the page cited, and a
//! translation marked as one. What is wrong is a located error, with what was expected and the
//! nearest passage of the text.

use super::pattern::Pattern;
use super::quotations::{MAX_QUOTE, Quotation};
use super::text::Text;
use super::{Citation, Library, Source};
use crate::diagnostic::{Diagnostic, Errors, PER_RUN, excerpt};
use std::ops::Range;
use std::path::PathBuf;

/// Characters of a text shown as the nearest passage.
const PASSAGE_CHARS: usize = 240;

/// A quotation found in its text.
#[derive(Clone, Debug)]
pub struct Found {
    /// Index into the quotations checked.
    pub quotation: usize,
    /// Index into the library's texts.
    pub text: usize,
    pub tokens: Range<usize>,
}

/// What checking the quotations found.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Quotations compared with a text at hand.
    pub compared: usize,
    /// Quotations whose text is known by name only here (or none is named): not compared.
    pub not_compared: usize,
    pub found: Vec<Found>,
    pub errors: Vec<Diagnostic>,
}

/// The words of a quotation, for messages: on one line, cut short.
fn shown(quote: &str) -> String {
    let one_line = quote.split_whitespace().collect::<Vec<_>>().join(" ");
    format!("“{}”", excerpt(&one_line))
}

/// A passage of a text for a message: on one line, cut to a few lines' length.
fn passage_words(text: &Text, tokens: &Range<usize>) -> String {
    let p: String = text
        .passage(tokens)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    match p.char_indices().nth(PASSAGE_CHARS) {
        Some((cut, _)) => format!("{}…", &p[..cut]),
        None => p,
    }
}

/// Where a quotation was found, in words: "p. 91 of Cotton 1674".
fn place(source: &Source, text: &Text, tokens: &Range<usize>) -> String {
    match text.pages_of(tokens) {
        Some(pages) => format!("{} of {}", Source::pages_words(pages), source.name()),
        None => source.name().to_string(),
    }
}

/// Checks every quotation whose text is at hand. The misquotes shown in full are bounded, as
/// other errors are: [`crate::diagnostic::PER_FILE`] a file and [`PER_RUN`] a run, the rest counted in each file's
/// "and N more" line.
pub fn check(library: &Library, quotations: &[Quotation]) -> Report {
    let mut report = Report::default();
    let mut files: Vec<(PathBuf, Errors)> = Vec::new();
    let mut kept = 0;
    for (i, q) in quotations.iter().enumerate() {
        let cite = library.resolve(&q.cite);
        let nearest = kept < PER_RUN;
        match check_one(library, q, &cite, nearest) {
            Verdict::Found(text, tokens) => {
                report.compared += 1;
                report.found.push(Found {
                    quotation: i,
                    text,
                    tokens,
                });
            }
            Verdict::Wrong(d) => {
                report.compared += 1;
                let file = &d.location.file;
                let at = match files.iter().position(|(f, _)| f == file) {
                    Some(at) => at,
                    None => {
                        files.push((file.clone(), Errors::default()));
                        files.len() - 1
                    }
                };
                let errors = &mut files[at].1;
                let before = errors.kept();
                if kept < PER_RUN {
                    errors.push(d);
                } else {
                    errors.push(Diagnostic::more_in(file, 1));
                }
                kept += errors.kept() - before;
            }
            Verdict::NotCompared => report.not_compared += 1,
        }
    }
    report.errors = files
        .into_iter()
        .flat_map(|(file, errors)| errors.into_vec(&file))
        .collect();
    report
}

enum Verdict {
    Found(usize, Range<usize>),
    Wrong(Diagnostic),
    NotCompared,
}

/// Checks one quotation; `nearest`: whether a misquote is worth the search for its nearest
/// passage (only the errors shown in full are).
fn check_one(library: &Library, q: &Quotation, cite: &Citation, nearest: bool) -> Verdict {
    let pattern = Pattern::new(&q.quote);
    let named: Vec<&Source> = cite.texts.iter().map(|&i| &library.texts[i]).collect();
    let marked = pattern.translated || cite.translated;
    let wrong = |what: String, expected: &str| {
        Verdict::Wrong(
            Diagnostic::new(q.quote_at.clone(), format!("{} {what}", shown(&q.quote)))
                .note(format!("expected: {expected}")),
        )
    };
    match (named.iter().find(|s| !s.is_english()), named.first()) {
        (Some(_), _) if marked => return Verdict::NotCompared,
        (Some(foreign), _) => {
            return wrong(
                format!(
                    "is a translation of {}, which is not in English, and is not marked as one",
                    foreign.name()
                ),
                "`(tr.)` before your translation, as in \"(tr.) the dealer receives 4 chips from each\"",
            );
        }
        (None, Some(english)) if marked => {
            return wrong(
                format!(
                    "is marked as a translation, but {} is in English",
                    english.name()
                ),
                "the text's own words, without `(tr.)`",
            );
        }
        (None, None) if marked => return Verdict::NotCompared,
        _ => {}
    }
    if pattern.is_empty() {
        return Verdict::NotCompared;
    }
    let at_hand: Vec<usize> = cite
        .texts
        .iter()
        .copied()
        .filter(|&i| library.texts[i].text.is_some())
        .collect();
    if at_hand.is_empty() {
        if cite.named || cite.pages.is_none() {
            return Verdict::NotCompared;
        }
        // A page no text at hand has: wrong only if the words are in one of them.
        return match found_elsewhere(library, &pattern, &[]) {
            Some((t, tokens)) => Verdict::Wrong(misplaced(library, q, cite, t, &tokens)),
            None => Verdict::NotCompared,
        };
    }
    if q.quote.len() > MAX_QUOTE {
        return wrong(
            format!(
                "is {} bytes long, more than the {MAX_QUOTE} a quotation may be: it was not compared with its text",
                q.quote.len()
            ),
            "a shorter quotation, or the passage cut in two, each with its citation",
        );
    }
    let mut any: Option<(usize, Range<usize>)> = None;
    for &t in &at_hand {
        let text = library.texts[t].text.as_ref().expect("at hand");
        let Ok(occurrences) = pattern.occurrences(text) else {
            return wrong(
                "is too costly to look for: it leaves out words too often".into(),
                "a shorter quotation, with fewer `...`",
            );
        };
        for tokens in occurrences {
            let pages = text.pages_of(&tokens);
            if cite.pages.is_none() || pages.is_none() || pages == cite.pages {
                return Verdict::Found(t, tokens);
            }
            any.get_or_insert((t, tokens));
        }
    }
    if let Some((t, tokens)) = any {
        return Verdict::Wrong(misplaced(library, q, cite, t, &tokens));
    }
    if let Some((t, tokens)) = found_elsewhere(library, &pattern, &at_hand) {
        return Verdict::Wrong(misplaced(library, q, cite, t, &tokens));
    }
    Verdict::Wrong(misquote(library, q, &pattern, &at_hand, nearest))
}

/// The first text at hand, other than those named, that has the quotation.
fn found_elsewhere(
    library: &Library,
    pattern: &Pattern,
    named: &[usize],
) -> Option<(usize, Range<usize>)> {
    library
        .at_hand()
        .filter(|(i, _, _)| !named.contains(i))
        .find_map(|(i, _, text)| Some((i, pattern.occurrences(text).ok()?.into_iter().next()?)))
}

fn cited_as(q: &Quotation, cite: &Citation) -> String {
    match cite.pages {
        Some(p) => Source::pages_words(p),
        None => format!("`{}`", excerpt(&q.cite)),
    }
}

/// Words found, but not where the citation points: on another page of the text it names, or in
/// another text.
fn misplaced(
    library: &Library,
    q: &Quotation,
    cite: &Citation,
    t: usize,
    tokens: &Range<usize>,
) -> Diagnostic {
    let source = &library.texts[t];
    let text = source.text.as_ref().expect("at hand");
    let at = place(source, text, tokens);
    let (message, expected) = if cite.texts.contains(&t) {
        let pages = text
            .pages_of(tokens)
            .map(Source::pages_words)
            .unwrap_or_default();
        (
            format!("is on {at}, not on {} as cited", cited_as(q, cite)),
            format!("`{pages}`"),
        )
    } else {
        (
            format!("is not where {} points: it is on {at}", cited_as(q, cite)),
            format!("a citation of {at}"),
        )
    };
    Diagnostic::new(q.cite_at.clone(), format!("{} {message}", shown(&q.quote)))
        .note(format!("expected: {expected}"))
        .note(format!("found: “{}”", passage_words(text, tokens)))
}

fn misquote(
    library: &Library,
    q: &Quotation,
    pattern: &Pattern,
    named: &[usize],
    search: bool,
) -> Diagnostic {
    let mut names: Vec<&str> = named.iter().map(|&i| library.texts[i].name()).collect();
    // Two texts of one book (Cotton's Gleek and Putt chapters) share its name.
    names.dedup();
    let d = Diagnostic::new(
        q.quote_at.clone(),
        format!("{} is not in {}", shown(&q.quote), names.join(" or ")),
    )
    .note("expected: the text's words as printed (case, punctuation, long s and page breaks aside; `...` for words left out, `[ ]` for your own)");
    if !search {
        return d;
    }
    let nearest = named
        .iter()
        .filter_map(|&i| {
            let text = library.texts[i].text.as_ref()?;
            let tokens = pattern.nearest(text)?;
            Some((i, text, tokens))
        })
        .next();
    match nearest {
        Some((i, text, tokens)) => d.note(format!(
            "nearest passage, {}: “{}”",
            place(&library.texts[i], text, &tokens),
            passage_words(text, &tokens)
        )),
        None => d.note("no passage of the text shares its words"),
    }
}

#[cfg(test)]
mod tests {
    use super::super::quotations::Origin;
    use super::*;
    use crate::diagnostic::Location;
    use std::path::{Path, PathBuf};

    fn library() -> Library {
        let mut lib = Library::new(vec![
            Source {
                id: "cotton".into(),
                title: "The Game at GLEEK".into(),
                cited_as: vec!["Cotton 1674".into()],
                language: "en".into(),
                licence: Some("CC0".into()),
                about: None,
                file: Some(PathBuf::from("sources/gleek.txt")),
                text: Some(Text::bundled(
                    "Head\n\nThe Ace is called Tib, Tom  [p.91]  the Knave is nine. Sometimes they will v[?]e when they have not above thirty.",
                    Some(90),
                )),
            },
            Source {
                id: "akagiri".into(),
                title: "グリーク".into(),
                cited_as: vec!["Akagiri 2016".into()],
                language: "ja".into(),
                licence: None,
                about: None,
                file: None,
                text: None,
            },
        ]);
        assert!(lib.supply(
            "akagiri",
            "ディーラーは他のプレイヤーから4チップずつもらいます"
        ));
        lib
    }

    fn quotation(quote: &str, cite: &str) -> Quotation {
        let at = Location::file_start(Path::new("v.yaml"), "");
        Quotation {
            origin: Origin::Page {
                path: PathBuf::from("p.md"),
            },
            quote: quote.into(),
            cite: cite.into(),
            quote_at: at.clone(),
            cite_at: at,
        }
    }

    fn errors(quote: &str, cite: &str) -> Vec<String> {
        let r = check(&library(), &[quotation(quote, cite)]);
        r.errors.iter().map(|d| d.to_string()).collect()
    }

    #[test]
    fn a_quotation_on_its_page_passes() {
        let r = check(&library(), &[quotation("the Ace is called Tib", "p. 90")]);
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        assert_eq!((r.compared, r.found.len()), (1, 1));
        assert!(errors("Tom the Knave is nine", "pp. 90-91").is_empty());
        assert!(errors("Tom the Knave is nine", "Cotton 1674, pp. 90-91").is_empty());
    }

    #[test]
    fn a_misquote_says_what_was_expected_and_the_nearest_passage() {
        let e = errors("they will vye when they have not above", "p. 91");
        assert_eq!(e.len(), 1);
        assert!(e[0].contains("is not in Cotton 1674"), "{}", e[0]);
        assert!(
            e[0].contains("expected: the text's words as printed"),
            "{}",
            e[0]
        );
        assert!(
            e[0].contains(
                "nearest passage, p. 91 of Cotton 1674: “they will v[?]e when they have not above”"
            ),
            "{}",
            e[0]
        );
    }

    #[test]
    fn a_wrong_page_names_the_right_one() {
        let e = errors("Tom the Knave is nine", "p. 91");
        assert_eq!(e.len(), 1);
        assert!(
            e[0].contains("is on pp. 90-91 of Cotton 1674, not on p. 91 as cited"),
            "{}",
            e[0]
        );
        assert!(e[0].contains("expected: `pp. 90-91`"), "{}", e[0]);
        // A page no text has, for words one of them holds.
        let e = errors("the Ace is called Tib", "p. 19");
        assert!(e[0].contains("it is on p. 90 of Cotton 1674"), "{}", e[0]);
    }

    #[test]
    fn a_translation_must_be_marked_and_only_a_translation() {
        let e = errors(
            "the dealer receives 4 chips from each",
            "Akagiri 2016, section Deal",
        );
        assert_eq!(e.len(), 1);
        assert!(e[0].contains("not marked as one"), "{}", e[0]);
        assert!(
            errors(
                "(tr.) the dealer receives 4 chips from each",
                "Akagiri 2016"
            )
            .is_empty()
        );
        assert!(errors("the dealer receives 4", "Akagiri 2016, section Deal, tr.").is_empty());
        let e = errors("(tr.) the Ace is called Tib", "p. 90");
        assert!(e[0].contains("but Cotton 1674 is in English"), "{}", e[0]);
    }

    #[test]
    fn quotations_of_texts_not_at_hand_are_counted_not_compared() {
        let r = check(
            &library(),
            &[
                quotation("anything", "Hoyle, p. 260"),
                quotation("x", "p. 260"),
            ],
        );
        assert!(r.errors.is_empty());
        assert_eq!((r.compared, r.not_compared), (0, 2));
    }
}
