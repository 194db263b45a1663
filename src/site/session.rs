//! A build that lasts (`serve`): the project loaded, the pages rendered and the digest of every
//! file written are kept between saves, so that a save redoes only what it touches.
//!
//! A save that changes only the body of pages (not their title, description, weight, stage or
//! place) re-renders those pages alone, checks every link again, and rebuilds the search index;
//! where the pages hold scenarios, these are evaluated again, and the pages that list them (the
//! rule points' pages of their game, the index of scenarios) are rendered again; where they quote a text, every quotation is checked again, and the pages that show
//! where quotations stand (the readings, the rule points, the annotated texts) are rendered
//! again. Anything else (a title, a new or deleted page, a reading, a template, a text) renders
//! the whole site again in memory, highlighted blocks coming from memory. Either way only the
//! files whose bytes changed are written, each in one rename, into the live output folder; if
//! that folder is no longer the one the session built, the whole site is built and swapped in as
//! `build` does.

use super::evaluate::{Compared, evaluate_one};
use super::game_pages::{render_readings, render_rules};
use super::output::{self, OutputError};
use super::project::Project;
use super::sink::{Output, Rendered, Sink, digest};
use super::site_pages::{render_sources, scenario_index};
use super::view::SiteView;
use super::{BuildError, BuildOptions, BuildReport, Built, pages};
use crate::compare::Evaluation;
use crate::game::Scenario;
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The session: the last good site and what is on disk.
pub struct Session {
    opts: BuildOptions,
    /// The last site built whole and written, if any.
    built: Option<Built>,
    /// The digest of every file on disk, by path.
    disk: HashMap<String, u64>,
    /// Whether `built` is what is on disk (not after a failed save, which wrote nothing).
    current: bool,
    /// Which folder the session last wrote, and its marker: another build swaps in a folder of
    /// its own, or changes this one in place and writes its marker anew, and a deleted one is
    /// gone; either way what is on disk is no longer what `disk` says.
    folder: Option<FolderId>,
}

/// A folder's identity on its file system, and its marker's (if it has one).
type FolderId = ((u64, u64), Option<(u64, u64)>);

fn folder_id(path: &Path) -> Option<FolderId> {
    let meta = std::fs::symlink_metadata(path).ok()?;
    let marker = std::fs::symlink_metadata(path.join(output::MARKER)).ok();
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let id = |m: &std::fs::Metadata| (m.dev(), m.ino());
        Some((id(&meta), marker.as_ref().map(id)))
    }
    #[cfg(not(unix))]
    {
        // Without inodes, the marker's modification time tells that it was written anew.
        let written = (marker.and_then(|m| m.modified().ok()))
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map(|d| (d.as_secs(), u64::from(d.subsec_nanos())));
        meta.is_dir().then_some(((0, 0), written))
    }
}

/// Collects the files whose bytes differ from what is on disk.
pub(super) struct Changes<'a> {
    pub(super) disk: &'a HashMap<String, u64>,
    pub(super) changed: Mutex<Vec<(String, Vec<u8>)>>,
}

impl Changes<'_> {
    /// Keeps `bytes` for `path` if they are not what the disk holds; gives their digest.
    fn keep(&self, path: &str, bytes: std::borrow::Cow<[u8]>) -> u64 {
        let hash = digest(&bytes);
        if self.disk.get(path) != Some(&hash) {
            let mut changed = self.changed.lock().unwrap_or_else(|p| p.into_inner());
            changed.push((path.to_string(), bytes.into_owned()));
        }
        hash
    }
}

impl Sink for Changes<'_> {
    fn put(&self, path: &str, bytes: &[u8]) -> Result<(), OutputError> {
        self.keep(path, bytes.into());
        Ok(())
    }

    /// The file gathered once, and kept as it is (the search index is large).
    fn put_with(
        &self,
        path: &str,
        write: &mut dyn FnMut(&mut dyn std::io::Write) -> std::io::Result<()>,
    ) -> Result<u64, OutputError> {
        let mut bytes = Vec::new();
        write(&mut bytes).expect("writing into memory cannot fail");
        Ok(self.keep(path, bytes.into()))
    }
}

