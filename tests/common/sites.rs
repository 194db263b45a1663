//! What the tests that build a small project and compare sites share (`rebuild`,
//! `incremental`): the project's files, the options, the output read back.

use mournival::site::BuildOptions;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

pub fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The options of a build of `root`'s `content/` into `out`.
pub fn options(root: &Path, out: &Path) -> BuildOptions {
    BuildOptions {
        root: root.to_path_buf(),
        content: root.join("content"),
        out: out.to_path_buf(),
        overrides: Vec::new(),
        base_url: String::new(),
        force: false,
        texts: None,
    }
}

/// Writes `text` at `rel` under `root`, making its folders; gives its path.
pub fn write(root: &Path, rel: &str, text: &str) -> PathBuf {
    let path = root.join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, text).unwrap();
    path
}

/// Gleek's bundled readings and base template, copied into `root`.
pub fn readings_and_template(root: &Path) {
    let variants = root.join("variants/gleek");
    std::fs::create_dir_all(&variants).unwrap();
    for entry in std::fs::read_dir(repo().join("variants/gleek")).unwrap() {
        let p = entry.unwrap().path();
        std::fs::copy(&p, variants.join(p.file_name().unwrap())).unwrap();
    }
    let base = std::fs::read_to_string(repo().join("templates/base.html")).unwrap();
    write(root, "templates/base.html", &base);
}

/// Every file under `dir` with its bytes, and every folder, by relative path.
pub fn walk(dir: &Path) -> (BTreeMap<PathBuf, Vec<u8>>, Vec<PathBuf>) {
    let (mut files, mut folders) = (BTreeMap::new(), Vec::new());
    let mut pending = vec![dir.to_path_buf()];
    while let Some(d) = pending.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            let rel = p.strip_prefix(dir).unwrap().to_path_buf();
            if p.is_dir() {
                folders.push(rel);
                pending.push(p);
            } else {
                files.insert(rel, std::fs::read(&p).unwrap());
            }
        }
    }
    folders.sort();
    (files, folders)
}

/// Every file under `dir` with its bytes, by relative path.
pub fn tree(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    walk(dir).0
}
