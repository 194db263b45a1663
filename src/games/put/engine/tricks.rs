//! The cards: whose turn it is, who wins a trick, and when the tricks decide the deal.
//!
//! No trumps and no following: every player still in plays any card, clockwise from the leader.
//! The strongest rank wins; the strongest rank played by two or more ties the trick, which
//! belongs to nobody, and its leader leads again (`tied-trick`).

use super::{DealState, Step, unplayable};
use crate::cards::Card;
use crate::games::put::order;
use crate::games::put::points::{Point, PutRules, choice};
use crate::games::put::record::{DealEnd, Event};
use crate::games::put::scenario::{Seat, left_of};

impl DealState<'_> {
    /// The players still in, in seat order.
    pub(super) fn seats_in_deal(&self) -> impl Iterator<Item = Seat> + '_ {
        (0..self.n as u8)
            .map(Seat)
            .filter(|s| self.in_deal[s.index()])
    }

    /// The next player still in, clockwise after a seat.
    pub(super) fn next_in_deal(&self, seat: Seat) -> Seat {
        let mut s = left_of(seat, self.n);
        while !self.in_deal[s.index()] && s != seat {
            s = left_of(s, self.n);
        }
        s
    }

    /// Whose turn it is to play a card: the first player still in, clockwise from the leader,
    /// who has not played to this trick.
    pub fn to_play(&self) -> Seat {
        let mut s = self.leader;
        for _ in 0..self.n {
            if self.in_deal[s.index()] && !self.trick.iter().any(|&(p, _)| p == s) {
                return s;
            }
            s = left_of(s, self.n);
        }
        self.leader
    }

    /// A card, checked (his turn, his card), then played.
    pub(super) fn play_card(
        &mut self,
        seat: Seat,
        card: Card,
        at: Option<u32>,
        filled: bool,
    ) -> Step {
        if let Some(p) = &self.pending {
            return Err(unplayable(
                Point::WhoMayPut,
                format!("{} plays {card}", self.name(seat)),
                format!(
                    "{} must first answer {}'s put",
                    self.name(p.waiting[0]),
                    self.name(p.putter)
                ),
                at,
            ));
        }
        let turn = self.to_play();
        if seat != turn {
            return Err(unplayable(
                self.turn_point(),
                format!("{} plays {card}", self.name(seat)),
                format!("it is {}'s turn to play", self.name(turn)),
                at,
            ));
        }
        if !self.hands[seat.index()].remove(card) {
            return Err(unplayable(
                self.turn_point(),
                format!("{} plays {card}", self.name(seat)),
                format!("{} does not hold {card}", self.name(seat)),
                at,
            ));
        }
        if self.trick.is_empty() {
            self.trick_leader = seat;
        }
        self.trick.push((seat, card));
        if filled {
            self.filled_trick = true;
        }
        self.complete_trick_if_done();
        Ok(())
    }

    /// The point that decided whose turn it is: the tied-trick rule after a tie, the order of the
    /// cards after a trick won, and before the first trick the deal (the eldest leads).
    fn turn_point(&self) -> Point {
        match self.tricks.last() {
            Some(None) => Point::TiedTrick,
            Some(Some(_)) => Point::Pack,
            None => Point::FirstDealer,
        }
    }

    /// When everyone still in has played, the trick is decided.
    pub(super) fn complete_trick_if_done(&mut self) {
        if self.ended() || self.trick.is_empty() {
            return;
        }
        let everyone_played = self
            .seats_in_deal()
            .all(|s| self.trick.iter().any(|&(p, _)| p == s));
        if !everyone_played {
            return;
        }
        let winner = self.trick_winner();
        if let Some(w) = winner {
            self.won[w.index()] += 1;
            self.leader = w;
        }
        self.tricks.push(winner);
        self.events.push(Event::Trick {
            leader: self.trick_leader,
            cards: std::mem::take(&mut self.trick),
            winner,
            filled: std::mem::take(&mut self.filled_trick),
        });
        self.decide_if_done();
    }

    /// The strongest card of players still in; `None` when its rank is played twice or more.
    fn trick_winner(&self) -> Option<Seat> {
        let pack = self.r.pack();
        let counted: Vec<(Seat, u8)> = self
            .trick
            .iter()
            .filter(|(s, _)| self.in_deal[s.index()])
            .map(|&(s, c)| (s, order::strength(pack, c).unwrap_or(0)))
            .collect();
        let best = counted.iter().map(|&(_, v)| v).max()?;
        let mut at_best = counted.iter().filter(|&&(_, v)| v == best);
        let first = at_best.next().map(|&(s, _)| s);
        if at_best.next().is_some() {
            None
        } else {
            first
        }
    }

    /// Two tricks decide the deal at once; after three, the ties are weighed.
    fn decide_if_done(&mut self) {
        let two_tricks = self.seats_in_deal().find(|s| self.won[s.index()] >= 2);
        if let Some(seat) = two_tricks {
            self.end = Some(DealEnd::Won {
                seat,
                one_and_two_ties: false,
            });
            return;
        }
        if self.tricks.len() < 3 {
            return;
        }
        let ties = self.tricks.iter().filter(|w| w.is_none()).count();
        let winners: Vec<Seat> = self.tricks.iter().flatten().copied().collect();
        self.end = Some(match (ties, winners.as_slice()) {
            (2, &[seat]) if self.in_deal[seat.index()] => {
                // The seen put and the deal played for its point are worded apart.
                let scores = if self.seen {
                    self.r.put_one_win_two_ties() == choice::PutOneWinTwoTies::Scores
                } else {
                    self.r.one_win_two_ties() == choice::OneWinTwoTies::Scores
                };
                if scores {
                    DealEnd::Won {
                        seat,
                        one_and_two_ties: true,
                    }
                } else {
                    DealEnd::NoWinner {
                        one_and_two_ties: true,
                    }
                }
            }
            (1, &[a, b]) if a != b => DealEnd::TrickAndTie,
            _ => DealEnd::NoWinner {
                one_and_two_ties: false,
            },
        });
    }
}
