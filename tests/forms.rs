//! The forms of `expect:` and of a scenario that say what the sources leave open and catch a
//! writer's slips, each checked against the bundled readings, with a failing case for each.
//!
//! The deal is the Tiddy turn-up of `content/notebook/tiddy-turned-up.md`, whose figures are
//! worked out by hand on that page: Cat deals, Tiddy (4♥) is turned up, Ann buys for 14 and vies
//! alone; Ann wins tricks 1 to 6, Ben 7 to 9, Cat 10 to 12. Points: Ann 18 in cards and none in
//! honours, Ben 9 and Tom 9, Cat 9 and Tib, King and Queen 21; par 22.

use mournival::check::{Report, Verdict, check, unknown_variants, words};
use mournival::game::{Game, Scenario};
use mournival::games::gleek::Gleek;
use mournival::project::load_variants;
use mournival::yaml::YamlText;
use std::path::Path;
use std::sync::Arc;

const DEAL: &str = "id: t
seats: [Ann, Ben, Cat]
dealer: Cat
hands:
  Ann: AS 5S 4S AC 5C 4C 8D 5D 4D 8H 7H 5H
  Ben: JS TS 9S 8C 7C 6C AD KD QD JH TH 9H
  Cat: 8S 7S 6S JC TC 9C JD TD 9D AH KH QH
turn-up: 4H
stock: KS QS KC QC 7D 6D 6H
agreed: {tiddy: yes, towser-tumbler: no}
auction: Ann 14, Ben pass, Cat pass
discard: 5S 4S 5C 4C 5D 4D 5H
vie: Ann vie, Ben pass, Cat pass
";

const PLAY: &str = "play:
  - AS JS 8S
  - KS TS 7S
  - QS 9S 6S
  - AC 8C JC
  - KC 7C TC
  - QC 6C 9C
  - 8D AD JD
  - KD TD 7D
  - QD 9D 6D
  - JH AH 8H
  - KH 7H TH
  - QH 6H 9H
";

fn parse(yaml: &str) -> Result<Arc<dyn Scenario>, String> {
    Gleek
        .parse(&YamlText::whole_file(Path::new("t.yaml"), yaml.into()))
        .map(Arc::from)
        .map_err(|e| e.iter().map(|d| d.to_string()).collect())
}

/// The deal, fully played, with this `expect:` block (and any lines before `play:`).
fn scenario(before_play: &str, expect: &str) -> String {
    format!("{DEAL}{before_play}{PLAY}expect:\n{expect}")
}

/// A report, with the scenario it checked (to word its verdicts).
struct Checked {
    report: Report,
    scenario: Arc<dyn Scenario>,
}

impl std::ops::Deref for Checked {
    type Target = Report;
    fn deref(&self) -> &Report {
        &self.report
    }
}

fn report(yaml: &str) -> Checked {
    let s = parse(yaml).unwrap_or_else(|e| panic!("{e}"));
    let readings = load_variants(Path::new(env!("CARGO_MANIFEST_DIR"))).unwrap();
    let scenarios = [s];
    assert!(unknown_variants(&scenarios, &readings).is_empty());
    let report = check(&scenarios, &readings);
    let [scenario] = scenarios;
    Checked { report, scenario }
}

fn failures(r: &Report) -> Vec<&Verdict> {
    r.failures().collect()
}

/// Every diagnostic of the failures, as text.
fn failure_text(r: &Checked) -> String {
    r.failures()
        .filter_map(|v| words::diagnostic(v, r.scenario.head()).map(|d| d.to_string()))
        .collect()
}

#[test]
fn the_deal_is_as_the_page_works_it_out() {
    let r = report(&scenario(
        "",
        "  cotton-1674: {Ann: -20, Ben: -2, Cat: +22}
  wikipedia: {Ann: -14, Ben: +1, Cat: +13}
  parlett: {Ann: -18, Ben: -3, Cat: +21}
",
    ));
    assert_eq!(r.failed(), 0, "{}", failure_text(&r));
    assert_eq!(r.passed(), 9);
}

