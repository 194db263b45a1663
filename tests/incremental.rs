//! `serve`'s lasting build: after any sequence of saves, the output folder it keeps up to date
//! holds exactly what a clean build of the same files writes; a body edit rewrites only the
//! page and the search index, and a scenario edit only what shows its scenarios.

#[path = "common/sites.rs"]
mod sites;

use mournival::site::session::Session;
use mournival::site::{self, BuildError};
use sites::{options, readings_and_template, repo, tree, walk, write};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A project with Gleek's readings, a base template of its own and a few pages: plain ones
/// linking each other, one in a folder, one with a scenario.
fn project(root: &Path) {
    readings_and_template(root);
    write(
        root,
        "content/index.md",
        "# Home\n\nSee [the stock](play/stock.md).\n",
    );
    write(
        root,
        "content/play/stock.md",
        "---\ntitle: The stock\n---\n\nSix cards each.\n\n```rust\nfn main() {}\n```\n",
    );
    write(
        root,
        "content/notes.md",
        "# Notes\n\nBack [home](index.md).\n",
    );
    let deal = std::fs::read_to_string(repo().join("tests/fixtures/cotton-deal.md")).unwrap();
    write(root, "content/deal.md", &deal);
}

/// The live output against a clean build of the same files, file by file.
fn assert_as_clean(root: &Path, live: &Path, step: &str) {
    let clean = root.join(format!("clean-{}", step.replace(' ', "-")));
    site::build(&options(root, &clean)).unwrap();
    let ((a, a_folders), (b, b_folders)) = (walk(live), walk(&clean));
    let names = |t: &BTreeMap<PathBuf, Vec<u8>>| t.keys().cloned().collect::<Vec<_>>();
    assert_eq!(names(&a), names(&b), "after {step}: the files differ");
    for (path, bytes) in &a {
        let at = bytes.iter().zip(&b[path]).position(|(x, y)| x != y);
        let near = |t: &[u8]| {
            let from = at.unwrap_or(t.len().min(bytes.len())).saturating_sub(80);
            String::from_utf8_lossy(&t[from..t.len().min(from + 200)]).into_owned()
        };
        assert!(
            *bytes == b[path],
            "after {step}: {} differs from a clean build:\n{}\nagainst\n{}",
            path.display(),
            near(bytes),
            near(&b[path])
        );
    }
    assert_eq!(a_folders, b_folders, "after {step}: the folders differ");
    std::fs::remove_dir_all(clean).unwrap();
}

/// The project, built by a new session into `out`.
fn started(root: &Path, out: &Path) -> Session {
    project(root);
    let (session, first) = Session::start(options(root, out));
    first.unwrap();
    session
}

#[cfg(unix)]
fn inode(path: &Path) -> u64 {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).unwrap().ino()
}

#[test]
fn every_save_leaves_what_a_clean_build_would() {
    let dir = tempfile::tempdir().unwrap();
    let (root, out) = (dir.path(), dir.path().join("site"));
    let mut session = started(root, &out);
    assert_as_clean(root, &out, "the first build");

    let mut save = |rel: &str, text: Option<&str>| {
        let path = root.join(rel);
        match text {
            Some(t) => {
                write(root, rel, t);
            }
            None => std::fs::remove_file(&path).unwrap(),
        }
        session.update(&[path], &mut || {})
    };

    save(
        "content/notes.md",
        Some("# Notes\n\nBack [home](index.md), with new words.\n"),
    )
    .unwrap();
    assert_as_clean(root, &out, "a body edit");

    save(
        "content/notes.md",
        Some("---\ntitle: Field notes\n---\n\n# Notes\n\nBack [home](index.md).\n"),
    )
    .unwrap();
    assert_as_clean(root, &out, "a title edit");

    save(
        "content/play/new.md",
        Some("# A new page\n\nOf [notes](../notes.md).\n"),
    )
    .unwrap();
    assert_as_clean(root, &out, "a new page");

    save("content/play/new.md", None).unwrap();
    assert_as_clean(root, &out, "a deleted page");

    save("content/play/stock.md", None).unwrap_err();
    save(
        "content/play/stock.md",
        Some("---\ntitle: The stock\n---\n\nSix cards each.\n"),
    )
    .unwrap();
    assert_as_clean(root, &out, "a page deleted and put back");

    let cotton = std::fs::read_to_string(root.join("variants/gleek/cotton-1674.yaml")).unwrap();
    let edited = cotton.replacen("title:", "title: Edited,", 1);
    assert_ne!(cotton, edited);
    save("variants/gleek/cotton-1674.yaml", Some(&edited)).unwrap();
    assert_as_clean(root, &out, "a variant edit");

    let base = std::fs::read_to_string(root.join("templates/base.html")).unwrap();
    let edited = base.replacen("</body>", "<!-- edited --></body>", 1);
    assert_ne!(base, edited);
    save("templates/base.html", Some(&edited)).unwrap();
    assert_as_clean(root, &out, "a template edit");

    let before = tree(&out);
    let broken = save(
        "content/notes.md",
        Some("---\ntitle: Field notes\n---\n\n# Notes\n\nSee [nowhere](missing.md).\n"),
    );
    assert!(matches!(broken, Err(BuildError::Invalid(_))), "{broken:?}");
    assert!(before == tree(&out), "a broken save writes nothing");
    save(
        "content/notes.md",
        Some("---\ntitle: Field notes\n---\n\n# Notes\n\nSee [home](index.md) again.\n"),
    )
    .unwrap();
    assert_as_clean(root, &out, "a broken then fixed page");

    save("content/deal.md", Some("# The deal is gone\n")).unwrap();
    assert_as_clean(root, &out, "a scenario removed");
}

