//! Put's invariants over random deals and random legal actions, under every combination of
//! choices: every card accounted for, every score change explained by its award, a game won
//! exactly once at its target, a match that stops when it is won, and the same input giving the
//! same output.

use mournival::cards::{Card, CardSet, Pack};
use mournival::games::put::engine::{Choice, Outcome, Policy, View, play_with};
use mournival::games::put::order;
use mournival::games::put::points::{Point, PutRules, TABLE, choice};
use mournival::games::put::record::{Award, Event, Record};
use mournival::games::put::scenario::{Pass, PutScenario, Seat, side_of};
use mournival::rules::Rules;
use mournival::variant::VariantSet;
use proptest::prelude::*;

/// Picks uniformly among the legal actions; a small xorshift so that a seed replays exactly.
struct RandomPolicy {
    state: u64,
}

impl RandomPolicy {
    fn new(seed: u64) -> RandomPolicy {
        RandomPolicy { state: seed | 1 }
    }

    fn next(&mut self, n: usize) -> usize {
        self.state ^= self.state << 13;
        self.state ^= self.state >> 7;
        self.state ^= self.state << 17;
        (self.state % n as u64) as usize
    }
}

impl Policy for RandomPolicy {
    fn choose(&mut self, _view: &View, legal: &[Choice]) -> Choice {
        legal[self.next(legal.len())]
    }

