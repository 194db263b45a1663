//! Quotations held to their texts: `check` finds every quotation of a text at hand in it, on the
//! page cited; a misquote, a wrong page and an unmarked translation are located errors; a
//! quotation whose text is not at hand is not verified, and `check` says so, text by text. The
//! texts the project may not bundle are kept in a texts folder (`--texts DIR`): the mechanism is
//! tested here on the fixture texts of `tests/fixtures/texts/`, and CI (`.ci/run`) checks the
//! project's own quotations against the copies it keeps beside the clone. Nothing here reads
//! outside the repository.

use assert_cmd::Command;
use mournival::project::{load_pages, load_variants};
use mournival::sources::check::Why;
use mournival::sources::{self, Absent, Library};
use predicates::prelude::*;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The project's library as a fresh clone has it: the bundled texts only.
fn bundled() -> Library {
    Library::load(root(), None).unwrap_or_else(|e| panic!("{e:?}"))
}

/// Every quotation of the project, checked against the bundled texts: each is found, and each
/// one not verified names a listed text that is not bundled. The public-domain texts the
/// readings quote are all bundled, so none of their quotations is left unchecked.
#[test]
fn every_quotation_of_a_bundled_text_is_in_it_and_the_rest_name_their_text() {
    let library = bundled();
    let readings = load_variants(root()).unwrap_or_else(|e| panic!("{e:?}"));
    let pages = load_pages(root(), &root().join("content")).unwrap_or_else(|e| panic!("{e:?}"));
    let quotations =
        sources::quotations(&readings, pages.iter().map(|p| (p.path.as_path(), &p.text)))
            .unwrap_or_else(|e| panic!("{e:?}"));
    let report = sources::check::check(&library, &quotations);
    let shown: String = report.errors.iter().map(|d| d.render("misquote")).collect();
    assert!(report.errors.is_empty(), "{shown}");
    for id in [
        "cotgrave-1671",
        "cotton-1674-gleek",
        "cotton-1674-putt",
        "hoyle-put",
        "enquire-within",
        "cassells",
    ] {
        let i = library.texts.iter().position(|t| t.id == id).unwrap();
        assert!(library.texts[i].text.is_some(), "{id} is bundled");
        assert!(
            report.found.iter().any(|f| f.text == i),
            "no quotation of {id} was found"
        );
    }
    let unnamed: Vec<String> = report
        .unverified
        .iter()
        .filter(|u| !matches!(u.why, Why::NotAtHand(_)))
        .map(|u| {
            let q = &quotations[u.quotation];
            format!("{}: “{}” ({})", q.quote_at, q.quote, q.cite)
        })
        .collect();
    assert!(
        unnamed.is_empty(),
        "quotations that name no text: {unnamed:#?}"
    );
    let mut not_bundled: Vec<&str> = report
        .unverified
        .iter()
        .filter_map(|u| match u.why {
            Why::NotAtHand(t) => Some(library.texts[t].id.as_str()),
            _ => None,
        })
        .collect();
    not_bundled.sort_unstable();
    not_bundled.dedup();
    assert_eq!(
        not_bundled,
        [
            "akagiri",
            "du-coeur-letter",
            "stewart-glic",
            "wikipedia-gleek",
            "wikipedia-put",
        ]
    );
    // Each of them is kept in a texts folder, where CI verifies it: none is held by nobody.
    for id in not_bundled {
        let absent = library.get(id).and_then(|t| t.absent.clone());
        assert_eq!(absent, Some(Absent::NoFolder), "{id}");
    }
}

