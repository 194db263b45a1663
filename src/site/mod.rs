//! `build`: the reference site. Content pages, variants and templates in; a static site out.
//!
//! The pipeline, one function per stage: load the project (templates, every game's readings,
//! pages); evaluate every scenario under every reading of its game (in parallel); lay out the
//! navigation; render the pages (Markdown, with each scenario replaced by its outcome table) and
//! the generated ones (readings, rule points and matrix per game, scenarios, search, 404,
//! sitemap); check every internal link and anchor; then write the whole site to a fresh folder
//! and swap it in, so a failed build never leaves a half-written site.

pub mod annotated;
pub mod cache;
pub mod charts;
pub mod citation;
pub mod contrast;
pub mod flip;
pub mod generated;
pub mod glossary;
pub mod highlight;
pub mod markdown;
pub mod outcome;
pub mod output;
pub mod pages;
pub mod search;
pub mod session;
pub mod simulation;
pub mod templates;
pub mod tonight;
pub mod why;

use crate::compare::{Evaluation, evaluate};
use crate::diagnostic::{Diagnostic, Location};
use crate::game::{Game, Scenario};
use crate::project::{BaseUrl, ProjectConfig, load_variants};
use crate::sources::Library;
use crate::sources::quotations::Quotation;
use crate::variant::{Override, Readings, Variant, VariantSet};
use annotated::InTheText;
use glossary::Glossary;
use pages::{ContentPage, Section, paths};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::{HashMap, HashSet};
use std::hash::Hasher;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use templates::{TemplateError, Templates};

/// What to build, from where, to where.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// The project folder: `variants/` and `templates/` are read from here.
    pub root: PathBuf,
    pub content: PathBuf,
    pub out: PathBuf,
    /// `--set` overrides, applied to every reading.
    pub overrides: Vec<Override>,
    /// The site's public address, for the sitemap and the 404 page (empty: the project file's;
    /// none: no sitemap).
    pub base_url: String,
    /// Build into a folder the tool did not make (or through a symbolic link), keeping every
    /// file it holds.
    pub force: bool,
    /// `--texts`: the folder of the texts not bundled (else the project file's `texts:`).
    pub texts: Option<PathBuf>,
}

/// What a build did.
#[derive(Clone, Debug, Default)]
pub struct BuildReport {
    pub pages: usize,
    pub scenarios: usize,
    pub evaluations: usize,
    /// Expectations the engine does not meet, located in the pages.
    pub failing: Vec<Diagnostic>,
    /// Quotations not found in their texts, or not where cited ([`crate::sources`]).
    pub misquoted: Vec<Diagnostic>,
    /// Quotations not verified (their text not at hand), and how many of each text, with why.
    pub unverified: usize,
    pub unverified_by_text: Vec<String>,
    pub files: usize,
    /// What the user should know that is no fault: a file left out, and why.
    pub notes: Vec<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    #[error("{} error(s) in the input", .0.len())]
    Invalid(Vec<Diagnostic>),
    #[error(transparent)]
    Template(#[from] TemplateError),
    #[error(transparent)]
    Output(#[from] output::OutputError),
}

#[derive(Serialize, Clone)]
struct NavItem {
    title: String,
    url: String,
    /// The stage of play this item opens, when its section lists its questions by stage.
    #[serde(skip_serializing_if = "Option::is_none")]
    stage: Option<&'static str>,
}

impl NavItem {
    fn new(title: impl Into<String>, url: impl Into<String>) -> NavItem {
        NavItem {
            title: title.into(),
            url: url.into(),
            stage: None,
        }
    }
}

/// A neighbouring page in the navigation's order, for the previous and next links.
#[derive(Serialize)]
struct Neighbour<'a> {
    title: &'a str,
    url: &'a str,
}

#[derive(Serialize, Clone)]
struct NavSection {
    title: String,
    url: Option<String>,
    pages: Vec<NavItem>,
    /// The game whose pages these are: the sidebar shows one game's sections at a time.
    game: Option<&'static str>,
}

#[derive(Serialize)]
struct SiteView<'a> {
    title: &'a str,
    nav: &'a [NavSection],
    /// How to cite a page: the site's author, the build's date, its address.
    cite: citation::CiteView,
    games: &'a [GameNav],
}

impl<'a> SiteView<'a> {
    fn of(project: &'a Project, nav: &'a [NavSection], games: &'a [GameNav]) -> SiteView<'a> {
        SiteView {
            title: &project.config.title,
            nav,
            games,
            cite: citation::CiteView::new(
                &project.config.author,
                site_base(&project.config),
                citation::build_day(),
            ),
        }
    }
}

#[derive(Serialize)]
struct Crumb {
    title: String,
    url: Option<String>,
}

#[derive(Serialize)]
struct PageView<'a> {
    title: &'a str,
    description: Option<&'a str>,
    url: &'a str,
    content: String,
    toc: Vec<&'a markdown::Heading>,
    has_h1: bool,
    breadcrumbs: Vec<Crumb>,
    /// The page has a scenario whose rule points a reader may flip: it loads the script.
    flip: bool,
    /// The page has an outcome table: it loads the table's script (print, the open cell).
    outcome: bool,
    prev: Option<Neighbour<'a>>,
    next: Option<Neighbour<'a>>,
}

/// One output file.
struct Output {
    path: String,
    bytes: Vec<u8>,
}

/// Where rendered files go as they are made: the new site's folder for `build`, the files that
/// changed for `serve`.
trait Sink: Sync {
    fn put(&self, path: &str, bytes: &[u8]) -> Result<(), output::OutputError>;

    /// Puts a file as `write` produces it, and gives its digest. By default the bytes are
    /// gathered first; the new site's folder takes them as they come, so that a large file
    /// (the search index) is never held whole.
    fn put_with(
        &self,
        path: &str,
        write: &mut dyn FnMut(&mut dyn std::io::Write) -> std::io::Result<()>,
    ) -> Result<u64, output::OutputError> {
        let mut bytes = Vec::new();
        write(&mut bytes).expect("writing into memory cannot fail");
        self.put(path, &bytes)?;
        Ok(digest(&bytes))
    }
}

impl Sink for output::Staging {
    fn put(&self, path: &str, bytes: &[u8]) -> Result<(), output::OutputError> {
        output::Staging::put(self, path, bytes)
    }

    fn put_with(
        &self,
        path: &str,
        write: &mut dyn FnMut(&mut dyn std::io::Write) -> std::io::Result<()>,
    ) -> Result<u64, output::OutputError> {
        let mut hasher = Digest::default();
        output::Staging::put_with(self, path, &mut |w| {
            write(&mut Digesting {
                inner: w,
                hasher: &mut hasher,
            })
        })?;
        Ok(hasher.finish())
    }
}

/// The hasher of [`digest`]: fed a file's bytes in any pieces, it gives the same digest.
type Digest = std::hash::DefaultHasher;

/// What identifies a file's bytes, to tell which files a rebuild changed.
fn digest(bytes: &[u8]) -> u64 {
    let mut hasher = Digest::default();
    hasher.write(bytes);
    hasher.finish()
}

/// A writer that digests what passes through it.
struct Digesting<'a> {
    inner: &'a mut dyn std::io::Write,
    hasher: &'a mut Digest,
}

