//! Every quotation against the text its citation names: found there, on the page cited, and a
//! translation marked as one. What is wrong is a located error, with what was expected and the
//! nearest passage of the text. What cannot be compared (the text is not at hand, the citation
//! names no text) is not verified, and the report says why, quotation by quotation.

use super::pattern::Pattern;
use super::quotations::{MAX_QUOTE, Quotation};
use super::text::Text;
use super::{Absent, Citation, Library, Source};
use crate::diagnostic::{Diagnostic, Errors, PER_RUN, excerpt};
use rayon::prelude::*;
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

/// Why a quotation was not verified.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// The text it cites is not at hand (index into the library's texts).
    NotAtHand(usize),
    /// Its citation names no listed text, nor a page of a text at hand.
    NoText,
    /// It has no words of its own to look for (only `...` and `[ ]`).
    NoWords,
}

/// A quotation not verified, and why.
#[derive(Clone, Debug)]
pub struct Unverified {
    /// Index into the quotations checked.
    pub quotation: usize,
    pub why: Why,
}

/// What checking the quotations found.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Quotations compared with a text at hand.
    pub compared: usize,
    /// Marked translations of a text at hand that is not in English: the marking is checked,
    /// the words cannot be (indexes into the quotations).
    pub translations: Vec<usize>,
    pub unverified: Vec<Unverified>,
    pub found: Vec<Found>,
    pub errors: Vec<Diagnostic>,
    /// What the project claims of its sources beyond the words: evidence levels, the credits in
    /// pages, the odds figures (see [`super::audit`]).
    pub claims: Vec<Diagnostic>,
}

impl Report {
    /// Where a quotation (by its index among those checked) was found, if it was: `found` is in
    /// the quotations' order.
    pub fn found_at(&self, quotation: usize) -> Option<&Found> {
        self.found
            .binary_search_by_key(&quotation, |f| f.quotation)
            .ok()
            .map(|i| &self.found[i])
    }
}

impl Report {
    /// Why a quotation was not verified, in words, given the library it was checked against.
    pub fn why_words(library: &Library, why: &Why) -> String {
        match why {
            Why::NotAtHand(t) => library.texts[*t].absent.as_ref().map_or_else(
                || "the text is not at hand".to_string(),
                ToString::to_string,
            ),
            Why::NoText => format!(
                "the citation names no text listed in sources/{}",
                super::LIST
            ),
            Why::NoWords => "the quotation has no words of its own to look for".to_string(),
        }
    }

    /// The unverified quotations counted by text and reason, in the order first met, one line
    /// each: "Stewart: 75 quotation(s) not verified: the text is not bundled and no texts folder
    /// holds it".
    pub fn unverified_by_text(&self, library: &Library) -> Vec<String> {
        let mut out: Vec<(Option<String>, usize, String)> = Vec::new();
        for u in &self.unverified {
            let name = match u.why {
                Why::NotAtHand(t) => Some(library.texts[t].name().to_string()),
                Why::NoText | Why::NoWords => None,
            };
            let why = Report::why_words(library, &u.why);
            match out.iter_mut().find(|(n, _, w)| *n == name && *w == why) {
                Some((_, count, _)) => *count += 1,
                None => out.push((name, 1, why)),
            }
        }
        out.into_iter()
            .map(|(name, n, why)| {
                let name = name.unwrap_or_else(|| "no text".to_string());
                format!("{name}: {n} quotation(s) not verified: {why}")
            })
            .collect()
    }

    /// Each quotation not verified as a located diagnostic: `--strict` fails on every one.
    pub fn unverified_diagnostics(
        &self,
        library: &Library,
        quotations: &[Quotation],
    ) -> Vec<Diagnostic> {
        self.unverified
            .iter()
            .map(|u| {
                let q = &quotations[u.quotation];
                Diagnostic::new(
                    q.quote_at.clone(),
                    format!(
                        "{} is not verified: {}",
                        shown(&q.quote),
                        Report::why_words(library, &u.why)
                    ),
                )
                .note(match u.why {
                    Why::NotAtHand(t) if library.texts[t].absent == Some(Absent::NoCopy) => "expected: every quotation checked against its text (--strict); nobody holds this one, so quote a text at hand that reports the words, or say it in your own",
                    _ => "expected: every quotation checked against its text (--strict); give the folder that holds the texts not bundled with --texts DIR",
                })
            })
            .collect()
    }
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
        Some(pages) => format!("{} of {}", text.unit.words(pages), source.name()),
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
    // Each quotation is looked for on its own, in parallel; a misquote's nearest passage (a
    // search of its own) only for those shown in full, found again in order below.
    let verdicts: Vec<(Citation, Verdict)> = quotations
        .par_iter()
        .map(|q| {
            let cite = library.resolve(&q.cite);
            let verdict = check_one(library, q, &cite, false);
            (cite, verdict)
        })
        .collect();
    for (i, (q, (cite, verdict))) in quotations.iter().zip(verdicts).enumerate() {
        let verdict = match verdict {
            Verdict::Wrong(_) if kept < PER_RUN => check_one(library, q, &cite, true),
            v => v,
        };
        match verdict {
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
            Verdict::Translation => report.translations.push(i),
            Verdict::NotCompared(why) => report.unverified.push(Unverified { quotation: i, why }),
        }
    }
    report.errors = files
        .into_iter()
        .flat_map(|(file, errors)| errors.into_vec(&file))
        .collect();
    report
}