/// The fixture project of the texts folder: the Glic readings (their own quotations taken out,
/// named for the fixture's text, and their stated choices made inferred, so that only the fixture
/// page quotes), the fixture texts, and a page with the Glic deal and
/// the fixture's quotations, with `extra` after them.
fn texts_project(extra: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let fixtures = root().join("tests/fixtures/texts");
    let variants = dir.path().join("variants/glic");
    std::fs::create_dir_all(&variants).unwrap();
    for entry in std::fs::read_dir(root().join("variants/glic")).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let unquoted: String = text
            .lines()
            .filter(|l| {
                !l.trim_start().starts_with("quote:")
                    && !l.trim_start().starts_with("cite:")
                    && !l.starts_with("known-through:")
            })
            // The reading is named for the fixture's text, not for Stewart's.
            .map(|l| {
                if l.starts_with("text:") {
                    "text: gamester"
                } else {
                    l
                }
            })
            .map(|l| format!("{l}\n"))
            .collect::<String>()
            // A stated choice needs a quotation: without one it is inferred.
            .replace("evidence: stated", "evidence: inferred")
            .replace("evidence: reported", "evidence: inferred");
        std::fs::write(variants.join(path.file_name().unwrap()), unquoted).unwrap();
    }
    std::fs::create_dir(dir.path().join("sources")).unwrap();
    for name in ["sources.yaml", "gamester.txt"] {
        std::fs::copy(
            fixtures.join("sources").join(name),
            dir.path().join("sources").join(name),
        )
        .unwrap();
    }
    std::fs::create_dir(dir.path().join("content")).unwrap();
    let page = format!(
        "{}{}{extra}\n",
        include_str!("fixtures/glic-deal.md"),
        include_str!("fixtures/texts/quoting.md")
    );
    std::fs::write(dir.path().join("content/page.md"), page).unwrap();
    dir
}

/// The fixture's texts folder.
fn kept() -> PathBuf {
    root().join("tests/fixtures/texts/kept")
}

#[test]
fn without_a_texts_folder_check_names_each_text_it_could_not_verify() {
    let dir = texts_project("");
    mournival(dir.path())
        .arg("check")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "checked 2 quotation(s) against gamester: 2 found, 0 wrong; 0 marked translation(s) of a text not in English; 2 not verified",
        ))
        .stdout(predicate::str::contains(
            "Letter: 1 quotation(s) not verified: the text is not bundled and no texts folder holds it",
        ))
        .stdout(predicate::str::contains(
            "Lost Book: 1 quotation(s) not verified: no copy of the text is held: sources.yaml names no file for it",
        ))
        .stdout(predicate::str::contains("--texts DIR"));
}

#[test]
fn a_text_in_the_texts_folder_is_verified_like_a_bundled_one() {
    let dir = texts_project("");
    mournival(dir.path())
        .arg("check")
        .arg("--texts")
        .arg(kept())
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "against gamester, letter: 3 found, 0 wrong; 0 marked translation(s) of a text not in English; 1 not verified",
        ))
        .stdout(predicate::str::contains("Letter:").not());
    // One changed word in a quotation of the kept text is a misquote, with its nearest passage.
    let dir =
        texts_project("He says \"every other player pays him a groat for each card\" (Letter).");
    mournival(dir.path())
        .arg("check")
        .arg("--texts")
        .arg(kept())
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "misquote: “every other player pays him a groat for …” is not in Letter",
        ))
        .stderr(predicate::str::contains("page.md:"))
        .stderr(predicate::str::contains(
            "nearest passage, Letter: “every other player pays him a penny for each card”",
        ));
}

#[test]
fn the_project_file_may_name_the_texts_folder_relative_to_the_project() {
    let dir = texts_project("");
    let folder = dir.path().join("private");
    std::fs::create_dir_all(folder.join("letters")).unwrap();
    std::fs::copy(
        kept().join("letters/letter.txt"),
        folder.join("letters/letter.txt"),
    )
    .unwrap();
    std::fs::write(dir.path().join("mournival.yaml"), "texts: private\n").unwrap();
    mournival(dir.path())
        .arg("check")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "against gamester, letter: 3 found",
        ))
        .stdout(predicate::str::contains("Letter:").not());
    // `--texts` overrides it.
    mournival(dir.path())
        .args(["check", "--texts"])
        .arg(dir.path().join("content"))
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Letter: 1 quotation(s) not verified: the text is not bundled and the texts folder",
        ));
}

