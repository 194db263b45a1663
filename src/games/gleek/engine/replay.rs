//! One deal played under many readings, each play resumed from a stage an earlier play saved.
//!
//! A stage reads its reading only through [`Rules::get`], which records the points read. A play
//! under rules that agree with an earlier play's on every point its first stages read goes the
//! same way through those stages, so it starts from the state the earlier play saved after them
//! instead of from the deal. The tricks, the costliest stage, depend on nothing the stages
//! before them leave but the hands when play begins and the policy: a play that comes to them
//! with the same hands, the same policy, and the same choices on the points they read takes an
//! earlier play's tricks as they fell. A simulation plays every reading with each rule point
//! switched alone, and most points are read only after the hands are settled.
//!
//! The plays of one deal share their stages whatever each found on the table: what an earlier
//! deal of the evening left ([`Carried`]) is read first by the ruff, so a play on another table
//! resumes an earlier play at the ruff at the furthest, and takes its tricks as they fell.
//!
//! A reading with one point switched ([`Replays::switch`]) is wanted only for what each player
//! nets. It resumes its reading's play at the first stage that read the point, and most often
//! comes out of that stage standing as the reading's play stood after it (the same hands, the
//! same policy, the same steps filled, the same pot: only the payments differ). Where no stage
//! after it reads the point, the rest of the deal goes as the reading's did, and its payments are
//! the reading's: the switch stops there.

use super::{Deal, Outcome, Policy, Stage, Unplayable};
use crate::cards::CardSet;
use crate::games::gleek::ledger::{Ledger, Payment, Points, Sums, Trick};
use crate::games::gleek::scenario::{Carried, Scenario, Seat};
use crate::money::Money;
use crate::rules::Rules;
use std::cell::RefCell;
use std::rc::Rc;

const STAGES: usize = Stage::ALL.len();
const TRICKS: usize = Stage::Tricks as usize;
/// The first stage that reads what an earlier deal left on the table.
const RUFF: usize = Stage::Ruff as usize;
/// Plays a simulation keeps of a deal by one policy, and tricks, about: room made for them at
/// once.
const KEPT: usize = 16;

/// A play's state before one of its stages. The ledger only grows in play: its part is the
/// length of each of its lists, and the values a stage sets.
#[derive(Clone, Copy)]
struct Mark<P> {
    hands: [CardSet; 3],
    buyer: Option<Seat>,
    short_discard: bool,
    held: [CardSet; 3],
    policy: P,
    /// Payments, events, filled steps, partly scripted steps, tricks.
    lengths: [u32; 5],
    /// What the payments come to.
    paid: Sums,
    points: Points,
    laid_out: CardSet,
    left_in_hand: CardSet,
    ruff_values: [u8; 3],
}

/// A play, with what the plays after it need of it.
struct Saved<P> {
    rules: Rules,
    /// What it found on the table.
    carried: Carried,
    /// The points each stage read.
    reads: [u64; STAGES],
    /// What its payments come to.
    paid: Sums,
    /// The state before each stage, to be resumed: only a played deal is (an unplayable one is
    /// taken whole or not at all).
    marks: Option<Box<[Mark<P>; STAGES]>>,
    outcome: Outcome,
}

/// The tricks as they fell in a play of the deal, for a later play that comes to them the same
/// way. No stage before the tricks writes any.
struct Fallen<P> {
    /// The play's rules, and the points its tricks read.
    rules: Rules,
    reads: u64,
    /// The hands and the policy as the play came to them.
    came: ([CardSet; 3], P),
    /// All twelve, kept in place (no list allocated a play).
    tricks: [Trick; 12],
    /// The hands and the policy as the tricks left them, and the first trick the policy played
    /// (counted from 1).
    hands: [CardSet; 3],
    left_in_hand: CardSet,
    after: P,
    filled_from: Option<u8>,
}

/// Where a play starts.
struct Start {
    /// The kept play it resumes; `None`: from the deal.
    from: Option<usize>,
    /// The stage it resumes at; `STAGES`: the kept play is taken whole.
    stage: usize,
}

/// What a reading with one point switched makes of the deal ([`Replays::switch`]): what each
/// player nets, in seat order, or the first action it forbids.
pub type Switched = Result<[Money; 3], Unplayable>;

