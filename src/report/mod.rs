//! Renderers for the terminal and for machines: they only read results. [`explain`] and
//! [`matrix`] print for people; [`json`], [`github`] and [`junit`] are `check`'s machine-readable
//! formats.

pub mod explain;
pub mod github;
pub mod json;
pub mod junit;
pub mod matrix;

use crate::check::words::{self, Ids};
use crate::check::{Report, Verdict};
use crate::diagnostic::{Diagnostic, Location};
use crate::game::{Head, Scenario};
use crate::variant::{Readings, Variant};
use std::collections::HashMap;
use std::sync::Arc;

/// What one `check` found, as its output formats see it: the verdicts, or the invalid input
/// that stopped it before anything was checked (then the report is empty).
pub struct CheckRun<'a> {
    pub report: &'a Report,
    /// The scenarios checked, to name the players in figures.
    pub scenarios: HashMap<&'a str, &'a dyn Scenario>,
    /// Each scenario checked, in order, with the readings of its game it was played under: what
    /// the formats that show outcomes and ledgers replay.
    pub played: Vec<(&'a dyn Scenario, &'a [Variant])>,
    /// How many readings of the games checked the scenarios were played under.
    pub variants: usize,
    pub errors: &'a [Diagnostic],
    /// Quotations not found where their citations say.
    pub misquotes: &'a [Diagnostic],
}

impl<'a> CheckRun<'a> {
    pub fn checked(
        report: &'a Report,
        scenarios: impl IntoIterator<Item = &'a Arc<dyn Scenario>>,
        readings: &'a Readings,
    ) -> CheckRun<'a> {
        let played: Vec<(&dyn Scenario, &[Variant])> = scenarios
            .into_iter()
            .map(|s| (s.as_ref(), &readings.of(s.game()).variants[..]))
            .collect();
        let variants = readings
            .all()
            .filter(|(game, _)| played.iter().any(|(s, _)| s.game().id() == game.id()))
            .count();
        CheckRun {
            report,
            scenarios: played
                .iter()
                .map(|(s, _)| (s.head().id.as_str(), *s))
                .collect(),
            played,
            variants,
            errors: &[],
            misquotes: &[],
        }
    }

    /// The run with the quotations that were not found where cited.
    pub fn with_misquotes(self, misquotes: &'a [Diagnostic]) -> CheckRun<'a> {
        CheckRun { misquotes, ..self }
    }

    /// A run stopped by invalid input.
    pub fn invalid(errors: &'a [Diagnostic]) -> CheckRun<'a> {
        static EMPTY: Report = Report {
            scenarios: 0,
            evaluations: 0,
            verdicts: Vec::new(),
            notes: Vec::new(),
        };
        CheckRun {
            report: &EMPTY,
            scenarios: HashMap::new(),
            played: Vec::new(),
            variants: 0,
            errors,
            misquotes: &[],
        }
    }

    /// `passed`, `failed` (a mismatch or a misquote) or `invalid` (invalid input).
    pub fn status(&self) -> &'static str {
        if !self.errors.is_empty() {
            "invalid"
        } else if self.report.failed() > 0 || !self.misquotes.is_empty() {
            "failed"
        } else {
            "passed"
        }
    }

    /// The closing line every format prints.
    pub fn summary(&self) -> String {
        if self.errors.is_empty() {
            let misquotes = match self.misquotes.len() {
                0 => String::new(),
                n => format!("; {n} misquote(s)"),
            };
            format!(
                "checked {} scenario(s) under {} variant(s): {} passed, {} failed{misquotes}",
                self.report.scenarios,
                self.variants,
                self.report.passed(),
                self.report.failed()
            )
        } else {
            format!("{} error(s); nothing was checked", self.errors.len())
        }
    }

    /// The scenario a verdict judges.
    pub fn head(&self, verdict: &Verdict) -> Option<&'a Head> {
        self.scenarios
            .get(verdict.scenario.as_str())
            .map(|s| s.head())
    }

    /// A failed verdict in the check's words, located at the expectation.
    pub fn diagnostic(&self, verdict: &Verdict) -> Option<Diagnostic> {
        words::diagnostic(verdict, self.head(verdict)?)
    }

    /// What the page expects and what the engine found, in the check's words.
    pub fn expected_found(&self, verdict: &Verdict) -> (String, String) {
        match self.head(verdict) {
            Some(h) => (
                words::expected(verdict, h, &Ids),
                words::found(verdict, h, &Ids),
            ),
            None => Default::default(),
        }
    }

    /// What a verdict judges, as a kind and a player: (`net`, `Ann`), (`turn-up`, `Ben`),
    /// (`pot`, none), or (`deal`, none) for whether the deal is playable at all.
    pub fn figure(&self, verdict: &Verdict) -> (&'static str, Option<&'a str>) {
        let name = |seat| {
            self.scenarios
                .get(verdict.scenario.as_str())
                .map(|s| s.head().name(seat))
        };
        match verdict.figures.first() {
            None => ("deal", None),
            Some(f) => (f.key, f.seat.and_then(name)),
        }
    }
}

/// The file of a location as tools want it: as given, less a leading `./` (the default root).
pub fn file_of(location: &Location) -> String {
    let file = location.file.display().to_string();
    match file.strip_prefix("./") {
        Some(rest) => rest.to_string(),
        None => file,
    }
}
