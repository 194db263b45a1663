//! Gleek at random: a shuffled pack dealt as the dealer deals it, played by a chosen policy, and
//! the stock weighed against declining it.

use super::engine::{Outcome, Policy, Replays, SimplePolicy, Switched};
use super::ledger::{Event, Ledger, Sums};
use super::points::Point;
use super::points::choice::AuctionOpening;
use super::policies::{Judging, NobodyBuys, POLICIES};
use super::scenario::{Carried, SEATS, Scenario, Seat};
use crate::cards::{Card, CardSet, Pack, Rank};
use crate::rules::{AsPoint, Rules};
use crate::simulate::rng::Rng;
use crate::simulate::{
    Carry, Dealt, EventDoc, OptionDoc, Players, PolicyDoc, Simulator, Standing, Table, Taken,
    Trial, card_tokens, exact,
};
use std::cell::RefCell;
use std::fmt::Write;
use std::rc::Rc;

/// The names at a simulated table; the dealer is the third, so the seats run eldest, middle,
/// dealer.
const NAMES: [&str; 3] = ["Ann", "Ben", "Cat"];
const DEALER: Seat = Seat(2);

/// Gleek's simulator.
pub struct GleekSimulator;

impl Simulator for GleekSimulator {
    fn policies(&self) -> &'static [PolicyDoc] {
        POLICIES
    }

    fn players(&self) -> Players {
        Players {
            least: 3,
            most: 3,
            default: 3,
        }
    }

    fn roles(&self, _players: usize) -> Vec<&'static str> {
        vec!["eldest", "middle", "dealer"]
    }

    fn option(&self) -> Option<OptionDoc> {
        Some(OptionDoc {
            what: "buying the stock",
            taker: "buyer",
            price: "bid",
            against: "had nobody bought it",
        })
    }

    /// Every Gleek reading plays the 44-card pack.
    fn table(&self, _readings: &[Rules], _players: usize) -> Result<Box<dyn Table>, String> {
        Ok(Box::new(GleekTable))
    }
}

struct GleekTable;

/// The ranks whose four make a mournival (Cotton: "all the Aces, the four Kings, Queens or
/// Knaves"), which are also the honours a gleek of three is made of.
const MOURNIVAL_RANKS: [Rank; 4] = [Rank::ACE, Rank::KING, Rank::QUEEN, Rank::JACK];

impl Table for GleekTable {
    fn cards(&self) -> String {
        "the 44-card Gleek pack".to_string()
    }

    /// Three hands of twelve from 44 cards, the turn-up the 37th.
    fn events(&self) -> Vec<EventDoc> {
        vec![
            EventDoc {
                what: "a mournival dealt (a hand holds the four Aces, Kings, Queens or Knaves)"
                    .to_string(),
                exact: exact::some_hand_holds_a_group(44, 3, 12, 4, 4),
            },
            EventDoc {
                what: "the eldest dealt a mournival of Aces".to_string(),
                exact: exact::all_in_hand(44, 12, 4),
            },
            EventDoc {
                what: "the turn-up an Ace".to_string(),
                exact: 4.0 / 44.0,
            },
        ]
    }

    /// Twelve cards each from a shuffled pack, the next card turned up, the rest the stock.
    fn deal(&self, rng: &mut Rng) -> Box<dyn Dealt> {
        let mut cards: Vec<Card> = Pack::Gleek44.cards().iter().collect();
        rng.shuffle(&mut cards);
        let hand = |k: usize| CardSet::from_cards(cards[k * 12..k * 12 + 12].iter().copied());
        Box::new(Fresh {
            base: Rc::new(Scenario::dealt(
                NAMES,
                DEALER,
                [hand(0), hand(1), hand(2)],
                cards[36],
            )),
            replays: RefCell::new(Vec::new()),
        })
    }
}

/// A deal fresh from the pack, nothing scripted: played on each table an evening leaves, under
/// each reading, each play resumed where an earlier play went the same way.
struct Fresh {
    /// The deal on an empty table.
    base: Rc<Scenario>,
    /// Its plays, by policy.
    replays: RefCell<Vec<Replayed>>,
}

/// The plays of a deal by one policy. Each policy is its own type, so the engine's loops are
/// compiled for it.
enum Replayed {
    Simple(OnTable<SimplePolicy>),
    Judging(OnTable<Judging>),
}

/// Which play of a deal.
#[derive(Clone, Copy)]
enum How {
    /// A reading, as the policy plays it.
    Played,
    /// A reading with nobody buying the stock.
    Untaken,
}

/// The plays of a deal: as the policy plays, and with nobody buying the stock.
struct OnTable<P> {
    played: Replays<P>,
    untaken: Replays<NobodyBuys<P>>,
}

