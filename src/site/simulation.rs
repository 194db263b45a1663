//! The page "What the readings change": a game's simulation run at build time, with the size and
//! seed of `simulate:` in `mournival.yaml`, drawn as charts with the figures beside them. The
//! results are cached by their inputs' hash (see [`super::cache`]), so a rebuild with the same
//! readings does not run it again.

use super::cache::{self, Cache};
use super::charts::{self, Bar, IntervalRow};
use super::markdown::escape_attr as esc;
use super::pages::paths;
use crate::game::Game;
use crate::project::SimulateConfig;
use crate::simulate::{self, Estimate, PolicyDoc, Report, SimulateError};
use crate::variant::VariantSet;
use serde::Serialize;
use std::fmt::Write;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::Path;

/// What the page's template shows.
#[derive(Serialize)]
pub struct SimulationView {
    pub game: &'static str,
    pub deals: u64,
    pub seed: u64,
    pub policy: &'static str,
    /// The command that prints the same report in a terminal.
    pub command: String,
    pub policies: Vec<PolicyView>,
    /// The charts and their tables, as HTML (every text escaped).
    pub results: String,
}

#[derive(Serialize)]
pub struct PolicyView {
    pub id: &'static str,
    pub summary: &'static str,
    pub steps: Vec<StepView>,
    pub used: bool,
}

/// A step of play and how a policy takes it.
#[derive(Serialize)]
pub struct StepView {
    pub step: &'static str,
    pub rule: &'static str,
}

/// The page's view: the run from the cache, or run now and cached.
pub fn view(
    root: &Path,
    game: &dyn Game,
    variants: &VariantSet,
    config: &SimulateConfig,
    url: &str,
    prefix: &str,
) -> Result<SimulationView, SimulateError> {
    let sim = simulate::simulator_of(game)?;
    let policy = simulate::policy_index(game, &config.policy.0)?;
    let opts = simulate::Options {
        policy: config.policy.0.clone(),
        ..simulate::Options::new(config.deals.0, config.seed)
    };
    let family = format!("simulation-{}-", game.id());
    let name = format!("{family}{:016x}.html", key(game, variants, &opts, url));
    let cache = Cache::open(root);
    let results = match cache.get(&name) {
        Some(html) => html,
        None => {
            let chosen: Vec<_> = variants.variants.iter().collect();
            let report = simulate::run(game, &chosen, &opts, &|_| {})?;
            let words = Words { variants };
            let html = results(&report, &super::view::root_of(url), prefix, &words);
            cache.put(&family, &name, &html);
            html
        }
    };
    let used = sim.policies()[policy].id;
    let mut command = format!(
        "mournival simulate --game {} --deals {} --seed {}",
        game.id(),
        opts.deals,
        opts.seed,
    );
    if policy != 0 {
        let _ = write!(command, " --policy {used}");
    }
    Ok(SimulationView {
        game: game.name(),
        deals: opts.deals,
        seed: opts.seed,
        policy: used,
        command,
        policies: sim
            .policies()
            .iter()
            .map(|p| policy_view(p, used))
            .collect(),
        results,
    })
}

fn policy_view(p: &PolicyDoc, used: &str) -> PolicyView {
    PolicyView {
        id: p.id,
        summary: p.summary,
        steps: p
            .steps
            .iter()
            .map(|&(step, rule)| StepView { step, rule })
            .collect(),
        used: p.id == used,
    }
}

/// Everything the results depend on: the tool, the game, each reading's choices and
/// alternatives, the run, and where the page is (its links).
fn key(game: &dyn Game, variants: &VariantSet, opts: &simulate::Options, url: &str) -> u64 {
    let mut h = DefaultHasher::new();
    cache::tool_identity(&mut h);
    game.id().hash(&mut h);
    for v in &variants.variants {
        v.id.hash(&mut h);
        v.name().hash(&mut h);
        v.rules.hash(&mut h);
        for p in v.rules.table().all() {
            v.choice(p).alternatives.hash(&mut h);
        }
    }
    (opts.deals, opts.seed, &opts.policy, opts.switch_deals, url).hash(&mut h);
    (opts.players, opts.evening).hash(&mut h);
    h.finish()
}

/// Readers' words for the ids a report is written in: a reading by its name, a rule point by its
/// question, a choice by its summary (an id the readings lack stays as it is).
pub struct Words<'a> {
    pub variants: &'a VariantSet,
}