/// Gathers the files put, to write those that changed.
#[derive(Default)]
struct Gathered(Mutex<Vec<Output>>);

impl Sink for Gathered {
    fn put(&self, path: &str, bytes: &[u8]) -> Result<(), OutputError> {
        let mut files = self.0.lock().unwrap_or_else(|p| p.into_inner());
        files.push(Output {
            path: path.to_string(),
            bytes: bytes.to_vec(),
        });
        Ok(())
    }
}

impl Session {
    /// Builds the site as `build` does, and keeps it.
    pub fn start(opts: BuildOptions) -> (Session, Result<BuildReport, BuildError>) {
        super::highlight::remember_blocks();
        let mut session = Session {
            opts,
            built: None,
            disk: HashMap::new(),
            current: false,
            folder: None,
        };
        let result = session.build_whole();
        (session, result)
    }

    /// Brings the site up to date after `changed` files were saved (absolute paths). When the
    /// pages saved are on disk before the rest (the search index) is, `pages_written` is called
    /// then, so that the browser can show them at once; it is not called otherwise.
    pub fn update(
        &mut self,
        changed: &[PathBuf],
        pages_written: &mut dyn FnMut(),
    ) -> Result<BuildReport, BuildError> {
        // An editor's save may report the same file more than once.
        let mut changed = changed.to_vec();
        changed.sort();
        changed.dedup();
        if self.folder.is_none() || folder_id(&self.opts.out) != self.folder {
            return self.build_whole();
        }
        if let Some(result) = self.edit_bodies(&changed, pages_written) {
            return result;
        }
        if self.built.is_none() {
            return self.build_whole();
        }
        match self.render_whole() {
            Err(BuildError::Output(_)) => self.build_whole(),
            other => other,
        }
    }

    /// Builds the whole site into a new folder and swaps it in.
    fn build_whole(&mut self) -> Result<BuildReport, BuildError> {
        self.current = false;
        let built = super::build_site(&self.opts, true, None)?;
        self.keep(built)
    }

    /// Renders the whole site in memory and writes what changed into the live folder.
    fn render_whole(&mut self) -> Result<BuildReport, BuildError> {
        self.current = false;
        let project = Project::load(&self.opts)?;
        let changes = Changes {
            disk: &self.disk,
            changed: Mutex::default(),
        };
        let built = super::render_site(project, &changes, true, None)?;
        let changed = changes
            .changed
            .into_inner()
            .unwrap_or_else(|p| p.into_inner());
        output::update(&self.opts, &changed, &built.out.paths())?;
        self.keep(built)
    }

    fn keep(&mut self, built: Built) -> Result<BuildReport, BuildError> {
        self.folder = folder_id(&self.opts.out);
        self.disk = built.out.written.iter().cloned().collect();
        let report = built.report.clone();
        self.built = Some(built);
        self.current = true;
        Ok(report)
    }

    /// The quick way, when every file saved is a page whose body alone changed: `None` when it
    /// does not apply.
    fn edit_bodies(
        &mut self,
        changed: &[PathBuf],
        pages_written: &mut dyn FnMut(),
    ) -> Option<Result<BuildReport, BuildError>> {
        if !self.current || changed.is_empty() {
            return None;
        }
        let built = self.built.as_mut()?;
        let mut edits = Vec::new();
        for path in changed {
            let (i, page) = reread(&self.opts, &built.project, path)?;
            edits.push((i, page));
        }
        if !scenarios_stand(&built.project, &edits) {
            return None;
        }
        let result = rerender(&self.opts, built, edits, &self.disk, pages_written);
        match result {
            Err(_) => self.current = false,
            // The files written came with the marker written anew: the folder is still ours.
            Ok(_) => self.folder = folder_id(&self.opts.out),
        }
        Some(result.map(|written| {
            self.disk.extend(written);
            let now: HashSet<&str> = built.out.written.iter().map(|(p, _)| p.as_str()).collect();
            self.disk.retain(|p, _| now.contains(p.as_str()));
            built.report.clone()
        }))
    }
}

