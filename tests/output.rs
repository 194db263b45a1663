//! The output folder as a user meets it: `--out` never replaces a folder mournival did not make,
//! never the project's own folders or the home folder, keeps the files sites keep, and survives
//! killed and concurrent builds.

use assert_cmd::Command;
use predicates::prelude::*;
use std::ffi::OsStr;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How long any one wait may last before the test gives up: builds take well under this.
const PATIENCE: Duration = Duration::from_secs(120);

const MARKER: &str = ".mournival-site";

/// A project folder `p` inside `dir`: the bundled readings and the given pages.
fn project_in(dir: &Path, pages: &[(String, String)]) -> PathBuf {
    let root = dir.join("p");
    let readings = root.join("variants/gleek");
    std::fs::create_dir_all(&readings).unwrap();
    let bundled = Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/gleek");
    for entry in std::fs::read_dir(bundled).unwrap() {
        let from = entry.unwrap().path();
        std::fs::copy(&from, readings.join(from.file_name().unwrap())).unwrap();
    }
    for (name, text) in pages {
        write(&root.join("content").join(name), text);
    }
    root
}

/// A project with a home page saying `text`.
fn project(dir: &Path, text: &str) -> PathBuf {
    project_in(dir, &[("index.md".into(), format!("# Home\n\n{text}\n"))])
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn mournival(root: &Path) -> Command {
    let mut cmd = Command::cargo_bin("mournival").unwrap();
    cmd.arg("--root").arg(root).timeout(PATIENCE);
    cmd
}

/// `build --out OUT`, with `--force` when asked.
fn build_into(root: &Path, out: impl AsRef<OsStr>, force: bool) -> Command {
    let mut cmd = mournival(root);
    cmd.arg("build").arg("--out").arg(out);
    if force {
        cmd.arg("--force");
    }
    cmd
}

/// Runs `cmd` and checks that it refuses: exit code 2, saying `says`.
fn assert_refused(cmd: &mut Command, says: &str) {
    cmd.assert().code(2).stderr(predicate::str::contains(says));
}

/// The names in `dir` starting with `.NAME.`: the build's temporary folders and lock.
fn beside(out: &Path) -> Vec<String> {
    let prefix = format!(".{}.", out.file_name().unwrap().to_string_lossy());
    let mut names: Vec<String> = std::fs::read_dir(out.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(&prefix))
        .collect();
    names.sort();
    names
}

fn assert_built(out: &Path) {
    assert!(
        out.join(MARKER).is_file(),
        "{} has no marker",
        out.display()
    );
    assert!(
        out.join("index.html").is_file(),
        "{} has no index",
        out.display()
    );
}

/// Every file under `dir`, relative, with its text: to show a folder was left exactly as it was.
fn snapshot(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(d) = pending.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else {
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                files.push((path.strip_prefix(dir).unwrap().to_path_buf(), text));
            }
        }
    }
    files.sort();
    files
}

#[test]
fn out_dot_from_a_folder_holding_the_project_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let root = project(dir.path(), "Mine.");
    write(&dir.path().join("thesis.txt"), "years of work");
    let before = snapshot(dir.path());
    for out in [Path::new("."), dir.path()] {
        for force in [false, true] {
            assert_refused(
                build_into(&root, out, force).current_dir(dir.path()),
                &format!("{}: it holds the project folder", out.display()),
            );
        }
    }
    assert_eq!(snapshot(dir.path()), before);
}

#[test]
fn the_content_folder_and_folders_inside_it_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let root = project(dir.path(), "Mine.");
    let before = snapshot(&root);
    let cases = [
        ("content", "it is the content folder"),
        ("content/site", "it is inside the content folder"),
        ("variants", "it is the variants folder"),
        ("templates/site", "it is inside the templates folder"),
    ];
    for force in [false, true] {
        for (out, says) in cases {
            assert_refused(
                build_into(&root, out, force).current_dir(&root),
                &format!("refusing to build into {out}: {says}"),
            );
        }
    }
    assert_eq!(snapshot(&root), before);
}

