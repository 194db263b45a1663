//! A run's plan and its deals: which tables deal, which reading plays where, and every deal
//! played under every reading, every switch and every pair.
//!
//! Each reading plays on its own table (its own pack), so its figures do not depend on which
//! other readings are run. Two readings whose packs differ are compared on a deal from the
//! cards both packs hold, and so is a reading against a switch that changes its pack: those
//! comparisons are of the rules alone, and the pack's own effect is reported apart.
//!
//! A play reads its reading only through [`Rules::get`], which records the points read; a later
//! play of the same deal, from the same table as left by the evening, under rules that agree
//! on every one of those points, would go exactly the same way, and its result is reused (by
//! the deal itself where it keeps its plays, [`Dealt::keeps_plays`]). Most
//! switches touch a point the deal never reached, or agree with a reading already played.

use super::tally::{Shape, Tally};
use super::{Carry, Dealt, Options, Simulator, Standing, Table, Trial};
use crate::rules::{Point, Restricted, Rules};
use crate::simulate::rng::Rng;
use crate::variant::Variant;
use rayon::prelude::*;

/// One reading of a run.
pub(super) struct Reading<'a> {
    pub variant: &'a Variant,
    /// Its own table, an index into [`Plan::tables`].
    pub table: usize,
    pub switches: Vec<Switch>,
}

/// One rule point of a reading switched alone to one of its alternatives.
pub(super) struct Switch {
    pub point: Point,
    pub to: u8,
    pub rules: Rules,
    /// Where a switch that changes the pack is played, with the reading beside it: a table of
    /// the cards both packs hold. `None`: on the reading's own deal.
    pub shared: Option<usize>,
}

/// Two readings compared on the same deal.
pub(super) struct Pair {
    pub a: usize,
    pub b: usize,
    /// `None`: both play their own table, the same one. Otherwise the table of the cards both
    /// packs hold, where both play again.
    pub shared: Option<usize>,
}

/// What a run plays.
pub(super) struct Plan<'a> {
    pub tables: Vec<Box<dyn Table>>,
    /// Per table: whether it is some reading's own (its card events are reported).
    pub own: Vec<bool>,
    pub readings: Vec<Reading<'a>>,
    pub pairs: Vec<Pair>,
    pub marks: usize,
    pub roles: usize,
}

/// The index of the table for `rules` among `tables`, added if it is new.
fn table_index(
    sim: &dyn Simulator,
    players: usize,
    tables: &mut Vec<Box<dyn Table>>,
    rules: &[Rules],
) -> Result<usize, String> {
    let t = sim.table(rules, players)?;
    let cards = t.cards();
    Ok(match tables.iter().position(|x| x.cards() == cards) {
        Some(i) => i,
        None => {
            tables.push(t);
            tables.len() - 1
        }
    })
}

impl<'a> Plan<'a> {
    pub fn new(
        sim: &dyn Simulator,
        variants: &[&'a Variant],
        players: usize,
    ) -> Result<Plan<'a>, String> {
        let mut tables = Vec::new();
        let mut readings = Vec::new();
        for v in variants {
            let table = table_index(sim, players, &mut tables, &[v.rules])?;
            readings.push(Reading {
                variant: v,
                table,
                switches: Vec::new(),
            });
        }
        let own: Vec<bool> = (0..tables.len())
            .map(|t| readings.iter().any(|r| r.table == t))
            .collect();
        for r in &mut readings {
            let cards = tables[r.table].cards();
            for p in r.variant.rules.table().all() {
                for &to in &r.variant.choice(p).alternatives {
                    let rules = r.variant.rules.with(p, to);
                    let shared = if sim.table(&[rules], players)?.cards() == cards {
                        None
                    } else {
                        let both = [r.variant.rules, rules];
                        Some(table_index(sim, players, &mut tables, &both)?)
                    };
                    r.switches.push(Switch {
                        point: p,
                        to,
                        rules,
                        shared,
                    });
                }
            }
        }
        let mut pairs = Vec::new();
        for a in 0..readings.len() {
            for b in a + 1..readings.len() {
                let shared = if readings[a].table == readings[b].table {
                    None
                } else {
                    let both = [readings[a].variant.rules, readings[b].variant.rules];
                    Some(table_index(sim, players, &mut tables, &both)?)
                };
                pairs.push(Pair { a, b, shared });
            }
        }
        let mut own = own;
        own.resize(tables.len(), false);
        Ok(Plan {
            tables,
            own,
            readings,
            pairs,
            marks: sim.marks().len(),
            roles: sim.roles(players).len(),
        })
    }

    pub fn shape(&self) -> Shape {
        Shape {
            roles: self.roles,
            points: self.readings[0].variant.rules.table().len(),
            switches: self.readings.iter().map(|r| r.switches.len()).collect(),
            pairs: self.pairs.len(),
            marks: self.marks,
            events: self.tables.iter().map(|t| t.events().len()).collect(),
        }
    }

    /// Every deal, in chunks of whole evenings played in parallel and added up in order.
    pub fn run(&self, opts: &Options, policy: usize, progress: &(dyn Fn(u64) + Sync)) -> Tally {
        let shape = self.shape();
        let per_chunk = opts.evening * CHUNK.div_ceil(opts.evening);
        let chunks = opts.deals.div_ceil(per_chunk);
        let switch_deals = opts.switch_deals();
        (0..chunks)
            .into_par_iter()
            .map(|c| {
                let mut t = Tally::new(&shape);
                let deals = c * per_chunk..((c + 1) * per_chunk).min(opts.deals);
                let done = deals.end - deals.start;
                let mut carries = vec![Carry::default(); self.readings.len()];
                for i in deals.clone() {
                    let deal = Deal {
                        plan: self,
                        policy,
                        reuse: opts.reuse,
                        switches: i < switch_deals,
                    };
                    deal.play(opts.seed, i, &mut carries, &mut t);
                    if (i + 1) % opts.evening == 0 || i + 1 == deals.end {
                        t.evening_over(&carries);
                        carries.fill(Carry::default());
                    }
                }
                progress(done);
                t
            })
            .reduce(|| Tally::new(&shape), Tally::merge)
    }
}

