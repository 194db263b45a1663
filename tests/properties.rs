//! Invariants over random legal deals and actions, under every variant and under random readings.

use mournival::cards::{Card, CardSet, Pack, Rank, Suit};
use mournival::games::gleek::engine::{
    AuctionView, Outcome, Policy, Replays, SimplePolicy, VieView, play_with,
};
use mournival::games::gleek::ledger::Sums;
use mournival::games::gleek::points::{GleekRules, Point, TABLE};
use mournival::games::gleek::scenario::{Agreement, Bid, Carried, Scenario, Seat, VieCall};
use mournival::money::Money;
use mournival::rules::{AsPoint, Rules};
use mournival::variant::VariantSet;
use proptest::prelude::*;
use std::path::Path;

/// A small deterministic generator for random legal choices.
#[derive(Clone, Copy, PartialEq)]
struct RandomPolicy {
    state: u64,
    vie_calls: u32,
}

impl RandomPolicy {
    fn new(seed: u64) -> RandomPolicy {
        RandomPolicy {
            state: seed | 1,
            vie_calls: 0,
        }
    }

    fn next(&mut self, n: u64) -> u64 {
        self.state ^= self.state << 13;
        self.state ^= self.state >> 7;
        self.state ^= self.state << 17;
        self.state % n.max(1)
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.next(items.len() as u64) as usize]
    }
}

impl Policy for RandomPolicy {
    fn bid(&mut self, view: &AuctionView) -> Bid {
        if view.may_pass && self.next(2) == 0 {
            Bid::Pass
        } else {
            Bid::Bid(view.lowest + self.next((view.highest - view.lowest + 1) as u64) as u32)
        }
    }

    fn discard(&mut self, candidates: CardSet, count: u32, _trump: Suit) -> CardSet {
        let mut cards: Vec<Card> = candidates.iter().collect();
        let mut out = CardSet::EMPTY;
        for _ in 0..count {
            let i = self.next(cards.len() as u64) as usize;
            out.insert(cards.swap_remove(i));
        }
        out
    }

    fn vie(&mut self, view: &VieView) -> VieCall {
        self.vie_calls += 1;
        let calls = view.calls();
        if self.vie_calls > 12 {
            // Keep the vie finite: stop revying.
            return if view.vied {
                VieCall::See
            } else {
                VieCall::Pass
            };
        }
        self.pick(calls)
    }

    fn card(&mut self, legal: CardSet, _winners: CardSet, _leading: bool, _trump: Suit) -> Card {
        let cards: Vec<Card> = legal.iter().collect();
        self.pick(&cards)
    }
}

fn variants() -> VariantSet {
    VariantSet::load_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/gleek"),
        TABLE,
    )
    .expect("bundled variants load")
}

/// A random deal from a shuffled pack.
fn deal(seed: u64, dealer: u8, agreed: [Option<bool>; 4], carried: (u32, i64)) -> Scenario {
    let mut rng = RandomPolicy::new(seed);
    let mut cards: Vec<Card> = Pack::Gleek44.cards().iter().collect();
    for i in (1..cards.len()).rev() {
        let j = rng.next(i as u64 + 1) as usize;
        cards.swap(i, j);
    }
    let hand = |k: usize| CardSet::from_cards(cards[k * 12..k * 12 + 12].iter().copied());
    let mut s = Scenario::dealt(
        ["Ann", "Ben", "Cat"],
        Seat(dealer % 3),
        [hand(0), hand(1), hand(2)],
        cards[36],
    );
    s.agreed = Agreement {
        tiddy_turned: agreed[0],
        tiddy_held: agreed[1],
        towser_tumbler_turned: agreed[2],
        towser_tumbler_held: agreed[3],
    };
    s.carried = Carried {
        ruff_passed: carried.0,
        pot: Money::units(carried.1),
    };
    s
}

fn random_rules(seed: u64) -> Rules {
    let mut rng = RandomPolicy::new(seed);
    let mut rules = Rules::first_choices(TABLE);
    for &p in Point::ALL {
        rules.set(p, rng.next(p.def().choices.len() as u64) as u8);
    }
    rules
}

