//! Building sites as a user would: the bundled site's links and anchors, escaping, template
//! overrides and errors, and that a failed build never leaves a half-written site.

use assert_cmd::Command;
use predicates::prelude::*;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

mod common;
use common::html_files;

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn mournival(root: &Path) -> Command {
    let mut cmd = Command::cargo_bin("mournival").unwrap();
    cmd.arg("--root").arg(root);
    cmd
}

/// A project with the bundled variants and the given pages.
fn project(pages: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let variants = dir.path().join("variants/gleek");
    std::fs::create_dir_all(&variants).unwrap();
    for entry in std::fs::read_dir(repo().join("variants/gleek")).unwrap() {
        let p = entry.unwrap().path();
        std::fs::copy(&p, variants.join(p.file_name().unwrap())).unwrap();
    }
    for (path, text) in pages {
        let p = dir.path().join("content").join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    dir
}

/// The values of an attribute in a page (`href="..."`), unescaped for `&amp;`.
fn attrs(html: &str, name: &str) -> Vec<String> {
    let key = format!(" {name}=\"");
    html.match_indices(&key)
        .filter_map(|(i, _)| {
            let rest = &html[i + key.len()..];
            rest.find('"').map(|end| rest[..end].replace("&amp;", "&"))
        })
        .collect()
}

/// Every internal link of a built site resolves to a file, and every fragment to an id there.
fn assert_links_resolve(site: &Path) -> usize {
    let files = html_files(site);
    let mut ids: HashMap<PathBuf, HashSet<String>> = HashMap::new();
    for f in &files {
        let html = std::fs::read_to_string(f).unwrap();
        ids.insert(
            f.canonicalize().unwrap(),
            attrs(&html, "id").into_iter().collect(),
        );
    }
    let mut checked = 0;
    for f in &files {
        if f.file_name().unwrap() == "404.html" {
            continue;
        }
        let html = std::fs::read_to_string(f).unwrap();
        for href in attrs(&html, "href").into_iter().chain(attrs(&html, "src")) {
            if href.contains("://") || href.starts_with("mailto:") {
                continue;
            }
            let (path, fragment) = match href.split_once('#') {
                Some((p, fr)) => (p.to_string(), Some(fr.to_string())),
                None => (href.clone(), None),
            };
            let path = path.split('?').next().unwrap().to_string();
            let mut target = if path.is_empty() {
                f.clone()
            } else {
                f.parent().unwrap().join(&path)
            };
            if target.is_dir() {
                target = target.join("index.html");
            }
            assert!(
                target.exists(),
                "{}: link `{href}` leads nowhere ({})",
                f.display(),
                target.display()
            );
            if let Some(fr) = fragment {
                let known = ids
                    .get(&target.canonicalize().unwrap())
                    .unwrap_or_else(|| panic!("{}: `{href}` is not a page", f.display()));
                assert!(
                    known.contains(&fr),
                    "{}: anchor `#{fr}` is not in {}",
                    f.display(),
                    target.display()
                );
            }
            checked += 1;
        }
    }
    checked
}

#[test]
fn the_bundled_site_builds_and_every_internal_link_resolves() {
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    mournival(repo())
        .arg("build")
        .arg("--out")
        .arg(&site)
        .arg("--strict")
        .assert()
        .success()
        .stdout(predicate::str::contains("0 expectation(s) failing"));
    for page in [
        "index.html",
        "404.html",
        "search-index.json",
        "matrix/index.html",
        "scenarios/index.html",
        "search/index.html",
        "variants/cotton-1674/index.html",
        "rules/tiddy-turned-up/index.html",
        "static/style.css",
        "static/highlight.css",
    ] {
        assert!(site.join(page).exists(), "{page} is missing");
    }
    assert!(
        !site.join("sitemap.xml").exists(),
        "no sitemap without base-url"
    );
    let checked = assert_links_resolve(&site);
    assert!(checked > 1000, "only {checked} links checked");
    let tiddy = std::fs::read_to_string(site.join("notebook/tiddy-turned-up/index.html")).unwrap();
    assert!(tiddy.contains("<table class=\"outcome\" data-game=\"gleek\">"));
    assert!(tiddy.contains("<th scope=\"col\">"));
    assert!(tiddy.contains("<caption>"));
    assert!(
        tiddy.contains("class=\"term\" href=\"../../glossary/#tiddy\""),
        "glossary terms are linked"
    );
    // The search index: a list of parts, each a whole index of some pages, the last of the
    // readings and rule points.
    let list: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(site.join("search-index.json")).unwrap())
            .unwrap();
    let parts: Vec<String> = (list["parts"].as_array().unwrap().iter())
        .map(|p| std::fs::read_to_string(site.join(p["u"].as_str().unwrap())).unwrap())
        .collect();
    assert!(parts.len() >= 2, "{list}");
    assert!(parts[0].contains("\"tiddy\""));
    assert!(parts.last().unwrap().contains("\"rules/tiddy-turned-up/\""));
    // Each game's tables say what their figures count.
    for (page, unit) in [
        ("notebook/tiddy-turned-up/index.html", "counters"),
        ("put/play/index.html", "points"),
        ("glic/play/index.html", "pennies"),
    ] {
        let html = std::fs::read_to_string(site.join(page)).unwrap();
        assert!(
            html.contains(&format!("under each reading, in {unit}. Select a figure"))
                && html.contains(&format!("Figures are {unit}: ")),
            "{page} does not say its figures are {unit}"
        );
    }
}

