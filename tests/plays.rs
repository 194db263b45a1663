//! The build's memo of plays (`compare::Plays`): a result it gives, whether played, remembered,
//! or taken from an earlier play under rules that agree on every point that play read, is the
//! engine's own for those rules.

use mournival::compare::{Plays, Summary};
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
