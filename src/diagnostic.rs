//! Errors about a user's files, located at file:line:col and printed the way rustc does.

use std::fmt;
use std::path::{Path, PathBuf};

/// A position in a file the user wrote. Lines and columns count from 1; columns in characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    pub file: PathBuf,
    pub line: usize,
    pub column: usize,
    /// The text of the line, for the snippet under the message.
    pub line_text: String,
    /// How many characters to underline.
    pub width: usize,
}

impl Location {
    /// The location of a byte offset in a source text (scans the text: for one-off errors).
    pub fn at(file: &Path, source: &str, offset: usize, len: usize) -> Location {
        LineIndex::new(source).locate(file, source, offset, len)
    }

    /// The start of a whole file, for errors that have no better place.
    pub fn file_start(file: &Path, source: &str) -> Location {
        Location::at(file, source, 0, 0)
    }
}

/// Where each line of a text starts, so that many offsets can be located without rescanning.
#[derive(Clone, Debug)]
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    pub fn new(source: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(source.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex { starts }
    }

    /// The location of a byte range of `source` (the text this index was built from).
    pub fn locate(&self, file: &Path, source: &str, offset: usize, len: usize) -> Location {
        let offset = floor_char_boundary(source, offset.min(source.len()));
        let line = self.starts.partition_point(|&s| s <= offset);
        let line_start = self.starts[line - 1];
        let line_end = self.starts.get(line).map_or(source.len(), |&next| next - 1);
        let column = source[line_start..offset].chars().count() + 1;
        let end = floor_char_boundary(source, (offset + len.max(1)).min(line_end));
        Location {
            file: file.to_path_buf(),
            line,
            column,
            line_text: source[line_start..line_end]
                .trim_end_matches('\r')
                .to_string(),
            width: source[offset..end.max(offset)].chars().count().max(1),
        }
    }
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file.display(), self.line, self.column)
    }
}

/// A located message: `error: ...` with the file position and the offending line underlined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub message: String,
    pub location: Location,
    /// Further lines: what is allowed, what was expected.
    pub notes: Vec<String>,
}

impl Diagnostic {
    pub fn new(location: Location, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            message: message.into(),
            location,
            notes: Vec::new(),
        }
    }

    pub fn note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }

    /// The rustc-style rendering with a given severity word (`error`, `mismatch`...).
    pub fn render(&self, severity: &str) -> String {
        let loc = &self.location;
        let gutter = loc.line.to_string().len();
        let pad = " ".repeat(gutter);
        let caret_pad: String = loc
            .line_text
            .chars()
            .take(loc.column - 1)
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        if loc.line_text.is_empty() && loc.line == 1 {
            let mut out = format!(
                "{severity}: {}\n{pad}--> {}\n",
                self.message,
                loc.file.display()
            );
            for note in &self.notes {
                out.push_str(&format!("{pad} = {note}\n"));
            }
            return out;
        }
        let mut out = format!(
            "{severity}: {}\n{pad}--> {loc}\n{pad} |\n{} | {}\n{pad} | {caret_pad}{}\n",
            self.message,
            loc.line,
            loc.line_text,
            "^".repeat(loc.width)
        );
        for note in &self.notes {
            out.push_str(&format!("{pad} = {note}\n"));
        }
        out
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render("error"))
    }
}

impl std::error::Error for Diagnostic {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locates_offsets_by_line_and_character_column() {
        let src = "a: 1\nhands: [A♠, ZZ]\n";
        let offset = src.find("ZZ").unwrap();
        let loc = Location::at(Path::new("p.md"), src, offset, 2);
        assert_eq!((loc.line, loc.column, loc.width), (2, 13, 2));
        assert_eq!(loc.to_string(), "p.md:2:13");
        let text = Diagnostic::new(loc, "`ZZ` is not a card")
            .note("allowed: ...")
            .render("error");
        assert!(text.contains("--> p.md:2:13"), "{text}");
        assert!(text.contains("2 | hands: [A♠, ZZ]"), "{text}");
        assert!(text.contains("|             ^^"), "{text}");
    }
}
