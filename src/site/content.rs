//! The content stage: each Markdown page rendered, its scenarios replaced by their outcome tables.

use super::evaluate::{Compared, Comparisons, Evaluations};
use super::navigation::neighbour;
use super::project::Project;
use super::sink::{Listed, Output, PageDone, Rendered, RenderedPage, Sink, put_page};
use super::view::{Crumb, PageView, SiteView, root_of};
use super::{BuildError, citation, highlight, markdown, outcome, pages, templates};
use crate::compare::Evaluation;
use rayon::prelude::*;
use std::collections::HashMap;
use std::sync::Arc;
use templates::TemplateError;

/// Content pages, rendered in parallel, each put into `sink` at once and released. `texts` are
/// the pages' Markdown, in order: each goes as its page is rendered. A page `reused` gives
/// (where it is `Some`) is taken as it is: its file is already where it goes. With `digested`,
/// each page's digest is taken (see [`put_page`]).
pub(super) fn render_content(
    project: &Project,
    texts: Vec<Arc<str>>,
    (evals, compared): (&Evaluations, &Comparisons),
    site: &SiteView,
    (sink, digested): (&dyn Sink, bool),
    out: &mut Rendered,
    mut reused: Vec<Option<PageDone>>,
) -> Result<(), BuildError> {
    let by_rel = project.by_rel();
    reused.resize_with(texts.len(), || None);
    let rendered: Vec<Result<PageDone, BuildError>> = texts
        .into_par_iter()
        .enumerate()
        .zip(evals.par_iter())
        .zip(compared.par_iter())
        .zip(reused.into_par_iter())
        .map(|((((at, text), evals), compared), reused)| {
            if let Some(done) = reused {
                return Ok(done);
            }
            render_page(at, &text, (evals, compared), project, site, &by_rel)
                .map_err(BuildError::from)
                .and_then(|page| put_page(page, sink, digested))
        })
        .collect();
    for r in rendered {
        let (file, md, listed) = r?;
        out.written.push(file);
        out.views.extend(listed);
        out.markdown.push(md);
    }
    Ok(())
}

/// Room enough in a page's buffer for the frame around its content (the head, the navigation, the
/// footer: 3 to 10 KB in the bundled site).
const FRAME: usize = 16 * 1024;

/// Renders the content page at `at` in the project's (navigation) order, from its Markdown `text`.
pub(super) fn render_page(
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
            view
        })
        .collect();
    let scenario_html: Vec<Result<String, TemplateError>> = views
        .iter()
        .map(|v| {
            let (body, panels) = (outcome::table_body(v), outcome::ledger_panels(v, &root));
            let accounts = outcome::accounts(v, &root);
            templates.render(
                "scenario.html",
                &[
                    ("s", v),
                    ("root", &root),
                    ("table_body", &body),
                    ("panels", &panels),
                    ("accounts", &accounts),
                ],
            )
        })
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
        // Each block is asked for once, in order: its HTML is handed over, not copied.
        let blocks = std::cell::RefCell::new(scenario_html);
        let scenario = |n: usize| {
            (blocks.borrow_mut().get_mut(n))
                .map(std::mem::take)
                .unwrap_or_default()
        };
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
        breadcrumbs.push(Crumb::here(p.title.clone()));
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
        outcome: !views.is_empty(),
        editor: !views.is_empty() && templates::ships_engine(),
        prev: neighbour(project, at, -1),
        next: neighbour(project, at, 1),
    };
    let bytes = templates.render_bytes(
        "page.html",
        &[("site", &site.value), ("page", &page), ("root", &root)],
        page.content.len() + FRAME,
    )?;
    Ok((
        Output {
            path: format!("{}index.html", p.url),
            bytes,
        },
        md,
        views.iter().map(|v| Listed::of(v, &p.title)).collect(),
    ))
}