/// As [`check`] on `quotations`, given the report `before` of a check of the same library:
/// the quotations at `new` take the place of those `before` checked at `old` (both start at the
/// same index, the quotations either side are the same), and only they are looked for. `None`
/// when a misquote is in either: the misquotes shown are bounded across the run, so that check
/// is done whole. The claims are left to the caller.
pub fn recheck(
    library: &Library,
    quotations: &[Quotation],
    before: &Report,
    old: Range<usize>,
    new: Range<usize>,
) -> Option<Report> {
    if !before.errors.is_empty() || old.start != new.start {
        return None;
    }
    // An index of `before` in the new order, unless it was one of those replaced.
    let moved = |i: usize| match i {
        i if i < old.start => Some(i),
        i if i < old.end => None,
        i => Some(i - old.len() + new.len()),
    };
    let mut report = Report::default();
    let (mut found, mut translations, mut unverified) = (Vec::new(), Vec::new(), Vec::new());
    for i in new.clone() {
        let q = &quotations[i];
        match check_one(library, q, &library.resolve(&q.cite), true) {
            Verdict::Found(text, tokens) => found.push(Found {
                quotation: i,
                text,
                tokens,
            }),
            Verdict::Wrong(_) => return None,
            Verdict::Translation => translations.push(i),
            Verdict::NotCompared(why) => unverified.push(Unverified { quotation: i, why }),
        }
    }
    report.found = splice(
        &before.found,
        found,
        new.start,
        |f| f.quotation,
        |f| {
            moved(f.quotation).map(|quotation| Found {
                quotation,
                ..f.clone()
            })
        },
    );
    // Without misquotes, every quotation compared was found.
    report.compared = report.found.len();
    report.translations = splice(
        &before.translations,
        translations,
        new.start,
        |&i| i,
        |&i| moved(i),
    );
    report.unverified = splice(
        &before.unverified,
        unverified,
        new.start,
        |u| u.quotation,
        |u| {
            moved(u.quotation).map(|quotation| Unverified {
                quotation,
                why: u.why.clone(),
            })
        },
    );
    Some(report)
}

/// `before`'s items (in the order of their quotations, `index` of each) renumbered, those of
/// the quotations replaced dropped (`renumber` gives `None`), and `new`, of the quotations
/// that replace them, put in their place at `start`.
fn splice<T>(
    before: &[T],
    new: Vec<T>,
    start: usize,
    index: impl Fn(&T) -> usize,
    renumber: impl Fn(&T) -> Option<T>,
) -> Vec<T> {
    let mut out: Vec<T> = before.iter().filter_map(renumber).collect();
    let at = out.partition_point(|t| index(t) < start);
    out.splice(at..at, new);
    out
}

