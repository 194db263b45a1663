//! `build`: the reference site. Content pages, variants and templates in; a static site out.
//!
//! The pipeline, one module per stage: load the project (`project`: templates, every game's
//! readings, pages); evaluate every scenario under every reading of its game and compare the
//! readings (`evaluate`, in parallel); lay out the navigation (`navigation`); render the
//! pages (`content`: Markdown, with each scenario replaced by its outcome table) and, beside
//! them, the generated ones (`game_pages`, `site_pages`: readings, rule points and matrix per
//! game, scenarios, search, 404); check every internal link and anchor (`links`); add the search
//! index and sitemap (`indexes`). Files are written as they render (`sink`, [`output`]): into a
//! fresh folder swapped in at the end, or, into a site the tool built, only those whose bytes
//! changed, beside it, renamed in at the end; so a failed build leaves the site as it was.

pub mod annotated;
pub mod cache;
pub mod charts;
pub mod citation;
pub mod contrast;
pub mod generated;
pub mod glossary;
pub mod highlight;
pub mod markdown;
pub mod outcome;
pub mod output;
pub mod pages;
pub mod playground;
pub mod search;
pub mod session;
pub mod settle;
pub mod simulation;
pub mod templates;
pub mod tonight;
pub mod why;

mod content;
mod evaluate;
mod game_pages;
mod indexes;
mod links;
mod loaded;
mod manifest;
mod navigation;
mod page_cache;
mod project;
mod rebuild;
mod sink;
mod site_pages;
mod view;

use crate::diagnostic::Diagnostic;
use crate::project::ProjectConfig;
use crate::variant::Override;
use content::render_content;
use evaluate::{Compared, Comparisons, Evaluations, evaluate_all};
use indexes::add_indexes;
use links::check_links;
use navigation::{Navigation, navigation};
use page_cache::PageCache;
use project::Project;
pub use rebuild::build_cached;
use sink::{PageDone, Rendered, Sink};
use site_pages::render_generated;
use std::path::PathBuf;
use std::sync::Arc;
use templates::TemplateError;
use view::SiteView;

/// The build's hash maps keyed by the site's own text (spellings, words, highlighted lines),
/// looked up for every word or line of every page: a fast fixed hasher in place of SipHash's
/// protection against chosen keys. Nothing written depends on their order.
type Map<K, V> = std::collections::HashMap<K, V, foldhash::fast::FixedState>;

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
#[derive(Clone, Debug, Default, PartialEq, Eq)]
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

/// Builds the site.
pub fn build(opts: &BuildOptions) -> Result<BuildReport, BuildError> {
    let built = build_site(opts, false, None)?;
    let report = built.report.clone();
    free_beside(built);
    Ok(report)
}

/// Frees what a build kept of every page (evaluations, words counted, headings, links) on a
/// thread beside: a caller that ends now does not wait for it (without a thread, it is freed
/// here).
fn free_beside(built: Built) {
    let _ = std::thread::Builder::new().spawn(move || drop(built));
}

/// A site rendered and written, with what a later save needs to redo only part of it.
struct Built {
    project: Project,
    nav: Navigation,
    out: Rendered,
    /// Every scenario under every reading, kept so that a save reuses a scenario it left alone.
    evals: Evaluations,
    /// Every scenario's readings compared.
    compared: Comparisons,
    report: BuildReport,
}

/// Builds the site, file by file as it renders, and puts it in place ([`output::Staging`]). A
/// `lasting` site (a session's) keeps what a later save needs: the pages' texts. With `pages`,
/// the pages rendered are remembered.
fn build_site(
    opts: &BuildOptions,
    lasting: bool,
    pages: Option<&PageCache>,
) -> Result<Built, BuildError> {
    let project = match pages {
        Some(cache) => Project::load_known(opts, &cache.loads)?,
        None => Project::load(opts)?,
    };
    let staging = output::Staging::begin(opts)?;
    let built = render_site(project, &staging, lasting, pages)?;
    let written = built.out.paths();
    staging.finish(&built.project.config.keep, &written)?;
    Ok(built)
}