#[test]
fn the_project_folder_is_refused_even_with_force() {
    let dir = tempfile::tempdir().unwrap();
    let root = project(dir.path(), "Mine.");
    let before = snapshot(&root);
    for force in [false, true] {
        assert_refused(
            &mut build_into(&root, &root, force),
            "it is the project folder",
        );
    }
    assert_eq!(snapshot(&root), before);
}

#[test]
fn the_home_folder_is_refused_even_with_force() {
    let dir = tempfile::tempdir().unwrap();
    let root = project(dir.path(), "Mine.");
    let home = tempfile::tempdir().unwrap();
    write(&home.path().join("letters/1662.txt"), "Dear Cotgrave");
    let before = snapshot(home.path());
    assert_refused(
        build_into(&root, home.path(), false).env("HOME", home.path()),
        "it is your home folder",
    );
    for out in [home.path().to_path_buf(), home.path().join("..")] {
        assert_refused(
            build_into(&root, &out, true).env("HOME", home.path()),
            "refusing to build into",
        );
    }
    assert_eq!(snapshot(home.path()), before);
}

#[test]
fn a_file_as_out_is_refused_and_left_where_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let root = project(dir.path(), "Mine.");
    let report = dir.path().join("report.pdf");
    write(&report, "%PDF my report");
    for force in [false, true] {
        assert_refused(
            &mut build_into(&root, &report, force),
            "report.pdf: it is a file, not a folder",
        );
    }
    assert_eq!(read(&report), "%PDF my report");
    assert_eq!(beside(&report), Vec::<String>::new());
}

#[cfg(unix)]
#[test]
fn a_symbolic_link_is_refused_and_with_force_its_folder_is_built() {
    let dir = tempfile::tempdir().unwrap();
    let root = project(dir.path(), "Mine.");
    let real = dir.path().join("www");
    write(&real.join("photo.jpg"), "a photo");
    let link = dir.path().join("site");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    assert_refused(
        &mut build_into(&root, &link, false),
        "it is a symbolic link to",
    );
    assert!(!real.join(MARKER).exists());
    build_into(&root, &link, true).assert().success();
    assert!(link.is_symlink(), "the link itself is left as it was");
    assert_built(&real);
    assert_eq!(read(&real.join("photo.jpg")), "a photo");
}

#[test]
fn a_folder_of_user_files_is_refused_and_force_keeps_every_file() {
    let dir = tempfile::tempdir().unwrap();
    let root = project(dir.path(), "Mine.");
    let out = dir.path().join("papers");
    write(&out.join("notes.txt"), "my notes");
    write(&out.join("static/logo.png"), "my logo");
    let before = snapshot(&out);
    assert_refused(
        &mut build_into(&root, &out, false),
        "papers: mournival did not make this folder (it has no .mournival-site) and it holds notes.txt",
    );
    assert_eq!(snapshot(&out), before);
    assert_eq!(beside(&out), Vec::<String>::new());

    build_into(&root, &out, true).assert().success();
    assert_built(&out);
    assert!(out.join("static/highlight.css").is_file());
    assert_eq!(read(&out.join("notes.txt")), "my notes");
    assert_eq!(read(&out.join("static/logo.png")), "my logo");

    // Adopted: later builds keep them without being told again.
    build_into(&root, &out, false).assert().success();
    assert_eq!(read(&out.join("notes.txt")), "my notes");
    assert_eq!(read(&out.join("static/logo.png")), "my logo");
    assert_eq!(beside(&out), Vec::<String>::new());
}

#[test]
fn force_never_overwrites_a_file_of_the_users() {
    let dir = tempfile::tempdir().unwrap();
    let root = project(dir.path(), "Mine.");
    let out = dir.path().join("papers");
    write(&out.join("index.html"), "my own home page");
    assert_refused(
        &mut build_into(&root, &out, true),
        "and keep index.html: the build writes index.html",
    );
    assert_eq!(read(&out.join("index.html")), "my own home page");
    assert!(!out.join(MARKER).exists());
    assert_eq!(beside(&out), Vec::<String>::new());
}