impl std::io::Write for Digesting<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hasher.write(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// The prefix from a page at `url` back to the site root.
fn root_of(url: &str) -> String {
    "../".repeat(url.matches('/').count())
}

/// Sections with more pages than this show only their index in the navigation.
const NAV_LIMIT: usize = 40;

fn section_url(section: &Section, pages: &[&ContentPage]) -> Option<String> {
    let first = pages.first()?;
    let folder = first.rel.rsplit_once('/').map(|(f, _)| format!("{f}/"))?;
    (!matches!(section, Section::Start | Section::Reference)).then_some(folder)
}

/// Builds the site.
pub fn build(opts: &BuildOptions) -> Result<BuildReport, BuildError> {
    Ok(build_site(opts, false)?.report)
}

/// A site rendered and written, with what a later save needs to redo only part of it.
struct Built {
    project: Project,
    nav: Navigation,
    out: Rendered,
    report: BuildReport,
}

/// Builds the site into a new folder, file by file as it renders, and swaps it in. A `lasting`
/// site (a session's) keeps what a later save needs: the pages' texts.
fn build_site(opts: &BuildOptions, lasting: bool) -> Result<Built, BuildError> {
    let project = Project::load(opts)?;
    let staging = output::Staging::begin(opts)?;
    let built = render_site(project, &staging, lasting)?;
    let written = built.out.paths();
    staging.finish(&built.project.config.keep, &written)?;
    Ok(built)
}

/// Every stage after loading: evaluate, compare, lay out, render into `sink`, check the links,
/// add the indexes. Content pages go to `sink` as they render; only what later stages read of
/// them is kept (links, anchors, words, the hash of their bytes). Unless the site is `lasting`
/// (a session keeps it), the pages' texts go once the links are checked.
fn render_site(mut project: Project, sink: &dyn Sink, lasting: bool) -> Result<Built, BuildError> {
    // The pages' Markdown goes to the renderer; unless a session keeps the site, each text is
    // released as its page is rendered (a link error reads its page again).
    let texts: Vec<Arc<str>> = project
        .content
        .iter_mut()
        .map(|p| match lasting {
            true => p.page.text.clone(),
            false => std::mem::replace(&mut p.page.text, Arc::from("")),
        })
        .collect();
    let evals = evaluate_all(&project);
    let compared = compare_readings(&project, &evals);
    let nav = navigation(&project)?;
    let site = SiteView::of(&project, &nav.sections, &nav.games);
    let mut out = Rendered::default();
    render_content(&project, texts, (&evals, &compared), &site, sink, &mut out)?;
    render_generated(&project, &evals, &site, &nav, &mut out)?;
    check_links(&project, &out)?;
    add_indexes(&project, &mut out, sink, !lasting)?;
    add_flips(compared, &mut out);
    out.flush(sink)?;
    let pages_written = out
        .written
        .iter()
        .filter(|(path, _)| path.ends_with(".html"))
        .count();
    let failing = out
        .views
        .iter()
        .flat_map(|(v, _)| v.failing.iter().cloned())
        .collect();
    let report = BuildReport {
        pages: pages_written,
        scenarios: project.scenarios().count(),
        evaluations: project
            .scenarios()
            .map(|s| project.readings.of(s.game()).variants.len())
            .sum(),
        failing,
        misquoted: project
            .quotes
            .errors
            .iter()
            .chain(&project.quotes.claims)
            .cloned()
            .collect(),
        unverified: project.quotes.unverified.len(),
        unverified_by_text: project.quotes.unverified_by_text(&project.library),
        files: out.written.len(),
        notes: site_base(&project.config)
            .is_none()
            .then(|| SITEMAP_NOTE.to_string())
            .into_iter()
            .collect(),
    };
    Ok(Built {
        project,
        nav,
        out,
        report,
    })
}

/// Why a build without `base-url` has no sitemap.
const SITEMAP_NOTE: &str = "no sitemap.xml: a sitemap needs absolute addresses; set `base-url:` in mournival.yaml (or pass --base-url)";

/// The site's public address with a final `/`, if the project gives one.
fn site_base(config: &ProjectConfig) -> Option<String> {
    let base = config.base_url.0.as_str();
    match base {
        "" => None,
        b if b.ends_with('/') => Some(b.to_string()),
        b => Some(format!("{b}/")),
    }
}

/// Everything a build reads: the project file, the templates, every game's readings, the pages.
struct Project {
    /// The project folder (`--root`): where the cache lives.
    root: PathBuf,
    config: ProjectConfig,
    templates: Templates,
    readings: Readings,
    content: Vec<ContentPage>,
    glossary: Option<Glossary>,
    /// Every place the generator writes, which no page may take.
    reserved: Vec<pages::Reserved>,
    /// The texts the readings and pages quote, the quotations, and where they were found.
    library: Library,
    quotations: Vec<Quotation>,
    quotes: crate::sources::check::Report,
}

impl Project {
    fn annotations(&self) -> annotated::Annotations<'_> {
        annotated::Annotations {
            library: &self.library,
            quotations: &self.quotations,
            report: &self.quotes,
        }
    }

    /// Where a reading's quote on a point stands in the annotated texts; an inherited choice's
    /// quote is its own file's.
    fn in_text(&self, game: &dyn Game, v: &Variant, point: crate::rules::Point) -> InTheText {
        let owner = v.choice(point).inherited_from.as_deref().unwrap_or(&v.id);
        let notes = self.annotations();
        InTheText {
            links: notes.links(game.id(), owner, point.id()),
            unverified: notes.unverified(game.id(), owner, point.id()),
        }
    }

    fn load(opts: &BuildOptions) -> Result<Project, BuildError> {
        let mut config =
            crate::project::load_config(&opts.root).map_err(|d| BuildError::Invalid(vec![d]))?;
        if !opts.base_url.is_empty() {
            config.base_url = BaseUrl::try_from(opts.base_url.clone()).map_err(|m| {
                BuildError::Invalid(vec![Diagnostic::new(
                    Location::file_start(Path::new("--base-url"), ""),
                    m,
                )])
            })?;
        }
        let templates = Templates::load(&opts.root)?;
        let mut readings = load_variants(&opts.root).map_err(BuildError::Invalid)?;
        readings.apply(&opts.overrides).map_err(|m| {
            BuildError::Invalid(vec![Diagnostic::new(
                Location::file_start(Path::new("--set"), ""),
                m,
            )])
        })?;
        let texts = config.texts_folder(&opts.root, opts.texts.as_deref());
        let library = Library::load(&opts.root, texts.as_ref()).map_err(BuildError::Invalid)?;
        let mut content = pages::load(&opts.root, &opts.content).map_err(BuildError::Invalid)?;
        let reserved = reserved(&readings, &library);
        let collisions = pages::collisions(&content, &reserved);
        if !collisions.is_empty() {
            return Err(BuildError::Invalid(collisions));
        }
        content.sort_by(|a, b| a.order_key().cmp(&b.order_key()));
        let unknown = crate::check::unknown_variants(
            content.iter().flat_map(|p| &p.page.scenarios),
            &readings,
        );
        if !unknown.is_empty() {
            return Err(BuildError::Invalid(unknown));
        }
        let glossary = content
            .iter()
            .find(|p| p.rel == "glossary.md")
            .map(|p| Glossary::parse(&p.page.text, &p.url));
        let pages: Vec<_> = content
            .iter()
            .map(|p| (p.page.path.as_path(), &p.page.text))
            .collect();
        let (quotations, quotes) =
            crate::sources::audit(&library, &readings, &pages).map_err(BuildError::Invalid)?;
        Ok(Project {
            root: opts.root.clone(),
            config,
            templates,
            readings,
            content,
            glossary,
            reserved,
            library,
            quotations,
            quotes,
        })
    }

    fn scenarios(&self) -> impl Iterator<Item = &Arc<dyn Scenario>> {
        self.content.iter().flat_map(|p| &p.page.scenarios)
    }

    fn prefix(&self, game: &dyn Game) -> String {
        prefix(&self.readings, game)
    }

    /// The games that have readings: only they get generated pages.
    fn games(&self) -> impl Iterator<Item = (&'static dyn Game, &VariantSet)> {
        self.readings
            .sets
            .iter()
            .filter(|(_, set)| !set.variants.is_empty())
            .map(|(g, set)| (*g, set))
    }

    /// Whether the site has a page of what a game's readings change: the project asks for a
    /// simulation, and the game can run one over readings it has.
    fn simulates(&self, game: &dyn Game, set: &VariantSet) -> bool {
        self.config.simulate.is_some() && game.simulator().is_some() && !set.variants.is_empty()
    }

    fn by_rel(&self) -> HashMap<&str, &str> {
        self.content
            .iter()
            .map(|p| (p.rel.as_str(), p.url.as_str()))
            .collect()
    }
}

