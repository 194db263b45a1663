//! Moving folders and entries: the kept entries into the new site, the new site in place of the
//! old, and the folders a build leaves (its own, or a killed build's) cleared without losing an
//! entry the tool did not write.

use super::marker::{self, MARKER, Marker};
use super::{Listing, OutputError, Target, io_at};
use std::collections::HashSet;
use std::io;
use std::path::{Path, PathBuf};

/// Moves each carried entry (relative path) from the output `from` into the new site `to`.
pub fn carry(from: &Path, to: &Path, carried: &[PathBuf]) -> Result<(), OutputError> {
    for rel in carried {
        move_entry(from, to, rel).map_err(io_at(&from.join(rel)))?;
    }
    Ok(())
}

/// Renames `from` to `dest` only where nothing is at `dest` (else an `AlreadyExists` error):
/// in one step where the system has the flag, else looked at first.
pub(in crate::site) fn rename_no_replace(from: &Path, dest: &Path) -> io::Result<()> {
    #[cfg(target_os = "linux")]
    {
        use rustix::fs::{CWD, RenameFlags, renameat_with};
        match renameat_with(CWD, from, CWD, dest, RenameFlags::NOREPLACE) {
            Ok(()) => return Ok(()),
            Err(rustix::io::Errno::EXIST) => return Err(io::ErrorKind::AlreadyExists.into()),
            // A file system without the flag: looked at, then renamed.
            Err(_) => {}
        }
    }
    if std::fs::symlink_metadata(dest).is_ok() {
        return Err(io::ErrorKind::AlreadyExists.into());
    }
    std::fs::rename(from, dest)
}

/// Puts the new site `fresh` in place of the output in one step where the system can swap two
/// folders, else in two renames. Returns where the old site now is, if there was one.
pub fn exchange(fresh: &Path, target: &Target) -> io::Result<Option<PathBuf>> {
    let out = &target.path;
    if std::fs::symlink_metadata(out).is_err() {
        std::fs::rename(fresh, out)?;
        return Ok(None);
    }
    #[cfg(target_os = "linux")]
    {
        use rustix::fs::{CWD, RenameFlags, renameat_with};
        if renameat_with(CWD, fresh, CWD, out, RenameFlags::EXCHANGE).is_ok() {
            return Ok(Some(fresh.to_path_buf()));
        }
    }
    let old = target.temp("old");
    std::fs::rename(out, &old)?;
    if let Err(e) = std::fs::rename(fresh, out) {
        let _ = std::fs::rename(&old, out);
        return Err(e);
    }
    Ok(Some(old))
}

/// Clears the folders that killed builds left beside the output. Where a build was killed
/// between its two renames, the output is missing and its old site is put back first.
pub fn clear_stale(target: &Target) -> Result<(), OutputError> {
    let parent = &target.parent;
    let mut stale: Vec<PathBuf> = std::fs::read_dir(parent)
        .map_err(io_at(parent))?
        .filter_map(|e| e.ok())
        .filter(|e| is_temp(&e.file_name().to_string_lossy(), &target.name))
        .map(|e| e.path())
        .collect();
    stale.sort();
    let old_prefix = format!(".{}.old-", target.name);
    if std::fs::symlink_metadata(&target.path).is_err()
        && let Some(i) = stale.iter().position(|s| {
            s.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with(&old_prefix))
                && Marker::of_folder(s).is_ok_and(|m| m.is_some())
        })
    {
        let old = stale.remove(i);
        std::fs::rename(&old, &target.path).map_err(io_at(&target.path))?;
    }
    stale.iter().try_for_each(|s| dispose(s, target))
}

/// `.NAME.building-PID` or `.NAME.old-PID`.
pub(super) fn is_temp(file: &str, name: &str) -> bool {
    let Some(rest) = file
        .strip_prefix('.')
        .and_then(|f| f.strip_prefix(name))
        .and_then(|f| f.strip_prefix('.'))
    else {
        return false;
    };
    let pid = rest
        .strip_prefix("building-")
        .or_else(|| rest.strip_prefix("old-"));
    pid.is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
}

/// Deletes a folder the tool made (a new site not swapped in, or an old one swapped out), after
/// moving back into the output every entry it did not write. A folder without the tool's marker
/// is left alone; one holding entries that cannot be moved back is kept, and named.
pub fn dispose(dir: &Path, target: &Target) -> Result<(), OutputError> {
    let marker = match Marker::of_folder(dir) {
        Ok(Some(m)) => m,
        Ok(None) => return Ok(()),
        Err(OutputError::Io { source, .. }) if source.kind() == io::ErrorKind::NotFound => {
            return Ok(());
        }
        Err(e) => return Err(e),
    };
    if marker.partial {
        // Nothing of the user's is carried in before the whole marker is written.
        return remove_marker_last(dir).map_err(io_at(dir));
    }
    let mut written = marker.written;
    let descend = marker::ancestors(&written);
    written.insert(PathBuf::from(MARKER));
    let entries = marker::foreign_entries(dir, &written, &descend, &HashSet::new())?;
    // Folders emptied by moving their files into the new site are deleted with the rest.
    let stranded: Vec<PathBuf> = entries
        .into_iter()
        .filter(|rel| marker::holds_files(&dir.join(rel), None).unwrap_or(true))
        .filter(|rel| move_entry(dir, &target.path, rel).is_err())
        .collect();
    if !stranded.is_empty() {
        return Err(OutputError::Stranded {
            dir: dir.to_path_buf(),
            shown: target.shown.clone(),
            entries: Listing(stranded),
        });
    }
    remove_marker_last(dir).map_err(io_at(dir))
}

/// Removes a folder, its marker last, so that a build killed half way through leaves a folder
/// that is still recognisably the tool's.
fn remove_marker_last(dir: &Path) -> io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        if entry.file_name() == MARKER {
            continue;
        }
        if entry.file_type()?.is_dir() {
            std::fs::remove_dir_all(entry.path())?;
        } else {
            std::fs::remove_file(entry.path())?;
        }
    }
    match std::fs::remove_file(dir.join(MARKER)) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
        _ => {}
    }
    std::fs::remove_dir(dir)
}

/// Renames `from/rel` to `to/rel`, making the folders between, but never through a symbolic
/// link and never over an existing entry.
fn move_entry(from: &Path, to: &Path, rel: &Path) -> io::Result<()> {
    if !std::fs::symlink_metadata(to)?.is_dir() {
        return Err(io::Error::other("not a folder"));
    }
    let mut dir = to.to_path_buf();
    for part in rel.parent().into_iter().flat_map(Path::components) {
        dir.push(part);
        match std::fs::create_dir(&dir) {
            Err(e) if e.kind() != io::ErrorKind::AlreadyExists => return Err(e),
            _ if !std::fs::symlink_metadata(&dir)?.is_dir() => {
                return Err(io::Error::other("not a folder"));
            }
            _ => {}
        }
    }
    let dest = to.join(rel);
    if std::fs::symlink_metadata(&dest).is_ok() {
        return Err(io::ErrorKind::AlreadyExists.into());
    }
    std::fs::rename(from.join(rel), dest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_builds_own_names_are_temporary() {
        assert!(is_temp(".site.building-42", "site"));
        assert!(is_temp(".site.old-7", "site"));
        for other in [
            ".site.lock",
            ".site.old-",
            ".site.old-7x",
            ".sites.old-7",
            "site.old-7",
            ".site.building-4.old-2",
        ] {
            assert!(!is_temp(other, "site"), "{other}");
        }
    }
}
