//! The command line as a user runs it: exit codes, located messages, `--set`, `explain`.

use assert_cmd::Command;
use predicates::prelude::*;
use std::path::Path;

fn mournival() -> Command {
    let mut cmd = Command::cargo_bin("mournival").unwrap();
    cmd.arg("--root").arg(env!("CARGO_MANIFEST_DIR"));
    cmd
}

/// The deal of `tests/sources.rs`: under Cotton, Ann +38, Ben -22, Cat -16 (worked out there).
const PAGE: &str = include_str!("fixtures/cotton-deal.md");

fn write(dir: &Path, name: &str, text: &str) -> std::path::PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// `check` on a page holding the fixture's deal: every expectation met, exit 0.
fn assert_check_passes(text: &str) {
    let dir = tempfile::tempdir().unwrap();
    let page = write(dir.path(), "page.md", text);
    mournival()
        .arg("check")
        .arg(&page)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "checked 1 scenario(s) under 8 variant(s): 5 passed, 0 failed",
        ));
}

#[test]
fn check_passes_and_exits_zero() {
    assert_check_passes(PAGE);
}

#[test]
fn a_mismatch_is_located_and_exits_one() {
    let dir = tempfile::tempdir().unwrap();
    let page = write(dir.path(), "page.md", &PAGE.replace("Ben: -22", "Ben: -20"));
    mournival()
        .arg("check")
        .arg(&page)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("page.md:35:32"))
        .stderr(predicate::str::contains("Ben's net differs"))
        .stderr(predicate::str::contains("expected: −20"))
        .stderr(predicate::str::contains("found:    −22"));
}

#[test]
fn invalid_input_is_located_and_exits_two() {
    let dir = tempfile::tempdir().unwrap();
    let page = write(
        dir.path(),
        "page.md",
        &PAGE.replace("Cat: AC KC QC", "Cat: AC 3C QC"),
    );
    mournival()
        .arg("check")
        .arg(&page)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("page.md:13:11"))
        .stderr(predicate::str::contains(
            "3♣ is not in the 44-card Gleek pack",
        ));
    let page = write(
        dir.path(),
        "page.md",
        &PAGE.replace("Cat: AC KC QC", "Cat: AC AH QC"),
    );
    mournival()
        .arg("check")
        .arg(&page)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("A♥ is dealt twice"))
        .stderr(predicate::str::contains("first dealt at"));
    let page = write(
        dir.path(),
        "page.md",
        &PAGE.replace(" 5S\nturn-up", "\nturn-up"),
    );
    mournival()
        .arg("check")
        .arg(&page)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("Cat's hand has 11 cards"));
    let page = write(
        dir.path(),
        "page.md",
        &PAGE.replace("du-coeur: unplayable", "du-ceour: unplayable"),
    );
    mournival()
        .arg("check")
        .arg(&page)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("`du-ceour` is not a variant"))
        .stderr(predicate::str::contains("cotton-1674"));
}

#[test]
fn a_bad_variant_file_is_located_with_what_is_allowed() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("variants/gleek")).unwrap();
    let mine = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/gleek/cotton-1674.yaml"),
    )
    .unwrap()
    .replace("id: cotton-1674", "id: mine")
    .replacen("choice: four-each", "choice: five-each", 1);
    write(&dir.path().join("variants/gleek"), "mine.yaml", &mine);
    Command::cargo_bin("mournival")
        .unwrap()
        .arg("--root")
        .arg(dir.path())
        .arg("variants")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("mine.yaml:"))
        .stderr(predicate::str::contains(
            "`five-each` is not a choice of `tiddy-turned-up`",
        ))
        .stderr(predicate::str::contains(
            "`none`, `two-each` or `four-each`",
        ));
}

#[test]
fn set_tries_a_reading_of_ones_own() {
    let dir = tempfile::tempdir().unwrap();
    let page = write(dir.path(), "page.md", PAGE);
    // Settling the par with each opponent triples the settlement: the expectations now fail.
    mournival()
        .args(["check", "--set", "par-settlement=each-opponent"])
        .arg(&page)
        .assert()
        .code(1);
    mournival()
        .args(["check", "--set", "par-settlement=nobody"])
        .arg(&page)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "allowed: `pot` or `each-opponent`",
        ));
}

