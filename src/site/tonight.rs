//! "Play it tonight": for a table that just wants to play. A page lists every game's readings;
//! each has a one-page summary card (its choice on every rule point in words, by stage of play,
//! printable on one A4 page) and a link that marks its column in every outcome table of the site
//! (`?reading=<id>`, read by `static/tonight.js`, which also keeps the choice until it is cleared).
//! The cards need no JavaScript; the marking does.

use super::pages::paths;
use crate::game::Game;
use crate::variant::VariantSet;
use serde::Serialize;
use std::collections::BTreeMap;

use paths::{TONIGHT as URL, card};

#[derive(Serialize)]
pub struct TonightGame {
    pub name: &'static str,
    pub readings: Vec<TonightReading>,
}

#[derive(Serialize)]
pub struct TonightReading {
    pub id: String,
    pub name: String,
    pub title: String,
    pub kind: &'static str,
    pub card: String,
    /// This page with the reading picked: `tonight/?reading=<id>`.
    pub pick: String,
}

/// A reading's id as a query value: ids are file names, which may hold `&`, `#` or spaces.
fn query_value(id: &str) -> String {
    id.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// Every game's readings, with their cards.
pub fn view<'a>(
    games: impl Iterator<Item = (&'static dyn Game, &'a VariantSet, String)>,
) -> Vec<TonightGame> {
    games
        .map(|(game, set, prefix)| TonightGame {
            name: game.name(),
            readings: set
                .variants
                .iter()
                .map(|v| TonightReading {
                    id: v.id.clone(),
                    name: v.name(),
                    title: v.title.clone(),
                    kind: v.kind.label(),
                    card: card(&prefix, &v.id),
                    pick: format!("{URL}?reading={}", query_value(&v.id)),
                })
                .collect(),
        })
        .collect()
}

/// `{id: name}` for the script's note ("Highlighting: Charles Cotton (1674)"). Two games may
/// share an id (Cotton wrote on both); their names are then joined.
pub fn names_json(games: &[TonightGame]) -> String {
    let mut names: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for r in games.iter().flat_map(|g| &g.readings) {
        let list = names.entry(&r.id).or_default();
        if !list.contains(&r.name.as_str()) {
            list.push(&r.name);
        }
    }
    let joined: BTreeMap<&str, String> = names
        .into_iter()
        .map(|(id, list)| (id, list.join(" / ")))
        .collect();
    serde_json::to_string(&joined).unwrap_or_else(|_| "{}".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reading(id: &str, name: &str) -> TonightReading {
        TonightReading {
            id: id.into(),
            name: name.into(),
            title: String::new(),
            kind: "primary source",
            card: card("", id),
            pick: String::new(),
        }
    }

    #[test]
    fn names_are_keyed_by_id_and_a_shared_id_keeps_each_name_once() {
        let games = [
            TonightGame {
                name: "Gleek",
                readings: vec![
                    reading("cotton-1674", "Charles Cotton (1674)"),
                    reading("du-coeur", "Justin du Coeur (n.d.)"),
                ],
            },
            TonightGame {
                name: "Put",
                readings: vec![
                    reading("cotton-1674", "Charles Cotton (1674)"),
                    reading("le-truc", "Sid Sackson <1969>"),
                ],
            },
        ];
        let json: serde_json::Value = serde_json::from_str(&names_json(&games)).unwrap();
        assert_eq!(json["cotton-1674"], "Charles Cotton (1674)");
        assert_eq!(json["le-truc"], "Sid Sackson <1969>");
        assert_eq!(json.as_object().unwrap().len(), 3);
        assert_eq!(card("put/", "le-truc"), "put/variants/le-truc/card/");
        assert_eq!(query_value("a b&c#é"), "a%20b%26c%23%C3%A9");
    }
}
