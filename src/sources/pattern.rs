//! A quotation as a pattern of words, found in a text or matched as nearly as it can be.
//!
//! A quotation matches a run of the text's words, long s, case, punctuation and page breaks
//! aside. An ellipsis (`...`, `…`) stands for words left out; a bracket (`[her]`, `[sic]`,
//! `[o]ut`) for the quoter's own word, standing for one word of the text or none. A gap in the
//! transcription is matched only by a bracket or an ellipsis: letters supplied where the text has
//! none are the quoter's, and must say so.

use super::text::{Piece, Text, Word, pieces};
use std::collections::HashMap;
use std::ops::Range;

/// The most words an ellipsis may stand for.
const MAX_SKIP: usize = 120;
/// The most words of a quotation compared when looking for its nearest passage.
const MAX_COMPARED: usize = 200;
/// The most places in a text tried for one quotation: far beyond any real quotation of any real
/// text, and a bound on a hostile one (thousands of ellipses over a text of one repeated word).
const BUDGET: usize = 5_000_000;

/// A quotation that would cost more than [`BUDGET`] to look for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooCostly;

#[derive(Clone, Debug, PartialEq, Eq)]
enum Item {
    Word(String),
    /// The quoter's own word: one word of the text, or none.
    Own,
    /// Words left out.
    Skip,
}

/// A quotation, read.
#[derive(Clone, Debug)]
pub struct Pattern {
    items: Vec<Item>,
    /// Marked `(tr.)`: a translation, which cannot be compared with the text's words.
    pub translated: bool,
}

/// The mark of a translation, at the start of a quotation.
pub const TRANSLATED: &str = "(tr.)";

impl Pattern {
    pub fn new(quote: &str) -> Pattern {
        let trimmed = quote.trim_start();
        let translated = trimmed.starts_with(TRANSLATED);
        let words = trimmed.strip_prefix(TRANSLATED).unwrap_or(trimmed);
        let mut items: Vec<Item> = pieces(words)
            .into_iter()
            .map(|p| match p {
                Piece::Word(_, w) => Item::Word(w),
                Piece::Bracket(..) => Item::Own,
                Piece::Ellipsis(_) => Item::Skip,
            })
            .collect();
        // Left-out words at either end constrain nothing.
        while items.last().is_some_and(|i| !matches!(i, Item::Word(_))) {
            items.pop();
        }
        let lead = items
            .iter()
            .take_while(|i| !matches!(i, Item::Word(_)))
            .count();
        items.drain(..lead);
        Pattern { items, translated }
    }

    /// Whether the quotation has any words to look for.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    fn words(&self) -> impl Iterator<Item = &str> {
        self.items.iter().filter_map(|i| match i {
            Item::Word(w) => Some(w.as_str()),
            _ => None,
        })
    }

    /// Every run of the text's words the quotation matches, as token ranges.
    pub fn occurrences(&self, text: &Text) -> Result<Vec<Range<usize>>, TooCostly> {
        let Some(Item::Word(first)) = self.items.first() else {
            return Ok(Vec::new());
        };
        let tokens = &text.tokens;
        let is = |at: usize, w: &str| matches!(&tokens[at].word, Word::Text(t) if t == w);
        let mut found = Vec::new();
        let mut spent = 0usize;
        for start in (0..tokens.len()).filter(|&s| is(s, first)) {
            // The positions reachable after each item, in order, without repeats.
            let mut at = vec![start + 1];
            for item in &self.items[1..] {
                // `at` is sorted and without repeats, and so is each `next`.
                let next: Vec<usize> = match item {
                    Item::Word(w) => at
                        .iter()
                        .filter(|&&p| p < tokens.len() && is(p, w))
                        .map(|p| p + 1)
                        .collect(),
                    Item::Own => spans(&at, 1, tokens.len()),
                    Item::Skip => spans(&at, MAX_SKIP, tokens.len()),
                };
                spent += next.len() + 1;
                if spent > BUDGET {
                    return Err(TooCostly);
                }
                at = next;
                if at.is_empty() {
                    break;
                }
            }
            found.extend(at.into_iter().map(|end| start..end));
        }
        Ok(found)
    }

    /// How many of the quotation's words a run of the text holds (each word of the run used
    /// once), and how many words the quotation has.
    pub fn shared(&self, text: &Text, tokens: &Range<usize>) -> (usize, usize) {
        let mut left: HashMap<&str, usize> = HashMap::new();
        for t in
            &text.tokens[tokens.start.min(text.tokens.len())..tokens.end.min(text.tokens.len())]
        {
            if let Word::Text(w) = &t.word {
                *left.entry(w.as_str()).or_default() += 1;
            }
        }
        let mut shared = 0;
        let mut total = 0;
        for w in self.words() {
            total += 1;
            if let Some(n) = left.get_mut(w).filter(|n| **n > 0) {
                *n -= 1;
                shared += 1;
            }
        }
        (shared, total)
    }

    /// The run of the text that shares most words with the quotation, in as many words as it
    /// has; `None` when no word is shared.
    pub fn nearest(&self, text: &Text) -> Option<Range<usize>> {
        let words: Vec<&str> = self.words().take(MAX_COMPARED).collect();
        let n = words.len();
        let tokens = &text.tokens;
        if n == 0 || tokens.is_empty() {
            return None;
        }
        let mut wanted: HashMap<&str, i64> = HashMap::new();
        for w in &words {
            *wanted.entry(w).or_default() += 1;
        }
        let word_at = |i: usize| match &tokens[i].word {
            Word::Text(t) => Some(t.as_str()),
            Word::Gap => None,
        };
        // A sliding window of n tokens; `left` counts each wanted word not yet in the window.
        let mut left = wanted.clone();
        let mut shared = 0i64;
        let mut best = (0i64, 0usize);
        for end in 0..tokens.len() {
            if let Some(c) = word_at(end).and_then(|w| left.get_mut(w)) {
                if *c > 0 {
                    shared += 1;
                }
                *c -= 1;
            }
            if end >= n
                && let Some(c) = word_at(end - n).and_then(|w| left.get_mut(w))
            {
                *c += 1;
                if *c > 0 {
                    shared -= 1;
                }
            }
            if shared > best.0 {
                best = (shared, (end + 1).saturating_sub(n));
            }
        }
        if best.0 == 0 {
            return None;
        }
        // Letters of the text the quotation lacks (a gap, a word split) push its last words out
        // of the window: take in the wanted words that follow.
        let mut end = (best.1 + n).min(tokens.len());
        let most = (end + n / 4 + 2).min(tokens.len());
        while end < most && word_at(end).is_some_and(|w| wanted.contains_key(w)) {
            end += 1;
        }
        // Whole printed words: "v[?]e" is three tokens, shown together.
        let joined = |a: usize, b: usize| {
            !text.body[tokens[a].range.end..tokens[b].range.start].contains(char::is_whitespace)
        };
        let mut start = best.1;
        while start > 0 && joined(start - 1, start) {
            start -= 1;
        }
        while end < tokens.len() && end > 0 && joined(end - 1, end) {
            end += 1;
        }
        Some(start..end)
    }
}

