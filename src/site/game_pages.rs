//! The pages the generator adds per game: its readings and their cards, its rule points, what its
//! readings change.

use super::evaluate::Comparisons;
use super::navigation::NavItem;
use super::project::Project;
use super::sink::Rendered;
use super::view::{Crumb, SiteView, game_title, render_root, root_of, root_page};
use super::{BuildError, generated, markdown, pages, simulation, templates};
use crate::diagnostic::{Diagnostic, Location};
use crate::game::{Game, Scenario};
use crate::variant::VariantSet;
use pages::{ContentPage, Section, paths};
use rayon::prelude::*;
use templates::TemplateError;

/// The page of what a game's readings change, if the project asks for it.
pub(super) fn render_simulation(
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
pub(super) fn render_readings(
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
                Crumb::here(Section::Readings.title()),
                Crumb::here(v.author.clone()),
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
                ("site", &site.value),
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
pub(super) fn rules_page<'a>(project: &'a Project, prefix: &str) -> Option<&'a ContentPage> {
    let play = format!("{prefix}play/");
    project.content.iter().find(|p| p.url.starts_with(&play))
}

/// A reading's one-page summary card, for "Play it tonight".
pub(super) fn render_card(
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
            Crumb::link("Play it tonight", paths::TONIGHT),
            Crumb::here(view.author.clone()),
        ],
    );
    let html = project.templates.render(
        "card.html",
        &[
            ("site", &site.value),
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

/// A page per rule point of a game, with the scenarios that tell its choices apart.
pub(super) fn render_rules(
    project: &Project,
    compared: &Comparisons,
    game: &'static dyn Game,
    variants: &VariantSet,
    prefix: &str,
    site: &SiteView,
    out: &mut Rendered,
) -> Result<(), BuildError> {
    let by_rel = project.by_rel();
    let scenarios: Vec<(&dyn Scenario, String, &[Option<String>])> = project
        .content
        .iter()
        .zip(compared)
        .flat_map(|(p, cs)| {
            p.page
                .scenarios
                .iter()
                .zip(cs)
                .filter(|(s, _)| s.game().id() == game.id())
                .map(move |(s, c)| {
                    (
                        s.as_ref(),
                        format!("{}#{}", p.url, s.head().id),
                        c.telling.as_slice(),
                    )
                })
        })
        .collect();
    let points: Vec<_> = variants.table.all().collect();
    let pages: Vec<Result<(String, String), TemplateError>> = points
        .par_iter()
        .enumerate()
        .map(|(k, &point)| {
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
                generated::telling_scenarios(
                    scenarios
                        .iter()
                        .map(|(s, url, t)| (*s, url.as_str(), t.get(k).and_then(Option::as_ref))),
                ),
                &|v, p| project.in_text(game, v, p),
            );
            let page = root_page(
                &url,
                point.def().question,
                vec![
                    Crumb::link("Rule points", paths::matrix(prefix)),
                    Crumb::here(point.def().question.to_string()),
                ],
            );
            let html = project.templates.render(
                "rule.html",
                &[
                    ("site", &site.value),
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