/// Where a game's generated pages live: the first game's at the root (the site's URLs predate
/// the other games), every other game's under its id.
fn prefix(readings: &Readings, game: &dyn Game) -> String {
    match readings.sets.first() {
        Some((first, _)) if first.id() == game.id() => String::new(),
        _ => format!("{}/", game.id()),
    }
}

/// Every place the generator writes, for every game and every bundled text.
fn reserved(readings: &Readings, library: &Library) -> Vec<pages::Reserved> {
    let prefixes: Vec<String> = readings
        .sets
        .iter()
        .map(|(g, _)| prefix(readings, *g))
        .collect();
    let games: Vec<pages::GamePages> = readings
        .sets
        .iter()
        .zip(&prefixes)
        .map(|((game, set), prefix)| pages::GamePages {
            prefix,
            variants: set.ids(),
            points: set.table.all().map(|p| p.id()).collect(),
            simulates: game.simulator().is_some(),
        })
        .collect();
    let texts: Vec<&str> = library
        .texts
        .iter()
        .filter(|t| t.file.is_some())
        .map(|t| t.id.as_str())
        .collect();
    pages::reserved(&games, &texts)
}

/// Every scenario of every page under every reading of its game: `[page][scenario][reading]`.
type Evaluations = Vec<Vec<Vec<Evaluation>>>;

fn evaluate_all(project: &Project) -> Evaluations {
    project
        .content
        .par_iter()
        .map(|p| {
            p.page
                .scenarios
                .par_iter()
                .map(|s| {
                    let variants = project.readings.of(s.game());
                    variants
                        .variants
                        .iter()
                        .map(|v| evaluate(s.as_ref(), v))
                        .collect()
                })
                .collect()
        })
        .collect()
}

/// What comparing a scenario's readings gives the page: why they differ, and the flip file.
struct Compared {
    why: Option<why::WhyView>,
    flip: Option<flip::FlipFile>,
}

/// `[page][scenario]`, as [`Evaluations`].
type Comparisons = Vec<Vec<Compared>>;

/// Compares every scenario's readings: how each difference divides among the rule points (see
/// [`why`]), and the results with the points it turns on flipped (see [`flip`]). The heaviest
/// stage, spread over the threads scenario by scenario (a page may hold many).
fn compare_readings(project: &Project, evals: &Evaluations) -> Comparisons {
    let all: Vec<(usize, &Arc<dyn Scenario>, &[Evaluation])> = project
        .content
        .iter()
        .zip(evals)
        .enumerate()
        .flat_map(|(i, (p, es))| {
            p.page
                .scenarios
                .iter()
                .zip(es)
                .map(move |(s, e)| (i, s, e.as_slice()))
        })
        .collect();
    let compared: Vec<(usize, Compared)> = all
        .par_iter()
        .map(|&(i, s, e)| {
            let game = s.game();
            let variants = project.readings.of(game);
            let prefix = project.prefix(game);
            let compared = Compared {
                why: why::view(s.as_ref(), variants, e, &prefix),
                flip: flip::precompute(s.as_ref(), variants, &prefix),
            };
            (i, compared)
        })
        .collect();
    let mut out: Comparisons = project.content.iter().map(|_| Vec::new()).collect();
    for (i, c) in compared {
        out[i].push(c);
    }
    out
}

/// The flip files, each beside the others under `flip/`.
fn add_flips(compared: Comparisons, out: &mut Rendered) {
    out.files.extend(
        compared
            .into_iter()
            .flatten()
            .filter_map(|c| c.flip)
            .map(|f| Output {
                path: f.path,
                bytes: f.json.into_bytes(),
            }),
    );
}

/// The navigation, and the section index pages that no content page provides.
struct Navigation {
    sections: Vec<NavSection>,
    games: Vec<GameNav>,
    section_indexes: Vec<(String, String, Vec<NavItem>)>,
}

fn navigation(project: &Project) -> Result<Navigation, BuildError> {
    let mut sections: Vec<(Section, Vec<&ContentPage>)> = Vec::new();
    for p in &project.content {
        match sections.iter_mut().find(|(s, _)| *s == p.section) {
            Some((_, list)) => list.push(p),
            None => sections.push((p.section.clone(), vec![p])),
        }
    }
    let mut nav: Vec<NavSection> = Vec::new();
    let mut section_indexes = Vec::new();
    let reference_extra = reference_extra(project);
    for (section, list) in &sections {
        let items = nav_items(list);
        let url = section_url(section, list);
        if let Some(u) = &url
            && !project.content.iter().any(|p| p.url == *u)
        {
            if let Some(r) = pages::reserved_at(&project.reserved, u) {
                return Err(BuildError::Invalid(vec![
                    Diagnostic::new(
                        Location::file_start(&list[0].page.path, ""),
                        format!(
                            "the folder `{u}` would have its index page at `{u}`, which is {}",
                            r.what
                        ),
                    )
                    .note(pages::RESERVED_NOTE),
                ]));
            }
            section_indexes.push((u.clone(), section.title(), items.clone()));
        }
        let mut items = if items.len() > NAV_LIMIT {
            Vec::new()
        } else {
            items
        };
        match section {
            Section::Reference => items.extend(reference_extra.iter().cloned()),
            Section::Start => items.push(NavItem::new("Play it tonight", paths::TONIGHT)),
            _ => {}
        }
        nav.push(NavSection {
            title: section.title(),
            url,
            pages: items,
            game: section_game(project, section),
        });
    }
    if !sections.iter().any(|(s, _)| *s == Section::Reference) {
        nav.push(NavSection {
            title: Section::Reference.title(),
            url: None,
            pages: reference_extra,
            game: None,
        });
    }
    // Each game's readings after its own pages; the games before the site's reference pages.
    for (game, _) in project.games() {
        let at = nav
            .iter()
            .rposition(|s| s.game == Some(game.id()))
            .map_or(nav.len(), |i| i + 1);
        nav.insert(at, readings_section(project, game));
    }
    nav.sort_by_key(|s| match (&s.game, s.title == Section::Start.title()) {
        (_, true) => 0,
        (Some(id), _) => {
            1 + project
                .games()
                .position(|(g, _)| g.id() == *id)
                .unwrap_or(0)
        }
        (None, _) => usize::MAX,
    });
    Ok(Navigation {
        sections: nav,
        section_indexes,
        games: project
            .games()
            .map(|(game, _)| game_nav(project, game))
            .collect(),
    })
}

