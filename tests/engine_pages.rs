//! The pages that use the engine in the browser: every scenario carries what the flips need (its
//! game, its block, its rule points' pages) and loads the script, no precomputed flip file is
//! written, and each game has a playground that says what it needs without JavaScript. The
//! behaviour in the browser is tested by `tests/e2e/editor.mjs`.

use assert_cmd::Command;
use std::path::Path;

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn build(root: &Path, out: &Path) -> assert_cmd::assert::Assert {
    Command::cargo_bin("mournival")
        .unwrap()
        .arg("--root")
        .arg(root)
        .arg("build")
        .arg("--out")
        .arg(out)
        .timeout(std::time::Duration::from_secs(600))
        .assert()
}

fn read(site: &Path, page: &str) -> String {
    std::fs::read_to_string(site.join(page)).unwrap_or_else(|e| panic!("{page}: {e}"))
}

#[test]
fn scenario_pages_carry_the_flips_and_each_game_has_a_playground() {
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    build(repo(), &site).success();

    let page = read(&site, "notebook/no-vie/index.html");
    assert!(page.contains("<script type=\"module\" src=\"../../static/flip.js\"></script>"));
    let sections = page.matches("<section class=\"scenario\"").count();
    assert!(sections > 0);
    assert_eq!(
        page.matches("<div class=\"flip\" id=\"").count(),
        sections,
        "a flip box per scenario"
    );
    assert!(page.contains("data-game=\"gleek\" data-rules=\"../../rules/\" hidden></div>"));
    assert_eq!(page.matches(" data-yaml=\"").count(), sections);
    let put = read(&site, "put/notebook/seen-put/index.html");
    assert!(put.contains("data-game=\"put\" data-rules=\"../../../put/rules/\" hidden>"));
    assert!(site.join("static/flip.js").is_file());
    assert!(!site.join("flip").exists(), "precomputed flip files");
    let glossary = read(&site, "glossary/index.html");
    assert!(
        !glossary.contains("flip.js"),
        "a page without scenarios loads the flips"
    );

    for (game, name) in [("gleek", "Gleek"), ("put", "Put"), ("glic", "Glic")] {
        let html = read(&site, &format!("playground/{game}/index.html"));
        assert!(html.contains(&format!("<h1>{name} playground: a random deal</h1>")));
        assert!(html.contains("The playground needs JavaScript and WebAssembly"));
        assert!(html.contains(&format!(
            "<code>mournival deal --game {game} --seed 7 &gt; deal.md</code>"
        )));
        assert!(
            html.contains("<script type=\"module\" src=\"../../static/playground.js\"></script>")
        );
        assert!(
            html.contains(&format!("href=\"../../playground/{game}/\"")),
            "the navigation of {game}'s playground links to it"
        );
    }
    assert!(read(&site, "index.html").contains("href=\"playground/gleek/\""));
    assert!(read(&site, "put/index.html").contains("href=\"../playground/put/\""));
    assert!(read(&site, "glic/index.html").contains("href=\"../playground/glic/\""));
    assert!(site.join("static/playground.js").is_file());
}

#[test]
fn a_page_in_the_playground_folder_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("content/playground")).unwrap();
    std::fs::write(dir.path().join("content/playground/x.md"), "# X\n").unwrap();
    // A project needs a reading of some game.
    let variants = dir.path().join("variants/gleek");
    std::fs::create_dir_all(&variants).unwrap();
    for entry in std::fs::read_dir(repo().join("variants/gleek")).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, variants.join(path.file_name().unwrap())).unwrap();
    }
    build(dir.path(), &dir.path().join("site"))
        .code(2)
        .stderr(predicates::str::contains("which is the playgrounds"));
}
