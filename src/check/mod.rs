//! `check`: every expectation written in the pages against the engine.
//!
//! A figure the page gives is compared with the engine's. A figure the page calls `undetermined`
//! must rest on something the sources leave open, and `one-of` must be the figures (or the
//! forbidden deal) the reading's open alternatives give. Both are judged by playing the deal
//! again with points switched:
//!
//! * **open**: the variant lists alternatives for a point; switched alone to one of them, the
//!   deal gives another figure;
//! * **assumed**: the variant marks a point `assumed` (the source is silent); switched alone to
//!   any other of its choices, the deal gives another figure.
//!
//! A figure "rests on" a point when switching that point changes it, the deal being played under
//! the switch as far as the figure: a switch that forbids the deal gives no figure, so it moves
//! none (else any figure of a deal that one alternative forbids could be called undetermined).
//! Likewise a seat figure that names nobody under a switch (a game it leaves unfinished) is not
//! reached there, and moves nothing.
//! The payments' rule points (the A mark of the outcome table) are not enough for this claim: a
//! payment may cite an assumed point that pays the same under every choice, and a point may shape
//! a figure without a payment citing it. Replaying asks the question directly.
//!
//! Verdicts are data ([`Verdict`]: the figures, what the page says, what the engine found, the
//! switches behind the judgement, the fault); [`words`] puts them in words for each renderer.

pub mod words;

use crate::compare::alternatives;
use crate::diagnostic::{Diagnostic, Location, excerpt};
use crate::game::{
    Branch, Claim, Expectation, Expected, Figure, Forbids, Outcome, Played, Scenario, Unplayable,
    Value, Want,
};
use crate::money::Money;
use crate::rules::{Point, Rules};
use crate::variant::{Evidence, Readings, Variant};
use std::cell::OnceCell;
use std::sync::Arc;

/// What the page says, for one verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    /// One figure: a value, bounds, or `undetermined`.
    Figure(Want),
    /// One of several branches.
    OneOf(Vec<Branch>),
    /// Every player's standing is undetermined (`variant: undetermined`).
    StandingUndetermined,
    /// The deal is playable (the page gives figures).
    Playable,
    /// The deal is not playable, for the actions these points forbid.
    Unplayable(Forbids),
}

/// What the engine gives, for one verdict or under one switch.
#[derive(Clone, Debug)]
pub enum Found {
    /// The verdict's figures, in order; `None` where the deal does not give one.
    Figures(Vec<Option<Value>>),
    /// Every player's standing.
    Standing(Vec<Money>),
    Playable,
    /// Not playable: the forbidden actions, in order.
    Unplayable(Vec<Unplayable>),
}

impl Found {
    /// The points of the forbidden actions, in order; none for a playable deal.
    pub fn forbidden_points(&self) -> Vec<Point> {
        match self {
            Found::Unplayable(actions) => actions.iter().map(|a| a.point).collect(),
            _ => Vec::new(),
        }
    }
}

/// Why a point is switched when a claim is judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Switch {
    /// An alternative the variant lists.
    Open,
    /// Another choice of a point the variant marks `assumed`.
    Assumed,
}

/// A rule point switched alone, and what the deal gives under it.
#[derive(Clone, Debug)]
pub struct Switched {
    pub point: Point,
    pub choice: u8,
    pub why: Switch,
    pub found: Found,
}

impl Switched {
    pub fn choice_id(&self) -> &'static str {
        self.point.def().choices[self.choice as usize].id
    }
}

/// What is wrong with an expectation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The engine's figure is not the page's.
    Differs,
    /// The page says undetermined, but no switch under which the deal is played moves it.
    Determined,
    /// `one-of`: the variant's own choice gives none of the branches.
    OwnGivesNone,
    /// `one-of`: these branches (by index) are given by no open alternative.
    Unproduced(Vec<usize>),
    /// Not playable, but not for the actions the page names.
    OtherReason,
    /// The page says not playable, and the deal plays.
    Playable,
    /// The page gives figures, and the deal cannot be played.
    NotPlayable,
}

