//! The output folder: where `--out` may point, and how a build replaces it without losing a file
//! it did not write.
//!
//! A build into a site it built changes that site in place: the files whose bytes changed are
//! written beside it and renamed in, those it no longer has removed, the rest left as they are
//! (deleting a whole site waits for this disk, which discards what is freed). Into anything
//! else (no folder, an empty one, one adopted with `--force`), it writes the whole site into a
//! fresh folder beside the output, moves into it the files the output keeps (`.git`, `CNAME`,
//! `.nojekyll`, `keep:` in the project file, and whatever an earlier `--force` adopted), then
//! swaps the two folders in one step and deletes the old one. Either way, an output holding a
//! file neither written by the tool nor kept is refused before anything in it changes. Each
//! folder the tool makes carries a marker, `.mournival-site`, listing the files it wrote: a
//! folder without one is the user's and is never replaced. A lock beside the output serialises
//! builds into it, and the next build clears what a killed one left behind, moving back any file
//! of the user's it finds there.

mod live;
mod lock;
mod marker;
mod reuse;
mod swap;

use super::BuildOptions;
use crate::input::kind_of;
pub(super) use live::update;
use lock::Lock;
pub use marker::KeepPath;
pub(super) use marker::MARKER;
use marker::Marker;
use std::collections::HashSet;
use std::fmt;
use std::fs::File;
use std::io;
use std::path::{Component, Path, PathBuf};
use std::sync::{Mutex, PoisonError};
pub(super) use swap::rename_no_replace;

/// Files that sites commonly hold beside what a generator writes: a Git checkout of the
/// published branch, and GitHub Pages' domain and no-Jekyll files.
const ALWAYS_KEPT: [&str; 3] = [".git", "CNAME", ".nojekyll"];

/// Why the output folder was not (or not wholly) replaced.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    #[error(
        "refusing to build into {}: it {relation} {what} ({}); give --out a folder of the site's own, such as site/ (--force does not change this)",
        .shown.display(), .guarded.display()
    )]
    Guarded {
        shown: PathBuf,
        relation: &'static str,
        what: &'static str,
        guarded: PathBuf,
    },
    #[error(
        "refusing to build into {}: it is a file, not a folder; choose another --out",
        .0.display()
    )]
    NotAFolder(PathBuf),
    #[error(
        "refusing to build into {}: it is a symbolic link to {}; give that folder as --out, or --force to build into the folder it points to",
        .shown.display(), .to.display()
    )]
    Symlink { shown: PathBuf, to: PathBuf },
    #[error(
        "refusing to build into {}: mournival did not make this folder (it has no {MARKER}) and it holds {}; choose a new or empty folder, or give --force to build into it and keep every file it holds (a site built by an older mournival has no {MARKER} either: delete it and build again)",
        .shown.display(), .entries
    )]
    Foreign { shown: PathBuf, entries: Listing },
    #[error(
        "refusing to rebuild {}: it holds files mournival did not write: {}; list them under `keep:` in mournival.yaml, or give --force to keep every file it holds",
        .shown.display(), .entries
    )]
    Unknown { shown: PathBuf, entries: Listing },
    #[error(
        "cannot build into {} and keep {}: the build writes {}; move it out of the folder first",
        .shown.display(), .entry.display(), .written.display()
    )]
    Conflict {
        shown: PathBuf,
        entry: PathBuf,
        written: PathBuf,
    },
    #[error(
        "another mournival has been writing into {} for {} s and still holds {}; stop it, or try again later",
        .shown.display(), .seconds, .lock.display()
    )]
    Busy {
        shown: PathBuf,
        lock: PathBuf,
        seconds: u64,
    },
    #[error(
        "a build that was stopped left files of yours in {}: {}; they could not be moved back into {} (it holds files of those names, or is missing); move them by hand, then build again",
        .dir.display(), .entries, .shown.display()
    )]
    Stranded {
        dir: PathBuf,
        shown: PathBuf,
        entries: Listing,
    },
    #[error("{} holds more than {} entries; mournival will not look through it", .0.display(), marker::MAX_ENTRIES)]
    TooLarge(PathBuf),
    #[error(
        "the site would write outside its folder, at `{}`; this is a bug in mournival, please report it",
        .0.display()
    )]
    Outside(PathBuf),
    #[error(
        "{} is {}, not a folder mournival made; mournival never writes or deletes through it: remove it, then build again",
        .0.display(), .1
    )]
    NotOurFolder(PathBuf, &'static str),
    #[error(
        "{} is {}, where mournival keeps its own {}; mournival will not open it: remove it, then build again",
        .path.display(), .kind, .what
    )]
    NotAFile {
        path: PathBuf,
        kind: &'static str,
        what: &'static str,
    },
    #[error("{} is no longer the site mournival built there", .0.display())]
    NotLive(PathBuf),
    #[error("cannot write {}: {source}", .path.display())]
    Io { path: PathBuf, source: io::Error },
}

