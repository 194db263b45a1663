//! `check --format json|github|junit`: the same verdicts and exit codes as the terminal, in
//! forms that tools read.

use assert_cmd::Command;
use serde_json::Value;
use std::path::{Path, PathBuf};

const PAGE: &str = include_str!("fixtures/cotton-deal.md");

fn check(page: &Path, format: &str) -> (i32, String) {
    let out = Command::cargo_bin("mournival")
        .unwrap()
        .arg("--root")
        .arg(env!("CARGO_MANIFEST_DIR"))
        .args(["check", "--format", format])
        .arg(page)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
    )
}

/// A page whose name holds the characters each format must escape, with Ben's net wrong.
fn mismatched(dir: &Path) -> PathBuf {
    let page = dir.join("a,b:c&<d>%.md");
    std::fs::write(&page, PAGE.replace("Ben: -22", "Ben: -20")).unwrap();
    page
}

#[test]
fn json_lists_every_verdict_with_its_place() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("page.md");
    std::fs::write(&page, PAGE).unwrap();
    let (code, out) = check(&page, "json");
    assert_eq!(code, 0);
    let doc: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["status"], "passed");
    assert_eq!(
        (doc["scenarios"].as_u64(), doc["variants"].as_u64()),
        (Some(1), Some(8))
    );
    assert_eq!(
        (doc["passed"].as_u64(), doc["failed"].as_u64()),
        (Some(5), Some(0))
    );
    assert_eq!(doc["verdicts"].as_array().unwrap().len(), 5);

    let page = mismatched(dir.path());
    let (code, out) = check(&page, "json");
    assert_eq!(code, 1);
    let doc: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["status"], "failed");
    let failed: Vec<&Value> = doc["verdicts"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|v| v["passed"] == false)
        .collect();
    assert_eq!(failed.len(), 1);
    let v = failed[0];
    assert_eq!(
        (&v["scenario"], &v["variant"], &v["figure"], &v["player"]),
        (
            &Value::from("cotton-deal"),
            &Value::from("cotton-1674"),
            &Value::from("net"),
            &Value::from("Ben")
        )
    );
    assert_eq!(
        (&v["expected"], &v["found"]),
        (&Value::from("−20"), &Value::from("−22"))
    );
    assert_eq!(
        (v["line"].as_u64(), v["column"].as_u64()),
        (Some(35), Some(32))
    );
    assert!(v["file"].as_str().unwrap().ends_with("a,b:c&<d>%.md"));
    let unplayable = doc["verdicts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["variant"] == "du-coeur")
        .unwrap();
    assert_eq!(unplayable["figure"], "deal");
    // Every action du Coeur forbids: the bid under his minimum, then each of the seven cards
    // laid out before the stock is taken.
    assert_eq!(
        unplayable["found"],
        format!("not playable (minimum-bid{})", ", exchange-order".repeat(7))
    );
}

#[test]
fn github_annotates_the_line_with_escaped_properties() {
    let dir = tempfile::tempdir().unwrap();
    let page = mismatched(dir.path());
    let (code, out) = check(&page, "github");
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    let error = lines[0];
    assert!(error.starts_with("::error file="), "{error}");
    assert!(
        error.contains("a%2Cb%3Ac&<d>%25.md,line=35,col=32,endColumn=34,"),
        "{error}"
    );
    assert!(
        error.contains(",title=cotton-deal under cotton-1674::"),
        "{error}"
    );
    assert!(
        error.contains("Ben's net differs%0Aexpected: −20%0Afound:    −22"),
        "{error}"
    );
    assert_eq!(
        lines[1],
        "checked 1 scenario(s) under 8 variant(s): 4 passed, 1 failed"
    );
}

