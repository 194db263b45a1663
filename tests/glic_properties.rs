//! Glic's invariants over random deals and random legal actions, under every combination of
//! choices and under every bundled reading: the coins are conserved, every compartment is paid
//! out or carried, the countdown ends with a player out, and the same input gives the same
//! output.

use mournival::cards::{Card, CardSet, Suit};
use mournival::game::{Party, Played};
use mournival::games::glic::board::{Compartment, total};
use mournival::games::glic::engine::{CountView, Outcome, Policy, pack, play_with, value};
use mournival::games::glic::points::{Point, TABLE};
use mournival::games::glic::record::{Record, Why};
use mournival::games::glic::scenario::{Bet, GlicScenario, Seat};
use mournival::rules::Rules;
use mournival::variant::VariantSet;
use proptest::prelude::*;
use proptest::test_runner::{RngAlgorithm, TestRng};

/// Picks uniformly among the legal actions, from proptest's own generator seeded so that a
/// seed replays exactly.
struct RandomPolicy(TestRng);

impl RandomPolicy {
    fn new(seed: u64) -> RandomPolicy {
        let bytes: Vec<u8> = (0..4).flat_map(|_| seed.to_le_bytes()).collect();
        RandomPolicy(TestRng::from_seed(RngAlgorithm::ChaCha, &bytes))
    }

    fn next(&mut self, n: usize) -> usize {
        (self.0.next_u64() % n as u64) as usize
    }
}

impl Policy for RandomPolicy {
    fn ante(&mut self, _board: &[u32; 8]) -> Compartment {
        Compartment::STAKED[self.next(Compartment::STAKED.len())]
    }

    fn bet(&mut self, _hand: CardSet, _trumps: Suit, legal: &[Bet]) -> Bet {
        legal[self.next(legal.len())]
    }

    fn play(&mut self, view: &CountView, legal: &[Option<Card>]) -> Option<Card> {
        assert!(!legal.is_empty(), "a player always has a legal turn");
        for card in legal.iter().flatten() {
            assert!(view.hand.contains(*card));
            assert!(view.total + value(*card) <= 31, "only cards that fit");
        }
        legal[self.next(legal.len())]
    }
}

fn random_rules(seed: u64) -> Rules {
    let mut rng = RandomPolicy::new(seed);
    let mut rules = Rules::first_choices(TABLE);
    for &p in Point::ALL {
        rules.set(p, rng.next(p.def().choices.len()) as u8);
    }
    rules
}

/// A deal of four cards a seat from the reading's pack, the cut the next card, a few coins
/// carried on the board, all shuffled by the seed.
fn random_deal(seed: u64, seats: usize, rules: &Rules) -> GlicScenario {
    let mut rng = RandomPolicy::new(seed);
    let mut cards: Vec<Card> = pack(rules).cards().iter().collect();
    for i in (1..cards.len()).rev() {
        cards.swap(i, rng.next(i + 1));
    }
    let hands = (0..seats)
        .map(|s| cards[s * 4..s * 4 + 4].iter().copied().collect())
        .collect();
    let names = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"];
    let dealer = Seat(rng.next(seats) as u8);
    let mut s = GlicScenario::dealt(&names[..seats], dealer, hands, cards[seats * 4]);
    for c in &mut s.carried {
        *c = rng.next(4) as u32;
    }
    s
}

fn played(s: &GlicScenario, r: &Rules, seed: u64) -> Record {
    match play_with(s, r, &mut RandomPolicy::new(seed)) {
        Outcome::Played(rec) => *rec,
        Outcome::Unplayable(u) => panic!("random legal play was refused: {u:?}"),
    }
}

/// Every invariant of a played deal.
fn check(s: &GlicScenario, rec: &Record) {
    let n = s.seats();
    // Coins are conserved: what the players lost, the board gained.
    assert!(rec.balances());
    let nets: i64 = rec.nets().iter().map(|m| m.as_halves() / 2).sum();
    let gained = total(&rec.board_after()) as i64 - total(&s.carried) as i64;
    assert_eq!(nets + gained, 0);
    // Every compartment is paid out, or carried (less what was returned to its owners).
    for c in Compartment::ALL {
        let end = rec.compartments[c.index()];
        let paid: u32 = rec
            .payments
            .iter()
            .filter(|p| p.why == Why::Took(c))
            .map(|p| p.pennies)
            .sum();
        match end.taker {
            Some(t) => {
                assert_eq!((paid, end.left, end.returned), (end.held, 0, 0), "{c:?}");
                assert!(
                    rec.payments
                        .iter()
                        .filter(|p| p.why == Why::Took(c))
                        .all(|p| p.to == Party::Player(t))
                );
            }
            None => {
                assert_eq!(paid, 0, "{c:?}");
                assert_eq!(end.left + end.returned, end.held, "{c:?}");
            }
        }
        assert!(end.held >= s.carried[c.index()], "{c:?}");
    }
    // The countdown ends with one player out, every count at 31 or under, and every card
    // either played or left in a hand.
    let out = rec.countdown.out;
    assert_eq!(rec.countdown.left[out.index()], 0);
    let mut played = 0;
    for count in &rec.countdown.counts {
        assert!(count.total <= 31);
        assert!(count.last.is_some());
        let sum: u32 = count.turns.iter().filter_map(|t| t.card).map(value).sum();
        assert_eq!(sum, count.total);
        played += count.turns.iter().filter(|t| t.card.is_some()).count() as u32;
    }
    assert_eq!(
        played + rec.countdown.left.iter().sum::<u32>(),
        4 * n as u32
    );
    assert!(rec.countdown.left.iter().all(|&l| l <= 4));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn random_deals_under_random_readings_keep_every_invariant(
        seed in any::<u64>(), seats in 3usize..=6, rules_seed in any::<u64>(), play_seed in any::<u64>()
    ) {
        let rules = random_rules(rules_seed);
        let s = random_deal(seed, seats, &rules);
        let rec = played(&s, &rules, play_seed);
        check(&s, &rec);
        // The same input gives the same output.
        prop_assert_eq!(rec, played(&s, &rules, play_seed));
    }
}

#[test]
fn every_bundled_reading_keeps_every_invariant() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/glic");
    let set = VariantSet::load_dir(&dir, TABLE).expect("the bundled Glic readings load");
    assert!(set.variants.len() >= 2);
    for v in &set.variants {
        for seed in 0..300u64 {
            let s = random_deal(seed, 3 + (seed % 4) as usize, &v.rules);
            let rec = played(&s, &v.rules, seed.wrapping_mul(7919));
            check(&s, &rec);
        }
    }
}
