//! The countdown: cards played to 31 in counts, from the winner of the Poch, until a player goes
//! out (`countdown-turn`, `countdown-pay`).

use super::{CountView, Deal, Policy, Step, unplayable};
use crate::cards::{Card, CardSet, Rank};
use crate::game::Party;
use crate::games::glic::points::{GlicRules, Point, choice};
use crate::games::glic::record::{Count, CountdownRecord, Decided, PochRecord, Stage, Turn, Why};
use crate::games::glic::scenario::{ScriptedPlay, Seat, left_of};

/// The count may not pass this.
pub const LIMIT: u32 = 31;

/// What a card counts: a court card 10, an Ace 1, any other card its pips.
pub fn value(card: Card) -> u32 {
    match card.rank() {
        Rank::ACE => 1,
        r if r >= Rank::JACK => 10,
        r => r.value() as u32,
    }
}

/// The countdown in progress.
struct Play {
    hands: Vec<CardSet>,
    counts: Vec<Count>,
    turn: Seat,
    /// The last player to play a card in the current count.
    last: Seat,
    /// Passes in a row since the last card.
    passes: usize,
}

impl Play {
    fn count(&self) -> &Count {
        self.counts.last().expect("a count is open")
    }

    fn total(&self) -> u32 {
        self.count().total
    }

    /// No card is down yet in this count: its first player must play.
    fn beginning(&self) -> bool {
        self.count().turns.iter().all(|t| t.card.is_none())
    }

    fn fits(&self, card: Card) -> bool {
        self.total() + value(card) <= LIMIT
    }

    fn able(&self, seat: Seat) -> bool {
        self.hands[seat.index()].iter().any(|c| self.fits(c))
    }

    /// Whether any card has been played in the countdown.
    fn started(&self) -> bool {
        self.counts.len() > 1 || !self.beginning()
    }
}

/// What a turn did: the deal goes on, or the player went out.
enum After {
    Next,
    Out(Seat),
}

