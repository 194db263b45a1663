//! What the last cached build read and wrote (`build` without `--no-cache`): every input file
//! with the digest of its bytes, every file of the site with its digest, size and time, every
//! folder of the site with its time, and what the build reported. When every input's bytes are
//! the same and every file and folder of the site is as that build left it, nothing is rendered
//! or written. Kept in the project's cache ([`super::cache`]), sealed like every entry there.
//!
//! Each input is kept with its stamp ([`Seen`]: size, times, inode), as git's index keeps it: a
//! later scan takes a file whose stamp is the same as unchanged without reading it, unless its
//! times were too close to the last scan's start to tell a change made just after ("racily
//! clean": then it is read and digested, as every other file).

use super::BuildReport;
use super::cache::Cache;
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::fs::{self, Metadata};
use std::hash::Hasher;
use std::path::{Path, PathBuf};

/// The most input files looked at; a project with more is built without the cache.
const MAX_INPUTS: usize = 200_000;
const HEADER: &str = "mournival-manifest 2";

/// An input file: where, how large, and the digest of its bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Input {
    pub(super) path: PathBuf,
    pub(super) size: u64,
    pub(super) digest: u64,
}

/// Every file the build may read, as it stands before the build reads it, with the stamp of
/// every file and folder looked at (taken before it was read), to tell whether any changed
/// while the build ran without reading them all again.
pub(super) struct Inputs {
    pub(super) files: Vec<Input>,
    stamps: Vec<Seen>,
    folders: Vec<Folder>,
    /// When the scan began (nanoseconds since the epoch, as stamps are).
    began: i128,
    /// How many files were read and digested (the others' stamps were believed).
    pub(super) read: usize,
}

/// A folder looked at: its stamp, and the names it held where its time was too close to the
/// scan's to tell a later change by.
struct Folder {
    path: PathBuf,
    stamp: Stamp,
    racy: Option<Vec<std::ffi::OsString>>,
}

/// How close to the scan a file's time may be for a change made while the build ran to leave
/// it as it was (the file system's clock moves in steps of a few milliseconds): such a file
/// is read again to tell.
const RACY: i128 = 1_000_000_000;

impl Inputs {
    /// Reads and digests every file under the given folders (and the given files), in parallel,
    /// but those the `last` scan found with the same stamp, not racily (see [`Seen::racy`]).
    /// `None` when the inputs cannot all be looked at: a symbolic link among them (a build
    /// without the cache reads what it points to), an unreadable entry, too many.
    pub(super) fn scan(
        folders: &[PathBuf],
        files: &[PathBuf],
        last: Option<&Manifest>,
    ) -> Option<Inputs> {
        let began = Stamp::now();
        let mut paths = Vec::new();
        for file in files {
            match fs::symlink_metadata(file) {
                Ok(m) if m.is_file() => paths.push(file.clone()),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                _ => return None,
            }
        }
        let mut dirs = Vec::new();
        for folder in folders {
            walk(folder, &mut paths, &mut dirs, began)?;
        }
        // By their bytes: any order will do, the same every build, and components cost more.
        paths.sort_unstable_by(|a, b| a.as_os_str().cmp(b.as_os_str()));
        paths.dedup();
        let known: super::Map<&Path, (&Input, &Seen)> = (last.into_iter())
            .flat_map(|m| m.inputs.iter().zip(&m.seen))
            .filter(|(_, seen)| !seen.racy(last.map_or(0, |m| m.began)))
            .map(|(input, seen)| (input.path.as_path(), (input, seen)))
            .collect();
        let (files, stamps) = paths
            .into_par_iter()
            .map(|path| match known.get(path.as_path()) {
                Some((input, seen)) if Seen::at(&path) == Some(**seen) => {
                    Some(((*input).clone(), **seen))
                }
                _ => read_input(path),
            })
            .collect::<Option<(Vec<Input>, Vec<Seen>)>>()?;
        let read = files.len()
            - (files.iter().zip(&stamps))
                .filter(|(i, s)| known.get(i.path.as_path()).is_some_and(|(_, k)| k == s))
                .count();
        Some(Inputs {
            files,
            stamps,
            folders: dirs,
            began,
            read,
        })
    }

