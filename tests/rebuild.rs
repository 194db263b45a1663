//! `build` with its cache (`.mournival-cache/`): after any edits, a cached rebuild writes what a
//! clean build of the same files writes, byte for byte; a damaged or foreign cache is never
//! used, nor written through; an output file changed by hand is put right; `--no-cache` leaves
//! the cache alone.

#[path = "common/sites.rs"]
mod sites;

use mournival::site::{self, BuildError, cache};
use sites::{options, readings_and_template, repo, tree, write};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn page(n: usize, title: &str, weight: i64, body: &str) -> String {
    let next = (n + 1) % PAGES;
    format!(
        "---\ntitle: {title}\nweight: {weight}\n---\n\n## Part {n}\n\n{body}\n\nOn to [the next](p{next}.md#part-{next}).\n\n```rust\nfn p{n}() {{}}\n```\n"
    )
}

const PAGES: usize = 8;

/// A project with Gleek's readings, the bundled page template, pages that link each other in a
/// ring, and two pages with a scenario.
fn project(root: &Path) {
    readings_and_template(root);
    for n in 0..PAGES {
        write(
            root,
            &format!("content/p{n}.md"),
            &page(n, &format!("Page {n}"), 0, "Six cards each."),
        );
    }
    write(root, "content/index.md", "# Home\n\nSee [a page](p0.md).\n");
    let deal = std::fs::read_to_string(repo().join("tests/fixtures/cotton-deal.md")).unwrap();
    write(root, "content/deal.md", &deal);
    write(
        root,
        "content/deal2.md",
        &deal.replace("cotton-deal", "second-deal"),
    );
}

/// A cached build into `root/site`, then the site and the report against a clean build of the
/// same files; gives the report.
fn rebuild_as_clean(root: &Path, step: &str) -> site::BuildReport {
    let report = site::build_cached(&options(root, &root.join("site"))).unwrap();
    let clean = root.join("clean");
    let clean_report = site::build(&options(root, &clean)).unwrap();
    assert_eq!(report, clean_report, "after {step}: the reports differ");
    let (ours, theirs) = (tree(&root.join("site")), tree(&clean));
    let names = |t: &BTreeMap<PathBuf, Vec<u8>>| t.keys().cloned().collect::<Vec<_>>();
    assert_eq!(
        names(&ours),
        names(&theirs),
        "after {step}: the files differ"
    );
    for (path, bytes) in &ours {
        assert!(
            *bytes == theirs[path],
            "after {step}: {} differs from a clean build",
            path.display()
        );
    }
    std::fs::remove_dir_all(clean).unwrap();
    report
}

