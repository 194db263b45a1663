//! Changing a live site in place (`serve`, and every build into a site the tool built): each
//! changed file replaced in one rename, the files of deleted pages removed only where the marker
//! says the tool wrote them, the marker kept right. The temporary files are written in a folder
//! of the build's own beside the output (`.NAME.building-PID`), so a killed update leaves nothing
//! in the site that is not the tool's.

use super::marker::{MARKER, Marker};
use super::{ALWAYS_KEPT, BuildOptions, OutputError, Target, inside, io_at, lock::Lock, swap};
use rayon::prelude::*;
use std::collections::HashSet;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

/// Rewrites the `changed` files (relative path, bytes) of the site the tool built at `opts.out`;
/// `written` is every file of the site now. A site that is gone, or not the tool's, or a new file
/// where the user keeps one, is an error: build the whole site instead. The files are staged and
/// placed as a build into the site places them ([`Pending`]).
pub fn update(
    opts: &BuildOptions,
    changed: &[(String, Vec<u8>)],
    written: &[&str],
) -> Result<(), OutputError> {
    let target = Target::resolve(opts)?;
    let _lock = Lock::acquire(&target)?;
    swap::clear_stale(&target)?;
    let marker = match Marker::of_folder(&target.path) {
        Ok(Some(m)) if !m.partial && target.path.join(MARKER).is_file() => m,
        Err(e @ OutputError::NotAFile { .. }) => return Err(e),
        _ => return Err(OutputError::NotLive(target.shown.clone())),
    };
    refuse_kept(&target, &marker, changed)?;
    let pending = Pending::new(target.temp("building"));
    let placed = (changed.par_iter())
        .try_for_each(|(path, bytes)| pending.stage(Path::new(path), bytes))
        .and_then(|()| pending.place(&target, &marker, written, &marker.kept));
    // The build's folder holds only its own files: what is left of it the next build clears.
    let _ = swap::dispose(&pending.temp, &target);
    placed
}

/// A file the site did not have before may not take the place of one of the user's.
fn refuse_kept(
    target: &Target,
    marker: &Marker,
    changed: &[(String, Vec<u8>)],
) -> Result<(), OutputError> {
    let kept: HashSet<&Path> = ALWAYS_KEPT
        .iter()
        .map(Path::new)
        .chain(marker.kept.iter().map(PathBuf::as_path))
        .collect();
    for (path, _) in changed {
        let rel = Path::new(path);
        if marker.written.contains(rel) {
            continue;
        }
        let taken = rel
            .ancestors()
            .filter(|a| !a.as_os_str().is_empty())
            .find(|a| {
                kept.contains(a)
                    || std::fs::symlink_metadata(target.path.join(a))
                        .is_ok_and(|m| if *a == rel { true } else { !m.is_dir() })
            });
        if let Some(entry) = taken {
            return Err(OutputError::Conflict {
                shown: target.shown.clone(),
                entry: entry.to_path_buf(),
                written: rel.to_path_buf(),
            });
        }
    }
    Ok(())
}

/// Removes the files the `last` marker lists that the site no longer has (`written`), but those
/// under a `carried` entry (the user's now), and the folders they leave empty.
fn remove_gone(
    out: &Path,
    last: &Marker,
    written: &[&str],
    carried: &[PathBuf],
) -> Result<(), OutputError> {
    let now: HashSet<&Path> = written.iter().map(Path::new).collect();
    let gone = (last.written.iter())
        .filter(|p| !now.contains(p.as_path()) && !carried.iter().any(|c| p.starts_with(c)));
    for rel in gone {
        // Only a file the tool wrote, reached through folders it made, is removed: a symbolic
        // link or anything else in its place, or on the way to it, is the user's.
        let path = match inside(out, rel, false) {
            Ok(path) => path,
            Err(OutputError::Io { source, .. }) if source.kind() == io::ErrorKind::NotFound => {
                continue;
            }
            Err(e) => return Err(e),
        };
        match std::fs::symlink_metadata(&path) {
            Ok(m) if m.is_file() => std::fs::remove_file(&path).map_err(io_at(&path))?,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(io_at(&path)(e)),
            Ok(_) => continue,
        }
        // Only an empty folder can be removed: one holding anything stays.
        for dir in rel
            .ancestors()
            .skip(1)
            .filter(|a| !a.as_os_str().is_empty())
        {
            if std::fs::remove_dir(out.join(dir)).is_err() {
                break;
            }
        }
    }
    Ok(())
}

/// Puts the marker `text` in place of the site's, in one rename from the build's folder `temp`.
fn put_marker(out: &Path, temp: &Path, text: &str) -> Result<(), OutputError> {
    let staged = temp.join("marker");
    std::fs::write(&staged, text).map_err(io_at(&staged))?;
    let dest = out.join(MARKER);
    std::fs::rename(&staged, &dest).map_err(io_at(&dest))
}

/// The files of a build into a site the tool built that the site does not hold as they are (or
/// of an [`update`]): each written as it renders into the build's folder beside the site (`temp`, made with a
/// marker claiming every file in it on the first one, so that a build changing nothing writes
/// nothing), and renamed into the site once the whole site is rendered ([`Pending::place`]).
pub(super) struct Pending {
    temp: PathBuf,
    staged: Mutex<Staged>,
}

/// Whether the build's folder is made, and the place in the site of each file staged in it
/// (the file named by its index in the list).
#[derive(Default)]
struct Staged {
    made: bool,
    files: Vec<PathBuf>,
}