/// The saved page at `path` read again, with its place in the content, if only its body changed
/// and nothing but the page itself, the lists of its scenarios and of its quotations shows it:
/// not the glossary.
fn reread(
    opts: &BuildOptions,
    project: &Project,
    path: &Path,
) -> Option<(usize, pages::ContentPage)> {
    let i = project
        .content
        .iter()
        .position(|p| std::path::absolute(&p.page.path).is_ok_and(|a| a == path))?;
    let old = &project.content[i];
    let new = pages::load_one(&opts.content, &old.page.path).ok()?;
    let same = old.rel == new.rel
        && old.url == new.url
        && old.title == new.title
        && old.description == new.description
        && old.weight == new.weight
        && old.stage == new.stage
        && old.section == new.section
        && old.page.is_markdown() == new.page.is_markdown()
        && project.glossary.as_ref().is_none_or(|g| g.url != old.url);
    same.then_some((i, new))
}

/// Whether the scenarios of every page, the edited ones in place of the old, have ids of their
/// own and name known readings: a whole build says what is wrong otherwise.
fn scenarios_stand(project: &Project, edits: &[(usize, pages::ContentPage)]) -> bool {
    let all = || {
        project.content.iter().enumerate().flat_map(|(i, p)| {
            let now = edits
                .iter()
                .find(|(j, _)| *j == i)
                .map_or(p, |(_, new)| new);
            &now.page.scenarios
        })
    };
    crate::project::duplicate_ids(all()).is_empty()
        && crate::check::unknown_variants(all(), &project.readings).is_empty()
}

/// Renders the edited pages (their scenarios evaluated again), and the pages that list their
/// scenarios (and, where they quote or their own claims changed, those that show quotations),
/// checks every link, writes the pages, then rebuilds the search index and writes it:
/// the page a writer waits for does not wait for the index of every page. Returns the digests
/// written.
fn rerender(
    opts: &BuildOptions,
    built: &mut Built,
    edits: Vec<(usize, pages::ContentPage)>,
    disk: &HashMap<String, u64>,
    pages_written: &mut dyn FnMut(),
) -> Result<Vec<(String, u64)>, BuildError> {
    let mut games: Vec<&'static str> = Vec::new();
    let quoting = |p: &pages::ContentPage| {
        !crate::sources::quotations::of_page(&p.page.path, &p.page.text).is_empty()
    };
    let mut quoted = edits
        .iter()
        .any(|(i, new)| quoting(new) || quoting(&built.project.content[*i]));
    for (i, new) in &edits {
        let claims = crate::sources::page_claims(&new.page.path, &new.page.text);
        quoted |= claims != built.project.page_claims[*i];
        built.project.page_claims[*i] = claims;
    }
    let edited: Vec<PathBuf> = edits.iter().map(|(_, p)| p.page.path.clone()).collect();
    let olds: Vec<(usize, pages::ContentPage)> = edits
        .into_iter()
        .map(|(i, page)| (i, std::mem::replace(&mut built.project.content[i], page)))
        .collect();
    if quoted {
        reaudit(built, &edited)?;
        games.extend(built.project.games().map(|(g, _)| g.id()));
    }
    let mut pages = Vec::new();
    for (i, old) in olds {
        let scenarios = old.page.scenarios.iter();
        games.extend(
            scenarios
                .chain(&built.project.content[i].page.scenarios)
                .map(|s| s.game().id()),
        );
        pages.extend(rerender_page(built, i, old)?);
    }
    // The pages rendered below have the anchors they had: those of the readings' pages and of
    // the annotated texts rest on the texts alone, the rule points' pages' are fixed.
    super::links::check_links(&built.project, &built.out, None)?;
    let mut written = write_changed(opts, built, pages, disk)?;
    pages_written();
    let mut files = Vec::new();
    if quoted {
        files.extend(render_quoted(built)?);
    }
    games.sort_unstable();
    games.dedup();
    if !games.is_empty() {
        files.extend(relist(built, &games)?);
    }
    written.extend(write_changed(opts, built, files, disk)?);
    let index = Gathered::default();
    super::indexes::write_search_index(&built.project, &mut built.out, (false, true), &[], &index)?;
    let files = index.0.into_inner().unwrap_or_else(|p| p.into_inner());
    written.extend(write_changed(opts, built, files, disk)?);
    built.report = super::report(&built.project, &built.out);
    Ok(written)
}

