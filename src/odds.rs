//! How often a hand holds something: every odds figure a page prints, computed exactly, never
//! written by hand.
//!
//! A page writes a figure as a code span naming it, `` `odds:glic-987-of-trumps` ``, and the site
//! prints it ("once in 6,768", its exact value in the tooltip). `check` and `build` stop at a
//! name that is no figure. Each figure is a fraction found by enumerating every hand, or by a
//! formula whose test enumerates a smaller pack.
//!
//! In Glic the trump suit is the suit of a card cut after the deal: it is in no hand, so a
//! hand's chance of holding trumps depends on the cards it holds. Each four-card hand of the 52
//! is weighed by the 48 cards the cut may turn up.

use crate::cards::{Card, Rank, Suit};
use crate::diagnostic::{Diagnostic, LineIndex};
use std::fmt;
use std::path::Path;
use std::sync::Arc;
use std::sync::OnceLock;

/// An exact probability, in lowest terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ratio {
    pub num: u128,
    pub den: u128,
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

impl Ratio {
    pub fn new(num: u128, den: u128) -> Ratio {
        assert!(den > 0, "a probability has a positive denominator");
        let g = gcd(num, den).max(1);
        Ratio {
            num: num / g,
            den: den / g,
        }
    }

    /// "once in N": N the nearest whole number to 1/p.
    pub fn once_in(self) -> String {
        if self.num == 0 {
            return "never".to_string();
        }
        let n = (2 * self.den + self.num) / (2 * self.num);
        format!("once in {}", crate::attribution::thousands(n))
    }

    /// "32.9%", to a tenth of a per cent.
    pub fn percent(self) -> String {
        let tenths = (self.num * 2000 + self.den) / (2 * self.den);
        format!("{}.{}%", tenths / 10, tenths % 10)
    }
}

impl fmt::Display for Ratio {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.num, self.den)
    }
}

/// A figure a page may print.
pub struct Figure {
    pub name: &'static str,
    /// What it is the chance of, in words.
    pub what: &'static str,
    compute: fn() -> Ratio,
}

/// Every figure, by name.
pub const FIGURES: &[Figure] = &[
    Figure {
        name: "glic-987-of-trumps",
        what: "a Glic hand of four from 52 holds the Nine, Eight and Seven of trumps (the trump suit cut after the deal)",
        compute: || glic(|hand, trump| [9, 8, 7].iter().all(|&r| holds(hand, trump, r))),
    },
    Figure {
        name: "glic-four-trumps",
        what: "a Glic hand of four from 52 is four trumps (the trump suit cut after the deal)",
        compute: || glic(|hand, trump| hand.iter().all(|c| c.suit() == trump)),
    },
    Figure {
        name: "glic-four-of-a-suit",
        what: "a Glic hand of four from 52 is four cards of one suit",
        compute: || glic(|hand, _| hand.iter().all(|c| c.suit() == hand[0].suit())),
    },
    Figure {
        name: "glic-no-trump",
        what: "a Glic hand of four from 52 holds no trump (the trump suit cut after the deal)",
        compute: || glic(|hand, trump| hand.iter().all(|c| c.suit() != trump)),
    },
    Figure {
        name: "gleek-mournival-dealt",
        what: "a Gleek hand of twelve from the 44-card pack holds a mournival (all four of a rank)",
        compute: || at_least_one_set(11, 4, 12),
    },
];

/// A figure's value, computed once.
pub fn value(name: &str) -> Option<Ratio> {
    static CELLS: [OnceLock<Ratio>; FIGURES.len()] = [const { OnceLock::new() }; FIGURES.len()];
    let i = FIGURES.iter().position(|f| f.name == name)?;
    Some(*CELLS[i].get_or_init(FIGURES[i].compute))
}

/// The names of the figures, for messages.
pub fn names() -> String {
    let all: Vec<String> = FIGURES
        .iter()
        .map(|f| format!("`odds:{}`", f.name))
        .collect();
    all.join(", ")
}