/// One deal played under many readings by one policy, on any table an evening leaves, each
/// play starting from the furthest stage an earlier play saved that it would have played the
/// same way.
pub struct Replays<P> {
    scenario: Rc<Scenario>,
    policy: P,
    /// The plays kept to be resumed.
    saved: Vec<Saved<P>>,
    /// The kept play of the reading [`Replays::play`] played last (or took whole), whose
    /// switches [`Replays::switch`] resumes.
    base: Option<usize>,
    /// The lists of the last switch's ledger, lent to the next.
    spare: Option<Ledger>,
    /// The tricks of every play that played them (a switch's too).
    fallen: RefCell<Vec<Fallen<P>>>,
}

impl<P: Policy + Copy + PartialEq> Replays<P> {
    /// Plays of `scenario`, each starting with `policy` as given.
    pub fn new(scenario: Rc<Scenario>, policy: P) -> Replays<P> {
        // Room for a deal's plays by one policy (a reading's, mostly), so that keeping them
        // does not move them again and again as the lists grow.
        Replays {
            scenario,
            policy,
            saved: Vec::with_capacity(KEPT),
            base: None,
            spare: None,
            fallen: RefCell::new(Vec::with_capacity(KEPT)),
        }
    }

    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    /// The deal played under `rules` on a table an earlier deal left as `carried` (in place of
    /// the scenario's own), as [`super::play_with`] plays it with a copy of the policy, and the
    /// points the whole play read recorded as [`Rules::get`] records them. The play is kept, to
    /// be resumed by later plays and by its own switches ([`Replays::switch`]). With the
    /// outcome, what its payments come to, summed stage by stage as it was played.
    pub fn play(&mut self, rules: &Rules, carried: Carried) -> (&Outcome, Sums) {
        let start = self.furthest_start(rules, carried);
        let kept = self.go(rules, carried, start);
        self.base = Some(kept);
        let saved = &self.saved[kept];
        (&saved.outcome, saved.paid)
    }

    /// The deal under `rules`, the reading [`Replays::play`] played last with one point
    /// switched, on the same table, as [`Replays::play`] would play it: resumed with no search
    /// from that reading's play at the first stage that read a point on which the two differ,
    /// and as far as it goes otherwise; the points it read recorded as [`Rules::get`] records
    /// them. Not kept.
    ///
    /// # Panics
    /// If no reading was played yet.
    pub fn switch(&mut self, rules: &Rules, carried: Carried) -> Switched {
        let from = self.base.expect("a reading played before its switches");
        let base = &self.saved[from];
        debug_assert!(
            base.carried == carried,
            "a switch plays on its reading's table"
        );
        let differ = base.rules.differing(rules);
        let stage = base.reads.iter().take_while(|&&r| r & differ == 0).count();
        if stage < STAGES && base.marks.is_some() {
            return self.branch(from, rules, stage, differ);
        }
        let start = if stage == STAGES {
            Start {
                from: Some(from),
                stage,
            }
        } else {
            // The reading could not play the deal: nothing of it to resume. Rare enough (a
            // scripted deal) to be played as a reading is, and kept.
            self.furthest_start(rules, carried)
        };
        let kept = self.go(rules, carried, start);
        let kept = &self.saved[kept];
        match &kept.outcome {
            Outcome::Played(_) => Ok(kept.paid.nets),
            Outcome::Unplayable(u) => Err(u.clone()),
        }
    }

    /// Plays `rules` on `carried` from `start`, and records the points the whole play read:
    /// the index of the kept play that holds the result (taken whole, or this play kept).
    fn go(&mut self, rules: &Rules, carried: Carried, start: Start) -> usize {
        let outer = Rules::take_read();
        let read = |s: &Saved<P>| outer | all(&s.reads);
        if start.stage == STAGES {
            let whole = start.from.expect("a play to take whole");
            Rules::mark_read(read(&self.saved[whole]));
            return whole;
        }
        let from = start.from.map(|i| &self.saved[i]);
        let played = self.resume(rules, carried, from, start.stage);
        Rules::mark_read(read(&played));
        self.saved.push(played);
        self.saved.len() - 1
    }

