//! `simulate` and `deal` as a user runs them, and the simulation behind the site's page: the
//! same seed gives the same report on one thread and on two; a dealt scenario parses and plays.

use assert_cmd::Command;
use mournival::game::Outcome;
use mournival::games;
use mournival::project::{load_variants, parse_page};
use mournival::simulate::{self, Options};
use predicates::prelude::*;
use std::path::Path;

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn mournival() -> Command {
    let mut cmd = Command::cargo_bin("mournival").unwrap();
    cmd.arg("--root").arg(repo());
    cmd
}

/// What a command that succeeds prints.
fn stdout(cmd: &mut Command) -> String {
    let out = cmd.assert().success().get_output().stdout.clone();
    String::from_utf8(out).unwrap()
}

/// A run's JSON report with `threads` worker threads.
fn json_with_threads(threads: &str, args: &[&str]) -> String {
    stdout(
        mournival()
            .env("RAYON_NUM_THREADS", threads)
            .arg("simulate")
            .arg("--json")
            .args(args),
    )
}

#[test]
fn the_same_seed_gives_the_same_report_on_one_thread_and_on_two() {
    let args = ["--deals", "600", "--seed", "7", "--switch-deals", "600"];
    let one = json_with_threads("1", &args);
    let two = json_with_threads("2", &args);
    assert_eq!(one, two);
    assert!(one.contains("\"deals\": 600"));
    let other = json_with_threads("2", &["--deals", "600", "--seed", "8"]);
    assert_ne!(one, other, "another seed deals other hands");
}