/// The game whose pages a content section holds: the first game owns the root's `play/` and
/// `notebook/`, every other game the folder named as its prefix (`put/`).
fn section_game(project: &Project, section: &Section) -> Option<&'static str> {
    let folder = match section {
        Section::Play | Section::Notebook => String::new(),
        Section::Folder(name) => format!("{name}/"),
        _ => return None,
    };
    project
        .games()
        .find(|(g, _)| project.prefix(*g) == folder)
        .map(|(g, _)| g.id())
}

/// A game in the navigation: its name, where it starts, and the URL folders its pages live in,
/// so that the sidebar of a page shows that game's sections alone.
#[derive(Serialize, Clone)]
struct GameNav {
    id: &'static str,
    name: &'static str,
    url: String,
    /// Its matrix of rule points by reading, where its readings are compared.
    matrix: String,
    folders: Vec<String>,
}

fn game_nav(project: &Project, game: &'static dyn Game) -> GameNav {
    let prefix = project.prefix(game);
    let folders = if prefix.is_empty() {
        let mut f: Vec<String> = ["play/", "notebook/", "variants/", "rules/"]
            .into_iter()
            .map(String::from)
            .collect();
        f.push(paths::matrix(""));
        f.push(paths::simulation(""));
        f
    } else {
        vec![prefix.clone()]
    };
    let url = project
        .content
        .iter()
        .find(|p| !prefix.is_empty() && p.url == prefix)
        .or_else(|| rules_page(project, &prefix))
        .map_or_else(|| paths::matrix(&prefix), |p| p.url.clone());
    GameNav {
        id: game.id(),
        name: game.name(),
        url,
        matrix: paths::matrix(&prefix),
        folders,
    }
}

/// A section's pages in order, each first page of a stage of play carrying the stage's title.
fn nav_items(list: &[&ContentPage]) -> Vec<NavItem> {
    let mut stage = None;
    list.iter()
        .map(|p| {
            let opens = p.stage.filter(|s| stage != Some(*s));
            stage = p.stage;
            NavItem {
                stage: opens.map(pages::Stage::title),
                ..NavItem::new(p.title.clone(), p.url.clone())
            }
        })
        .collect()
}

/// The generated pages listed under Reference: the texts, the scenarios and search.
fn reference_extra(project: &Project) -> Vec<NavItem> {
    let mut extra = Vec::new();
    if project.library.texts.iter().any(|t| t.file.is_some()) {
        extra.push(NavItem::new("The texts, annotated", paths::SOURCES));
    }
    extra.push(NavItem::new("All scenarios", paths::SCENARIOS));
    extra.push(NavItem::new("Search", paths::SEARCH));
    extra
}

/// A game's readings, then its matrix and what its readings change.
fn readings_section(project: &Project, game: &'static dyn Game) -> NavSection {
    let set = project.readings.of(game);
    let prefix = project.prefix(game);
    let mut pages: Vec<NavItem> = set
        .variants
        .iter()
        .map(|v| NavItem::new(v.name(), paths::variant(&prefix, &v.id)))
        .collect();
    pages.push(NavItem::new(
        "Rule points by reading",
        paths::matrix(&prefix),
    ));
    if project.simulates(game, set) {
        pages.push(NavItem::new(
            "What the readings change",
            paths::simulation(&prefix),
        ));
    }
    NavSection {
        title: format!(
            "{}: {}",
            game.name(),
            Section::Readings.title().to_lowercase()
        ),
        url: None,
        pages,
        game: Some(game.id()),
    }
}

/// What the render stages produce: the files, and what the later stages read back.
#[derive(Default)]
struct Rendered {
    /// Files rendered but not yet put (the generated pages and indexes, few).
    files: Vec<Output>,
    /// Every file put, in order, with its digest.
    written: Vec<(String, u64)>,
    /// Each content page's Markdown as rendered (headings, links, text), in content order.
    markdown: Vec<markdown::Rendered>,
    /// Every scenario's view, with its page's title.
    views: Vec<(outcome::ScenarioView, String)>,
    generated_urls: Vec<String>,
    /// Anchors on generated pages, by URL.
    generated_anchors: Vec<(String, Vec<String>)>,
}

impl Rendered {
    /// Puts the files still held, and releases them.
    fn flush(&mut self, sink: &dyn Sink) -> Result<(), BuildError> {
        for file in std::mem::take(&mut self.files) {
            sink.put(&file.path, &file.bytes)?;
            self.written.push((file.path, digest(&file.bytes)));
        }
        Ok(())
    }

    /// Every file of the site, in the order written.
    fn paths(&self) -> Vec<&str> {
        self.written.iter().map(|(p, _)| p.as_str()).collect()
    }

    fn page(&mut self, url: String, html: String) {
        self.generated_urls.push(url.clone());
        self.files.push(Output {
            path: format!("{url}index.html"),
            bytes: html.into_bytes(),
        });
    }
}

/// Content pages, rendered in parallel, each put into `sink` at once and released. `texts` are
/// the pages' Markdown, in order: each goes as its page is rendered.
fn render_content(
    project: &Project,
    texts: Vec<Arc<str>>,
    (evals, compared): (&Evaluations, &Comparisons),
    site: &SiteView,
    sink: &dyn Sink,
    out: &mut Rendered,
) -> Result<(), BuildError> {
    let by_rel = project.by_rel();
    let rendered: Vec<Result<PageDone, BuildError>> = texts
        .into_par_iter()
        .enumerate()
        .zip(evals.par_iter())
        .zip(compared.par_iter())
        .map(|(((at, text), evals), compared)| {
            render_page(at, &text, (evals, compared), project, site, &by_rel)
                .map_err(BuildError::from)
                .and_then(|page| put_page(page, sink))
        })
        .collect();
    for (r, p) in rendered.into_iter().zip(&project.content) {
        let (file, md, views) = r?;
        out.written.push(file);
        out.views
            .extend(views.into_iter().map(|v| (v, p.title.clone())));
        out.markdown.push(md);
    }
    Ok(())
}

/// A section's index page: every page, under its stage of play's heading where it has one.
fn section_index_html(url: &str, items: &[NavItem]) -> String {
    let mut html = String::from("<ul class=\"section-index\">\n");
    for i in items {
        if let Some(stage) = i.stage {
            html.push_str(&format!(
                "</ul>\n<h2>{}</h2>\n<ul class=\"section-index\">\n",
                markdown::escape_attr(stage)
            ));
        }
        html.push_str(&format!(
            "<li><a href=\"{}{}\">{}</a></li>\n",
            root_of(url),
            markdown::escape_attr(&i.url),
            markdown::escape_attr(&i.title)
        ));
    }
    html.push_str("</ul>\n");
    html.replace("<ul class=\"section-index\">\n</ul>\n", "")
}