/// A small deterministic generator (xorshift), so that a failure can be replayed.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// One random edit of the project, in words. The edits of a page's body change its words
/// (0, 8: the search index's counts), its sections (8: a heading), its claims (9: an odds
/// figure the site fills in), its quotations, stage and description (10, 11: what loading a
/// page finds, which the cache keeps). A scenario's page changes around its scenario (12), or
/// its expectation comes to fail, or to pass again (13); or the scenario changes (the rest).
fn edit(root: &Path, rng: &mut Rng, round: usize) -> String {
    let n = rng.below(PAGES);
    let rel = format!("content/p{n}.md");
    let title = format!("Page {n} (round {round})");
    match rng.below(15) {
        8 => {
            write(
                root,
                &rel,
                &page(
                    n,
                    &format!("Page {n}"),
                    0,
                    &format!(
                        "Gleek {round} mournival trumps.\n\n### Stock {round}\n\nThe stock's words."
                    ),
                ),
            );
        }
        9 => {
            write(
                root,
                &rel,
                &page(
                    n,
                    &format!("Page {n}"),
                    0,
                    &format!("A mournival is dealt `odds:gleek-mournival-dealt` (round {round})."),
                ),
            );
        }
        10 | 11 => {
            let (stage, quoted) = match round % 2 {
                0 => (
                    "ruff",
                    "\"five up or a Putt is commonly the Game\" (p. 131)",
                ),
                _ => ("stock", "Cotton: “the ruff” (Cotton, p. 91)"),
            };
            let body = format!("{quoted}, round {round}.");
            let text = page(n, &format!("Page {n}"), 0, &body);
            let placed = format!("stage: {stage}\ndescription: Round {round}.\n---\n\n");
            write(root, &rel, &text.replacen("---\n\n", &placed, 1));
        }
        0 => {
            // Saved with old Mac line ends, or a byte-order mark: the text the loader makes of
            // the bytes the build's scan read is not those bytes.
            let text = page(
                n,
                &format!("Page {n}"),
                0,
                &format!("Round {round}.\n\nMore."),
            );
            let text = match round % 2 {
                0 => text.replace('\n', "\r"),
                _ => format!("\u{feff}{text}"),
            };
            write(root, &rel, &text);
        }
        12 => {
            let deal = std::fs::read_to_string(root.join("content/deal2.md")).unwrap();
            let said = format!("Ann holds every honour (round {round}).\n\nMore words.");
            let deal = deal.replacen("Ann holds every honour.", &said, 1);
            write(root, "content/deal2.md", &deal);
        }
        13 => {
            let deal = std::fs::read_to_string(root.join("content/deal2.md")).unwrap();
            let deal = match deal.contains("Ann: +38") {
                true => deal.replacen("Ann: +38", "Ann: +39", 1),
                false => deal.replacen("Ann: +39", "Ann: +38", 1),
            };
            write(root, "content/deal2.md", &deal);
        }
        1 => {
            write(root, &rel, &page(n, &title, 0, "Six cards each."));
        }
        2 => {
            write(
                root,
                &rel,
                &page(n, &format!("Page {n}"), -(round as i64), "Six."),
            );
        }
        3 => {
            write(
                root,
                &format!("content/new{round}.md"),
                &page(n, &title, 1, "New."),
            );
        }
        4 => {
            let gone = root.join(format!("content/new{}.md", rng.below(round + 1)));
            let _ = std::fs::remove_file(gone);
        }
        5 => {
            let base = std::fs::read_to_string(root.join("templates/base.html")).unwrap();
            let marked = base.replacen("<body", &format!("<!-- round {round} --><body"), 1);
            write(root, "templates/base.html", &marked);
        }
        6 => {
            let variants = root.join("variants/gleek");
            let mut files: Vec<PathBuf> = std::fs::read_dir(&variants)
                .unwrap()
                .map(|e| e.unwrap().path())
                .collect();
            files.sort();
            let file = &files[rng.below(files.len())];
            let text = std::fs::read_to_string(file).unwrap();
            let renamed = text.replacen(
                "summary: >-\n",
                &format!("summary: >-\n  Round {round}.\n"),
                1,
            );
            std::fs::write(file, renamed).unwrap();
        }
        _ => {
            let deal = std::fs::read_to_string(root.join("content/deal.md")).unwrap();
            let deal = deal.replacen("auction: Ben 12", "auction: Ben 13", 1);
            let deal = deal.replacen("title: Ben's", &format!("title: R{round} Ben's"), 1);
            write(root, "content/deal.md", &deal);
        }
    }
    format!("round {round}")
}

#[test]
fn after_random_edits_a_cached_rebuild_is_a_clean_build() {
    for seed in [0x9e37_79b9_7f4a_7c15, 0x2545_f491_4f6c_dd1d] {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        project(root);
        rebuild_as_clean(root, "the first build");
        rebuild_as_clean(root, "a build with nothing changed");
        let mut rng = Rng(seed);
        for round in 1..=6 {
            let mut step = String::new();
            for _ in 0..=rng.below(3) {
                step = edit(root, &mut rng, round);
            }
            rebuild_as_clean(root, &step);
        }
        let entries = std::fs::read_dir(root.join(cache::FOLDER)).unwrap().count();
        // A manifest, what the pages loaded, two entries (render and words) for each page (at
        // most PAGES, six new ones, the home page and the two deals), one for each part of the
        // search index (two), the tag and .gitignore: the entries of deleted pages and older
        // renders are gone.
        assert!(
            entries <= 2 * (PAGES + 6 + 1 + 2) + 2 + 4,
            "{entries} entries"
        );
    }
}