const PAGE: &str = "---
title: Escaping
---
# Escaping <b>bold</b>

A player called <script>alert(1)</script> sits down.

```gleek
id: escaping
title: <img src=x onerror=alert(2)>
seats: ['<script>alert(1)</script>', Ben, Cat]
dealer: Cat
hands:
  '<script>alert(1)</script>': AH KH QH JH AS KS QS JS TS 9S 8S 7S
  Ben: AD KD QD JD TD 9D 8D 7D 6D 5D 4D 6S
  Cat: AC KC QC JC TC 9C 8C 7C 6C 5C 4C 5S
turn-up: TH
```
";

#[test]
fn every_string_from_content_is_escaped() {
    let dir = project(&[("index.md", PAGE)]);
    mournival(dir.path()).arg("build").assert().success();
    let html = std::fs::read_to_string(dir.path().join("site/index.html")).unwrap();
    assert!(!html.contains("<script>alert"), "a script got through");
    assert!(!html.contains("<img src=x"), "an image got through");
    assert!(!html.contains("<b>bold"), "raw HTML got through");
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
}

#[test]
fn a_template_in_the_project_overrides_the_default() {
    let dir = project(&[("index.md", "# Home\n\nHello.\n")]);
    std::fs::create_dir_all(dir.path().join("templates")).unwrap();
    std::fs::write(
        dir.path().join("templates/page.html"),
        "<!DOCTYPE html><title>{{ page.title }}</title><p>custom {{ page.content | safe }}</p>",
    )
    .unwrap();
    mournival(dir.path()).arg("build").assert().success();
    let html = std::fs::read_to_string(dir.path().join("site/index.html")).unwrap();
    assert!(
        html.starts_with("<!DOCTYPE html><title>Home</title><p>custom"),
        "{html}"
    );
}

#[test]
fn a_template_error_names_the_template_line_and_column() {
    let dir = project(&[("index.md", "# Home\n")]);
    std::fs::create_dir_all(dir.path().join("templates")).unwrap();
    std::fs::write(
        dir.path().join("templates/page.html"),
        "<p>\n{{ page.title }\n</p>",
    )
    .unwrap();
    mournival(dir.path())
        .arg("build")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("templates/page.html"))
        .stderr(predicate::str::contains("2:"))
        .stderr(predicate::str::contains("nothing was written"));
    assert!(!dir.path().join("site").exists());
}

#[test]
fn a_failed_build_leaves_the_previous_site_untouched() {
    let dir = project(&[("index.md", "# Home\n\nFirst.\n")]);
    mournival(dir.path()).arg("build").assert().success();
    let before = std::fs::read_to_string(dir.path().join("site/index.html")).unwrap();
    std::fs::write(
        dir.path().join("content/index.md"),
        "# Home\n\nSee [nowhere](missing.md).\n",
    )
    .unwrap();
    mournival(dir.path())
        .arg("build")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("index.md:3:5"))
        .stderr(predicate::str::contains(
            "the link `missing.md` names no page",
        ));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("site/index.html")).unwrap(),
        before
    );
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().starts_with(".site"))
        .collect();
    assert!(leftovers.is_empty(), "temporary folders left behind");
}