/// The pages the generator adds: per game its readings, rule points and matrix; then the index
/// of scenarios, search, section indexes and the 404 page.
fn render_generated(
    project: &Project,
    evals: &Evaluations,
    site: &SiteView,
    nav: &Navigation,
    out: &mut Rendered,
) -> Result<(), BuildError> {
    let templates = &project.templates;
    for (game, variants) in project.games() {
        let prefix = project.prefix(game);
        render_readings(project, game, variants, &prefix, site, out)?;
        render_rules(project, evals, game, variants, &prefix, site, out)?;
        render_simulation(project, game, variants, &prefix, site, out)?;
        let url = paths::matrix(&prefix);
        let title = game_title(&prefix, game, "Rule points by reading");
        let html = render_root(
            templates,
            site,
            &url,
            &title,
            "matrix.html",
            &[
                ("game_id", &game.id()),
                ("columns", &outcome::columns(variants, &prefix)),
                ("sections", &generated::matrix(variants, &prefix)),
            ],
        )?;
        out.page(url, html);
    }
    let index_rows: Vec<generated::ScenarioIndexRow> = out
        .views
        .iter()
        .map(|(v, t)| generated::index_row(v, t))
        .collect();
    let html = render_root(
        templates,
        site,
        paths::SCENARIOS,
        "All scenarios",
        "scenarios.html",
        &[("scenarios", &index_rows)],
    )?;
    out.page(paths::SCENARIOS.into(), html);
    let html = render_root(templates, site, paths::SEARCH, "Search", "search.html", &[])?;
    out.page(paths::SEARCH.into(), html);
    render_tonight(project, site, out)?;
    render_sources(project, site, out)?;
    for (url, title, items) in &nav.section_indexes {
        let mut page = root_page(
            url,
            title,
            vec![Crumb {
                title: title.clone(),
                url: None,
            }],
        );
        page.content = section_index_html(url, items);
        page.has_h1 = false;
        let html = templates.render(
            "page.html",
            &[("site", site), ("page", &page), ("root", &root_of(url))],
        )?;
        out.page(url.clone(), html);
    }
    // The 404 page is served from any depth: its links start from the site's address, else from
    // the server's root. Its URL is its file's, so that no link in the navigation is current.
    let page = root_page(paths::NOT_FOUND, "Not found", Vec::new());
    let root = site_base(&project.config).unwrap_or_else(|| "/".into());
    let html = templates.render(
        "404.html",
        &[("site", site), ("page", &page), ("root", &root)],
    )?;
    out.files.push(Output {
        path: paths::NOT_FOUND.into(),
        bytes: html.into_bytes(),
    });
    Ok(())
}

/// The annotated texts: a page per bundled text, and their index.
fn render_sources(
    project: &Project,
    site: &SiteView,
    out: &mut Rendered,
) -> Result<(), BuildError> {
    if !project.library.texts.iter().any(|t| t.file.is_some()) {
        return Ok(());
    }
    let by_path: HashMap<&Path, (String, String)> = project
        .content
        .iter()
        .map(|p| (p.page.path.as_path(), (p.url.clone(), p.title.clone())))
        .collect();
    let prefix = |game: &str| {
        let game = crate::games::by_id(game)?;
        Some(project.prefix(game))
    };
    let page = |path: &Path| by_path.get(path).cloned();
    let choice = |game: &str, variant: &str, point: &str| {
        let set = project.readings.of(crate::games::by_id(game)?);
        let v = set.get(variant)?;
        let p = set.table.find(point)?;
        let words = v.rules.choice_summary(p);
        Some((v.name(), words.to_string()))
    };
    let places = annotated::Places {
        prefix: &prefix,
        page: &page,
        choice: &choice,
    };
    let views = project.annotations().views(&places);
    let mut list = String::from(
        "<p>The texts this site bundles whole, each with every sentence that a reading or a page quotes marked, and in the margin the rule points, readings and pages that rest on it.</p>\n<ul class=\"section-index\">\n",
    );
    for (url, view) in &views {
        let title = format!("{}: {}", view.name, view.title);
        let page = root_page(
            url,
            &title,
            vec![
                Crumb {
                    title: "The texts".into(),
                    url: Some(paths::SOURCES.into()),
                },
                Crumb {
                    title: view.name.clone(),
                    url: None,
                },
            ],
        );
        let html = project.templates.render(
            "source.html",
            &[
                ("site", site),
                ("page", &page),
                ("root", &root_of(url)),
                ("s", view),
            ],
        )?;
        out.generated_anchors
            .push((url.clone(), view.anchors.clone()));
        out.page(url.clone(), html);
        list.push_str(&format!(
            "<li><a href=\"{}{}\">{}</a> <span class=\"col-sub\">{} of {} sentences quoted</span></li>\n",
            root_of(paths::SOURCES),
            markdown::escape_attr(url),
            markdown::escape_attr(&title),
            view.quoted,
            view.sentences
        ));
    }
    list.push_str("</ul>\n");
    let title = "The texts, annotated";
    let mut page = root_page(
        paths::SOURCES,
        title,
        vec![Crumb {
            title: title.into(),
            url: None,
        }],
    );
    page.content = list;
    page.has_h1 = false;
    let html = project.templates.render(
        "page.html",
        &[
            ("site", site),
            ("page", &page),
            ("root", &root_of(paths::SOURCES)),
        ],
    )?;
    out.page(paths::SOURCES.into(), html);
    Ok(())
}

/// The title of one of a game's generated pages: as it is for the first game, whose pages are
/// at the root, and after the game's name for the others ("Put: rule points by reading").
fn game_title(prefix: &str, game: &dyn Game, title: &str) -> String {
    if prefix.is_empty() {
        return title.to_string();
    }
    let mut chars = title.chars();
    let rest: String = chars.next().map_or_else(String::new, |first| {
        first.to_lowercase().chain(chars).collect()
    });
    format!("{}: {rest}", game.name())
}

/// A generated page at the root of a section of its own (scenarios, search, a game's matrix).
fn render_root(
    templates: &Templates,
    site: &SiteView,
    url: &str,
    title: &str,
    template: &str,
    values: &[(&str, &dyn templates::erased::Value)],
) -> Result<String, TemplateError> {
    let page = root_page(
        url,
        title,
        vec![Crumb {
            title: title.to_string(),
            url: None,
        }],
    );
    let root = root_of(url);
    let mut all: Vec<(&str, &dyn templates::erased::Value)> =
        vec![("site", site), ("page", &page), ("root", &root)];
    all.extend_from_slice(values);
    templates.render(template, &all)
}