    /// The switch of the kept play `from` to `rules`, which differ from its reading on the
    /// points `differ`, resumed at stage `start` (which read one of them), on its table. Its
    /// ledger holds only the payments it makes itself. Before each later stage from which on
    /// no stage of `from` read a point of `differ`, it is done if it stands as `from` stood
    /// there ([`Deal::stands_as`]): the rest would go as `from` went, and pay as it paid.
    fn branch(&mut self, from: usize, rules: &Rules, start: usize, differ: u64) -> Switched {
        let outer = Rules::take_read();
        let base = &self.saved[from];
        let marks = base.marks.as_ref().expect("only a played deal is resumed");
        let ledger = base.outcome.ledger().expect("a played deal");
        // The first stage from which on no stage of `from` read a point of `differ`.
        let unread = STAGES
            - base
                .reads
                .iter()
                .rev()
                .take_while(|&&r| r & differ == 0)
                .count();
        let lists = self.spare.take().unwrap_or_else(pooled);
        let at = &marks[start];
        let mut deal = Deal::branch(&self.scenario, rules, base.carried, at, ledger, lists);
        let before = at.paid;
        deal.ledger.pot_before = ledger.pot_before + before.pot;
        let mut policy = at.policy;
        // The points read: those of `from`'s stages before `start` and after the stop, and
        // (recorded as they are read) those of the stages the switch plays.
        let mut reads = all(&base.reads[..start]);
        // What the switch's own payments come to, summed as they are made.
        let (mut mine, mut counted, mut after) = (Sums::default(), 0, Sums::default());
        for (j, &stage) in Stage::ALL.iter().enumerate().skip(start) {
            if j > start && j >= unread {
                mine = plus(mine, &deal.ledger.payments[counted..]);
                counted = deal.ledger.payments.len();
                let same_pot = before.pot + mine.pot == marks[j].paid.pot;
                if same_pot && deal.stands_as(j, policy, &marks[j], ledger) {
                    after = base.paid - marks[j].paid;
                    reads |= all(&base.reads[j..]);
                    break;
                }
            }
            if self.stage(&mut deal, stage, &mut policy).is_err() {
                break;
            }
        }
        Rules::mark_read(outer | reads);
        let Deal {
            ledger, forbidden, ..
        } = deal;
        let switched = match forbidden.into_iter().next() {
            Some(u) => Err(u),
            None => Ok((plus(before + mine, &ledger.payments[counted..]) + after).nets),
        };
        self.spare = Some(emptied(ledger));
        switched
    }

    /// Plays `stage` of `deal`; the tricks as an earlier play of the deal (a reading's or a
    /// switch's) played them, where one came to them with the same hands and policy under
    /// rules that agree on every point they read, and kept for the later plays otherwise.
    fn stage(&self, deal: &mut Deal, stage: Stage, policy: &mut P) -> Result<(), super::Stop> {
        if stage != Stage::Tricks {
            return deal.stage(stage, policy);
        }
        let came = (deal.held, *policy);
        let taken = self.fallen.borrow().iter().find_map(|f| {
            let same = f.came == came && f.rules.differing(deal.r) & f.reads == 0;
            same.then(|| deal.take_tricks(f))
        });
        if let Some(after) = taken {
            *policy = after;
            return Ok(());
        }
        let outer = Rules::take_read();
        let filled_from = deal.tricks(policy)?;
        let reads = Rules::take_read();
        Rules::mark_read(outer | reads);
        deal.note_filled_play(filled_from);
        // The ledger holds only these tricks: no stage before them writes any.
        let tricks = deal.ledger.tricks[..].try_into();
        if let (true, Ok(tricks)) = (deal.forbidden.is_empty(), tricks) {
            self.fallen.borrow_mut().push(Fallen {
                rules: *deal.r,
                reads,
                came,
                tricks,
                hands: deal.hands,
                left_in_hand: deal.ledger.left_in_hand,
                after: *policy,
                filled_from,
            });
        }
        Ok(())
    }

    /// Where a play under `rules` on `carried` starts: from the kept play whose first stages
    /// read nothing on which its reading and `rules` differ, the most stages (on another table,
    /// no further than the ruff).
    fn furthest_start(&self, rules: &Rules, carried: Carried) -> Start {
        let mut best = Start {
            from: None,
            stage: 0,
        };
        for (i, saved) in self.saved.iter().enumerate() {
            let differ = saved.rules.differing(rules);
            let mut same = saved.reads.iter().take_while(|&&r| r & differ == 0).count();
            if saved.carried != carried {
                same = same.min(RUFF);
            }
            if same > best.stage && (same == STAGES || saved.marks.is_some()) {
                best.from = Some(i);
                best.stage = same;
                if same == STAGES {
                    // Taken whole: no start is further.
                    break;
                }
            }
        }
        best
    }

