//! A file the site in place already holds, byte for byte as the build would write it again, is
//! left as it is: the build writes nothing for it.
//!
//! Most of a rebuilt site is what the last build wrote. Writing it again, or writing a new site
//! and deleting the old one, frees what the old files held: on a disk that discards what is
//! freed (mounted with `discard`), that waits for the disk, and a clean build spent about a
//! third of its time deleting the site it replaced.
//!
//! Only files the last build's marker lists as written are looked at, never through a symbolic
//! link; a file is left only if it has no other link (a file the user linked elsewhere, with
//! `cp -al`, is written anew so that the site shares its data with nothing).

use std::fs::File;
use std::io::Read;
use std::path::Path;

/// Whether the regular file at `path` (opened without following a link) holds exactly `bytes`
/// and has no other link. Any doubt (not a regular file, another size or bytes) is a no, and the
/// caller writes the file.
pub(super) fn unchanged(path: &Path, bytes: &[u8]) -> bool {
    let Some(mut file) = open_plain(path) else {
        return false;
    };
    let Ok(meta) = file.metadata() else {
        return false;
    };
    if !meta.is_file() || meta.len() != bytes.len() as u64 || !alone(&meta) {
        return false;
    }
    let mut chunk = vec![0; CHUNK.min(bytes.len().max(1))];
    bytes.chunks(chunk.len()).all(|expected| {
        let got = &mut chunk[..expected.len()];
        file.read_exact(got).is_ok() && got == expected
    })
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

/// Whether the file has no other link than its name in the site.
#[cfg(unix)]
fn alone(meta: &std::fs::Metadata) -> bool {
    std::os::unix::fs::MetadataExt::nlink(meta) == 1
}

/// Without link counts, a file is always written anew.
#[cfg(not(unix))]
fn alone(_: &std::fs::Metadata) -> bool {
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_same_bytes_are_unchanged() {
        let dir = tempfile::tempdir().unwrap();
        let live = dir.path().join("live.html");
        std::fs::write(&live, "<p>Gleek</p>").unwrap();
        for (bytes, name) in [
            (&b"<p>Glic</p>"[..], "shorter"),
            (b"<p>Glic!</p>", "same size"),
            (b"<p>Gleek</p>\n", "longer"),
        ] {
            assert!(!unchanged(&live, bytes), "{name}");
        }
        assert!(unchanged(&live, b"<p>Gleek</p>"));
        assert!(!unchanged(&dir.path().join("missing"), b""));
    }

    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_in_the_live_site_is_never_unchanged() {
        let dir = tempfile::tempdir().unwrap();
        let outside = dir.path().join("outside.html");
        std::fs::write(&outside, "<p>Put</p>").unwrap();
        let live = dir.path().join("live.html");
        std::os::unix::fs::symlink(&outside, &live).unwrap();
        assert!(!unchanged(&live, b"<p>Put</p>"));
    }

    /// A file the user linked elsewhere (a backup made with `cp -al`) is written anew, so that
    /// nothing the user keeps shares its data with the site.
    #[cfg(unix)]
    #[test]
    fn a_file_with_another_link_is_not_unchanged() {
        let dir = tempfile::tempdir().unwrap();
        let live = dir.path().join("live.html");
        std::fs::write(&live, "<p>Glic</p>").unwrap();
        assert!(unchanged(&live, b"<p>Glic</p>"));
        std::fs::hard_link(&live, dir.path().join("backup.html")).unwrap();
        assert!(!unchanged(&live, b"<p>Glic</p>"));
    }
}