impl Deal<'_> {
    /// Plays the countdown from the winner of the Poch: the script first, then the policy.
    pub fn countdown<P: Policy>(
        &mut self,
        poch: &PochRecord,
        policy: &mut P,
    ) -> Step<CountdownRecord> {
        self.cite(Point::CountdownTurn);
        let mut p = Play {
            hands: self.s.hands.clone(),
            counts: vec![Count::default()],
            turn: poch.starter,
            last: poch.starter,
            passes: 0,
        };
        // Who begins the countdown is the Poch's business: name the point that decided it.
        let first_point = match poch.decided {
            Decided::Eldest | Decided::Carried => Point::PochTie,
            Decided::Trump => Point::PochTrumpOrder,
            _ => Point::PochRanks,
        };
        let script = &self.s.countdown;
        let mut next = 0;
        let out = loop {
            let after = match script.get(next) {
                // A player who cannot play passes, written or not: the script's next turn is
                // another's, or his own card for a later count.
                Some(sp) if !p.able(p.turn) && (sp.seat != p.turn || sp.card.is_some()) => {
                    self.pass(&mut p, false)
                }
                Some(sp) if sp.seat != p.turn => {
                    let (point, why) = if p.started() {
                        (Point::CountdownTurn, self.whose_turn(&p))
                    } else {
                        (
                            first_point,
                            format!(
                                "{} won the Poch and begins the countdown",
                                self.s.name(p.turn)
                            ),
                        )
                    };
                    return Err(unplayable(point, self.action(sp), why, Some(sp.at)));
                }
                Some(sp) => {
                    next += 1;
                    self.scripted(&mut p, sp)?
                }
                None if !p.able(p.turn) => self.pass(&mut p, false),
                None => {
                    let choice = self.by_policy(&p, policy);
                    match choice {
                        Some(card) => self.card(&mut p, card, true),
                        None => self.pass(&mut p, true),
                    }
                }
            };
            if let After::Out(seat) = after {
                break seat;
            }
        };
        let not_played = script[next..].iter().map(|sp| (sp.seat, sp.card)).collect();
        self.going_out(&mut p, out);
        Ok(CountdownRecord {
            left: p.hands.iter().map(|h| h.len()).collect(),
            counts: p.counts,
            out,
            not_played,
        })
    }

    /// "Ann plays 9♠", "Ben passes".
    fn action(&self, sp: &ScriptedPlay) -> String {
        match sp.card {
            Some(card) => format!("{} plays {card}", self.s.name(sp.seat)),
            None => format!("{} passes", self.s.name(sp.seat)),
        }
    }

    /// Why another player's turn comes first.
    fn whose_turn(&self, p: &Play) -> String {
        let who = self.s.name(p.turn);
        match self.r.countdown_turn() {
            choice::CountdownTurn::MustPlay => format!("it is {who}'s turn, and he can play"),
            choice::CountdownTurn::MayPass => format!("it is {who}'s turn, to play or to pass"),
        }
    }

    /// A scripted turn by the player whose turn it is.
    fn scripted(&mut self, p: &mut Play, sp: &ScriptedPlay) -> Step<After> {
        let refuse = |reason: String| {
            Err(unplayable(
                Point::CountdownTurn,
                self.action(sp),
                reason,
                Some(sp.at),
            ))
        };
        match sp.card {
            None if p.beginning() => refuse("the player who begins a count plays a card".into()),
            None if p.able(sp.seat)
                && self.r.countdown_turn() == choice::CountdownTurn::MustPlay =>
            {
                refuse(format!(
                    "the count is {} and he holds a card that fits; a player who can play must",
                    p.total()
                ))
            }
            None => Ok(self.pass(p, false)),
            Some(card) if !p.fits(card) => refuse(format!(
                "the count is {}, and {card} would take it to {}, over {LIMIT}",
                p.total(),
                p.total() + value(card)
            )),
            Some(card) => Ok(self.card(p, card, false)),
        }
    }

    /// The policy's turn: one of the cards that fit, or a pass where the reading allows it.
    fn by_policy<P: Policy>(&self, p: &Play, policy: &mut P) -> Option<Card> {
        let hand = p.hands[p.turn.index()];
        let mut legal: Vec<Option<Card>> = hand.iter().filter(|&c| p.fits(c)).map(Some).collect();
        if self.r.countdown_turn() == choice::CountdownTurn::MayPass && !p.beginning() {
            legal.push(None);
        }
        let view = CountView {
            hand,
            total: p.total(),
        };
        policy.play(&view, &legal)
    }

    fn card(&mut self, p: &mut Play, card: Card, filled: bool) -> After {
        let seat = p.turn;
        p.hands[seat.index()].remove(card);
        let count = p.counts.last_mut().expect("a count is open");
        count.total += value(card);
        count.turns.push(Turn {
            seat,
            card: Some(card),
            total: count.total,
            filled,
        });
        p.last = seat;
        p.passes = 0;
        if p.hands[seat.index()].is_empty() {
            return After::Out(seat);
        }
        p.turn = left_of(seat, self.n);
        After::Next
    }

    /// A pass; when every player has passed since the last card, the count closes, its last
    /// player takes a penny from each, and begins the next.
    fn pass(&mut self, p: &mut Play, filled: bool) -> After {
        let count = p.counts.last_mut().expect("a count is open");
        count.turns.push(Turn {
            seat: p.turn,
            card: None,
            total: count.total,
            filled,
        });
        p.passes += 1;
        if p.passes < self.n {
            p.turn = left_of(p.turn, self.n);
            return After::Next;
        }
        count.last = Some(p.last);
        let number = p.counts.len() as u32;
        self.count_penny(p.last, number);
        p.counts.push(Count::default());
        p.turn = p.last;
        p.passes = 0;
        After::Next
    }

    /// A penny from every other player to the last player of a count.
    fn count_penny(&mut self, last: Seat, number: u32) {
        for seat in self.in_turn().filter(|&s| s != last) {
            self.pay(
                Stage::Countdown,
                Party::Player(seat),
                Party::Player(last),
                1,
                Point::CountdownPay,
                Why::CountPenny(number),
            );
        }
    }

    /// The player who went out is paid for every card left in the other hands, a penny more
    /// from each on 31, and under `count-penny-too` the count's penny if his card ended it.
    fn going_out(&mut self, p: &mut Play, out: Seat) {
        let number = p.counts.len() as u32;
        let count = p.counts.last_mut().expect("a count is open");
        count.last = Some(out);
        let on_31 = count.total == LIMIT;
        let others: Vec<Seat> = self.in_turn().filter(|&s| s != out).collect();
        for &seat in &others {
            let left = p.hands[seat.index()].len();
            self.pay(
                Stage::Countdown,
                Party::Player(seat),
                Party::Player(out),
                left,
                Point::CountdownPay,
                Why::CardsLeft(left),
            );
        }
        if on_31 {
            for &seat in &others {
                self.pay(
                    Stage::Countdown,
                    Party::Player(seat),
                    Party::Player(out),
                    1,
                    Point::CountdownPay,
                    Why::OnThirtyOne,
                );
            }
        }
        // His last card ends the count when nobody else could add to it.
        let ends_count = others.iter().all(|&s| !p.able(s));
        if ends_count && self.r.countdown_pay() == choice::CountdownPay::CountPennyToo {
            self.count_penny(out, number);
        }
    }
}
