//! "Settle a deal at the table": a page per game (`settle/<game>/`) where a table enters what
//! happened in a real deal, stage by stage. `static/settle.js` builds the scenario block from the
//! form (the reader's own format: the form is a front-end for it, not a second engine), plays it
//! with the engine in the browser under the chosen reading, and keeps the evening's running score
//! in the browser. The page carries only the readings and the site's advice for a first evening.

use super::tonight::TonightGame;

/// The games whose stages the form knows how to write as a scenario block.
const FORMS: &[&str] = &["gleek"];

/// The page of a game's settle form: `settle/gleek/`.
pub fn url(game: &str) -> String {
    format!("{}{game}/", super::pages::paths::SETTLE)
}

/// The page of a game's form, if the form knows the game.
pub fn page(game: &str) -> Option<String> {
    FORMS.contains(&game).then(|| url(game))
}

/// The games of the site that have a form, in the site's order.
pub fn games(all: &[TonightGame]) -> impl Iterator<Item = &TonightGame> {
    all.iter().filter(|g| FORMS.contains(&g.id))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_page_per_game_under_settle() {
        assert_eq!(super::url("gleek"), "settle/gleek/");
    }
}