#[test]
fn undetermined_passes_where_the_figure_rests_on_an_assumption() {
    // Wikipedia is silent on a turned-up Tiddy: `none` is assumed, with two alternatives.
    let r = report(&scenario(
        "",
        "  wikipedia: {turn-up: undetermined, stock: {Ann: -14, Ben: +7, Cat: +7}}\n",
    ));
    assert_eq!(r.failed(), 0, "{}", failure_text(&r));
    let v = r.verdicts.iter().find(|v| v.undetermined()).unwrap();
    assert!(
        v.switches
            .iter()
            .any(|s| s.point.id() == "tiddy-turned-up" && s.choice_id() == "two-each"),
        "{v:?}"
    );
    // Every player's standing: Cotton's rests on its assumed par settlement among others.
    assert_eq!(
        report(&scenario("", "  cotton-1674: undetermined\n")).failed(),
        0
    );
}

#[test]
fn undetermined_fails_where_nothing_open_is_behind_the_figure() {
    // Akagiri states the price of the stock, half to each; the bid of 14 is even, and none of
    // its alternatives or assumptions touches the stock.
    let r = report(&scenario("", "  akagiri: {stock: undetermined}\n"));
    assert_eq!(failures(&r).len(), 3);
    let text = failure_text(&r);
    assert!(
        text.contains(
            "Ann's stock net is determined: it rests on no assumed choice and no open alternative"
        ),
        "{text}"
    );
    assert!(text.contains("expected: undetermined"), "{text}");
    assert!(text.contains("found:    −14"), "{text}");
}

#[test]
fn one_of_passes_when_the_choice_and_the_alternatives_give_the_options() {
    // Wikipedia's turned-up Tiddy: nothing (its choice), 2 or 4 from each (its alternatives).
    // Nets: nothing -> -14, +1, +13; 2 each -> -16, -1, +17; 4 each -> -18, -3, +21.
    let r = report(&scenario(
        "",
        "  wikipedia:
    one-of:
      - {Ann: -14, Ben: +1, Cat: +13}
      - {Ann: -16, Ben: -1, Cat: +17}
      - {Ann: -18, Ben: -3, Cat: +21}
    turn-up: {one-of: [{Ann: 0, Ben: 0, Cat: 0}, {Ann: -4, Ben: -4, Cat: +8}]}
",
    ));
    assert_eq!(r.failed(), 0, "{}", failure_text(&r));
    assert_eq!(r.passed(), 2);
}

#[test]
fn one_of_fails_when_its_options_match_nothing() {
    // None of these is Wikipedia's own figure.
    let r = report(&scenario(
        "",
        "  wikipedia: {one-of: [{Ann: -16, Ben: -1, Cat: +17}, {Ann: -1, Ben: -1, Cat: +2}]}\n",
    ));
    let text = failure_text(&r);
    assert_eq!(r.failed(), 1, "{text}");
    assert!(
        text.contains("the variant's own choice gives none of the options"),
        "{text}"
    );
    // Its own figure, with one that no open alternative gives.
    let r = report(&scenario(
        "",
        "  wikipedia: {one-of: [{Ann: -14, Ben: +1, Cat: +13}, {Ann: -1, Ben: -1, Cat: +2}]}\n",
    ));
    let text = failure_text(&r);
    assert_eq!(r.failed(), 1, "{text}");
    assert!(
        text.contains("no open alternative of the variant gives"),
        "{text}"
    );
    assert!(
        text.contains(
            "tiddy-turned-up = four-each (an open alternative): Ann −18, Ben −3, Cat +21"
        ),
        "{text}"
    );
}

#[test]
fn bounds_admit_a_range() {
    let pass = report(&scenario(
        "",
        "  cotton-1674: {Cat: {at-least: 20}, turn-up: {Cat: {at-least: 4, at-most: 8}}}\n",
    ));
    assert_eq!(pass.failed(), 0, "{}", failure_text(&pass));
    let fail = report(&scenario("", "  cotton-1674: {Cat: {at-most: 20}}\n"));
    let text = failure_text(&fail);
    assert_eq!(fail.failed(), 1);
    assert!(text.contains("expected: at most +20"), "{text}");
    assert!(text.contains("found:    +22"), "{text}");
}

