//! YAML read with positions in the file the user edits.
//!
//! A scenario's YAML often sits inside a Markdown page, and a fence inside a list item arrives
//! from the Markdown parser one line at a time with its indentation removed. A [`YamlText`]
//! remembers where each of its lines came from, so every error points at the Markdown file's own
//! line and column.

use crate::diagnostic::{Diagnostic, LineIndex, Location};
use serde::de::DeserializeOwned;
use serde_saphyr::Spanned;
use std::path::{Path, PathBuf};

/// YAML text and where its pieces stand in the file it came from.
#[derive(Clone, Debug)]
pub struct YamlText {
    pub path: PathBuf,
    /// The whole file, for locations.
    pub file_text: std::sync::Arc<str>,
    /// The YAML itself.
    pub yaml: String,
    /// (offset in `yaml`, offset in `file_text`) for the start of each contiguous piece.
    pieces: Vec<(usize, usize)>,
    /// Line starts of `file_text`, shared by every block of the file.
    lines: std::sync::Arc<LineIndex>,
}

impl YamlText {
    /// A whole file that is YAML.
    pub fn whole_file(path: &Path, text: std::sync::Arc<str>) -> YamlText {
        YamlText {
            path: path.to_path_buf(),
            yaml: text.to_string(),
            lines: std::sync::Arc::new(LineIndex::new(&text)),
            file_text: text,
            pieces: vec![(0, 0)],
        }
    }

    /// YAML assembled from pieces of a larger file, each `(text, offset in the file)`.
    pub fn from_pieces<'a>(
        path: &Path,
        file_text: std::sync::Arc<str>,
        pieces: impl IntoIterator<Item = (&'a str, usize)>,
    ) -> YamlText {
        let lines = std::sync::Arc::new(LineIndex::new(&file_text));
        YamlText::from_pieces_indexed(path, file_text, lines, pieces)
    }

    /// As [`YamlText::from_pieces`], sharing a line index already built for the file.
    pub fn from_pieces_indexed<'a>(
        path: &Path,
        file_text: std::sync::Arc<str>,
        lines: std::sync::Arc<LineIndex>,
        pieces: impl IntoIterator<Item = (&'a str, usize)>,
    ) -> YamlText {
        let mut yaml = String::new();
        let mut map = Vec::new();
        for (text, file_offset) in pieces {
            map.push((yaml.len(), file_offset));
            yaml.push_str(text);
        }
        if map.is_empty() {
            map.push((0, 0));
        }
        YamlText {
            path: path.to_path_buf(),
            file_text,
            yaml,
            pieces: map,
            lines,
        }
    }

    /// The offset in the file of an offset in the YAML.
    pub fn file_offset(&self, yaml_offset: usize) -> usize {
        let i = self
            .pieces
            .partition_point(|&(start, _)| start <= yaml_offset)
            .saturating_sub(1);
        let (yaml_start, file_start) = self.pieces[i];
        file_start + (yaml_offset - yaml_start)
    }

    /// A location for a byte range of the YAML.
    pub fn location(&self, yaml_offset: usize, len: usize) -> Location {
        self.lines.locate(
            &self.path,
            &self.file_text,
            self.file_offset(yaml_offset.min(self.yaml.len())),
            len,
        )
    }

    /// The location of a value that parsed.
    pub fn location_of<T>(&self, spanned: &Spanned<T>) -> Location {
        let span = spanned.referenced.span();
        let offset = span.byte_offset().unwrap_or(0) as usize;
        let len = span.byte_len().unwrap_or(1) as usize;
        self.location(offset, len)
    }

    /// Where a word stands inside a parsed value (a card inside a hand, a name in an auction),
    /// searched for in the value's own source text from byte `from` on, so quotes and folding do
    /// not matter. Returns the location and the byte after the word, to search on from. The text
    /// before `from` is never searched again, and after a word that is not found (written with
    /// an escape) nothing is searched: that word and the rest are placed at the value. So locating
    /// every word of a line costs one pass over it.
    pub fn location_in<T>(
        &self,
        spanned: &Spanned<T>,
        from: usize,
        word: &str,
    ) -> (Location, usize) {
        let span = spanned.referenced.span();
        let start = (span.byte_offset().unwrap_or(0) as usize).min(self.yaml.len());
        let end = (start + span.byte_len().unwrap_or(0) as usize).min(self.yaml.len());
        let raw = self.yaml.get(start..end).unwrap_or("");
        let found = raw.get(from..).and_then(|r| r.find(word)).map(|i| from + i);
        match found {
            Some(i) => (self.location(start + i, word.len()), i + word.len()),
            None => (self.location_of(spanned), raw.len() + 1),
        }
    }

    /// Deserializes the YAML; a syntax or shape error is located in the file.
    pub fn parse<T: DeserializeOwned>(&self) -> Result<T, Diagnostic> {
        let options = serde_saphyr::options! { with_snippet: false };
        serde_saphyr::from_str_with_options(&self.yaml, options).map_err(|err| {
            let message = tidy_message(&err.without_snippet().to_string());
            let location = match err.location() {
                // A field missing from the top level is reported where the mapping ends; the
                // start of the block is where the reader looks for it.
                Some(loc) if loc.column() == 1 && message.starts_with("missing field") => {
                    self.location(0, 0)
                }
                Some(loc) => match loc.span().byte_offset() {
                    Some(b) => {
                        self.location(b as usize, loc.span().byte_len().unwrap_or(1) as usize)
                    }
                    None => self.line_column(loc.line() as usize, loc.column() as usize),
                },
                None => self.location(0, 0),
            };
            let hint = crate::suggest::for_unknown_field(&message);
            let d = Diagnostic::new(location, unknown_value(&message).unwrap_or(message));
            match hint {
                Some(h) => d.note(h),
                None => d,
            }
        })
    }

