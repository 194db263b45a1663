//! Content pages: front matter, where each page lives on the site, and the sections of the
//! navigation.

use crate::diagnostic::{Diagnostic, Location};
use crate::game::Game;
use crate::input::read_text;
use crate::project::{Page, content_files, duplicate_ids, parse_page};
use crate::yaml::YamlText;
use serde::Deserialize;
use serde_saphyr::Spanned;
use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

/// What a page says about itself between `---` lines.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FrontMatter {
    pub title: Option<String>,
    pub description: Option<String>,
    pub weight: Option<i64>,
    /// Where a question arises in a deal, one of the game's stages: the navigation groups a
    /// section's pages by it.
    pub stage: Option<Spanned<String>>,
}

/// The stage of play a question page says it arises at, as its game declares it
/// ([`crate::game::Game::stages`]): a section lists its questions as a deal meets them rather
/// than by title. Stages sort in the game's play order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Stage {
    /// Its place in the game's play order.
    order: usize,
    title: &'static str,
}

impl Stage {
    /// The heading a stage's questions are listed under.
    pub fn title(self) -> &'static str {
        self.title
    }

    /// The stage a page of `game` names, or an error at the word listing the game's stages.
    fn of(game: &dyn Game, yaml: &YamlText, word: &Spanned<String>) -> Result<Stage, Diagnostic> {
        let stages = game.stages();
        let written = word.value.trim();
        if let Some(order) = stages.iter().position(|s| s.id == written) {
            return Ok(Stage {
                order,
                title: stages[order].title,
            });
        }
        let ids: Vec<&str> = stages.iter().map(|s| s.id).collect();
        let d = Diagnostic::new(
            yaml.location_of(word),
            format!(
                "`{}` is not allowed here; write one of {}",
                crate::diagnostic::excerpt(written),
                ids.join(", ")
            ),
        );
        Err(crate::suggest::hint(d, written, ids))
    }
}

/// The game a content page belongs to: the game whose id is its first folder (`glic/...`), or
/// the first game (Gleek's pages stand at the top).
fn game_of_page(rel: &Path) -> &'static dyn Game {
    rel.components()
        .next()
        .and_then(|c| crate::games::by_id(&c.as_os_str().to_string_lossy()))
        .filter(|_| rel.components().count() > 1)
        .unwrap_or(crate::games::GAMES[0])
}

/// The key titles sort by: without a leading "A", "An" or "The", ignoring case.
pub fn title_key(title: &str) -> String {
    let lower = title.trim().to_lowercase();
    ["the ", "an ", "a "]
        .iter()
        .find_map(|article| lower.strip_prefix(article))
        .map(str::to_string)
        .unwrap_or(lower)
}

/// The sections of the navigation, in order.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Section {
    Start,
    Play,
    Notebook,
    Readings,
    Reference,
    Contributing,
    /// Any other folder of content, by name.
    Folder(String),
}

impl Section {
    pub fn title(&self) -> String {
        match self {
            Section::Start => "Start here".into(),
            Section::Play => "How to play".into(),
            Section::Notebook => "The notebook".into(),
            Section::Readings => "The readings".into(),
            Section::Reference => "Reference".into(),
            Section::Contributing => "For contributors".into(),
            Section::Folder(name) => {
                let mut c = name.chars();
                c.next()
                    .map(|f| f.to_uppercase().chain(c).collect())
                    .unwrap_or_default()
            }
        }
    }

    fn of(rel: &Path) -> Section {
        let mut parts = rel.components();
        let first = parts
            .next()
            .map(|c| c.as_os_str().to_string_lossy().to_string())
            .unwrap_or_default();
        if parts.next().is_none() {
            return if first == "index.md" {
                Section::Start
            } else {
                Section::Reference
            };
        }
        match first.as_str() {
            "play" => Section::Play,
            "notebook" => Section::Notebook,
            "contributing" => Section::Contributing,
            other => Section::Folder(other.to_string()),
        }
    }
}

