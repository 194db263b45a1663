//! `simulate`: many random deals, each played under every reading, to measure what the disputed
//! rules change.
//!
//! The shared layer never names a game. A game that can deal at random says so through
//! [`crate::game::Game::simulator`] and its [`Simulator`]: the policies its players may follow,
//! the roles at its table, and a [`Table`] that deals fresh hands fit for the readings compared.
//! This module plays each deal under each reading, under each reading's open alternatives (one
//! rule point switched at a time), and with the game's option declined (Gleek's stock), and adds
//! the results up in whole numbers, so that the report is the same on any number of threads.

pub mod exact;
mod play;
pub mod rng;
mod tally;
pub mod text;

use crate::cards::{Card, CardSet, Suit};
use crate::game::Game;
use crate::money::Money;
use crate::rules::{Point, Rules};
use crate::variant::Variant;
use rng::Rng;
use serde::Serialize;
use tally::Tally;

/// The most deals one run may play: about a quarter of an hour on two cores.
pub const MAX_DEALS: u64 = 10_000_000;

/// A policy a game offers: how its players fill every step, in words a reader can follow by
/// hand.
#[derive(Clone, Copy, Debug)]
pub struct PolicyDoc {
    pub id: &'static str,
    pub summary: &'static str,
    /// Each step of play it decides, and how.
    pub steps: &'static [(&'static str, &'static str)],
}

/// Something a player may take at a price (Gleek's stock), whose worth a run measures against
/// the same deal with nobody taking it.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct OptionDoc {
    /// "buying the stock".
    pub what: &'static str,
    /// Who takes it: "buyer".
    pub taker: &'static str,
    /// What the price is called: "bid".
    pub price: &'static str,
    /// The deal it is measured against: "had nobody bought it".
    pub against: &'static str,
}

/// Who took the game's option in a played deal, and at what price.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Taken {
    /// An index into the roles.
    pub role: usize,
    pub price: u32,
}

/// What a deal leaves on the table for the next one of an evening: the money lying there, and
/// the game's own marks of it (Glic: the pennies on each compartment; Gleek: how many deals
/// the ruff has passed). The shared layer only hands it on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Carry {
    pub pot: Money,
    pub state: [u32; 8],
}

/// The most roles a simulated table seats (Glic's six).
pub const MAX_ROLES: usize = 6;

/// Where each role stands after a deal (see [`crate::game::Played::standing`]), in the order of
/// the roles: a fixed array, since a run copies it for every play it reuses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    len: usize,
    roles: [Money; MAX_ROLES],
}

impl Standing {
    /// # Panics
    /// With more than [`MAX_ROLES`] roles: a game's [`Players::most`] is at most that.
    pub fn new(roles: &[Money]) -> Standing {
        let mut s = Standing {
            len: roles.len(),
            roles: [Money::ZERO; MAX_ROLES],
        };
        s.roles[..roles.len()].copy_from_slice(roles);
        s
    }
}

impl std::ops::Deref for Standing {
    type Target = [Money];

    fn deref(&self) -> &[Money] {
        &self.roles[..self.len]
    }
}

/// One deal played under one reading: where each role stands, or the rule point that makes it
/// not playable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trial {
    pub result: Result<Standing, Point>,
    pub taken: Option<Taken>,
    /// What the deal added to the pot (negative: what it paid out of it).
    pub pot: Money,
    /// What the deal paid to the box, out of the players' reach.
    pub boxed: Money,
    /// What it leaves for the next deal; `None`: the table as it found it.
    pub carry: Option<Carry>,
    /// The game's outcomes that happened, as bits in the order of [`Simulator::marks`].
    pub marks: u64,
}

impl Trial {
    /// A deal that could not be played: nothing moved.
    pub fn unplayable(point: Point) -> Trial {
        Trial {
            result: Err(point),
            taken: None,
            pot: Money::ZERO,
            boxed: Money::ZERO,
            carry: None,
            marks: 0,
        }
    }
}