/// The test deal's page with `edit` applied to its text.
fn deal_with(edit: impl Fn(&str) -> String) -> String {
    let deal = std::fs::read_to_string(repo().join("tests/fixtures/cotton-deal.md")).unwrap();
    let edited = edit(&deal);
    assert_ne!(deal, edited, "the edit changes the page");
    edited
}

/// A second scenario for the test deal's page: the same deal under another id, Ben bidding 13.
fn second_scenario(deal: &str) -> String {
    let block = &deal[deal.find("```gleek").unwrap()..];
    block
        .replace("id: cotton-deal", "id: cotton-deal-13")
        .replace("Ben's four diamonds", "Ben bids thirteen")
        .replace("auction: Ben 12,", "auction: Ben 13,")
}

#[test]
fn every_scenario_save_leaves_what_a_clean_build_would() {
    let dir = tempfile::tempdir().unwrap();
    let (root, out) = (dir.path(), dir.path().join("site"));
    let mut session = started(root, &out);
    // Each of these saves takes the quick way, which tells the browser once the pages are written.
    let mut save = |text: &str| {
        let path = write(root, "content/deal.md", text);
        let mut shown = 0;
        let result = session.update(&[path], &mut || shown += 1);
        assert_eq!(shown, 1, "the quick way");
        result
    };

    save(&deal_with(|d| {
        d.replace("Ann holds every honour.", "Ann holds the honours.")
    }))
    .unwrap();
    assert_as_clean(root, &out, "a note beside a scenario");

    // Du Coeur's reading now plays the deal: its column and the rule pages change.
    save(&deal_with(|d| {
        d.replace("auction: Ben 12,", "auction: Ben 13,")
    }))
    .unwrap();
    assert_as_clean(root, &out, "a scenario's deal");

    save(&deal_with(|d| {
        d.replace(
            "Ann holds every honour.",
            "Ann holds every honour: \"the Mournival\" (Cotton, p. 92).",
        )
    }))
    .unwrap();
    assert_as_clean(root, &out, "a quotation beside a scenario");

    save(&deal_with(|d| {
        d.replace("Ann: +38, Ben: -22", "Ann: +37, Ben: -21")
    }))
    .unwrap();
    assert_as_clean(root, &out, "an expectation that now fails");

    save(&deal_with(|d| {
        format!("{d}\nThe same deal, bid higher.\n\n{}", second_scenario(d))
    }))
    .unwrap();
    assert_as_clean(root, &out, "a scenario added");

    // The second scenario changes; the first, left alone, keeps its evaluation.
    save(&deal_with(|d| {
        let second = second_scenario(d).replace("auction: Ben 13,", "auction: Ben 14,");
        format!("{d}\nThe same deal, bid higher.\n\n{second}")
    }))
    .unwrap();
    assert_as_clean(root, &out, "one scenario of two changed");

    // Both scenarios move down a line: the failing expectation is located where it is now.
    let report = save(&deal_with(|d| {
        let d = d
            .replace("Ann: +38, Ben: -22", "Ann: +37, Ben: -21")
            .replace(
                "# A deal for the tests\n",
                "# A deal for the tests\n\nA new line.\n",
            );
        format!("{d}\nThe same deal, bid higher.\n\n{}", second_scenario(&d))
    }))
    .unwrap();
    assert_as_clean(root, &out, "a line above the scenarios");
    let failing: Vec<usize> = report.failing.iter().map(|d| d.location.line).collect();
    assert!(failing.contains(&37), "located as it is now: {failing:?}");

    save(&deal_with(|d| {
        d.replace(
            "Ann holds every honour.",
            "Ann holds every honour: \"the Mournival of all\" (Cotton, p. 92).",
        )
    }))
    .unwrap();
    assert_as_clean(root, &out, "a misquotation beside a scenario");

    save(&deal_with(|d| {
        d.replace("id: cotton-deal", "id: cotton-renamed")
    }))
    .unwrap();
    assert_as_clean(root, &out, "a scenario renamed, the other removed");

    write(root, "content/other.md", "# Another deal\n\nNothing yet.\n");
    session
        .update(&[root.join("content/other.md")], &mut || {})
        .unwrap();
    let before = tree(&out);
    let deal = deal_with(|d| d.replace("id: cotton-deal", "id: cotton-renamed"));
    let twice = deal.replace("# A deal for the tests", "# Another deal");
    let path = write(root, "content/other.md", &twice);
    let broken = session.update(&[path], &mut || {});
    assert!(matches!(broken, Err(BuildError::Invalid(_))), "{broken:?}");
    assert!(
        before == tree(&out),
        "a scenario id used twice writes nothing"
    );
    let path = write(root, "content/other.md", "# Another deal\n\nNothing yet.\n");
    session.update(&[path], &mut || {}).unwrap();
    assert_as_clean(root, &out, "a duplicate id taken back");
}