impl Words<'_> {
    fn reading(&self, id: &str) -> String {
        self.variants.name_of(id)
    }

    fn point(&self, id: &str) -> String {
        self.variants
            .table
            .find(id)
            .map_or_else(|| id.to_string(), |p| p.def().question.to_string())
    }

    fn choice(&self, point: &str, choice: &str) -> String {
        self.variants
            .table
            .find(point)
            .and_then(|p| p.def().choices.iter().find(|c| c.id == choice))
            .map_or_else(|| choice.to_string(), |c| c.summary.to_string())
    }
}

/// The charts and tables of a report. `root` leads from the page to the site's root; `prefix`
/// is where the game's generated pages live.
pub fn results(r: &Report, root: &str, prefix: &str, words: &Words) -> String {
    let mut out = String::new();
    packs(r, words, &mut out);
    let links = Links {
        root,
        prefix,
        words,
    };
    pairs(r, &links, &mut out);
    pack_effect(r, words, &mut out);
    points(r, &links, &mut out);
    seats(r, words, &mut out);
    money(r, words, &mut out);
    marks(r, words, &mut out);
    option(r, words, &mut out);
    events(r, &mut out);
    unplayable(r, words, &mut out);
    out
}

/// "2,000": a count as readers write it.
fn count(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// An estimate and its interval, as a chart takes it.
fn triple(e: &Estimate) -> (f64, f64, f64) {
    (e.mean, e.low, e.high)
}

/// "+0.25 (−0.10 to +0.60)".
fn signed_interval(e: &Estimate) -> String {
    format!("{:+.2} ({:+.2} to {:+.2})", e.mean, e.low, e.high)
}

/// "12.5% (11.0% to 14.0%)".
fn share_interval(e: &Estimate) -> String {
    format!(
        "{} ({} to {})",
        percent(e.mean),
        percent(e.low),
        percent(e.high)
    )
}

/// Which pack each reading plays.
fn packs(r: &Report, words: &Words, out: &mut String) {
    let first = &r.readings[0].cards;
    if r.readings.iter().all(|x| &x.cards == first) {
        let _ = writeln!(
            out,
            "<p class=\"note\">Every reading plays {}.</p>",
            esc(first)
        );
        return;
    }
    out.push_str("<p class=\"note\">Each reading plays its own pack: ");
    let items: Vec<String> = r
        .readings
        .iter()
        .map(|x| format!("{}, {}", esc(&words.reading(&x.id)), esc(&x.cards)))
        .collect();
    out.push_str(&items.join("; "));
    out.push_str(". Readings whose packs differ are compared on deals from the cards both packs hold; the pack's own effect is shown apart.</p>\n");
}

/// A section's heading, with its id for links, and a paragraph saying what it shows.
fn heading(out: &mut String, id: &str, title: &str, intro: &str) {
    let _ = writeln!(
        out,
        "<h2 id=\"{}\">{}</h2>\n<p>{}</p>",
        esc(id),
        esc(title),
        esc(intro)
    );
}

/// Where the page's links lead, and the words they show.
struct Links<'a> {
    root: &'a str,
    prefix: &'a str,
    words: &'a Words<'a>,
}

impl Links<'_> {
    fn reading(&self, id: &str) -> String {
        let url = paths::variant(self.prefix, id);
        self.link(&url, id, &self.words.reading(id))
    }

    fn point(&self, id: &str) -> String {
        let url = paths::rule(self.prefix, id);
        self.link(&url, id, &self.words.point(id))
    }

    /// A link showing words, with the id it stands for in its title.
    fn link(&self, url: &str, id: &str, words: &str) -> String {
        format!(
            "<a href=\"{}{}\" title=\"{}\">{}</a>",
            self.root,
            esc(url),
            esc(id),
            esc(words)
        )
    }
}

fn percent(share: f64) -> String {
    format!("{:.1}%", share * 100.0)
}

