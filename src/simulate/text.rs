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

/// The whole report.
pub fn render(r: &Report) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {} deal(s) from seed {}, policy `{}`, each played under {} reading(s).",
        r.game_name,
        r.deals,
        r.seed,
        r.policy,
        r.readings.len()
    );
    if let Some(note) = &r.note {
        let _ = writeln!(out, "{note}");
    }
    pairs(r, &mut out);
    points(r, &mut out);
    seats(r, &mut out);
    option(r, &mut out);
    unplayable(r, &mut out);
    out
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
            "deals",
            "differ",
            "mean |diff|",
            "one unplayable",
        ],
        2,
    );
    for p in &r.pairs {
        t.row(vec![
            p.a.clone(),
            p.b.clone(),
            p.compared.to_string(),
            percent(p.differ_share),
            format!("{:.3}", p.mean_abs_difference),
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
        "\nRule points switched alone (from each reading's choice to each alternative it lists), ranked by the {} they move; over the first {} deal(s)",
        r.standing, r.switch_deals
    );
    let mut t = Table::new(
        &["rule point / switch", "trials", "changed", "mean moved"],
        1,
    );
    for p in &r.points {
        t.row(vec![
            p.point.clone(),
            p.trials.to_string(),
            percent(p.changed_share),
            format!("{:.3}", p.mean_moved),
        ]);
        for s in p.switches.iter().take(SWITCHES_SHOWN) {
            let mut label = format!("  {}: {} → {}", s.reading, s.from, s.to);
            if s.became_unplayable > 0 {
                let _ = write!(label, " ({} not playable)", s.became_unplayable);
            }
            t.row(vec![
                label,
                s.trials.to_string(),
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
