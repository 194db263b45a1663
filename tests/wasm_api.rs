//! The browser engine's JSON calls (`mournival::wasm`, wasm/API.md), natively: the same words
//! and figures as the CLI's code paths, in the shape wasm/API.md documents.

use mournival::game::Game;
use mournival::games::GAMES;
use mournival::games::gleek::Gleek;
use mournival::wasm::{Bundled, Engine};
use serde_json::{Value, json};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// A game's bundled readings, as the module's build script lists them.
fn engine_of(game: &'static dyn Game) -> Engine {
    let dir = Path::new("variants").join(game.id());
    let mut files: Vec<Bundled> = std::fs::read_dir(&dir)
        .expect("variants/<game>")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .map(|p| {
            let name: &'static str = p.file_name().unwrap().to_str().unwrap().to_owned().leak();
            let text: &'static str = std::fs::read_to_string(&p).unwrap().leak();
            (name, text)
        })
        .collect();
    files.sort();
    Engine::new(game, &files).expect("the bundled readings are valid")
}

fn engine() -> Engine {
    engine_of(&Gleek)
}

fn call(e: &Engine, request: Value) -> Value {
    let answer: Value = serde_json::from_str(&e.call(&request.to_string())).expect("JSON");
    assert_eq!(answer["ok"], true, "{answer}");
    answer["value"].clone()
}

fn refused(e: &Engine, request: Value) -> String {
    let answer: Value = serde_json::from_str(&e.call(&request.to_string())).expect("JSON");
    assert_eq!(answer["ok"], false, "{answer}");
    answer["error"].as_str().expect("an error").to_string()
}

const DEAL: &str = "id: tiddy
seats: [Ann, Ben, Cat]
dealer: Cat
hands:
  Ann: AS KS QS JS TS 9S AH KH QH JH TH 9H
  Ben: AD KD QD JD TD 9D AC KC QC JC TC 9C
  Cat: 8S 7S 6S 5S 8H 7H 6H 5H 8D 7D 6D 5D
turn-up: 4H
";

#[test]
fn readings_lists_every_bundled_reading_with_its_choice_on_every_point() {
    let readings = call(&engine(), json!({"call": "readings"}));
    let ids: Vec<&str> = readings
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert!(
        ids.contains(&"cotton-1674") && ids.contains(&"parlett"),
        "{ids:?}"
    );
    let cotton = readings
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == "cotton-1674")
        .unwrap();
    assert_eq!(
        cotton["points"].as_array().unwrap().len(),
        Gleek.points().len()
    );
    let tiddy = cotton["points"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == "tiddy-turned-up")
        .unwrap();
    let chosen = tiddy["chosen"].as_str().unwrap();
    assert!(
        tiddy["choices"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["id"] == chosen)
    );
}

#[test]
fn evaluate_plays_every_reading_and_a_point_set_changes_its_column() {
    let e = engine();
    let plain = call(&e, json!({"call": "evaluate", "yaml": DEAL}));
    assert_eq!(plain["ok"], true, "{plain}");
    let s = &plain["scenarios"][0];
    let n = s["columns"].as_array().unwrap().len();
    assert_eq!(s["ledgers"].as_array().unwrap().len(), n);
    assert_eq!(s["rows"][0]["label"], "Ann net");
    let set = json!({"cotton-1674": {"tiddy-turned-up": "none"}});
    let cotton = |v: &Value| {
        let k = v["scenarios"][0]["columns"]
            .as_array()
            .unwrap()
            .iter()
            .position(|c| c["id"] == "cotton-1674")
            .unwrap();
        v["scenarios"][0]["ledgers"][k].clone()
    };
    let flipped = call(
        &e,
        json!({"call": "evaluate", "yaml": DEAL, "options": {"set": set, "readings": ["cotton-1674"]}}),
    );
    assert_eq!(
        flipped["scenarios"][0]["columns"].as_array().unwrap().len(),
        1
    );
    assert_eq!(
        flipped["scenarios"][0]["columns"][0]["set"]["tiddy-turned-up"],
        "none"
    );
    let turn_up = |l: &Value| {
        l["payments"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| p["point"] == "tiddy-turned-up")
            .count()
    };
    assert!(turn_up(&cotton(&plain)) > 0, "{}", cotton(&plain));
    assert_eq!(turn_up(&cotton(&flipped)), 0, "{}", cotton(&flipped));
}

#[test]
fn a_block_that_cannot_be_read_gives_the_checks_located_errors() {
    let e = engine();
    let yaml = DEAL.replace("dealer: Cat", "dealer: Dan");
    let answer = call(&e, json!({"call": "evaluate", "yaml": yaml}));
    assert_eq!(answer["ok"], false);
    let text = mournival::yaml::YamlText::whole_file(std::path::Path::new("scenario"), yaml.into());
    let errors = Gleek.parse(&text).expect_err("Dan does not sit");
    assert_eq!(answer["errors"][0]["message"], errors[0].message);
    assert_eq!(answer["errors"][0]["line"], errors[0].location.line);
    assert_eq!(answer["errors"][0]["column"], errors[0].location.column());
}

