//! A project on disk: the variants and the pages with their scenarios.

use crate::diagnostic::{Diagnostic, Location};
use crate::scenario::{Scenario, extract_blocks, parse_scenario};
use crate::variant::VariantSet;
use crate::yaml::YamlText;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A page of content: Markdown with scenarios, or a YAML file holding one scenario.
#[derive(Clone, Debug)]
pub struct Page {
    pub path: PathBuf,
    pub text: Arc<str>,
    pub scenarios: Vec<Scenario>,
    /// The byte range of each scenario's fence in the page (Markdown pages only).
    pub ranges: Vec<std::ops::Range<usize>>,
}

impl Page {
    pub fn is_markdown(&self) -> bool {
        self.path.extension().is_some_and(|x| x == "md")
    }
}

/// What a project says about itself in `mournival.yaml` (optional).
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ProjectConfig {
    /// The site's name, shown in every page's header and title.
    #[serde(default = "default_title")]
    pub title: String,
    /// The public address, for the sitemap.
    #[serde(default)]
    pub base_url: String,
    /// Entries of the output folder that the tool did not write and that every rebuild keeps
    /// (besides `.git`, `CNAME` and `.nojekyll`, always kept).
    #[serde(default)]
    pub keep: Vec<crate::site::output::KeepPath>,
}

fn default_title() -> String {
    "Mournival".to_string()
}

impl Default for ProjectConfig {
    fn default() -> ProjectConfig {
        ProjectConfig {
            title: default_title(),
            base_url: String::new(),
            keep: Vec::new(),
        }
    }
}

/// Reads `<root>/mournival.yaml`, or the defaults when there is none.
pub fn load_config(root: &Path) -> Result<ProjectConfig, Diagnostic> {
    let path = root.join("mournival.yaml");
    match std::fs::read_to_string(&path) {
        Ok(text) => YamlText::whole_file(&path, text.into()).parse(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(ProjectConfig::default()),
        Err(e) => Err(Diagnostic::new(
            Location::file_start(&path, ""),
            format!("cannot read the project file: {e}"),
        )),
    }
}

/// Where a project keeps its variants for a game.
pub fn variants_dir(root: &Path) -> PathBuf {
    root.join("variants").join("gleek")
}

pub fn load_variants(root: &Path) -> Result<VariantSet, Vec<Diagnostic>> {
    VariantSet::load_dir(&variants_dir(root))
}

/// Every Markdown and YAML file under a path (or the file itself), sorted.
pub fn content_files(path: &Path) -> std::io::Result<Vec<PathBuf>> {
    if path.is_file() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut out = Vec::new();
    let mut stack = vec![path.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir)? {
            let p = entry?.path();
            if p.is_dir() {
                stack.push(p);
            } else if p
                .extension()
                .is_some_and(|x| x == "md" || x == "yaml" || x == "yml")
            {
                out.push(p);
            }
        }
    }
    out.sort();
    Ok(out)
}

/// Reads and parses a page.
pub fn parse_page(path: &Path, text: Arc<str>) -> Result<Page, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let mut scenarios = Vec::new();
    let mut ranges = Vec::new();
    let blocks: Vec<(YamlText, std::ops::Range<usize>)> =
        if path.extension().is_some_and(|x| x == "md") {
            extract_blocks(path, &text)
                .into_iter()
                .map(|b| (b.yaml, b.range))
                .collect()
        } else {
            vec![(YamlText::whole_file(path, text.clone()), 0..text.len())]
        };
    for (yaml, range) in blocks {
        match parse_scenario(&yaml) {
            Ok(s) => {
                scenarios.push(s);
                ranges.push(range);
            }
            Err(mut e) => errors.append(&mut e),
        }
    }
    if errors.is_empty() {
        Ok(Page {
            path: path.to_path_buf(),
            text,
            scenarios,
            ranges,
        })
    } else {
        Err(errors)
    }
}

/// Loads every page under a path; every error in every file is reported.
pub fn load_pages(path: &Path) -> Result<Vec<Page>, Vec<Diagnostic>> {
    let files = content_files(path).map_err(|err| {
        vec![Diagnostic::new(
            Location::file_start(path, ""),
            format!("cannot read the content: {err}"),
        )]
    })?;
    let mut pages = Vec::new();
    let mut errors = Vec::new();
    for file in files {
        let text: Arc<str> = match std::fs::read_to_string(&file) {
            Ok(t) => t.into(),
            Err(err) => {
                errors.push(Diagnostic::new(
                    Location::file_start(&file, ""),
                    format!("cannot read this file: {err}"),
                ));
                continue;
            }
        };
        match parse_page(&file, text) {
            Ok(p) => pages.push(p),
            Err(mut e) => errors.append(&mut e),
        }
    }
    errors.extend(duplicate_ids(pages.iter().flat_map(|p| &p.scenarios)));
    if errors.is_empty() {
        Ok(pages)
    } else {
        Err(errors)
    }
}

/// Scenario ids used twice: every one after the first, pointing back at it.
pub fn duplicate_ids<'a>(scenarios: impl IntoIterator<Item = &'a Scenario>) -> Vec<Diagnostic> {
    let mut first: HashMap<&str, &Location> = HashMap::new();
    let mut errors = Vec::new();
    for s in scenarios {
        if let Some(at) = first.insert(&s.id, &s.location) {
            errors.push(
                Diagnostic::new(
                    s.location.clone(),
                    format!("scenario id `{}` is used twice", s.id),
                )
                .note(format!("first used at {at}")),
            );
        }
    }
    errors
}
