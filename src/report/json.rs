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
//!   "outcomes": [ { "scenario": "tiddy-turned-up-paid-to-cat", "game": "gleek",
//!                   "file": "content/notebook/tiddy-turned-up.md", "line": 85, "column": 1,
//!                   "readings": ["cotgrave-1662", "…"], "rows": [ … ], "ledgers": [ … ] } ],
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
//!
//! `outcomes` holds every scenario checked, in order, played under each reading of its game:
//! where it starts, the `readings` (the order of every row's `cells` and of the `ledgers`), the
//! outcome table's `rows` and each reading's ledger, every payment with the rule point behind it
//! and the reading's evidence, and `carry`: what a scenario going on from where this one ends
//! writes at its top (Glic's `carried:`, the coins the last round leaves), or null for a game
//! whose deals do not go on that way. They are [`table`]'s, which the browser's `evaluate` answers too
//! (wasm/API.md documents the shape), so the two say the same words.

use super::CheckRun;
use crate::check::words::{self, Ids};
use crate::check::{self, Switch, Verdict};
use crate::diagnostic::{Diagnostic, Location};
use crate::game::{Outcome, Party, Row, Scenario};
use crate::variant::Variant;
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
    outcomes: Vec<OutcomeJson<'a>>,
    errors: Vec<ErrorJson<'a>>,
    misquotes: Vec<ErrorJson<'a>>,
}

/// A verdict, as `check --format json` lists it and the browser's `evaluate` answers it.
#[derive(Serialize)]
pub struct VerdictJson<'a> {
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

/// One scenario played under each reading of its game that was checked.
#[derive(Serialize)]
struct OutcomeJson<'a> {
    scenario: &'a str,
    game: &'static str,
    #[serde(flatten)]
    at: At,
    /// The readings, in the order of every row's cells and of the ledgers.
    readings: Vec<&'a str>,
    #[serde(flatten)]
    table: Table<'a>,
}

/// The outcome table's rows and every reading's ledger, in the site's words: `check --format
/// json` writes them for each scenario, and the browser's `evaluate` answers with the same.
#[derive(Serialize)]
pub struct Table<'a> {
    pub rows: Vec<RowJson>,
    pub ledgers: Vec<LedgerJson<'a>>,
}

/// A row of the outcome table: a player's standing (`kind` `net`, with the `player`), or one
/// of the game's own rows.
#[derive(Serialize)]
pub struct RowJson {
    label: String,
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    player: Option<String>,
    cells: Vec<CellJson>,
}

/// A cell, one per reading.
#[derive(Serialize)]
#[serde(untagged)]
enum CellJson {
    /// A standing: the signed figure (`null` when the reading cannot play the deal) and the
    /// text the site shows.
    Standing {
        figure: Option<String>,
        text: String,
    },
    /// A game row's text (`—` when nothing happened) and how it was made.
    Game {
        text: String,
        detail: Option<String>,
    },
}

/// Every payment under one reading, or why the reading cannot play the deal.
#[derive(Serialize)]
pub struct LedgerJson<'a> {
    reading: &'a str,
    playable: bool,
    reason: Option<String>,
    /// Each player's standing, in seat order; `null` when not playable.
    nets: Option<Vec<String>>,
    payments: Vec<PaymentJson<'a>>,
    /// What a scenario going on from this one's end writes at its top ([`crate::game::Played::carry`]).
    carry: Option<String>,
}

/// A payment, with the rule point behind it and the reading's evidence for its choice.
#[derive(Serialize)]
struct PaymentJson<'a> {
    phase: &'static str,
    payer: String,
    payee: String,
    amount: String,
    reason: String,
    point: &'static str,
    choice: &'static str,
    evidence: &'static str,
    quote: &'a str,
    cite: &'a str,
}

/// A scenario played under each of `variants`: the rows and ledgers both `check --format json`
/// and the browser's `evaluate` give.
pub fn table<'a>(s: &dyn Scenario, variants: &'a [Variant]) -> Table<'a> {
    let outcomes: Vec<Outcome> = variants
        .iter()
        .map(|v| s.play_as(&v.id, &v.rules))
        .collect();
    Table {
        rows: rows(s, &outcomes),
        ledgers: variants
            .iter()
            .zip(&outcomes)
            .map(|(v, o)| ledger(s, v, o))
            .collect(),
    }
}