/// How many players a game's table seats: at least, at most, and unless a run says.
#[derive(Clone, Copy, Debug)]
pub struct Players {
    pub least: usize,
    pub most: usize,
    pub default: usize,
}

/// A card event whose chance the tool works out exactly, counted in the deals of a table.
#[derive(Clone, Debug)]
pub struct EventDoc {
    pub what: String,
    pub exact: f64,
}

/// How a game deals at random and plays by a policy.
pub trait Simulator: Sync {
    /// The policies, the first the default.
    fn policies(&self) -> &'static [PolicyDoc];
    /// The players at its table.
    fn players(&self) -> Players;
    /// The roles at a table of `players`, in the order of [`Trial::result`]: `eldest`, ...,
    /// `dealer`.
    fn roles(&self, players: usize) -> Vec<&'static str>;
    /// The option a run weighs against declining it, if the game has one.
    fn option(&self) -> Option<OptionDoc> {
        None
    }
    /// The outcomes of a deal a run counts for each reading, in the order of [`Trial::marks`].
    fn marks(&self) -> &'static [&'static str] {
        &[]
    }
    /// A table of `players` dealing hands every one of `readings` can play, or why there can
    /// be none.
    fn table(&self, readings: &[Rules], players: usize) -> Result<Box<dyn Table>, String>;
}

/// Deals fresh hands for a run.
pub trait Table: Sync {
    /// The cards it deals from, in words ("the 52-card pack"): two tables that say the same
    /// deal the same hands from the same seed.
    fn cards(&self) -> String;
    /// What a reader should know about the deals.
    fn note(&self) -> Option<String> {
        None
    }
    /// The card events counted in its deals, each with its exact chance.
    fn events(&self) -> Vec<EventDoc>;
    fn deal(&self, rng: &mut Rng) -> Box<dyn Dealt>;
}

/// One fresh deal.
pub trait Dealt {
    /// Plays it under a reading, every step by the policy (an index into
    /// [`Simulator::policies`]), on a table as an earlier deal left it.
    fn play(&self, rules: &Rules, policy: usize, carry: &Carry) -> Trial;
    /// Plays it under `rules`, the reading [`Dealt::play`] played last with one point switched,
    /// on the same table: where each role stands, as [`Dealt::play`] finds it (a switch is
    /// compared on that alone), which a deal that keeps its plays may find sooner by resuming
    /// that reading's play.
    fn switched(&self, rules: &Rules, policy: usize, carry: &Carry) -> Result<Standing, Point> {
        self.play(rules, policy, carry).result
    }
    /// Plays it again with nobody taking the option; `None` for a game without one.
    fn untaken(&self, rules: &Rules, policy: usize, carry: &Carry) -> Option<Trial> {
        let _ = (rules, policy, carry);
        None
    }
    /// Whether the deal keeps its own plays and reuses them (whole, or from a stage) where a
    /// reading agrees on what they read: the shared layer then hands it every play rather than
    /// search a record of its own, which for such a deal finds almost nothing (Gleek: 3 plays
    /// in 105) at the price of a search per play.
    fn keeps_plays(&self) -> bool {
        false
    }
    /// Which of the table's events happened, as bits in the order of [`Table::events`].
    fn events(&self) -> u64;
    /// The deal as a scenario block, ready to paste into a page (no `expect:`).
    fn scenario_yaml(&self, id: &str) -> String;
}

/// A deal's scenario as each carry leaves the table, made once per carry: a deal is played from
/// the same carry many times over (every switch of a reading), and copying a scenario each time
/// costs more than playing it.
pub struct PerCarry<S> {
    made: std::cell::RefCell<Vec<(Carry, std::rc::Rc<S>)>>,
}

impl<S> PerCarry<S> {
    /// `base` is the deal on an empty table.
    pub fn new(base: S) -> PerCarry<S> {
        PerCarry {
            made: std::cell::RefCell::new(vec![(Carry::default(), std::rc::Rc::new(base))]),
        }
    }