#[test]
fn the_new_figures_tricks_ruff_par_and_points() {
    // Each hand after the exchange counts 31 in its best suit (pip points): Ann A K Q of spades
    // (11 + 10 + 10), Ben A K Q of diamonds, Cat A K Q of hearts. Ann vied alone and wins it.
    let r = report(&scenario(
        "",
        "  cotton-1674:
    tricks: [Ann, Ann, Ann, Ann, Ann, Ann, Ben, Ben, Ben, Cat, Cat, Cat]
    ruff-winner: Ann
    ruff-value: {Ann: 31, Ben: 31, Cat: 31}
    par: 22
    card-points: {Ann: 18, Ben: 9, Cat: 9}
    honour-points: {Ann: 0, Ben: 9, Cat: 21}
",
    ));
    assert_eq!(r.failed(), 0, "{}", failure_text(&r));
    assert_eq!(r.passed(), 12);
    let wrong = report(&scenario(
        "",
        "  cotton-1674: {tricks: [Ann, Ann, Ann, Ann, Ann, Ann, Ben, Ben, Cat, Cat, Cat, Cat], ruff-winner: Ben}\n",
    ));
    assert_eq!(wrong.failed(), 2, "{}", failure_text(&wrong));
    assert!(failure_text(&wrong).contains("the winner of each trick differs"));
}

#[test]
fn turned_up_and_held_low_trumps_are_agreed_apart() {
    // The table leaves out the turned-up Tiddy and plays the held one. Cotton's turn-up pays
    // nothing; Akagiri (Parlett's main rules) pays the turned-up Tiddy 4 from each whatever was
    // agreed; Ann's Tumbler is left out everywhere.
    let yaml = scenario("", "  cotton-1674: {turn-up: {Ann: 0, Ben: 0, Cat: 0}}\n  akagiri: {turn-up: {Ann: -4, Ben: -4, Cat: +8}}\n")
        .replace("agreed: {tiddy: yes, towser-tumbler: no}", "agreed: {tiddy: yes, tiddy-turned: no, towser-tumbler: no}");
    let r = report(&yaml);
    assert_eq!(r.failed(), 0, "{}", failure_text(&r));
    let unknown = parse(&yaml.replace("tiddy-turned: no", "tiddy-turnd: no")).unwrap_err();
    assert!(
        unknown.contains("unknown agreement `tiddy-turnd`; the table can agree on `tiddy-turned`"),
        "{unknown}"
    );
}

#[test]
fn each_reading_carries_its_own_pot() {
    // A pot of 6 carried for every reading but Cotton's, which carries none. Ann wins the ruff
    // and takes what lies in the pot: -6 left in it, or nothing under Cotton.
    let yaml = scenario(
        "carried:\n  pot: 6\n  cotton-1674: {pot: 0}\n",
        "  cotton-1674: {pot: 0, ruff: {Ann: +2, Ben: -1, Cat: -1}}\n  willughby: {pot: -6, ruff: {Ann: +8, Ben: -1, Cat: -1}}\n",
    );
    let r = report(&yaml);
    assert_eq!(r.failed(), 0, "{}", failure_text(&r));
    let readings = load_variants(Path::new(env!("CARGO_MANIFEST_DIR"))).unwrap();
    let s = parse(&yaml.replace("cotton-1674: {pot: 0}", "coton-1674: {pot: 0}")).unwrap();
    let unknown = unknown_variants(&[s], &readings);
    assert_eq!(unknown.len(), 1);
    assert!(
        unknown[0]
            .to_string()
            .contains("`coton-1674` is not a variant")
    );
}

