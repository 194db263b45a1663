//! The build's memo of plays (`compare::Plays`): a result it gives, whether played, remembered,
//! or taken from an earlier play under rules that agree on every point that play read, is the
//! engine's own for those rules.

use mournival::compare::{Plays, Summary, alternatives, evaluate_with};
use mournival::project::{load_pages, load_variants};
use std::path::Path;

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn every_result_the_memo_gives_is_the_engines() {
    let readings = load_variants(repo()).unwrap();
    let pages = [
        "content/notebook/no-vie.md",
        "content/notebook/low-trumps-optional.md",
        "content/put/notebook/seen-put.md",
        "content/glic/play.md",
    ];
    let mut asked = 0;
    for page in pages {
        for p in load_pages(repo(), &repo().join(page)).unwrap() {
            for s in &p.scenarios {
                let set = readings.of(s.game());
                let mut plays = Plays::new(s.as_ref());
                let points: Vec<_> = set.table.all().collect();
                for v in &set.variants {
                    // Each point switched alone, then with the next point switched too: most
                    // of these agree with an earlier play on every point it read.
                    for (k, &p) in points.iter().enumerate() {
                        for c in 0..p.def().choices.len() as u8 {
                            let one = v.rules.with(p, c);
                            let next = points[(k + 1) % points.len()];
                            let two = one
                                .with(next, (one.get(next) + 1) % next.def().choices.len() as u8);
                            for rules in [one, two] {
                                let engine = Summary::of(&s.play_as(&v.id, &rules));
                                assert_eq!(
                                    plays.summary(Some(&v.id), &rules),
                                    engine,
                                    "{} under {} switched",
                                    s.head().id,
                                    v.id
                                );
                                asked += 1;
                            }
                        }
                    }
                    let (outcome, summary) = plays.played(Some(&v.id), &v.rules);
                    assert_eq!(Summary::of(&outcome), summary);
                    assert_eq!(summary, Summary::of(&s.play_as(&v.id, &v.rules)));
                }
            }
        }
    }
    assert!(asked > 1000, "{asked} results asked");
}

/// A reading's alternatives through a memo its other readings share (the build's way, which
/// plays an alternative only when no earlier play says it comes to the reading's own result)
/// are exactly those of playing every alternative and keeping the ones that change it.
#[test]
fn the_memos_alternatives_are_those_that_change_the_result() {
    let readings = load_variants(repo()).unwrap();
    let mut kept = 0;
    for p in load_pages(repo(), &repo().join("content")).unwrap() {
        for s in &p.scenarios {
            let set = readings.of(s.game());
            let mut plays = Plays::new(s.as_ref());
            for v in &set.variants {
                let evaluated = evaluate_with(&mut plays, v);
                let main = Summary::of(&s.play_as(&v.id, &v.rules));
                assert_eq!(Summary::of(&evaluated.outcome), main);
                let every: Vec<_> = alternatives(s.as_ref(), v)
                    .into_iter()
                    .filter(|a| Summary::of(&a.outcome) != main)
                    .map(|a| (a.point, a.choice, Summary::of(&a.outcome)))
                    .collect();
                let memo: Vec<_> = (evaluated.alternatives.iter())
                    .map(|a| (a.point, a.choice, Summary::of(&a.outcome)))
                    .collect();
                assert_eq!(memo, every, "{} under {}", s.head().id, v.id);
                kept += memo.len();
            }
        }
    }
    assert!(kept > 50, "{kept} alternatives that change a result");
}