fn honours(trump: Suit) -> CardSet {
    [Rank::ACE, Rank::KING, Rank::QUEEN, Rank::JACK]
        .into_iter()
        .map(|r| Card::new(trump, r))
        .collect()
}

fn assert_invariants(s: &Scenario, rules: &Rules, outcome: &Outcome) -> Result<(), TestCaseError> {
    let Outcome::Played(l) = outcome else {
        return Err(TestCaseError::fail(format!(
            "a deal with nothing scripted is always playable: {outcome:?}"
        )));
    };
    // Every card accounted for: played in tricks, laid out, turned up, or left in hand; none twice.
    let mut seen = CardSet::EMPTY;
    let mut count = 0;
    for t in &l.tricks {
        for &(_, c) in &t.cards {
            prop_assert!(seen.insert(c), "{c} played twice");
            count += 1;
        }
    }
    prop_assert_eq!(l.tricks.len(), 12);
    for c in l
        .laid_out
        .iter()
        .chain(l.left_in_hand.iter())
        .chain([s.turn_up])
    {
        prop_assert!(seen.insert(c), "{c} counted twice");
        count += 1;
    }
    prop_assert_eq!(count, 44);
    prop_assert_eq!(seen, Pack::Gleek44.cards());
    // The money balances: players, pot and box sum to zero.
    prop_assert!(l.balances(), "ledger does not balance: {:?}", l.payments);
    // Card points are 36; with every honour in play and scored, 66 in all.
    prop_assert_eq!(l.points.cards.iter().map(|&c| c as u32).sum::<u32>(), 36);
    let trump = s.turn_up.suit();
    let out_of_play = l.laid_out.intersection(honours(trump));
    let turned_unscored = honours(trump).contains(s.turn_up)
        && rules.honour_turned_up()
            == mournival::games::gleek::points::choice::HonourTurnedUp::NotScored;
    if out_of_play.is_empty() && !turned_unscored {
        prop_assert_eq!(l.points.in_play(), 66);
    } else {
        prop_assert!(l.points.in_play() < 66);
    }
    prop_assert_eq!(l.points.in_play() % 3, 0);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn every_variant_keeps_the_invariants(seed in any::<u64>(), dealer in 0u8..3, policy_seed in any::<u64>(),
                                          agreed in proptest::array::uniform4(proptest::option::of(any::<bool>())),
                                          passed in 0u32..3, pot in 0i64..12) {
        let s = deal(seed, dealer, agreed, (passed, pot));
        for v in &variants().variants {
            let outcome = play_with(&s, &v.rules, &mut RandomPolicy::new(policy_seed));
            assert_invariants(&s, &v.rules, &outcome)?;
            let simple = play_with(&s, &v.rules, &mut SimplePolicy);
            assert_invariants(&s, &v.rules, &simple)?;
        }
    }

    #[test]
    fn random_readings_keep_the_invariants(seed in any::<u64>(), rules_seed in any::<u64>(), policy_seed in any::<u64>(), dealer in 0u8..3) {
        let s = deal(seed, dealer, [None; 4], (0, 0));
        let rules = random_rules(rules_seed);
        let outcome = play_with(&s, &rules, &mut RandomPolicy::new(policy_seed));
        assert_invariants(&s, &rules, &outcome)?;
    }

    #[test]
    fn the_same_input_gives_the_same_output(seed in any::<u64>(), rules_seed in any::<u64>(), policy_seed in any::<u64>()) {
        let s = deal(seed, 0, [None; 4], (0, 0));
        let rules = random_rules(rules_seed);
        let a = play_with(&s, &rules, &mut RandomPolicy::new(policy_seed));
        let b = play_with(&s, &rules, &mut RandomPolicy::new(policy_seed));
        prop_assert_eq!(a, b);
    }
}

