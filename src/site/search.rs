//! The search index, built in Rust at build time. Each section of a page (the text under one
//! heading) is a document of its own, so that a hit links to `page/#heading`; the index keeps
//! each document's plain text, for the snippet around the hit, and the words of its text, for
//! ranking (BM25, computed by `static/search.js`). Kept small: a page's URL and title are stored
//! once for all its sections, and each word's list of sections as gaps between them.
//!
//! The index is written in parts of [`PAGES_A_PART`] content pages (the last part: the readings,
//! rule points and texts), each a folder `search-index/N/`, listed with their digests in
//! `search-index.json`: a page changed rewrites files of its part alone. A part is divided so
//! that a query downloads what it needs and no more:
//! - `w-C.json`, the words beginning with `C` (an ASCII letter or digit; `_` for any other
//!   first letter): each word's sections, and the pages whose title holds it. A query word
//!   matches index words that begin with its own first letter (as a prefix, or a slip away
//!   after it), so each query word needs one such file of each part;
//! - `docs.json`, each section's length and each page's number of sections and part of the
//!   site: what ranking needs of the sections found;
//! - `text-K.json`, the pages' addresses, titles, headings and snippet text, [`TEXT_PAGES`] pages
//!   a file: fetched only for the results shown.

use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

/// How much of a section's text the index keeps for snippets, in bytes (cut at a word).
const KEPT_TEXT: usize = 600;

/// Content pages a part of the index holds.
pub const PAGES_A_PART: usize = 256;

/// Pages a file of a part's text (`text-K.json`) holds: the results shown fetch the files of
/// their pages, so a smaller file wastes fewer bytes, and a larger one takes fewer requests.
pub const TEXT_PAGES: usize = 4;

/// A word's list of sections longer than this (in bytes, about a third of its length in JSON)
/// is a file of its own: a query fetches the file of its first letter, with the words' lists
/// that are short, and the long lists of the words that match alone ("the" is most of "t").
const BIG: usize = 512;

/// The folder of the index's parts.
pub const PARTS: &str = "search-index/";

/// The folder of the part `n` of the index, from the site's root.
pub fn part_dir(n: usize) -> String {
    format!("{PARTS}{n}/")
}

/// The file of words a word belongs in: `w-C.json`, `C` its first letter if that is an ASCII
/// letter or digit, `_` for any other (few: a query word's file must be the one its matches
/// are in, and every match begins as the query word does). `word` is as the index holds it.
fn words_file(word: &str) -> String {
    let first = word.chars().next().filter(char::is_ascii_alphanumeric);
    format!("w-{}.json", first.unwrap_or('_'))
}

/// A part of the index as written: its files with their digests, and what the list of parts
/// says of it besides (its sections and their words, which every query's ranking counts). The
/// build's cache keeps it, so that a part not made again is listed as it was.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Written {
    /// The part's files, from the site's root, with their digests.
    pub files: Vec<(String, u64)>,
    /// Its pages and its sections.
    pages: u32,
    docs: u32,
    /// The sum of its sections' lengths in words.
    words: u64,
}

/// The list of the index's parts that the search page reads first: for each part its folder,
/// a digest of its files (by which a browser tells a file it has kept from a newer one), the
/// first letters of its files of words, its pages, its sections and their words.
pub fn parts_list(parts: &[Written]) -> String {
    #[derive(Serialize)]
    struct Part {
        u: String,
        v: String,
        w: String,
        p: u32,
        d: u32,
        n: u64,
    }
    let parts: Vec<Part> = (parts.iter().enumerate())
        .map(|(n, part)| {
            let dir = part_dir(n);
            let mut files = String::new();
            let mut letters = String::new();
            for (path, digest) in &part.files {
                files.push_str(&format!("{path} {digest:016x}\n"));
                let name = path.strip_prefix(dir.as_str()).unwrap_or(path);
                let letter = name
                    .strip_prefix("w-")
                    .and_then(|n| n.strip_suffix(".json"));
                if let Some(c) = letter.filter(|c| c.len() == 1) {
                    letters.push_str(c);
                }
            }
            Part {
                v: format!("{:016x}", super::sink::digest(files.as_bytes())),
                u: dir,
                w: letters,
                p: part.pages,
                d: part.docs,
                n: part.words,
            }
        })
        .collect();
    serde_json::json!({ "text": TEXT_PAGES, "parts": parts }).to_string()
}