/// A figure as a page shows it: `odds:NAME` ("once in 6,768") or `odds:NAME:percent` ("32.9%").
/// `None` when the code span is no figure's; `Some(Err)` names what is wrong.
pub fn shortcode(code: &str) -> Option<Result<(String, Ratio, &'static str), String>> {
    let rest = code.trim().strip_prefix("odds:")?;
    let (name, form) = rest.split_once(':').unwrap_or((rest, "once"));
    let Some(figure) = FIGURES.iter().find(|f| f.name == name) else {
        return Some(Err(format!(
            "`odds:{name}` names no figure; the figures are {}",
            names()
        )));
    };
    let ratio = value(name).expect("a listed figure");
    let words = match form {
        "once" => ratio.once_in(),
        "percent" => ratio.percent(),
        _ => {
            return Some(Err(format!(
                "`{form}` is no way to write a figure; allowed: `odds:{name}` (once in N) or `odds:{name}:percent`"
            )));
        }
    };
    Some(Ok((words, ratio, figure.what)))
}

/// Words that give a chance by hand: "once in 380", "one time in three", "1 in 95", "5%",
/// "ten per cent". Their offset and length in `text`, the first found.
fn hand_written(text: &str) -> Option<(usize, usize)> {
    let lower = text.to_lowercase();
    if lower.len() != text.len() {
        return None;
    }
    let bytes = lower.as_bytes();
    // Every lead ends in " in ": one pass over where that stands finds the first place of each
    // (`str::find` of each lead would), and the first "1 in " before a number.
    const LEADS: [&str; 4] = ["once in ", "one time in ", "one hand in ", "one deal in "];
    let mut first = [None; LEADS.len()];
    let mut one_in = None;
    for (j, _) in lower.match_indices(" in ") {
        let end = j + " in ".len();
        for (lead, found) in LEADS.iter().zip(&mut first) {
            if found.is_none() && lower[..end].ends_with(lead) {
                *found = Some((end - lead.len(), lead.len()));
            }
        }
        if one_in.is_none() && j > 0 && bytes[j - 1] == b'1' {
            let i = j - 1;
            let alone = i == 0 || !bytes[i - 1].is_ascii_alphanumeric();
            if alone && bytes.get(i + 5).is_some_and(u8::is_ascii_digit) {
                one_in = Some((i, 5));
            }
        }
    }
    if let Some(found) = first.into_iter().flatten().next().or(one_in) {
        return Some(found);
    }
    if !lower.contains('%') && !lower.contains(" per") {
        return None;
    }
    for mark in ["%", " per cent", " percent"] {
        for (i, _) in lower.match_indices(mark) {
            if i > 0 && bytes[i - 1].is_ascii_digit() {
                return Some((i, mark.len()));
            }
        }
    }
    None
}

/// In a page: every `odds:` code span that names no figure, and every chance written by hand
/// in its prose, located.
pub fn in_page(path: &Path, text: &Arc<str>) -> Vec<Diagnostic> {
    use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
    let options = Options::ENABLE_TABLES | Options::ENABLE_YAML_STYLE_METADATA_BLOCKS;
    let lines = LineIndex::new(text);
    let mut out = Vec::new();
    let mut skip = 0usize;
    for (event, range) in Parser::new_ext(text, options).into_offset_iter() {
        match event {
            Event::Start(Tag::MetadataBlock(_) | Tag::CodeBlock(_)) => skip += 1,
            Event::End(TagEnd::MetadataBlock(_) | TagEnd::CodeBlock) => {
                skip = skip.saturating_sub(1)
            }
            Event::Code(code) if skip == 0 => {
                if let Some(Err(message)) = shortcode(&code) {
                    out.push(Diagnostic::new(
                        lines.locate(path, text, range.start, range.len()),
                        message,
                    ));
                }
            }
            Event::Text(words) if skip == 0 => {
                if let Some((at, len)) = hand_written(&words) {
                    // The text event's words are the source's, unless escapes changed them.
                    let start = text[range.clone()]
                        .find(&words[at..at + len])
                        .map_or(range.start, |i| range.start + i);
                    out.push(
                        Diagnostic::new(
                            lines.locate(path, text, start, len),
                            format!(
                                "a chance written by hand: “{}”",
                                crate::diagnostic::excerpt(words.trim())
                            ),
                        )
                        .note(format!(
                            "expected: a figure the tool computes, written as a code span naming it; the figures are {}",
                            names()
                        )),
                    );
                }
            }
            _ => {}
        }
    }
    out
}