#[cfg(unix)]
#[test]
fn a_scenario_edit_rewrites_only_what_shows_its_scenarios() {
    let dir = tempfile::tempdir().unwrap();
    let (root, out) = (dir.path(), dir.path().join("site"));
    let mut session = started(root, &out);
    let files = tree(&out);
    let inodes: BTreeMap<&PathBuf, u64> = files.keys().map(|p| (p, inode(&out.join(p)))).collect();
    let page = write(
        root,
        "content/deal.md",
        &deal_with(|d| d.replace("auction: Ben 12,", "auction: Ben 13,")),
    );
    // The page is written and shown before the pages that list its scenario.
    let listing = out.join("scenarios/index.html");
    let mut shown = 0;
    session
        .update(&[page], &mut || {
            let html = std::fs::read(out.join("deal/index.html")).unwrap();
            let was = &files[&PathBuf::from("deal/index.html")];
            assert!(html != *was, "the page is on disk when shown");
            assert_eq!(
                inode(&listing),
                inodes[&PathBuf::from("scenarios/index.html")]
            );
            shown += 1;
        })
        .unwrap();
    assert_eq!(shown, 1, "the quick way");
    let rewritten: Vec<&str> = inodes
        .iter()
        .filter(|(p, ino)| inode(&out.join(p)) != **ino)
        .map(|(p, _)| p.to_str().unwrap())
        .collect();
    assert!(rewritten.contains(&"deal/index.html"), "{rewritten:?}");
    assert!(rewritten.contains(&"scenarios/index.html"), "{rewritten:?}");
    for path in &rewritten {
        assert!(
            [
                "deal/",
                "scenarios/",
                "rules/",
                "search-index",
                ".mournival-site"
            ]
            .iter()
            .any(|p| path.starts_with(p)),
            "{path} was rewritten: {rewritten:?}"
        );
    }
}

#[cfg(unix)]
#[test]
fn a_body_edit_rewrites_only_the_page_and_the_search_index() {
    let dir = tempfile::tempdir().unwrap();
    let (root, out) = (dir.path(), dir.path().join("site"));
    let mut session = started(root, &out);
    let files = tree(&out);
    let inodes: BTreeMap<&PathBuf, u64> = files.keys().map(|p| (p, inode(&out.join(p)))).collect();
    let page = write(
        root,
        "content/notes.md",
        "# Notes\n\nBack [home](index.md), changed.\n",
    );
    let mut shown = 0;
    session
        .update(&[page], &mut || {
            let html = std::fs::read_to_string(out.join("notes/index.html")).unwrap();
            assert!(html.contains("changed."), "the page is on disk when shown");
            shown += 1;
        })
        .unwrap();
    assert_eq!(shown, 1, "the browser is told once the page is written");
    let rewritten: Vec<&str> = inodes
        .iter()
        .filter(|(p, ino)| inode(&out.join(p)) != **ino)
        .map(|(p, _)| p.to_str().unwrap())
        .collect();
    // The search index's part of that page, and the list of parts, which gives its digest; and
    // the marker, written anew so that another build or session sees the site changed.
    assert_eq!(
        rewritten,
        [
            ".mournival-site",
            "notes/index.html",
            "search-index/0.json",
            "search-index.json"
        ]
    );
    let html = std::fs::read_to_string(out.join("notes/index.html")).unwrap();
    assert!(html.contains("changed."), "{html}");
}

#[test]
fn the_session_keeps_the_rules_of_the_output_folder() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    project(root);
    let out = root.join("site");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join("mine.txt"), "the user's").unwrap();
    let (_, first) = Session::start(options(root, &out));
    assert!(matches!(first, Err(BuildError::Output(_))), "{first:?}");
    assert_eq!(std::fs::read(out.join("mine.txt")).unwrap(), b"the user's");
    assert_eq!(std::fs::read_dir(&out).unwrap().count(), 1);
}
