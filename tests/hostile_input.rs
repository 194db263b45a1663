//! No input makes the parser or the engine panic: random bytes, random edits of a valid page,
//! and numbers of every size where the page writes a number. Run in a debug build, so an
//! arithmetic overflow is a panic too.

use mournival::check::check;
use mournival::diagnostic::Diagnostic;
use mournival::project::{load_variants, parse_page};
use mournival::variant::Readings;
use proptest::prelude::*;
use std::path::Path;
use std::sync::{Arc, OnceLock};

/// A valid page: under Cotton, Ann +38, Ben -22, Cat -16.
const PAGE: &str = include_str!("fixtures/cotton-deal.md");
/// A valid Put page: three deals under Cotton's reading.
const PUT_PAGE: &str = include_str!("fixtures/put-game.md");
/// A valid Glic page: one deal with coins carried on the board.
const GLIC_PAGE: &str = include_str!("fixtures/glic-deal.md");

/// The bundled readings of every game.
fn variants() -> &'static Readings {
    static SET: OnceLock<Readings> = OnceLock::new();
    SET.get_or_init(|| {
        load_variants(Path::new(env!("CARGO_MANIFEST_DIR"))).expect("the bundled variants load")
    })
}

/// Parses a text as a page and as a YAML scenario file, shows every error, and plays whatever
/// parsed under every variant.
fn read_everything(text: &str) {
    let text: Arc<str> = text.into();
    for name in ["page.md", "scenario.yaml"] {
        match parse_page(Path::new(name), text.clone()) {
            Ok(page) => {
                check(&page.scenarios, variants());
            }
            Err(errors) => {
                assert!(!errors.is_empty());
                for d in &errors {
                    show(d);
                }
            }
        }
    }
}

fn show(d: &Diagnostic) {
    let text = d.render("error");
    assert!(text.contains(&d.message));
    let _ = d.location.to_string();
}

/// Pieces that make YAML, Markdown and scenarios interesting to break.
const PIECES: &[&str] = &[
    "\n",
    " ",
    "  ",
    "\t",
    ":",
    ",",
    "-",
    "- ",
    "{",
    "}",
    "[",
    "]",
    "'",
    "\"",
    "#",
    "&a ",
    "*a",
    "|",
    ">",
    "```",
    "```gleek\n",
    "```put\n",
    "```glic\n",
    "+++\n",
    "---\n",
    "½",
    "1/2",
    ".5",
    "−",
    "9",
    "99999999999",
    "18446744073709551616",
    "-9223372036854775808",
    "AS",
    "10♥",
    "ZZ",
    "Ann",
    "pass",
    "vie",
    "revie",
    "unplayable",
    "net:",
    "pot:",
    "put",
    "see",
    "throw",
    "scores:",
    "give: ",
    "poch:",
    "queen",
    "carried:",
    "\r\n",
    "\u{feff}",
    "\u{1b}[2J",
    "é",
    "\0",
];

/// One edit of the page: where (a fraction of its length) and what.
#[derive(Clone, Debug)]
enum Edit {
    Delete(f64, usize),
    Insert(f64, usize, usize),
    DuplicateLine(f64),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (0.0..1.0, 1usize..40).prop_map(|(at, n)| Edit::Delete(at, n)),
        (0.0..1.0, 0..PIECES.len(), 1usize..4).prop_map(|(at, p, n)| Edit::Insert(at, p, n)),
        (0.0..1.0).prop_map(Edit::DuplicateLine),
    ]
}

