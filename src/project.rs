//! A project on disk: the variants and the pages with their scenarios.

use crate::blocks::extract_blocks;
use crate::diagnostic::{Diagnostic, Errors, Location};
use crate::game::{Game, Scenario};
use crate::games::GAMES;
use crate::input::{self, Depth, read_text};
use crate::sources::TextsFolder;
use crate::variant::{Readings, VariantSet};
use crate::yaml::YamlText;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A page of content: Markdown with scenarios, or a YAML file holding one scenario.
#[derive(Clone, Debug)]
pub struct Page {
    pub path: PathBuf,
    pub text: Arc<str>,
    pub scenarios: Vec<Arc<dyn Scenario>>,
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
    /// The public address, for the sitemap and the 404 page.
    #[serde(default)]
    pub base_url: BaseUrl,
    /// Who the site is by, as a page is cited ("Cite this page", the `citation_author` tag).
    #[serde(default = "default_author")]
    pub author: String,
    /// Entries of the output folder that the tool did not write and that every rebuild keeps
    /// (besides `.git`, `CNAME` and `.nojekyll`, always kept).
    #[serde(default)]
    pub keep: Vec<crate::site::output::KeepPath>,
    /// The run behind each game's page "What the readings change"; no page without it.
    #[serde(default)]
    pub simulate: Option<SimulateConfig>,
    /// The folder, relative to the project, where the user keeps the texts that
    /// `sources/sources.yaml` lists with `bundled: false` (`--texts` overrides it).
    #[serde(default)]
    pub texts: Option<PathBuf>,
}

impl ProjectConfig {
    /// The texts folder: `--texts` as given, else `texts:` from the project folder; none
    /// without either.
    pub fn texts_folder(&self, root: &Path, flag: Option<&Path>) -> Option<TextsFolder> {
        match (flag, &self.texts) {
            (Some(dir), _) => Some(TextsFolder {
                path: dir.to_path_buf(),
                named_at: Location::file_start(Path::new("--texts"), ""),
            }),
            (None, Some(dir)) => Some(TextsFolder {
                path: root.join(dir),
                named_at: Location::file_start(&root.join(CONFIG), ""),
            }),
            (None, None) => None,
        }
    }
}

/// `simulate: {deals: N, seed: S}`: the size and seed of the build's simulation, so that the
/// page is reproducible; `policy:` picks a policy by id (each game's default otherwise).
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct SimulateConfig {
    pub deals: DealCount,
    pub seed: u64,
    #[serde(default)]
    pub policy: PolicyName,
}

/// A number of deals a build may simulate.
#[derive(Clone, Copy, Debug, serde::Deserialize)]
#[serde(try_from = "u64")]
pub struct DealCount(pub u64);

impl TryFrom<u64> for DealCount {
    type Error = String;

    fn try_from(n: u64) -> Result<DealCount, String> {
        if (1..=crate::simulate::MAX_DEALS).contains(&n) {
            Ok(DealCount(n))
        } else {
            Err(format!(
                "`deals:` is {n}; it must be between 1 and {}",
                crate::simulate::MAX_DEALS
            ))
        }
    }
}

/// The site's public address: empty, or an absolute `http://` or `https://` address, which the
/// sitemap, the 404 page and its script take as written.
#[derive(Clone, Debug, Default, serde::Deserialize)]
#[serde(try_from = "String")]
pub struct BaseUrl(pub String);

impl TryFrom<String> for BaseUrl {
    type Error = String;

    fn try_from(text: String) -> Result<BaseUrl, String> {
        let url = text.trim();
        let host = url
            .strip_prefix("https://")
            .or_else(|| url.strip_prefix("http://"))
            .map(|rest| rest.split(['/', '?', '#']).next().unwrap_or_default());
        let plain = !url
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || "<>\"'`\\{}|^".contains(c));
        match host {
            _ if url.is_empty() => Ok(BaseUrl(String::new())),
            Some(host) if !host.is_empty() && !host.starts_with(':') && plain => {
                Ok(BaseUrl(url.to_string()))
            }
            _ => Err(format!(
                "`{}` is not an address the site can link to; `base-url` takes an absolute http:// or https:// address, such as https://gleek.example.org/",
                text.escape_debug()
            )),
        }
    }
}

/// A policy every game that simulates offers (empty: each game's default).
#[derive(Clone, Debug, Default, serde::Deserialize)]
#[serde(try_from = "String")]
pub struct PolicyName(pub String);

impl TryFrom<String> for PolicyName {
    type Error = String;

    fn try_from(id: String) -> Result<PolicyName, String> {
        let sims: Vec<_> = GAMES.iter().filter_map(|g| g.simulator()).collect();
        let offered = |id: &str| sims.iter().all(|s| s.policies().iter().any(|p| p.id == id));
        if offered(&id) {
            return Ok(PolicyName(id));
        }
        let common: Vec<&str> = sims
            .first()
            .map(|s| {
                s.policies()
                    .iter()
                    .map(|p| p.id)
                    .filter(|p| offered(p))
                    .collect()
            })
            .unwrap_or_default();
        Err(format!(
            "unknown policy `{id}`; the policies every game offers are {}",
            common.join(", ")
        ))
    }
}

fn default_title() -> String {
    "Mournival".to_string()
}

fn default_author() -> String {
    "the Mournival contributors".to_string()
}

impl Default for ProjectConfig {
    fn default() -> ProjectConfig {
        ProjectConfig {
            title: default_title(),
            base_url: BaseUrl::default(),
            author: default_author(),
            keep: Vec::new(),
            simulate: None,
            texts: None,
        }
    }
}

