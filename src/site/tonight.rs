//! "Play it tonight": for a table that just wants to play. A page lists every game's readings,
//! with the one the site suggests for a first evening; each reading has a complete card (the
//! game's shared facts, then its choice on every rule point in words, by stage of play) and a
//! link that marks its column in every outcome table of its game
//! (`?pick=<game>/<id>`, read by `static/tonight.js`, which keeps one pick per game until it
//! is cleared). The cards need no JavaScript; the marking does.

use super::pages::paths;
use crate::game::Game;
use crate::variant::{Evidence, VariantSet};
use serde::Serialize;
use std::collections::BTreeMap;

use paths::{TONIGHT as URL, card};

#[derive(Serialize)]
pub struct TonightGame {
    /// The game's id (`gleek`): picks are kept per game, since two games may share a reading id.
    pub id: &'static str,
    pub name: &'static str,
    pub readings: Vec<TonightReading>,
    /// The reading the site suggests for a first evening, and why.
    pub first: Option<FirstEvening>,
}

#[derive(Serialize)]
pub struct TonightReading {
    pub id: String,
    pub name: String,
    pub title: String,
    pub kind: &'static str,
    pub card: String,
    /// This page with the reading picked: `tonight/?pick=<game>/<id>`.
    pub pick: String,
    /// Its answers stated by its source, and assumed where the source is silent.
    pub stated: usize,
    pub assumed: usize,
}

/// The site's own advice for a first evening: the reading whose source leaves a table the
/// fewest gaps to take on trust.
#[derive(Serialize)]
pub struct FirstEvening {
    /// An index into [`TonightGame::readings`].
    pub at: usize,
    pub why: String,
}

/// The reading with the fewest assumed answers, then the most stated; the first listed on a tie.
fn first_evening(readings: &[TonightReading], points: usize) -> Option<FirstEvening> {
    let (at, r) = readings
        .iter()
        .enumerate()
        .min_by_key(|(i, r)| (r.assumed, std::cmp::Reverse(r.stated), *i))?;
    let rivals: Vec<&TonightReading> = readings
        .iter()
        .enumerate()
        .filter(|(i, o)| *i != at && o.assumed == r.assumed)
        .map(|(_, o)| o)
        .collect();
    let compared = match (readings.len(), rivals.is_empty()) {
        (1, _) => "",
        (_, true) => ", fewer than any other reading",
        _ if rivals.iter().all(|o| o.stated < r.stated) => {
            ", as few as any reading, and of those its source states the most"
        }
        _ => ", as few as any reading",
    };
    let assumed = match r.assumed {
        0 => "none of its answers is assumed".to_string(),
        1 => "only 1 of its answers is assumed where the source is silent".to_string(),
        n => format!("only {n} of its answers are assumed where the source is silent"),
    };
    Some(FirstEvening {
        at,
        why: format!(
            "its source states {} of the {points} rule points in so many words, and \
             {assumed}{compared}: the fewest gaps a table takes on trust",
            r.stated
        ),
    })
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
        .map(|(game, set, prefix)| {
            let readings: Vec<TonightReading> = set
                .variants
                .iter()
                .map(|v| {
                    let count = |e| v.choices.iter().filter(|c| c.evidence == e).count();
                    TonightReading {
                        id: v.id.clone(),
                        name: v.name(),
                        title: v.title.clone(),
                        kind: v.kind.label(),
                        card: card(&prefix, &v.id),
                        pick: format!("{URL}?pick={}/{}", game.id(), query_value(&v.id)),
                        stated: count(Evidence::Stated),
                        assumed: count(Evidence::Assumed),
                    }
                })
                .collect();
            TonightGame {
                id: game.id(),
                name: game.name(),
                first: first_evening(&readings, game.points().all().count()),
                readings,
            }
        })
        .collect()
}

/// `{game: {name, readings: {id: name}}}` for the script's note ("Gleek: Charles Cotton
/// (1674)"). Keyed by game: two games may share a reading id (Cotton wrote on both).
pub fn names_json(games: &[TonightGame]) -> String {
    let by_game: BTreeMap<&str, serde_json::Value> = games
        .iter()
        .map(|g| {
            let names: BTreeMap<&str, &str> = g
                .readings
                .iter()
                .map(|r| (r.id.as_str(), r.name.as_str()))
                .collect();
            (g.id, serde_json::json!({"name": g.name, "readings": names}))
        })
        .collect();
    serde_json::to_string(&by_game).unwrap_or_else(|_| "{}".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reading(id: &str, name: &str, stated: usize, assumed: usize) -> TonightReading {
        TonightReading {
            id: id.into(),
            name: name.into(),
            title: String::new(),
            kind: "primary source",
            card: card("", id),
            pick: String::new(),
            stated,
            assumed,
        }
    }

    #[test]
    fn names_are_keyed_by_game_so_a_shared_id_keeps_each_games_name() {
        let games = [
            TonightGame {
                id: "gleek",
                name: "Gleek",
                readings: vec![
                    reading("cotton-1674", "Charles Cotton (1674)", 1, 1),
                    reading("du-coeur", "Justin du Coeur (n.d.)", 1, 1),
                ],
                first: None,
            },
            TonightGame {
                id: "put",
                name: "Put",
                readings: vec![
                    reading("cotton-1674", "Cotton on Put (1674)", 1, 1),
                    reading("le-truc", "Sid Sackson <1969>", 1, 1),
                ],
                first: None,
            },
        ];
        let json: serde_json::Value = serde_json::from_str(&names_json(&games)).unwrap();
        assert_eq!(
            json["gleek"]["readings"]["cotton-1674"],
            "Charles Cotton (1674)"
        );
        assert_eq!(
            json["put"]["readings"]["cotton-1674"],
            "Cotton on Put (1674)"
        );
        assert_eq!(json["put"]["readings"]["le-truc"], "Sid Sackson <1969>");
        assert_eq!(json["put"]["name"], "Put");
        assert_eq!(card("put/", "le-truc"), "put/variants/le-truc/card/");
        assert_eq!(query_value("a b&c#é"), "a%20b%26c%23%C3%A9");
    }

    #[test]
    fn the_first_evening_is_the_reading_with_fewest_assumptions_then_most_stated() {
        let readings = [
            reading("a", "A", 20, 5),
            reading("b", "B", 10, 2),
            reading("c", "C", 12, 2),
            reading("d", "D", 12, 2),
        ];
        let first = first_evening(&readings, 29).unwrap();
        assert_eq!(
            first.at, 2,
            "fewest assumed, then most stated, then the first listed"
        );
        assert!(first.why.contains("states 12 of the 29"), "{}", first.why);
        assert!(
            first.why.contains("only 2 of its answers are assumed"),
            "{}",
            first.why
        );
        assert!(
            first
                .why
                .ends_with(", as few as any reading: the fewest gaps a table takes on trust"),
            "{}",
            first.why
        );
        let alone = first_evening(&readings[..2], 29).unwrap();
        assert!(
            alone.why.contains("fewer than any other reading"),
            "{}",
            alone.why
        );
        let most = first_evening(&readings[1..3], 29).unwrap();
        assert!(
            most.why.contains("of those its source states the most"),
            "{}",
            most.why
        );
        assert!(first_evening(&[], 29).is_none());
    }
}
