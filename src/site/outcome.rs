//! The view of one scenario on the site: the deal, the outcome table with a ledger behind every
//! cell, why the readings differ, and the page's expectations. Built from engine results only.

use crate::cards::Card;
use crate::check::words::{self, Naming};
use crate::check::{Switch, Switched, Verdict, describe, judge};
use crate::compare::{Evaluation, Summary};
use crate::game::{Figure, Head, Line, Outcome, Party, Row, Scenario, Seat, Unit};
use crate::money::Money;
use crate::rules::Point;
use crate::variant::{Evidence, Variant, VariantSet};
use serde::Serialize;
use std::sync::Arc;

/// Appends its pieces in turn: a string literal as markup, a `{ value }` escaped (the writers of
/// the table, its panels and the accounts).
macro_rules! html {
    ($out:expr; $($piece:tt)*) => {{
        $( html!(@piece $out, $piece); )*
    }};
    (@piece $out:expr, { $value:expr }) => {
        $crate::escape::push($out, $value)
    };
    (@piece $out:expr, $markup:literal) => {
        $out.push_str($markup)
    };
}

mod accounts;
mod panels;
pub use accounts::accounts;
pub use panels::{ledger_panels, table_body};

#[derive(Serialize, Clone, Debug)]
pub struct CardView {
    pub rank: &'static str,
    pub suit: char,
    pub suit_name: &'static str,
    pub red: bool,
    pub trump: bool,
}

pub fn card_view(card: Card, trump: bool) -> CardView {
    CardView {
        rank: card.rank().label(),
        suit: card.suit().symbol(),
        suit_name: card.suit().name(),
        red: card.suit().is_red(),
        trump,
    }
}

#[derive(Serialize, Clone, Debug)]
pub struct HandView {
    pub label: String,
    pub role: Option<&'static str>,
    pub cards: Vec<CardView>,
}

#[derive(Serialize, Clone, Debug)]
pub struct PictureView {
    pub svg: String,
    pub alt: String,
}

impl PictureView {
    fn of(p: &crate::game::Picture) -> PictureView {
        PictureView {
            svg: p.svg.clone(),
            alt: p.alt.clone(),
        }
    }
}

#[derive(Serialize, Clone, Debug)]
pub struct GroupView {
    pub caption: Option<String>,
    pub hands: Vec<HandView>,
}

#[derive(Serialize, Clone, Debug)]
pub struct ColumnView {
    pub id: String,
    pub title: String,
    pub author: String,
    pub date: String,
    /// "Charles Cotton (1674)": how a ledger panel names its reading.
    pub name: String,
    pub kind: &'static str,
    pub url: String,
}

/// One payment, with the rule point and the reading's evidence for it.
#[derive(Serialize, Clone, Debug)]
pub struct LineView {
    pub n: usize,
    pub phase: &'static str,
    pub from: String,
    pub to: String,
    pub amount: String,
    pub reason: String,
    /// The rule point's id, for contributors (a `title`); readers see its question.
    pub point: &'static str,
    pub question: &'static str,
    pub point_url: String,
    /// The choice's id, for contributors; readers see its summary.
    pub choice: &'static str,
    pub summary: &'static str,
    pub evidence: &'static str,
    pub quote: String,
    pub cite: String,
}

#[derive(Serialize, Clone, Debug)]
pub struct UnplayableView {
    pub action: String,
    pub reason: String,
    pub point: &'static str,
    pub question: &'static str,
    pub point_url: String,
    /// The reading's choice on the point, in words.
    pub summary: &'static str,
    pub evidence: &'static str,
    pub quote: String,
    pub cite: String,
    /// The reading's other forbidden actions, in words, found by playing on as if each one
    /// before them were allowed.
    pub others: Vec<String>,
}

#[derive(Serialize, Clone, Debug)]
pub struct ExpectMark {
    pub passed: bool,
    pub expected: String,
    /// The page says the sources give no figure: the cell shows the engine's, greyed.
    pub undetermined: bool,
    /// For an undetermined figure: each choice the reading leaves open or assumes that changes
    /// it, with the figure under it.
    pub rests_on: Vec<String>,
}

