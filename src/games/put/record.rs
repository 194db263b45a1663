//! What a match of Put comes to under one reading: every deal's passing, calls, tricks and score,
//! and the rule point behind each award. The engine writes it; reports only read it.

use super::points::Point;
use super::scenario::{Act, Call, Pass, Seat};
use crate::cards::Card;

/// One thing that happened in a deal, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// One side's passing in four-handed Put.
    Passed { pass: Pass, filled: bool },
    /// A call: put, double, see, refuse or throw.
    Called {
        seat: Seat,
        call: Call,
        filled: bool,
    },
    /// A finished trick: its cards in the order played (a card from a player who has since
    /// dropped out still shows, but does not count), and its winner (`None` when tied).
    Trick {
        leader: Seat,
        cards: Vec<(Seat, Card)>,
        winner: Option<Seat>,
        filled: bool,
    },
    /// A scripted action not played because the deal was already over.
    NotPlayed { seat: Seat, act: Act },
}

/// How a deal ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DealEnd {
    /// Won on tricks: two tricks, or (where it scores) one trick and two ties.
    Won { seat: Seat, one_and_two_ties: bool },
    /// Everybody else refused a put (`refused_put`) or threw up.
    LastIn { seat: Seat, refused_put: bool },
    /// One trick each for two players and the third tied.
    TrickAndTie,
    /// A player threw up his cards after a seen put, and pays the stakes (`abandoned-put`).
    Forfeited { seat: Seat },
    /// Nobody won: one trick and two ties where that scores nothing (`one_and_two_ties`), three
    /// ties, or one trick each for three players.
    NoWinner { one_and_two_ties: bool },
}

/// What the deal changed in the score, and the rule points that decided it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Award {
    Nothing {
        cites: Vec<Point>,
    },
    Points {
        side: usize,
        points: u32,
        cites: Vec<Point>,
    },
    /// A seen put won the game outright.
    Game {
        side: usize,
    },
    /// A seen put ended in trick and tie and the game began anew.
    GameAnew,
}

/// One deal as played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealRecord {
    pub dealer: Seat,
    /// The hands when play began (after any passing), per seat; empty for a giver.
    pub hands: Vec<crate::cards::CardSet>,
    /// Whether a put (or double) was seen.
    pub seen: bool,
    pub events: Vec<Event>,
    pub end: DealEnd,
    pub award: Award,
    /// Each side's score after the deal; when the deal ends a game, that game's final score.
    pub scores: Vec<u32>,
    /// The side that won a game with this deal.
    pub game_won: Option<usize>,
}

/// A match as played under one reading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Seats at the table.
    pub seats: usize,
    pub first_dealer: Seat,
    /// The deals played; deals scripted after the match was won are not played.
    pub deals: Vec<DealRecord>,
    /// How many deals the scenario scripts.
    pub scripted: usize,
    /// Each side's games won.
    pub games: Vec<u32>,
    /// The side that won the match.
    pub winner: Option<usize>,
    /// Whether a cut decided the first dealer (the rule point `first-dealer`).
    pub by_cut: bool,
}

impl Record {
    /// The score standing after the last deal played (the starting score if none was).
    pub fn final_scores(&self) -> Option<&[u32]> {
        self.deals.last().map(|d| d.scores.as_slice())
    }
}
