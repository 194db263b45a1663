//! "Why they differ" adds up: over random deals (Gleek) and random games (Put) under random
//! pairs of readings, the shares of the differing rule points add up, for every player, exactly
//! to the difference between the two readings; the split from B to A is the split from A to B
//! turned round; and a point on which the readings agree has no share.

use mournival::attribution::{EXACT_MAX, Method, Share};
use mournival::cards::{Card, CardSet, Pack};
use mournival::compare::{Attribution, NoSplit, attribute};
use mournival::game::{Scenario, Seat};
use mournival::games::gleek::scenario::Scenario as GleekScenario;
use mournival::games::put::scenario::PutScenario;
use mournival::rules::{PointTable, Rules};
use proptest::prelude::*;

/// A reading from raw numbers, one per point (taken modulo its number of choices).
fn reading(table: PointTable, raw: &[u8]) -> Rules {
    let mut rules = Rules::first_choices(table);
    for (p, r) in table.all().zip(raw) {
        rules.set(p, r % p.def().choices.len() as u8);
    }
    rules
}

/// `a` with the points whose `flip` is under `density` moved to another choice (by `by`, never
/// 0 steps): from a few points to about half of them, past the exact cap.
fn differing(a: Rules, flip: &[u8], density: u8, by: &[u8]) -> Rules {
    let mut b = a;
    for ((p, &f), &step) in a.table().all().zip(flip).zip(by) {
        let n = p.def().choices.len() as u8;
        if f < density && n > 1 {
            b.set(p, (a.get(p) + 1 + step % (n - 1)) % n);
        }
    }
    b
}

/// The parts add up to the whole, exactly, for every seat; agreed points have no share.
fn check_adds_up(at: &Attribution, seats: usize) -> Result<(), TestCaseError> {
    match (&at.split, at.difference()) {
        (Ok(split), Some(difference)) => {
            prop_assert_eq!(split.parts.len(), at.differing.len());
            for seat in 0..seats {
                let sum: Share = split.parts.iter().map(|(_, s)| s[seat]).sum();
                prop_assert_eq!(
                    sum,
                    Share::halves(difference[seat].as_halves()),
                    "seat {} over {:?}",
                    seat,
                    at.differing
                );
            }
            for ((p, q), _) in &split.interactions {
                prop_assert!(at.differing.contains(p) && at.differing.contains(q));
            }
            // Exact up to EXACT_MAX differing points, and past them when no more than that
            // many are read by the plays between the two readings (the others null players,
            // with no share): the orders counted are still those of every differing point.
            let k = at.differing.len();
            match split.method {
                Method::Exact { orders, .. } => {
                    prop_assert_eq!(orders, (1..=k as u128).product::<u128>());
                    let moving = split.moving().count();
                    prop_assert!(moving <= EXACT_MAX, "{} moving points, exact", moving);
                }
                Method::Sampled { .. } => prop_assert!(k > EXACT_MAX),
            }
        }
        (Ok(_), None) => prop_assert!(false, "a split without a difference"),
        (Err(NoSplit::Same), _) => prop_assert_eq!(&at.from, &at.to),
        (Err(NoSplit::NotPlayable), d) => prop_assert!(d.is_none()),
        (Err(NoSplit::NoPlayableOrder), d) => prop_assert!(d.is_some()),
    }
    Ok(())
}

/// With every order counted, the split from B to A is the split from A to B turned round.
fn check_reverses(
    s: &dyn Scenario,
    a: &Rules,
    b: &Rules,
    there: &Attribution,
) -> Result<(), TestCaseError> {
    let Ok(forth) = &there.split else {
        return Ok(());
    };
    if !matches!(forth.method, Method::Exact { counted, orders } if counted == orders) {
        return Ok(());
    }
    let back = attribute(s, b, a);
    let Ok(back) = &back.split else {
        return Err(TestCaseError::fail("the way back does not split"));
    };
    for ((p, f), (q, g)) in forth.parts.iter().zip(&back.parts) {
        prop_assert_eq!(p, q);
        for (x, y) in f.iter().zip(g) {
            prop_assert_eq!(*x + *y, Share::ZERO, "{} does not turn round", p);
        }
    }
    Ok(())
}

fn gleek_deal(order: &[usize], dealer: u8) -> GleekScenario {
    let cards: Vec<Card> = Pack::Gleek44.cards().iter().collect();
    let hand = |k: usize| CardSet::from_cards(order[k * 12..k * 12 + 12].iter().map(|&i| cards[i]));
    GleekScenario::dealt(
        ["Ann", "Ben", "Cat"],
        Seat(dealer % 3),
        [hand(0), hand(1), hand(2)],
        cards[order[36]],
    )
}