#[derive(Serialize, Clone, Debug)]
pub struct CellView {
    /// The reading of the cell's column, for `data-reading`.
    pub reading: String,
    /// The id of the cell's ledger panel under the table: `<scenario>--<reading>--<row>`.
    pub panel: String,
    pub text: String,
    /// The text as one figure per player, in the order of [`RowView::players`], when it gives
    /// one ("Ann −2, Ben −2, Cat +4": `−2`, `−2`, `+4`); empty otherwise.
    pub each: Vec<String>,
    pub differs: bool,
    /// Rule points with `assumed` evidence behind this figure.
    pub assumed: Vec<&'static str>,
    /// The reading leaves points open that change the result.
    pub open: bool,
    pub spread: Option<String>,
    pub unplayable: Option<UnplayableView>,
    pub expect: Option<ExpectMark>,
    /// The payments behind the figure. Not handed to the template: the panels under the table
    /// are written from them in Rust ([`ledger_panels`]); serialising thousands of lines for
    /// nothing cost more than rendering them.
    #[serde(skip)]
    pub lines: Vec<Arc<LineView>>,
    /// For the points row: how the points were made.
    pub detail: Option<String>,
}

#[derive(Serialize, Clone, Debug)]
pub struct RowView {
    pub label: String,
    /// The row's part of its cells' panel ids: its label as a slug (`ann-net`, `turn-up`).
    pub key: String,
    pub group: &'static str,
    pub cells: Vec<CellView>,
    /// `—` under every reading: the row is hidden behind one line naming every such row.
    pub folded: bool,
    /// On the first folded row: that line ("Turn-up, Low trumps: nothing paid...").
    pub fold_line: Option<String>,
    /// On the first shown row whose cells give a figure per player: the players, in order, for
    /// a line of names above it that the figures line up under.
    pub players: Vec<String>,
}

/// A complete account under one reading: events, tricks and payments.
#[derive(Serialize, Clone, Debug)]
pub struct AccountView {
    pub variant: String,
    pub events: Vec<(String, Vec<String>)>,
    pub tricks: Vec<TrickView>,
    pub points: String,
    pub filled: Vec<String>,
    pub alternatives: Vec<String>,
    pub unplayable: Option<UnplayableView>,
    pub picture: Option<PictureView>,
}

#[derive(Serialize, Clone, Debug)]
pub struct TrickView {
    pub n: String,
    pub plays: Vec<(String, CardView)>,
    pub winner: String,
}

#[derive(Serialize, Clone, Debug)]
pub struct ExpectView {
    pub variant: String,
    pub figure: String,
    pub expected: String,
    pub actual: String,
    pub passed: bool,
}

#[derive(Serialize, Clone, Debug)]
pub struct ScenarioView {
    pub id: String,
    pub title: String,
    /// The game's name, and its id (the fence language).
    pub game: &'static str,
    pub game_id: &'static str,
    /// What the figures count (counters, points, pennies), for the caption and the legend.
    pub unit: Unit,
    pub notes: Option<String>,
    pub deal_summary: String,
    pub deal: Vec<GroupView>,
    /// The game's picture of the table (inline SVG, escaped by the game), and its text.
    pub picture: Option<PictureView>,
    /// The most plays in a trick, for the tricks table's columns.
    pub trick_width: usize,
    pub columns: Vec<ColumnView>,
    /// The table's rows. Not handed to the template, which places their HTML, written in Rust
    /// ([`table_body`], [`ledger_panels`]).
    #[serde(skip)]
    pub rows: Vec<RowView>,
    /// The width of a player's place in a cell that gives a figure per player, in `ch`: the
    /// longest name or figure, so that the figures line up from row to row; `None` when no
    /// cell gives one.
    pub slot: Option<usize>,
    /// Each reading's full ledger. Not handed to the template, which places their HTML,
    /// written in Rust ([`accounts`]).
    #[serde(skip)]
    pub accounts: Vec<AccountView>,
    pub reference: Option<String>,
    /// Why they differ (set by the build's comparing stage).
    pub why: Option<super::why::WhyView>,
    pub expectations: Vec<ExpectView>,
    pub failures: usize,
    pub yaml_html: String,
    /// The scenario block as written, for the editor ("Edit this deal") and the flips.
    pub yaml: String,
    /// Where its game's rule points' pages are, from the site root (`put/rules/`): the flips
    /// link each point to its page.
    pub rules: String,
    /// How many different results the readings give.
    pub distinct: usize,
    pub largest_spread: String,
    pub page_url: String,
    /// The failed expectations, in the check's words, located.
    #[serde(skip)]
    pub failing: Vec<crate::diagnostic::Diagnostic>,
}

