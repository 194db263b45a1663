//! The site's navigation as a reader meets it: the phone menu, a sidebar that expands only the
//! current section, questions listed by stage of play, previous and next links, the 404 page,
//! and the sitemap with and without `base-url`.

use assert_cmd::Command;
use std::path::Path;

/// A project of a few pages (one reading, no scenarios), built; its folder.
fn built(yaml: &str, extra: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::create_dir_all(dir.path().join("variants/gleek")).unwrap();
    std::fs::copy(
        repo.join("variants/gleek/cotton-1674.yaml"),
        dir.path().join("variants/gleek/cotton-1674.yaml"),
    )
    .unwrap();
    std::fs::write(dir.path().join("mournival.yaml"), yaml).unwrap();
    let pages = [
        ("index.md", "# Home\n\nWelcome.\n"),
        (
            "glossary.md",
            "# Glossary\n\n## Tib {#tib}\n\nThe Ace of trumps.\n",
        ),
        ("play/deal.md", "---\nweight: 1\n---\n# Dealing\n"),
        ("play/stock.md", "---\nweight: 2\n---\n# Buying the stock\n"),
        (
            "notebook/a-par.md",
            "---\nstage: reckoning\n---\n# The par\n",
        ),
        (
            "notebook/b-bid.md",
            "---\nstage: stock\nweight: 2\n---\n# An opening bid\n",
        ),
        (
            "notebook/c-price.md",
            "---\nstage: stock\nweight: 1\n---\n# A price\n",
        ),
        ("notebook/d-turn.md", "---\nstage: deal\n---\n# Turned up\n"),
        (
            "notebook/e-odd.md",
            "---\nstage: stock\nweight: 2\n---\n# The odd penny\n",
        ),
    ];
    for (path, text) in pages.iter().chain(extra) {
        let p = dir.path().join("content").join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    Command::cargo_bin("mournival")
        .unwrap()
        .arg("--root")
        .arg(dir.path())
        .arg("build")
        .timeout(std::time::Duration::from_secs(60))
        .assert()
        .success();
    dir
}

fn read(dir: &tempfile::TempDir, file: &str) -> String {
    std::fs::read_to_string(dir.path().join("site").join(file)).unwrap()
}

fn sidebar(html: &str) -> &str {
    let start = html.find("<nav class=\"sidebar\"").expect("a sidebar");
    &html[start..start + html[start..].find("</nav>").unwrap()]
}

#[test]
fn the_header_has_a_menu_link_to_the_navigation() {
    let dir = built("", &[]);
    let html = read(&dir, "play/deal/index.html");
    assert!(
        html.contains("<a class=\"menu-link\" href=\"#nav\" aria-controls=\"nav\">Menu</a>"),
        "{html}"
    );
    assert!(html.contains("<nav class=\"sidebar\" id=\"nav\""), "{html}");
    assert!(html.contains("static/favicon.svg"), "{html}");
    assert!(dir.path().join("site/static/favicon.svg").exists());
}

#[test]
fn the_sidebar_expands_only_the_current_section() {
    let many: Vec<(String, String)> = (0..60)
        .map(|i| (format!("notebook/q{i:02}.md"), format!("# Question {i}\n")))
        .collect();
    let extra: Vec<(&str, &str)> = many.iter().map(|(p, t)| (p.as_str(), t.as_str())).collect();
    let dir = built("", &extra);
    let play = read(&dir, "play/deal/index.html");
    let nav = sidebar(&play);
    assert!(nav.contains("href=\"../../play/stock/\""), "{nav}");
    assert!(
        !nav.contains("notebook/a-par/"),
        "another section's pages: {nav}"
    );
    assert!(
        nav.contains("href=\"../../notebook/\">The notebook</a>"),
        "{nav}"
    );
    assert!(nav.matches("<a ").count() < 25, "{nav}");
    let notebook = read(&dir, "notebook/d-turn/index.html");
    assert!(
        sidebar(&notebook).matches("<a ").count() < 25,
        "a section of 65 pages shows its index"
    );
    let index = read(&dir, "notebook/index.html");
    assert!(
        index.contains("notebook/q59/"),
        "the section index lists every page"
    );
}

#[test]
fn questions_are_listed_by_stage_in_play_order() {
    let dir = built("", &[]);
    let nav = sidebar(&read(&dir, "notebook/a-par/index.html")).to_string();
    let order: Vec<usize> = [
        "nav-stage\">The deal<",
        "notebook/d-turn/",
        "nav-stage\">The stock<",
        "notebook/c-price/",
        "notebook/e-odd/",
        "notebook/b-bid/",
        "nav-stage\">The reckoning<",
        "notebook/a-par/",
    ]
    .iter()
    .map(|s| nav.find(s).unwrap_or_else(|| panic!("{s} missing: {nav}")))
    .collect();
    // Within a stage by weight, then by title without its article: "The odd penny" before
    // "An opening bid".
    assert!(order.is_sorted(), "{order:?} in {nav}");
    let index = read(&dir, "notebook/index.html");
    let stock = index.find("<h2>The stock</h2>").expect("stage headings");
    assert!(index.find("<h2>The deal</h2>").unwrap() < stock);
    assert!(stock < index.find("<h2>The reckoning</h2>").unwrap());
}

#[test]
fn every_content_page_links_the_previous_and_next_in_nav_order() {
    let dir = built("", &[]);
    let home = read(&dir, "index.html");
    assert!(
        !home.contains("rel=\"prev\""),
        "the first page has no previous"
    );
    assert!(home.contains("rel=\"next\" href=\"play/deal/\""), "{home}");
    let price = read(&dir, "notebook/c-price/index.html");
    assert!(price.contains("rel=\"prev\" href=\"../../notebook/d-turn/\""));
    assert!(price.contains("rel=\"next\" href=\"../../notebook/e-odd/\""));
    let glossary = read(&dir, "glossary/index.html");
    assert!(glossary.contains("rel=\"prev\" href=\"../notebook/a-par/\""));
    assert!(
        !glossary.contains("rel=\"next\""),
        "the last page has no next"
    );
}

#[test]
fn the_404_page_marks_no_page_current_and_links_from_the_base_url() {
    let dir = built("base-url: https://example.org/gleek\n", &[]);
    let html = read(&dir, "404.html");
    assert!(!html.contains("aria-current"), "{html}");
    for href in html.split("href=\"").skip(1) {
        assert!(
            href.starts_with("https://example.org/gleek/") || href.starts_with('#'),
            "{href}"
        );
    }
    let plain = built("", &[]);
    let html = read(&plain, "404.html");
    assert!(
        html.contains("href=\"/search/\""),
        "root-relative without a base-url"
    );
}

#[test]
fn the_sitemap_needs_a_base_url() {
    let dir = built("", &[]);
    assert!(!dir.path().join("site/sitemap.xml").exists());
    let out = Command::cargo_bin("mournival")
        .unwrap()
        .arg("--root")
        .arg(dir.path())
        .arg("build")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        stderr.matches("note: no sitemap.xml").count(),
        1,
        "{stderr}"
    );
    let dir = built("base-url: https://example.org/gleek\n", &[]);
    let sitemap = read(&dir, "sitemap.xml");
    assert!(
        sitemap.contains("<loc>https://example.org/gleek/</loc>"),
        "{sitemap}"
    );
    assert!(sitemap.contains("<loc>https://example.org/gleek/notebook/a-par/</loc>"));
    assert!(!sitemap.contains("<loc></loc>"));
    for loc in sitemap.split("<loc>").skip(1) {
        assert!(loc.starts_with("https://example.org/gleek/"), "{loc}");
    }
}