    /// Whether every input is still as the scan found it: every file and folder of the same
    /// size and time (a file added or removed changes its folder's time), and a file whose time
    /// was too close to the scan's to tell, of the same bytes.
    pub(super) fn unchanged(&self) -> bool {
        let files = (self.files.par_iter().zip(self.stamps.par_iter())).all(|(input, was)| {
            Seen::at(&input.path) == Some(*was)
                && (!was.racy(self.began)
                    || fs::read(&input.path).is_ok_and(|b| super::sink::digest(&b) == input.digest))
        });
        let stamp = |path: &Path| Stamp::of(&fs::symlink_metadata(path).ok()?);
        files
            && self.folders.par_iter().all(|f| {
                stamp(&f.path) == Some(f.stamp)
                    && f.racy
                        .as_ref()
                        .is_none_or(|names| names_in(&f.path).as_ref() == Some(names))
            })
    }
}

/// The input at `path`, read and digested, with its stamp.
fn read_input(path: PathBuf) -> Option<(Input, Seen)> {
    let (bytes, stamp) = read_file(&path)?;
    let input = Input {
        size: bytes.len() as u64,
        digest: super::sink::digest(&bytes),
        path,
    };
    Some((input, stamp))
}

/// A regular file's bytes and its stamp, taken from the file opened.
fn read_file(path: &Path) -> Option<(Vec<u8>, Seen)> {
    use std::io::Read;
    let (mut file, meta) = super::cache::open_regular(path)?;
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.read_to_end(&mut bytes).ok()?;
    Some((bytes, Seen::of(&meta)?))
}

/// The names of a folder's entries, sorted.
fn names_in(dir: &Path) -> Option<Vec<std::ffi::OsString>> {
    let mut names = Vec::new();
    for entry in fs::read_dir(dir).ok()? {
        names.push(entry.ok()?.file_name());
    }
    names.sort();
    Some(names)
}

/// Every file under `dir` (none if it is missing), never through a symbolic link, and every
/// folder with its stamp, taken before its entries are listed (and its entries' names, if its
/// time is too close to `began` to tell a later change by).
fn walk(
    dir: &Path,
    paths: &mut Vec<PathBuf>,
    folders: &mut Vec<Folder>,
    began: i128,
) -> Option<()> {
    match fs::symlink_metadata(dir) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Some(()),
        Ok(m) if m.is_file() => {
            paths.push(dir.to_path_buf());
            return Some(());
        }
        Ok(m) if m.is_dir() => {}
        _ => return None,
    }
    let mut pending = vec![dir.to_path_buf()];
    while let Some(d) = pending.pop() {
        let stamp = Stamp::of(&fs::symlink_metadata(&d).ok()?)?;
        let mut names = (stamp.time >= began - RACY).then(Vec::new);
        for entry in fs::read_dir(&d).ok()? {
            let entry = entry.ok()?;
            let kind = entry.file_type().ok()?;
            if kind.is_dir() {
                pending.push(entry.path());
            } else if kind.is_file() {
                paths.push(entry.path());
            } else {
                return None;
            }
            if let Some(names) = names.as_mut() {
                names.push(entry.file_name());
            }
            if paths.len() + pending.len() > MAX_INPUTS {
                return None;
            }
        }
        if let Some(names) = names.as_mut() {
            names.sort();
        }
        folders.push(Folder {
            path: d,
            stamp,
            racy: names,
        });
    }
    Some(())
}

/// A file's or folder's size and modification time (nanoseconds), as the file system keeps them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Stamp {
    size: u64,
    time: i128,
}

