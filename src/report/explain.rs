//! `explain`: a scenario's ledger under a reading, as a table for the terminal.

use crate::attribution::Share;
use crate::check::describe;
use crate::compare::{NoSplit, Plays, Split, Summary, attribute_with, evaluate};
use crate::game::{Outcome, Played, Scenario};
use crate::money::Money;
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
        Summary::Nets(n) => nets_words(s, n),
        Summary::Unplayable(p) => format!("not playable ({p})"),
    }
}

/// Two readings side by side, and how the difference divides among the rule points on which
/// they differ: each point's share per player, adding up to the difference, and the pairs of
/// points that act together.
pub fn diff(s: &dyn Scenario, a: &Variant, b: &Variant) -> String {
    let mut out = String::new();
    let at = attribute_with(&mut Plays::new(s), Some(&a.id), &a.rules, &b.rules);
    let _ = writeln!(out, "Scenario {}: {}\n", s.head().id, s.head().title);
    let _ = writeln!(out, "  {}: {}", a.id, result_words(&at.from, s));
    let _ = writeln!(out, "  {}: {}", b.id, result_words(&at.to, s));
    if let Some(d) = at.difference() {
        let _ = writeln!(out, "  difference: {}", nets_words(s, &d));
    }
    let k = at.differing.len();
    match &at.split {
        Err(NoSplit::Same) => {
            let _ = writeln!(
                out,
                "\nThe two readings give the same result on this scenario ({k} rule points differ between them)."
            );
        }
        Err(NoSplit::NotPlayable) => {
            for (v, r) in [(a, &at.from), (b, &at.to)] {
                if let Summary::Unplayable(p) = r {
                    let _ = writeln!(
                        out,
                        "\nNot playable under {}: {}. There is no difference in money to split.",
                        v.id,
                        evidence_line(v, *p)
                    );
                }
            }
        }
        Err(NoSplit::NoPlayableOrder) => {
            let _ = writeln!(
                out,
                "\nEvery order of switching the {k} points from {} to {} passes through a combination that cannot play the scenario, so the difference cannot be split.",
                a.id, b.id
            );
        }
        Ok(split) => split_text(s, a, b, split, &mut out),
    }
    out
}

/// The split of a difference: a row per point that moves anyone, the total, the points that
/// change nothing, and the interacting pairs.
fn split_text(s: &dyn Scenario, a: &Variant, b: &Variant, split: &Split, out: &mut String) {
    let order: Vec<_> = s.head().all_seats().collect();
    let k = split.parts.len();
    let head = s.head();
    let _ = writeln!(
        out,
        "\nThe difference, split among the {} on which the readings differ. Each \
         point's share is its effect {}, from {}'s choices to {}'s; the shares add up to the \
         difference.",
        points(k),
        split.method.words(),
        a.id,
        b.id
    );
    let mut header = vec!["rule point".to_string(), format!("{} → {}", a.id, b.id)];
    header.extend(order.iter().map(|&x| head.name(x).to_string()));
    let mut rows = vec![header];
    let mut rounded = false;
    for (point, shares) in split.moving() {
        let mut row = vec![
            point.to_string(),
            format!(
                "{} → {}",
                a.rules.choice_id(*point),
                b.rules.choice_id(*point)
            ),
        ];
        for &x in &order {
            let text = shares[x.index()].signed();
            rounded |= text.is_rounded();
            row.push(text.to_string());
        }
        rows.push(row);
    }
    let total: Vec<Share> = (0..head.seats.len())
        .map(|x| split.parts.iter().map(|(_, sh)| sh[x]).sum())
        .collect();
    let mut row = vec!["total".to_string(), String::new()];
    row.extend(order.iter().map(|&x| total[x.index()].signed().to_string()));
    rows.push(row);
    out.push_str(&table(&rows));
    let still: Vec<&str> = split
        .parts
        .iter()
        .filter(|(_, sh)| sh.iter().all(|x| x.is_zero()))
        .map(|(p, _)| p.id())
        .collect();
    if !still.is_empty() {
        let _ = writeln!(
            out,
            "  No share for the other {}: {}.",
            points(still.len()),
            still.join(", ")
        );
    }
    if rounded {
        out.push_str(
            "  Shares marked ≈ are rounded to the hundredth; the exact fractions add up.\n",
        );
    }
    if !split.interactions.is_empty() {
        out.push_str(
            "\nPoints that act together (the pair switched together, minus each switched alone, \
             averaged over the other points' choices):\n",
        );
        for ((p, q), shares) in &split.interactions {
            let words: Vec<String> = order
                .iter()
                .map(|&x| format!("{} {}", head.name(x), shares[x.index()].signed()))
                .collect();
            let _ = writeln!(out, "  {p} and {q}: {}", words.join(", "));
        }
    }
}

/// "1 rule point", "9 rule points".
fn points(n: usize) -> String {
    if n == 1 {
        "1 rule point".to_string()
    } else {
        format!("{n} rule points")
    }
}

/// "Ann +6, Ben +4, Cat −10", in seat order.
fn nets_words(s: &dyn Scenario, nets: &[Money]) -> String {
    s.head()
        .all_seats()
        .map(|x| format!("{} {}", s.head().name(x), nets[x.index()].signed()))
        .collect::<Vec<_>>()
        .join(", ")
}

fn capitalise(t: &str) -> String {
    let mut c = t.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}
