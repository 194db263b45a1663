//! The report of a run as terminal tables.

use super::{Estimate, Report};
use std::fmt::Write;

/// A table of text: a header and rows, numbers aligned right.
struct Table {
    header: Vec<String>,
    /// Columns aligned left (the others right).
    left: usize,
    rows: Vec<Vec<String>>,
}

impl Table {
    fn new(header: &[&str], left: usize) -> Table {
        Table {
            header: header.iter().map(|h| h.to_string()).collect(),
            left,
            rows: Vec::new(),
        }
    }

    fn row(&mut self, cells: Vec<String>) {
        self.rows.push(cells);
    }

    fn render(&self, out: &mut String) {
        let width = |i: usize| {
            std::iter::once(&self.header)
                .chain(&self.rows)
                .filter_map(|r| r.get(i))
                .map(|c| c.chars().count())
                .max()
                .unwrap_or(0)
        };
        let widths: Vec<usize> = (0..self.header.len()).map(width).collect();
        for row in std::iter::once(&self.header).chain(&self.rows) {
            let mut line = String::from(" ");
            for (i, cell) in row.iter().enumerate() {
                let w = widths[i];
                if i < self.left {
                    let _ = write!(line, " {cell:<w$}");
                } else {
                    let _ = write!(line, " {cell:>w$}");
                }
            }
            let _ = writeln!(out, "{}", line.trim_end());
        }
    }
}

fn percent(share: f64) -> String {
    format!("{:.1}%", share * 100.0)
}

fn signed(x: f64) -> String {
    format!("{x:+.2}")
}

fn interval(e: &Estimate) -> String {
    format!("{} ± {:.2}", signed(e.mean), (e.high - e.low) / 2.0)
}

fn share_interval(e: &Estimate) -> String {
    format!(
        "{:.1}% ± {:.1}",
        e.mean * 100.0,
        (e.high - e.low) / 2.0 * 100.0
    )
}

/// The whole report.
pub fn render(r: &Report) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {} deal(s) from seed {}, policy `{}`, {} players, evenings of {} deal(s), each played under {} reading(s).",
        r.game_name,
        r.deals,
        r.seed,
        r.policy,
        r.players,
        r.evening,
        r.readings.len()
    );
    packs(r, &mut out);
    pairs(r, &mut out);
    pack_effect(r, &mut out);
    points(r, &mut out);
    seats(r, &mut out);
    money(r, &mut out);
    marks(r, &mut out);
    option(r, &mut out);
    events(r, &mut out);
    unplayable(r, &mut out);
    out
}

/// Each reading's pack, when they are not all the same.
fn packs(r: &Report, out: &mut String) {
    if r.readings.iter().all(|x| x.cards == r.readings[0].cards) {
        let _ = writeln!(out, "Every reading plays {}.", r.readings[0].cards);
        return;
    }
    let _ = writeln!(out, "Each reading plays its own pack:");
    for x in &r.readings {
        let _ = writeln!(out, "  {}: {}", x.id, x.cards);
    }
}

/// Pairs whose packs differ: each reading on its own pack against on the shared cards.
fn pack_effect(r: &Report, out: &mut String) {
    let effects = r.pack_effects();
    if effects.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "\nThe pack's own effect, apart from the rules: pairs whose packs differ are compared above on the cards both packs hold; here, each reading's {} by seat on its own pack less on those cards",
        r.standing
    );
    let mut header = vec!["reading", "beside", "shared cards"];
    header.extend(r.roles.iter().copied());
    let mut t = Table::new(&header, 3);
    for e in effects {
        let mut row = vec![
            e.reading.to_string(),
            e.beside.to_string(),
            e.cards.to_string(),
        ];
        row.extend(e.effect.iter().map(interval));
        t.row(row);
    }
    t.render(out);
}

/// Where the money went: the pot, the box, and the check that nothing leaked.
fn money(r: &Report, out: &mut String) {
    let _ = writeln!(
        out,
        "\nWhere the money goes, per deal (the pot carried from deal to deal of an evening of {}), with 95% intervals",
        r.evening
    );
    let mut t = Table::new(
        &[
            "reading",
            "into the pot",
            "to the box",
            "pot left at an evening's end",
            "balances",
        ],
        1,
    );
    for x in &r.readings {
        t.row(vec![
            x.id.clone(),
            interval(&x.pot),
            interval(&x.boxed),
            format!("{:.2}", x.pot_left),
            if x.balances { "yes" } else { "NO" }.to_string(),
        ]);
    }
    t.render(out);
}

/// The game's own outcomes, as shares of the deals each reading played.
fn marks(r: &Report, out: &mut String) {
    let Some(first) = r.readings.first() else {
        return;
    };
    if first.marks.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "\nHow often, as a share of the deals played, with 95% intervals"
    );
    let mut header = vec!["outcome"];
    header.extend(r.readings.iter().map(|x| x.id.as_str()));
    let mut t = Table::new(&header, 1);
    for (i, m) in first.marks.iter().enumerate() {
        let mut row = vec![m.what.to_string()];
        row.extend(r.readings.iter().map(|x| share_interval(&x.marks[i].share)));
        t.row(row);
    }
    t.render(out);
}

