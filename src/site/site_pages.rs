//! The pages the generator adds for the whole site: the matrix per game, the scenario index,
//! search, play it tonight, the playgrounds, the annotated texts, section indexes and the 404
//! page.

use super::evaluate::Comparisons;
use super::game_pages::{render_readings, render_rules, render_simulation};
use super::navigation::{NavItem, Navigation};
use super::project::Project;
use super::sink::{Output, Rendered};
use super::templates::TemplateError;
use super::view::{Crumb, SiteView, game_title, render_root, root_of, root_page};
use super::{
    BuildError, annotated, generated, markdown, outcome, pages, settle, site_base, tonight,
};
use crate::game::Game;
use crate::variant::VariantSet;
use pages::paths;
use rayon::prelude::*;
use std::collections::HashMap;
use std::path::Path;

/// A section's index page: every page, under its stage of play's heading where it has one.
pub(super) fn section_index_html(url: &str, items: &[NavItem]) -> String {
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

/// The pages the generator adds but the index of scenarios, made apart from `out` so that they
/// are made while the content pages render (they read nothing of them): the games' pages, and
/// the site's that come after the index.
pub(super) struct Generated {
    games: Rendered,
    site: Rendered,
}

impl Generated {
    /// Adds the pages to `out` with the index of scenarios, which reads the content pages'
    /// views: per game its readings, rule points and matrix; then the index of scenarios,
    /// search, play it tonight, the playgrounds, the annotated texts, section indexes and the
    /// 404 page.
    pub(super) fn add_to(
        self,
        project: &Project,
        site: &SiteView,
        out: &mut Rendered,
    ) -> Result<(), BuildError> {
        out.append(self.games);
        let html = scenario_index(project, site, out)?;
        out.page(paths::SCENARIOS.into(), html);
        out.append(self.site);
        Ok(())
    }
}

/// The pages the generator adds but the index of scenarios ([`Generated::add_to`] adds it),
/// each game's on a thread of its own, beside the site's.
pub(super) fn render_generated(
    project: &Project,
    compared: &Comparisons,
    site: &SiteView,
    nav: &Navigation,
) -> Result<Generated, BuildError> {
    let games: Vec<_> = project.games().collect();
    let (games, site_pages) = rayon::join(
        || {
            (games.par_iter())
                .map(|&(game, variants)| {
                    let mut out = Rendered::default();
                    render_game(project, compared, (game, variants), site, &mut out)?;
                    Ok(out)
                })
                .collect::<Result<Vec<Rendered>, BuildError>>()
        },
        || render_site_pages(project, site, nav),
    );
    let mut all = Rendered::default();
    for game in games? {
        all.append(game);
    }
    Ok(Generated {
        games: all,
        site: site_pages?,
    })
}

/// A game's readings, rule points, simulation and matrix.
fn render_game(
    project: &Project,
    compared: &Comparisons,
    (game, variants): (&'static dyn Game, &VariantSet),
    site: &SiteView,
    out: &mut Rendered,
) -> Result<(), BuildError> {
    let prefix = project.prefix(game);
    render_readings(project, game, variants, &prefix, site, out)?;
    render_rules(project, compared, game, variants, &prefix, site, out)?;
    render_simulation(project, game, variants, &prefix, site, out)?;
    let url = paths::matrix(&prefix);
    let title = game_title(&prefix, game, "Rule points by reading");
    let html = render_root(
        &project.templates,
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
    Ok(())
}

/// The site's pages after the index of scenarios: search, play it tonight and the
/// playgrounds beside the annotated texts, the section indexes and the 404 page.
fn render_site_pages(
    project: &Project,
    site: &SiteView,
    nav: &Navigation,
) -> Result<Rendered, BuildError> {
    let (first, rest) = rayon::join(
        || -> Result<Rendered, BuildError> {
            let mut out = Rendered::default();
            let html = render_root(
                &project.templates,
                site,
                paths::SEARCH,
                "Search",
                "search.html",
                &[],
            )?;
            out.page(paths::SEARCH.into(), html);
            render_tonight(project, site, &mut out)?;
            super::playground::render(project, site, &mut out)?;
            Ok(out)
        },
        || -> Result<Rendered, BuildError> {
            let mut out = Rendered::default();
            render_sources(project, site, &mut out)?;
            render_indexes_and_404(project, site, nav, &mut out)?;
            Ok(out)
        },
    );
    let mut out = first?;
    out.append(rest?);
    Ok(out)
}

/// The sections' index pages and the 404 page.
fn render_indexes_and_404(
    project: &Project,
    site: &SiteView,
    nav: &Navigation,
    out: &mut Rendered,
) -> Result<(), BuildError> {
    let templates = &project.templates;
    for (url, title, items) in &nav.section_indexes {
        let mut page = root_page(url, title, vec![Crumb::here(title.clone())]);
        page.content = section_index_html(url, items);
        page.has_h1 = false;
        let html = templates.render(
            "page.html",
            &[
                ("site", &site.value),
                ("page", &page),
                ("root", &root_of(url)),
            ],
        )?;
        out.page(url.clone(), html);
    }
    // The 404 page is served from any depth: its links start from the site's address, else from
    // the server's root. Its URL is its file's, so that no link in the navigation is current.
    let page = root_page(paths::NOT_FOUND, "Not found", Vec::new());
    let root = site_base(&project.config).unwrap_or_else(|| "/".into());
    let html = templates.render(
        "404.html",
        &[("site", &site.value), ("page", &page), ("root", &root)],
    )?;
    out.files.push(Output {
        path: paths::NOT_FOUND.into(),
        bytes: html.into_bytes(),
    });
    Ok(())
}

/// The index of every scenario, from the views of the pages rendered.
pub(super) fn scenario_index(
    project: &Project,
    site: &SiteView,
    out: &Rendered,
) -> Result<String, TemplateError> {
    let index_rows: Vec<generated::ScenarioIndexRow> =
        out.views.iter().map(|listed| listed.row.clone()).collect();
    render_root(
        &project.templates,
        site,
        paths::SCENARIOS,
        "All scenarios",
        "scenarios.html",
        &[("scenarios", &index_rows)],
    )
}

/// The annotated texts: a page per bundled text, and their index.
pub(super) fn render_sources(
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
                Crumb::link("The texts", paths::SOURCES),
                Crumb::here(view.name.clone()),
            ],
        );
        let html = project.templates.render(
            "source.html",
            &[
                ("site", &site.value),
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
    let mut page = root_page(paths::SOURCES, title, vec![Crumb::here(title)]);
    page.content = list;
    page.has_h1 = false;
    let html = project.templates.render(
        "page.html",
        &[
            ("site", &site.value),
            ("page", &page),
            ("root", &root_of(paths::SOURCES)),
        ],
    )?;
    out.page(paths::SOURCES.into(), html);
    Ok(())
}

/// "Play it tonight": every game's readings, each with its card and a link that marks its
/// column in every table; and the readings' names for the script that marks them.
pub(super) fn render_tonight(
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
    for (game, form) in settle::games(&games) {
        let url = settle::url(game.id);
        let title = format!("Settle a deal of {}", game.name);
        let html = render_root(
            &project.templates,
            site,
            &url,
            &title,
            "settle.html",
            &[("game", game), ("form", &form)],
        )?;
        out.page(url, html);
    }
    Ok(())
}
