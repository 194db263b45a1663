//! The glossary: terms read from the glossary page, linked from their first use on other pages.

use super::Map;
use super::markdown::{escape_attr, options, slug};
use pulldown_cmark::{CowStr, Event, Parser, Tag, TagEnd};
use std::collections::HashSet;

/// A term and the words that name it.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Term {
    pub id: String,
    pub term: String,
    /// The term and its other spellings, lower case.
    #[serde(skip)]
    words: Vec<String>,
    /// The first sentence of its definition, for the link's title.
    pub summary: String,
}

/// Every term of the glossary page, and where that page lives.
#[derive(Clone, Debug, Default)]
pub struct Glossary {
    pub url: String,
    pub terms: Vec<Term>,
    /// Each spelling, as lower-case words joined by single spaces, and its term.
    phrases: Map<String, usize>,
    /// Each first word of a spelling, and the most words in a spelling it starts: most words
    /// of a page start none, and are looked up once.
    starts: Map<String, usize>,
}

/// The first sentence of a definition: up to a full stop followed by a capital, not counting
/// the stops of abbreviations such as "p. 91" or "e.g.".
fn first_sentence(text: &str) -> String {
    const ABBREVIATIONS: [&str; 8] = ["p", "pp", "e.g", "i.e", "cf", "ed", "eds", "vol"];
    let bytes = text.as_bytes();
    for (i, _) in text.match_indices(". ") {
        let word = text[..i]
            .rsplit(|c: char| c.is_whitespace() || c == '(')
            .next()
            .unwrap_or("");
        let next_is_capital = text[i + 2..].chars().next().is_some_and(char::is_uppercase);
        if next_is_capital
            && !ABBREVIATIONS.contains(&word.to_lowercase().as_str())
            && bytes.get(i.wrapping_sub(1)) != Some(&b'.')
        {
            return text[..=i].trim().to_string();
        }
    }
    text.trim().to_string()
}

/// The byte ranges of the words of a text (letters and digits).
fn word_spans(text: &str) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        match (c.is_alphanumeric(), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                spans.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        spans.push((s, text.len()));
    }
    spans
}

/// The words of a text (at `spans`) lower-cased, one after another in one string, with where each
/// one is in it: one string for all the words of a text rather than one each (a page has
/// thousands).
struct Lowered {
    text: String,
    spans: Vec<(usize, usize)>,
}

impl Lowered {
    fn of(text: &str, spans: &[(usize, usize)]) -> Lowered {
        let mut lowered = Lowered {
            text: String::with_capacity(text.len()),
            spans: Vec::with_capacity(spans.len()),
        };
        for &(s, e) in spans {
            let word = &text[s..e];
            let from = lowered.text.len();
            if word.is_ascii() {
                lowered.text.push_str(word);
                lowered.text[from..].make_ascii_lowercase();
            } else {
                // `str::to_lowercase`, not each character's: a final sigma lower-cases apart.
                lowered.text.push_str(&word.to_lowercase());
            }
            lowered.spans.push((from, lowered.text.len()));
        }
        lowered
    }

    /// The `n`th word, lower-cased.
    fn word(&self, n: usize) -> &str {
        let (s, e) = self.spans[n];
        &self.text[s..e]
    }
}

/// A spelling as lower-case words joined by single spaces.
fn normalise(text: &str) -> String {
    word_spans(text)
        .iter()
        .map(|&(s, e)| text[s..e].to_lowercase())
        .collect::<Vec<_>>()
        .join(" ")
}