#[test]
fn strict_fails_on_a_quotation_not_verified() {
    let dir = texts_project("");
    mournival(dir.path())
        .args(["check", "--strict"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "unverified: “every other player pays him a penny for …” is not verified: the text is not bundled and no texts folder holds it",
        ))
        .stderr(predicate::str::contains("page.md:"));
    // A citation that names no text fails too.
    let dir = texts_project("It \"was never written\" (Nobody, 1900).");
    mournival(dir.path())
        .args(["check", "--strict", "--texts"])
        .arg(kept())
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "“was never written” is not verified: the citation names no text listed in sources/sources.yaml",
        ));
}

/// A text listed with no file is held by nobody: no texts folder can verify its quotations, and
/// `--strict` fails on each of them like on any other quotation it could not verify.
#[test]
fn strict_fails_on_a_quotation_of_a_text_nobody_holds() {
    let dir = texts_project("");
    mournival(dir.path())
        .args(["check", "--strict", "--texts"])
        .arg(kept())
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "unverified: “is older than Primero” is not verified: no copy of the text is held: sources.yaml names no file for it",
        ))
        .stderr(predicate::str::contains(
            "nobody holds this one, so quote a text at hand that reports the words, or say it in your own",
        ))
        .stderr(predicate::str::contains("page.md:"))
        // The kept text is verified: only the text nobody holds fails.
        .stderr(predicate::str::contains("penny for").not())
        .stdout(predicate::str::contains(
            "Lost Book: 1 quotation(s) not verified",
        ));
    // Without the quotation, the same project passes.
    let dir = texts_project("");
    let page = dir.path().join("content/page.md");
    let text = std::fs::read_to_string(&page).unwrap();
    let without = text.replace(
        " A book nobody copied says the game \"is older than Primero\" (Lost Book).",
        "",
    );
    assert_ne!(text, without, "the fixture quotes the Lost Book");
    std::fs::write(&page, without).unwrap();
    mournival(dir.path())
        .args(["check", "--strict", "--texts"])
        .arg(kept())
        .assert()
        .success();
}

#[test]
fn the_site_marks_each_quotation_not_verified() {
    let dir = texts_project("");
    let out = dir.path().join("site");
    let marker = |why: &str| {
        format!(
            "<span class=\"unverified\" title=\"Not verified against its text: {why}\">unverified</span>"
        )
    };
    let no_folder = marker("the text is not bundled and no texts folder holds it");
    let no_copy = marker("no copy of the text is held: sources.yaml names no file for it");
    mournival(dir.path())
        .args(["build", "--out"])
        .arg(&out)
        .assert()
        .success()
        .stdout(predicate::str::contains("0 quotation(s) wrong, 2 not verified"))
        .stderr(predicate::str::contains(
            "note: Letter: 1 quotation(s) not verified: the text is not bundled and no texts folder holds it",
        ));
    let page = std::fs::read_to_string(out.join("page/index.html")).unwrap();
    assert!(page.contains(&format!("(Letter){no_folder}")), "{page}");
    assert!(page.contains(&format!("(Lost Book){no_copy}")), "{page}");
    assert!(
        page.contains("(Gamester, p. 1) and"),
        "a verified quotation has no marker: {page}"
    );
    assert_eq!(page.matches("class=\"unverified\"").count(), 2);
    // The site is built all the same under --strict: verifying is `check --strict`'s work.
    mournival(dir.path())
        .args(["build", "--strict", "--out"])
        .arg(&out)
        .assert()
        .success();
    mournival(dir.path())
        .args(["build", "--strict", "--texts"])
        .arg(kept())
        .arg("--out")
        .arg(&out)
        .assert()
        .success();
    let page = std::fs::read_to_string(out.join("page/index.html")).unwrap();
    assert!(!page.contains(&no_folder), "{page}");
    // A text kept privately is verified, never published: only the bundled text has a page.
    assert!(out.join("sources/gamester/index.html").is_file());
    assert!(!out.join("sources/letter").exists());
    assert!(page.contains(&no_copy), "{page}");
}