impl Stamp {
    fn of(meta: &Metadata) -> Option<Stamp> {
        Some(Stamp {
            size: meta.len(),
            time: nanos(meta.modified().ok()?),
        })
    }

    /// The time now, as a stamp's.
    fn now() -> i128 {
        nanos(std::time::SystemTime::now())
    }
}

/// An input file's stamp, as git's index keeps it: size, modification and change times
/// (nanoseconds), device and inode. An edit changes the modification time; one whose time is
/// set back after (`touch -d`) changes the change time, which cannot be set; a file replaced
/// by another (a rename over it) has another inode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(super) struct Seen {
    size: u64,
    time: i128,
    changed: i128,
    dev: u64,
    ino: u64,
}

impl Seen {
    /// The stamp of the regular file at `path` (not through a link).
    fn at(path: &Path) -> Option<Seen> {
        Seen::of(&fs::symlink_metadata(path).ok()?)
    }

    fn of(meta: &Metadata) -> Option<Seen> {
        if !meta.is_file() {
            return None;
        }
        let time = nanos(meta.modified().ok()?);
        #[cfg(unix)]
        let (changed, dev, ino) = {
            use std::os::unix::fs::MetadataExt;
            let changed = i128::from(meta.ctime()) * 1_000_000_000 + i128::from(meta.ctime_nsec());
            (changed, meta.dev(), meta.ino())
        };
        #[cfg(not(unix))]
        let (changed, dev, ino) = (time, 0, 0);
        Some(Seen {
            size: meta.len(),
            time,
            changed,
            dev,
            ino,
        })
    }

    /// Whether a change made after the stamp was taken, by a scan that began at `began`, could
    /// leave it as it is: its times are too close to the scan's for the file system's clock to
    /// have moved on since ("racily clean", as git says). Such a file is read again to tell.
    fn racy(&self, began: i128) -> bool {
        self.time >= began - RACY || self.changed >= began - RACY
    }
}

/// A time in nanoseconds since the epoch.
fn nanos(time: std::time::SystemTime) -> i128 {
    match time.duration_since(std::time::UNIX_EPOCH) {
        Ok(d) => d.as_nanos() as i128,
        Err(e) => -(e.duration().as_nanos() as i128),
    }
}

/// The site as a build left it: each file (relative path) with its digest and stamp, each
/// folder with its stamp (a file added, removed or renamed in a folder changes its time), the
/// marker, and the output folder's identity.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub(super) struct Site {
    pub(super) files: Vec<(String, u64, Stamp)>,
    folders: Vec<(String, Stamp)>,
    identity: (u64, u64),
}

impl Site {
    /// Stamps the site at `out` after a build wrote `written` (path, digest) there.
    pub(super) fn stamp(out: &Path, written: &[(String, u64)]) -> Option<Site> {
        Site::stamp_beside(out, written, &HashMap::new(), &HashMap::new())
    }

    /// As [`Site::stamp`], after a build found the site as stamped here, wrote into it only the
    /// files `changed` and removed those it no longer has: every other file, and every folder
    /// none of those lies in (an entry added or removed changes its folder's time), is as
    /// stamped here and is not looked at again.
    pub(super) fn restamp(
        &self,
        out: &Path,
        written: &[(String, u64)],
        changed: &[String],
    ) -> Option<Site> {
        let now: HashSet<&str> = written.iter().map(|(p, _)| p.as_str()).collect();
        let gone = (self.files.iter().map(|(p, _, _)| p.as_str())).filter(|p| !now.contains(p));
        let moved: HashSet<&str> = changed.iter().map(String::as_str).chain(gone).collect();
        let files: HashMap<&str, (u64, Stamp)> = (self.files.iter())
            .filter(|(p, _, _)| !moved.contains(p.as_str()))
            .map(|(p, d, s)| (p.as_str(), (*d, *s)))
            .collect();
        let touched: HashSet<&str> = (moved.iter())
            .flat_map(|p| p.match_indices('/').map(|(i, _)| &p[..i]))
            .collect();
        let folders: HashMap<&str, Stamp> = (self.folders.iter())
            .filter(|(f, _)| !f.is_empty() && f != super::output::MARKER)
            .filter(|(f, _)| !touched.contains(f.as_str()))
            .map(|(f, s)| (f.as_str(), *s))
            .collect();
        Site::stamp_beside(out, written, &files, &folders)
    }

