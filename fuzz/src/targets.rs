//! The bodies of the fuzz targets. The cargo-fuzz binaries call them, and the main crate's
//! `tests/fuzz_corpus.rs` includes this file to replay the corpus on stable Rust, so a crash
//! found by either is reproduced by both.

use mournival::cards::{CardSet, Pack};
use mournival::check;
use mournival::compare::evaluate;
use mournival::game::{Outcome, Scenario, Seat};
use mournival::games::gleek::points::{Point, TABLE};
use mournival::games::gleek::scenario::Scenario as GleekScenario;
use mournival::project::{Page, load_variants, parse_page as parse};
use mournival::report::explain;
use mournival::rules::Rules;
use mournival::site::glossary::Glossary;
use mournival::site::{highlight, markdown, outcome, templates::Templates};
use mournival::variant::Readings;
use std::path::Path;

/// What every target needs and is slow to build: the bundled readings and the templates.
pub struct Fixtures {
    pub variants: Readings,
    pub templates: Templates,
}

impl Fixtures {
    /// Loads the project at `root` (the repository, for the bundled readings).
    pub fn load(root: &Path) -> Fixtures {
        let variants = load_variants(root).unwrap_or_else(|errors| {
            panic!("the bundled variants do not load: {errors:?}");
        });
        let templates = Templates::load(root).expect("the templates load");
        Fixtures {
            variants,
            templates,
        }
    }
}

/// Arbitrary bytes as the text of a page; a page that is not UTF-8 is refused when it is read,
/// so the parser sees only text.
fn text(data: &[u8]) -> std::sync::Arc<str> {
    String::from_utf8_lossy(data).into()
}

/// Parses a page, rendering every error as the terminal would.
fn page(name: &str, data: &[u8]) -> Option<Page> {
    match parse(Path::new(name), text(data)) {
        Ok(page) => Some(page),
        Err(errors) => {
            for d in &errors {
                let rendered = d.render("error");
                assert!(rendered.contains(&d.message), "{rendered}");
            }
            None
        }
    }
}

/// The scenario parser on arbitrary text, as a Markdown page and as a YAML scenario file.
pub fn parse_page(_: &Fixtures, data: &[u8]) {
    page("page.md", data);
    page("scenario.yaml", data);
}

/// A parsed scenario played under every bundled reading (and each alternative it lists),
/// checked against its expectations and explained: every ledger must balance. Bytes that are
/// no scenario are a deal instead, played under every reading and under one drawn from them,
/// so that the engine is fuzzed even where the parser refuses.
pub fn engine(fixtures: &Fixtures, data: &[u8]) {
    let variants = &fixtures.variants;
    let Some(page) = page("scenario.yaml", data) else {
        if let Some((deal, rules)) = deal_from(data) {
            for v in &variants.of(deal.game()).variants {
                balanced(&deal, &v.rules, &v.id);
            }
            balanced(&deal, &rules, "a reading drawn from the input");
        }
        return;
    };
    for s in &page.scenarios {
        for v in &variants.of(s.game()).variants {
            let eval = evaluate(s.as_ref(), v);
            if let Outcome::Played(ledger) = &eval.outcome {
                assert!(ledger.balances(), "{} under {}", s.head().id, v.id);
            }
            explain::explain(s.as_ref(), v);
        }
    }
    if check::unknown_variants(&page.scenarios, variants).is_empty() {
        let report = check::check(&page.scenarios, variants);
        assert_eq!(report.scenarios, page.scenarios.len());
    }
}

/// Plays a deal with every step left to the engine's policy: the ledger must balance.
fn balanced(deal: &GleekScenario, rules: &Rules, reading: &str) {
    if let Outcome::Played(ledger) = deal.play(rules) {
        assert!(ledger.balances(), "a dealt hand under {reading}");
    }
}

/// A shuffled pack, a dealer and a reading, drawn from the bytes (`None` for no bytes).
fn deal_from(data: &[u8]) -> Option<(GleekScenario, Rules)> {
    let first = *data.first()?;
    let mut bytes = data.iter().cycle().skip(1);
    let mut next = || usize::from(*bytes.next().expect("cycle of a non-empty slice"));
    let mut cards = Pack::Gleek44.cards().sorted();
    for i in (1..cards.len()).rev() {
        cards.swap(i, next() % (i + 1));
    }
    let hand = |k: usize| CardSet::from_cards(cards[12 * k..12 * (k + 1)].iter().copied());
    let deal = GleekScenario::dealt(
        ["Ann", "Ben", "Cat"],
        Seat(first % 3),
        [hand(0), hand(1), hand(2)],
        cards[36],
    );
    let mut rules = Rules::first_choices(TABLE);
    for &point in Point::ALL {
        let choice = next() % point.def().choices.len();
        rules.set(point, u8::try_from(choice).expect("few choices"));
    }
    Some((deal, rules))
}

/// A Markdown page as the site renders it: each scenario's outcome table through the
/// templates, then the Markdown with the page's own glossary.
pub fn render(fixtures: &Fixtures, data: &[u8]) {
    let source = text(data);
    let variants = &fixtures.variants;
    let scenarios = page("page.md", data)
        .map(|p| p.scenarios)
        .unwrap_or_default();
    let tables: Vec<String> = scenarios
        .iter()
        .map(|s| {
            let set = variants.of(s.game());
            let evals: Vec<_> = set
                .variants
                .iter()
                .map(|v| evaluate(s.as_ref(), v))
                .collect();
            let view = outcome::scenario_view(
                s.as_ref(),
                &evals,
                outcome::Context {
                    variants: set,
                    prefix: "",
                    page_url: "page/",
                    yaml_html: highlight::highlight_scenario(&s.head().yaml),
                },
            );
            fixtures
                .templates
                .render("scenario.html", &[("s", &view), ("root", &"../")])
                .expect("the scenario template renders")
        })
        .collect();
    let glossary = Glossary::parse(&source, "glossary/");
    let resolve = |dest: &str| Some(dest.trim_end_matches(".md").to_string());
    let scenario = |n: usize| tables.get(n).cloned().unwrap_or_default();
    // A marker of a quotation not verified after every closing parenthesis, its title hostile.
    let unverified: Vec<(usize, String)> = source
        .match_indices(')')
        .map(|(i, _)| (i + 1, "<script>why</script>".to_string()))
        .collect();
    let rendered = markdown::render(
        &source,
        &markdown::Context {
            resolve: &resolve,
            root: "../",
            languages: &["gleek", "put"],
            scenario: &scenario,
            glossary: Some(&glossary),
            taken_ids: &[],
            unverified: &unverified,
            inline: Some(&mournival::site::citation::odds),
            block: None,
        },
    );
    assert!(
        !rendered.html.contains("<script"),
        "raw HTML is shown as text"
    );
}