impl Glossary {
    /// Reads `## Term {#id also="other, words"}` headings and the paragraph after each.
    pub fn parse(source: &str, url: &str) -> Glossary {
        let mut terms = Vec::new();
        let mut current: Option<Term> = None;
        let mut in_heading = false;
        let mut in_para = false;
        for event in Parser::new_ext(source, options()) {
            match event {
                Event::Start(Tag::Heading {
                    level, id, attrs, ..
                }) if level as u8 == 2 => {
                    if let Some(t) = current.take() {
                        terms.push(t);
                    }
                    in_heading = true;
                    let also: Vec<String> = also_words(&attrs);
                    current = Some(Term {
                        id: id.map(|i| i.to_string()).unwrap_or_default(),
                        term: String::new(),
                        words: also,
                        summary: String::new(),
                    });
                }
                Event::End(TagEnd::Heading(_)) if in_heading => {
                    in_heading = false;
                    if let Some(t) = current.as_mut() {
                        if t.id.is_empty() {
                            t.id = slug(&t.term);
                        }
                        t.words.insert(0, t.term.to_ascii_lowercase());
                    }
                }
                Event::Start(Tag::Heading { .. }) => {
                    if let Some(t) = current.take() {
                        terms.push(t);
                    }
                }
                Event::Text(text) | Event::Code(text) if in_heading => {
                    if let Some(t) = current.as_mut() {
                        t.term.push_str(&text);
                    }
                }
                Event::SoftBreak | Event::HardBreak if in_para => {
                    if let Some(t) = current.as_mut() {
                        t.summary.push(' ');
                    }
                }
                Event::Start(Tag::Paragraph) => {
                    in_para = current.as_ref().is_some_and(|t| t.summary.is_empty())
                }
                Event::End(TagEnd::Paragraph) => in_para = false,
                Event::Text(text) | Event::Code(text) if in_para => {
                    if let Some(t) = current.as_mut() {
                        t.summary.push_str(&text);
                    }
                }
                _ => {}
            }
        }
        if let Some(t) = current.take() {
            terms.push(t);
        }
        for t in &mut terms {
            t.summary = first_sentence(&t.summary);
        }
        let mut phrases = Map::default();
        for (k, t) in terms.iter().enumerate() {
            for w in &t.words {
                phrases.entry(normalise(w)).or_insert(k);
            }
        }
        let mut starts: Map<String, usize> = Map::default();
        for p in phrases.keys() {
            let first = p.split(' ').next().unwrap_or_default().to_string();
            let most = starts.entry(first).or_default();
            *most = (*most).max(p.split(' ').count());
        }
        Glossary {
            url: url.to_string(),
            terms,
            phrases,
            starts,
        }
    }

    /// Splits a text into plain text and links to the glossary, linking each term only the first
    /// time it appears on the page.
    pub fn link_terms(
        &self,
        text: &str,
        root: &str,
        linked: &mut HashSet<usize>,
    ) -> Vec<Event<'static>> {
        let spans = word_spans(text);
        let lower = Lowered::of(text, &spans);
        let mut hits: Vec<(usize, usize, usize)> = Vec::new();
        let mut phrase = String::new();
        let mut i = 0;
        while i < spans.len() {
            // The longest spelling that starts at this word and names a term not yet linked.
            let mut best: Option<(usize, usize)> = None;
            phrase.clear();
            let most = self.starts.get(lower.word(i)).copied().unwrap_or(0);
            for n in 0..most.min(spans.len() - i) {
                if n > 0 {
                    phrase.push(' ');
                }
                phrase.push_str(lower.word(i + n));
                if let Some(&k) = self.phrases.get(phrase.as_str())
                    && !linked.contains(&k)
                    && !hits.iter().any(|h| h.2 == k)
                {
                    best = Some((n + 1, k));
                }
            }
            match best {
                Some((n, k)) => {
                    hits.push((spans[i].0, spans[i + n - 1].1, k));
                    i += n;
                }
                None => i += 1,
            }
        }
        hits.sort();
        let mut out = Vec::new();
        let mut at = 0;
        for (start, end, k) in hits {
            linked.insert(k);
            let term = &self.terms[k];
            if start > at {
                out.push(Event::Text(CowStr::Boxed(
                    text[at..start].to_string().into(),
                )));
            }
            out.push(Event::Html(CowStr::Boxed(
                format!(
                    "<a class=\"term\" href=\"{root}{}#{}\" title=\"{}\">{}</a>",
                    self.url,
                    escape_attr(&term.id),
                    escape_attr(&term.summary),
                    escape_attr(&text[start..end])
                )
                .into(),
            )));
            at = end;
        }
        if at < text.len() {
            out.push(Event::Text(CowStr::Boxed(text[at..].to_string().into())));
        }
        out
    }
}

