//! What every template sees of the site and of a page, and the frame of a generated page.

use super::navigation::{GameNav, NavSection, Neighbour};
use super::project::Project;
use super::{citation, markdown, site_base, templates};
use crate::game::Game;
use serde::Serialize;
use templates::{TemplateError, Templates};

#[derive(Serialize)]
pub(super) struct SiteView<'a> {
    pub(super) title: &'a str,
    pub(super) nav: &'a [NavSection],
    /// How to cite a page: the site's author, the build's date, its address.
    pub(super) cite: citation::CiteView,
    pub(super) games: &'a [GameNav],
    /// All of the above as the templates see it, converted once for every page's frame: pass
    /// `("site", &site.value)` to a render.
    #[serde(skip)]
    pub(super) value: templates::erased::Converted,
}

impl<'a> SiteView<'a> {
    pub(super) fn of(
        project: &'a Project,
        nav: &'a [NavSection],
        games: &'a [GameNav],
    ) -> SiteView<'a> {
        let mut site = SiteView {
            title: &project.config.title,
            nav,
            games,
            cite: citation::CiteView::new(
                &project.config.author,
                site_base(&project.config),
                citation::build_day(),
            ),
            value: templates::erased::Converted::none(),
        };
        site.value = templates::erased::Converted::of(&site);
        site
    }
}

#[derive(Serialize)]
pub(super) struct Crumb {
    pub(super) title: String,
    pub(super) url: Option<String>,
}

impl Crumb {
    /// A step of the trail that links to its page.
    pub(super) fn link(title: impl Into<String>, url: impl Into<String>) -> Crumb {
        Crumb {
            title: title.into(),
            url: Some(url.into()),
        }
    }

    /// The page itself, last in the trail: named, not linked.
    pub(super) fn here(title: impl Into<String>) -> Crumb {
        Crumb {
            title: title.into(),
            url: None,
        }
    }
}

#[derive(Serialize)]
pub(super) struct PageView<'a> {
    pub(super) title: &'a str,
    pub(super) description: Option<&'a str>,
    pub(super) url: &'a str,
    pub(super) content: String,
    pub(super) toc: Vec<&'a markdown::Heading>,
    pub(super) has_h1: bool,
    pub(super) breadcrumbs: Vec<Crumb>,
    /// The page has an outcome table: it loads the table's script (print, the open cell).
    pub(super) outcome: bool,
    /// The page has a scenario and the site ships the engine in the browser (`static/engine.js`):
    /// it loads the editor ("Edit this deal") and the rule flips.
    pub(super) editor: bool,
    pub(super) prev: Option<Neighbour<'a>>,
    pub(super) next: Option<Neighbour<'a>>,
}

/// The prefix from a page at `url` back to the site root.
pub(super) fn root_of(url: &str) -> String {
    "../".repeat(url.matches('/').count())
}

/// The title of one of a game's generated pages: as it is for the first game, whose pages are
/// at the root, and after the game's name for the others ("Put: rule points by reading").
pub(super) fn game_title(prefix: &str, game: &dyn Game, title: &str) -> String {
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
pub(super) fn render_root(
    templates: &Templates,
    site: &SiteView,
    url: &str,
    title: &str,
    template: &str,
    values: &[(&str, &dyn templates::erased::Value)],
) -> Result<String, TemplateError> {
    let page = root_page(url, title, vec![Crumb::here(title.to_string())]);
    let root = root_of(url);
    let mut all: Vec<(&str, &dyn templates::erased::Value)> =
        vec![("site", &site.value), ("page", &page), ("root", &root)];
    all.extend_from_slice(values);
    templates.render(template, &all)
}

/// The page view of a generated page (its template writes its own heading).
pub(super) fn root_page<'a>(url: &'a str, title: &'a str, breadcrumbs: Vec<Crumb>) -> PageView<'a> {
    PageView {
        title,
        description: None,
        url,
        content: String::new(),
        toc: Vec::new(),
        has_h1: true,
        breadcrumbs,
        outcome: false,
        editor: false,
        prev: None,
        next: None,
    }
}
