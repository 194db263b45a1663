//! "Play it tonight": for a table that just wants to play. A page lists every game's readings,
//! with the one the site suggests for a first evening; each reading has a complete card (the
//! game's shared facts, then its choice on every rule point in words, by stage of play) and a
//! link that marks its column in every outcome table of its game
//! (`?pick=<game>/<id>`, read by `static/tonight.js`, which keeps one pick per game until it
//! is cleared). The cards need no JavaScript; the marking does.

use super::pages::paths;
use crate::game::Game;
use crate::variant::{Evidence, Kind, VariantSet};
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
    /// The game's page "Settle a deal at the table", where the site has one.
    pub settle: Option<String>,
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
    /// What kind of witness it is, for the first evening's order.
    #[serde(skip)]
    pub period: Kind,
    /// The name of the reading it varies (`based-on`), if any.
    #[serde(skip)]
    pub variation: Option<String>,
}

/// The site's own advice for a first evening: the reading that gives a table the period's own
/// game with the fewest gaps to take on trust.
#[derive(Serialize)]
pub struct FirstEvening {
    /// An index into [`TonightGame::readings`].
    pub at: usize,
    pub why: String,
}

/// The order of the advice: the earliest kind of witness first (a period text before a later
/// report, a report before a modern reconstruction, whose answers are its author's own), then
/// the fewest assumed answers, then a reading of its own before a variation on another, then
/// the most stated; the first listed on a tie.
fn rank(i: usize, r: &TonightReading) -> impl Ord {
    (
        r.period,
        r.assumed,
        r.variation.is_some(),
        std::cmp::Reverse(r.stated),
        i,
    )
}

fn first_evening(readings: &[TonightReading], points: usize) -> Option<FirstEvening> {
    let (at, best) = readings
        .iter()
        .enumerate()
        .min_by_key(|&(i, r)| rank(i, r))?;
    let peers: Vec<&TonightReading> = readings
        .iter()
        .enumerate()
        .filter(|&(i, o)| i != at && o.period == best.period)
        .map(|(_, o)| o)
        .collect();
    let gaps = format!(
        "it states {} of the {points} rule points in so many words and assumes {} where it is silent",
        best.stated, best.assumed
    );
    let mut why = vec![if peers.is_empty() {
        format!("{}; {gaps}.", witness(best.period))
    } else {
        let others: Vec<String> = peers
            .iter()
            .map(|o| format!("{} {}", o.name, o.assumed))
            .collect();
        let verb = if others.len() == 1 {
            "the other assumes"
        } else {
            "the others assume"
        };
        format!(
            "{}, and of the {} it leaves the fewest gaps: {gaps} ({verb}: {}).",
            witness(best.period),
            peers.len() + 1,
            others.join(", ")
        )
    }];
    why.extend(peers.iter().filter_map(|o| tie(best, o)));
    // The later readings that would come first if the kind of witness did not count.
    let later: Vec<String> = readings
        .iter()
        .filter(|o| {
            o.period > best.period
                && (o.assumed, std::cmp::Reverse(o.stated))
                    <= (best.assumed, std::cmp::Reverse(best.stated))
        })
        .map(|o| format!("{}: {} assumed, {} stated", o.name, o.assumed, o.stated))
        .collect();
    if !later.is_empty() {
        why.push(format!(
            "Later readings leave as few gaps or fewer ({}), but their answers are a later \
             author's, not the period's.",
            later.join("; ")
        ));
    }
    Some(FirstEvening {
        at,
        why: why.join(" "),
    })
}

/// Why the advice looks to the kind of witness it picked, as the start of a sentence.
fn witness(period: Kind) -> &'static str {
    match period {
        Kind::PrimarySource => "It is a period text, a primary source",
        Kind::SecondaryReport => {
            "The site holds no period text of the game, so it looks to the later reports"
        }
        Kind::ModernReconstruction => {
            "The site holds no period text of the game and no later report, only modern \
             reconstructions"
        }
    }
}