/// Every tag closed in order, attributes quoted, no bare `&` or `<`: what XML parsers require.
fn assert_well_formed(xml: &str) {
    let body = xml
        .strip_prefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        .expect("declaration");
    let mut open: Vec<String> = Vec::new();
    let mut rest = body;
    while let Some(i) = rest.find('<') {
        let text = &rest[..i];
        assert!(
            !text.contains('>'),
            "bare > is allowed, but none is written: {text}"
        );
        for (j, _) in text.match_indices('&') {
            let entity = &text[j..];
            assert!(
                ["&amp;", "&lt;", "&gt;", "&quot;", "&#"]
                    .iter()
                    .any(|e| entity.starts_with(e)),
                "bare & in {text}"
            );
        }
        let end = rest[i..].find('>').expect("tag closed") + i;
        let tag = &rest[i + 1..end];
        assert!(!tag.contains('<'), "< inside a tag: {tag}");
        assert_eq!(tag.matches('"').count() % 2, 0, "unbalanced quotes: {tag}");
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(open.pop().as_deref(), Some(name), "closing {name}");
        } else if !tag.ends_with('/') {
            open.push(tag.split_whitespace().next().unwrap().to_string());
        }
        rest = &rest[end + 1..];
    }
    assert!(open.is_empty(), "left open: {open:?}");
}

#[test]
fn junit_has_a_case_per_scenario_and_reading_and_escapes() {
    let dir = tempfile::tempdir().unwrap();
    let page = mismatched(dir.path());
    let (code, out) = check(&page, "junit");
    assert_eq!(code, 1);
    assert_well_formed(&out);
    assert!(
        out.contains(
            "<testsuites name=\"mournival check\" tests=\"3\" failures=\"1\" errors=\"0\">"
        ),
        "{out}"
    );
    assert!(out.contains("a,b:c&amp;&lt;d&gt;%.md"), "{out}");
    assert!(
        out.contains("<testcase name=\"cotton-deal under cotton-1674\""),
        "{out}"
    );
    assert!(
        out.contains(
            "<failure message=\"scenario `cotton-deal` under `cotton-1674`: Ben's net differs\" type=\"mismatch\">"
        ),
        "{out}"
    );
    assert!(out.contains("= expected: −20\n"), "{out}");
    assert!(out.contains("= found:    −22\n"), "{out}");
    assert_eq!(out.matches("<testcase ").count(), 3);
}

#[test]
fn the_bundled_content_passes_in_every_format() {
    for format in ["human", "json", "github", "junit"] {
        Command::cargo_bin("mournival")
            .unwrap()
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(["check", "--format", format])
            .assert()
            .success();
    }
}

/// A page whose figures are right and whose one quotation of Cotton is not in his text.
fn misquoting(dir: &Path) -> PathBuf {
    let page = dir.join("page.md");
    std::fs::write(
        &page,
        format!("{PAGE}\nCotton lets a player \"vye when he has not above thirty\" (p. 94).\n"),
    )
    .unwrap();
    page
}

#[test]
fn a_misquote_fails_every_format_and_is_in_its_document() {
    let dir = tempfile::tempdir().unwrap();
    let page = misquoting(dir.path());

    let (code, out) = check(&page, "json");
    assert_eq!(code, 1);
    let doc: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (&doc["status"], doc["failed"].as_u64()),
        (&Value::from("failed"), Some(0))
    );
    let misquotes = doc["misquotes"].as_array().unwrap();
    assert_eq!(misquotes.len(), 1, "{out}");
    let m = &misquotes[0];
    assert!(m["file"].as_str().unwrap().ends_with("page.md"), "{m}");
    assert!(m["line"].as_u64().unwrap() > 35, "{m}");
    assert!(
        m["message"]
            .as_str()
            .unwrap()
            .contains("“vye when he has not above thirty” is not in Cotton 1674"),
        "{m}"
    );

    let (code, out) = check(&page, "github");
    assert_eq!(code, 1);
    let misquote = out.lines().find(|l| l.contains(",title=misquote::"));
    assert!(
        misquote.is_some_and(|l| l.starts_with("::error file=")),
        "{out}"
    );
    assert!(
        out.ends_with("5 passed, 0 failed; 1 misquote(s)\n"),
        "{out}"
    );

    let (code, out) = check(&page, "junit");
    assert_eq!(code, 1);
    assert_well_formed(&out);
    assert!(
        out.contains("<testsuite name=\"quotations\" tests=\"1\" failures=\"1\""),
        "{out}"
    );
}

/// Stewart's own cut, the Six of hearts, which the piquet-pack alternative cannot deal: that
/// alternative gives no figure, so it is no ground for calling one undetermined.
const SIX_CUT: &str = "# A Glic deal