/// The edited page at `i` rendered again, its scenarios evaluated again where they changed; its
/// views, evaluations and comparisons take the place of the `old` page's.
fn rerender_page(
    built: &mut Built,
    i: usize,
    old: pages::ContentPage,
) -> Result<Vec<Output>, BuildError> {
    let (evals, compared) = reevaluate(built, i, &old);
    let project = &built.project;
    let p = &project.content[i];
    let site = SiteView::of(project, &built.nav.sections, &built.nav.games);
    let (file, md, listed) = super::content::render_page(
        i,
        &p.page.text,
        (&evals, &compared),
        project,
        &site,
        &project.by_rel(),
    )?;
    built.out.markdown[i] = md;
    if let Some(counted) = built.out.counted.get_mut(i) {
        *counted = None;
    }
    let files = vec![file];
    if old.page.scenarios.is_empty() && p.page.scenarios.is_empty() {
        return Ok(files);
    }
    let at: usize = project.content[..i]
        .iter()
        .map(|q| q.page.scenarios.len())
        .sum();
    built
        .out
        .views
        .splice(at..at + old.page.scenarios.len(), listed);
    built.evals[i] = evals;
    built.compared[i] = compared;
    Ok(files)
}

/// The scenarios of the page at `i` under every reading, and their readings compared: a
/// scenario the save left alone (the same YAML, wherever it now stands) keeps what
/// the `old` page's gave; the others are evaluated again, in parallel.
fn reevaluate(
    built: &mut Built,
    i: usize,
    old: &pages::ContentPage,
) -> (Vec<Vec<Evaluation>>, Vec<Compared>) {
    let mut before: Vec<Option<(Vec<Evaluation>, Compared)>> = std::mem::take(&mut built.evals[i])
        .into_iter()
        .zip(std::mem::take(&mut built.compared[i]))
        .map(Some)
        .collect();
    let project = &built.project;
    // What a scenario plays is read from its YAML alone; where it stands (its head's
    // locations, which hold the whole page) is read again when the page is rendered.
    let same = |a: &dyn Scenario, b: &dyn Scenario| {
        let (x, y) = (a.head(), b.head());
        a.game().id() == b.game().id()
            && (&x.yaml, &x.id, &x.title, &x.notes, &x.seats)
                == (&y.yaml, &y.id, &y.title, &y.notes, &y.seats)
    };
    let kept: Vec<Option<(Vec<Evaluation>, Compared)>> = project.content[i]
        .page
        .scenarios
        .iter()
        .map(|s| {
            let j = old
                .page
                .scenarios
                .iter()
                .position(|o| same(o.as_ref(), s.as_ref()))?;
            before.get_mut(j)?.take()
        })
        .collect();
    project.content[i]
        .page
        .scenarios
        .par_iter()
        .zip(kept)
        .map(|(s, kept)| kept.unwrap_or_else(|| evaluate_one(project, s.as_ref())))
        .unzip()
}

