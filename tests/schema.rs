//! `mournival schema`: the schemas accept every bundled variant file and scenario block, and
//! reject what the parser rejects in the ways an editor can tell.

use assert_cmd::Command;
use jsonschema::Validator;
use mournival::blocks::extract_blocks;
use mournival::game::Game;
use mournival::games::{GAMES, by_id};
use mournival::project::content_files;
use mournival::schema::{MARK, Schema, Which};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::sync::Arc;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn gleek() -> &'static dyn Game {
    by_id("gleek").unwrap()
}

fn validator_of(game: &'static dyn Game, which: Which) -> Validator {
    let schema = Schema { game, which }.schema();
    jsonschema::meta::validate(&schema).expect("a valid draft 2020-12 schema");
    jsonschema::draft202012::new(&schema).expect("the schema compiles")
}

/// YAML as the editor's language server reads it: as a JSON value.
fn value(yaml: &str) -> Value {
    serde_saphyr::from_str(yaml).unwrap_or_else(|e| panic!("{e}\n{yaml}"))
}

fn problems(v: &Validator, yaml: &str) -> Vec<String> {
    let instance = value(yaml);
    v.iter_errors(&instance)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect()
}

#[test]
fn every_bundled_variant_file_is_accepted() {
    let mut count = 0;
    for &game in GAMES {
        let v = validator_of(game, Which::Variant);
        let dir = Path::new(ROOT).join("variants").join(game.id());
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let errors = problems(&v, &std::fs::read_to_string(&path).unwrap());
            assert!(errors.is_empty(), "{}: {errors:#?}", path.display());
            count += 1;
        }
    }
    assert!(count >= 13, "only {count} variant files found");
}

#[test]
fn every_bundled_scenario_block_is_accepted() {
    let mut count = 0;
    let languages: Vec<&str> = GAMES.iter().map(|g| g.id()).collect();
    let root = Path::new(ROOT);
    for path in content_files(root, &root.join("content")).unwrap() {
        let text: Arc<str> = std::fs::read_to_string(&path).unwrap().into();
        for block in extract_blocks(&path, &text, &languages) {
            let game = by_id(&block.language).unwrap();
            let schema = Schema {
                game,
                which: Which::Scenario,
            }
            .schema();
            let v = jsonschema::draft202012::new(&schema).expect("the schema compiles");
            let errors = problems(&v, &block.yaml.yaml);
            assert!(errors.is_empty(), "{}: {errors:#?}", path.display());
            count += 1;
        }
    }
    assert!(count >= 80, "only {count} scenario blocks found");
}

/// `good` is accepted, and each `(from, to, why)` change of it is rejected.
fn assert_rejects_each_change(which: Which, good: &str, changes: &[(&str, &str, &str)]) {
    assert_game_rejects_each_change(gleek(), which, good, changes);
}

fn assert_game_rejects_each_change(
    game: &'static dyn Game,
    which: Which,
    good: &str,
    changes: &[(&str, &str, &str)],
) {
    let v = validator_of(game, which);
    assert_eq!(problems(&v, good), Vec::<String>::new());
    for (from, to, why) in changes {
        let bad = good.replace(from, to);
        assert_ne!(bad, good, "{from} is not in the example");
        assert!(!problems(&v, &bad).is_empty(), "{why} was accepted");
    }
}

const SCENARIO: &str = "id: s
seats: [Ann, Ben, Cat]
dealer: Cat
hands:
  Ann: AS 5S 4S AC 5C 4C 8D 5D 4D 8H 7H 5H
  Ben: [JS, TS, 9S, 8C, 7C, 6C, AD, KD, QD, JH, TH, 9H]
  Cat: 8S 7S 6S JC TC 9C JD TD 9D AH KH QH
turn-up: 4H
agreed: {tiddy: yes}
expect:
  cotton-1674 parlett: {Ann: -20, Ben: -2, Cat: +22}
  du-coeur:
    turn-up: {Ann: -2, Ben: -2, Cat: 4}
    pot: 2½
  wikipedia: unplayable minimum-bid
";

#[test]
fn scenario_mistakes_an_editor_can_see_are_rejected() {
    assert_rejects_each_change(
        Which::Scenario,
        SCENARIO,
        &[
            ("turn-up: 4H", "turnup: 4H", "an unknown key"),
            ("Cat: 8S 7S", "Cat: 3S 7S", "a Three"),
            ("[JS, TS,", "[JS, ZZ,", "not a card"),
            (
                "unplayable minimum-bid",
                "unplayable minimum-bet",
                "an unknown rule point",
            ),
            ("pot: 2½", "pot: 2.25", "a quarter"),
            ("{tiddy: yes}", "{tiddy: perhaps}", "neither yes nor no"),
            ("turn-up: {Ann", "turnup: {Ann", "an unknown figure"),
        ],
    );
}