```glic
id: glic-six-undetermined
seats: [Ann, Ben, Cat]
dealer: Cat
antes: {Ann: queen, Ben: queen, Cat: queen}
hands:
  Ann: QH 7S 8D 9C
  Ben: AS AD TC JD
  Cat: KS KC 8S 7D
cut: 6H
poch: Ann pass, Ben 1, Cat 1
countdown: >-
  Ben TC, Cat KS, Ann 9C, Ben AS, Cat pass, Ann pass, Ben AD, Cat pass, Ann pass, Ben pass,
  Ben JD
expect:
  ealdormere:
    sweepstakes: {Ann: undetermined}
    poch: {Ben: undetermined}
```
";

#[test]
fn undetermined_needs_an_alternative_that_plays_the_deal_and_moves_the_figure() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("six.md");
    std::fs::write(&page, SIX_CUT).unwrap();
    let (code, out) = check(&page, "json");
    assert_eq!(code, 1, "{out}");
    let doc: Value = serde_json::from_str(&out).unwrap();
    let verdict = |figure: &str| {
        doc["verdicts"]
            .as_array()
            .unwrap()
            .iter()
            .find(|v| v["figure"] == figure)
            .unwrap()
            .clone()
    };
    // Ann holds the Queen of trumps under every reading that can deal the Six: the piquet pack
    // refuses the deal, and no other choice moves her sweepstake.
    let ann = verdict("sweepstakes");
    assert_eq!(ann["passed"], false, "{ann}");
    assert!(
        ann["message"]
            .as_str()
            .unwrap()
            .contains("Ann's sweepstakes net is determined"),
        "{ann}"
    );
    assert_eq!(ann["rests-on"], serde_json::json!([]));
    // Ben's Poch rests on the tie with no trump: carried over, his penny stays on the board.
    let ben = verdict("poch");
    assert_eq!(ben["passed"], true, "{ben}");
    assert_eq!(
        ben["rests-on"],
        serde_json::json!([{"point": "poch-tie", "choice": "carried", "why": "open", "found": "−1"}])
    );
    assert_eq!(
        ben["found"],
        "+1 (rests on poch-tie = carried (an open alternative): −1)"
    );
    let (_, text) = check(&page, "github");
    assert!(
        text.contains("found:    +3 (rests on nothing open)"),
        "{text}"
    );
}

/// Ben, the dealer, puts as he follows the first card, and Ann refuses.
const DEALER_PUTS: &str = "# A deal of Put

```put
id: dealer-puts
seats: [Ann, Ben]
dealer: Ben
deals:
  - hands: {Ann: QS JH TD, Ben: AS KC KD}
    play: Ann QS, Ben put, Ann refuse
expect:
  cotton-1674:
    one-of:
      - {unplayable: who-may-put}
      - {scores: [{Ann: 0, Ben: 1}]}
```
";

#[test]
fn one_of_says_either_the_reading_forbids_the_deal_or_these_figures() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("put.md");
    // Cotton lets only the eldest put; his open alternative, any player before playing, lets
    // Ben's put stand, and the refusal scores him 1.
    std::fs::write(&page, DEALER_PUTS).unwrap();
    let (code, out) = check(&page, "json");
    assert_eq!(code, 0, "{out}");
    let doc: Value = serde_json::from_str(&out).unwrap();
    let v = &doc["verdicts"][0];
    assert_eq!(
        v["expected"],
        "one of not playable (who-may-put) / {scores: Ann 0, Ben +1}"
    );
    assert_eq!(v["found"], "not playable (who-may-put)");
    // A figure no alternative gives fails, naming what each gives.
    std::fs::write(&page, DEALER_PUTS.replace("Ben: 1}", "Ben: 2}")).unwrap();
    let (code, out) = check(&page, "github");
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("no open alternative of the variant gives {scores: Ann 0, Ben +2}"),
        "{out}"
    );
    assert!(
        out.contains("who-may-put = before-playing (an open alternative): scores: Ann 0, Ben +1"),
        "{out}"
    );
    // The other way about: a reading that plays the deal, whose alternative does not forbid it.
    std::fs::write(&page, DEALER_PUTS.replace("cotton-1674:", "willughby:")).unwrap();
    let (code, _) = check(&page, "json");
    assert_eq!(
        code, 0,
        "Willughby's eldest-before-play alternative forbids the put"
    );
    std::fs::write(&page, DEALER_PUTS.replace("cotton-1674:", "le-truc:")).unwrap();
    let (code, out) = check(&page, "github");
    assert_eq!(
        code, 1,
        "Le Truc lists no alternative on who may put: {out}"
    );
    // It stands alone: beside it, nothing could be read from a forbidden deal.
    std::fs::write(
        &page,
        DEALER_PUTS.replace("    one-of:", "    winner: none\n    one-of:"),
    )
    .unwrap();
    let (code, out) = check(&page, "github");
    assert_eq!(code, 2, "{out}");
}

