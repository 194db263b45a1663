//! "Why they differ", on a scenario's page: each reading's difference from a reference reading,
//! split among the rule points on which the two differ (Shapley values, from
//! [`crate::compare::attribute`]), so that each column's shares add up to its difference; and the
//! pairs of points that act together. Readers see the points' questions and the choices'
//! summaries; the ids stay in `title` attributes.

use crate::attribution::Share;
use crate::compare::{Attribution, Evaluation, NoSplit, Plays, Summary, attribute_with};
use crate::game::Scenario;
use crate::rules::Point;
use crate::variant::VariantSet;
use serde::Serialize;

/// At most this many interacting pairs are named per reading (the largest).
const PAIRS_SHOWN: usize = 3;

#[derive(Serialize, Clone, Debug)]
pub struct WhyView {
    /// The reference reading's author, from whose choices every difference is measured.
    pub reference: String,
    /// A row per rule point with a share in some column.
    pub rows: Vec<WhyRow>,
    /// Per column: the difference from the reference that the shares above add up to.
    pub total: Vec<String>,
    pub pairs: Vec<WhyPair>,
    /// How a column's shares were found, where not from every order of switching.
    pub notes: Vec<String>,
    /// Some share is rounded (`≈`).
    pub rounded: bool,
}

#[derive(Serialize, Clone, Debug)]
pub struct WhyRow {
    pub point: &'static str,
    pub url: String,
    pub question: &'static str,
    pub cells: Vec<WhyCell>,
}

#[derive(Serialize, Clone, Debug)]
pub struct WhyCell {
    /// The reading's choice in words, where it differs from the reference's (or is the
    /// reference's own).
    pub choice: Option<&'static str>,
    pub choice_id: &'static str,
    /// The point's share of this reading's difference, per player: "Ann +3, Cat −3".
    pub share: Option<String>,
    /// The point differs from the reference's here but moves nobody.
    pub no_share: bool,
}

/// Two rule points whose joint effect under a reading is not the sum of their effects alone.
#[derive(Serialize, Clone, Debug)]
pub struct WhyPair {
    pub reading: String,
    pub first: &'static str,
    pub first_url: String,
    pub second: &'static str,
    pub second_url: String,
    pub effect: String,
}

/// Why the readings differ, measured from the first reading that plays the scenario; `None`
/// when every reading gives the same result (or none can play it).
pub fn view<'a>(
    plays: &mut Plays<'a>,
    variants: &'a VariantSet,
    evals: &[Evaluation],
    prefix: &str,
) -> Option<WhyView> {
    let s = plays.scenario();
    let results: Vec<Summary> = evals.iter().map(|e| Summary::of(&e.outcome)).collect();
    let rk = results.iter().position(|r| matches!(r, Summary::Nets(_)))?;
    let reference = &variants.variants[rk];
    let columns: Vec<Option<Attribution>> = variants
        .variants
        .iter()
        .zip(&results)
        .map(|(v, r)| {
            (*r != results[rk])
                .then(|| attribute_with(plays, Some(&reference.id), &reference.rules, &v.rules))
        })
        .collect();
    if columns.iter().all(Option::is_none) {
        return None;
    }
    let mut points: Vec<Point> = columns
        .iter()
        .flatten()
        .filter_map(|a| a.split.as_ref().ok())
        .flat_map(|split| split.moving().map(|(p, _)| *p))
        .collect();
    points.sort();
    points.dedup();
    let mut rounded = false;
    let rows = points
        .into_iter()
        .map(|p| WhyRow {
            point: p.id(),
            url: super::pages::paths::rule(prefix, p.id()),
            question: p.def().question,
            cells: variants
                .variants
                .iter()
                .zip(&columns)
                .enumerate()
                .map(|(k, (v, at))| {
                    let own = v.rules.get(p);
                    let shares = at
                        .as_ref()
                        .and_then(|a| a.split.as_ref().ok())
                        .and_then(|split| split.parts.iter().find(|(q, _)| *q == p))
                        .map(|(_, shares)| shares.as_slice());
                    let no_share = shares.is_some_and(|x| x.iter().all(|v| v.is_zero()));
                    WhyCell {
                        choice: (k == rk || own != reference.rules.get(p))
                            .then(|| p.def().choices[own as usize].summary),
                        choice_id: v.rules.choice_id(p),
                        share: shares
                            .filter(|_| !no_share)
                            .map(|x| shares_text(s, x, &mut rounded)),
                        no_share,
                    }
                })
                .collect(),
        })
        .collect();
    let total = columns
        .iter()
        .enumerate()
        .map(|(k, at)| total_text(s, k == rk, at.as_ref()))
        .collect();
    Some(WhyView {
        reference: reference.author.clone(),
        rows,
        total,
        pairs: pairs(s, variants, &columns, prefix, &mut rounded),
        notes: notes(variants, &columns),
        rounded,
    })
}

