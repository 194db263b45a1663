//! `check`: every expectation written in the pages against the engine.
//!
//! A figure the page gives is compared with the engine's. A figure the page calls `undetermined`
//! must rest on something the sources leave open, and `one-of` must be the figures the reading's
//! open alternatives give. Both are judged by playing the deal again with points switched:
//!
//! * **open**: the variant lists alternatives for a point; switched alone to one of them, the
//!   deal gives another figure (or cannot be played);
//! * **assumed**: the variant marks a point `assumed` (the source is silent); switched alone to
//!   any other of its choices, the deal gives another figure.
//!
//! A figure "rests on" a point when switching that point changes it. The payments' rule points
//! (the A mark of the outcome table) are not enough for this claim: a payment may cite an assumed
//! point that pays the same under every choice, and a point may shape a figure without a payment
//! citing it (who is still in the ruff when it is shown). Replaying asks the question directly.

use crate::compare::alternatives;
use crate::diagnostic::{Diagnostic, Location, excerpt};
use crate::game::{
    Claim, Expectation, Expected, Figure, Forbids, Head, Outcome, Played, Scenario, Value, Want,
};
use crate::money::Money;
use crate::rules::{Point, Rules};
use crate::variant::{Evidence, Readings, Variant};
use std::cell::OnceCell;
use std::sync::Arc;

/// The verdict on one claim of an expectation, or on whether the deal is playable at all.
#[derive(Clone, Debug)]
pub struct Verdict {
    pub scenario: String,
    pub variant: String,
    /// The figures judged, each with what the page says of it in words; empty for the deal as a
    /// whole (playable or not, or every player's standing undetermined).
    pub figures: Vec<(Figure, String)>,
    /// What the page expects and what the engine found, in words (`+3`, `not playable (bid-step)`).
    pub expected: String,
    pub found: String,
    pub passed: bool,
    /// The page says the sources give no figure here.
    pub undetermined: bool,
    /// Where the expectation is written: the figure, or the variant's key for the whole deal.
    pub location: Location,
    /// What is wrong, located at the expectation.
    pub diagnostic: Option<Diagnostic>,
}

impl Verdict {
    /// What the page says of one figure, if this verdict judges it.
    pub fn of(&self, figure: &Figure) -> Option<&str> {
        self.figures
            .iter()
            .find(|(f, _)| f == figure)
            .map(|(_, words)| words.as_str())
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
        self.verdicts.iter().filter(|v| !v.passed)
    }

    pub fn passed(&self) -> usize {
        self.verdicts.iter().filter(|v| v.passed).count()
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
            let nets = standing_words(&l.standing(), h);
            match scenario.game().standing() {
                "net" => format!("played: {nets}"),
                word => format!("played, {word}: {nets}"),
            }
        }
        Outcome::Unplayable(u) => format!("not playable ({}): {}: {}", u.point, u.action, u.reason),
    }
}

/// "Ann +2, Ben −1, Cat −1".
fn standing_words(standing: &[Money], head: &Head) -> String {
    head.all_seats()
        .map(|s| format!("{} {}", head.name(s), standing[s.index()].signed()))
        .collect::<Vec<_>>()
        .join(", ")
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

/// "not playable (a, b)", or "not playable" when no point is named.
fn unplayable_words(points: &[Point]) -> String {
    if points.is_empty() {
        return "not playable".to_string();
    }
    let ids: Vec<&str> = points.iter().map(|p| p.id()).collect();
    format!("not playable ({})", ids.join(", "))
}

/// Why a point is switched when a claim is judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Switch {
    /// An alternative the variant lists.
    Open,
    /// Another choice of a point the variant marks `assumed`.
    Assumed,
}

/// The deal under a rule point switched alone, as far as a figure can be read from it.
struct Replay {
    point: Point,
    choice: u8,
    why: Switch,
    played: Option<Arc<dyn Played>>,
}