    fn pass(&mut self, _pack: choice::Pack, options: &[Pass]) -> Pass {
        options[self.next(options.len())]
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

/// `count` deals of three cards a seat from the reading's pack, shuffled by the seed.
fn random_match(seed: u64, seats: usize, count: usize, rules: &Rules, start: u32) -> PutScenario {
    let pack: Vec<Card> = Pack::Full52
        .cards()
        .iter()
        .filter(|&c| order::strength(rules.pack(), c).is_some())
        .collect();
    let mut rng = RandomPolicy::new(seed);
    let deals = (0..count)
        .map(|_| {
            let mut cards = pack.clone();
            for i in (1..cards.len()).rev() {
                cards.swap(i, rng.next(i + 1));
            }
            (0..seats)
                .map(|s| cards[s * 3..s * 3 + 3].iter().copied().collect())
                .collect()
        })
        .collect();
    let names = ["Ann", "Ben", "Cat", "Dan"];
    let mut s = PutScenario::dealt(&names[..seats], Seat((seed % seats as u64) as u8), deals);
    let target = mournival::games::put::engine::target(rules);
    s.score = (0..s.sides())
        .map(|i| (start + i as u32) % target)
        .collect();
    s
}

fn playable_table(seats: usize, rules: &Rules) -> bool {
    match seats {
        3 => rules.three_hands() == choice::ThreeHands::Permitted,
        4 => rules.four_handed() != choice::FourHanded::NotPlayed,
        _ => true,
    }
}

fn check(s: &PutScenario, rules: &Rules, record: &Record) -> Result<(), TestCaseError> {
    let n = s.seats();
    let target = mournival::games::put::engine::target(rules);
    let needed = match rules.rubber() {
        choice::Rubber::OneGame => 1,
        choice::Rubber::BestOfThree => 2,
    };
    let mut before = s.score.clone();
    let mut games = vec![0u32; s.sides()];
    for (i, d) in record.deals.iter().enumerate() {
        // Every card played came from its player's hand at the start of play, once.
        let dealt: CardSet = s.deals[i]
            .hands
            .iter()
            .fold(CardSet::EMPTY, |a, &h| a.union(h));
        let mut played = CardSet::EMPTY;
        for e in &d.events {
            if let Event::Trick { cards, .. } = e {
                for &(seat, card) in cards {
                    prop_assert!(d.hands[seat.index()].contains(card), "{card} not held");
                    prop_assert!(played.insert(card), "{card} played twice");
                }
            }
        }
        let held: CardSet = d.hands.iter().fold(CardSet::EMPTY, |a, &h| a.union(h));
        prop_assert!(held.difference(dealt).is_empty());
        prop_assert_eq!(held.len() as usize, if n == 4 { 6 } else { 3 * n });
        // The score moves exactly as the award says.
        let mut expected = before.clone();
        match &d.award {
            Award::Points { side, points, .. } => expected[*side] += points,
            Award::Game { side } => expected[*side] = target,
            Award::GameAnew => expected.iter_mut().for_each(|p| *p = 0),
            Award::Nothing { .. } => {}
        }
        prop_assert_eq!(&d.scores, &expected);
        // A game is won exactly when a score reaches the target, by that side alone.
        let reached: Vec<usize> = (0..s.sides()).filter(|&j| d.scores[j] >= target).collect();
        prop_assert!(reached.len() <= 1);
        prop_assert_eq!(d.game_won, reached.first().copied());
        before = d.scores.clone();
        if let Some(side) = d.game_won {
            games[side] += 1;
            before.iter_mut().for_each(|p| *p = 0);
            if games[side] == needed {
                prop_assert_eq!(i + 1, record.deals.len(), "deals after the match");
            }
        }
        // Awards go only to players still at the table's sides.
        if let Award::Points { side, .. } = d.award {
            prop_assert!(side < s.sides());
            prop_assert!((0..n).any(|seat| side_of(Seat(seat as u8), n) == side));
        }
    }
    prop_assert_eq!(&record.games, &games);
    let winner = (0..s.sides()).find(|&j| games[j] == needed);
    prop_assert_eq!(record.winner, winner);
    if winner.is_none() {
        prop_assert_eq!(record.deals.len(), s.deals.len());
    }
    Ok(())
}

/// The bundled readings of Put, loaded once.
fn readings() -> &'static [Rules] {
    static READINGS: std::sync::OnceLock<Vec<Rules>> = std::sync::OnceLock::new();
    READINGS.get_or_init(|| {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/put");
        VariantSet::load_dir(&dir, TABLE)
            .expect("the bundled Put readings load")
            .variants
            .into_iter()
            .map(|v| v.rules)
            .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn every_bundled_reading_keeps_the_invariants(
        seed in any::<u64>(), policy_seed in any::<u64>(),
        seats in 2usize..=4, count in 1usize..12, start in 0u32..12,
    ) {
        let all = readings();
        prop_assert_eq!(all.len(), 6);
        for rules in all.iter().filter(|r| playable_table(seats, r)) {
            let s = random_match(seed, seats, count, rules, start);
            match play_with(&s, rules, &mut RandomPolicy::new(policy_seed)) {
                Outcome::Played(record) => check(&s, rules, &record)?,
                Outcome::Unplayable(u) => prop_assert!(false, "legal play refused: {u:?}"),
            }
        }
    }

    #[test]
    fn random_legal_play_keeps_the_invariants(
        seed in any::<u64>(), rules_seed in any::<u64>(), policy_seed in any::<u64>(),
        seats in 2usize..=4, count in 1usize..12, start in 0u32..12,
    ) {
        let rules = random_rules(rules_seed);
        prop_assume!(playable_table(seats, &rules));
        let s = random_match(seed, seats, count, &rules, start);
        match play_with(&s, &rules, &mut RandomPolicy::new(policy_seed)) {
            Outcome::Played(record) => check(&s, &rules, &record)?,
            Outcome::Unplayable(u) => prop_assert!(false, "legal play refused: {u:?}"),
        }
    }

    #[test]
    fn the_same_input_gives_the_same_output(
        seed in any::<u64>(), rules_seed in any::<u64>(), policy_seed in any::<u64>(),
        seats in 2usize..=4,
    ) {
        let rules = random_rules(rules_seed);
        let s = random_match(seed, seats, 6, &rules, 0);
        let a = play_with(&s, &rules, &mut RandomPolicy::new(policy_seed));
        let b = play_with(&s, &rules, &mut RandomPolicy::new(policy_seed));
        prop_assert_eq!(a, b);
    }
}
