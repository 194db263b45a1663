//! The project a build reads: the project file, the templates, every game's readings, the pages.

use super::loaded::Loads;
use super::{BuildError, BuildOptions, annotated, glossary, pages, templates};
use crate::diagnostic::{Diagnostic, Location};
use crate::game::{Game, Scenario};
use crate::project::{BaseUrl, ProjectConfig, load_variants};
use crate::sources::Library;
use crate::sources::quotations::Quotation;
use crate::variant::{Readings, Variant, VariantSet};
use annotated::InTheText;
use glossary::Glossary;
use pages::ContentPage;
use rayon::prelude::*;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use templates::Templates;

/// Everything a build reads: the project file, the templates, every game's readings, the pages.
pub(super) struct Project {
    /// The project folder (`--root`): where the cache lives.
    pub(super) root: PathBuf,
    pub(super) config: ProjectConfig,
    pub(super) templates: Templates,
    pub(super) readings: Readings,
    pub(super) content: Vec<ContentPage>,
    pub(super) glossary: Option<Glossary>,
    /// Every place the generator writes, which no page may take.
    pub(super) reserved: Vec<pages::Reserved>,
    /// The texts the readings and pages quote, the quotations, and where they were found.
    pub(super) library: Library,
    pub(super) quotations: Vec<Quotation>,
    pub(super) quotes: crate::sources::check::Report,
    /// Each page's own claims ([`crate::sources::page_claims`]), as `content`: a session finds
    /// again only those of the pages saved.
    pub(super) page_claims: Vec<Vec<crate::diagnostic::Diagnostic>>,
}

impl Project {
    pub(super) fn annotations(&self) -> annotated::Annotations<'_> {
        annotated::Annotations {
            library: &self.library,
            quotations: &self.quotations,
            report: &self.quotes,
        }
    }

    /// Where a reading's quote on a point stands in the annotated texts; an inherited choice's
    /// quote is its own file's.
    pub(super) fn in_text(
        &self,
        game: &dyn Game,
        v: &Variant,
        point: crate::rules::Point,
    ) -> InTheText {
        let owner = v.choice(point).inherited_from.as_deref().unwrap_or(&v.id);
        let notes = self.annotations();
        InTheText {
            links: notes.links(game.id(), owner, point.id()),
            unverified: notes.unverified(game.id(), owner, point.id()),
        }
    }

    pub(super) fn load(opts: &BuildOptions) -> Result<Project, BuildError> {
        Project::load_known(opts, &Loads::default())
    }

    /// Loads the project; a page the last build loaded as it is now (`loads`) is not parsed
    /// or scanned again, nor read if the scan of the inputs found it as it was.
    pub(super) fn load_known(opts: &BuildOptions, loads: &Loads) -> Result<Project, BuildError> {
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
        let texts = config.texts_folder(&opts.root, opts.texts.as_deref());
        // The templates, the readings, the texts and the pages read each other's nothing: in
        // parallel.
        let (((templates, readings), library), content) = rayon::join(
            || {
                rayon::join(
                    || rayon::join(|| Templates::load(&opts.root), || load_variants(&opts.root)),
                    || Library::load(&opts.root, texts.as_ref()),
                )
            },
            || pages::load_known(&opts.root, &opts.content, loads),
        );
        let templates = templates?;
        let mut readings = readings.map_err(BuildError::Invalid)?;
        readings.apply(&opts.overrides).map_err(|m| {
            BuildError::Invalid(vec![Diagnostic::new(
                Location::file_start(Path::new("--set"), ""),
                m,
            )])
        })?;
        let library = library.map_err(BuildError::Invalid)?;
        let mut content = content.map_err(BuildError::Invalid)?;
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
        let (quotations, quotes, page_claims) = audit(&library, &readings, &content, loads)?;
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
            page_claims,
        })
    }

    pub(super) fn scenarios(&self) -> impl Iterator<Item = &Arc<dyn Scenario>> {
        self.content.iter().flat_map(|p| &p.page.scenarios)
    }

    pub(super) fn prefix(&self, game: &dyn Game) -> String {
        prefix(&self.readings, game)
    }

    /// The games that have readings: only they get generated pages.
    pub(super) fn games(&self) -> impl Iterator<Item = (&'static dyn Game, &VariantSet)> {
        self.readings
            .sets
            .iter()
            .filter(|(_, set)| !set.variants.is_empty())
            .map(|(g, set)| (*g, set))
    }

    /// Whether the site has a page of what a game's readings change: the project asks for a
    /// simulation, and the game can run one over readings it has.
    pub(super) fn simulates(&self, game: &dyn Game, set: &VariantSet) -> bool {
        self.config.simulate.is_some() && game.simulator().is_some() && !set.variants.is_empty()
    }

    pub(super) fn by_rel(&self) -> HashMap<&str, &str> {
        self.content
            .iter()
            .map(|p| (p.rel.as_str(), p.url.as_str()))
            .collect()
    }
}

/// Every quotation checked, with their report, and each page's own claims.
type Audited = (
    Vec<Quotation>,
    crate::sources::check::Report,
    Vec<Vec<Diagnostic>>,
);

/// Every quotation checked, and the claims of the readings and the pages
/// ([`crate::sources::audit_known`]), with each page's own claims. The pages' claims (the odds
/// figures they print) are found beside the rest of the audit, which begins with the readings'
/// quotations on one thread, and added after the others, where the audit puts them.
fn audit(
    library: &Library,
    readings: &Readings,
    content: &[ContentPage],
    loads: &Loads,
) -> Result<Audited, BuildError> {
    let pages: Vec<_> = content
        .iter()
        .map(|p| (p.page.path.as_path(), &p.page.text))
        .collect();
    let (page_claims, audited) = rayon::join(
        || -> Vec<_> {
            (pages.par_iter().zip(content.par_iter()))
                .map(|((p, t), page)| match loads.without_claims(page) {
                    true => Vec::new(),
                    false => crate::sources::page_claims(p, t),
                })
                .collect()
        },
        || {
            let known = content.par_iter().map(|p| loads.quotations(p)).collect();
            crate::sources::audit_known(library, readings, &pages, &[], known)
        },
    );
    let (quotations, mut quotes) = audited.map_err(BuildError::Invalid)?;
    quotes.claims.extend(page_claims.iter().flatten().cloned());
    Ok((quotations, quotes, page_claims))
}

/// Where a game's generated pages live: the first game's at the root (the site's URLs predate
/// the other games), every other game's under its id.
pub(super) fn prefix(readings: &Readings, game: &dyn Game) -> String {
    match readings.sets.first() {
        Some((first, _)) if first.id() == game.id() => String::new(),
        _ => format!("{}/", game.id()),
    }
}

/// Every place the generator writes, for every game and every bundled text.
pub(super) fn reserved(readings: &Readings, library: &Library) -> Vec<pages::Reserved> {
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
