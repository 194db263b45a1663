//! JSON Schemas (draft 2020-12) for scenario and variant files, so that an editor can check and
//! complete them as they are typed.
//!
//! The schemas are built here as `serde_json` values rather than derived (with schemars): the
//! scenario parser reads hand-written shapes (a list written as one string or as a sequence, a
//! figure as a number or a word, `play:` in three forms), which a derive would not describe, and
//! the rule points and their choices come from [`POINTS`] at run time. Hand-written `JsonSchema`
//! impls for every shape would be as long as this module, behind a new dependency.
//!
//! A schema is a convenience for editors: it is looser than the parser where JSON Schema cannot
//! say more (a seat named in `hands:` must sit at the table), and `mournival check` stays the
//! judge.

use crate::ledger::Phase;
use crate::rules::{POINTS, Point, PointDef};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// Marks a file this tool wrote, so that it may overwrite it and nothing else.
pub const MARK: &str = "Written by `mournival schema`; run it again rather than edit this file.";

/// The two kinds of file a schema describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Which {
    Scenario,
    Variant,
}

impl Which {
    pub const ALL: [Which; 2] = [Which::Scenario, Which::Variant];

    /// `scenario.schema.json`, `variant.schema.json`.
    pub fn file_name(self) -> &'static str {
        match self {
            Which::Scenario => "scenario.schema.json",
            Which::Variant => "variant.schema.json",
        }
    }

    pub fn schema(self) -> Value {
        match self {
            Which::Scenario => scenario(),
            Which::Variant => variant(),
        }
    }

    /// The schema as written to a file: pretty JSON with a final newline.
    pub fn text(self) -> String {
        let mut text = serde_json::to_string_pretty(&self.schema()).expect("a JSON value");
        text.push('\n');
        text
    }
}

#[derive(Debug, thiserror::Error)]
pub enum SchemaError {
    #[error("{} exists and was not written by `mournival schema`; move it or choose another --out", .0.display())]
    NotOurs(PathBuf),
    #[error("cannot write {}: {source}", path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// Writes schemas into `dir` (created if need be), replacing only files this tool wrote.
/// Every target is checked before any is written.
pub fn write(dir: &Path, which: &[Which]) -> Result<Vec<PathBuf>, SchemaError> {
    let paths: Vec<PathBuf> = which.iter().map(|w| dir.join(w.file_name())).collect();
    for path in &paths {
        match std::fs::read_to_string(path) {
            Ok(text) if !text.contains(MARK) => return Err(SchemaError::NotOurs(path.clone())),
            Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
                return Err(SchemaError::NotOurs(path.clone()));
            }
            _ if path.is_dir() || path.is_symlink() => {
                return Err(SchemaError::NotOurs(path.clone()));
            }
            _ => {}
        }
    }
    let werr = |path: &Path| {
        let path = path.to_path_buf();
        move |source| SchemaError::Write { path, source }
    };
    std::fs::create_dir_all(dir).map_err(werr(dir))?;
    for (w, path) in which.iter().zip(&paths) {
        // A whole file or none: written beside, then renamed over.
        let fresh = dir.join(format!(".{}.{}", w.file_name(), std::process::id()));
        std::fs::write(&fresh, w.text()).map_err(werr(&fresh))?;
        std::fs::rename(&fresh, path).map_err(|e| {
            let _ = std::fs::remove_file(&fresh);
            werr(path)(e)
        })?;
    }
    Ok(paths)
}

fn document(title: &str, description: &str, body: Value) -> Value {
    let mut doc = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$comment": MARK,
        "title": title,
        "description": description,
    });
    let (Value::Object(doc_map), Value::Object(body)) = (&mut doc, body) else {
        unreachable!("both are objects");
    };
    doc_map.extend(body);
    doc
}

/// A pattern matching any of `words` in any case, for words YAML reads as plain strings.
fn any_case(words: &[&str]) -> String {
    let alternatives: Vec<String> = words
        .iter()
        .map(|w| {
            w.chars()
                .map(|c| match (c.to_ascii_lowercase(), c.to_ascii_uppercase()) {
                    (l, u) if l != u => format!("[{l}{u}]"),
                    _ => c.to_string(),
                })
                .collect()
        })
        .collect();
    format!("^\\s*({})\\s*$", alternatives.join("|"))
}

