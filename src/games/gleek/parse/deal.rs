//! The deal: the hands, the turn-up and the stock, every card of the pack exactly once.

use super::*;
use crate::games::gleek::facts::SETUP;

/// A deal whose every card was read and found once: the hands, the turn-up and the stock.
pub(super) struct Dealt {
    pub(super) hands: [CardSet; 3],
    pub(super) turn_up: Card,
    pub(super) stock: CardSet,
}

impl Parser<'_> {
    /// The deal: every card of the pack exactly once. `None` when it has errors (reported).
    pub(super) fn deal(&mut self, raw: &RawScenario, seats: &[String; 3]) -> Option<Dealt> {
        let y = self.yaml;
        let errors_before = self.errors.len();
        let raw_hands = self.required(&raw.hands, "hands");
        let raw_turn_up = self.required(&raw.turn_up, "turn-up");
        let mut seen: HashMap<Card, Location> = HashMap::new();
        let mut check_dup = |p: &mut Parser, card: Card, loc: &Location| {
            if let Some(first) = seen.get(&card) {
                p.errors.push_with(|| {
                    Diagnostic::new(loc.clone(), format!("{card} is dealt twice"))
                        .note(format!("first dealt at {first}"))
                });
            } else {
                seen.insert(card, loc.clone());
            }
        };
        let mut hands = [CardSet::EMPTY; 3];
        let mut given = [false; 3];
        let mut hand_entries: Vec<_> = raw_hands.iter().flat_map(|h| &h.value).collect();
        hand_entries.sort_by_key(|(k, _)| k.referenced.span().offset());
        for (name, cards) in hand_entries {
            let loc = y.location_of(name);
            let Some(seat) = self.seat(seats, name.value.trim(), &loc) else {
                continue;
            };
            let (list, clean) = self.cards(cards, &format!("{}'s hand", seats[seat.index()]));
            if given[seat.index()] {
                self.error(
                    loc.clone(),
                    format!("{} has two hands", seats[seat.index()]),
                );
            }
            given[seat.index()] = true;
            for (card, cloc) in &list {
                check_dup(self, *card, cloc);
                hands[seat.index()].insert(*card);
            }
            if clean && list.len() != SETUP.hand {
                self.error(
                    y.location_of(cards),
                    format!(
                        "{}'s hand has {} cards; the dealer delivers twelve to each",
                        seats[seat.index()],
                        list.len()
                    ),
                );
            }
        }
        if let Some(raw_hands) = raw_hands {
            for s in SEATS.into_iter().filter(|s| !given[s.index()]) {
                self.error(
                    y.location_of(raw_hands),
                    format!("no hand is given for {}", seats[s.index()]),
                );
            }
        }
        let turn_up = raw_turn_up.and_then(|raw| {
            let loc = y.location_of(raw);
            match Pack::Gleek44.parse_card(&excerpt(raw.value.0.trim())) {
                Ok(c) => {
                    check_dup(self, c, &loc);
                    Some(c)
                }
                Err(err) => {
                    self.error(loc, format!("{err} (the turn-up)"));
                    None
                }
            }
        });
        let stock = match &raw.stock {
            Some(words) => {
                let (list, clean) = self.cards(words, "the stock");
                for (card, loc) in &list {
                    check_dup(self, *card, loc);
                }
                if clean && list.len() != 7 {
                    self.error(
                        y.location_of(words),
                        format!(
                            "the stock has {} cards; seven are left after the deal and the turn-up",
                            list.len()
                        ),
                    );
                }
                list.iter().map(|(c, _)| *c).collect()
            }
            None => {
                let dealt: CardSet = seen.keys().copied().collect();
                Pack::Gleek44.cards().difference(dealt)
            }
        };
        let (Some(raw_hands), Some(turn_up)) = (raw_hands, turn_up) else {
            return None;
        };
        if self.errors.len() > errors_before {
            return None;
        }
        let all = hands[0]
            .union(hands[1])
            .union(hands[2])
            .union(stock)
            .union(CardSet::from_cards([turn_up]));
        if all.len() != 44 {
            let missing: Vec<String> = Pack::Gleek44
                .cards()
                .difference(all)
                .sorted()
                .iter()
                .map(|c| c.to_string())
                .collect();
            self.error(
                y.location_of(raw_hands),
                format!(
                    "the deal does not account for every card: missing {}",
                    missing.join(" ")
                ),
            );
            return None;
        }
        Some(Dealt {
            hands,
            turn_up,
            stock,
        })
    }
}