/// Every position from each of `at` (sorted, no repeats) up to `reach` beyond it, at most `end`:
/// sorted, without repeats, in one pass.
fn spans(at: &[usize], reach: usize, end: usize) -> Vec<usize> {
    let mut out: Vec<usize> = Vec::new();
    for &p in at {
        let from = out.last().map_or(p, |&l| p.max(l + 1));
        out.extend(from..=(p + reach).min(end));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text() -> Text {
        Text::bundled(
            "Header\n\nThe Ace is called Tib, Tom  [p.91]  the Knave is nine. Sometimes out of policy they will v[?]e when they have not above thirty in their hands.",
            Some(90),
        )
    }

    fn found(quote: &str) -> Vec<String> {
        let t = text();
        Pattern::new(quote)
            .occurrences(&t)
            .unwrap()
            .iter()
            .map(|r| t.passage(r).to_string())
            .collect()
    }

    #[test]
    fn case_punctuation_long_s_and_page_breaks_do_not_matter() {
        assert_eq!(
            found("tib; Tom the knave")[0],
            "Tib, Tom  [p.91]  the Knave"
        );
        assert_eq!(found("The Ace is called Tib").len(), 1);
        assert!(found("The Ace is called Tom").is_empty());
        assert_eq!(found("the Knave iſ nine").len(), 1);
    }

    #[test]
    fn an_ellipsis_stands_for_words_left_out() {
        assert_eq!(found("The Ace ... the Knave is nine").len(), 1);
        assert_eq!(found("The Ace … nine").len(), 1);
        assert!(found("nine ... The Ace").is_empty(), "in order only");
        assert_eq!(found("... the Knave is nine ...").len(), 1);
    }

    #[test]
    fn a_gap_is_matched_only_by_the_quoters_brackets() {
        assert!(found("they will vye when").is_empty());
        assert!(found("they will vie when").is_empty());
        assert_eq!(found("they will v[i]e when").len(), 1);
        assert_eq!(found("they will ... when they have").len(), 1);
        assert_eq!(found("Tib, [sic] Tom").len(), 1);
    }

    #[test]
    fn the_nearest_passage_shares_most_words() {
        let t = text();
        let near = Pattern::new("they will vye when they have not above forty")
            .nearest(&t)
            .unwrap();
        assert!(
            t.passage(&near).contains("v[?]e when they have not above"),
            "{}",
            t.passage(&near)
        );
        assert!(Pattern::new("zebra").nearest(&t).is_none());
    }

    #[test]
    fn a_hostile_quotation_is_refused_not_searched_for_ever() {
        let text = Text::plain(&"a ".repeat(200_000), None);
        let quote = vec!["a"; 400].join(" ... ");
        assert_eq!(Pattern::new(&quote).occurrences(&text), Err(TooCostly));
    }

    #[test]
    fn a_translation_is_marked() {
        assert!(Pattern::new("(tr.) the dealer receives 4").translated);
        assert!(!Pattern::new("the dealer (tr.)").translated);
        assert!(Pattern::new("...").is_empty());
    }
}