/// A card of the Gleek pack (no Twos or Threes): `AS`, `TH`, `10h`, `K♦`.
const CARD: &str = "(?:[AaKkQqJjTt]|10|[4-9])[SsHhDdCc♠♤♥♡♦♢♣♧]";

/// Cards written as one string (`AS KS, QS`) or as a list of them.
fn cards(description: &str) -> Value {
    let list = format!("^[\\s,]*(?:{CARD}(?:[\\s,]+|$))*$");
    json!({
        "description": description,
        "anyOf": [
            {"type": "string", "pattern": list},
            {"type": "array", "items": {"type": "string", "pattern": list}},
        ],
    })
}

/// Calls or names written as one string or a list of strings.
fn words(description: &str) -> Value {
    json!({
        "description": description,
        "anyOf": [
            {"type": "string"},
            {"type": "array", "items": {"type": ["string", "number"]}},
        ],
    })
}

/// An amount to the half unit: `3`, `+3`, `-2½`, `2.5`, `-1 1/2`.
fn money() -> Value {
    json!({
        "anyOf": [
            {"type": "number", "multipleOf": 0.5},
            {
                "type": "string",
                "pattern": "^\\s*[-+−]?\\s*(?:\\d+(?:\\.(?:5|0)0*)?|(?:\\d+\\s*)?(?:½|1/2))\\s*$",
            },
        ],
    })
}

fn yes_no() -> Value {
    json!({
        "anyOf": [
            {"type": "boolean"},
            {"type": "string", "pattern": any_case(&["yes", "no", "true", "false", "played", "left-out", "on", "off"])},
        ],
    })
}

fn point_ids() -> Vec<&'static str> {
    Point::ids().collect()
}

/// `expect:` for one variant (or several named in one key): figures, or `unplayable`.
fn expectation() -> Value {
    let per_player = json!({"type": "object", "additionalProperties": money()});
    let mut figures = serde_json::Map::new();
    for group in ["net", "points"] {
        figures.insert(group.into(), per_player.clone());
    }
    for phase in Phase::ALL {
        figures.insert(phase.id().into(), per_player.clone());
    }
    figures.insert("pot".into(), money());
    figures.insert("box".into(), money());
    figures.insert(
        "unplayable".into(),
        json!({"description": "Not playable under this reading, because of this rule point.", "enum": point_ids()}),
    );
    let mut words = vec!["unplayable".to_string()];
    words.extend(Point::ids().map(|p| format!("unplayable {p}")));
    json!({
        "anyOf": [
            {
                "description": "`unplayable`, optionally naming the rule point that forbids the deal.",
                "type": "string",
                "enum": words,
            },
            {
                "description": "Figures: each player's net (`Ann: +3`), `net:`, `points:` or a phase per player, `pot:`, `box:`.",
                "type": "object",
                "properties": figures,
                "additionalProperties": money(),
            },
        ],
    })
}