impl<P: Policy + Copy + PartialEq> OnTable<P> {
    fn new(s: &Rc<Scenario>, policy: P) -> OnTable<P> {
        OnTable {
            played: Replays::new(s.clone(), policy),
            untaken: Replays::new(s.clone(), NobodyBuys(policy)),
        }
    }

    /// The deal under `rules` on `carried` as the policy plays it, or with everybody passing
    /// under the reading with the eldest free to pass.
    fn play(&mut self, rules: &Rules, carried: Carried, how: How) -> (&Outcome, Sums) {
        match how {
            How::Played => self.played.play(rules, carried),
            How::Untaken => {
                let rules = rules.with(Point::AuctionOpening, AuctionOpening::EldestMayPass as u8);
                self.untaken.play(&rules, carried)
            }
        }
    }
}

impl Replayed {
    fn new(s: &Rc<Scenario>, policy: usize) -> Replayed {
        match policy {
            JUDGING => Replayed::Judging(OnTable::new(s, Judging::default())),
            _ => Replayed::Simple(OnTable::new(s, SimplePolicy)),
        }
    }

    fn policy(&self) -> usize {
        match self {
            Replayed::Judging(_) => JUDGING,
            Replayed::Simple(_) => 0,
        }
    }

    fn play(&mut self, rules: &Rules, carried: Carried, how: How) -> (&Outcome, Sums) {
        match self {
            Replayed::Judging(t) => t.play(rules, carried, how),
            Replayed::Simple(t) => t.play(rules, carried, how),
        }
    }

    /// The reading played last with one point switched.
    fn switch(&mut self, rules: &Rules, carried: Carried) -> Switched {
        match self {
            Replayed::Judging(t) => t.played.switch(rules, carried),
            Replayed::Simple(t) => t.played.switch(rules, carried),
        }
    }
}

/// The result of a deal in the order of the roles (seat order: eldest, middle, dealer), and
/// what it leaves for the next: the pot, and the deals in a row the ruff has passed. `paid`:
/// what its payments come to ([`Replays::play`] sums them as it plays).
fn trial((outcome, paid): (&Outcome, Sums), carried: Carried) -> Trial {
    match outcome {
        Outcome::Played(ledger) => {
            let (passed, taken) = passed_and_bought(ledger);
            let mut state = [0; 8];
            state[0] = if passed { carried.ruff_passed + 1 } else { 0 };
            let Sums { nets, pot, boxed } = paid;
            Trial {
                taken,
                result: Ok(Standing::new(&nets)),
                pot,
                boxed,
                carry: Some(Carry {
                    pot: ledger.pot_before + pot,
                    state,
                }),
                marks: 0,
            }
        }
        Outcome::Unplayable(u) => Trial::unplayable(u.point.point()),
    }
}

/// Whether the ruff passed (or doubled) to the next deal, and who bought the stock at what
/// price, in one pass over the events.
fn passed_and_bought(ledger: &Ledger) -> (bool, Option<Taken>) {
    let (mut passed, mut taken) = (false, None);
    for n in &ledger.events {
        match n.event {
            Event::RuffPassed | Event::RuffDoubled { .. } => passed = true,
            Event::Bought { buyer, price } if taken.is_none() => {
                taken = Some(Taken {
                    role: buyer.index(),
                    price,
                })
            }
            _ => {}
        }
    }
    (passed, taken)
}

/// The index of `judging` in [`POLICIES`] (`simple` is 0).
const JUDGING: usize = 1;

impl Fresh {
    /// What `read` makes of the deal's plays by a policy, on a table as an earlier deal left it.
    fn with_plays<R>(
        &self,
        policy: usize,
        carry: &Carry,
        read: impl FnOnce(&mut Replayed, Carried) -> R,
    ) -> R {
        let carried = Carried {
            ruff_passed: carry.state[0],
            pot: carry.pot,
        };
        let mut replays = self.replays.borrow_mut();
        let at = replays.iter().position(|r| r.policy() == policy);
        let i = at.unwrap_or_else(|| {
            replays.push(Replayed::new(&self.base, policy));
            replays.len() - 1
        });
        read(&mut replays[i], carried)
    }

    /// The deal under `rules` as `how` plays it.
    fn trial(&self, rules: &Rules, policy: usize, carry: &Carry, how: How) -> Trial {
        self.with_plays(policy, carry, |r, carried| {
            trial(r.play(rules, carried, how), carried)
        })
    }
}

impl Dealt for Fresh {
    fn play(&self, rules: &Rules, policy: usize, carry: &Carry) -> Trial {
        self.trial(rules, policy, carry, How::Played)
    }

