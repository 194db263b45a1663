//! The ledger: what one scenario costs each player under one reading, and why.
//!
//! Every payment names its phase, who pays whom (or the pot, or the box), the rule point behind
//! it, and what happened. Renderers look up the variant's evidence for that point; the ledger
//! itself holds no text, so building one allocates little.

use crate::cards::{Card, CardSet, Rank, Suit};
use crate::games::gleek::points::Point;
use crate::games::gleek::scenario::{Bid, Seat, Set, VieCall};
use crate::money::Money;

/// The phases of a deal, in the order they are settled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Phase {
    TurnUp,
    Stock,
    Ruff,
    Sets,
    LowTrumps,
    Settlement,
}

impl Phase {
    pub const ALL: [Phase; 6] = [
        Phase::TurnUp,
        Phase::Stock,
        Phase::Ruff,
        Phase::Sets,
        Phase::LowTrumps,
        Phase::Settlement,
    ];

    /// The key used in `expect:` blocks.
    pub fn id(self) -> &'static str {
        match self {
            Phase::TurnUp => "turn-up",
            Phase::Stock => "stock",
            Phase::Ruff => "ruff",
            Phase::Sets => "sets",
            Phase::LowTrumps => "low-trumps",
            Phase::Settlement => "settlement",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Phase::TurnUp => "Turn-up",
            Phase::Stock => "Stock",
            Phase::Ruff => "Ruff",
            Phase::Sets => "Gleeks and mournivals",
            Phase::LowTrumps => "Low trumps",
            Phase::Settlement => "Cards and honours",
        }
    }

    pub fn from_id(id: &str) -> Option<Phase> {
        Phase::ALL.into_iter().find(|p| p.id() == id)
    }
}

pub use crate::game::Party;

/// What a payment is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// A low trump (Tiddy, Towser, Tumbler) turned up for the dealer.
    LowTrumpTurnedUp(Rank),
    /// The buyer's half of the price, to one opponent.
    StockPrice { bid: u32 },
    /// The odd unit of an odd price.
    OddUnit { bid: u32 },
    /// An ante into the ruff pot.
    RuffAnte,
    /// Money put into the pot in the vie (vies, revies and sees).
    RuffBets,
    /// A stake paid to the ruff winner.
    RuffStake,
    /// A player who never saw a vie pays his small forfeit.
    RuffDeclined,
    /// The pot taken by the ruff winner (or his share of it).
    RuffPot,
    /// A gleek or mournival, paid to its holder.
    Set(Set),
    /// A false claim forfeited.
    FalseClaim(Set),
    /// A low trump held in hand.
    LowTrumpHeld(Rank),
    /// The difference between a player's points and the par.
    Par { points: u8, par: u8 },
}

/// One payment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Payment {
    pub phase: Phase,
    pub from: Party,
    pub to: Party,
    pub amount: Money,
    pub point: Point,
    pub reason: Reason,
}

/// Facts that move no money but explain the money that moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A call in the auction.
    Called {
        seat: Seat,
        bid: Bid,
    },
    /// The stock bought (or left when nobody bid).
    Bought {
        buyer: Seat,
        price: u32,
    },
    NobodyBought,
    /// The buyer laid out fewer than seven cards.
    ShortDiscard {
        buyer: Seat,
        count: u8,
    },
    /// A call in the vie.
    Vied {
        seat: Seat,
        call: VieCall,
    },
    /// The ruff won; `value` is the count under the reading, `four_aces` when they decided it.
    RuffWon {
        seat: Seat,
        suit: Option<Suit>,
        value: u8,
        four_aces: bool,
        shown: bool,
    },
    /// The best ruffs were equal; `point` says how the tie went.
    RuffTied {
        seats: [bool; 3],
    },
    /// Nobody vied; what carries to the next deal is the reading's `no-vie`.
    RuffPassed,
    /// The eldest and middle hand passed, and the youngest doubled the ruff for the next deal.
    RuffDoubled {
        seat: Seat,
    },
    /// A set held but paid nothing (the holder forfeited it, or a better set took all).
    SetUnpaid {
        seat: Seat,
        set: Set,
    },
    /// A false claim refused.
    ClaimRefused {
        seat: Seat,
        set: Set,
    },
    /// A low-trump payment the table agreed to leave out.
    LowTrumpLeftOut {
        seat: Seat,
        rank: Rank,
        turned: bool,
    },
    /// An honour out of play (laid out, left in an unbought stock, or an unscored turn-up).
    HonourOutOfPlay {
        card: Card,
    },
}