/// The schema of a scenario: a ```gleek block, or a `.yaml` scenario file.
pub fn scenario() -> Value {
    let body = json!({
        "type": "object",
        "additionalProperties": false,
        "required": ["id", "seats", "dealer", "hands", "turn-up"],
        "properties": {
            "id": {
                "description": "Unique across the site: letters, digits, hyphens and underscores.",
                "type": "string",
                "pattern": "^\\s*[A-Za-z0-9_-]+\\s*$",
            },
            "title": {"type": "string"},
            "notes": {"type": "string"},
            "seats": {
                "description": "The three players, clockwise; the dealer's left is eldest.",
                "anyOf": [
                    {"type": "string"},
                    {"type": "array", "items": {"type": "string"}, "minItems": 3, "maxItems": 3},
                ],
            },
            "dealer": {"description": "One of the seats.", "type": "string"},
            "hands": {
                "description": "Twelve cards for each player.",
                "type": "object",
                "minProperties": 3,
                "maxProperties": 3,
                "additionalProperties": cards("Twelve cards: A K Q J 10 (or T) 9 ... 4; suits ♠ ♥ ♦ ♣ or S H D C."),
            },
            "turn-up": {
                "description": "The card turned up for trumps.",
                "type": "string",
                "pattern": format!("^\\s*{CARD}\\s*$"),
            },
            "stock": cards("The seven cards left (optional: computed from the rest)."),
            "agreed": {
                "description": "What the table agreed, where a reading makes a rule optional.",
                "type": "object",
                "additionalProperties": false,
                "properties": {"tiddy": yes_no(), "towser-tumbler": yes_no()},
            },
            "carried": {
                "description": "What an earlier deal left over.",
                "type": "object",
                "additionalProperties": false,
                "properties": {
                    "ruff-passed": {"type": "integer", "minimum": 0, "maximum": 16},
                    "pot": money(),
                },
            },
            "auction": words("Calls in order: `Ann 14, Ben pass, Cat pass`."),
            "discard": cards("The buyer's discards (seven; fewer is a short discard)."),
            "vie": words("Calls in order: vie, see, revie (see and revie) or pass, as in `Ann vie, Ben pass`."),
            "false-claims": words("Sets claimed but not held: `Ann gleek of Kings`."),
            "play": {
                "description": "`auto`, a list of tricks, or each player's cards in order.",
                "anyOf": [
                    {"type": "string", "pattern": "^\\s*auto\\s*$"},
                    {"type": "array", "items": cards("One trick.")},
                    {"type": "object", "additionalProperties": cards("A player's cards in the order played.")},
                ],
            },
            "expect": {
                "description": "Per variant id (one key may name several, separated by spaces): the figures the page expects.",
                "type": "object",
                "additionalProperties": expectation(),
            },
        },
    });
    document(
        "Mournival scenario (Gleek)",
        "A deal and what the players did, with the figures each reading should give.",
        body,
    )
}

/// One rule point in a variant file: the choice, its evidence, and what the evidence needs.
fn rule(def: &PointDef) -> Value {
    let choices: Vec<Value> = def
        .choices
        .iter()
        .map(|c| json!({"const": c.id, "description": c.summary}))
        .collect();
    let ids: Vec<&str> = def.choices.iter().map(|c| c.id).collect();
    json!({
        "description": format!("{}\n\n{}", def.question, def.doc.trim()),
        "type": "object",
        "additionalProperties": false,
        "required": ["choice", "evidence"],
        "properties": {
            "choice": {"oneOf": choices},
            "evidence": {"enum": ["stated", "reported", "inferred", "assumed"]},
            "quote": {"type": "string"},
            "cite": {"description": "The page or URL.", "type": "string"},
            "note": {"type": "string"},
            "alternatives": {
                "description": "Other choices the source leaves open.",
                "type": "array",
                "items": {"enum": ids},
                "uniqueItems": true,
            },
        },
        "allOf": [
            {
                "if": {"required": ["evidence"], "properties": {"evidence": {"const": "assumed"}}},
                "then": {"required": ["note"], "properties": {"note": {"pattern": "\\S"}}},
            },
            {
                "if": {"required": ["evidence"], "properties": {"evidence": {"enum": ["stated", "reported"]}}},
                "then": {
                    "required": ["quote", "cite"],
                    "properties": {"quote": {"pattern": "\\S"}, "cite": {"pattern": "\\S"}},
                },
            },
        ],
    })
}

/// The schema of a variant file (`variants/gleek/*.yaml`).
pub fn variant() -> Value {
    let rules: serde_json::Map<String, Value> = POINTS
        .iter()
        .map(|def| (def.id.to_string(), rule(def)))
        .collect();
    let body = json!({
        "type": "object",
        "additionalProperties": false,
        "required": ["id", "title", "author", "date", "kind", "citation"],
        "properties": {
            "id": {
                "description": "Lower-case letters, digits and hyphens, as in `cotton-1674`.",
                "type": "string",
                "pattern": "^\\s*[a-z0-9-]+\\s*$",
            },
            "title": {"type": "string"},
            "author": {"type": "string"},
            "date": {"type": ["string", "integer"]},
            "kind": {"enum": ["primary-source", "secondary-report", "modern-reconstruction"]},
            "citation": {"type": "string"},
            "based-on": {
                "description": "A variant id to inherit every rule point this file does not set.",
                "type": "string",
            },
            "summary": {"type": "string"},
            "rules": {
                "description": "A choice for every rule point (or inherited through `based-on`).",
                "type": "object",
                "additionalProperties": false,
                "properties": rules,
            },
        },
    });
    document(
        "Mournival variant (Gleek)",
        "One reading of the rules: a choice on every rule point, with its evidence.",
        body,
    )
}
