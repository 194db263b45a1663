//! What every reading of Gleek shares: the part of the rules no rule point disputes, for the
//! card a table plays from. Each fact rests on the sources as `points.rs` and the research rows
//! (A1 to F4 of `gleek-readings.md`) give them; what the readings dispute is a rule point instead.

use super::scenario::SEATS;
use crate::game::{Fact, Setup, StageDef};

/// Three at the table, twelve cards each: the scenario's seats are an array of three.
pub const SETUP: Setup = Setup {
    least: SEATS.len(),
    most: SEATS.len(),
    usual: SEATS.len(),
    hand: 12,
};

pub const FACTS: &[Fact] = &[
    Fact {
        topic: "Players",
        text: "Three, \"neither more nor less\" (Cotton, p. 90).",
    },
    Fact {
        topic: "Pack",
        text: "44 cards: an ordinary pack without its twos and threes (\"Deuces and Treys must be \
               cast out as useless in this Game\", Cotton, p. 90).",
    },
    Fact {
        topic: "Ranks",
        text: "In every suit, trumps included, from the top: Ace, King, Queen, Knave, 10, 9, 8, 7, \
               6, 5, 4.",
    },
    Fact {
        topic: "Deal",
        text: "Lift for the deal: the lowest card deals. The dealer gives each player twelve cards, \
               four at a time. Of the eight left he turns one up: its suit is trumps, and the card \
               is his, though he never plays it. The other seven, face down, are the stock.",
    },
    Fact {
        topic: "Honours",
        text: "The four honours of trumps: Tib the Ace 15, Tom the Knave 9, the King and the Queen \
               3 each (Cotton). Every other card counts 1.",
    },
    Fact {
        topic: "Order of play",
        text: "1. The deal and the turn-up, with its payments. 2. The stock: the players bid for \
               it, eldest (the dealer's left) first; the buyer pays his price, lays out seven \
               cards and takes the stock. 3. The ruff: the players vie on who holds the best \
               suit. 4. Gleeks (three Aces, Kings, Queens or Knaves) and mournivals (all four) \
               are paid for. 5. Twelve tricks, the eldest leading to the first; the winner of a \
               trick leads to the next. 6. The reckoning: each player wins or loses for every \
               point he makes above or below 22.",
    },
];

/// Gleek's deal: the deal and turn-up, the stock, the ruff, the sets, the tricks and the
/// reckoning.
pub const STAGES: &[StageDef] = &[
    StageDef::new("deal", "The deal"),
    StageDef::new("stock", "The stock"),
    StageDef::new("ruff", "The ruff"),
    StageDef::new("sets", "Sets"),
    StageDef::new("tricks", "The play"),
    StageDef::new("reckoning", "The reckoning"),
];
