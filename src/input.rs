//! Reading the user's files, bounded. Every folder the tool walks and every file it reads goes
//! through here, so that a link loop, a link out of the project, a FIFO, a device, a huge file or
//! a file that is not UTF-8 is a located error, never a hang, a leak or a silent loss.
//!
//! What is followed: a symbolic link whose target lies inside the project folder (or, for a folder
//! named outside the project, inside that folder). A link that leaves it is an error naming the
//! link and its target. A folder is read once: a link to a folder already read, or to one that
//! holds it (a loop), is an error.

use crate::diagnostic::{Diagnostic, Location};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The largest file read: far beyond any page, variant or template.
pub const MAX_FILE_BYTES: u64 = 16 << 20;
/// How far one walk may go.
#[derive(Clone, Copy, Debug)]
struct Limits {
    /// The most folder entries it looks at.
    entries: usize,
    /// The deepest folder it descends to, below the folder it starts in.
    depth: usize,
}

/// The limits of every walk: far beyond any rules site.
const LIMITS: Limits = Limits {
    entries: 100_000,
    depth: 64,
};

/// An error about a file as a whole (no better place in it).
fn file_error(path: &Path, message: impl Into<String>) -> Diagnostic {
    Diagnostic::new(Location::file_start(path, ""), message)
}

/// Reads a text file: a regular file of at most [`MAX_FILE_BYTES`], in UTF-8. A byte-order mark
/// is dropped, and a lone carriage return (old Mac line endings) becomes a line feed, so that
/// every loader sees the same lines and byte offsets stay those of the file.
pub fn read_text(path: &Path) -> Result<Arc<str>, Diagnostic> {
    decode(path, read_bytes(path)?).map(Arc::from)
}

/// Reads a file's bytes: a regular file (never a FIFO, socket or device, which could block or
/// never end) of at most [`MAX_FILE_BYTES`].
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, Diagnostic> {
    let cannot = |e: std::io::Error| file_error(path, format!("cannot read this file: {e}"));
    let meta = std::fs::metadata(path).map_err(cannot)?;
    if !meta.is_file() {
        return Err(file_error(
            path,
            format!(
                "not a regular file ({}): only regular files are read",
                kind_of(&meta)
            ),
        ));
    }
    let too_large = || {
        file_error(
            path,
            format!(
                "this file is larger than {} MiB, the most a file may hold",
                MAX_FILE_BYTES >> 20
            ),
        )
    };
    if meta.len() > MAX_FILE_BYTES {
        return Err(too_large());
    }
    let file = std::fs::File::open(path).map_err(cannot)?;
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    // The file may grow while it is read: never take more than the limit.
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_large());
    }
    Ok(bytes)
}

/// What a file system entry is, in words (a symbolic link only when `meta` was not followed).
pub fn kind_of(meta: &std::fs::Metadata) -> &'static str {
    let kind = meta.file_type();
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO";
        } else if kind.is_socket() {
            return "a socket";
        } else if kind.is_block_device() || kind.is_char_device() {
            return "a device";
        }
    }
    if kind.is_symlink() {
        "a symbolic link"
    } else if kind.is_dir() {
        "a folder"
    } else if kind.is_file() {
        "a file"
    } else {
        "a special file"
    }
}

/// Bytes to text: UTF-8 or a located error at the first bad byte; BOM dropped, lone CRs to LF,
/// NULs to U+FFFD.
fn decode(path: &Path, mut bytes: Vec<u8>) -> Result<String, Diagnostic> {
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        bytes.drain(..3);
    }
    // Most texts have no carriage return: found at once, without a look at every byte.
    if bytes.contains(&b'\r') {
        for i in 0..bytes.len() {
            if bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n') {
                bytes[i] = b'\n';
            }
        }
    }
    String::from_utf8(bytes)
        .map(|text| {
            // A NUL is never text (CommonMark replaces it): U+FFFD, as a browser would show it.
            if text.contains('\0') {
                text.replace('\0', "\u{FFFD}")
            } else {
                text
            }
        })
        .map_err(|e| {
            let offset = e.utf8_error().valid_up_to();
            let bytes = e.as_bytes();
            // Up to the bad byte the lossy text is the file itself, so the position is exact.
            let text: Arc<str> = String::from_utf8_lossy(bytes).into();
            Diagnostic::new(
                Location::at(path, &text, offset, 1),
                format!(
                    "this file is not UTF-8: the byte 0x{:02X} here does not start a character",
                    bytes[offset]
                ),
            )
            .note("save the file as UTF-8")
        })
}

