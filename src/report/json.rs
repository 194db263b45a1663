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
//! `message` is null for a verdict that passed. `rests-on` lists the rule points switched to
//! judge the verdict (for `undetermined`, each that moves the figure while the deal is played;
//! for `one-of`, each open alternative), each as `{"point", "choice", "why": "open"|"assumed",
//! "found"}`.

use super::CheckRun;
use crate::check::words::{self, Ids};
use crate::check::{Switch, Verdict};
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
    expected: String,
    found: String,
    /// The rule points switched to judge the verdict, and what the deal gives under each.
    #[serde(rename = "rests-on")]
    rests_on: Vec<SwitchJson>,
    passed: bool,
    #[serde(flatten)]
    at: At,
    message: Option<String>,
}

#[derive(Serialize)]
struct SwitchJson {
    point: &'static str,
    choice: &'static str,
    /// `open` (an alternative the reading lists) or `assumed` (another choice of a point it
    /// assumes).
    why: &'static str,
    found: String,
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
            let (expected, found) = run.expected_found(v);
            VerdictJson {
                scenario: &v.scenario,
                variant: &v.variant,
                figure,
                player,
                deal: v.figures.first().and_then(|f| f.deal).map(|d| d + 1),
                expected,
                found,
                rests_on: switches(run, v),
                passed: v.passed(),
                at: At::of(&v.location),
                message: run.diagnostic(v).map(|d| d.message),
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

fn switches(run: &CheckRun, v: &Verdict) -> Vec<SwitchJson> {
    let Some(head) = run.head(v) else {
        return Vec::new();
    };
    v.switches
        .iter()
        .map(|s| SwitchJson {
            point: s.point.id(),
            choice: s.choice_id(),
            why: match s.why {
                Switch::Open => "open",
                Switch::Assumed => "assumed",
            },
            found: words::found_under(v, s, head, &Ids),
        })
        .collect()
}

fn error(d: &Diagnostic) -> ErrorJson<'_> {
    ErrorJson {
        at: At::of(&d.location),
        message: &d.message,
        notes: &d.notes,
    }
}
