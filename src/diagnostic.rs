//! Errors about a user's files, located at file:line:col and printed the way rustc does.
//!
//! A hostile file (one line of seventy thousand bad cards) must not cost more than a readable
//! one: a [`Location`] shares the file's text and works out its column and snippet only when it
//! is shown, the snippet shows a window of the line, and [`Errors`] keeps the first few errors
//! of a file in full and only counts the rest.

use std::borrow::Cow;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Errors shown in full for one file; the rest are counted ("and N more errors in FILE").
pub const PER_FILE: usize = 20;
/// Errors shown in full for one run; the rest are counted ("and N more errors").
pub const PER_RUN: usize = 100;
/// Characters of a source line shown under a message; a longer line is cut around the column.
const SNIPPET_CHARS: usize = 120;
/// Characters of the user's own text quoted inside a message.
const QUOTE_CHARS: usize = 40;

/// A position in a file the user wrote. Lines and columns count from 1; columns in characters.
#[derive(Clone, PartialEq, Eq)]
pub struct Location {
    pub file: PathBuf,
    pub line: usize,
    /// How many characters to underline.
    pub width: usize,
    /// The whole file, shared by every location in it.
    text: Arc<str>,
    /// The byte offset of the position in `text`.
    offset: usize,
}

impl Location {
    /// The location of a byte offset in a source text (scans the text: for one-off errors).
    pub fn at(file: &Path, source: &Arc<str>, offset: usize, len: usize) -> Location {
        LineIndex::new(source).locate(file, source, offset, len)
    }

    /// The start of a whole file, for errors that have no better place.
    pub fn file_start(file: &Path, source: &str) -> Location {
        Location::at(file, &Arc::from(source), 0, 0)
    }

    /// The byte offset of the position in its file.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The bytes underlined (`width` characters from the position): with [`Location::offset`],
    /// the range [`LineIndex::locate`] gives this location again from.
    pub fn span_len(&self) -> usize {
        let rest = self.text.get(self.offset..).unwrap_or_default();
        rest.chars().take(self.width).map(char::len_utf8).sum()
    }

    /// The column, in characters (counted when asked: a long line is not rescanned per token).
    pub fn column(&self) -> usize {
        self.text[self.line_start()..self.offset].chars().count() + 1
    }

    fn line_start(&self) -> usize {
        self.text[..self.offset].rfind('\n').map_or(0, |i| i + 1)
    }

    /// The text of the line, without its line ending.
    fn line_text(&self) -> &str {
        let rest = &self.text[self.line_start()..];
        rest[..rest.find('\n').unwrap_or(rest.len())].trim_end_matches('\r')
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

    /// The location of a byte range of `source` (the text this index was built from). Costs a
    /// binary search and the width of the range, whatever the length of the line.
    pub fn locate(&self, file: &Path, source: &Arc<str>, offset: usize, len: usize) -> Location {
        let offset = floor_char_boundary(source, offset.min(source.len()));
        let line = self.starts.partition_point(|&s| s <= offset);
        let line_start = self.starts[line - 1];
        let mut line_end = self.starts.get(line).map_or(source.len(), |&next| next - 1);
        if source[line_start..line_end].ends_with('\r') {
            line_end -= 1;
        }
        let offset = offset.min(line_end);
        let end = floor_char_boundary(source, (offset + len.max(1)).min(line_end));
        Location {
            file: file.to_path_buf(),
            line,
            width: source[offset..end.max(offset)].chars().count().max(1),
            text: source.clone(),
            offset,
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
        write!(f, "{}:{}:{}", self.file.display(), self.line, self.column())
    }
}

/// A location prints as `file:line:col`, never with the whole file it shares.
impl fmt::Debug for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Location({self})")
    }
}

/// The user's text for quoting in a message, cut to a few dozen characters with `…`.
pub fn excerpt(text: &str) -> Cow<'_, str> {
    match text.char_indices().nth(QUOTE_CHARS) {
        Some((cut, _)) => Cow::Owned(format!("{}…", &text[..cut])),
        None => Cow::Borrowed(text),
    }
}