/// The reading columns of a game's tables, primary sources first.
pub fn columns(variants: &VariantSet, prefix: &str) -> Vec<ColumnView> {
    variants
        .variants
        .iter()
        .map(|v| ColumnView {
            id: v.id.clone(),
            title: v.title.clone(),
            author: v.author.clone(),
            date: v.date.clone(),
            name: v.name(),
            kind: v.kind.label(),
            url: format!("{prefix}variants/{}/", v.id),
        })
        .collect()
}

fn point_url(prefix: &str, point: Point) -> String {
    format!("{prefix}rules/{}/", point.id())
}

fn line_view(n: usize, p: &Line, s: &Head, v: &Variant, prefix: &str) -> LineView {
    let c = v.choice(p.point);
    LineView {
        n,
        phase: p.phase,
        from: p.from.name(s),
        to: p.to.name(s),
        amount: p.amount.to_string(),
        reason: p.reason.clone(),
        point: p.point.id(),
        question: p.point.def().question,
        point_url: point_url(prefix, p.point),
        choice: v.rules.choice_id(p.point),
        summary: v.rules.choice_summary(p.point),
        evidence: c.evidence.id(),
        quote: c.quote.clone(),
        cite: c.cite.clone(),
    }
}

/// " (written at line 12)", where the scenario writes an action.
fn written_at(head: &Head, at: Option<u32>) -> String {
    at.and_then(|a| head.location_of(a))
        .map(|l| format!(" (written at line {})", l.line))
        .unwrap_or_default()
}

/// The forbidden actions after the first, in words, for a reading that cannot play a scenario.
fn other_forbidden(s: &dyn Scenario, v: &Variant, o: &Outcome) -> Vec<String> {
    if o.played().is_some() {
        return Vec::new();
    }
    s.forbidden(&v.id, &v.rules)
        .actions
        .iter()
        .skip(1)
        .map(|f| {
            let at = written_at(s.head(), f.at);
            format!("{}{at}: {}", f.action, f.reason)
        })
        .collect()
}

fn unplayable_view(
    o: &Outcome,
    head: &Head,
    v: &Variant,
    prefix: &str,
    others: &[String],
) -> Option<UnplayableView> {
    let Outcome::Unplayable(u) = o else {
        return None;
    };
    let c = v.choice(u.point);
    Some(UnplayableView {
        action: format!("{}{}", u.action, written_at(head, u.at)),
        reason: u.reason.clone(),
        point: u.point.id(),
        question: u.point.def().question,
        point_url: point_url(prefix, u.point),
        summary: v.rules.choice_summary(u.point),
        evidence: c.evidence.id(),
        quote: c.quote.clone(),
        cite: c.cite.clone(),
        others: others.to_vec(),
    })
}

fn assumed(lines: &[Arc<LineView>]) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = lines
        .iter()
        .filter(|l| l.evidence == Evidence::Assumed.id())
        .map(|l| l.question)
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Marks the cells whose text differs from the most common text in the row.
fn mark_differences(cells: &mut [CellView]) {
    let texts: Vec<&str> = cells.iter().map(|c| c.text.as_str()).collect();
    let mode = texts
        .iter()
        .max_by_key(|t| {
            (
                texts.iter().filter(|u| u == t).count(),
                std::cmp::Reverse(texts.iter().position(|u| u == *t)),
            )
        })
        .copied()
        .unwrap_or("");
    let mode = mode.to_string();
    let all_same = texts.iter().all(|t| *t == mode);
    for c in cells.iter_mut() {
        c.differs = !all_same && c.text != mode;
    }
}

impl RowView {
    fn new(label: String, group: &'static str, cells: Vec<CellView>) -> RowView {
        RowView {
            key: super::markdown::slug(&label),
            label,
            group,
            cells,
            folded: false,
            fold_line: None,
            players: Vec::new(),
        }
    }
}

/// Gives each cell its reading and the id of its ledger panel, unique in the scenario (a row
/// whose label repeats another's takes its position too).
fn link_panels(rows: &mut [RowView], scenario: &str, variants: &VariantSet) {
    let mut seen: Vec<String> = Vec::new();
    for (k, row) in rows.iter_mut().enumerate() {
        if seen.contains(&row.key) {
            row.key = format!("{}-{k}", row.key);
        }
        seen.push(row.key.clone());
        for (c, v) in row.cells.iter_mut().zip(&variants.variants) {
            c.reading = v.id.clone();
            c.panel = format!("{scenario}--{}--{}", v.id, row.key);
        }
    }
}