#[test]
fn unknown_readings_and_points_are_refused_naming_what_is_allowed() {
    let e = engine();
    let no_reading = refused(
        &e,
        json!({"call": "evaluate", "yaml": DEAL, "options": {"readings": ["nobody"]}}),
    );
    assert!(no_reading.contains("cotton-1674"), "{no_reading}");
    let no_point = refused(
        &e,
        json!({"call": "evaluate", "yaml": DEAL, "options": {"set": {"parlett": {"tidy": "x"}}}}),
    );
    assert!(no_point.contains("tiddy-turned-up"), "{no_point}");
    assert!(refused(&e, json!({"call": "shuffle"})).contains("does not understand"));
}

#[test]
fn deal_gives_the_deal_commands_block_for_the_seed() {
    let e = engine();
    let dealt = call(&e, json!({"call": "deal", "seed": 7}));
    let out = assert_cmd::Command::cargo_bin("mournival")
        .unwrap()
        .args(["deal", "--game", "gleek", "--seed", "7"])
        .output()
        .unwrap();
    let cli = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        cli,
        format!("```gleek\n{}```\n", dealt["yaml"].as_str().unwrap())
    );
    let played = call(&e, json!({"call": "evaluate", "yaml": dealt["yaml"]}));
    assert_eq!(played["ok"], true, "{played}");
}

/// `check --format json` on a page: the document.
fn check_json(page: &str) -> Value {
    let out = assert_cmd::Command::cargo_bin("mournival")
        .unwrap()
        .args(["check", "--format", "json", page])
        .output()
        .unwrap();
    serde_json::from_slice(&out.stdout).expect("check's JSON")
}

