//! The one seam between the shared layer and the games.
//!
//! A game (Gleek, Put...) owns its rule points, its scenario format, its phases and its engine,
//! under `src/games/<id>/`. The shared layer (variants, `check`, comparisons, the site, the
//! terminal reports) knows games only through these traits: parse a fenced block, list the rule
//! points, play a scenario under a reading, and describe what happened in words and figures.

use crate::cards::Card;
use crate::diagnostic::{Diagnostic, Location};
use crate::money::Money;
use crate::rules::{Point, PointTable, Rules};
use crate::yaml::YamlText;
use std::fmt;
use std::sync::Arc;

/// A game Mournival knows.
pub trait Game: Send + Sync + 'static {
    /// The fenced-block language of its scenarios and its folder under `variants/`: `gleek`.
    fn id(&self) -> &'static str;
    /// Its name for readers: `Gleek`.
    fn name(&self) -> &'static str;
    /// Its rule points, declared once in the game's module.
    fn points(&self) -> PointTable;
    /// Reads one scenario block, every error located in the file.
    fn parse(&self, yaml: &YamlText) -> Result<Box<dyn Scenario>, Vec<Diagnostic>>;
    /// What [`Played::standing`] measures, in a word for tables and messages: `net` for a game
    /// played for money, `score` for one that keeps a score.
    fn standing(&self) -> &'static str {
        "net"
    }
    /// How the game deals at random and fills every step by a policy, for `simulate` and
    /// `deal`; `None` while the game cannot simulate yet.
    fn simulator(&self) -> Option<&'static dyn crate::simulate::Simulator> {
        None
    }
}

impl fmt::Debug for dyn Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A seat at the table: an index into [`Head::seats`], which run clockwise.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Seat(pub u8);

impl Seat {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// What every scenario has, whatever its game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Head {
    pub id: String,
    pub title: String,
    pub notes: Option<String>,
    /// Names, clockwise.
    pub seats: Vec<String>,
    pub expect: Vec<Expectation>,
    /// Where each scripted action is written, indexed by [`Unplayable::at`].
    pub locations: Vec<Location>,
    /// Where the scenario starts.
    pub location: Location,
    /// The scenario's YAML as written, for the site.
    pub yaml: String,
}

impl Head {
    pub fn name(&self, seat: Seat) -> &str {
        &self.seats[seat.index()]
    }

    pub fn seat_of(&self, name: &str) -> Option<Seat> {
        self.seats
            .iter()
            .position(|s| s.eq_ignore_ascii_case(name))
            .map(|i| Seat(i as u8))
    }

    pub fn all_seats(&self) -> impl Iterator<Item = Seat> + use<> {
        (0..self.seats.len() as u8).map(Seat)
    }

    pub fn location_of(&self, at: u32) -> Option<&Location> {
        self.locations.get(at as usize)
    }
}

/// A scenario of some game: a deal (or a whole game) and what the players did.
pub trait Scenario: Send + Sync + fmt::Debug {
    fn game(&self) -> &'static dyn Game;
    fn head(&self) -> &Head;
    /// Plays the scenario under a reading of the game's rules.
    fn play(&self, rules: &Rules) -> Outcome;
    /// The seats in the order the game lists them (the Gleek eldest first...).
    fn order(&self) -> Vec<Seat> {
        self.head().all_seats().collect()
    }
    /// What was dealt, for the site and the terminal.
    fn deal(&self) -> DealView;
}

/// The result of a scenario under one reading.
#[derive(Clone, Debug)]
pub enum Outcome {
    Played(Arc<dyn Played>),
    Unplayable(Unplayable),
}

impl Outcome {
    pub fn played(&self) -> Option<&dyn Played> {
        match self {
            Outcome::Played(p) => Some(p.as_ref()),
            Outcome::Unplayable(_) => None,
        }
    }
}

/// Why a reading cannot play a scripted action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unplayable {
    /// The rule point that forbids it.
    pub point: Point,
    /// The scripted action, in words ("Ann bids 12").
    pub action: String,
    /// What the reading requires instead.
    pub reason: String,
    /// Where the action is written (an index into [`Head::locations`]).
    pub at: Option<u32>,
}

/// A scenario played under one reading: its money, its figures, and its account in words.
pub trait Played: Send + Sync + fmt::Debug {
    /// Each seat's gain or loss, in seat order.
    fn nets(&self) -> Vec<Money>;
    /// Where each seat stands at the end, in seat order: what comparisons between readings
    /// compare (their differences, spreads and attributions). The money, unless the game keeps
    /// a score instead.
    fn standing(&self) -> Vec<Money> {
        self.nets()
    }
    /// The value of a figure a page may expect; `None` when the game has no such figure.
    fn figure(&self, figure: &Figure) -> Option<Value>;
    /// Every payment, in order, in words.
    fn payments(&self, head: &Head) -> Vec<Line>;
    /// The rows of the outcome table after each seat's net, the same rows under every reading.
    fn rows(&self, head: &Head) -> Vec<Row>;
    /// The whole account in words: events by stage, tricks, totals, steps the engine filled.
    fn account(&self, head: &Head) -> Account;
    /// Every unit paid was received somewhere.
    fn balances(&self) -> bool;
}