#[test]
fn git_cname_nojekyll_and_keep_survive_a_rebuild() {
    let dir = tempfile::tempdir().unwrap();
    let root = project(dir.path(), "First.");
    write(
        &root.join("mournival.yaml"),
        "keep: [google1234.html, docs/report.pdf]\n",
    );
    mournival(&root).arg("build").assert().success();
    let site = root.join("site");
    let kept = [
        (".git/HEAD", "ref: refs/heads/gh-pages"),
        (".git/objects/ab/cdef", "a blob"),
        ("CNAME", "gleek.example.org"),
        (".nojekyll", ""),
        ("google1234.html", "google-site-verification"),
        ("docs/report.pdf", "%PDF"),
    ];
    for (path, text) in kept {
        write(&site.join(path), text);
    }
    write(&root.join("content/index.md"), "# Home\n\nSecond.\n");
    mournival(&root).arg("build").assert().success();
    assert!(read(&site.join("index.html")).contains("Second."));
    for (path, text) in kept {
        assert_eq!(read(&site.join(path)), text, "{path}");
    }
    assert_eq!(beside(&site), Vec::<String>::new());
}

#[test]
fn a_file_dropped_into_the_site_stops_the_rebuild_until_it_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let root = project(dir.path(), "First.");
    mournival(&root).arg("build").assert().success();
    let site = root.join("site");
    write(&site.join("_redirects"), "/old /new");
    write(&root.join("content/index.md"), "# Home\n\nSecond.\n");
    assert_refused(
        mournival(&root).arg("build"),
        "holds files mournival did not write: _redirects",
    );
    assert!(read(&site.join("index.html")).contains("First."));
    write(&root.join("mournival.yaml"), "keep: [_redirects]\n");
    mournival(&root).arg("build").assert().success();
    assert!(read(&site.join("index.html")).contains("Second."));
    assert_eq!(read(&site.join("_redirects")), "/old /new");
}

/// A clean build into the site it built leaves every file it would write again byte for byte as
/// it is (nothing written, nothing freed); a file changed in place since, or linked elsewhere by
/// the user, is written anew.
#[cfg(unix)]
#[test]
fn a_file_built_again_unchanged_is_the_same_file() {
    use std::os::unix::fs::MetadataExt;
    let dir = tempfile::tempdir().unwrap();
    let pages = [
        ("index.md".to_string(), "# Home\n\nFirst.\n".to_string()),
        ("rules.md".into(), "# Rules\n\nThree players.\n".into()),
    ];
    let root = project_in(dir.path(), &pages);
    let site = root.join("site");
    let clean = |root: &Path| {
        mournival(root)
            .args(["build", "--no-cache"])
            .assert()
            .success()
    };
    let inode = |path: &Path| std::fs::metadata(path).unwrap().ino();
    let (home, rules) = (site.join("index.html"), site.join("rules/index.html"));
    clean(&root);
    let rendered = read(&rules);
    let (home_was, rules_was) = (inode(&home), inode(&rules));

    write(&root.join("content/index.md"), "# Home\n\nSecond.\n");
    clean(&root);
    assert!(read(&home).contains("Second."));
    assert_ne!(inode(&home), home_was, "a changed page is written anew");
    assert_eq!(read(&rules), rendered);
    assert_eq!(
        inode(&rules),
        rules_was,
        "an unchanged page is left as it is"
    );
    assert_eq!(std::fs::metadata(&rules).unwrap().nlink(), 1);

    // Edited in place, keeping its size: the build writes what it renders.
    std::fs::write(&rules, rendered.replace("Three", "Four!")).unwrap();
    clean(&root);
    assert_eq!(read(&rules), rendered);
    assert_ne!(inode(&rules), rules_was);

    // Linked elsewhere by the user: that copy keeps its data to itself.
    let backup = dir.path().join("backup.html");
    std::fs::hard_link(&rules, &backup).unwrap();
    clean(&root);
    assert_eq!(read(&rules), rendered);
    assert_ne!(inode(&rules), inode(&backup));
    assert_eq!(beside(&site), Vec::<String>::new());
}