#[test]
fn evaluate_gives_the_rows_and_ledgers_of_check_format_json() {
    // Three scenarios, readings that cannot play them, figures that rest on open points.
    let page = "content/notebook/no-vie.md";
    let doc = check_json(page);
    let pages = mournival::project::load_pages(Path::new("."), Path::new(page)).expect("the page");
    let e = engine();
    let mut compared = 0;
    for s in &pages[0].scenarios {
        let id = &s.head().id;
        let outcome = doc["outcomes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| &o["scenario"] == id)
            .unwrap_or_else(|| panic!("{id} is not in check's outcomes"));
        let answer = call(&e, json!({"call": "evaluate", "yaml": s.head().yaml}));
        let mine = &answer["scenarios"][0];
        let columns: Vec<&Value> = mine["columns"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| &c["id"])
            .collect();
        let readings: Vec<&Value> = outcome["readings"].as_array().unwrap().iter().collect();
        assert_eq!(columns, readings, "{id}");
        assert_eq!(mine["rows"], outcome["rows"], "{id}");
        assert_eq!(mine["ledgers"], outcome["ledgers"], "{id}");
        let verdicts: Vec<Value> = doc["verdicts"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|v| &v["scenario"] == id)
            .map(unlocated)
            .collect();
        let expectations: Vec<Value> = mine["expectations"]
            .as_array()
            .unwrap()
            .iter()
            .map(unlocated)
            .collect();
        assert_eq!(expectations, verdicts, "{id}");
        compared += 1;
    }
    assert!(compared >= 2, "only {compared} scenarios in {page}");
}

/// A round of an evening: the dealer, hands and cut of `deal`'s block, as an item of `rounds:`.
fn round_of(dealt: &Value) -> String {
    let yaml = dealt["yaml"].as_str().expect("a block");
    let lines: Vec<&str> = yaml
        .lines()
        .skip_while(|l| !l.starts_with("dealer:"))
        .take_while(|l| !l.starts_with('#'))
        .collect();
    assert!(
        lines.last().is_some_and(|l| l.starts_with("cut:")),
        "{yaml}"
    );
    lines
        .iter()
        .enumerate()
        .map(|(k, l)| format!("{}{l}\n", if k == 0 { "  - " } else { "    " }))
        .collect()
}

/// A figure as the engine writes it (`+3`, `−2`, `0`), in pennies.
fn pennies(figure: &Value) -> i64 {
    let text = figure.as_str().expect("a figure");
    text.replace('−', "-").replace('+', "").parse().expect(text)
}

/// The settle page's way with a long Glic evening: each round played alone, on the board the
/// round before it left (the ledger's `carry`), gives what the whole evening played at once
/// gives, under every reading: each round's rows and payments, the evening's nets, the board at
/// the end.
#[test]
fn an_evening_played_a_round_at_a_time_from_each_carry_is_the_evening_played_whole() {
    let e = engine_of(&mournival::games::glic::Glic);
    let rounds: Vec<String> = (0..12)
        .map(|seed| round_of(&call(&e, json!({"call": "deal", "seed": seed}))))
        .collect();
    let seats = "id: evening\nseats: [Ann, Ben, Cat, Dan]\n";
    let block =
        |carry: &str, rounds: &[String]| format!("{seats}{carry}\nrounds:\n{}", rounds.concat());
    let whole = call(
        &e,
        json!({"call": "evaluate", "yaml": block("carried: {king: 1}", &rounds)}),
    );
    let whole = &whole["scenarios"][0];
    let columns = whole["columns"].as_array().unwrap();
    assert!(columns.len() >= 2, "{columns:?}");
    let empty = call(
        &e,
        json!({"call": "evaluate", "yaml": block("carried: {}", &rounds[..1])}),
    );
    assert_eq!(empty["ok"], true, "an empty board's carry is read: {empty}");
    for (i, column) in columns.iter().enumerate() {
        let reading = &column["id"];
        let ledger = &whole["ledgers"][i];
        assert_eq!(ledger["playable"], true, "{reading}: {ledger}");
        let mut carry = "carried: {king: 1}".to_string();
        let mut payments: Vec<Value> = Vec::new();
        let mut nets = [0; 4];
        for (k, round) in rounds.iter().enumerate() {
            let alone = call(
                &e,
                json!({"call": "evaluate", "yaml": block(&carry, std::slice::from_ref(round)), "options": {"readings": [reading]}}),
            );
            let alone = &alone["scenarios"][0];
            let l = &alone["ledgers"][0];
            for (n, f) in nets.iter_mut().zip(l["nets"].as_array().unwrap()) {
                *n += pennies(f);
            }
            payments.extend(l["payments"].as_array().unwrap().iter().cloned());
            for row in alone["rows"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|r| r["kind"] != "net")
            {
                let label = format!("Round {}: {}", k + 1, row["label"].as_str().unwrap());
                let evening = whole["rows"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|r| r["label"] == label.as_str())
                    .unwrap_or_else(|| panic!("the evening has no row {label}"));
                assert_eq!(evening["cells"][i], row["cells"][0], "{reading}: {label}");
            }
            carry = l["carry"]
                .as_str()
                .expect("a Glic round carries its board")
                .to_string();
        }
        assert_eq!(
            &payments,
            ledger["payments"].as_array().unwrap(),
            "{reading}: the payments"
        );
        let whole_nets: Vec<i64> = ledger["nets"]
            .as_array()
            .unwrap()
            .iter()
            .map(pennies)
            .collect();
        assert_eq!(nets.to_vec(), whole_nets, "{reading}: the nets");
        assert_eq!(
            ledger["carry"],
            carry.as_str(),
            "{reading}: the board at the end"
        );
    }
}

/// A verdict without its place (the page's, or the block's).
fn unlocated(v: &Value) -> Value {
    let mut v = v.clone();
    for k in ["file", "line", "column"] {
        v.as_object_mut().unwrap().remove(k);
    }
    v
}

/// The ```` ```json <Name> ```` examples of wasm/API.md, by name.
fn documented() -> BTreeMap<String, Value> {
    let text = std::fs::read_to_string("wasm/API.md").expect("wasm/API.md");
    let mut out = BTreeMap::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if let Some(name) = line.strip_prefix("```json ") {
            let body: Vec<&str> = lines.by_ref().take_while(|l| *l != "```").collect();
            let example = serde_json::from_str(&body.join("\n"))
                .unwrap_or_else(|e| panic!("wasm/API.md, the `{name}` example: {e}"));
            out.insert(name.trim().to_string(), example);
        }
    }
    out
}

/// Objects whose keys are data (points set per reading), not names of fields.
const MAPS: &[&str] = &["set"];

/// Answers held against the documented examples: where they stray, and which example items
/// (by path) some answer met.
#[derive(Default)]
struct Shapes {
    strays: Vec<String>,
    met: BTreeSet<String>,
}

impl Shapes {
    fn hold(&mut self, name: &str, doc: &Value, answer: &Value, what: &str) {
        let strays = fit(doc, answer, name, &mut self.met);
        self.strays
            .extend(strays.into_iter().map(|s| format!("{what}: {s}")));
    }
}

