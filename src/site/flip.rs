//! Flip a rule in the page: for each scenario, the engine's results under every reading with
//! any of the rule points the scenario turns on switched, precomputed at build time into a small
//! JSON file that the page's script (`static/flip.js`) loads when a reader asks for it.
//!
//! The points offered are those that change anyone's standing (or whether the scenario can be
//! played) when switched alone from some reading. Under each reading, every combination of their choices is played, up to
//! [`MAX_COMBINATIONS`]; past that, the combinations with at most as many points flipped at once
//! as fit (`most` in the file, which the page states). Each distinct column of row texts is
//! stored once, and each reading's combinations point to one.
//!
//! The file (`flip/<scenario-id>.json`):
//! `rows` (row labels, matched against the table's), `nets` (how many of them are the players',
//! whose names are `seats`),
//! `points` (id, question, page, and each choice's id, summary and the readings that choose it),
//! `texts` (every distinct cell text) and `columns` (each a text index per row; `reasons` gives
//! the words of a column that cannot be played), and per reading its `choices` of the points and
//! either `all` (a column per combination, the first point's choice the most significant digit)
//! or `some` (a column per combination with at most `most` points flipped, keyed by the flipped
//! points as `"point.choice"` joined by `,`, in point order; `""` for none).

use crate::compare::Plays;
use crate::game::{Outcome, Scenario};
use crate::rules::{Point, Rules};
use crate::variant::VariantSet;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};

/// The most combinations played under one reading, unless it takes more to flip any
/// [`MIN_FLIPS`] points at once. Gleek's bundled scenarios turn on up to nine points (up to
/// 1,728 combinations); at 64, about half of them get every combination and the rest two or
/// three points flipped at once, for about a fifth of the bundled build's time.
pub const MAX_COMBINATIONS: usize = 64;

/// A reader may always flip this many points at once: "Cotton, with Parlett's ruff and his
/// passed ruff" is two.
pub const MIN_FLIPS: usize = 2;

/// The text of a standing in a column that cannot be played, and of a game row there: the
/// outcome table's words.
const NOT_PLAYABLE: &str = "not playable";
const NOTHING: &str = "—";

/// A scenario's flip file: where it goes and what it holds.
pub struct FlipFile {
    /// From the site root: `flip/<scenario-id>.json`.
    pub path: String,
    pub json: String,
}

#[derive(Serialize)]
struct FlipData {
    scenario: String,
    rows: Vec<String>,
    /// The players' names, in the order of the first rows.
    seats: Vec<String>,
    nets: usize,
    points: Vec<PointData>,
    texts: Vec<String>,
    columns: Vec<Vec<u32>>,
    reasons: BTreeMap<u32, String>,
    readings: Vec<ReadingData>,
    #[serde(skip_serializing_if = "Option::is_none")]
    most: Option<usize>,
    combinations: usize,
}

#[derive(Serialize)]
struct PointData {
    id: &'static str,
    question: &'static str,
    url: String,
    choices: Vec<ChoiceData>,
}

#[derive(Serialize)]
struct ChoiceData {
    id: &'static str,
    summary: &'static str,
    /// Indices of the readings that make this choice.
    readings: Vec<usize>,
}

#[derive(Serialize)]
struct ReadingData {
    id: String,
    name: String,
    choices: Vec<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    all: Option<Vec<u32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    some: Option<BTreeMap<String, u32>>,
}

/// The distinct columns of one scenario, each played once.
struct Columns<'p, 'a> {
    s: &'a dyn Scenario,
    plays: &'p mut Plays<'a>,
    labels: Vec<String>,
    nets: usize,
    played: HashMap<Rules, u32>,
    texts: Vec<String>,
    text_ids: HashMap<String, u32>,
    columns: Vec<Vec<u32>>,
    /// Each distinct column by its texts and its reason for not being playable.
    column_ids: HashMap<(Vec<String>, Option<String>), u32>,
    reasons: BTreeMap<u32, String>,
}