/// The page of what a game's readings change, if the project asks for it.
fn render_simulation(
    project: &Project,
    game: &'static dyn Game,
    variants: &VariantSet,
    prefix: &str,
    site: &SiteView,
    out: &mut Rendered,
) -> Result<(), BuildError> {
    let Some(config) = project
        .config
        .simulate
        .as_ref()
        .filter(|_| project.simulates(game, variants))
    else {
        return Ok(());
    };
    let url = paths::simulation(prefix);
    let view =
        simulation::view(&project.root, game, variants, config, &url, prefix).map_err(|e| {
            BuildError::Invalid(vec![Diagnostic::new(
                Location::file_start(&project.root.join("mournival.yaml"), ""),
                format!("the simulation for {}: {e}", game.name()),
            )])
        })?;
    let title = game_title(prefix, game, "What the readings change");
    let html = render_root(
        &project.templates,
        site,
        &url,
        &title,
        "simulation.html",
        &[("sim", &view)],
    )?;
    out.page(url, html);
    Ok(())
}

/// A page per reading of a game.
fn render_readings(
    project: &Project,
    game: &'static dyn Game,
    variants: &VariantSet,
    prefix: &str,
    site: &SiteView,
    out: &mut Rendered,
) -> Result<(), BuildError> {
    for v in &variants.variants {
        let url = paths::variant(prefix, &v.id);
        let title = format!("{}: {}", v.author, v.title);
        let page = root_page(
            &url,
            &title,
            vec![
                Crumb {
                    title: Section::Readings.title(),
                    url: None,
                },
                Crumb {
                    title: v.author.clone(),
                    url: None,
                },
            ],
        );
        let mut view = generated::variant_view(game.name(), v, variants, prefix, &|v, p| {
            project.in_text(game, v, p)
        });
        let references = |ids: &[String]| -> Vec<(String, String)> {
            ids.iter()
                .map(|id| {
                    let words = project
                        .library
                        .get(id)
                        .map_or_else(|| id.clone(), |t| t.reference());
                    (words, id.clone())
                })
                .collect()
        };
        view.texts = references(&v.texts);
        view.known_through = references(&v.known_through);
        let html = project.templates.render(
            "variant.html",
            &[
                ("site", site),
                ("page", &page),
                ("root", &root_of(&url)),
                ("v", &view),
            ],
        )?;
        out.page(url, html);
        render_card(project, game, &view, site, out)?;
    }
    Ok(())
}

/// The first page of a game's rules ("How to play"), for its cards: the first content page in
/// its `play` folder, or its `play` page.
fn rules_page<'a>(project: &'a Project, prefix: &str) -> Option<&'a ContentPage> {
    let play = format!("{prefix}play/");
    project.content.iter().find(|p| p.url.starts_with(&play))
}

/// A reading's one-page summary card, for "Play it tonight".
fn render_card(
    project: &Project,
    game: &'static dyn Game,
    view: &generated::VariantView,
    site: &SiteView,
    out: &mut Rendered,
) -> Result<(), BuildError> {
    let url = paths::card(&view.prefix, &view.id);
    let rules = rules_page(project, &view.prefix).map(|p| NavItem::new(&p.title, &p.url));
    let title = format!("{} ({}): the card for tonight", view.author, view.date);
    let page = root_page(
        &url,
        &title,
        vec![
            Crumb {
                title: "Play it tonight".into(),
                url: Some(paths::TONIGHT.into()),
            },
            Crumb {
                title: view.author.clone(),
                url: None,
            },
        ],
    );
    let html = project.templates.render(
        "card.html",
        &[
            ("site", site),
            ("page", &page),
            ("root", &root_of(&url)),
            ("v", view),
            ("facts", &game.facts()),
            ("rules", &rules),
        ],
    )?;
    out.page(url, html);
    Ok(())
}

/// "Play it tonight": every game's readings, each with its card and a link that marks its
/// column in every table; and the readings' names for the script that marks them.
fn render_tonight(
    project: &Project,
    site: &SiteView,
    out: &mut Rendered,
) -> Result<(), BuildError> {
    let games = tonight::view(project.games().map(|(g, set)| (g, set, project.prefix(g))));
    let html = render_root(
        &project.templates,
        site,
        paths::TONIGHT,
        "Play it tonight",
        "tonight.html",
        &[("games", &games)],
    )?;
    out.page(paths::TONIGHT.into(), html);
    out.files.push(Output {
        path: paths::TONIGHT_NAMES.into(),
        bytes: tonight::names_json(&games).into_bytes(),
    });
    Ok(())
}

/// A page per rule point of a game, with the scenarios that tell its choices apart.
fn render_rules(
    project: &Project,
    evals: &Evaluations,
    game: &'static dyn Game,
    variants: &VariantSet,
    prefix: &str,
    site: &SiteView,
    out: &mut Rendered,
) -> Result<(), BuildError> {
    let by_rel = project.by_rel();
    let scenarios: Vec<(&dyn Scenario, String, &[Evaluation])> = project
        .content
        .iter()
        .zip(evals)
        .flat_map(|(p, es)| {
            p.page
                .scenarios
                .iter()
                .zip(es)
                .filter(|(s, _)| s.game().id() == game.id())
                .map(move |(s, e)| {
                    (
                        s.as_ref(),
                        format!("{}#{}", p.url, s.head().id),
                        e.as_slice(),
                    )
                })
        })
        .collect();
    let points: Vec<_> = variants.table.all().collect();
    let pages: Vec<Result<(String, String), TemplateError>> = points
        .par_iter()
        .map(|&point| {
            let url = paths::rule(prefix, point.id());
            let notebook = format!("{prefix}notebook/{}.md", point.id());
            let notebook_url = by_rel.get(notebook.as_str()).map(|u| u.to_string());
            let resolve = |_: &str| None;
            let no_scenario = |_| String::new();
            let doc = markdown::render(
                point.def().doc,
                &markdown::Context {
                    resolve: &resolve,
                    root: "",
                    languages: &[],
                    scenario: &no_scenario,
                    glossary: None,
                    taken_ids: &[],
                    unverified: &[],
                    inline: None,
                    block: None,
                },
            );
            let view = generated::rule_view(
                point,
                variants,
                prefix,
                doc.html,
                notebook_url,
                generated::telling_scenarios(point, &scenarios, variants),
                &|v, p| project.in_text(game, v, p),
            );
            let page = root_page(
                &url,
                point.def().question,
                vec![
                    Crumb {
                        title: "Rule points".into(),
                        url: Some(paths::matrix(prefix)),
                    },
                    Crumb {
                        title: point.def().question.to_string(),
                        url: None,
                    },
                ],
            );
            let html = project.templates.render(
                "rule.html",
                &[
                    ("site", site),
                    ("page", &page),
                    ("root", &root_of(&url)),
                    ("r", &view),
                ],
            )?;
            Ok((url, html))
        })
        .collect();
    for r in pages {
        let (url, html) = r?;
        out.generated_anchors.push((
            url.clone(),
            ["choices", "readings", "scenarios"]
                .map(String::from)
                .to_vec(),
        ));
        out.page(url, html);
    }
    Ok(())
}

