//! The trash: `trash/` in the project's `.mournival-cache/`. A site swapped out is not deleted
//! while the build waits: on a disk mounted with `discard`, deleting a few hundred files takes
//! the kernel as long as rendering them all. It is moved into the trash in one rename, and the
//! next build deletes it on a thread of its own while it renders.
//!
//! Only folders that carry the tool's marker, with nothing of the user's left in them, go into
//! the trash, and only such folders are deleted from it, marker last (see [`swap::dispose`]).

use super::marker::Marker;
use super::swap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread::JoinHandle;

const FOLDER: &str = "trash";

/// The trash of a project whose cache folder is the tool's.
pub struct Trash {
    dir: PathBuf,
}

impl Trash {
    /// The project's trash, made if missing, in the project's cache folder if there is one (a
    /// build without `--no-cache` makes it; this never does); none if that folder is not the
    /// tool's or the name is taken by anything but a folder.
    pub fn open(root: &Path) -> Option<Trash> {
        let cache = crate::site::cache::Cache::existing(root);
        let dir = cache.folder()?.join(FOLDER);
        match std::fs::symlink_metadata(&dir) {
            Ok(m) if m.is_dir() => {}
            Ok(_) => return None,
            Err(_) => std::fs::create_dir(&dir).ok()?,
        }
        Some(Trash { dir })
    }

    /// Moves `old`, a site of the tool's own with nothing of the user's left in it, into the
    /// trash; whether it was moved (it cannot be across file systems).
    pub fn take(&self, old: &Path) -> bool {
        std::fs::rename(old, self.dir.join(unique("site"))).is_ok()
    }

    /// Starts deleting what the trash holds, on a thread that ends when it is done. Each folder
    /// is first renamed to a name of this build's own, so that two builds emptying the same
    /// trash never delete the same folder.
    pub fn empty_beside(&self) -> Option<JoinHandle<()>> {
        let entries: Vec<PathBuf> = std::fs::read_dir(&self.dir)
            .ok()?
            .flatten()
            .map(|e| e.path())
            .filter(|path| Marker::of_folder(path).is_ok_and(|m| m.is_some()))
            .collect();
        if entries.is_empty() {
            return None;
        }
        let dir = self.dir.clone();
        Some(std::thread::spawn(move || {
            for entry in entries {
                let claimed = dir.join(unique(".deleting"));
                if std::fs::rename(&entry, &claimed).is_ok() {
                    let _ = swap::remove_marker_last(&claimed);
                }
            }
        }))
    }
}

/// A name no other build, nor this one, gives: the process and a count.
fn unique(kind: &str) -> String {
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    let n = COUNT.fetch_add(1, Ordering::Relaxed);
    format!("{kind}-{}-{n}", std::process::id())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two builds emptying one trash at once each delete what they claimed: every folder of the
    /// tool's goes, once, and a folder without its marker stays.
    #[test]
    fn two_builds_emptying_one_trash_delete_only_the_tools_folders() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir(root.join(crate::site::cache::FOLDER)).unwrap();
        assert!(
            Trash::open(root).is_none(),
            "an untagged folder is not the tool's"
        );
        std::fs::remove_dir(root.join(crate::site::cache::FOLDER)).unwrap();
        crate::site::cache::Cache::open(root);
        let trash = Trash::open(root).unwrap();
        for i in 0..20 {
            let site = root.join(format!("old{i}"));
            std::fs::create_dir_all(site.join("a/b")).unwrap();
            std::fs::write(site.join("a/b/index.html"), "page").unwrap();
            Marker::write(&site, &["a/b/index.html"], &[]).unwrap();
            assert!(trash.take(&site));
        }
        let mine = trash.dir.join("mine");
        std::fs::create_dir(&mine).unwrap();
        std::fs::write(mine.join("notes.txt"), "mine").unwrap();
        let (a, b) = (trash.empty_beside().unwrap(), trash.empty_beside().unwrap());
        a.join().unwrap();
        b.join().unwrap();
        let left: Vec<_> = std::fs::read_dir(&trash.dir).unwrap().flatten().collect();
        assert_eq!(left.len(), 1);
        assert_eq!(
            std::fs::read_to_string(mine.join("notes.txt")).unwrap(),
            "mine"
        );
        assert!(trash.empty_beside().is_none());
    }
}