#[test]
fn the_youngest_doubles_the_ruff_where_the_reading_gives_him_the_power() {
    // Cat deals, so she is the youngest. Under Cotton the ruff is doubled for the next deal and
    // nothing is paid in this one; Parlett's reading has no such call, and the deal stops there,
    // after the turn-up (Tiddy, 4 from each).
    let doubled = scenario(
        "",
        "  cotton-1674: {ruff: {Ann: 0, Ben: 0, Cat: 0}, ruff-winner: none}
  parlett: {unplayable: no-vie, turn-up: {Ann: -4, Ben: -4, Cat: +8}}
",
    )
    .replace(
        "vie: Ann vie, Ben pass, Cat pass",
        "vie: Ann pass, Ben pass, Cat double",
    );
    let r = report(&doubled);
    assert_eq!(r.failed(), 0, "{}", failure_text(&r));
    // Only the youngest doubles, and only after both others passed.
    let early = doubled
        .replace("Ann pass, Ben pass, Cat double", "Ann pass, Ben double")
        .replace(
            "cotton-1674: {ruff: {Ann: 0, Ben: 0, Cat: 0}, ruff-winner: none}",
            "cotton-1674: unplayable no-vie",
        );
    let r = report(&early);
    assert_eq!(r.failed(), 0, "{}", failure_text(&r));
}

#[test]
fn unplayable_names_every_forbidden_action_and_the_figures_before_the_first() {
    // Willughby's follower must play his highest card of the suit led. In trick 8 Cat plays 9♦
    // holding 10♦, and Ann 6♦ holding 7♦: two forbidden cards, the same trick won by Ben's King
    // (the readings without the rule play the deal as before: every card is a point). Everything
    // before the tricks is settled: the turn-up (Tiddy, 2 from each) and the stock.
    let yaml = scenario(
        "",
        "  willughby:
    unplayable: [follow-rule, follow-rule]
    turn-up: {Ann: -2, Ben: -2, Cat: +4}
    stock: {Ann: -14, Ben: +7, Cat: +7}
  cotton-1674: {Ann: -20, Ben: -2, Cat: +22}
",
    )
    .replace(
        "  - KD TD 7D\n  - QD 9D 6D\n",
        "  - KD 9D 6D\n  - QD TD 7D\n",
    );
    let r = report(&yaml);
    assert_eq!(r.failed(), 0, "{}", failure_text(&r));
    // Naming only one where there are two fails, and so does a figure not yet settled.
    let r = report(&yaml.replace("[follow-rule, follow-rule]", "[follow-rule]"));
    let text = failure_text(&r);
    assert_eq!(r.failed(), 1, "{text}");
    assert!(
        text.contains("forbidden: Ann plays 6♦ to trick 8"),
        "{text}"
    );
    let first_only = report(&yaml.replace("[follow-rule, follow-rule]", "follow-rule"));
    assert_eq!(first_only.failed(), 0, "{}", failure_text(&first_only));
    let r = report(&yaml.replace(
        "    stock:",
        "    settlement: {Ann: -4, Ben: -4, Cat: +8}\n    stock:",
    ));
    let text = failure_text(&r);
    assert_eq!(r.failed(), 3, "{text}");
    assert!(
        text.contains("not reached before the first forbidden action"),
        "{text}"
    );
}

#[test]
fn a_partly_scripted_play_must_say_then_auto() {
    let partial = format!(
        "{DEAL}play:\n  - AS JS 8S\n  - KS TS 7S\nexpect:\n  cotton-1674: {{Ann: -20, Ben: -2, Cat: +22}}\n"
    );
    let err = parse(&partial).unwrap_err();
    assert!(
        err.contains("the play scripts 6 of the 36 cards (Ann 2, Ben 2, Cat 2): script every trick, or end it with `then: auto`"),
        "{err}"
    );
    assert!(err.contains("t.yaml:15:3"), "{err}");
    // With `then: auto` the engine plays the rest, here as the page's play does.
    let asked = partial.replace("  - KS TS 7S\n", "  - KS TS 7S\n  - then: auto\n");
    assert!(parse(&asked).is_ok());
    // `then: auto` ends the list, and is refused after a complete play.
    let misplaced = partial.replace("  - AS JS 8S\n", "  - then: auto\n  - AS JS 8S\n");
    assert!(
        parse(&misplaced)
            .unwrap_err()
            .contains("`then: auto` ends the list of tricks")
    );
    let complete = scenario("", "  cotton-1674: {Ann: -20}\n")
        .replace("  - QH 6H 9H\n", "  - QH 6H 9H\n  - then: auto\n");
    assert!(
        parse(&complete)
            .unwrap_err()
            .contains("leaves nothing to the engine")
    );
    // Each player's cards: a player with fewer than twelve is a partial play too.
    let by_player = format!("{DEAL}play: {{Ann: AS KS, Ben: JS TS, Cat: 8S 7S}}\n");
    assert!(
        parse(&by_player)
            .unwrap_err()
            .contains("scripts 6 of the 36 cards")
    );
    assert!(parse(&by_player.replace("Cat: 8S 7S}", "Cat: 8S 7S, then: auto}")).is_ok());
}