impl<'p, 'a> Columns<'p, 'a> {
    fn new(plays: &'p mut Plays<'a>, variants: &VariantSet) -> Columns<'p, 'a> {
        let s = plays.scenario();
        let head = s.head();
        let mut labels: Vec<String> = s
            .order()
            .into_iter()
            .map(|seat| super::outcome::net_label(s, seat))
            .collect();
        let nets = labels.len();
        let game_rows = variants
            .variants
            .iter()
            .find_map(|v| plays.outcome(None, &v.rules).played().map(|p| p.rows(head)));
        labels.extend(game_rows.into_iter().flatten().map(|r| r.label));
        Columns {
            s,
            plays,
            labels,
            nets,
            played: HashMap::new(),
            texts: Vec::new(),
            text_ids: HashMap::new(),
            columns: Vec::new(),
            column_ids: HashMap::new(),
            reasons: BTreeMap::new(),
        }
    }

    fn text(&mut self, t: String) -> u32 {
        if let Some(&id) = self.text_ids.get(&t) {
            return id;
        }
        let id = self.texts.len() as u32;
        self.texts.push(t.clone());
        self.text_ids.insert(t, id);
        id
    }

    /// The column of the scenario under `rules`, played at most once.
    fn of(&mut self, rules: Rules) -> u32 {
        if let Some(&id) = self.played.get(&rules) {
            return id;
        }
        let outcome = self.plays.outcome(None, &rules);
        let column = self.texts_of(&outcome);
        let id = match self.column_ids.get(&column) {
            Some(&id) => id,
            None => {
                let id = self.columns.len() as u32;
                let cells = column.0.iter().map(|t| self.text(t.clone())).collect();
                self.columns.push(cells);
                if let Some(r) = &column.1 {
                    self.reasons.insert(id, r.clone());
                }
                self.column_ids.insert(column, id);
                id
            }
        };
        self.played.insert(rules, id);
        id
    }

    /// A column's cell texts, as the outcome table writes them, and why it cannot be played.
    fn texts_of(&self, outcome: &Outcome) -> (Vec<String>, Option<String>) {
        let head = self.s.head();
        let game_rows = self.labels.len() - self.nets;
        match outcome {
            Outcome::Played(l) => {
                let standing = l.standing();
                let game = self.s.game();
                let mut texts: Vec<String> = self
                    .s
                    .order()
                    .iter()
                    .map(|x| game.standing_text(standing[x.index()]))
                    .collect();
                texts.extend(l.rows(head).into_iter().map(|r| r.text).take(game_rows));
                (texts, None)
            }
            Outcome::Unplayable(u) => {
                let mut texts = vec![NOT_PLAYABLE.to_string(); self.nets];
                texts.extend(std::iter::repeat_n(NOTHING.to_string(), game_rows));
                let reason = format!("Not playable: {}. {}.", u.action, u.reason);
                (texts, Some(reason))
            }
        }
    }
}

/// The points that change anyone's standing (or whether the scenario can be played) when
/// switched alone from some reading, in declaration order.
fn sensitive(plays: &mut Plays, variants: &VariantSet) -> Vec<Point> {
    let mut points = Vec::new();
    for v in &variants.variants {
        let own = plays.summary(None, &v.rules);
        for p in variants.table.all() {
            if points.contains(&p) {
                continue;
            }
            let n = p.def().choices.len() as u8;
            if (0..n)
                .filter(|&c| c != v.rules.get(p))
                .any(|c| plays.summary(None, &v.rules.with(p, c)) != own)
            {
                points.push(p);
            }
        }
    }
    points.sort();
    points
}

/// The most points flipped at once whose combinations fit in [`MAX_COMBINATIONS`] (never fewer
/// than [`MIN_FLIPS`]), and how many combinations that is; `None` when every combination fits.
fn most_flips(points: &[Point]) -> Option<(usize, usize)> {
    let product = points
        .iter()
        .try_fold(1usize, |n, p| n.checked_mul(p.def().choices.len()))
        .filter(|&n| n <= MAX_COMBINATIONS);
    if product.is_some() {
        return None;
    }
    // exactly[j]: the combinations with exactly j points flipped.
    let mut exactly = vec![1usize];
    for p in points {
        let other = p.def().choices.len() - 1;
        let mut next = vec![0usize; exactly.len() + 1];
        for (j, &n) in exactly.iter().enumerate() {
            next[j] = next[j].saturating_add(n);
            next[j + 1] = next[j + 1].saturating_add(n.saturating_mul(other));
        }
        exactly = next;
    }
    let (mut most, mut total) = (0, exactly[0]);
    while let Some(&more) = exactly.get(most + 1) {
        if most >= MIN_FLIPS && total.saturating_add(more) > MAX_COMBINATIONS {
            break;
        }
        most += 1;
        total = total.saturating_add(more);
    }
    Some((most, total))
}