/// A table of figures under a chart: a header and rows of HTML cells (escaped by the caller).
fn table(out: &mut String, caption: &str, header: &[&str], rows: &[Vec<String>]) {
    let _ = write!(
        out,
        "<details><summary>The figures</summary><div class=\"table-wrap\" tabindex=\"0\" role=\"region\" aria-label=\"{c} (scrolls sideways)\"><table class=\"figures\"><caption>{c}</caption><thead><tr>",
        c = esc(caption)
    );
    for h in header {
        let _ = write!(out, "<th scope=\"col\">{}</th>", esc(h));
    }
    out.push_str("</tr></thead><tbody>");
    for row in rows {
        out.push_str("<tr>");
        for (i, cell) in row.iter().enumerate() {
            if i == 0 {
                let _ = write!(out, "<th scope=\"row\">{cell}</th>");
            } else {
                let _ = write!(out, "<td>{cell}</td>");
            }
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table></div></details>\n");
}

fn pairs(r: &Report, links: &Links, out: &mut String) {
    if r.pairs.is_empty() {
        return;
    }
    heading(
        out,
        "pairs",
        "Reading against reading",
        &format!(
            "For each pair of readings, over the deals both can play: the mean absolute difference in a player's {s}, with its 95% interval, and how often any player's {s} differs at all (the figures). Readings whose packs differ are compared on deals from the cards both packs hold.",
            s = r.standing
        ),
    );
    let name = |id: &str| links.words.reading(id);
    let bars: Vec<Bar> = r
        .pairs
        .iter()
        .map(|p| Bar {
            label: format!("{} – {}", name(&p.a), name(&p.b)),
            value: Some(triple(&p.difference)),
            note: format!(
                " (differ on {} of {} deals)",
                percent(p.differ_share),
                count(p.compared)
            ),
        })
        .collect();
    out.push_str(&charts::bars(
        &format!(
            "The mean absolute difference in a player's {} between each pair of readings",
            r.standing
        ),
        &bars,
        &charts::Foot {
            unit: format!(
                "mean |difference| in a player's {}, per player and deal ({}); 0 = the same",
                r.standing, r.standing
            ),
            sample: format!(
                "n = {} deals for each pair (fewer where one could not play)",
                count(r.deals)
            ),
            decimals: 2,
            percent: false,
        },
    ));
    let rows: Vec<Vec<String>> = r
        .pairs
        .iter()
        .map(|p| {
            vec![
                format!("{} – {}", links.reading(&p.a), links.reading(&p.b)),
                esc(&p
                    .shared
                    .as_ref()
                    .map_or("the same deals".to_string(), |s| s.cards.clone())),
                count(p.compared),
                percent(p.differ_share),
                format!(
                    "{:.3} ({:.3} to {:.3})",
                    p.difference.mean, p.difference.low, p.difference.high
                ),
                count(p.one_unplayable),
            ]
        })
        .collect();
    table(
        out,
        "Pairs of readings",
        &[
            "readings",
            "dealt from",
            "deals",
            "differ",
            "mean |difference| (95% interval)",
            "one not playable",
        ],
        &rows,
    );
}

/// Pairs whose packs differ: each reading's standing on its own pack less on the shared cards.
fn pack_effect(r: &Report, words: &Words, out: &mut String) {
    let effects = r.pack_effects();
    if effects.is_empty() {
        return;
    }
    heading(
        out,
        "pack",
        "The pack's own effect",
        &format!(
            "Readings whose packs differ are compared above on deals from the cards both packs hold, which measures their rules alone. What the pack itself does is shown here apart: each reading's mean {} by seat on its own pack, less the same on the shared cards (95% intervals).",
            r.standing
        ),
    );
    let mut header = vec!["reading", "beside", "shared cards"];
    header.extend(r.roles.iter().copied());
    let mut rows = Vec::new();
    for e in effects {
        let mut row = vec![
            esc(&words.reading(e.reading)),
            esc(&words.reading(e.beside)),
            esc(e.cards),
        ];
        row.extend(e.effect.iter().map(signed_interval));
        rows.push(row);
    }
    table(out, "The pack's own effect", &header, &rows);
}

fn points(r: &Report, links: &Links, out: &mut String) {
    if r.points.is_empty() {
        return;
    }
    heading(
        out,
        "points",
        "The disputes ranked by consequence",
        &format!(
            "Each rule point switched alone, from each reading's choice to each alternative the reading lists (the points its source leaves open), on the same deals: the mean distance a player's {} moves, with its 95% interval, and how often the result changes at all, as a share of the point's trials (a trial is one deal under one reading with one alternative). A point the policy's play never consulted is marked \"not reached by this policy\": the figures cannot tell whether it matters.",
            r.standing
        ),
    );
    let bars: Vec<Bar> = r
        .points
        .iter()
        .map(|p| Bar {
            label: links.words.point(&p.point),
            value: (p.reached > 0).then(|| triple(&p.moved)),
            note: format!(
                " (changed {} of {} trials)",
                percent(p.changed_share),
                count(p.trials)
            ),
        })
        .collect();
    out.push_str(&charts::bars(
        &format!(
            "The mean {} a player's result moves when each rule point is switched alone",
            r.standing
        ),
        &bars,
        &charts::Foot {
            unit: format!(
                "mean distance a player's {} moves, per player and trial; 0 = never",
                r.standing
            ),
            sample: format!(
                "n = {} deals, each under every reading and alternative the point has",
                count(r.switch_deals)
            ),
            decimals: 2,
            percent: false,
        },
    ));
    let mut rows = Vec::new();
    for p in &r.points {
        for s in &p.switches {
            let moved = if s.reached == 0 {
                "not reached by this policy".to_string()
            } else {
                format!(
                    "{:.3} ({:.3} to {:.3})",
                    s.moved.mean, s.moved.low, s.moved.high
                )
            };
            rows.push(vec![
                format!(
                    "{}: {} → {}{}",
                    links.point(&p.point),
                    esc(&links.words.choice(&p.point, s.from)),
                    esc(&links.words.choice(&p.point, s.to)),
                    if s.shared_cards {
                        " (on the cards both packs hold)"
                    } else {
                        ""
                    }
                ),
                links.reading(&s.reading),
                count(s.trials),
                count(s.reached),
                share_interval(&s.changed),
                moved,
                count(s.became_unplayable),
            ]);
        }
    }
    table(
        out,
        "Each switch",
        &[
            "switch",
            "reading",
            "trials",
            "reached",
            "changed (95% interval)",
            "mean moved (95% interval)",
            "made not playable",
        ],
        &rows,
    );
}

fn seats(r: &Report, words: &Words, out: &mut String) {
    heading(
        out,
        "seats",
        "The value of a seat",
        &format!(
            "The mean {} of each seat per deal under each reading, with its 95% confidence interval.",
            r.standing
        ),
    );
    let rows: Vec<IntervalRow> = r
        .readings
        .iter()
        .map(|x| IntervalRow {
            label: words.reading(&x.id),
            values: x.seats.iter().map(triple).collect(),
        })
        .collect();
    out.push_str(&charts::intervals(
        &format!("The mean {} of each seat under each reading", r.standing),
        &r.roles,
        &rows,
        &charts::Foot {
            unit: format!("mean {} per deal; 0 = even", r.standing),
            sample: format!(
                "n = {} deals under each reading (those it could play), {} players",
                count(r.deals),
                r.players
            ),
            decimals: 1,
            percent: false,
        },
    ));
    let mut header = vec!["reading"];
    header.extend(r.roles.iter().copied());
    let cells: Vec<Vec<String>> = r
        .readings
        .iter()
        .map(|x| {
            let mut row = vec![esc(&words.reading(&x.id))];
            row.extend(x.seats.iter().map(signed_interval));
            row
        })
        .collect();
    table(out, "Expected value by seat", &header, &cells);
}

/// Where the money goes: the pot, the box, and the check that nothing leaked.
fn money(r: &Report, words: &Words, out: &mut String) {
    heading(
        out,
        "money",
        "Where the money goes",
        &format!(
            "Deals are played in evenings of {}: what a deal leaves in the pot is carried to the next, and each evening starts with an empty table. Per deal, what went into the pot (less what was won out of it) and to the box, with 95% intervals, and what an evening left in the pot at its end. \"Balances\": every unit the players lost is in the pot or the box, counted in whole units.",
            r.evening
        ),
    );
    let rows: Vec<Vec<String>> = r
        .readings
        .iter()
        .map(|x| {
            vec![
                esc(&words.reading(&x.id)),
                signed_interval(&x.pot),
                signed_interval(&x.boxed),
                format!("{:.2}", x.pot_left),
                if x.balances { "yes" } else { "no" }.to_string(),
            ]
        })
        .collect();
    table(
        out,
        "Where the money goes",
        &[
            "reading",
            "into the pot, per deal",
            "to the box, per deal",
            "left at an evening's end",
            "balances",
        ],
        &rows,
    );
}

/// The game's own outcomes, as shares of the deals each reading played.
fn marks(r: &Report, words: &Words, out: &mut String) {
    let Some(first) = r.readings.first().filter(|x| !x.marks.is_empty()) else {
        return;
    };
    heading(
        out,
        "outcomes",
        "How often",
        "Outcomes of the deal under each reading, each as a share of the deals the reading played, with its 95% interval.",
    );
    let bars: Vec<Bar> = r
        .readings
        .iter()
        .flat_map(|x| {
            x.marks.iter().map(move |m| Bar {
                label: format!("{}: {}", words.reading(&x.id), m.what),
                value: Some(triple(&m.share)),
                note: String::new(),
            })
        })
        .collect();
    out.push_str(&charts::bars(
        "How often each outcome happens under each reading",
        &bars,
        &charts::Foot {
            unit: "% of the deals the reading played".to_string(),
            sample: format!("n = {} deals under each reading", count(first.played)),
            decimals: 1,
            percent: true,
        },
    ));
    let mut header = vec!["outcome"];
    let names: Vec<String> = r.readings.iter().map(|x| words.reading(&x.id)).collect();
    header.extend(names.iter().map(String::as_str));
    let rows: Vec<Vec<String>> = first
        .marks
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let mut row = vec![esc(m.what)];
            row.extend(r.readings.iter().map(|x| share_interval(&x.marks[i].share)));
            row
        })
        .collect();
    table(out, "How often", &header, &rows);
}