/// A page: its URL, its title, the name of its part of the site, and its game's name (none for
/// a page of the whole site), by which the results are grouped; with its sections' headings and
/// text (in the files of text).
#[derive(Serialize)]
struct Page {
    u: String,
    t: String,
    s: &'static str,
    #[serde(skip_serializing_if = "str::is_empty")]
    g: &'static str,
}

/// A section of a page: the unit the search finds.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
struct Doc {
    /// The page, by its place in the index's pages.
    p: u32,
    /// The heading's id, if the section has a heading.
    #[serde(default, skip_serializing_if = "str::is_empty")]
    a: String,
    /// The heading.
    #[serde(default, skip_serializing_if = "str::is_empty")]
    h: String,
    /// The section's length in words, for BM25's length normalisation.
    n: u32,
    /// The start of the section's plain text, for the snippet.
    x: String,
}

/// Each word's postings. Filled through a hash map (a site has hundreds of thousands of
/// (word, section) pairs to add, one at a time); written in the words' order, so that the index
/// is the same for the same site.
#[derive(Default)]
struct Words(HashMap<String, Postings>);

impl Words {
    /// The words of each file of words, in order, each file's name first.
    fn by_file(&self) -> BTreeMap<String, Vec<(&String, &Postings)>> {
        let mut files: BTreeMap<String, Vec<(&String, &Postings)>> = BTreeMap::new();
        for (w, p) in &self.0 {
            files.entry(words_file(w)).or_default().push((w, p));
        }
        for words in files.values_mut() {
            words.sort_unstable_by(|a, b| a.0.cmp(b.0));
        }
        files
    }
}

/// A list of numbers, held as variable-length bytes (seven bits a byte, the high bit saying
/// another byte follows): a word's sections as `gap, count` pairs, or the pages whose title
/// holds it as gaps. The numbers are small, so this is about a quarter of the `u32`s it stands
/// for, which at 20,000 pages is most of the index's memory. It serializes as the JSON array of
/// numbers `static/search.js` reads.
#[derive(Default)]
struct Postings {
    /// The last section (or page) the list holds.
    last: u32,
    bytes: Vec<u8>,
}

impl Postings {
    /// Adds `doc`, with a word's count in it unless this is a list of pages.
    fn push(&mut self, doc: u32, count: Option<u32>) {
        for mut n in std::iter::once(doc - self.last).chain(count) {
            while n >= 0x80 {
                self.bytes.push((n as u8 & 0x7f) | 0x80);
                n >>= 7;
            }
            self.bytes.push(n as u8);
        }
        self.last = doc;
    }

    fn numbers(&self) -> impl Iterator<Item = u32> + '_ {
        let mut bytes = self.bytes.iter();
        std::iter::from_fn(move || {
            let (mut n, mut shift) = (0u32, 0);
            loop {
                let b = *bytes.next()?;
                n |= u32::from(b & 0x7f) << shift;
                if b < 0x80 {
                    return Some(n);
                }
                shift += 7;
            }
        })
    }
}

impl Serialize for Postings {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.numbers())
    }
}

/// A heading that opens a section of a page's text.
pub struct Anchor<'a> {
    pub id: &'a str,
    pub text: &'a str,
    /// Where the heading starts in the page's text.
    pub at: usize,
}

/// A page as the index sees it.
pub struct Entry<'a> {
    pub url: &'a str,
    pub title: &'a str,
    pub section: &'static str,
    /// The game's name, empty for a page of the whole site.
    pub game: &'static str,
    pub text: &'a str,
    /// The headings that divide the text, in order; none for a page indexed whole.
    pub anchors: Vec<Anchor<'a>>,
}

/// The words of a text as written (letters and digits; an apostrophe inside a word keeps it
/// whole), skipping single letters: [`normal`] gives each its indexed form.
fn words(text: &str) -> impl Iterator<Item = &str> + '_ {
    text.split(|c: char| !c.is_alphanumeric() && c != '½' && c != '\'' && c != '’')
        .map(|w| w.trim_matches(|c| c == '\'' || c == '’'))
        .filter(|w| w.chars().count() > 1 || w.chars().all(|c| c.is_ascii_digit()))
        .filter(|w| !w.is_empty())
}

