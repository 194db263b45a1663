//! The full ledger under each reading ("The full ledger under each reading" under a scenario's
//! table): its events, its tricks and what it leaves open, written straight to HTML. The tricks
//! are a table per reading, a cell per card played, the largest loop the template had left;
//! `scenario.html` places the result (`accounts`), and the markup is the template's as it was.

use super::{AccountView, ScenarioView, TrickView, UnplayableView};

/// Every reading's account of the scenario, one `<details>` each; `root` leads back to the
/// site's root from the page.
pub fn accounts(s: &ScenarioView, root: &str) -> String {
    let mut out = String::with_capacity(8192 * s.accounts.len());
    for a in &s.accounts {
        account(&mut out, a, s.trick_width, root);
    }
    out
}

fn account(out: &mut String, a: &AccountView, width: usize, root: &str) {
    html!(out; "\n<details class=\"account\">\n  <summary>" {&a.variant} "</summary>\n  ");
    match &a.unplayable {
        Some(u) => not_playable(out, u, root),
        None => played(out, a, width),
    }
    out.push_str("\n  ");
    if !a.alternatives.is_empty() {
        out.push_str("<p class=\"alternatives\">Open alternatives that change the result:</p><ul>");
        for alt in &a.alternatives {
            html!(out; "<li>" {alt} "</li>");
        }
        out.push_str("</ul>");
    }
    out.push_str("\n</details>\n");
}

/// Why the reading cannot play the deal, in a sentence.
fn not_playable(out: &mut String, u: &UnplayableView, root: &str) {
    html!(out; "\n  <p><strong>Not playable:</strong> " {&u.action} ". " {&u.reason}
        ". Rule point <a href=\"" {root} {&u.point_url} "\" title=\"" {u.point} "\">" {u.question}
        "</a> " {u.summary});
    if !u.quote.is_empty() {
        html!(out; ": “" {&u.quote} "”");
    }
    if !u.cite.is_empty() {
        html!(out; " (" {&u.cite} ")");
    }
    out.push_str(".</p>\n  ");
}

/// A played deal: its events, its picture, its tricks, its points, what the engine filled.
fn played(out: &mut String, a: &AccountView, width: usize) {
    out.push_str("\n  <ul class=\"events\">");
    for (stage, events) in &a.events {
        html!(out; "<li><strong>" {stage} ":</strong> " {&events.join("; ")} ".</li>");
    }
    out.push_str("</ul>\n  ");
    if let Some(p) = &a.picture {
        html!(out; "<figure class=\"table-picture\" role=\"img\" tabindex=\"0\" aria-label=\"" {&p.alt} "\">");
        out.push_str(&p.svg);
        out.push_str("</figure>");
    }
    out.push_str("\n  ");
    if !a.tricks.is_empty() {
        tricks(out, a, width);
    }
    html!(out; "\n  <p>" {&a.points} " Every payment, with the rule point and the evidence behind it, is in the table’s rows above.</p>\n  ");
    if !a.filled.is_empty() {
        html!(out; "<p class=\"filled\">Filled by the engine: " {&a.filled.join("; ")} ".</p>");
    }
    out.push_str("\n  ");
}

/// The tricks as they fell: a row per trick, a column per play (`width` the most in a trick).
fn tricks(out: &mut String, a: &AccountView, width: usize) {
    html!(out; "\n  <table class=\"tricks\">\n    <caption>The tricks under " {&a.variant} "</caption>\n    <thead><tr><th scope=\"col\">Trick</th><th scope=\"col\">Lead</th>");
    for i in 0..width.saturating_sub(1) {
        out.push_str(match i {
            0 => "<th scope=\"col\">Second</th>",
            1 => "<th scope=\"col\">Third</th>",
            _ => "<th scope=\"col\">Fourth</th>",
        });
    }
    out.push_str("<th scope=\"col\">Won by</th></tr></thead>\n    <tbody>");
    for t in &a.tricks {
        trick(out, t);
    }
    out.push_str("</tbody>\n  </table>\n  ");
}

fn trick(out: &mut String, t: &TrickView) {
    html!(out; "<tr><th scope=\"row\">" {&t.n} "</th>");
    for (who, c) in &t.plays {
        html!(out; "<td>" {who} " <span class=\"card");
        if c.red {
            out.push_str(" red");
        }
        if c.trump {
            out.push_str(" trump");
        }
        let mut suit = [0; 4];
        html!(out; "\">" {c.rank} {c.suit.encode_utf8(&mut suit)} "</span></td>");
    }
    html!(out; "<td>" {&t.winner} "</td></tr>");
}
