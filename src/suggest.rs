//! "Did you mean ...?": the allowed word closest to a misspelt one, for error messages.

use crate::diagnostic::Diagnostic;

/// Words longer than this are not compared: no typo of a key is that long, and the edit
/// distance costs the product of the two lengths.
const MAX_LEN: usize = 64;

/// The note for an error about `word`: "did you mean `x`?" when one of `allowed` is close
/// enough to be a likely typo (at most a third of its letters changed, at least one).
pub fn did_you_mean<'a>(word: &str, allowed: impl IntoIterator<Item = &'a str>) -> Option<String> {
    closest(word, allowed).map(|w| format!("did you mean `{w}`?"))
}

/// "did you mean `x`? " to put inside a one-line message, or nothing when none is close.
pub fn clause<'a>(word: &str, allowed: impl IntoIterator<Item = &'a str>) -> String {
    did_you_mean(word, allowed)
        .map(|g| format!("{g} "))
        .unwrap_or_default()
}

/// Adds "did you mean ...?" to an error about an unknown word, when an allowed one is close.
pub fn hint<'a>(
    d: Diagnostic,
    word: &str,
    allowed: impl IntoIterator<Item = &'a str>,
) -> Diagnostic {
    match did_you_mean(word, allowed) {
        Some(note) => d.note(note),
        None => d,
    }
}

/// The allowed word closest to `word` (a difference of case alone counts as close), if it
/// is close enough.
pub fn closest<'a>(word: &str, allowed: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let written = word.trim();
    let word: Vec<char> = written.to_lowercase().chars().collect();
    if word.is_empty() || word.len() > MAX_LEN {
        return None;
    }
    let limit = (word.len() / 3).max(1);
    allowed
        .into_iter()
        .filter(|a| *a != written && a.chars().count() <= MAX_LEN)
        .map(|a| {
            let candidate: Vec<char> = a.to_lowercase().chars().collect();
            (distance(&word, &candidate), a)
        })
        .filter(|&(d, _)| d <= limit)
        .min_by_key(|&(d, _)| d)
        .map(|(_, a)| a)
}

/// The note for a serde "unknown field `x`, expected one of a, b" message (the list with or
/// without backticks), naming the closest expected field.
pub fn for_unknown_field(message: &str) -> Option<String> {
    let rest = message
        .strip_prefix("unknown field `")
        .or_else(|| message.strip_prefix("unknown variant `"))?;
    let (word, expected) = rest.split_once('`')?;
    let (_, list) = expected.split_once("expected ")?;
    let list = list.strip_prefix("one of ").unwrap_or(list);
    let allowed = list
        .split(", ")
        .flat_map(|a| a.split(" or "))
        .map(|a| a.trim().trim_matches('`'));
    did_you_mean(word, allowed)
}

/// Edits between two words: insertions, deletions, substitutions, and swaps of two
/// neighbouring letters (`titel` for `title`), each counting one.
fn distance(a: &[char], b: &[char]) -> usize {
    let width = b.len() + 1;
    let mut d = vec![0usize; (a.len() + 1) * width];
    for i in 0..=a.len() {
        for j in 0..=b.len() {
            d[i * width + j] = if i == 0 || j == 0 {
                i + j
            } else {
                let cost = usize::from(a[i - 1] != b[j - 1]);
                let mut best = (d[(i - 1) * width + j] + 1)
                    .min(d[i * width + j - 1] + 1)
                    .min(d[(i - 1) * width + j - 1] + cost);
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    best = best.min(d[(i - 2) * width + j - 2] + 1);
                }
                best
            };
        }
    }
    d[a.len() * width + b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_only_close_words() {
        let keys = ["turn-up", "dealer", "discard", "seats"];
        assert_eq!(closest("turnup", keys), Some("turn-up"));
        assert_eq!(closest("Dealer", keys), Some("dealer"));
        assert_eq!(closest("dealer", keys), None, "the same word is no typo");
        assert_eq!(closest("delaer", keys), Some("dealer"));
        assert_eq!(closest("expect", keys), None);
        assert_eq!(closest("", keys), None);
        assert_eq!(closest(&"x".repeat(100), keys), None);
        assert_eq!(
            did_you_mean("seat", keys).as_deref(),
            Some("did you mean `seats`?")
        );
    }

    #[test]
    fn reads_serde_unknown_field_messages() {
        let message = "unknown field `turnup`, expected one of `id`, `turn-up`, `stock`";
        assert_eq!(
            for_unknown_field(message).as_deref(),
            Some("did you mean `turn-up`?")
        );
        assert_eq!(
            for_unknown_field("unknown field `titel`, expected one of title, weight").as_deref(),
            Some("did you mean `title`?")
        );
        assert_eq!(
            for_unknown_field("unknown field `zzzzzz`, expected `id` or `title`"),
            None
        );
        assert_eq!(for_unknown_field("invalid type: map"), None);
    }

    #[test]
    fn distance_counts_single_edits() {
        let d = |a: &str, b: &str| {
            distance(
                &a.chars().collect::<Vec<_>>(),
                &b.chars().collect::<Vec<_>>(),
            )
        };
        assert_eq!(d("kitten", "sitting"), 3);
        assert_eq!(d("", "abc"), 3);
        assert_eq!(d("abc", "abc"), 0);
        assert_eq!(d("ab", "ba"), 1);
        assert_eq!(d("titel", "title"), 1);
    }
}