/// `build --no-cache`.
fn clean_build(root: &Path, out: &Path, force: bool) -> Command {
    let mut cmd = build_into(root, out, force);
    cmd.arg("--no-cache");
    cmd
}

/// A clean build into the site it built changes that site in place: a page deleted takes its
/// file and its folder with it, a page added appears, and the site is what a build into a new
/// folder writes.
#[test]
fn a_clean_build_into_its_site_is_a_new_folders_build() {
    let dir = tempfile::tempdir().unwrap();
    let pages = [
        ("index.md".to_string(), "# Home\n\nFirst.\n".to_string()),
        ("old/deal.md".into(), "# An old deal\n\nGleek.\n".into()),
    ];
    let root = project_in(dir.path(), &pages);
    let site = root.join("site");
    clean_build(&root, &site, false).assert().success();
    assert!(site.join("old/deal/index.html").is_file());

    std::fs::remove_dir_all(root.join("content/old")).unwrap();
    write(
        &root.join("content/new/deal.md"),
        "# A new deal\n\nMournival.\n",
    );
    clean_build(&root, &site, false).assert().success();
    assert!(
        !site.join("old").exists(),
        "the deleted page's folder is gone"
    );
    assert!(read(&site.join("new/deal/index.html")).contains("Mournival."));
    let fresh = dir.path().join("fresh");
    clean_build(&root, &fresh, false).assert().success();
    assert_eq!(snapshot(&site), snapshot(&fresh));
    assert_eq!(beside(&site), Vec::<String>::new());
}

/// A file of the user's dropped into the site stops a clean build before anything in the site
/// changes; with `--force` it stays where it is and is kept from then on.
#[test]
fn a_file_of_the_users_stops_a_clean_build_before_the_site_changes() {
    let dir = tempfile::tempdir().unwrap();
    let root = project(dir.path(), "First.");
    let site = root.join("site");
    clean_build(&root, &site, false).assert().success();
    write(&site.join("rules/notes.txt"), "my notes");
    write(&root.join("content/index.md"), "# Home\n\nSecond.\n");
    let before = snapshot(&site);
    assert_refused(
        &mut clean_build(&root, &site, false),
        "holds files mournival did not write: rules/notes.txt",
    );
    assert_eq!(snapshot(&site), before);
    assert_eq!(beside(&site), Vec::<String>::new());

    clean_build(&root, &site, true).assert().success();
    assert!(read(&site.join("index.html")).contains("Second."));
    assert_eq!(read(&site.join("rules/notes.txt")), "my notes");
    write(&root.join("content/index.md"), "# Home\n\nThird.\n");
    clean_build(&root, &site, false).assert().success();
    assert!(read(&site.join("index.html")).contains("Third."));
    assert_eq!(read(&site.join("rules/notes.txt")), "my notes");
    assert_eq!(beside(&site), Vec::<String>::new());
}