/// Folds the rows where nothing happened under any reading (`—` everywhere, no payment, no
/// mark of the page) into one line that names them, so the table shows what did happen.
fn fold_empty_rows(rows: &mut [RowView]) {
    let empty = |r: &RowView| {
        r.group != "net"
            && r.cells.iter().all(|c| {
                c.text == "—" && c.lines.is_empty() && c.expect.is_none() && c.detail.is_none()
            })
    };
    let labels: Vec<String> = rows
        .iter()
        .filter(|r| empty(r))
        .map(|r| r.label.clone())
        .collect();
    let Some(first) = rows.iter().position(empty) else {
        return;
    };
    rows[first].fold_line = Some(format!(
        "{}: nothing paid in this deal under any reading.",
        labels.join(", ")
    ));
    for r in rows.iter_mut().filter(|r| empty(r)) {
        r.folded = true;
    }
}

/// A cell's text as one figure per player, when it is exactly "Ann −2, Ben −2, Cat +4" for the
/// players in order, each figure one word; `None` for any other text.
fn per_player(text: &str, names: &[&str]) -> Option<Vec<String>> {
    let parts: Vec<&str> = text.split(", ").collect();
    if parts.len() != names.len() {
        return None;
    }
    parts
        .iter()
        .zip(names)
        .map(|(part, name)| {
            let figure = part.strip_prefix(name)?.strip_prefix(' ')?;
            (!figure.is_empty() && !figure.contains(' ')).then(|| figure.to_string())
        })
        .collect()
}

/// Splits the cells of the game's rows (not the nets) into a figure per player where they give
/// one, names the players above the first such row that shows, and answers the width of a
/// player's place in `ch`: the compact form "−2 / −2 / +4", lined up under the names.
fn split_per_player(rows: &mut [RowView], names: &[&str]) -> Option<usize> {
    // A letter is wider than a digit (a `ch`): a name counts a quarter more.
    let mut widest = names
        .iter()
        .map(|n| (n.chars().count() * 5).div_ceil(4))
        .max()
        .unwrap_or(0);
    for row in rows.iter_mut().filter(|r| r.group != "net") {
        for c in &mut row.cells {
            c.each = per_player(&c.text, names).unwrap_or_default();
            widest = c
                .each
                .iter()
                .map(|f| f.chars().count())
                .fold(widest, usize::max);
        }
    }
    let first = rows
        .iter_mut()
        .find(|r| !r.folded && r.cells.iter().any(|c| !c.each.is_empty()))?;
    first.players = names.iter().map(|n| n.to_string()).collect();
    Some(widest + 1)
}

/// Where a game's generated pages live, and everything a scenario's view is built from.
pub struct Context<'a> {
    pub variants: &'a VariantSet,
    /// `""` for the first game, `put/` for another: the prefix of its generated pages' URLs.
    pub prefix: &'a str,
    pub page_url: &'a str,
    pub yaml_html: String,
}