/// Every entry of the cache, by name.
fn entries(root: &Path) -> Vec<PathBuf> {
    let dir = root.join(cache::FOLDER);
    let mut all: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            ["pages-", "words-", "search-", "manifest-"]
                .iter()
                .any(|family| name.starts_with(family))
        })
        .collect();
    all.sort();
    all
}

/// The project, built twice, its files' times a second and more before the builds: the second
/// build, and every later one, believes their stamps.
fn built_with_stamps_believed(root: &Path) {
    project(root);
    std::thread::sleep(std::time::Duration::from_millis(1100));
    rebuild_as_clean(root, "the first build");
    rebuild_as_clean(root, "nothing changed, the stamps believed");
}

/// An input whose stamp the manifest holds is not read again; an edit that keeps the file's
/// size and sets its modification time back still changes its change time, so it is built.
#[test]
fn an_edit_that_keeps_the_size_and_sets_the_time_back_is_built() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    built_with_stamps_believed(root);
    let path = root.join("content/p3.md");
    let time = std::fs::metadata(&path).unwrap().modified().unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replace("Six cards each.", "Ten cards each.")).unwrap();
    let file = std::fs::File::options().write(true).open(&path).unwrap();
    file.set_modified(time).unwrap();
    assert_eq!(std::fs::metadata(&path).unwrap().modified().unwrap(), time);
    rebuild_as_clean(root, "an edit of the same size, its time set back");
    let shown = std::fs::read_to_string(root.join("site/p3/index.html")).unwrap();
    assert!(shown.contains("Ten cards each.") && !shown.contains("Six cards each."));
}

/// The search index is written in parts of 256 pages: a page changed rewrites its part alone
/// (and the list of parts, which gives each part's digest), and the site is a clean build's.
#[cfg(unix)]
#[test]
fn a_page_changed_rewrites_its_part_of_the_search_index_alone() {
    use std::os::unix::fs::MetadataExt;
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    readings_and_template(root);
    let text = |n: usize, words: &str| format!("# Q {n}\n\nWord{n}: {words}.\n");
    for n in 0..600 {
        write(root, &format!("content/q{n:03}.md"), &text(n, "the stock"));
    }
    rebuild_as_clean(root, "the first build");
    let parts = || -> BTreeMap<PathBuf, u64> {
        let dir = root.join("site/search-index");
        (std::fs::read_dir(dir).unwrap())
            .map(|e| e.unwrap().path())
            .map(|p| (p.clone(), std::fs::metadata(&p).unwrap().ino()))
            .collect()
    };
    let before = parts();
    assert_eq!(before.len(), 4, "three parts of pages, one of the readings");
    write(root, "content/q300.md", &text(300, "a mournival changed"));
    rebuild_as_clean(root, "a page of the second part changed");
    let after = parts();
    let rewritten: Vec<&PathBuf> = (after.iter())
        .filter(|(p, ino)| before.get(*p) != Some(ino))
        .map(|(p, _)| p)
        .collect();
    assert_eq!(rewritten.len(), 1, "{rewritten:?}");
    let part = std::fs::read_to_string(rewritten[0]).unwrap();
    assert!(part.contains("\"mournival\"") && part.contains("\"q300/\""));
}