/// A folder of the site replaced by a symbolic link: a clean build refuses it, with `--force`
/// too while it would write there, and never writes, reads or removes anything through it; once
/// its page is gone, `--force` keeps the link as the user's.
#[cfg(unix)]
#[test]
fn a_folder_of_the_site_made_a_link_is_never_written_through() {
    let dir = tempfile::tempdir().unwrap();
    let pages = [
        ("index.md".to_string(), "# Home\n\nFirst.\n".to_string()),
        ("deals.md".into(), "# Deals\n\nGleek.\n".into()),
    ];
    let root = project_in(dir.path(), &pages);
    let site = root.join("site");
    clean_build(&root, &site, false).assert().success();
    let elsewhere = dir.path().join("elsewhere");
    write(&elsewhere.join("index.html"), "theirs");
    std::fs::remove_dir_all(site.join("deals")).unwrap();
    std::os::unix::fs::symlink(&elsewhere, site.join("deals")).unwrap();
    write(&root.join("content/index.md"), "# Home\n\nSecond.\n");

    assert_refused(
        &mut clean_build(&root, &site, false),
        "holds files mournival did not write: deals",
    );
    assert_refused(
        &mut clean_build(&root, &site, true),
        "and keep deals: the build writes deals/index.html",
    );
    assert!(read(&site.join("index.html")).contains("First."));

    std::fs::remove_file(root.join("content/deals.md")).unwrap();
    clean_build(&root, &site, true).assert().success();
    assert!(read(&site.join("index.html")).contains("Second."));
    assert!(site.join("deals").is_symlink());
    let theirs = (PathBuf::from("index.html"), "theirs".to_string());
    assert_eq!(snapshot(&elsewhere), vec![theirs]);
    assert!(read(&site.join(MARKER)).contains("\n/deals\n"));
    assert_eq!(beside(&site), Vec::<String>::new());
}

#[test]
fn a_pattern_under_keep_is_a_located_error() {
    let dir = tempfile::tempdir().unwrap();
    let root = project(dir.path(), "First.");
    write(
        &root.join("mournival.yaml"),
        "keep:\n  - CNAME\n  - '*.pdf'\n",
    );
    mournival(&root)
        .arg("build")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("mournival.yaml:3:5\n"))
        .stderr(predicate::str::contains("`*.pdf` is a pattern"));
    assert!(!root.join("site").exists());
}

#[test]
fn stale_temporary_folders_are_cleared_and_the_users_files_put_back() {
    let dir = tempfile::tempdir().unwrap();
    let root = project(dir.path(), "First.");
    mournival(&root).arg("build").assert().success();
    let site = root.join("site");
    let marker = read(&site.join(MARKER));
    // A build killed after it moved CNAME into its new site; another killed while deleting an
    // old site; a third killed before it wrote anything; and a folder of the user's own.
    let building = root.join(".site.building-4000001");
    write(&building.join(MARKER), &marker);
    write(&building.join("index.html"), "half a site");
    write(&building.join("CNAME"), "gleek.example.org");
    let old = root.join(".site.old-4000002");
    write(&old.join(MARKER), &marker);
    write(&old.join("matrix/index.html"), "an old page");
    std::fs::create_dir(root.join(".site.building-4000003")).unwrap();
    let users = root.join(".site.building-5");
    write(&users.join("mine.txt"), "not the tool's");

    mournival(&root).arg("build").assert().success();
    assert_built(&site);
    assert_eq!(read(&site.join("CNAME")), "gleek.example.org");
    assert_eq!(beside(&site), vec![".site.building-5".to_string()]);
    assert_eq!(read(&users.join("mine.txt")), "not the tool's");
}

#[test]
fn a_site_left_aside_by_a_killed_build_is_put_back() {
    let dir = tempfile::tempdir().unwrap();
    let root = project(dir.path(), "First.");
    mournival(&root).arg("build").assert().success();
    let site = root.join("site");
    write(&site.join(".git/HEAD"), "ref: refs/heads/gh-pages");
    // Killed between its two renames: the site is aside, the new one not yet in place.
    std::fs::rename(&site, root.join(".site.old-4000001")).unwrap();
    write(&root.join(".site.building-4000001").join(MARKER), "");
    mournival(&root).arg("build").assert().success();
    assert_built(&site);
    assert_eq!(read(&site.join(".git/HEAD")), "ref: refs/heads/gh-pages");
    assert_eq!(beside(&site), Vec::<String>::new());
}

/// Starts the binary with its stderr read line by line into a channel.
fn spawn(cmd: &mut std::process::Command) -> (std::process::Child, mpsc::Receiver<String>) {
    let mut child = cmd
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    (child, rx)
}

