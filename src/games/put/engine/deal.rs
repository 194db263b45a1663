//! Before the play: who may sit at the table, which cards the pack holds, who deals first, and
//! the passing of cards between partners.

use super::{DealState, Policy, Step, unplayable};
use crate::cards::{Card, CardSet};
use crate::games::put::order;
use crate::games::put::points::{Point, PutRules, choice};
use crate::games::put::record::Event;
use crate::games::put::scenario::{FirstDeal, Pass, PutScenario, Seat, left_of, partner, side_of};
use crate::rules::Rules;

/// Three seats need `three-hands`, four need a four-handed game.
pub(super) fn check_table(s: &PutScenario, r: &Rules) -> Step {
    let n = s.seats();
    if n == 3 && r.three_hands() == choice::ThreeHands::NotPermitted {
        return Err(unplayable(
            Point::ThreeHands,
            format!("three players ({})", s.head.seats.join(", ")),
            "this reading's game is for two".to_string(),
            None,
        ));
    }
    if n == 4 && r.four_handed() == choice::FourHanded::NotPlayed {
        return Err(unplayable(
            Point::FourHanded,
            format!("four players ({})", s.head.seats.join(", ")),
            "this reading has no four-handed game".to_string(),
            None,
        ));
    }
    Ok(())
}

/// Every card dealt or cut must be in the reading's pack.
pub(super) fn check_pack(s: &PutScenario, r: &Rules) -> Step {
    let pack = r.pack();
    let outside = |card: Card| order::strength(pack, card).is_none();
    let reason = || {
        format!(
            "this reading's pack holds only {}",
            order::ranks_in_words(pack)
        )
    };
    if let FirstDeal::Cut(cuts) = &s.first
        && let Some(&(card, at)) = cuts.iter().find(|(c, _)| outside(*c))
    {
        return Err(unplayable(
            Point::Pack,
            format!("the cut {card}"),
            reason(),
            Some(at),
        ));
    }
    for deal in &s.deals {
        for (seat, hand) in deal.hands.iter().enumerate() {
            if let Some(card) = hand.iter().find(|&c| outside(c)) {
                return Err(unplayable(
                    Point::Pack,
                    format!("{card} in {}'s hand", s.head.seats[seat]),
                    reason(),
                    Some(deal.hand_at[seat]),
                ));
            }
        }
    }
    Ok(())
}

/// The first dealer: named, or the highest or lowest cut in the reading's order.
pub(super) fn first_dealer(s: &PutScenario, r: &Rules) -> Step<Seat> {
    let cuts = match &s.first {
        FirstDeal::Dealer(seat) => return Ok(*seat),
        FirstDeal::Cut(cuts) => cuts,
    };
    let pack = r.pack();
    let strengths = cuts
        .iter()
        .map(|&(card, _)| order::strength(pack, card).unwrap_or(0));
    let ranked = strengths.enumerate();
    let seat = match r.first_dealer() {
        choice::FirstDealer::HighestCut => ranked.max_by_key(|&(_, s)| s),
        choice::FirstDealer::LowestCut => ranked.min_by_key(|&(_, s)| s),
    };
    Ok(Seat(seat.map_or(0, |(i, _)| i) as u8))
}

impl DealState<'_> {
    /// Four-handed: each side's giver passes his best card and his partner lays one out; the
    /// two receivers play on, the one on the eldest's side as eldest.
    pub(super) fn pass_cards<P: Policy>(
        &mut self,
        dealer: Seat,
        scripted: &[Pass],
        policy: &mut P,
    ) -> Step {
        let eldest_side = side_of(left_of(dealer, 4), 4);
        for side in [eldest_side, 1 - eldest_side] {
            let pass = match scripted.iter().find(|p| side_of(p.giver, 4) == side) {
                Some(&p) => {
                    self.check_pass(&p)?;
                    self.events.push(Event::Passed {
                        pass: p,
                        filled: false,
                    });
                    p
                }
                None => {
                    let options = self.legal_passes(dealer, side);
                    let p = policy.pass(self.r.pack(), &options);
                    self.events.push(Event::Passed {
                        pass: p,
                        filled: true,
                    });
                    p
                }
            };
            let receiver = &mut self.hands[pass.receiver.index()];
            receiver.remove(pass.laid_out);
            receiver.insert(pass.given);
            self.hands[pass.giver.index()] = CardSet::EMPTY;
            self.in_deal[pass.giver.index()] = false;
            if side == eldest_side {
                self.eldest = pass.receiver;
                self.leader = pass.receiver;
            }
        }
        Ok(())
    }

    /// The giver must give his best card; where the reading says so, the partner lays out his
    /// worst.
    fn check_pass(&self, p: &Pass) -> Step {
        let pack = self.r.pack();
        let best = order::best(pack, self.hands[p.giver.index()]);
        let gives = format!("{} gives {}", self.name(p.giver), p.given);
        self.of_rank(
            p.given,
            best,
            gives,
            "the giver passes his best card",
            p.give_at,
        )?;
        if self.r.four_handed() == choice::FourHanded::WorstCard {
            let worst = order::worst(pack, self.hands[p.receiver.index()]);
            let lays = format!("{} lays out {}", self.name(p.receiver), p.laid_out);
            self.of_rank(
                p.laid_out,
                worst,
                lays,
                "the partner discards his worst card",
                p.lay_at,
            )?;
        }
        Ok(())
    }

    /// A passed card must rank with the one the rule names (any of equal rank will do).
    fn of_rank(
        &self,
        card: Card,
        wanted: Option<Card>,
        action: String,
        rule: &str,
        at: u32,
    ) -> Step {
        let strength = |c: Card| order::strength(self.r.pack(), c);
        match wanted {
            Some(w) if strength(w) != strength(card) => Err(unplayable(
                Point::FourHanded,
                action,
                format!("{rule}, here {w}"),
                Some(at),
            )),
            _ => Ok(()),
        }
    }

    /// Every passing the reading allows one side: either partner gives his best card (or any
    /// of equal rank), the other lays out one of his own cards (his worst, where required).
    fn legal_passes(&self, dealer: Seat, side: usize) -> Vec<Pass> {
        let pack = self.r.pack();
        let strength = |c: Card| order::strength(pack, c).unwrap_or(0);
        // The partner who received the first card of the side is listed first.
        let first = if side == side_of(left_of(dealer, 4), 4) {
            left_of(dealer, 4)
        } else {
            partner(dealer)
        };
        let mut out = Vec::new();
        for giver in [first, partner(first)] {
            let receiver = partner(giver);
            let (gh, rh) = (self.hands[giver.index()], self.hands[receiver.index()]);
            let top = order::best(pack, gh).map_or(0, strength);
            let low = order::worst(pack, rh).map_or(0, strength);
            for given in gh.iter().filter(|&c| strength(c) == top) {
                for laid_out in rh.iter() {
                    if self.r.four_handed() == choice::FourHanded::WorstCard
                        && strength(laid_out) != low
                    {
                        continue;
                    }
                    out.push(Pass {
                        giver,
                        given,
                        receiver,
                        laid_out,
                        give_at: 0,
                        lay_at: 0,
                    });
                }
            }
        }
        out
    }
}