/// Who pays or receives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Party {
    Player(Seat),
    /// The pot on the table, which may carry over to the next deal.
    Pot,
    /// The box: money that leaves the players.
    Box,
}

impl Party {
    pub fn name(self, head: &Head) -> String {
        match self {
            Party::Player(s) => head.name(s).to_string(),
            Party::Pot => "the pot".to_string(),
            Party::Box => "the box".to_string(),
        }
    }
}

/// One payment, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The stage of play it belongs to, as a title.
    pub phase: &'static str,
    pub from: Party,
    pub to: Party,
    pub amount: Money,
    /// The rule point behind it.
    pub point: Point,
    pub reason: String,
}

/// A row of the outcome table: a label, a figure in words, and the payments behind it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub label: String,
    /// A class for the site (`phase`, `points`, `pot`, `score`...).
    pub group: &'static str,
    /// The figure in words; `—` when nothing happened.
    pub text: String,
    /// Indices into [`Played::payments`].
    pub lines: Vec<usize>,
    /// How the figure was made, where the payments do not say it.
    pub detail: Option<String>,
    /// The figures of an `expect:` block this row shows, for the page's ✓ and ✗.
    pub figures: Vec<Figure>,
}

/// A trick: each play in order, and who won it (`None`: tied, it belongs to nobody).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrickLine {
    pub label: String,
    pub plays: Vec<(Seat, Card)>,
    pub winner: Option<Seat>,
}

/// The account of a played scenario in words.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Account {
    /// Events by stage: the stage's title and what happened in it.
    pub stages: Vec<(String, Vec<String>)>,
    pub tricks: Vec<TrickLine>,
    /// Totals that move no money by themselves (points in play, the score).
    pub summary: String,
    /// Steps the scenario left out and the engine filled.
    pub filled: Vec<String>,
    /// Rule points that decided what happened, beyond those behind the payments (whose
    /// evidence a report shows with them).
    pub cited: Vec<Point>,
    /// A picture of how the scenario ended under this reading (what each part of the board
    /// paid), if the game draws one.
    pub picture: Option<Picture>,
}

/// What was dealt, for display: facts in words and groups of hands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DealView {
    /// "Cat deals; Ann is eldest. Trumps: hearts, by the turn-up."
    pub summary: String,
    pub groups: Vec<HandGroup>,
    /// A picture of the table the game draws (inline SVG, every text in it escaped), if any.
    pub picture: Option<Picture>,
}

/// Inline SVG drawn by a game, with a text for those who cannot see it. The game escapes every
/// text it puts in the SVG; the site inserts it as it is.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Picture {
    pub svg: String,
    pub alt: String,
}

/// Hands dealt together (one deal of several), with the cards beside them (turn-up, stock).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HandGroup {
    pub caption: Option<String>,
    pub hands: Vec<Hand>,
}

/// One hand, or other cards on the table, for display.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hand {
    /// A player's name, or what the cards are (`Stock`).
    pub label: String,
    /// The player's role in the deal (`eldest`, `dealer`).
    pub role: Option<&'static str>,
    /// The cards; a card marked `true` is a trump.
    pub cards: Vec<(Card, bool)>,
}

/// One figure a page expects under a variant.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Figure {
    /// The game's name for it, as written in `expect:` (`net`, `turn-up`, `points`, `pot`, `score`);
    /// a per-player key other than `net`, `points` and `score(s)` is a stage's net.
    pub key: &'static str,
    pub seat: Option<Seat>,
    /// Which deal of several it is taken after (counting from 0), for games of several deals.
    pub deal: Option<u32>,
}

impl Figure {
    pub fn net(seat: Seat) -> Figure {
        Figure {
            key: "net",
            seat: Some(seat),
            deal: None,
        }
    }

    /// How a figure is named in messages: "Ann's net", "Ann's score after deal 2", "the pot".
    pub fn name(&self, head: &Head) -> String {
        let what = match (self.seat, self.key) {
            (Some(s), "net" | "points") => format!("{}'s {}", head.name(s), self.key),
            (Some(s), "score" | "scores") => format!("{}'s score", head.name(s)),
            (Some(s), stage) => format!("{}'s {stage} net", head.name(s)),
            (None, key) => format!("the {key}"),
        };
        match self.deal {
            Some(d) => format!("{what} after deal {}", d + 1),
            None => what,
        }
    }
}

/// The value of a figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    Money(Money),
    /// A seat, or nobody (the winner of an unfinished game).
    Seat(Option<Seat>),
}

impl Value {
    pub fn words(self, head: &Head) -> String {
        match self {
            Value::Money(m) => m.signed().to_string(),
            Value::Seat(Some(s)) => head.name(s).to_string(),
            Value::Seat(None) => "none".to_string(),
        }
    }
}

/// What a page says a variant does with the scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expected {
    /// Figures, each with where it is written.
    Figures(Vec<(Figure, Value, Location)>),
    /// Not playable, optionally because of a named rule point.
    Unplayable(Option<Point>),
}

/// The expectations of one variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expectation {
    pub variant: String,
    pub expected: Expected,
    pub location: Location,
}
