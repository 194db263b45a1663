//! The outcome table's body and the ledger panels under it, written straight to HTML: a cell per
//! row and reading, a panel per cell, a line per payment, thousands on the largest pages. Written
//! here rather than by the template, which spent a third of a build on them; `scenario.html`
//! places the results (`table_body`, `panels`), and the markup is the template's as it was.

use super::{CellView, ColumnView, LineView, RowView, ScenarioView, UnplayableView};
use std::fmt::Write;

/// The outcome table's `<tbody>`: a row per player's net and per part of the game, a cell per
/// reading linking to its panel.
pub fn table_body(s: &ScenarioView) -> String {
    let mut out = String::with_capacity(1024 * s.rows.len() * s.columns.len().max(1));
    out.push_str("<tbody");
    if let Some(slot) = s.slot.filter(|&w| w > 0) {
        let _ = write!(out, " style=\"--slot: {slot}ch\"");
    }
    out.push_str(">\n    ");
    for row in &s.rows {
        out.push_str("\n    ");
        if !row.players.is_empty() {
            out.push_str("<tr class=\"row-players\"><th scope=\"row\">Players</th>");
            for c in &row.cells {
                html!(&mut out; "<td data-reading=\"" {&c.reading} "\"><span class=\"each\">");
                for n in &row.players {
                    html!(&mut out; "<span>" {n} "</span>");
                }
                out.push_str("</span></td>");
            }
            out.push_str("</tr>");
        }
        out.push_str("\n    ");
        if let Some(line) = row.fold_line.as_deref().filter(|l| !l.is_empty()) {
            let _ = write!(
                out,
                "<tr class=\"row-folded\"><th scope=\"row\">Nothing paid</th><td colspan=\"{}\">",
                s.columns.len()
            );
            html!(&mut out; {line} "</td></tr>");
        }
        html!(&mut out; "\n    <tr class=\"row-" {row.group} "\"");
        if row.folded {
            out.push_str(" hidden");
        }
        html!(&mut out; ">\n      <th scope=\"row\">" {&row.label} "</th>\n      ");
        for c in &row.cells {
            out.push_str("\n      ");
            cell(&mut out, c, row.group == "net");
            out.push_str("\n      ");
        }
        out.push_str("\n    </tr>\n    ");
    }
    out.push_str("\n  </tbody>");
    out
}

/// One cell: its figure, a figure per player, its marks, the page's verdict on it.
fn cell(out: &mut String, c: &CellView, net: bool) {
    let und = c.expect.as_ref().is_some_and(|e| e.undetermined);
    out.push_str("<td class=\"cell");
    if c.differs {
        out.push_str(" differs");
    }
    if c.unplayable.is_some() {
        out.push_str(" unplayable");
    }
    html!(out; "\" data-reading=\"" {&c.reading} "\"><a class=\"cell-link\" id=\"" {&c.panel}
        "--cell\" href=\"#" {&c.panel} "\">");
    if und {
        out.push_str("<span class=\"undetermined\">the source does not say</span> ");
    }
    out.push_str("<span class=\"figure");
    if und {
        out.push_str(" engine-figure");
    }
    if !c.each.is_empty() {
        out.push_str(" long");
    }
    out.push('"');
    if und {
        out.push_str(" title=\"The engine’s figure, on the reading’s assumed or open choice\"");
    }
    html!(out; ">" {&c.text} "</span>");
    if !c.each.is_empty() {
        out.push_str("<span class=\"each");
        if und {
            out.push_str(" engine-figure");
        }
        out.push_str("\" aria-hidden=\"true\">");
        for f in &c.each {
            html!(out; "<span>" {f} "</span>");
        }
        out.push_str("</span>");
    }
    if c.differs {
        out.push_str(" <span class=\"mark differs-mark\" title=\"Differs from most readings\"><span aria-hidden=\"true\">◆</span><span class=\"visually-hidden\">, differs from most readings</span></span>");
    }
    if !c.assumed.is_empty() {
        html!(out; " <span class=\"mark assumed-mark\" title=\"Rests on an assumed choice: " {&c.assumed.join(" ")}
            "\"><span aria-hidden=\"true\">A</span><span class=\"visually-hidden\">, rests on an assumed choice</span></span>");
    }
    if c.open && net {
        out.push_str(" <span class=\"mark open-mark\" title=\"The source leaves points open\"><span aria-hidden=\"true\">±</span><span class=\"visually-hidden\">, the source leaves points open</span></span>");
    }
    if let Some(spread) = c.spread.as_deref().filter(|s| !s.is_empty()) {
        html!(out; " <span class=\"spread\">(" {spread} ")</span>");
    }
    match &c.expect {
        Some(e) if e.passed => {}
        Some(e) if e.undetermined => {
            out.push_str(
                " <span class=\"fail\">✗ the engine’s figure rests on nothing open</span>",
            );
        }
        Some(e) => html!(out; " <span class=\"fail\">✗ expected " {&e.expected} "</span>"),
        None => {}
    }
    out.push_str("</a></td>");
}

