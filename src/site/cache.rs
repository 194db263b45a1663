//! The build's cache: `.mournival-cache/` in the project folder, a folder the tool makes and
//! owns (tagged with `CACHEDIR.TAG`, ignored by git through its own `.gitignore`). It holds what
//! is slow to make and fully determined by its inputs, each entry named by its inputs' hash: a
//! changed input is a new name, so an entry is never stale.
//!
//! The cache is never needed: a folder of that name that the tool did not make, a link, an entry
//! that cannot be read or written, are all passed over, and the work is done again.

use std::fs;
use std::hash::{DefaultHasher, Hash};
use std::path::{Path, PathBuf};

pub const FOLDER: &str = ".mournival-cache";
const TAG: &str = "CACHEDIR.TAG";
/// The cache directory tag's first line, as the convention requires, then whose it is.
const TAG_TEXT: &str = "Signature: 8a477f597d28d172789f06886806bc55\n\
# This folder is a cache made by mournival (the site generator); it may be deleted.\n";
/// The largest entry read back.
const MAX_ENTRY: u64 = 16 * 1024 * 1024;

/// The cache of a project, if it may be used.
pub struct Cache {
    dir: Option<PathBuf>,
}

impl Cache {
    /// The project's cache folder, made if it is missing; none if the name is taken by anything
    /// the tool did not make.
    pub fn open(root: &Path) -> Cache {
        let dir = root.join(FOLDER);
        let ours = match fs::symlink_metadata(&dir) {
            Ok(m) if m.is_dir() => fs::read_to_string(dir.join(TAG)).is_ok_and(|t| t == TAG_TEXT),
            Ok(_) => false,
            Err(_) => make(&dir).is_ok(),
        };
        Cache {
            dir: ours.then_some(dir),
        }
    }

    fn path(&self, name: &str) -> Option<PathBuf> {
        self.dir.as_ref().map(|d| d.join(name))
    }

    /// An entry, if it is there and readable.
    pub fn get(&self, name: &str) -> Option<String> {
        let path = self.path(name)?;
        let meta = fs::symlink_metadata(&path).ok()?;
        if !meta.is_file() || meta.len() > MAX_ENTRY {
            return None;
        }
        fs::read_to_string(path).ok()
    }

    /// Stores an entry (written beside, then renamed into place) and removes the other entries
    /// whose names start with `family`: the older results of the same page.
    pub fn put(&self, family: &str, name: &str, text: &str) {
        let (Some(dir), Some(path)) = (&self.dir, self.path(name)) else {
            return;
        };
        let partial = dir.join(format!(".{name}.{}", std::process::id()));
        if fs::write(&partial, text).is_err() || fs::rename(&partial, &path).is_err() {
            let _ = fs::remove_file(&partial);
            return;
        }
        let Ok(entries) = fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let file = entry.file_name().to_string_lossy().into_owned();
            if file.starts_with(family) && file != name {
                let _ = fs::remove_file(entry.path());
            }
        }
    }
}

fn make(dir: &Path) -> std::io::Result<()> {
    fs::create_dir(dir)?;
    fs::write(dir.join(".gitignore"), "*\n")?;
    fs::write(dir.join(TAG), TAG_TEXT)
}

/// What identifies this build of the tool: a cached result of an older engine must not be
/// taken for a newer one's. The executable's size and time, with the version.
pub fn tool_identity(h: &mut DefaultHasher) {
    env!("CARGO_PKG_VERSION").hash(h);
    if let Some(meta) = std::env::current_exe()
        .ok()
        .and_then(|p| fs::metadata(p).ok())
    {
        meta.len().hash(h);
        if let Ok(t) = meta.modified() {
            t.hash(h);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cache_folder_is_made_tagged_and_ignored() {
        let root = tempfile::tempdir().unwrap();
        let cache = Cache::open(root.path());
        cache.put("sim-", "sim-1", "one");
        assert_eq!(cache.get("sim-1").as_deref(), Some("one"));
        let dir = root.path().join(FOLDER);
        assert_eq!(fs::read_to_string(dir.join(".gitignore")).unwrap(), "*\n");
        assert!(
            fs::read_to_string(dir.join(TAG))
                .unwrap()
                .starts_with("Signature: ")
        );
        // A newer entry of the same family replaces the older one.
        cache.put("sim-", "sim-2", "two");
        assert_eq!(cache.get("sim-1"), None);
        assert_eq!(cache.get("sim-2").as_deref(), Some("two"));
        assert_eq!(
            Cache::open(root.path()).get("sim-2").as_deref(),
            Some("two")
        );
    }

    #[test]
    fn a_folder_of_that_name_not_ours_is_left_alone() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join(FOLDER);
        fs::create_dir(&dir).unwrap();
        fs::write(dir.join("sim-1"), "the user's").unwrap();
        let cache = Cache::open(root.path());
        cache.put("sim-", "sim-2", "two");
        assert_eq!(cache.get("sim-1"), None);
        assert_eq!(fs::read_to_string(dir.join("sim-1")).unwrap(), "the user's");
        assert!(!dir.join("sim-2").exists());
        // A file of that name is no cache either.
        let root = tempfile::tempdir().unwrap();
        fs::write(root.path().join(FOLDER), "x").unwrap();
        Cache::open(root.path()).put("sim-", "sim-2", "two");
        assert_eq!(fs::read_to_string(root.path().join(FOLDER)).unwrap(), "x");
    }
}
