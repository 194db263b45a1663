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

/// A stage of play as a game declares it: the word a page's front matter names it by, and the
/// heading its questions are listed under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StageDef {
    pub id: &'static str,
    pub title: &'static str,
}

impl StageDef {
    pub const fn new(id: &'static str, title: &'static str) -> StageDef {
        StageDef { id, title }
    }
}

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
    /// What the figures of its tables count, so a reader knows what `+4` is.
    fn unit(&self) -> Unit;
    /// What every reading shares (players, pack, deal, ranks, order of play): the part of the
    /// rules no rule point disputes, which a table's card states before the reading's choices.
    fn facts(&self) -> &'static [Fact];
    /// The seats a table may have, its usual size and the cards of a hand: what the scenario
    /// reader enforces and the settle form offers, so that the two cannot disagree.
    fn setup(&self) -> Setup;
    /// The stages of a deal, in play order: a page of the game says at which one its question
    /// arises (`stage:`), and the site lists the questions in this order under these titles.
    fn stages(&self) -> &'static [StageDef];
    /// The JSON Schema of the game's scenario blocks, for editors (`mournival schema`).
    fn scenario_schema(&self) -> serde_json::Value;
    /// A seat's standing in words: a net with its sign (`+3`, `−2`), a score as it stands.
    fn standing_text(&self, standing: Money) -> String {
        standing.signed().to_string()
    }
    /// How the game deals at random and fills every step by a policy, for `simulate` and
    /// `deal`; `None` while the game cannot simulate yet.
    fn simulator(&self) -> Option<&'static dyn crate::simulate::Simulator> {
        None
    }
}

/// The unit of a game's figures, in words: its plural name, and what one is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Unit {
    pub name: &'static str,
    pub meaning: &'static str,
}

/// How a table of a game is laid: every reading shares it (a reading that lets fewer play says so
/// in its rule points; the scenario reader takes every size some reading allows).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The fewest and the most seats a scenario may have.
    pub least: usize,
    pub most: usize,
    /// The size a table starts with where nobody says: the game's usual table.
    pub usual: usize,
    /// The cards dealt to each hand.
    pub hand: usize,
}

impl Setup {
    pub fn seats(&self) -> std::ops::RangeInclusive<usize> {
        self.least..=self.most
    }
}

/// One fact of a game that every reading shares: its topic ("Players") and the rule in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Fact {
    pub topic: &'static str,
    pub text: &'static str,
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
    /// Plays the scenario under a reading of the game's rules, with what the scenario writes for
    /// every reading.
    fn play(&self, rules: &Rules) -> Outcome;
    /// Plays the scenario under a variant's rules, or rules made from them (an alternative, one
    /// point switched): what the scenario writes for that variant alone (Gleek's per-reading
    /// `carried:`) applies. The same as [`Scenario::play`] for a game that writes nothing per
    /// reading.
    fn play_as(&self, variant: &str, rules: &Rules) -> Outcome {
        let _ = variant;
        self.play(rules)
    }
    /// Whether the scenario writes something for `variant` alone, so that [`Scenario::play_as`]
    /// may differ from [`Scenario::play`] for it: results are shared between readings otherwise.
    fn writes_for(&self, variant: &str) -> bool {
        let _ = variant;
        false
    }
    /// Every scripted action the reading forbids, not only the first, and the scenario played as
    /// far as the first. By default the first alone, and nothing played: a game that plays on past
    /// a forbidden action says more.
    fn forbidden(&self, variant: &str, rules: &Rules) -> Forbidden {
        match self.play_as(variant, rules) {
            Outcome::Unplayable(u) => Forbidden {
                actions: vec![u],
                before: None,
            },
            Outcome::Played(_) => Forbidden::default(),
        }
    }
    /// The variants the scenario names, each where it is written: in `expect:`, and wherever
    /// else the game lets a scenario write something per reading.
    fn variants_named(&self) -> Vec<(String, Location)> {
        self.head()
            .expect
            .iter()
            .map(|e| (e.variant.clone(), e.location.clone()))
            .collect()
    }
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

/// Every action a reading forbids in a scenario, and the scenario as far as the first of them.
#[derive(Clone, Debug, Default)]
pub struct Forbidden {
    /// In the order they come; empty when the reading plays the scenario. After the first, the
    /// game plays on as if the reading had allowed each forbidden action, where it can be taken at
    /// all, so later ones are found too.
    pub actions: Vec<Unplayable>,
    /// The scenario played as far as the first forbidden action: the figures settled before it
    /// (its [`Played::figure`] answers `None` for the others).
    pub before: Option<Arc<dyn Played>>,
}

