//! `explain`: a scenario's ledger under a reading, as a table for the terminal.

use super::words;
use crate::compare::{Result3, attribute, evaluate};
use crate::engine::Outcome;
use crate::ledger::{Ledger, Phase};
use crate::rules::Point;
use crate::scenario::{Scenario, Seat};
use crate::variant::Variant;
use std::fmt::Write;

/// Lays out rows as columns padded to the widest cell.
fn table(rows: &[Vec<String>]) -> String {
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..cols)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|x| x.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for row in rows {
        let mut line = String::from("  ");
        for (c, cell) in row.iter().enumerate() {
            line.push_str(cell);
            if c + 1 < row.len() {
                line.push_str(&" ".repeat(widths[c] - cell.chars().count() + 2));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The evidence behind a rule point in one line: `choice (evidence) "quote" — cite`.
pub fn evidence_line(variant: &Variant, point: Point) -> String {
    let c = variant.choice(point);
    let mut t = format!(
        "{} = {} ({})",
        point,
        variant.rules.choice_id(point),
        c.evidence
    );
    if let Some(from) = &c.inherited_from {
        t.push_str(&format!(", from {from}"));
    }
    if !c.quote.is_empty() {
        t.push_str(&format!(": \"{}\"", c.quote));
    }
    if !c.cite.is_empty() {
        t.push_str(&format!(" ({})", c.cite));
    }
    if c.quote.is_empty()
        && let Some(note) = &c.note
    {
        t.push_str(&format!(": {note}"));
    }
    t
}

fn deal(s: &Scenario, out: &mut String) {
    let _ = writeln!(
        out,
        "The deal: {} deals; {} is eldest. Trumps are {} (the turn-up, {}).",
        s.name(s.dealer),
        s.name(s.eldest()),
        s.turn_up.suit().name(),
        s.turn_up
    );
    let rows: Vec<Vec<String>> = s
        .speaking_order()
        .iter()
        .map(|&seat| vec![s.name(seat).to_string(), s.hands[seat.index()].to_string()])
        .chain(std::iter::once(vec![
            "stock".to_string(),
            s.stock.to_string(),
        ]))
        .collect();
    out.push_str(&table(&rows));
}

fn ledger_text(s: &Scenario, variant: &Variant, l: &Ledger, out: &mut String) {
    for phase in Phase::ALL {
        let events: Vec<String> = l
            .events
            .iter()
            .filter(|e| e.phase == phase)
            .map(|e| words::event(&e.event, s))
            .collect();
        if !events.is_empty() {
            let _ = writeln!(out, "{}: {}.", phase.title(), events.join(", "));
        }
    }
    if !l.tricks.is_empty() {
        out.push_str("Tricks:\n");
        let rows: Vec<Vec<String>> = l
            .tricks
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let mut row = vec![format!("{:>2}.", i + 1)];
                row.extend(
                    t.cards
                        .iter()
                        .map(|&(seat, c)| format!("{} {c}", s.name(seat))),
                );
                row.push(format!("won by {}", s.name(t.winner)));
                row
            })
            .collect();
        out.push_str(&table(&rows));
    }
    out.push_str("\nPayments:\n");
    let mut rows = vec![vec![
        "#".into(),
        "phase".into(),
        "who pays whom".into(),
        "amount".into(),
        "for".into(),
        "rule point".into(),
    ]];
    let mut cited: Vec<Point> = Vec::new();
    for (i, p) in l.payments.iter().enumerate() {
        if !cited.contains(&p.point) {
            cited.push(p.point);
        }
        rows.push(vec![
            (i + 1).to_string(),
            p.phase.id().to_string(),
            format!("{} → {}", words::party(p.from, s), words::party(p.to, s)),
            p.amount.to_string(),
            words::reason(p, s),
            format!("{} = {}", p.point, variant.rules.choice_id(p.point)),
        ]);
    }
    out.push_str(&table(&rows));
    for e in &l.events {
        if let Some(p) = e.point.filter(|p| !cited.contains(p)) {
            cited.push(p);
        }
    }
    if !cited.is_empty() {
        let _ = writeln!(out, "\nEvidence ({}):", variant.id);
        for p in cited {
            let _ = writeln!(out, "  {}", evidence_line(variant, p));
        }
    }
    let pts = &l.points;
    let scores: Vec<String> = s
        .speaking_order()
        .iter()
        .map(|&seat| {
            format!(
                "{} {} ({} in cards, {} in honours)",
                s.name(seat),
                pts.total(seat),
                pts.cards[seat.index()],
                pts.honours[seat.index()]
            )
        })
        .collect();
    let _ = writeln!(
        out,
        "\nPoints: {}; {} in play, par {}.",
        scores.join(", "),
        pts.in_play(),
        pts.par
    );
    let nets: Vec<String> = s
        .speaking_order()
        .iter()
        .map(|&seat| format!("{} {}", s.name(seat), l.net(seat).signed()))
        .collect();
    let _ = writeln!(out, "Net: {}.", nets.join(", "));
    if !l.pot_before.is_zero() || !l.pot_after().is_zero() {
        let _ = writeln!(
            out,
            "Pot: {} before the deal, {} after.",
            l.pot_before,
            l.pot_after()
        );
    }
    if !l.boxed().is_zero() {
        let _ = writeln!(out, "To the box: {}.", l.boxed());
    }
    if l.was_filled() {
        let steps: Vec<String> = l.filled.iter().map(words::filled).collect();
        let _ = writeln!(out, "Filled by the engine: {}.", steps.join("; "));
    }
}

/// The full explanation of a scenario under one reading.
pub fn explain(s: &Scenario, variant: &Variant) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "Scenario {}: {}  ({})", s.id, s.title, s.location);
    let _ = writeln!(
        out,
        "Reading: {}, {} ({}, {})\n",
        variant.id, variant.title, variant.author, variant.date
    );
    deal(s, &mut out);
    out.push('\n');
    let eval = evaluate(s, variant);
    match &eval.outcome {
        Outcome::Played(l) => ledger_text(s, variant, l, &mut out),
        Outcome::Unplayable(u) => {
            let _ = writeln!(out, "Not playable under this reading: {}.", u.action);
            let _ = writeln!(out, "  {}.", capitalise(&u.reason));
            if let Some(at) = u.at {
                let _ = writeln!(out, "  at {}", s.location_of(at));
            }
            let _ = writeln!(out, "  {}", evidence_line(variant, u.point));
        }
    }
    if eval.is_open() {
        out.push_str(
            "\nThe source leaves these points open; each alternative changes the result:\n",
        );
        for alt in &eval.alternatives {
            let choice = alt.point.def().choices[alt.choice as usize].id;
            let _ = writeln!(
                out,
                "  {} = {}: {}",
                alt.point,
                choice,
                words::outcome_line(&alt.outcome, s)
            );
        }
        if let Some(spread) = eval.spread() {
            let parts: Vec<String> = Seat::ALL
                .iter()
                .map(|&seat| {
                    let (lo, hi) = spread[seat.index()];
                    format!("{} {} to {}", s.name(seat), lo.signed(), hi.signed())
                })
                .collect();
            let _ = writeln!(out, "  Spread: {}.", parts.join(", "));
        }
    }
    out
}