/// Whether a hand holds the card of rank `rank` in `suit`.
fn holds(hand: &[Card], suit: Suit, rank: u8) -> bool {
    let rank = Rank::new(rank).expect("a rank of the pack");
    hand.contains(&Card::new(suit, rank))
}

/// Every `k`-card hand of `pack`, one after another.
fn each_hand(pack: &[Card], k: usize, mut f: impl FnMut(&[Card])) {
    let n = pack.len();
    if k > n {
        return;
    }
    let mut idx: Vec<usize> = (0..k).collect();
    let mut hand: Vec<Card> = idx.iter().map(|&i| pack[i]).collect();
    loop {
        f(&hand);
        let Some(i) = (0..k).rev().find(|&i| idx[i] != i + n - k) else {
            return;
        };
        idx[i] += 1;
        for j in i + 1..k {
            idx[j] = idx[j - 1] + 1;
        }
        for j in i..k {
            hand[j] = pack[idx[j]];
        }
    }
}

/// The full pack of 52.
fn full_pack() -> Vec<Card> {
    Suit::ALL
        .into_iter()
        .flat_map(|s| (2..=14).map(move |r| Card::new(s, Rank::new(r).expect("2 to Ace"))))
        .collect()
}

/// The chance that a four-card Glic hand has `event` when the trump suit is that of a card cut
/// from the 48 not in it: each hand counts, for each suit, the cards of that suit left to cut.
fn glic(event: impl Fn(&[Card], Suit) -> bool) -> Ratio {
    let pack = full_pack();
    let (mut favourable, mut hands) = (0u128, 0u128);
    each_hand(&pack, 4, |hand| {
        hands += 1;
        for suit in Suit::ALL {
            if event(hand, suit) {
                let held = hand.iter().filter(|c| c.suit() == suit).count() as u128;
                favourable += 13 - held;
            }
        }
    });
    Ratio::new(favourable, hands * (52 - 4))
}

