//! The navigation stage: the sidebar's sections, each game's place in it, the previous and next
//! links, and the section index pages no content page provides.

use super::game_pages::rules_page;
use super::project::Project;
use super::{BuildError, pages};
use crate::diagnostic::{Diagnostic, Location};
use crate::game::Game;
use pages::{ContentPage, Section, paths};
use serde::Serialize;

#[derive(Serialize, Clone)]
pub(super) struct NavItem {
    pub(super) title: String,
    pub(super) url: String,
    /// The stage of play this item opens, when its section lists its questions by stage.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) stage: Option<&'static str>,
}

impl NavItem {
    pub(super) fn new(title: impl Into<String>, url: impl Into<String>) -> NavItem {
        NavItem {
            title: title.into(),
            url: url.into(),
            stage: None,
        }
    }
}

/// A neighbouring page in the navigation's order, for the previous and next links.
#[derive(Serialize)]
pub(super) struct Neighbour<'a> {
    pub(super) title: &'a str,
    pub(super) url: &'a str,
}

#[derive(Serialize, Clone)]
pub(super) struct NavSection {
    pub(super) title: String,
    pub(super) url: Option<String>,
    pub(super) pages: Vec<NavItem>,
    /// The game whose pages these are: the sidebar shows one game's sections at a time.
    pub(super) game: Option<&'static str>,
}

/// Sections with more pages than this show only their index in the navigation.
pub(super) const NAV_LIMIT: usize = 40;

pub(super) fn section_url(section: &Section, pages: &[&ContentPage]) -> Option<String> {
    let first = pages.first()?;
    let folder = first.rel.rsplit_once('/').map(|(f, _)| format!("{f}/"))?;
    (!matches!(section, Section::Start | Section::Reference)).then_some(folder)
}

/// The navigation, and the section index pages that no content page provides.
pub(super) struct Navigation {
    pub(super) sections: Vec<NavSection>,
    pub(super) games: Vec<GameNav>,
    pub(super) section_indexes: Vec<(String, String, Vec<NavItem>)>,
}

pub(super) fn navigation(project: &Project) -> Result<Navigation, BuildError> {
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
pub(super) fn section_game(project: &Project, section: &Section) -> Option<&'static str> {
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
pub(super) struct GameNav {
    pub(super) id: &'static str,
    pub(super) name: &'static str,
    pub(super) url: String,
    /// Its matrix of rule points by reading, where its readings are compared.
    pub(super) matrix: String,
    pub(super) folders: Vec<String>,
}

pub(super) fn game_nav(project: &Project, game: &'static dyn Game) -> GameNav {
    let prefix = project.prefix(game);
    let mut folders = if prefix.is_empty() {
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
    folders.push(paths::playground(game.id()));
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
pub(super) fn nav_items(list: &[&ContentPage]) -> Vec<NavItem> {
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
pub(super) fn reference_extra(project: &Project) -> Vec<NavItem> {
    let mut extra = Vec::new();
    if project.library.texts.iter().any(|t| t.file.is_some()) {
        extra.push(NavItem::new("The texts, annotated", paths::SOURCES));
    }
    extra.push(NavItem::new("All scenarios", paths::SCENARIOS));
    extra.push(NavItem::new("Search", paths::SEARCH));
    extra
}

/// A game's readings, then its matrix, what its readings change, its settle form and its
/// playground.
pub(super) fn readings_section(project: &Project, game: &'static dyn Game) -> NavSection {
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
    if let Some(url) = super::settle::page(game.id()) {
        pages.push(NavItem::new("Settle a deal at the table", url));
    }
    if super::templates::ships_engine() {
        pages.push(NavItem::new(
            "Playground: a random deal",
            paths::playground(game.id()),
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

/// The content page `step` places before (-1) or after (1) the page at `at`, in the
/// navigation's order.
pub(super) fn neighbour(project: &Project, at: usize, step: isize) -> Option<Neighbour<'_>> {
    let q = project.content.get(at.checked_add_signed(step)?)?;
    Some(Neighbour {
        title: &q.title,
        url: &q.url,
    })
}