/// A content page with what the site needs to place it.
#[derive(Clone, Debug)]
pub struct ContentPage {
    pub page: Page,
    /// The path inside the content folder, with `/` separators.
    pub rel: String,
    /// The page's URL from the site root: `""` for the home page, `play/stock/`.
    pub url: String,
    pub title: String,
    pub description: Option<String>,
    pub weight: i64,
    pub stage: Option<Stage>,
    pub section: Section,
    /// The digest of the page's text, as read: what the build's cache keeps of the page is
    /// keyed by it.
    pub digest: u64,
    /// The text was not read (it is empty here): the last build loaded the page as it is, and
    /// nothing needs its text unless the page is rendered again ([`Known::unread`]).
    pub unread: bool,
}

/// What loading a Markdown page without scenarios finds of its place: its title (from the front
/// matter or its first heading), description, weight and stage (its place in its game's play
/// order). The build's cache keeps it, so that a page unchanged is not parsed again.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, Deserialize)]
pub struct Placed {
    pub title: String,
    pub description: Option<String>,
    pub weight: i64,
    pub stage: Option<usize>,
}

/// What the build's cache knows of the pages.
pub trait Known: Sync {
    /// The place of the Markdown page at `path` whose text has `digest`, if the last build
    /// loaded it so.
    fn placed(&self, path: &Path, digest: u64) -> Option<Placed>;

    /// The digest and place of the Markdown page at `path`, if its text need not be read: the
    /// scan of the inputs believed its stamp, and nothing loading finds needs its text (no
    /// scenarios, no quotations, no odds figures). It is read only if it is rendered again.
    fn unread(&self, path: &Path) -> Option<(u64, Placed)>;
}

/// A build that knows nothing of the pages: every page is read and parsed.
pub struct Unknown;

impl Known for Unknown {
    fn placed(&self, _: &Path, _: u64) -> Option<Placed> {
        None
    }

    fn unread(&self, _: &Path) -> Option<(u64, Placed)> {
        None
    }
}

impl ContentPage {
    /// The page's place, as the build's cache keeps it.
    pub fn placed(&self) -> Placed {
        Placed {
            title: self.title.clone(),
            description: self.description.clone(),
            weight: self.weight,
            stage: self.stage.map(|s| s.order),
        }
    }

    /// Where the page goes in its section: pages without a stage first, then by stage in play
    /// order; within either, by weight, then by title without its article.
    pub fn order_key(&self) -> (&Section, Option<Stage>, i64, String) {
        (
            &self.section,
            self.stage,
            self.weight,
            title_key(&self.title),
        )
    }
}

/// The URL of a content file: `play/stock.md` → `play/stock/`, `index.md` → ``.
pub fn url_of(rel: &str) -> String {
    let stem = rel
        .trim_end_matches(".md")
        .trim_end_matches(".yaml")
        .trim_end_matches(".yml");
    let name = stem.rsplit('/').next().unwrap_or(stem);
    // `index`, and a name of dots (`..md`), stand for the folder itself.
    let stem = if matches!(name, "index" | "." | "..") {
        &stem[..stem.len() - name.len()]
    } else {
        stem
    };
    if stem.is_empty() || stem.ends_with('/') {
        stem.to_string()
    } else {
        format!("{stem}/")
    }
}

/// The places on the site the generator writes itself, named once: the generator names its
/// pages and files from here, and [`collisions`] keeps content out of them.
pub mod paths {
    /// The matrix of rule points by reading.
    pub const MATRIX: &str = "matrix/";
    /// The index of scenarios.
    pub const SCENARIOS: &str = "scenarios/";
    /// The search page, and the index its script reads.
    pub const SEARCH: &str = "search/";
    pub const SEARCH_INDEX: &str = "search-index.json";
    /// The not-found page, served from any depth.
    pub const NOT_FOUND: &str = "404.html";
    pub const SITEMAP: &str = "sitemap.xml";
    /// The annotated texts: their index, and a page per bundled text (`sources/<id>/`).
    pub const SOURCES: &str = "sources/";
    /// The static files: the templates' own and the code colours.
    pub const STATIC: &str = "static/";
    pub const HIGHLIGHT_CSS: &str = "static/highlight.css";
    /// "Play it tonight", and the names of the readings its script shows.
    pub const TONIGHT: &str = "tonight/";
    pub const TONIGHT_NAMES: &str = "tonight/readings.json";
    /// "Settle a deal at the table": a page per game, `settle/<game>/`.
    pub const SETTLE: &str = "settle/";
    /// The playground: a random deal of a game in the editor, a page per game.
    pub const PLAYGROUND: &str = "playground/";

