//! `check`: every expectation written in the pages against the engine.

use crate::diagnostic::{Diagnostic, Location, excerpt};
use crate::game::{Expectation, Expected, Figure, Outcome, Scenario};
use crate::rules::Point;
use crate::variant::{Readings, Variant};
use std::sync::Arc;

/// The verdict on one expected figure, or on whether the deal is playable at all.
#[derive(Clone, Debug)]
pub struct Verdict {
    pub scenario: String,
    pub variant: String,
    /// The figure judged; `None` for the deal as a whole (playable or not).
    pub figure: Option<Figure>,
    /// What the page expects and what the engine found, in words (`+3`, `not playable (bid-step)`).
    pub expected: String,
    pub found: String,
    pub passed: bool,
    /// Where the expectation is written: the figure, or the variant's key for the whole deal.
    pub location: Location,
    /// What is wrong, located at the expectation.
    pub diagnostic: Option<Diagnostic>,
}

/// The result of checking pages.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub scenarios: usize,
    pub evaluations: usize,
    pub verdicts: Vec<Verdict>,
}

impl Report {
    pub fn failures(&self) -> impl Iterator<Item = &Verdict> {
        self.verdicts.iter().filter(|v| !v.passed)
    }

    pub fn passed(&self) -> usize {
        self.verdicts.iter().filter(|v| v.passed).count()
    }

    pub fn failed(&self) -> usize {
        self.verdicts.len() - self.passed()
    }
}

/// Describes an outcome in a few words, for "expected ... found ...".
pub fn describe(outcome: &Outcome, scenario: &dyn Scenario) -> String {
    match outcome {
        Outcome::Played(l) => {
            let nets = l.standing();
            let h = scenario.head();
            let nets: Vec<String> = h
                .all_seats()
                .map(|s| format!("{} {}", h.name(s), nets[s.index()].signed()))
                .collect();
            match scenario.game().standing() {
                "net" => format!("played: {}", nets.join(", ")),
                word => format!("played, {word}: {}", nets.join(", ")),
            }
        }
        Outcome::Unplayable(u) => format!("not playable ({}): {}: {}", u.point, u.action, u.reason),
    }
}

/// Unknown variant names in expectations: invalid input, reported before anything is checked.
pub fn unknown_variants<'a>(
    scenarios: impl IntoIterator<Item = &'a Arc<dyn Scenario>>,
    readings: &Readings,
) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
    for s in scenarios {
        let game = s.game();
        let variants = readings.of(game);
        for e in &s.head().expect {
            if variants.get(&e.variant).is_none() {
                let ids = variants.ids();
                let known = if ids.is_empty() {
                    format!(
                        "{} has no variants: add one under variants/{}/",
                        game.name(),
                        game.id()
                    )
                } else {
                    format!("the {} variants are {}", game.name(), ids.join(", "))
                };
                let d = Diagnostic::new(
                    e.location.clone(),
                    format!("`{}` is not a variant", excerpt(&e.variant)),
                )
                .note(known);
                errors.push(crate::suggest::hint(d, &e.variant, ids.iter().copied()));
            }
        }
    }
    errors
}

/// "not playable (point)", or "not playable" when no point is named.
fn unplayable_words(point: Option<Point>) -> String {
    match point {
        Some(p) => format!("not playable ({p})"),
        None => "not playable".to_string(),
    }
}

/// Judges one expectation against the outcome of its scenario under its variant.
pub fn judge(
    scenario: &dyn Scenario,
    variant: &Variant,
    exp: &Expectation,
    outcome: &Outcome,
) -> Vec<Verdict> {
    let head = scenario.head();
    let verdict = |figure: Option<Figure>,
                   location: &Location,
                   expected: String,
                   found: String,
                   diagnostic: Option<Diagnostic>| Verdict {
        scenario: head.id.clone(),
        variant: variant.id.clone(),
        figure,
        expected,
        found,
        passed: diagnostic.is_none(),
        location: location.clone(),
        diagnostic,
    };
    let whole = |title: String, expected: String| {
        Diagnostic::new(exp.location.clone(), title)
            .note(format!("expected: {expected}"))
            .note(format!("found:    {}", describe(outcome, scenario)))
    };
    let found_deal = match outcome {
        Outcome::Played(_) => "playable".to_string(),
        Outcome::Unplayable(u) => unplayable_words(Some(u.point)),
    };
    match (&exp.expected, outcome) {
        (Expected::Unplayable(point), Outcome::Unplayable(u)) => {
            let expected = unplayable_words(*point);
            let wrong = point.is_some_and(|p| p != u.point);
            let d = wrong.then(|| {
                whole(
                    format!(
                        "scenario `{}` under `{}`: not playable for another reason",
                        head.id, variant.id
                    ),
                    expected.clone(),
                )
            });
            vec![verdict(None, &exp.location, expected, found_deal, d)]
        }
        (Expected::Unplayable(point), Outcome::Played(_)) => {
            let expected = unplayable_words(*point);
            let d = whole(
                format!("scenario `{}` under `{}` is playable", head.id, variant.id),
                expected.clone(),
            );
            vec![verdict(None, &exp.location, expected, found_deal, Some(d))]
        }
        (Expected::Figures(figures), Outcome::Unplayable(_)) => {
            let d = whole(
                format!(
                    "scenario `{}` is not playable under `{}`",
                    head.id, variant.id
                ),
                format!("{} figure(s)", figures.len()),
            );
            vec![verdict(
                None,
                &exp.location,
                "playable".to_string(),
                found_deal,
                Some(d),
            )]
        }
        (Expected::Figures(figures), Outcome::Played(played)) => figures
            .iter()
            .map(|(figure, want, at)| {
                let got = played.figure(figure);
                let found = got.map_or_else(
                    || "no such figure in this game".to_string(),
                    |g| g.words(head),
                );
                let d = (got != Some(*want)).then(|| {
                    Diagnostic::new(
                        at.clone(),
                        format!(
                            "scenario `{}` under `{}`: {} differs",
                            head.id,
                            variant.id,
                            figure.name(head)
                        ),
                    )
                    .note(format!("expected: {}", want.words(head)))
                    .note(format!("found:    {found}"))
                    .note(format!(
                        "explain:  mournival explain {}#{} --variant {}",
                        head.location.file.display(),
                        head.id,
                        variant.id
                    ))
                });
                verdict(Some(figure.clone()), at, want.words(head), found, d)
            })
            .collect(),
    }
}

/// Checks every expectation of every scenario. Expectations naming unknown variants must have
/// been reported with [`unknown_variants`] first.
pub fn check<'a>(
    scenarios: impl IntoIterator<Item = &'a Arc<dyn Scenario>>,
    readings: &Readings,
) -> Report {
    let mut report = Report::default();
    for scenario in scenarios {
        let variants = readings.of(scenario.game());
        report.scenarios += 1;
        report.evaluations += variants.variants.len();
        for exp in &scenario.head().expect {
            if let Some(variant) = variants.get(&exp.variant) {
                let outcome = scenario.play(&variant.rules);
                report
                    .verdicts
                    .extend(judge(scenario.as_ref(), variant, exp, &outcome));
            }
        }
    }
    report
}