/// A word as the index holds it, lowercased with a typographic apostrophe made plain, into
/// `out` (cleared first): one buffer serves a page's every word, and an ASCII word (most) is
/// lowercased in place. Others go through `str::to_lowercase`, which knows a final sigma.
fn normal(word: &str, out: &mut String) {
    out.clear();
    if word.is_ascii() {
        out.push_str(word);
        out.make_ascii_lowercase();
    } else {
        out.push_str(&word.replace('’', "'").to_lowercase());
    }
}

/// The text with every run of white space made one space, cut at a word after `max` bytes.
fn plain(text: &str, max: usize) -> String {
    let mut out = String::new();
    for w in text.split_whitespace() {
        if out.len() + w.len() > max {
            out.push('…');
            break;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(w);
    }
    out
}

/// A page's sections: the text before its first heading, then each heading's; each as its
/// document and its whole text (for counting). Sections without text are left out.
fn sections<'a>(page: usize, e: &Entry<'a>) -> Vec<(Doc, &'a str)> {
    let mut bounds: Vec<(usize, &str, &str)> = vec![(0, "", "")];
    bounds.extend(e.anchors.iter().map(|a| (a.at, a.id, a.text)));
    let mut docs = Vec::new();
    for (i, &(start, id, heading)) in bounds.iter().enumerate() {
        let end = bounds.get(i + 1).map_or(e.text.len(), |b| b.0);
        let body = e.text.get(start..end).unwrap_or_default();
        let body = body.strip_prefix(heading).unwrap_or(body);
        if body.trim().is_empty() {
            continue;
        }
        let doc = Doc {
            p: page as u32,
            a: id.to_string(),
            h: heading.to_string(),
            n: words(body).count() as u32,
            x: plain(body, KEPT_TEXT),
        };
        docs.push((doc, body));
    }
    docs
}

/// A section's words with their counts: the heading's words count as the section's own. A
/// word is allocated once, when first met.
fn count(doc: &Doc, body: &str) -> HashMap<String, u32> {
    let mut counts: HashMap<String, u32> = HashMap::new();
    let mut word = String::new();
    for w in words(&doc.h).chain(words(body)) {
        normal(w, &mut word);
        match counts.get_mut(word.as_str()) {
            Some(n) => *n += 1,
            None => {
                counts.insert(word.clone(), 1);
            }
        }
    }
    counts
}

/// A page's sections with their words counted: all the index takes of a page's text, so that
/// the build's cache keeps it and a page unchanged is not counted again.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Counted(Vec<(Doc, Vec<(String, u32)>)>);

impl Counted {
    /// Counts `e`'s sections.
    pub fn of(e: &Entry) -> Counted {
        let docs = sections(0, e).into_iter().map(|(doc, body)| {
            let counts = count(&doc, body).into_iter().collect();
            (doc, counts)
        });
        Counted(docs.collect())
    }
}

/// A part of the index, filled with pages a batch at a time (so that a caller can release each
/// batch's texts once they are counted) and then made into its files.
#[derive(Default)]
pub struct Builder {
    pages: Vec<Page>,
    docs: Vec<Doc>,
    /// word → [gap, count × 2 + 1 if the section's heading holds it, ...]: each section that
    /// holds the word, as its distance from the one before (the first from 0), and how often.
    words: Words,
    /// word → [gap, ...]: the pages whose title holds the word.
    titles: Words,
}

impl Builder {
    /// Adds the next pages, in order: counted in parallel, then merged in order.
    pub fn add(&mut self, entries: &[Entry]) {
        let counted: Vec<Counted> = entries.par_iter().map(Counted::of).collect();
        self.add_counted(entries.iter().zip(&counted));
    }

    /// Adds the next pages, in order, each with its sections counted (by [`Counted::of`]).
    pub fn add_counted<'a, 'e: 'a>(
        &mut self,
        pages: impl IntoIterator<Item = (&'a Entry<'e>, &'a Counted)>,
    ) {
        for (e, counted) in pages {
            let page = self.pages.len() as u32;
            for (doc, counts) in &counted.0 {
                let at = self.docs.len() as u32;
                let heading = distinct(&doc.h);
                for (w, n) in counts {
                    let count = Some(n * 2 + u32::from(heading.contains(w)));
                    postings(&mut self.words, w).push(at, count);
                }
                self.docs.push(Doc {
                    p: page,
                    ..doc.clone()
                });
            }
            for w in distinct(e.title) {
                postings(&mut self.titles, &w).push(page, None);
            }
            self.pages.push(Page {
                u: e.url.to_string(),
                t: e.title.to_string(),
                s: e.section,
                g: e.game,
            });
        }
    }

