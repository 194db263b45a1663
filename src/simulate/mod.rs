//! `simulate`: many random deals, each played under every reading, to measure what the disputed
//! rules change.
//!
//! The shared layer never names a game. A game that can deal at random says so through
//! [`crate::game::Game::simulator`] and its [`Simulator`]: the policies its players may follow,
//! the roles at its table, and a [`Table`] that deals fresh hands fit for the readings compared.
//! This module plays each deal under each reading, under each reading's open alternatives (one
//! rule point switched at a time), and with the game's option declined (Gleek's stock), and adds
//! the results up in whole numbers, so that the report is the same on any number of threads.

pub mod rng;
mod tally;
pub mod text;

use crate::cards::{Card, CardSet, Suit};
use crate::game::Game;
use crate::money::Money;
use crate::rules::{Point, Rules};
use crate::variant::Variant;
use rayon::prelude::*;
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
    /// An index into [`Simulator::roles`].
    pub role: usize,
    pub price: u32,
}

/// One deal played under one reading: where each role stands (see
/// [`crate::game::Played::standing`]), or the rule point that makes it not playable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trial {
    pub result: Result<Vec<Money>, Point>,
    pub taken: Option<Taken>,
}

/// How a game deals at random and plays by a policy.
pub trait Simulator: Sync {
    /// The policies, the first the default.
    fn policies(&self) -> &'static [PolicyDoc];
    /// The roles at the table, in the order of [`Trial::result`]: `eldest`, `middle`, `dealer`.
    fn roles(&self) -> &'static [&'static str];
    /// The option a run weighs against declining it, if the game has one.
    fn option(&self) -> Option<OptionDoc> {
        None
    }
    /// A table dealing hands every one of `readings` can play (an empty list: any reading), or
    /// why there can be none.
    fn table(&self, readings: &[Rules]) -> Result<Box<dyn Table>, String>;
}

/// Deals fresh hands for a run.
pub trait Table: Sync {
    /// What a reader should know about the deals (a pack cut down to fit every reading).
    fn note(&self) -> Option<String> {
        None
    }
    fn deal(&self, rng: &mut Rng) -> Box<dyn Dealt>;
}

/// One fresh deal.
pub trait Dealt {
    /// Plays it under a reading, every step by the policy (an index into
    /// [`Simulator::policies`]).
    fn play(&self, rules: &Rules, policy: usize) -> Trial;
    /// Plays it again with nobody taking the option; `None` for a game without one.
    fn untaken(&self, rules: &Rules, policy: usize) -> Option<Trial> {
        let _ = (rules, policy);
        None
    }
    /// The deal as a scenario block, ready to paste into a page (no `expect:`).
    fn scenario_yaml(&self, id: &str) -> String;
}

/// What a run is asked to do.
#[derive(Clone, Debug)]
pub struct Options {
    pub deals: u64,
    pub seed: u64,
    /// A policy id; empty for the game's default.
    pub policy: String,
    /// How many of the deals (the first ones) are also played with each rule point switched
    /// alone: the switches cost about fourteen times the rest of a run, and their ranking
    /// settles long before the other figures do. At most `deals`.
    pub switch_deals: u64,
}

/// The deals whose rule points are switched, unless a run says otherwise.
pub const SWITCH_DEALS: u64 = 20_000;

#[derive(Debug, thiserror::Error)]
pub enum SimulateError {
    #[error(
        "mournival cannot deal or simulate {0} yet, only check and show its scenarios; choose another --game"
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
    #[error("{0}")]
    Table(String),
}

/// One reading of a run: its rules and the single switches of its open alternatives.
struct Reading<'a> {
    variant: &'a Variant,
    switches: Vec<(Point, u8)>,
}

/// The game's simulator, or why there is none.
pub fn simulator_of(game: &dyn Game) -> Result<&'static dyn Simulator, SimulateError> {
    game.simulator()
        .ok_or(SimulateError::NoSimulator(game.name()))
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

/// A fresh deal as a scenario block: deal `index` of a run with this seed.
pub fn deal_yaml(
    game: &dyn Game,
    readings: &[&Variant],
    seed: u64,
    index: u64,
) -> Result<String, SimulateError> {
    let rules: Vec<Rules> = readings.iter().map(|v| v.rules).collect();
    let table = simulator_of(game)?
        .table(&rules)
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

/// Deals in a chunk: the unit of parallel work and of progress.
const CHUNK: u64 = 256;

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
    let rules: Vec<Rules> = variants.iter().map(|v| v.rules).collect();
    let table = sim.table(&rules).map_err(SimulateError::Table)?;
    let readings: Vec<Reading> = variants
        .iter()
        .map(|v| Reading {
            variant: v,
            switches: v
                .rules
                .table()
                .all()
                .flat_map(|p| v.choice(p).alternatives.iter().map(move |&c| (p, c)))
                .collect(),
        })
        .collect();
    let shape = tally::Shape {
        roles: sim.roles().len(),
        points: variants[0].rules.table().len(),
        switches: readings.iter().map(|r| r.switches.len()).collect(),
    };
    let chunks = opts.deals.div_ceil(CHUNK);
    let total = (0..chunks)
        .into_par_iter()
        .map(|c| {
            let mut t = Tally::new(&shape);
            let deals = c * CHUNK..((c + 1) * CHUNK).min(opts.deals);
            let done = deals.end - deals.start;
            for i in deals {
                let dealt = table.deal(&mut Rng::for_deal(opts.seed, i));
                let switches = i < opts.switch_deals;
                play_deal(dealt.as_ref(), &readings, policy, switches, &mut t);
            }
            progress(done);
            t
        })
        .reduce(|| Tally::new(&shape), Tally::merge);
    Ok(Report::new(
        game,
        sim,
        policy,
        table.note(),
        opts,
        &readings,
        &total,
    ))
}