/// An event with the rule point that decided it, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Noted {
    pub phase: Phase,
    pub event: Event,
    pub point: Option<Point>,
}

/// A step of the deal that the scenario left out and the engine filled with its policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Filled {
    /// The table's agreement on Tiddy (or on Towser and Tumbler), turned up or held: taken as
    /// played.
    Agreement {
        tiddy: bool,
        turned: bool,
    },
    /// Calls in the auction, from this many scripted calls on.
    Auction {
        after: u32,
    },
    Discard,
    /// Calls in the vie, from this many scripted calls on.
    Vie {
        after: u32,
    },
    /// Cards in the play, from this trick on (counting from 1).
    Play {
        from_trick: u8,
    },
}

/// One trick: the cards in the order played, from the leader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trick {
    pub cards: [(Seat, Card); 3],
    pub winner: Seat,
}

/// Card and honour points after play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Points {
    pub cards: [u8; 3],
    pub honours: [u8; 3],
    pub par: u8,
}

impl Points {
    pub fn total(&self, seat: Seat) -> u8 {
        self.cards[seat.index()] + self.honours[seat.index()]
    }

    pub fn in_play(&self) -> u8 {
        self.cards.iter().sum::<u8>() + self.honours.iter().sum::<u8>()
    }
}

/// What some payments come to: each player's net, what the pot gained (negative: what it paid
/// out) and what went to the box.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sums {
    pub nets: [Money; 3],
    pub pot: Money,
    pub boxed: Money,
}

impl Sums {
    /// In one pass over the payments (simulations ask for it by the million).
    pub fn of(payments: &[Payment]) -> Sums {
        // By slot: the three players, the pot, the box, and a place (not a Gleek party:
        // counted by none of them).
        let mut slots = [Money::ZERO; 6];
        for p in payments {
            slots[slot(p.to)] += p.amount;
            slots[slot(p.from)] -= p.amount;
        }
        let [a, b, c, pot, boxed, _] = slots;
        Sums {
            nets: [a, b, c],
            pot,
            boxed,
        }
    }
}

/// A party's slot in [`Sums::of`]; a Gleek seat is one of three.
fn slot(party: Party) -> usize {
    match party {
        Party::Player(s) => {
            assert!(s.index() < 3, "a Gleek table seats three");
            s.index()
        }
        Party::Pot => 3,
        Party::Box => 4,
        Party::Place(_) => 5,
    }
}

impl std::ops::Add for Sums {
    type Output = Sums;

    fn add(self, other: Sums) -> Sums {
        Sums {
            nets: [0, 1, 2].map(|i| self.nets[i] + other.nets[i]),
            pot: self.pot + other.pot,
            boxed: self.boxed + other.boxed,
        }
    }
}

impl std::ops::Sub for Sums {
    type Output = Sums;

    fn sub(self, other: Sums) -> Sums {
        Sums {
            nets: [0, 1, 2].map(|i| self.nets[i] - other.nets[i]),
            pot: self.pot - other.pot,
            boxed: self.boxed - other.boxed,
        }
    }
}

