//! What the site says of its sources, held by `check` (issue 18): each evidence level against the
//! text its quotation is from, the credits in the pages, and the odds figures. Each test builds a
//! small project of its own: two texts, one Put reading written out from the engine's table, and
//! one page.

use assert_cmd::Command;
use predicates::prelude::*;
use std::path::Path;

/// Two bundled texts: the reading's own (1650), and a modern report that names its author in
/// one place and not in another.
const LIST: &str = "texts:
  - id: writer-1650
    title: A. Writer, Of Put (1650)
    cited-as: [Writer 1650, Writer]
    author: Anne Writer
    year: \"1650\"
    file: writer.txt
    licence: written for this test
  - id: reporter-2001
    title: R. Reporter, Put Today (2001)
    cited-as: [Reporter]
    author: Rob Reporter
    year: \"2001\"
    file: reporter.txt
    licence: written for this test
";

const WRITER: &str =
    "Of Put\n\nThe dealer gives three cards apiece. The eldest may put at any time.\n";

/// The name "Writer" stands in the first paragraph only: the second paragraph's rule is more than
/// 200 characters after it.
const REPORTER: &str = "Put Today\n\nAccording to Writer, the dealer gives three cards apiece. \
Many other things are said here at length, of the history of the game, its names, the tables it was played at, \
the stakes, the taverns, the printers who sold the books, and the fashions of the court, none of them rules at all.\n\n\
The loser of a trick may throw up his cards.\n";

const PAGE: &str = "# A deal\n\n```put\nid: fixture-deal\nseats: [Ann, Ben]\ndealer: Ben\ndeals:\n  - hands: {Ann: AS KH QD, Ben: KC JS TD}\n    play: Ann put, Ben refuse\n```\n";

/// A Put reading of `writer-1650` that sets every point to its first choice, assumed with the
/// second as alternative; `rules` are written before, and override, those entries.
fn reading(header: &str, rules: &str) -> String {
    let put = mournival::games::by_id("put").unwrap();
    let mut out = format!(
        "id: mine\ntitle: Of Put\nauthor: Anne Writer\ndate: \"1650\"\nkind: primary-source\ncitation: A. Writer, Of Put\n{header}rules:\n{rules}"
    );
    for point in put.points().all() {
        if rules.contains(&format!("  {}:", point.id())) {
            continue;
        }
        let choices = point.def().choices;
        let alternatives = choices
            .get(1)
            .map(|c| format!(", alternatives: [{}]", c.id))
            .unwrap_or_default();
        out.push_str(&format!(
            "  {}: {{choice: {}, evidence: assumed, note: silent{alternatives}}}\n",
            point.id(),
            choices[0].id
        ));
    }
    out
}

/// A project with the reading and the page (plus `extra` prose).
fn project(variant: &str, extra: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let write = |path: &str, text: &str| {
        let p = root.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    };
    write("sources/sources.yaml", LIST);
    write("sources/writer.txt", WRITER);
    write("sources/reporter.txt", REPORTER);
    write("variants/put/mine.yaml", variant);
    write("content/page.md", &format!("{PAGE}\n{extra}\n"));
    dir
}

fn mournival(root: &Path) -> Command {
    let mut cmd = Command::cargo_bin("mournival").unwrap();
    cmd.arg("--root").arg(root);
    cmd
}

/// The project, checked.
fn check(variant: &str, extra: &str) -> assert_cmd::assert::Assert {
    let dir = project(variant, extra);
    mournival(dir.path()).arg("check").assert()
}

fn writer_reading(rules: &str) -> String {
    reading("text: writer-1650\n", rules)
}

/// The point the cases set: who may put.
fn point() -> String {
    let put = mournival::games::by_id("put").unwrap();
    let p = put.points().all().next().unwrap();
    p.id().to_string()
}

fn choice(n: usize) -> String {
    let put = mournival::games::by_id("put").unwrap();
    let p = put.points().all().next().unwrap();
    p.def().choices[n].id.to_string()
}