/// Every combination of the points' choices, the first point's the most significant digit.
fn all_combinations(columns: &mut Columns, base: Rules, points: &[Point]) -> Vec<u32> {
    let radices: Vec<usize> = points.iter().map(|p| p.def().choices.len()).collect();
    let product: usize = radices.iter().product();
    (0..product)
        .map(|mut index| {
            let mut rules = base;
            for (p, r) in points.iter().zip(&radices).rev() {
                rules.set(*p, (index % r) as u8);
                index /= r;
            }
            columns.of(rules)
        })
        .collect()
}

/// The combinations with at most `most` points flipped from the reading's own choices.
fn some_combinations(
    columns: &mut Columns,
    base: Rules,
    points: &[Point],
    most: usize,
) -> BTreeMap<String, u32> {
    let mut out = BTreeMap::new();
    // Each entry: the flips so far (point index, choice), extended only with later points.
    let mut frontier: Vec<Vec<(usize, u8)>> = vec![Vec::new()];
    for size in 0..=most {
        let mut next = Vec::new();
        for flips in frontier {
            let mut rules = base;
            for &(i, c) in &flips {
                rules.set(points[i], c);
            }
            let key: Vec<String> = flips.iter().map(|(i, c)| format!("{i}.{c}")).collect();
            out.insert(key.join(","), columns.of(rules));
            if size == most {
                continue;
            }
            let from = flips.last().map_or(0, |&(i, _)| i + 1);
            for (i, p) in points.iter().enumerate().skip(from) {
                for c in (0..p.def().choices.len() as u8).filter(|&c| c != base.get(*p)) {
                    let mut more = flips.clone();
                    more.push((i, c));
                    next.push(more);
                }
            }
        }
        frontier = next;
    }
    out
}

/// A scenario's flip file, or `None` when no point changes its outcome table.
pub fn precompute(plays: &mut Plays, variants: &VariantSet, prefix: &str) -> Option<FlipFile> {
    let s = plays.scenario();
    let points = sensitive(plays, variants);
    if points.is_empty() {
        return None;
    }
    let mut columns = Columns::new(plays, variants);
    let most = most_flips(&points);
    let readings = variants
        .variants
        .iter()
        .map(|v| {
            let (all, some) = match most {
                None => (Some(all_combinations(&mut columns, v.rules, &points)), None),
                Some((m, _)) => (
                    None,
                    Some(some_combinations(&mut columns, v.rules, &points, m)),
                ),
            };
            ReadingData {
                id: v.id.clone(),
                name: v.name(),
                choices: points.iter().map(|&p| v.rules.get(p)).collect(),
                all,
                some,
            }
        })
        .collect();
    let points_data = points
        .iter()
        .map(|&p| PointData {
            id: p.id(),
            question: p.def().question,
            url: super::pages::paths::rule(prefix, p.id()),
            choices: p
                .def()
                .choices
                .iter()
                .enumerate()
                .map(|(c, def)| ChoiceData {
                    id: def.id,
                    summary: def.summary,
                    readings: (0..variants.variants.len())
                        .filter(|&k| variants.variants[k].rules.get(p) as usize == c)
                        .collect(),
                })
                .collect(),
        })
        .collect();
    let combinations = match most {
        None => points.iter().map(|p| p.def().choices.len()).product(),
        Some((_, n)) => n,
    };
    let data = FlipData {
        scenario: s.head().id.clone(),
        rows: columns.labels,
        seats: s
            .order()
            .iter()
            .map(|&x| s.head().name(x).to_string())
            .collect(),
        nets: columns.nets,
        points: points_data,
        texts: columns.texts,
        columns: columns.columns,
        reasons: columns.reasons,
        readings,
        most: most.map(|(m, _)| m),
        combinations,
    };
    Some(FlipFile {
        path: super::pages::paths::flip(&s.head().id),
        json: serde_json::to_string(&data).expect("flip data serializes"),
    })
}
