//! Put at random: one deal of two hands, dealt from a reading's own pack (or, to compare two
//! readings whose packs differ, from the cards both hold), and played by a chosen policy.

use super::engine::{self, Outcome, SimplePolicy};
use super::order;
use super::points::PutRules;
use super::points::choice::Pack;
use super::policies::{Judging, POLICIES};
use super::scenario::{PutScenario, Seat};
use crate::cards::{Card, CardSet, Rank, Suit};
use crate::game::Played;
use crate::money::Money;
use crate::rules::{AsPoint, Rules};
use crate::simulate::rng::Rng;
use crate::simulate::{
    Carry, Dealt, EventDoc, Players, PolicyDoc, Simulator, Standing, Table, Trial, card_tokens,
    exact,
};
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

    fn players(&self) -> Players {
        Players {
            least: 2,
            most: 2,
            default: 2,
        }
    }

    fn roles(&self, _players: usize) -> Vec<&'static str> {
        vec!["eldest", "dealer"]
    }

    /// The cards every one of the readings' packs holds (52 cards, or 28 or 32), each reading
    /// ranking them its own way.
    fn table(&self, readings: &[Rules], _players: usize) -> Result<Box<dyn Table>, String> {
        let mut packs: Vec<Pack> = readings.iter().map(|r| r.pack()).collect();
        packs.sort_by_key(|&p| p as u8);
        packs.dedup();
        let cards: Vec<Card> = every_card()
            .filter(|&c| packs.iter().all(|&p| order::strength(p, c).is_some()))
            .collect();
        // A pack that holds no card outside the others' names the table (two tables of the same
        // cards deal the same hands).
        let whole = packs
            .iter()
            .copied()
            .find(|&p| u32::from(order::ranks_held(p)) * 4 == cards.len() as u32);
        let ranks = rank_order(&cards).join(" ");
        let name = match whole {
            Some(p) => format!(
                "the {}-card pack ({})",
                cards.len(),
                order::ranks_in_words(p)
            ),
            None => format!("the {} cards both packs hold ({ranks})", cards.len()),
        };
        let note = (packs.len() > 1).then(|| {
            format!(
                "Dealt from the {} cards every reading's pack holds ({ranks}), each reading ranking them its own way.",
                cards.len()
            )
        });
        let best = packs
            .first()
            .and_then(|&p| cards.iter().copied().max_by_key(|&c| order::strength(p, c)))
            .map(Card::rank);
        Ok(Box::new(PutTable {
            cards,
            name,
            note,
            best,
        }))
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
    name: String,
    note: Option<String>,
    /// The best rank of the pack (Threes at Put, Sixes at Truc): the events count it.
    best: Option<Rank>,
}

impl Table for PutTable {
    fn cards(&self) -> String {
        self.name.clone()
    }

    fn note(&self) -> Option<String> {
        self.note.clone()
    }

    /// A card of the pack's best rank in the eldest's hand, and in either hand: three cards
    /// each, none of the four in them with chance C(n−4, k) / C(n, k).
    fn events(&self) -> Vec<EventDoc> {
        let Some(best) = self.best else {
            return Vec::new();
        };
        let n = self.cards.len() as u64;
        let none = |k: u64| exact::choose(n - 4, k) / exact::choose(n, k);
        vec![
            EventDoc {
                what: format!("one of the {} in the eldest's hand", best.plural()),
                exact: 1.0 - none(3),
            },
            EventDoc {
                what: format!("one of the {} in either hand", best.plural()),
                exact: 1.0 - none(6),
            },
        ]
    }

    /// Three cards each from the shuffled cards.
    fn deal(&self, rng: &mut Rng) -> Box<dyn Dealt> {
        let mut cards = self.cards.clone();
        rng.draw(&mut cards, 6);
        let hands = vec![
            CardSet::from_cards(cards[0..3].iter().copied()),
            CardSet::from_cards(cards[3..6].iter().copied()),
        ];
        Box::new(Fresh {
            scenario: PutScenario::dealt(&NAMES, DEALER, vec![hands]),
            best: self.best,
        })
    }
}

/// A deal fresh from the pack, nothing scripted.
struct Fresh {
    scenario: PutScenario,
    best: Option<Rank>,
}

/// The index of `judging` in [`POLICIES`] (`simple` is 0).
const JUDGING: usize = 1;

impl Dealt for Fresh {
    /// Put keeps a score and carries nothing from one deal to the next.
    fn play(&self, rules: &Rules, policy: usize, _carry: &Carry) -> Trial {
        let outcome = match policy {
            JUDGING => engine::play_with(&self.scenario, rules, &mut Judging),
            _ => engine::play_with(&self.scenario, rules, &mut SimplePolicy),
        };
        match outcome {
            Outcome::Played(record) => Trial {
                result: Ok(Standing::new(&record.standing())),
                taken: None,
                pot: Money::ZERO,
                boxed: Money::ZERO,
                carry: None,
                marks: 0,
            },
            Outcome::Unplayable(u) => Trial::unplayable(u.point.point()),
        }
    }

    fn events(&self) -> u64 {
        let Some(best) = self.best else { return 0 };
        let hands = &self.scenario.deals[0].hands;
        let eldest = !hands[0].rank(best).is_empty();
        let either = hands.iter().any(|h| !h.rank(best).is_empty());
        u64::from(eldest) | u64::from(either) << 1
    }

    fn scenario_yaml(&self, id: &str) -> String {
        let s = &self.scenario;
        let mut out = crate::simulate::scenario_head(id, &s.head.seats, s.name(DEALER));
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
            .table(
                &[
                    rules(Pack::Full52),
                    rules(Pack::Truc32),
                    rules(Pack::Stripped28),
                ],
                2,
            )
            .unwrap();
        let note = t.note().expect("the packs differ");
        assert!(note.contains("20 cards"), "{note}");
        assert!(note.contains("A K Q J 10"), "{note}");
        let full = PutSimulator.table(&[rules(Pack::Full52)], 2).unwrap();
        assert_eq!(full.note(), None);
        assert_eq!(
            full.cards(),
            "the 52-card pack (3 2 A K Q J 10 9 8 7 6 5 4)"
        );
        // A pack inside another names the table of the two.
        let both = PutSimulator
            .table(&[rules(Pack::Full52), rules(Pack::Stripped28)], 2)
            .unwrap();
        assert_eq!(both.cards(), "the 28-card pack (3 2 A K Q J 10)");
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
        let table = PutSimulator.table(&readings, 2).unwrap();
        for seed in 0..20 {
            let dealt = table.deal(&mut Rng::for_deal(seed, 0));
            for r in &readings {
                for policy in [0, JUDGING] {
                    let trial = dealt.play(r, policy, &Carry::default());
                    assert!(trial.result.is_ok(), "seed {seed}");
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