/// A word for the scenario's writer that is no failure: a step the engine filled where the
/// scenario scripts part of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    pub text: String,
    /// Where the step's last scripted action is written (an index into [`Head::locations`]).
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
    /// What a scenario going on from where this one ends writes at its top, in the scenario's
    /// own words (Glic: `carried: {ace: 1}`, the coins left on the board), so that a page can
    /// play the next deal alone and get what the scenario played on with it gives; `None` for a
    /// game whose deals do not go on that way.
    fn carry(&self) -> Option<String> {
        None
    }
    /// Steps the engine filled although the scenario scripts part of them, and the writer did
    /// not say it meant to leave the rest to the engine.
    fn notes(&self) -> Vec<Note> {
        Vec::new()
    }
}

/// Who pays or receives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Party {
    Player(Seat),
    /// The pot on the table, which may carry over to the next deal.
    Pot,
    /// The box: money that leaves the players.
    Box,
    /// A named place on the table where stakes lie, as a game words it ("Queen compartment").
    Place(&'static str),
}

impl Party {
    pub fn name(self, head: &Head) -> String {
        match self {
            Party::Player(s) => head.name(s).to_string(),
            Party::Pot => "the pot".to_string(),
            Party::Box => "the box".to_string(),
            Party::Place(place) => format!("the {place}"),
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
    /// a per-player key other than `net`, `points`, `score(s)` and those ending in `-points` or
    /// `-value` is a stage's net.
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
            (Some(s), key) if key.ends_with("-points") || key.ends_with("-value") => {
                format!("{}'s {}", head.name(s), key.replace('-', " "))
            }
            (Some(s), stage) => format!("{}'s {stage} net", head.name(s)),
            (None, "tricks") => "the winner of each trick".to_string(),
            (None, key) => format!("the {}", key.replace('-', " ")),
        };
        // A score stands after a deal; any other figure of one deal (a Glic round's) is its own.
        match (self.deal, self.key) {
            (Some(d), "score" | "scores") => format!("{what} after deal {}", d + 1),
            (Some(d), _) => format!("{what} in round {}", d + 1),
            (None, _) => what,
        }
    }
}

/// The value of a figure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Money(Money),
    /// A seat, or nobody (the winner of an unfinished game).
    Seat(Option<Seat>),
    /// Seats in order, or nobody at a place (each trick's winner; the players who share a ruff).
    Seats(Vec<Option<Seat>>),
}

impl Value {
    /// Whether the figure is reached: an amount always is; a seat figure when it names somebody
    /// (a winner of an unfinished game, a compartment nobody took, name nobody).
    pub fn names_somebody(&self) -> bool {
        match self {
            Value::Money(_) => true,
            Value::Seat(s) => s.is_some(),
            Value::Seats(seats) => seats.iter().any(Option::is_some),
        }
    }

    /// A seat or seats as a list: one seat and a list of one are the same answer.
    fn seats(&self) -> Option<Vec<Option<Seat>>> {
        match self {
            Value::Money(_) => None,
            Value::Seat(s) => Some(vec![*s]),
            Value::Seats(seats) => Some(seats.clone()),
        }
    }

    pub fn words(&self, head: &Head) -> String {
        let seat =
            |s: &Option<Seat>| s.map_or_else(|| "none".to_string(), |s| head.name(s).to_string());
        match self {
            Value::Money(m) => m.signed().to_string(),
            Value::Seat(s) => seat(s),
            Value::Seats(seats) => seats.iter().map(seat).collect::<Vec<_>>().join(", "),
        }
    }
}

/// What a page says of one figure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Want {
    /// Exactly this value.
    Exactly(Value),
    /// An amount within bounds, either end open, where a source gives only a range ("sixteen and
    /// more": `{at-least: 16}`).
    Within {
        at_least: Option<Money>,
        at_most: Option<Money>,
    },
    /// The sources give no figure: the engine's figure must rest on an assumed choice or an open
    /// alternative of the reading.
    Undetermined,
}