    /// The deal on an empty table.
    pub fn base(&self) -> std::rc::Rc<S> {
        self.made.borrow()[0].1.clone()
    }

    /// The deal from `carry`, made from the base by `make` the first time.
    pub fn get(&self, carry: &Carry, make: impl FnOnce(&S) -> S) -> std::rc::Rc<S> {
        if let Some((_, s)) = self.made.borrow().iter().find(|(c, _)| c == carry) {
            return s.clone();
        }
        let s = std::rc::Rc::new(make(&self.base()));
        self.made.borrow_mut().push((*carry, s.clone()));
        s
    }
}

/// What a run is asked to do.
#[derive(Clone, Debug)]
pub struct Options {
    pub deals: u64,
    pub seed: u64,
    /// A policy id; empty for the game's default.
    pub policy: String,
    /// How many of the deals (the first ones) are also played with each rule point switched
    /// alone; `None`: every deal.
    pub switch_deals: Option<u64>,
    /// The players at the table; `None`: the game's usual number.
    pub players: Option<usize>,
    /// Deals in an evening: the pot and whatever else a deal leaves on the table is carried to
    /// the next deal of the evening, and the evening starts with an empty table.
    pub evening: u64,
    /// Reuse a result already played for a reading that agrees on every point the play read
    /// (the same figures, much sooner); off only to check that it changes nothing.
    pub reuse: bool,
}

impl Options {
    /// A run of `deals` from `seed` with everything else as the command line has it.
    pub fn new(deals: u64, seed: u64) -> Options {
        Options {
            deals,
            seed,
            policy: String::new(),
            switch_deals: None,
            players: None,
            evening: EVENING,
            reuse: true,
        }
    }

    fn switch_deals(&self) -> u64 {
        self.switch_deals.unwrap_or(self.deals).min(self.deals)
    }
}

/// Deals in an evening, unless a run says otherwise.
pub const EVENING: u64 = 12;
/// The longest evening a run may ask for.
pub const MAX_EVENING: u64 = 1000;

#[derive(Debug, thiserror::Error)]
pub enum SimulateError {
    #[error(
        "mournival cannot deal at random in {0} yet, only check and show its scenarios; choose another --game"
    )]
    NoSimulator(&'static str),
    #[error("no readings to compare: {0} has no variants")]
    NoReadings(&'static str),
    #[error("unknown policy `{given}`; the policies for {game} are {allowed}")]
    UnknownPolicy {
        given: String,
        game: &'static str,
        allowed: String,
    },
    #[error("--deals must be between 1 and {MAX_DEALS}, not {0}")]
    Deals(u64),
    #[error("{game} is played by {least} to {most} players, not {given}")]
    Players {
        game: &'static str,
        least: usize,
        most: usize,
        given: usize,
    },
    #[error("--evening must be between 1 and {MAX_EVENING} deals, not {0}")]
    Evening(u64),
    #[error("{0}")]
    Table(String),
}

/// The game's simulator, or why there is none.
pub fn simulator_of(game: &dyn Game) -> Result<&'static dyn Simulator, SimulateError> {
    game.simulator()
        .ok_or(SimulateError::NoSimulator(game.name()))
}

/// The players of a run: the game's usual number, or the one asked for if the game allows it.
pub fn players_of(game: &dyn Game, asked: Option<usize>) -> Result<usize, SimulateError> {
    let p = simulator_of(game)?.players();
    let n = asked.unwrap_or(p.default);
    if (p.least..=p.most).contains(&n) {
        Ok(n)
    } else {
        Err(SimulateError::Players {
            game: game.name(),
            least: p.least,
            most: p.most,
            given: n,
        })
    }
}

