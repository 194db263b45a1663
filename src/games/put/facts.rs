//! What every reading of Put shares, as the module documentation of `points.rs` sets it out:
//! the part of the rules no rule point disputes, for the card a table plays from.

use crate::game::{Fact, Setup, StageDef};

/// Two to four at the table (the readings that allow three or four say so), two at first; three
/// cards each.
pub const SETUP: Setup = Setup {
    least: 2,
    most: 4,
    usual: 2,
    hand: 3,
};

pub const FACTS: &[Fact] = &[
    Fact {
        topic: "Players",
        text: "Two, face to face; the reading says whether three or four may play (below).",
    },
    Fact {
        topic: "Pack and ranks",
        text: "Suits never matter: only the rank of a card counts. Which cards are in the pack, \
               and their order, is the reading's (below); Cotton's whole pack ranks 3 2 A K Q J \
               10 9 8 7 6 5 4 (\"first the Trey, next the Deuce, then the Ace\", p. 132).",
    },
    Fact {
        topic: "Deal",
        text: "The other player cuts; the dealer gives three cards to each, one at a time, \
               beginning on his left (Cotton: \"till they have three apiece\", p. 131). The deal \
               passes to the left after every deal.",
    },
    Fact {
        topic: "Tricks",
        text: "The eldest (the dealer's left) leads to the first trick. Any card may be played: \
               there are no trumps and no duty to follow suit. The highest rank wins the trick \
               and its winner leads to the next.",
    },
    Fact {
        topic: "Order of play",
        text: "1. The deal. 2. The put: a player who thinks his cards the better may \"put\"; the \
               other sees it and plays on for the game, or gives up, and the putter scores 1 \
               (Cotton: \"he then wins one\", p. 131). 3. The tricks: the player who wins two \
               wins the deal and scores 1, and the cards left are not played; one trick each \
               and the third tied (\"trick and tye\", p. 132) scores nothing. 4. Deals go on \
               until a player reaches the game (below).",
    },
];

/// Put's deal: the deal (the pack, who deals, how many play), the play (putting and the
/// tricks), and the reckoning of the game.
pub const STAGES: &[StageDef] = &[
    StageDef::new("deal", "The deal"),
    StageDef::new("tricks", "The play"),
    StageDef::new("reckoning", "The reckoning"),
];
