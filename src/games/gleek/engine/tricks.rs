//! The twelve tricks.

use super::{Deal, Policy, Stop};
use crate::cards::{Card, CardSet, Rank, Suit};
use crate::games::gleek::ledger::{Filled, Phase, Trick};
use crate::games::gleek::points::choice::{FollowRule, MustTrump, TrumpRank};
use crate::games::gleek::points::{GleekRules, Point};
use crate::games::gleek::scenario::{Clockwise, Seat};
use crate::rules::Rules;

/// The card that wins a trick (complete or not), given the cards played so far in order. The
/// trump rank is read only where a trump was played to a plain lead.
pub fn trick_winner(played: &[Card], trump: Suit, rules: &Rules) -> usize {
    let led = played[0].suit();
    let so_far = CardSet::from_cards(played.iter().copied());
    let (best_led, top_trump) = (so_far.top_rank(led), so_far.top_rank(trump));
    let trump_wins = led != trump
        && top_trump > 0
        && match rules.trump_rank() {
            TrumpRank::AnyTrump => true,
            TrumpRank::EqualOrHigher => top_trump >= best_led,
        };
    let (suit, rank) = if trump_wins {
        (trump, top_trump)
    } else {
        (led, best_led)
    };
    let rank = Rank::new(rank).expect("a card played");
    played
        .iter()
        .position(|&c| c == Card::new(suit, rank))
        .expect("the winning card was played")
}

/// The cards in `legal` that would win the trick if played now, after the cards `played`.
pub fn winning_cards(played: &[Card], legal: CardSet, trump: Suit, rules: &Rules) -> CardSet {
    let led = played[0].suit();
    let so_far = CardSet::from_cards(played.iter().copied());
    let best_led = so_far.top_rank(led);
    if led == trump {
        return legal.above(trump, best_led);
    }
    let top_trump = so_far.top_rank(trump);
    match rules.trump_rank() {
        TrumpRank::AnyTrump if top_trump > 0 => legal.above(trump, top_trump),
        TrumpRank::AnyTrump => legal.above(led, best_led).union(legal.suit(trump)),
        // A card of the suit led wins only above both the best led and every trump played (a
        // trump of equal or higher rank would still qualify); a trump wins if it is at least the
        // best led and above every trump played.
        TrumpRank::EqualOrHigher => {
            let floor = best_led.max(top_trump);
            legal
                .above(led, floor)
                .union(legal.above(trump, best_led.saturating_sub(1).max(top_trump)))
        }
    }
}

impl Deal<'_> {
    /// The cards a player may play.
    fn legal(&self, hand: CardSet, led: Option<Suit>) -> CardSet {
        let Some(led) = led else { return hand };
        let follow = hand.suit(led);
        if !follow.is_empty() {
            return match self.r.follow_rule() {
                FollowRule::AnyOfSuit => follow,
                FollowRule::HighestOfSuit => CardSet::from_cards(follow.highest()),
            };
        }
        let trumps = hand.suit(self.trump);
        if self.r.must_trump() == MustTrump::MustTrump && !trumps.is_empty() {
            return trumps;
        }
        hand
    }

    /// Why a scripted card is not legal, as a rule point and a reason.
    fn why_illegal(&self, hand: CardSet, led: Suit) -> (Point, String) {
        let follow = hand.suit(led);
        if !follow.is_empty() {
            if self.r.follow_rule() == FollowRule::HighestOfSuit {
                let high = follow.highest().expect("not empty");
                return (
                    Point::FollowRule,
                    format!("a follower must play his highest {}: {high}", led.name()),
                );
            }
            return (
                Point::FollowRule,
                format!("he holds {} and must follow suit", led.name()),
            );
        }
        (
            Point::MustTrump,
            "a player who cannot follow must play a trump".to_string(),
        )
    }

    /// Plays the twelve tricks; returns the first trick the policy filled, if any.
    pub(super) fn tricks<P: Policy>(&mut self, policy: &mut P) -> Result<Option<u8>, Stop> {
        let mut leader = self.s.eldest();
        let mut next_scripted = [0usize; 3];
        let mut filled_from: Option<u8> = None;
        for trick_no in 0..12u8 {
            let mut played: [(Seat, Card); 3] = [(leader, self.s.turn_up); 3];
            let mut cards: [Card; 3] = [self.s.turn_up; 3];
            let mut seat = leader;
            for pos in 0..3 {
                let hand = self.hands[seat.index()];
                let led = (pos > 0).then(|| cards[0].suit());
                let legal = self.legal(hand, led);
                let script = &self.s.play.cards[seat.index()];
                let card = match script.get(next_scripted[seat.index()]) {
                    Some(&(card, at)) => {
                        next_scripted[seat.index()] += 1;
                        // A card the reading forbids is recorded, and played all the same.
                        if !legal.contains(card) {
                            let (point, reason) =
                                self.why_illegal(hand, led.expect("a leader may lead anything"));
                            self.forbid(
                                Phase::Settlement,
                                point,
                                format!(
                                    "{} plays {card} to trick {}",
                                    self.name(seat),
                                    trick_no + 1
                                ),
                                reason,
                                Some(at),
                            );
                        }
                        card
                    }
                    None => {
                        filled_from.get_or_insert(trick_no + 1);
                        let winners = if pos == 0 {
                            CardSet::EMPTY
                        } else {
                            winning_cards(&cards[..pos], legal, self.trump, self.r)
                        };
                        policy.card(legal, winners, pos == 0, self.trump)
                    }
                };
                self.hands[seat.index()].remove(card);
                played[pos] = (seat, card);
                cards[pos] = card;
                seat = seat.next();
            }
            let winner = played[trick_winner(&cards, self.trump, self.r)].0;
            self.ledger.tricks.push(Trick {
                cards: played,
                winner,
            });
            leader = winner;
        }
        self.ledger.left_in_hand = self.hands[0].union(self.hands[1]).union(self.hands[2]);
        Ok(filled_from)
    }

    /// Records the play as filled by the policy from `filled_from` (a trick counted from 1).
    pub(super) fn note_filled_play(&mut self, filled_from: Option<u8>) {
        if let Some(from_trick) = filled_from {
            let last = self.s.play.cards.iter().flatten().map(|&(_, at)| at).max();
            let announced = self.s.continued.play;
            self.fill(Filled::Play { from_trick }, last, announced);
        }
    }
}