/// The project file's name.
const CONFIG: &str = "mournival.yaml";

/// Reads `<root>/mournival.yaml`, or the defaults when there is none.
pub fn load_config(root: &Path) -> Result<ProjectConfig, Diagnostic> {
    let path = root.join(CONFIG);
    match std::fs::symlink_metadata(&path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(ProjectConfig::default()),
        _ => YamlText::whole_file(&path, read_text(&path)?).parse(),
    }
}

/// Where a project keeps its variants for a game.
pub fn variants_dir(root: &Path, game: &dyn Game) -> PathBuf {
    root.join("variants").join(game.id())
}

/// The readings of every game: `variants/<game>/*.yaml`; a game without the folder has none.
pub fn load_variants(root: &Path) -> Result<Readings, Vec<Diagnostic>> {
    let mut sets = Vec::new();
    let mut errors = Vec::new();
    for &game in GAMES {
        let dir = variants_dir(root, game);
        if !dir.exists() {
            sets.push((game, VariantSet::empty(game.points())));
            continue;
        }
        match VariantSet::load_dir_in(&dir, root, game.points()) {
            Ok(set) => sets.push((game, set)),
            Err(mut e) => errors.append(&mut e),
        }
    }
    if errors.is_empty() && sets.iter().all(|(_, set)| set.variants.is_empty()) {
        let games: Vec<&str> = GAMES.iter().map(|g| g.id()).collect();
        errors.push(
            Diagnostic::new(
                Location::file_start(&root.join("variants"), ""),
                "no variants: a project needs at least one reading of a game".to_string(),
            )
            .note(format!(
                "a game's readings are YAML files in variants/<game>/, for the games {}",
                games.join(", ")
            )),
        );
    }
    if errors.is_empty() {
        Ok(Readings { sets })
    } else {
        Err(errors)
    }
}

/// The game of a whole-file scenario: `deal.put.yaml` is Put's; any other `.yaml` is the first
/// game's (Gleek's).
fn game_of_file(path: &Path) -> &'static dyn Game {
    path.file_stem()
        .and_then(|stem| Path::new(stem).extension())
        .and_then(|x| crate::games::by_id(&x.to_string_lossy()))
        .unwrap_or(GAMES[0])
}

/// Every Markdown and YAML file under a path (or the path itself, if it is not a folder), sorted.
/// Links are followed within the project `root` (see [`crate::input`]).
pub fn content_files(root: &Path, path: &Path) -> Result<Vec<PathBuf>, Vec<Diagnostic>> {
    if !path.is_dir() {
        return Ok(vec![path.to_path_buf()]);
    }
    input::files(path, root, Depth::Deep, &|p| {
        p.extension()
            .is_some_and(|x| x == "md" || x == "yaml" || x == "yml")
    })
}

/// Reads and parses a page file.
pub fn read_page(path: &Path) -> Result<Page, Vec<Diagnostic>> {
    parse_page(path, read_text(path).map_err(|d| vec![d])?)
}

/// Reads and parses a page. Every error is counted; the first few are kept in full.
pub fn parse_page(path: &Path, text: Arc<str>) -> Result<Page, Vec<Diagnostic>> {
    let mut errors = Errors::default();
    let mut scenarios = Vec::new();
    let mut ranges = Vec::new();
    let blocks: Vec<(&'static dyn Game, YamlText, std::ops::Range<usize>)> =
        if path.extension().is_some_and(|x| x == "md") {
            let languages: Vec<&str> = GAMES.iter().map(|g| g.id()).collect();
            extract_blocks(path, &text, &languages)
                .into_iter()
                .filter_map(|b| Some((crate::games::by_id(&b.language)?, b.yaml, b.range)))
                .collect()
        } else {
            let game = game_of_file(path);
            vec![(
                game,
                YamlText::whole_file(path, text.clone()),
                0..text.len(),
            )]
        };
    for (game, yaml, range) in blocks {
        match game.parse(&yaml) {
            Ok(s) => {
                scenarios.push(Arc::from(s));
                ranges.push(range);
            }
            Err(e) => errors.extend(e),
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
        Err(errors.into_vec(path))
    }
}

/// Loads every page under a path of the project `root`; every error in every file is reported.
pub fn load_pages(root: &Path, path: &Path) -> Result<Vec<Page>, Vec<Diagnostic>> {
    let mut pages = Vec::new();
    let mut errors = Vec::new();
    for file in content_files(root, path)? {
        match read_page(&file) {
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
pub fn duplicate_ids<'a>(
    scenarios: impl IntoIterator<Item = &'a Arc<dyn Scenario>>,
) -> Vec<Diagnostic> {
    // A scenario's id is its address in the site (`#id`, and the flips' `#id:reading:...`):
    // two that differ only in case are two addresses a reader cannot tell apart.
    let mut first: HashMap<String, (&str, &Location)> = HashMap::new();
    let mut errors = Vec::new();
    for s in scenarios {
        let h = s.head();
        if let Some((id, at)) = first.insert(h.id.to_ascii_lowercase(), (&h.id, &h.location)) {
            let message = if id == h.id {
                format!("scenario id `{}` is used twice", h.id)
            } else {
                format!(
                    "scenario ids `{id}` and `{}` differ only in case: their addresses in the site (`#id`, and a flip's `#id:reading:...`) could not be told apart",
                    h.id
                )
            };
            errors.push(
                Diagnostic::new(h.location.clone(), message).note(format!("first used at {at}")),
            );
        }
    }
    errors
}