/// The quotations checked again: those of the `edited` pages alone where
/// [`crate::sources::reaudit`] can, else every one (each page's own claims as kept).
fn reaudit(built: &mut Built, edited: &[PathBuf]) -> Result<(), BuildError> {
    let project = &mut built.project;
    let pages: Vec<_> = project
        .content
        .iter()
        .map(|p| (p.page.path.as_path(), &p.page.text))
        .collect();
    let before = (
        std::mem::take(&mut project.quotations),
        std::mem::take(&mut project.quotes),
    );
    let edited: Vec<&Path> = edited.iter().map(PathBuf::as_path).collect();
    let (library, readings, claims) = (&project.library, &project.readings, &project.page_claims);
    let (quotations, quotes) =
        match crate::sources::reaudit(library, readings, &pages, claims, before, &edited) {
            Some(done) => done,
            None => crate::sources::audit_with(library, readings, &pages, claims)
                .map_err(BuildError::Invalid)?,
        };
    project.quotations = quotations;
    project.quotes = quotes;
    Ok(())
}

/// The pages that show where the quotations stand, rendered again: the readings' pages and
/// cards, and the annotated texts (the rule points' pages are the caller's).
fn render_quoted(built: &mut Built) -> Result<Vec<Output>, BuildError> {
    let project = &built.project;
    let site = SiteView::of(project, &built.nav.sections, &built.nav.games);
    let mut out = Rendered::default();
    for (game, variants) in project.games() {
        let prefix = project.prefix(game);
        render_readings(project, game, variants, &prefix, &site, &mut out)?;
    }
    render_sources(project, &site, &mut out)?;
    for (url, ids) in out.generated_anchors {
        match built
            .out
            .generated_anchors
            .iter_mut()
            .find(|(u, _)| *u == url)
        {
            Some(entry) => entry.1 = ids,
            None => built.out.generated_anchors.push((url, ids)),
        }
    }
    Ok(out.files)
}

/// The pages that list scenarios, rendered again: the rule points' pages of `games` and the
/// index of scenarios.
fn relist(built: &Built, games: &[&str]) -> Result<Vec<Output>, BuildError> {
    let project = &built.project;
    let site = SiteView::of(project, &built.nav.sections, &built.nav.games);
    let mut out = Rendered::default();
    for (game, variants) in project.games().filter(|(g, _)| games.contains(&g.id())) {
        let prefix = project.prefix(game);
        render_rules(
            project,
            &built.compared,
            game,
            variants,
            &prefix,
            &site,
            &mut out,
        )?;
    }
    let html = scenario_index(project, &site, &built.out)?;
    out.page(pages::paths::SCENARIOS.into(), html);
    Ok(out.files)
}

/// Writes those of `files` whose bytes differ from the disk's, and notes their digests.
fn write_changed(
    opts: &BuildOptions,
    built: &mut Built,
    files: Vec<Output>,
    disk: &HashMap<String, u64>,
) -> Result<Vec<(String, u64)>, BuildError> {
    let changed: Vec<(String, Vec<u8>)> = files
        .into_iter()
        .filter(|f| disk.get(&f.path) != Some(&digest(&f.bytes)))
        .map(|f| (f.path, f.bytes))
        .collect();
    // Nothing to write, and no file the site holds no more.
    if changed.is_empty() && disk.len() == built.out.written.len() {
        return Ok(Vec::new());
    }
    let written: Vec<(String, u64)> = changed
        .iter()
        .map(|(p, b)| (p.clone(), digest(b)))
        .collect();
    let mut now = built.out.written.clone();
    for (path, hash) in &written {
        match now.iter_mut().find(|(p, _)| p == path) {
            Some(entry) => entry.1 = *hash,
            None => now.push((path.clone(), *hash)),
        }
    }
    let paths: Vec<&str> = now.iter().map(|(p, _)| p.as_str()).collect();
    output::update(opts, &changed, &paths)?;
    built.out.written = now;
    Ok(written)
}
