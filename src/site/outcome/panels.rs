//! The ledger panels under an outcome table, written straight to HTML: a panel per cell, a line
//! per payment, thousands on the largest pages. Written here rather than by the template, which
//! spent a third of a build on them; `scenario.html` places the result (`panels`), and the
//! markup is the template's as it was.

use super::{CellView, ColumnView, LineView, RowView, ScenarioView, UnplayableView};

/// Text escaped as tera escapes it (`& < > " '`), appended to `out`.
fn text(out: &mut String, s: &str) {
    let mut rest = s;
    while let Some(at) = rest.find(['&', '<', '>', '"', '\'']) {
        out.push_str(&rest[..at]);
        out.push_str(match rest.as_bytes()[at] {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' => "&quot;",
            _ => "&#39;",
        });
        rest = &rest[at + 1..];
    }
    out.push_str(rest);
}

/// Appends its pieces in turn: a string literal as markup, a `{ value }` escaped.
macro_rules! html {
    ($out:expr; $($piece:tt)*) => {{
        $( html!(@piece $out, $piece); )*
    }};
    (@piece $out:expr, { $value:expr }) => {
        text($out, $value)
    };
    (@piece $out:expr, $markup:literal) => {
        $out.push_str($markup)
    };
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