    /// The page of a reading; `prefix` is where its game's generated pages live (`""`, `put/`).
    pub fn variant(prefix: &str, id: &str) -> String {
        format!("{prefix}variants/{id}/")
    }

    /// The folder of a game's rule points' pages, under its prefix.
    pub const RULES: &str = "rules/";

    /// The page of a rule point.
    pub fn rule(prefix: &str, point: &str) -> String {
        format!("{prefix}{RULES}{point}/")
    }

    /// The one-page summary card of a reading.
    pub fn card(prefix: &str, id: &str) -> String {
        format!("{}card/", variant(prefix, id))
    }

    /// A game's playground: `playground/gleek/`.
    pub fn playground(game: &str) -> String {
        format!("{PLAYGROUND}{game}/")
    }

    /// The matrix of a game's rule points by reading.
    pub fn matrix(prefix: &str) -> String {
        format!("{prefix}{MATRIX}")
    }

    /// What a game's readings change, from its simulation.
    pub fn simulation(prefix: &str) -> String {
        format!("{prefix}what-the-readings-change/")
    }
}

/// A place the generator writes, and what it puts there.
#[derive(Clone, Debug)]
pub struct Reserved {
    path: String,
    kind: ReservedKind,
    pub what: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ReservedKind {
    /// A page: `path` is its URL, a folder holding `index.html`.
    Page,
    /// A file: no page may be a folder of that name.
    File,
    /// A folder: no page may be inside it.
    Folder,
}

impl Reserved {
    fn new(path: impl Into<String>, kind: ReservedKind, what: impl Into<String>) -> Reserved {
        Reserved {
            path: path.into(),
            kind,
            what: what.into(),
        }
    }

    /// Whether a page at `url` would overwrite, or be overwritten by, what is written here.
    pub fn claims(&self, url: &str) -> bool {
        match self.kind {
            ReservedKind::Page => url == self.path,
            ReservedKind::File => url.strip_suffix('/') == Some(self.path.as_str()),
            ReservedKind::Folder => url.starts_with(&self.path),
        }
    }
}

/// One game's generated pages: where they live, and its readings and rule points.
pub struct GamePages<'a> {
    pub prefix: &'a str,
    pub variants: Vec<&'a str>,
    pub points: Vec<&'a str>,
    /// The game can simulate, and so may have a page of what its readings change.
    pub simulates: bool,
}

/// Every place the generator writes, given each game's readings and rule points and the bundled
/// texts.
pub fn reserved(games: &[GamePages], texts: &[&str]) -> Vec<Reserved> {
    use ReservedKind::{File, Folder, Page};
    let mut out = vec![
        Reserved::new(paths::SOURCES, Page, "the index of the annotated texts"),
        Reserved::new(paths::SCENARIOS, Page, "the index of scenarios"),
        Reserved::new(paths::SEARCH, Page, "the search page"),
        Reserved::new(paths::SEARCH_INDEX, File, "the search index"),
        Reserved::new(super::search::PARTS, Folder, "the search index's parts"),
        Reserved::new("404/", Page, "the not-found page (404.html)"),
        Reserved::new(paths::NOT_FOUND, File, "the not-found page"),
        Reserved::new(paths::SITEMAP, File, "the sitemap"),
        Reserved::new(paths::STATIC, Folder, "the static files"),
        Reserved::new(paths::HIGHLIGHT_CSS, File, "the code colours"),
        Reserved::new(paths::TONIGHT, Folder, "the page \"Play it tonight\""),
        Reserved::new(paths::SETTLE, Folder, "the pages \"Settle a deal\""),
        Reserved::new(paths::PLAYGROUND, Folder, "the playgrounds"),
    ];
    out.extend(texts.iter().map(|id| {
        Reserved::new(
            format!("{}{id}/", paths::SOURCES),
            Page,
            format!("the annotated text `{id}`"),
        )
    }));
    for g in games {
        out.push(Reserved::new(
            paths::matrix(g.prefix),
            Page,
            "the matrix of rule points by reading",
        ));
        if g.simulates {
            out.push(Reserved::new(
                paths::simulation(g.prefix),
                Page,
                "the page of what the readings change",
            ));
        }
        out.extend(g.variants.iter().map(|id| {
            Reserved::new(
                paths::variant(g.prefix, id),
                Page,
                format!("the page of the reading `{id}`"),
            )
        }));
        out.extend(g.variants.iter().map(|id| {
            Reserved::new(
                paths::card(g.prefix, id),
                Page,
                format!("the summary card of the reading `{id}`"),
            )
        }));
        out.extend(g.points.iter().map(|id| {
            Reserved::new(
                paths::rule(g.prefix, id),
                Page,
                format!("the page of the rule point `{id}`"),
            )
        }));
    }
    out
}