fn binary(root: &Path) -> std::process::Command {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_mournival"));
    cmd.arg("--root").arg(root).arg("build");
    cmd
}

#[test]
fn a_second_build_waits_for_the_lock() {
    let dir = tempfile::tempdir().unwrap();
    let root = project(dir.path(), "First.");
    mournival(&root).arg("build").assert().success();
    let site = root.join("site");
    write(&root.join("content/index.md"), "# Home\n\nSecond.\n");

    let lock = std::fs::File::create(root.join(".site.lock")).unwrap();
    lock.lock().unwrap();
    let (mut child, stderr) = spawn(&mut binary(&root));
    let deadline = Instant::now() + PATIENCE;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match stderr.recv_timeout(left) {
            Ok(line) if line.contains("waiting for another mournival") => break,
            Ok(_) => {}
            Err(e) => {
                let _ = child.kill();
                panic!("the second build did not wait for the lock: {e}");
            }
        }
    }
    assert!(
        child.try_wait().unwrap().is_none(),
        "it finished while locked"
    );
    assert!(read(&site.join("index.html")).contains("First."));
    drop(lock);
    assert!(child.wait().unwrap().success());
    assert!(read(&site.join("index.html")).contains("Second."));
    assert_eq!(beside(&site), Vec::<String>::new());
}

#[cfg(unix)]
#[test]
fn a_killed_build_leaves_the_previous_site_and_the_next_clears_up() {
    let dir = tempfile::tempdir().unwrap();
    let pages: Vec<(String, String)> = (0..400)
        .map(|i| {
            let text = format!("# Page {i}\n\nGleek, page {i}.\n");
            (format!("part{}/page{i}.md", i % 20), text)
        })
        .chain([("index.md".into(), "# Home\n\nFirst.\n".into())])
        .collect();
    let root = project_in(dir.path(), &pages);
    let site = root.join("site");
    let started = Instant::now();
    mournival(&root).arg("build").assert().success();
    let one_build = started.elapsed();
    write(&site.join("CNAME"), "gleek.example.org");
    write(&site.join(".git/HEAD"), "ref: refs/heads/gh-pages");

    // Killed at points spread over a whole build (rendering, writing, swapping, deleting).
    for step in 1..=8u32 {
        let (mut child, _stderr) = spawn(&mut binary(&root));
        std::thread::sleep(one_build * step / 8);
        let _ = child.kill();
        child.wait().unwrap();
        assert_built(&site);
    }
    mournival(&root).arg("build").assert().success();
    assert_built(&site);
    assert_eq!(read(&site.join("CNAME")), "gleek.example.org");
    assert_eq!(read(&site.join(".git/HEAD")), "ref: refs/heads/gh-pages");
    assert_eq!(beside(&site), Vec::<String>::new());
}

#[cfg(feature = "serve")]
#[test]
fn serve_refuses_a_folder_it_did_not_make() {
    let dir = tempfile::tempdir().unwrap();
    let root = project(dir.path(), "Mine.");
    let out = dir.path().join("papers");
    write(&out.join("notes.txt"), "my notes");
    assert_refused(
        mournival(&root)
            .args(["serve", "--port", "0", "--out"])
            .arg(&out),
        "papers: mournival did not make this folder",
    );
    assert_eq!(read(&out.join("notes.txt")), "my notes");
}

/// A named pipe where the tool keeps its marker or its lock is named, never opened (which would
/// block for ever), and the site is left as it was.
#[cfg(unix)]
#[test]
fn a_fifo_in_place_of_the_marker_or_the_lock_is_refused_without_blocking() {
    let dir = tempfile::tempdir().unwrap();
    let root = project(dir.path(), "First.");
    mournival(&root).arg("build").assert().success();
    let site = root.join("site");
    for fifo in [site.join(MARKER), root.join(".site.lock")] {
        let _ = std::fs::remove_file(&fifo);
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        assert_refused(
            mournival(&root)
                .arg("build")
                .timeout(Duration::from_secs(60)),
            "is a FIFO, where mournival keeps its own",
        );
        std::fs::remove_file(&fifo).unwrap();
    }
    std::fs::create_dir(site.join(MARKER)).unwrap();
    assert_refused(
        mournival(&root).arg("build"),
        "is a folder, where mournival keeps its own marker",
    );
}