/// The index of a policy by id (empty: the default), or an error listing them.
pub fn policy_index(game: &dyn Game, id: &str) -> Result<usize, SimulateError> {
    let policies = simulator_of(game)?.policies();
    if id.is_empty() {
        return Ok(0);
    }
    policies
        .iter()
        .position(|p| p.id == id)
        .ok_or_else(|| SimulateError::UnknownPolicy {
            given: id.to_string(),
            game: game.name(),
            allowed: policies
                .iter()
                .map(|p| format!("`{}`", p.id))
                .collect::<Vec<_>>()
                .join(", "),
        })
}

/// A fresh deal as a scenario block: deal `index` of a run with this seed, from the cards every
/// one of `readings` holds.
pub fn deal_yaml(
    game: &dyn Game,
    readings: &[&Variant],
    players: Option<usize>,
    seed: u64,
    index: u64,
) -> Result<String, SimulateError> {
    let rules: Vec<Rules> = readings.iter().map(|v| v.rules).collect();
    let players = players_of(game, players)?;
    let table = simulator_of(game)?
        .table(&rules, players)
        .map_err(SimulateError::Table)?;
    let dealt = table.deal(&mut Rng::for_deal(seed, index));
    let mut out = format!(
        "# a fresh deal: mournival deal --game {} --seed {seed}\n",
        game.id()
    );
    if let Some(note) = table.note() {
        out.push_str(&format!("# {note}\n"));
    }
    out.push_str(&dealt.scenario_yaml(&format!("dealt-{seed}-{index}")));
    Ok(out)
}

/// The head every game's dealt scenario block starts with: its id, title, seats and dealer.
pub fn scenario_head(id: &str, seats: &[String], dealer: &str) -> String {
    format!(
        "id: {id}\ntitle: A fresh deal\nseats: [{}]\ndealer: {dealer}\n",
        seats.join(", ")
    )
}

/// Which events happened, as the bits [`Dealt::events`] returns: event `i` is bit `i`.
pub fn event_bits(happened: &[bool]) -> u64 {
    happened
        .iter()
        .enumerate()
        .fold(0, |acc, (i, &b)| acc | (u64::from(b) << i))
}