fn option(r: &Report, words: &Words, out: &mut String) {
    let Some(o) = &r.option else { return };
    heading(
        out,
        "option",
        &format!("Is {} worth it?", o.doc.what),
        &format!(
            "Each deal where a player took it, against the same deal {}: how often the {} ends better off, by {}, as a share of the deals it was taken at that {}, with its 95% interval.",
            o.doc.against, o.doc.taker, o.doc.price, o.doc.price
        ),
    );
    let bars: Vec<Bar> = o
        .readings
        .iter()
        .flat_map(|x| x.prices.iter().map(move |p| (x, p)))
        .map(|(x, p)| Bar {
            label: format!("{}, {} {}", words.reading(&x.reading), o.doc.price, p.price),
            value: Some(triple(&p.better)),
            note: format!(
                " of {} deals, mean gain {:+.2}",
                count(p.taken),
                p.mean_gain
            ),
        })
        .collect();
    out.push_str(&charts::bars(
        &format!(
            "How often the {} ends better off, by reading and {}",
            o.doc.taker, o.doc.price
        ),
        &bars,
        &charts::Foot {
            unit: format!(
                "% of the deals taken at that {} where the {} ends better off",
                o.doc.price, o.doc.taker
            ),
            sample: format!(
                "n = {} deals under each reading; each row's own count is written after it",
                count(r.deals)
            ),
            decimals: 1,
            percent: true,
        },
    ));
    let rows: Vec<Vec<String>> = o
        .readings
        .iter()
        .flat_map(|x| {
            x.prices.iter().map(move |p| {
                vec![
                    esc(&words.reading(&x.reading)),
                    p.price.to_string(),
                    count(p.taken),
                    share_interval(&p.better),
                    signed_interval(&p.gain),
                ]
            })
        })
        .collect();
    table(
        out,
        o.doc.what,
        &[
            "reading",
            o.doc.price,
            "deals",
            "better off (95% interval)",
            "mean gain (95% interval)",
        ],
        &rows,
    );
}

