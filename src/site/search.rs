//! The search index, built in Rust at build time: each word and the pages that contain it.

use serde::Serialize;
use std::collections::BTreeMap;

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

/// Lower-case words of letters and digits, accents folded for the common Latin ones.
pub fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric() && c != '½')
        .filter(|w| w.chars().count() > 1 || w.chars().all(|c| c.is_ascii_digit() || c == '½'))
        .map(|w| w.to_lowercase())
}

fn excerpt(text: &str) -> String {
    let flat: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    match flat.char_indices().nth(160) {
        Some((i, _)) => format!("{}…", &flat[..i]),
        None => flat,
    }
}

/// The index as JSON: titles weigh ten times a word of the body.
pub fn build(entries: &[Entry]) -> String {
    let mut words_map: BTreeMap<String, BTreeMap<u32, u32>> = BTreeMap::new();
    for (i, e) in entries.iter().enumerate() {
        let doc = i as u32;
        for w in words(e.title) {
            *words_map.entry(w).or_default().entry(doc).or_default() += 10;
        }
        for w in words(e.text) {
            *words_map.entry(w).or_default().entry(doc).or_default() += 1;
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
        words: words_map
            .into_iter()
            .map(|(w, docs)| (w, docs.into_iter().collect()))
            .collect(),
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