#[test]
fn a_bad_texts_folder_or_file_name_is_a_located_error() {
    let dir = texts_project("");
    mournival(dir.path())
        .args(["check", "--texts"])
        .arg(dir.path().join("nowhere"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--texts"))
        .stderr(predicate::str::contains("nowhere cannot be read"));
    mournival(dir.path())
        .args(["check", "--texts"])
        .arg(dir.path().join("content/page.md"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("page.md is not a folder"));
    std::fs::write(dir.path().join("mournival.yaml"), "texts: nowhere\n").unwrap();
    mournival(dir.path())
        .arg("check")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("mournival.yaml"))
        .stderr(predicate::str::contains("nowhere cannot be read"));
    std::fs::remove_file(dir.path().join("mournival.yaml")).unwrap();
    let list = dir.path().join("sources/sources.yaml");
    let text = std::fs::read_to_string(&list).unwrap();
    for bad in ["../letters/letter.txt", "/etc/passwd"] {
        std::fs::write(
            &list,
            text.replace("file: letters/letter.txt", &format!("file: {bad}")),
        )
        .unwrap();
        mournival(dir.path())
            .args(["check", "--texts"])
            .arg(kept())
            .assert()
            .code(2)
            .stderr(predicate::str::contains("sources.yaml:"))
            .stderr(predicate::str::contains(format!(
                "`{bad}` is not a usable name for a text in a texts folder"
            )));
    }
    std::fs::write(&list, text.replace("    bundled: false\n", "")).unwrap();
    mournival(dir.path())
        .arg("check")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "`letters/letter.txt` is not a file beside sources.yaml",
        ));
    // A folder where the text should be, and a link that leaves the texts folder.
    std::fs::write(&list, &text).unwrap();
    let folder = dir.path().join("private");
    std::fs::create_dir_all(folder.join("letters/letter.txt")).unwrap();
    mournival(dir.path())
        .args(["check", "--texts"])
        .arg(&folder)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not a regular file (a folder)"));
    #[cfg(unix)]
    {
        std::fs::remove_dir(folder.join("letters/letter.txt")).unwrap();
        std::os::unix::fs::symlink(
            kept().join("letters/letter.txt"),
            folder.join("letters/letter.txt"),
        )
        .unwrap();
        mournival(dir.path())
            .args(["check", "--texts"])
            .arg(&folder)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("leads outside the texts folder"));
    }
}

#[test]
fn every_gleek_citation_names_a_listed_text() {
    let library = bundled();
    let readings = load_variants(root()).unwrap();
    let quotations = sources::quotations(&readings, []).unwrap();
    let unnamed: Vec<String> = quotations
        .iter()
        .filter(|q| {
            matches!(
                &q.origin,
                sources::quotations::Origin::Variant { game: "gleek", .. }
            )
        })
        .filter(|q| library.resolve(&q.cite).texts.is_empty())
        .map(|q| format!("{}: {}", q.cite_at, q.cite))
        .collect();
    assert!(unnamed.is_empty(), "{unnamed:#?}");
}

fn mournival(root: &Path) -> Command {
    let mut cmd = Command::cargo_bin("mournival").unwrap();
    cmd.arg("--root").arg(root);
    cmd
}

const DEAL: &str = include_str!("fixtures/cotton-deal.md");

/// `check` on the project with one page: the fixture's deal and one more paragraph.
fn check_page(paragraph: &str) -> assert_cmd::assert::Assert {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("page.md");
    std::fs::write(&page, format!("{DEAL}\n{paragraph}\n")).unwrap();
    mournival(root()).arg("check").arg(&page).assert()
}

#[test]
fn a_misquote_in_a_page_is_located_with_the_nearest_passage() {
    check_page("Cotton lets a player \"vye when he has not above thirty\" (p. 94).")
        .code(1)
        .stderr(predicate::str::contains(
            "misquote: “vye when he has not above thirty” is not in Cotton 1674",
        ))
        .stderr(predicate::str::contains("page.md:"))
        .stderr(predicate::str::contains(
            "nearest passage, p. 94 of Cotton 1674: “v[?]e when they have not above thirty",
        ))
        .stdout(predicate::str::contains("1 wrong"));
}