/// The words of an `also="a, b, c"` heading attribute. The Markdown parser splits attribute
/// text at spaces, so a quoted list arrives in pieces: they are joined again up to the closing
/// quote.
fn also_words(attrs: &[(CowStr, Option<CowStr>)]) -> Vec<String> {
    let mut value = String::new();
    let mut open = false;
    for (key, val) in attrs {
        if open {
            value.push(' ');
            value.push_str(key);
            open = !key.ends_with('"');
        } else if key.as_ref() == "also"
            && let Some(v) = val
        {
            value.push_str(v);
            open = v.starts_with('"') && (v.len() == 1 || !v.ends_with('"'));
        }
    }
    value
        .trim_matches(['"', '\''])
        .split(',')
        .map(|w| w.trim().to_ascii_lowercase())
        .filter(|w| !w.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "# Glossary\n\n## Gleek {#gleek also=\"gleeks, gleeke\"}\n\nThree of a kind. Aces, Kings...\n\n## Tib\n\nThe Ace of trumps. Worth 15.\n";

    #[test]
    fn reads_terms_and_links_their_first_use_only() {
        let g = Glossary::parse(PAGE, "glossary/");
        assert_eq!(g.terms.len(), 2);
        assert_eq!(g.terms[1].id, "tib");
        assert_eq!(g.terms[0].summary, "Three of a kind.");
        let mut linked = HashSet::new();
        let events = g.link_terms(
            "Two gleeks and Tib; Tibbles is not Tib.",
            "../",
            &mut linked,
        );
        let html: String = events
            .iter()
            .map(|e| match e {
                Event::Text(t) => t.to_string(),
                Event::Html(h) => h.to_string(),
                _ => String::new(),
            })
            .collect();
        assert_eq!(
            html,
            "Two <a class=\"term\" href=\"../glossary/#gleek\" title=\"Three of a kind.\">gleeks</a> and <a class=\"term\" href=\"../glossary/#tib\" title=\"The Ace of trumps.\">Tib</a>; Tibbles is not Tib."
        );
        assert!(g.link_terms("Tib again", "../", &mut linked).len() == 1);
    }

    #[test]
    fn terms_are_found_in_any_case_among_words_of_any_letters() {
        let g = Glossary::parse("## Œuvre\n\nA work.\n\n## Tib\n\nThe Ace.\n", "g/");
        let mut linked = HashSet::new();
        let events = g.link_terms("Ünd ŒUVRE, and TIB.", "", &mut linked);
        let links: Vec<String> = events
            .iter()
            .filter_map(|e| match e {
                Event::Html(h) => Some(h.to_string()),
                _ => None,
            })
            .collect();
        assert_eq!(links.len(), 2, "{links:?}");
        assert!(links[0].ends_with(">ŒUVRE</a>"), "{links:?}");
        assert!(links[1].ends_with(">TIB</a>"), "{links:?}");
    }

    #[test]
    fn the_first_sentence_skips_abbreviations_and_joins_lines() {
        assert_eq!(
            first_sentence("Tib, the Ace (Cotton, p. 90). Worth 15."),
            "Tib, the Ace (Cotton, p. 90)."
        );
        assert_eq!(first_sentence("One sentence only"), "One sentence only");
        let g = Glossary::parse("## Tom\n\nThe Knave\nof trumps. Nine.\n", "g/");
        assert_eq!(g.terms[0].summary, "The Knave of trumps.");
    }
}