/// An I/O error, naming the path it concerns.
fn io_at(path: &Path) -> impl FnOnce(io::Error) -> OutputError + '_ {
    move |source| OutputError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Some of the entries a folder holds, for a message: the first few, and how many more.
#[derive(Debug)]
pub struct Listing(Vec<PathBuf>);

impl fmt::Display for Listing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const SHOWN: usize = 6;
        let names: Vec<String> = self
            .0
            .iter()
            .take(SHOWN)
            .map(|p| p.display().to_string())
            .collect();
        f.write_str(&names.join(", "))?;
        match self.0.len().saturating_sub(SHOWN) {
            0 => Ok(()),
            more => write!(f, " and {more} more"),
        }
    }
}

/// The output folder, resolved: as the user named it (for messages) and canonical (for work).
struct Target {
    shown: PathBuf,
    path: PathBuf,
    parent: PathBuf,
    name: String,
}

impl Target {
    /// Resolves `--out` and refuses what may never be replaced: a file, a symbolic link (unless
    /// `--force`), the project's own folders, the home folder and anything holding them.
    fn resolve(opts: &BuildOptions) -> Result<Target, OutputError> {
        let shown = opts.out.clone();
        match std::fs::symlink_metadata(&shown) {
            Ok(meta) if meta.file_type().is_symlink() && !opts.force => {
                let to = std::fs::read_link(&shown).map_err(io_at(&shown))?;
                return Err(OutputError::Symlink { shown, to });
            }
            Ok(_) if !std::fs::metadata(&shown).is_ok_and(|m| m.is_dir()) => {
                return Err(OutputError::NotAFolder(shown));
            }
            Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(io_at(&shown)(e)),
            _ => {}
        }
        let path = canonical(&shown).map_err(io_at(&shown))?;
        refuse_guarded(opts, &shown, &path)?;
        let (Some(parent), Some(name)) = (path.parent(), path.file_name()) else {
            return Err(OutputError::NotAFolder(shown));
        };
        Ok(Target {
            parent: parent.to_path_buf(),
            name: name.to_string_lossy().into_owned(),
            path,
            shown,
        })
    }

    /// A folder of the build's own beside the output: `.NAME.KIND-PID`.
    fn temp(&self, kind: &str) -> PathBuf {
        self.parent
            .join(format!(".{}.{kind}-{}", self.name, std::process::id()))
    }
}

/// Whether `--out` is refused whatever it holds (a file, a link without `--force`, one of the
/// project's folders): the build then stops before it writes anything anywhere.
pub(super) fn refused(opts: &BuildOptions) -> bool {
    Target::resolve(opts).is_err()
}