/// Each player's standing, in the game's order, then the game's rows, a cell per reading.
fn rows(s: &dyn Scenario, outcomes: &[Outcome]) -> Vec<RowJson> {
    let head = s.head();
    let game = s.game();
    let mut rows: Vec<RowJson> = s
        .order()
        .into_iter()
        .map(|seat| RowJson {
            label: format!("{} {}", head.name(seat), game.standing()),
            kind: "net",
            player: Some(head.name(seat).to_string()),
            cells: outcomes
                .iter()
                .map(|o| match o.played() {
                    Some(l) => {
                        let m = l.standing()[seat.index()];
                        CellJson::Standing {
                            figure: Some(m.signed().to_string()),
                            text: game.standing_text(m),
                        }
                    }
                    None => CellJson::Standing {
                        figure: None,
                        text: "not playable".to_string(),
                    },
                })
                .collect(),
        })
        .collect();
    // Each playable reading's rows, in step: the first playable reading's give each row its label.
    let mut each: Vec<Option<std::vec::IntoIter<Row>>> = outcomes
        .iter()
        .map(|o| o.played().map(|l| l.rows(head).into_iter()))
        .collect();
    let Some(lead) = each.iter().position(Option::is_some) else {
        return rows;
    };
    while let Some(row) = each[lead].as_mut().and_then(Iterator::next) {
        let mut cells: Vec<CellJson> = (0..lead).map(|_| game_cell(None)).collect();
        cells.push(game_cell(Some((row.text, row.detail))));
        cells.extend(each[lead + 1..].iter_mut().map(|rest| {
            game_cell(
                rest.as_mut()
                    .and_then(Iterator::next)
                    .map(|r| (r.text, r.detail)),
            )
        }));
        rows.push(RowJson {
            label: row.label,
            kind: row.group,
            player: None,
            cells,
        });
    }
    rows
}

/// A game row's cell: its text and detail, or `—` where the reading has no such row.
fn game_cell(row: Option<(String, Option<String>)>) -> CellJson {
    let (text, detail) = row.unwrap_or_else(|| ("—".to_string(), None));
    CellJson::Game { text, detail }
}

/// Every payment under one reading, with the rule point behind it and the reading's evidence.
fn ledger<'a>(s: &dyn Scenario, v: &'a Variant, outcome: &Outcome) -> LedgerJson<'a> {
    let head = s.head();
    let Some(l) = outcome.played() else {
        return LedgerJson {
            reading: &v.id,
            playable: false,
            reason: Some(check::describe(outcome, s)),
            nets: None,
            payments: Vec::new(),
            carry: None,
        };
    };
    let payments = l
        .payments(head)
        .into_iter()
        .map(|p| {
            let c = v.choice(p.point);
            let party = |x: Party| x.name(head);
            PaymentJson {
                phase: p.phase,
                payer: party(p.from),
                payee: party(p.to),
                amount: p.amount.to_string(),
                reason: p.reason,
                point: p.point.id(),
                choice: v.rules.choice_id(p.point),
                evidence: c.evidence.id(),
                quote: &c.quote,
                cite: &c.cite,
            }
        })
        .collect();
    LedgerJson {
        reading: &v.id,
        playable: true,
        reason: None,
        nets: Some(
            l.standing()
                .iter()
                .map(|m| m.signed().to_string())
                .collect(),
        ),
        payments,
        carry: l.carry(),
    }
}

/// Every verdict, in the check's words.
pub fn verdicts<'a>(run: &CheckRun<'a>) -> Vec<VerdictJson<'a>> {
    run.report
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
        .collect()
}

/// The document, pretty-printed, with a final newline.
pub fn render(run: &CheckRun) -> String {
    let report = run.report;
    let outcomes = run
        .played
        .iter()
        .map(|&(s, variants)| OutcomeJson {
            scenario: &s.head().id,
            game: s.game().id(),
            at: At::of(&s.head().location),
            readings: variants.iter().map(|v| v.id.as_str()).collect(),
            table: table(s, variants),
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
        verdicts: verdicts(run),
        outcomes,
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
