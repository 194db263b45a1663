//! The search index, built in Rust at build time. Each section of a page (the text under one
//! heading) is a document of its own, so that a hit links to `page/#heading`; the index keeps
//! each document's plain text, for the snippet around the hit, and the words of its text, for
//! ranking (BM25, computed by `static/search.js`). Kept small: a page's URL and title are stored
//! once for all its sections, and each word's list of sections as gaps between them.
//!
//! The index is written in parts, each a whole index of [`PAGES_A_PART`] content pages (the
//! last of the readings, rule points and texts), listed with their digests in
//! `search-index.json`: a page changed rewrites its part alone, and a browser keeps the parts it
//! has as long as their digests stand. The search page reads every part and joins them, which
//! ranks as one index would.

use super::Map;
use super::cache::fields::{Reader, Writer};
use rayon::prelude::*;
use serde::Serialize;

/// How much of a section's text the index keeps for snippets, in bytes (cut at a word).
const KEPT_TEXT: usize = 600;

/// Content pages a part of the index holds.
pub const PAGES_A_PART: usize = 256;

/// The folder of the index's parts.
pub const PARTS: &str = "search-index/";

/// Where the part `n` of the index is, from the site's root.
pub fn part_path(n: usize) -> String {
    format!("{PARTS}{n}.json")
}

/// The list of the index's parts that the search page reads first: each part's address (from
/// the site's root) and digest, by which a browser tells a part it has kept from a newer one.
pub fn parts_list(parts: &[(String, u64)]) -> String {
    #[derive(Serialize)]
    struct Part<'a> {
        u: &'a str,
        v: String,
    }
    let parts: Vec<Part> = (parts.iter())
        .map(|(u, digest)| Part {
            u,
            v: format!("{digest:016x}"),
        })
        .collect();
    serde_json::json!({ "parts": parts }).to_string()
}

/// A page: its URL, its title, the name of its part of the site, and its game's name (none for
/// a page of the whole site), by which the results are grouped.
#[derive(Serialize)]
struct Page {
    u: String,
    t: String,
    s: &'static str,
    #[serde(skip_serializing_if = "str::is_empty")]
    g: &'static str,
}

/// A section of a page: the unit the search finds.
#[derive(Serialize, Clone, Debug, PartialEq)]
struct Doc {
    /// The page, by its place in the index's pages.
    p: u32,
    /// The heading's id, if the section has a heading.
    #[serde(skip_serializing_if = "str::is_empty")]
    a: String,
    /// The heading.
    #[serde(skip_serializing_if = "str::is_empty")]
    h: String,
    /// The section's length in words, for BM25's length normalisation.
    n: u32,
    /// The start of the section's plain text, for the snippet.
    x: String,
}

#[derive(Serialize)]
struct Index {
    pages: Vec<Page>,
    docs: Vec<Doc>,
    /// word → [gap, count, gap, count, ...]: each section that holds the word, as its distance
    /// from the one before (the first from 0), and how often the word occurs in it.
    words: Words,
}

/// Each word's postings. Filled through a hash map (a site has hundreds of thousands of
/// (word, section) pairs to add, one at a time); written in the words' order, so that the index
/// is the same for the same site.
#[derive(Default)]
struct Words(Map<String, Postings>);

impl Serialize for Words {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut sorted: Vec<(&String, &Postings)> = self.0.iter().collect();
        sorted.sort_unstable_by(|a, b| a.0.cmp(b.0));
        s.collect_map(sorted)
    }
}

/// A word's list of `gap, count` pairs, held as variable-length bytes (seven bits a byte, the
/// high bit saying another byte follows): the gaps and counts are small, so this is about a
/// quarter of the `u32`s it stands for, which at 20,000 pages is most of the index's memory.
/// It serializes as the JSON array of numbers `static/search.js` reads.
#[derive(Default)]
struct Postings {
    /// The last section that held the word.
    last: u32,
    bytes: Vec<u8>,
}