/// Every stage after loading: evaluate, compare, lay out, render into `sink`, check the links,
/// add the indexes. Content pages go to `sink` as they render; only what later stages read of
/// them is kept (links, anchors, words, the hash of their bytes). Unless the site is `lasting`
/// (a session keeps it), the pages' texts go once the links are checked. With `pages`, a page
/// the cache holds as it is on disk is not rendered (nor put), and those rendered are stored.
fn render_site(
    mut project: Project,
    sink: &dyn Sink,
    lasting: bool,
    pages: Option<&PageCache>,
) -> Result<Built, BuildError> {
    let nav = navigation(&project)?;
    let Known {
        names,
        parts,
        reused,
        counted,
        evals,
        compared,
        earlier,
    } = known(&project, &nav, pages);
    let from_cache: Vec<bool> = reused.iter().map(Option::is_some).collect();
    let texts = texts(&mut project.content, lasting, &from_cache)?;
    let site = SiteView::of(&project, &nav.sections, &nav.games);
    let mut out = Rendered {
        counted,
        ..Rendered::default()
    };
    let done = (&evals, &compared);
    // A session and the build's cache read the pages' digests; nothing else does.
    let digested = lasting || pages.is_some();
    // The generated pages but the index of scenarios read nothing of the content pages: they
    // are made while those render, the two cores sharing both.
    let (content, generated) = rayon::join(
        || {
            render_content(
                &project,
                texts,
                done,
                &site,
                (sink, digested),
                &mut out,
                reused,
            )
        },
        || render_generated(&project, &compared, &site, &nav),
    );
    content?;
    generated?.add_to(&project, &site, &mut out)?;
    // Where the pages taken from the cache name nothing whose anchors changed, only the pages
    // rendered have their links checked.
    let checked = (earlier.as_ref()).map(|e| e.to_check(&project, &names, &mut out));
    check_links(&project, &out, checked.as_deref())?;
    // The generated pages are put while the search index is made: both cores share the two.
    let generated = std::mem::take(&mut out.files);
    let (indexed, generated) = rayon::join(
        // A session keeps each page's words counted, and counts again only the pages it renders.
        || {
            add_indexes(
                &project,
                &mut out,
                sink,
                (!lasting, lasting || pages.is_some()),
                &parts,
            )
        },
        || sink::put_all(generated, sink),
    );
    indexed?;
    out.written.extend(generated?);
    if let Some(cache) = pages {
        cache.store(
            (&project, &compared),
            &names,
            earlier.as_ref(),
            &parts,
            &out,
        );
    }
    out.flush(sink)?;
    let report = report(&project, &out);
    Ok(Built {
        project,
        nav,
        out,
        evals,
        compared,
        report,
    })
}

/// The pages' Markdown, for the renderer: a page not read at load ([`pages::Known::unread`])
/// and not taken from the cache is read now. Unless a session keeps the site, each text is
/// released as its page is rendered (a link error reads its page again).
fn texts(
    content: &mut [pages::ContentPage],
    lasting: bool,
    from_cache: &[bool],
) -> Result<Vec<Arc<str>>, BuildError> {
    use rayon::prelude::*;
    (content.par_iter_mut().enumerate())
        .map(|(at, p)| {
            if p.unread && !from_cache.get(at).copied().unwrap_or(false) {
                p.page.text = crate::input::read_text(&p.page.path)
                    .map_err(|d| BuildError::Invalid(vec![d]))?;
                p.unread = false;
            }
            Ok(match lasting {
                true => p.page.text.clone(),
                false => std::mem::replace(&mut p.page.text, Arc::from("")),
            })
        })
        .collect()
}

/// What the build's cache gives (see [`PageCache`]) and what is evaluated besides.
struct Known {
    names: Vec<Option<String>>,
    parts: Vec<indexes::Part>,
    /// The pages taken from the cache, and their words where their part of the index is made
    /// again.
    reused: Vec<Option<PageDone>>,
    counted: Vec<Option<search::Counted>>,
    evals: Evaluations,
    compared: Comparisons,
    /// The pack the pages taken from the cache come from.
    earlier: Option<page_cache::Earlier>,
}

/// The pages the cache holds as they are, and the scenarios of the others evaluated: those of
/// a page taken from the cache are not, the rule points' pages reading what they tell from it.
fn known(project: &Project, nav: &Navigation, pages: Option<&PageCache>) -> Known {
    let names = pages.map(|c| c.names(project, nav)).unwrap_or_default();
    let parts = pages.map(|c| c.parts(&names)).unwrap_or_default();
    let (reused, earlier) = (pages.map(|c| c.reuse(project, &names, &parts))).unwrap_or_default();
    let kept: Vec<bool> = reused.iter().map(Option::is_some).collect();
    let (evals, mut compared) = evaluate_all(project, &kept);
    let mut counted = Vec::with_capacity(reused.len());
    let mut done = Vec::with_capacity(reused.len());
    for (r, compared) in reused.into_iter().zip(&mut compared) {
        let (page, words) = match r {
            Some(r) => {
                *compared = (r.telling.into_iter())
                    .map(|telling| Compared { why: None, telling })
                    .collect();
                (Some(r.done), r.counted)
            }
            None => (None, None),
        };
        done.push(page);
        counted.push(words);
    }
    Known {
        names,
        parts,
        reused: done,
        counted,
        evals,
        compared,
        earlier,
    }
}

/// What a build did, from what it rendered.
fn report(project: &Project, out: &Rendered) -> BuildReport {
    let pages_written = out
        .written
        .iter()
        .filter(|(path, _)| path.ends_with(".html"))
        .count();
    let failing = out
        .views
        .iter()
        .flat_map(|listed| listed.failing.iter().cloned())
        .collect();
    BuildReport {
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
    }
}

/// Why a build without `base-url` has no sitemap.
const SITEMAP_NOTE: &str = "no sitemap.xml: a sitemap needs absolute addresses; set `base-url:` in mournival.yaml (or pass --base-url)";

/// The site's public address with a final `/`, if the project gives one.
pub(super) fn site_base(config: &ProjectConfig) -> Option<String> {
    let base = config.base_url.0.as_str();
    match base {
        "" => None,
        b if b.ends_with('/') => Some(b.to_string()),
        b => Some(format!("{b}/")),
    }
}
