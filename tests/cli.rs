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
            "checked 1 scenario(s) under 7 variant(s): 5 passed, 0 failed",
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
