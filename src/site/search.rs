//! The search index, built in Rust at build time: each word and the pages that contain it.

use rayon::prelude::*;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};

#[derive(Serialize)]
struct Doc<'a> {
    url: &'a str,
    title: &'a str,
    section: &'a str,
    excerpt: String,
}

#[derive(Serialize)]
struct Index<'a> {
    docs: Vec<Doc<'a>>,
    /// word → [(document, weight)]
    words: BTreeMap<String, Vec<(u32, u32)>>,
}

/// A page as the index sees it.
pub struct Entry<'a> {
    pub url: &'a str,
    pub title: &'a str,
    pub section: &'a str,
    pub text: &'a str,
}

/// The words of a text (letters and digits), skipping single letters.
fn raw_words(text: &str) -> impl Iterator<Item = &str> + '_ {
    text.split(|c: char| !c.is_alphanumeric() && c != '½')
        .filter(|w| w.len() > 1 || w.chars().all(|c| c.is_ascii_digit()))
}

fn lower(word: &str) -> String {
    if word.is_ascii() {
        word.to_ascii_lowercase()
    } else {
        word.to_lowercase()
    }
}

/// How often each word occurs in a page, titles weighing ten times a word of the body.
fn count(e: &Entry) -> HashMap<String, u32> {
    let mut counts: HashMap<String, u32> = HashMap::new();
    for (text, weight) in [(e.title, 10), (e.text, 1)] {
        for w in raw_words(text) {
            match counts.get_mut(w) {
                Some(n) if w.bytes().all(|b| !b.is_ascii_uppercase()) => *n += weight,
                _ => *counts.entry(lower(w)).or_default() += weight,
            }
        }
    }
    counts
}

fn excerpt(text: &str) -> String {
    let flat: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    match flat.char_indices().nth(160) {
        Some((i, _)) => format!("{}…", &flat[..i]),
        None => flat,
    }
}

/// How many pages' word counts are held at once.
const COUNTED_AT_ONCE: usize = 256;

/// The index as JSON. Pages are counted in parallel, then merged in page order.
pub fn build(entries: &[Entry]) -> String {
    let mut words_map: HashMap<String, Vec<(u32, u32)>> = HashMap::new();
    // A chunk of pages at a time: the counts of every page at once outweigh the index.
    for (chunk, pages) in entries.chunks(COUNTED_AT_ONCE).enumerate() {
        let counts: Vec<HashMap<String, u32>> = pages.par_iter().map(count).collect();
        for (i, c) in counts.into_iter().enumerate() {
            let doc = (chunk * COUNTED_AT_ONCE + i) as u32;
            for (w, n) in c {
                words_map.entry(w).or_default().push((doc, n));
            }
        }
    }
    let index = Index {
        docs: entries
            .iter()
            .map(|e| Doc {
                url: e.url,
                title: e.title,
                section: e.section,
                excerpt: excerpt(e.text),
            })
            .collect(),
        words: words_map.into_iter().collect(),
    };
    serde_json::to_string(&index).expect("the index serializes")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indexes_words_with_title_weight() {
        let json = build(&[Entry {
            url: "a/",
            title: "Tib and Tom",
            section: "Notebook",
            text: "Tib is the Ace of trumps.",
        }]);
        assert!(json.contains("\"tib\":[[0,11]]"), "{json}");
        assert!(json.contains("\"trumps\":[[0,1]]"), "{json}");
        assert!(!json.contains("\"a\":"), "{json}");
    }
}