/// The part of a line shown under a message: at most [`SNIPPET_CHARS`] characters around the
/// column, `…` where the line is cut, control characters shown as `�` so that the terminal
/// shows the file rather than obeying it. Returns the text and the caret's padding and width.
fn snippet(loc: &Location) -> (String, String, usize) {
    let line = loc.line_text();
    let column = loc.column() - 1;
    let total = line.chars().count();
    let first = if total <= SNIPPET_CHARS || column + SNIPPET_CHARS / 3 < SNIPPET_CHARS {
        0
    } else {
        column
            .saturating_sub(SNIPPET_CHARS / 3)
            .min(total - SNIPPET_CHARS)
    };
    let last = (first + SNIPPET_CHARS).min(total);
    let shown = |c: char| match c {
        '\t' => '\t',
        c if c.is_control() => '\u{FFFD}',
        c => c,
    };
    let mut text: String = if first > 0 {
        "…".into()
    } else {
        String::new()
    };
    text.extend(line.chars().skip(first).take(last - first).map(shown));
    if last < total {
        text.push('…');
    }
    let mut pad: String = if first > 0 { " ".into() } else { String::new() };
    pad.extend(
        line.chars()
            .skip(first)
            .take(column - first)
            .map(|c| if c == '\t' { '\t' } else { ' ' }),
    );
    let width = loc.width.min(last.saturating_sub(column)).max(1);
    (text, pad, width)
}

/// A located message: `error: ...` with the file position and the offending line underlined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub message: String,
    pub location: Location,
    /// Further lines: what is allowed, what was expected.
    pub notes: Vec<String>,
    /// For a line standing for errors not shown ("and N more errors in FILE"): how many; 0 for
    /// an error shown in full.
    more: usize,
}