/// The verdict on one claim of an expectation, or on whether the deal is playable at all.
#[derive(Clone, Debug)]
pub struct Verdict {
    pub scenario: String,
    pub variant: String,
    /// The figures judged; empty for the deal as a whole (playable or not, or every player's
    /// standing undetermined).
    pub figures: Vec<Figure>,
    pub said: Said,
    pub found: Found,
    /// The switches behind the judgement: for `undetermined`, each under which the deal is
    /// played as far as the figure and gives another; for `one-of`, each open alternative.
    pub switches: Vec<Switched>,
    pub fault: Option<Fault>,
    /// The deal's figures are read as far as the first forbidden action.
    pub stopped: bool,
    /// Where the expectation is written: the figure, or the variant's key for the whole deal.
    pub location: Location,
}

impl Verdict {
    pub fn passed(&self) -> bool {
        self.fault.is_none()
    }

    /// The page says the sources give no figure here.
    pub fn undetermined(&self) -> bool {
        matches!(
            self.said,
            Said::Figure(Want::Undetermined) | Said::StandingUndetermined
        )
    }
}

/// The result of checking pages.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub scenarios: usize,
    pub evaluations: usize,
    pub verdicts: Vec<Verdict>,
    /// Words for the writers that are no failures: steps the engine filled where a scenario
    /// scripts part of them.
    pub notes: Vec<Diagnostic>,
}

impl Report {
    pub fn failures(&self) -> impl Iterator<Item = &Verdict> {
        self.verdicts.iter().filter(|v| !v.passed())
    }

    pub fn passed(&self) -> usize {
        self.verdicts.iter().filter(|v| v.passed()).count()
    }

    pub fn failed(&self) -> usize {
        self.verdicts.len() - self.passed()
    }
}

/// Describes an outcome in a few words, for "expected ... found ...".
pub fn describe(outcome: &Outcome, scenario: &dyn Scenario) -> String {
    match outcome {
        Outcome::Played(l) => {
            let h = scenario.head();
            let nets = words::standing(&l.standing(), h);
            match scenario.game().standing() {
                "net" => format!("played: {nets}"),
                word => format!("played, {word}: {nets}"),
            }
        }
        Outcome::Unplayable(u) => format!("not playable ({}): {}: {}", u.point, u.action, u.reason),
    }
}

/// Unknown variant names in a scenario (in `expect:`, or wherever the game lets it write
/// something per reading): invalid input, reported before anything is checked.
pub fn unknown_variants<'a>(
    scenarios: impl IntoIterator<Item = &'a Arc<dyn Scenario>>,
    readings: &Readings,
) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
    for s in scenarios {
        let game = s.game();
        let variants = readings.of(game);
        for (id, location) in s.variants_named() {
            if variants.get(&id).is_none() {
                let ids = variants.ids();
                let known = if ids.is_empty() {
                    format!(
                        "{} has no variants: add one under variants/{}/",
                        game.name(),
                        game.id()
                    )
                } else {
                    format!("the {} variants are {}", game.name(), ids.join(", "))
                };
                let d = Diagnostic::new(location, format!("`{}` is not a variant", excerpt(&id)))
                    .note(known);
                errors.push(crate::suggest::hint(d, &id, ids.iter().copied()));
            }
        }
    }
    errors
}

/// The deal under some rules, as a claim reads it: played (or, where the page's figures are
/// taken before the first forbidden action, as far as that), and every forbidden action.
struct State {
    played: Option<Arc<dyn Played>>,
    forbidden: Vec<Unplayable>,
}

impl State {
    fn figure(&self, figure: &Figure) -> Option<Value> {
        self.played.as_ref().and_then(|p| p.figure(figure))
    }

