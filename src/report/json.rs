//! `check --format json`: one JSON document for tools. The field names are stable; a change
//! that removes or renames one raises `version`.
//!
//! ```json
//! { "format": "mournival-check", "version": 1, "status": "failed",
//!   "scenarios": 62, "variants": 7, "evaluations": 434, "passed": 300, "failed": 1,
//!   "verdicts": [ { "scenario": "tiddy-turned-up-paid-to-cat", "variant": "cotton-1674",
//!                   "figure": "net", "player": "Ann", "expected": "−8", "found": "−4",
//!                   "passed": false, "file": "content/notebook/tiddy-turned-up.md",
//!                   "line": 31, "column": 29,
//!                   "message": "scenario `…` under `cotton-1674`: Ann's net differs" } ],
//!   "errors": [], "misquotes": [] }
//! ```
//!
//! `status` is `passed`, `failed` (a mismatch, or a quotation not found where its citation says:
//! `misquotes` lists those, each with `file`, `line`, `column`, `message` and `notes`) or
//! `invalid` (then `errors` lists the invalid input in the same shape, and nothing was checked).
//! `figure` is the key the page wrote in `expect:` (for Gleek: `net`, `points`, a phase such as
//! `turn-up`, with its `player`, or `pot`, `box`; for Put: `scores` with its `player` and its
//! `deal`, counted from 1, `games`, `winner`...), or `deal` (whether the scenario is playable at
//! all) with `player` null. `deal` is null unless the figure is taken after a given deal.
//! `message` is null for a verdict that passed.

use super::CheckRun;
use crate::diagnostic::{Diagnostic, Location};
use serde::Serialize;

/// The version of the document's shape.
pub const VERSION: u32 = 1;

#[derive(Serialize)]
struct Document<'a> {
    format: &'static str,
    version: u32,
    status: &'static str,
    scenarios: usize,
    variants: usize,
    evaluations: usize,
    passed: usize,
    failed: usize,
    verdicts: Vec<VerdictJson<'a>>,
    errors: Vec<ErrorJson<'a>>,
    misquotes: Vec<ErrorJson<'a>>,
}

#[derive(Serialize)]
struct VerdictJson<'a> {
    scenario: &'a str,
    variant: &'a str,
    figure: &'static str,
    player: Option<&'a str>,
    deal: Option<u32>,
    expected: &'a str,
    found: &'a str,
    passed: bool,
    #[serde(flatten)]
    at: At,
    message: Option<&'a str>,
}

#[derive(Serialize)]
struct ErrorJson<'a> {
    #[serde(flatten)]
    at: At,
    message: &'a str,
    notes: &'a [String],
}

#[derive(Serialize)]
struct At {
    file: String,
    line: usize,
    column: usize,
}

impl At {
    fn of(location: &Location) -> At {
        At {
            file: super::file_of(location),
            line: location.line,
            column: location.column(),
        }
    }
}

/// The document, pretty-printed, with a final newline.
pub fn render(run: &CheckRun) -> String {
    let report = run.report;
    let verdicts = report
        .verdicts
        .iter()
        .map(|v| {
            let (figure, player) = run.figure(v);
            VerdictJson {
                scenario: &v.scenario,
                variant: &v.variant,
                figure,
                player,
                deal: v.figures.first().and_then(|(f, _)| f.deal).map(|d| d + 1),
                expected: &v.expected,
                found: &v.found,
                passed: v.passed,
                at: At::of(&v.location),
                message: v.diagnostic.as_ref().map(|d| d.message.as_str()),
            }
        })
        .collect();
    let errors = run.errors.iter().map(error).collect();
    let misquotes = run.misquotes.iter().map(error).collect();
    let doc = Document {
        format: "mournival-check",
        version: VERSION,
        status: run.status(),
        scenarios: report.scenarios,
        variants: run.variants,
        evaluations: report.evaluations,
        passed: report.passed(),
        failed: report.failed(),
        verdicts,
        errors,
        misquotes,
    };
    let mut out = serde_json::to_string_pretty(&doc).expect("plain data serializes");
    out.push('\n');
    out
}

fn error(d: &Diagnostic) -> ErrorJson<'_> {
    ErrorJson {
        at: At::of(&d.location),
        message: &d.message,
        notes: &d.notes,
    }
}
