//! The build's cache: `.mournival-cache/` in the project folder, a folder the tool makes and
//! owns (tagged with `CACHEDIR.TAG`, ignored by git through its own `.gitignore`). It holds what
//! is slow to make and fully determined by its inputs, each entry named by its inputs' hash: a
//! changed input is a new name, so an entry is never stale.
//!
//! The cache is never needed: a folder of that name that the tool did not make, a link, an entry
//! that cannot be read or written, are all passed over, and the work is done again.

pub(crate) mod fields;

use std::fs;
use std::hash::{DefaultHasher, Hash};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

pub const FOLDER: &str = ".mournival-cache";
const TAG: &str = "CACHEDIR.TAG";
/// The cache directory tag's first line, as the convention requires, then whose it is.
const TAG_TEXT: &str = "Signature: 8a477f597d28d172789f06886806bc55\n\
# This folder is a cache made by mournival (the site generator); it may be deleted.\n";
/// The largest entry read back: the pack of the pages' entries takes about 500 bytes a page.
const MAX_ENTRY: u64 = 64 * 1024 * 1024;

/// The cache of a project, if it may be used.
#[derive(Clone)]
pub struct Cache {
    dir: Option<PathBuf>,
}

impl Cache {
    /// The project's cache folder, made if it is missing; none if the name is taken by anything
    /// the tool did not make.
    pub fn open(root: &Path) -> Cache {
        let dir = root.join(FOLDER);
        if fs::symlink_metadata(&dir).is_err() {
            // Whether made here or by another build at this moment, it is looked at below.
            let _ = make(&dir);
        }
        let ours = fs::symlink_metadata(&dir).is_ok_and(|m| m.is_dir())
            && read_file(&dir.join(TAG), 4096).is_some_and(|t| t == TAG_TEXT.as_bytes());
        Cache {
            dir: ours.then_some(dir),
        }
    }

    fn path(&self, name: &str) -> Option<PathBuf> {
        self.dir.as_ref().map(|d| d.join(name))
    }

    /// An entry, if it is there, readable and whole: its digest must match (see [`seal`]).
    pub fn get(&self, name: &str) -> Option<String> {
        let bytes = read_file(&self.path(name)?, MAX_ENTRY)?;
        let mut text = String::from_utf8(bytes).ok()?;
        let head = text.find('\n')?;
        (text[..head] == seal(&text[head + 1..])).then_some(())?;
        // The body moved to the front, in place: a pack of megabytes is not copied anew.
        text.drain(..=head);
        Some(text)
    }

    /// Whether the cache may be used: the folder is the tool's.
    pub fn is_open(&self) -> bool {
        self.dir.is_some()
    }

    /// Stores an entry (written beside, then renamed into place) and removes the other entries
    /// whose names start with `family`: the older results of the same page.
    pub fn put(&self, family: &str, name: &str, text: &str) {
        if self.store(name, text) {
            self.retain(&[family], |file| file == name);
        }
    }

    /// Stores an entry, written beside and renamed into place; whether it was stored.
    pub fn store(&self, name: &str, text: &str) -> bool {
        let (Some(dir), Some(path)) = (&self.dir, self.path(name)) else {
            return false;
        };
        let partial = dir.join(format!(".{name}.{}", std::process::id()));
        // A new file only: whatever is at the temporary name (a link planted there) is left
        // alone, never written through, and the entry is not stored.
        let Ok(mut file) = fs::File::create_new(&partial) else {
            return false;
        };
        // The seal written before the text, not joined to it: a pack of megabytes is not copied.
        let head = format!("{}\n", seal(text));
        let written =
            (file.write_all(head.as_bytes())).and_then(|_| file.write_all(text.as_bytes()));
        if written.is_err() || fs::rename(&partial, &path).is_err() {
            let _ = fs::remove_file(&partial);
            return false;
        }
        true
    }

    /// Removes the entries whose names start with one of `prefixes` but those `keep` says to
    /// keep: in one pass over the folder, however many entries are kept.
    pub fn retain(&self, prefixes: &[&str], keep: impl Fn(&str) -> bool) {
        let Some(Ok(entries)) = self.dir.as_ref().map(fs::read_dir) else {
            return;
        };
        for entry in entries.flatten() {
            let file = entry.file_name().to_string_lossy().into_owned();
            if prefixes.iter().any(|p| file.starts_with(p)) && !keep(&file) {
                let _ = fs::remove_file(entry.path());
            }
        }
    }
}

/// An entry's first line: its length and digest, so that an entry cut short or changed after it
/// was written is not used. The digest guards against accidents and edits, not against someone
/// who recomputes it: whoever can write the cache can write the content too. A fast one (the
/// pack and the manifest are megabytes, read and written by every build).
fn seal(text: &str) -> String {
    use std::hash::BuildHasher;
    const SEED: u64 = 0x6d6f_7572_6e69_7661; // "mournival"
    let digest = foldhash::fast::FixedState::with_seed(SEED).hash_one(text);
    format!("mournival-cache {} {digest:016x}", text.len())
}