/// Where `answer` strays from the example `doc` (keys missing or extra, at their path); records
/// every list item of the example that an answer's item fits. Scalars, `null` and empty lists take any
/// value.
fn fit(doc: &Value, answer: &Value, path: &str, met: &mut BTreeSet<String>) -> Vec<String> {
    match (doc, answer) {
        (Value::Object(d), Value::Object(a)) => {
            if MAPS.iter().any(|m| path.ends_with(&format!(".{m}"))) {
                return Vec::new();
            }
            let mut out: Vec<String> = d
                .keys()
                .filter(|k| !a.contains_key(*k))
                .map(|k| format!("{path}.{k}: documented, not answered"))
                .chain(
                    a.keys()
                        .filter(|k| !d.contains_key(*k))
                        .map(|k| format!("{path}.{k}: answered, not documented")),
                )
                .collect();
            for (k, dv) in d {
                if let Some(av) = a.get(k) {
                    out.extend(fit(dv, av, &format!("{path}.{k}"), met));
                }
            }
            out
        }
        (Value::Array(d), Value::Array(a)) if !d.is_empty() => {
            let mut out = Vec::new();
            for (j, av) in a.iter().enumerate() {
                // Every documented item this one fits is met.
                let mut fits = false;
                for (i, dv) in d.iter().enumerate() {
                    let mut m = BTreeSet::new();
                    let item = format!("{path}[{i}]");
                    if fit(dv, av, &item, &mut m).is_empty() {
                        fits = true;
                        met.insert(item);
                        met.extend(m);
                    }
                }
                match fits {
                    true => {}
                    false => {
                        let why = fit(&d[0], av, &format!("{path}[0]"), &mut BTreeSet::new());
                        out.push(format!(
                            "{path}[{j}] fits no documented item ({})",
                            why.join("; ")
                        ));
                    }
                }
            }
            out
        }
        (Value::Object(_) | Value::Array(_), a)
            if !a.is_null() && !a.is_array() && !a.is_object() =>
        {
            vec![format!(
                "{path}: documented as an object or list, answered {a}"
            )]
        }
        _ => Vec::new(),
    }
}

/// Every list item of an example, by path.
fn items(doc: &Value, path: &str, out: &mut Vec<String>) {
    match doc {
        Value::Object(o) if !MAPS.iter().any(|m| path.ends_with(&format!(".{m}"))) => {
            for (k, v) in o {
                items(v, &format!("{path}.{k}"), out);
            }
        }
        Value::Array(a) => {
            for (i, v) in a.iter().enumerate() {
                let item = format!("{path}[{i}]");
                items(v, &item, out);
                out.push(item);
            }
        }
        _ => {}
    }
}

#[test]
fn every_answer_has_the_documented_keys() {
    let doc = documented();
    let example = |name: &str| {
        doc.get(name)
            .unwrap_or_else(|| panic!("wasm/API.md has no ```json {name} example"))
    };
    let pages = mournival::project::load_pages(Path::new("."), Path::new("content"))
        .expect("the bundled pages");
    let mut shapes = Shapes::default();
    let mut evaluated = 0;
    for &game in GAMES {
        let e = engine_of(game);
        for r in call(&e, json!({"call": "readings"})).as_array().unwrap() {
            shapes.hold(
                "Reading",
                example("Reading"),
                r,
                &format!("{} readings", game.id()),
            );
        }
        let dealt = call(&e, json!({"call": "deal", "seed": 7}));
        shapes.hold(
            "Deal",
            example("Deal"),
            &dealt,
            &format!("{} deal", game.id()),
        );
        let blocks = pages
            .iter()
            .flat_map(|p| &p.scenarios)
            .filter(|s| s.game().id() == game.id());
        for s in blocks {
            let answer = call(&e, json!({"call": "evaluate", "yaml": s.head().yaml}));
            let what = format!("{} {}", game.id(), s.head().id);
            assert_eq!(answer["ok"], true, "{what}: {answer}");
            shapes.hold("Evaluation", example("Evaluation"), &answer, &what);
            evaluated += 1;
        }
    }
    // An error with notes: a reading given two sets of expectations.
    let twice = format!(
        "{DEAL}expect:\n  parlett:\n    net: {{Ann: 0}}\n  cotton-1674 parlett:\n    net: {{Ann: 1}}\n"
    );
    let invalid = call(&engine(), json!({"call": "evaluate", "yaml": twice}));
    assert!(
        !invalid["errors"][0]["notes"].as_array().unwrap().is_empty(),
        "{invalid}"
    );
    shapes.hold(
        "Invalid",
        example("Invalid"),
        &invalid,
        "a reading expected twice",
    );
    assert!(evaluated > 50, "only {evaluated} bundled scenarios");
    assert!(
        shapes.strays.is_empty(),
        "the answers stray from wasm/API.md's examples:\n{}",
        shapes.strays[..shapes.strays.len().min(30)].join("\n")
    );
    let mut unmet = Vec::new();
    for (name, example) in &doc {
        items(example, name, &mut unmet);
    }
    unmet.retain(|item| !shapes.met.contains(item));
    assert!(
        unmet.is_empty(),
        "wasm/API.md documents list items no answer has: {unmet:?}"
    );
}
