//! The engine's calls for the browser (`wasm/API.md`): JSON in, JSON out, so that the
//! WebAssembly module (`wasm/`) is a thin C-ABI shell over this module and every figure, text
//! and error is made by the same Rust as `check` and `explain`. Built natively too, and tested
//! here.
//!
//! An engine holds one game and its readings (a module per game keeps each page's load small).
//! A request is `{"call": "readings" | "evaluate" | "deal", ...}`; the answer is
//! `{"ok": true, "value": ...}`, or `{"ok": false, "error": "..."}` for a request the API does
//! not allow (an unknown call, reading or rule point). A scenario block that cannot be read is
//! no such error: `evaluate` answers with its located errors.

use crate::check::{self, unknown_variants};
use crate::diagnostic::Diagnostic;
use crate::game::{Game, Scenario};
use crate::report::CheckRun;
use crate::report::json as check_json;
use crate::rules::Point;
use crate::variant::{Readings, Variant, VariantSet};
use crate::yaml::YamlText;
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The largest scenario block `evaluate` reads, in bytes: a page's block is a few kilobytes.
pub const MAX_BLOCK: usize = 256 * 1024;

/// A bundled reading file: its name and its text.
pub type Bundled = (&'static str, &'static str);

/// A game and its readings, loaded once from the files bundled into the module.
pub struct Engine {
    game: &'static dyn Game,
    set: VariantSet,
}

#[derive(Deserialize)]
#[serde(tag = "call", rename_all = "lowercase", deny_unknown_fields)]
enum Request {
    Readings,
    Evaluate {
        yaml: String,
        #[serde(default)]
        options: Options,
    },
    Deal {
        seed: u64,
    },
}

/// `evaluate`'s options: points set per reading, and the readings to play.
#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Options {
    #[serde(default)]
    set: BTreeMap<String, BTreeMap<String, String>>,
    readings: Option<Vec<String>>,
}

impl Engine {
    /// Loads a game's bundled readings (`variants/<game>/`); an invalid file is reported in
    /// `check`'s words.
    pub fn new(game: &'static dyn Game, files: &[Bundled]) -> Result<Engine, String> {
        let files: Vec<(PathBuf, Arc<str>)> = files
            .iter()
            .map(|(name, text)| {
                let path = Path::new("variants").join(game.id()).join(name);
                (path, Arc::from(*text))
            })
            .collect();
        let set = VariantSet::from_files(files, game.points()).map_err(|e| messages(&e))?;
        Ok(Engine { game, set })
    }

    /// Answers one request (see the module's doc).
    pub fn call(&self, request: &str) -> String {
        let answer = serde_json::from_str::<Request>(request)
            .map_err(|e| format!("a request the engine does not understand: {e}"))
            .and_then(|r| self.answer(r));
        match answer {
            Ok(value) => json!({"ok": true, "value": value}).to_string(),
            Err(error) => failure(&error),
        }
    }

    fn answer(&self, request: Request) -> Result<Value, String> {
        match request {
            Request::Readings => Ok(readings(&self.set)),
            Request::Evaluate { yaml, options } => self.evaluate(yaml, &options),
            Request::Deal { seed } => self.deal(seed),
        }
    }

    /// A random deal as a scenario block: what `mournival deal --game G --seed S` prints
    /// between its fences.
    fn deal(&self, seed: u64) -> Result<Value, String> {
        let chosen: Vec<&Variant> = self.set.variants.iter().collect();
        let yaml = crate::simulate::deal_yaml(self.game, &chosen, None, seed, 0)
            .map_err(|e| e.to_string())?;
        Ok(json!({"seed": seed, "yaml": yaml}))
    }

    /// One scenario block under the readings asked for, with their points set.
    fn evaluate(&self, yaml: String, options: &Options) -> Result<Value, String> {
        let game = self.game;
        let readings = self.with_options(options)?;
        if yaml.len() > MAX_BLOCK {
            let error = format!(
                "the block is {} bytes; a scenario block may have at most {MAX_BLOCK}",
                yaml.len()
            );
            return Ok(
                json!({"ok": false, "errors": [{"line": 1, "column": 1, "message": error, "notes": []}], "scenarios": []}),
            );
        }
        let text = YamlText::whole_file(Path::new("scenario"), Arc::from(yaml));
        let scenario: Arc<dyn Scenario> = match game.parse(&text) {
            Ok(s) => Arc::from(s),
            Err(errors) => return Ok(invalid(&errors)),
        };
        let scenarios = [scenario];
        let all = Readings {
            sets: vec![(game, self.set.clone())],
        };
        let unknown = unknown_variants(&scenarios, &all);
        if !unknown.is_empty() {
            return Ok(invalid(&unknown));
        }
        let s = scenarios[0].as_ref();
        let set = readings.of(game);
        let report = check::check(&scenarios, &readings);
        let run = CheckRun::checked(&report, &scenarios, &readings);
        let table = check_json::table(s, &set.variants);
        Ok(json!({
            "ok": true,
            "errors": [],
            "scenarios": [{
                "id": s.head().id,
                "columns": columns(set, options),
                "rows": table.rows,
                "ledgers": table.ledgers,
                "expectations": check_json::verdicts(&run),
            }],
        }))
    }