#[test]
fn strict_fails_on_an_expectation_the_engine_does_not_meet() {
    let wrong = PAGE
        .replace(
            "turn-up: TH\n",
            "turn-up: TH\nexpect:\n  cotton-1674: {Ben: +100}\n",
        )
        .replace("'<script>alert(1)</script>'", "Ann");
    let dir = project(&[("index.md", &wrong)]);
    mournival(dir.path())
        .arg("build")
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "warning: scenario `escaping` under `cotton-1674`",
        ));
    mournival(dir.path())
        .arg("build")
        .arg("--strict")
        .assert()
        .code(1);
    let html = std::fs::read_to_string(dir.path().join("site/index.html")).unwrap();
    assert!(
        html.contains("✗ expected +100"),
        "the failing figure is shown in the page"
    );
    assert!(html.contains("do not match the engine"));
}

/// Runs a build that must end, with a time limit so that a hang fails the test instead.
fn build_within_a_minute(root: &Path) -> assert_cmd::assert::Assert {
    mournival(root)
        .arg("build")
        .timeout(std::time::Duration::from_secs(60))
        .assert()
}

#[cfg(unix)]
#[test]
fn links_out_of_the_project_are_errors_naming_the_link_and_its_target() {
    use std::os::unix::fs::symlink;
    let dir = project(&[("index.md", "# Home\n")]);
    symlink("/", dir.path().join("content/r")).unwrap();
    build_within_a_minute(dir.path())
        .code(2)
        .stderr(predicate::str::contains("content/r` is a link to `/`"))
        .stderr(predicate::str::contains("nothing was written"));
    std::fs::remove_file(dir.path().join("content/r")).unwrap();
    std::fs::create_dir_all(dir.path().join("templates/static")).unwrap();
    symlink("/etc/passwd", dir.path().join("templates/static/passwd")).unwrap();
    build_within_a_minute(dir.path())
        .code(2)
        .stderr(predicate::str::contains(
            "static/passwd` is a link to `/etc/passwd`, outside the project",
        ));
    assert!(!dir.path().join("site").exists());
}

#[cfg(unix)]
#[test]
fn a_link_inside_the_project_is_followed_and_a_loop_is_an_error() {
    use std::os::unix::fs::symlink;
    let dir = project(&[("index.md", "# Home\n")]);
    std::fs::create_dir_all(dir.path().join("shared")).unwrap();
    std::fs::write(dir.path().join("shared/notes.md"), "# Notes\n").unwrap();
    symlink("../shared", dir.path().join("content/shared")).unwrap();
    build_within_a_minute(dir.path()).success();
    assert!(dir.path().join("site/shared/notes/index.html").is_file());
    symlink(".", dir.path().join("content/loop")).unwrap();
    build_within_a_minute(dir.path())
        .code(2)
        .stderr(predicate::str::contains("content/loop` is a link to"))
        .stderr(predicate::str::contains("a folder is read once"));
    assert!(!dir.path().join("site/loop").exists());
}

#[cfg(unix)]
#[test]
fn a_fifo_among_the_pages_is_an_error_not_a_hang() {
    let dir = project(&[("index.md", "# Home\n")]);
    let fifo = dir.path().join("content/p.md");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    build_within_a_minute(dir.path())
        .code(2)
        .stderr(predicate::str::contains("p.md"))
        .stderr(predicate::str::contains("not a regular file (a FIFO)"));
}

#[test]
fn a_file_over_16_mib_is_an_error() {
    let dir = project(&[("index.md", "# Home\n")]);
    let big = std::fs::File::create(dir.path().join("content/big.md")).unwrap();
    big.set_len(17 << 20).unwrap();
    build_within_a_minute(dir.path())
        .code(2)
        .stderr(predicate::str::contains("big.md"))
        .stderr(predicate::str::contains("larger than 16 MiB"));
}

#[test]
fn folders_nested_too_deep_are_an_error() {
    let dir = project(&[("index.md", "# Home\n")]);
    let deep: PathBuf = std::iter::repeat_n("d", 66).collect();
    std::fs::create_dir_all(dir.path().join("content").join(&deep)).unwrap();
    build_within_a_minute(dir.path())
        .code(2)
        .stderr(predicate::str::contains("nested more than 64 deep"));
}

#[test]
fn a_byte_order_mark_keeps_the_front_matter() {
    let dir = project(&[(
        "index.md",
        "\u{feff}---\ntitle: From the front matter\n---\n\n# Heading\n",
    )]);
    build_within_a_minute(dir.path()).success();
    let html = std::fs::read_to_string(dir.path().join("site/index.html")).unwrap();
    assert!(
        html.contains("<title>From the front matter"),
        "{}",
        &html[..300]
    );
    assert!(!html.contains("title: From"), "the front matter is shown");
}