#[test]
fn a_wrong_page_is_located_at_the_citation() {
    check_page("\"the turn'd up Card is the Dealers\" (p. 91)")
        .code(1)
        .stderr(predicate::str::contains(
            "is on p. 90 of Cotton 1674, not on p. 91 as cited",
        ))
        .stderr(predicate::str::contains("expected: `p. 90`"));
    check_page(
        "\"the turn'd up Card is the Dealers\" (p. 90) and \"make uſe of it\" (Cotton 1687, p. 66)",
    )
    .success();
}

#[test]
fn an_unmarked_translation_is_an_error() {
    check_page("Akagiri: \"the first pass = check\" (Akagiri 2016, section Vying).")
        .code(1)
        .stderr(predicate::str::contains(
            "is a translation of Akagiri 2016, which is not in English, and is not marked as one",
        ));
    check_page("Akagiri: (tr.) \"the first pass = check\" (Akagiri 2016, section Vying).")
        .success();
}

/// A copy of the project's variants and texts, for editing.
fn project_copy() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for folder in ["sources", "variants/gleek", "variants/put"] {
        let to = dir.path().join(folder);
        std::fs::create_dir_all(&to).unwrap();
        for entry in std::fs::read_dir(root().join(folder)).unwrap() {
            let entry = entry.unwrap();
            std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
        }
    }
    std::fs::create_dir(dir.path().join("content")).unwrap();
    std::fs::write(dir.path().join("content/page.md"), DEAL).unwrap();
    dir
}

#[test]
fn a_misquote_in_a_variant_file_is_located_at_its_quote() {
    let dir = project_copy();
    let file = dir.path().join("variants/gleek/cotton-1674.yaml");
    let text = std::fs::read_to_string(&file).unwrap();
    let right = "quote: \"if it be Tiddy turn'd up is four apiece from each to the Dealer\"";
    assert!(text.contains(right));
    std::fs::write(
        &file,
        text.replace(
            right,
            "quote: \"if Tiddy be turn'd up it is four apiece from each to the Dealer\"",
        ),
    )
    .unwrap();
    let line = text.lines().position(|l| l.contains(right)).unwrap() + 1;
    mournival(dir.path())
        .arg("check")
        .assert()
        .code(1)
        .stderr(predicate::str::contains(format!("cotton-1674.yaml:{line}:12")))
        .stderr(predicate::str::contains(
            "nearest passage, p. 90 of Cotton 1674: “if it be Tiddy turn'd up is four apiece from each to the Dealer",
        ));
}

#[test]
fn a_broken_list_of_texts_is_invalid_input() {
    let dir = project_copy();
    let list = dir.path().join("sources/sources.yaml");
    let text = std::fs::read_to_string(&list).unwrap();
    std::fs::write(
        &list,
        text.replace("file: cotton-1687-gleek.txt", "file: cotton-1688.txt"),
    )
    .unwrap();
    mournival(dir.path())
        .arg("check")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "`cotton-1688.txt` is not a file beside sources.yaml",
        ));
}