#[test]
fn who_took_a_compartment_may_be_left_open() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("six.md");
    let open = SIX_CUT.replace(
        "    sweepstakes: {Ann: undetermined}\n    poch: {Ben: undetermined}\n",
        "    poch-winner: {one-of: [Ben, none]}\n    out: undetermined\n    queen: Ann\n",
    );
    std::fs::write(&page, &open).unwrap();
    let (code, out) = check(&page, "json");
    let doc: Value = serde_json::from_str(&out).unwrap();
    let passed: Vec<(&Value, &Value)> = doc["verdicts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| (&v["figure"], &v["passed"]))
        .collect();
    // The tie with no trump: Ben under the reading, nobody when it is carried. Ben goes out
    // however the open points fall, so `out` is determined.
    assert_eq!(
        passed,
        [
            (&Value::from("poch-winner"), &Value::from(true)),
            (&Value::from("out"), &Value::from(false)),
            (&Value::from("queen"), &Value::from(true)),
        ],
        "{out}"
    );
    assert_eq!(code, 1);
}

#[test]
fn coins_left_are_checked_compartment_by_compartment() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("six.md");
    // Ann takes the Queen's 3 pennies; nothing else was staked, so every compartment is empty.
    let left = |figures: &str| {
        SIX_CUT.replace(
            "    sweepstakes: {Ann: undetermined}\n    poch: {Ben: undetermined}\n",
            &format!("    board: 0\n    left: {figures}\n"),
        )
    };
    std::fs::write(&page, left("{queen: 0, poch: 0}")).unwrap();
    assert_eq!(check(&page, "json").0, 0);
    std::fs::write(&page, left("{queen: 3}")).unwrap();
    let (code, out) = check(&page, "github");
    assert_eq!(code, 1);
    assert!(out.contains("the pennies on queen differs"), "{out}");
    std::fs::write(&page, left("{crown: 1}")).unwrap();
    let (code, _) = check(&page, "github");
    assert_eq!(code, 2, "an unknown compartment is a read error");
}

/// One seen put, won by Ann with two tricks (the Aces tie, then KH beats QD and JS beats TS),
/// under Enquire Within, whose rubber of one game is assumed.
const ONE_SEEN_PUT: &str = "# A seen put

```put
id: one-seen-put
seats: [Ann, Ben]
dealer: Ben
deals:
  - hands: {Ann: AC KH JS, Ben: AD QD TS}
    play: Ann put, Ben see, Ann AC, Ben AD, Ann KH, Ben QD, Ann JS, Ben TS
expect:
  enquire-within:
    winner: undetermined
```
";

#[test]
fn a_winner_never_reached_under_a_switch_does_not_make_it_undetermined() {
    // Ann wins the seen put, and with it the game. Under the assumed rubber's alternative, best
    // of three games, the one game scripted leaves the rubber unfinished: nobody has won it yet,
    // so that switch gives no winner to set against Ann, and nothing else moves her win.
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("put.md");
    std::fs::write(&page, ONE_SEEN_PUT).unwrap();
    let (code, out) = check(&page, "json");
    assert_eq!(code, 1, "{out}");
    let doc: Value = serde_json::from_str(&out).unwrap();
    let v = doc["verdicts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["figure"] == "winner")
        .unwrap()
        .clone();
    assert_eq!(v["passed"], false, "{v}");
    assert_eq!(v["rests-on"], serde_json::json!([]), "{v}");
}
