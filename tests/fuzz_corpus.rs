//! Replays the fuzz corpus (`fuzz/corpus/TARGET/`) through the fuzz targets' own code
//! (`fuzz/src/targets.rs`) on stable Rust: every input the fuzzer kept stays a regression test
//! without nightly or cargo-fuzz.

#[path = "../fuzz/src/targets.rs"]
mod targets;

use std::path::Path;
use std::sync::OnceLock;
use targets::Fixtures;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn fixtures() -> &'static Fixtures {
    static FIXTURES: OnceLock<Fixtures> = OnceLock::new();
    FIXTURES.get_or_init(|| Fixtures::load(Path::new(ROOT)))
}

/// Runs every file of a target's corpus through it; a panic names the file.
fn replay(target: &str, run: fn(&Fixtures, &[u8])) {
    let dir = Path::new(ROOT).join("fuzz/corpus").join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(files.len() >= 20, "{target}: only {} inputs", files.len());
    for file in files {
        let data = std::fs::read(&file).unwrap();
        let outcome = std::panic::catch_unwind(|| run(fixtures(), &data));
        assert!(outcome.is_ok(), "{target} fails on {}", file.display());
    }
}

#[test]
fn parse_page_corpus() {
    replay("parse_page", targets::parse_page);
}

#[test]
fn engine_corpus() {
    replay("engine", targets::engine);
}

#[test]
fn render_corpus() {
    replay("render", targets::render);
}
