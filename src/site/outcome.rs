//! The view of one scenario on the site: the deal, the outcome table with a ledger behind every
//! cell, why the readings differ, and the page's expectations. Built from engine results only.

use crate::cards::Card;
use crate::check::{Verdict, figure_name, judge};
use crate::compare::{Evaluation, Result3, attribute};
use crate::engine::Outcome;
use crate::ledger::{Ledger, Party, Payment, Phase};
use crate::money::Money;
use crate::report::words;
use crate::rules::Point;
use crate::scenario::{Figure, Scenario, Seat};
use crate::variant::{Evidence, Variant, VariantSet};
use serde::Serialize;

#[derive(Serialize, Clone, Debug)]
pub struct CardView {
    pub rank: &'static str,
    pub suit: char,
    pub suit_name: &'static str,
    pub red: bool,
    pub trump: bool,
}

pub fn card_view(card: Card, trump: crate::cards::Suit) -> CardView {
    CardView {
        rank: card.rank().label(),
        suit: card.suit().symbol(),
        suit_name: card.suit().name(),
        red: card.suit().is_red(),
        trump: card.suit() == trump,
    }
}

#[derive(Serialize, Clone, Debug)]
pub struct HandView {
    pub name: String,
    pub role: &'static str,
    pub cards: Vec<CardView>,
}

#[derive(Serialize, Clone, Debug)]
pub struct ColumnView {
    pub id: String,
    pub title: String,
    pub author: String,
    pub date: String,
    pub kind: &'static str,
    pub url: String,
}

/// One payment, with the rule point and the reading's evidence for it.
#[derive(Serialize, Clone, Debug)]
pub struct LineView {
    pub n: usize,
    pub phase: &'static str,
    pub from: String,
    pub to: String,
    pub amount: String,
    pub reason: String,
    pub point: &'static str,
    pub point_url: String,
    pub choice: &'static str,
    pub evidence: &'static str,
    pub quote: String,
    pub cite: String,
}

#[derive(Serialize, Clone, Debug)]
pub struct UnplayableView {
    pub action: String,
    pub reason: String,
    pub point: &'static str,
    pub point_url: String,
    pub evidence: &'static str,
    pub quote: String,
    pub cite: String,
}

#[derive(Serialize, Clone, Debug)]
pub struct ExpectMark {
    pub passed: bool,
    pub expected: String,
}

#[derive(Serialize, Clone, Debug)]
pub struct CellView {
    pub text: String,
    pub differs: bool,
    /// Rule points with `assumed` evidence behind this figure.
    pub assumed: Vec<&'static str>,
    /// The reading leaves points open that change the result.
    pub open: bool,
    pub spread: Option<String>,
    pub unplayable: Option<UnplayableView>,
    pub expect: Option<ExpectMark>,
    pub lines: Vec<LineView>,
    /// For the points row: how the points were made.
    pub detail: Option<String>,
}

#[derive(Serialize, Clone, Debug)]
pub struct RowView {
    pub label: String,
    pub group: &'static str,
    pub cells: Vec<CellView>,
}

/// A complete account under one reading: events, tricks and payments.
#[derive(Serialize, Clone, Debug)]
pub struct AccountView {
    pub variant: String,
    pub events: Vec<(String, Vec<String>)>,
    pub tricks: Vec<TrickView>,
    pub points: String,
    pub filled: Vec<String>,
    pub alternatives: Vec<String>,
    pub unplayable: Option<UnplayableView>,
}

#[derive(Serialize, Clone, Debug)]
pub struct TrickView {
    pub n: usize,
    pub plays: Vec<(String, CardView)>,
    pub winner: String,
}

#[derive(Serialize, Clone, Debug)]
pub struct WhyRow {
    pub point: &'static str,
    pub url: String,
    pub question: &'static str,
    /// Per column: the choice, and the effect of switching the reference to it (if any).
    pub cells: Vec<WhyCell>,
}

#[derive(Serialize, Clone, Debug)]
pub struct WhyCell {
    pub choice: &'static str,
    pub effect: Option<String>,
}

#[derive(Serialize, Clone, Debug)]
pub struct ExpectView {
    pub variant: String,
    pub figure: String,
    pub expected: String,
    pub actual: String,
    pub passed: bool,
}