/// The panels of every cell of a scenario's table, in rows and then readings; `root` leads back
/// to the site's root from the page.
pub fn ledger_panels(s: &ScenarioView, root: &str) -> String {
    let mut out = String::with_capacity(4096 * s.rows.len() * s.columns.len().max(1));
    out.push_str("<div class=\"ledger-panels\">");
    for row in &s.rows {
        for (c, col) in row.cells.iter().zip(&s.columns) {
            panel(&mut out, row, c, col, root);
        }
    }
    out.push_str("\n</div>");
    out
}

fn panel(out: &mut String, row: &RowView, c: &CellView, col: &ColumnView, root: &str) {
    out.push_str("<section class=\"ledger-panel");
    if row.folded {
        out.push_str(" folded");
    }
    if c.differs {
        out.push_str(" differs");
    }
    html!(out; " row-" {row.group} "\" id=\"" {&c.panel} "\">\n  <h4 class=\"ledger-panel-title\">" {&col.name} ", " {&row.label} ": <span class=\"figure\">" {&c.text} "</span></h4>");
    marks(out, c);
    if let Some(u) = &c.unplayable {
        why_not(out, u, root);
    }
    let detail = c.detail.as_deref().filter(|d| !d.is_empty());
    if let Some(d) = detail {
        html!(out; "<p class=\"detail\">" {d} "</p>");
    }
    if !c.lines.is_empty() {
        out.push_str("\n  <ol class=\"ledger\">");
        for l in &c.lines {
            line(out, l, root);
        }
        out.push_str("\n  </ol>");
    } else if c.unplayable.is_none() && detail.is_none() {
        out.push_str("<p class=\"detail\">Nothing paid.</p>");
    }
    html!(out; "\n  <p class=\"ledger-back\"><a href=\"#" {&c.panel} "--cell\">Back to the table</a></p>\n</section>");
}

/// What marks the cell: differs, assumed, open, the page's expectation.
fn marks(out: &mut String, c: &CellView) {
    let spread = c.spread.as_deref().filter(|s| !s.is_empty());
    if !(c.differs || !c.assumed.is_empty() || spread.is_some() || c.expect.is_some()) {
        return;
    }
    out.push_str("<ul class=\"ledger-marks\">");
    if c.differs {
        out.push_str("<li>Differs from the figure most readings give.</li>");
    }
    if !c.assumed.is_empty() {
        html!(out; "<li>Rests on an assumed choice: " {&c.assumed.join(" ")} "</li>");
    }
    if let Some(s) = spread {
        html!(out; "<li>The source leaves points open: " {s} ".</li>");
    }
    if let Some(e) = &c.expect {
        out.push_str("<li>");
        if e.undetermined {
            out.push_str("The page says the source does not say; the figure is the engine’s.");
            if !e.rests_on.is_empty() {
                html!(out; " It changes under " {&e.rests_on.join("; ")} ".");
            }
        } else if e.passed {
            html!(out; "The page expects " {&e.expected} ": it matches.");
        } else {
            html!(out; "The page expects " {&e.expected} ": it does not match.");
        }
        out.push_str("</li>");
    }
    out.push_str("\n  </ul>");
}

/// Why a reading cannot play the deal: the action, the rule point, what else it forbids.
fn why_not(out: &mut String, u: &UnplayableView, root: &str) {
    html!(out; "\n  <div class=\"why-not\"><p><strong>Not playable:</strong> " {&u.action} ". " {&u.reason} ".</p>\n  <p>Rule point <a href=\"" {root} {&u.point_url} "\" title=\"" {u.point} "\">" {u.question} "</a> " {u.summary} " (" {u.evidence} ")");
    if !u.quote.is_empty() {
        html!(out; ": “" {&u.quote} "”");
    }
    if !u.cite.is_empty() {
        html!(out; " (" {&u.cite} ")");
    }
    out.push_str("</p>");
    if !u.others.is_empty() {
        out.push_str(
            "<p>The reading also forbids, played on as if each were allowed:</p><ul class=\"forbidden\">",
        );
        for o in &u.others {
            html!(out; "<li>" {o} "</li>");
        }
        out.push_str("</ul>");
    }
    out.push_str("</div>");
}

