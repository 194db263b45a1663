//! The pages the generator adds: one per reading, one per rule point, the matrix of points by
//! readings, and the index of scenarios. Views only: every figure comes from the engine.

use super::annotated::{InTheText, TextLink};
use super::outcome::ScenarioView;
use crate::compare::{Evaluation, Plays, Summary};
use crate::game::Scenario;
use crate::rules::Point;
use crate::variant::{Evidence, Variant, VariantSet};
use serde::Serialize;

#[derive(Serialize)]
pub struct ChoiceRow {
    pub point: &'static str,
    pub url: String,
    pub question: &'static str,
    pub choice: &'static str,
    pub summary: &'static str,
    pub evidence: &'static str,
    pub letter: &'static str,
    pub quote: String,
    pub cite: String,
    pub note: Option<String>,
    pub alternatives: Vec<Alternative>,
    /// The reading this choice is inherited from, by name, and its id for the link.
    pub inherited_from: Option<(String, String)>,
    /// The text that reading rests on (its title), so that an inherited choice shows whose
    /// words it stands on.
    pub inherited_text: Option<String>,
    /// The sentences of the annotated texts the quote stands in.
    pub in_text: Vec<TextLink>,
    /// Why the quote could not be verified against its text, if it could not.
    pub unverified: Option<String>,
}

#[derive(Serialize)]
pub struct ChoiceSection {
    pub id: String,
    pub title: &'static str,
    pub choices: Vec<ChoiceRow>,
}