/// The full account of one scenario under one reading.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ledger {
    /// The seats in speaking order (eldest, middle, dealer), as accounts list them.
    pub order: [Seat; 3],
    pub payments: Vec<Payment>,
    pub events: Vec<Noted>,
    pub filled: Vec<Filled>,
    /// The filled steps that the scenario scripts in part without saying `then auto`, each with
    /// where its last scripted action is written.
    pub partly_scripted: Vec<(Filled, Option<u32>)>,
    pub tricks: Vec<Trick>,
    pub points: Points,
    /// Money in the pot before the deal (carried in).
    pub pot_before: Money,
    /// Cards out of play: the buyer's discards, or the whole stock when nobody bought it.
    pub laid_out: CardSet,
    /// Cards still in hand after twelve tricks (a short discard leaves the buyer some).
    pub left_in_hand: CardSet,
    /// Each hand's ruff after the exchange, under the reading's count, in seat order.
    pub ruff_values: [u8; 3],
    /// Where a deal that a reading cannot play stopped, for the ledger as far as its first
    /// forbidden action: only the phases before this one are complete.
    pub stopped: Option<Phase>,
}

impl Ledger {
    pub fn pay(
        &mut self,
        phase: Phase,
        from: Party,
        to: Party,
        amount: Money,
        point: Point,
        reason: Reason,
    ) {
        if !amount.is_zero() {
            self.payments.push(Payment {
                phase,
                from,
                to,
                amount,
                point,
                reason,
            });
        }
    }

    pub fn note(&mut self, phase: Phase, event: Event, point: Option<Point>) {
        self.events.push(Noted {
            phase,
            event,
            point,
        });
    }

    fn delta(&self, party: Party, phase: Option<Phase>) -> Money {
        self.payments
            .iter()
            .filter(|p| phase.is_none_or(|ph| p.phase == ph))
            .map(|p| {
                let mut m = Money::ZERO;
                if p.to == party {
                    m += p.amount;
                }
                if p.from == party {
                    m -= p.amount;
                }
                m
            })
            .sum()
    }

    /// A player's gain or loss over the deal.
    pub fn net(&self, seat: Seat) -> Money {
        self.delta(Party::Player(seat), None)
    }

    /// A player's gain or loss in one phase.
    pub fn phase_net(&self, phase: Phase, seat: Seat) -> Money {
        self.delta(Party::Player(seat), Some(phase))
    }

    /// Every player's net, in one pass over the payments (simulations ask for it by the
    /// million).
    pub fn nets(&self) -> [Money; 3] {
        Sums::of(&self.payments).nets
    }

    /// What the deal added to the pot (negative when the pot was paid out).
    pub fn pot_change(&self) -> Money {
        self.delta(Party::Pot, None)
    }

    pub fn pot_after(&self) -> Money {
        self.pot_before + self.pot_change()
    }

    /// What went to the box.
    pub fn boxed(&self) -> Money {
        self.delta(Party::Box, None)
    }

    /// The money balances: every unit paid was received somewhere.
    pub fn balances(&self) -> bool {
        self.nets().into_iter().sum::<Money>() + self.pot_change() + self.boxed() == Money::ZERO
    }

    pub fn was_filled(&self) -> bool {
        !self.filled.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Seat;
    use proptest::prelude::*;

    fn party(k: u8) -> Party {
        match k {
            0..=2 => Party::Player(Seat(k)),
            3 => Party::Pot,
            4 => Party::Box,
            _ => Party::Place("a compartment"),
        }
    }

    proptest! {
        /// What [`Sums::of`] counts in one pass is what each party's own count of the ledger
        /// finds: every player's net, the pot's change, the box.
        #[test]
        fn sums_are_each_partys_own_count(
            paid in proptest::collection::vec((0u8..6, 0u8..6, -40i64..40), 0..30),
        ) {
            let mut l = Ledger::default();
            for (from, to, halves) in paid {
                let amount = Money::halves(halves);
                l.pay(Phase::Ruff, party(from), party(to), amount, Point::RuffMoney, Reason::RuffAnte);
            }
            let sums = Sums::of(&l.payments);
            let seats = [0, 1, 2].map(|k| l.net(Seat(k)));
            prop_assert_eq!(sums.nets, seats);
            prop_assert_eq!(sums.pot, l.pot_change());
            prop_assert_eq!(sums.boxed, l.boxed());
        }
    }
}
