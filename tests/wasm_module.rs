//! The committed WebAssembly modules (`templates/static/engine/`) are built from the sources as
//! they are: `engine.stamp` holds a digest of every file the wasm build compiles, and this test
//! recomputes it. `wasm/build.sh` writes the stamp through this test (`MOURNIVAL_WASM_STAMP`).

use std::path::{Path, PathBuf};

const ENGINE: &str = "templates/static/engine";
const GAMES: &[&str] = &["gleek", "put", "glic"];

/// Issue 22's budget for a module a page loads: under 1 MB as served, read as 1 MiB
/// (1,048,576 bytes), and under 400 KB gzipped at the best level, as a server sends it, read
/// as 400,000 bytes.
const MAX_BYTES: usize = 1 << 20;
const MAX_GZIPPED: usize = 400_000;

/// The library's modules that the wasm build leaves out (`#[cfg(not(target_arch = "wasm32"))]`
/// in `src/lib.rs`), and the binary's files: a change there needs no rebuild.
const NOT_IN_WASM: &[&str] = &[
    "src/blocks.rs",
    "src/project.rs",
    "src/site",
    "src/main.rs",
    "src/serve.rs",
];

/// What the wasm build reads besides `src/`.
const INPUTS: &[&str] = &[
    "Cargo.toml",
    "Cargo.lock",
    "variants",
    "wasm/Cargo.toml",
    "wasm/build.rs",
    "wasm/build.sh",
    "wasm/src",
];

fn files_under(root: &Path, rel: &str, out: &mut Vec<String>) {
    let path = root.join(rel);
    if path.is_dir() {
        let mut entries: Vec<String> = std::fs::read_dir(&path)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
            .map(|e| {
                e.expect("a readable entry")
                    .file_name()
                    .into_string()
                    .expect("UTF-8")
            })
            .collect();
        entries.sort();
        for name in entries {
            files_under(root, &format!("{rel}/{name}"), out);
        }
    } else if !NOT_IN_WASM
        .iter()
        .any(|x| rel == *x || rel.starts_with(&format!("{x}/")))
    {
        out.push(rel.to_string());
    }
}

