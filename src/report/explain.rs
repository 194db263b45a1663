//! `explain`: a scenario's ledger under a reading, as a table for the terminal.

use crate::check::describe;
use crate::compare::{Summary, attribute, evaluate};
use crate::game::{Outcome, Played, Scenario};
use crate::rules::Point;
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

fn deal(s: &dyn Scenario, out: &mut String) {
    let view = s.deal();
    let _ = writeln!(out, "The deal: {}", view.summary);
    for group in &view.groups {
        if let Some(c) = &group.caption {
            let _ = writeln!(out, "{c}:");
        }
        let rows: Vec<Vec<String>> = group
            .hands
            .iter()
            .map(|h| {
                let cards: Vec<String> = h.cards.iter().map(|(c, _)| c.to_string()).collect();
                vec![h.label.clone(), cards.join(" ")]
            })
            .collect();
        out.push_str(&table(&rows));
    }
}

fn ledger_text(s: &dyn Scenario, variant: &Variant, l: &dyn Played, out: &mut String) {
    let head = s.head();
    let account = l.account(head);
    for (stage, events) in &account.stages {
        let _ = writeln!(out, "{stage}: {}.", events.join(", "));
    }
    if !account.tricks.is_empty() {
        out.push_str("Tricks:\n");
        let rows: Vec<Vec<String>> = account
            .tricks
            .iter()
            .map(|t| {
                let mut row = vec![format!("{:>2}.", t.label)];
                row.extend(
                    t.plays
                        .iter()
                        .map(|&(seat, c)| format!("{} {c}", head.name(seat))),
                );
                row.push(match t.winner {
                    Some(w) => format!("won by {}", head.name(w)),
                    None => "tied".to_string(),
                });
                row
            })
            .collect();
        out.push_str(&table(&rows));
    }
    let payments = l.payments(head);
    let mut cited: Vec<Point> = Vec::new();
    if !payments.is_empty() {
        out.push_str("\nPayments:\n");
        let mut rows = vec![vec![
            "#".into(),
            "phase".into(),
            "who pays whom".into(),
            "amount".into(),
            "for".into(),
            "rule point".into(),
        ]];
        for (i, p) in payments.iter().enumerate() {
            if !cited.contains(&p.point) {
                cited.push(p.point);
            }
            rows.push(vec![
                (i + 1).to_string(),
                p.phase.to_string(),
                format!("{} → {}", p.from.name(head), p.to.name(head)),
                p.amount.to_string(),
                p.reason.clone(),
                format!("{} = {}", p.point, variant.rules.choice_id(p.point)),
            ]);
        }
        out.push_str(&table(&rows));
    }
    for &p in &account.cited {
        if !cited.contains(&p) {
            cited.push(p);
        }
    }
    if !cited.is_empty() {
        let _ = writeln!(out, "\nEvidence ({}):", variant.id);
        for p in cited {
            let _ = writeln!(out, "  {}", evidence_line(variant, p));
        }
    }
    let _ = writeln!(out, "\n{}", account.summary);
    let nets = l.standing();
    let nets: Vec<String> = s
        .order()
        .iter()
        .map(|&seat| {
            let text = s.game().standing_text(nets[seat.index()]);
            format!("{} {text}", head.name(seat))
        })
        .collect();
    let _ = writeln!(
        out,
        "{}: {}.",
        capitalise(s.game().standing()),
        nets.join(", ")
    );
    if !account.filled.is_empty() {
        let _ = writeln!(out, "Filled by the engine: {}.", account.filled.join("; "));
    }
}

/// The full explanation of a scenario under one reading.
pub fn explain(s: &dyn Scenario, variant: &Variant) -> String {
    let mut out = String::new();
    let head = s.head();
    let _ = writeln!(
        out,
        "Scenario {}: {}  ({})",
        head.id, head.title, head.location
    );
    let _ = writeln!(
        out,
        "Reading: {}, {} ({}, {})\n",
        variant.id, variant.title, variant.author, variant.date
    );
    deal(s, &mut out);
    out.push('\n');
    let eval = evaluate(s, variant);
    match &eval.outcome {
        Outcome::Played(l) => ledger_text(s, variant, l.as_ref(), &mut out),
        Outcome::Unplayable(u) => {
            let _ = writeln!(out, "Not playable under this reading: {}.", u.action);
            let _ = writeln!(out, "  {}.", capitalise(&u.reason));
            if let Some(loc) = u.at.and_then(|at| head.location_of(at)) {
                let _ = writeln!(out, "  at {loc}");
            }
            let _ = writeln!(out, "  {}", evidence_line(variant, u.point));
            let others = s.forbidden(&variant.id, &variant.rules).actions;
            if others.len() > 1 {
                let _ = writeln!(out, "Played on as if each were allowed, it also forbids:");
                for f in &others[1..] {
                    let _ = writeln!(out, "  {} ({}): {}.", f.action, f.point, f.reason);
                }
            }
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
                describe(&alt.outcome, s)
            );
        }
        if let Some(spread) = eval.spread() {
            let parts: Vec<String> = head
                .all_seats()
                .map(|seat| {
                    let (lo, hi) = spread[seat.index()];
                    format!("{} {} to {}", head.name(seat), lo.signed(), hi.signed())
                })
                .collect();
            let _ = writeln!(out, "  Spread: {}.", parts.join(", "));
        }
    }
    out
}

fn result_words(r: &Summary, s: &dyn Scenario) -> String {
    match r {
        Summary::Nets(n) => s
            .head()
            .all_seats()
            .map(|x| format!("{} {}", s.head().name(x), n[x.index()].signed()))
            .collect::<Vec<_>>()
            .join(", "),
        Summary::Unplayable(p) => format!("not playable ({p})"),
    }
}

/// Two readings side by side, and the rule points that account for the difference.
pub fn diff(s: &dyn Scenario, a: &Variant, b: &Variant) -> String {
    let mut out = String::new();
    let ra = Summary::of(&s.play_as(&a.id, &a.rules));
    let rb = Summary::of(&s.play_as(&b.id, &b.rules));
    let _ = writeln!(out, "Scenario {}: {}\n", s.head().id, s.head().title);
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
    let attributions = attribute(s, a, &b.rules);
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