#[derive(Serialize, Clone, Debug)]
pub struct ScenarioView {
    pub id: String,
    pub title: String,
    pub notes: Option<String>,
    pub dealer: String,
    pub eldest: String,
    pub trumps: &'static str,
    pub hands: Vec<HandView>,
    pub turn_up: CardView,
    pub stock: Vec<CardView>,
    pub columns: Vec<ColumnView>,
    pub rows: Vec<RowView>,
    pub accounts: Vec<AccountView>,
    pub reference: Option<String>,
    pub why: Vec<WhyRow>,
    pub expectations: Vec<ExpectView>,
    pub failures: usize,
    pub yaml_html: String,
    /// How many different results the readings give.
    pub distinct: usize,
    pub largest_spread: String,
    pub page_url: String,
    /// The verdicts behind `expectations`, with their located diagnostics.
    #[serde(skip)]
    pub verdicts: Vec<Verdict>,
}

/// The reading columns of every table, primary sources first.
pub fn columns(variants: &VariantSet) -> Vec<ColumnView> {
    variants
        .variants
        .iter()
        .map(|v| ColumnView {
            id: v.id.clone(),
            title: v.title.clone(),
            author: v.author.clone(),
            date: v.date.clone(),
            kind: v.kind.label(),
            url: format!("variants/{}/", v.id),
        })
        .collect()
}

fn point_url(point: Point) -> String {
    format!("rules/{}/", point.id())
}

fn line_view(n: usize, p: &Payment, s: &Scenario, v: &Variant) -> LineView {
    let c = v.choice(p.point);
    LineView {
        n,
        phase: p.phase.title(),
        from: words::party(p.from, s),
        to: words::party(p.to, s),
        amount: p.amount.to_string(),
        reason: words::reason(p, s),
        point: p.point.id(),
        point_url: point_url(p.point),
        choice: v.rules.choice_id(p.point),
        evidence: c.evidence.id(),
        quote: c.quote.clone(),
        cite: c.cite.clone(),
    }
}

fn unplayable_view(o: &Outcome, s: &Scenario, v: &Variant) -> Option<UnplayableView> {
    let Outcome::Unplayable(u) = o else {
        return None;
    };
    let c = v.choice(u.point);
    let at =
        u.at.map(|a| format!(" (written at line {})", s.location_of(a).line))
            .unwrap_or_default();
    Some(UnplayableView {
        action: format!("{}{at}", u.action),
        reason: u.reason.clone(),
        point: u.point.id(),
        point_url: point_url(u.point),
        evidence: c.evidence.id(),
        quote: c.quote.clone(),
        cite: c.cite.clone(),
    })
}

fn lines_where(
    l: &Ledger,
    s: &Scenario,
    v: &Variant,
    keep: impl Fn(&Payment) -> bool,
) -> Vec<LineView> {
    l.payments
        .iter()
        .enumerate()
        .filter(|(_, p)| keep(p))
        .map(|(i, p)| line_view(i + 1, p, s, v))
        .collect()
}

fn assumed(lines: &[LineView]) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = lines
        .iter()
        .filter(|l| l.evidence == Evidence::Assumed.id())
        .map(|l| l.point)
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Marks the cells whose text differs from the most common text in the row.
fn mark_differences(cells: &mut [CellView]) {
    let texts: Vec<&str> = cells.iter().map(|c| c.text.as_str()).collect();
    let mode = texts
        .iter()
        .max_by_key(|t| {
            (
                texts.iter().filter(|u| u == t).count(),
                std::cmp::Reverse(texts.iter().position(|u| u == *t)),
            )
        })
        .copied()
        .unwrap_or("");
    let mode = mode.to_string();
    let all_same = texts.iter().all(|t| *t == mode);
    for c in cells.iter_mut() {
        c.differs = !all_same && c.text != mode;
    }
}

