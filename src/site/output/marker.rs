//! The marker `.mournival-site` that every folder the tool makes carries, and what it tells apart:
//! the files the tool wrote, and everything else in the folder.
//!
//! Its first line names the tool and version; then, one `/`-rooted relative path a line, the files
//! the build wrote, and under a second heading the entries it was told to keep. Only the marker
//! decides what is the tool's: a file it does not list is the user's.

use super::{OutputError, io_at, open_own};
use std::collections::HashSet;
use std::io::{self, Read, Write};
use std::path::{Component, Path, PathBuf};

/// The marker's file name, at the top of the folder.
pub const MARKER: &str = ".mournival-site";
const HEADER: &str = "mournival";
const WRITTEN: &str = "# written by mournival, replaced on every build:";
const KEPT: &str = "# not written by mournival, left in place:";
/// Heads the marker of a site still being written, whose files are all the tool's.
const PARTIAL: &str = "# being written: every file here is mournival's";
/// A marker larger than this is not one the tool wrote.
const MAX_MARKER_BYTES: u64 = 64 << 20;
/// How many entries of a folder the tool looks at before it gives up.
pub const MAX_ENTRIES: usize = 1_000_000;

/// What a folder's marker says.
#[derive(Clone, Debug, Default)]
pub struct Marker {
    pub written: HashSet<PathBuf>,
    pub kept: Vec<PathBuf>,
    /// The site is still being written file by file: everything in it is the tool's.
    pub partial: bool,
}

impl Marker {
    /// The marker of a folder the tool made, or `None` for a folder it did not make. A folder
    /// without a file, but for a marker cut short by a killed build, counts as the tool's.
    pub fn of_folder(dir: &Path) -> Result<Option<Marker>, OutputError> {
        if let Some(marker) = Marker::read(&dir.join(MARKER))? {
            return Ok(Some(marker));
        }
        let files = holds_files(dir, Some(MARKER)).map_err(io_at(dir))?;
        Ok((!files).then(Marker::default))
    }

    fn read(path: &Path) -> Result<Option<Marker>, OutputError> {
        let Some(file) = open_own(path, "marker", false)? else {
            return Ok(None);
        };
        let mut bytes = Vec::new();
        file.take(MAX_MARKER_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(io_at(path))?;
        if bytes.len() as u64 > MAX_MARKER_BYTES {
            return Ok(None);
        }
        Ok(String::from_utf8(bytes)
            .ok()
            .and_then(|t| Marker::parse(&t)))
    }

    fn parse(text: &str) -> Option<Marker> {
        let mut lines = text.lines();
        if !lines.next()?.starts_with(HEADER) {
            return None;
        }
        let mut marker = Marker::default();
        let mut in_kept = false;
        for line in lines {
            match line {
                WRITTEN => in_kept = false,
                KEPT => in_kept = true,
                PARTIAL => marker.partial = true,
                _ => {
                    let Some(path) = line.strip_prefix('/').and_then(relative) else {
                        continue;
                    };
                    if in_kept {
                        marker.kept.push(path);
                    } else {
                        marker.written.insert(path);
                    }
                }
            }
        }
        Some(marker)
    }

    /// Writes the marker of a site being written into the new folder `dir`, before its files:
    /// whatever a killed build leaves there is the tool's, to delete.
    pub fn write_partial(dir: &Path) -> io::Result<()> {
        let text = format!("{HEADER} {}\n{PARTIAL}\n", env!("CARGO_PKG_VERSION"));
        std::fs::File::create_new(dir.join(MARKER))?.write_all(text.as_bytes())
    }

    /// Writes (or replaces, in one rename) the marker of a site into `dir`.
    pub fn write(dir: &Path, written: &[&str], kept: &[PathBuf]) -> io::Result<()> {
        let text = Marker::text(written, kept)?;
        let new = dir.join(format!("{MARKER}.new"));
        std::fs::File::create(&new)?.write_all(text.as_bytes())?;
        std::fs::rename(&new, dir.join(MARKER))
    }

    /// The marker of a site, its files sorted. A kept name that cannot be written on a line of
    /// its own is left out: the next build then asks about it again, which loses nothing.
    pub fn text(written: &[&str], kept: &[PathBuf]) -> io::Result<String> {
        let mut written = written.to_vec();
        written.sort_unstable();
        let mut text = format!(
            "{HEADER} {}: a site built by mournival, which replaces the files it wrote on every build and leaves the others\n{WRITTEN}\n",
            env!("CARGO_PKG_VERSION")
        );
        for path in written {
            if path.contains(['\n', '\r']) {
                return Err(io::Error::other(format!(
                    "the site would hold a file whose name has a line break: {path:?}"
                )));
            }
            text.push_str(&format!("/{path}\n"));
        }
        text.push_str(KEPT);
        text.push('\n');
        for path in kept.iter().filter_map(|p| slashed(p)) {
            text.push_str(&format!("/{path}\n"));
        }
        Ok(text)
    }

    /// Whether the marker of `dir` is `text`, byte for byte (a marker that is no regular file,
    /// or cannot be read, is not).
    pub fn is(dir: &Path, text: &str) -> bool {
        let path = dir.join(MARKER);
        let Ok(Some(file)) = open_own(&path, "marker", false) else {
            return false;
        };
        let mut bytes = Vec::with_capacity(text.len() + 1);
        let read = file.take(text.len() as u64 + 1).read_to_end(&mut bytes);
        read.is_ok() && bytes == text.as_bytes()
    }
}

/// A relative path written with `/`, if it can be written on one line.
fn slashed(path: &Path) -> Option<String> {
    let parts: Option<Vec<&str>> = path.components().map(|c| c.as_os_str().to_str()).collect();
    let joined = parts?.join("/");
    (!joined.contains(['\n', '\r'])).then_some(joined)
}

/// A `/`-separated relative path of plain names, or `None` (empty, absolute, `.` or `..`).
fn relative(text: &str) -> Option<PathBuf> {
    let path = PathBuf::from(text);
    let plain = text.split('/').all(|p| !matches!(p, "" | "." | ".."))
        && path.components().all(|c| matches!(c, Component::Normal(_)));
    plain.then_some(path)
}

/// A name or relative path under `keep:` in the project file: kept through every rebuild.
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(try_from = "String")]
pub struct KeepPath(PathBuf);

