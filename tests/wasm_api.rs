//! The browser engine's JSON calls (`mournival::wasm`, wasm/API.md), natively: the same words
//! and figures as the CLI's code paths.

use mournival::game::Game;
use mournival::games::gleek::Gleek;
use mournival::wasm::{Bundled, Engine};
use serde_json::{Value, json};

/// The bundled Gleek readings, as the module's build script lists them.
fn engine() -> Engine {
    let mut files: Vec<Bundled> = std::fs::read_dir("variants/gleek")
        .expect("variants/gleek")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .map(|p| {
            let name: &'static str = p.file_name().unwrap().to_str().unwrap().to_owned().leak();
            let text: &'static str = std::fs::read_to_string(&p).unwrap().leak();
            (name, text)
        })
        .collect();
    files.sort();
    Engine::new(&Gleek, &files).expect("the bundled readings are valid")
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
