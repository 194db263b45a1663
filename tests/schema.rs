//! `mournival schema`: the schemas accept every bundled variant file and scenario block, and
//! reject what the parser rejects in the ways an editor can tell.

use assert_cmd::Command;
use jsonschema::Validator;
use mournival::blocks::extract_blocks;
use mournival::check::unknown_variants;
use mournival::game::{Game, Scenario};
use mournival::games::{GAMES, by_id};
use mournival::project::{content_files, load_variants};
use mournival::schema::{MARK, Schema, Which};
use mournival::variant::Readings;
use mournival::yaml::YamlText;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn gleek() -> &'static dyn Game {
    by_id("gleek").unwrap()
}

/// The bundled readings.
fn readings() -> &'static Readings {
    static READINGS: OnceLock<Readings> = OnceLock::new();
    READINGS.get_or_init(|| load_variants(Path::new(ROOT)).unwrap())
}

/// The ids of a game's bundled readings.
fn ids(game: &'static dyn Game) -> Vec<String> {
    readings()
        .of(game)
        .ids()
        .iter()
        .map(|s| s.to_string())
        .collect()
}

fn validator_of(game: &'static dyn Game, which: Which) -> Validator {
    let schema = Schema {
        game,
        which,
        variants: ids(game),
    }
    .schema();
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
                variants: ids(game),
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
fn glic_evening_mistakes_an_editor_can_see_are_rejected() {
    let good = "id: e
seats: [Ann, Ben, Cat]
carried: {ace: 1}
rounds:
  - dealer: Cat
    hands: {Ann: QH 7S 7D 3C, Ben: 9C 4S KD JC, Cat: AD 8S 5C 2S}
    cut: 6H
  - dealer: Ann
    hands: {Ann: QS 7H 7C 3D, Ben: 9D 4H KC JD, Cat: AC 8H 5D 2H}
    cut: 6S
    poch: auto
expect:
  ealdormere:
    net: {Ann: 2, Ben: -1, Cat: -1}
    rounds: [{queen: Ann}, {queen: Ann, board: 0}]
";
    let glic = by_id("glic").unwrap();
    assert_eq!(parses(glic, good), Ok(()));
    let changes = [
        (
            "seats: [Ann, Ben, Cat]\n",
            "seats: [Ann, Ben, Cat]\ndealer: Ann\n",
            "a round's key beside `rounds`",
        ),
        ("    cut: 6S\n", "", "a round without its cut"),
        (
            "    poch: auto",
            "    pooch: auto",
            "an unknown key in a round",
        ),
        (
            "rounds:\n  - dealer: Cat",
            "rounds: []\nx:\n  - dealer: Cat",
            "no round",
        ),
        (
            "net: {Ann",
            "queen: Ann\n    net: {Ann",
            "who took a compartment, at the evening",
        ),
        (
            "{queen: Ann}, {",
            "{queen: Ann, rounds: []}, {",
            "rounds in a round",
        ),
        (
            "{queen: Ann}, {",
            "{queen: Ann, unplayable: ante}, {",
            "unplayable in a round",
        ),
    ];
    for (from, to, why) in changes {
        let bad = good.replace(from, to);
        assert!(parses(glic, &bad).is_err(), "{why} was read");
    }
    assert_game_rejects_each_change(glic, Which::Scenario, good, &changes);
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
        variants: ids(gleek()),
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
        variants: ids(gleek()),
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

/// The mismatches between the schema and `check` an editor met: each is rejected by both.
#[test]
fn what_check_refuses_the_schema_refuses() {
    let good = SCENARIO.replace(
        "  wikipedia: unplayable minimum-bid\n",
        "  wikipedia: {stock: {Ann: {at-least: 1}}}\n",
    );
    let v = validator_of(gleek(), Which::Scenario);
    assert_eq!(problems(&v, &good), Vec::<String>::new());
    assert!(parses(gleek(), &good).is_ok());
    let long_id = format!("id: {}", "s".repeat(81));
    let long_seat = format!("[Ann, Ben, {}]", "C".repeat(31));
    for (from, to, why) in [
        (
            "{Ann: {at-least: 1}}",
            "{Ann: {one-of: [1, 0]}}",
            "one-of as a bound",
        ),
        (
            "pot: 2½",
            "pot: {one-of: [1, 0]}",
            "one-of as a scalar's value",
        ),
        ("pot: 2½", "pot: 2000000000", "an amount beyond the limit"),
        ("id: s", long_id.as_str(), "an id of 81 characters"),
        (
            "[Ann, Ben, Cat]",
            long_seat.as_str(),
            "a name of 31 characters",
        ),
        ("[Ann, Ben, Cat]", "[Ann, Ben, Ann]", "a seat twice"),
        (
            "[Ann, Ben, Cat]",
            "[Ann, Ben, pot]",
            "a seat named as a figure",
        ),
        ("du-coeur:", "du-cour:", "an unknown variant in expect:"),
        ("  wikipedia:", "  cotton-1674:", "a variant named twice"),
        (
            "\nexpect:",
            "\nauction: Ann 5000, Ben pass, Cat pass\nexpect:",
            "a bid of 5000",
        ),
    ] {
        let bad = good.replacen(from, to, 1);
        assert_ne!(bad, good, "{from} is not in the example");
        assert!(parses(gleek(), &bad).is_err(), "check accepts {why}");
        if why != "a variant named twice" {
            assert!(!problems(&v, &bad).is_empty(), "the schema accepts {why}");
        }
    }
}

#[test]
fn put_scores_take_a_map_per_deal_and_nothing_else() {
    let put = by_id("put").unwrap();
    let v = validator_of(put, Which::Scenario);
    let good = format!("{PUT}expect:\n  cotton-1674: {{scores: [{{Ann: 1, Ben: 0}}]}}\n");
    assert_eq!(problems(&v, &good), Vec::<String>::new());
    assert!(parses(put, &good).is_ok());
    for bad in [
        "{scores: [{one-of: [{Ann: 1}, {Ann: 0}]}]}",
        "{scores: undetermined}",
        "{scores: [{Ann: {one-of: [1, 0]}}]}",
    ] {
        let bad = good.replace("{scores: [{Ann: 1, Ben: 0}]}", bad);
        assert!(parses(put, &bad).is_err(), "check accepts {bad}");
        assert!(!problems(&v, &bad).is_empty(), "the schema accepts {bad}");
    }
}

const PUT: &str = "id: p
seats: [Ann, Ben]
cut: {Ann: KH, Ben: TS}
deals:
  - hands: {Ann: AS KD QC, Ben: KS QD JC}
    play: {Ann: AS KD QC, Ben: KS QD JC}
";

const GLIC: &str = "id: g
seats: [Ann, Ben, Cat]
dealer: Cat
antes: {Ann: queen, Ben: Marriage, Cat: ace}
hands:
  Ann: QH 7S 7D 3C
  Ben: [9C, 4S, KD, JC]
  Cat: AD 8S 5C 2S
cut: 6H
poch: Ann 1, Ben 1, Cat pass
countdown: auto
";

/// Whether `check` reads a scenario: it parses, and `expect:` names only known readings.
fn parses(game: &'static dyn Game, yaml: &str) -> Result<(), String> {
    let scenario: Arc<dyn Scenario> = game
        .parse(&YamlText::whole_file(Path::new("s.yaml"), yaml.into()))
        .map(Arc::from)
        .map_err(|e| e.iter().map(|d| d.to_string()).collect::<String>())?;
    let unknown = unknown_variants(&[scenario], readings());
    match unknown.is_empty() {
        true => Ok(()),
        false => Err(unknown.iter().map(|d| d.to_string()).collect()),
    }
}

mod generated {
    //! Instances of `expect:` generated from the words and shapes of each game's block, some
    //! valid and many not: the schema and `check` must agree on every one. The generator names
    //! only players at the table and keeps bounds in order and each figure expected once, the
    //! three things a schema of one game cannot know of one scenario (its seats) or say at all.

    use super::*;
    use mournival::expect::Vocabulary;
    use proptest::prelude::*;
    use serde_json::{Map, json};

    #[derive(Clone)]
    struct Block {
        seats: Vec<String>,
        vocabulary: &'static Vocabulary,
        points: Vec<&'static str>,
    }

    #[derive(Clone, Copy, PartialEq)]
    enum Level {
        Variant,
        /// One round's figures of a Glic evening (`rounds: [{...}]`).
        Round,
        Option,
    }

    fn money() -> BoxedStrategy<Value> {
        prop_oneof![
            Just(json!(0)),
            Just(json!(3)),
            Just(json!(-2)),
            Just(json!(2.5)),
            Just(json!(1.25)),
            Just(json!(1_000_000_000)),
            Just(json!(2_000_000_000)),
            Just(json!("+3")),
            Just(json!("2½")),
            Just(json!("-1 1/2")),
            Just(json!("x")),
            Just(json!(true)),
        ]
        .boxed()
    }

    fn amount(level: Level) -> BoxedStrategy<Value> {
        let mut choices = vec![
            money(),
            money().prop_map(|m| json!({"at-least": m})).boxed(),
            money().prop_map(|m| json!({"at-most": m})).boxed(),
            Just(json!({"at-least": -1, "at-most": 5})).boxed(),
            Just(json!({})).boxed(),
            Just(json!({"one-of": [1, 0]})).boxed(),
            Just(json!({"at-lest": 1})).boxed(),
            Just(json!([1])).boxed(),
            Just(json!(null)).boxed(),
        ];
        if level != Level::Option {
            choices.push(Just(json!("undetermined")).boxed());
        }
        proptest::strategy::Union::new(choices).boxed()
    }

    /// A map with some of `keys`, each with a value from its strategy.
    fn some_of(keys: Vec<(String, BoxedStrategy<Value>)>) -> BoxedStrategy<Map<String, Value>> {
        let each: Vec<BoxedStrategy<Option<(String, Value)>>> = keys
            .into_iter()
            .map(|(k, v)| {
                proptest::option::weighted(0.3, v.prop_map(move |v| (k.clone(), v))).boxed()
            })
            .collect();
        each.prop_map(|entries| entries.into_iter().flatten().collect())
            .boxed()
    }

    fn per_seat_map(b: &Block, level: Level) -> BoxedStrategy<Value> {
        let keys = b.seats.iter().map(|s| (s.clone(), amount(level))).collect();
        some_of(keys).prop_map(Value::Object).boxed()
    }

    fn options(item: BoxedStrategy<Value>) -> BoxedStrategy<Value> {
        prop::collection::vec(item, 0..4)
            .prop_map(|o| json!({"one-of": o}))
            .boxed()
    }

    fn per_seat(b: &Block, level: Level) -> BoxedStrategy<Value> {
        let mut choices = vec![per_seat_map(b, level), Just(json!(3)).boxed()];
        if level != Level::Option {
            choices.push(Just(json!("undetermined")).boxed());
            choices.push(options(per_seat_map(b, Level::Option)));
            choices.push(Just(json!({"one-of": 3})).boxed());
        }
        proptest::strategy::Union::new(choices).boxed()
    }

    fn seat_value(b: &Block) -> BoxedStrategy<Value> {
        let mut names: Vec<Value> = b.seats.iter().map(|s| json!(s)).collect();
        names.extend([json!("none"), json!("undetermined"), json!(3)]);
        let one = proptest::sample::select(names);
        let list = prop::collection::vec(one.clone(), 0..3).prop_map(Value::Array);
        let answer = prop_oneof![one.clone(), list.clone()];
        prop_oneof![one, list, options(answer.boxed())].boxed()
    }

    fn unplayable(b: &Block) -> BoxedStrategy<Value> {
        let mut ids: Vec<Value> = b.points.iter().map(|p| json!(p)).collect();
        ids.push(json!("no-such-point"));
        let one = proptest::sample::select(ids);
        prop_oneof![
            Just(json!(null)),
            one.clone(),
            prop::collection::vec(one, 0..3).prop_map(Value::Array),
            Just(json!({"a": 1})),
        ]
        .boxed()
    }

    fn figures(b: &Block, level: Level) -> BoxedStrategy<Value> {
        let v = b.vocabulary;
        let mut keys: Vec<(String, BoxedStrategy<Value>)> = Vec::new();
        for k in v.per_seat {
            keys.push((k.to_string(), per_seat(b, level)));
        }
        for k in v.scalar {
            keys.push((k.to_string(), amount(level)));
        }
        for k in v.per_deal {
            let deal = prop_oneof![
                per_seat_map(b, level),
                options(per_seat_map(b, Level::Option)),
                Just(json!(1)),
            ];
            let list = prop_oneof![
                prop::collection::vec(deal, 0..3).prop_map(Value::Array),
                Just(json!("undetermined")),
            ];
            keys.push((k.to_string(), list.boxed()));
        }
        for k in v.seat_valued {
            keys.push((k.to_string(), seat_value(b)));
        }
        for (k, parts) in v.per_part {
            let mut places: Vec<(String, BoxedStrategy<Value>)> = parts
                .iter()
                .map(|(p, _)| (p.to_string(), amount(level)))
                .collect();
            places.push(("crown".into(), amount(level)));
            let map = some_of(places).prop_map(Value::Object);
            keys.push((k.to_string(), prop_oneof![map, Just(json!(2))].boxed()));
        }
        for s in &b.seats {
            keys.push((s.clone(), amount(level)));
        }
        keys.push(("unplayable".into(), unplayable(b)));
        if let (Some(k), Level::Variant) = (v.per_round, level) {
            // The block plays one round: a list of one map, or more than it plays.
            let round = prop_oneof![figures(b, Level::Round), Just(json!(2))];
            let list = prop::collection::vec(round, 0..=2).prop_map(Value::Array);
            keys.push((k.to_string(), prop_oneof![list, Just(json!({}))].boxed()));
        }
        if level != Level::Option {
            let forbidden = unplayable(b).prop_map(|u| json!({"unplayable": u}));
            let option = prop_oneof![figures(b, Level::Option), forbidden];
            keys.push((
                "one-of".into(),
                options(option.boxed())
                    .prop_map(|o| o["one-of"].clone())
                    .boxed(),
            ));
        } else {
            keys.push(("one-of".into(), Just(json!([{}, {}])).boxed()));
        }
        let seats = b.seats.clone();
        some_of(keys)
            .prop_map(move |mut map| {
                // Each figure once: a player's net by name or under `net`, and a `one-of` of
                // the variant's figures beside nothing it could name.
                if map.contains_key("net") {
                    map.retain(|k, _| !seats.contains(k));
                }
                if level == Level::Variant && map.get("one-of").is_some_and(Value::is_array) {
                    let unplayable = map.remove("unplayable");
                    let one_of = map.remove("one-of");
                    map.clear();
                    map.extend(one_of.map(|o| ("one-of".to_string(), o)));
                    map.extend(unplayable.map(|u| ("unplayable".to_string(), u)));
                }
                Value::Object(map)
            })
            .boxed()
    }

    fn expectation(b: &Block) -> BoxedStrategy<Value> {
        let mut words = vec![
            json!("undetermined"),
            json!("unplayable"),
            json!("unplayable no-such-point"),
            json!("maybe"),
            json!(null),
            json!(3),
        ];
        words.extend(
            b.points
                .iter()
                .take(2)
                .map(|p| json!(format!("unplayable {p}"))),
        );
        prop_oneof![
            1 => proptest::sample::select(words),
            4 => figures(b, Level::Variant),
        ]
        .boxed()
    }

    /// `expect:`: some of the game's readings, one or two to a key, and now and then one that
    /// does not exist.
    fn expect(b: &Block, readings: Vec<String>) -> BoxedStrategy<Value> {
        let mut ids = readings;
        ids.push("nobody-1900".into());
        let n = ids.len();
        (
            proptest::sample::subsequence(ids, 0..=n.min(4)),
            any::<bool>(),
        )
            .prop_flat_map({
                let b = b.clone();
                move |(ids, pair)| {
                    let keys: Vec<String> = match (pair, ids.len()) {
                        (true, 2..) => std::iter::once(format!("{} {}", ids[0], ids[1]))
                            .chain(ids[2..].iter().cloned())
                            .collect(),
                        _ => ids,
                    };
                    let values = vec![expectation(&b); keys.len()];
                    values.prop_map(move |vs| Value::Object(keys.iter().cloned().zip(vs).collect()))
                }
            })
            .boxed()
    }

    /// Whether `expect:` names more rounds than the block plays (one): a count of one scenario,
    /// which the schema of a game cannot compare with another.
    fn too_many_rounds(e: &Value) -> bool {
        e.as_object().is_some_and(|m| {
            m.values().any(|v| {
                v.get("rounds")
                    .and_then(Value::as_array)
                    .is_some_and(|r| r.len() > 1)
            })
        })
    }

    fn agree(game: &'static dyn Game, base: &str, seats: &[&str]) {
        let b = Block {
            seats: seats.iter().map(|s| s.to_string()).collect(),
            vocabulary: vocabulary(game),
            points: game.points().all().map(|p| p.id()).collect(),
        };
        let v = validator_of(game, Which::Scenario);
        let config = ProptestConfig {
            cases: 400,
            failure_persistence: None,
            ..ProptestConfig::default()
        };
        let mut runner = proptest::test_runner::TestRunner::new(config);
        let (accepted, refused) = (std::cell::Cell::new(0), std::cell::Cell::new(0));
        runner
            .run(&expect(&b, ids(game)), |e| {
                let yaml = format!("{base}expect: {e}\n");
                let schema = problems(&v, &yaml);
                let check = parses(game, &yaml);
                if too_many_rounds(&e) {
                    prop_assert!(check.is_err(), "{}", yaml);
                    return Ok(());
                }
                prop_assert_eq!(
                    schema.is_empty(),
                    check.is_ok(),
                    "{}\nschema: {:#?}\ncheck: {:?}",
                    yaml,
                    schema,
                    check
                );
                match check {
                    Ok(()) => accepted.set(accepted.get() + 1),
                    Err(_) => refused.set(refused.get() + 1),
                }
                Ok(())
            })
            .unwrap();
        // Both kinds are met, or the property says little.
        let (accepted, refused) = (accepted.get(), refused.get());
        assert!(
            accepted > 40 && refused > 40,
            "{accepted} accepted, {refused} refused"
        );
    }

    fn vocabulary(game: &'static dyn Game) -> &'static Vocabulary {
        match game.id() {
            "gleek" => &mournival::games::gleek::VOCABULARY,
            "put" => &mournival::games::put::VOCABULARY,
            _ => &mournival::games::glic::VOCABULARY,
        }
    }

    #[test]
    fn gleek_schema_accepts_exactly_what_check_reads() {
        let base = SCENARIO.split("expect:").next().unwrap();
        agree(gleek(), base, &["Ann", "Ben", "Cat"]);
    }

    #[test]
    fn put_schema_accepts_exactly_what_check_reads() {
        agree(by_id("put").unwrap(), PUT, &["Ann", "Ben"]);
    }

    #[test]
    fn glic_schema_accepts_exactly_what_check_reads() {
        agree(by_id("glic").unwrap(), GLIC, &["Ann", "Ben", "Cat"]);
    }
}