fn boundary(text: &str, at: f64) -> usize {
    let mut i = ((text.len() as f64) * at) as usize;
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// A page with the edits applied in order.
fn edited(page: &str, edits: &[Edit]) -> String {
    let mut text = page.to_string();
    for e in edits {
        apply(&mut text, e);
    }
    text
}

fn apply(text: &mut String, edit: &Edit) {
    match *edit {
        Edit::Delete(at, n) => {
            let start = boundary(text, at);
            let end = text[start..]
                .char_indices()
                .nth(n)
                .map_or(text.len(), |(i, _)| start + i);
            text.replace_range(start..end, "");
        }
        Edit::Insert(at, piece, times) => {
            let i = boundary(text, at);
            text.insert_str(i, &PIECES[piece].repeat(times));
        }
        Edit::DuplicateLine(at) => {
            let i = boundary(text, at);
            let start = text[..i].rfind('\n').map_or(0, |s| s + 1);
            let end = text[i..].find('\n').map_or(text.len(), |e| i + e + 1);
            let line = text[start..end].to_string();
            text.insert_str(end, &line);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..2000)) {
        read_everything(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn random_edits_of_a_valid_page_never_panic(edits in proptest::collection::vec(edit(), 1..8)) {
        read_everything(&edited(PAGE, &edits));
    }

    #[test]
    fn random_edits_of_a_valid_put_page_never_panic(edits in proptest::collection::vec(edit(), 1..8)) {
        read_everything(&edited(PUT_PAGE, &edits));
    }

    #[test]
    fn random_edits_of_a_valid_glic_page_never_panic(edits in proptest::collection::vec(edit(), 1..8)) {
        read_everything(&edited(GLIC_PAGE, &edits));
    }

    #[test]
    fn glic_amounts_of_any_size_never_panic(carried in any::<u64>(), bet in any::<u64>()) {
        let text = GLIC_PAGE
            .replace("ace: 2", &format!("ace: {carried}"))
            .replace("Ann 1, Ben 1", &format!("Ann {bet}, Ben see"));
        read_everything(&text);
        // Within the bounds the deal is read, and played or found not playable.
        let text = GLIC_PAGE
            .replace("ace: 2", &format!("ace: {}", carried % 1_000_001))
            .replace("Ann 1, Ben 1", &format!("Ann {}, Ben see", 1 + bet % 1000));
        let page = parse_page(Path::new("page.md"), text.into());
        prop_assert!(page.is_ok(), "{:?}", page.err());
        let report = check(&page.unwrap().scenarios, variants());
        prop_assert_eq!(report.scenarios, 1);
    }

    #[test]
    fn numbers_of_any_size_never_panic(
        net in any::<i64>(),
        pot in any::<u64>(),
        bid in any::<u64>(),
        passed in any::<u64>(),
        half in any::<bool>(),
    ) {
        let half = if half { "½" } else { "" };
        let text = PAGE
            .replace("Ann: +38", &format!("Ann: {net}{half}"))
            .replace("auction: Ben 12", &format!("carried: {{pot: {pot}{half}, ruff-passed: {passed}}}\nauction: Ben {bid}"));
        read_everything(&text);
        // Within the bounds the deal is played, whatever the amounts.
        let text = PAGE
            .replace("Ann: +38", &format!("Ann: {}", net % 1_000_000_001))
            .replace("auction: Ben 12", &format!("carried: {{pot: {}, ruff-passed: {}}}\nauction: Ben {}", pot % 1_000_000_001, passed % 17, 12 + bid % 989));
        let page = parse_page(Path::new("page.md"), text.into());
        prop_assert!(page.is_ok(), "{:?}", page.err());
        let report = check(&page.unwrap().scenarios, variants());
        prop_assert_eq!(report.scenarios, 1);
    }
}

/// A folder of pages each holding `misquotes` quotations that are not in Cotton, with `check`
/// run on it in `format` (text when empty): its output.
fn check_misquotes(pages: usize, misquotes: usize, format: &str) -> std::process::Output {
    let dir = tempfile::tempdir().unwrap();
    let wrong = "\"the Dealer pays every one a Crown\" (p. 91). ".repeat(misquotes);
    for i in 0..pages {
        let page = PAGE.replace("id: cotton-deal", &format!("id: cotton-deal-{i}"));
        std::fs::write(
            dir.path().join(format!("p{i}.md")),
            format!("{page}\n{wrong}\n"),
        )
        .unwrap();
    }
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_mournival"));
    cmd.arg("--root")
        .arg(env!("CARGO_MANIFEST_DIR"))
        .arg("check")
        .arg(dir.path());
    if !format.is_empty() {
        cmd.args(["--format", format]);
    }
    let out = cmd.output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    out
}

#[test]
fn misquotes_are_shown_twenty_a_file_and_a_hundred_a_run() {
    let out = check_misquotes(1, 3000, "");
    let (stderr, stdout) = (
        String::from_utf8_lossy(&out.stderr),
        String::from_utf8_lossy(&out.stdout),
    );
    assert_eq!(stderr.matches("misquote: ").count(), 20, "{stderr}");
    assert!(stderr.contains("and 2980 more error(s) in "), "{stderr}");
    assert!(stdout.contains("3000 wrong"), "{stdout}");
    assert!(stderr.len() < 20_000, "{} bytes", stderr.len());

    let json = check_misquotes(1, 3000, "json");
    let doc: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let misquotes = doc["misquotes"].as_array().unwrap();
    assert_eq!(misquotes.len(), 21, "twenty and one line for the rest");
    assert!(
        misquotes[20]["message"]
            .as_str()
            .unwrap()
            .starts_with("and 2980 more")
    );

    let run = check_misquotes(7, 30, "");
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(stderr.matches("misquote: ").count(), 100, "{stderr}");
    assert!(String::from_utf8_lossy(&run.stdout).contains("210 wrong"));
}

/// A game's readings are bounded: a long `based-on` chain of them is refused at once, with the
/// folder named, not built at a cost in memory that grows with each.
#[test]
fn too_many_readings_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let readings = dir.path().join("variants/gleek");
    std::fs::create_dir_all(&readings).unwrap();
    let cotton = Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/gleek/cotton-1674.yaml");
    std::fs::copy(cotton, readings.join("cotton-1674.yaml")).unwrap();
    for i in 1..=100 {
        let base = if i == 1 {
            "cotton-1674".to_string()
        } else {
            format!("r{}", i - 1)
        };
        let text = format!(
            "id: r{i}\ntitle: t\nauthor: a\ndate: '1'\nkind: primary-source\ncitation: c\nbased-on: {base}\n"
        );
        std::fs::write(readings.join(format!("r{i}.yaml")), text).unwrap();
    }
    std::fs::create_dir(dir.path().join("content")).unwrap();
    std::fs::write(dir.path().join("content/index.md"), "# Home\n").unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mournival"))
        .arg("--root")
        .arg(dir.path())
        .arg("build")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("holds 101 readings; a game may have at most 100"),
        "{stderr}"
    );
    assert!(!dir.path().join("site").exists());
}

/// A quotation longer than the longest compared is said not to have been compared: a long
/// misquote does not pass unseen.
#[test]
fn a_quotation_too_long_to_compare_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("page.md");
    let long = "the Dealer pays every one a Crown ".repeat(80);
    std::fs::write(&page, format!("{PAGE}\n\"{long}\" (p. 91).\n")).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mournival"))
        .arg("--root")
        .arg(env!("CARGO_MANIFEST_DIR"))
        .arg("check")
        .arg(&page)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("bytes long, more than the 2000 a quotation may be: it was not compared"),
        "{stderr}"
    );
}