fn choose(n: u128, k: u128) -> u128 {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// The chance that a hand of `hand` cards from a pack of `ranks` ranks of `suits` cards each
/// holds every card of at least one rank (inclusion and exclusion over the ranks so held).
fn at_least_one_set(ranks: u128, suits: u128, hand: u128) -> Ratio {
    let pack = ranks * suits;
    let (mut plus, mut minus) = (0u128, 0u128);
    for j in 1..=ranks.min(hand / suits) {
        let term = choose(ranks, j) * choose(pack - suits * j, hand - suits * j);
        if j % 2 == 1 {
            plus += term;
        } else {
            minus += term;
        }
    }
    Ratio::new(plus - minus, choose(pack, hand))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Worked by hand (the proof-read of 26 November 2026): four trumps is C(13,4) x 4 x 9/48
    /// over C(52,4), 1 in 505; the Nine-Eight-Seven of trumps 4 x (39 x 10 + 10 x 9)/48 over
    /// C(52,4), 1 in 6,768; four of one suit 4 x C(13,4)/C(52,4), 1 in 95.
    #[test]
    fn glic_figures_count_the_cut_card_out_of_every_hand() {
        let c52_4 = 270_725;
        assert_eq!(
            value("glic-four-trumps"),
            Some(Ratio::new(715 * 4 * 9, c52_4 * 48))
        );
        assert_eq!(
            value("glic-987-of-trumps"),
            Some(Ratio::new(4 * (39 * 10 + 10 * 9), c52_4 * 48))
        );
        assert_eq!(
            value("glic-four-of-a-suit"),
            Some(Ratio::new(4 * 715, c52_4))
        );
        assert_eq!(value("glic-four-trumps").unwrap().once_in(), "once in 505");
        assert_eq!(
            value("glic-987-of-trumps").unwrap().once_in(),
            "once in 6,768"
        );
        assert_eq!(
            value("glic-four-of-a-suit").unwrap().once_in(),
            "once in 95"
        );
        // No trump: each hand of j suits held weighs the cards of the other suits left to cut.
        assert_eq!(value("glic-no-trump").unwrap().percent(), "32.9%");
    }

    #[test]
    fn the_set_formula_agrees_with_enumeration_on_a_small_pack() {
        // Three ranks of four suits, hands of five: count the hands holding a whole rank.
        let pack: Vec<Card> = (2..=4)
            .flat_map(|r| Suit::ALL.map(|s| Card::new(s, Rank::new(r).unwrap())))
            .collect();
        let (mut with, mut all) = (0u128, 0u128);
        each_hand(&pack, 5, |hand| {
            all += 1;
            let whole = (2..=4).any(|r| hand.iter().filter(|c| c.rank().value() == r).count() == 4);
            with += u128::from(whole);
        });
        assert_eq!(all, 792);
        assert_eq!(at_least_one_set(3, 4, 5), Ratio::new(with, all));
        // Hands of eight from the same pack may hold two whole ranks.
        let (mut with, mut all) = (0u128, 0u128);
        each_hand(&pack, 8, |hand| {
            all += 1;
            let whole = (2..=4).any(|r| hand.iter().filter(|c| c.rank().value() == r).count() == 4);
            with += u128::from(whole);
        });
        assert_eq!(at_least_one_set(3, 4, 8), Ratio::new(with, all));
    }

    #[test]
    fn shortcodes_name_a_figure_and_a_form() {
        let (words, _, _) = shortcode("odds:glic-four-of-a-suit").unwrap().unwrap();
        assert_eq!(words, "once in 95");
        let (words, _, _) = shortcode("odds:glic-four-of-a-suit:percent")
            .unwrap()
            .unwrap();
        assert_eq!(words, "1.1%");
        let err = shortcode("odds:glic-five-trumps").unwrap().unwrap_err();
        assert!(err.contains("names no figure"), "{err}");
        assert!(err.contains("`odds:glic-four-trumps`"), "{err}");
        assert!(shortcode("odds:glic-no-trump:fraction").unwrap().is_err());
        assert!(shortcode("cargo run").is_none());
    }

    #[test]
    fn a_page_may_not_write_a_chance_by_hand_nor_name_an_unknown_figure() {
        let page = "---\ntitle: once in 3\n---\nFour trumps: about `odds:glic-four-trumps` hands.\n\nAbout once in 380 hands, or 5% of them.\n\n`odds:nothing`\n\n```\n1 in 4\n```\n";
        let errs = in_page(Path::new("p.md"), &Arc::from(page));
        let all: Vec<String> = errs.iter().map(|d| d.to_string()).collect();
        assert_eq!(errs.len(), 2, "{all:?}");
        assert!(
            all[0].contains("a chance written by hand: “About once in 380"),
            "{all:?}"
        );
        assert!(all[0].contains("p.md:6:7"), "{all:?}");
        assert!(all[1].contains("`odds:nothing` names no figure"), "{all:?}");
        assert_eq!(hand_written("a 5% chance"), Some((3, 1)));
        assert_eq!(hand_written("ten per cent"), None);
        assert_eq!(hand_written("21 in 100"), None);
        assert_eq!(hand_written("1 in 95"), Some((0, 5)));
    }

    /// The first lead in the list's order wins wherever it stands, at its first place; "1 in"
    /// only when no lead is there, and only alone before a number; marks last.
    #[test]
    fn hand_written_chances_are_found_in_the_order_of_their_kinds() {
        let text = "in in one time in 4, Once in 9, once in 3; 31 in 2, 1 in x, (1 in 7) 50%";
        assert_eq!(hand_written(text), Some((21, 8)));
        assert_eq!(
            hand_written("one deal in 5 or one hand in 6"),
            Some((17, 12))
        );
        assert_eq!(
            hand_written("a1 in 5, 1 in x, (1 in 7), 50%"),
            Some((18, 5))
        );
        assert_eq!(hand_written("in in in 5, 7 percent, 8%"), Some((24, 1)));
        assert_eq!(hand_written("walk in the 100 per cent"), Some((15, 9)));
        assert_eq!(hand_written("once in; no figure"), None);
        assert_eq!(hand_written("IN ALL, 1 IN 3"), Some((8, 5)));
        assert_eq!(hand_written("Ⅰ in 3, İ in 4"), None);
    }
}
