//! What every reading of Glic shares, as the module documentation of `points.rs` sets it out
//! (Stewart, "Rules of Glic", 2011): the part of the rules no rule point disputes, for the card a
//! table plays from.

use crate::game::{Fact, Setup, StageDef};

/// Three to six at the table, four at first (the table the site's examples seat); four cards
/// each.
pub const SETUP: Setup = Setup {
    least: 3,
    most: 6,
    usual: 4,
    hand: 4,
};

pub const FACTS: &[Fact] = &[
    Fact {
        topic: "Players",
        text: "Three to six, clockwise. The player on the dealer's left is the eldest, and every \
               turn passes to the left.",
    },
    Fact {
        topic: "The board",
        text: "Eight compartments: Ace, King, Queen, Jack, Ten, the King-Queen (the marriage), \
               the Nine-Eight-Seven and the Poch. Money is counted in pennies.",
    },
    Fact {
        topic: "Deal",
        text: "Each player is dealt four cards; then the pack is cut, and the suit of the card \
               the cut turns up is trumps. The pack itself is the reading's (below).",
    },
    Fact {
        topic: "Ranks",
        text: "Ace high: A K Q J 10 9 ... 2 (assumed: the board puts the Ace first).",
    },
    Fact {
        topic: "Order of play",
        text: "1. The sweepstakes: the compartments of the board are paid out for cards held \
               (how, below). 2. The Poch: hands rank four of a kind, three of a kind, two \
               pairs, one pair, high card; a tie goes to \"the hand with the highest card in \
               the Trump suit\". 3. The countdown: in turn each plays a card and counts on, a \
               court card 10, an Ace 1 and any other its pips, never past 31; the winner of the \
               Poch begins, and the last player able to play in a count begins the next. The \
               deal ends when a player has played his last card.",
    },
];

/// Glic's deal, as Stewart orders it: the deal and the antes, the sweepstakes, the Poch and
/// the countdown.
pub const STAGES: &[StageDef] = &[
    StageDef::new("deal", "The deal"),
    StageDef::new("sweepstakes", "The sweepstakes"),
    StageDef::new("poch", "The Poch"),
    StageDef::new("countdown", "The countdown"),
];