#[test]
fn a_partly_scripted_auction_or_vie_gets_a_note_unless_it_says_then_auto() {
    let partial = scenario(
        "",
        "  cotton-1674: {turn-up: {Ann: -4, Ben: -4, Cat: +8}}\n",
    )
    .replace(
        "auction: Ann 14, Ben pass, Cat pass",
        "auction: Ann 14, Ben pass",
    );
    let r = report(&partial);
    assert_eq!(r.failed(), 0);
    assert_eq!(r.notes.len(), 1);
    let note = r.notes[0].to_string();
    assert!(
        note.contains("the engine filled the auction after 2 scripted call(s)"),
        "{note}"
    );
    assert!(note.contains("under cotton-1674"), "{note}");
    let asked = report(&partial.replace("Ann 14, Ben pass\n", "Ann 14, Ben pass, then auto\n"));
    assert!(asked.notes.is_empty());
}

#[test]
fn malformed_forms_are_located_errors() {
    for (expect, message, at) in [
        (
            "  cotton-1674:   # the sources say nothing\n",
            "no expectation is given: write a map of figures, `unplayable`, or `undetermined`",
            "t.yaml:28:14",
        ),
        (
            "  cotton-1674: {Ann: {at-least: 5, at-most: 2}}\n",
            "no amount is at least +5 and at most +2",
            "t.yaml:28:22",
        ),
        (
            "  cotton-1674: {ruff: {Ann: {more-than: 2}}}\n",
            "`more-than` is not a bound; allowed: `at-least`, `at-most`",
            "t.yaml:28:30",
        ),
        (
            "  cotton-1674: {one-of: [{Ann: 1}]}\n",
            "`one-of` lists 1 option(s); it takes from two to 32",
            "t.yaml:28:25",
        ),
        (
            "  cotton-1674: {one-of: [{Ann: undetermined}, {Ann: 1}]}\n",
            "an option of `one-of` gives figures; `undetermined` stands at a variant's own figures",
            "t.yaml:28:32",
        ),
        (
            "  cotton-1674: {one-of: [{one-of: []}, {Ann: 1}]}\n",
            "`one-of` cannot stand inside an option of `one-of`",
            "t.yaml:28:27",
        ),
        (
            "  cotton-1674: {unplayable: [minimum-bid, no-such-point]}\n",
            "unknown rule point `no-such-point`",
            "t.yaml:28:43",
        ),
        (
            "  cotton-1674: {Ann: -20, one-of: [{Ann: -20}, {Ann: -18}]}\n",
            "this figure is already expected for this variant",
            "t.yaml:28:35",
        ),
        (
            "  cotton-1674: unplayable minimum-bid bid-step\n",
            "`unplayable` names one rule point, the first forbidden action's",
            "t.yaml:28:16",
        ),
        (
            "  cotton-1674: {tricks: [Ann, Dan]}\n",
            "`Dan` is not at this table",
            "t.yaml:28:31",
        ),
    ] {
        let err = parse(&scenario("", expect)).unwrap_err();
        assert!(err.contains(message), "{expect}: {err}");
        assert!(err.contains(at), "{expect}: {err}");
    }
}