    /// The game's readings, restricted to those asked for, with their points set.
    fn with_options(&self, options: &Options) -> Result<Readings, String> {
        let game = self.game;
        let mut set = self.set.clone();
        for id in options.set.keys().chain(options.readings.iter().flatten()) {
            if set.get(id).is_none() {
                return Err(format!(
                    "`{id}` is not a reading of {}; the readings are {}",
                    game.name(),
                    set.ids().join(", ")
                ));
            }
        }
        for (id, points) in &options.set {
            let v = set
                .variants
                .iter_mut()
                .find(|v| &v.id == id)
                .expect("checked");
            for (point, choice) in points {
                let (p, c) = point_choice(set.table, point, choice)?;
                v.set(p, c);
            }
        }
        if let Some(only) = &options.readings {
            set.variants.retain(|v| only.contains(&v.id));
        }
        Ok(Readings {
            sets: vec![(game, set)],
        })
    }
}

/// The answer to a request the API does not allow.
pub fn failure(error: &str) -> String {
    json!({"ok": false, "error": error}).to_string()
}

fn point_choice(
    table: crate::rules::PointTable,
    point: &str,
    choice: &str,
) -> Result<(Point, u8), String> {
    let o = crate::variant::Override {
        point: point.to_string(),
        choice: choice.to_string(),
    };
    o.resolve(table)?.ok_or_else(|| {
        format!(
            "unknown rule point `{point}`; the rule points are {}",
            table.allowed()
        )
    })
}

fn messages(errors: &[Diagnostic]) -> String {
    errors
        .iter()
        .map(|d| {
            format!(
                "{}:{}:{}: {}",
                d.location.file.display(),
                d.location.line,
                d.location.column(),
                d.message
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// `evaluate`'s answer for a block that cannot be read: every error, located in the block.
fn invalid(errors: &[Diagnostic]) -> Value {
    let errors: Vec<Value> = errors
        .iter()
        .map(|d| json!({"line": d.location.line, "column": d.location.column(), "message": d.message, "notes": d.notes}))
        .collect();
    json!({"ok": false, "errors": errors, "scenarios": []})
}

/// Every reading with every rule point: its choice and the evidence for it.
fn readings(set: &VariantSet) -> Value {
    let readings: Vec<Value> = set
        .variants
        .iter()
        .map(|v| {
            let points: Vec<Value> = set.table.all().map(|p| point(v, p)).collect();
            json!({
                "id": v.id, "name": v.name(), "title": v.title, "author": v.author,
                "date": v.date, "kind": v.kind.id(), "citation": v.citation,
                "summary": v.summary, "points": points,
            })
        })
        .collect();
    Value::Array(readings)
}

fn point(v: &Variant, p: Point) -> Value {
    let def = p.def();
    let c = v.choice(p);
    let choices: Vec<Value> = def
        .choices
        .iter()
        .map(|ch| json!({"id": ch.id, "summary": ch.summary}))
        .collect();
    let open: Vec<&str> = c
        .alternatives
        .iter()
        .map(|&a| def.choices[a as usize].id)
        .collect();
    json!({
        "id": def.id, "question": def.question, "section": def.section, "choices": choices,
        "chosen": v.rules.choice_id(p), "open": open, "evidence": c.evidence.id(),
        "quote": c.quote, "cite": c.cite, "note": c.note,
    })
}

/// The readings played, in the table's order, with the points set on each.
fn columns(set: &VariantSet, options: &Options) -> Value {
    let columns: Vec<Value> = set
        .variants
        .iter()
        .map(|v| {
            let set = options.set.get(&v.id).cloned().unwrap_or_default();
            json!({"id": v.id, "name": v.name(), "set": set})
        })
        .collect();
    Value::Array(columns)
}
