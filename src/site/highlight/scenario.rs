//! The scenario grammar (`syntaxes/scenario.sublime-syntax`) highlighted without a regex engine.
//!
//! The grammar is one context of seven patterns, none of which pushes a context, so syntect's
//! parse comes down to this: from each place in a line, the earliest match of any pattern wins,
//! and of two at the same place the one written first; the line goes on from the match's end.
//! Here each pattern is a function that answers whether it matches at a place, and the places
//! are tried in turn. The grammar's `\w`, `\s` and `\b` are Unicode's; a block with a character
//! other than ASCII and the few symbols scenarios use (whose classes are known: none is a
//! letter, digit or space) is left to syntect. Tests compare the two on every bundled scenario
//! and on generated blocks; a change to the grammar must be made here too.

use super::spans::{is_space, open};
use crate::escape;
use syntect::util::LinesWithEndings;

/// The scopes' classes as syntect writes them (`hl-` before each atom of the scope).
const SOURCE: &str = "hl-source hl-scenario";
const COMMENT: &str = "hl-comment hl-line hl-scenario";
const TAG: &str = "hl-entity hl-name hl-tag hl-scenario";
const SEPARATOR: &str = "hl-punctuation hl-separator hl-scenario";
const RANK: &str = "hl-constant hl-other hl-rank hl-scenario";
const SUIT: &str = "hl-constant hl-other hl-suit hl-scenario";
const CALL: &str = "hl-keyword hl-other hl-call hl-scenario";
const NUMBER: &str = "hl-constant hl-numeric hl-scenario";
const STRING: &str = "hl-string hl-quoted hl-scenario";
const SECTION: &str = "hl-punctuation hl-section hl-scenario";

/// The characters besides ASCII whose regex classes are known here: none is a word character
/// (`\w`) or a space (`\s`).
const SYMBOLS: &str = "♠♥♦♣−½’‘“”—–·…×→";

/// The calls the grammar names, in its order.
const CALLS: [&str; 14] = [
    "vie",
    "vies",
    "see",
    "sees",
    "revie",
    "revies",
    "pass",
    "passes",
    "auto",
    "unplayable",
    "put",
    "refuse",
    "throw",
    "double",
];