impl Want {
    /// Whether a value found satisfies what is wanted (an undetermined figure is judged apart).
    pub fn admits(&self, found: &Value) -> bool {
        match (self, found) {
            (Want::Exactly(v), found) => {
                v == found || v.seats().is_some_and(|a| Some(a) == found.seats())
            }
            (Want::Within { at_least, at_most }, Value::Money(m)) => {
                at_least.is_none_or(|lo| *m >= lo) && at_most.is_none_or(|hi| *m <= hi)
            }
            (Want::Within { .. }, _) => false,
            (Want::Undetermined, _) => true,
        }
    }

    pub fn words(&self, head: &Head) -> String {
        match self {
            Want::Exactly(v) => v.words(head),
            Want::Within { at_least, at_most } => match (at_least, at_most) {
                (Some(lo), Some(hi)) => {
                    format!("at least {} and at most {}", lo.signed(), hi.signed())
                }
                (Some(lo), None) => format!("at least {}", lo.signed()),
                (None, Some(hi)) => format!("at most {}", hi.signed()),
                (None, None) => "any amount".to_string(),
            },
            Want::Undetermined => "undetermined".to_string(),
        }
    }
}

/// One thing a page says of a variant's figures, with where it is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// One figure: a value, bounds, or undetermined.
    Figure {
        figure: Figure,
        want: Want,
        at: Location,
    },
    /// Figures that depend on an open alternative: the variant's own choice gives one of these
    /// branches, and each other is given by one of its open alternatives (one point switched to
    /// an alternative the variant lists).
    OneOf { options: Vec<Branch>, at: Location },
}

/// One branch of a `one-of`: a set of figures, or the deal forbidden.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Branch {
    Figures(Vec<(Figure, Want)>),
    /// "Either this reading forbids the deal": `{unplayable: who-may-put}`.
    Unplayable(Forbids),
}

impl Branch {
    /// The figures of the branch; none for a forbidden deal.
    pub fn figures(&self) -> &[(Figure, Want)] {
        match self {
            Branch::Figures(f) => f,
            Branch::Unplayable(_) => &[],
        }
    }
}

impl Claim {
    /// The figures it speaks of, each once, in the order written.
    pub fn figures(&self) -> Vec<&Figure> {
        match self {
            Claim::Figure { figure, .. } => vec![figure],
            Claim::OneOf { options, .. } => {
                let mut out: Vec<&Figure> = Vec::new();
                for (f, _) in options.iter().flat_map(Branch::figures) {
                    if !out.contains(&f) {
                        out.push(f);
                    }
                }
                out
            }
        }
    }

    pub fn location(&self) -> &Location {
        match self {
            Claim::Figure { at, .. } | Claim::OneOf { at, .. } => at,
        }
    }

    /// A `one-of` of which one branch is the deal forbidden: the claim holds whether or not the
    /// deal is playable.
    pub fn may_forbid(&self) -> bool {
        matches!(self, Claim::OneOf { options, .. }
            if options.iter().any(|b| matches!(b, Branch::Unplayable(_))))
    }
}

/// Which forbidden actions a page says make a scenario unplayable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Forbids {
    /// Not playable, for whatever reason.
    Any,
    /// The first forbidden action is forbidden by this rule point (`unplayable minimum-bid`).
    First(Point),
    /// Every forbidden action, in order, by these rule points (`unplayable: [minimum-bid,
    /// follow-rule]`).
    Every(Vec<Point>),
}

impl Forbids {
    /// Whether the forbidden actions found (their points, in order) are those the page names.
    pub fn admits(&self, found: &[Point]) -> bool {
        match self {
            Forbids::Any => !found.is_empty(),
            Forbids::First(p) => found.first() == Some(p),
            Forbids::Every(ps) => ps == found,
        }
    }

    /// The points the page names: none for any reason.
    pub fn named(&self) -> Vec<Point> {
        match self {
            Forbids::Any => Vec::new(),
            Forbids::First(p) => vec![*p],
            Forbids::Every(ps) => ps.clone(),
        }
    }
}

/// What a page says a variant does with the scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expected {
    /// Playable, with these figures.
    Figures(Vec<Claim>),
    /// Playable, but the sources give no figure for the deal: every player's standing rests on
    /// an assumed choice or an open alternative (`cotgrave-1662: undetermined`).
    Undetermined,
    /// Not playable; with the figures settled before the first forbidden action, if any.
    Unplayable {
        forbids: Forbids,
        figures: Vec<Claim>,
    },
}

/// The expectations of one variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expectation {
    pub variant: String,
    pub expected: Expected,
    pub location: Location,
}