/// Builds the view of a scenario from its evaluations, one per variant in display order.
pub fn scenario_view(s: &dyn Scenario, evals: &[Evaluation], cx: Context) -> ScenarioView {
    let head = s.head();
    let variants = cx.variants;
    let deal = s.deal();
    let groups = deal
        .groups
        .iter()
        .map(|g| GroupView {
            caption: g.caption.clone(),
            hands: g
                .hands
                .iter()
                .map(|h| HandView {
                    label: h.label.clone(),
                    role: h.role,
                    cards: h.cards.iter().map(|&(c, t)| card_view(c, t)).collect(),
                })
                .collect(),
        })
        .collect();
    let verdicts: Vec<Verdict> = head
        .expect
        .iter()
        .filter_map(|e| {
            let k = variants.variants.iter().position(|v| v.id == e.variant)?;
            Some(judge(s, &variants.variants[k], e, &evals[k].outcome))
        })
        .flatten()
        .collect();
    let expectations: Vec<ExpectView> = verdicts
        .iter()
        .map(|v| ExpectView {
            variant: variants.name_of(&v.variant),
            figure: if v.figures.is_empty() {
                "the deal".to_string()
            } else {
                v.figures
                    .iter()
                    .map(|f| f.name(head))
                    .collect::<Vec<_>>()
                    .join(", ")
            },
            expected: words::expected(v, head, &Readers),
            actual: words::found(v, head, &Readers),
            passed: v.passed(),
        })
        .collect();
    let others: Vec<Vec<String>> = variants
        .variants
        .iter()
        .zip(evals)
        .map(|(v, e)| other_forbidden(s, v, &e.outcome))
        .collect();
    let worked: Vec<Option<Worked>> = (variants.variants.iter().zip(evals))
        .map(|(v, e)| Worked::of(e, head, v, cx.prefix))
        .collect();
    let table = Table {
        s,
        variants,
        evals,
        verdicts: &verdicts,
        prefix: cx.prefix,
        others: &others,
        worked: &worked,
    };
    let mut rows = table.rows();
    link_panels(&mut rows, &head.id, variants);
    fold_empty_rows(&mut rows);
    let names: Vec<&str> = s.order().into_iter().map(|x| head.name(x)).collect();
    let slot = split_per_player(&mut rows, &names);
    let accounts = variants
        .variants
        .iter()
        .zip(evals)
        .zip(&others)
        .map(|((v, e), others)| account(s, v, e, cx.prefix, others))
        .collect();
    let results: Vec<Summary> = evals.iter().map(|e| Summary::of(&e.outcome)).collect();
    let reference = results.iter().position(|r| matches!(r, Summary::Nets(_)));
    let mut distinct: Vec<&Summary> = Vec::new();
    for r in &results {
        if !distinct.contains(&r) {
            distinct.push(r);
        }
    }
    let spread = largest_spread(&results, s);
    let failures = expectations.iter().filter(|e| !e.passed).count();
    let accounts: Vec<AccountView> = accounts;
    let trick_width = accounts
        .iter()
        .flat_map(|a| a.tricks.iter().map(|t| t.plays.len()))
        .max()
        .unwrap_or(0);
    ScenarioView {
        id: head.id.clone(),
        title: head.title.clone(),
        game: s.game().name(),
        game_id: s.game().id(),
        unit: s.game().unit(),
        notes: head.notes.clone(),
        deal_summary: deal.summary,
        deal: groups,
        picture: deal.picture.as_ref().map(PictureView::of),
        trick_width,
        columns: columns(variants, cx.prefix),
        rows,
        slot,
        accounts,
        reference: reference.map(|k| variants.variants[k].id.clone()),
        why: None,
        expectations,
        failures,
        yaml_html: cx.yaml_html,
        yaml: head.yaml.clone(),
        rules: format!("{}{}", cx.prefix, super::pages::paths::RULES),
        distinct: distinct.len(),
        largest_spread: spread,
        page_url: cx.page_url.to_string(),
        failing: verdicts
            .iter()
            .filter_map(|v| words::diagnostic(v, head))
            .collect(),
    }
}

/// Rule points and choices in the reader's words: the point's question and the choice's summary.
struct Readers;

impl Naming for Readers {
    fn point(&self, point: Point) -> String {
        point.def().question.to_string()
    }

    fn switched(&self, s: &Switched) -> String {
        let why = match s.why {
            Switch::Open => "an alternative the reading leaves open",
            Switch::Assumed => "the reading assumes its choice here",
        };
        let summary = s.point.def().choices[s.choice as usize].summary;
        format!("{} {summary} ({why})", s.point.def().question)
    }
}

/// The outcome table of one scenario: a row per player's net, then the game's rows.
struct Table<'a> {
    s: &'a dyn Scenario,
    variants: &'a VariantSet,
    evals: &'a [Evaluation],
    verdicts: &'a [Verdict],
    prefix: &'a str,
    /// Per reading, the forbidden actions after the first, in words.
    others: &'a [Vec<String>],
    /// Per reading that plays the scenario, its ledger's rows and payments.
    worked: &'a [Option<Worked>],
}

/// A played reading's rows, payments (each in words once, for every row that shows it) and
/// spread, worked out once for the whole table (every row reads them).
struct Worked {
    rows: Vec<Row>,
    payments: Vec<Line>,
    lines: Vec<Arc<LineView>>,
    spread: Option<Vec<(Money, Money)>>,
}

