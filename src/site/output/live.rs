//! Changing a live site in place (`serve`): each changed file replaced in one rename, the files
//! of deleted pages removed only where the marker says the tool wrote them, the marker kept
//! right. The temporary files are written in a folder of the build's own beside the output
//! (`.NAME.building-PID`), so a killed update leaves nothing in the site that is not the tool's.

use super::marker::{MARKER, Marker};
use super::{ALWAYS_KEPT, BuildOptions, OutputError, Target, inside, io_at, lock::Lock, swap};
use rayon::prelude::*;
use std::collections::HashSet;
use std::io;
use std::path::{Path, PathBuf};

/// Rewrites the `changed` files (relative path, bytes) of the site the tool built at `opts.out`;
/// `written` is every file of the site now. A site that is gone, or not the tool's, or a new file
/// where the user keeps one, is an error: build the whole site instead.
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
    let temp = target.temp("building");
    std::fs::create_dir(&temp).map_err(io_at(&temp))?;
    let done = Marker::write_partial(&temp)
        .map_err(io_at(&temp))
        .and_then(|()| replace(&target.path, &temp, changed))
        .and_then(|()| retire(&target.path, &temp, &marker, written));
    swap::dispose(&temp, &target)?;
    done
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

/// Writes each changed file beside the site, then renames it into place.
fn replace(out: &Path, temp: &Path, changed: &[(String, Vec<u8>)]) -> Result<(), OutputError> {
    changed
        .par_iter()
        .enumerate()
        .try_for_each(|(i, (path, bytes))| {
            let staged = temp.join(i.to_string());
            std::fs::write(&staged, bytes).map_err(io_at(&staged))?;
            let dest = inside(out, Path::new(path), true)?;
            std::fs::rename(&staged, &dest).map_err(io_at(&dest))
        })
}

/// Removes the files the tool wrote that the site no longer has (and the folders they leave
/// empty), and writes the marker anew when the list changed.
fn retire(out: &Path, temp: &Path, marker: &Marker, written: &[&str]) -> Result<(), OutputError> {
    let now: HashSet<&Path> = written.iter().map(Path::new).collect();
    let gone: Vec<&PathBuf> = marker
        .written
        .iter()
        .filter(|p| !now.contains(p.as_path()))
        .collect();
    for rel in &gone {
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
    if gone.is_empty() && now.len() == marker.written.len() {
        return Ok(());
    }
    // The marker is made in a folder of its own, so the temporary folder's stays in place.
    let staged = temp.join("marker");
    std::fs::create_dir(&staged).map_err(io_at(&staged))?;
    Marker::write(&staged, written, &marker.kept).map_err(io_at(&staged))?;
    let dest = out.join(MARKER);
    std::fs::rename(staged.join(MARKER), &dest).map_err(io_at(&dest))
}