#[test]
fn a_page_that_is_not_utf8_is_located() {
    let dir = project(&[("index.md", "# Home\n")]);
    std::fs::write(
        dir.path().join("content/old.md"),
        b"# Old\n\nCaf\xE9 au lait\n",
    )
    .unwrap();
    build_within_a_minute(dir.path())
        .code(2)
        .stderr(predicate::str::contains("old.md:3:4"))
        .stderr(predicate::str::contains("not UTF-8"));
}

#[test]
fn a_project_base_template_may_include_a_new_partial_and_the_sitemap() {
    let dir = project(&[("index.md", "# Home\n\nHello.\n")]);
    let base = std::fs::read_to_string(repo().join("templates/base.html")).unwrap();
    let base = base.replacen(
        "<body>",
        "<body>{% include \"partial.html\" %}{% if page.no_such_field %}{% include \"sitemap.xml\" %}{% endif %}",
        1,
    );
    std::fs::create_dir_all(dir.path().join("templates")).unwrap();
    std::fs::write(dir.path().join("templates/base.html"), base).unwrap();
    std::fs::write(
        dir.path().join("templates/partial.html"),
        "<p class=\"partial\">from the partial</p>",
    )
    .unwrap();
    build_within_a_minute(dir.path()).success();
    let html = std::fs::read_to_string(dir.path().join("site/index.html")).unwrap();
    assert!(
        html.contains("<body><p class=\"partial\">from the partial</p>"),
        "{html}"
    );
}

#[test]
fn a_script_link_is_an_error_at_its_place() {
    let dir = project(&[(
        "index.md",
        "# Home\n\nSee <javascript:alert(1)> and [this](javascript://%0aalert(1)).\n",
    )]);
    build_within_a_minute(dir.path())
        .code(2)
        .stderr(predicate::str::contains("index.md:3:5"))
        .stderr(predicate::str::contains(
            "the link `javascript:alert(1)` uses `javascript:`",
        ))
        .stderr(predicate::str::contains("index.md:3:31"))
        .stderr(predicate::str::contains("allowed: http:, https:, mailto:"));
    assert!(!dir.path().join("site").exists());
}

#[test]
fn pages_that_would_share_a_place_are_errors_naming_both() {
    let scenario = "id: b-deal\nseats: [Ann, Ben, Cat]\ndealer: Cat\nhands:\n  Ann: AS KS QS JS TS 9S AH KH QH JH TH 9H\n  Ben: AD KD QD JD TD 9D AC KC QC JC TC 9C\n  Cat: 8S 7S 6S 5S 8H 7H 6H 5H 8D 7D 6D 5D\nturn-up: 4H\n";
    let dir = project(&[
        ("index.md", "# Home\n"),
        ("search.md", "# My search\n"),
        ("matrix.md", "# Matrix\n"),
        ("scenarios.md", "# Scenarios\n"),
        ("404.md", "# Lost\n"),
        ("static/style.md", "# Style\n"),
        ("variants/cotton-1674.md", "# Cotton\n"),
        ("rules/odd-penny.md", "# Odd penny\n"),
        ("a.md", "# A\n"),
        ("a/index.md", "# A again\n"),
        ("b.md", "# B\n"),
        ("b.yaml", scenario),
    ]);
    let assert = build_within_a_minute(dir.path()).code(2);
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).to_string();
    for expected in [
        "search.md` would be the page `search/`, which is the search page",
        "matrix.md` would be the page `matrix/`, which is the matrix of rule points",
        "scenarios.md` would be the page `scenarios/`, which is the index of scenarios",
        "404.md` would be the page `404/`, which is the not-found page",
        "static/style.md` would be the page `static/style/`, which is the static files",
        "cotton-1674.md` would be the page `variants/cotton-1674/`, which is the page of the reading `cotton-1674`",
        "odd-penny.md` would be the page `rules/odd-penny/`, which is the page of the rule point `odd-penny`",
        "content/a/index.md` and `",
        "content/a.md` would both be the page `a/`",
        "content/b.md` and `",
        "content/b.yaml` would both be the page `b/`",
        "9 error(s); nothing was written",
    ] {
        assert!(
            stderr.contains(expected),
            "missing `{expected}` in:\n{stderr}"
        );
    }
    assert!(!dir.path().join("site").exists());
}

#[test]
fn a_folder_whose_index_would_be_a_generated_page_is_an_error() {
    let dir = project(&[("index.md", "# Home\n"), ("search/tips.md", "# Tips\n")]);
    build_within_a_minute(dir.path())
        .code(2)
        .stderr(predicate::str::contains(
            "the folder `search/` would have its index page at `search/`, which is the search page",
        ));
}

