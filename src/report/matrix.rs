//! `variants`: the readings, and the matrix of rule points by reading with evidence levels.

use crate::rules::{Point, Section};
use crate::variant::{Evidence, VariantSet};
use std::fmt::Write;

/// A one-letter mark for an evidence level, for the terminal matrix.
pub fn evidence_mark(e: Evidence) -> char {
    match e {
        Evidence::Stated => 'S',
        Evidence::Reported => 'R',
        Evidence::Inferred => 'I',
        Evidence::Assumed => 'A',
    }
}

/// The list of variants and the matrix, as text.
pub fn render(set: &VariantSet) -> String {
    let mut out = String::new();
    out.push_str("Variants (primary sources first):\n");
    for v in &set.variants {
        let _ = writeln!(
            out,
            "  {:<16} {} ({}, {}; {})",
            v.id,
            v.title,
            v.author,
            v.date,
            v.kind.label()
        );
    }
    out.push_str("\nRule points by variant (S stated, R reported, I inferred, A assumed; + alternatives open):\n");
    let id_width = Point::ALL.iter().map(|p| p.id().len()).max().unwrap_or(0);
    let col = |i: usize| {
        set.variants
            .iter()
            .map(|v| v.rules.choice_id(Point::ALL[i]).len() + 4)
            .max()
            .unwrap_or(0)
            .max(set.variants.iter().map(|v| v.id.len()).max().unwrap_or(0))
    };
    let width = (0..Point::COUNT).map(col).max().unwrap_or(12).min(22);
    let mut header = format!("  {:<id_width$}", "");
    for v in &set.variants {
        let _ = write!(header, "  {:<width$}", v.id);
    }
    let _ = writeln!(out, "{}", header.trim_end());
    for section in Section::ALL {
        let _ = writeln!(out, "  {}", section.title());
        for &p in Point::ALL.iter().filter(|p| p.def().section == section) {
            let mut line = format!("  {:<id_width$}", p.id());
            for v in &set.variants {
                let c = v.choice(p);
                let open = if c.alternatives.is_empty() { "" } else { "+" };
                let cell = format!(
                    "{} {}{}",
                    v.rules.choice_id(p),
                    evidence_mark(c.evidence),
                    open
                );
                let cell: String = if cell.chars().count() > width {
                    cell.chars().take(width).collect()
                } else {
                    cell
                };
                let _ = write!(line, "  {cell:<width$}");
            }
            let _ = writeln!(out, "{}", line.trim_end());
        }
    }
    out
}