/// A regular file's bytes, if it holds at most `max`; never a link, FIFO or anything else.
fn read_file(path: &Path, max: u64) -> Option<Vec<u8>> {
    let (file, meta) = open_regular(path)?;
    if meta.len() > max {
        return None;
    }
    let mut bytes = Vec::new();
    file.take(max + 1).read_to_end(&mut bytes).ok()?;
    (bytes.len() as u64 <= max).then_some(bytes)
}

/// A regular file opened, with what it is: never through a symbolic link, never blocking on a
/// FIFO put in its place.
pub(super) fn open_regular(path: &Path) -> Option<(fs::File, fs::Metadata)> {
    let mut options = fs::File::options();
    options.read(true);
    #[cfg(target_os = "linux")]
    {
        use rustix::fs::OFlags;
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags((OFlags::NOFOLLOW | OFlags::NONBLOCK).bits() as i32);
    }
    #[cfg(not(target_os = "linux"))]
    if !fs::symlink_metadata(path).ok()?.is_file() {
        return None;
    }
    let file = options.open(path).ok()?;
    let meta = file.metadata().ok()?;
    meta.is_file().then_some((file, meta))
}

/// Makes the cache folder whole or not at all: filled under a name of its own, then renamed
/// into place, never over anything. Another build opening the cache at that moment (a thread, or
/// another process) finds no folder or a tagged one, never one made but not yet tagged.
fn make(dir: &Path) -> std::io::Result<()> {
    static MADE: AtomicUsize = AtomicUsize::new(0);
    let n = MADE.fetch_add(1, Ordering::Relaxed);
    let temp = dir.with_file_name(format!("{FOLDER}.new-{}-{n}", std::process::id()));
    fs::create_dir(&temp)?;
    let mut created = Vec::new();
    let made = [(".gitignore", "*\n"), (TAG, TAG_TEXT)]
        .into_iter()
        .try_for_each(|(name, text)| {
            let mut file = fs::File::create_new(temp.join(name))?;
            created.push(name);
            file.write_all(text.as_bytes())
        })
        .and_then(|()| super::output::rename_no_replace(&temp, dir));
    if made.is_err() {
        // Only what was made here is removed: its files, then the folder if that empties it.
        for name in created {
            let _ = fs::remove_file(temp.join(name));
        }
        let _ = fs::remove_dir(&temp);
    }
    made
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

    /// Threads that open a new project's cache at once (each game's simulation does) all find
    /// it theirs: none sees the folder made but not yet tagged. Nothing is left beside it.
    #[test]
    fn threads_opening_a_new_cache_at_once_all_get_it() {
        for _ in 0..40 {
            let root = tempfile::tempdir().unwrap();
            let open: Vec<bool> = std::thread::scope(|s| {
                let threads: Vec<_> = (0..4)
                    .map(|_| s.spawn(|| Cache::open(root.path()).is_open()))
                    .collect();
                threads.into_iter().map(|t| t.join().unwrap()).collect()
            });
            assert_eq!(open, [true; 4]);
            let beside: Vec<_> = fs::read_dir(root.path()).unwrap().flatten().collect();
            assert_eq!(beside.len(), 1, "{beside:?}");
        }
    }

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
    fn a_changed_or_cut_entry_is_not_used() {
        let root = tempfile::tempdir().unwrap();
        let cache = Cache::open(root.path());
        cache.put("sim-", "sim-1", "<p>one</p>");
        let path = root.path().join(FOLDER).join("sim-1");
        let whole = fs::read_to_string(&path).unwrap();
        fs::write(&path, format!("{whole}<script>alert(1)</script>")).unwrap();
        assert_eq!(cache.get("sim-1"), None, "appended to");
        fs::write(&path, &whole[..whole.len() - 3]).unwrap();
        assert_eq!(cache.get("sim-1"), None, "cut short");
        fs::write(&path, "<p>one</p>").unwrap();
        assert_eq!(cache.get("sim-1"), None, "no digest");
        fs::write(&path, &whole).unwrap();
        assert_eq!(cache.get("sim-1").as_deref(), Some("<p>one</p>"));
    }

    #[cfg(unix)]
    #[test]
    fn a_link_at_the_temporary_name_is_never_written_through() {
        let root = tempfile::tempdir().unwrap();
        let cache = Cache::open(root.path());
        let theirs = root.path().join("theirs.txt");
        fs::write(&theirs, "the user's").unwrap();
        let temp = root
            .path()
            .join(FOLDER)
            .join(format!(".sim-1.{}", std::process::id()));
        std::os::unix::fs::symlink(&theirs, &temp).unwrap();
        cache.put("sim-", "sim-1", "one");
        assert_eq!(fs::read_to_string(&theirs).unwrap(), "the user's");
        assert_eq!(cache.get("sim-1"), None);
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