fn nets_text(n: &[Money; 3], s: &Scenario) -> String {
    s.speaking_order()
        .iter()
        .map(|&x| format!("{} {}", s.name(x), n[x.index()].signed()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Builds the view of a scenario from its evaluations, one per variant in display order.
pub fn scenario_view(
    s: &Scenario,
    variants: &VariantSet,
    evals: &[Evaluation],
    page_url: &str,
    yaml_html: String,
) -> ScenarioView {
    let trump = s.turn_up.suit();
    let order = s.speaking_order();
    let roles = ["eldest", "middle hand", "dealer"];
    let hands = order
        .iter()
        .zip(roles)
        .map(|(&seat, role)| HandView {
            name: s.name(seat).to_string(),
            role,
            cards: s.hands[seat.index()]
                .sorted()
                .into_iter()
                .map(|c| card_view(c, trump))
                .collect(),
        })
        .collect();
    let columns = columns(variants);

    // The page's expectations, judged on the outcomes already evaluated.
    let verdicts: Vec<Verdict> = s
        .expect
        .iter()
        .filter_map(|e| {
            let k = variants.variants.iter().position(|v| v.id == e.variant)?;
            Some(judge(s, &variants.variants[k], e, &evals[k].outcome))
        })
        .flatten()
        .collect();
    let expectations: Vec<ExpectView> = verdicts
        .iter()
        .map(|v| ExpectView {
            variant: v.variant.clone(),
            figure: v
                .figure
                .as_ref()
                .map_or_else(|| "the deal".to_string(), |f| figure_name(f, s)),
            expected: v.expected.clone(),
            actual: v.found.clone(),
            passed: v.passed,
        })
        .collect();
    let mark = |variant: &str, figure: Option<&Figure>| {
        verdicts
            .iter()
            .find(|v| v.variant == variant && v.figure.as_ref() == figure)
            .map(|v| ExpectMark {
                passed: v.passed,
                expected: v.expected.clone(),
            })
    };
    let mark_for = |variant: &str, figure: &Figure| mark(variant, Some(figure));

    let mut rows: Vec<RowView> = Vec::new();
    let cell = |e: &Evaluation, text: String, lines: Vec<LineView>| CellView {
        assumed: assumed(&lines),
        text,
        differs: false,
        open: e.is_open(),
        spread: None,
        unplayable: None,
        expect: None,
        lines,
        detail: None,
    };
    // One row per player's net.
    for &seat in &order {
        let mut cells: Vec<CellView> = variants
            .variants
            .iter()
            .zip(evals)
            .map(|(v, e)| match &e.outcome {
                Outcome::Played(l) => {
                    let party = Party::Player(seat);
                    let mut c = cell(
                        e,
                        l.net(seat).signed().to_string(),
                        lines_where(l, s, v, |p| p.from == party || p.to == party),
                    );
                    c.spread = e
                        .spread()
                        .map(|sp| sp[seat.index()])
                        .filter(|(lo, hi)| lo != hi)
                        .map(|(lo, hi)| format!("{} to {}", lo.signed(), hi.signed()));
                    c.expect = mark_for(&v.id, &Figure::Net(seat));
                    c
                }
                Outcome::Unplayable(_) => {
                    let mut c = cell(e, "not playable".into(), Vec::new());
                    c.unplayable = unplayable_view(&e.outcome, s, v);
                    c.expect = mark(&v.id, None);
                    c
                }
            })
            .collect();
        mark_differences(&mut cells);
        rows.push(RowView {
            label: format!("{} net", s.name(seat)),
            group: "net",
            cells,
        });
    }
    // One row per phase.
    for phase in Phase::ALL {
        let mut cells: Vec<CellView> = variants
            .variants
            .iter()
            .zip(evals)
            .map(|(v, e)| match &e.outcome {
                Outcome::Played(l) => {
                    let lines = lines_where(l, s, v, |p| p.phase == phase);
                    let text = if lines.is_empty() {
                        "—".to_string()
                    } else {
                        nets_text(&Seat::ALL.map(|x| l.phase_net(phase, x)), s)
                    };
                    let mut c = cell(e, text, lines);
                    c.expect = order
                        .iter()
                        .find_map(|&x| mark_for(&v.id, &Figure::Phase(phase, x)));
                    c
                }
                Outcome::Unplayable(_) => cell(e, "—".into(), Vec::new()),
            })
            .collect();
        mark_differences(&mut cells);
        rows.push(RowView {
            label: phase.title().to_string(),
            group: "phase",
            cells,
        });
        if phase == Phase::LowTrumps {
            // The points made in play, before they are settled against the par.
            let mut cells: Vec<CellView> = variants
                .variants
                .iter()
                .zip(evals)
                .map(|(v, e)| match &e.outcome {
                    Outcome::Played(l) => {
                        let pts = &l.points;
                        let text = s
                            .speaking_order()
                            .iter()
                            .map(|&x| format!("{} {}", s.name(x), pts.total(x)))
                            .collect::<Vec<_>>()
                            .join(", ");
                        let mut c = cell(e, text, Vec::new());
                        c.detail = Some(points_detail(l, s));
                        c.expect = order
                            .iter()
                            .find_map(|&x| mark_for(&v.id, &Figure::Points(x)));
                        c
                    }
                    Outcome::Unplayable(_) => cell(e, "—".into(), Vec::new()),
                })
                .collect();
            mark_differences(&mut cells);
            rows.push(RowView {
                label: "Points in play".to_string(),
                group: "points",
                cells,
            });
        }
    }
    // What the deal leaves in the pot.
    let mut cells: Vec<CellView> = variants
        .variants
        .iter()
        .zip(evals)
        .map(|(v, e)| match &e.outcome {
            Outcome::Played(l) => {
                let lines = lines_where(l, s, v, |p| {
                    p.from == Party::Pot || p.to == Party::Pot || p.to == Party::Box
                });
                let mut text = l.pot_change().signed().to_string();
                if !l.boxed().is_zero() {
                    text.push_str(&format!(" (box {})", l.boxed()));
                }
                let mut c = cell(e, text, lines);
                c.expect = mark_for(&v.id, &Figure::Pot);
                c
            }
            Outcome::Unplayable(_) => cell(e, "—".into(), Vec::new()),
        })
        .collect();
    mark_differences(&mut cells);
    rows.push(RowView {
        label: "Left in the pot".into(),
        group: "pot",
        cells,
    });

    let accounts = variants
        .variants
        .iter()
        .zip(evals)
        .map(|(v, e)| account(s, v, e))
        .collect();

    // Why they differ: each point switched alone from a reference reading to each other reading.
    let results: Vec<Result3> = evals.iter().map(|e| Result3::of(&e.outcome)).collect();
    let reference = results.iter().position(|r| matches!(r, Result3::Nets(_)));
    let mut why: Vec<WhyRow> = Vec::new();
    if let Some(rk) = reference {
        let rv = &variants.variants[rk];
        let per_column: Vec<Vec<(Point, Result3)>> = variants
            .variants
            .iter()
            .zip(&results)
            .map(|(v, r)| {
                if *r == results[rk] {
                    Vec::new()
                } else {
                    attribute(s, &rv.rules, &v.rules)
                        .into_iter()
                        .map(|a| (a.point, a.to))
                        .collect()
                }
            })
            .collect();
        let mut points: Vec<Point> = per_column.iter().flatten().map(|(p, _)| *p).collect();
        points.sort();
        points.dedup();
        let base = match results[rk] {
            Result3::Nets(n) => n,
            Result3::Unplayable(_) => [Money::ZERO; 3],
        };
        for p in points {
            let cells = variants
                .variants
                .iter()
                .zip(&per_column)
                .map(|(v, effects)| WhyCell {
                    choice: v.rules.choice_id(p),
                    effect: effects
                        .iter()
                        .find(|(q, _)| *q == p)
                        .map(|(_, to)| match to {
                            Result3::Nets(n) => {
                                let deltas: Vec<String> = order
                                    .iter()
                                    .filter(|x| n[x.index()] != base[x.index()])
                                    .map(|&x| {
                                        format!(
                                            "{} {}",
                                            s.name(x),
                                            (n[x.index()] - base[x.index()]).signed()
                                        )
                                    })
                                    .collect();
                                deltas.join(", ")
                            }
                            Result3::Unplayable(q) => format!("not playable ({q})"),
                        }),
                })
                .collect();
            why.push(WhyRow {
                point: p.id(),
                url: point_url(p),
                question: p.def().question,
                cells,
            });
        }
    }
    let mut distinct: Vec<Result3> = Vec::new();
    for r in &results {
        if !distinct.contains(r) {
            distinct.push(*r);
        }
    }
    let spread = largest_spread(&results, s);
    let failures = expectations.iter().filter(|e| !e.passed).count();
    ScenarioView {
        id: s.id.clone(),
        title: s.title.clone(),
        notes: s.notes.clone(),
        dealer: s.name(s.dealer).to_string(),
        eldest: s.name(s.eldest()).to_string(),
        trumps: trump.name(),
        hands,
        turn_up: card_view(s.turn_up, trump),
        stock: s
            .stock
            .sorted()
            .into_iter()
            .map(|c| card_view(c, trump))
            .collect(),
        columns,
        rows,
        accounts,
        reference: reference.map(|k| variants.variants[k].id.clone()),
        why,
        expectations,
        failures,
        yaml_html,
        distinct: distinct.len(),
        largest_spread: spread,
        page_url: page_url.to_string(),
        verdicts,
    }
}

/// The widest gap between readings in any player's net: "Cat +4 to +26".
fn largest_spread(results: &[Result3], s: &Scenario) -> String {
    let nets: Vec<[Money; 3]> = results
        .iter()
        .filter_map(|r| {
            if let Result3::Nets(n) = r {
                Some(*n)
            } else {
                None
            }
        })
        .collect();
    let best = Seat::ALL
        .iter()
        .filter_map(|&x| {
            let lo = nets.iter().map(|n| n[x.index()]).min()?;
            let hi = nets.iter().map(|n| n[x.index()]).max()?;
            Some((hi - lo, x, lo, hi))
        })
        .max_by_key(|t| t.0);
    match best {
        Some((gap, x, lo, hi)) if !gap.is_zero() => {
            format!("{} {} to {}", s.name(x), lo.signed(), hi.signed())
        }
        _ => "none".to_string(),
    }
}

fn points_detail(l: &Ledger, s: &Scenario) -> String {
    let pts = &l.points;
    let each: Vec<String> = s
        .speaking_order()
        .iter()
        .map(|&x| {
            format!(
                "{} {} in cards and {} in honours",
                s.name(x),
                pts.cards[x.index()],
                pts.honours[x.index()]
            )
        })
        .collect();
    format!(
        "{}; {} in play, par {}.",
        each.join("; "),
        pts.in_play(),
        pts.par
    )
}

fn account(s: &Scenario, v: &Variant, e: &Evaluation) -> AccountView {
    let trump = s.turn_up.suit();
    let alternatives = e
        .alternatives
        .iter()
        .map(|a| {
            format!(
                "{} = {}: {}",
                a.point,
                a.point.def().choices[a.choice as usize].id,
                words::outcome_line(&a.outcome, s)
            )
        })
        .collect();
    match &e.outcome {
        Outcome::Played(l) => AccountView {
            variant: v.id.clone(),
            events: Phase::ALL
                .iter()
                .filter_map(|&ph| {
                    let evs: Vec<String> = l
                        .events
                        .iter()
                        .filter(|n| n.phase == ph)
                        .map(|n| words::event(&n.event, s))
                        .collect();
                    (!evs.is_empty()).then(|| (ph.title().to_string(), evs))
                })
                .collect(),
            tricks: l
                .tricks
                .iter()
                .enumerate()
                .map(|(i, t)| TrickView {
                    n: i + 1,
                    plays: t
                        .cards
                        .iter()
                        .map(|&(x, c)| (s.name(x).to_string(), card_view(c, trump)))
                        .collect(),
                    winner: s.name(t.winner).to_string(),
                })
                .collect(),
            points: points_detail(l, s),
            filled: l.filled.iter().map(words::filled).collect(),
            alternatives,
            unplayable: None,
        },
        Outcome::Unplayable(_) => AccountView {
            variant: v.id.clone(),
            events: Vec::new(),
            tricks: Vec::new(),
            points: String::new(),
            filled: Vec::new(),
            alternatives,
            unplayable: unplayable_view(&e.outcome, s, v),
        },
    }
}
