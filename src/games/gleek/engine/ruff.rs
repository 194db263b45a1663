//! The vie for the ruff: who holds the best suit, and how the stakes move.

use super::{Deal, Policy, Step, Stop, VieView};
use crate::cards::{CardSet, Rank, Suit};
use crate::games::gleek::ledger::{Event, Filled, Party, Phase, Reason};
use crate::games::gleek::points::choice::{
    FourAces, InitialPass, NoVie, RuffCount, RuffMoney, RuffTie,
};
use crate::games::gleek::points::{GleekRules, Point};
use crate::games::gleek::scenario::{Clockwise, SEATS, Seat, VieCall};
use crate::money::Money;
use crate::rules::Rules;

/// A hand's ruff under a reading: compared by `(four_aces, value)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct RuffValue {
    /// Four Aces, where they beat any ruff.
    pub four_aces: bool,
    pub value: u8,
    /// The suit counted (the first in suit order when two are equal).
    pub suit: Suit,
}

/// What a card counts in a ruff counted in points, by rank: the Ace 11, a court card 10, any
/// other its face (a table: every hand's ruff is counted on every play).
const PIPS: [u8; 16] = [0, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 11, 0];

/// The ruff of a hand: its best suit, in points or in cards.
pub fn ruff_value(hand: CardSet, rules: &Rules) -> RuffValue {
    let count = rules.ruff_count();
    let mut best = (0u8, Suit::Spades);
    for suit in Suit::ALL {
        let cards = hand.suit(suit);
        let value = match count {
            RuffCount::CardCount => cards.len() as u8,
            RuffCount::PipPoints => cards.iter().map(|c| PIPS[c.rank().value() as usize]).sum(),
        };
        if value > best.0 {
            best = (value, suit);
        }
    }
    RuffValue {
        four_aces: rules.four_aces() == FourAces::TopRuff && hand.rank(Rank::ACE).len() == 4,
        value: best.0,
        suit: best.1,
    }
}

