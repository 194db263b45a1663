//! The playground: a page per game (`playground/<game>/`) where the engine in the browser deals a
//! random hand (the `deal` command's generator, seeded, the seed in the address) into the
//! scenario editor, and every reading plays it as the reader changes it
//! (`static/playground.js`). The page itself carries only the game and, for a browser without the
//! engine, the command line that does the same.

use super::pages::paths;
use super::project::Project;
use super::sink::Rendered;
use super::view::{SiteView, render_root};
use super::{BuildError, templates};
use serde::Serialize;

#[derive(Serialize)]
struct PlaygroundView {
    id: &'static str,
    name: &'static str,
}

/// Every game's playground, when the site ships the engine in the browser.
pub(super) fn render(
    project: &Project,
    site: &SiteView,
    out: &mut Rendered,
) -> Result<(), BuildError> {
    if !templates::ships_engine() {
        return Ok(());
    }
    for (game, _) in project.games() {
        let url = paths::playground(game.id());
        let view = PlaygroundView {
            id: game.id(),
            name: game.name(),
        };
        let title = format!("{} playground: a random deal", game.name());
        let html = render_root(
            &project.templates,
            site,
            &url,
            &title,
            "playground.html",
            &[("game", &view)],
        )?;
        out.page(url, html);
    }
    Ok(())
}