    /// Writes the part's files into the folder `dir` (from the site's root) through `put`,
    /// which gives a file's digest; releases the part.
    pub fn write<E: Send>(
        self,
        dir: &str,
        put: &(impl Fn(&str, &[u8]) -> Result<u64, E> + Sync),
    ) -> Result<Written, E> {
        let pages = self.pages.len() as u32;
        let (files, docs, words) = self.files();
        let files = (files.into_par_iter())
            .map(|(name, bytes)| {
                let path = format!("{dir}{name}");
                put(&path, &bytes).map(|digest| (path, digest))
            })
            .collect::<Result<Vec<_>, E>>()?;
        Ok(Written {
            files,
            pages,
            docs,
            words,
        })
    }

    /// The part's files (each file's name and bytes, the names relative to the part's folder),
    /// releasing it, and its sections and their words.
    fn files(self) -> (Vec<(String, Vec<u8>)>, u32, u64) {
        let mut out = Vec::new();
        let words = self.words.by_file();
        let titles = self.titles.by_file();
        let names: BTreeSet<&String> = words.keys().chain(titles.keys()).collect();
        for name in names {
            let all = words.get(name).map_or(&[][..], Vec::as_slice);
            let (big, small): (Vec<_>, Vec<_>) =
                (all.iter()).partition(|(_, p)| p.bytes.len() > BIG);
            let stem = name.strip_suffix(".json").unwrap_or(name);
            for (k, (_, postings)) in big.iter().enumerate() {
                out.push((format!("{stem}-{k}.json"), json(postings)));
            }
            let file = WordsFile {
                w: Sorted(&small),
                b: big.iter().enumerate().map(|(k, (w, _))| (*w, k)).collect(),
                t: Sorted(titles.get(name).map_or(&[][..], Vec::as_slice)),
            };
            out.push((name.clone(), json(&file)));
        }
        let mut sections = vec![0u32; self.pages.len()];
        for d in &self.docs {
            sections[d.p as usize] += 1;
        }
        let docs = DocsFile {
            n: self.docs.iter().map(|d| d.n).collect(),
            d: sections,
            s: self.pages.iter().map(|p| p.s).collect(),
        };
        out.push(("docs.json".into(), json(&docs)));
        let total: u64 = self.docs.iter().map(|d| u64::from(d.n)).sum();
        let count = self.docs.len() as u32;
        let mut docs = self.docs.into_iter().peekable();
        let pages: Vec<TextPage> = (self.pages.into_iter().enumerate())
            .map(|(i, page)| {
                let mut sections = Vec::new();
                while let Some(d) = docs.next_if(|d| d.p as usize == i) {
                    sections.push(Text {
                        a: d.a,
                        h: d.h,
                        x: d.x,
                    });
                }
                TextPage {
                    page,
                    docs: sections,
                }
            })
            .collect();
        for (k, chunk) in pages.chunks(TEXT_PAGES).enumerate() {
            out.push((format!("text-{k}.json"), json(&TextFile { pages: chunk })));
        }
        (out, count, total)
    }
}

/// `v` as JSON.
fn json<T: Serialize + ?Sized>(v: &T) -> Vec<u8> {
    serde_json::to_vec(v).expect("the index's types serialize as JSON")
}

/// The distinct words of a text, each as the index holds it.
fn distinct(text: &str) -> HashSet<String> {
    let mut word = String::new();
    let mut out = HashSet::new();
    for w in words(text) {
        normal(w, &mut word);
        if !out.contains(word.as_str()) {
            out.insert(word.clone());
        }
    }
    out
}

/// `w`'s list in `words`, made if it has none (the word allocated once, when first met).
fn postings<'a>(words: &'a mut Words, w: &str) -> &'a mut Postings {
    if !words.0.contains_key(w) {
        words.0.insert(w.to_string(), Postings::default());
    }
    words.0.get_mut(w).expect("just inserted")
}