#[test]
fn the_sidebar_shows_one_game_at_a_time() {
    let dir = built("", &[("put/index.md", "# Put\n\nThe game.\n")]);
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::create_dir_all(dir.path().join("variants/put")).unwrap();
    std::fs::copy(
        repo.join("variants/put/cotton-1674.yaml"),
        dir.path().join("variants/put/cotton-1674.yaml"),
    )
    .unwrap();
    Command::cargo_bin("mournival")
        .unwrap()
        .arg("--root")
        .arg(dir.path())
        .arg("build")
        .timeout(std::time::Duration::from_secs(60))
        .assert()
        .success();
    // Both games have a reading of the id cotton-1674: each game's sidebar lists its own.
    let gleek = read(&dir, "play/deal/index.html");
    let nav = sidebar(&gleek);
    assert!(
        nav.contains("href=\"../../variants/cotton-1674/\""),
        "{nav}"
    );
    assert!(
        !nav.contains("put/variants/"),
        "Put's readings on a Gleek page: {nav}"
    );
    assert!(nav.contains("class=\"nav-here\">Gleek"), "{nav}");
    let put = read(&dir, "put/index.html");
    let nav = sidebar(&put);
    assert!(
        nav.contains("href=\"../put/variants/cotton-1674/\""),
        "{nav}"
    );
    assert!(
        !nav.contains("href=\"../variants/"),
        "Gleek's readings on a Put page: {nav}"
    );
    assert!(
        !nav.contains("play/deal/\">Dealing"),
        "Gleek's pages on a Put page: {nav}"
    );
    assert!(nav.contains("class=\"nav-here\">Put"), "{nav}");
    // A page of the whole site names both games and the first of neither.
    let glossary = read(&dir, "glossary/index.html");
    let nav = sidebar(&glossary);
    assert!(
        nav.contains(">Gleek</a>") && nav.contains(">Put</a>"),
        "{nav}"
    );
    assert!(!nav.contains("nav-here"), "{nav}");
    // The home page opens on what the site is and the newcomer's two ways in.
    let home = read(&dir, "index.html");
    let first = &home[home.find("class=\"first-screen\"").expect("a first screen")..];
    assert!(first.contains(">Learn to play tonight</a>"), "{first}");
    assert!(first.contains(">Compare the readings</a>"), "{first}");
}