/// Plays `readings` in turn through one [`Replays`], play `k` on the table `tables[k % n]` (what
/// an earlier deal left), each checked against the play from the deal on that table with a
/// fresh copy of the policy: the same outcome and the same points read.
fn replays_agree<P: Policy + Copy + PartialEq>(
    s: &Scenario,
    policy: P,
    readings: &[Rules],
    tables: &[Carried],
) -> Result<(), TestCaseError> {
    let mut replays = Replays::new(std::rc::Rc::new(s.clone()), policy);
    for (k, rules) in readings.iter().enumerate() {
        let on = Scenario {
            carried: tables[k % tables.len()],
            ..s.clone()
        };
        Rules::take_read();
        let (resumed, paid) = replays.play(rules, on.carried);
        let resumed = resumed.clone();
        let resumed_read = Rules::take_read();
        let fresh = play_with(&on, rules, &mut policy.clone());
        let fresh_read = Rules::take_read();
        prop_assert_eq!(
            &resumed,
            &fresh,
            "play {} under {:?} on {:?}",
            k,
            rules,
            on.carried
        );
        prop_assert_eq!(resumed_read, fresh_read, "points read, play {}", k);
        if let Outcome::Played(l) = &fresh {
            // What a play's payments come to, summed stage by stage as it was played (and
            // resumed), is what the whole ledger's come to.
            prop_assert_eq!(paid, Sums::of(&l.payments), "what play {} paid", k);
        }
        assert_invariants(&on, rules, &resumed)?;
    }
    Ok(())
}

/// Three random readings, each with some of its points switched alone.
fn switched_readings(seed: u64) -> Vec<(Rules, Vec<Rules>)> {
    let mut rng = RandomPolicy::new(seed);
    let mut readings: Vec<(Rules, Vec<Rules>)> = (0..3)
        .map(|r| {
            let base = random_rules(seed.wrapping_add(r));
            let switches = (0..12)
                .map(|_| {
                    let p = Point::ALL[rng.next(Point::COUNT as u64) as usize];
                    let to = rng.next(p.def().choices.len() as u64) as u8;
                    base.with(p, to)
                })
                .collect();
            (base, switches)
        })
        .collect();
    // The first reading again with one point of the reckoning changed, switched back and to
    // each of the reckoning's other points: its switches come to the tricks the first came to,
    // under rules that differ from the first's on reckoning points only.
    let (first, _) = readings[0];
    let reckoning = [
        Point::HonoursScored,
        Point::ParSettlement,
        Point::DiscardedHonour,
    ];
    let p = reckoning[rng.next(3) as usize];
    let again = first.with(p, 1 - first.get(p));
    let switches = reckoning
        .iter()
        .map(|&q| again.with(q, 1 - again.get(q)))
        .chain([again.with(Point::FollowRule, 1 - again.get(Point::FollowRule))])
        .collect();
    readings.push((again, switches));
    readings
}

/// Random readings, each followed by some of its points switched alone (the order a simulation
/// plays them in), with a reading played twice among them.
fn readings_and_switches(seed: u64) -> Vec<Rules> {
    let mut out: Vec<Rules> = switched_readings(seed)
        .into_iter()
        .flat_map(|(base, switches)| std::iter::once(base).chain(switches))
        .collect();
    out.push(out[0]);
    out
}

