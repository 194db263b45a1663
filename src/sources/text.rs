//! A source text as a quotation is checked against it: its words (long s, case and punctuation
//! aside), the page each word stands on, its gaps, and its sentences.
//!
//! The transcriptions mark a page break as `[p.91]`, or in a book numbered by sections rather
//! than pages the start of a section as `[§102]`, and a gap as `[?]`; any other bracket (a
//! footnote number in a web page) is not part of the words. A bundled file begins with its header
//! (title and provenance), the lines before the first blank line.

use std::ops::Range;

/// One word of a text or of a quotation, normalised: lower case, long s as s.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Word {
    Text(String),
    /// A gap in the transcription (`[?]`): no letters of a quotation match it.
    Gap,
}

/// A word of a text, where it stands in the body and on which page.
#[derive(Clone, Debug)]
pub struct Token {
    pub word: Word,
    pub range: Range<usize>,
    pub page: Option<u32>,
}

/// A mark in the body that is not a word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// A page (or a section, in a text numbered by sections) begins here.
    Page(u32),
    Gap,
}

/// What a text's numbers count: printed pages (`p. 91`) or numbered sections (`§101`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Unit {
    #[default]
    Page,
    Section,
}

impl Unit {
    /// "p. 91", "pp. 91-92"; "§101", "§§101-103".
    pub fn words(self, (first, last): (u32, u32)) -> String {
        match (self, first == last) {
            (Unit::Page, true) => format!("p. {first}"),
            (Unit::Page, false) => format!("pp. {first}-{last}"),
            (Unit::Section, true) => format!("§{first}"),
            (Unit::Section, false) => format!("§§{first}-{last}"),
        }
    }

    /// The prefix of an anchor on the annotated page: `p91`, `sec101`.
    pub fn anchor(self, n: u32) -> String {
        match self {
            Unit::Page => format!("p{n}"),
            Unit::Section => format!("sec{n}"),
        }
    }
}

/// A sentence of the body, with its anchor (`p91-3`: the third sentence begun on page 91;
/// `sec101-2` in a text numbered by sections).
#[derive(Clone, Debug)]
pub struct Sentence {
    pub range: Range<usize>,
    pub page: Option<u32>,
    pub anchor: String,
}

/// A text, read.
#[derive(Clone, Debug)]
pub struct Text {
    /// The lines before the first blank line, for a bundled file; empty otherwise.
    pub header: String,
    /// The text itself, with HTML entities (`&amp;`) decoded.
    pub body: String,
    pub tokens: Vec<Token>,
    /// Page breaks and gaps, by their range in the body.
    pub marks: Vec<(Range<usize>, Mark)>,
    pub sentences: Vec<Sentence>,
    /// The pages the text covers, first and last, when it has page numbers.
    pub pages: Option<(u32, u32)>,
    /// Whether those numbers are pages or sections.
    pub unit: Unit,
}

/// A piece of a text or quotation as the scanner sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    Word(Range<usize>, String),
    /// `[...]`: in a text a page mark, a gap or a footnote; in a quotation the quoter's own words.
    Bracket(Range<usize>, String),
    /// `...` or `…`: words left out.
    Ellipsis(Range<usize>),
}

/// The longest bracket read as one piece; a longer one is ordinary punctuation.
const MAX_BRACKET: usize = 60;

/// Whether a character is written without spaces between words (Japanese, Chinese), so that
/// each is a word of its own.
fn is_ideographic(c: char) -> bool {
    matches!(c,
        '\u{3040}'..='\u{30FF}' | '\u{3400}'..='\u{4DBF}' | '\u{4E00}'..='\u{9FFF}'
        | '\u{F900}'..='\u{FAFF}' | '\u{FF66}'..='\u{FF9F}')
}

/// A word as compared: lower case, long s as s.
fn normalise(word: &str) -> String {
    word.chars()
        .map(|c| if c == 'ſ' { 's' } else { c })
        .flat_map(char::to_lowercase)
        .collect()
}

/// Splits text into words, brackets and ellipses; everything else separates words.
pub fn pieces(s: &str) -> Vec<Piece> {
    let mut out = Vec::new();
    let mut word: Option<usize> = None;
    let mut chars = s.char_indices().peekable();
    let end_word = |out: &mut Vec<Piece>, word: &mut Option<usize>, at: usize| {
        if let Some(start) = word.take() {
            out.push(Piece::Word(start..at, normalise(&s[start..at])));
        }
    };
    while let Some((i, c)) = chars.next() {
        if c.is_alphanumeric() && !is_ideographic(c) {
            word.get_or_insert(i);
            continue;
        }
        end_word(&mut out, &mut word, i);
        if is_ideographic(c) {
            out.push(Piece::Word(
                i..i + c.len_utf8(),
                normalise(&s[i..i + c.len_utf8()]),
            ));
        } else if c == '[' {
            let rest = &s[i + 1..];
            if let Some(close) = rest.find(']').filter(|&n| n <= MAX_BRACKET)
                && !rest[..close].contains('[')
            {
                out.push(Piece::Bracket(
                    i..i + close + 2,
                    rest[..close].trim().to_string(),
                ));
                while chars.peek().is_some_and(|&(j, _)| j < i + close + 2) {
                    chars.next();
                }
            }
        } else if c == '…' {
            out.push(Piece::Ellipsis(i..i + c.len_utf8()));
        } else if c == '.' && s[i..].starts_with("...") {
            out.push(Piece::Ellipsis(i..i + 3));
            chars.next();
            chars.next();
        }
    }
    end_word(&mut out, &mut word, s.len());
    out
}