#[test]
fn a_page_beside_its_folder_is_the_folder_index() {
    let dir = project(&[
        ("index.md", "# Home\n"),
        ("extras.md", "# All the extras\n"),
        ("extras/one.md", "# One\n"),
    ]);
    build_within_a_minute(dir.path()).success();
    let html = std::fs::read_to_string(dir.path().join("site/extras/index.html")).unwrap();
    assert!(html.contains("All the extras"), "{html}");
}

#[test]
fn a_static_file_may_not_replace_the_code_colours() {
    let dir = project(&[("index.md", "# Home\n")]);
    std::fs::create_dir_all(dir.path().join("templates/static")).unwrap();
    std::fs::write(dir.path().join("templates/static/highlight.css"), "x{}").unwrap();
    build_within_a_minute(dir.path())
        .code(2)
        .stderr(predicate::str::contains(
            "highlight.css` would replace the code colours",
        ));
}

/// The Tiddy turn-up of `content/notebook/tiddy-turned-up.md`, played to the end, with Ann's and
/// Cat's diamonds in trick 8 swapped for Willughby's follow rule to forbid two of them.
const OPEN_PAGE: &str = "# Open figures

```gleek
id: open
seats: [Ann, Ben, Cat]
dealer: Cat
hands:
  Ann: AS 5S 4S AC 5C 4C 8D 5D 4D 8H 7H 5H
  Ben: JS TS 9S 8C 7C 6C AD KD QD JH TH 9H
  Cat: 8S 7S 6S JC TC 9C JD TD 9D AH KH QH
turn-up: 4H
stock: KS QS KC QC 7D 6D 6H
agreed: {tiddy: yes, towser-tumbler: no}
auction: Ann 14, Ben pass, Cat pass
discard: 5S 4S 5C 4C 5D 4D 5H
vie: Ann vie, Ben pass, Cat pass
play:
  - AS JS 8S
  - KS TS 7S
  - QS 9S 6S
  - AC 8C JC
  - KC 7C TC
  - QC 6C 9C
  - 8D AD JD
  - KD 9D 6D
  - QD TD 7D
  - JH AH 8H
  - KH 7H TH
  - QH 6H 9H
expect:
  cotgrave-1662: {ruff: undetermined}
  akagiri: {stock: undetermined}
  willughby: {unplayable: [follow-rule, follow-rule], turn-up: {Ann: -2, Ben: -2, Cat: +4}}
```
";

#[test]
fn an_undetermined_figure_shows_the_source_does_not_say_and_every_forbidden_action_is_listed() {
    let dir = project(&[("index.md", OPEN_PAGE)]);
    mournival(dir.path())
        .arg("build")
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "Ann's stock net is determined: it rests on no assumed choice and no open alternative",
        ));
    let html = std::fs::read_to_string(dir.path().join("site/index.html")).unwrap();
    // Cotgrave's ruff: greyed engine figure beside the words (in words for a screen reader, and
    // a figure per player on screen), and a pass.
    assert!(
        html.contains("<span class=\"undetermined\">the source does not say</span> <span class=\"figure engine-figure long\""),
        "{html}"
    );
    assert!(
        html.contains("<span class=\"each engine-figure\" aria-hidden=\"true\"><span>+2</span><span>−1</span><span>−1</span></span>"),
        "{html}"
    );
    assert!(html.contains("✗ the engine’s figure rests on nothing open"));
    // Willughby: the first forbidden card in the cell, the second listed after it.
    assert!(html.contains("<strong>Not playable:</strong> Cat plays 9♦ to trick 8"));
    assert!(html.contains("<li>Ann plays 6♦ to trick 8 (written at line"));
}

/// The home page of a project whose one page is [`OPEN_PAGE`], built.
fn built_open_page() -> String {
    let dir = project(&[("index.md", OPEN_PAGE)]);
    mournival(dir.path()).arg("build").assert().success();
    std::fs::read_to_string(dir.path().join("site/index.html")).unwrap()
}

/// The outcome table of `page`, from its opening tag to its closing one.
fn outcome_table(html: &str) -> &str {
    let start = html
        .find("<table class=\"outcome\" data-game=\"gleek\">")
        .expect("an outcome table");
    let end = start + html[start..].find("</table>").unwrap();
    &html[start..end]
}