/// Deals in a chunk (rounded up to whole evenings): the unit of parallel work and of progress.
const CHUNK: u64 = 256;

/// One deal of a run.
struct Deal<'p, 'a> {
    plan: &'p Plan<'a>,
    policy: usize,
    reuse: bool,
    switches: bool,
}

impl Deal<'_, '_> {
    fn play(&self, seed: u64, i: u64, carries: &mut [Carry], t: &mut Tally) {
        let plan = self.plan;
        let dealt: Vec<Box<dyn Dealt>> = plan
            .tables
            .iter()
            .map(|table| table.deal(&mut Rng::for_deal(seed, i)))
            .collect();
        for (k, d) in dealt.iter().enumerate() {
            if plan.own[k] {
                t.events(k, d.events());
            }
        }
        let mut plays: Vec<Plays> = dealt
            .iter()
            .map(|d| Plays {
                dealt: d.as_ref(),
                policy: self.policy,
                reuse: self.reuse,
                tables: Vec::new(),
            })
            .collect();
        let empty = Carry::default();
        let mut bases = Vec::with_capacity(plan.readings.len());
        for (k, r) in plan.readings.iter().enumerate() {
            let rules = &r.variant.rules;
            let (base, base_read) = plays[r.table].play(rules, &carries[k]);
            t.reading(k, &base);
            if let (Ok(standing), Some(taken)) = (&base.result, base.taken) {
                let untaken = dealt[r.table].untaken(rules, self.policy, &carries[k]);
                t.option(k, taken, standing, untaken.as_ref());
            }
            for (j, s) in r.switches.iter().enumerate().filter(|_| self.switches) {
                let (table, carry) = match s.shared {
                    None => (r.table, &carries[k]),
                    Some(x) => (x, &empty),
                };
                let bit = 1 << s.point.index();
                if self.reuse && s.shared.is_none() && base_read & bit == 0 {
                    // The play never read the point: switched, it plays the same.
                    t.switch(k, j, &base.result, &base.result, false);
                    continue;
                }
                if s.shared.is_none() {
                    let after = plays[table].switched(&s.rules, carry);
                    t.switch(k, j, &base.result, &after, base_read & bit != 0);
                } else {
                    let (after, _) = plays[table].play(&s.rules, carry);
                    let (before, read) = plays[table].play(rules, carry);
                    t.switch(k, j, &before.result, &after.result, read & bit != 0);
                }
            }
            bases.push(base);
        }
        for (p, pair) in plan.pairs.iter().enumerate() {
            let rules = |k: usize| &plan.readings[k].variant.rules;
            match pair.shared {
                None => t.pair(p, &bases[pair.a], &bases[pair.b]),
                Some(x) => {
                    let (a, _) = plays[x].play(rules(pair.a), &empty);
                    let (b, _) = plays[x].play(rules(pair.b), &empty);
                    t.pair(p, &a, &b);
                    t.pair_shared(p, &a, &b);
                }
            }
        }
        for (carry, base) in carries.iter_mut().zip(&bases) {
            if let Some(c) = base.carry {
                *carry = c;
            }
        }
    }
}

/// The plays of one deal so far, by the table each started from (what the evening left there:
/// each reading's own, mostly), each with the points it read.
struct Plays<'d> {
    dealt: &'d dyn Dealt,
    policy: usize,
    reuse: bool,
    tables: Vec<Done>,
}

/// The plays from one carry: for each, its reading's choices on the points it read (searched
/// for every play, so kept apart), and its result with the points read.
struct Done {
    carry: Carry,
    on_read: Vec<Restricted>,
    played: Vec<(Trial, u64)>,
}

impl Plays<'_> {
    /// The deal played under `rules`, the reading played last from `carry` with one point
    /// switched: by the deal where it keeps its plays.
    fn switched(&mut self, rules: &Rules, carry: &Carry) -> Result<Standing, Point> {
        if self.reuse && self.dealt.keeps_plays() {
            self.dealt.switched(rules, self.policy, carry)
        } else {
            self.play(rules, carry).0.result
        }
    }

    /// The deal played under `rules` from `carry`, and the points the play read: an earlier
    /// play's result where it read nothing on which the two readings differ.
    fn play(&mut self, rules: &Rules, carry: &Carry) -> (Trial, u64) {
        if !self.reuse || self.dealt.keeps_plays() {
            Rules::take_read();
            let trial = self.dealt.play(rules, self.policy, carry);
            return (trial, Rules::take_read());
        }
        let t = match self.tables.iter().position(|d| d.carry == *carry) {
            Some(t) => t,
            None => {
                self.tables.push(Done {
                    carry: *carry,
                    on_read: Vec::new(),
                    played: Vec::new(),
                });
                self.tables.len() - 1
            }
        };
        let done = &mut self.tables[t];
        if let Some(i) = done.on_read.iter().position(|r| r.agrees(rules)) {
            return done.played[i];
        }
        Rules::take_read();
        let trial = self.dealt.play(rules, self.policy, carry);
        let read = Rules::take_read();
        done.on_read.push(rules.restricted(read));
        done.played.push((trial, read));
        (trial, read)
    }
}