/// A part's words beginning with one letter: their sections (`w`), except the words found in
/// many (`b`), each in a file of its own (`w-C-K.json`, `K` given), and the pages whose title
/// holds them (`t`).
#[derive(Serialize)]
struct WordsFile<'a> {
    w: Sorted<'a>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    b: BTreeMap<&'a String, usize>,
    t: Sorted<'a>,
}

/// Words with their lists, in order, written as a JSON object.
struct Sorted<'a, T = (&'a String, &'a Postings)>(&'a [T]);

impl<'a, T: std::borrow::Borrow<(&'a String, &'a Postings)>> Serialize for Sorted<'a, T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|pair| *pair.borrow()))
    }
}

/// What ranking needs of a part's sections: each one's length (`n`), each page's number of
/// sections (`d`, the sections in the pages' order) and part of the site (`s`).
#[derive(Serialize)]
struct DocsFile {
    n: Vec<u32>,
    d: Vec<u32>,
    s: Vec<&'static str>,
}

/// What a result shows of its page and section.
#[derive(Serialize)]
struct TextFile<'a> {
    pages: &'a [TextPage],
}

#[derive(Serialize)]
struct TextPage {
    #[serde(flatten)]
    page: Page,
    docs: Vec<Text>,
}

#[derive(Serialize)]
struct Text {
    #[serde(skip_serializing_if = "String::is_empty")]
    a: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    h: String,
    x: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A part's files, by name, as JSON.
    fn files_of(builder: Builder) -> BTreeMap<String, serde_json::Value> {
        let (files, ..) = builder.files();
        (files.into_iter())
            .map(|(name, bytes)| (name, serde_json::from_slice(&bytes).unwrap()))
            .collect()
    }

    /// The part of the index holding `entries`.
    fn build(entries: &[Entry]) -> BTreeMap<String, serde_json::Value> {
        let mut builder = Builder::default();
        builder.add(entries);
        files_of(builder)
    }

    fn page<'a>(text: &'a str, anchors: Vec<Anchor<'a>>) -> Entry<'a> {
        Entry {
            url: "notebook/stock/",
            title: "The stock",
            section: "The notebook",
            game: "Gleek",
            text,
            anchors,
        }
    }

    /// A build adds its pages in batches, releasing each batch's texts: the index must be the
    /// one a single batch gives.
    #[test]
    fn pages_added_in_batches_give_the_same_index() {
        let texts: Vec<String> = (0..5)
            .map(|i| format!("Page {i} words\nHeading {i}\nThe buyer’s {i} cards and the stock.\n"))
            .collect();
        let entries: Vec<Entry> = texts
            .iter()
            .map(|t| {
                let at = t.find("Heading").unwrap();
                page(
                    t,
                    vec![Anchor {
                        id: "h",
                        text: &t[at..at + 9],
                        at,
                    }],
                )
            })
            .collect();
        let whole = build(&entries);
        let mut batched = Builder::default();
        batched.add(&entries[..2]);
        batched.add(&entries[2..3]);
        batched.add(&entries[3..]);
        assert_eq!(files_of(batched), whole);
        assert_eq!(
            whole["w-b.json"]["w"]["buyer's"],
            serde_json::json!([1, 2, 2, 2, 2, 2, 2, 2, 2, 2])
        );
    }

    /// The build's cache keeps each page's sections counted: pages added from their counts
    /// read back from JSON give the index their texts give.
    #[test]
    fn pages_added_from_kept_counts_give_the_same_index() {
        let texts = [
            "The stock and the buyer",
            "Gleek: three of a kind, a gleek of aces",
        ];
        let entries: Vec<Entry> = texts.iter().map(|t| page(t, Vec::new())).collect();
        let kept: Vec<Counted> = entries
            .iter()
            .map(|e| serde_json::to_string(&Counted::of(e)).unwrap())
            .map(|json| serde_json::from_str(&json).unwrap())
            .collect();
        let mut builder = Builder::default();
        builder.add_counted(entries.iter().zip(&kept));
        let index = files_of(builder);
        assert_eq!(index, build(&entries));
        assert_eq!(index["w-a.json"]["w"]["aces"], serde_json::json!([1, 2]));
    }