#[test]
fn the_annotated_text_marks_quoted_sentences_and_the_rule_pages_link_back() {
    let dir = project_copy();
    std::fs::write(
        dir.path().join("content/notes.md"),
        "# Notes\n\nTib \"is fifteen in hand and eighteen in play\" (p. 90).\n",
    )
    .unwrap();
    let out = dir.path().join("site");
    mournival(dir.path())
        .arg("build")
        .arg("--out")
        .arg(&out)
        .assert()
        .success();
    let cotton = std::fs::read_to_string(out.join("sources/cotton-1674-gleek/index.html")).unwrap();
    // The Tiddy sentence: quoted by the Cotton reading on tiddy-turned-up, its words marked.
    let at = cotton
        .find("<div class=\"source-quoted\" id=\"p90-3\">")
        .expect("p90-3 is quoted");
    let sentence = &cotton[at..at + cotton[at..].find("</div>").unwrap()];
    assert!(
        sentence.contains(
            "<mark>if it be Tiddy turn'd up is four apiece from each to the Dealer</mark>"
        ),
        "{sentence}"
    );
    assert!(
        sentence.contains("href=\"../../rules/tiddy-turned-up/\""),
        "{sentence}"
    );
    assert!(sentence.contains("href=\"../../variants/cotton-1674/\" title=\"cotton-1674\">Charles Cotton (1674)</a> <span class=\"col-sub-inline\">Each opponent pays the dealer 4.</span>"), "{sentence}");
    // Each margin is a note, not a landmark: dozens of landmarks of the same name are noise.
    assert!(
        sentence.contains("<aside class=\"source-margin\" role=\"note\""),
        "{sentence}"
    );
    assert_eq!(
        cotton.matches("<aside").count(),
        cotton
            .matches("<aside class=\"source-margin\" role=\"note\"")
            .count()
    );
    // The page that quotes Tib is named in the margin of Tib's sentence, and the page breaks and
    // the gap are shown where they fall.
    let tib = &cotton[cotton.find("id=\"p90-4\"").unwrap()..];
    assert!(tib[..tib.find("</div>").unwrap()].contains(">Notes</a>"));
    assert!(cotton.contains("<span class=\"page-break\" id=\"p91\">[p. 91]</span>"));
    assert!(cotton.contains("<span class=\"gap\" title=\"a gap in the transcription\">[?]</span>"));
    // The rule page links back to the sentence.
    let rule = std::fs::read_to_string(out.join("rules/tiddy-turned-up/index.html")).unwrap();
    assert!(
        rule.contains(
            "href=\"../../sources/cotton-1674-gleek/#p90-3\">in the text: Cotton 1674, p. 90</a>"
        ),
        "{}",
        &rule[rule.find("<table").unwrap()..]
    );
    // A reading's quote of a text not at hand carries a small marker that says why.
    let wikipedia = std::fs::read_to_string(out.join("variants/wikipedia/index.html")).unwrap();
    assert!(
        wikipedia.contains("</cite> <span class=\"unverified\" title=\"Not verified against its text: the text is not bundled and no texts folder holds it\">unverified</span>"),
        "{}",
        &wikipedia[wikipedia.find("<table").unwrap()..]
    );
    let rule = std::fs::read_to_string(out.join("rules/tiddy-turned-up/index.html")).unwrap();
    // The readings' table only: the page's footer cites the site itself.
    let rule = &rule[rule.find("<table").unwrap()..rule.rfind("</table>").unwrap()];
    assert_eq!(
        rule.matches("class=\"unverified\"").count(),
        rule.matches("<cite>").count() - rule.matches("class=\"in-text\"").count(),
        "every quote cited is either found in its text or marked"
    );
    let index = std::fs::read_to_string(out.join("sources/index.html")).unwrap();
    assert!(
        index.find("cotton-1674-gleek").unwrap() < index.find("cotton-1687-gleek").unwrap(),
        "Cotton's Gleek chapter first"
    );
}