impl Worked {
    fn of(e: &Evaluation, head: &Head, v: &Variant, prefix: &str) -> Option<Worked> {
        e.outcome.played().map(|l| {
            let payments = l.payments(head);
            let lines = (payments.iter().enumerate())
                .map(|(i, p)| Arc::new(line_view(i + 1, p, head, v, prefix)))
                .collect();
            Worked {
                rows: l.rows(head),
                payments,
                lines,
                spread: e.spread(),
            }
        })
    }

    /// The payments `keep` keeps, in words.
    fn lines_where(&self, keep: impl Fn(usize, &Line) -> bool) -> Vec<Arc<LineView>> {
        (self.payments.iter().zip(&self.lines).enumerate())
            .filter(|(i, (p, _))| keep(*i, p))
            .map(|(_, (_, l))| Arc::clone(l))
            .collect()
    }
}

impl Table<'_> {
    /// The page's mark on a figure's cell; for `None`, on the deal as a whole (not playable, or
    /// every standing undetermined).
    fn mark(&self, variant: &str, figure: Option<&Figure>) -> Option<ExpectMark> {
        self.verdicts
            .iter()
            .filter(|v| v.variant == variant)
            .find_map(|v| {
                let head = self.s.head();
                let expected = match figure {
                    Some(f) => words::expected_of(v, f, head, &Readers)?,
                    None if v.figures.is_empty() => words::expected(v, head, &Readers),
                    None => return None,
                };
                Some(ExpectMark {
                    passed: v.passed(),
                    expected,
                    undetermined: v.undetermined(),
                    rests_on: if v.undetermined() {
                        words::switches(v, head, &Readers)
                    } else {
                        Vec::new()
                    },
                })
            })
    }

    fn cell(e: &Evaluation, text: String, lines: Vec<Arc<LineView>>) -> CellView {
        CellView {
            reading: String::new(),
            panel: String::new(),
            assumed: assumed(&lines),
            text,
            each: Vec::new(),
            differs: false,
            open: e.is_open(),
            spread: None,
            unplayable: None,
            expect: None,
            lines,
            detail: None,
        }
    }

    fn rows(&self) -> Vec<RowView> {
        let mut rows: Vec<RowView> = self
            .s
            .order()
            .into_iter()
            .map(|seat| self.net_row(seat))
            .collect();
        // The game's own rows, the same under every reading: taken from the first played one.
        let game_rows: Option<usize> = self.worked.iter().flatten().map(|w| w.rows.len()).next();
        for k in 0..game_rows.unwrap_or(0) {
            rows.push(self.game_row(k));
        }
        rows
    }

    fn net_row(&self, seat: Seat) -> RowView {
        let head = self.s.head();
        let mut cells: Vec<CellView> = self
            .variants
            .variants
            .iter()
            .zip(self.evals)
            .zip(self.others)
            .zip(self.worked)
            .map(|(((v, e), others), worked)| match (&e.outcome, worked) {
                (Outcome::Played(l), Some(w)) => {
                    let party = Party::Player(seat);
                    let lines = w.lines_where(|_, p| p.from == party || p.to == party);
                    let standing = self.s.game().standing_text(l.standing()[seat.index()]);
                    let mut c = Self::cell(e, standing, lines);
                    c.spread = w
                        .spread
                        .as_ref()
                        .map(|sp| sp[seat.index()])
                        .filter(|(lo, hi)| lo != hi)
                        .map(|(lo, hi)| format!("{} to {}", lo.signed(), hi.signed()));
                    c.expect = self
                        .mark(&v.id, Some(&Figure::net(seat)))
                        .or_else(|| self.mark(&v.id, None).filter(|m| m.undetermined));
                    c
                }
                _ => {
                    let mut c = Self::cell(e, "not playable".into(), Vec::new());
                    c.unplayable = unplayable_view(&e.outcome, head, v, self.prefix, others);
                    c.expect = self.mark(&v.id, None);
                    c
                }
            })
            .collect();
        mark_differences(&mut cells);
        RowView::new(net_label(self.s, seat), "net", cells)
    }

    fn game_row(&self, k: usize) -> RowView {
        let mut label = String::new();
        let mut group = "phase";
        let mut cells: Vec<CellView> = self
            .variants
            .variants
            .iter()
            .zip(self.evals)
            .zip(self.worked)
            .map(|((v, e), worked)| match worked {
                Some(w) => {
                    let row = &w.rows[k];
                    label.clone_from(&row.label);
                    group = row.group;
                    let lines = w.lines_where(|i, _| row.lines.contains(&i));
                    let mut c = Self::cell(e, row.text.clone(), lines);
                    c.detail.clone_from(&row.detail);
                    c.expect = row.figures.iter().find_map(|f| self.mark(&v.id, Some(f)));
                    c
                }
                None => Self::cell(e, "—".into(), Vec::new()),
            })
            .collect();
        mark_differences(&mut cells);
        RowView::new(label, group, cells)
    }
}

