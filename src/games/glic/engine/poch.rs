//! The Poch: bets on the Poch compartment in turn from the eldest (`poch-betting`, `poch-bet`),
//! then the hands of those who contend compared (`poch-ranks`, `poch-tie`).

use super::{Deal, Policy, Step, unplayable};
use crate::cards::{CardSet, Rank, Suit};
use crate::game::Party;
use crate::games::glic::board::Compartment;
use crate::games::glic::points::{GlicRules, Point, choice};
use crate::games::glic::record::{
    Bets, CompartmentEnd, Decided, Kind, PochRecord, Shape, Stage, Why,
};
use crate::games::glic::scenario::{Bet, Seat};

/// A trump's place in the order of `poch-trump-order`: the Ace below the Two where it is low.
fn trump_order(rank: Rank, ace_low: bool) -> u8 {
    match rank {
        Rank::ACE if ace_low => 1,
        r => r.value(),
    }
}

/// A hand's kind at the Poch, the ranks that make it, and its highest trump (the Ace lowest of
/// them if `ace_low`).
pub fn shape(hand: CardSet, trumps: Suit, ace_low: bool) -> Shape {
    let mut counts: Vec<(usize, Rank)> = (2..=14u8)
        .filter_map(Rank::new)
        .map(|r| (hand.rank(r).len() as usize, r))
        .filter(|&(k, _)| k > 0)
        .collect();
    // The largest set first, the higher rank first among equal sets.
    counts.sort_by(|a, b| b.cmp(a));
    let (top, high) = counts.first().copied().unwrap_or((0, Rank::TWO));
    let second = counts.get(1).copied();
    let (kind, low) = match (top, second) {
        (4, _) => (Kind::Four, None),
        (3, _) => (Kind::Three, None),
        (2, Some((2, r))) => (Kind::TwoPairs, Some(r)),
        (2, _) => (Kind::Pair, None),
        _ => (Kind::HighCard, None),
    };
    let trump = hand
        .suit(trumps)
        .iter()
        .max_by_key(|c| trump_order(c.rank(), ace_low));
    Shape {
        kind,
        high,
        low,
        trump,
    }
}