#[test]
fn every_outcome_cell_links_to_its_ledger_panel_under_the_table() {
    let html = built_open_page();
    let table = outcome_table(&html);
    let after = &html[html.find("</table>").unwrap()..];
    assert!(
        !table.contains("<details"),
        "a ledger still opens inside its cell"
    );
    assert!(html.contains(
        "<div class=\"table-wrap outcome-wrap\" tabindex=\"0\" role=\"region\" aria-label=\"Outcome of “open” under each reading, in counters\">"
    ), "the table's scroll region is not focusable and named");
    let readings: Vec<String> = std::fs::read_dir(repo().join("variants/gleek"))
        .unwrap()
        .map(|e| {
            e.unwrap()
                .path()
                .file_stem()
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    let heads = attrs(table, "data-reading");
    assert_eq!(
        heads.iter().collect::<HashSet<_>>(),
        readings.iter().collect::<HashSet<_>>(),
        "every column head and cell names its reading"
    );
    let links: Vec<String> = attrs(table, "href")
        .into_iter()
        .filter_map(|h| h.strip_prefix('#').map(str::to_string))
        .collect();
    let cells = table.matches("<td class=\"cell").count();
    assert!(cells >= 3 * readings.len(), "only {cells} cells");
    assert_eq!(links.len(), cells, "a link in every cell");
    // The "Players" row over the phase cells names its readings too (a pick marks the whole
    // column), and has no cell of its own to open.
    assert_eq!(table.matches("<tr class=\"row-players\">").count(), 1);
    assert_eq!(
        heads.len(),
        2 * readings.len() + cells,
        "data-reading on every head, cell and name of the Players row"
    );
    for id in &links {
        let open = format!("\" id=\"{id}\"");
        let at = after
            .find(&open)
            .unwrap_or_else(|| panic!("no panel `{id}` under the table"));
        let panel = &after[after[..at].rfind("<section").unwrap()..];
        let panel = &panel[..panel.find("</section>").unwrap()];
        assert!(
            panel.starts_with("<section class=\"ledger-panel"),
            "{panel}"
        );
        assert!(
            panel.contains(&format!("<a href=\"#{id}--cell\">Back to the table</a>")),
            "panel `{id}` does not link back to its cell"
        );
        assert!(
            table.contains(&format!("id=\"{id}--cell\"")),
            "no cell `{id}--cell`"
        );
    }
    // A panel says which cell it is.
    assert!(html.contains("id=\"open--cotton-1674--ann-net\""));
    assert!(html.contains("Charles Cotton (1674), Ann net: <span class=\"figure\">"));
}

#[test]
fn rows_where_nothing_was_paid_fold_into_one_line_naming_them() {
    let html = built_open_page();
    let table = outcome_table(&html);
    // No hand holds three of a kind, and Towser and Tumbler are not played: no gleek and no low
    // trump is paid under any reading. Tiddy is turned up, so the turn-up row stays.
    assert!(
        table.contains("<tr class=\"row-folded\"><th scope=\"row\">Nothing paid</th><td colspan=\"8\">Gleeks and mournivals, Low trumps: nothing paid in this deal under any reading.</td></tr>"),
        "{table}"
    );
    assert_eq!(
        table.matches(" hidden>").count(),
        2,
        "the two folded rows stay for the flip, hidden"
    );
    assert!(table.contains("<th scope=\"row\">Turn-up</th>"));
}

#[test]
fn each_badge_has_a_title_and_words_for_screen_readers() {
    let html = built_open_page();
    let table = outcome_table(&html);
    for (glyph, title, words) in [
        (
            "◆",
            "Differs from most readings",
            ", differs from most readings",
        ),
        (
            "A",
            "Rests on an assumed choice: ",
            ", rests on an assumed choice",
        ),
    ] {
        let badge = format!(
            "<span aria-hidden=\"true\">{glyph}</span><span class=\"visually-hidden\">{words}</span>"
        );
        assert!(
            table.contains(&badge),
            "no {glyph} badge with its words: {badge}"
        );
        assert!(
            table.contains(&format!("title=\"{title}")),
            "no title {title}"
        );
    }
    assert!(!table.contains("▶"), "a disclosure triangle per cell");
    // The page's own check of its figures is no mark in the reader's table: a line under it.
    assert!(
        !table.contains("✓"),
        "an expectation mark in the reader's table"
    );
    let line = &html[html
        .find("<p class=\"expect-line\">")
        .expect("a line under the table")..];
    assert!(
        line.contains("figures this page works out by hand") && line.contains("“Expected figures”"),
        "{line}"
    );
}