impl KeepPath {
    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl TryFrom<String> for KeepPath {
    type Error = String;

    fn try_from(text: String) -> Result<KeepPath, String> {
        let trimmed = text.trim_end_matches('/');
        if trimmed.contains(['*', '?', '[', ']', '{', '}']) {
            return Err(format!(
                "`{text}` is a pattern; `keep:` takes names or relative paths inside the output folder, such as `CNAME` or `docs/report.pdf`"
            ));
        }
        let path = relative(trimmed)
            .filter(|_| !trimmed.contains('\\'))
            .ok_or_else(|| {
                format!(
                    "`{text}` is not a relative path inside the output folder; `keep:` takes names or relative paths such as `CNAME` or `docs/report.pdf`, without `.`, `..` or a leading `/`"
                )
            })?;
        if path == Path::new(MARKER) {
            return Err(format!("`{MARKER}` is the marker mournival writes itself"));
        }
        Ok(KeepPath(path))
    }
}

/// Every folder that holds one of `paths`, relative, as far up as the first component.
pub fn ancestors(paths: &HashSet<PathBuf>) -> HashSet<PathBuf> {
    paths
        .iter()
        .flat_map(|p| p.ancestors().skip(1))
        .filter(|a| !a.as_os_str().is_empty())
        .map(Path::to_path_buf)
        .collect()
}

/// Whether anything but folders lies under `dir` (besides `except` at its top). A folder whose
/// files were all moved out holds nothing to lose. Too many entries to look through count as
/// files.
pub fn holds_files(dir: &Path, except: Option<&str>) -> io::Result<bool> {
    let mut pending = vec![dir.to_path_buf()];
    let mut seen = 0usize;
    while let Some(folder) = pending.pop() {
        for entry in std::fs::read_dir(&folder)? {
            let entry = entry?;
            seen += 1;
            if seen > MAX_ENTRIES {
                return Ok(true);
            }
            if entry.file_type()?.is_dir() {
                pending.push(entry.path());
            } else if folder != dir || except.is_none_or(|e| entry.file_name() != e) {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// The entries of `dir` the tool did not write, each as the topmost path of what is not its own,
/// sorted. A regular file listed in `written` is the tool's; a real folder in `descend` is looked
/// into; anything in `stop`, and anything else (a symbolic link is never followed), is an entry.
pub fn foreign_entries(
    dir: &Path,
    written: &HashSet<PathBuf>,
    descend: &HashSet<PathBuf>,
    stop: &HashSet<PathBuf>,
) -> Result<Vec<PathBuf>, OutputError> {
    let mut found = Vec::new();
    let mut pending = vec![PathBuf::new()];
    let mut seen = 0usize;
    while let Some(rel) = pending.pop() {
        let folder = dir.join(&rel);
        for entry in std::fs::read_dir(&folder).map_err(io_at(&folder))? {
            seen += 1;
            if seen > MAX_ENTRIES {
                return Err(OutputError::TooLarge(dir.to_path_buf()));
            }
            let entry = entry.map_err(io_at(&folder))?;
            let kind = entry.file_type().map_err(io_at(&entry.path()))?;
            let path = rel.join(entry.file_name());
            if stop.contains(&path) {
                found.push(path);
            } else if kind.is_file() && written.contains(&path) {
                continue;
            } else if kind.is_dir() && descend.contains(&path) {
                pending.push(path);
            } else {
                found.push(path);
            }
        }
    }
    found.sort();
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(paths: &[&str]) -> HashSet<PathBuf> {
        paths.iter().map(PathBuf::from).collect()
    }

    #[test]
    fn the_marker_reads_back_what_was_written() {
        let dir = tempfile::tempdir().unwrap();
        let kept = vec![PathBuf::from("CNAME"), PathBuf::from("docs/a b.pdf")];
        Marker::write(dir.path(), &["index.html", "rules/x/index.html"], &kept).unwrap();
        let marker = Marker::of_folder(dir.path()).unwrap().unwrap();
        assert_eq!(marker.written, set(&["index.html", "rules/x/index.html"]));
        assert_eq!(marker.kept, kept);
    }

    #[test]
    fn a_partial_marker_is_replaced_by_the_whole_one() {
        let dir = tempfile::tempdir().unwrap();
        Marker::write_partial(dir.path()).unwrap();
        assert!(Marker::of_folder(dir.path()).unwrap().unwrap().partial);
        Marker::write(dir.path(), &["b.html", "a.html"], &[]).unwrap();
        let marker = Marker::of_folder(dir.path()).unwrap().unwrap();
        assert!(!marker.partial);
        assert_eq!(marker.written, set(&["a.html", "b.html"]));
        let text = std::fs::read_to_string(dir.path().join(MARKER)).unwrap();
        assert!(text.find("/a.html").unwrap() < text.find("/b.html").unwrap());
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_folder_without_a_marker_is_not_the_tools_unless_empty() {
        let dir = tempfile::tempdir().unwrap();
        assert!(Marker::of_folder(dir.path()).unwrap().is_some());
        std::fs::write(dir.path().join(MARKER), "").unwrap();
        std::fs::create_dir_all(dir.path().join("emptied/a")).unwrap();
        assert!(
            Marker::of_folder(dir.path()).unwrap().is_some(),
            "cut short"
        );
        std::fs::write(dir.path().join("emptied/a/f"), "mine").unwrap();
        assert!(Marker::of_folder(dir.path()).unwrap().is_none());
        std::fs::remove_file(dir.path().join("emptied/a/f")).unwrap();
        std::fs::write(dir.path().join("notes.txt"), "mine").unwrap();
        assert!(Marker::of_folder(dir.path()).unwrap().is_none());
        std::fs::write(dir.path().join(MARKER), "not a marker\n/notes.txt\n").unwrap();
        assert!(Marker::of_folder(dir.path()).unwrap().is_none());
    }

    #[test]
    fn a_marker_never_lists_a_path_outside_the_folder() {
        let text = format!("{HEADER} 0\n{WRITTEN}\n/../x\n//y\n/a/./b\nz\n/ok\n");
        assert_eq!(Marker::parse(&text).unwrap().written, set(&["ok"]));
    }

    #[test]
    fn keep_takes_plain_relative_paths() {
        let keep = |s: &str| KeepPath::try_from(s.to_string()).map(|k| k.0);
        assert_eq!(keep("CNAME"), Ok(PathBuf::from("CNAME")));
        assert_eq!(keep("docs/"), Ok(PathBuf::from("docs")));
        assert_eq!(keep("docs/r.pdf"), Ok(PathBuf::from("docs/r.pdf")));
        for bad in ["*.pdf", "/etc", "../x", "a/../b", "./a", "", "a\\b", MARKER] {
            assert!(keep(bad).is_err(), "{bad:?} accepted");
        }
    }

    #[test]
    fn foreign_entries_are_what_the_tool_did_not_write() {
        let dir = tempfile::tempdir().unwrap();
        for f in [
            "index.html",
            "rules/a/index.html",
            "rules/mine.txt",
            "notes.txt",
        ] {
            let p = dir.path().join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, "x").unwrap();
        }
        std::fs::create_dir_all(dir.path().join(".git/objects")).unwrap();
        let written = set(&["index.html", "rules/a/index.html"]);
        let descend = ancestors(&written);
        let found = foreign_entries(dir.path(), &written, &descend, &set(&[".git"])).unwrap();
        assert_eq!(
            found,
            vec![
                PathBuf::from(".git"),
                PathBuf::from("notes.txt"),
                PathBuf::from("rules/mine.txt")
            ]
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_is_an_entry_never_followed() {
        let dir = tempfile::tempdir().unwrap();
        let elsewhere = tempfile::tempdir().unwrap();
        std::fs::write(elsewhere.path().join("index.html"), "theirs").unwrap();
        std::os::unix::fs::symlink(elsewhere.path(), dir.path().join("rules")).unwrap();
        let written = set(&["rules/index.html"]);
        let found =
            foreign_entries(dir.path(), &written, &ancestors(&written), &HashSet::new()).unwrap();
        assert_eq!(found, vec![PathBuf::from("rules")]);
    }
}
