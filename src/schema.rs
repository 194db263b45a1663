//! JSON Schemas (draft 2020-12) for scenario and variant files of every game, so that an editor
//! can check and complete them as they are typed.
//!
//! The schemas are built as `serde_json` values rather than derived (with schemars): the scenario
//! parsers read hand-written shapes (a list written as one string or as a sequence, a figure as a
//! number or a word, `play:` in three forms), which a derive would not describe, and the rule
//! points and their choices come from each game's table at run time. Hand-written `JsonSchema`
//! impls for every shape would be as long as this module, behind a new dependency. This module
//! holds the shapes every game shares and the variant schema; each game describes its own
//! scenario format ([`Game::scenario_schema`]) with them.
//!
//! A schema must accept exactly what `check` reads: `tests/schema.rs` generates `expect:` blocks
//! for every game and requires the schema and the reader to agree on each. It is looser only
//! where JSON Schema cannot say more of one scenario: a player named in `hands:` or `expect:`
//! must sit at the table, bounds must be in order, a figure may be expected once, and names are
//! compared without regard to case. `expect:` may name only the project's readings (given by
//! the caller, as `mournival schema` does).

use crate::expect::{MAX_OPTIONS, Vocabulary};
use crate::game::Game;
use crate::located::{MAX_ID, MAX_NAME};
use crate::money::Money;
use crate::rules::{PointDef, PointTable};
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

    fn id(self) -> &'static str {
        match self {
            Which::Scenario => "scenario",
            Which::Variant => "variant",
        }
    }
}

/// One schema: a kind of file of one game.
#[derive(Clone, Debug)]
pub struct Schema {
    pub game: &'static dyn Game,
    pub which: Which,
    /// The project's readings of the game, which alone `expect:` may name (`check` refuses any
    /// other); empty when the project has none yet, and then any id is allowed.
    pub variants: Vec<String>,
}

impl Schema {
    /// `gleek.scenario.schema.json`, `put.variant.schema.json`.
    pub fn file_name(&self) -> String {
        format!("{}.{}.schema.json", self.game.id(), self.which.id())
    }

    pub fn schema(&self) -> Value {
        match self.which {
            Which::Scenario => {
                let mut schema = self.game.scenario_schema();
                if !self.variants.is_empty() {
                    schema["properties"]["expect"]["propertyNames"] = variant_keys(&self.variants);
                }
                schema
            }
            Which::Variant => variant(self.game),
        }
    }

