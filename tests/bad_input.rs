//! The bad-input corpus: every malformed input in `tests/bad-input/`, each a small project or
//! page (`NAME.in/`), run as `NAME.toml` says, with the whole message it must get (`NAME.stderr`:
//! file, line, column and the underlined text) and what it prints on stdout (`NAME.stdout`).
//!
//! Bless changed messages with `TRYCMD=overwrite cargo test --test bad_input`, then read the
//! diff. `pending-*` cases are inputs whose handling is being changed elsewhere; they are left
//! out until blessed.

use std::path::Path;

const CORPUS: &str = "tests/bad-input";

#[test]
fn every_bad_input_gets_its_message() {
    trycmd::TestCases::new()
        .register_bin("mournival", trycmd::cargo::cargo_bin!("mournival"))
        .case(format!("{CORPUS}/*.toml"))
        .skip(format!("{CORPUS}/pending-*.toml"));
}

/// Blessing rewrites a case's exit status to whatever the program did; this keeps the rule
/// that invalid input exits 2 (never 0, 1, or a panic's 101) independent of the snapshots.
#[test]
fn every_bad_input_exits_two_without_a_panic() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(CORPUS);
    let mut cases = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if !name.ends_with(".toml") || name.starts_with("pending-") {
            continue;
        }
        cases += 1;
        let toml = std::fs::read_to_string(&path).unwrap();
        assert!(toml.contains("status.code = 2"), "{name} must exit 2");
        let stderr = std::fs::read_to_string(path.with_extension("stderr")).unwrap();
        assert!(!stderr.contains("panicked"), "{name} panics");
        assert!(!stderr.trim().is_empty(), "{name} says nothing on stderr");
    }
    assert!(cases >= 60, "only {cases} cases");
}