/// A symbolic link where the tool keeps its lock is not followed: no file is made outside.
#[cfg(unix)]
#[test]
fn a_symbolic_link_in_place_of_the_lock_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let root = project(dir.path(), "First.");
    let elsewhere = dir.path().join("elsewhere.txt");
    std::os::unix::fs::symlink(&elsewhere, root.join(".site.lock")).unwrap();
    assert_refused(
        mournival(&root).arg("build"),
        "is a symbolic link, where mournival keeps its own lock",
    );
    assert!(!elsewhere.exists(), "a file was made through the link");
}

/// A cached result changed or cut short after it was written is not published: the build runs it
/// again and the page is as a fresh build makes it.
#[test]
fn a_tampered_or_truncated_cache_entry_is_rebuilt() {
    let dir = tempfile::tempdir().unwrap();
    let root = project(dir.path(), "First.");
    write(
        &root.join("mournival.yaml"),
        "simulate: {deals: 20, seed: 4}\n",
    );
    mournival(&root).arg("build").assert().success();
    let page = root.join("site/what-the-readings-change/index.html");
    let fresh = read(&page);
    let entry = std::fs::read_dir(root.join(".mournival-cache"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("simulation-")
        })
        .expect("a cached run");
    let whole = read(&entry);
    write(&entry, &format!("{whole}<script>alert(1)</script>"));
    mournival(&root).arg("build").assert().success();
    assert_eq!(read(&page), fresh, "an entry appended to was published");
    write(&entry, &whole[..whole.len() / 2]);
    mournival(&root).arg("build").assert().success();
    assert_eq!(read(&page), fresh, "an entry cut short was published");
}

/// A NUL in a page is published as U+FFFD, as CommonMark requires, never raw.
#[test]
fn a_nul_in_a_page_is_published_as_a_replacement_character() {
    let dir = tempfile::tempdir().unwrap();
    let root = project(dir.path(), "Before\0after.");
    mournival(&root).arg("build").assert().success();
    let page = std::fs::read(root.join("site/index.html")).unwrap();
    assert!(!page.contains(&0), "a NUL was published");
    assert!(
        String::from_utf8(page)
            .unwrap()
            .contains("Before\u{FFFD}after.")
    );
}

/// Page names that are one file where the file system ignores case or normalises accents
/// (macOS, Windows) are refused, naming both: made here, since a checkout on such a system could
/// not hold them.
#[test]
fn page_names_differing_only_in_case_or_accent_form_are_refused() {
    for (a, b) in [("Zq.md", "zq.md"), ("caf\u{e9}.md", "cafe\u{301}.md")] {
        let dir = tempfile::tempdir().unwrap();
        let page = |name: &str| (name.to_string(), format!("# {name}\n\nA page.\n"));
        let root = project_in(dir.path(), &[page("index.md"), page(a), page(b)]);
        assert_refused(
            mournival(&root).arg("build"),
            "one folder on a file system that ignores case or the way accents are written",
        );
        assert!(!root.join("site").exists());
    }
}

/// The texts folder is an input like the content: never an output, even with `--force`.
#[test]
fn the_texts_folder_is_refused_even_with_force() {
    let dir = tempfile::tempdir().unwrap();
    let root = project(dir.path(), "Mine.");
    write(&root.join("sources/notes.txt"), "my notes");
    assert_refused(
        &mut build_into(&root, root.join("sources"), true),
        "it is the texts folder",
    );
    assert_refused(
        &mut build_into(&root, root.join("sources/site"), true),
        "it is inside the texts folder",
    );
    assert_eq!(read(&root.join("sources/notes.txt")), "my notes");
    assert!(!root.join("sources/site").exists());
}