/// FNV-1a, 64 bits: a stamp against forgetting to rebuild, not against forgery.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The stamp: a line per source file (digest, bytes, path), then the digest of those lines.
fn stamp(root: &Path) -> String {
    let mut files = Vec::new();
    files_under(root, "src", &mut files);
    for input in INPUTS {
        files_under(root, input, &mut files);
    }
    let mut out = String::new();
    for f in &files {
        // Line ends as committed, whatever a checkout turned them into.
        let bytes = std::fs::read(root.join(f))
            .expect("a source file")
            .into_iter();
        let bytes: Vec<u8> = bytes.filter(|&b| b != b'\r').collect();
        out.push_str(&format!("{:016x} {:>8} {f}\n", fnv(&bytes), bytes.len()));
    }
    format!("{out}{:016x} all\n", fnv(out.as_bytes()))
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn stamp_names_every_source_of_the_wasm_build_and_is_fresh() {
    let fresh = stamp(&root());
    if let Some(dest) = std::env::var_os("MOURNIVAL_WASM_STAMP") {
        std::fs::write(&dest, &fresh).expect("the stamp is written");
        return;
    }
    let committed = std::fs::read_to_string(root().join(ENGINE).join("engine.stamp"))
        .expect("templates/static/engine/engine.stamp is committed: run wasm/build.sh");
    assert!(
        committed == fresh,
        "the WebAssembly modules in {ENGINE} were built from other sources: run wasm/build.sh \
         (or see README, \"The engine in the browser\")\n--- committed\n{committed}--- now\n{fresh}"
    );
}

#[test]
fn the_modules_left_out_of_the_wasm_build_are_those_the_stamp_skips() {
    let lib = std::fs::read_to_string(root().join("src/lib.rs")).expect("src/lib.rs");
    let mut gated = Vec::new();
    let mut lines = lib.lines();
    while let Some(line) = lines.next() {
        if line.trim() == "#[cfg(not(target_arch = \"wasm32\"))]" {
            let next = lines.next().expect("an item after the attribute");
            let name = next
                .trim()
                .trim_start_matches("pub mod ")
                .trim_end_matches(';');
            gated.push(name.to_string());
        }
    }
    let skipped: Vec<String> = NOT_IN_WASM
        .iter()
        .filter_map(|p| p.strip_prefix("src/"))
        .filter(|p| *p != "main.rs" && *p != "serve.rs")
        .map(|p| p.trim_end_matches(".rs").to_string())
        .collect();
    assert_eq!(gated, skipped, "src/lib.rs and NOT_IN_WASM disagree");
}

#[test]
fn every_game_has_its_module() {
    for game in GAMES {
        let path = root().join(ENGINE).join(format!("{game}.wasm"));
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(
            &bytes[..4],
            b"\0asm",
            "{} is not WebAssembly",
            path.display()
        );
        for export in ["alloc", "dealloc", "call", "memory"] {
            assert!(
                bytes.windows(export.len()).any(|w| w == export.as_bytes()),
                "{} does not export `{export}`",
                path.display()
            );
        }
    }
}

/// The module's size gzipped at the best level (what `gzip -9` gives, within a few hundred bytes).
fn gzipped_len(bytes: &[u8]) -> usize {
    use std::io::Write;
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gz.write_all(bytes).expect("gzip into memory");
    gz.finish().expect("gzip into memory").len()
}

#[test]
fn every_module_is_under_1_mb_and_400_kb_gzipped() {
    let mut over = Vec::new();
    for game in GAMES {
        let path = root().join(ENGINE).join(format!("{game}.wasm"));
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let gzipped = gzipped_len(&bytes);
        if bytes.len() >= MAX_BYTES || gzipped >= MAX_GZIPPED {
            over.push(format!(
                "{}: {} bytes, {gzipped} gzipped",
                path.display(),
                bytes.len()
            ));
        }
    }
    assert!(
        over.is_empty(),
        "a module a page loads must be under {MAX_BYTES} bytes and {MAX_GZIPPED} gzipped \
         (issue 22):\n{}",
        over.join("\n")
    );
}

/// An unsigned LEB128 number at `*at`, which moves past it.
fn uleb(bytes: &[u8], at: &mut usize) -> u64 {
    let (mut value, mut shift) = (0u64, 0);
    loop {
        let byte = bytes[*at];
        *at += 1;
        value |= u64::from(byte & 0x7f) << shift;
        if byte & 0x80 == 0 {
            return value;
        }
        shift += 7;
    }
}

/// A signed LEB128 number at `*at`, which moves past it.
fn sleb(bytes: &[u8], at: &mut usize) -> i64 {
    let (mut value, mut shift) = (0i64, 0);
    loop {
        let byte = bytes[*at];
        *at += 1;
        value |= i64::from(byte & 0x7f) << shift;
        shift += 7;
        if byte & 0x80 == 0 {
            if shift < 64 && byte & 0x40 != 0 {
                value |= -1 << shift;
            }
            return value;
        }
    }
}

/// A constant expression `i32.const N; end` at `*at`: N.
fn i32_const(bytes: &[u8], at: &mut usize) -> i64 {
    assert_eq!(bytes[*at], 0x41, "an i32.const initialiser");
    *at += 1;
    let value = sleb(bytes, at);
    assert_eq!(bytes[*at], 0x0b, "a one-instruction initialiser");
    *at += 1;
    value
}

/// The starts of a module's mutable i32 globals, and the offsets of its active data segments.
fn stack_and_data(bytes: &[u8]) -> (Vec<i64>, Vec<i64>) {
    assert_eq!(&bytes[..8], b"\0asm\x01\0\0\0", "a WebAssembly 1 module");
    let (mut globals, mut data) = (Vec::new(), Vec::new());
    let mut at = 8;
    while at < bytes.len() {
        let id = bytes[at];
        at += 1;
        let size = uleb(bytes, &mut at) as usize;
        let end = at + size;
        let mut p = at;
        match id {
            6 => {
                for _ in 0..uleb(bytes, &mut p) {
                    let (kind, mutable) = (bytes[p], bytes[p + 1]);
                    p += 2;
                    let start = i32_const(bytes, &mut p);
                    if kind == 0x7f && mutable == 1 {
                        globals.push(start);
                    }
                }
            }
            11 => {
                for _ in 0..uleb(bytes, &mut p) {
                    match uleb(bytes, &mut p) {
                        0 => data.push(i32_const(bytes, &mut p)),
                        1 => {}
                        flags => panic!("a data segment of kind {flags}"),
                    }
                    p += uleb(bytes, &mut p) as usize;
                }
            }
            _ => {}
        }
        at = end;
    }
    (globals, data)
}

/// `wasm/build.sh` runs `wasm-opt --low-memory-unused`, which holds only while the linker puts
/// the stack first: the stack pointer (the one mutable i32 global) starts at or below every
/// data segment, and well above the low 1 KiB that the optimizer takes to be unused.
#[test]
fn every_module_has_its_stack_first_as_low_memory_unused_needs() {
    for game in GAMES {
        let path = root().join(ENGINE).join(format!("{game}.wasm"));
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let (stack, data) = stack_and_data(&bytes);
        assert_eq!(
            stack.len(),
            1,
            "{}: one stack pointer, found {stack:?}",
            path.display()
        );
        assert!(
            !data.is_empty(),
            "{}: no active data segment found",
            path.display()
        );
        let lowest = *data.iter().min().expect("a data segment");
        assert!(
            stack[0] >= 64 * 1024 && stack[0] <= lowest,
            "{}: the stack starts at {} and the data at {lowest}: the stack is not first, so \
             wasm-opt --low-memory-unused in wasm/build.sh no longer holds",
            path.display(),
            stack[0]
        );
    }
}
