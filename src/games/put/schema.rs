//! The JSON Schema of a Put scenario, for editors (`mournival schema`), from the shapes every
//! game shares.

use super::VOCABULARY;
use super::facts::SETUP;
use super::points::TABLE;
use crate::schema::{self, ScenarioShape, card_pattern, cards, hands, one_card, words};
use serde_json::{Value, json};

/// The schema of a Put scenario: a ```put block, or a `*.put.yaml` scenario file.
pub fn scenario() -> Value {
    let card = card_pattern("[2-9]");
    let deal = json!({
        "type": "object",
        "additionalProperties": false,
        "required": ["hands"],
        "properties": {
            "hands": hands(&card, &SETUP.seats(), "Three cards for each player, as dealt.", "Three cards: 3 2 A K Q J 10 (or T) 9 ... 4; suits ♠ ♥ ♦ ♣ or S H D C."),
            "give": words("Four hands: the cards each giver passes to his partner, as in `Ann 3S`."),
            "lay-out": words("Four hands: the card each receiver lays out, as in `Cat 4D`."),
            "play": {
                "description": "`auto`, the actions in order (`Ann put, Ben see, Ann 3S, Ben 2C`), or each player's cards in order.",
                "anyOf": [
                    {"type": "string"},
                    {"type": "array", "items": {"type": "string"}},
                    {"type": "object", "additionalProperties": cards(&card, "A player's cards in the order played.")},
                ],
            },
        },
    });
    let per_player_number =
        json!({"type": "object", "additionalProperties": {"type": ["integer", "string"]}});
    schema::scenario(ScenarioShape {
        game: "Put",
        description: "A game of Put and what the players did, with the figures each reading should give.",
        seats: "Two to four players, clockwise; with four, partners sit opposite.",
        players: SETUP.seats(),
        required: &["deals"],
        vocabulary: &VOCABULARY,
        points: TABLE,
        properties: json!({
            "dealer": {"description": "The first deal's dealer: one of the seats.", "type": "string"},
            "cut": {
                "description": "The card each player cut, where a reading decides the first dealer by them.",
                "type": "object",
                "additionalProperties": one_card(&card, "The card the player cut."),
            },
            "score": {
                "description": "The score when the scenario starts (a game in progress).",
                "allOf": [per_player_number],
            },
            "deals": {
                "description": "The deals in order, each with its hands and what the players did.",
                "type": "array",
                "minItems": 1,
                "items": deal,
            },
        }),
    })
}
