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

#[cfg(test)]
mod tests {
    use super::super::{CardView, tests};
    use super::*;

    fn card(rank: &'static str, suit: char, red: bool, trump: bool) -> CardView {
        CardView {
            rank,
            suit,
            suit_name: "",
            red,
            trump,
        }
    }

    fn played() -> AccountView {
        AccountView {
            variant: "Cotton <1674>".into(),
            events: vec![(
                "Auction".into(),
                vec!["Ann bids 6".into(), "Ben vies".into()],
            )],
            tricks: vec![TrickView {
                n: "1".into(),
                plays: vec![
                    ("Ann".into(), card("A", '♥', true, true)),
                    ("Ben's".into(), card("10", '♠', false, false)),
                    ("Cat".into(), card("K", '♦', true, false)),
                ],
                winner: "Ann".into(),
            }],
            points: "Ann made 12 points.".into(),
            filled: vec!["the discard".into(), "trick 2".into()],
            alternatives: vec!["Who pays? “the elder”: Ann +3".into()],
            unplayable: None,
            picture: None,
        }
    }

    #[test]
    fn a_played_account_lists_its_events_tricks_and_alternatives_escaped() {
        let mut s = tests::scenario(tests::cell("+3"));
        s.trick_width = 3;
        s.accounts = vec![played()];
        let html = accounts(&s, "../");
        assert!(html.starts_with(
            "\n<details class=\"account\">\n  <summary>Cotton &lt;1674&gt;</summary>\n  \n  <ul class=\"events\"><li><strong>Auction:</strong> Ann bids 6; Ben vies.</li></ul>\n  \n  \n  <table class=\"tricks\">\n    <caption>The tricks under Cotton &lt;1674&gt;</caption>"
        ), "{html}");
        for part in [
            "<th scope=\"col\">Lead</th><th scope=\"col\">Second</th><th scope=\"col\">Third</th><th scope=\"col\">Won by</th>",
            "<tr><th scope=\"row\">1</th><td>Ann <span class=\"card red trump\">A♥</span></td><td>Ben&#39;s <span class=\"card\">10♠</span></td><td>Cat <span class=\"card red\">K♦</span></td><td>Ann</td></tr></tbody>\n  </table>",
            "<p>Ann made 12 points. Every payment",
            "<p class=\"filled\">Filled by the engine: the discard; trick 2.</p>\n  \n  <p class=\"alternatives\">",
            "<li>Who pays? “the elder”: Ann +3</li></ul>\n</details>\n",
        ] {
            assert!(html.contains(part), "{part} not in {html}");
        }
    }

    #[test]
    fn an_unplayable_account_says_why_and_links_its_rule_point() {
        let mut s = tests::scenario(tests::cell("—"));
        s.accounts = vec![AccountView {
            unplayable: Some(UnplayableView {
                action: "Ann vies".into(),
                reason: "no vie after a pass".into(),
                point: "vie",
                question: "May a player vie?",
                point_url: "rules/vie/".into(),
                summary: "Never.",
                evidence: "stated",
                quote: "none may vie".into(),
                cite: String::new(),
                others: Vec::new(),
            }),
            tricks: Vec::new(),
            alternatives: Vec::new(),
            ..played()
        }];
        let html = accounts(&s, "../");
        assert!(html.contains(
            "<p><strong>Not playable:</strong> Ann vies. no vie after a pass. Rule point <a href=\"../rules/vie/\" title=\"vie\">May a player vie?</a> Never.: “none may vie”.</p>\n  \n  \n</details>\n"
        ), "{html}");
        assert!(!html.contains("class=\"tricks\""), "{html}");
    }
}