    fn found(&self, figures: &[Figure]) -> Found {
        if self.played.is_none() && !self.forbidden.is_empty() {
            return Found::Unplayable(self.forbidden.clone());
        }
        Found::Figures(figures.iter().map(|f| self.figure(f)).collect())
    }

    /// Whether the deal gives a branch of a `one-of`.
    fn gives(&self, branch: &Branch, stopped: bool) -> bool {
        let points: Vec<Point> = self.forbidden.iter().map(|a| a.point).collect();
        match branch {
            Branch::Unplayable(forbids) => forbids.admits(&points),
            Branch::Figures(figures) => {
                (points.is_empty() || stopped)
                    && figures
                        .iter()
                        .all(|(f, want)| self.figure(f).is_some_and(|g| want.admits(&g)))
            }
        }
    }
}

/// The deal under a rule point switched alone.
struct Replay {
    point: Point,
    choice: u8,
    why: Switch,
    state: State,
}

impl Replay {
    fn switched(&self, found: Found) -> Switched {
        Switched {
            point: self.point,
            choice: self.choice,
            why: self.why,
            found,
        }
    }
}

/// Judges the claims of one expectation, playing the deal again where a claim asks for it.
struct Judge<'a> {
    s: &'a dyn Scenario,
    v: &'a Variant,
    exp: &'a Expectation,
    /// The figures come from the deal as far as the first forbidden action.
    stopped: bool,
    main: State,
    replays: OnceCell<Vec<Replay>>,
}