impl Postings {
    fn push(&mut self, doc: u32, count: u32) {
        for mut n in [doc - self.last, count] {
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
    pieces(text)
        .map(|w| w.trim_matches(|c| c == '\'' || c == '’'))
        .filter(|w| {
            let mut chars = w.chars();
            match (chars.next(), chars.next()) {
                (Some(_), Some(_)) => true,
                (Some(c), None) => c.is_ascii_digit(),
                (None, _) => false,
            }
        })
}

/// Whether `c` divides words: anything but a letter, a digit, `½` and an apostrophe.
fn divides(c: char) -> bool {
    !c.is_alphanumeric() && c != '½' && c != '\'' && c != '’'
}

/// The text cut at every character that [`divides`] words, empty pieces included, as
/// `text.split(divides)` gives it; an ASCII byte (most of a text) is judged without decoding.
fn pieces(text: &str) -> impl Iterator<Item = &str> + '_ {
    let bytes = text.as_bytes();
    let mut at = Some(0);
    std::iter::from_fn(move || {
        let start = at?;
        let mut i = start;
        while let Some(&b) = bytes.get(i) {
            let width = if b.is_ascii() {
                if !(b.is_ascii_alphanumeric() || b == b'\'') {
                    at = Some(i + 1);
                    return Some(&text[start..i]);
                }
                1
            } else {
                let c = text[i..].chars().next().expect("a character starts here");
                if divides(c) {
                    at = Some(i + c.len_utf8());
                    return Some(&text[start..i]);
                }
                c.len_utf8()
            };
            i += width;
        }
        at = None;
        Some(&text[start..])
    })
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
/// heading's id, the heading and its text. Sections without text are left out.
fn sections<'a>(e: &Entry<'a>) -> Vec<(&'a str, &'a str, &'a str)> {
    let mut bounds: Vec<(usize, &str, &str)> = vec![(0, "", "")];
    bounds.extend(e.anchors.iter().map(|a| (a.at, a.id, a.text)));
    let mut found = Vec::new();
    for (i, &(start, id, heading)) in bounds.iter().enumerate() {
        let end = bounds.get(i + 1).map_or(e.text.len(), |b| b.0);
        let body = e.text.get(start..end).unwrap_or_default();
        let body = body.strip_prefix(heading).unwrap_or(body);
        if !body.trim().is_empty() {
            found.push((id, heading, body));
        }
    }
    found
}

/// A section's words with their counts: the heading's words count as the section's own. A
/// word is allocated once, when first met. Also gives how many words the body has (the
/// section's length, [`Doc::n`]).
fn count(heading: &str, body: &str) -> (Map<String, u32>, u32) {
    let mut counts: Map<String, u32> =
        Map::with_capacity_and_hasher(body.len() / 8, Default::default());
    let mut word = String::new();
    let mut add = |w: &str| {
        normal(w, &mut word);
        match counts.get_mut(word.as_str()) {
            Some(n) => *n += 1,
            None => {
                counts.insert(word.clone(), 1);
            }
        }
    };
    words(heading).for_each(&mut add);
    let mut n = 0;
    for w in words(body) {
        add(w);
        n += 1;
    }
    (counts, n)
}

/// A page's sections with their words counted: all the index takes of a page's text, so that
/// the build's cache keeps it and a page unchanged is not counted again.
#[derive(Clone, Debug, PartialEq)]
pub struct Counted(Vec<(Doc, Vec<(String, u32)>)>);

impl Counted {
    /// Counts `e`'s sections.
    pub fn of(e: &Entry) -> Counted {
        let docs = sections(e).into_iter().map(|(id, heading, body)| {
            let (counts, n) = count(heading, body);
            let doc = Doc {
                p: 0,
                a: id.to_string(),
                h: heading.to_string(),
                n,
                x: plain(body, KEPT_TEXT),
            };
            (doc, counts.into_iter().collect())
        });
        Counted(docs.collect())
    }
}

impl Counted {
    /// The counts as fields ([`super::cache::fields`]), for the build's cache: read back many
    /// at a time, where a part of the index is made again, and faster so than JSON.
    pub fn to_fields(&self) -> String {
        let mut w = Writer::default();
        w.num(self.0.len() as u64);
        for (doc, counts) in &self.0 {
            w.num(doc.p.into())
                .str(&doc.a)
                .str(&doc.h)
                .num(doc.n.into());
            w.str(&doc.x).num(counts.len() as u64);
            for (word, n) in counts {
                w.str(word).num((*n).into());
            }
        }
        w.0
    }

    /// The counts [`Counted::to_fields`] wrote; none from anything else.
    pub fn from_fields(text: &str) -> Option<Counted> {
        let mut r = Reader::new(text, 0);
        let u32_of = |n: u64| u32::try_from(n).ok();
        let docs = (0..r.num()?)
            .map(|_| {
                let (p, a, h) = (u32_of(r.num()?)?, r.string()?, r.string()?);
                let (n, x) = (u32_of(r.num()?)?, r.string()?);
                let counts = (0..r.num()?)
                    .map(|_| Some((r.string()?, u32_of(r.num()?)?)))
                    .collect::<Option<Vec<_>>>()?;
                Some((Doc { p, a, h, n, x }, counts))
            })
            .collect::<Option<Vec<_>>>()?;
        r.done().then_some(Counted(docs))
    }
}

/// The index, filled with pages a batch at a time (so that a caller can release each batch's
/// texts once they are counted) and then written straight into its file.
#[derive(Default)]
pub struct Builder {
    pages: Vec<Page>,
    docs: Vec<Doc>,
    words: Words,
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
                for (w, n) in counts {
                    match self.words.0.get_mut(w) {
                        Some(postings) => postings.push(at, *n),
                        None => self.words.0.entry(w.clone()).or_default().push(at, *n),
                    }
                }
                self.docs.push(Doc {
                    p: page,
                    ..doc.clone()
                });
            }
            self.pages.push(Page {
                u: e.url.to_string(),
                t: e.title.to_string(),
                s: e.section,
                g: e.game,
            });
        }
    }

    /// Writes the index as JSON, releasing it.
    pub fn write(self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        let index = Index {
            pages: self.pages,
            docs: self.docs,
            words: self.words,
        };
        serde_json::to_writer(out, &index).map_err(std::io::Error::from)
    }
}

