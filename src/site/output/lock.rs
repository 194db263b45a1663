//! The lock beside the output, `.NAME.lock`: one build at a time writes into a folder. While a
//! build holds it, every temporary folder beside the output is a killed build's, since a live
//! build holds the lock for as long as its own exist.

use super::{OutputError, Target, io_at, open_own};
use std::fs::{File, TryLockError};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How long a build waits for another to finish writing into the same folder.
const PATIENCE: Duration = Duration::from_secs(120);
const POLL: Duration = Duration::from_millis(50);

/// The held lock; released, and its file removed, when dropped.
pub struct Lock {
    _file: File,
    path: PathBuf,
}

impl Lock {
    /// Takes the lock, waiting (and saying so on stderr) while another build holds it.
    pub fn acquire(target: &Target) -> Result<Lock, OutputError> {
        let path = target.parent.join(format!(".{}.lock", target.name));
        let started = Instant::now();
        let mut told = false;
        loop {
            let Some(file) = open_own(&path, "lock", true)? else {
                continue;
            };
            match file.try_lock() {
                Ok(()) if still_at(&file, &path) => return Ok(Lock { _file: file, path }),
                // The holder removed the file as it finished: lock the one there now.
                Ok(()) => continue,
                Err(TryLockError::WouldBlock) => {}
                Err(TryLockError::Error(e)) => return Err(io_at(&path)(e)),
            }
            if !told {
                eprintln!(
                    "waiting for another mournival to finish writing into {} (it holds {})",
                    target.shown.display(),
                    path.display()
                );
                told = true;
            }
            if started.elapsed() > PATIENCE {
                return Err(OutputError::Busy {
                    shown: target.shown.clone(),
                    lock: path,
                    seconds: PATIENCE.as_secs(),
                });
            }
            std::thread::sleep(POLL);
        }
    }
}

impl Drop for Lock {
    /// Removes the file while still holding the lock, so that nothing is left beside the output;
    /// a build waiting on the removed file sees it gone and locks a new one (`still_at`).
    fn drop(&mut self) {
        if cfg!(unix) {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// Whether the locked file is still the one at `path`.
#[cfg(unix)]
fn still_at(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), std::fs::metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

/// Elsewhere the lock file is never removed, so the locked file is always the one at `path`.
#[cfg(not(unix))]
fn still_at(_: &File, _: &Path) -> bool {
    true
}