/// Card events beside their exact chances: the run checks its own deals.
fn events(r: &Report, out: &mut String) {
    if r.events.is_empty() {
        return;
    }
    heading(
        out,
        "events",
        "The deals checked against counting",
        "How often some card events happened in the deals, beside the chance the tool works out exactly by counting. z is the distance between the two in standard errors: within about ±3, the deals are dealt as a fair shuffle deals them.",
    );
    let rows: Vec<Vec<String>> = r
        .events
        .iter()
        .map(|e| {
            vec![
                esc(&e.what),
                esc(&e.cards),
                count(e.deals),
                share_interval(&e.observed),
                format!("{:.3}%", e.exact * 100.0),
                format!("{:+.2}", e.z),
            ]
        })
        .collect();
    table(
        out,
        "Card events",
        &[
            "event",
            "pack",
            "deals",
            "seen (95% interval)",
            "exact",
            "z",
        ],
        &rows,
    );
}

fn unplayable(r: &Report, words: &Words, out: &mut String) {
    let all_played = r.readings.iter().all(|x| x.unplayable.is_empty());
    heading(
        out,
        "unplayable",
        "Deals a reading cannot play",
        if all_played {
            "Every reading played every deal under the policy."
        } else {
            "The deals each reading could not play under the policy, by the rule point that stopped them."
        },
    );
    if all_played {
        return;
    }
    let rows: Vec<Vec<String>> = r
        .readings
        .iter()
        .map(|x| {
            let because: Vec<String> = x
                .unplayable
                .iter()
                .map(|u| format!("{} ({})", esc(&words.point(&u.point)), u.deals))
                .collect();
            vec![
                esc(&words.reading(&x.id)),
                (r.deals - x.played).to_string(),
                percent(x.unplayable_share),
                because.join(", "),
            ]
        })
        .collect();
    table(
        out,
        "Deals not playable",
        &["reading", "deals", "share", "because of"],
        &rows,
    );
}