impl Deal<'_> {
    pub(super) fn ruff<P: Policy>(&mut self, policy: &mut P) -> Step {
        let values = self.hands.map(|hand| ruff_value(hand, self.r));
        self.ledger.ruff_values = values.map(|v| v.value);
        let passed_before = self.carried.ruff_passed.min(16);
        let (mult, extra) = match self.r.no_vie() {
            NoVie::DoubledNextDeal => (1i64 << passed_before, 0),
            NoVie::StakeCarried => (1, 2 * passed_before as i64),
            NoVie::PotCarried => (1, 0),
        };
        let model = self.r.ruff_money();
        let ante = Money::units((2 + extra) * mult);
        if model == RuffMoney::Pot {
            for seat in self.s.speaking_order() {
                self.ledger.pay(
                    Phase::Ruff,
                    Party::Player(seat),
                    Party::Pot,
                    ante,
                    Point::RuffMoney,
                    Reason::RuffAnte,
                );
            }
        }
        let script = self.s.vie.as_deref().unwrap_or(&[]);
        let fold_on_pass = self.r.initial_pass() == InitialPass::Fold;
        let mut in_play = [true; 3];
        let mut seen = [0u32; 3];
        let mut level = 0u32;
        let mut last_raiser: Option<Seat> = None;
        let mut passes_before_vie = 0;
        // Players who left by passing before anyone vied (the fold reading).
        let mut folded_early = [false; 3];
        let mut actor = self.s.eldest();
        let mut calls = 0usize;
        loop {
            let players_in = in_play.iter().filter(|p| **p).count();
            let over = if level > 0 {
                players_in == 1 || Some(actor) == last_raiser
            } else {
                passes_before_vie == 3
            };
            if over {
                if let Some(extra_call) = script.get(calls) {
                    self.forbid(
                        Phase::Ruff,
                        Point::InitialPass,
                        format!("{} {}", self.name(extra_call.seat), extra_call.what.word()),
                        "the vie was already over".to_string(),
                        Some(extra_call.at),
                    );
                    return Err(Stop);
                }
                break;
            }
            while !in_play[actor.index()] {
                actor = actor.next();
            }
            if level > 0 && Some(actor) == last_raiser {
                continue;
            }
            let view = VieView {
                seat: actor,
                vied: level > 0,
                may_double: level == 0
                    && passes_before_vie == 2
                    && actor == self.s.dealer
                    && self.r.no_vie() == NoVie::DoubledNextDeal,
                hand: self.hands[actor.index()],
            };
            let call = match script.get(calls) {
                Some(sc) => {
                    let action = format!("{} {}", self.name(sc.seat), sc.what.word());
                    if sc.seat != actor {
                        let reason = if !in_play[sc.seat.index()] {
                            format!("{} is out of the ruff", self.name(sc.seat))
                        } else {
                            format!("it is {}'s turn to speak", self.name(actor))
                        };
                        self.forbid(Phase::Ruff, Point::InitialPass, action, reason, Some(sc.at));
                        return Err(Stop);
                    }
                    if !view.calls().contains(&sc.what) {
                        let (point, reason) = self.why_not(&view, sc.what);
                        self.forbid(Phase::Ruff, point, action, reason, Some(sc.at));
                        return Err(Stop);
                    }
                    sc.what
                }
                None => {
                    let last = script.last().map(|c| c.at);
                    let after = calls as u32;
                    self.fill(Filled::Vie { after }, last, self.s.continued.vie);
                    policy.vie(&view)
                }
            };
            self.ledger
                .note(Phase::Ruff, Event::Vied { seat: actor, call }, None);
            let i = actor.index();
            match call {
                VieCall::Vie => {
                    level = 1;
                    seen[i] = 1;
                    last_raiser = Some(actor);
                }
                VieCall::See => seen[i] = level,
                VieCall::Revie => {
                    level += 1;
                    seen[i] = level;
                    last_raiser = Some(actor);
                }
                VieCall::Double => {
                    self.ledger.note(
                        Phase::Ruff,
                        Event::RuffDoubled { seat: actor },
                        Some(Point::NoVie),
                    );
                    return Ok(());
                }
                VieCall::Pass => {
                    if level == 0 {
                        passes_before_vie += 1;
                        if fold_on_pass {
                            in_play[i] = false;
                            folded_early[i] = true;
                        }
                    } else {
                        in_play[i] = false;
                    }
                }
            }
            calls += 1;
            actor = actor.next();
        }
        if level == 0 {
            self.ledger
                .note(Phase::Ruff, Event::RuffPassed, Some(Point::NoVie));
            return Ok(());
        }
        let winners = self.ruff_winners(in_play, values);
        let stake = |k: u32| -> Money {
            let k = k as i64;
            match model {
                RuffMoney::Stakes => Money::units((2 * k + extra) * mult),
                RuffMoney::Cotton => Money::units((2 + 2 * k + extra) * mult),
                RuffMoney::Pot => Money::units(2 * k * mult),
            }
        };
        // The winners in speaking order (the first takes any indivisible remainder).
        let mut winner_seats = [Seat(0); 3];
        let mut n_winners = 0;
        for s in self.s.speaking_order() {
            if winners[s.index()] {
                winner_seats[n_winners] = s;
                n_winners += 1;
            }
        }
        let winner_seats = &winner_seats[..n_winners];
        for loser in self.s.speaking_order() {
            let i = loser.index();
            if model == RuffMoney::Pot {
                self.ledger.pay(
                    Phase::Ruff,
                    Party::Player(loser),
                    Party::Pot,
                    stake(seen[i]),
                    Point::RuffMoney,
                    Reason::RuffBets,
                );
                continue;
            }
            if winners[i] {
                continue;
            }
            let (amount, reason) = match model {
                RuffMoney::Cotton if seen[i] == 0 => (Money::units(mult), Reason::RuffDeclined),
                RuffMoney::Stakes if folded_early[i] => (Money::ZERO, Reason::RuffStake),
                _ if in_play[i] => (stake(level), Reason::RuffStake),
                _ => (stake(seen[i].max(1)), Reason::RuffStake),
            };
            self.share_out(Party::Player(loser), amount, winner_seats, reason);
        }
        let pot = self.ledger.pot_after();
        if !pot.is_zero() {
            self.share_out(Party::Pot, pot, winner_seats, Reason::RuffPot);
        }
        Ok(())
    }

    /// Why a scripted call is not open to the player, as a rule point and a reason.
    fn why_not(&self, view: &VieView, call: VieCall) -> (Point, String) {
        let reason = match (call, view.vied) {
            (VieCall::Double, _) if self.r.no_vie() != NoVie::DoubledNextDeal => {
                "the youngest has no power to double the ruff under this reading".to_string()
            }
            (VieCall::Double, true) => "somebody has vied already".to_string(),
            (VieCall::Double, false) => {
                "only the youngest may double, after the eldest and middle hand have passed"
                    .to_string()
            }
            (_, true) => {
                "somebody has vied already: he may see, see and revie, or pass".to_string()
            }
            (_, false) => "nobody has vied yet: he may vie or pass".to_string(),
        };
        let point = if call == VieCall::Double {
            Point::NoVie
        } else {
            Point::RuffMoney
        };
        (point, reason)
    }

    /// Splits an amount among the winners; a remainder of half units goes to the first of them.
    fn share_out(&mut self, from: Party, amount: Money, winners: &[Seat], reason: Reason) {
        let (share, rest) = amount.split(winners.len() as i64);
        for (k, &w) in winners.iter().enumerate() {
            let extra = if k == 0 && from != Party::Pot {
                rest
            } else {
                Money::ZERO
            };
            self.ledger.pay(
                Phase::Ruff,
                from,
                Party::Player(w),
                share + extra,
                Point::RuffMoney,
                reason,
            );
        }
    }

    /// The players who win the ruff, given who is still in and each hand's ruff (in seat
    /// order).
    fn ruff_winners(&mut self, in_play: [bool; 3], by_seat: [RuffValue; 3]) -> [bool; 3] {
        let order = self.s.speaking_order();
        let values = order.map(|s| by_seat[s.index()]);
        let key = |v: &RuffValue| (v.four_aces, v.value);
        let contenders = || (0..3).filter(|&k| in_play[order[k].index()]);
        let shown = contenders().count() > 1;
        let best = contenders()
            .map(|k| key(&values[k]))
            .max()
            .unwrap_or((false, 0));
        let mut tied = [false; 3];
        for k in contenders().filter(|&k| key(&values[k]) == best) {
            tied[k] = true;
        }
        if tied.iter().filter(|t| **t).count() > 1 {
            let seats = SEATS.map(|s| (0..3).any(|k| tied[k] && order[k] == s));
            self.ledger
                .note(Phase::Ruff, Event::RuffTied { seats }, Some(Point::RuffTie));
            if self.r.ruff_tie() == RuffTie::ElderHand {
                let first = (0..3).find(|&k| tied[k]).expect("a tie has players");
                tied = [false; 3];
                tied[first] = true;
            }
        }
        let decided_by_aces =
            best.0 && contenders().any(|k| !values[k].four_aces && values[k].value > best.1);
        let point = if !shown {
            None
        } else if decided_by_aces {
            Some(Point::FourAces)
        } else {
            Some(Point::RuffCount)
        };
        let mut winners = [false; 3];
        for k in (0..3).filter(|&k| tied[k]) {
            let v = values[k];
            let seat = order[k];
            winners[seat.index()] = true;
            self.ledger.note(
                Phase::Ruff,
                Event::RuffWon {
                    seat,
                    suit: shown.then_some(v.suit),
                    value: v.value,
                    four_aces: v.four_aces,
                    shown,
                },
                point,
            );
        }
        winners
    }
}