/// The label of a player's row: "Ann net", "Ann score".
pub fn net_label(s: &dyn Scenario, seat: Seat) -> String {
    format!("{} {}", s.head().name(seat), s.game().standing())
}

/// The widest gap between readings in any player's net: "Cat +4 to +26".
fn largest_spread(results: &[Summary], s: &dyn Scenario) -> String {
    let nets: Vec<&Vec<Money>> = results
        .iter()
        .filter_map(|r| match r {
            Summary::Nets(n) => Some(n),
            Summary::Unplayable(_) => None,
        })
        .collect();
    let best = s
        .order()
        .into_iter()
        .filter_map(|x| {
            let lo = nets.iter().map(|n| n[x.index()]).min()?;
            let hi = nets.iter().map(|n| n[x.index()]).max()?;
            Some((hi - lo, x, lo, hi))
        })
        .max_by_key(|t| t.0);
    match best {
        Some((gap, x, lo, hi)) if !gap.is_zero() => {
            format!("{} {} to {}", s.head().name(x), lo.signed(), hi.signed())
        }
        _ => "none".to_string(),
    }
}

fn account(
    s: &dyn Scenario,
    v: &Variant,
    e: &Evaluation,
    prefix: &str,
    others: &[String],
) -> AccountView {
    let head = s.head();
    let alternatives = e
        .alternatives
        .iter()
        .map(|a| {
            let result = match &a.outcome {
                Outcome::Unplayable(u) => format!("not playable: {}: {}", u.action, u.reason),
                played => describe(played, s),
            };
            let choice = a.point.def().choices[a.choice as usize].summary;
            format!("{} “{choice}”: {result}", a.point.def().question)
        })
        .collect();
    match &e.outcome {
        Outcome::Played(l) => {
            let acc = l.account(head);
            let trumps = s.deal();
            let is_trump = |c: Card| {
                trumps
                    .groups
                    .iter()
                    .flat_map(|g| &g.hands)
                    .flat_map(|h| &h.cards)
                    .any(|&(d, t)| d == c && t)
            };
            AccountView {
                variant: v.name(),
                events: acc.stages,
                tricks: acc
                    .tricks
                    .iter()
                    .map(|t| TrickView {
                        n: t.label.clone(),
                        plays: t
                            .plays
                            .iter()
                            .map(|&(x, c)| (head.name(x).to_string(), card_view(c, is_trump(c))))
                            .collect(),
                        winner: t
                            .winner
                            .map_or_else(|| "tied".to_string(), |w| head.name(w).to_string()),
                    })
                    .collect(),
                points: acc.summary,
                filled: acc.filled,
                alternatives,
                unplayable: None,
                picture: acc.picture.as_ref().map(PictureView::of),
            }
        }
        Outcome::Unplayable(_) => AccountView {
            variant: v.name(),
            events: Vec::new(),
            tricks: Vec::new(),
            points: String::new(),
            filled: Vec::new(),
            alternatives,
            unplayable: unplayable_view(&e.outcome, head, v, prefix, others),
            picture: None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cell with `text` and nothing else (the panels' tests use it too).
    pub(super) fn cell(text: &str) -> CellView {
        CellView {
            reading: String::new(),
            panel: String::new(),
            text: text.to_string(),
            each: Vec::new(),
            differs: false,
            assumed: Vec::new(),
            open: false,
            spread: None,
            unplayable: None,
            expect: None,
            lines: Vec::new(),
            detail: None,
        }
    }

    /// A scenario of one reading (Cotton) and one row holding `cell` (the writers' tests).
    pub(super) fn scenario(cell: CellView) -> ScenarioView {
        ScenarioView {
            id: "s".into(),
            title: "T".into(),
            game: "Gleek",
            game_id: "gleek",
            unit: Unit {
                name: "counters",
                meaning: "one counter",
            },
            notes: None,
            deal_summary: String::new(),
            deal: Vec::new(),
            picture: None,
            trick_width: 0,
            columns: vec![ColumnView {
                id: "cotton".into(),
                title: String::new(),
                author: "Cotton".into(),
                date: String::new(),
                name: "Charles Cotton (1674)".into(),
                kind: "primary",
                url: String::new(),
            }],
            rows: vec![RowView {
                label: "Ann net".into(),
                key: "ann-net".into(),
                group: "net",
                cells: vec![cell],
                folded: false,
                fold_line: None,
                players: Vec::new(),
            }],
            slot: None,
            accounts: Vec::new(),
            reference: None,
            why: None,
            expectations: Vec::new(),
            failures: 0,
            yaml_html: String::new(),
            yaml: String::new(),
            rules: String::new(),
            distinct: 1,
            largest_spread: String::new(),
            page_url: String::new(),
            failing: Vec::new(),
        }
    }

    fn row(label: &str, group: &'static str, texts: &[&str]) -> RowView {
        RowView::new(
            label.to_string(),
            group,
            texts.iter().map(|t| cell(t)).collect(),
        )
    }

    #[test]
    fn rows_with_nothing_under_any_reading_fold_into_one_line_at_the_first() {
        let mut rows = vec![
            row("Ann net", "net", &["—", "—"]),
            row("Turn-up", "phase", &["—", "+2"]),
            row("Gleeks", "phase", &["—", "—"]),
            row("Stock", "phase", &["+7", "+7"]),
            row("Low trumps", "phase", &["—", "—"]),
        ];
        fold_empty_rows(&mut rows);
        let folded: Vec<bool> = rows.iter().map(|r| r.folded).collect();
        assert_eq!(folded, [false, false, true, false, true]);
        assert_eq!(
            rows[2].fold_line.as_deref(),
            Some("Gleeks, Low trumps: nothing paid in this deal under any reading.")
        );
        assert!(rows[4].fold_line.is_none());
    }

    #[test]
    fn a_figure_per_player_is_split_only_when_every_player_is_named_in_order() {
        let names = ["Ann", "Ben", "Cat"];
        assert_eq!(
            per_player("Ann −2, Ben −2, Cat +4", &names),
            Some(vec!["−2".to_string(), "−2".into(), "+4".into()])
        );
        for other in [
            "—",
            "Ann −2, Cat +4, Ben −2",
            "Ann −2, Ben −2",
            "Ann −2, Ben −2, Cat 3 pennies",
            "Annie −2, Ben −2, Cat +4",
            "Ann , Ben −2, Cat +4",
        ] {
            assert_eq!(per_player(other, &names), None, "{other}");
        }
        let mut rows = vec![
            row("Ann net", "net", &["−18", "−20"]),
            row("Gleeks", "phase", &["—", "—"]),
            row("Turn-up", "phase", &["Ann −2, Ben −2, Cat +4", "—"]),
            row(
                "Stock",
                "phase",
                &["Ann −14, Ben +7, Cat +7", "Ann −14, Ben +7, Cat +7"],
            ),
        ];
        rows[1].folded = true;
        assert_eq!(
            split_per_player(&mut rows, &names),
            Some(5),
            "a name of three letters counted as four, and a space"
        );
        assert!(rows[0].cells[0].each.is_empty() && rows[2].cells[1].each.is_empty());
        assert_eq!(rows[3].cells[1].each, ["−14", "+7", "+7"]);
        let named: Vec<bool> = rows.iter().map(|r| !r.players.is_empty()).collect();
        assert_eq!(
            named,
            [false, false, true, false],
            "the names go above Turn-up only"
        );
        assert_eq!(rows[2].players, names);
        let mut dashes = vec![row("Gleeks", "phase", &["—", "—"])];
        assert_eq!(split_per_player(&mut dashes, &names), None);
    }

    #[test]
    fn a_dash_the_page_expects_stays_in_its_row() {
        let mut rows = vec![row("Gleeks", "phase", &["—", "—"])];
        rows[0].cells[1].expect = Some(ExpectMark {
            passed: true,
            expected: "—".into(),
            undetermined: false,
            rests_on: Vec::new(),
        });
        fold_empty_rows(&mut rows);
        assert!(!rows[0].folded && rows[0].fold_line.is_none());
    }
}
