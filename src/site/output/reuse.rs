//! A file the site in place already holds, byte for byte as the build would write it again, is
//! linked into the new site instead of written.
//!
//! Most of a rebuilt site is what the last build wrote. A link costs no data written, and
//! deleting the old site after the swap then frees only its folders: on a disk that discards
//! what is freed (mounted with `discard`), deleting a file waits for the disk, and a clean
//! build spent about a third of its time deleting the site it replaced.
//!
//! Only files the last build's marker lists as written are looked at, never through a symbolic
//! link; a file is linked only if it has no other link (once the old site is deleted, the new
//! site's file shares its data with nothing), and only if what was linked is the file
//! compared, unchanged since.

use std::fs::File;
use std::io::Read;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether links may still be tried: false once the file system refused one (another file
/// system, or one without hard links), so that no later file pays for a comparison in vain.
pub(super) struct Links(AtomicBool);

impl Default for Links {
    fn default() -> Links {
        Links(AtomicBool::new(true))
    }
}

impl Links {
    /// Links `live` (a file of the site in place) at `dest` in the new site if it holds exactly
    /// `bytes`; whether it did. Any doubt (not a regular file, another size or bytes, the file
    /// changed or replaced meanwhile) is a no, and the caller writes the file.
    pub(super) fn link_same(&self, live: &Path, dest: &Path, bytes: &[u8]) -> bool {
        if !self.0.load(Ordering::Relaxed) {
            return false;
        }
        let Some(before) = same_bytes(live, bytes) else {
            return false;
        };
        if let Err(e) = std::fs::hard_link(live, dest) {
            use std::io::ErrorKind::{AlreadyExists, NotFound};
            if !matches!(e.kind(), NotFound | AlreadyExists) {
                self.0.store(false, Ordering::Relaxed);
            }
            return false;
        }
        let linked = std::fs::symlink_metadata(dest).ok();
        if linked.is_some_and(|now| same_file(&before, &now)) {
            return true;
        }
        // Something else took the file's place between the comparison and the link.
        let _ = std::fs::remove_file(dest);
        false
    }
}

/// The metadata of the regular file at `path` (opened without following a link) if it holds
/// exactly `bytes`.
fn same_bytes(path: &Path, bytes: &[u8]) -> Option<std::fs::Metadata> {
    let mut file = open_plain(path)?;
    let meta = file.metadata().ok()?;
    if !meta.is_file() || meta.len() != bytes.len() as u64 || !alone(&meta) {
        return None;
    }
    let mut chunk = vec![0; CHUNK.min(bytes.len().max(1))];
    for expected in bytes.chunks(chunk.len()) {
        let got = &mut chunk[..expected.len()];
        file.read_exact(got).ok()?;
        if got != expected {
            return None;
        }
    }
    Some(meta)
}

/// How much of a file is read at a time to be compared.
const CHUNK: usize = 64 << 10;

/// Opens a file for reading, refusing a symbolic link and never blocking (a FIFO put there).
fn open_plain(path: &Path) -> Option<File> {
    let mut options = File::options();
    options.read(true);
    #[cfg(target_os = "linux")]
    {
        use rustix::fs::OFlags;
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags((OFlags::NOFOLLOW | OFlags::NONBLOCK).bits() as i32);
    }
    options.open(path).ok()
}

/// Whether `now` is the file `before` was taken of, not modified since.
#[cfg(unix)]
fn same_file(before: &std::fs::Metadata, now: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    now.is_file()
        && (now.dev(), now.ino(), now.size()) == (before.dev(), before.ino(), before.size())
        && (now.mtime(), now.mtime_nsec()) == (before.mtime(), before.mtime_nsec())
}

/// Whether the file has no other link than its name in the site.
#[cfg(unix)]
fn alone(meta: &std::fs::Metadata) -> bool {
    std::os::unix::fs::MetadataExt::nlink(meta) == 1
}

#[cfg(not(unix))]
fn alone(_: &std::fs::Metadata) -> bool {
    false
}

/// Without inode numbers a link cannot be checked: files are always written.
#[cfg(not(unix))]
fn same_file(_: &std::fs::Metadata, _: &std::fs::Metadata) -> bool {
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_same_bytes_are_linked() {
        let dir = tempfile::tempdir().unwrap();
        let live = dir.path().join("live.html");
        std::fs::write(&live, "<p>Gleek</p>").unwrap();
        let links = Links::default();
        for (bytes, name) in [
            (&b"<p>Glic</p>"[..], "shorter"),
            (b"<p>Glic!</p>", "same size"),
        ] {
            let dest = dir.path().join(name);
            assert!(!links.link_same(&live, &dest, bytes), "{name}");
            assert!(!dest.exists(), "{name}");
        }
        let dest = dir.path().join("same");
        assert!(links.link_same(&live, &dest, b"<p>Gleek</p>"));
        assert_eq!(std::fs::read(&dest).unwrap(), b"<p>Gleek</p>");
        let missing = dir.path().join("missing");
        assert!(!links.link_same(&missing, &dir.path().join("other"), b""));
    }

    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_in_the_live_site_is_never_linked() {
        let dir = tempfile::tempdir().unwrap();
        let outside = dir.path().join("outside.html");
        std::fs::write(&outside, "<p>Put</p>").unwrap();
        let live = dir.path().join("live.html");
        std::os::unix::fs::symlink(&outside, &live).unwrap();
        let dest = dir.path().join("new.html");
        assert!(!Links::default().link_same(&live, &dest, b"<p>Put</p>"));
        assert!(std::fs::symlink_metadata(&dest).is_err());
    }

    /// A file the user linked elsewhere (a backup made with `cp -al`) is written anew, so that
    /// nothing the user keeps shares its data with the new site.
    #[cfg(unix)]
    #[test]
    fn a_file_with_another_link_is_written_not_linked() {
        let dir = tempfile::tempdir().unwrap();
        let live = dir.path().join("live.html");
        std::fs::write(&live, "<p>Glic</p>").unwrap();
        std::fs::hard_link(&live, dir.path().join("backup.html")).unwrap();
        let dest = dir.path().join("new.html");
        assert!(!Links::default().link_same(&live, &dest, b"<p>Glic</p>"));
        assert!(!dest.exists());
    }
}