/// The notebook's tables grade each reading's choice as its variant file does: a regrade in a
/// file that leaves a page behind (or the reverse) fails here.
#[test]
fn the_notebook_tables_grade_each_reading_as_its_file_does() {
    let readings = load_variants(root()).unwrap();
    let gleek = mournival::games::by_id("gleek").unwrap();
    let set = readings.of(gleek);
    let mut compared = 0;
    let mut wrong = Vec::new();
    for entry in std::fs::read_dir(root().join("content/notebook")).unwrap() {
        let path = entry.unwrap().path();
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        let Some(point) = set.table.find(&stem) else {
            continue;
        };
        for line in std::fs::read_to_string(&path).unwrap().lines() {
            let cells: Vec<&str> = line
                .trim()
                .trim_matches('|')
                .split('|')
                .map(str::trim)
                .collect();
            let Some(id) = cells[0]
                .strip_prefix("`reading:gleek/")
                .and_then(|rest| rest.strip_suffix('`'))
            else {
                continue;
            };
            let Some(evidence) = cells.get(2).map(|e| e.trim_matches('*')) else {
                continue;
            };
            let file = set.get(id).unwrap().choice(point).evidence.id();
            compared += 1;
            if evidence != file {
                wrong.push(format!(
                    "{}: {id}: the page says {evidence}, the file {file}",
                    path.display()
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
    assert!(compared > 200, "only {compared} rows compared");
}

mod hostile {
    use super::*;
    use mournival::sources::quotations::of_page;
    use proptest::prelude::*;
    use std::sync::{Arc, OnceLock};

    fn library() -> &'static Library {
        static LIB: OnceLock<Library> = OnceLock::new();
        LIB.get_or_init(bundled)
    }

    /// Text made of the characters a quotation and a citation are made of, and some others.
    fn page() -> impl Strategy<Value = String> {
        proptest::collection::vec(
            prop_oneof![
                Just("\"".to_string()),
                Just("“".to_string()),
                Just("”".to_string()),
                Just("(p. 9".to_string()),
                Just("1)".to_string()),
                Just("(".to_string()),
                Just(")".to_string()),
                Just("...".to_string()),
                Just("[?]".to_string()),
                Just("[".to_string()),
                Just("(tr.) ".to_string()),
                Just("\n".to_string()),
                Just("\n\n".to_string()),
                Just("| ".to_string()),
                Just("`".to_string()),
                Just("```\n".to_string()),
                Just("ſ".to_string()),
                Just("グ".to_string()),
                "[a-zA-Z ]{0,12}",
                Just("Cotton 1687, pp. 64-69".to_string()),
                Just("the turn'd up Card is the Dealers".to_string()),
            ],
            0..80,
        )
        .prop_map(|parts| parts.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Whatever a page holds, its quotations are read and checked without a panic, and
        /// every error is located in the page.
        #[test]
        fn any_page_is_read_and_checked(text in page()) {
            let text: Arc<str> = text.into();
            let quotations = of_page(Path::new("page.md"), &text);
            let report = sources::check::check(library(), &quotations);
            for d in &report.errors {
                prop_assert_eq!(d.location.file.as_path(), Path::new("page.md"));
                let _ = d.render("misquote");
            }
        }
    }
}

/// A quotation without a citation is not checked by `check`; but one that all but matches a
/// bundled text (every word but one found in the nearest passage) is a misquote waiting to be
/// cited. None of the pages has one.
#[test]
fn no_uncited_quotation_is_a_near_miss_of_a_text_at_hand() {
    use mournival::sources::pattern::Pattern;
    use mournival::sources::quotations::every_in_page;
    let library = bundled();
    let pages = load_pages(root(), &root().join("content")).unwrap();
    let mut near = Vec::new();
    let mut surveyed = 0;
    for page in pages.iter().filter(|p| p.is_markdown()) {
        for q in every_in_page(&page.path, &page.text) {
            let pattern = Pattern::new(&q.quote);
            if !q.cite.is_empty() || pattern.translated {
                continue;
            }
            surveyed += 1;
            let english = || library.at_hand().filter(|(_, s, _)| s.is_english());
            if english().any(|(_, _, t)| !pattern.occurrences(t).unwrap_or_default().is_empty()) {
                continue;
            }
            for (_, source, text) in english() {
                let Some(window) = pattern.nearest(text) else {
                    continue;
                };
                let (shared, total) = pattern.shared(text, &window);
                if total >= 5 && shared + 1 >= total {
                    near.push(format!(
                        "{}: “{}” against {}: “{}”",
                        q.quote_at,
                        q.quote,
                        source.name(),
                        text.passage(&window)
                    ));
                }
            }
        }
    }
    assert!(near.is_empty(), "{near:#?}");
    assert!(
        surveyed > 300,
        "only {surveyed} uncited quotations surveyed"
    );
}

#[test]
fn build_warns_of_a_misquote_and_strict_refuses_it() {
    let dir = project_copy();
    std::fs::write(
        dir.path().join("content/notes.md"),
        "# Notes\n\nCotton: \"Tiddy is five\" (p. 91).\n",
    )
    .unwrap();
    let out = dir.path().join("site");
    mournival(dir.path())
        .args(["build", "--out"])
        .arg(&out)
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "warning: “Tiddy is five” is not in Cotton 1674",
        ))
        .stdout(predicate::str::contains("1 quotation(s) wrong"));
    mournival(dir.path())
        .args(["build", "--strict", "--out"])
        .arg(&out)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("misquote: “Tiddy is five”"));
}

/// A save's audit (`serve`): after a page's quotations change, looking for only that page's
/// quotations again finds what an audit of every page finds, quotation by quotation, whether
/// the page gains, loses or moves quotations or quotes a text not at hand; a misquote, whose
/// report is bounded across the run, asks for the whole audit.
#[test]
fn a_page_audited_again_alone_agrees_with_an_audit_of_every_page() {
    let library = bundled();
    let readings = load_variants(root()).unwrap_or_else(|e| panic!("{e:?}"));
    let pages = load_pages(root(), &root().join("content")).unwrap_or_else(|e| panic!("{e:?}"));
    let at = pages
        .iter()
        .position(|p| p.path.ends_with("play/ruff.md"))
        .expect("the bundled ruff page");
    let audit = |texts: &[(&Path, &std::sync::Arc<str>)]| {
        sources::audit(&library, &readings, texts).unwrap_or_else(|e| panic!("{e:?}"))
    };
    let listed: Vec<_> = pages.iter().map(|p| (p.path.as_path(), &p.text)).collect();
    let before = audit(&listed);
    let ruff = pages[at].text.to_string();
    let quote = "\"neither more nor less\" (Cotton, p. 90)";
    assert!(
        ruff.contains("wins it\" (Cotton, p. 92)"),
        "the page quotes Cotton"
    );
    let edits = [
        ("a quotation added", format!("{ruff}\nAgain: {quote}.\n")),
        (
            "a line above every quotation",
            format!("A new line.\n\n{ruff}"),
        ),
        (
            "a quotation's citation taken out",
            ruff.replacen(" (Cotton, p. 92)", "", 1),
        ),
        (
            "a quotation of a text not at hand",
            format!("{ruff}\nStewart: \"the words of a text\" (Stewart, p. 5).\n"),
        ),
        (
            "every quotation taken out",
            "# Ruff\n\nNo words.\n".to_string(),
        ),
    ];
    for (what, text) in edits {
        let text: std::sync::Arc<str> = text.into();
        let mut now = listed.clone();
        now[at].1 = &text;
        let own: Vec<_> = now
            .iter()
            .map(|(p, t)| sources::page_claims(p, t))
            .collect();
        let whole = audit(&now);
        let alone = sources::reaudit(
            &library,
            &readings,
            &now,
            &own,
            before.clone(),
            &[pages[at].path.as_path()],
        )
        .unwrap_or_else(|| panic!("{what}: the page alone can be audited again"));
        assert_eq!(format!("{:?}", alone), format!("{:?}", whole), "{what}");
    }
    let misquoted: std::sync::Arc<str> = ruff
        .replace("wins it\" (Cotton", "takes it\" (Cotton")
        .into();
    let mut now = listed.clone();
    now[at].1 = &misquoted;
    let own: Vec<_> = now
        .iter()
        .map(|(p, t)| sources::page_claims(p, t))
        .collect();
    assert!(!audit(&now).1.errors.is_empty(), "the misquote is found");
    let path = [pages[at].path.as_path()];
    let alone = sources::reaudit(&library, &readings, &now, &own, before, &path);
    assert!(alone.is_none(), "a misquote asks for the whole audit");
}
