//! Flip a rule in the page: every combination a scenario's flip file holds is what the engine
//! gives for that reading with those choices; the page loads the script only where there is
//! something to flip, and the folder `flip/` is the generator's.

use assert_cmd::Command;
use mournival::compare::{Plays, Summary};
use mournival::game::Scenario;
use mournival::project::{load_pages, load_variants};
use mournival::rules::Rules;
use mournival::site::flip::{MAX_COMBINATIONS, MIN_FLIPS, precompute};
use mournival::variant::VariantSet;
use serde_json::Value;
use std::path::Path;

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The flip file's column for a reading with the given choices of its points, checked against
/// the engine: each player's figure, or "not playable" with its reason.
fn check_column(s: &dyn Scenario, d: &Value, rules: Rules, column: u64, what: &str) {
    let cells = d["columns"][column as usize].as_array().unwrap();
    let texts: Vec<&str> = cells
        .iter()
        .take(d["nets"].as_u64().unwrap() as usize)
        .map(|t| d["texts"][t.as_u64().unwrap() as usize].as_str().unwrap())
        .collect();
    let expected: Vec<String> = match Summary::of(&s.play(&rules)) {
        Summary::Nets(n) => s
            .order()
            .iter()
            .map(|x| s.game().standing_text(n[x.index()]))
            .collect(),
        Summary::Unplayable(_) => {
            assert!(
                d["reasons"][column.to_string()].is_string(),
                "{what}: no reason"
            );
            vec!["not playable".to_string(); texts.len()]
        }
    };
    assert_eq!(texts, expected, "{what}");
}

/// Every combination in a scenario's flip file, decoded as the page's script does.
fn check_file(s: &dyn Scenario, variants: &VariantSet) -> usize {
    let Some(file) = precompute(&mut Plays::new(s), variants, "") else {
        return 0;
    };
    assert_eq!(file.path, format!("flip/{}.json", s.head().id));
    let d: Value = serde_json::from_str(&file.json).unwrap();
    let points: Vec<_> = d["points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| variants.table.find(p["id"].as_str().unwrap()).unwrap())
        .collect();
    assert!(!points.is_empty());
    let mut combinations = 0;
    for (v, r) in variants
        .variants
        .iter()
        .zip(d["readings"].as_array().unwrap())
    {
        assert_eq!(r["id"], v.id.as_str());
        let own: Vec<u8> = points.iter().map(|&p| v.rules.get(p)).collect();
        assert_eq!(r["choices"], serde_json::json!(own));
        if let Some(all) = r["all"].as_array() {
            let radices: Vec<usize> = points.iter().map(|p| p.def().choices.len()).collect();
            assert_eq!(all.len(), radices.iter().product::<usize>());
            assert!(all.len() <= MAX_COMBINATIONS);
            for (index, column) in all.iter().enumerate() {
                let mut rules = v.rules;
                let mut rest = index;
                for (p, radix) in points.iter().zip(&radices).rev() {
                    rules.set(*p, (rest % radix) as u8);
                    rest /= radix;
                }
                let what = format!("{} under {} at {index}", s.head().id, v.id);
                check_column(s, &d, rules, column.as_u64().unwrap(), &what);
            }
            combinations += all.len();
        } else {
            let some = r["some"].as_object().expect("`all` or `some`");
            let most = d["most"].as_u64().expect("a capped file says how many") as usize;
            assert!(some.contains_key(""));
            assert!(most >= MIN_FLIPS.min(points.len()));
            assert!(some.len() <= MAX_COMBINATIONS || most == MIN_FLIPS);
            for (key, column) in some {
                let mut rules = v.rules;
                let flips: Vec<&str> = key.split(',').filter(|k| !k.is_empty()).collect();
                assert!(flips.len() <= most);
                for flip in flips {
                    let (i, c) = flip.split_once('.').unwrap();
                    let (i, c): (usize, u8) = (i.parse().unwrap(), c.parse().unwrap());
                    assert_ne!(own[i], c, "{key} flips a point to the reading's own choice");
                    rules.set(points[i], c);
                }
                let what = format!("{} under {} at {key}", s.head().id, v.id);
                check_column(s, &d, rules, column.as_u64().unwrap(), &what);
            }
            combinations += some.len();
        }
    }
    combinations
}

#[test]
fn every_combination_in_a_flip_file_is_the_engines_result() {
    let readings = load_variants(repo()).unwrap();
    // A scenario of each kind: every combination (Gleek, Put), and capped by points flipped.
    let pages = [
        "content/notebook/no-vie.md",
        "content/put/notebook/seen-put.md",
        "content/notebook/low-trumps-optional.md",
    ];
    let mut capped = false;
    for page in pages {
        for p in load_pages(repo(), &repo().join(page)).unwrap() {
            for s in &p.scenarios {
                let n = check_file(s.as_ref(), readings.of(s.game()));
                capped |= n > 0 && {
                    let f =
                        precompute(&mut Plays::new(s.as_ref()), readings.of(s.game()), "").unwrap();
                    f.json.contains("\"most\"")
                };
            }
        }
    }
    assert!(capped, "no scenario checked is capped");
}

fn build(root: &Path, out: &Path) -> assert_cmd::assert::Assert {
    Command::cargo_bin("mournival")
        .unwrap()
        .arg("--root")
        .arg(root)
        .arg("build")
        .arg("--out")
        .arg(out)
        .timeout(std::time::Duration::from_secs(60))
        .assert()
}

#[test]
fn pages_load_the_script_only_where_a_rule_can_be_flipped() {
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    build(repo(), &site).success();
    let page = std::fs::read_to_string(site.join("notebook/no-vie/index.html")).unwrap();
    assert!(page.contains("<script src=\"../../static/flip.js\" defer></script>"));
    let flips: Vec<&str> = page
        .match_indices("data-flip=\"../../")
        .map(|(i, m)| {
            let rest = &page[i + m.len()..];
            &rest[..rest.find('"').unwrap()]
        })
        .collect();
    assert!(!flips.is_empty());
    for f in flips {
        let json = std::fs::read_to_string(site.join(f)).unwrap();
        serde_json::from_str::<Value>(&json).unwrap();
    }
    assert!(site.join("static/flip.js").is_file());
    let glossary = std::fs::read_to_string(site.join("glossary/index.html")).unwrap();
    assert!(
        !glossary.contains("flip.js"),
        "a page without scenarios loads the script"
    );
}

#[test]
fn a_page_in_the_flip_folder_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("content/flip")).unwrap();
    std::fs::write(dir.path().join("content/flip/x.md"), "# X\n").unwrap();
    // A project needs a reading of some game.
    let variants = dir.path().join("variants/gleek");
    std::fs::create_dir_all(&variants).unwrap();
    let bundled = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/gleek");
    for entry in std::fs::read_dir(bundled).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, variants.join(path.file_name().unwrap())).unwrap();
    }
    build(dir.path(), &dir.path().join("site"))
        .code(2)
        .stderr(predicates::str::contains(
            "which is the scenarios' flipped rule points",
        ));
}