    /// A word is indexed lowercased, with a typographic apostrophe made plain, as
    /// `str::to_lowercase` gives it: the ASCII path and the other must agree, a final sigma too.
    #[test]
    fn words_are_indexed_as_str_lowercase_gives_them() {
        let mut indexed = String::new();
        for word in ["Buyer’s", "GLEEK", "Mournival", "ΟΔΟΣ", "Ærø’s", "½"] {
            normal(word, &mut indexed);
            assert_eq!(indexed, word.replace('’', "'").to_lowercase(), "{word}");
        }
        normal("ΟΔΟΣ", &mut indexed);
        assert!(indexed.ends_with('ς'), "{indexed}");
        let found: Vec<&str> = words("A buyer’s ’stock’ of 7 cards").collect();
        assert_eq!(found, ["buyer’s", "stock", "of", "7", "cards"]);
    }

    #[test]
    fn postings_give_back_the_numbers_they_hold() {
        let mut p = Postings::default();
        let pairs = [
            (0, 1),
            (5, 127),
            (200, 128),
            (70_000, 3),
            (u32::MAX, 16_384),
        ];
        for (doc, count) in pairs {
            p.push(doc, Some(count));
        }
        let expected = [0, 1, 5, 127, 195, 128, 69_800, 3, u32::MAX - 70_000, 16_384];
        assert_eq!(p.numbers().collect::<Vec<_>>(), expected);
        assert_eq!(
            serde_json::to_value(&p).unwrap(),
            serde_json::json!(expected)
        );
        assert!(p.bytes.len() < expected.len() * 4);
    }

    #[test]
    fn each_section_is_a_document_linked_to_its_heading() {
        let text = "Intro words here\nThe question\nThe buyer’s seven cards.\nEmpty\nWhat Cotton says\nTwelve words.\n";
        let at = |s: &str| text.find(s).unwrap();
        let entry = page(
            text,
            vec![
                Anchor {
                    id: "the-question",
                    text: "The question",
                    at: at("The question"),
                },
                Anchor {
                    id: "empty",
                    text: "Empty",
                    at: at("Empty"),
                },
                Anchor {
                    id: "cotton",
                    text: "What Cotton says",
                    at: at("What Cotton says"),
                },
            ],
        );
        let docs: Vec<(Doc, &str)> = sections(0, &entry);
        let ids: Vec<&str> = docs.iter().map(|(d, _)| d.a.as_str()).collect();
        assert_eq!(ids, ["", "the-question", "cotton"]);
        assert_eq!(docs[1].0.h, "The question");
        assert_eq!(docs[1].0.x, "The buyer’s seven cards.");
        assert_eq!(docs[1].0.n, 4);
        let part = build(&[entry]);
        let word = |w: &str| part[&words_file(w)]["w"][w].clone();
        assert_eq!(word("buyer's"), serde_json::json!([1, 2]));
        assert_eq!(
            word("words"),
            serde_json::json!([0, 2, 2, 2]),
            "each section as its distance from the last"
        );
        assert_eq!(
            word("question"),
            serde_json::json!([1, 3]),
            "a heading's words are its section's, and marked as the heading's"
        );
        assert_eq!(word("twelve"), serde_json::json!([2, 2]));
        assert!(
            part["w-s.json"]["w"].get("s").is_none(),
            "no word `s` split off"
        );
        let text = &part["text-0.json"]["pages"][0];
        assert_eq!(text["u"], "notebook/stock/");
        assert_eq!(text["t"], "The stock");
        assert_eq!(
            text["docs"][1],
            serde_json::json!({"a": "the-question", "h": "The question", "x": "The buyer’s seven cards."})
        );
        assert_eq!(
            part["docs.json"],
            serde_json::json!({"n": [3, 4, 2], "d": [3], "s": ["The notebook"]})
        );
    }

    #[test]
    fn a_page_without_headings_is_one_document_and_long_text_is_cut_at_a_word() {
        let long = "word ".repeat(1000);
        let part = build(&[page(&long, Vec::new())]);
        let docs = part["text-0.json"]["pages"][0]["docs"].as_array().unwrap();
        assert_eq!(docs.len(), 1);
        assert!(docs[0].get("a").is_none(), "no heading, no anchor");
        assert_eq!(part["docs.json"]["n"], serde_json::json!([1000]));
        let x = docs[0]["x"].as_str().unwrap();
        assert!(
            x.len() <= KEPT_TEXT + '…'.len_utf8() && x.ends_with("word…"),
            "{x}"
        );
        assert_eq!(part["w-w.json"]["w"]["word"], serde_json::json!([0, 2000]));
    }
}
