//! Fuzz targets for Mournival; see `targets.rs` and `fuzz_targets/`.

mod targets;

pub use targets::{Fixtures, engine, parse_page, render};

use std::sync::OnceLock;

/// The repository's bundled readings and templates, loaded once per fuzzing process.
pub fn fixtures() -> &'static Fixtures {
    static FIXTURES: OnceLock<Fixtures> = OnceLock::new();
    FIXTURES.get_or_init(|| Fixtures::load(concat!(env!("CARGO_MANIFEST_DIR"), "/..").as_ref()))
}
