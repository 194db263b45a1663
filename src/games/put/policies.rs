//! The policies a simulation may follow at Put, selectable with `--policy`: `simple` is the
//! engine's own [`SimplePolicy`] (nobody puts or throws up); `judging` ([`Judging`]) puts on a
//! strong hand, answers a put by its cards, and throws up a hopeless one where it may.

use super::engine::{Choice, Policy, SimplePolicy, View};
use super::order;
use super::points::choice::Pack;
use super::scenario::{Act, Call, Pass};
use crate::cards::CardSet;
use crate::simulate::PolicyDoc;

/// The policies, the default first: `simple`, then `judging`.
pub const POLICIES: &[PolicyDoc] = &[
    PolicyDoc {
        id: "simple",
        summary: "The engine's own policy, which also fills the steps a scenario leaves out: \
                  nobody puts or throws up, and the cards are played greedily.",
        steps: &[
            ("put", "Never puts."),
            (
                "see",
                "Sees every put (he never meets one, as nobody puts).",
            ),
            ("throw", "Never throws up his cards."),
            (
                "play",
                "Leads his strongest card; follows with his weakest card that beats the best so \
                 far, or else his weakest card.",
            ),
        ],
    },
    PolicyDoc {
        id: "judging",
        summary: "A player who judges his cards: he puts when he is strong, sees a put when he \
                  can hope to win, and throws up a hand that cannot.",
        steps: &[
            (
                "put",
                "Puts, wherever the reading lets him, when two of the cards he still holds are of \
                 the pack's three best ranks (at Put: Treys, Deuces and Aces).",
            ),
            (
                "see",
                "Sees a put when he holds a card of the pack's three best ranks; otherwise \
                 refuses.",
            ),
            (
                "throw",
                "Throws up, wherever the reading lets him, when none of his cards is above the \
                 middle of the pack's order.",
            ),
            ("play", "Plays his cards as `simple` does."),
        ],
    },
];

/// A player who judges his cards (the `judging` policy in [`POLICIES`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Judging;

/// How many of a hand's cards are of the pack's three best ranks.
fn top_cards(pack: Pack, hand: CardSet) -> usize {
    let best = order::ranks_held(pack);
    hand.iter()
        .filter(|&c| order::strength(pack, c).is_some_and(|s| s + 3 > best))
        .count()
}

/// No card above the middle of the pack's order.
fn hopeless(pack: Pack, hand: CardSet) -> bool {
    let middle = order::ranks_held(pack) / 2;
    hand.iter()
        .all(|c| order::strength(pack, c).is_none_or(|s| s <= middle))
}

impl Policy for Judging {
    fn choose(&mut self, view: &View, legal: &[Choice]) -> Choice {
        let call = |seat, call| {
            legal
                .iter()
                .copied()
                .find(|c| c.seat == seat && c.act == Act::Call(call))
        };
        let hand = |seat: super::scenario::Seat| view.hands[seat.index()];
        if view.answering {
            let seat = legal[0].seat;
            let answer = if top_cards(view.pack, hand(seat)) >= 1 {
                Call::See
            } else {
                Call::Refuse
            };
            return call(seat, answer).unwrap_or(legal[0]);
        }
        let turn = legal.iter().find(|c| matches!(c.act, Act::Card(_)));
        if let Some(seat) = turn.map(|c| c.seat) {
            if top_cards(view.pack, hand(seat)) >= 2
                && let Some(put) = call(seat, Call::Put)
            {
                return put;
            }
            if hopeless(view.pack, hand(seat))
                && let Some(throw) = call(seat, Call::Throw)
            {
                return throw;
            }
        }
        SimplePolicy.choose(view, legal)
    }

    fn pass(&mut self, pack: Pack, options: &[Pass]) -> Pass {
        SimplePolicy.pass(pack, options)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Card;
    use crate::games::put::scenario::Seat;

    fn cards(text: &str) -> CardSet {
        text.split_whitespace()
            .map(|t| t.parse::<Card>().unwrap())
            .collect()
    }

    fn choices(seat: Seat, hand: CardSet, calls: &[Call]) -> Vec<Choice> {
        let mut out: Vec<Choice> = hand
            .iter()
            .map(|c| Choice {
                seat,
                act: Act::Card(c),
            })
            .collect();
        out.extend(calls.iter().map(|&c| Choice {
            seat,
            act: Act::Call(c),
        }));
        out
    }

    fn decide(hands: [&str; 2], answering: bool, calls: &[Call]) -> Act {
        let hands = [cards(hands[0]), cards(hands[1])];
        let view = View {
            pack: Pack::Full52,
            hands: &hands,
            trick: &[],
            in_deal: &[true, true],
            answering,
        };
        let legal = if answering {
            choices(Seat(0), CardSet::EMPTY, calls)
        } else {
            choices(Seat(0), hands[0], calls)
        };
        Judging.choose(&view, &legal).act
    }

    #[test]
    fn judging_puts_on_two_of_the_best_ranks() {
        let both = [Call::Put, Call::Throw];
        assert_eq!(
            decide(["3S 2H 5D", "AS KS QS"], false, &both),
            Act::Call(Call::Put)
        );
        // One Trey only: he plays his best card instead.
        assert_eq!(
            decide(["3S 9H 5D", "AS KS QS"], false, &both),
            Act::Card("3S".parse().unwrap())
        );
    }

    #[test]
    fn judging_throws_up_a_hopeless_hand_only_where_it_may() {
        assert_eq!(
            decide(["4S 5H 6D", "AS KS QS"], false, &[Call::Throw]),
            Act::Call(Call::Throw)
        );
        assert_eq!(
            decide(["4S 5H 6D", "AS KS QS"], false, &[]),
            Act::Card("6D".parse().unwrap())
        );
    }

    #[test]
    fn judging_answers_a_put_by_its_cards() {
        let answers = [Call::See, Call::Refuse, Call::Throw];
        assert_eq!(
            decide(["AS 5H 6D", "3S KS QS"], true, &answers),
            Act::Call(Call::See)
        );
        assert_eq!(
            decide(["KS 5H 6D", "3S 2S QS"], true, &answers),
            Act::Call(Call::Refuse)
        );
    }
}
