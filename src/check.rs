//! `check`: every expectation written in the pages against the engine.

use crate::diagnostic::{Diagnostic, Location};
use crate::engine::{Outcome, play};
use crate::ledger::Ledger;
use crate::money::Money;
use crate::scenario::{Expectation, Expected, Figure, Scenario};
use crate::variant::{Variant, VariantSet};

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

/// The actual value of a figure in a ledger.
pub fn actual(figure: &Figure, ledger: &Ledger) -> Money {
    match *figure {
        Figure::Net(s) => ledger.net(s),
        Figure::Phase(ph, s) => ledger.phase_net(ph, s),
        Figure::Points(s) => Money::units(ledger.points.total(s) as i64),
        Figure::Pot => ledger.pot_change(),
        Figure::Box => ledger.boxed(),
    }
}

/// How a figure is named in messages.
pub fn figure_name(figure: &Figure, scenario: &Scenario) -> String {
    match *figure {
        Figure::Net(s) => format!("{}'s net", scenario.name(s)),
        Figure::Phase(ph, s) => format!("{}'s {} net", scenario.name(s), ph.id()),
        Figure::Points(s) => format!("{}'s points", scenario.name(s)),
        Figure::Pot => "the pot".to_string(),
        Figure::Box => "the box".to_string(),
    }
}

/// Describes an outcome in a few words, for "expected ... found ...".
pub fn describe(outcome: &Outcome, scenario: &Scenario) -> String {
    match outcome {
        Outcome::Played(l) => {
            let nets: Vec<String> = crate::scenario::Seat::ALL
                .iter()
                .map(|&s| format!("{} {}", scenario.name(s), l.net(s).signed()))
                .collect();
            format!("played: {}", nets.join(", "))
        }
        Outcome::Unplayable(u) => format!("not playable ({}): {}: {}", u.point, u.action, u.reason),
    }
}

/// Unknown variant names in expectations: invalid input, reported before anything is checked.
pub fn unknown_variants<'a>(
    scenarios: impl IntoIterator<Item = &'a Scenario>,
    variants: &VariantSet,
) -> Vec<Diagnostic> {
    let ids = variants.ids();
    scenarios
        .into_iter()
        .flat_map(|s| &s.expect)
        .filter(|e| variants.get(&e.variant).is_none())
        .map(|e| {
            let d = Diagnostic::new(
                e.location.clone(),
                format!("`{}` is not a variant", e.variant),
            )
            .note(format!("the variants are {}", ids.join(", ")));
            crate::suggest::hint(d, &e.variant, ids.iter().copied())
        })
        .collect()
}

/// "not playable (point)", or "not playable" when no point is named.
fn unplayable_words(point: Option<crate::rules::Point>) -> String {
    match point {
        Some(p) => format!("not playable ({p})"),
        None => "not playable".to_string(),
    }
}

/// Judges one expectation against the outcome of its scenario under its variant.
pub fn judge(
    scenario: &Scenario,
    variant: &Variant,
    exp: &Expectation,
    outcome: &Outcome,
) -> Vec<Verdict> {
    let verdict = |figure: Option<Figure>,
                   location: &Location,
                   expected: String,
                   found: String,
                   diagnostic: Option<Diagnostic>| Verdict {
        scenario: scenario.id.clone(),
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
                        scenario.id, variant.id
                    ),
                    expected.clone(),
                )
            });
            vec![verdict(None, &exp.location, expected, found_deal, d)]
        }
        (Expected::Unplayable(point), Outcome::Played(_)) => {
            let expected = unplayable_words(*point);
            let d = whole(
                format!(
                    "scenario `{}` under `{}` is playable",
                    scenario.id, variant.id
                ),
                expected.clone(),
            );
            vec![verdict(None, &exp.location, expected, found_deal, Some(d))]
        }
        (Expected::Figures(figures), Outcome::Unplayable(_)) => {
            let d = whole(
                format!(
                    "scenario `{}` is not playable under `{}`",
                    scenario.id, variant.id
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
        (Expected::Figures(figures), Outcome::Played(ledger)) => figures
            .iter()
            .map(|(figure, want, at)| {
                let got = actual(figure, ledger);
                let d = (got != *want).then(|| {
                    Diagnostic::new(
                        at.clone(),
                        format!(
                            "scenario `{}` under `{}`: {} differs",
                            scenario.id,
                            variant.id,
                            figure_name(figure, scenario)
                        ),
                    )
                    .note(format!("expected: {}", want.signed()))
                    .note(format!("found:    {}", got.signed()))
                    .note(format!(
                        "explain:  mournival explain {}#{} --variant {}",
                        scenario.location.file.display(),
                        scenario.id,
                        variant.id
                    ))
                });
                verdict(
                    Some(figure.clone()),
                    at,
                    want.signed().to_string(),
                    got.signed().to_string(),
                    d,
                )
            })
            .collect(),
    }
}

/// Checks every expectation of every scenario. Expectations naming unknown variants must have
/// been reported with [`unknown_variants`] first.
pub fn check<'a>(
    scenarios: impl IntoIterator<Item = &'a Scenario>,
    variants: &VariantSet,
) -> Report {
    let mut report = Report::default();
    for scenario in scenarios {
        report.scenarios += 1;
        report.evaluations += variants.variants.len();
        for exp in &scenario.expect {
            if let Some(variant) = variants.get(&exp.variant) {
                let outcome = play(scenario, &variant.rules);
                report
                    .verdicts
                    .extend(judge(scenario, variant, exp, &outcome));
            }
        }
    }
    report
}