#[test]
fn explain_prints_a_ledger_that_cites_the_source() {
    let dir = tempfile::tempdir().unwrap();
    let page = write(dir.path(), "page.md", PAGE);
    mournival()
        .arg("explain")
        .arg(format!("{}#cotton-deal", page.display()))
        .args(["--variant", "cotton-1674"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Ben buys the stock for 12"))
        .stdout(predicate::str::contains(
            "Ben made 12, 10 below the par of 22",
        ))
        .stdout(predicate::str::contains("par-settlement = pot (assumed)"))
        .stdout(predicate::str::contains(
            "stock-price = half-to-each (stated)",
        ))
        .stdout(predicate::str::contains("Net: Ben −22, Cat −16, Ann +38."));
    mournival()
        .arg("explain")
        .arg(format!("{}#cotton-deal", page.display()))
        .args(["--variant", "du-coeur"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Not playable under this reading: Ben bids 12.",
        ))
        .stdout(predicate::str::contains("minimum-bid = thirteen (stated)"));
}

#[test]
fn explain_diff_names_the_points_that_differ() {
    let dir = tempfile::tempdir().unwrap();
    let page = write(dir.path(), "page.md", PAGE);
    mournival()
        .arg("explain")
        .arg(format!("{}#cotton-deal", page.display()))
        .args(["--diff", "cotton-1674", "cotgrave-1662"])
        .assert()
        .success()
        .stdout(predicate::str::contains("cotton-1674: Ann +38"))
        .stdout(predicate::str::contains("minimum-bid"));
}

#[test]
fn variants_lists_the_readings_and_the_matrix() {
    mournival()
        .arg("variants")
        .assert()
        .success()
        .stdout(predicate::str::contains("cotton-1674"))
        .stdout(predicate::str::contains("Rule points by variant"))
        .stdout(predicate::str::contains("tiddy-turned-up"));
}

#[test]
fn old_mac_line_endings_lose_no_scenario() {
    assert_check_passes(&PAGE.replace('\n', "\r"));
}

#[test]
fn a_page_that_is_not_utf8_is_located_at_the_bad_byte() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("page.md");
    std::fs::write(&page, b"# Old\n\nCaf\xE9 au lait\n").unwrap();
    mournival()
        .arg("check")
        .arg(&page)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("page.md:3:4"))
        .stderr(predicate::str::contains("not UTF-8: the byte 0xE9"));
}

#[cfg(unix)]
#[test]
fn explain_reads_only_regular_files() {
    mournival()
        .arg("explain")
        .arg("/dev/urandom")
        .timeout(std::time::Duration::from_secs(60))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--> /dev/urandom"))
        .stderr(predicate::str::contains("not a regular file (a device)"));
}

/// A project folder holding the bundled variants and the given pages under `content/`.
fn project(pages: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let variants = dir.path().join("variants/gleek");
    std::fs::create_dir_all(&variants).unwrap();
    let bundled = Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/gleek");
    for entry in std::fs::read_dir(bundled).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, variants.join(path.file_name().unwrap())).unwrap();
    }
    std::fs::create_dir_all(dir.path().join("content")).unwrap();
    for (name, text) in pages {
        write(&dir.path().join("content"), name, text);
    }
    dir
}

fn check_page(page: &Path) -> assert_cmd::assert::Assert {
    mournival().arg("check").arg(page).assert()
}

fn check_in(dir: &Path) -> assert_cmd::assert::Assert {
    Command::cargo_bin("mournival")
        .unwrap()
        .arg("--root")
        .arg(dir)
        .arg("check")
        .assert()
}

const ANN: &str = "Ann: AH KH QH JH AS KS QS JS TS 9S 8S 7S";

#[test]
fn a_line_of_thousands_of_bad_cards_gives_a_short_report() {
    let dir = tempfile::tempdir().unwrap();
    let hostile = PAGE.replace(ANN, &format!("Ann: {}", ["ZZ"; 5000].join(" ")));
    let page = write(dir.path(), "page.md", &hostile);
    let out = check_page(&page).code(2);
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert_eq!(stderr.matches("`ZZ` is not a card").count(), 20, "{stderr}");
    assert!(stderr.contains("and 4980 more error(s) in"), "{stderr}");
    assert!(
        stderr.ends_with("5000 error(s); nothing was checked\n"),
        "{stderr}"
    );
    // Each echoed line is a window around the column, not the 15,000-character line.
    assert!(stderr.lines().all(|l| l.chars().count() < 400), "{stderr}");
}

#[test]
fn a_run_shows_a_hundred_errors_and_counts_the_rest() {
    let bad = PAGE.replace(ANN, &format!("Ann: {}", ["ZZ"; 30].join(" ")));
    let names: Vec<String> = (0..10).map(|i| format!("page{i}.md")).collect();
    let pages: Vec<(&str, &str)> = names.iter().map(|n| (n.as_str(), bad.as_str())).collect();
    let dir = project(&pages);
    let out = check_in(dir.path()).code(2);
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert_eq!(stderr.matches("error: ").count(), 100, "{stderr}");
    assert!(stderr.contains("and 10 more error(s) in"), "{stderr}");
    assert!(stderr.contains("and 150 more error(s)\n"), "{stderr}");
    assert!(
        stderr.ends_with("300 error(s); nothing was checked\n"),
        "{stderr}"
    );
}

