//! "Settle a deal at the table": a page per game (`settle/<game>/`) where a table enters what
//! happened in a real deal, stage by stage. `static/settle.js` builds the scenario block from the
//! form (the reader's own format: the form is a front-end for it, not a second engine), plays it
//! with the engine in the browser under the chosen reading, and keeps the evening's running score
//! in the browser; `static/settle-<game>.js` knows the game's stages. The page carries only the
//! readings, the site's advice for a first evening and the seats the game allows.

use super::tonight::TonightGame;
use crate::game::{Game, Setup};
use serde::Serialize;

/// The names the form starts with, the site's usual table.
const NAMES: [&str; 6] = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"];
const ORDINALS: [&str; 6] = ["First", "Second", "Third", "Fourth", "Fifth", "Sixth"];

/// One seat of the form.
#[derive(Serialize)]
pub struct SeatField {
    pub index: usize,
    /// "Third seat".
    pub label: String,
    /// The name filled in at first; empty for a seat nobody sits in at first.
    pub name: &'static str,
    /// Whether the game needs the seat filled.
    pub required: bool,
}

/// What the template needs beyond the game's readings.
#[derive(Serialize)]
pub struct FormView {
    pub seats: Vec<SeatField>,
    /// The seat that deals at first: the last one filled in.
    pub dealer: usize,
    pub fewest: usize,
    pub most: usize,
    pub cards: usize,
}

/// The page of a game's settle form: `settle/gleek/`.
pub fn url(game: &str) -> String {
    format!("{}{game}/", super::pages::paths::SETTLE)
}

/// The table of a game the site has a form for: a registered game whose stages script
/// (`static/settle-<game>.js`) ships.
fn setup(game: &str) -> Option<Setup> {
    let g: &dyn Game = crate::games::by_id(game)?;
    super::templates::ships(&format!("settle-{game}.js")).then(|| g.setup())
}

/// The page of a game's form, if the site has one.
pub fn page(game: &str) -> Option<String> {
    setup(game).map(|_| url(game))
}

/// The seats of a game's form, if the site has one.
pub fn form(game: &str) -> Option<FormView> {
    setup(game).map(view)
}

/// The games of the site that have a form, in the site's order, with their forms' seats.
pub fn games(all: &[TonightGame]) -> impl Iterator<Item = (&TonightGame, FormView)> {
    all.iter().filter_map(|g| form(g.id).map(|f| (g, f)))
}

/// The game's seats, the usual table filled in with the site's names, the last of them dealing.
fn view(t: Setup) -> FormView {
    let seats = (0..t.most)
        .map(|i| SeatField {
            index: i,
            label: ORDINALS
                .get(i)
                .map_or_else(|| format!("Seat {}", i + 1), |o| format!("{o} seat")),
            name: NAMES.get(i).filter(|_| i < t.usual).copied().unwrap_or(""),
            required: i < t.least,
        })
        .collect();
    FormView {
        seats,
        dealer: t.usual - 1,
        fewest: t.least,
        most: t.most,
        cards: t.hand,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_page_per_game_under_settle() {
        assert_eq!(super::url("gleek"), "settle/gleek/");
        assert_eq!(super::page("put").as_deref(), Some("settle/put/"));
        assert_eq!(super::page("chess"), None);
    }

    #[test]
    fn each_form_offers_the_seats_its_game_allows() {
        let glic = super::form("glic").unwrap();
        assert_eq!(glic.seats.len(), 6);
        let names: Vec<&str> = glic.seats.iter().map(|s| s.name).collect();
        assert_eq!(names, ["Ann", "Ben", "Cat", "Dan", "", ""]);
        let required: Vec<bool> = glic.seats.iter().map(|s| s.required).collect();
        assert_eq!(required, [true, true, true, false, false, false]);
        assert_eq!((glic.dealer, glic.cards), (3, 4));
        let put = super::form("put").unwrap();
        assert_eq!((put.seats.len(), put.fewest, put.dealer), (4, 2, 1));
        assert_eq!(put.seats[3].label, "Fourth seat");
        let gleek = super::form("gleek").unwrap();
        assert_eq!((gleek.seats.len(), gleek.dealer, gleek.cards), (3, 2, 12));
    }
}