/// A page edited around its code takes the code's highlighting from its file as the last build
/// wrote it, one edited in its code highlights it again: the site is what a clean build by
/// another run of the tool (which recalls nothing) writes, byte for byte.
#[test]
fn a_page_edited_around_or_in_its_code_is_what_a_clean_run_writes() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    project(root);
    let two = "```yaml\nhands: [AS, 10H] # <b>\n```\n\n```\nplain & <raw>\n```\n";
    write(root, "content/p5.md", &page(5, "Page 5", 0, two));
    rebuild_as_clean(root, "the first build");
    let edits = [
        (3, "Six cards each, and a trump.".to_string()),
        (5, format!("Prose changed.\n\n{two}")),
        (5, two.replace("10H", "10D")),
    ];
    for (n, body) in edits {
        let text = page(n, &format!("Page {n}"), 0, &body);
        write(root, &format!("content/p{n}.md"), &text);
        site::build_cached(&options(root, &root.join("site"))).unwrap();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_mournival"))
            .arg("--root")
            .arg(root)
            .args(["build", "--no-cache", "--out"])
            .arg(root.join("clean"))
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        assert!(
            tree(&root.join("site")) == tree(&root.join("clean")),
            "after p{n} was edited: not what a clean run writes"
        );
        std::fs::remove_dir_all(root.join("clean")).unwrap();
    }
}

/// A page whose expectation fails is said to fail by every build, whatever the cache holds.
#[test]
fn a_failing_expectation_is_reported_by_every_rebuild() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    project(root);
    rebuild_as_clean(root, "the first build");
    let deal = std::fs::read_to_string(root.join("content/deal2.md")).unwrap();
    write(
        root,
        "content/deal2.md",
        &deal.replace("Ann: +38", "Ann: +39"),
    );
    for round in 0..3 {
        let report = rebuild_as_clean(root, &format!("failing, round {round}"));
        assert_eq!(
            report.failing.len(),
            1,
            "round {round}: {:?}",
            report.failing
        );
        assert!(report.failing[0].to_string().contains("deal2.md"));
        write(
            root,
            "content/p1.md",
            &page(1, "Page 1", 0, &format!("Try {round}.")),
        );
    }
    write(root, "content/deal2.md", &deal);
    let report = rebuild_as_clean(root, "passing again");
    assert!(report.failing.is_empty(), "{:?}", report.failing);
}

#[test]
fn a_damaged_cache_is_never_used() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    project(root);
    rebuild_as_clean(root, "the first build");
    let found = entries(root);
    assert!(found.len() > PAGES, "the pages and the manifest are cached");
    // Every entry changed after it was written, one cut short: the edit must show all the same.
    for (i, path) in found.iter().enumerate() {
        let bytes = std::fs::read(path).unwrap();
        let damaged = match i % 2 {
            0 => String::from_utf8(bytes)
                .unwrap()
                .replace("Six", "Ten")
                .into_bytes(),
            _ => bytes[..bytes.len() / 2].to_vec(),
        };
        std::fs::write(path, damaged).unwrap();
    }
    write(root, "content/p1.md", &page(1, "Page 1", 0, "Seven cards."));
    rebuild_as_clean(root, "damaged entries");
    // A manifest that is not one.
    for path in entries(root) {
        std::fs::write(path, "mournival-cache 3 0\nxyz").unwrap();
    }
    write(root, "content/p2.md", &page(2, "Page 2", 0, "Eight cards."));
    rebuild_as_clean(root, "entries replaced");
}

#[test]
fn a_cache_folder_not_the_tools_is_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    project(root);
    let theirs = root.join("theirs");
    std::fs::create_dir(&theirs).unwrap();
    let folder = root.join(cache::FOLDER);
    // A folder without the tag, a file, a link to a folder of the user's.
    let setups: [&dyn Fn(); 3] = [
        &|| std::fs::create_dir(&folder).unwrap(),
        &|| std::fs::write(&folder, "the user's").unwrap(),
        &|| {
            #[cfg(unix)]
            std::os::unix::fs::symlink(&theirs, &folder).unwrap();
        },
    ];
    for (i, setup) in setups.iter().enumerate() {
        let _ = std::fs::remove_file(&folder);
        let _ = std::fs::remove_dir_all(&folder);
        setup();
        rebuild_as_clean(root, &format!("cache folder {i}"));
        write(
            root,
            "content/p3.md",
            &page(3, "Page 3", 0, &format!("Try {i}.")),
        );
        rebuild_as_clean(root, &format!("cache folder {i}, edited"));
        assert_eq!(std::fs::read_dir(&theirs).unwrap().count(), 0);
        match std::fs::symlink_metadata(&folder) {
            Ok(m) if m.is_file() => {
                assert_eq!(std::fs::read_to_string(&folder).unwrap(), "the user's")
            }
            Ok(m) if m.is_dir() => assert_eq!(std::fs::read_dir(&folder).unwrap().count(), 0),
            _ => {}
        }
    }
}