    /// Stamps the site, taking the stamps of the files (of the same digest) and folders given.
    fn stamp_beside(
        out: &Path,
        written: &[(String, u64)],
        files: &HashMap<&str, (u64, Stamp)>,
        folders: &HashMap<&str, Stamp>,
    ) -> Option<Site> {
        let files = written
            .par_iter()
            .map(|(path, digest)| {
                let stamp = match files.get(path.as_str()) {
                    Some((d, stamp)) if d == digest => *stamp,
                    _ => file_stamp(out, path)?,
                };
                Some((path.clone(), *digest, stamp))
            })
            .collect::<Option<Vec<_>>>()?;
        let mut names: Vec<String> = written
            .iter()
            .flat_map(|(p, _)| p.match_indices('/').map(|(i, _)| p[..i].to_string()))
            .chain([String::new(), super::output::MARKER.to_string()])
            .collect();
        names.sort_unstable();
        names.dedup();
        let folders = names
            .into_par_iter()
            .map(|f| {
                let stamp = match folders.get(f.as_str()) {
                    Some(stamp) => *stamp,
                    None => Stamp::of(&fs::symlink_metadata(out.join(&f)).ok()?)?,
                };
                Some((f, stamp))
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Site {
            files,
            folders,
            identity: identity(out)?,
        })
    }

    /// Whether the site at `out` is still as stamped: the same folder, every file and folder
    /// of the same size and time.
    pub(super) fn intact(&self, out: &Path) -> bool {
        identity(out) == Some(self.identity)
            && self
                .files
                .par_iter()
                .all(|(path, _, stamp)| file_stamp(out, path) == Some(*stamp))
            && self.folders.par_iter().all(|(path, stamp)| {
                fs::symlink_metadata(out.join(path))
                    .ok()
                    .and_then(|m| Stamp::of(&m))
                    == Some(*stamp)
            })
    }

    /// The digest of every file, by path.
    pub(super) fn digests(&self) -> HashMap<String, u64> {
        self.files.iter().map(|(p, d, _)| (p.clone(), *d)).collect()
    }
}

fn file_stamp(out: &Path, rel: &str) -> Option<Stamp> {
    let meta = fs::symlink_metadata(out.join(rel)).ok()?;
    meta.is_file().then(|| Stamp::of(&meta)).flatten()
}

/// A folder's identity on its file system: another build swaps in a folder of its own.
fn identity(path: &Path) -> Option<(u64, u64)> {
    let meta = fs::symlink_metadata(path).ok()?;
    if !meta.is_dir() {
        return None;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Some((meta.dev(), meta.ino()))
    }
    #[cfg(not(unix))]
    {
        Some((0, 0))
    }
}

/// What the last cached build read, wrote and reported.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Manifest {
    /// The digest of the tool and of the options the build ran with.
    pub(super) key: u64,
    pub(super) inputs: Vec<Input>,
    /// Each input's stamp, as the scan took it.
    seen: Vec<Seen>,
    /// When that scan began: a stamp too close to it says nothing (see [`Seen::racy`]).
    began: i128,
    pub(super) site: Site,
    pub(super) report: BuildReport,
}

impl Manifest {
    /// The manifest of a build that read `inputs`, made the `site` and reported `report`.
    pub(super) fn new(key: u64, inputs: Inputs, site: Site, report: BuildReport) -> Manifest {
        Manifest {
            key,
            inputs: inputs.files,
            seen: inputs.stamps,
            began: inputs.began,
            site,
            report,
        }
    }