/// A pattern's match at a place: where it ends, and the spans it scopes with their classes (a
/// pattern scopes its whole match or up to two of its groups).
struct Match {
    end: usize,
    spans: [Option<(usize, usize, &'static str)>; 2],
}

impl Match {
    fn whole(from: usize, to: usize, class: &'static str) -> Match {
        Match {
            end: to,
            spans: [Some((from, to, class)), None],
        }
    }
}

type Pattern = fn(&str, usize) -> Option<Match>;

/// The grammar's patterns, in its order.
const PATTERNS: [Pattern; 7] = [comment, tag, card, call, number, string, section];

/// The inner HTML of a scenario's YAML as syntect's classed HTML would be, or `None` for a block
/// with a character whose classes are not known here.
pub(super) fn classed(code: &str) -> Option<String> {
    if !code.chars().all(|c| c.is_ascii() || SYMBOLS.contains(c)) {
        return None;
    }
    if code.is_empty() {
        return Some(String::new());
    }
    let mut html = String::with_capacity(code.len() * 4);
    // The syntax's scope, opened at the first line and closed after the last.
    open(&mut html, SOURCE);
    for line in LinesWithEndings::from(code) {
        push_line(&mut html, line);
    }
    html.push_str("</span>");
    Some(html)
}

/// One line's HTML: the text between matches escaped, each scoped span in its class.
fn push_line(html: &mut String, line: &str) {
    let (mut at, mut written) = (0, 0);
    while at < line.len() {
        let Some(found) = PATTERNS.iter().find_map(|pattern| pattern(line, at)) else {
            at += line[at..].chars().next().map_or(1, char::len_utf8);
            continue;
        };
        for (from, to, class) in found.spans.into_iter().flatten() {
            escape::push(html, &line[written..from]);
            open(html, class);
            escape::push(html, &line[from..to]);
            html.push_str("</span>");
            written = to;
        }
        at = found.end;
    }
    escape::push(html, &line[written..]);
}

/// `\w` for the characters [`classed`] admits.
fn is_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// `\b`: a word character on one side of `at` and not on the other.
fn boundary(line: &str, at: usize) -> bool {
    let before = line[..at].chars().next_back().is_some_and(is_word);
    let after = line[at..].chars().next().is_some_and(is_word);
    before != after
}

/// `#.*$`: to the end of the line, its newline left out.
fn comment(line: &str, at: usize) -> Option<Match> {
    let rest = line[at..].strip_prefix('#')?;
    let end = line.len() - rest.len() + rest.find('\n').unwrap_or(rest.len());
    Some(Match::whole(at, end, COMMENT))
}

/// `^(\s*)(-\s+)?([A-Za-z][A-Za-z0-9_ -]*?)(:)(?=\s|$)`: a key, as short as it can be, and its
/// colon, at the start of the line only.
fn tag(line: &str, at: usize) -> Option<Match> {
    if at != 0 {
        return None;
    }
    let b = line.as_bytes();
    let space = |i: usize| b.get(i).is_some_and(|&c| is_space(c.into()));
    let mut i = 0;
    while space(i) {
        i += 1;
    }
    if b.get(i) == Some(&b'-') && space(i + 1) {
        i += 1;
        while space(i) {
            i += 1;
        }
    }
    let key = i;
    if !b.get(key)?.is_ascii_alphabetic() {
        return None;
    }
    let mut colon = key + 1;
    while b.get(colon)? != &b':' {
        let c = b[colon];
        if !(c.is_ascii_alphanumeric() || matches!(c, b'_' | b' ' | b'-')) {
            return None;
        }
        colon += 1;
    }
    if colon + 1 < b.len() && !space(colon + 1) {
        return None;
    }
    Some(Match {
        end: colon + 1,
        spans: [Some((key, colon, TAG)), Some((colon, colon + 1, SEPARATOR))],
    })
}

/// `(?<![A-Za-z0-9])(10|[AKQJTakqjt2-9])([SHDCshdc♠♥♦♣])(?![A-Za-z0-9])`: a card, its rank and
/// its suit scoped apart.
fn card(line: &str, at: usize) -> Option<Match> {
    let b = line.as_bytes();
    if at > 0 && b[at - 1].is_ascii_alphanumeric() {
        return None;
    }
    let rank = if line[at..].starts_with("10") {
        at + 2
    } else if b"AKQJTakqjt23456789".contains(&b[at]) {
        at + 1
    } else {
        return None;
    };
    let suit = line[rank..].chars().next()?;
    if !"SHDCshdc♠♥♦♣".contains(suit) {
        return None;
    }
    let end = rank + suit.len_utf8();
    if b.get(end).is_some_and(u8::is_ascii_alphanumeric) {
        return None;
    }
    Some(Match {
        end,
        spans: [Some((at, rank, RANK)), Some((rank, end, SUIT))],
    })
}

/// `\b(vie|vies|...|double)\b`: a call, a whole word.
fn call(line: &str, at: usize) -> Option<Match> {
    if !boundary(line, at) {
        return None;
    }
    let rest = &line[at..];
    let word = CALLS
        .iter()
        .find(|w| rest.starts_with(**w) && boundary(line, at + w.len()))?;
    Some(Match::whole(at, at + word.len(), CALL))
}

/// `[+−-]?\b[0-9]+(\.5|½)?\b|½`: a number, signed or not, perhaps with a half; or a half alone.
fn number(line: &str, at: usize) -> Option<Match> {
    let rest = &line[at..];
    let sign = ['+', '−', '-']
        .into_iter()
        .find(|s| rest.starts_with(*s))
        .map_or(0, char::len_utf8);
    let digits = at + sign;
    let run = line[digits..]
        .bytes()
        .take_while(u8::is_ascii_digit)
        .count();
    if run > 0 && boundary(line, digits) {
        // A shorter run of digits would end between two digits, where no `\b` is.
        let end = digits + run;
        let half = [".5", "½"]
            .into_iter()
            .find(|h| line[end..].starts_with(*h) && boundary(line, end + h.len()));
        if let Some(h) = half {
            return Some(Match::whole(at, end + h.len(), NUMBER));
        }
        if boundary(line, end) {
            return Some(Match::whole(at, end, NUMBER));
        }
    }
    rest.starts_with('½')
        .then(|| Match::whole(at, at + '½'.len_utf8(), NUMBER))
}

/// `"[^"]*"|'[^']*'`: a quoted string, on one line.
fn string(line: &str, at: usize) -> Option<Match> {
    let rest = &line[at..];
    let quote = ['"', '\''].into_iter().find(|q| rest.starts_with(*q))?;
    let close = rest[1..].find(quote)?;
    Some(Match::whole(at, at + close + 2, STRING))
}

/// `[\[\]{},]`: brackets, braces and commas.
fn section(line: &str, at: usize) -> Option<Match> {
    matches!(line.as_bytes()[at], b'[' | b']' | b'{' | b'}' | b',')
        .then(|| Match::whole(at, at + 1, SECTION))
}

#[cfg(test)]
mod tests {
    use super::super::{spans::fenced_blocks, syntect_scenario};
    use super::classed;
    use proptest::prelude::*;
    use std::path::Path;

    #[test]
    fn every_bundled_scenario_is_highlighted_as_syntect_highlights_it() {
        let mut blocks = Vec::new();
        fenced_blocks(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("content"),
            &["gleek", "put", "glic"],
            &mut blocks,
        );
        assert!(blocks.len() >= 100, "{}", blocks.len());
        for code in &blocks {
            let ours = classed(code).unwrap_or_else(|| panic!("not known: {code}"));
            assert_eq!(ours, syntect_scenario(code).unwrap(), "{code}");
        }
    }

    /// Pieces that meet each pattern's edges: signs, halves, ranks and suits, calls inside and
    /// outside words, keys, quotes, comments; `é` (a letter this does not know) and `\u{a0}` (a
    /// space) send the block to syntect.
    const PIECES: &[&str] = &[
        "\n", " ", "  ", "\t", "\r", "- ", "-", "+", "−", "#", ":", ": ", "\"", "'", "[", "]", "{",
        "}", ",", ".", ".5", "½", "0", "1", "10", "2", "9", "A", "K", "t", "S", "h", "♠", "♥", "♦",
        "♣", "vie", "vies", "see", "revie", "pass", "passes", "put", "double", "Ann", "x", "_",
        "’", "é", "\u{a0}",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn generated_blocks_are_highlighted_as_syntect_highlights_them(
            pieces in prop::collection::vec(prop::sample::select(PIECES), 0..40)
        ) {
            let code = pieces.concat();
            let known = !code.contains(['é', '\u{a0}']);
            let ours = classed(&code);
            prop_assert_eq!(ours.is_some(), known);
            if let Some(ours) = ours {
                prop_assert_eq!(ours, syntect_scenario(&code).unwrap(), "{:?}", code);
            }
        }
    }
}