/// The index of `entries` as JSON.
pub fn build(entries: &[Entry]) -> String {
    let mut builder = Builder::default();
    builder.add(entries);
    let mut out = Vec::new();
    builder
        .write(&mut out)
        .expect("writing into memory cannot fail");
    String::from_utf8(out).expect("JSON is UTF-8")
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let mut out = Vec::new();
        batched.write(&mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), whole);
        assert!(whole.contains("\"buyer's\""), "{whole}");
    }

    /// The build's cache keeps each page's sections counted: pages added from their counts
    /// read back from their fields give the index their texts give; fields cut short or
    /// grown give none.
    #[test]
    fn pages_added_from_kept_counts_give_the_same_index() {
        let texts = [
            "The stock and the buyer",
            "Gleek: three of a kind, a gleek of aces\n\nA 12: line.",
        ];
        let entries: Vec<Entry> = texts.iter().map(|t| page(t, Vec::new())).collect();
        let kept: Vec<Counted> = entries
            .iter()
            .map(|e| Counted::from_fields(&Counted::of(e).to_fields()).unwrap())
            .collect();
        assert_eq!(kept[1], Counted::of(&entries[1]));
        let fields = kept[1].to_fields();
        assert_eq!(Counted::from_fields(&fields[..fields.len() - 1]), None);
        assert_eq!(Counted::from_fields(&format!("{fields}1 ")), None);
        let mut builder = Builder::default();
        builder.add_counted(entries.iter().zip(&kept));
        let mut out = Vec::new();
        builder.write(&mut out).unwrap();
        let index = String::from_utf8(out).unwrap();
        assert_eq!(index, build(&entries));
        assert!(index.contains("\"aces\":[1,1]"), "{index}");
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

    /// The byte scanner cuts a text where `str::split` with [`divides`] cuts it: empty pieces,
    /// dividers of several bytes, letters and digits of other scripts, a divider at either end.
    #[test]
    fn pieces_are_what_split_gives() {
        let texts = [
            "",
            " ",
            "A buyer’s ’stock’ of 7 cards—or 8½ (the widow’s).",
            "naïve café ΟΔΟΣ ۳۴ 五 x²=y… end\n",
            "—dash at both ends—",
            "it's 'quoted' ''  double  ",
            "tab\tand\r\nnew\u{a0}line\u{2003}em",
        ];
        for text in texts {
            let split: Vec<&str> = text.split(divides).collect();
            assert_eq!(pieces(text).collect::<Vec<_>>(), split, "{text:?}");
        }
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
            p.push(doc, count);
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
        let Counted(docs) = Counted::of(&entry);
        let ids: Vec<&str> = docs.iter().map(|(d, _)| d.a.as_str()).collect();
        assert_eq!(ids, ["", "the-question", "cotton"]);
        assert_eq!(docs[1].0.h, "The question");
        assert_eq!(docs[1].0.x, "The buyer’s seven cards.");
        assert_eq!(docs[1].0.n, 4);
        let json = build(&[entry]);
        assert!(json.contains("\"buyer's\":[1,1]"), "{json}");
        assert!(
            json.contains("\"words\":[0,1,2,1]"),
            "each section as its distance from the last: {json}"
        );
        assert!(json.contains("\"pages\":[{\"u\":\"notebook/stock/\",\"t\":\"The stock\""));
        assert!(
            json.contains("\"question\":[1,1]"),
            "a heading's words are its section's: {json}"
        );
        assert!(json.contains("\"twelve\":[2,1]"), "{json}");
        assert!(!json.contains("\"s\":["), "no word `s` split off: {json}");
    }

    #[test]
    fn a_page_without_headings_is_one_document_and_long_text_is_cut_at_a_word() {
        let long = "word ".repeat(1000);
        let json = build(&[page(&long, Vec::new())]);
        let index: serde_json::Value = serde_json::from_str(&json).unwrap();
        let docs = index["docs"].as_array().unwrap();
        assert_eq!(docs.len(), 1);
        assert_eq!(docs[0]["p"], 0);
        assert!(docs[0].get("a").is_none(), "no heading, no anchor");
        assert_eq!(docs[0]["n"], 1000);
        let x = docs[0]["x"].as_str().unwrap();
        assert!(
            x.len() <= KEPT_TEXT + '…'.len_utf8() && x.ends_with("word…"),
            "{x}"
        );
        assert_eq!(index["words"]["word"], serde_json::json!([0, 1000]));
    }
}