/// What the generator writes at `url`, if anything.
pub fn reserved_at<'a>(reserved: &'a [Reserved], url: &str) -> Option<&'a Reserved> {
    reserved.iter().find(|r| r.claims(url))
}

/// What to do about a page that collides with a generated one.
pub const RESERVED_NOTE: &str = "the generator writes scenarios/, search/, sources/ and sources/<text>/, 404.html, sitemap.xml, search-index.json, search-index/, static/, tonight/, settle/, playground/, and for each game ([game/]) matrix/, what-the-readings-change/, variants/<id>/, variants/<id>/card/ and rules/<point>/: rename or move it";

/// Pages that would be written to the same place as another page or as a generated one: an
/// error for each, naming both files (or the file and the generated page).
pub fn collisions(pages: &[ContentPage], reserved: &[Reserved]) -> Vec<Diagnostic> {
    let mut first: HashMap<String, &ContentPage> = HashMap::new();
    let mut errors = Vec::new();
    for p in pages {
        let at = Location::file_start(&p.page.path, "");
        let url = if p.url.is_empty() { "/" } else { &p.url };
        if dot_named(p) {
            let name = p.page.path.display();
            let message = match pages.iter().find(|o| o.url == p.url && !dot_named(o)) {
                Some(o) => format!(
                    "`{name}` and `{}` would both be the page `{url}`: a name of dots stands for the folder it is in",
                    o.page.path.display()
                ),
                None => format!(
                    "`{name}` would be the page `{url}`, its folder's own index: a name of dots stands for the folder it is in"
                ),
            };
            errors.push(
                Diagnostic::new(at, message)
                    .note("give the page a name of its own, such as `about.md`"),
            );
        } else if let Some(folder) = p.url.strip_suffix("index.html/") {
            let owner = pages
                .iter()
                .find(|o| o.url == folder)
                .map_or("its folder's page".to_string(), |o| {
                    format!("`{}`", o.page.path.display())
                });
            errors.push(
                Diagnostic::new(
                    at,
                    format!(
                        "`{}` would be the page `{url}`, a folder where {owner} is written as the file `{folder}index.html`",
                        p.page.path.display()
                    ),
                )
                .note("rename the page: a page's name may not end in `index.html`"),
            );
        } else if let Some(r) = reserved_at(reserved, &p.url) {
            errors.push(
                Diagnostic::new(
                    at,
                    format!(
                        "`{}` would be the page `{url}`, which is {}",
                        p.page.path.display(),
                        r.what
                    ),
                )
                .note(RESERVED_NOTE),
            );
        } else if let Some(other) = first.get(&folded(&p.url)) {
            let message = if other.url == p.url {
                format!(
                    "`{}` and `{}` would both be the page `{url}`",
                    other.page.path.display(),
                    p.page.path.display()
                )
            } else {
                format!(
                    "`{}` and `{}` would be the pages `{}` and `{url}`, one folder on a file system that ignores case or the way accents are written (macOS, Windows)",
                    other.page.path.display(),
                    p.page.path.display(),
                    other.url
                )
            };
            errors.push(
                Diagnostic::new(at, message)
                    .note("each page needs a place of its own: rename or move one of them"),
            );
        } else {
            first.insert(folded(&p.url), p);
        }
    }
    errors
}

/// A name as file systems that ignore case and normalise Unicode (macOS, Windows) see it: two
/// names with the same form are one file there.
pub fn folded(name: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    // Most names are ASCII, which both forms leave as they are.
    if name.is_ascii() {
        return name.to_ascii_lowercase();
    }
    name.nfd()
        .collect::<String>()
        .to_lowercase()
        .nfc()
        .collect()
}

