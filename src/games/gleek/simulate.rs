//! Gleek at random: a shuffled pack dealt as the dealer deals it, played by a chosen policy, and
//! the stock weighed against declining it.

use super::engine::{self, Outcome, SimplePolicy};
use super::ledger::{Event, Ledger};
use super::points::Point;
use super::points::choice::AuctionOpening;
use super::policies::{Judging, NobodyBuys, POLICIES};
use super::scenario::{SEATS, Scenario, Seat};
use crate::cards::{Card, CardSet, Pack};
use crate::rules::{AsPoint, Rules};
use crate::simulate::rng::Rng;
use crate::simulate::{Dealt, OptionDoc, PolicyDoc, Simulator, Table, Taken, Trial, card_tokens};
use std::fmt::Write;

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

    fn roles(&self) -> &'static [&'static str] {
        &["eldest", "middle", "dealer"]
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
    fn table(&self, _readings: &[Rules]) -> Result<Box<dyn Table>, String> {
        Ok(Box::new(GleekTable))
    }
}

struct GleekTable;

impl Table for GleekTable {
    /// Twelve cards each from a shuffled pack, the next card turned up, the rest the stock.
    fn deal(&self, rng: &mut Rng) -> Box<dyn Dealt> {
        let mut cards: Vec<Card> = Pack::Gleek44.cards().iter().collect();
        rng.shuffle(&mut cards);
        let hand = |k: usize| CardSet::from_cards(cards[k * 12..k * 12 + 12].iter().copied());
        Box::new(Fresh(Scenario::dealt(
            NAMES,
            DEALER,
            [hand(0), hand(1), hand(2)],
            cards[36],
        )))
    }
}

/// A deal fresh from the pack, nothing scripted.
struct Fresh(Scenario);

/// The result of a deal in the order of the roles (seat order: eldest, middle, dealer).
fn trial(outcome: Outcome) -> Trial {
    match outcome {
        Outcome::Played(ledger) => Trial {
            taken: bought(&ledger),
            result: Ok(ledger.nets().to_vec()),
        },
        Outcome::Unplayable(u) => Trial {
            result: Err(u.point.point()),
            taken: None,
        },
    }
}

fn bought(ledger: &Ledger) -> Option<Taken> {
    ledger.events.iter().find_map(|n| match n.event {
        Event::Bought { buyer, price } => Some(Taken {
            role: buyer.index(),
            price,
        }),
        _ => None,
    })
}

/// The index of `judging` in [`POLICIES`] (`simple` is 0).
const JUDGING: usize = 1;

impl Dealt for Fresh {
    /// Each policy is its own type, so the engine's loops are compiled for it.
    fn play(&self, rules: &Rules, policy: usize) -> Trial {
        trial(match policy {
            JUDGING => engine::play_with(&self.0, rules, &mut Judging::default()),
            _ => engine::play_with(&self.0, rules, &mut SimplePolicy),
        })
    }

    /// Everybody passes, under the reading with the eldest free to pass: the stock is laid out
    /// unbought, and nobody pays for it.
    fn untaken(&self, rules: &Rules, policy: usize) -> Option<Trial> {
        let rules = rules.with(Point::AuctionOpening, AuctionOpening::EldestMayPass as u8);
        Some(trial(match policy {
            JUDGING => engine::play_with(&self.0, &rules, &mut NobodyBuys(Judging::default())),
            _ => engine::play_with(&self.0, &rules, &mut NobodyBuys(SimplePolicy)),
        }))
    }

    fn scenario_yaml(&self, id: &str) -> String {
        let s = &self.0;
        let mut out = String::new();
        let _ = writeln!(out, "id: {id}");
        let _ = writeln!(out, "title: A fresh deal");
        let _ = writeln!(out, "seats: [{}]", s.head.seats.join(", "));
        let _ = writeln!(out, "dealer: {}", s.name(s.dealer));
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
            let bought = s.play(&rules, 0);
            assert_eq!(bought.taken, Some(Taken { role: 0, price: 13 }));
            let untaken = s.untaken(&rules, 0).expect("Gleek has a stock");
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
            s.play(&rules, 0) != s.play(&rules, JUDGING)
        });
        assert!(differ.count() > 10);
        assert_eq!(POLICIES[JUDGING].id, "judging");
    }
}
