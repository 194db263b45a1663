//! The JSON Schema of a Glic scenario, for editors (`mournival schema`), from the shapes every
//! game shares.

use super::VOCABULARY;
use super::board::Compartment;
use super::points::TABLE;
use crate::schema::{any_case, card_pattern, cards, document, expectation, words};
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
    let body = json!({
        "type": "object",
        "additionalProperties": false,
        "required": ["id", "seats", "dealer", "hands", "cut"],
        "properties": {
            "id": {
                "description": "Unique across the site: letters, digits, hyphens and underscores.",
                "type": "string",
                "pattern": "^\\s*[A-Za-z0-9_-]+\\s*$",
            },
            "title": {"type": "string"},
            "notes": {"type": "string"},
            "seats": {
                "description": "Three to six players, clockwise.",
                "anyOf": [
                    {"type": "string"},
                    {"type": "array", "items": {"type": "string"}, "minItems": 3, "maxItems": 6},
                ],
            },
            "dealer": {"description": "One of the seats; the player on the dealer's left is eldest.", "type": "string"},
            "carried": {
                "description": "Pennies left on the board's compartments by an earlier deal.",
                "type": "object",
                "propertyNames": {"pattern": any_case(&compartments)},
                "additionalProperties": pennies,
            },
            "antes": {
                "description": "Each player's ante: the compartment his penny goes on (any but the Poch).",
                "type": "object",
                "additionalProperties": {"type": "string", "pattern": any_case(&staked)},
            },
            "hands": {
                "description": "Four cards for each player, as dealt.",
                "type": "object",
                "minProperties": 3,
                "maxProperties": 6,
                "additionalProperties": cards(&card, "Four cards: A K Q J 10 (or T) 9 ... 2; suits ♠ ♥ ♦ ♣ or S H D C."),
            },
            "cut": {
                "description": "The card turned up after the deal: its suit is trumps.",
                "type": "string",
                "pattern": format!("^\\s*{card}\\s*$"),
            },
            "poch": words("The bets in turn from the eldest, each player once (`Ann 1, Ben see, Cat pass`), or `auto`."),
            "countdown": words("The turns in order (`Ann KS, Ben pass`), or `auto`."),
            "expect": {
                "description": "Per variant id (one key may name several, separated by spaces): the figures the page expects.",
                "type": "object",
                "additionalProperties": expectation(&VOCABULARY, TABLE),
            },
        },
    });
    document(
        "Mournival scenario (Glic)",
        "A deal of Glic and what the players did, with the figures each reading should give.",
        body,
    )
}