/// One payment: who, how much, what for, and the rule behind it with its evidence.
fn line(out: &mut String, l: &LineView, root: &str) {
    html!(out; "\n    <li><span class=\"who\">" {&l.from} " → " {&l.to} "</span> <span class=\"amount\">" {&l.amount} "</span> <span class=\"for\">" {&l.reason} "</span>\n      <span class=\"cite\"><a href=\"" {root} {&l.point_url} "\" title=\"" {l.point} " = " {l.choice} "\">" {l.question} "</a> " {l.summary} " <span class=\"ev ev-" {l.evidence} "\">" {l.evidence} "</span>");
    if !l.quote.is_empty() {
        html!(out; " “" {&l.quote} "”");
    }
    if !l.cite.is_empty() {
        html!(out; " (" {&l.cite} ")");
    }
    out.push_str("</span></li>");
}

#[cfg(test)]
mod tests {
    use super::super::ExpectMark;
    use super::*;

    fn line() -> LineView {
        LineView {
            n: 1,
            phase: "settlement",
            from: "Ben".into(),
            to: "Ann <the elder>".into(),
            amount: "7".into(),
            reason: "half the stock".into(),
            point: "stock-price",
            question: "How does the buyer pay?",
            point_url: "rules/stock-price/".into(),
            choice: "half-to-each",
            summary: "Half to each.",
            evidence: "inferred",
            quote: "hee who has won".into(),
            cite: String::new(),
        }
    }

    #[test]
    fn a_cell_and_its_panel_carry_every_mark_and_payment_escaped() {
        let cell = CellView {
            reading: "cotton".into(),
            panel: "s--cotton--ann-net".into(),
            text: "+7".into(),
            each: Vec::new(),
            differs: true,
            assumed: vec!["How does the buyer pay?"],
            open: true,
            spread: Some("+3 to +7".into()),
            unplayable: None,
            expect: Some(ExpectMark {
                passed: false,
                expected: "+5".into(),
                undetermined: false,
                rests_on: Vec::new(),
            }),
            lines: vec![std::sync::Arc::new(line())],
            detail: None,
        };
        let s = super::super::tests::scenario(cell);
        let body = table_body(&s);
        assert!(body.starts_with("<tbody>\n    \n    \n    \n    <tr class=\"row-net\">"));
        for part in [
            "<td class=\"cell differs\" data-reading=\"cotton\"><a class=\"cell-link\" id=\"s--cotton--ann-net--cell\" href=\"#s--cotton--ann-net\"><span class=\"figure\">+7</span>",
            "title=\"Rests on an assumed choice: How does the buyer pay?\"",
            "<span class=\"mark open-mark\"",
            "<span class=\"spread\">(+3 to +7)</span> <span class=\"fail\">✗ expected +5</span></a></td>",
        ] {
            assert!(body.contains(part), "{part} not in {body}");
        }
        let panels = ledger_panels(&s, "../");
        for part in [
            "<section class=\"ledger-panel differs row-net\" id=\"s--cotton--ann-net\">",
            "Charles Cotton (1674), Ann net: <span class=\"figure\">+7</span></h4><ul class=\"ledger-marks\"><li>Differs",
            "<li>The page expects +5: it does not match.</li>\n  </ul>\n  <ol class=\"ledger\">",
            "<span class=\"who\">Ben → Ann &lt;the elder&gt;</span>",
            "<a href=\"../rules/stock-price/\" title=\"stock-price = half-to-each\">How does the buyer pay?</a> Half to each. <span class=\"ev ev-inferred\">inferred</span> “hee who has won”</span></li>\n  </ol>",
        ] {
            assert!(panels.contains(part), "{part} not in {panels}");
        }
    }

    #[test]
    fn a_cell_with_nothing_paid_says_so() {
        let mut s = super::super::tests::scenario(CellView {
            reading: "cotton".into(),
            panel: "p".into(),
            ..super::super::tests::cell("—")
        });
        s.rows[0].group = "phase";
        assert!(ledger_panels(&s, "").contains(
            "<span class=\"figure\">—</span></h4><p class=\"detail\">Nothing paid.</p>\n  <p class=\"ledger-back\">"
        ));
    }
}
