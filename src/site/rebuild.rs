//! `build` that remembers what it did (the default; `--no-cache` builds without): in the
//! project's cache, a [`Manifest`] of the last build's inputs and site, and each page's render
//! ([`PageCache`]).
//!
//! Three ways, the first that applies: every input's bytes and every file and folder of the
//! site as the last build left them: nothing is rendered or written. The site as the last build
//! left it (the same options, the same project file, no `--force`): the pages whose inputs are
//! unchanged are taken from the cache, the others rendered, and only the files whose bytes
//! changed are written into the site, each in one rename, as `serve` does. Anything else (no
//! manifest, a file of the site changed or removed by someone else, the folder replaced, a
//! killed build's folder beside it): the whole site is rendered and swapped in, as a build
//! without the cache does. The output is the same, byte for byte, every way.

use super::cache::{Cache, tool_identity};
use super::loaded::Loads;
use super::manifest::{Inputs, Manifest, Site};
use super::page_cache::PageCache;
use super::project::Project;
use super::session::Changes;
use super::{BuildError, BuildOptions, BuildReport, Built, build_site, output, render_site};
use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The project file, which says what the output keeps (`keep:`).
const CONFIG: &str = "mournival.yaml";

/// Builds the site, using and keeping the project's cache where it may.
pub fn build_cached(opts: &BuildOptions) -> Result<BuildReport, BuildError> {
    // An output refused leaves everything as it was, the cache too (none is made).
    if output::refused(opts) {
        return super::build(opts);
    }
    let cache = Cache::open(&opts.root);
    let name = Manifest::name(&opts.content, &opts.out);
    // What the last build loaded is read while the inputs are scanned: neither needs the other.
    // Not waited for when nothing changed (nothing is loaded then): the thread is let go.
    let loads = {
        let (cache, content) = (cache.clone(), opts.content.clone());
        std::thread::spawn(move || Loads::read(&cache, &content))
    };
    // The last manifest's stamps tell which inputs need not be read, whatever its key.
    let last = (cache.is_open())
        .then(|| Manifest::load(&cache, &name))
        .flatten();
    let inputs = cache.is_open().then(|| scan(opts, last.as_ref())).flatten();
    let Some(inputs) = inputs else {
        return super::build(opts);
    };
    let key = key(opts);
    let last =
        last.filter(|m| m.key == key && output::undisturbed(opts) && m.site.intact(&opts.out));
    if let Some(m) = &last
        && m.inputs == inputs.files
    {
        // Inputs read because their stamps were too close to the last scan to believe: stamped
        // anew, now that they are older, the next build believes them.
        if inputs.read > 0 && inputs.unchanged() {
            Manifest::new(key, inputs, m.site.clone(), m.report.clone()).save(&cache, &name);
        }
        return Ok(m.report.clone());
    }
    let config = |files: &[super::manifest::Input]| {
        let path = opts.root.join(CONFIG);
        files.iter().find(|i| i.path == path).cloned()
    };
    let disk = match &last {
        Some(m) if !opts.force && config(&m.inputs) == config(&inputs.files) => m.site.digests(),
        _ => HashMap::new(),
    };
    let mut pages = PageCache {
        cache: &cache,
        pack: super::page_cache::pack_name(&name),
        shared: shared(key, &inputs, opts),
        disk,
        loads: (loads.join())
            .unwrap_or_else(|p| std::panic::resume_unwind(p))
            .scanned(&inputs.files),
        site: &opts.out,
    };
    // The files written into the site as the manifest stamped it, when it was updated in place.
    let mut written_over = None;
    let built = match pages.disk.is_empty() {
        true => build_site(opts, false, Some(&pages)),
        false => match update(opts, &pages) {
            // The site was not as the manifest said: built whole.
            Err(BuildError::Output(_)) => {
                pages.disk.clear();
                build_site(opts, false, Some(&pages))
            }
            Ok((built, changed)) => {
                written_over = Some(changed);
                Ok(built)
            }
            Err(e) => Err(e),
        },
    };
    let built = built.inspect_err(|e| {
        // A failed write may have changed part of the site: the manifest no longer says what
        // is there. Errors in the input wrote nothing, and leave it standing.
        if matches!(e, BuildError::Output(_)) {
            cache.retain(&[&name], |_| false);
        }
    })?;
    let before = (last.as_ref().map(|m| &m.site)).zip(written_over.as_deref());
    // Two entries of their own, each written on a core.
    std::thread::scope(|s| {
        s.spawn(|| pages.loads.save(&cache, &opts.content, &built.project));
        remember(&cache, &name, key, (inputs, before), opts, &built);
    });
    let report = built.report.clone();
    super::free_beside(built);
    Ok(report)
}