/// Two or three deals of three cards a seat from the full pack (a reading with a shorter pack
/// cannot play some of them: the attribution must say so, never split).
fn put_game(order: &[usize], seats: usize, deals: usize) -> PutScenario {
    let cards: Vec<Card> = Pack::Full52.cards().iter().collect();
    let names = ["Ann", "Ben", "Cat", "Dan"];
    let hands = (0..deals)
        .map(|d| {
            (0..seats)
                .map(|s| {
                    let start = (d * seats + s) * 3;
                    CardSet::from_cards(order[start..start + 3].iter().map(|&i| cards[i]))
                })
                .collect()
        })
        .collect();
    PutScenario::dealt(&names[..seats], Seat(0), hands)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn gleek_shares_add_up_to_the_difference(
        order in Just((0..44).collect::<Vec<usize>>()).prop_shuffle(),
        dealer in 0u8..3,
        raw in proptest::collection::vec(any::<u8>(), 48),
        flip in proptest::collection::vec(any::<u8>(), 48),
        density in 16u8..128,
        by in proptest::collection::vec(any::<u8>(), 48),
    ) {
        let table = mournival::games::gleek::points::TABLE;
        let s = gleek_deal(&order, dealer);
        let a = reading(table, &raw[..table.len()]);
        let b = differing(a, &flip, density, &by);
        let at = attribute(&s, &a, &b);
        prop_assert_eq!(&at.differing, &a.differences(&b));
        check_adds_up(&at, 3)?;
        check_reverses(&s, &a, &b, &at)?;
    }

    #[test]
    fn put_shares_add_up_to_the_difference(
        order in Just((0..52).collect::<Vec<usize>>()).prop_shuffle(),
        seats in 2usize..5,
        deals in 1usize..4,
        raw in proptest::collection::vec(any::<u8>(), 48),
        flip in proptest::collection::vec(any::<u8>(), 48),
        density in 32u8..224,
        by in proptest::collection::vec(any::<u8>(), 48),
    ) {
        let table = mournival::games::put::points::TABLE;
        let s = put_game(&order, seats, deals);
        let a = reading(table, &raw[..table.len()]);
        let b = differing(a, &flip, density, &by);
        let at = attribute(&s, &a, &b);
        check_adds_up(&at, seats)?;
        check_reverses(&s, &a, &b, &at)?;
    }
}

/// Cotton's sequence after a passed ruff (issue 13): from Cotton to Parlett the nets move by
/// Ann +6, Ben +4, Cat −10. Switched alone, `ruff-money` moves them (+4, +4, −8) and `no-vie`
/// (+4, +2, −6), which sum to (+8, +6, −14); the shares split the pair's interaction
/// (−2, −2, +4) evenly between the two and add up.
const NO_VIE_NEXT_DEAL: &str = "```gleek
id: no-vie-next-deal
title: The deal after a passed ruff
seats: [Ann, Ben, Cat]
dealer: Cat
hands:
  Ann: AS TS 4S 5S 6S AH 7H 6H 5H 4H 5D 4D
  Ben: QS JS 9S AD KD QD JD TD 9D 8D 7D 6D
  Cat: 8S AC KC QC JC TC 9C 8C 7C 6C 5C 4C
turn-up: 7S
stock: KS KH QH JH TH 9H 8H
carried: {ruff-passed: 1, pot: 6}
auction: Ann 14, Ben pass, Cat pass
discard: 4S 5S 6S 5H 4H 5D 4D
vie: Ann vie, Ben see, Cat revie, Ann see, Ben pass
play:
  - AH 6D 8S
  - AC TS 7D
  - KH 9S 4C
  - AD 5C 6H
  - KD 6C 7H
  - QD 7C KS
  - QH JS 8C
  - JD 9C AS
  - JH QS TC
  - TD JC 8H
  - 9D QC 9H
  - 8D KC TH
```
";

#[test]
fn explain_diff_splits_the_difference_and_names_the_pair() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("page.md");
    std::fs::write(&page, format!("# Passed ruff\n\n{NO_VIE_NEXT_DEAL}")).unwrap();
    let out = assert_cmd::Command::cargo_bin("mournival")
        .unwrap()
        .arg("--root")
        .arg(env!("CARGO_MANIFEST_DIR"))
        .arg("explain")
        .arg(format!("{}#no-vie-next-deal", page.display()))
        .args(["--diff", "cotton-1674", "parlett"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    let row = |first: &str| -> Vec<String> {
        let line = out
            .lines()
            .find(|l| l.trim_start().starts_with(first))
            .unwrap_or_else(|| panic!("no line for {first} in\n{out}"));
        line.split_whitespace().map(str::to_string).collect()
    };
    assert!(out.contains("difference: Ann +6, Ben +4, Cat −10"), "{out}");
    assert_eq!(row("ruff-money")[4..], ["+3", "+3", "−6"], "{out}");
    assert_eq!(row("no-vie")[4..], ["+3", "+1", "−4"], "{out}");
    assert_eq!(row("total")[1..], ["+6", "+4", "−10"], "{out}");
    assert!(out.contains("all 3,628,800 orders"), "{out}");
    assert!(
        out.contains("ruff-money and no-vie: Ann −2, Ben −2, Cat +4"),
        "{out}"
    );
}