impl Deal<'_> {
    /// The Poch round: the bets, the contest and the compartment settled.
    pub fn poch<P: Policy>(&mut self, policy: &mut P) -> Step<PochRecord> {
        let (bets, stayed) = self.bets(policy)?;
        let all: Vec<Seat> = self.in_turn().collect();
        let stay = self.r.poch_betting() == choice::PochBetting::StayOrFold;
        let contenders = if stay && !stayed.is_empty() {
            stayed
        } else {
            all
        };
        self.cite(Point::PochBetting);
        let shapes: Vec<Shape> = self
            .s
            .hands
            .iter()
            .map(|&h| shape(h, self.trumps, self.ace_low()))
            .collect();
        let (winner, decided, tied) = self.decide(&contenders, &shapes);
        let starter = match winner {
            Some(w) => w,
            None => {
                self.cite(Point::CountdownFirst);
                match self.r.countdown_first() {
                    choice::CountdownFirst::EldestTied => tied[0],
                    choice::CountdownFirst::Eldest => {
                        self.in_turn().next().expect("someone sits at the table")
                    }
                }
            }
        };
        self.settle_poch(winner, decided);
        Ok(PochRecord {
            bets,
            contenders,
            shapes,
            tied,
            winner,
            decided,
            starter,
        })
    }

    /// The most a bet may be.
    fn limit(&self) -> u32 {
        match self.r.poch_bet() {
            choice::PochBet::OnePenny => 1,
            choice::PochBet::UpToAGroat => 4,
        }
    }

    /// Every player speaks once, in turn from the eldest. Returns the bets and who bet.
    fn bets<P: Policy>(&mut self, policy: &mut P) -> Step<(Bets, Vec<Seat>)> {
        let limit = self.limit();
        let stay = self.r.poch_betting() == choice::PochBetting::StayOrFold;
        let mut opening: Option<u32> = None;
        let mut last: Option<u32> = None;
        let mut bets = Vec::with_capacity(self.n);
        let mut stayed = Vec::new();
        for (k, seat) in self.in_turn().enumerate() {
            let scripted = self.s.bets.get(k).copied();
            let bet = match scripted {
                Some(b) => b.bet,
                None => {
                    let legal = legal_bets(limit, if stay { opening } else { None });
                    policy.bet(self.s.hands[seat.index()], self.trumps, &legal)
                }
            };
            let amount = match bet {
                Bet::Pass => None,
                Bet::See => last,
                Bet::Pennies(p) => Some(p),
            };
            let action = || format!("{} bets {}", self.s.name(seat), amount.unwrap_or(0));
            let at = scripted.map(|b| b.at);
            if let Some(a) = amount {
                if a > limit {
                    let summary =
                        Point::PochBet.def().choices[self.r.get(Point::PochBet) as usize].summary;
                    return Err(unplayable(
                        Point::PochBet,
                        action(),
                        format!("a bet in the Poch is {}", summary.to_lowercase()),
                        at,
                    ));
                }
                match opening {
                    Some(o) if stay && a != o => {
                        return Err(unplayable(
                            Point::PochBetting,
                            action(),
                            format!(
                                "after an opening bet of {o}, each later player sees it or passes"
                            ),
                            at,
                        ));
                    }
                    None => opening = Some(a),
                    _ => {}
                }
                last = Some(a);
                stayed.push(seat);
                self.board[Compartment::Poch.index()] += a;
                self.pay(
                    Stage::Poch,
                    Party::Player(seat),
                    Party::Pot,
                    a,
                    Point::PochBet,
                    Why::Bet,
                );
            }
            bets.push((seat, amount, scripted.is_none()));
        }
        Ok((bets, stayed))
    }

    fn ace_low(&self) -> bool {
        self.r.poch_trump_order() == choice::PochTrumpOrder::AceLow
    }

    /// The winner among the contenders (in turn from the eldest), how it was decided, and the
    /// hands tied at the top when a tie had to be broken.
    fn decide(
        &mut self,
        contenders: &[Seat],
        shapes: &[Shape],
    ) -> (Option<Seat>, Decided, Vec<Seat>) {
        let by_rank = self.r.poch_ranks() == choice::PochRanks::RankWithinKind;
        let key = |s: Seat| {
            let sh = shapes[s.index()];
            if by_rank {
                (sh.kind, Some(sh.high), sh.low)
            } else {
                (sh.kind, None, None)
            }
        };
        let best = contenders
            .iter()
            .map(|&s| key(s))
            .max()
            .expect("someone contends");
        let top: Vec<Seat> = contenders
            .iter()
            .copied()
            .filter(|&s| key(s) == best)
            .collect();
        if contenders.len() == 1 {
            return (Some(top[0]), Decided::Alone, Vec::new());
        }
        if let [only] = top[..] {
            let same_kind = contenders
                .iter()
                .filter(|&&s| shapes[s.index()].kind == best.0)
                .count();
            let decided = if same_kind > 1 {
                Decided::Ranks
            } else {
                Decided::Kind
            };
            return (Some(only), decided, Vec::new());
        }
        let ace_low = self.ace_low();
        let trump = |s: Seat| {
            shapes[s.index()]
                .trump
                .map(|c| trump_order(c.rank(), ace_low))
        };
        if let Some(best) = top.iter().filter_map(|&s| trump(s)).max() {
            self.cite(Point::PochTrumpOrder);
            let winner = top.iter().copied().find(|&s| trump(s) == Some(best));
            return (winner, Decided::Trump, top);
        }
        self.cite(Point::PochTie);
        match self.r.poch_tie() {
            choice::PochTie::Eldest => (Some(top[0]), Decided::Eldest, top),
            choice::PochTie::Carried => (None, Decided::Carried, top),
        }
    }

    /// The Poch compartment to its winner, or carried.
    fn settle_poch(&mut self, winner: Option<Seat>, decided: Decided) {
        let i = Compartment::Poch.index();
        let held = self.board[i];
        self.poch_end = CompartmentEnd {
            held,
            taker: winner,
            returned: 0,
            left: if winner.is_some() { 0 } else { held },
        };
        if let Some(w) = winner {
            self.board[i] = 0;
            let point = match decided {
                Decided::Eldest => Point::PochTie,
                Decided::Trump => Point::PochTrumpOrder,
                _ => Point::PochRanks,
            };
            self.pay(
                Stage::Poch,
                Party::Pot,
                Party::Player(w),
                held,
                point,
                Why::Took(Compartment::Poch),
            );
        }
    }
}

/// What a player may say: pass, or bet one penny up to the limit; after an opening bet under
/// `stay-or-fold`, pass or see.
fn legal_bets(limit: u32, opening: Option<u32>) -> Vec<Bet> {
    let mut legal = vec![Bet::Pass];
    match opening {
        Some(_) => legal.push(Bet::See),
        None => legal.extend((1..=limit).map(Bet::Pennies)),
    }
    legal
}
