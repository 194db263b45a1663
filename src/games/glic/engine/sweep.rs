//! The sweepstakes: the trumps that match a compartment take it (`sweepstakes`,
//! `turned-card`, `nine-eight-seven`, `nine-eight-seven-tie`), and what nobody takes is carried
//! or returned (`unclaimed`).

use super::Deal;
use crate::cards::{Card, Rank, Suit};
use crate::game::Party;
use crate::games::glic::board::Compartment;
use crate::games::glic::points::{GlicRules, Point, choice};
use crate::games::glic::record::{Claim, CompartmentEnd, Stage, Why};
use crate::games::glic::scenario::Seat;

/// Each ante as the engine recorded it: its player, its compartment (`None`: one on each).
type Antes = [(Seat, Option<Compartment>, bool)];

impl Deal<'_> {
    /// Settles the seven staked compartments, in board order: the claims made, and what each
    /// compartment held and what became of it (the Poch's entry is left for the Poch).
    pub fn sweepstakes(
        &mut self,
        antes: &Antes,
    ) -> (Vec<(Seat, Compartment, Claim)>, [CompartmentEnd; 8]) {
        let mut claims = Vec::new();
        let mut ends = [CompartmentEnd::default(); 8];
        for &c in Compartment::STAKED {
            let found = self.claimants(c);
            claims.extend(found.iter().map(|&(seat, claim)| (seat, c, claim)));
            let held = self.board[c.index()];
            let mut end = CompartmentEnd {
                held,
                ..CompartmentEnd::default()
            };
            let taker = match found.len() {
                0 => None,
                1 => Some((found[0], Self::point_of(found[0].1))),
                _ => Some((self.break_tie(&found), Point::NineEightSevenTie)),
            };
            match taker {
                Some(((seat, _), point)) => {
                    end.taker = Some(seat);
                    self.board[c.index()] = 0;
                    self.pay(
                        Stage::Sweepstakes,
                        Party::Pot,
                        Party::Player(seat),
                        held,
                        point,
                        Why::Took(c),
                    );
                }
                None => {
                    end.returned = self.unclaimed(c, antes);
                    end.left = self.board[c.index()];
                }
            }
            ends[c.index()] = end;
        }
        if claims
            .iter()
            .any(|(_, _, cl)| matches!(cl, Claim::TurnedCard(_)))
        {
            self.cite(Point::TurnedCard);
        }
        (claims, ends)
    }

    /// The rule point behind a claim that nobody disputes.
    fn point_of(claim: Claim) -> Point {
        match claim {
            Claim::Honour(_) | Claim::Marriage => Point::Sweepstakes,
            Claim::Sequence | Claim::Flush(_) => Point::NineEightSeven,
            Claim::TurnedCard(_) => Point::TurnedCard,
        }
    }

    /// An unclaimed compartment: carried, or this deal's antes on it returned. Returns the
    /// pennies returned.
    fn unclaimed(&mut self, c: Compartment, antes: &Antes) -> u32 {
        self.cite(Point::Unclaimed);
        if self.r.unclaimed() == choice::Unclaimed::Carried {
            return 0;
        }
        let mut returned = 0;
        for &(seat, on, _) in antes {
            if on.is_none_or(|on| on == c) {
                self.board[c.index()] -= 1;
                returned += 1;
                self.pay(
                    Stage::Sweepstakes,
                    Party::Pot,
                    Party::Player(seat),
                    1,
                    Point::Unclaimed,
                    Why::Returned(c),
                );
            }
        }
        returned
    }

    /// Whether a seat holds a card for the sweepstakes: in his hand, or, for the dealer under
    /// `turned-card: dealer`, the card the cut turned up.
    fn holds(&self, seat: Seat, card: Card) -> bool {
        self.s.hands[seat.index()].contains(card) || self.turned_to(seat) == Some(card)
    }

    /// The cut card, where it counts as this seat's.
    fn turned_to(&self, seat: Seat) -> Option<Card> {
        (self.r.turned_card() == choice::TurnedCard::Dealer && seat == self.s.dealer)
            .then_some(self.s.cut)
    }

    fn trump(&self, rank: Rank) -> Card {
        Card::new(self.trumps, rank)
    }

    /// A claim by the cards named, marked as resting on the cut card where it does.
    fn claim_by(&self, seat: Seat, cards: &[Card], claim: Claim) -> Option<(Seat, Claim)> {
        if !cards.iter().all(|&c| self.holds(seat, c)) {
            return None;
        }
        Some(match self.turned_to(seat) {
            Some(cut) if cards.contains(&cut) && !self.s.hands[seat.index()].contains(cut) => {
                (seat, Claim::TurnedCard(cut))
            }
            _ => (seat, claim),
        })
    }

    /// Who qualifies for a compartment, in turn from the eldest.
    fn claimants(&self, c: Compartment) -> Vec<(Seat, Claim)> {
        let seats: Vec<Seat> = self.in_turn().collect();
        let by = |cards: &[Card], claim: Claim| -> Vec<(Seat, Claim)> {
            seats
                .iter()
                .filter_map(|&s| self.claim_by(s, cards, claim))
                .collect()
        };
        match c {
            Compartment::Marriage => by(
                &[self.trump(Rank::KING), self.trump(Rank::QUEEN)],
                Claim::Marriage,
            ),
            Compartment::NineEightSeven => {
                let seq = [9, 8, 7].map(|v| self.trump(Rank::new(v).expect("a rank")));
                seats
                    .iter()
                    .filter_map(|&s| {
                        self.claim_by(s, &seq, Claim::Sequence)
                            .or_else(|| self.flush(s).map(|suit| (s, Claim::Flush(suit))))
                    })
                    .collect()
            }
            Compartment::Poch => Vec::new(),
            honour => {
                let card = self.trump(honour.honour().expect("an honour compartment"));
                by(&[card], Claim::Honour(card))
            }
        }
    }

    /// The suit of a hand of four cards of one suit, where the reading lets it take the
    /// Nine-Eight-Seven.
    fn flush(&self, seat: Seat) -> Option<Suit> {
        let hand = self.s.hands[seat.index()];
        let suit = Suit::ALL
            .into_iter()
            .find(|&s| hand.suit(s).len() == 4 && hand.len() == 4)?;
        match self.r.nine_eight_seven() {
            choice::NineEightSeven::Sequence => None,
            choice::NineEightSeven::OrFlush => Some(suit),
            choice::NineEightSeven::OrTrumpFlush => (suit == self.trumps).then_some(suit),
        }
    }

    /// The claimant who takes a disputed Nine-Eight-Seven (`nine-eight-seven-tie`); claimants
    /// are in turn from the eldest.
    fn break_tie(&mut self, found: &[(Seat, Claim)]) -> (Seat, Claim) {
        self.cite(Point::NineEightSeven);
        match self.r.nine_eight_seven_tie() {
            choice::NineEightSevenTie::Eldest => found[0],
            choice::NineEightSevenTie::HighestTrump => {
                let top = |&(s, _): &(Seat, Claim)| {
                    let mut trumps = self.s.hands[s.index()].suit(self.trumps);
                    if let Some(cut) = self.turned_to(s) {
                        trumps.insert(cut);
                    }
                    trumps.iter().map(|c| c.rank()).max()
                };
                let best = found.iter().map(top).max().flatten();
                match best {
                    Some(rank) => *found
                        .iter()
                        .find(|f| top(f) == Some(rank))
                        .expect("the best is among them"),
                    None => found[0],
                }
            }
        }
    }
}