impl Diagnostic {
    pub fn new(location: Location, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            message: message.into(),
            location,
            notes: Vec::new(),
            more: 0,
        }
    }

    /// "and N more errors in FILE": errors of a file that were counted but not kept.
    pub fn more_in(file: &Path, n: usize) -> Diagnostic {
        Diagnostic {
            more: n,
            ..Diagnostic::new(
                Location::file_start(file, ""),
                format!("and {n} more error(s) in {}", file.display()),
            )
        }
    }

    pub fn note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }

    /// How many errors this stands for: one, or those a "more errors" line counts.
    pub fn count(&self) -> usize {
        self.more.max(1)
    }

    /// The rustc-style rendering with a given severity word (`error`, `mismatch`...).
    pub fn render(&self, severity: &str) -> String {
        if self.more > 0 {
            return format!("{}\n", self.message);
        }
        let loc = &self.location;
        let gutter = loc.line.to_string().len();
        let pad = " ".repeat(gutter);
        let mut out = if loc.line_text().is_empty() && loc.line == 1 {
            format!(
                "{severity}: {}\n{pad}--> {}\n",
                self.message,
                loc.file.display()
            )
        } else {
            let (text, caret_pad, width) = snippet(loc);
            format!(
                "{severity}: {}\n{pad}--> {loc}\n{pad} |\n{} | {text}\n{pad} | {caret_pad}{}\n",
                self.message,
                loc.line,
                "^".repeat(width)
            )
        };
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

/// How many errors a list stands for, counting those summarised as "more".
pub fn total(errors: &[Diagnostic]) -> usize {
    errors.iter().map(Diagnostic::count).sum()
}

/// Renders a run's errors: the first `limit` in full, each file's "and N more errors in FILE"
/// after its errors shown, then "and N more errors" for the rest.
pub fn render_limited(errors: &[Diagnostic], severity: &str, limit: usize) -> String {
    let mut out = String::new();
    let mut shown = 0;
    let mut hidden = 0;
    let mut showing = true;
    for d in errors {
        showing = if d.more > 0 { showing } else { shown < limit };
        if showing {
            out.push_str(&d.render(severity));
            shown += usize::from(d.more == 0);
        } else {
            hidden += d.count();
        }
    }
    if hidden > 0 {
        out.push_str(&format!("and {hidden} more error(s)\n"));
    }
    out
}

/// The errors of one file: the first [`PER_FILE`] kept in full, the rest only counted, so that
/// a file of a hundred thousand mistakes costs no more memory than one of twenty.
#[derive(Debug, Default)]
pub struct Errors {
    kept: Vec<Diagnostic>,
    more: usize,
}

impl Errors {
    pub fn push(&mut self, d: Diagnostic) {
        if d.more > 0 || self.kept.len() >= PER_FILE {
            self.more += d.count();
        } else {
            self.kept.push(d);
        }
    }

    /// Adds an error that is built only if it will be kept (its notes may cost a rescan).
    pub fn push_with(&mut self, make: impl FnOnce() -> Diagnostic) {
        if self.kept.len() >= PER_FILE {
            self.more += 1;
        } else {
            self.push(make());
        }
    }

    pub fn extend(&mut self, errors: impl IntoIterator<Item = Diagnostic>) {
        for d in errors {
            self.push(d);
        }
    }

    /// How many errors are kept in full.
    pub fn kept(&self) -> usize {
        self.kept.len()
    }

    /// How many errors, kept or counted.
    pub fn len(&self) -> usize {
        self.kept.len() + self.more
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The errors kept, closing with "and N more errors in FILE" if some were only counted.
    pub fn into_vec(mut self, file: &Path) -> Vec<Diagnostic> {
        if self.more > 0 {
            self.kept.push(Diagnostic::more_in(file, self.more));
        }
        self.kept
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locates_offsets_by_line_and_character_column() {
        let src: Arc<str> = "a: 1\nhands: [A♠, ZZ]\n".into();
        let offset = src.find("ZZ").unwrap();
        let loc = Location::at(Path::new("p.md"), &src, offset, 2);
        assert_eq!((loc.line, loc.column(), loc.width), (2, 13, 2));
        assert_eq!(loc.to_string(), "p.md:2:13");
        let text = Diagnostic::new(loc, "`ZZ` is not a card")
            .note("allowed: ...")
            .render("error");
        assert!(text.contains("--> p.md:2:13"), "{text}");
        assert!(text.contains("2 | hands: [A♠, ZZ]"), "{text}");
        assert!(text.contains("|             ^^"), "{text}");
    }

    #[test]
    fn a_long_line_is_shown_as_a_window_around_the_column() {
        let line = format!("hands: {}BAD {}", "AS ".repeat(1000), "KH ".repeat(1000));
        let src: Arc<str> = format!("id: x\n{line}\r\nnext: 1\n").into();
        let offset = src.find("BAD").unwrap();
        let loc = Location::at(Path::new("p.md"), &src, offset, 3);
        assert_eq!(loc.column(), 3008);
        let text = Diagnostic::new(loc, "bad").render("error");
        let shown: Vec<char> = text.lines().nth(3).unwrap().chars().collect();
        let carets: Vec<char> = text.lines().nth(4).unwrap().chars().collect();
        assert!(text.contains("2 | …"), "{text}");
        assert_eq!(shown.last(), Some(&'…'), "{text}");
        assert_eq!(shown.len(), "2 | ".len() + SNIPPET_CHARS + 2, "{text}");
        let caret_at = carets.iter().position(|&c| c == '^').unwrap();
        let under: String = shown[caret_at..caret_at + 4].iter().collect();
        assert_eq!(under, "BAD ", "{text}");
        assert_eq!(carets.len(), caret_at + 3, "{text}");
    }

    #[test]
    fn control_characters_are_not_echoed_to_the_terminal() {
        let src: Arc<str> = "x: \u{1b}[2Jbad\n".into();
        let loc = Location::at(Path::new("p.md"), &src, 8, 3);
        let text = Diagnostic::new(loc, "bad").render("error");
        assert!(!text.contains('\u{1b}'), "{text:?}");
        assert!(text.contains("x: \u{FFFD}[2Jbad"), "{text:?}");
    }

    #[test]
    fn a_file_keeps_its_first_errors_and_counts_the_rest() {
        let src: Arc<str> = "x\n".into();
        let mut errors = Errors::default();
        let mut built = 0;
        for i in 0..PER_FILE + 30 {
            errors.push_with(|| {
                built += 1;
                Diagnostic::new(Location::at(Path::new("p.md"), &src, 0, 1), format!("e{i}"))
            });
        }
        errors.push(Diagnostic::more_in(Path::new("p.md"), 5));
        assert_eq!(built, PER_FILE);
        let list = errors.into_vec(Path::new("p.md"));
        assert_eq!(list.len(), PER_FILE + 1);
        assert_eq!(total(&list), PER_FILE + 35);
        assert_eq!(
            list[PER_FILE].render("error"),
            "and 35 more error(s) in p.md\n"
        );
    }

    #[test]
    fn a_run_shows_its_first_errors_and_counts_the_rest() {
        let src: Arc<str> = "x\n".into();
        let one = Diagnostic::new(Location::at(Path::new("a.md"), &src, 0, 1), "bad");
        let more = |n| Diagnostic::more_in(Path::new("a.md"), n);
        let mut list = vec![one.clone(), more(7)];
        list.extend([one.clone(), one.clone(), more(5), one.clone(), one, more(3)]);
        let text = render_limited(&list, "error", 3);
        assert_eq!(text.matches("error: bad").count(), 3, "{text}");
        assert!(text.contains("and 7 more error(s) in a.md\n"), "{text}");
        assert!(text.contains("and 5 more error(s) in a.md\n"), "{text}");
        assert!(text.ends_with("and 5 more error(s)\n"), "{text}");
        assert_eq!(total(&list), 20);
    }

    #[test]
    fn excerpts_cut_long_text() {
        assert_eq!(excerpt("AS"), "AS");
        let long = "é".repeat(100);
        assert_eq!(excerpt(&long), format!("{}…", "é".repeat(QUOTE_CHARS)));
    }
}