#[test]
fn an_output_file_changed_by_hand_is_put_right() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    project(root);
    rebuild_as_clean(root, "the first build");
    let out = root.join("site");
    let file = out.join("p4/index.html");
    std::fs::write(&file, "edited by hand").unwrap();
    rebuild_as_clean(root, "a page edited in the output");
    std::fs::remove_file(&file).unwrap();
    rebuild_as_clean(root, "a page deleted from the output");
    std::fs::remove_file(out.join("search-index.json")).unwrap();
    std::fs::write(out.join("p5/index.html"), "x").unwrap();
    rebuild_as_clean(root, "two files changed, nothing else");
    // A file of the user's put in the output is refused, as a clean build refuses it.
    std::fs::write(out.join("p6/notes.txt"), "the user's").unwrap();
    let refused = site::build_cached(&options(root, &out));
    assert!(
        matches!(refused, Err(BuildError::Output(_))),
        "{:?}",
        refused.map(|r| r.pages)
    );
    assert_eq!(
        std::fs::read_to_string(out.join("p6/notes.txt")).unwrap(),
        "the user's"
    );
}

/// A build that updates the site in place stamps again only what it wrote: a file of the site
/// changed by hand afterwards, one the build wrote or one it left, is still noticed, as is a
/// file of the user's put in a folder the build wrote into or one it left.
#[test]
fn after_an_update_in_place_the_whole_site_is_still_watched() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    project(root);
    rebuild_as_clean(root, "the first build");
    let out = root.join("site");
    let body = |round: usize| page(3, "Page 3", 0, &format!("Edited, round {round}."));
    write(root, "content/p3.md", &body(1));
    rebuild_as_clean(root, "a page's body edited");
    std::fs::write(out.join("p3/index.html"), "edited by hand").unwrap();
    rebuild_as_clean(root, "the page just written edited in the output");
    write(root, "content/p3.md", &body(2));
    rebuild_as_clean(root, "a page's body edited again");
    std::fs::write(out.join("p4/index.html"), "edited by hand").unwrap();
    rebuild_as_clean(root, "a page left alone edited in the output");
    for (round, folder) in [(3, "p3"), (4, "p7")] {
        write(root, "content/p3.md", &body(round));
        rebuild_as_clean(root, "a page's body edited once more");
        let theirs = out.join(folder).join("notes.txt");
        std::fs::write(&theirs, "the user's").unwrap();
        let refused = site::build_cached(&options(root, &out));
        assert!(
            matches!(refused, Err(BuildError::Output(_))),
            "{folder}: {:?}",
            refused.map(|r| r.pages)
        );
        std::fs::remove_file(&theirs).unwrap();
    }
}

/// A cached build that changes files of the site in place writes the marker anew, as a build
/// of the whole site into it does, so that a `serve` session on the folder sees that another
/// build wrote into it; a build that changes nothing writes nothing, the marker included.
#[cfg(unix)]
#[test]
fn an_update_in_place_writes_the_marker_anew_only_when_a_file_changed() {
    use std::os::unix::fs::MetadataExt;
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    project(root);
    rebuild_as_clean(root, "the first build");
    let marker = root.join("site/.mournival-site");
    let inode = || std::fs::symlink_metadata(&marker).unwrap().ino();
    let first = inode();
    rebuild_as_clean(root, "nothing changed");
    assert_eq!(inode(), first, "a build changing nothing wrote the marker");
    write(root, "content/p3.md", &page(3, "Page 3", 0, "Edited."));
    rebuild_as_clean(root, "a page's body edited");
    assert_ne!(
        inode(),
        first,
        "the site changed, its marker was not written anew"
    );
}

