//! Put at random: one deal of two hands, dealt from the cards every reading compared holds, and
//! played by a chosen policy.

use super::engine::{self, Outcome, SimplePolicy};
use super::order;
use super::points::PutRules;
use super::points::choice::Pack;
use super::policies::{Judging, POLICIES};
use super::scenario::{PutScenario, Seat};
use crate::cards::{Card, CardSet, Rank, Suit};
use crate::game::Played;
use crate::rules::{AsPoint, Rules};
use crate::simulate::rng::Rng;
use crate::simulate::{Dealt, PolicyDoc, Simulator, Table, Trial, card_tokens};
use std::fmt::Write;

/// Two players; the second deals, so the seats run eldest, dealer.
const NAMES: [&str; 2] = ["Ann", "Ben"];
const DEALER: Seat = Seat(1);

/// Put's simulator.
pub struct PutSimulator;

impl Simulator for PutSimulator {
    fn policies(&self) -> &'static [PolicyDoc] {
        POLICIES
    }

    fn roles(&self) -> &'static [&'static str] {
        &["eldest", "dealer"]
    }

    /// The readings' packs differ (52 cards, or 28 or 32): a deal one of them cannot play
    /// tells nothing, so the table deals from the cards they all hold.
    fn table(&self, readings: &[Rules]) -> Result<Box<dyn Table>, String> {
        let mut packs: Vec<Pack> = readings.iter().map(|r| r.pack()).collect();
        packs.dedup();
        let cards: Vec<Card> = every_card()
            .filter(|&c| packs.iter().all(|&p| order::strength(p, c).is_some()))
            .collect();
        let full = packs.iter().all(|&p| p == Pack::Full52);
        let note = (!full).then(|| {
            let ranks: Vec<&str> = rank_order(&cards);
            format!(
                "Dealt from the {} cards every reading's pack holds ({}), each reading ranking them its own way.",
                cards.len(),
                ranks.join(" ")
            )
        });
        Ok(Box::new(PutTable { cards, note }))
    }
}

fn every_card() -> impl Iterator<Item = Card> {
    Suit::ALL
        .into_iter()
        .flat_map(|s| (2..=14).map(move |r| Card::new(s, Rank::new(r).expect("2 to 14"))))
}

/// The ranks among some cards, Ace high, as written.
fn rank_order(cards: &[Card]) -> Vec<&'static str> {
    let mut ranks: Vec<Rank> = cards.iter().map(|c| c.rank()).collect();
    ranks.sort();
    ranks.dedup();
    ranks.iter().rev().map(|r| r.label()).collect()
}

struct PutTable {
    cards: Vec<Card>,
    note: Option<String>,
}

impl Table for PutTable {
    fn note(&self) -> Option<String> {
        self.note.clone()
    }

    /// Three cards each from the shuffled cards.
    fn deal(&self, rng: &mut Rng) -> Box<dyn Dealt> {
        let mut cards = self.cards.clone();
        rng.draw(&mut cards, 6);
        let hands = vec![
            CardSet::from_cards(cards[0..3].iter().copied()),
            CardSet::from_cards(cards[3..6].iter().copied()),
        ];
        Box::new(Fresh(PutScenario::dealt(&NAMES, DEALER, vec![hands])))
    }
}

/// A deal fresh from the pack, nothing scripted.
struct Fresh(PutScenario);

/// The index of `judging` in [`POLICIES`] (`simple` is 0).
const JUDGING: usize = 1;

impl Dealt for Fresh {
    fn play(&self, rules: &Rules, policy: usize) -> Trial {
        let outcome = match policy {
            JUDGING => engine::play_with(&self.0, rules, &mut Judging),
            _ => engine::play_with(&self.0, rules, &mut SimplePolicy),
        };
        Trial {
            result: match outcome {
                Outcome::Played(record) => Ok(record.standing()),
                Outcome::Unplayable(u) => Err(u.point.point()),
            },
            taken: None,
        }
    }

    fn scenario_yaml(&self, id: &str) -> String {
        let s = &self.0;
        let mut out = String::new();
        let _ = writeln!(out, "id: {id}");
        let _ = writeln!(out, "title: A fresh deal");
        let _ = writeln!(out, "seats: [{}]", s.head.seats.join(", "));
        let _ = writeln!(out, "dealer: {}", s.name(DEALER));
        let _ = writeln!(out, "deals:");
        let hands: Vec<String> = s.deals[0]
            .hands
            .iter()
            .zip(&s.head.seats)
            .map(|(hand, name)| format!("{name}: {}", card_tokens(*hand)))
            .collect();
        let _ = writeln!(out, "  - hands: {{{}}}", hands.join(", "));
        out.push_str(
            "# the play is left to the engine's policy: script it, and add the expected scores,\n\
             # worked out by hand.\n",
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::put::parse_scenario;
    use crate::games::put::points::{Point, TABLE};
    use crate::yaml::YamlText;
    use std::path::Path;

    fn rules(pack: Pack) -> Rules {
        Rules::first_choices(TABLE).with(Point::Pack, pack as u8)
    }

    #[test]
    fn the_table_deals_from_the_cards_every_pack_holds() {
        let t = PutSimulator
            .table(&[
                rules(Pack::Full52),
                rules(Pack::Truc32),
                rules(Pack::Stripped28),
            ])
            .unwrap();
        let note = t.note().expect("the packs differ");
        assert!(note.contains("20 cards"), "{note}");
        assert!(note.contains("A K Q J 10"), "{note}");
        let full = PutSimulator.table(&[rules(Pack::Full52)]).unwrap();
        assert_eq!(full.note(), None);
    }

    #[test]
    fn a_deal_plays_under_every_pack_and_reads_back() {
        let packs = [
            Pack::Full52,
            Pack::Stripped28,
            Pack::Stripped32,
            Pack::Truc32,
        ];
        let readings: Vec<Rules> = packs.iter().map(|&p| rules(p)).collect();
        let table = PutSimulator.table(&readings).unwrap();
        for seed in 0..20 {
            let dealt = table.deal(&mut Rng::for_deal(seed, 0));
            for r in &readings {
                for policy in [0, JUDGING] {
                    assert!(dealt.play(r, policy).result.is_ok(), "seed {seed}");
                }
            }
            let yaml = dealt.scenario_yaml("x");
            let back = parse_scenario(&YamlText::whole_file(Path::new("d.put.yaml"), yaml.into()))
                .expect("parses");
            assert_eq!(back.deals.len(), 1);
            assert_eq!(back.deals[0].hands.len(), 2);
        }
    }

    #[test]
    fn policies_are_listed_in_their_order() {
        assert_eq!(POLICIES[JUDGING].id, "judging");
    }
}
