//! What a deal of Glic comes to under one reading: every payment with the rule point behind it,
//! what each compartment paid or carried, and what happened stage by stage. The engine writes
//! it; reports only read it.

use super::board::{Board, Compartment, total};
use super::points::Point;
use super::scenario::Seat;
use crate::cards::{Card, Rank, Suit};
use crate::game::Party;

/// The stages of a deal, in order; each payment belongs to one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Stage {
    Ante,
    Sweepstakes,
    Poch,
    Countdown,
}

impl Stage {
    pub const ALL: [Stage; 4] = [
        Stage::Ante,
        Stage::Sweepstakes,
        Stage::Poch,
        Stage::Countdown,
    ];

    /// Its key in `expect:`.
    pub fn id(self) -> &'static str {
        match self {
            Stage::Ante => "ante",
            Stage::Sweepstakes => "sweepstakes",
            Stage::Poch => "poch",
            Stage::Countdown => "countdown",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Stage::Ante => "Ante",
            Stage::Sweepstakes => "Sweepstakes",
            Stage::Poch => "Poch",
            Stage::Countdown => "Countdown",
        }
    }

    pub fn from_id(id: &str) -> Option<Stage> {
        Stage::ALL.into_iter().find(|s| s.id() == id)
    }
}

/// What a payment is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// An ante on one compartment.
    Ante(Compartment),
    /// A penny on each of the seven (`one-on-each`).
    AnteEach,
    /// The coins of a compartment, to the player who takes it.
    Took(Compartment),
    /// An ante on an unclaimed compartment, back to its owner.
    Returned(Compartment),
    /// A bet on the Poch.
    Bet,
    /// The penny of a count (numbered from 1), to its last player.
    CountPenny(u32),
    /// A penny a card left in hand, to the player who goes out.
    CardsLeft(u32),
    /// The extra penny for going out on 31.
    OnThirtyOne,
}

/// One payment, in pennies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Payment {
    pub stage: Stage,
    pub from: Party,
    pub to: Party,
    pub pennies: u32,
    pub point: Point,
    pub why: Why,
}

/// How a player qualifies for a compartment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// He holds the matching trump.
    Honour(Card),
    /// The King and Queen of trumps.
    Marriage,
    /// The Nine, Eight and Seven of trumps.
    Sequence,
    /// Four cards of one suit.
    Flush(Suit),
    /// The card the cut turned up, counted as the dealer's (`turned-card`).
    TurnedCard(Card),
}

/// What a compartment held and what became of it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CompartmentEnd {
    /// Pennies on it when it was settled: carried, antes (or bets, for the Poch).
    pub held: u32,
    /// Who took it, if anyone (even when it held nothing).
    pub taker: Option<Seat>,
    /// Pennies returned to those who staked them (`unclaimed`).
    pub returned: u32,
    /// Pennies left on it for the next deal.
    pub left: u32,
}

/// The four kinds of Poch hand, and the high card, lowest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    HighCard,
    Pair,
    TwoPairs,
    Three,
    Four,
}

/// A Poch hand's kind and the ranks that make it: the set's rank (the higher pair of two
/// pairs, the highest card of a high-card hand) and, for two pairs, the lower pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub kind: Kind,
    pub high: Rank,
    pub low: Option<Rank>,
    /// The highest trump in the hand.
    pub trump: Option<Card>,
}

/// How the Poch was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decided {
    /// One contender only.
    Alone,
    /// By the kind of hand.
    Kind,
    /// By the ranks within a kind (`rank-within-kind`).
    Ranks,
    /// Tied, and the highest trump decided.
    Trump,
    /// Tied without a trump: the eldest of them (`poch-tie`).
    Eldest,
    /// Tied without a trump: nobody wins (`poch-tie`).
    Carried,
}

/// Each bet in turn from the eldest: pennies (`None` for a pass), and whether the engine filled
/// it.
pub type Bets = Vec<(Seat, Option<u32>, bool)>;

/// The Poch round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PochRecord {
    pub bets: Bets,
    pub contenders: Vec<Seat>,
    /// Per seat.
    pub shapes: Vec<Shape>,
    /// The hands tied at the top, when the trump or `poch-tie` decided.
    pub tied: Vec<Seat>,
    pub winner: Option<Seat>,
    pub decided: Decided,
    /// Who begins the countdown.
    pub starter: Seat,
}

/// One turn in the countdown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    pub seat: Seat,
    /// The card played, or `None` for a pass.
    pub card: Option<Card>,
    /// The count after the turn.
    pub total: u32,
    /// Played by the engine's policy (a pass for want of a card is not marked).
    pub filled: bool,
}

/// One count, from its first card to its close (or the deal's end).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Count {
    pub turns: Vec<Turn>,
    /// Its last player, who takes its penny; the player who went out, for the last count.
    pub last: Option<Seat>,
    pub total: u32,
}

/// The countdown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountdownRecord {
    pub counts: Vec<Count>,
    /// Who went out.
    pub out: Seat,
    /// Per seat: cards left in hand at the end.
    pub left: Vec<u32>,
    /// Scripted turns not played, the deal being over.
    pub not_played: Vec<(Seat, Option<Card>)>,
}

impl CountdownRecord {
    /// The count when the player went out.
    pub fn final_total(&self) -> u32 {
        self.counts.last().map_or(0, |c| c.total)
    }
}

/// A deal as played under one reading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub seats: usize,
    pub dealer: Seat,
    pub cut: Card,
    pub trumps: Suit,
    /// The coins carried from an earlier deal.
    pub carried: Board,
    /// Each ante: its player, its compartment (`None`: one on each), and whether the engine
    /// chose it.
    pub antes: Vec<(Seat, Option<Compartment>, bool)>,
    /// Each claim in the sweepstakes, in board order; a claim that lost a tie is kept.
    pub claims: Vec<(Seat, Compartment, Claim)>,
    /// What each compartment held and what became of it, in the order of [`Compartment::ALL`].
    pub compartments: [CompartmentEnd; 8],
    pub poch: PochRecord,
    pub countdown: CountdownRecord,
    pub payments: Vec<Payment>,
    /// Rule points that decided something without a payment of their own.
    pub cited: Vec<Point>,
}

impl Record {
    /// Pennies on each compartment after the deal.
    pub fn board_after(&self) -> Board {
        let mut b = [0; 8];
        for (i, c) in self.compartments.iter().enumerate() {
            b[i] = c.left;
        }
        b
    }

    /// A seat's gain or loss in pennies, over the given stages.
    pub fn net_in(&self, seat: Seat, stages: &[Stage]) -> i64 {
        let me = Party::Player(seat);
        self.payments
            .iter()
            .filter(|p| stages.contains(&p.stage))
            .map(|p| {
                let a = p.pennies as i64;
                match (p.from == me, p.to == me) {
                    (true, false) => -a,
                    (false, true) => a,
                    _ => 0,
                }
            })
            .sum()
    }

    /// Every penny paid was received: the players' nets and what the board gained sum to 0.
    pub fn balances(&self) -> bool {
        let nets: i64 = (0..self.seats as u8)
            .map(|s| self.net_in(Seat(s), &Stage::ALL))
            .sum();
        let board = total(&self.board_after()) as i64 - total(&self.carried) as i64;
        let from_board: i64 = self
            .payments
            .iter()
            .map(|p| match (p.from, p.to) {
                (Party::Pot, Party::Pot) => 0,
                (Party::Pot, _) => -(p.pennies as i64),
                (_, Party::Pot) => p.pennies as i64,
                _ => 0,
            })
            .sum();
        nets + board == 0 && board == from_board
    }
}