/// Whether a build would find `--out` as the last one left it: a folder it may build into (not
/// a link, nothing it guards), with nothing a killed build left beside it to clear.
pub(super) fn undisturbed(opts: &BuildOptions) -> bool {
    let Ok(target) = Target::resolve(opts) else {
        return false;
    };
    let Ok(entries) = std::fs::read_dir(&target.parent) else {
        return false;
    };
    let mut names = entries.take(marker::MAX_ENTRIES).flatten();
    std::fs::symlink_metadata(&target.path).is_ok_and(|m| m.is_dir())
        && names.all(|e| !swap::is_temp(&e.file_name().to_string_lossy(), &target.name))
}

/// The project's folders, the home folder and every folder holding one of them are never an
/// output; nor is a folder inside the inputs, which the next build would read back as input.
fn refuse_guarded(opts: &BuildOptions, shown: &Path, path: &Path) -> Result<(), OutputError> {
    let guarded = [(opts.root.clone(), "the project folder", false)]
        .into_iter()
        .chain(inputs(&opts.root, &opts.content))
        .chain(std::env::home_dir().map(|h| (h, "your home folder", false)));
    match guard(guarded, path) {
        Some((relation, what, guarded)) => Err(OutputError::Guarded {
            shown: shown.to_path_buf(),
            relation,
            what,
            guarded,
        }),
        None => Ok(()),
    }
}

