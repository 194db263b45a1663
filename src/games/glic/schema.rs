//! The JSON Schema of a Glic scenario, for editors (`mournival schema`), from the shapes every
//! game shares.

use super::VOCABULARY;
use super::board::Compartment;
use super::facts::SETUP;
use super::parse::MAX_ROUNDS;
use super::points::TABLE;
use crate::schema::{self, ScenarioShape, any_case, calls, card_pattern, hands, one_card, words};
use serde_json::{Value, json};

/// The schema of a Glic scenario: a ```glic block, or a `*.glic.yaml` scenario file.
pub fn scenario() -> Value {
    let card = card_pattern("[2-9]");
    let compartments: Vec<&str> = Compartment::ALL.iter().map(|c| c.id()).collect();
    let staked: Vec<&str> = Compartment::STAKED.iter().map(|c| c.id()).collect();
    let pennies = json!({
        "anyOf": [
            {"type": "integer", "minimum": 0},
            {"type": "string", "pattern": "^\\s*\\+?\\d+\\s*$"},
        ],
    });
    let round = json!({
        "dealer": {"description": "One of the seats; the player on the dealer's left is eldest.", "type": "string"},
        "antes": {
            "description": "Each player's ante: the compartment his penny goes on (any but the Poch).",
            "type": "object",
            "additionalProperties": {"type": "string", "pattern": any_case(&staked)},
        },
        "hands": hands(&card, &SETUP.seats(), "Four cards for each player, as dealt.", "Four cards: A K Q J 10 (or T) 9 ... 2; suits ♠ ♥ ♦ ♣ or S H D C."),
        "cut": one_card(&card, "The card turned up after the deal: its suit is trumps."),
        "poch": calls("The bets in turn from the eldest, each player once (`Ann 1, Ben see, Cat pass`), or `auto`."),
        "countdown": words("The turns in order (`Ann KS, Ben pass`), or `auto`."),
    });
    let mut properties = json!({
        "carried": {
            "description": "Pennies left on the board's compartments by an earlier deal, before the first round.",
            "type": "object",
            "propertyNames": {"pattern": any_case(&compartments)},
            "additionalProperties": pennies,
        },
        "rounds": {
            "description": "An evening: its rounds in order, each played on the board the round before it leaves. With `rounds`, the keys of a round stand in each round, not at the top.",
            "type": "array",
            "minItems": 1,
            "maxItems": MAX_ROUNDS,
            "items": {
                "type": "object",
                "additionalProperties": false,
                "required": ["dealer", "hands", "cut"],
                "properties": round.clone(),
            },
        },
    });
    if let (Some(all), Value::Object(own)) = (properties.as_object_mut(), round) {
        all.extend(own);
    }
    let mut doc = schema::scenario(ScenarioShape {
        game: "Glic",
        description: "A deal of Glic and what the players did, with the figures each reading should give.",
        seats: "Three to six players, clockwise.",
        players: SETUP.seats(),
        required: &[],
        vocabulary: &VOCABULARY,
        points: TABLE,
        properties,
    });
    // One round at the top level, or the evening's rounds, not both.
    let keys: Vec<&str> = ["dealer", "antes", "hands", "cut", "poch", "countdown"].into();
    doc["oneOf"] = json!([
        {"required": ["dealer", "hands", "cut"], "not": {"required": ["rounds"]}},
        {"required": ["rounds"], "not": {"anyOf": keys.iter().map(|k| json!({"required": [k]})).collect::<Vec<_>>()}},
    ]);
    // In an evening of several rounds, who took what is a round's figure.
    let of_a_round = json!({"propertyNames": {"not": {"enum": VOCABULARY.seat_valued}}});
    doc["if"] = json!({"required": ["rounds"], "properties": {"rounds": {"minItems": 2}}});
    doc["then"] = json!({
        "properties": {"expect": {"additionalProperties": {"anyOf": [
            {"type": "string"},
            {"allOf": [of_a_round, {"properties": {"one-of": {"items": of_a_round}}}]},
        ]}}},
    });
    doc
}