    /// Plays `rules` on `carried` from stage `start` of `from` (from the deal if `None`), its
    /// ledger written in lists from [`POOL`], with its marks.
    fn resume(
        &self,
        rules: &Rules,
        carried: Carried,
        from: Option<&Saved<P>>,
        start: usize,
    ) -> Saved<P> {
        let s = &self.scenario;
        let (mut deal, mut policy, mut reads, mut marks) = match from {
            Some(saved) => {
                let marks = saved.marks.as_ref().expect("only a played deal is resumed");
                let ledger = saved.outcome.ledger().expect("a played deal");
                let at = &marks[start];
                let deal = Deal::resume(s, rules, carried, at, ledger, pooled());
                (deal, at.policy, saved.reads, marks.clone())
            }
            None => {
                let deal = Deal::writing_in(s, rules, carried, pooled());
                let marks = Box::new([deal.mark(self.policy, Sums::default()); STAGES]);
                (deal, self.policy, [0; STAGES], marks)
            }
        };
        reads[start..].fill(0);
        let (mut paid, mut counted) = (marks[start].paid, marks[start].lengths[0] as usize);
        for (j, &stage) in Stage::ALL.iter().enumerate().skip(start) {
            paid = plus(paid, &deal.ledger.payments[counted..]);
            counted = deal.ledger.payments.len();
            marks[j] = deal.mark(policy, paid);
            let step = self.stage(&mut deal, stage, &mut policy);
            reads[j] = Rules::take_read();
            if step.is_err() {
                break;
            }
        }
        let paid = plus(paid, &deal.ledger.payments[counted..]);
        let outcome = deal.outcome();
        Saved {
            rules: *rules,
            carried,
            reads,
            paid,
            marks: matches!(outcome, Outcome::Played(_)).then_some(marks),
            outcome,
        }
    }
}

/// `sums` with what `payments` come to: most stages pay nothing, and a switch asks before
/// each stage where it may stop.
fn plus(sums: Sums, payments: &[Payment]) -> Sums {
    if payments.is_empty() {
        sums
    } else {
        sums + Sums::of(payments)
    }
}

/// The points some stages read, together.
fn all(reads: &[u64]) -> u64 {
    reads.iter().fold(0, |a, r| a | r)
}