    /// The manifest's entry name in the cache: one per content folder and output folder.
    pub(super) fn name(content: &Path, out: &Path) -> String {
        let mut h = super::sink::Digest::default();
        h.write(content.as_os_str().as_encoded_bytes());
        h.write_u8(0);
        h.write(out.as_os_str().as_encoded_bytes());
        format!("manifest-{:016x}", h.finish())
    }

    pub(super) fn load(cache: &Cache, name: &str) -> Option<Manifest> {
        Manifest::parse(&cache.get(name)?)
    }

    /// Stores the manifest, if every path and line of the report can be written on a line.
    pub(super) fn save(&self, cache: &Cache, name: &str) {
        if let Some(text) = self.text() {
            cache.store(name, &text);
        }
    }

    fn text(&self) -> Option<String> {
        let r = &self.report;
        let mut t = format!("{HEADER}\nkey {:016x}\nbegan {}\n", self.key, self.began);
        let _ = writeln!(
            t,
            "report {} {} {} {} {}",
            r.pages, r.scenarios, r.evaluations, r.unverified, r.files
        );
        let (dev, ino) = self.site.identity;
        let _ = writeln!(t, "folder {dev} {ino}");
        let lines = |t: &mut String, tag: &str, items: &[String]| {
            for item in items {
                let _ = writeln!(t, "{tag} {item}");
            }
        };
        lines(&mut t, "note", &r.notes);
        lines(&mut t, "unverified", &r.unverified_by_text);
        (self.seen.len() == self.inputs.len()).then_some(())?;
        for (i, s) in self.inputs.iter().zip(&self.seen) {
            let path = i.path.to_str()?;
            let (digest, time, changed) = (i.digest, s.time, s.changed);
            let _ = writeln!(
                t,
                "in {} {digest:016x} {time} {changed} {} {} {path}",
                i.size, s.dev, s.ino
            );
        }
        for (path, digest, s) in &self.site.files {
            let _ = writeln!(t, "out {} {} {digest:016x} {path}", s.size, s.time);
        }
        for (path, s) in &self.site.folders {
            let _ = writeln!(t, "dir {} {} /{path}", s.size, s.time);
        }
        (t.lines().count() == 5 + r.notes.len() + r.unverified_by_text.len() + self.lines())
            .then_some(t)
    }

    /// How many lines the inputs and the site take.
    fn lines(&self) -> usize {
        self.inputs.len() + self.site.files.len() + self.site.folders.len()
    }

    fn parse(text: &str) -> Option<Manifest> {
        let mut lines = text.lines();
        (lines.next()? == HEADER).then_some(())?;
        let key = u64::from_str_radix(lines.next()?.strip_prefix("key ")?, 16).ok()?;
        let began = lines.next()?.strip_prefix("began ")?.parse().ok()?;
        let mut report = BuildReport::default();
        let mut n = lines.next()?.strip_prefix("report ")?.split(' ');
        let mut next = || n.next()?.parse::<usize>().ok();
        (
            report.pages,
            report.scenarios,
            report.evaluations,
            report.unverified,
            report.files,
        ) = (next()?, next()?, next()?, next()?, next()?);
        let mut f = lines.next()?.strip_prefix("folder ")?.split(' ');
        let identity = (f.next()?.parse().ok()?, f.next()?.parse().ok()?);
        let mut m = Manifest {
            key,
            inputs: Vec::new(),
            seen: Vec::new(),
            began,
            site: Site {
                identity,
                ..Site::default()
            },
            report,
        };
        for line in lines {
            m.parse_line(line)?;
        }
        Some(m)
    }