enum Verdict {
    Found(usize, Range<usize>),
    Wrong(Diagnostic),
    /// A marked translation of a text at hand not in English.
    Translation,
    NotCompared(Why),
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
    // The first text named that is not at hand, for a quotation that cannot be compared.
    let not_at_hand = || {
        cite.texts
            .iter()
            .find(|&&i| library.texts[i].text.is_none())
            .map_or(Why::NoText, |&i| Why::NotAtHand(i))
    };
    match (named.iter().find(|s| !s.is_english()), named.first()) {
        (Some(foreign), _) if marked => {
            return if foreign.text.is_some() {
                Verdict::Translation
            } else {
                Verdict::NotCompared(not_at_hand())
            };
        }
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
        (None, None) if marked => return Verdict::NotCompared(Why::NoText),
        _ => {}
    }
    if pattern.is_empty() {
        return Verdict::NotCompared(Why::NoWords);
    }
    let at_hand: Vec<usize> = cite
        .texts
        .iter()
        .copied()
        .filter(|&i| library.texts[i].text.is_some())
        .collect();
    if at_hand.is_empty() {
        if cite.named || cite.pages.is_none() {
            return Verdict::NotCompared(not_at_hand());
        }
        // A page no text at hand has: wrong only if the words are in one of them.
        return match found_elsewhere(library, &pattern, &[]) {
            Some((t, tokens)) => Verdict::Wrong(misplaced(library, q, cite, t, &tokens)),
            None => Verdict::NotCompared(Why::NoText),
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
            if cite.pages.is_none()
                || pages.is_none()
                || (text.unit, pages) == (cite.unit, cite.pages)
            {
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
        Some(p) => cite.unit.words(p),
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
            .map(|p| text.unit.words(p))
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
        Library::new(vec![
            Source {
                id: "cotton".into(),
                title: "The Game at GLEEK".into(),
                cited_as: vec!["Cotton 1674".into()],
                language: "en".into(),
                licence: Some("CC0".into()),
                about: None,
                file: Some(PathBuf::from("sources/gleek.txt")),
                absent: None,
                text: Some(Text::bundled(
                    "Head\n\nThe Ace is called Tib, Tom  [p.91]  the Knave is nine. Sometimes they will v[?]e when they have not above thirty.",
                    Some(90),
                )),
                bib: Default::default(),
            },
            Source {
                id: "akagiri".into(),
                title: "グリーク".into(),
                cited_as: vec!["Akagiri 2016".into()],
                language: "ja".into(),
                licence: None,
                about: None,
                file: None,
                text: Some(Text::plain(
                    "ディーラーは他のプレイヤーから4チップずつもらいます",
                    None,
                )),
                absent: None,
                bib: Default::default(),
            },
            Source {
                id: "hoyle".into(),
                title: "Hoyle's Games".into(),
                cited_as: vec!["Hoyle".into()],
                language: "en".into(),
                licence: None,
                about: None,
                file: None,
                text: None,
                absent: Some(super::super::Absent::NoFolder),
                bib: Default::default(),
            },
        ])
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
    fn misquotes_keep_their_order_and_only_those_shown_get_the_nearest_passage() {
        // A misquote in each of more files than a run shows, each after a good quotation:
        // quotations are looked for in parallel, but what is reported keeps their order.
        let quotes: Vec<Quotation> = (0..PER_RUN + 3)
            .flat_map(|i| {
                let mut wrong = quotation("they will vye when they have not above", "p. 91");
                wrong.quote_at.file = PathBuf::from(format!("v{i}.yaml"));
                [quotation("the Ace is called Tib", "p. 90"), wrong]
            })
            .collect();
        let r = check(&library(), &quotes);
        let found: Vec<usize> = r.found.iter().map(|f| f.quotation).collect();
        assert_eq!(found, (0..PER_RUN + 3).map(|i| 2 * i).collect::<Vec<_>>());
        let all: Vec<String> = r.errors.iter().map(|d| d.to_string()).collect();
        let (more, shown): (Vec<&String>, Vec<&String>) = all
            .iter()
            .partition(|e| e.contains("and 1 more error(s) in"));
        assert_eq!(shown.len(), PER_RUN);
        for (i, e) in shown.iter().enumerate() {
            assert!(e.contains(&format!("v{i}.yaml")), "{i}: {e}");
            assert!(e.contains("nearest passage, p. 91 of Cotton 1674"), "{e}");
        }
        assert_eq!(more.len(), 3, "{more:?}");
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
    fn quotations_not_compared_say_why() {
        let lib = library();
        let quotations = [
            quotation("anything", "Hoyle, p. 260"),
            quotation("x", "p. 260"),
            quotation("...", "p. 90"),
            quotation("(tr.) the dealer receives 4 chips", "Akagiri 2016"),
        ];
        let r = check(&lib, &quotations);
        assert!(r.errors.is_empty());
        assert_eq!(r.compared, 0);
        assert_eq!(r.translations, [3]);
        let whys: Vec<&Why> = r.unverified.iter().map(|u| &u.why).collect();
        assert_eq!(whys, [&Why::NotAtHand(2), &Why::NoText, &Why::NoWords]);
        let by_text = r.unverified_by_text(&lib);
        assert_eq!(
            by_text,
            [
                "Hoyle: 1 quotation(s) not verified: the text is not bundled and no texts folder holds it",
                "no text: 1 quotation(s) not verified: the citation names no text listed in sources/sources.yaml",
                "no text: 1 quotation(s) not verified: the quotation has no words of its own to look for",
            ]
        );
        let d = r.unverified_diagnostics(&lib, &quotations);
        assert_eq!(d.len(), 3);
        assert!(
            d[0].to_string()
                .contains("“anything” is not verified: the text is not bundled"),
            "{}",
            d[0]
        );
    }
}