/// A share per player, the players it does not move left out: "Ann +3, Cat −3".
fn shares_text(s: &dyn Scenario, shares: &[Share], rounded: &mut bool) -> String {
    let head = s.head();
    let parts: Vec<String> = s
        .order()
        .iter()
        .filter(|x| !shares[x.index()].is_zero())
        .map(|&x| {
            let t = shares[x.index()].signed();
            *rounded |= t.is_rounded();
            format!("{} {t}", head.name(x))
        })
        .collect();
    if parts.is_empty() {
        "no share".to_string()
    } else {
        parts.join(", ")
    }
}

/// The last row: each reading's difference from the reference, or why it has none.
fn total_text(s: &dyn Scenario, reference: bool, at: Option<&Attribution>) -> String {
    let Some(at) = at else {
        return if reference { "—" } else { "the same result" }.to_string();
    };
    match (&at.split, at.difference()) {
        (Err(NoSplit::NotPlayable), _) | (_, None) => "not playable".to_string(),
        (_, Some(d)) => {
            let shares: Vec<Share> = d.iter().map(|m| Share::halves(m.as_halves())).collect();
            shares_text(s, &shares, &mut false)
        }
    }
}

/// The interacting pairs of each reading, the largest first.
fn pairs(
    s: &dyn Scenario,
    variants: &VariantSet,
    columns: &[Option<Attribution>],
    prefix: &str,
    rounded: &mut bool,
) -> Vec<WhyPair> {
    let mut out = Vec::new();
    for (v, at) in variants.variants.iter().zip(columns) {
        let Some(Ok(split)) = at.as_ref().map(|a| a.split.as_ref()) else {
            continue;
        };
        for ((p, q), shares) in split.interactions.iter().take(PAIRS_SHOWN) {
            out.push(WhyPair {
                reading: v.author.clone(),
                first: p.def().question,
                first_url: super::pages::paths::rule(prefix, p.id()),
                second: q.def().question,
                second_url: super::pages::paths::rule(prefix, q.id()),
                effect: shares_text(s, shares, rounded),
            });
        }
    }
    out
}

/// What a reader should know about how a column's shares were found: orders left out, a
/// sample, or no split at all.
fn notes(variants: &VariantSet, columns: &[Option<Attribution>]) -> Vec<String> {
    variants
        .variants
        .iter()
        .zip(columns)
        .filter_map(|(v, at)| {
            let at = at.as_ref()?;
            match &at.split {
                Ok(split) if split.method.left_out() == 0 && !split.method.is_sampled() => None,
                Ok(split) => Some(format!(
                    "{}: each share is its effect {}.",
                    v.author,
                    split.method.words()
                )),
                Err(NoSplit::NoPlayableOrder) => Some(format!(
                    "{}: every order of switching its {} differing rule points passes through a \
                     combination that cannot play the scenario, so its difference is not split.",
                    v.author,
                    at.differing.len()
                )),
                Err(NoSplit::Same | NoSplit::NotPlayable) => None,
            }
        })
        .collect()
}