/// Card events beside their exact chances: the run checks its own deals.
fn events(r: &Report, out: &mut String) {
    if r.events.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "\nCard events, each beside its exact chance (z: the distance in standard errors; beyond ±4 the deals are wrong)"
    );
    let mut t = Table::new(&["pack", "event", "deals", "seen", "exact", "z"], 2);
    for e in &r.events {
        t.row(vec![
            e.cards.clone(),
            e.what.clone(),
            e.deals.to_string(),
            share_interval(&e.observed),
            format!("{:.4}", e.exact * 100.0) + "%",
            format!("{:+.2}", e.z),
        ]);
    }
    t.render(out);
}

fn pairs(r: &Report, out: &mut String) {
    if r.pairs.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "\nReadings in pairs: how often any player's {} differs, and by how much (deals both play)",
        r.standing
    );
    let mut t = Table::new(
        &[
            "reading",
            "against",
            "dealt from",
            "deals",
            "differ",
            "mean |diff|",
            "one unplayable",
        ],
        3,
    );
    for p in &r.pairs {
        t.row(vec![
            p.a.clone(),
            p.b.clone(),
            p.shared
                .as_ref()
                .map_or("the same deals".to_string(), |s| s.cards.clone()),
            p.compared.to_string(),
            percent(p.differ_share),
            format!(
                "{:.3} ± {:.3}",
                p.difference.mean,
                (p.difference.high - p.difference.low) / 2.0
            ),
            p.one_unplayable.to_string(),
        ]);
    }
    t.render(out);
}

/// The switches shown under each point in the terminal (all of them are in `--json`).
const SWITCHES_SHOWN: usize = 3;

fn points(r: &Report, out: &mut String) {
    if r.points.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "\nRule points switched alone (from each reading's choice to each alternative it lists), ranked by the {} they move; over {} deal(s), a trial being a deal under one reading with one alternative; \"reached\": trials whose play consulted the point at all",
        r.standing, r.switch_deals
    );
    let mut t = Table::new(
        &[
            "rule point / switch",
            "trials",
            "reached",
            "changed",
            "mean moved",
        ],
        1,
    );
    for p in &r.points {
        let moved = if p.reached == 0 {
            "not reached by this policy".to_string()
        } else {
            format!("{:.3}", p.mean_moved)
        };
        t.row(vec![
            p.point.clone(),
            p.trials.to_string(),
            p.reached.to_string(),
            percent(p.changed_share),
            moved,
        ]);
        for s in p.switches.iter().take(SWITCHES_SHOWN) {
            let mut label = format!("  {}: {} → {}", s.reading, s.from, s.to);
            if s.became_unplayable > 0 {
                let _ = write!(label, " ({} not playable)", s.became_unplayable);
            }
            if s.shared_cards {
                label.push_str(" (on the cards both packs hold)");
            }
            t.row(vec![
                label,
                s.trials.to_string(),
                s.reached.to_string(),
                percent(s.changed_share),
                format!("{:.3}", s.mean_moved),
            ]);
        }
        if p.switches.len() > SWITCHES_SHOWN {
            t.row(vec![
                format!("  and {} more (--json)", p.switches.len() - SWITCHES_SHOWN),
                String::new(),
                String::new(),
                String::new(),
                String::new(),
            ]);
        }
    }
    t.render(out);
}

fn seats(r: &Report, out: &mut String) {
    let _ = writeln!(
        out,
        "\nExpected {} by seat, with its 95% confidence interval",
        r.standing
    );
    let mut header = vec!["reading"];
    header.extend(r.roles.iter().copied());
    let mut t = Table::new(&header, 1);
    for reading in &r.readings {
        let mut row = vec![reading.id.clone()];
        row.extend(reading.seats.iter().map(interval));
        t.row(row);
    }
    t.render(out);
}

fn option(r: &Report, out: &mut String) {
    let Some(o) = &r.option else { return };
    let _ = writeln!(
        out,
        "\n{}: how often the {} ends better off than {}, by {}",
        capitalised(o.doc.what),
        o.doc.taker,
        o.doc.against,
        o.doc.price
    );
    let mut t = Table::new(&["reading", o.doc.price, "deals", "better", "mean gain"], 1);
    for reading in &o.readings {
        for p in &reading.prices {
            t.row(vec![
                reading.reading.clone(),
                p.price.to_string(),
                p.taken.to_string(),
                percent(p.better_share),
                signed(p.mean_gain),
            ]);
        }
    }
    t.render(out);
}

fn unplayable(r: &Report, out: &mut String) {
    let _ = writeln!(out, "\nDeals not playable under the policy");
    let mut t = Table::new(&["reading", "deals", "share", "because of"], 1);
    for reading in &r.readings {
        let because: Vec<String> = reading
            .unplayable
            .iter()
            .map(|u| format!("{} ({})", u.point, u.deals))
            .collect();
        t.row(vec![
            reading.id.clone(),
            (r.deals - reading.played).to_string(),
            percent(reading.unplayable_share),
            because.join(", "),
        ]);
    }
    t.render(out);
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(first) => first.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}