/// The folders a project reads, each with its name in words, and that it is an input.
fn inputs(root: &Path, content: &Path) -> [(PathBuf, &'static str, bool); 4] {
    [
        (content.to_path_buf(), "the content folder", true),
        (root.join("variants"), "the variants folder", true),
        (root.join("templates"), "the templates folder", true),
        (root.join(crate::sources::DIR), "the texts folder", true),
    ]
}

/// How `path` stands to the first of the `guarded` folders it may not be: the folder itself
/// ("is"), a folder holding it ("holds"), or inside one that is an input ("is inside").
fn guard(
    guarded: impl IntoIterator<Item = (PathBuf, &'static str, bool)>,
    path: &Path,
) -> Option<(&'static str, &'static str, PathBuf)> {
    guarded.into_iter().find_map(|(folder, what, input)| {
        let folder = canonical(&folder).ok()?;
        let relation = if folder == path {
            "is"
        } else if folder.starts_with(path) {
            "holds"
        } else if input && path.starts_with(&folder) {
            "is inside"
        } else {
            return None;
        };
        Some((relation, what, folder))
    })
}

/// Why a folder other commands write into (`schema --out`) may not be `dir`: it is one of the
/// project's input folders, holds one or is inside one. In words, or `None` if it may be.
pub fn input_folder(root: &Path, content: &Path, dir: &Path) -> Option<String> {
    let path = canonical(dir).ok()?;
    let (relation, what, _) = guard(inputs(root, content), &path)?;
    Some(format!("it {relation} {what}"))
}

/// The canonical form of a path that may not exist yet: its longest existing ancestor
/// canonicalised (symbolic links resolved), and the rest appended with `..` applied.
fn canonical(path: &Path) -> io::Result<PathBuf> {
    let absolute = std::path::absolute(path)?;
    let mut existing: Vec<Component> = absolute.components().collect();
    let mut rest = Vec::new();
    loop {
        let prefix: PathBuf = existing.iter().collect();
        match prefix.canonicalize() {
            Ok(mut resolved) => {
                for c in rest.into_iter().rev() {
                    match c {
                        Component::ParentDir => {
                            resolved.pop();
                        }
                        Component::Normal(name) => resolved.push(name),
                        _ => {}
                    }
                }
                return Ok(resolved);
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound && existing.len() > 1 => {
                rest.extend(existing.pop());
            }
            Err(e) => return Err(e),
        }
    }
}

/// `root/rel`, where `rel` is a relative path of plain names whose folders under `root` are all
/// real folders (made, when `make`), never a symbolic link or anything else: a write or a removal
/// there stays inside `root`.
fn inside(root: &Path, rel: &Path, make: bool) -> Result<PathBuf, OutputError> {
    if !plain(rel) {
        return Err(OutputError::Outside(rel.to_path_buf()));
    }
    let mut dir = root.to_path_buf();
    for part in rel.parent().into_iter().flat_map(Path::components) {
        dir.push(part);
        match std::fs::symlink_metadata(&dir) {
            Ok(m) if m.is_dir() => continue,
            Err(e) if e.kind() == io::ErrorKind::NotFound && make => make_folder(&dir)?,
            Err(e) => return Err(io_at(&dir)(e)),
            Ok(m) => return Err(OutputError::NotOurFolder(dir, kind_of(&m))),
        }
    }
    Ok(root.join(rel))
}

/// Whether `rel` is a relative path of plain names, which stays inside any folder it is joined to.
fn plain(rel: &Path) -> bool {
    !rel.as_os_str().is_empty() && rel.components().all(|c| matches!(c, Component::Normal(_)))
}

/// The buffer of a file written as it is produced (the search index, megabytes at a few
/// hundred bytes a piece): large enough that the writes are few.
const STREAMED: usize = 256 << 10;

/// Makes the folder `dir`. Pages are written in parallel, so another writer may make it first:
/// that is fine if what it made is a real folder.
fn make_folder(dir: &Path) -> Result<(), OutputError> {
    match std::fs::create_dir(dir) {
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
            match std::fs::symlink_metadata(dir) {
                Ok(m) if m.is_dir() => Ok(()),
                Ok(m) => Err(OutputError::NotOurFolder(dir.to_path_buf(), kind_of(&m))),
                Err(e) => Err(io_at(dir)(e)),
            }
        }
        made => made.map_err(io_at(dir)),
    }
}

/// Opens a file the tool keeps (its marker, its lock; `what` names it) without blocking and
/// without following a symbolic link: anything there that is not a regular file is an error
/// saying what it is. `create` makes a missing file; else a missing one is `None`.
fn open_own(path: &Path, what: &'static str, create: bool) -> Result<Option<File>, OutputError> {
    let not_a_file = |kind| OutputError::NotAFile {
        path: path.to_path_buf(),
        kind,
        what,
    };
    match std::fs::symlink_metadata(path) {
        Ok(m) if !m.is_file() => return Err(not_a_file(kind_of(&m))),
        Err(e) if e.kind() == io::ErrorKind::NotFound && !create => return Ok(None),
        Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(io_at(path)(e)),
        _ => {}
    }
    let mut options = File::options();
    options.read(true).write(create).create(create);
    #[cfg(target_os = "linux")]
    {
        use rustix::fs::OFlags;
        use std::os::unix::fs::OpenOptionsExt;
        // Whatever took the file's place since it was looked at is refused, not opened.
        options.custom_flags((OFlags::NOFOLLOW | OFlags::NONBLOCK).bits() as i32);
    }
    let file = match options.open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound && !create => return Ok(None),
        Err(e) => return Err(io_at(path)(e)),
    };
    let meta = file.metadata().map_err(io_at(path))?;
    if !meta.is_file() {
        return Err(not_a_file(kind_of(&meta)));
    }
    Ok(Some(file))
}

/// A build's site being written, file by file as pages render, under the lock; [`Staging::finish`]
/// puts it in place, replacing what an earlier build wrote there and keeping everything else
/// (see the module's documentation). Dropped unfinished, what it wrote beside the output is
/// deleted and the output is untouched.
pub(super) struct Staging {
    target: Target,
    /// The build's own folder beside the output (`.NAME.building-PID`).
    fresh: PathBuf,
    force: bool,
    finished: bool,
    way: Way,
    _lock: Lock,
}

/// How the output becomes the new site.
enum Way {
    /// A site the tool built (its marker whole) is changed in place: a file it holds byte for
    /// byte is left as it is ([`reuse`]), any other is staged beside it ([`live::Pending`]), and
    /// renamed in once the whole site is rendered. No folder is made or deleted but where the
    /// site gains or loses one.
    InPlace {
        last: Marker,
        /// The files `last` lists that may be compared: reached through real folders.
        live: HashSet<PathBuf>,
        pending: live::Pending,
    },
    /// Any other output (none, an empty folder, one adopted with `--force`): the whole site
    /// is written into the build's folder and swapped in.
    Swap {
        /// The folders of the new site made so far (relative): each is made once, and a file
        /// put into it costs no look at the folders above it.
        made: Mutex<HashSet<PathBuf>>,
    },
}

impl Staging {
    /// Refuses an output that may never be replaced, takes the lock, clears what killed builds
    /// left, and, unless the output is a site the tool built, makes the new folder with a
    /// marker that claims every file in it.
    pub fn begin(opts: &BuildOptions) -> Result<Staging, OutputError> {
        let target = Target::resolve(opts)?;
        std::fs::create_dir_all(&target.parent).map_err(io_at(&target.parent))?;
        let lock = Lock::acquire(&target)?;
        swap::clear_stale(&target)?;
        let fresh = target.temp("building");
        let way = match last_site(&target.path) {
            Some(last) => Way::InPlace {
                live: reachable(&target.path, &last.written),
                last,
                pending: live::Pending::new(fresh.clone()),
            },
            None => {
                std::fs::create_dir(&fresh).map_err(io_at(&fresh))?;
                Marker::write_partial(&fresh).map_err(io_at(&fresh))?;
                Way::Swap {
                    made: Mutex::default(),
                }
            }
        };
        Ok(Staging {
            target,
            fresh,
            force: opts.force,
            finished: false,
            way,
            _lock: lock,
        })
    }

    /// Writes one file of the new site (`path` relative, with `/`), in one write.
    pub fn put(&self, path: &str, bytes: &[u8]) -> Result<(), OutputError> {
        let rel = Path::new(path);
        if !plain(rel) {
            return Err(OutputError::Outside(rel.to_path_buf()));
        }
        match &self.way {
            Way::InPlace { live, pending, .. } => {
                match live.contains(rel) && reuse::unchanged(&self.target.path.join(rel), bytes) {
                    true => Ok(()),
                    false => pending.stage(rel, bytes),
                }
            }
            Way::Swap { made } => {
                let path = self.place(made, rel)?;
                let mut file = File::create_new(&path).map_err(io_at(&path))?;
                io::Write::write_all(&mut file, bytes).map_err(io_at(&path))
            }
        }
    }

    /// Writes one file of the new site as `write` produces it, without holding it whole (but
    /// in place, where it is compared with the file there).
    pub fn put_with(
        &self,
        path: &str,
        write: &mut dyn FnMut(&mut dyn io::Write) -> io::Result<()>,
    ) -> Result<(), OutputError> {
        let rel = Path::new(path);
        let Way::Swap { made } = &self.way else {
            let mut bytes = Vec::new();
            write(&mut bytes).map_err(io_at(rel))?;
            return self.put(path, &bytes);
        };
        if !plain(rel) {
            return Err(OutputError::Outside(rel.to_path_buf()));
        }
        let path = self.place(made, rel)?;
        let file = File::create_new(&path).map_err(io_at(&path))?;
        let mut out = io::BufWriter::with_capacity(STREAMED, file);
        write(&mut out)
            .and_then(|()| io::Write::flush(&mut out))
            .map_err(io_at(&path))
    }

    /// Where the file `rel` (plain) of the new site goes, its folders made: as [`inside`] does,
    /// but each folder is made (or found to be a real folder) once in the build. The new site's
    /// folder is the build's own, made under the lock, so a folder it made stays a folder.
    fn place(&self, made: &Mutex<HashSet<PathBuf>>, rel: &Path) -> Result<PathBuf, OutputError> {
        let made = || made.lock().unwrap_or_else(PoisonError::into_inner);
        let mut folder = PathBuf::new();
        for part in rel.parent().into_iter().flat_map(Path::components) {
            folder.push(part);
            if !made().contains(&folder) {
                make_folder(&self.fresh.join(&folder))?;
                made().insert(folder.clone());
            }
        }
        Ok(self.fresh.join(rel))
    }

    /// Puts the new site in place, once `written` (every file put) is known: refuses an output
    /// holding files it was not told to keep, and writes the whole marker; in place, renames in
    /// the files staged and removes those the site no longer has; else carries the kept entries
    /// over into the new folder and swaps it in.
    pub fn finish(mut self, keep: &[KeepPath], written: &[&str]) -> Result<(), OutputError> {
        self.finished = true;
        let carried = carried_entries(&self.target, keep, written, self.force);
        if let Way::InPlace { last, pending, .. } = &self.way {
            let placed =
                carried.and_then(|carried| pending.place(&self.target, last, written, &carried));
            // The build's folder holds only its own files: what is left of it the next build
            // clears, so failing to delete it is no error.
            let _ = swap::dispose(&self.fresh, &self.target);
            return placed;
        }
        let built = carried.and_then(|carried| {
            Marker::write(&self.fresh, written, &carried).map_err(io_at(&self.fresh))?;
            swap::carry(&self.target.path, &self.fresh, &carried)?;
            swap::exchange(&self.fresh, &self.target).map_err(io_at(&self.target.path))
        });
        match built {
            // The old site holds only what the tool wrote: a failure to delete it leaves a folder
            // that the next build clears, and the new site is in place, so it is not an error.
            Ok(Some(old)) => {
                let _ = swap::dispose(&old, &self.target);
                Ok(())
            }
            Ok(None) => Ok(()),
            Err(e) => {
                // Puts back into the output whatever was carried out of it.
                swap::dispose(&self.fresh, &self.target)?;
                Err(e)
            }
        }
    }
}

/// The whole marker of the site the tool built at `out`, if it is one: a folder holding its
/// marker file, written whole.
fn last_site(out: &Path) -> Option<Marker> {
    match Marker::of_folder(out) {
        Ok(Some(marker)) if !marker.partial && out.join(MARKER).is_file() => Some(marker),
        _ => None,
    }
}

/// The files of `written` under the output `out` reached through real folders only. A file under
/// a folder that is now a link (put there since) is left out: a file is read from the site only
/// where the tool made every folder.
fn reachable(out: &Path, written: &HashSet<PathBuf>) -> HashSet<PathBuf> {
    let not_folders: Vec<PathBuf> = marker::ancestors(written)
        .into_iter()
        .filter(|dir| !std::fs::symlink_metadata(out.join(dir)).is_ok_and(|m| m.is_dir()))
        .collect();
    let mut reachable = written.clone();
    reachable.retain(|file| !not_folders.iter().any(|dir| file.starts_with(dir)));
    reachable
}

impl Drop for Staging {
    /// A build that stopped before [`Staging::finish`] carried nothing in: its folder is all
    /// the tool's (the marker says so) and goes whole.
    fn drop(&mut self) {
        if !self.finished {
            let _ = swap::dispose(&self.fresh, &self.target);
        }
    }
}

/// The entries of the current output that the new site must carry over, each the topmost path
/// of a file or folder the tool did not write. Refuses an output holding files it was not told
/// to keep (unless `force`), and a kept entry that the build would overwrite.
fn carried_entries(
    target: &Target,
    keep: &[KeepPath],
    outputs: &[&str],
    force: bool,
) -> Result<Vec<PathBuf>, OutputError> {
    if !target.path.exists() {
        return Ok(Vec::new());
    }
    let marker = Marker::of_folder(&target.path)?;
    let (mut written, earlier_kept) = match &marker {
        Some(m) => (m.written.clone(), m.kept.clone()),
        None => Default::default(),
    };
    if marker.is_some() {
        written.insert(PathBuf::from(MARKER));
    }
    let files: HashSet<PathBuf> = outputs
        .iter()
        .map(PathBuf::from)
        .chain([PathBuf::from(MARKER)])
        .collect();
    let folders = marker::ancestors(&files);
    let kept: HashSet<PathBuf> = ALWAYS_KEPT
        .iter()
        .map(PathBuf::from)
        .chain(keep.iter().map(|k| k.path().to_path_buf()))
        .chain(earlier_kept)
        .collect();
    let mut descend = marker::ancestors(&written);
    descend.extend(folders.iter().cloned());
    descend.extend(marker::ancestors(&kept));
    let entries = marker::foreign_entries(&target.path, &written, &descend, &kept)?;
    let (carried, unknown): (Vec<PathBuf>, Vec<PathBuf>) =
        entries.into_iter().partition(|e| force || kept.contains(e));
    if !unknown.is_empty() {
        let (shown, entries) = (target.shown.clone(), Listing(unknown));
        return Err(match marker {
            None => OutputError::Foreign { shown, entries },
            Some(_) => OutputError::Unknown { shown, entries },
        });
    }
    if let Some(entry) = carried
        .iter()
        .find(|e| files.contains(*e) || folders.contains(*e))
    {
        let written = files
            .iter()
            .filter(|f| f.starts_with(entry))
            .min()
            .cloned()
            .unwrap_or_else(|| entry.clone());
        return Err(OutputError::Conflict {
            shown: target.shown.clone(),
            entry: entry.clone(),
            written,
        });
    }
    Ok(carried)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file the last build wrote under a folder that has since become a link is not compared:
    /// nothing is read through a link the tool did not make.
    #[cfg(unix)]
    #[test]
    fn no_file_under_a_folder_made_a_link_is_read_from_the_last_site() {
        let dir = tempfile::tempdir().unwrap();
        let (site, outside) = (dir.path().join("site"), dir.path().join("outside"));
        for folder in [site.join("kept"), outside.clone()] {
            std::fs::create_dir_all(&folder).unwrap();
            std::fs::write(folder.join("index.html"), "<p>Gleek</p>").unwrap();
        }
        std::os::unix::fs::symlink(&outside, site.join("linked")).unwrap();
        let written = ["index.html", "kept/index.html", "linked/index.html"];
        Marker::write(&site, &written, &[]).unwrap();
        let live = reachable(&site, &last_site(&site).unwrap().written);
        let expected = ["index.html", "kept/index.html"].map(PathBuf::from);
        assert_eq!(live, HashSet::from(expected));
    }

    #[test]
    fn a_path_not_yet_made_resolves_through_its_parent() {
        let dir = tempfile::tempdir().unwrap();
        let base = dir.path().canonicalize().unwrap();
        assert_eq!(
            canonical(&dir.path().join("a/b/../c")).unwrap(),
            base.join("a/c")
        );
        std::fs::create_dir(dir.path().join("real")).unwrap();
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(base.join("real"), dir.path().join("link")).unwrap();
            assert_eq!(
                canonical(&dir.path().join("link/new")).unwrap(),
                base.join("real/new")
            );
        }
    }

    /// Pages are written in parallel: two writers making the same folder at once must both
    /// succeed (the folder one of them made is as good as its own).
    #[test]
    fn writers_racing_to_make_one_folder_both_succeed() {
        for _ in 0..50 {
            let dir = tempfile::tempdir().unwrap();
            let root = dir.path();
            let barrier = std::sync::Barrier::new(4);
            std::thread::scope(|s| {
                for i in 0..4 {
                    let barrier = &barrier;
                    s.spawn(move || {
                        barrier.wait();
                        let rel = PathBuf::from(format!("a/b/c/page{i}.html"));
                        inside(root, &rel, true).unwrap();
                    });
                }
            });
            assert!(root.join("a/b/c").is_dir());
        }
    }

    #[test]
    fn a_listing_shows_the_first_few() {
        let many = Listing((0..9).map(|i| PathBuf::from(format!("f{i}"))).collect());
        assert_eq!(many.to_string(), "f0, f1, f2, f3, f4, f5 and 3 more");
        assert_eq!(Listing(vec!["a".into()]).to_string(), "a");
    }
}