    fn parse_line(&mut self, line: &str) -> Option<()> {
        let (tag, rest) = line.split_once(' ')?;
        let num = |s: &str| s.parse::<u64>().ok();
        let hex = |s: &str| u64::from_str_radix(s, 16).ok();
        match tag {
            "note" => self.report.notes.push(rest.to_string()),
            "unverified" => self.report.unverified_by_text.push(rest.to_string()),
            "in" => {
                let mut p = rest.splitn(7, ' ');
                let (size, digest) = (num(p.next()?)?, hex(p.next()?)?);
                let (time, changed) = (p.next()?.parse().ok()?, p.next()?.parse().ok()?);
                let (dev, ino) = (num(p.next()?)?, num(p.next()?)?);
                let path = PathBuf::from(p.next()?);
                self.inputs.push(Input { path, size, digest });
                let seen = Seen {
                    size,
                    time,
                    changed,
                    dev,
                    ino,
                };
                self.seen.push(seen);
            }
            "out" => {
                let mut p = rest.splitn(4, ' ');
                let (size, time) = (num(p.next()?)?, p.next()?.parse().ok()?);
                let digest = hex(p.next()?)?;
                let path = p.next()?.to_string();
                self.site.files.push((path, digest, Stamp { size, time }));
            }
            "dir" => {
                let mut p = rest.splitn(3, ' ');
                let (size, time) = (num(p.next()?)?, p.next()?.parse().ok()?);
                let path = p.next()?.strip_prefix('/')?.to_string();
                self.site.folders.push((path, Stamp { size, time }));
            }
            _ => return None,
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn manifest() -> Manifest {
        Manifest {
            key: 0xfeed,
            inputs: vec![Input {
                path: PathBuf::from("/p/content/a page.md"),
                size: 12,
                digest: 7,
            }],
            seen: vec![Seen {
                size: 12,
                time: -3,
                changed: 1_700_000_000_123_456_789,
                dev: 2049,
                ino: 77,
            }],
            began: 1_700_000_001_000_000_000,
            site: Site {
                files: vec![(
                    "a page/index.html".into(),
                    u64::MAX,
                    Stamp { size: 3, time: -5 },
                )],
                folders: vec![(String::new(), Stamp { size: 4, time: 9 })],
                identity: (1, 2),
            },
            report: BuildReport {
                pages: 1,
                files: 2,
                notes: vec!["no sitemap.xml: set `base-url:`".into()],
                unverified_by_text: vec!["Stewart: 10 quotation(s)".into()],
                ..BuildReport::default()
            },
        }
    }

    #[test]
    fn a_manifest_reads_back_as_written() {
        let m = manifest();
        assert_eq!(Manifest::parse(&m.text().unwrap()), Some(m));
    }

    #[test]
    fn a_manifest_that_cannot_be_read_back_is_not_written_or_read() {
        let mut m = manifest();
        m.report.notes.push("two\nlines".into());
        assert_eq!(m.text(), None);
        let text = manifest().text().unwrap();
        assert_eq!(Manifest::parse(&text.replace("out 3", "out x")), None);
        assert_eq!(
            Manifest::parse(&text.replace(HEADER, "mournival-manifest 0")),
            None
        );
        assert_eq!(Manifest::parse(&format!("{text}what 1\n")), None);
    }

    /// A project of two files, scanned once; the manifest of that scan, as if it had begun
    /// `later` nanoseconds after it did (a file's times then lie that far before it).
    fn scanned(later: i128) -> (tempfile::TempDir, Vec<PathBuf>, Manifest) {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("content");
        fs::create_dir(&folder).unwrap();
        fs::write(folder.join("a.md"), "Six cards.").unwrap();
        fs::write(folder.join("b.md"), "Ten cards.").unwrap();
        let folders = vec![folder];
        let mut inputs = Inputs::scan(&folders, &[], None).unwrap();
        inputs.began += later;
        let manifest = Manifest::new(1, inputs, Site::default(), BuildReport::default());
        (dir, folders, manifest)
    }

    /// The digest a later scan gives each file.
    fn digests(folders: &[PathBuf], last: &Manifest) -> Vec<u64> {
        let inputs = Inputs::scan(folders, &[], Some(last)).unwrap();
        inputs.files.iter().map(|i| i.digest).collect()
    }

    #[test]
    fn a_file_stamped_as_the_last_scan_found_it_is_not_read() {
        let (_dir, folders, mut last) = scanned(10 * RACY);
        let read = digests(&folders, &last);
        assert_eq!(
            read,
            last.inputs.iter().map(|i| i.digest).collect::<Vec<_>>()
        );
        assert_eq!(Inputs::scan(&folders, &[], Some(&last)).unwrap().read, 0);
        // The manifest's digests are believed: the files were not read again.
        last.inputs.iter_mut().for_each(|i| i.digest ^= 1);
        let believed = digests(&folders, &last);
        assert_eq!(believed, read.iter().map(|d| d ^ 1).collect::<Vec<_>>());
        // Written back, the manifest's stamps still say so.
        let back = Manifest::parse(&last.text().unwrap()).unwrap();
        assert_eq!(digests(&folders, &back), believed);
    }

    #[test]
    fn a_file_changed_since_its_stamp_or_racily_stamped_is_read() {
        let (_dir, folders, mut last) = scanned(10 * RACY);
        let read = digests(&folders, &last);
        last.inputs.iter_mut().for_each(|i| i.digest ^= 1);
        // The same size, the time set back as it was: the change time tells.
        let a = folders[0].join("a.md");
        let time = fs::metadata(&a).unwrap().modified().unwrap();
        fs::write(&a, "Six hands.").unwrap();
        fs::File::options()
            .write(true)
            .open(&a)
            .unwrap()
            .set_modified(time)
            .unwrap();
        assert_eq!(fs::metadata(&a).unwrap().modified().unwrap(), time);
        let now = digests(&folders, &last);
        assert_eq!(now[0], super::super::sink::digest(b"Six hands."));
        assert_eq!(now[1], read[1] ^ 1, "the other file is not read");
        // A file renamed over another, of the same size and modification time.
        let b = folders[0].join("b.md");
        let (times, c) = (fs::metadata(&b).unwrap(), folders[0].join("c"));
        fs::write(&c, "Ten hands.").unwrap();
        let c_file = fs::File::options().write(true).open(&c).unwrap();
        c_file.set_modified(times.modified().unwrap()).unwrap();
        fs::rename(&c, &b).unwrap();
        assert_eq!(
            digests(&folders, &last)[1],
            super::super::sink::digest(b"Ten hands.")
        );
        // Stamps taken within the clock's step of the scan's start are not believed.
        let (_dir, folders, mut racy) = scanned(0);
        let read = digests(&folders, &racy);
        racy.inputs.iter_mut().for_each(|i| i.digest ^= 1);
        assert_eq!(digests(&folders, &racy), read);
        assert_eq!(Inputs::scan(&folders, &[], Some(&racy)).unwrap().read, 2);
    }

    #[test]
    fn a_site_touched_after_its_stamp_is_not_intact() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("site");
        fs::create_dir_all(out.join("a")).unwrap();
        fs::write(out.join("a/index.html"), "one").unwrap();
        fs::write(out.join(super::super::output::MARKER), "m").unwrap();
        let written = [("a/index.html".to_string(), 1)];
        let site = Site::stamp(&out, &written).unwrap();
        assert!(site.intact(&out));
        fs::write(out.join("a/index.html"), "three").unwrap();
        assert!(!site.intact(&out), "a file edited");
        let site = Site::stamp(&out, &written).unwrap();
        fs::write(out.join("a/theirs.html"), "x").unwrap();
        assert!(!site.intact(&out), "a file added");
        let site = Site::stamp(&out, &written).unwrap();
        fs::remove_file(out.join("a/index.html")).unwrap();
        assert!(!site.intact(&out), "a file removed");
    }
}