#[test]
fn each_game_names_its_own_stages_of_play() {
    use mournival::site::pages;
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("content");
    let write = |rel: &str, text: &str| {
        let p = content.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    };
    write("glic/notebook/tie.md", "---\nstage: poch\n---\n# A tie\n");
    write(
        "glic/notebook/pay.md",
        "---\nstage: countdown\n---\n# Pay\n",
    );
    write("notebook/buy.md", "---\nstage: stock\n---\n# Buy\n");
    let loaded = pages::load(dir.path(), &content).unwrap();
    let stage = |rel: &str| {
        let p = loaded.iter().find(|p| p.rel == rel).unwrap();
        p.stage.map(pages::Stage::title)
    };
    assert_eq!(stage("glic/notebook/tie.md"), Some("The Poch"));
    assert_eq!(stage("notebook/buy.md"), Some("The stock"));
    let (poch, countdown) = (
        loaded
            .iter()
            .find(|p| p.rel == "glic/notebook/tie.md")
            .unwrap()
            .stage,
        loaded
            .iter()
            .find(|p| p.rel == "glic/notebook/pay.md")
            .unwrap()
            .stage,
    );
    assert!(poch < countdown, "Glic's play order");
    // Gleek's stock is not a stage of Glic: the error names Glic's, at the word.
    write("glic/notebook/tie.md", "---\nstage: stock\n---\n# A tie\n");
    let errors = pages::load(dir.path(), &content).unwrap_err();
    assert_eq!(
        errors[0].message,
        "`stock` is not allowed here; write one of deal, sweepstakes, poch, countdown"
    );
    assert_eq!(
        (errors[0].location.line, errors[0].location.column()),
        (2, 8)
    );
}
