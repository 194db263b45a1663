//! A verdict in words. The check's own words name rule points and choices by id
//! (`must-trump = no`); the site names them in the reader's ([`Naming`]). Every renderer words
//! the same data through these functions, so none rewrites another's words.

use super::{Fault, Found, Said, Switch, Switched, Verdict};
use crate::diagnostic::Diagnostic;
use crate::game::{Branch, Figure, Head, Value};
use crate::money::Money;
use crate::rules::Point;

/// How rule points and their choices are named.
pub trait Naming {
    /// A rule point: `must-trump`, or its question.
    fn point(&self, point: Point) -> String;
    /// A point switched to a choice, and why: `must-trump = no (an open alternative)`.
    fn switched(&self, switched: &Switched) -> String;
}

/// The check's own words: rule points and choices by id.
pub struct Ids;

impl Naming for Ids {
    fn point(&self, point: Point) -> String {
        point.id().to_string()
    }

    fn switched(&self, s: &Switched) -> String {
        let why = match s.why {
            Switch::Open => "an open alternative",
            Switch::Assumed => "the point is assumed",
        };
        format!("{} = {} ({why})", s.point, s.choice_id())
    }
}

/// "Ann +2, Ben −1, Cat −1".
pub fn standing(standing: &[Money], head: &Head) -> String {
    head.all_seats()
        .map(|s| format!("{} {}", head.name(s), standing[s.index()].signed()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// "not playable (a, b)", or "not playable" when no point is named.
fn unplayable(points: &[Point], n: &dyn Naming) -> String {
    if points.is_empty() {
        return "not playable".to_string();
    }
    let names: Vec<String> = points.iter().map(|&p| n.point(p)).collect();
    format!("not playable ({})", names.join(", "))
}

/// Figures in words: "Ann −14, Ben +1" when they are one key's, each player's; else each named
/// in full ("Ann's net −14, the pot +6").
fn figures<'f>(figures: impl Iterator<Item = (&'f Figure, String)>, head: &Head) -> String {
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

fn branch(b: &Branch, head: &Head, n: &dyn Naming) -> String {
    match b {
        Branch::Figures(fs) => format!(
            "{{{}}}",
            figures(fs.iter().map(|(f, w)| (f, w.words(head))), head)
        ),
        Branch::Unplayable(forbids) => unplayable(&forbids.named(), n),
    }
}

fn branches<'b>(
    bs: impl Iterator<Item = &'b Branch>,
    sep: &str,
    head: &Head,
    n: &dyn Naming,
) -> String {
    bs.map(|b| branch(b, head, n)).collect::<Vec<_>>().join(sep)
}

/// What the page says, in words.
pub fn expected(v: &Verdict, head: &Head, n: &dyn Naming) -> String {
    match &v.said {
        Said::Figure(want) => want.words(head),
        Said::OneOf(bs) => format!("one of {}", branches(bs.iter(), " / ", head, n)),
        Said::StandingUndetermined => "undetermined".to_string(),
        Said::Playable => "playable".to_string(),
        Said::Unplayable(forbids) => unplayable(&forbids.named(), n),
    }
}

/// What the page says of one of the verdict's figures, if it judges it: `+3`, `one of +3 / −1`.
pub fn expected_of(v: &Verdict, figure: &Figure, head: &Head, n: &dyn Naming) -> Option<String> {
    if !v.figures.contains(figure) {
        return None;
    }
    Some(match &v.said {
        Said::OneOf(bs) => {
            let each: Vec<String> = bs
                .iter()
                .filter_map(|b| match b {
                    Branch::Figures(fs) => fs
                        .iter()
                        .find(|(g, _)| g == figure)
                        .map(|(_, w)| w.words(head)),
                    Branch::Unplayable(forbids) => Some(unplayable(&forbids.named(), n)),
                })
                .collect();
            format!("one of {}", each.join(" / "))
        }
        _ => expected(v, head, n),
    })
}

fn value(value: &Option<Value>, stopped: bool, head: &Head) -> String {
    match value {
        Some(v) => v.words(head),
        None if stopped => "not reached before the first forbidden action".to_string(),
        None => "no such figure in this game".to_string(),
    }
}

fn found_of(found: &Found, of: &[Figure], stopped: bool, head: &Head, n: &dyn Naming) -> String {
    match found {
        Found::Figures(values) if values.len() == 1 => value(&values[0], stopped, head),
        Found::Figures(values) => figures(
            of.iter().zip(values).map(|(f, v)| {
                (
                    f,
                    v.as_ref().map_or_else(|| "none".into(), |v| v.words(head)),
                )
            }),
            head,
        ),
        Found::Standing(s) => standing(s, head),
        Found::Playable => "playable".to_string(),
        Found::Unplayable(actions) => {
            let points: Vec<Point> = actions.iter().map(|a| a.point).collect();
            unplayable(&points, n)
        }
    }
}

/// What the deal gives under one switch behind a verdict.
pub fn found_under(v: &Verdict, s: &Switched, head: &Head, n: &dyn Naming) -> String {
    found_of(&s.found, &v.figures, v.stopped, head, n)
}

/// Each switch behind a verdict and what the deal gives under it: "poch-tie = carried (an open
/// alternative): −1".
pub fn switches(v: &Verdict, head: &Head, n: &dyn Naming) -> Vec<String> {
    v.switches
        .iter()
        .map(|s| format!("{}: {}", n.switched(s), found_under(v, s, head, n)))
        .collect()
}

/// What the engine found, in words; for `undetermined`, with each switch that moves it.
pub fn found(v: &Verdict, head: &Head, n: &dyn Naming) -> String {
    let found = found_of(&v.found, &v.figures, v.stopped, head, n);
    if !v.undetermined() {
        return found;
    }
    match switches(v, head, n) {
        rests if rests.is_empty() => format!("{found} (rests on nothing open)"),
        rests => format!("{found} (rests on {})", rests.join("; ")),
    }
}

/// What is wrong, located at the expectation, in the check's words; `None` for a verdict that
/// passed.
pub fn diagnostic(v: &Verdict, head: &Head) -> Option<Diagnostic> {
    let fault = v.fault.as_ref()?;
    let n = &Ids;
    let on = |what: String| format!("scenario `{}` under `{}`: {what}", v.scenario, v.variant);
    let name = || {
        v.figures
            .first()
            .map_or_else(|| "every player's standing".to_string(), |f| f.name(head))
    };
    let title = match fault {
        Fault::Differs => on(format!("{} differs", name())),
        Fault::Determined => on(format!(
            "{} is determined: it rests on no assumed choice and no open alternative under which the deal is played",
            name()
        )),
        Fault::OwnGivesNone => on("the variant's own choice gives none of the options".into()),
        Fault::Unproduced(missing) => {
            let Said::OneOf(bs) = &v.said else {
                unreachable!("only a one-of has options")
            };
            let missing = missing.iter().map(|&i| &bs[i]);
            on(format!(
                "no open alternative of the variant gives {}",
                branches(missing, " or ", head, n)
            ))
        }
        Fault::OtherReason => on("not playable for another reason".into()),
        Fault::Playable => format!(
            "scenario `{}` under `{}` is playable",
            v.scenario, v.variant
        ),
        Fault::NotPlayable => format!(
            "scenario `{}` is not playable under `{}`",
            v.scenario, v.variant
        ),
    };
    let expected = match fault {
        Fault::Determined => "undetermined (the source does not say)".to_string(),
        _ => expected(v, head, n),
    };
    let mut d = Diagnostic::new(v.location.clone(), title)
        .note(format!("expected: {expected}"))
        .note(format!("found:    {}", found(v, head, n)));
    match fault {
        Fault::OtherReason | Fault::NotPlayable => {
            if let Found::Unplayable(actions) = &v.found {
                for a in actions {
                    let at =
                        a.at.and_then(|at| head.location_of(at))
                            .map(|l| format!(" (at {l})"))
                            .unwrap_or_default();
                    d = d.note(format!(
                        "forbidden: {} ({}): {}{at}",
                        a.action, a.point, a.reason
                    ));
                }
            }
        }
        Fault::Playable => {}
        Fault::Unproduced(_) if v.switches.is_empty() => {
            d = d.note("the variant lists no alternative that plays this deal differently");
        }
        Fault::Unproduced(_) => {
            for s in switches(v, head, n) {
                d = d.note(s);
            }
        }
        _ => {}
    }
    if !matches!(
        fault,
        Fault::Playable | Fault::NotPlayable | Fault::OtherReason
    ) {
        d = d.note(format!(
            "explain:  mournival explain {}#{} --variant {}",
            head.location.file.display(),
            head.id,
            v.variant
        ));
    }
    Some(d)
}