/// One deal under every reading, with nobody taking the option, and (if `switches`) with each
/// reading's alternatives.
fn play_deal(
    dealt: &dyn Dealt,
    readings: &[Reading],
    policy: usize,
    switches: bool,
    t: &mut Tally,
) {
    let bases: Vec<Trial> = readings
        .iter()
        .map(|r| dealt.play(&r.variant.rules, policy))
        .collect();
    for (k, (r, base)) in readings.iter().zip(&bases).enumerate() {
        t.reading(k, base);
        if let (Ok(standing), Some(taken)) = (&base.result, base.taken) {
            let untaken = dealt.untaken(&r.variant.rules, policy);
            t.option(k, taken, standing, untaken.as_ref());
        }
        if !switches {
            continue;
        }
        for (j, &(point, choice)) in r.switches.iter().enumerate() {
            let switched = dealt.play(&r.variant.rules.with(point, choice), policy);
            t.switch(k, j, base, &switched);
        }
    }
    let mut pair = 0;
    for a in 0..bases.len() {
        for b in a + 1..bases.len() {
            t.pair(pair, &bases[a], &bases[b]);
            pair += 1;
        }
    }
}

/// A mean and its 95% confidence interval (normal approximation), in units.
#[derive(Clone, Copy, Debug, Serialize, PartialEq)]
pub struct Estimate {
    pub mean: f64,
    pub low: f64,
    pub high: f64,
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
    pub note: Option<String>,
    pub roles: &'static [&'static str],
    pub readings: Vec<ReadingReport>,
    pub pairs: Vec<PairReport>,
    /// Ranked: the rule point that moves the most first.
    pub points: Vec<PointReport>,
    pub option: Option<OptionReport>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ReadingReport {
    pub id: String,
    pub played: u64,
    /// Deals not playable under the policy, by the rule point that stopped them, most first.
    pub unplayable: Vec<Unplayed>,
    pub unplayable_share: f64,
    /// Each role's standing, in the order of [`Report::roles`].
    pub seats: Vec<Estimate>,
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
    /// Deals one could play and the other not.
    pub one_unplayable: u64,
}

/// One rule point switched alone, from each reading's choice to each alternative it lists.
#[derive(Clone, Debug, Serialize)]
pub struct PointReport {
    pub point: String,
    pub question: &'static str,
    pub trials: u64,
    /// The share of trials whose result changed (a standing, or whether it could be played).
    pub changed_share: f64,
    /// The mean over trials both played and the players of how far a standing moved, in units.
    pub mean_moved: f64,
    pub switches: Vec<SwitchReport>,
}

#[derive(Clone, Debug, Serialize)]
pub struct SwitchReport {
    pub reading: String,
    pub from: &'static str,
    pub to: &'static str,
    pub trials: u64,
    pub changed_share: f64,
    pub mean_moved: f64,
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
    /// The mean of (the taker's standing − his standing with nobody taking it), in units.
    pub mean_gain: f64,
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

impl Report {
    fn new(
        game: &dyn Game,
        sim: &dyn Simulator,
        policy: usize,
        note: Option<String>,
        opts: &Options,
        readings: &[Reading],
        t: &Tally,
    ) -> Report {
        let roles = sim.roles();
        let ids: Vec<String> = readings.iter().map(|r| r.variant.id.clone()).collect();
        let table = readings[0].variant.rules.table();
        Report {
            game: game.id(),
            game_name: game.name(),
            standing: game.standing(),
            deals: opts.deals,
            switch_deals: opts.switch_deals.min(opts.deals),
            seed: opts.seed,
            policy: sim.policies()[policy].id,
            note,
            roles,
            readings: t.reading_reports(&ids, table, opts.deals),
            pairs: t.pair_reports(&ids, roles.len()),
            points: t.point_reports(readings, roles.len()),
            option: sim.option().map(|doc| OptionReport {
                doc,
                readings: t.option_reports(&ids),
            }),
        }
    }
}