impl Judge<'_> {
    /// The deal under some rules, as far as the expectation's figures go.
    fn state(&self, outcome: Outcome, rules: &Rules) -> State {
        match outcome {
            Outcome::Played(p) => State {
                played: Some(p),
                forbidden: Vec::new(),
            },
            Outcome::Unplayable(_) => {
                let f = self.s.forbidden(&self.v.id, rules);
                State {
                    played: if self.stopped { f.before } else { None },
                    forbidden: f.actions,
                }
            }
        }
    }

    /// Every point switched alone: to each alternative the variant lists, and, for each point it
    /// marks `assumed`, to each other choice.
    fn replays(&self) -> &[Replay] {
        self.replays.get_or_init(|| {
            let mut out: Vec<Replay> = alternatives(self.s, self.v)
                .into_iter()
                .map(|a| Replay {
                    point: a.point,
                    choice: a.choice,
                    why: Switch::Open,
                    state: self.state(a.outcome, &self.v.rules.with(a.point, a.choice)),
                })
                .collect();
            for point in self.v.rules.table().all() {
                if self.v.choice(point).evidence != Evidence::Assumed {
                    continue;
                }
                let own = self.v.rules.get(point);
                let listed = &self.v.choice(point).alternatives;
                // An alternative the variant lists is replayed once, as an open one.
                for choice in (0..point.def().choices.len() as u8)
                    .filter(|&c| c != own && !listed.contains(&c))
                {
                    let rules = self.v.rules.with(point, choice);
                    out.push(Replay {
                        point,
                        choice,
                        why: Switch::Assumed,
                        state: self.state(self.s.play_as(&self.v.id, &rules), &rules),
                    });
                }
            }
            out
        })
    }

    fn verdict(
        &self,
        at: &Location,
        figures: Vec<Figure>,
        said: Said,
        found: Found,
        fault: Option<Fault>,
    ) -> Verdict {
        Verdict {
            scenario: self.s.head().id.clone(),
            variant: self.v.id.clone(),
            figures,
            said,
            found,
            switches: Vec::new(),
            fault,
            stopped: self.stopped,
            location: at.clone(),
        }
    }

    fn claim(&self, claim: &Claim) -> Verdict {
        match claim {
            Claim::Figure {
                figure,
                want: Want::Undetermined,
                at,
            } => self.undetermined(figure, at),
            Claim::Figure { figure, want, at } => {
                let got = self.main.figure(figure);
                let fault =
                    (!got.as_ref().is_some_and(|g| want.admits(g))).then_some(Fault::Differs);
                let found = Found::Figures(vec![got]);
                self.verdict(
                    at,
                    vec![figure.clone()],
                    Said::Figure(want.clone()),
                    found,
                    fault,
                )
            }
            Claim::OneOf { options, at } => self.one_of(claim, options, at),
        }
    }

    /// The switches under which the deal is played as far as a value read from it, and gives
    /// another value than the variant's own.
    fn moved<T: PartialEq>(
        &self,
        read: impl Fn(&State) -> Option<T>,
        found: impl Fn(T) -> Found,
    ) -> Vec<Switched> {
        let own = read(&self.main);
        self.replays()
            .iter()
            .filter_map(|r| {
                let value = read(&r.state)?;
                (Some(&value) != own.as_ref()).then(|| r.switched(found(value)))
            })
            .collect()
    }

    /// A figure the page says the sources leave open: a playable switch must move it, to a value
    /// it reaches. A seat figure that names nobody under a switch (a game or rubber the scenario
    /// does not finish, a Poch nobody takes) is not reached there: it gives nothing to set
    /// against the variant's own.
    fn undetermined(&self, figure: &Figure, at: &Location) -> Verdict {
        let reached = |s: &State| s.figure(figure).filter(Value::names_somebody);
        let switches = self.moved(reached, |v| Found::Figures(vec![Some(v)]));
        let fault = switches.is_empty().then_some(Fault::Determined);
        let found = Found::Figures(vec![self.main.figure(figure)]);
        let mut v = self.verdict(
            at,
            vec![figure.clone()],
            Said::Figure(Want::Undetermined),
            found,
            fault,
        );
        v.switches = switches;
        v
    }

    /// Every player's standing undetermined (`variant: undetermined`).
    fn standing_undetermined(&self) -> Verdict {
        let standing = |s: &State| s.played.as_ref().map(|p| p.standing());
        let switches = self.moved(standing, Found::Standing);
        let fault = switches.is_empty().then_some(Fault::Determined);
        let found = standing(&self.main).map_or(Found::Playable, Found::Standing);
        let mut v = self.verdict(
            &self.exp.location,
            Vec::new(),
            Said::StandingUndetermined,
            found,
            fault,
        );
        v.switches = switches;
        v
    }

    /// One of several branches: the variant's own choice gives one, and each other is given by
    /// one of its open alternatives.
    fn one_of(&self, claim: &Claim, options: &[Branch], at: &Location) -> Verdict {
        let figures: Vec<Figure> = claim.figures().into_iter().cloned().collect();
        let open: Vec<&Replay> = self
            .replays()
            .iter()
            .filter(|r| r.why == Switch::Open)
            .collect();
        let own = options.iter().any(|b| self.main.gives(b, self.stopped));
        let unproduced: Vec<usize> = (0..options.len())
            .filter(|&i| !self.main.gives(&options[i], self.stopped))
            .filter(|&i| {
                !open
                    .iter()
                    .any(|r| r.state.gives(&options[i], self.stopped))
            })
            .collect();
        let fault = if !own {
            Some(Fault::OwnGivesNone)
        } else if !unproduced.is_empty() {
            Some(Fault::Unproduced(unproduced))
        } else {
            None
        };
        let found = self.main.found(&figures);
        let mut v = self.verdict(
            at,
            figures.clone(),
            Said::OneOf(options.to_vec()),
            found,
            fault,
        );
        v.switches = open
            .iter()
            .map(|r| r.switched(r.state.found(&figures)))
            .collect();
        v
    }
}