/// `&amp;` and its kin as the characters they stand for (transcriptions keep the XML's).
fn decode_entities(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

/// `p.91` (a page mark's contents) as page 91, `§102` as section 102.
fn page_mark(inner: &str) -> Option<(Unit, u32)> {
    let (unit, n) = match inner.strip_prefix("p.") {
        Some(n) => (Unit::Page, n),
        None => (Unit::Section, inner.strip_prefix('§')?),
    };
    Some((unit, n.trim().parse().ok()?))
}

impl Text {
    /// A bundled file: its header, then the text from its first page on.
    pub fn bundled(file: &str, first_page: Option<u32>) -> Text {
        let file = file.replace("\r\n", "\n");
        let (header, body) = match file.split_once("\n\n") {
            Some((h, b)) => (h.trim().to_string(), b),
            None => (String::new(), file.as_str()),
        };
        Text::read(header, body, first_page)
    }

    /// A text with no header (a web page read as it is), from its first page on.
    pub fn plain(text: &str, first_page: Option<u32>) -> Text {
        Text::read(String::new(), text, first_page)
    }

    fn read(header: String, body: &str, first_page: Option<u32>) -> Text {
        let body = decode_entities(body);
        let mut tokens = Vec::new();
        let mut marks = Vec::new();
        let mut page = first_page;
        let mut unit = None;
        for piece in pieces(&body) {
            match piece {
                Piece::Word(range, word) => tokens.push(Token {
                    word: Word::Text(word),
                    range,
                    page,
                }),
                Piece::Bracket(range, inner) if inner == "?" => {
                    marks.push((range.clone(), Mark::Gap));
                    tokens.push(Token {
                        word: Word::Gap,
                        range,
                        page,
                    });
                }
                Piece::Bracket(range, inner) => {
                    if let Some((u, p)) = page_mark(&inner) {
                        unit.get_or_insert(u);
                        page = Some(p);
                        marks.push((range, Mark::Page(p)));
                    }
                }
                Piece::Ellipsis(_) => {}
            }
        }
        let pages = first_page.map(|first| {
            let last = tokens.last().and_then(|t| t.page).unwrap_or(first);
            (first, last)
        });
        let unit = unit.unwrap_or_default();
        let sentences = sentences(&body, &tokens, unit);
        Text {
            header,
            body,
            tokens,
            marks,
            sentences,
            pages,
            unit,
        }
    }

    /// The pages a run of tokens stands on, first and last.
    pub fn pages_of(&self, tokens: &Range<usize>) -> Option<(u32, u32)> {
        let first = self.tokens.get(tokens.start)?.page?;
        let last = self.tokens.get(tokens.end.checked_sub(1)?)?.page?;
        Some((first, last))
    }

    /// The body from the first to the last of a run of tokens, as printed.
    pub fn passage(&self, tokens: &Range<usize>) -> &str {
        match (
            self.tokens.get(tokens.start),
            tokens.end.checked_sub(1).and_then(|e| self.tokens.get(e)),
        ) {
            (Some(a), Some(b)) => &self.body[a.range.start..b.range.end],
            _ => "",
        }
    }

    /// The indexes of the sentences a run of tokens touches.
    pub fn sentences_of(&self, tokens: &Range<usize>) -> Range<usize> {
        let (Some(a), Some(b)) = (
            self.tokens.get(tokens.start),
            tokens.end.checked_sub(1).and_then(|e| self.tokens.get(e)),
        ) else {
            return 0..0;
        };
        let first = self
            .sentences
            .partition_point(|s| s.range.end <= a.range.start);
        let last = self
            .sentences
            .partition_point(|s| s.range.start < b.range.end);
        first..last.max(first)
    }
}

/// Where sentences end: after `.`, `?`, `!` or `。`, before a capital letter (or the end). A
/// full stop before a small letter ("i. e. lay", "&c. as") ends nothing.
fn sentences(body: &str, tokens: &[Token], unit: Unit) -> Vec<Sentence> {
    let mut out: Vec<Sentence> = Vec::new();
    let mut start = None;
    let mut counts: Vec<(Option<u32>, usize)> = Vec::new();
    let mut push = |out: &mut Vec<Sentence>, range: Range<usize>, page: Option<u32>| {
        let n = match counts.iter_mut().find(|(p, _)| *p == page) {
            Some((_, n)) => {
                *n += 1;
                *n
            }
            None => {
                counts.push((page, 1));
                1
            }
        };
        let anchor = match page {
            Some(p) => format!("{}-{n}", unit.anchor(p)),
            None => format!("s{n}"),
        };
        out.push(Sentence {
            range,
            page,
            anchor,
        });
    };
    for (i, t) in tokens.iter().enumerate() {
        let (from, page) = *start.get_or_insert((t.range.start, t.page));
        let next = tokens.get(i + 1);
        let between = &body[t.range.end..next.map_or(body.len(), |n| n.range.start)];
        let stop = full_stop(between);
        let capital = next.is_none_or(|n| {
            body[n.range.start..]
                .chars()
                .next()
                .is_some_and(|c| c.is_uppercase() || is_ideographic(c))
        });
        if let Some(stop) = stop.filter(|_| capital) {
            push(&mut out, from..t.range.end + stop, page);
            start = None;
        } else if next.is_none() {
            push(&mut out, from..t.range.end, page);
        }
    }
    out
}

/// The end of the first sentence stop in the text between two words (`.`, `?`, `!`, `。`),
/// outside brackets: the full stop of a page mark (`[p.91]`) ends nothing.
fn full_stop(between: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in between.char_indices() {
        match c {
            '[' => depth += 1,
            ']' => depth = depth.saturating_sub(1),
            '.' | '?' | '!' | '。' if depth == 0 => return Some(i + c.len_utf8()),
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "Title line\nProvenance line\n\nThe Ace is called Tib, Tom  [p.91]  the Knave is nine. If yo discard  [p.96]  wrong, i. e. lay out but 5 or 6 Cards, &amp;c. they will v[?]e when Tyred. Next.";

    fn words(t: &Text) -> Vec<String> {
        t.tokens
            .iter()
            .map(|t| match &t.word {
                Word::Text(w) => w.clone(),
                Word::Gap => "[?]".into(),
            })
            .collect()
    }

    #[test]
    fn words_pages_and_gaps() {
        let t = Text::bundled(SAMPLE, Some(90));
        assert_eq!(t.header, "Title line\nProvenance line");
        let w = words(&t);
        assert_eq!(&w[..6], ["the", "ace", "is", "called", "tib", "tom"]);
        assert!(w.contains(&"[?]".to_string()), "{w:?}");
        assert!(
            w.contains(&"c".to_string()),
            "&amp;c. is read as &c.: {w:?}"
        );
        let tom = w.iter().position(|x| x == "tom").unwrap();
        assert_eq!(t.tokens[tom].page, Some(90));
        assert_eq!(t.tokens[tom + 1].page, Some(91));
        assert_eq!(t.pages, Some((90, 96)));
        assert!(t.marks.contains(&(
            t.body.find("[p.91]").unwrap()..t.body.find("[p.91]").unwrap() + 6,
            Mark::Page(91)
        )));
    }

    #[test]
    fn a_text_numbered_by_sections() {
        let t = Text::bundled(
            "Head\n\n101. Put. The game. [§102] Two-Handed Put. I put.",
            Some(101),
        );
        assert_eq!((t.pages, t.unit), (Some((101, 102)), Unit::Section));
        let anchors: Vec<&str> = t.sentences.iter().map(|s| s.anchor.as_str()).collect();
        assert_eq!(
            anchors,
            ["sec101-1", "sec101-2", "sec101-3", "sec102-1", "sec102-2"]
        );
        assert_eq!(Unit::Section.words((101, 103)), "§§101-103");
        assert_eq!(Unit::Page.words((90, 90)), "p. 90");
    }

    #[test]
    fn long_s_and_case_are_one_word() {
        let t = Text::plain("ſhew the Caſe", None);
        assert_eq!(words(&t), ["shew", "the", "case"]);
    }

    #[test]
    fn sentences_end_before_a_capital_only() {
        let t = Text::bundled(SAMPLE, Some(90));
        let s: Vec<&str> = t
            .sentences
            .iter()
            .map(|s| &t.body[s.range.clone()])
            .collect();
        assert_eq!(s.len(), 3, "{s:?}");
        assert!(s[0].ends_with("the Knave is nine."), "{s:?}");
        assert!(
            s[1].starts_with("If yo discard") && s[1].contains("i. e. lay"),
            "{s:?}"
        );
        assert_eq!(s[2], "Next.");
        let anchors: Vec<&str> = t.sentences.iter().map(|s| s.anchor.as_str()).collect();
        assert_eq!(anchors, ["p90-1", "p91-1", "p96-1"]);
    }

    #[test]
    fn japanese_is_read_a_character_at_a_time() {
        let t = Text::plain("ディーラーは4チップ。次", None);
        assert_eq!(words(&t)[..3], ["デ", "ィ", "ー"]);
        assert!(words(&t).contains(&"4".to_string()));
        assert_eq!(t.sentences.len(), 2);
    }
}