impl Staged {
    /// Makes the build's folder `temp`, with its marker, if it is not yet.
    fn make(&mut self, temp: &Path) -> Result<(), OutputError> {
        if !self.made {
            std::fs::create_dir(temp).map_err(io_at(temp))?;
            Marker::write_partial(temp).map_err(io_at(temp))?;
            self.made = true;
        }
        Ok(())
    }
}

impl Pending {
    pub(super) fn new(temp: PathBuf) -> Pending {
        Pending {
            temp,
            staged: Mutex::default(),
        }
    }

    /// Writes the file `rel` of the new site into the build's folder, to be renamed in.
    pub(super) fn stage(&self, rel: &Path, bytes: &[u8]) -> Result<(), OutputError> {
        let at = {
            let mut staged = self.staged.lock().unwrap_or_else(PoisonError::into_inner);
            staged.make(&self.temp)?;
            staged.files.push(rel.to_path_buf());
            staged.files.len() - 1
        };
        let path = self.temp.join(at.to_string());
        let mut file = std::fs::File::create_new(&path).map_err(io_at(&path))?;
        file.write_all(bytes).map_err(io_at(&path))
    }

    /// Makes the site `target`, which the `last` marker describes, the one rendered: every file
    /// `written`, and the entries `carried` (the user's, left where they are). The marker first
    /// lists the files new to the site, so that a build killed part way leaves none that the
    /// next would take for the user's; then the files the site no longer has are removed, the
    /// staged renamed in (a new one never over anything), and the marker written (unless
    /// nothing changed).
    pub(super) fn place(
        &self,
        target: &Target,
        last: &Marker,
        written: &[&str],
        carried: &[PathBuf],
    ) -> Result<(), OutputError> {
        let out = &target.path;
        let mut staged = self.staged.lock().unwrap_or_else(PoisonError::into_inner);
        let new: Vec<usize> = (0..staged.files.len())
            .filter(|&i| !last.written.contains(&staged.files[i]))
            .collect();
        let claim = |new: &[usize]| {
            let files = new.iter().map(|&i| staged.files[i].as_path());
            let text = listing(last, files, carried).map_err(io_at(out))?;
            put_marker(out, &self.temp, &text)
        };
        if !new.is_empty() {
            claim(&new)?;
        }
        let placed = remove_gone(out, last, written, carried).and_then(|()| {
            (staged.files.par_iter().enumerate()).try_for_each(|(i, rel)| {
                let from = self.temp.join(i.to_string());
                let dest = inside(out, rel, true)?;
                match last.written.contains(rel) {
                    true => std::fs::rename(&from, &dest).map_err(io_at(&dest)),
                    false => rename_new(&from, &dest, target, rel),
                }
            })
        });
        if let Err(e) = placed {
            // The marker lists no more than the files of the tool's the site now holds: a new
            // file not renamed in may be the user's name.
            let in_site = |&&i: &&usize| !self.temp.join(i.to_string()).exists();
            let _ = claim(&new.iter().filter(in_site).copied().collect::<Vec<_>>());
            return Err(e);
        }
        // Written anew whenever a file changed, so that a session serving the site sees that
        // another build wrote into it.
        let text = Marker::text(written, carried).map_err(io_at(out))?;
        if staged.files.is_empty() && Marker::is(out, &text) {
            return Ok(());
        }
        staged.make(&self.temp)?;
        put_marker(out, &self.temp, &text)
    }
}

/// The text of a marker listing what the `last` marker lists and the `new` files.
fn listing<'a>(
    last: &'a Marker,
    new: impl Iterator<Item = &'a Path>,
    kept: &[PathBuf],
) -> io::Result<String> {
    // The marker's and the build's paths are text: none is left out.
    let files: Vec<&str> = (last.written.iter().map(PathBuf::as_path).chain(new))
        .filter_map(Path::to_str)
        .collect();
    Marker::text(&files, kept)
}

/// Renames `from` to `dest`, the file `rel` new to the site `target`, never over anything there
/// (a file the user put since the site was looked through).
fn rename_new(from: &Path, dest: &Path, target: &Target, rel: &Path) -> Result<(), OutputError> {
    let taken = || OutputError::Conflict {
        shown: target.shown.clone(),
        entry: rel.to_path_buf(),
        written: rel.to_path_buf(),
    };
    match swap::rename_no_replace(from, dest) {
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(taken()),
        renamed => renamed.map_err(io_at(dest)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file new to the site is never renamed over one the user put there after the site was
    /// looked through: the build stops, naming it, and the user's file is as it was.
    #[test]
    fn a_new_file_never_replaces_one_put_there_meanwhile() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("site");
        std::fs::create_dir(&out).unwrap();
        std::fs::write(out.join("index.html"), "old").unwrap();
        Marker::write(&out, &["index.html"], &[]).unwrap();
        let target = Target {
            shown: out.clone(),
            path: out.clone(),
            parent: dir.path().to_path_buf(),
            name: "site".into(),
        };
        let last = Marker::of_folder(&out).unwrap().unwrap();
        let pending = Pending::new(target.temp("building"));
        pending.stage(Path::new("index.html"), b"new").unwrap();
        pending
            .stage(Path::new("notes.txt"), b"the tool's")
            .unwrap();
        std::fs::write(out.join("notes.txt"), "the user's").unwrap();
        let written = ["index.html", "notes.txt"];
        let err = pending.place(&target, &last, &written, &[]).unwrap_err();
        assert!(matches!(err, OutputError::Conflict { .. }), "{err}");
        assert_eq!(std::fs::read(out.join("notes.txt")).unwrap(), b"the user's");
        assert!(
            !Marker::of_folder(&out)
                .unwrap()
                .unwrap()
                .written
                .contains(Path::new("notes.txt"))
        );
    }
}