#[test]
fn thousands_of_scripted_calls_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let calls = ["Ben 12, Cat pass, Ann pass"; 2000].join(", ");
    let page = write(
        dir.path(),
        "page.md",
        &PAGE.replace(
            "auction: Ben 12, Cat pass, Ann pass",
            &format!("auction: {calls}"),
        ),
    );
    check_page(&page)
        .code(2)
        .stderr(predicate::str::contains(
            "more than 1000 scripted actions: a deal of Gleek has a few dozen",
        ))
        .stderr(predicate::str::contains("1 error(s); nothing was checked"));
}

#[test]
fn amounts_and_bids_beyond_any_stake_are_refused_not_wrapped() {
    let dir = tempfile::tempdir().unwrap();
    for (from, to, message) in [
        (
            "Ann: +38",
            "Ann: 9223372036854775788",
            "`9223372036854775788` is beyond the largest amount a page may write, 1000000000 units either way",
        ),
        (
            "auction:",
            "carried: {pot: 4611686018427387903}\nauction:",
            "`4611686018427387903` is beyond the largest amount",
        ),
        (
            "auction: Ben 12,",
            "auction: Ben 4000000000,",
            "`4000000000` is beyond any bid: a bid is a whole number up to 1000",
        ),
        (
            "Ann: +38",
            "Ann: 1000000001",
            "`1000000001` is beyond the largest amount",
        ),
    ] {
        let page = write(dir.path(), "page.md", &PAGE.replacen(from, to, 1));
        check_page(&page)
            .code(2)
            .stderr(predicate::str::contains(message))
            .stderr(predicate::str::contains("page.md:"));
    }
}

#[test]
fn every_error_of_a_run_is_reported() {
    // One scenario with mistakes in the dealer, a hand, the auction and an expectation; a second
    // scenario in the same page with a mistake in its vie; a second page with a bad card.
    let first = PAGE
        .replace("dealer: Ann", "dealer: Dan")
        .replace("AS KS QS", "AS XS QS")
        .replace("auction: Ben 12, Cat pass", "auction: Ben 12, Cat twelve")
        .replace("Cat: -16", "Cat: lots");
    let second = PAGE
        .replace("id: cotton-deal", "id: second")
        .replace("vie: Ben pass", "vie: Ben shrug");
    let page = format!("{first}\n{}", &second[second.find("```gleek").unwrap()..]);
    let other = PAGE
        .replace("id: cotton-deal", "id: third")
        .replace("Cat: AC KC QC", "Cat: AC 3C QC");
    let dir = project(&[("page.md", &page), ("other.md", &other)]);
    check_in(dir.path())
        .code(2)
        .stderr(predicate::str::contains("`Dan` is not at this table"))
        .stderr(predicate::str::contains("`XS` is not a card"))
        .stderr(predicate::str::contains(
            "`twelve` is neither a bid nor `pass`",
        ))
        .stderr(predicate::str::contains("`lots` is not an amount"))
        .stderr(predicate::str::contains("`shrug` is not a call in the vie"))
        .stderr(predicate::str::contains(
            "3♣ is not in the 44-card Gleek pack",
        ))
        .stderr(predicate::str::contains("6 error(s); nothing was checked"));
}

#[test]
fn errors_in_variants_and_pages_are_reported_together() {
    let dir = project(&[("page.md", &PAGE.replace("Cat: AC KC QC", "Cat: AC 3C QC"))]);
    let variant = dir.path().join("variants/gleek/cotton-1674.yaml");
    let text = std::fs::read_to_string(&variant).unwrap();
    std::fs::write(
        &variant,
        text.replacen("choice: four-each", "choice: five-each", 1),
    )
    .unwrap();
    check_in(dir.path())
        .code(2)
        .stderr(predicate::str::contains("`five-each` is not a choice"))
        .stderr(predicate::str::contains(
            "3♣ is not in the 44-card Gleek pack",
        ))
        .stderr(predicate::str::contains("2 error(s); nothing was checked"));
}

#[test]
fn check_without_scenarios_says_so_and_exits_two() {
    let dir = project(&[("page.md", "# A page\n\nNo deal here.\n")]);
    check_in(dir.path())
        .code(2)
        .stdout(predicate::str::is_empty())
        .stderr(predicate::str::contains("no scenarios found under"))
        .stderr(predicate::str::contains(
            "write a ```gleek or ```put or ```glic block in a page",
        ));
}

#[test]
fn a_scenario_between_plus_lines_is_checked() {
    let dir = tempfile::tempdir().unwrap();
    let page = write(
        dir.path(),
        "page.md",
        &format!("+++\ntitle = \"x\"\n{PAGE}+++\n"),
    );
    check_page(&page)
        .success()
        .stdout(predicate::str::contains("checked 1 scenario(s)"));
}
