//! The games Mournival knows, each in its own module behind the [`Game`] seam. A game never
//! imports another; adding one touches this list and nothing else outside its folder.

pub mod gleek;
pub mod glic;
pub mod put;

use crate::game::Game;

/// Every game, in the order the site lists them.
pub static GAMES: &[&dyn Game] = &[&gleek::Gleek, &put::Put, &glic::Glic];

/// The game whose scenario blocks are fenced with this language, or whose variants live in
/// `variants/<id>/`.
pub fn by_id(id: &str) -> Option<&'static dyn Game> {
    GAMES.iter().copied().find(|g| g.id() == id)
}
