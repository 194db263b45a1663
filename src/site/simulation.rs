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
use crate::simulate::{self, PolicyDoc, Report, SimulateError};
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
            let html = results(&report, &super::root_of(url), prefix, &words);
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

/// A label cut to fit a chart's margin, with an ellipsis.
fn short(text: &str, most: usize) -> String {
    if text.chars().count() <= most {
        return text.to_string();
    }
    let cut: String = text.chars().take(most - 1).collect();
    format!("{}…", cut.trim_end())
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
    points(r, &links, &mut out);
    seats(r, words, &mut out);
    option(r, words, &mut out);
    unplayable(r, words, &mut out);
    out
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
        "<details><summary>The figures</summary><div class=\"table-wrap\"><table class=\"figures\"><caption>{}</caption><thead><tr>",
        esc(caption)
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
    let ids: Vec<String> = r.readings.iter().map(|x| x.id.clone()).collect();
    if ids.len() < 2 {
        return;
    }
    heading(
        out,
        "pairs",
        "Reading against reading",
        &format!(
            "For each pair of readings, over the deals both can play: the mean absolute difference in a player's {s}, in units (each cell), and how often any player's {s} differs at all (the figures).",
            s = r.standing
        ),
    );
    let find = |a: usize, b: usize| {
        let (a, b) = (a.min(b), a.max(b));
        r.pairs.iter().find(|p| p.a == ids[a] && p.b == ids[b])
    };
    out.push_str(&charts::heatmap(
        &format!(
            "The mean absolute difference in a player's {} between each pair of readings",
            r.standing
        ),
        &ids.iter()
            .map(|id| short(&links.words.reading(id), 30))
            .collect::<Vec<_>>(),
        |a, b| (a != b).then(|| find(a, b).map_or(0.0, |p| p.mean_abs_difference)),
    ));
    let rows: Vec<Vec<String>> = r
        .pairs
        .iter()
        .map(|p| {
            vec![
                format!("{} – {}", links.reading(&p.a), links.reading(&p.b)),
                p.compared.to_string(),
                percent(p.differ_share),
                format!("{:.3}", p.mean_abs_difference),
                p.one_unplayable.to_string(),
            ]
        })
        .collect();
    table(
        out,
        "Pairs of readings",
        &[
            "readings",
            "deals",
            "differ",
            "mean |difference|",
            "one not playable",
        ],
        &rows,
    );
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
            "Each rule point switched alone, from each reading's choice to each alternative the reading lists (the points its source leaves open), on the same deals: the mean distance a player's {} moves, and how often the result changes at all.",
            r.standing
        ),
    );
    let bars: Vec<Bar> = r
        .points
        .iter()
        .map(|p| Bar {
            label: short(&links.words.point(&p.point), 30),
            value: p.mean_moved,
            text: format!(
                "{:.2} ({} of deals)",
                p.mean_moved,
                percent(p.changed_share)
            ),
        })
        .collect();
    out.push_str(&charts::bars(
        &format!(
            "The mean {} a player's result moves when each rule point is switched alone",
            r.standing
        ),
        &bars,
    ));
    let mut rows = Vec::new();
    for p in &r.points {
        for s in &p.switches {
            rows.push(vec![
                format!(
                    "{}: {} → {}",
                    links.point(&p.point),
                    esc(&links.words.choice(&p.point, s.from)),
                    esc(&links.words.choice(&p.point, s.to))
                ),
                links.reading(&s.reading),
                percent(s.changed_share),
                format!("{:.3}", s.mean_moved),
                s.became_unplayable.to_string(),
            ]);
        }
    }
    table(
        out,
        "Each switch",
        &[
            "switch",
            "reading",
            "changed",
            "mean moved",
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
            "The mean {} of each seat under each reading, with its 95% confidence interval.",
            r.standing
        ),
    );
    let rows: Vec<IntervalRow> = r
        .readings
        .iter()
        .map(|x| IntervalRow {
            label: short(&words.reading(&x.id), 36),
            values: x.seats.iter().map(|e| (e.mean, e.low, e.high)).collect(),
        })
        .collect();
    out.push_str(&charts::intervals(
        &format!("The mean {} of each seat under each reading", r.standing),
        &r.roles,
        &rows,
    ));
    let mut header = vec!["reading"];
    header.extend(r.roles.iter().copied());
    let cells: Vec<Vec<String>> = r
        .readings
        .iter()
        .map(|x| {
            let mut row = vec![esc(&words.reading(&x.id))];
            row.extend(
                x.seats
                    .iter()
                    .map(|e| format!("{:+.2} ({:+.2} to {:+.2})", e.mean, e.low, e.high)),
            );
            row
        })
        .collect();
    table(out, "Expected value by seat", &header, &cells);
}

fn option(r: &Report, words: &Words, out: &mut String) {
    let Some(o) = &r.option else { return };
    heading(
        out,
        "option",
        &format!("Is {} worth it?", o.doc.what),
        &format!(
            "Each deal where a player took it, against the same deal {}: how often the {} ends better off, by {}.",
            o.doc.against, o.doc.taker, o.doc.price
        ),
    );
    let total: u64 = o
        .readings
        .iter()
        .flat_map(|x| &x.prices)
        .map(|p| p.taken)
        .sum();
    let bars: Vec<Bar> = o
        .readings
        .iter()
        .flat_map(|x| x.prices.iter().map(move |p| (x, p)))
        .filter(|(_, p)| p.taken * 200 >= total / o.readings.len().max(1) as u64)
        .map(|(x, p)| Bar {
            label: format!(
                "{}, {} {}",
                short(&words.reading(&x.reading), 24),
                o.doc.price,
                p.price
            ),
            value: p.better_share * 100.0,
            text: format!(
                "{} better, mean {:+.2}",
                percent(p.better_share),
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
    ));
    let rows: Vec<Vec<String>> = o
        .readings
        .iter()
        .flat_map(|x| {
            x.prices.iter().map(move |p| {
                vec![
                    esc(&words.reading(&x.reading)),
                    p.price.to_string(),
                    p.taken.to_string(),
                    percent(p.better_share),
                    format!("{:+.2}", p.mean_gain),
                ]
            })
        })
        .collect();
    table(
        out,
        o.doc.what,
        &["reading", o.doc.price, "deals", "better off", "mean gain"],
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