    /// Resumes the reading's play at the first stage that read the point switched, and stops
    /// where the rest would go as the reading's did.
    fn switched(
        &self,
        rules: &Rules,
        policy: usize,
        carry: &Carry,
    ) -> Result<Standing, crate::rules::Point> {
        self.with_plays(policy, carry, |r, carried| match r.switch(rules, carried) {
            Ok(nets) => Ok(Standing::new(&nets)),
            Err(u) => Err(u.point.point()),
        })
    }

    /// Everybody passes, under the reading with the eldest free to pass: the stock is laid out
    /// unbought, and nobody pays for it.
    fn untaken(&self, rules: &Rules, policy: usize, carry: &Carry) -> Option<Trial> {
        Some(self.trial(rules, policy, carry, How::Untaken))
    }

    /// Its plays resume each other ([`Replays`]), and take an earlier play whole where the
    /// reading agrees on every point it read.
    fn keeps_plays(&self) -> bool {
        true
    }

    fn events(&self) -> u64 {
        let s = &self.base;
        let mournival = |hand: CardSet| MOURNIVAL_RANKS.iter().any(|&r| hand.rank(r).len() == 4);
        let bits = [
            s.hands.iter().any(|&h| mournival(h)),
            s.hands[0].rank(Rank::ACE).len() == 4,
            s.turn_up.rank() == Rank::ACE,
        ];
        crate::simulate::event_bits(&bits)
    }

    fn scenario_yaml(&self, id: &str) -> String {
        let s = &self.base;
        let mut out = crate::simulate::scenario_head(id, &s.head.seats, s.name(s.dealer));
        let _ = writeln!(out, "hands:");
        for seat in SEATS {
            let _ = writeln!(
                out,
                "  {}: {}",
                s.name(seat),
                card_tokens(s.hands[seat.index()])
            );
        }
        let _ = writeln!(
            out,
            "turn-up: {}",
            card_tokens(CardSet::from_cards([s.turn_up]))
        );
        let _ = writeln!(out, "stock: {}", card_tokens(s.stock));
        out.push_str(
            "# auction, discard, vie and play are left to the engine's policy: script them, and\n\
             # add the expected figures, worked out by hand.\n",
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Scenario as _;
    use crate::games::gleek::parse_scenario;
    use crate::yaml::YamlText;
    use std::path::Path;

    fn dealt(seed: u64) -> Box<dyn Dealt> {
        GleekTable.deal(&mut Rng::for_deal(seed, 0))
    }

    #[test]
    fn a_printed_deal_reads_back_as_the_same_deal() {
        for seed in 0..20 {
            let mut cards: Vec<Card> = Pack::Gleek44.cards().iter().collect();
            Rng::for_deal(seed, 0).shuffle(&mut cards);
            let yaml = dealt(seed).scenario_yaml("x");
            let back = parse_scenario(&YamlText::whole_file(Path::new("deal.yaml"), yaml.into()))
                .expect("parses");
            let hand = |k: usize| CardSet::from_cards(cards[k * 12..k * 12 + 12].iter().copied());
            let s = Scenario::dealt(NAMES, DEALER, [hand(0), hand(1), hand(2)], cards[36]);
            assert_eq!(back.hands, s.hands);
            assert_eq!(back.turn_up, s.turn_up);
            assert_eq!(back.stock, s.stock);
            assert_eq!(back.dealer, s.dealer);
            assert!(back.head().expect.is_empty());
        }
    }

    #[test]
    fn the_simple_eldest_buys_at_the_minimum_and_nobody_does_untaken() {
        use crate::games::gleek::points::choice::MinimumBid;
        use crate::games::gleek::points::{GleekRules, TABLE};
        let s = dealt(3);
        for opening in AuctionOpening::ALL {
            let rules = Rules::first_choices(TABLE)
                .with(Point::AuctionOpening, *opening as u8)
                .with(Point::MinimumBid, MinimumBid::Thirteen as u8);
            assert_eq!(rules.minimum_bid(), MinimumBid::Thirteen);
            let empty = Carry::default();
            let bought = s.play(&rules, 0, &empty);
            assert_eq!(bought.taken, Some(Taken { role: 0, price: 13 }));
            let untaken = s.untaken(&rules, 0, &empty).expect("Gleek has a stock");
            assert_eq!(untaken.taken, None, "{opening:?}");
            // The eldest paid 13 (or its halves) for the stock only where he bought it.
            assert_ne!(untaken.result, bought.result);
        }
    }

    #[test]
    fn the_judging_policy_plays_otherwise() {
        let rules = Rules::first_choices(crate::games::gleek::points::TABLE);
        let differ = (0..20).filter(|&seed| {
            let s = dealt(seed);
            let empty = Carry::default();
            s.play(&rules, 0, &empty) != s.play(&rules, JUDGING, &empty)
        });
        assert!(differ.count() > 10);
        assert_eq!(POLICIES[JUDGING].id, "judging");
    }
}