#[derive(Serialize)]
pub struct VariantView {
    pub id: String,
    /// The game's name, and where its generated pages live.
    pub game: &'static str,
    pub prefix: String,
    pub title: String,
    pub author: String,
    pub date: String,
    pub kind: &'static str,
    pub citation: String,
    pub summary: Option<String>,
    /// The reading it is based on: its name and id.
    pub based_on: Option<(String, String)>,
    /// The texts it is named for, and those through which alone it is known: each a reference
    /// and the text's id (its entry in the bibliography).
    pub texts: Vec<(String, String)>,
    pub known_through: Vec<(String, String)>,
    pub evidence_counts: Vec<(&'static str, usize)>,
    pub sections: Vec<ChoiceSection>,
}

/// A choice the source leaves open: in words, with its id for contributors (a `title`).
#[derive(Serialize)]
pub struct Alternative {
    pub id: &'static str,
    pub summary: &'static str,
}

fn alternatives(v: &Variant, p: Point) -> Vec<Alternative> {
    v.choice(p)
        .alternatives
        .iter()
        .map(|&c| {
            let def = &p.def().choices[c as usize];
            Alternative {
                id: def.id,
                summary: def.summary,
            }
        })
        .collect()
}

/// A reading of the set by name, with its id; an id the set lacks stays as written.
fn named(variants: &VariantSet, id: &str) -> (String, String) {
    (variants.name_of(id), id.to_string())
}

/// Where a reading's quote on a point stands in the annotated texts.
pub type InText<'a> = dyn Fn(&Variant, Point) -> InTheText + Sync + 'a;

/// The page of one reading; `prefix` is where its game's generated pages live.
pub fn variant_view(
    game: &'static str,
    v: &Variant,
    variants: &VariantSet,
    prefix: &str,
    in_text: &InText,
) -> VariantView {
    let table = v.rules.table();
    let sections = table
        .sections()
        .into_iter()
        .map(|section| ChoiceSection {
            id: crate::site::markdown::slug(section),
            title: section,
            choices: table
                .all()
                .filter(|p| p.def().section == section)
                .map(|p| {
                    let c = v.choice(p);
                    let InTheText { links, unverified } = in_text(v, p);
                    ChoiceRow {
                        point: p.id(),
                        url: format!("{prefix}rules/{}/", p.id()),
                        question: p.def().question,
                        choice: v.rules.choice_id(p),
                        summary: p.def().choices[c.choice as usize].summary,
                        evidence: c.evidence.id(),
                        letter: c.evidence.letter(),
                        quote: c.quote.clone(),
                        cite: c.cite.clone(),
                        note: c.note.clone(),
                        alternatives: alternatives(v, p),
                        inherited_from: c.inherited_from.as_deref().map(|i| named(variants, i)),
                        inherited_text: c
                            .inherited_from
                            .as_deref()
                            .and_then(|i| variants.get(i))
                            .map(|base| base.title.clone()),
                        in_text: links,
                        unverified,
                    }
                })
                .collect(),
        })
        .collect();
    VariantView {
        id: v.id.clone(),
        game,
        prefix: prefix.to_string(),
        title: v.title.clone(),
        author: v.author.clone(),
        date: v.date.clone(),
        kind: v.kind.label(),
        citation: v.citation.clone(),
        summary: v.summary.clone(),
        based_on: v.based_on.as_deref().map(|b| named(variants, b)),
        texts: Vec::new(),
        known_through: Vec::new(),
        evidence_counts: Evidence::ALL
            .iter()
            .map(|&e| (e.id(), v.choices.iter().filter(|c| c.evidence == e).count()))
            .filter(|(_, n)| *n > 0)
            .collect(),
        sections,
    }
}

#[derive(Serialize)]
pub struct RuleChoice {
    pub id: &'static str,
    pub summary: &'static str,
    /// The readings that make this choice, by name.
    pub variants: Vec<String>,
}

#[derive(Serialize)]
pub struct RuleByVariant {
    pub variant: String,
    pub author: String,
    pub date: String,
    pub choice: &'static str,
    pub summary: &'static str,
    pub evidence: &'static str,
    pub letter: &'static str,
    pub quote: String,
    pub cite: String,
    pub note: Option<String>,
    pub alternatives: Vec<Alternative>,
    pub in_text: Vec<TextLink>,
    pub unverified: Option<String>,
}

#[derive(Serialize)]
pub struct RuleScenario {
    pub title: String,
    pub url: String,
    pub effect: String,
}

#[derive(Serialize)]
pub struct RuleView {
    pub id: &'static str,
    /// Where the game's generated pages live (`put/`), for links to its readings.
    pub prefix: String,
    pub question: &'static str,
    pub research: &'static str,
    pub section: &'static str,
    pub doc_html: String,
    pub notebook_url: Option<String>,
    pub choices: Vec<RuleChoice>,
    pub by_variant: Vec<RuleByVariant>,
    pub scenarios: Vec<RuleScenario>,
}

/// How switching `point` alone changes a scenario's result, in words: under the first reading
/// where some other choice does, with the first such choice; `None` where no choice does.
pub fn telling_effect<'a>(
    plays: &mut Plays<'a>,
    point: Point,
    variants: &'a VariantSet,
    evals: &[Evaluation],
) -> Option<String> {
    variants.variants.iter().zip(evals).find_map(|(v, e)| {
        // A point the reading's own play does not read changes nothing when switched.
        let read = plays.summary_read(Some(&v.id), &v.rules).1;
        if read & 1 << point.index() == 0 {
            return None;
        }
        let base = Summary::of(&e.outcome);
        (0..point.def().choices.len() as u8)
            .filter(|&c| c != v.rules.get(point))
            .find_map(|c| {
                let to = plays.summary(Some(&v.id), &v.rules.with(point, c));
                (to != base).then(|| {
                    let choices = point.def().choices;
                    format!(
                        "under {}, “{}” instead of “{}” changes the result",
                        v.name(),
                        choices[c as usize].summary,
                        v.rules.choice_summary(point)
                    )
                })
            })
    })
}

/// The scenarios on which switching a point alone changes some reading's result, with the first
/// such change in words (see [`telling_effect`]): each scenario's title, URL and effect.
pub fn telling_scenarios<'a>(
    scenarios: impl Iterator<Item = (&'a dyn Scenario, &'a str, Option<&'a String>)>,
) -> Vec<RuleScenario> {
    scenarios
        .filter_map(|(s, url, effect)| {
            Some(RuleScenario {
                title: s.head().title.clone(),
                url: url.to_string(),
                effect: effect?.clone(),
            })
        })
        .collect()
}