#[test]
fn the_fixture_passes_as_written() {
    let rules = format!(
        "  {}: {{choice: {}, evidence: stated, quote: \"the eldest may put at any time\", cite: \"Writer\"}}\n",
        point(),
        choice(0)
    );
    check(
        &writer_reading(&rules),
        "Writer says \"the dealer gives three cards apiece\" (Writer).",
    )
    .success()
    .stdout(predicate::str::contains("2 found, 0 wrong"));
}

#[test]
fn a_stated_choice_quoting_another_text_is_an_error_at_its_citation() {
    let rules = format!(
        "  {}: {{choice: {}, evidence: stated, quote: \"the dealer gives three cards apiece\", cite: \"Reporter\"}}\n",
        point(),
        choice(0)
    );
    check(&writer_reading(&rules), "")
        .code(1)
        .stderr(predicate::str::contains(format!(
            "unsupported: the stated choice on `{}` quotes Reporter, not the text the reading `mine` is named for (Writer 1650)",
            point()
        )))
        .stderr(predicate::str::contains("mine.yaml:9:"))
        .stderr(predicate::str::contains("allowed: `stated` for the reading's own words"));
}

#[test]
fn a_reported_choice_whose_text_does_not_name_the_author_is_an_error() {
    let named = format!(
        "  {}: {{choice: {}, evidence: reported, quote: \"the dealer gives three cards apiece\", cite: \"Reporter\"}}\n",
        point(),
        choice(0)
    );
    check(&writer_reading(&named), "").success();
    let unnamed = format!(
        "  {}: {{choice: {}, evidence: reported, quote: \"The loser of a trick may throw up his cards\", cite: \"Reporter\"}}\n",
        point(),
        choice(0)
    );
    check(&writer_reading(&unnamed), "")
        .code(1)
        .stderr(predicate::str::contains(
            "quotes Reporter, which does not name Writer 1650 or Writer in the paragraph of the quoted words or within 200 characters of them",
        ))
        .stderr(predicate::str::contains("else `inferred`"));
}

#[test]
fn an_assumed_choice_without_alternatives_is_an_error_listing_the_others() {
    let rules = format!(
        "  {}: {{choice: {}, evidence: assumed, note: silent}}\n",
        point(),
        choice(0)
    );
    check(&writer_reading(&rules), "")
        .code(1)
        .stderr(predicate::str::contains(format!(
            "the choice on `{}` is assumed, and lists no `alternatives:`",
            point()
        )))
        .stderr(predicate::str::contains(format!("`{}`", choice(1))));
    let no_note = format!(
        "  {}: {{choice: {}, evidence: inferred, quote: \"the eldest may put at any time\", cite: Writer}}\n",
        point(),
        choice(0)
    );
    check(&writer_reading(&no_note), "")
        .code(1)
        .stderr(predicate::str::contains(
            "is inferred: give the steps or the reason in `note:`",
        ));
}

#[test]
fn a_page_crediting_words_to_a_text_that_does_not_hold_them_is_an_error_at_the_citation() {
    let rules = "";
    check(
        &writer_reading(rules),
        "Writer's rule: \"The loser of a trick may throw up his cards\" (Reporter).",
    )
    .code(1)
    .stderr(predicate::str::contains(
        "unsupported: the sentence credits these words to Writer, but they are cited from Reporter",
    ))
    .stderr(predicate::str::contains("page.md:12:63"));
    // Naming the reporter too is a report, not a false credit.
    check(
        &writer_reading(rules),
        "Reporter says that Writer's rule is \"The loser of a trick may throw up his cards\" (Reporter).",
    )
    .success();
}

#[test]
fn a_reading_known_at_second_hand_states_nothing_and_a_late_text_is_no_primary_source() {
    let rules = format!(
        "  {}: {{choice: {}, evidence: stated, quote: \"the dealer gives three cards apiece\", cite: \"Writer\"}}\n",
        point(),
        choice(0)
    );
    check(
        &reading("text: writer-1650\nknown-through: reporter-2001\n", &rules),
        "",
    )
    .code(1)
    .stderr(predicate::str::contains(
        "`mine` is known only through Reporter, so its choice on",
    ));
    check(&reading("text: reporter-2001\n", ""), "")
        .code(1)
        .stderr(predicate::str::contains(
            "the reading `mine` is labelled `primary-source`, but its text `reporter-2001` is dated 2001",
        ));
    check(&reading("text: nowhere\n", ""), "")
        .code(1)
        .stderr(predicate::str::contains(
            "`text: nowhere` names no text listed in sources/sources.yaml",
        ));
}

