//! Lists the readings of the module's game (`variants/<game>/*.yaml`, the game of the feature it
//! is built with) for `include!`, sorted, so that a rebuild gives the same bytes.

use std::fmt::Write;
use std::path::Path;

fn main() {
    let games: Vec<&str> = ["gleek", "put", "glic"]
        .into_iter()
        .filter(|g| std::env::var_os(format!("CARGO_FEATURE_{}", g.to_uppercase())).is_some())
        .collect();
    let [game] = games[..] else {
        panic!(
            "build the module with exactly one game's feature: gleek, put or glic (see wasm/build.sh)"
        );
    };
    // At run time, not `env!`: a build script compiled in one checkout may run for another that
    // shares the target folder, and must read that checkout's readings.
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dir = Path::new(&manifest).join("../variants").join(game);
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("variants/<game>/ is readable")
        .map(|f| f.expect("variants/<game>/ is readable").path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    files.sort();
    let mut out = String::from("&[\n");
    for path in &files {
        let name = path
            .file_name()
            .expect("a file")
            .to_str()
            .expect("a UTF-8 name");
        let abs = path.canonicalize().expect("the file exists");
        writeln!(out, "    ({name:?}, include_str!({abs:?})),").expect("a String");
    }
    out.push(']');
    let dest = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("bundled.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");
}