/// Whether a walk descends into sub-folders.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Depth {
    /// Only the files of the folder itself.
    Flat,
    /// Every sub-folder, to 64 deep.
    Deep,
}

/// The files under `top` whose path passes `keep`, sorted. Links are followed only inside the
/// project (`project`), or inside `top` when `top` is named outside the project; every problem
/// found on the way is reported.
pub fn files(
    top: &Path,
    project: &Path,
    depth: Depth,
    keep: &dyn Fn(&Path) -> bool,
) -> Result<Vec<PathBuf>, Vec<Diagnostic>> {
    walk(top, project, depth, keep, LIMITS)
}

/// [`files`], within given limits.
fn walk(
    top: &Path,
    project: &Path,
    depth: Depth,
    keep: &dyn Fn(&Path) -> bool,
    limits: Limits,
) -> Result<Vec<PathBuf>, Vec<Diagnostic>> {
    let cannot = |e: std::io::Error| vec![file_error(top, format!("cannot read this folder: {e}"))];
    let real_top = top.canonicalize().map_err(cannot)?;
    let boundary = match named_inside(top, project) {
        Some(project) => project,
        None => real_top.clone(),
    };
    if !real_top.starts_with(&boundary) {
        return Err(vec![leaves(top, &real_top, &boundary)]);
    }
    let mut w = Walk {
        boundary,
        depth,
        keep,
        limits,
        read: vec![(real_top, top.to_path_buf())],
        entries: 0,
        files: Vec::new(),
        links: Default::default(),
        errors: Vec::new(),
    };
    w.run(top)?;
    if w.errors.is_empty() {
        w.files.sort();
        Ok(w.files)
    } else {
        Err(w.errors)
    }
}

/// The project's real path, if `top` is named inside it (its last part may be a link that leaves;
/// that is checked against the project, not allowed for by it).
fn named_inside(top: &Path, project: &Path) -> Option<PathBuf> {
    let project = project.canonicalize().ok()?;
    let named = match (top.parent(), top.file_name()) {
        (Some(parent), Some(name)) => {
            let parent = if parent.as_os_str().is_empty() {
                Path::new(".")
            } else {
                parent
            };
            parent.canonicalize().ok()?.join(name)
        }
        _ => top.canonicalize().ok()?,
    };
    named.starts_with(&project).then_some(project)
}

fn leaves(link: &Path, target: &Path, boundary: &Path) -> Diagnostic {
    file_error(
        link,
        format!(
            "`{}` is a link to `{}`, outside the project: it is not followed",
            link.display(),
            target.display()
        ),
    )
    .note(format!(
        "links are followed only to files and folders inside `{}`",
        boundary.display()
    ))
}

/// One walk in progress.
struct Walk<'a> {
    /// Where links may lead (a real path).
    boundary: PathBuf,
    depth: Depth,
    keep: &'a dyn Fn(&Path) -> bool,
    limits: Limits,
    /// The folders read whole so far: real path, and the path they were read under.
    read: Vec<(PathBuf, PathBuf)>,
    entries: usize,
    files: Vec<PathBuf>,
    /// Links to folders, followed once the folders reached without links are read, so that an
    /// error names the link and never the real folder.
    links: std::collections::VecDeque<(PathBuf, PathBuf, usize)>,
    errors: Vec<Diagnostic>,
}