impl Replay {
    fn words(&self) -> String {
        let choice = self.point.def().choices[self.choice as usize].id;
        match self.why {
            Switch::Open => format!("{} = {choice} (an open alternative)", self.point),
            Switch::Assumed => format!("{} = {choice} (the point is assumed)", self.point),
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
    main: Option<Arc<dyn Played>>,
    replays: OnceCell<Vec<Replay>>,
}

impl Judge<'_> {
    fn head(&self) -> &Head {
        self.s.head()
    }

    /// The deal under rules made from the variant's, as far as its figures go.
    fn played(&self, rules: &Rules) -> Option<Arc<dyn Played>> {
        match self.s.play_as(&self.v.id, rules) {
            Outcome::Played(p) => Some(p),
            Outcome::Unplayable(_) if self.stopped => self.s.forbidden(&self.v.id, rules).before,
            Outcome::Unplayable(_) => None,
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
                    played: match a.outcome {
                        Outcome::Played(p) => Some(p),
                        Outcome::Unplayable(_) if self.stopped => {
                            self.s
                                .forbidden(&self.v.id, &self.v.rules.with(a.point, a.choice))
                                .before
                        }
                        Outcome::Unplayable(_) => None,
                    },
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
                        played: self.played(&rules),
                    });
                }
            }
            out
        })
    }

    fn figure(played: &Option<Arc<dyn Played>>, figure: &Figure) -> Option<Value> {
        played.as_ref().and_then(|p| p.figure(figure))
    }

    fn found(&self, figure: &Figure) -> String {
        match Self::figure(&self.main, figure) {
            Some(v) => v.words(self.head()),
            None if self.stopped => "not reached before the first forbidden action".to_string(),
            None => "no such figure in this game".to_string(),
        }
    }

    fn verdict(
        &self,
        at: &Location,
        figures: Vec<(Figure, String)>,
        expected: String,
        found: String,
        diagnostic: Option<Diagnostic>,
    ) -> Verdict {
        Verdict {
            scenario: self.head().id.clone(),
            variant: self.v.id.clone(),
            figures,
            expected,
            found,
            passed: diagnostic.is_none(),
            undetermined: false,
            location: at.clone(),
            diagnostic,
        }
    }

    /// A mismatch at `at`, with the expected and found figures and how to see the ledger.
    fn mismatch(&self, at: &Location, what: String, expected: &str, found: &str) -> Diagnostic {
        let head = self.head();
        Diagnostic::new(
            at.clone(),
            format!("scenario `{}` under `{}`: {what}", head.id, self.v.id),
        )
        .note(format!("expected: {expected}"))
        .note(format!("found:    {found}"))
        .note(format!(
            "explain:  mournival explain {}#{} --variant {}",
            head.location.file.display(),
            head.id,
            self.v.id
        ))
    }

    fn claim(&self, claim: &Claim) -> Verdict {
        match claim {
            Claim::Figure {
                figure,
                want: Want::Undetermined,
                at,
            } => self.undetermined(figure, at),
            Claim::Figure { figure, want, at } => {
                let head = self.head();
                let expected = want.words(head);
                let found = self.found(figure);
                let got = Self::figure(&self.main, figure);
                let d = (!got.is_some_and(|g| want.admits(&g))).then(|| {
                    self.mismatch(
                        at,
                        format!("{} differs", figure.name(head)),
                        &expected,
                        &found,
                    )
                });
                self.verdict(
                    at,
                    vec![(figure.clone(), expected.clone())],
                    expected,
                    found,
                    d,
                )
            }
            Claim::OneOf { options, at } => self.one_of(options, at),
        }
    }

    /// The switches under which a value read from the deal differs from the variant's own.
    fn rests_on<T: PartialEq>(
        &self,
        read: impl Fn(&Option<Arc<dyn Played>>) -> Option<T>,
    ) -> Vec<String> {
        let own = read(&self.main);
        self.replays()
            .iter()
            .filter(|r| read(&r.played) != own)
            .map(Replay::words)
            .collect()
    }

    /// A figure the page says the sources leave open: it must rest on an open alternative or an
    /// assumed point.
    fn undetermined(&self, figure: &Figure, at: &Location) -> Verdict {
        let head = self.head();
        let found = self.found(figure);
        let reasons = self.rests_on(|p| Self::figure(p, figure));
        let d = reasons.is_empty().then(|| {
            self.mismatch(
                at,
                format!(
                    "{} is determined: it rests on no assumed choice and no open alternative",
                    figure.name(head)
                ),
                "undetermined (the source does not say)",
                &found,
            )
        });
        let mut v = self.verdict(
            at,
            vec![(figure.clone(), "undetermined".to_string())],
            "undetermined".to_string(),
            rests_words(&found, &reasons),
            d,
        );
        v.undetermined = true;
        v
    }

    /// Every player's standing undetermined (`variant: undetermined`).
    fn standing_undetermined(&self) -> Verdict {
        let head = self.head();
        let standing = |p: &Option<Arc<dyn Played>>| p.as_ref().map(|p| p.standing());
        let found = standing(&self.main).map_or_else(String::new, |s| standing_words(&s, head));
        let reasons = self.rests_on(standing);
        let d = reasons.is_empty().then(|| {
            self.mismatch(
                &self.exp.location,
                format!(
                    "every player's {} is determined: it rests on no assumed choice and no open alternative",
                    self.s.game().standing()
                ),
                "undetermined (the source does not say)",
                &found,
            )
        });
        let mut v = self.verdict(
            &self.exp.location,
            Vec::new(),
            "undetermined".to_string(),
            rests_words(&found, &reasons),
            d,
        );
        v.undetermined = true;
        v
    }

    /// Whether every figure of an option is what the deal gives.
    fn matches(played: &Option<Arc<dyn Played>>, option: &[(Figure, Want)]) -> bool {
        option
            .iter()
            .all(|(f, want)| Self::figure(played, f).is_some_and(|g| want.admits(&g)))
    }

    /// One of several sets of figures: the variant's own choice gives one, and each other is
    /// given by one of its open alternatives.
    fn one_of(&self, options: &[Vec<(Figure, Want)>], at: &Location) -> Verdict {
        let head = self.head();
        let option_words = |o: &[(Figure, Want)]| {
            format!(
                "{{{}}}",
                figures_words(o.iter().map(|(f, w)| (f, w.words(head))), head)
            )
        };
        let options_words = |os: &[&Vec<(Figure, Want)>], sep: &str| {
            os.iter()
                .map(|o| option_words(o))
                .collect::<Vec<_>>()
                .join(sep)
        };
        let expected = format!(
            "one of {}",
            options_words(&options.iter().collect::<Vec<_>>(), " / ")
        );
        let claim = Claim::OneOf {
            options: options.to_vec(),
            at: at.clone(),
        };
        let figures: Vec<(Figure, String)> = claim
            .figures()
            .into_iter()
            .map(|f| {
                let each: Vec<String> = options
                    .iter()
                    .filter_map(|o| o.iter().find(|(g, _)| g == f))
                    .map(|(_, w)| w.words(head))
                    .collect();
                (f.clone(), format!("one of {}", each.join(" / ")))
            })
            .collect();
        let found_words = |p: &Option<Arc<dyn Played>>| {
            let found = claim.figures().into_iter().map(|f| {
                let v = Self::figure(p, f).map_or_else(|| "none".into(), |v| v.words(head));
                (f, v)
            });
            figures_words(found, head)
        };
        let found = found_words(&self.main);
        let own = options.iter().any(|o| Self::matches(&self.main, o));
        let open: Vec<&Replay> = self
            .replays()
            .iter()
            .filter(|r| r.why == Switch::Open)
            .collect();
        let unproduced: Vec<&Vec<(Figure, Want)>> = options
            .iter()
            .filter(|o| !Self::matches(&self.main, o))
            .filter(|o| !open.iter().any(|r| Self::matches(&r.played, o)))
            .collect();
        let d = if !own {
            Some(self.mismatch(
                at,
                "the variant's own choice gives none of the options".to_string(),
                &expected,
                &found,
            ))
        } else if !unproduced.is_empty() {
            let mut d = self.mismatch(
                at,
                format!(
                    "no open alternative of the variant gives {}",
                    options_words(&unproduced, " or ")
                ),
                &expected,
                &found,
            );
            if open.is_empty() {
                d = d.note("the variant lists no alternative that plays this deal differently");
            }
            for r in open {
                d = d.note(format!("{}: {}", r.words(), found_words(&r.played)));
            }
            Some(d)
        } else {
            None
        };
        self.verdict(at, figures, expected, found, d)
    }
}