/// Cards as a scenario writes them, in the order a hand is shown (by suit, highest first):
/// `AS TS 4H`. For the scenario blocks `deal` prints.
pub fn card_tokens(cards: CardSet) -> String {
    let token = |card: Card| {
        let rank = match card.rank().label() {
            "10" => "T",
            r => r,
        };
        let suit = match card.suit() {
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
            Suit::Clubs => 'C',
        };
        format!("{rank}{suit}")
    };
    cards
        .sorted()
        .into_iter()
        .map(token)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Plays `opts.deals` random deals under each of `variants`, calling `progress` with the number
/// of deals done as chunks finish.
pub fn run(
    game: &dyn Game,
    variants: &[&Variant],
    opts: &Options,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Report, SimulateError> {
    let sim = simulator_of(game)?;
    let policy = policy_index(game, &opts.policy)?;
    if variants.is_empty() {
        return Err(SimulateError::NoReadings(game.name()));
    }
    if opts.deals == 0 || opts.deals > MAX_DEALS {
        return Err(SimulateError::Deals(opts.deals));
    }
    if !(1..=MAX_EVENING).contains(&opts.evening) {
        return Err(SimulateError::Evening(opts.evening));
    }
    let players = players_of(game, opts.players)?;
    let plan = play::Plan::new(sim, variants, players).map_err(SimulateError::Table)?;
    let total = plan.run(opts, policy, progress);
    Ok(Report::new(game, sim, policy, players, opts, &plan, &total))
}

/// A mean and its 95% confidence interval (normal approximation), in units (or a share).
#[derive(Clone, Copy, Debug, Serialize, PartialEq)]
pub struct Estimate {
    pub mean: f64,
    pub low: f64,
    pub high: f64,
}

impl Estimate {
    pub const ZERO: Estimate = Estimate {
        mean: 0.0,
        low: 0.0,
        high: 0.0,
    };
}

/// What a run found.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub game: &'static str,
    pub game_name: &'static str,
    /// What a standing is: `net` (money) or `score`.
    pub standing: &'static str,
    pub deals: u64,
    /// The deals also played with each rule point switched alone (the first ones).
    pub switch_deals: u64,
    pub seed: u64,
    pub policy: &'static str,
    pub players: usize,
    /// Deals in an evening, the pot carried from one to the next.
    pub evening: u64,
    pub roles: Vec<&'static str>,
    pub readings: Vec<ReadingReport>,
    pub pairs: Vec<PairReport>,
    /// Ranked: the rule point that moves the most first.
    pub points: Vec<PointReport>,
    pub option: Option<OptionReport>,
    /// Card events counted on each reading's pack, beside their exact chances.
    pub events: Vec<EventReport>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ReadingReport {
    pub id: String,
    /// The cards its deals come from.
    pub cards: String,
    pub played: u64,
    /// Deals not playable under the policy, by the rule point that stopped them, most first.
    pub unplayable: Vec<Unplayed>,
    pub unplayable_share: f64,
    /// Each role's standing, in the order of [`Report::roles`].
    pub seats: Vec<Estimate>,
    /// What a played deal adds to the pot (what the antes leave less what is won from it).
    pub pot: Estimate,
    /// What a played deal pays to the box.
    pub boxed: Estimate,
    pub evenings: u64,
    /// What an evening leaves in the pot at its end, on average.
    pub pot_left: f64,
    /// Every unit the players lost is in the pot or the box, and the pot is what the evenings
    /// left in it (checked in whole numbers); for a game that keeps a score, nothing was paid.
    pub balances: bool,
    /// The game's outcomes, each a share of the deals played.
    pub marks: Vec<MarkReport>,
}

/// How often one of the game's outcomes happened under a reading.
#[derive(Clone, Debug, Serialize)]
pub struct MarkReport {
    pub what: &'static str,
    pub deals: u64,
    pub share: Estimate,
}

/// A card event counted in the deals of a pack, beside its exact chance.
#[derive(Clone, Debug, Serialize)]
pub struct EventReport {
    pub cards: String,
    pub what: String,
    pub deals: u64,
    pub seen: u64,
    pub observed: Estimate,
    pub exact: f64,
    /// (observed − exact) / its standard error: beyond ±4, something is wrong.
    pub z: f64,
}

/// Deals a rule point made not playable.
#[derive(Clone, Debug, Serialize)]
pub struct Unplayed {
    pub point: String,
    pub deals: u64,
}

/// Two readings over the same deals.
#[derive(Clone, Debug, Serialize)]
pub struct PairReport {
    pub a: String,
    pub b: String,
    /// Deals both could play.
    pub compared: u64,
    /// Of those, the share where any player's standing differs.
    pub differ_share: f64,
    /// The mean over those deals and the players of the absolute difference, in units.
    pub mean_abs_difference: f64,
    pub difference: Estimate,
    /// Deals one could play and the other not.
    pub one_unplayable: u64,
    /// Where their packs differ: the comparison is on deals from the cards both hold.
    pub shared: Option<SharedCards>,
}

/// Two readings whose packs differ, compared on deals from the cards both packs hold.
#[derive(Clone, Debug, Serialize)]
pub struct SharedCards {
    pub cards: String,
    /// Each reading's standing by role on those deals.
    pub a: Vec<Estimate>,
    pub b: Vec<Estimate>,
    /// The pack's own effect: each reading's standing on its own pack less on the shared cards.
    pub a_pack: Vec<Estimate>,
    pub b_pack: Vec<Estimate>,
}

/// One rule point switched alone, from each reading's choice to each alternative it lists.
#[derive(Clone, Debug, Serialize)]
pub struct PointReport {
    pub point: String,
    pub question: &'static str,
    /// Deals × the readings and alternatives switched.
    pub trials: u64,
    /// Trials whose reading read the point at all: none, and the policy never reaches it.
    pub reached: u64,
    /// The share of trials whose result changed (a standing, or whether it could be played).
    pub changed_share: f64,
    pub changed: Estimate,
    /// The mean over trials both played and the players of how far a standing moved, in units.
    pub mean_moved: f64,
    pub moved: Estimate,
    pub switches: Vec<SwitchReport>,
}

#[derive(Clone, Debug, Serialize)]
pub struct SwitchReport {
    pub reading: String,
    pub from: &'static str,
    pub to: &'static str,
    pub trials: u64,
    pub reached: u64,
    /// The switch changes the pack: both played on the cards the two packs share.
    pub shared_cards: bool,
    pub changed_share: f64,
    pub changed: Estimate,
    pub mean_moved: f64,
    pub moved: Estimate,
    /// Deals the switch made not playable (or playable) that the reading played (or not).
    pub became_unplayable: u64,
    pub became_playable: u64,
}

/// The option weighed against nobody taking it, per reading and price.
#[derive(Clone, Debug, Serialize)]
pub struct OptionReport {
    pub doc: OptionDoc,
    pub readings: Vec<OptionReading>,
}

#[derive(Clone, Debug, Serialize)]
pub struct OptionReading {
    pub reading: String,
    pub prices: Vec<PriceRow>,
}

#[derive(Clone, Debug, Serialize)]
pub struct PriceRow {
    pub price: u32,
    /// Deals where the option was taken at this price.
    pub taken: u64,
    /// The share where the taker ended better off than with nobody taking it.
    pub better_share: f64,
    pub better: Estimate,
    /// The mean of (the taker's standing − his standing with nobody taking it), in units.
    pub mean_gain: f64,
    pub gain: Estimate,
}

/// A share, 0 when there is nothing to share.
fn share(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 / whole as f64
    }
}

/// A mean in units of a sum in half units.
fn mean_units(sum_halves: i128, count: u64) -> f64 {
    if count == 0 {
        0.0
    } else {
        sum_halves as f64 / 2.0 / count as f64
    }
}

/// One row of the pack's own effect: a reading, the reading it is compared beside, the cards
/// both packs hold, and the reading's standing by role on its own pack less on those cards.
pub struct PackEffect<'a> {
    pub reading: &'a str,
    pub beside: &'a str,
    pub cards: &'a str,
    pub effect: &'a [Estimate],
}