impl Walk<'_> {
    /// Reads `top`, then each link to a folder found on the way. Limits stop the walk at once.
    fn run(&mut self, top: &Path) -> Result<(), Vec<Diagnostic>> {
        let mut folders = vec![(top.to_path_buf(), 0)];
        loop {
            while let Some((dir, level)) = folders.pop() {
                if level > self.limits.depth {
                    return Err(vec![file_error(
                        &dir,
                        format!(
                            "folders nested more than {} deep: nothing was read",
                            self.limits.depth
                        ),
                    )]);
                }
                for sub in self.entries_of(&dir, level)? {
                    if self.depth == Depth::Deep {
                        folders.push((sub, level + 1));
                    }
                }
            }
            let Some((link, target, level)) = self.links.pop_front() else {
                return Ok(());
            };
            if self.follow(&link, &target) {
                folders.push((link, level));
            }
        }
    }

    /// The sub-folders of a folder; its files and links are sorted into `files` and `links` on
    /// the way.
    fn entries_of(&mut self, dir: &Path, level: usize) -> Result<Vec<PathBuf>, Vec<Diagnostic>> {
        let list = match std::fs::read_dir(dir) {
            Ok(list) => list,
            Err(e) => {
                self.errors
                    .push(file_error(dir, format!("cannot read this folder: {e}")));
                return Ok(Vec::new());
            }
        };
        let mut entries: Vec<(PathBuf, std::fs::FileType)> = Vec::new();
        for entry in list {
            self.entries += 1;
            if self.entries > self.limits.entries {
                return Err(vec![file_error(
                    dir,
                    format!(
                        "more than {} files and folders to read: nothing was read",
                        self.limits.entries
                    ),
                )]);
            }
            match entry.and_then(|e| Ok((e.path(), e.file_type()?))) {
                Ok(e) => entries.push(e),
                Err(e) => self
                    .errors
                    .push(file_error(dir, format!("cannot read this folder: {e}"))),
            }
        }
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        let mut dirs = Vec::new();
        for (path, kind) in entries {
            if kind.is_symlink() {
                self.link(path, level + 1);
            } else if kind.is_dir() {
                dirs.push(path);
            } else if (self.keep)(&path) {
                self.files.push(path);
            }
        }
        Ok(dirs)
    }

    /// A link: an error if it leaves the boundary; a file kept as any other; a folder followed
    /// once everything reached without links is read (it is then `level` deep).
    fn link(&mut self, path: PathBuf, level: usize) {
        match path.canonicalize() {
            Err(e) => {
                if (self.keep)(&path) {
                    self.errors.push(file_error(
                        &path,
                        format!("`{}` is a link that leads nowhere: {e}", path.display()),
                    ));
                }
            }
            Ok(target) if !target.starts_with(&self.boundary) => {
                self.errors.push(leaves(&path, &target, &self.boundary));
            }
            Ok(target) if target.is_dir() => {
                if self.depth == Depth::Deep {
                    self.links.push_back((path, target, level));
                }
            }
            Ok(_) => {
                if (self.keep)(&path) {
                    self.files.push(path);
                }
            }
        }
    }

    /// Whether a link to a folder is followed: only if that folder, and all it holds, is read
    /// for the first time.
    fn follow(&mut self, link: &Path, target: &Path) -> bool {
        let overlap = self
            .read
            .iter()
            .find(|(real, _)| target.starts_with(real) || real.starts_with(target));
        match overlap {
            Some((real, named)) => {
                let message = match target.strip_prefix(real) {
                    Ok(rest) => format!(
                        "`{}` is a link to `{}`, which is read already as `{}`: a folder is read once",
                        link.display(),
                        target.display(),
                        if rest.as_os_str().is_empty() {
                            named.clone()
                        } else {
                            named.join(rest)
                        }
                        .display()
                    ),
                    Err(_) => format!(
                        "`{}` is a link to `{}`, which holds `{}`, read already: a folder is read once",
                        link.display(),
                        target.display(),
                        named.display()
                    ),
                };
                self.errors.push(file_error(link, message));
                false
            }
            None => {
                self.read.push((target.to_path_buf(), link.to_path_buf()));
                true
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decoded(bytes: &[u8]) -> Result<String, Diagnostic> {
        decode(Path::new("p.md"), bytes.to_vec())
    }

    #[test]
    fn a_byte_order_mark_is_dropped_and_lone_carriage_returns_end_lines() {
        assert_eq!(
            decoded(b"\xEF\xBB\xBF---\ntitle: A\n").unwrap(),
            "---\ntitle: A\n"
        );
        assert_eq!(decoded(b"a\rb\r\nc\r").unwrap(), "a\nb\r\nc\n");
    }

    #[test]
    fn text_that_is_not_utf8_is_located_at_its_first_bad_byte() {
        let err = decoded(b"# Title\n\nab\xFFc\xFE\n").unwrap_err();
        assert_eq!(err.location.to_string(), "p.md:3:3");
        assert!(err.message.contains("not UTF-8"), "{}", err.message);
        assert!(err.message.contains("0xFF"), "{}", err.message);
    }

    fn tree(files: &[&str]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for f in files {
            let p = dir.path().join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, "x").unwrap();
        }
        dir
    }

    fn md(p: &Path) -> bool {
        p.extension().is_some_and(|x| x == "md")
    }

    #[test]
    fn a_walk_lists_the_kept_files_sorted_and_stops_at_its_limits() {
        let dir = tree(&["c/b.md", "a.md", "c/d/e.md", "x.txt"]);
        let top = dir.path().to_path_buf();
        let found = walk(&top, &top, Depth::Deep, &md, LIMITS).unwrap();
        let names: Vec<_> = found
            .iter()
            .map(|p| p.strip_prefix(&top).unwrap())
            .collect();
        assert_eq!(
            names,
            [
                Path::new("a.md"),
                Path::new("c/b.md"),
                Path::new("c/d/e.md")
            ]
        );
        let flat = walk(&top, &top, Depth::Flat, &md, LIMITS).unwrap();
        assert_eq!(flat, [top.join("a.md")]);
        let shallow = Limits {
            entries: 100,
            depth: 1,
        };
        let err = walk(&top, &top, Depth::Deep, &md, shallow).unwrap_err();
        assert!(
            err[0].message.contains("nested more than 1 deep"),
            "{err:?}"
        );
        let few = Limits {
            entries: 3,
            depth: 64,
        };
        let err = walk(&top, &top, Depth::Deep, &md, few).unwrap_err();
        assert!(err[0].message.contains("more than 3 files"), "{err:?}");
    }

    #[cfg(unix)]
    #[test]
    fn links_stay_inside_the_project_and_a_folder_is_read_once() {
        use std::os::unix::fs::symlink;
        let dir = tree(&["content/a.md", "shared/s.md", "outside/o.md"]);
        let project = dir.path().join("project");
        std::fs::create_dir(&project).unwrap();
        for d in ["content", "shared"] {
            std::fs::rename(dir.path().join(d), project.join(d)).unwrap();
        }
        let content = project.join("content");
        symlink("../shared", content.join("shared")).unwrap();
        let found = files(&content, &project, Depth::Deep, &md).unwrap();
        assert_eq!(found, [content.join("a.md"), content.join("shared/s.md")]);

        symlink("../../outside", content.join("out")).unwrap();
        symlink(".", content.join("loop")).unwrap();
        symlink("../shared", content.join("again")).unwrap();
        let errors = files(&content, &project, Depth::Deep, &md).unwrap_err();
        let messages: Vec<&str> = errors.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(messages.len(), 3, "{messages:#?}");
        assert!(
            messages.iter().any(|m| m.contains("/out` is a link to `")
                && m.contains("outside`, outside the project")),
            "{messages:#?}"
        );
        assert!(
            messages
                .iter()
                .any(|m| m.contains("/loop` is a link to") && m.contains("content`: a folder")),
            "{messages:#?}"
        );
        assert!(
            messages.iter().any(|m| m.contains("/shared` is a link to")
                && m.contains("read already as `")
                && m.contains("content/again`")),
            "{messages:#?}"
        );
    }
}