/// Judges one expectation against the outcome of its scenario under its variant.
pub fn judge(
    scenario: &dyn Scenario,
    variant: &Variant,
    exp: &Expectation,
    outcome: &Outcome,
) -> Vec<Verdict> {
    let stopped = matches!(
        (&exp.expected, outcome),
        (Expected::Unplayable { .. }, Outcome::Unplayable(_))
    );
    let mut judge = Judge {
        s: scenario,
        v: variant,
        exp,
        stopped,
        main: State {
            played: None,
            forbidden: Vec::new(),
        },
        replays: OnceCell::new(),
    };
    judge.main = judge.state(outcome.clone(), &variant.rules);
    let whole = |said: Said, found: Found, fault: Option<Fault>| {
        judge.verdict(&exp.location, Vec::new(), said, found, fault)
    };
    let claims = |claims: &[Claim]| claims.iter().map(|c| judge.claim(c)).collect::<Vec<_>>();
    let forbidden = || Found::Unplayable(judge.main.forbidden.clone());
    match (&exp.expected, outcome) {
        (Expected::Unplayable { forbids, figures }, Outcome::Unplayable(_)) => {
            let points: Vec<Point> = judge.main.forbidden.iter().map(|a| a.point).collect();
            let fault = (!forbids.admits(&points)).then_some(Fault::OtherReason);
            let mut out = vec![whole(Said::Unplayable(forbids.clone()), forbidden(), fault)];
            out.extend(claims(figures));
            out
        }
        (Expected::Unplayable { forbids, .. }, Outcome::Played(_)) => vec![whole(
            Said::Unplayable(forbids.clone()),
            Found::Playable,
            Some(Fault::Playable),
        )],
        (Expected::Figures(figures), Outcome::Unplayable(_))
            if figures.iter().any(Claim::may_forbid) =>
        {
            claims(figures)
        }
        (Expected::Figures(_) | Expected::Undetermined, Outcome::Unplayable(_)) => {
            vec![whole(Said::Playable, forbidden(), Some(Fault::NotPlayable))]
        }
        (Expected::Undetermined, Outcome::Played(_)) => vec![judge.standing_undetermined()],
        (Expected::Figures(figures), Outcome::Played(_)) => claims(figures),
    }
}

/// Notes for one scenario: each step the engine filled where the scenario scripts part of it,
/// once, with the variants under which it happened.
fn notes(scenario: &dyn Scenario, played: &[(&str, Arc<dyn Played>)]) -> Vec<Diagnostic> {
    let head = scenario.head();
    let mut found: Vec<(crate::game::Note, Vec<&str>)> = Vec::new();
    for (variant, p) in played {
        for note in p.notes() {
            match found.iter_mut().find(|(n, _)| *n == note) {
                Some((_, vs)) => vs.push(variant),
                None => found.push((note, vec![variant])),
            }
        }
    }
    found
        .into_iter()
        .map(|(note, variants)| {
            let at = note
                .at
                .and_then(|a| head.location_of(a))
                .unwrap_or(&head.location)
                .clone();
            Diagnostic::new(at, format!("scenario `{}`: {}", head.id, note.text))
                .note(format!("under {}", variants.join(", ")))
                .note("end the step with `then auto` if the engine is meant to finish it")
        })
        .collect()
}

/// Checks every expectation of every scenario. Expectations naming unknown variants must have
/// been reported with [`unknown_variants`] first.
pub fn check<'a>(
    scenarios: impl IntoIterator<Item = &'a Arc<dyn Scenario>>,
    readings: &Readings,
) -> Report {
    let mut report = Report::default();
    for scenario in scenarios {
        let variants = readings.of(scenario.game());
        report.scenarios += 1;
        report.evaluations += variants.variants.len();
        let mut played = Vec::new();
        for exp in &scenario.head().expect {
            if let Some(variant) = variants.get(&exp.variant) {
                let outcome = scenario.play_as(&variant.id, &variant.rules);
                report
                    .verdicts
                    .extend(judge(scenario.as_ref(), variant, exp, &outcome));
                if let Outcome::Played(p) = outcome {
                    played.push((variant.id.as_str(), p));
                }
            }
        }
        report.notes.extend(notes(scenario.as_ref(), &played));
    }
    report
}
