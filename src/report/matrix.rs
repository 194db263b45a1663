//! `variants`: the readings, and the matrix of rule points by reading with evidence levels.

use crate::game::Game;
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

/// The list of a game's variants and the matrix, as text.
pub fn render(game: &dyn Game, set: &VariantSet) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{} variants (primary sources first):", game.name());
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
    let table = set.table;
    let id_width = table.all().map(|p| p.id().len()).max().unwrap_or(0);
    let col = |p| {
        set.variants
            .iter()
            .map(|v| v.rules.choice_id(p).len() + 4)
            .max()
            .unwrap_or(0)
            .max(set.variants.iter().map(|v| v.id.len()).max().unwrap_or(0))
    };
    let width = table.all().map(col).max().unwrap_or(12).min(22);
    let mut header = format!("  {:<id_width$}", "");
    for v in &set.variants {
        let _ = write!(header, "  {:<width$}", v.id);
    }
    let _ = writeln!(out, "{}", header.trim_end());
    for section in table.sections() {
        let _ = writeln!(out, "  {section}");
        for p in table.all().filter(|p| p.def().section == section) {
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