/// A page whose file name, before its extension, is `.` or `..` (`..md`): it would be written
/// over its folder's own page.
fn dot_named(p: &ContentPage) -> bool {
    let name = p.rel.rsplit('/').next().unwrap_or(&p.rel);
    let stem = name
        .trim_end_matches(".md")
        .trim_end_matches(".yaml")
        .trim_end_matches(".yml");
    matches!(stem, "." | "..")
}

/// Splits off and reads the front matter of a Markdown page.
/// The front matter, and the stage of play it names among those of `game`.
fn front_matter(
    path: &Path,
    text: &Arc<str>,
    game: &dyn Game,
) -> Result<(FrontMatter, Option<Stage>), Diagnostic> {
    if text.starts_with("+++") && text[3..].trim_start_matches(' ').starts_with(['\n', '\r']) {
        return Err(Diagnostic::new(
            Location::at(path, text, 0, 3),
            "this page opens with `+++`, front matter in TOML, which mournival does not read",
        )
        .note("write the front matter in YAML between two `---` lines: a line `---`, then `title: The stock`, then `---`"));
    }
    let Some(rest) = text
        .strip_prefix("---\n")
        .or_else(|| text.strip_prefix("---\r\n"))
    else {
        return Ok((FrontMatter::default(), None));
    };
    let start = text.len() - rest.len();
    let end = rest.find("\n---").map(|i| start + i + 1).unwrap_or(start);
    let yaml = YamlText::from_pieces(path, text.clone(), [(&text[start..end], start)]);
    if yaml.yaml.trim().is_empty() {
        return Ok((FrontMatter::default(), None));
    }
    let front = yaml.parse::<FrontMatter>()?;
    let stage = front
        .stage
        .as_ref()
        .map(|word| Stage::of(game, &yaml, word))
        .transpose()?;
    Ok((front, stage))
}

/// Reads every page under the content folder of the project `root`.
pub fn load(root: &Path, content: &Path) -> Result<Vec<ContentPage>, Vec<Diagnostic>> {
    load_known(root, content, &Unknown)
}

/// As [`load`]; a Markdown page whose place is `known` (by its path and the digest of its
/// text) is not parsed again, nor read if its text is not needed ([`Known::unread`]).
pub fn load_known(
    root: &Path,
    content: &Path,
    known: &dyn Known,
) -> Result<Vec<ContentPage>, Vec<Diagnostic>> {
    let files = content_files(root, content)?;
    let results: Vec<Result<ContentPage, Vec<Diagnostic>>> = {
        use rayon::prelude::*;
        files
            .par_iter()
            .map(|path| load_file(content, path, known))
            .collect()
    };
    let mut pages = Vec::new();
    let mut errors = Vec::new();
    for r in results {
        match r {
            Ok(p) => pages.push(p),
            Err(mut e) => errors.append(&mut e),
        }
    }
    errors.extend(duplicate_ids(pages.iter().flat_map(|p| &p.page.scenarios)));
    if errors.is_empty() {
        Ok(pages)
    } else {
        Err(errors)
    }
}

pub(crate) fn load_one(content: &Path, path: &Path) -> Result<ContentPage, Vec<Diagnostic>> {
    load_file(content, path, &Unknown)
}

/// Reads and parses a page, unless it is a Markdown page whose place is `known`: one without
/// scenarios, which the last build parsed (and then not even read, if its text is not needed).
fn load_file(
    content: &Path,
    path: &Path,
    known: &dyn Known,
) -> Result<ContentPage, Vec<Diagnostic>> {
    let rel_path = path.strip_prefix(content).unwrap_or(path);
    let rel = rel_path
        .components()
        .map(|c| c.as_os_str().to_string_lossy().to_string())
        .collect::<Vec<_>>()
        .join("/");
    let markdown = path.extension().is_some_and(|x| x == "md");
    // The glossary's text is parsed by every build (its terms mark every page).
    if markdown
        && rel != "glossary.md"
        && let Some((digest, placed)) = known.unread(path)
        && let Some(page) = placed_page(path, &rel, (Arc::from(""), digest), placed)
    {
        return Ok(ContentPage {
            unread: true,
            ..page
        });
    }
    let text = read_text(path).map_err(|d| vec![d])?;
    let digest = super::sink::digest(text.as_bytes());
    let game = game_of_page(rel_path);
    if markdown
        && let Some(placed) = known.placed(path, digest)
        && let Some(page) = placed_page(path, &rel, (text.clone(), digest), placed)
    {
        return Ok(page);
    }
    let (front, stage) = if markdown {
        front_matter(path, &text, game).map_err(|d| vec![d])?
    } else {
        (FrontMatter::default(), None)
    };
    let page = parse_page(path, text)?;
    let title = front
        .title
        .clone()
        .or_else(|| {
            (!markdown)
                .then(|| page.scenarios.first().map(|s| s.head().title.clone()))
                .flatten()
        })
        .or_else(|| first_h1(&page.text))
        .unwrap_or_else(|| {
            path.file_stem()
                .map(|s| s.to_string_lossy().replace('-', " "))
                .unwrap_or_default()
        });
    Ok(ContentPage {
        url: url_of(&rel),
        section: Section::of(rel_path),
        rel,
        title,
        description: front.description.clone(),
        weight: front.weight.unwrap_or(0),
        stage,
        page,
        digest,
        unread: false,
    })
}