pub fn rule_view(
    point: Point,
    variants: &VariantSet,
    prefix: &str,
    doc_html: String,
    notebook_url: Option<String>,
    scenarios: Vec<RuleScenario>,
    in_text: &InText,
) -> RuleView {
    let def = point.def();
    RuleView {
        id: def.id,
        prefix: prefix.to_string(),
        question: def.question,
        research: def.research,
        section: def.section,
        doc_html,
        notebook_url,
        choices: def
            .choices
            .iter()
            .enumerate()
            .map(|(i, c)| RuleChoice {
                id: c.id,
                summary: c.summary,
                variants: variants
                    .variants
                    .iter()
                    .filter(|v| v.rules.get(point) as usize == i)
                    .map(Variant::name)
                    .collect(),
            })
            .collect(),
        by_variant: variants
            .variants
            .iter()
            .map(|v| {
                let c = v.choice(point);
                let InTheText { links, unverified } = in_text(v, point);
                RuleByVariant {
                    variant: v.id.clone(),
                    author: v.author.clone(),
                    date: v.date.clone(),
                    choice: v.rules.choice_id(point),
                    summary: def.choices[c.choice as usize].summary,
                    evidence: c.evidence.id(),
                    letter: c.evidence.letter(),
                    quote: c.quote.clone(),
                    cite: c.cite.clone(),
                    note: c.note.clone(),
                    alternatives: alternatives(v, point),
                    in_text: links,
                    unverified,
                }
            })
            .collect(),
        scenarios,
    }
}

#[derive(Serialize)]
pub struct MatrixCell {
    pub choice: &'static str,
    /// The choice in words.
    pub summary: &'static str,
    pub evidence: &'static str,
    pub letter: &'static str,
    pub differs: bool,
    pub open: bool,
}

#[derive(Serialize)]
pub struct MatrixRow {
    pub point: &'static str,
    pub question: &'static str,
    pub url: String,
    /// Every reading makes the same choice: the row is shown quietly, and hidden in the
    /// "disputed points only" view.
    pub agreed: bool,
    pub cells: Vec<MatrixCell>,
}

#[derive(Serialize)]
pub struct MatrixSection {
    pub title: &'static str,
    pub rows: Vec<MatrixRow>,
}

pub fn matrix(variants: &VariantSet, prefix: &str) -> Vec<MatrixSection> {
    let table = variants.table;
    table
        .sections()
        .into_iter()
        .map(|section| MatrixSection {
            title: section,
            rows: table
                .all()
                .filter(|p| p.def().section == section)
                .map(|p| {
                    let picks: Vec<u8> = variants.variants.iter().map(|v| v.rules.get(p)).collect();
                    let mode = picks
                        .iter()
                        .copied()
                        .max_by_key(|c| {
                            (
                                picks.iter().filter(|d| *d == c).count(),
                                std::cmp::Reverse(*c),
                            )
                        })
                        .unwrap_or(0);
                    MatrixRow {
                        point: p.id(),
                        question: p.def().question,
                        url: format!("{prefix}rules/{}/", p.id()),
                        agreed: picks.iter().all(|c| *c == mode),
                        cells: variants
                            .variants
                            .iter()
                            .map(|v| MatrixCell {
                                choice: v.rules.choice_id(p),
                                summary: v.rules.choice_summary(p),
                                evidence: v.choice(p).evidence.id(),
                                letter: v.choice(p).evidence.letter(),
                                differs: v.rules.get(p) != mode,
                                open: !v.choice(p).alternatives.is_empty(),
                            })
                            .collect(),
                    }
                })
                .collect(),
        })
        .collect()
}

#[derive(Serialize, Clone, Debug)]
pub struct ScenarioIndexRow {
    pub title: String,
    pub game: &'static str,
    pub url: String,
    pub page_url: String,
    pub page_title: String,
    pub distinct: usize,
    pub spread: String,
    pub failures: usize,
    pub checked: usize,
}

pub fn index_row(view: &ScenarioView, page_title: &str) -> ScenarioIndexRow {
    ScenarioIndexRow {
        title: view.title.clone(),
        game: view.game,
        url: format!("{}#{}", view.page_url, view.id),
        page_url: view.page_url.clone(),
        page_title: page_title.to_string(),
        distinct: view.distinct,
        spread: view.largest_spread.clone(),
        failures: view.failures,
        checked: view.expectations.len(),
    }
}
