//! What the engine does where a scenario is silent. The default policy is simple and documented
//! so that a reader can follow it by hand; it is no model of good play.

use crate::cards::{Card, CardSet};
use crate::games::put::order;
use crate::games::put::points::choice::Pack;
use crate::games::put::scenario::{Act, Call, Pass, Seat};

/// One legal action: a seat and what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    pub seat: Seat,
    pub act: Act,
}

/// What a policy may look at when it chooses.
pub struct View<'a> {
    pub pack: Pack,
    pub hands: &'a [CardSet],
    /// The trick so far.
    pub trick: &'a [(Seat, Card)],
    pub in_deal: &'a [bool],
    /// A put is waiting for an answer.
    pub answering: bool,
}

/// Chooses the actions a scenario leaves out.
pub trait Policy {
    /// One of the legal actions (never empty while the deal goes on).
    fn choose(&mut self, view: &View, legal: &[Choice]) -> Choice;
    /// One side's passing in four-handed Put, from the passings the reading allows (never
    /// empty).
    fn pass(&mut self, pack: Pack, options: &[Pass]) -> Pass;
}

/// Nobody puts or throws up; a put left unanswered is seen. A leader leads his strongest card; a
/// follower plays his weakest card that beats the best card so far, or else his weakest card
/// (among equals, the first in the order ♠ ♥ ♦ ♣). In four-handed Put the partner who received
/// the side's first card gives, and the other lays out his weakest card.
#[derive(Clone, Copy, Debug, Default)]
pub struct SimplePolicy;

impl Policy for SimplePolicy {
    fn choose(&mut self, view: &View, legal: &[Choice]) -> Choice {
        if view.answering {
            return legal
                .iter()
                .copied()
                .find(|c| c.act == Act::Call(Call::See))
                .unwrap_or(legal[0]);
        }
        let strength = |c: Card| order::strength(view.pack, c).unwrap_or(0);
        let cards = legal.iter().copied().filter_map(|c| match c.act {
            Act::Card(card) => Some((c, strength(card))),
            Act::Call(_) => None,
        });
        let best_so_far = view
            .trick
            .iter()
            .filter(|(s, _)| view.in_deal[s.index()])
            .map(|&(_, c)| strength(c))
            .max();
        let pick = match best_so_far {
            None => first_by(cards, |a, b| a > b),
            Some(best) => {
                let beating = first_by(cards.clone().filter(|&(_, v)| v > best), |a, b| a < b);
                beating.or_else(|| first_by(cards, |a, b| a < b))
            }
        };
        pick.unwrap_or(legal[0])
    }

    fn pass(&mut self, pack: Pack, options: &[Pass]) -> Pass {
        let strength = |c: Card| order::strength(pack, c).unwrap_or(0);
        let first = options[0];
        let mut weakest = first;
        for p in options
            .iter()
            .filter(|p| p.giver == first.giver && p.given == first.given)
        {
            if strength(p.laid_out) < strength(weakest.laid_out) {
                weakest = *p;
            }
        }
        weakest
    }
}

/// The first action in the list whose strength is preferred by `better` over every other.
fn first_by(
    items: impl Iterator<Item = (Choice, u8)>,
    better: impl Fn(u8, u8) -> bool,
) -> Option<Choice> {
    let mut found: Option<(Choice, u8)> = None;
    for (c, v) in items {
        if found.is_none_or(|(_, f)| better(v, f)) {
            found = Some((c, v));
        }
    }
    found.map(|(c, _)| c)
}