#[test]
fn glic_scenario_mistakes_an_editor_can_see_are_rejected() {
    let good = "id: g
seats: [Ann, Ben, Cat]
dealer: Cat
carried: {Ace: 1, poch: 2}
antes: {Ann: queen, Ben: Marriage, Cat: ace}
hands:
  Ann: QH 7S 7D 3C
  Ben: [9C, 4S, KD, JC]
  Cat: AD 8S 5C 2S
cut: 6H
poch: Ann 1, Ben 1, Cat pass
countdown: auto
expect:
  ardchreag: {net: {Ann: 2, Ben: -1, Cat: -1}, queen: Ann, board: 1}
";
    assert_game_rejects_each_change(
        by_id("glic").unwrap(),
        Which::Scenario,
        good,
        &[
            ("cut: 6H", "cutt: 6H", "an unknown key"),
            ("cut: 6H", "cut: 1H", "not a card"),
            (
                "Cat: ace}",
                "Cat: crown}",
                "an unknown compartment to ante on",
            ),
            ("Cat: ace}", "Cat: poch}", "an ante on the Poch"),
            ("{Ace: 1,", "{Aces: 1,", "an unknown compartment carried"),
            ("poch: 2}", "poch: -2}", "a negative carried amount"),
            ("queen: Ann", "queens: Ann", "an unknown figure"),
            ("dealer: Cat\n", "", "no dealer"),
        ],
    );
}

#[test]
fn variant_mistakes_an_editor_can_see_are_rejected() {
    let good = "id: mine
title: t
author: a
date: 2026
kind: modern-reconstruction
citation: c
based-on: parlett
rules:
  tiddy-held: {choice: two-each, evidence: assumed, note: why, alternatives: [none]}
  minimum-bid: {choice: twelve, evidence: stated, quote: q, cite: p. 1, alternatives: [thirteen]}
";
    assert_rejects_each_change(
        Which::Variant,
        good,
        &[
            ("tiddy-held:", "tiddy-hold:", "an unknown rule point"),
            ("two-each", "lots", "an unknown choice"),
            (", note: why", "", "an assumption without its reason"),
            (
                ", alternatives: [none]",
                "",
                "an assumption without its alternatives",
            ),
            (", quote: q", "", "a stated choice without its quote"),
            ("[thirteen]", "[thirty]", "an unknown alternative"),
            (
                "kind: modern-reconstruction",
                "kind: modern",
                "an unknown kind",
            ),
            ("id: mine", "id: Mine", "an upper-case id"),
            ("citation: c\n", "", "no citation"),
        ],
    );
}

fn mournival() -> Command {
    Command::cargo_bin("mournival").unwrap()
}

#[test]
fn one_schema_goes_to_stdout() {
    let out = mournival()
        .args(["schema", "scenario", "--game", "gleek"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let printed: Value = serde_json::from_slice(&out.stdout).unwrap();
    let schema = Schema {
        game: gleek(),
        which: Which::Scenario,
    };
    assert_eq!(printed, schema.schema());
}

#[test]
fn writes_both_and_replaces_only_its_own_files() {
    let dir = tempfile::tempdir().unwrap();
    let out: PathBuf = dir.path().join("schemas");
    let run = || mournival().arg("schema").arg("--out").arg(&out).assert();
    run().success();
    let variant = out.join("gleek.variant.schema.json");
    let written = std::fs::read_to_string(&variant).unwrap();
    assert!(written.contains(MARK));
    let parsed: Value = serde_json::from_str(&written).unwrap();
    let schema = Schema {
        game: gleek(),
        which: Which::Variant,
    };
    assert_eq!(parsed, schema.schema());
    assert!(out.join("put.scenario.schema.json").exists());
    run().success();
    std::fs::write(&variant, "{\"mine\": true}").unwrap();
    run().code(2).stderr(predicates::str::contains(
        "was not written by `mournival schema`",
    ));
    assert_eq!(
        std::fs::read_to_string(&variant).unwrap(),
        "{\"mine\": true}"
    );
    let scenario = std::fs::read_to_string(out.join("gleek.scenario.schema.json")).unwrap();
    assert!(
        scenario.contains(MARK),
        "checked before anything is written"
    );
}