/// Every internal link and anchor must resolve.
fn check_links(project: &Project, out: &Rendered) -> Result<(), BuildError> {
    let mut anchors: HashMap<String, HashSet<String>> = HashMap::new();
    for (p, md) in project.content.iter().zip(&out.markdown) {
        let set = anchors.entry(p.url.clone()).or_default();
        set.extend(md.headings.iter().map(|h| h.id.clone()));
        set.extend(p.page.scenarios.iter().flat_map(|s| {
            let id = &s.head().id;
            [id.clone(), format!("{id}-title")]
        }));
    }
    for url in &out.generated_urls {
        anchors.entry(url.clone()).or_default();
    }
    for (url, ids) in &out.generated_anchors {
        anchors
            .entry(url.clone())
            .or_default()
            .extend(ids.iter().cloned());
    }
    let mut link_errors = Vec::new();
    for (p, md) in project.content.iter().zip(&out.markdown) {
        let text = std::cell::OnceCell::new();
        let at = |range: &std::ops::Range<usize>| {
            // A build releases each page's text once rendered: an error reads it again.
            let text = text.get_or_init(|| match p.page.text.is_empty() {
                false => p.page.text.clone(),
                true => crate::input::read_text(&p.page.path).unwrap_or_else(|_| Arc::from("")),
            });
            Location::at(&p.page.path, text, range.start, range.len())
        };
        for b in &md.broken {
            link_errors.push(b.diagnostic(at(&b.range)));
        }
        for l in &md.links {
            let url = if l.url.is_empty() { &p.url } else { &l.url };
            match anchors.get(url.as_str()) {
                None => link_errors.push(Diagnostic::new(
                    at(&l.range),
                    format!("the link to `{url}` names no page"),
                )),
                Some(ids) => {
                    if let Some(f) = &l.fragment
                        && !ids.contains(f)
                    {
                        let mut known: Vec<&String> = ids.iter().collect();
                        known.sort();
                        let known: Vec<String> =
                            known.iter().take(12).map(|k| format!("#{k}")).collect();
                        let note = if known.is_empty() {
                            "that page has no anchors (no headings, no scenarios): link to the page itself, without `#`".to_string()
                        } else {
                            format!("its anchors include {}", known.join(", "))
                        };
                        link_errors.push(
                            Diagnostic::new(
                                at(&l.range),
                                format!("`#{f}` is not an anchor of `{url}`"),
                            )
                            .note(note),
                        );
                    }
                }
            }
        }
    }
    if link_errors.is_empty() {
        Ok(())
    } else {
        Err(BuildError::Invalid(link_errors))
    }
}

/// The search index (written straight into `sink`; with `release`, each page's text goes once
/// it is counted), the sitemap, the static files and the highlighting stylesheet.
fn add_indexes(
    project: &Project,
    out: &mut Rendered,
    sink: &dyn Sink,
    release: bool,
) -> Result<(), BuildError> {
    let index = sink.put_with(paths::SEARCH_INDEX, &mut |w| {
        write_search_index(project, out, release, w)
    })?;
    out.written.push((paths::SEARCH_INDEX.into(), index));
    if let Some(base_url) = site_base(&project.config) {
        let mut urls: Vec<String> = project
            .content
            .iter()
            .map(|p| p.url.clone())
            .chain(out.generated_urls.iter().cloned())
            .collect();
        urls.sort();
        let sitemap = project
            .templates
            .render("sitemap.xml", &[("urls", &urls), ("base_url", &base_url)])?;
        out.files.push(Output {
            path: paths::SITEMAP.into(),
            bytes: sitemap.into_bytes(),
        });
    }
    for (name, bytes) in &project.templates.statics {
        out.files.push(Output {
            path: format!("{}{name}", paths::STATIC),
            bytes: bytes.clone(),
        });
    }
    out.files.push(Output {
        path: paths::HIGHLIGHT_CSS.into(),
        bytes: highlight::stylesheet().into_bytes(),
    });
    if !project.library.texts.is_empty() {
        out.files.push(Output {
            path: citation::BIBTEX.into(),
            bytes: crate::sources::bib::bibtex(&project.library).into_bytes(),
        });
        out.files.push(Output {
            path: citation::CSL_JSON.into(),
            bytes: crate::sources::bib::csl_json(&project.library).into_bytes(),
        });
    }
    Ok(())
}

/// Content pages counted into the search index at once; with `release`, their texts go then.
const INDEXED_AT_ONCE: usize = 256;

/// The search index over content pages, readings and rule points of every game, written into
/// `w`. With `release` (a build that ends here), each page's text is released once counted.
fn write_search_index(
    project: &Project,
    out: &mut Rendered,
    release: bool,
    w: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    let mut index = search::Builder::default();
    let pages = project.content.chunks(INDEXED_AT_ONCE);
    for (chunk, mds) in pages.zip(out.markdown.chunks_mut(INDEXED_AT_ONCE)) {
        let entries: Vec<search::Entry> = chunk
            .iter()
            .zip(mds.iter())
            .map(|(p, md)| content_entry(project, p, md))
            .collect();
        index.add(&entries);
        if release {
            for md in mds {
                md.text = String::new();
            }
        }
    }
    let extra = other_entries(project);
    let entries: Vec<search::Entry> = extra
        .iter()
        .map(|(u, t, x, s, g)| search::Entry {
            url: u,
            title: t,
            section: s,
            game: g,
            text: x,
            anchors: Vec::new(),
        })
        .collect();
    index.add(&entries);
    index.write(w)
}

/// A content page as the search index sees it: its sections under its second- and third-level
/// headings.
fn content_entry<'a>(
    project: &Project,
    p: &'a ContentPage,
    md: &'a markdown::Rendered,
) -> search::Entry<'a> {
    let game = section_game(project, &p.section)
        .and_then(crate::games::by_id)
        .map_or("", |g| g.name());
    search::Entry {
        url: &p.url,
        title: &p.title,
        section: section_name(&p.section),
        game,
        text: &md.text,
        anchors: md
            .headings
            .iter()
            .filter(|h| matches!(h.level, 2 | 3))
            .map(|h| search::Anchor {
                id: &h.id,
                text: &h.text,
                at: h.text_at,
            })
            .collect(),
    }
}

/// A rule point's documentation in words for the search's snippets: each `id` of a point of the
/// game as its question, any other backquoted word without its quotes.
fn doc_in_words(table: crate::rules::PointTable, doc: &str) -> String {
    doc.split('`')
        .enumerate()
        .map(|(i, part)| match i % 2 {
            1 => table
                .all()
                .find(|p| p.id() == part)
                .map_or(part, |p| p.def().question),
            _ => part,
        })
        .collect()
}

/// (url, title, text, part of the site, game) of each reading, each rule point and each
/// annotated text: indexed whole.
fn other_entries(project: &Project) -> Vec<(String, String, String, &'static str, &'static str)> {
    let mut extra = Vec::new();
    for (game, set) in project.games() {
        let prefix = project.prefix(game);
        for v in &set.variants {
            let quotes: Vec<&str> = v.choices.iter().map(|c| c.quote.as_str()).collect();
            let notes: Vec<&str> = v.choices.iter().filter_map(|c| c.note.as_deref()).collect();
            let text = format!(
                "{} {} {} {}",
                v.citation,
                v.summary.clone().unwrap_or_default(),
                quotes.join(" "),
                notes.join(" ")
            );
            extra.push((
                paths::variant(&prefix, &v.id),
                format!("{}: {}", v.author, v.title),
                text,
                "The readings",
                game.name(),
            ));
        }
        for p in set.table.all() {
            let summaries: Vec<&str> = p.def().choices.iter().map(|c| c.summary).collect();
            extra.push((
                paths::rule(&prefix, p.id()),
                p.def().question.to_string(),
                format!(
                    "{} {}",
                    doc_in_words(set.table, p.def().doc),
                    summaries.join(" ")
                ),
                "Rule points",
                game.name(),
            ));
        }
    }
    for source in project.library.texts.iter().filter(|t| t.file.is_some()) {
        if let Some(text) = &source.text {
            extra.push((
                annotated::url(&source.id),
                format!("{}: {}", source.name(), source.title),
                text.body.clone(),
                "The texts",
                "",
            ));
        }
    }
    extra
}

