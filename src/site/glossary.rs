//! The glossary: terms read from the glossary page, linked from their first use on other pages.

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
}

impl Glossary {
    /// Reads `### Term {#id also="other, words"}` headings and the paragraph after each.
    pub fn parse(source: &str, url: &str) -> Glossary {
        let mut terms = Vec::new();
        let mut current: Option<Term> = None;
        let mut in_heading = false;
        let mut in_para = false;
        for event in Parser::new_ext(source, options()) {
            match event {
                Event::Start(Tag::Heading {
                    level, id, attrs, ..
                }) if level as u8 == 3 => {
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
            if let Some(end) = t.summary.find(". ") {
                t.summary.truncate(end + 1);
            }
        }
        Glossary {
            url: url.to_string(),
            terms,
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
        let lower = text.to_ascii_lowercase();
        let mut hits: Vec<(usize, usize, usize)> = Vec::new();
        for (k, term) in self.terms.iter().enumerate() {
            if linked.contains(&k) {
                continue;
            }
            let found = term
                .words
                .iter()
                .filter_map(|w| find_word(&lower, w).map(|i| (i, i + w.len())))
                .min();
            if let Some((start, end)) = found
                && !hits.iter().any(|&(s, e, _)| start < e && s < end)
            {
                hits.push((start, end, k));
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

/// The first whole-word occurrence of `word` in `text` (both lower case).
fn find_word(text: &str, word: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(i) = text[from..].find(word) {
        let start = from + i;
        let end = start + word.len();
        let before = start == 0 || !(bytes[start - 1] as char).is_alphanumeric();
        let after = end == bytes.len() || !(bytes[end] as char).is_alphanumeric();
        if before && after && text.is_char_boundary(end) {
            return Some(start);
        }
        from = start + word.len().max(1);
        while from < text.len() && !text.is_char_boundary(from) {
            from += 1;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "# Glossary\n\n### Gleek {#gleek also=\"gleeks, gleeke\"}\n\nThree of a kind. Aces, Kings...\n\n### Tib\n\nThe Ace of trumps. Worth 15.\n";

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
}