#[test]
fn a_chance_is_computed_never_written_by_hand() {
    check(
        &writer_reading(""),
        "Four trumps come about `odds:glic-four-trumps` hands.",
    )
    .success();
    check(
        &writer_reading(""),
        "Four trumps come about once in 380 hands.",
    )
    .code(1)
    .stderr(predicate::str::contains("a chance written by hand"))
    .stderr(predicate::str::contains("page.md:12:24"));
    check(&writer_reading(""), "`odds:five-trumps`")
        .code(1)
        .stderr(predicate::str::contains(
            "`odds:five-trumps` names no figure",
        ));
}

#[test]
fn a_text_list_names_its_texts_years_as_printed() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("sources")).unwrap();
    std::fs::write(
        dir.path().join("sources/sources.yaml"),
        "texts:\n  - id: a\n    title: A\n    cited-as: [A]\n    year: soon\n    type: scroll\n",
    )
    .unwrap();
    let errs = mournival::sources::Library::load(dir.path(), None).unwrap_err();
    let all: String = errs.iter().map(|d| d.to_string()).collect();
    assert!(all.contains("`soon` is not a year"), "{all}");
    assert!(all.contains("sources.yaml:5:11"), "{all}");
    assert!(
        all.contains("unknown type `scroll`; allowed: `book`, `manuscript` or `web`"),
        "{all}"
    );
}

#[test]
fn a_build_writes_the_bibliography_its_exports_and_how_to_cite_each_page() {
    let dir = project(
        &writer_reading(""),
        "Four trumps come about `odds:glic-four-trumps` hands.\n\n```bibliography\n```",
    );
    std::fs::write(
        dir.path().join("mournival.yaml"),
        "title: Put & \"Gleek\" <b>\nauthor: A. N. Editor\nbase-url: https://example.org/put\n",
    )
    .unwrap();
    mournival(dir.path())
        .env("SOURCE_DATE_EPOCH", "1795651200")
        .arg("build")
        .assert()
        .success();
    let site = dir.path().join("site");
    let html = std::fs::read_to_string(site.join("page/index.html")).unwrap();
    for tag in [
        "<meta name=\"citation_title\" content=\"A deal\">",
        "<meta name=\"citation_author\" content=\"A. N. Editor\">",
        "<meta name=\"citation_publication_date\" content=\"2026/11/26\">",
        "<meta name=\"citation_publisher\" content=\"Put &amp; &quot;Gleek&quot; &lt;b&gt;\">",
    ] {
        assert!(
            html.contains(tag),
            "{tag} missing: {}",
            &html[..html.len().min(1500)]
        );
    }
    assert!(html.contains("citation_public_url\" content=\"https://example.org/put/page/\""));
    assert!(html.contains("Cite this page: A. N. Editor, “A deal”, in <cite>Put &amp; &quot;Gleek&quot; &lt;b&gt;</cite> (built 26 November 2026)"));
    assert!(!html.contains("<b>"), "the site's title is escaped");
    // The figure, computed, with its exact value.
    assert!(html.contains("title=\"exactly 33/16660: the chance that a Glic hand of four from 52 is four trumps (the trump suit cut after the deal)\">once in 505</span>"));
    // The bibliography, from the list: each text with its id and its annotated text.
    assert!(
        html.contains(
            "<li id=\"text-writer-1650\">A. Writer, Of Put (1650). <span class=\"text-id\">[<code>writer-1650</code>]</span>"
        ),
        "{html}"
    );
    assert!(html.contains("href=\"../sources/writer-1650/\""));
    assert!(html.contains("href=\"../bibliography.bib\" download"));
    let bib = std::fs::read_to_string(site.join("bibliography.bib")).unwrap();
    assert!(
        bib.contains("@book{writer-1650,\n  author = {Anne Writer},"),
        "{bib}"
    );
    let csl: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(site.join("bibliography.json")).unwrap())
            .unwrap();
    assert_eq!(csl[1]["id"], "reporter-2001");
    assert_eq!(csl[1]["author"][0]["family"], "Reporter");
}