    fn line_column(&self, line: usize, column: usize) -> Location {
        let line_start: usize = self
            .yaml
            .split_inclusive('\n')
            .take(line.saturating_sub(1))
            .map(str::len)
            .sum();
        let col_bytes: usize = self.yaml[line_start..]
            .chars()
            .take(column.saturating_sub(1))
            .map(char::len_utf8)
            .sum();
        self.location(line_start + col_bytes, 1)
    }
}

/// serde-saphyr appends "at line L column C" to some messages, which the location already
/// says, and advice meant for programmers to others.
fn tidy_message(message: &str) -> String {
    let first = message.lines().next().unwrap_or(message);
    let first = match first.find(" at line ") {
        Some(i) => &first[..i],
        None => first,
    };
    if let Some(limit) = first.strip_prefix("budget breached: ") {
        return over_budget(limit);
    }
    // serde's "invalid u32" names a Rust type; the writer wrote a number out of range.
    if let Some(kind) = first.strip_prefix("invalid ")
        && let Some(bits) = kind.strip_prefix(['u', 'i'])
        && matches!(bits, "8" | "16" | "32" | "64" | "size")
    {
        return if kind.starts_with('u') {
            "this must be a whole number, 0 or more, such as 90".into()
        } else {
            "this must be a whole number, such as 3 or -2".into()
        };
    }
    match first.strip_prefix("duplicate mapping key") {
        Some(rest) => {
            let key = rest.split(", set ").next().unwrap_or("");
            match key.strip_prefix(": ") {
                Some(k) => format!("`{k}` is given twice; write each key once"),
                None => "a key is given twice; write each key once".to_string(),
            }
        }
        None => first.to_string(),
    }
}

/// The YAML reader's "budget breached: Nodes { nodes: 250001 }", in words: which limit of the
/// size of a YAML text was passed, and what to do.
fn over_budget(limit: &str) -> String {
    let kind = limit.split([' ', '{']).next().unwrap_or_default();
    let count = limit
        .split(|c: char| !c.is_ascii_digit())
        .find(|n| !n.is_empty())
        .and_then(|n| n.parse::<u64>().ok());
    let what = match kind {
        "Nodes" => "keys, values and list entries",
        "Depth" | "Nesting" => "levels of nesting",
        "Aliases" | "AliasAnchorRatio" => "aliases (`*name`)",
        "Anchors" => "anchors (`&name`)",
        "Documents" => "documents (`---`)",
        _ => "parts",
    };
    let most = match count {
        Some(n) if n > 0 => format!("more than {}", n - 1),
        _ => "too many".to_string(),
    };
    format!(
        "this YAML has {most} {what}, more than mournival reads in one block; split it, or shorten it"
    )
}

/// serde's "unknown variant `stok`, expected one of deal, stock" speaks of Rust's enum variants;
/// here a variant is a reading of the rules, so the message says what is wrong in plain words.
fn unknown_value(message: &str) -> Option<String> {
    let rest = message.strip_prefix("unknown variant `")?;
    let (word, expected) = rest.split_once('`')?;
    let (_, allowed) = expected.split_once("expected ")?;
    Some(format!("`{word}` is not allowed here; write {allowed}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[test]
    fn size_limits_and_number_ranges_are_said_in_plain_words() {
        assert_eq!(
            tidy_message("budget breached: Nodes { nodes: 250001 }"),
            "this YAML has more than 250000 keys, values and list entries, more than mournival reads in one block; split it, or shorten it"
        );
        assert!(tidy_message("invalid u32").starts_with("this must be a whole number, 0 or more"));
    }

    #[test]
    fn an_unknown_value_is_named_in_plain_words() {
        assert_eq!(
            unknown_value("unknown variant `stok`, expected one of deal, stock").as_deref(),
            Some("`stok` is not allowed here; write one of deal, stock")
        );
        assert_eq!(
            unknown_value("unknown variant `x`, expected `a` or `b`").as_deref(),
            Some("`x` is not allowed here; write `a` or `b`")
        );
        assert_eq!(unknown_value("unknown field `x`, expected `a`"), None);
    }

    #[derive(Deserialize, Debug)]
    struct Doc {
        #[allow(dead_code)]
        count: u32,
    }

    #[test]
    fn errors_point_into_the_containing_file() {
        let file: std::sync::Arc<str> = "# Title\n\n```gleek\ncount: ten\n```\n".into();
        let start = file.find("count").unwrap();
        let yaml = YamlText::from_pieces(
            Path::new("page.md"),
            file.clone(),
            [(&file[start..start + 11], start)],
        );
        let err = yaml.parse::<Doc>().unwrap_err();
        assert_eq!(err.location.to_string(), "page.md:4:8");
    }

    #[test]
    fn non_contiguous_pieces_map_line_by_line() {
        let file: std::sync::Arc<str> = "- item\n  ```gleek\n  a: 1\n  count: x\n  ```\n".into();
        let a = file.find("a: 1").unwrap();
        let c = file.find("count").unwrap();
        let yaml = YamlText::from_pieces(
            Path::new("list.md"),
            file.clone(),
            [(&file[a..a + 5], a), (&file[c..c + 9], c)],
        );
        assert_eq!(yaml.yaml, "a: 1\ncount: x\n");
        let loc = yaml.location(yaml.yaml.find('x').unwrap(), 1);
        assert_eq!(loc.to_string(), "list.md:4:10");
    }
}