thread_local! {
    /// The lists of ledgers whose plays are over, for the next deal's plays: a simulation plays
    /// about a hundred a deal and keeps a third of them, and allocating their lists afresh was
    /// a tenth of a run.
    static POOL: std::cell::RefCell<Vec<Ledger>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The most ledgers [`POOL`] holds on a thread: more than a deal's plays keep.
const POOLED: usize = 256;

/// A ledger's lists, empty: one a finished deal gave back, or new.
fn pooled() -> Ledger {
    POOL.with(|p| p.borrow_mut().pop())
        .unwrap_or_else(Deal::lists)
}

impl<P> Drop for Replays<P> {
    /// Gives the ledgers' lists back to [`POOL`] for the next deal.
    fn drop(&mut self) {
        let played = self.saved.drain(..).filter_map(|s| match s.outcome {
            Outcome::Played(l) => Some(emptied(l)),
            Outcome::Unplayable(_) => None,
        });
        let ledgers = self.spare.take().into_iter().chain(played);
        POOL.with(|p| {
            let mut pool = p.borrow_mut();
            let room = POOLED.saturating_sub(pool.len());
            pool.extend(ledgers.take(room));
        });
    }
}

/// The empty lists of a ledger no longer needed, its other fields unset.
fn emptied(mut l: Ledger) -> Ledger {
    l.payments.clear();
    l.events.clear();
    l.filled.clear();
    l.partly_scripted.clear();
    l.tricks.clear();
    Ledger {
        payments: l.payments,
        events: l.events,
        filled: l.filled,
        partly_scripted: l.partly_scripted,
        tricks: l.tricks,
        ..Ledger::default()
    }
}

impl<'a> Deal<'a> {
    /// The deal's state, by `policy`, its payments coming to `paid`.
    fn mark<P: Copy>(&self, policy: P, paid: Sums) -> Mark<P> {
        let l = &self.ledger;
        let len = |n: usize| n as u32;
        Mark {
            hands: self.hands,
            buyer: self.buyer,
            short_discard: self.short_discard,
            held: self.held,
            policy,
            lengths: [
                len(l.payments.len()),
                len(l.events.len()),
                len(l.filled.len()),
                len(l.partly_scripted.len()),
                len(l.tricks.len()),
            ],
            paid,
            points: l.points,
            laid_out: l.laid_out,
            left_in_hand: l.left_in_hand,
            ruff_values: l.ruff_values,
        }
    }

    /// The deal as a played deal's ledger `from` stood at `mark`, to go on under `r`, its
    /// ledger written in `lists`.
    fn resume<P>(
        s: &'a Scenario,
        r: &'a Rules,
        carried: Carried,
        mark: &Mark<P>,
        from: &Ledger,
        lists: Ledger,
    ) -> Deal<'a> {
        let mut deal = Deal::branch(s, r, carried, mark, from, lists);
        let l = &mut deal.ledger;
        let [payments, events, _, partly, _] = mark.lengths.map(|n| n as usize);
        l.payments.extend_from_slice(&from.payments[..payments]);
        l.events.extend_from_slice(&from.events[..events]);
        l.partly_scripted
            .extend_from_slice(&from.partly_scripted[..partly]);
        deal
    }

    /// The deal as [`Deal::resume`] makes it, with none of the payments and events: the
    /// stages read neither (the ruff reads only the pot they leave).
    fn branch<P>(
        s: &'a Scenario,
        r: &'a Rules,
        carried: Carried,
        mark: &Mark<P>,
        from: &Ledger,
        lists: Ledger,
    ) -> Deal<'a> {
        let mut deal = Deal::writing_in(s, r, carried, lists);
        let l = &mut deal.ledger;
        let [_, _, filled, _, tricks] = mark.lengths.map(|n| n as usize);
        l.filled.extend_from_slice(&from.filled[..filled]);
        l.tricks.extend_from_slice(&from.tricks[..tricks]);
        l.points = mark.points;
        l.laid_out = mark.laid_out;
        l.left_in_hand = mark.left_in_hand;
        l.ruff_values = mark.ruff_values;
        deal.hands = mark.hands;
        deal.buyer = mark.buyer;
        deal.short_discard = mark.short_discard;
        deal.held = mark.held;
        deal
    }

    /// Whether the deal, by `policy`, stands before stage `j` as the play whose ledger is
    /// `from` stood there (at `mark`), in everything stage `j` and the stages after it read
    /// but the pot (the caller compares it, from what the payments came to): the hands, the
    /// buyer, the policy, the tricks, and the steps filled. A stage reads the steps filled only to fill its own once: the tricks fill
    /// a kind no stage before them does, and the reckoning fills none. What else the ledger
    /// holds (the cards laid out or left in hand, the ruffs, the points) no stage reads. No
    /// action forbidden.
    fn stands_as<P: PartialEq>(&self, j: usize, policy: P, mark: &Mark<P>, from: &Ledger) -> bool {
        let l = &self.ledger;
        let [_, _, filled, _, tricks] = mark.lengths.map(|n| n as usize);
        self.forbidden.is_empty()
            && policy == mark.policy
            && self.hands == mark.hands
            && self.held == mark.held
            && self.buyer == mark.buyer
            && self.short_discard == mark.short_discard
            && (j >= TRICKS || l.filled[..] == from.filled[..filled])
            && l.tricks[..] == from.tricks[..tricks]
    }

    /// The tricks as they fell in an earlier play; returns the policy as they left it.
    fn take_tricks<P: Copy>(&mut self, fallen: &Fallen<P>) -> P {
        self.ledger.tricks.extend_from_slice(&fallen.tricks);
        self.ledger.left_in_hand = fallen.left_in_hand;
        self.hands = fallen.hands;
        Rules::mark_read(fallen.reads);
        self.note_filled_play(fallen.filled_from);
        fallen.after
    }
}