fn result_words(r: &Result3, s: &Scenario) -> String {
    match r {
        Result3::Nets(n) => Seat::ALL
            .iter()
            .map(|&x| format!("{} {}", s.name(x), n[x.index()].signed()))
            .collect::<Vec<_>>()
            .join(", "),
        Result3::Unplayable(p) => format!("not playable ({p})"),
    }
}

/// Two readings side by side, and the rule points that account for the difference.
pub fn diff(s: &Scenario, a: &Variant, b: &Variant) -> String {
    let mut out = String::new();
    let ra = Result3::of(&crate::engine::play(s, &a.rules));
    let rb = Result3::of(&crate::engine::play(s, &b.rules));
    let _ = writeln!(out, "Scenario {}: {}\n", s.id, s.title);
    let _ = writeln!(out, "  {}: {}", a.id, result_words(&ra, s));
    let _ = writeln!(out, "  {}: {}", b.id, result_words(&rb, s));
    let differing = a.rules.differences(&b.rules);
    if ra == rb {
        let _ = writeln!(
            out,
            "\nThe two readings pay the same on this scenario ({} rule points differ between them).",
            differing.len()
        );
        return out;
    }
    let attributions = attribute(s, &a.rules, &b.rules);
    let _ = writeln!(
        out,
        "\nSwitching one rule point at a time from {} to {} ({} points differ; those that change the result):",
        a.id,
        b.id,
        differing.len()
    );
    let mut rows = vec![vec![
        "rule point".to_string(),
        format!("{} → {}", a.id, b.id),
        "result with that point switched".to_string(),
    ]];
    for at in &attributions {
        rows.push(vec![
            at.point.to_string(),
            format!(
                "{} → {}",
                a.rules.choice_id(at.point),
                b.rules.choice_id(at.point)
            ),
            result_words(&at.to, s),
        ]);
    }
    out.push_str(&table(&rows));
    if attributions.is_empty() {
        out.push_str("  No single point changes the result alone: the difference comes from points acting together.\n");
    }
    out
}

fn capitalise(t: &str) -> String {
    let mut c = t.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}