/// Figures in words: "Ann −14, Ben +1" when they are one key's, each player's; else each named
/// in full ("Ann's net −14, the pot +6").
fn figures_words<'f>(figures: impl Iterator<Item = (&'f Figure, String)>, head: &Head) -> String {
    let figures: Vec<(&Figure, String)> = figures.collect();
    let one_key = figures
        .iter()
        .all(|(f, _)| f.seat.is_some() && f.key == figures[0].0.key && f.deal == figures[0].0.deal);
    let parts: Vec<String> = figures
        .iter()
        .map(|(f, v)| match f.seat {
            Some(s) if one_key => format!("{} {v}", head.name(s)),
            _ => format!("{} {v}", f.name(head)),
        })
        .collect();
    let key = match (one_key, figures.first()) {
        (true, Some((f, _))) if f.key != "net" => format!("{}: ", f.key),
        _ => String::new(),
    };
    format!("{key}{}", parts.join(", "))
}

/// The engine's figure, and what it rests on.
fn rests_words(found: &str, reasons: &[String]) -> String {
    if reasons.is_empty() {
        format!("{found} (rests on nothing open)")
    } else {
        format!("{found} (rests on {})", reasons.join("; "))
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
    let forbidden = stopped.then(|| scenario.forbidden(&variant.id, &variant.rules));
    let judge = Judge {
        s: scenario,
        v: variant,
        exp,
        stopped,
        main: match (outcome, &forbidden) {
            (Outcome::Played(p), _) => Some(p.clone()),
            (Outcome::Unplayable(_), Some(f)) => f.before.clone(),
            (Outcome::Unplayable(_), None) => None,
        },
        replays: OnceCell::new(),
    };
    let head = scenario.head();
    let whole = |title: String, expected: String| {
        Diagnostic::new(exp.location.clone(), title)
            .note(format!("expected: {expected}"))
            .note(format!("found:    {}", describe(outcome, scenario)))
    };
    let claims = |claims: &[Claim]| claims.iter().map(|c| judge.claim(c)).collect::<Vec<_>>();
    match (&exp.expected, outcome) {
        (Expected::Unplayable { forbids, figures }, Outcome::Unplayable(u)) => {
            let actions = forbidden.map(|f| f.actions).unwrap_or_default();
            let found_points: Vec<Point> = actions.iter().map(|a| a.point).collect();
            let (named, wrong) = match forbids {
                Forbids::Any => (Vec::new(), false),
                Forbids::First(p) => (vec![*p], *p != u.point),
                Forbids::Every(ps) => (ps.clone(), *ps != found_points),
            };
            let expected = unplayable_words(&named);
            let found = unplayable_words(&found_points);
            let d = wrong.then(|| {
                let mut d = whole(
                    format!(
                        "scenario `{}` under `{}`: not playable for another reason",
                        head.id, variant.id
                    ),
                    expected.clone(),
                );
                for a in &actions {
                    let at =
                        a.at.and_then(|at| head.location_of(at))
                            .map(|l| format!(" (at {l})"))
                            .unwrap_or_default();
                    d = d.note(format!(
                        "forbidden: {} ({}): {}{at}",
                        a.action, a.point, a.reason
                    ));
                }
                d
            });
            let mut out = vec![judge.verdict(&exp.location, Vec::new(), expected, found, d)];
            out.extend(claims(figures));
            out
        }
        (Expected::Unplayable { forbids, .. }, Outcome::Played(_)) => {
            let expected = match forbids {
                Forbids::Any => unplayable_words(&[]),
                Forbids::First(p) => unplayable_words(&[*p]),
                Forbids::Every(ps) => unplayable_words(ps),
            };
            let d = whole(
                format!("scenario `{}` under `{}` is playable", head.id, variant.id),
                expected.clone(),
            );
            vec![judge.verdict(
                &exp.location,
                Vec::new(),
                expected,
                "playable".to_string(),
                Some(d),
            )]
        }
        (Expected::Figures(_) | Expected::Undetermined, Outcome::Unplayable(u)) => {
            let d = whole(
                format!(
                    "scenario `{}` is not playable under `{}`",
                    head.id, variant.id
                ),
                "playable".to_string(),
            );
            let found = unplayable_words(&[u.point]);
            vec![judge.verdict(
                &exp.location,
                Vec::new(),
                "playable".to_string(),
                found,
                Some(d),
            )]
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