impl Report {
    /// The pack's own effect, two rows (one per reading) for each pair whose packs differ: what
    /// every renderer shows of it.
    pub fn pack_effects(&self) -> Vec<PackEffect<'_>> {
        self.pairs
            .iter()
            .filter_map(|p| p.shared.as_ref().map(|s| (p, s)))
            .flat_map(|(p, s)| {
                [(&p.a, &p.b, &s.a_pack), (&p.b, &p.a, &s.b_pack)].map(|(me, other, effect)| {
                    PackEffect {
                        reading: me,
                        beside: other,
                        cards: &s.cards,
                        effect,
                    }
                })
            })
            .collect()
    }

    fn new(
        game: &dyn Game,
        sim: &dyn Simulator,
        policy: usize,
        players: usize,
        opts: &Options,
        plan: &play::Plan,
        t: &Tally,
    ) -> Report {
        let table = plan.readings[0].variant.rules.table();
        let money = game.standing() == "net";
        let readings = t.reading_reports(plan, table, sim.marks(), opts.deals, money);
        Report {
            game: game.id(),
            game_name: game.name(),
            standing: game.standing(),
            deals: opts.deals,
            switch_deals: opts.switch_deals(),
            seed: opts.seed,
            policy: sim.policies()[policy].id,
            players,
            evening: opts.evening,
            roles: sim.roles(players),
            pairs: t.pair_reports(plan, &readings),
            readings,
            points: t.point_reports(&plan.readings, plan.roles),
            option: sim.option().map(|doc| OptionReport {
                doc,
                readings: t.option_reports(&plan.readings),
            }),
            events: t.event_reports(plan),
        }
    }
}
