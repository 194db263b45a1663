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
        policy: policy.to_string(),
        switch_deals: Some(300),
        ..Options::new(700, 3)
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
    for game in ["gleek", "put", "glic"] {
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
            "Gleek: 300 deal(s) from seed 2, policy `judging`, 3 players, evenings of 12 deal(s), each played under 8 reading(s).",
        ))
        .stdout(predicate::str::contains("Readings in pairs"))
        .stdout(predicate::str::contains("Rule points switched alone"))
        .stdout(predicate::str::contains("Expected net by seat"))
        .stdout(predicate::str::contains("Buying the stock"))
        .stdout(predicate::str::contains("Where the money goes"))
        .stdout(predicate::str::contains("Card events, each beside its exact chance"))
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
        .stdout(predicate::str::contains(
            "le-truc: the 32-card pack (6 7 A K Q J 10 9)",
        ))
        .stdout(predicate::str::contains("The pack's own effect"));
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
    for game in ["gleek", "put", "glic"] {
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
    // Without the build's own cache, which would leave an unchanged site alone without asking
    // the simulation's: this test is about the latter, which `--no-cache` still uses.
    let build = || {
        Command::cargo_bin("mournival")
            .unwrap()
            .arg("--root")
            .arg(root)
            .args(["build", "--no-cache"])
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
    // Each game's sidebar (on its pages) links its own page.
    let matrix = std::fs::read_to_string(root.join("site/matrix/index.html")).unwrap();
    assert!(matrix.contains("href=\"../what-the-readings-change/\">What the readings change</a>"));
    let put_matrix = std::fs::read_to_string(root.join("site/put/matrix/index.html")).unwrap();
    assert!(
        put_matrix
            .contains("href=\"../../put/what-the-readings-change/\">What the readings change</a>")
    );
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
    // No run was made, so none is kept (the build keeps its own entries beside).
    let cache = dir.path().join(".mournival-cache");
    let runs = std::fs::read_dir(&cache)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("simulation-"))
        .count();
    assert_eq!(runs, 0);
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

/// A run of the library with these options over every reading of a game (or the ones named).
fn run_game(game: &str, only: &[&str], opts: &Options) -> simulate::Report {
    let readings = load_variants(repo()).unwrap();
    let game = games::by_id(game).unwrap();
    let chosen: Vec<_> = readings
        .of(game)
        .variants
        .iter()
        .filter(|v| only.is_empty() || only.contains(&v.id.as_str()))
        .collect();
    simulate::run(game, &chosen, opts, &|_| {}).unwrap()
}

#[test]
fn glic_simulates_and_deals_at_every_table_size() {
    for players in ["3", "6"] {
        mournival()
            .args([
                "simulate",
                "--game",
                "glic",
                "--deals",
                "300",
                "--players",
                players,
            ])
            .assert()
            .success()
            .stdout(predicate::str::contains(format!("{players} players")))
            .stdout(predicate::str::contains("nobody holds the Ace of trumps"))
            .stdout(predicate::str::contains("the Ace compartment unclaimed"))
            .stdout(predicate::str::contains("nine-eight-seven"));
    }
    let text =
        stdout(mournival().args(["deal", "--game", "glic", "--seed", "3", "--players", "5"]));
    assert!(text.contains("seats: [Ann, Ben, Cat, Dan, Eve]"), "{text}");
    mournival()
        .args(["simulate", "--game", "glic", "--players", "7"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "Glic is played by 3 to 6 players, not 7",
        ));
    mournival()
        .args(["simulate", "--game", "put", "--players", "3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "Put is played by 2 to 2 players, not 3",
        ));
}

#[test]
fn every_card_event_lands_near_its_exact_chance() {
    for game in ["gleek", "put", "glic"] {
        let opts = Options {
            switch_deals: Some(0),
            ..Options::new(4000, 17)
        };
        let r = run_game(game, &[], &opts);
        assert!(!r.events.is_empty(), "{game}");
        for e in &r.events {
            assert_eq!(e.deals, 4000, "{game}: {}", e.what);
            assert!(
                e.z.abs() < 4.0,
                "{game}: {} on {}: z {}",
                e.what,
                e.cards,
                e.z
            );
            assert!(e.exact > 0.0 && e.exact < 1.0, "{game}: {}", e.what);
        }
    }
}

#[test]
fn put_plays_each_reading_on_its_own_pack_whatever_else_is_run() {
    let opts = Options {
        policy: "judging".to_string(),
        ..Options::new(3000, 9)
    };
    let all = run_game("put", &[], &opts);
    let alone = run_game("put", &["cotton-1674"], &opts);
    let find = |r: &simulate::Report| {
        let x = r.readings.iter().find(|x| x.id == "cotton-1674").unwrap();
        serde_json::to_string(x).unwrap()
    };
    assert_eq!(find(&all), find(&alone));
    let cotton = all.readings.iter().find(|x| x.id == "cotton-1674").unwrap();
    assert!(
        cotton.cards.starts_with("the 52-card pack"),
        "{}",
        cotton.cards
    );
    let truc = all.readings.iter().find(|x| x.id == "le-truc").unwrap();
    assert!(truc.cards.starts_with("the 32-card pack"), "{}", truc.cards);
    // Threes are dealt on Cotton's pack: the event is counted there, near its exact chance.
    let threes = all
        .events
        .iter()
        .find(|e| e.cards == cotton.cards && e.what.contains("Threes in the eldest"))
        .expect("Threes counted on the 52-card pack");
    assert!((threes.exact - (1.0 - (48.0 * 47.0 * 46.0) / (52.0 * 51.0 * 50.0))).abs() < 1e-12);
    // Two readings of different packs are compared on the cards both hold, the pack apart.
    let pair = all
        .pairs
        .iter()
        .find(|p| {
            p.a == "cotton-1674" && p.b == "le-truc" || p.a == "le-truc" && p.b == "cotton-1674"
        })
        .unwrap();
    let shared = pair.shared.as_ref().expect("their packs differ");
    // Le Truc's 32 cards are all in Cotton's 52: the deals are Le Truc's own.
    assert_eq!(shared.cards, truc.cards);
    assert_eq!(shared.a_pack.len(), 2);
    let stripped = all
        .readings
        .iter()
        .find(|x| x.id == "stripped-pack")
        .unwrap();
    let apart = all
        .pairs
        .iter()
        .find(|p| [&p.a, &p.b].contains(&&stripped.id) && [&p.a, &p.b].contains(&&truc.id))
        .unwrap();
    let shared = apart.shared.as_ref().expect("their packs differ");
    assert!(
        // The short pack (3 2 A K Q J 10 9) and Le Truc's (6 7 A K Q J 10 9) share six ranks.
        shared.cards.contains("24 cards both packs hold"),
        "{}",
        shared.cards
    );
    let same = all
        .pairs
        .iter()
        .find(|p| {
            [p.a.as_str(), p.b.as_str()] == ["cotton-1674", "enquire-within"]
                || [p.a.as_str(), p.b.as_str()] == ["enquire-within", "cotton-1674"]
        })
        .unwrap();
    assert!(same.shared.is_none(), "both play the full pack");
}

#[test]
fn reusing_a_play_changes_no_figure() {
    for (game, policy) in [
        ("gleek", "simple"),
        ("gleek", "judging"),
        ("put", "judging"),
        ("glic", "judging"),
    ] {
        let opts = Options {
            policy: policy.to_string(),
            evening: 5,
            ..Options::new(500, 21)
        };
        let reused = run_game(game, &[], &opts);
        let played = run_game(
            game,
            &[],
            &Options {
                reuse: false,
                ..opts.clone()
            },
        );
        assert_eq!(
            serde_json::to_string(&reused).unwrap(),
            serde_json::to_string(&played).unwrap(),
            "{game} {policy}"
        );
    }
}

#[test]
fn points_the_policy_never_consults_are_marked_not_reached() {
    let opts = Options::new(400, 2);
    let r = run_game("gleek", &[], &opts);
    assert!(
        r.points.iter().any(|p| p.reached == 0),
        "some point is never reached"
    );
    assert!(r.points.iter().any(|p| p.reached > 0));
    for p in r.points.iter().filter(|p| p.reached == 0) {
        assert_eq!(p.changed_share, 0.0, "{}: unread, yet changed", p.point);
    }
    let text = simulate::text::render(&r);
    assert!(text.contains("not reached by this policy"), "{text}");
}

mod conservation {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(6))]

        /// Every unit a player loses is in the pot or the box, deal by deal and evening by
        /// evening, under every game, policy and reading.
        #[test]
        fn no_money_leaks(seed in 0u64..1_000_000, evening in 1u64..8, players in 3usize..7) {
            for game in ["gleek", "put", "glic"] {
                for policy in ["simple", "judging"] {
                    let opts = Options {
                        policy: policy.to_string(),
                        switch_deals: Some(0),
                        evening,
                        players: (game == "glic").then_some(players),
                        ..Options::new(120, seed)
                    };
                    let r = run_game(game, &[], &opts);
                    for x in &r.readings {
                        prop_assert!(x.balances, "{} {} {}", game, policy, x.id);
                        prop_assert_eq!(x.evenings, 120u64.div_ceil(evening));
                        let lost: f64 = x.seats.iter().map(|e| e.mean).sum::<f64>();
                        if r.standing == "net" {
                            let left = lost + x.pot.mean + x.boxed.mean;
                            prop_assert!(left.abs() < 1e-9, "{} {}: {}", game, x.id, left);
                        }
                    }
                }
            }
        }
    }
}