/// A Markdown page without scenarios, placed as the last build found it; none if its stage is
/// not one of its game's (the game's stages changed: it is parsed again).
fn placed_page(
    path: &Path,
    rel: &str,
    (text, digest): (Arc<str>, u64),
    placed: Placed,
) -> Option<ContentPage> {
    let rel_path = Path::new(rel);
    let game = game_of_page(rel_path);
    let stage = match placed.stage {
        Some(order) => Some(game.stages().get(order).map(|s| Stage {
            order,
            title: s.title,
        })?),
        None => None,
    };
    Some(ContentPage {
        url: url_of(rel),
        section: Section::of(rel_path),
        rel: rel.to_string(),
        title: placed.title,
        description: placed.description,
        weight: placed.weight,
        stage,
        page: Page {
            path: path.to_path_buf(),
            text,
            scenarios: Vec::new(),
            ranges: Vec::new(),
        },
        digest,
        unread: false,
    })
}

fn first_h1(text: &str) -> Option<String> {
    text.lines()
        .find_map(|l| l.strip_prefix("# "))
        .map(|t| t.trim().to_string())
}

/// Resolves a relative link written in page `from` (a content path like `notebook/a.md`) to the
/// content path it names, if it stays inside the content folder.
pub fn join(from: &str, dest: &str) -> Option<String> {
    let mut parts: Vec<String> = from.split('/').map(str::to_string).collect();
    parts.pop();
    for c in PathBuf::from(dest).components() {
        match c {
            Component::ParentDir => {
                parts.pop()?;
            }
            Component::Normal(s) => parts.push(s.to_string_lossy().to_string()),
            Component::CurDir => {}
            _ => return None,
        }
    }
    Some(parts.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_are_clean() {
        assert_eq!(url_of("index.md"), "");
        assert_eq!(url_of("play/stock.md"), "play/stock/");
        assert_eq!(url_of("play/index.md"), "play/");
        assert_eq!(url_of("glossary.md"), "glossary/");
        assert_eq!(url_of("..md"), "");
        assert_eq!(url_of("play/..md"), "play/");
        assert_eq!(url_of("play/...md"), "play/");
    }

    #[test]
    fn links_join_relative_to_the_page() {
        assert_eq!(
            join("notebook/a.md", "../play/stock.md").as_deref(),
            Some("play/stock.md")
        );
        assert_eq!(
            join("notebook/a.md", "b.md").as_deref(),
            Some("notebook/b.md")
        );
        assert_eq!(join("a.md", "../../x.md"), None);
    }

    #[test]
    fn titles_sort_without_their_article() {
        assert_eq!(title_key("The stock's price"), "stock's price");
        assert_eq!(title_key("An honour laid out"), "honour laid out");
        assert_eq!(title_key("A seen put"), "seen put");
        assert_eq!(title_key("Ace of trumps"), "ace of trumps");
        assert_eq!(title_key("Theory"), "theory");
    }

    #[test]
    fn sections_come_from_folders() {
        assert_eq!(Section::of(Path::new("index.md")), Section::Start);
        assert_eq!(Section::of(Path::new("glossary.md")), Section::Reference);
        assert_eq!(Section::of(Path::new("play/stock.md")), Section::Play);
        assert_eq!(
            Section::of(Path::new("pages/rule-0001.md")).title(),
            "Pages"
        );
    }
}