    /// The schema as written to a file: pretty JSON with a final newline.
    pub fn text(&self) -> String {
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
pub fn write(dir: &Path, schemas: &[Schema]) -> Result<Vec<PathBuf>, SchemaError> {
    let texts: Vec<(String, String)> = schemas.iter().map(|s| (s.file_name(), s.text())).collect();
    let paths: Vec<PathBuf> = texts.iter().map(|(name, _)| dir.join(name)).collect();
    for path in &paths {
        // Only a regular file is read (a FIFO would block): anything else is not ours.
        let ours = match std::fs::symlink_metadata(path) {
            Err(_) => true,
            Ok(m) if !m.is_file() => false,
            Ok(_) => std::fs::read_to_string(path).is_ok_and(|text| text.contains(MARK)),
        };
        if !ours {
            return Err(SchemaError::NotOurs(path.clone()));
        }
    }
    let werr = |path: &Path| {
        let path = path.to_path_buf();
        move |source| SchemaError::Write { path, source }
    };
    std::fs::create_dir_all(dir).map_err(werr(dir))?;
    for ((name, text), path) in texts.iter().zip(&paths) {
        // A whole file or none: written beside, then renamed over.
        let fresh = dir.join(format!(".{name}.{}", std::process::id()));
        std::fs::write(&fresh, text).map_err(werr(&fresh))?;
        std::fs::rename(&fresh, path).map_err(|e| {
            let _ = std::fs::remove_file(&fresh);
            werr(path)(e)
        })?;
    }
    Ok(paths)
}

/// What a game's scenario schema says of itself; [`scenario`] adds what every game shares.
pub struct ScenarioShape {
    /// The game's name, for the title: `Gleek`.
    pub game: &'static str,
    pub description: &'static str,
    /// Who sits at the table: `Three to six players, clockwise.`
    pub seats: &'static str,
    pub players: std::ops::RangeInclusive<usize>,
    /// The game's own required keys, beside `id` and `seats`.
    pub required: &'static [&'static str],
    pub vocabulary: &'static Vocabulary,
    pub points: PointTable,
    /// The game's own keys, as a JSON object of properties.
    pub properties: Value,
}

/// A scenario schema: the game's own keys, and `id`, `title`, `notes`, `seats` and `expect`.
pub fn scenario(shape: ScenarioShape) -> Value {
    let mut required = vec!["id", "seats"];
    required.extend(shape.required);
    let mut properties = json!({
        "id": {
            "description": format!("Unique across the site: letters, digits, hyphens and underscores, at most {MAX_ID}."),
            "type": "string",
            "pattern": format!("^\\s*[A-Za-z0-9_-]{{1,{MAX_ID}}}\\s*$"),
        },
        "title": {"type": "string"},
        "notes": {"type": "string"},
        "seats": seats(&shape),
        "expect": {
            "description": "Per variant id (one key may name several, separated by spaces): the figures the page expects.",
            "type": "object",
            "additionalProperties": expectation(shape.vocabulary, shape.points),
        },
    });
    if let (Value::Object(all), Value::Object(own)) = (&mut properties, shape.properties) {
        all.extend(own);
    }
    let body = json!({
        "type": "object",
        "additionalProperties": false,
        "required": required,
        "properties": properties,
    });
    document(
        &format!("Mournival scenario ({})", shape.game),
        shape.description,
        body,
    )
}

/// The names at the table: as many as the game seats, each at most [`MAX_NAME`] characters, each
/// once, none a word of the `expect:` block. (`check` also compares names without regard to case.)
fn seats(shape: &ScenarioShape) -> Value {
    let (least, most) = (*shape.players.start(), *shape.players.end());
    let name = format!("[^\\s,]{{1,{MAX_NAME}}}");
    let reserved: Vec<&str> = shape.vocabulary.reserved().collect();
    let not_reserved = json!({"not": {"pattern": any_case(&reserved)}});
    json!({
        "description": shape.seats,
        "anyOf": [
            {
                "type": "string",
                "pattern": format!("^[\\s,]*(?:{name}(?:[\\s,]+|$)){{{least},{most}}}$"),
                "not": {"pattern": format!("(?:^|[\\s,])(?:{})(?:[\\s,]|$)", bare(&any_case(&reserved)))},
            },
            {
                "type": "array",
                "items": {"type": "string", "pattern": format!("^\\s*{name}\\s*$"), "allOf": [not_reserved]},
                "minItems": least,
                "maxItems": most,
                "uniqueItems": true,
            },
        ],
    })
}

/// The alternatives of a whole-string pattern from [`any_case`], without its anchors.
fn bare(pattern: &str) -> &str {
    pattern
        .strip_prefix("^\\s*")
        .and_then(|p| p.strip_suffix("\\s*$"))
        .expect("a pattern from any_case")
}

/// The keys of `expect:`: one or more of the project's variant ids, separated by spaces or commas.
fn variant_keys(ids: &[String]) -> Value {
    let id = format!("(?:{})", ids.join("|"));
    json!({
        "description": "One or more of the game's variant ids, separated by spaces or commas.",
        "pattern": format!("^[\\s,]*{id}(?:[\\s,]+{id})*[\\s,]*$"),
    })
}

/// One card (matching `card`, from [`card_pattern`]).
pub fn one_card(card: &str, description: &str) -> Value {
    json!({
        "description": description,
        "type": "string",
        "pattern": format!("^\\s*{card}\\s*$"),
    })
}

/// A schema document around a body of properties.
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
pub fn any_case(words: &[&str]) -> String {
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

/// A card pattern for the given ranks (a character class such as `[2-9]`, beside `A K Q J T 10`):
/// `AS`, `TH`, `10h`, `K♦`.
pub fn card_pattern(low_ranks: &str) -> String {
    format!("(?:[AaKkQqJjTt]|10|{low_ranks})[SsHhDdCc♠♤♥♡♦♢♣♧]")
}

/// Cards (matching `card`, from [`card_pattern`]) written as one string (`AS KS, QS`) or as a
/// list of them.
pub fn cards(card: &str, description: &str) -> Value {
    let list = format!("^[\\s,]*(?:{card}(?:[\\s,]+|$))*$");
    json!({
        "description": description,
        "anyOf": [
            {"type": "string", "pattern": list},
            {"type": "array", "items": {"type": "string", "pattern": list}},
        ],
    })
}

/// Each player's hand, as dealt: `description` for the map, `each` for one hand.
pub fn hands(
    card: &str,
    players: &std::ops::RangeInclusive<usize>,
    description: &str,
    each: &str,
) -> Value {
    json!({
        "description": description,
        "type": "object",
        "minProperties": players.start(),
        "maxProperties": players.end(),
        "additionalProperties": cards(card, each),
    })
}

/// Calls or names written as one string or a list of strings.
pub fn words(description: &str) -> Value {
    json!({
        "description": description,
        "anyOf": [
            {"type": "string"},
            {"type": "array", "items": {"type": ["string", "number"]}},
        ],
    })
}

/// An amount to the half unit, at most [`Money::LIMIT_UNITS`] either way: `3`, `+3`, `-2½`,
/// `2.5`, `-1 1/2`.
pub fn money() -> Value {
    const _: () = assert!(
        Money::LIMIT_UNITS == 1_000_000_000,
        "the pattern below says 10^9"
    );
    let limit = Money::LIMIT_UNITS as f64;
    json!({
        "anyOf": [
            {"type": "number", "multipleOf": 0.5, "minimum": -limit, "maximum": limit},
            {
                "type": "string",
                "pattern": "^\\s*[-+−]?\\s*(?:\\d{1,9}(?:\\.(?:5|0)0*)?|1000000000(?:\\.0+)?|(?:\\d{1,9}\\s*)?(?:½|1/2))\\s*$",
            },
        ],
    })
}

/// Calls or bets written as one string or a list, none a number over 1,000 (the most a bid or a
/// bet may be).
pub fn calls(description: &str) -> Value {
    // A number over 1000, standing apart from other digits.
    let over = "(?:^|[^\\d])0*(?:[1-9]\\d{4,}|[2-9]\\d{3}|1\\d\\d[1-9]|1\\d[1-9]\\d|1[1-9]\\d\\d)(?:[^\\d]|$)";
    let call = json!({"type": "string", "not": {"pattern": over}});
    json!({
        "description": description,
        "anyOf": [
            call,
            {"type": "array", "items": {"anyOf": [call, {"type": "integer", "minimum": 0, "maximum": 1000}]}},
        ],
    })
}

pub fn yes_no() -> Value {
    json!({
        "anyOf": [
            {"type": "boolean"},
            {"type": "string", "pattern": any_case(&["yes", "no", "true", "false", "played", "left-out", "on", "off"])},
        ],
    })
}

/// Where a map of figures stands: a variant's own, one round's of an evening (where neither
/// `unplayable` nor `rounds` belongs), or an option of a `one-of` (where neither `undetermined`
/// nor another `one-of` belongs).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Level {
    Variant,
    Round,
    Option,
}

/// An amount a page expects: a figure, a bound (`{at-least: 16}`), or, at a variant's own
/// figures, `undetermined` (the sources give none).
fn amount(level: Level) -> Value {
    let bounds = json!({
        "type": "object",
        "additionalProperties": false,
        "minProperties": 1,
        "properties": {"at-least": money(), "at-most": money()},
    });
    match level {
        Level::Variant | Level::Round => {
            json!({"anyOf": [money(), {"const": "undetermined"}, bounds]})
        }
        Level::Option => json!({"anyOf": [money(), bounds]}),
    }
}

/// A list of from two to [`MAX_OPTIONS`] options.
fn options(item: Value) -> Value {
    json!({"type": "array", "minItems": 2, "maxItems": MAX_OPTIONS, "items": item})
}

/// A figure per player (`{Ann: +3, Ben: -3}`); at a variant's own figures also `undetermined`,
/// or `{one-of: [maps]}`.
fn per_player(level: Level) -> Value {
    let map = json!({"type": "object", "not": {"required": ["one-of"]}, "additionalProperties": amount(level)});
    match level {
        Level::Variant | Level::Round => json!({
            "anyOf": [
                {"const": "undetermined"},
                {
                    "type": "object",
                    "additionalProperties": false,
                    "required": ["one-of"],
                    "properties": {"one-of": options(per_player(Level::Option))},
                },
                map,
            ],
        }),
        Level::Option => map,
    }
}

/// `unplayable` as a key: the rule point that forbids the first action, or every forbidden
/// action's in order, or nothing.
fn unplayable(ids: &[&str]) -> Value {
    json!({
        "description": "Not playable under this reading: the rule point that forbids the first action, or every forbidden action's in order.",
        "anyOf": [{"type": "null"}, {"enum": ids}, {"type": "array", "items": {"enum": ids}}],
    })
}

/// A map of figures: a variant's own, or one option of its `one-of`.
fn figures(vocabulary: &Vocabulary, ids: &[&str], level: Level) -> Value {
    let mut keys = serde_json::Map::new();
    for key in vocabulary.per_seat {
        keys.insert(key.to_string(), per_player(level));
    }
    for key in vocabulary.scalar {
        keys.insert(key.to_string(), amount(level));
    }
    for key in vocabulary.per_deal {
        let deal = json!({"type": "object", "not": {"required": ["one-of"]}, "additionalProperties": amount(level)});
        keys.insert(key.to_string(), json!({"type": "array", "items": deal}));
    }
    // A player's name is never a word of the block, but `none` is.
    let words: Vec<&str> = vocabulary.reserved().filter(|w| *w != "none").collect();
    let seat = json!({"type": "string", "not": {"pattern": any_case(&words)}});
    let answer = json!({"anyOf": [seat, {"type": "array", "items": seat}]});
    let mut answers = vec![answer.clone()];
    if level != Level::Option {
        answers.push(json!({"const": "undetermined"}));
        answers.push(json!({
            "type": "object",
            "additionalProperties": false,
            "required": ["one-of"],
            "properties": {"one-of": options(answer)},
        }));
    }
    for key in vocabulary.seat_valued {
        keys.insert(
            key.to_string(),
            json!({
                "description": "A player's name, or `none`; a list for several; `undetermined`, or `{one-of: [Ann, Ben]}` where the sources leave it open.",
                "anyOf": answers,
            }),
        );
    }
    for (key, parts) in vocabulary.per_part {
        let names: Vec<&str> = parts.iter().map(|(p, _)| *p).collect();
        keys.insert(
            key.to_string(),
            json!({
                "description": "Amounts by place, as in {ace: 1}.",
                "type": "object",
                "propertyNames": {"pattern": any_case(&names)},
                "additionalProperties": amount(level),
            }),
        );
    }
    if level == Level::Variant
        && let Some(key) = vocabulary.per_round
    {
        keys.insert(
            key.to_string(),
            json!({
                "description": "One map of figures per round of the evening, in order.",
                "type": "array",
                "items": figures(vocabulary, ids, Level::Round),
            }),
        );
    }
    if level != Level::Option {
        let forbidden = json!({
            "type": "object",
            "additionalProperties": false,
            "required": ["unplayable"],
            "properties": {"unplayable": unplayable(ids)},
        });
        let given = json!({"allOf": [figures(vocabulary, ids, Level::Option), {"not": {"required": ["unplayable"]}}]});
        let option = match level {
            Level::Variant => {
                keys.insert("unplayable".into(), unplayable(ids));
                json!({"anyOf": [forbidden, given]})
            }
            _ => given,
        };
        keys.insert(
            "one-of".into(),
            json!({
                "description": "The figures under the reading's choice or one of its alternatives: each a map of figures as above, or `{unplayable: point}` where an alternative forbids the deal.",
                "allOf": [options(option)],
            }),
        );
    }
    // A player's name alone is a net, where the game has nets.
    let others = if vocabulary.per_seat.contains(&"net") {
        amount(level)
    } else {
        json!(false)
    };
    // A key that is not a figure of this level may be a player's name, which is never a word
    // of the block.
    let names: Vec<String> = keys.keys().cloned().collect();
    let reserved: Vec<&str> = vocabulary.reserved().collect();
    let mut map = json!({
        "type": "object",
        "propertyNames": {"anyOf": [{"enum": names}, {"not": {"pattern": any_case(&reserved)}}]},
        "properties": keys,
        "additionalProperties": others,
    });
    if level == Level::Variant {
        // A `one-of` that may forbid the deal stands alone.
        map["if"] = json!({
            "required": ["one-of"],
            "properties": {"one-of": {"type": "array", "contains": {"type": "object", "required": ["unplayable"]}}},
        });
        map["then"] = json!({"maxProperties": 1});
    }
    map
}

/// `expect:` for one variant (or several named in one key): the game's figures, `unplayable`
/// or `undetermined`.
pub fn expectation(vocabulary: &Vocabulary, points: PointTable) -> Value {
    let ids: Vec<&str> = points.all().map(|p| p.id()).collect();
    let mut words = vec!["unplayable".to_string(), "undetermined".to_string()];
    words.extend(ids.iter().map(|p| format!("unplayable {p}")));
    json!({
        "anyOf": [
            {
                "description": "`unplayable` (optionally naming the rule point that forbids the deal) or `undetermined`.",
                "type": "string",
                "enum": words,
            },
            {
                "description": "Figures: a player's net (`Ann: +3`), or the game's figures by name.",
                "allOf": [figures(vocabulary, &ids, Level::Variant)],
            },
        ],
    })
}

/// One rule point in a variant file: the choice, its evidence, and what the evidence needs.
fn rule(def: &PointDef) -> Value {
    let choices: Vec<Value> = def
        .choices
        .iter()
        .map(|c| json!({"const": c.id, "description": c.summary}))
        .collect();
    let ids: Vec<&str> = def.choices.iter().map(|c| c.id).collect();
    // An assumed choice lists the others a reader could equally make, where there are others.
    let open = (ids.len() > 1).then(|| {
        json!({
            "if": {"required": ["evidence"], "properties": {"evidence": {"const": "assumed"}}},
            "then": {"required": ["alternatives"], "properties": {"alternatives": {"minItems": 1}}},
        })
    });
    let mut value = json!({
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
                "if": {"required": ["evidence"], "properties": {"evidence": {"enum": ["inferred", "assumed"]}}},
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
    });
    if let (Some(open), Some(all)) = (open, value["allOf"].as_array_mut()) {
        all.push(open);
    }
    value
}

/// The schema of a game's variant files (`variants/<game>/*.yaml`).
pub fn variant(game: &dyn Game) -> Value {
    let rules: serde_json::Map<String, Value> = game
        .points()
        .0
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
            "text": {
                "description": "The text(s) the reading is named for, by id in sources/sources.yaml: a `stated` choice quotes one of them.",
                "anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}],
            },
            "known-through": {
                "description": "The text(s) through which alone the reading is known, by id in sources/sources.yaml, when its own was not read: it then has no `stated` choice.",
                "anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}],
            },
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
        &format!("Mournival variant ({})", game.name()),
        "One reading of the rules: a choice on every rule point, with its evidence.",
        body,
    )
}