/// Renders the site, pages unchanged taken from the cache, and writes into the live site only
/// the files whose bytes changed; with the paths of those.
fn update(opts: &BuildOptions, pages: &PageCache) -> Result<(Built, Vec<String>), BuildError> {
    let project = Project::load_known(opts, &pages.loads)?;
    let changes = Changes {
        disk: &pages.disk,
        changed: Mutex::default(),
    };
    let built = render_site(project, &changes, false, Some(pages))?;
    let changed = changes
        .changed
        .into_inner()
        .unwrap_or_else(|p| p.into_inner());
    output::update(opts, &changed, &built.out.paths())?;
    Ok((built, changed.into_iter().map(|(path, _)| path).collect()))
}

/// Keeps the manifest of the build just done: only if its report says nothing a later build
/// must say again (no failing expectation, no wrong quotation), and no input changed while it
/// was read. Otherwise the manifest goes, and with a changed input every entry of the pages and
/// of the search index (a key may not be what it rendered). A site updated in place (`before`:
/// as the last manifest stamped it, and the files written into it) is stamped anew only where
/// the build wrote.
fn remember(
    cache: &Cache,
    name: &str,
    key: u64,
    (inputs, before): (Inputs, Option<(&Site, &[String])>),
    opts: &BuildOptions,
    built: &Built,
) {
    let report = &built.report;
    let steady = inputs.unchanged();
    if !steady {
        PageCache::forget(cache);
    }
    let written = &built.out.written;
    let site = match before {
        Some((site, changed)) => site.restamp(&opts.out, written, changed),
        None => Site::stamp(&opts.out, written),
    };
    match site {
        Some(site) if steady && report.failing.is_empty() && report.misquoted.is_empty() => {
            Manifest::new(key, inputs, site, report.clone()).save(cache, name);
        }
        _ => cache.retain(&[name], |_| false),
    }
}

/// Every input of the build, read (but those whose stamps are as the `last` manifest says):
/// the project file, the templates, the readings, the texts (the project's and the texts
/// folder), the content. `None` if they cannot all be read (the build then runs without the
/// cache, and says what is wrong).
fn scan(opts: &BuildOptions, last: Option<&Manifest>) -> Option<Inputs> {
    let config = crate::project::load_config(&opts.root).ok()?;
    let texts = config.texts_folder(&opts.root, opts.texts.as_deref());
    let folders: Vec<PathBuf> = [
        opts.content.clone(),
        opts.root.join("templates"),
        opts.root.join("variants"),
        opts.root.join(crate::sources::DIR),
    ]
    .into_iter()
    .chain(texts.map(|t| t.path))
    .collect();
    Inputs::scan(&folders, &[opts.root.join(CONFIG)], last)
}

/// What every file the build makes depends on besides its inputs: the tool, the options, the
/// day (the pages say when they were built).
fn key(opts: &BuildOptions) -> u64 {
    let mut h = DefaultHasher::new();
    tool_identity(&mut h);
    super::citation::build_day().hash(&mut h);
    let paths = [&opts.root, &opts.content, &opts.out];
    paths
        .map(|p| std::path::absolute(p).unwrap_or_else(|_| p.clone()))
        .hash(&mut h);
    (&opts.texts, &opts.base_url, opts.force).hash(&mut h);
    format!("{:?}", opts.overrides).hash(&mut h);
    h.finish()
}

/// The digest of every input but the pages' texts, with the `key`.
fn shared(key: u64, inputs: &Inputs, opts: &BuildOptions) -> u64 {
    let mut h = DefaultHasher::new();
    key.hash(&mut h);
    let page = |p: &Path| {
        p.starts_with(&opts.content)
            && p.extension()
                .is_some_and(|x| x == "md" || x == "yaml" || x == "yml")
    };
    for input in inputs.files.iter().filter(|i| !page(&i.path)) {
        (&input.path, input.size, input.digest).hash(&mut h);
    }
    h.finish()
}