/// Why the advice passed over a reading of the same kind with as few assumed answers.
fn tie(best: &TonightReading, other: &TonightReading) -> Option<String> {
    if other.assumed != best.assumed {
        return None;
    }
    Some(match (&other.variation, best.variation.is_none()) {
        (Some(base), true) => format!(
            "As many are assumed by {}, a variation on {base}: the plain game comes first.",
            other.name
        ),
        _ if other.stated < best.stated => format!(
            "As many are assumed by {}, which states only {}.",
            other.name, other.stated
        ),
        _ => format!("As many are assumed by {}, listed after it.", other.name),
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
                        period: v.kind,
                        variation: v.based_on.as_ref().map(|b| set.name_of(b)),
                    }
                })
                .collect();
            TonightGame {
                id: game.id(),
                name: game.name(),
                first: first_evening(&readings, game.points().all().count()),
                settle: super::settle::page(game.id()),
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
            period: Kind::PrimarySource,
            variation: None,
        }
    }

    fn of_kind(mut r: TonightReading, period: Kind) -> TonightReading {
        r.kind = period.label();
        r.period = period;
        r
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
                settle: None,
            },
            TonightGame {
                id: "put",
                name: "Put",
                readings: vec![
                    reading("cotton-1674", "Cotton on Put (1674)", 1, 1),
                    reading("le-truc", "Sid Sackson <1969>", 1, 1),
                ],
                first: None,
                settle: None,
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
    fn the_first_evening_is_the_period_text_with_fewest_assumptions_then_most_stated() {
        let readings = [
            reading("a", "A", 20, 5),
            reading("b", "B", 10, 2),
            reading("c", "C", 12, 2),
            reading("d", "D", 12, 2),
            of_kind(reading("e", "E", 25, 0), Kind::ModernReconstruction),
            of_kind(reading("f", "F", 11, 2), Kind::SecondaryReport),
            of_kind(reading("g", "G", 30, 3), Kind::SecondaryReport),
        ];
        let first = first_evening(&readings, 29).unwrap();
        assert_eq!(
            first.at, 2,
            "a period text first, then fewest assumed, then most stated, then the first listed"
        );
        assert_eq!(
            first.why,
            "It is a period text, a primary source, and of the 4 it leaves the fewest gaps: it \
             states 12 of the 29 rule points in so many words and assumes 2 where it is silent (the \
             others assume: A 5, B 2, D 2). As many are assumed by B, which states only 10. As many \
             are assumed by D, listed after it. Later readings leave as few gaps or fewer (E: 0 \
             assumed, 25 stated), but their answers are a later author's, not the period's."
        );
    }

    #[test]
    fn without_a_period_text_the_plain_game_comes_before_a_variation_on_it() {
        let mut option = of_kind(reading("x", "X", 1, 7), Kind::ModernReconstruction);
        option.variation = Some("Y".into());
        let plain = of_kind(reading("y", "Y", 1, 7), Kind::ModernReconstruction);
        let first = first_evening(&[option, plain], 15).unwrap();
        assert_eq!(first.at, 1);
        assert!(
            first.why.starts_with(
                "The site holds no period text of the game and no later report, only modern \
                 reconstructions, and of the 2 it leaves the fewest gaps"
            ),
            "{}",
            first.why
        );
        assert!(
            first.why.ends_with(
                " (the other assumes: X 7). As many are assumed by X, a variation on Y: the plain \
                 game comes first."
            ),
            "{}",
            first.why
        );
        let alone = first_evening(&[reading("z", "Z", 3, 1)], 15).unwrap();
        assert_eq!(
            alone.why,
            "It is a period text, a primary source; it states 3 of the 15 rule points in so many \
             words and assumes 1 where it is silent."
        );
        assert!(first_evening(&[], 29).is_none());
    }
}
