//! The calls: the put (or Le Truc's double) and its answers, and throwing up.

use super::{DealState, PendingPut, Step, unplayable};
use crate::games::put::points::{Point, PutRules, choice};
use crate::games::put::record::{DealEnd, Event};
use crate::games::put::scenario::{Call, Seat, left_of};

impl DealState<'_> {
    /// A call, checked against the reading, then applied.
    pub(super) fn call(&mut self, seat: Seat, call: Call, at: Option<u32>, filled: bool) -> Step {
        self.check_call(seat, call, at)?;
        self.events.push(Event::Called { seat, call, filled });
        match call {
            Call::Put | Call::Double => {
                self.challenged = true;
                self.pending = Some(PendingPut {
                    putter: seat,
                    waiting: self.others_in_deal(seat),
                    seen_by_any: false,
                });
            }
            Call::See | Call::Refuse | Call::Throw if self.pending.is_some() => {
                self.answer(call == Call::See);
            }
            Call::Throw if self.seen => self.end = Some(DealEnd::Forfeited { seat }),
            Call::Throw => self.drop_out(seat),
            Call::See | Call::Refuse => {}
        }
        Ok(())
    }

    /// Whether a call is open to a seat now, under the reading.
    pub(super) fn check_call(&self, seat: Seat, call: Call, at: Option<u32>) -> Step {
        let who = self.name(seat).to_string();
        let refuse = |point: Point, reason: String| {
            Err(unplayable(
                point,
                format!("{who} says {}", call.word()),
                reason,
                at,
            ))
        };
        if self.ended() {
            return refuse(Point::WhoMayPut, "the deal is over".to_string());
        }
        if let Some(p) = &self.pending {
            let next = p.waiting[0];
            return match call {
                Call::See | Call::Refuse | Call::Throw if seat == next => Ok(()),
                _ => refuse(
                    Point::WhoMayPut,
                    format!(
                        "{} must first answer {}'s put",
                        self.name(next),
                        self.name(p.putter)
                    ),
                ),
            };
        }
        if !self.in_deal[seat.index()] {
            return refuse(Point::WhoMayPut, format!("{who} is out of this deal"));
        }
        match call {
            Call::See | Call::Refuse => {
                refuse(Point::WhoMayPut, "there is no put to answer".to_string())
            }
            Call::Put | Call::Double => self
                .check_put(seat)
                .or_else(|r| refuse(Point::WhoMayPut, r)),
            Call::Throw if self.seen => self
                .check_abandon()
                .or_else(|r| refuse(Point::AbandonedPut, r)),
            Call::Throw => self
                .check_throw(seat)
                .or_else(|r| refuse(Point::ThrowingUp, r)),
        }
    }

    /// `who-may-put`, and one put a deal.
    fn check_put(&self, seat: Seat) -> Result<(), String> {
        if self.challenged {
            return Err("there is only one put in a deal".to_string());
        }
        let turn = self.to_play();
        match self.r.who_may_put() {
            choice::WhoMayPut::EldestBeforePlay => {
                if seat != self.eldest {
                    Err(format!(
                        "only the eldest, {}, may put",
                        self.name(self.eldest)
                    ))
                } else if self.cards_played() {
                    Err("the put comes before the first card is played".to_string())
                } else {
                    Ok(())
                }
            }
            choice::WhoMayPut::BeforePlaying if seat != turn => Err(format!(
                "a player puts at his turn to play, and it is {}'s turn",
                self.name(turn)
            )),
            choice::WhoMayPut::BeforeLeading if seat != turn || !self.trick.is_empty() => {
                Err("a player puts only when he is about to lead".to_string())
            }
            _ => Ok(()),
        }
    }

    /// `abandoned-put`: a throw after a seen put, which forfeits the game where it is allowed.
    fn check_abandon(&self) -> Result<(), String> {
        match self.r.abandoned_put() {
            choice::AbandonedPut::Abide => {
                Err("after a seen put both must \"abide the event of the game\"".to_string())
            }
            choice::AbandonedPut::PaysTheStakes if self.n == 3 => {
                Err("no source says who is paid the stakes at a table of three".to_string())
            }
            choice::AbandonedPut::PaysTheStakes => Ok(()),
        }
    }

    /// `throwing-up`: only in answer to a put, or before playing.
    fn check_throw(&self, seat: Seat) -> Result<(), String> {
        match self.r.throwing_up() {
            choice::ThrowingUp::AnswerOnly => {
                Err("a player may throw up his cards only in answer to a put".to_string())
            }
            choice::ThrowingUp::ConcedesOne if self.cards_played() && seat != self.to_play() => {
                Err(format!(
                    "a player throws up before playing to a trick, and it is {}'s turn",
                    self.name(self.to_play())
                ))
            }
            choice::ThrowingUp::ConcedesOne => Ok(()),
        }
    }

    /// The next answer to the put in progress.
    fn answer(&mut self, sees: bool) {
        let Some(mut p) = self.pending.take() else {
            return;
        };
        let seat = p.waiting.remove(0);
        if sees {
            p.seen_by_any = true;
        } else {
            self.in_deal[seat.index()] = false;
            self.hands[seat.index()] = crate::cards::CardSet::EMPTY;
        }
        if !p.waiting.is_empty() {
            self.pending = Some(p);
            return;
        }
        if p.seen_by_any {
            self.seen = true;
            self.after_drop();
        } else {
            self.end = Some(DealEnd::LastIn {
                seat: p.putter,
                refused_put: true,
            });
        }
    }

    /// A throw when no put is pending: the thrower is out.
    fn drop_out(&mut self, seat: Seat) {
        self.in_deal[seat.index()] = false;
        self.hands[seat.index()] = crate::cards::CardSet::EMPTY;
        self.after_drop();
    }

    /// After players drop out: one left wins the deal; otherwise a trick they left unfinished
    /// may now be complete.
    fn after_drop(&mut self) {
        let left: Vec<Seat> = self.seats_in_deal().collect();
        if let [last] = left[..] {
            self.end = Some(DealEnd::LastIn {
                seat: last,
                refused_put: false,
            });
        } else {
            if !self.in_deal[self.leader.index()] {
                self.leader = self.next_in_deal(self.leader);
            }
            self.complete_trick_if_done();
        }
    }

    /// The other players still in, clockwise from a seat.
    fn others_in_deal(&self, seat: Seat) -> Vec<Seat> {
        let mut out = Vec::with_capacity(self.n - 1);
        let mut s = left_of(seat, self.n);
        while s != seat {
            if self.in_deal[s.index()] {
                out.push(s);
            }
            s = left_of(s, self.n);
        }
        out
    }
}