/// Plays each reading through one [`Replays`] and each of its switches after it through
/// [`Replays::switch`] (as a simulation does, on the table `carried`), each checked against
/// the play from the deal: the same nets (or the same forbidden action) and the same points
/// read.
fn switches_agree<P: Policy + Copy + PartialEq>(
    s: &Scenario,
    policy: P,
    readings: &[(Rules, Vec<Rules>)],
    carried: Carried,
) -> Result<(), TestCaseError> {
    let mut replays = Replays::new(std::rc::Rc::new(s.clone()), policy);
    let on = Scenario {
        carried,
        ..s.clone()
    };
    for (base, switches) in readings {
        Rules::take_read();
        let played = replays.play(base, carried).0.clone();
        let played_read = Rules::take_read();
        prop_assert_eq!(&played, &play_with(&on, base, &mut policy.clone()));
        prop_assert_eq!(played_read, Rules::take_read());
        for rules in switches {
            let switched = replays.switch(rules, carried);
            let switched_read = Rules::take_read();
            let fresh = play_with(&on, rules, &mut policy.clone());
            let fresh_read = Rules::take_read();
            let expected = match &fresh {
                Outcome::Played(l) => Ok(l.nets()),
                Outcome::Unplayable(u) => Err(u.clone()),
            };
            prop_assert_eq!(&switched, &expected, "{:?} switched to {:?}", base, rules);
            prop_assert_eq!(switched_read, fresh_read, "points read");
            assert_invariants(&on, rules, &fresh)?;
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// A play resumed from a stage an earlier play saved, or with its tricks taken from one,
    /// is the play from the deal.
    #[test]
    fn a_resumed_play_is_the_play_from_the_deal(seed in any::<u64>(), rules_seed in any::<u64>(), policy_seed in any::<u64>(),
                                                dealer in 0u8..3, passed in 0u32..3, pot in 0i64..12) {
        let s = deal(seed, dealer, [None; 4], (passed, pot));
        let readings = readings_and_switches(rules_seed);
        replays_agree(&s, RandomPolicy::new(policy_seed), &readings, &[s.carried])?;
        replays_agree(&s, SimplePolicy, &readings, &[s.carried])?;
    }

    /// A switch resumed from its reading's play, with no search, at the first stage that read
    /// the point switched, and stopped where it stands as that play stood, is the play from the
    /// deal, on an empty table or one an earlier deal left, whatever the table agreed on the low
    /// trumps (read by two stages).
    #[test]
    fn a_switch_resumed_from_its_reading_is_the_play_from_the_deal(seed in any::<u64>(), rules_seed in any::<u64>(), policy_seed in any::<u64>(),
                                                                   dealer in 0u8..3, passed in 0u32..3, pot in 0i64..12,
                                                                   agreed in proptest::array::uniform4(proptest::option::of(any::<bool>()))) {
        let s = deal(seed, dealer, agreed, (0, 0));
        let readings = switched_readings(rules_seed);
        let carried = Carried { ruff_passed: passed, pot: Money::units(pot) };
        switches_agree(&s, RandomPolicy::new(policy_seed), &readings, carried)?;
        switches_agree(&s, SimplePolicy, &readings, carried)?;
    }

    /// A deal's plays after another deal's, on the same thread, are the plays from the deal: the
    /// ledgers the first deal's plays gave back for reuse carry nothing of it into the second.
    #[test]
    fn a_play_after_another_deal_is_the_play_from_the_deal(seeds in any::<(u64, u64)>(), rules_seed in any::<u64>(), policy_seed in any::<u64>()) {
        let readings = readings_and_switches(rules_seed);
        for seed in [seeds.0, seeds.1] {
            let s = deal(seed, 0, [None; 4], (0, 0));
            replays_agree(&s, RandomPolicy::new(policy_seed), &readings, &[s.carried])?;
            replays_agree(&s, SimplePolicy, &readings, &[s.carried])?;
        }
    }

    /// Plays of one deal on the tables an evening leaves (the pot and the ruffs passed each
    /// reading found), each switched play resumed from a stage of a play on another table or
    /// its own, are the plays from the deal on their own tables.
    #[test]
    fn a_switched_play_on_any_table_is_the_play_from_the_deal(seed in any::<u64>(), rules_seed in any::<u64>(), policy_seed in any::<u64>(),
                                                              tables in proptest::collection::vec((0u32..3, 0i64..12), 1..4)) {
        let s = deal(seed, 0, [None; 4], (0, 0));
        let tables: Vec<Carried> = tables
            .into_iter()
            .map(|(ruff_passed, pot)| Carried { ruff_passed, pot: Money::units(pot) })
            .collect();
        let readings = readings_and_switches(rules_seed);
        replays_agree(&s, RandomPolicy::new(policy_seed), &readings, &tables)?;
        replays_agree(&s, SimplePolicy, &readings, &tables)?;
    }
}

/// The Gleek pack shuffled by a seed.
fn shuffled(seed: u64) -> Vec<Card> {
    let mut rng = RandomPolicy::new(seed);
    let mut cards: Vec<Card> = Pack::Gleek44.cards().iter().collect();
    for i in (1..cards.len()).rev() {
        let j = rng.next(i as u64 + 1) as usize;
        cards.swap(i, j);
    }
    cards
}

proptest! {
    /// A hand's ruff in points, counted from a table of pips, is the rule's: the Ace 11, a court
    /// card 10, any other card its face, the best suit the first in suit order with the most.
    #[test]
    fn a_ruff_in_points_counts_each_card_as_the_rule_says(seed in any::<u64>(), size in 0usize..16) {
        use mournival::games::gleek::engine::ruff_value;
        let cards = shuffled(seed);
        let hand = CardSet::from_cards(cards[..size].iter().copied());
        let pips = |c: Card| match c.rank() {
            Rank::ACE => 11,
            r if r >= Rank::JACK => 10,
            r => r.value(),
        };
        let rules = Rules::first_choices(TABLE).with(Point::RuffCount, 0); // pip-points
        let mut best = (0u8, Suit::Spades);
        for suit in Suit::ALL {
            let value: u8 = hand.iter().filter(|c| c.suit() == suit).map(pips).sum();
            if value > best.0 {
                best = (value, suit);
            }
        }
        let ruff = ruff_value(hand, &rules);
        prop_assert_eq!((ruff.value, ruff.suit), best, "{}", hand);
    }
}

proptest! {
    /// The winner of a trick, found by bits, is the rule's: the highest card of the suit led,
    /// unless a trump was played to a plain lead (under `equal-or-higher`, one at least as high
    /// as the best card led), when the highest trump; and the trump rank is read only then.
    #[test]
    fn the_trick_winner_is_the_rules(seed in any::<u64>(), n_played in 1usize..4, trump_i in 0usize..4, eq in any::<bool>()) {
        use mournival::games::gleek::engine::trick_winner;
        let cards = shuffled(seed);
        let played = &cards[..n_played];
        let trump = Suit::ALL[trump_i];
        let rules = Rules::first_choices(TABLE).with(Point::TrumpRank, eq as u8);
        let led = played[0].suit();
        let best = |suit: Suit| (0..n_played).filter(|&i| played[i].suit() == suit).max_by_key(|&i| played[i].rank());
        let led_best = best(led).expect("the lead");
        let trumped = led != trump && best(trump).is_some();
        let winner = match best(trump) {
            Some(t) if trumped && (!eq || played[t].rank() >= played[led_best].rank()) => t,
            _ => led_best,
        };
        Rules::take_read();
        prop_assert_eq!(trick_winner(played, trump, &rules), winner, "played {:?} trump {:?}", played, trump);
        let read = Rules::take_read();
        prop_assert_eq!(read, if trumped { 1 << Point::TrumpRank.index() } else { 0 });
    }
}

proptest! {
    /// The engine's fast test of which cards would win a trick agrees with playing each card out.
    #[test]
    fn winning_cards_agree_with_trick_winner(seed in any::<u64>(), n_played in 1usize..3, trump_i in 0usize..4, eq in any::<bool>()) {
        use mournival::games::gleek::engine::{trick_winner, winning_cards};
        let cards = shuffled(seed);
        let played = &cards[..n_played];
        let legal = CardSet::from_cards(cards[3..15].iter().copied());
        let trump = Suit::ALL[trump_i];
        let rules = Rules::first_choices(TABLE).with(Point::TrumpRank, eq as u8);
        let fast = winning_cards(played, legal, trump, &rules);
        let slow: CardSet = legal
            .iter()
            .filter(|&c| {
                let mut trick = played.to_vec();
                trick.push(c);
                trick_winner(&trick, trump, &rules) == n_played
            })
            .collect();
        prop_assert_eq!(fast, slow, "played {:?} trump {:?}", played, trump);
    }
}