fn section_name(s: &Section) -> &'static str {
    match s {
        Section::Start => "Start here",
        Section::Play => "How to play",
        Section::Notebook => "The notebook",
        Section::Readings => "The readings",
        Section::Reference => "Reference",
        Section::Contributing => "For contributors",
        Section::Folder(_) => "Rules and notebook",
    }
}

/// The page view of a generated page (its template writes its own heading).
fn root_page<'a>(url: &'a str, title: &'a str, breadcrumbs: Vec<Crumb>) -> PageView<'a> {
    PageView {
        title,
        description: None,
        url,
        content: String::new(),
        toc: Vec::new(),
        has_h1: true,
        breadcrumbs,
        flip: false,
        outcome: false,
        prev: None,
        next: None,
    }
}

/// The content page `step` places before (-1) or after (1) the page at `at`, in the
/// navigation's order.
fn neighbour(project: &Project, at: usize, step: isize) -> Option<Neighbour<'_>> {
    let q = project.content.get(at.checked_add_signed(step)?)?;
    Some(Neighbour {
        title: &q.title,
        url: &q.url,
    })
}

/// A content page rendered: its file, what the Markdown held, and its scenarios' views.
type RenderedPage = (Output, markdown::Rendered, Vec<outcome::ScenarioView>);

/// A content page put: its path and digest, what the Markdown held (but its HTML), and its
/// scenarios' views.
type PageDone = (
    (String, u64),
    markdown::Rendered,
    Vec<outcome::ScenarioView>,
);

/// Puts a page's file and releases its bytes.
fn put_page((file, md, views): RenderedPage, sink: &dyn Sink) -> Result<PageDone, BuildError> {
    sink.put(&file.path, &file.bytes)?;
    Ok(((file.path, digest(&file.bytes)), md, views))
}

/// Renders the content page at `at` in the project's (navigation) order, from its Markdown `text`.
fn render_page(
    at: usize,
    text: &str,
    (evals, compared): (&[Vec<Evaluation>], &[Compared]),
    project: &Project,
    site: &SiteView,
    by_rel: &HashMap<&str, &str>,
) -> Result<RenderedPage, TemplateError> {
    let p = &project.content[at];
    let glossary = project.glossary.as_ref().filter(|g| g.url != p.url);
    let templates = &project.templates;
    let root = root_of(&p.url);
    let views: Vec<outcome::ScenarioView> = p
        .page
        .scenarios
        .iter()
        .zip(evals)
        .zip(compared)
        .map(|((s, e), c)| {
            let game = s.game();
            let prefix = project.prefix(game);
            let mut view = outcome::scenario_view(
                s.as_ref(),
                e,
                outcome::Context {
                    variants: project.readings.of(game),
                    prefix: &prefix,
                    page_url: &p.url,
                    yaml_html: highlight::highlight_scenario(&s.head().yaml),
                },
            );
            view.why = c.why.clone();
            view.flip = c.flip.as_ref().map(|f| f.path.clone());
            view
        })
        .collect();
    let scenario_html: Vec<Result<String, TemplateError>> = views
        .iter()
        .map(|v| templates.render("scenario.html", &[("s", v), ("root", &root)]))
        .collect();
    let scenario_html: Vec<String> = scenario_html.into_iter().collect::<Result<_, _>>()?;
    let mut md = if p.page.is_markdown() {
        let resolve = |dest: &str| {
            if let Some(site_path) = dest.strip_prefix('/') {
                return Some(site_path.to_string());
            }
            let joined = pages::join(&p.rel, dest)?;
            by_rel.get(joined.as_str()).map(|u| u.to_string())
        };
        let scenario = |n: usize| scenario_html.get(n).cloned().unwrap_or_default();
        let bibliography = |lang: &str| {
            (lang == citation::BLOCK).then(|| citation::bibliography(&project.library, &root))
        };
        let languages: Vec<&str> = project.readings.sets.iter().map(|(g, _)| g.id()).collect();
        let taken: Vec<String> = p
            .page
            .scenarios
            .iter()
            .flat_map(|s| {
                let id = &s.head().id;
                [id.clone(), format!("{id}-title")]
            })
            .collect();
        let unverified = project.annotations().unverified_in_page(&p.page.path, text);
        markdown::render(
            text,
            &markdown::Context {
                resolve: &resolve,
                root: &root,
                languages: &languages,
                scenario: &scenario,
                glossary,
                taken_ids: &taken,
                unverified: &unverified,
                inline: Some(&|code: &str| citation::shortcode(code, &project.readings, &root)),
                block: Some(&bibliography),
            },
        )
    } else {
        markdown::Rendered {
            html: scenario_html.concat(),
            ..Default::default()
        }
    };
    let mut breadcrumbs = Vec::new();
    if !p.url.is_empty() {
        let title = p.section.title();
        let url = site
            .nav
            .iter()
            .find(|s| s.title == title)
            .and_then(|s| s.url.clone());
        breadcrumbs.push(Crumb { title, url });
        breadcrumbs.push(Crumb {
            title: p.title.clone(),
            url: None,
        });
    }
    let page = PageView {
        title: &p.title,
        description: p.description.as_deref(),
        url: &p.url,
        // The page holds the HTML; what is kept of the Markdown is what later stages read.
        content: std::mem::take(&mut md.html),
        toc: md.headings.iter().filter(|h| h.level == 2).collect(),
        has_h1: md.h1.is_some(),
        breadcrumbs,
        flip: views.iter().any(|v| v.flip.is_some()),
        outcome: !views.is_empty(),
        prev: neighbour(project, at, -1),
        next: neighbour(project, at, 1),
    };
    let html = templates.render(
        "page.html",
        &[("site", site), ("page", &page), ("root", &root)],
    )?;
    Ok((
        Output {
            path: format!("{}index.html", p.url),
            bytes: html.into_bytes(),
        },
        md,
        views,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    /// A file streamed in pieces (the search index) must digest as its whole bytes do, or a
    /// session would think an unchanged index changed, or a changed one unchanged.
    #[test]
    fn a_file_streamed_in_pieces_digests_as_its_bytes() {
        let bytes: Vec<u8> = (0..10_000u32).flat_map(|i| i.to_le_bytes()).collect();
        let mut hasher = Digest::default();
        let mut sunk = Vec::new();
        let mut w = Digesting {
            inner: &mut sunk,
            hasher: &mut hasher,
        };
        for piece in bytes.chunks(7) {
            w.write_all(piece).unwrap();
        }
        assert_eq!(sunk, bytes);
        assert_eq!(hasher.finish(), digest(&bytes));
        assert_ne!(digest(&bytes), digest(&bytes[1..]));
    }
}