#[test]
fn no_cache_leaves_the_cache_alone() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    project(root);
    let run = |extra: &[&str]| {
        let status = std::process::Command::new(env!("CARGO_BIN_EXE_mournival"))
            .arg("--root")
            .arg(root)
            .arg("build")
            .args(extra)
            .output()
            .unwrap();
        assert!(status.status.success(), "{status:?}");
    };
    run(&["--no-cache"]);
    assert!(!root.join(cache::FOLDER).exists());
    run(&[]);
    let kept = entries(root);
    assert!(!kept.is_empty());
    let stamps = |paths: &[PathBuf]| -> Vec<_> {
        paths
            .iter()
            .map(|p| std::fs::metadata(p).unwrap().modified().unwrap())
            .collect()
    };
    let before = stamps(&kept);
    write(root, "content/p1.md", &page(1, "Page 1", 0, "Nine cards."));
    run(&["--no-cache"]);
    assert_eq!(entries(root), kept);
    assert_eq!(stamps(&kept), before);
}

/// The manifest's entry, read and written through the cache (so that its seal stays right).
fn forge_manifest(root: &Path, forge: impl Fn(&str) -> String) {
    let store = cache::Cache::open(root);
    let entry = entries(root)
        .into_iter()
        .find(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("manifest-")
        })
        .unwrap();
    let name = entry.file_name().unwrap().to_string_lossy().into_owned();
    let text = store.get(&name).unwrap();
    store.put(&name, &name, &forge(&text));
}

#[test]
fn a_manifest_of_another_build_of_the_tool_is_not_used() {
    use std::hash::Hasher;
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    project(root);
    rebuild_as_clean(root, "the first build");
    let path = root.join("content/p1.md");
    // A manifest saying that `text` is the page the site was built from, made by this build of
    // the tool (the key it has), or by another (another key).
    let claim = |text: String, key: Option<&'static str>| {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        h.write(text.as_bytes());
        let at = format!(" {}", path.display());
        let claimed = format!("in {} {:016x}", text.len(), h.finish());
        move |manifest: &str| {
            let mut lines: Vec<String> = manifest.lines().map(str::to_string).collect();
            for l in lines.iter_mut() {
                if l.starts_with("in ") && l.ends_with(&at) {
                    // The size and digest claimed; the file's stamp as the scan took it.
                    let stamp = l.splitn(4, ' ').nth(3).unwrap().to_string();
                    *l = format!("{claimed} {stamp}");
                }
                if let (Some(key), true) = (key, l.starts_with("key ")) {
                    *l = format!("key {key}");
                }
            }
            lines.join("\n") + "\n"
        }
    };
    let eleven = page(1, "Page 1", 0, "Eleven cards.");
    std::fs::write(&path, &eleven).unwrap();
    forge_manifest(root, claim(eleven, Some("0123456789abcdef")));
    rebuild_as_clean(root, "a manifest of another tool");
    // The same claim in this tool's manifest is believed: the page is not built again.
    let twelve = page(1, "Page 1", 0, "Twelve cards.");
    std::fs::write(&path, &twelve).unwrap();
    forge_manifest(root, claim(twelve, None));
    site::build_cached(&options(root, &root.join("site"))).unwrap();
    let shown = std::fs::read_to_string(root.join("site/p1/index.html")).unwrap();
    assert!(shown.contains("Eleven cards") && !shown.contains("Twelve"));
}

