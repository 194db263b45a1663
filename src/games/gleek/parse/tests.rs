use super::*;
use std::path::Path;

/// A scenario's fields and values, in order.
const SCENARIO: [(&str, &str); 5] = [
    ("id", "t"),
    ("seats", "[Ann, Ben, Cat]"),
    ("dealer", "Ann"),
    (
        "hands",
        "\n  Ann: AH KH QH JH AS KS QS JS TS 9S 8S 7S\n  Ben: AD KD QD JD TD 9D 8D 7D 6D 5D 4D 6S\n  Cat: AC KC QC JC TC 9C 8C 7C 6C 5C 4C 5S",
    ),
    ("turn-up", "TH"),
];

/// The scenario with one field's value replaced, or added.
fn scenario_with(field: &str, value: &str) -> String {
    let mut fields: Vec<(&str, &str)> = SCENARIO.to_vec();
    match fields.iter_mut().find(|(f, _)| *f == field) {
        Some(entry) => entry.1 = value,
        None => fields.push((field, value)),
    }
    fields.iter().map(|(f, v)| format!("{f}: {v}\n")).collect()
}

fn errors(yaml: &str) -> Vec<String> {
    let text: std::sync::Arc<str> = yaml.into();
    match parse_scenario(&YamlText::whole_file(Path::new("s.yaml"), text)) {
        Ok(_) => Vec::new(),
        Err(errors) => errors.iter().map(|d| d.to_string()).collect(),
    }
}

#[test]
fn a_scenario_reads() {
    assert_eq!(errors(&scenario_with("title", "T")), Vec::<String>::new());
}

#[test]
fn unknown_and_missing_fields_come_with_the_other_errors() {
    let yaml = scenario_with("title", "T")
        .replace("turn-up: TH", "turnup: TH\nauktion: Ann 12")
        .replace("dealer: Ann", "dealer: Dan")
        .replace("AS KS", "AS XS");
    let all = errors(&yaml).join("");
    for message in [
        "unknown field `turnup`; allowed: `id`, `title`",
        "s.yaml:9:1",
        "unknown field `auktion`",
        "missing field `turn-up`",
        "`Dan` is not at this table",
        "`XS` is not a card",
    ] {
        assert!(all.contains(message), "{message}:\n{all}");
    }
    assert_eq!(errors(&yaml).len(), 5, "{all}");
}

#[test]
fn a_variant_or_a_figure_expected_twice_is_an_error() {
    let twice = scenario_with(
        "expect",
        "\n  cotton-1674: {Ann: 1}\n  parlett cotton-1674: unplayable",
    );
    let all = errors(&twice).join("");
    assert!(
        all.contains("`cotton-1674` has two sets of expectations"),
        "{all}"
    );
    assert!(all.contains("first at s.yaml:10:3"), "{all}");
    let figure = scenario_with("expect", "{cotton-1674: {Ann: 1, net: {Ben: 0, ann: 2}}}");
    let all = errors(&figure).join("");
    assert!(
        all.contains("this figure is already expected for this variant"),
        "{all}"
    );
    assert!(all.contains("first expected at s.yaml:9:29"), "{all}");
}

#[test]
fn a_card_in_a_list_of_tricks_is_located_on_its_own_line() {
    let all = errors(&scenario_with("play", "\n  - AH AD AC\n  - KH KD XX")).join("");
    assert!(all.contains("`XX` is not a card"), "{all}");
    assert!(all.contains("--> s.yaml:11:11"), "{all}");
}

/// A value no field accepts, under each field's name, is an error (not ignored).
#[test]
fn every_field_is_read() {
    for field in FIELDS {
        let errors = errors(&scenario_with(field, "{x: {y: z}}"));
        assert!(!errors.is_empty(), "`{field}` is ignored");
        assert!(
            !errors.iter().any(|e| e.contains("missing field")),
            "`{field}` is not read: {errors:?}"
        );
    }
}
