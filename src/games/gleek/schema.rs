//! The JSON Schema of a Gleek scenario, for editors (`mournival schema`), from the shapes every
//! game shares.

use super::VOCABULARY;
use super::facts::SETUP;
use super::points::TABLE;
use crate::schema::{
    self, ScenarioShape, calls, card_pattern, cards, hands, money, one_card, words, yes_no,
};
use serde_json::{Value, json};

/// The schema of a scenario: a ```gleek block, or a `.yaml` scenario file.
pub fn scenario() -> Value {
    let card = card_pattern("[4-9]");
    schema::scenario(ScenarioShape {
        game: "Gleek",
        description: "A deal and what the players did, with the figures each reading should give.",
        seats: "The three players, clockwise; the dealer's left is eldest.",
        players: SETUP.seats(),
        required: &["dealer", "hands", "turn-up"],
        vocabulary: &VOCABULARY,
        points: TABLE,
        properties: json!({
            "dealer": {"description": "One of the seats.", "type": "string"},
            "hands": hands(&card, &SETUP.seats(), "Twelve cards for each player.", "Twelve cards: A K Q J 10 (or T) 9 ... 4; suits ♠ ♥ ♦ ♣ or S H D C."),
            "turn-up": one_card(&card, "The card turned up for trumps."),
            "stock": cards(&card, "The seven cards left (optional: computed from the rest)."),
            "agreed": {
                "description": "What the table agreed, where a reading makes a rule optional: the turned-up and held low trumps apart, or both at once (`tiddy`, `towser-tumbler`).",
                "type": "object",
                "additionalProperties": false,
                "properties": {
                    "tiddy": yes_no(),
                    "towser-tumbler": yes_no(),
                    "tiddy-turned": yes_no(),
                    "tiddy-held": yes_no(),
                    "towser-tumbler-turned": yes_no(),
                    "towser-tumbler-held": yes_no(),
                },
            },
            "carried": {
                "description": "What an earlier deal left over; readings that carry it their own way get a map of their own (`du-coeur wikipedia: {pot: 6}`).",
                "type": "object",
                "properties": {
                    "ruff-passed": {"type": "integer", "minimum": 0, "maximum": 16},
                    "pot": money(),
                },
                "additionalProperties": {
                    "type": "object",
                    "additionalProperties": false,
                    "properties": {
                        "ruff-passed": {"type": "integer", "minimum": 0, "maximum": 16},
                        "pot": money(),
                    },
                },
            },
            "auction": calls("Calls in order: `Ann 14, Ben pass, Cat pass`."),
            "discard": cards(&card, "The buyer's discards (seven; fewer is a short discard)."),
            "vie": words("Calls in order: vie, see, revie (see and revie), pass, or double (the youngest, after the others passed), as in `Ann vie, Ben pass`; `then auto` lets the engine finish."),
            "false-claims": words("Sets claimed but not held: `Ann gleek of Kings`."),
            "play": {
                "description": "`auto`, a list of tricks, or each player's cards in order.",
                "anyOf": [
                    {"type": "string", "pattern": "^\\s*auto\\s*$"},
                    {"type": "array", "items": {"anyOf": [cards(&card, "One trick."), {"type": "string", "pattern": "^\\s*then\\s*:?\\s*auto\\s*$"}, {"type": "object", "required": ["then"], "properties": {"then": {"const": "auto"}}}]}},
                    {"type": "object", "additionalProperties": {"anyOf": [cards(&card, "A player's cards in the order played."), {"const": "auto"}]}},
                ],
            },
        }),
    })
}
