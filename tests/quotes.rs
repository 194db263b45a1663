//! Quotations held to their texts: `check` finds every quotation of a bundled text in it, on the
//! page cited; a misquote, a wrong page and an unmarked translation are located errors. The texts
//! the project may not bundle (du Coeur, Akagiri, Stewart, Wikipedia) are read here from the
//! copies kept beside the project, in `../shared/sources/`.

use assert_cmd::Command;
use mournival::project::{load_pages, load_variants};
use mournival::sources::{self, Library};
use predicates::prelude::*;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The texts not bundled, by their id in `sources/sources.yaml`, and their copies.
const NOT_BUNDLED: &[(&str, &str)] = &[
    ("wikipedia-gleek", "seeds/000_5dbe02c79da7b59a.txt"),
    ("stewart-glic", "seeds/001_c10c4dc190cff2c6.txt"),
    ("akagiri", "seeds/002_1d342c3a92a47253.txt"),
    ("wikipedia-put", "seeds/003_047b83e8be5b87b6.txt"),
    ("du-coeur-letter", "seeds/004_7d8041d55a97ed30.txt"),
];

fn shared() -> PathBuf {
    root().join("../shared/sources")
}

/// The project's library with every text it may not bundle supplied from `../shared/sources/`.
fn every_text() -> Library {
    let mut library = Library::load(root()).unwrap_or_else(|e| panic!("{e:?}"));
    for (id, file) in NOT_BUNDLED {
        let path = shared().join(file);
        let words = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "{}: {e} (the texts the project may not bundle are read from ../shared/sources/)",
                path.display()
            )
        });
        assert!(
            library.supply(id, &words),
            "{id} is not in sources/sources.yaml"
        );
    }
    library
}

#[test]
fn every_quotation_of_every_text_at_hand_is_in_it() {
    let library = every_text();
    let readings = load_variants(root()).unwrap_or_else(|e| panic!("{e:?}"));
    let pages = load_pages(root(), &root().join("content")).unwrap_or_else(|e| panic!("{e:?}"));
    let quotations =
        sources::quotations(&readings, pages.iter().map(|p| (p.path.as_path(), &p.text)))
            .unwrap_or_else(|e| panic!("{e:?}"));
    let report = sources::check::check(&library, &quotations);
    let shown: String = report.errors.iter().map(|d| d.render("misquote")).collect();
    assert!(report.errors.is_empty(), "{shown}");
    // Each English text supplied is quoted and found: the test compares something.
    for id in ["wikipedia-gleek", "wikipedia-put", "du-coeur-letter"] {
        let i = library.texts.iter().position(|t| t.id == id).unwrap();
        assert!(
            report.found.iter().any(|f| f.text == i),
            "no quotation of {id} was found"
        );
    }
    // Akagiri is quoted in translation, every quotation marked (else an error above).
    let akagiri = quotations
        .iter()
        .filter(|q| {
            library
                .resolve(&q.cite)
                .texts
                .iter()
                .any(|&i| library.texts[i].id == "akagiri")
        })
        .count();
    assert!(akagiri > 20, "only {akagiri} quotations of Akagiri");
}

#[test]
fn every_gleek_citation_names_a_listed_text() {
    let library = Library::load(root()).unwrap();
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
    const LABELS: &[(&str, &str)] = &[
        ("Cotgrave", "cotgrave-1662"),
        ("Willughby", "willughby"),
        ("Cotton", "cotton-1674"),
        ("Parlett", "parlett"),
        ("Dafydd", "dafydd"),
        ("du Coeur", "du-coeur"),
        ("Akagiri", "akagiri"),
        ("Wikipedia", "wikipedia"),
    ];
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
            let Some((_, id)) = LABELS.iter().find(|(label, _)| cells[0].starts_with(label)) else {
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
        LIB.get_or_init(|| Library::load(root()).unwrap())
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
/// text at hand (every word but one found in the nearest passage) is a misquote waiting to be
/// cited. None of the pages has one.
#[test]
fn no_uncited_quotation_is_a_near_miss_of_a_text_at_hand() {
    use mournival::sources::pattern::Pattern;
    use mournival::sources::quotations::every_in_page;
    let library = every_text();
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

/// The evidence levels against every text at hand: a `reported` choice's text names the
/// reading's author beside the quoted words (see `sources::evidence`).
#[test]
fn every_reported_choice_quotes_a_text_that_names_its_author() {
    let library = every_text();
    let readings = load_variants(root()).unwrap_or_else(|e| panic!("{e:?}"));
    let pages = load_pages(root(), &root().join("content")).unwrap_or_else(|e| panic!("{e:?}"));
    let pages: Vec<_> = pages.iter().map(|p| (p.path.as_path(), &p.text)).collect();
    let (_, report) =
        sources::audit(&library, &readings, &pages).unwrap_or_else(|e| panic!("{e:?}"));
    let shown: String = report
        .claims
        .iter()
        .map(|d| d.render("unsupported"))
        .collect();
    assert!(report.claims.is_empty(), "{shown}");
}