#[test]
fn a_page_unchanged_is_not_parsed_again_unless_another_tool_loaded_it() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    project(root);
    rebuild_as_clean(root, "the first build");
    let store = cache::Cache::open(root);
    let name = std::fs::read_dir(root.join(cache::FOLDER))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .find(|n| n.starts_with("loads-"))
        .expect("what loading found is kept");
    let kept = store.get(&name).unwrap();
    // Fields: a string is its length, a colon and its bytes.
    assert!(kept.contains(" 6:Page 1"), "{kept}");
    // The entry says page 1 (as it is) is titled otherwise: believed, as the page is not read
    // again; the navigation of every page rendered again shows it.
    store.put(&name, &name, &kept.replace(" 6:Page 1", " 6:Forged"));
    write(root, "content/p2.md", &page(2, "Page 2", 0, "Two."));
    site::build_cached(&options(root, &root.join("site"))).unwrap();
    let shown = std::fs::read_to_string(root.join("site/p2/index.html")).unwrap();
    assert!(shown.contains("Forged"), "the kept place is used");
    // The same entry made by another build of the tool is not used.
    let forged = store.get(&name).unwrap();
    // The entry's first field is the tool's digest.
    let (_, rest) = forged.split_once(' ').unwrap();
    let other = format!("7 {rest}");
    store.put(&name, &name, &other);
    write(root, "content/p2.md", &page(2, "Page 2", 0, "Two again."));
    rebuild_as_clean(root, "an entry of another tool");
}

/// The invalid input a build finds, as written.
fn invalid(result: Result<site::BuildReport, BuildError>) -> String {
    match result {
        Err(BuildError::Invalid(found)) => format!("{found:?}"),
        other => panic!("the build should fail on its input: {other:?}"),
    }
}

/// Pages whose stamps are believed and whose loads are kept are not read by a rebuild. One
/// rendered again (another page's title changed, which every page shows) is read then; one
/// taken from the cache still has its links checked against the pages as they are now, and
/// an error in it is located in its text.
#[test]
fn a_page_not_read_is_rendered_from_its_text_and_its_links_checked() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    built_with_stamps_believed(root);
    write(
        root,
        "content/p3.md",
        &page(3, "Page Three", 0, "Six cards each."),
    );
    rebuild_as_clean(root, "page 3 retitled: every page rendered again");
    let p2 = std::fs::read_to_string(root.join("site/p2/index.html")).unwrap();
    assert!(p2.contains("Page Three") && p2.contains("On to"), "{p2}");
    // Page 2 links to page 3's first section, which is renamed; page 2 is as it was.
    let renamed = page(3, "Page Three", 0, "Six cards each.").replace("## Part 3", "## Side 3");
    write(root, "content/p3.md", &renamed);
    let cached = invalid(site::build_cached(&options(root, &root.join("site"))));
    let clean = invalid(site::build(&options(root, &root.join("clean"))));
    assert_eq!(cached, clean);
    assert!(
        cached.contains("p2.md") && cached.contains("#part-3"),
        "{cached}"
    );
    assert!(
        cached.contains("p2.md:10:"),
        "located in page 2's text: {cached}"
    );
    write(
        root,
        "content/p3.md",
        &page(3, "Page Three", 0, "Six cards each."),
    );
    rebuild_as_clean(root, "the section named as before");
}

/// A page whose link names an anchor of a page in YAML (a scenario's id) has its links checked
/// again when that page's anchors change, whatever the cache holds: the cached build fails as a
/// clean one does.
#[test]
fn a_link_into_a_page_in_yaml_whose_anchors_changed_is_checked_again() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    project(root);
    let deal = std::fs::read_to_string(repo().join("tests/fixtures/cotton-deal.md")).unwrap();
    let yaml = deal
        .split("```gleek\n")
        .nth(1)
        .unwrap()
        .split("```")
        .next()
        .unwrap();
    write(
        root,
        "content/y.yaml",
        &yaml.replace("cotton-deal", "yaml-deal"),
    );
    let linking = page(1, "Page 1", 0, "See [the deal](y.yaml#yaml-deal).");
    write(root, "content/p1.md", &linking);
    std::thread::sleep(std::time::Duration::from_millis(1100));
    rebuild_as_clean(root, "the first build");
    rebuild_as_clean(root, "nothing changed, the stamps believed");
    write(
        root,
        "content/y.yaml",
        &yaml.replace("cotton-deal", "renamed-deal"),
    );
    let cached = invalid(site::build_cached(&options(root, &root.join("site"))));
    let clean = invalid(site::build(&options(root, &root.join("clean"))));
    assert_eq!(cached, clean);
    assert!(cached.contains("#yaml-deal"), "{cached}");
}