/// The library's run in a pool of its own, the other way of fixing the number of threads.
fn run_in_pool(threads: usize, game: &str, policy: &str) -> String {
    let readings = load_variants(repo()).unwrap();
    let game = games::by_id(game).unwrap();
    let chosen: Vec<_> = readings.of(game).variants.iter().collect();
    let opts = Options {
        deals: 700,
        seed: 3,
        policy: policy.to_string(),
        switch_deals: 300,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let report = pool
        .install(|| simulate::run(game, &chosen, &opts, &|_| {}))
        .unwrap();
    serde_json::to_string(&report).unwrap()
}

#[test]
fn every_game_and_policy_reports_the_same_on_any_number_of_threads() {
    for game in ["gleek", "put"] {
        for policy in ["simple", "judging"] {
            assert_eq!(
                run_in_pool(1, game, policy),
                run_in_pool(2, game, policy),
                "{game} {policy}"
            );
        }
    }
}

#[test]
fn the_terminal_report_has_every_part() {
    mournival()
        .args([
            "simulate", "--deals", "300", "--seed", "2", "--policy", "judging",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Gleek: 300 deal(s) from seed 2, policy `judging`, each played under 8 reading(s).",
        ))
        .stdout(predicate::str::contains("Readings in pairs"))
        .stdout(predicate::str::contains("Rule points switched alone"))
        .stdout(predicate::str::contains("Expected net by seat"))
        .stdout(predicate::str::contains("Buying the stock"))
        .stdout(predicate::str::contains("Deals not playable"));
}

#[test]
fn readings_may_be_chosen_and_put_reports_its_score() {
    mournival()
        .args([
            "simulate",
            "--game",
            "put",
            "--deals",
            "200",
            "--variants",
            "cotton-1674,le-truc",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("each played under 2 reading(s)"))
        .stdout(predicate::str::contains("Expected score by seat"))
        .stdout(predicate::str::contains("cotton-1674 le-truc"))
        .stdout(predicate::str::contains("Dealt from the 32 cards"));
}

#[test]
fn bad_arguments_are_refused_with_what_is_allowed() {
    let cases: [(&[&str], &str); 4] = [
        (
            &["simulate", "--game", "whist"],
            "unknown game `whist`; the games are `gleek`, `put`",
        ),
        (
            &["simulate", "--variants", "cotton-1674,hoyle"],
            "`hoyle` is not a Gleek variant; the variants are",
        ),
        (
            &["simulate", "--policy", "reckless"],
            "unknown policy `reckless`; the policies for Gleek are `simple`, `judging`",
        ),
        (
            &["simulate", "--deals", "0"],
            "--deals must be between 1 and",
        ),
    ];
    for (args, message) in cases {
        mournival()
            .args(args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message))
            .stderr(predicate::str::contains("nothing was simulated"));
    }
}

/// `deal`'s output, as a page holding it.
fn dealt_page(game: &str, seed: &str) -> String {
    stdout(mournival().args(["deal", "--game", game, "--seed", seed]))
}

#[test]
fn a_dealt_scenario_parses_and_plays_under_every_reading() {
    let readings = load_variants(repo()).unwrap();
    for game in ["gleek", "put"] {
        for seed in ["1", "2", "3"] {
            let text = dealt_page(game, seed);
            assert!(text.starts_with(&format!("```{game}\n")), "{text}");
            assert!(!text.contains("expect:"), "{text}");
            let page = parse_page(Path::new("dealt.md"), text.clone().into())
                .unwrap_or_else(|e| panic!("{text}\n{e:?}"));
            assert_eq!(page.scenarios.len(), 1);
            let s = &page.scenarios[0];
            assert_eq!(s.game().id(), game);
            for v in &readings.of(s.game()).variants {
                assert!(
                    matches!(s.play(&v.rules), Outcome::Played(_)),
                    "{game} seed {seed} under {}:\n{text}",
                    v.id
                );
            }
        }
    }
    assert_eq!(dealt_page("gleek", "4"), dealt_page("gleek", "4"));
    assert_ne!(dealt_page("gleek", "4"), dealt_page("gleek", "5"));
}

#[test]
fn a_dealt_scenario_can_be_checked_and_explained() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("deal.md");
    std::fs::write(&page, dealt_page("gleek", "9")).unwrap();
    mournival()
        .arg("check")
        .arg(&page)
        .assert()
        .success()
        .stdout(predicate::str::contains("checked 1 scenario(s)"));
    mournival()
        .arg("explain")
        .arg(format!("{}#dealt-9-0", page.display()))
        .args(["--variant", "cotton-1674"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Ann"));
}

/// A project of one page, with a `simulate:` entry in its project file.
fn project(simulate: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir_all(root.join("content")).unwrap();
    std::fs::write(root.join("content/index.md"), "# Home\n\nA page.\n").unwrap();
    for game in ["gleek", "put"] {
        let to = root.join("variants").join(game);
        std::fs::create_dir_all(&to).unwrap();
        for entry in std::fs::read_dir(repo().join("variants").join(game)).unwrap() {
            let entry = entry.unwrap();
            std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
        }
    }
    std::fs::write(root.join("mournival.yaml"), simulate).unwrap();
    dir
}

#[test]
fn the_site_shows_the_charts_and_caches_the_run() {
    let dir = project("simulate: {deals: 60, seed: 4, policy: judging}\n");
    let root = dir.path();
    let build = || {
        Command::cargo_bin("mournival")
            .unwrap()
            .arg("--root")
            .arg(root)
            .arg("build")
            .assert()
            .success();
    };
    build();
    let page =
        std::fs::read_to_string(root.join("site/what-the-readings-change/index.html")).unwrap();
    assert!(page.contains("<svg class=\"chart\""));
    assert!(page.contains("role=\"img\""));
    assert!(page.contains("60 random hands of Gleek (seed 4)"));
    assert!(page.contains("--policy judging"));
    assert!(page.contains("<h3 id=\"policy-simple\">"));
    assert!(page.contains("Is buying the stock worth it?"));
    assert!(page.contains("href=\"../rules/par-settlement/\""));
    // The charts need no script: the only one is the site-wide `/` search shortcut.
    let shortcut = "<script src=\"../static/keys.js\" defer></script>";
    assert!(!page.replace(shortcut, "").contains("<script"));
    let put =
        std::fs::read_to_string(root.join("site/put/what-the-readings-change/index.html")).unwrap();
    assert!(put.contains("Put: what the readings change"));
    let index = std::fs::read_to_string(root.join("site/index.html")).unwrap();
    assert!(index.contains("what-the-readings-change/\">What the readings change</a>"));
    // The run is cached in the tool's own folder, never in the site or the content.
    let cache = root.join(".mournival-cache");
    let entries = || -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&cache)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with("simulation-gleek-"))
            .collect();
        names.sort();
        names
    };
    let first = entries();
    assert_eq!(first.len(), 1);
    // A cached page is used: the next build leaves the entry as it was and shows the same page.
    let cached = cache.join(&first[0]);
    let text = std::fs::read_to_string(&cached).unwrap();
    let written = std::fs::metadata(&cached).unwrap().modified().unwrap();
    build();
    let again =
        std::fs::read_to_string(root.join("site/what-the-readings-change/index.html")).unwrap();
    assert_eq!(again, page);
    assert_eq!(
        std::fs::metadata(&cached).unwrap().modified().unwrap(),
        written,
        "the entry was made again"
    );
    // An entry changed after it was written is not used: it is made again, and not shown.
    std::fs::write(&cached, format!("<p>from the cache</p>{text}")).unwrap();
    build();
    let again =
        std::fs::read_to_string(root.join("site/what-the-readings-change/index.html")).unwrap();
    assert!(!again.contains("from the cache"));
    assert_eq!(std::fs::read_to_string(&cached).unwrap(), text);
    // Another seed is another entry, which replaces the old one.
    std::fs::write(
        root.join("mournival.yaml"),
        "simulate: {deals: 60, seed: 5}\n",
    )
    .unwrap();
    build();
    let second = entries();
    assert_eq!(second.len(), 1);
    assert_ne!(first, second);
}

#[test]
fn a_project_without_simulate_has_no_such_page() {
    let dir = project("title: Plain\n");
    Command::cargo_bin("mournival")
        .unwrap()
        .arg("--root")
        .arg(dir.path())
        .arg("build")
        .assert()
        .success();
    assert!(!dir.path().join("site/what-the-readings-change").exists());
    assert!(!dir.path().join(".mournival-cache").exists());
}

#[test]
fn a_bad_simulate_entry_is_located() {
    let cases = [
        (
            "simulate: {deals: 0, seed: 1}\n",
            "mournival.yaml:1:",
            "between 1 and",
        ),
        (
            "simulate: {deals: 10, seed: 1, policy: reckless}\n",
            "mournival.yaml:1:",
            "unknown policy `reckless`",
        ),
        ("simulate: {deals: 10}\n", "mournival.yaml:1:", "seed"),
        (
            "simulate: {deals: 10, seed: 1, size: 3}\n",
            "mournival.yaml:1:",
            "size",
        ),
    ];
    for (yaml, at, message) in cases {
        let dir = project(yaml);
        Command::cargo_bin("mournival")
            .unwrap()
            .arg("--root")
            .arg(dir.path())
            .arg("build")
            .assert()
            .code(2)
            .stderr(predicate::str::contains(at))
            .stderr(predicate::str::contains(message));
        assert!(!dir.path().join("site").exists());
    }
}
