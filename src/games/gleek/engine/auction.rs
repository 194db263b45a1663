//! The auction for the stock, and the price.

use super::{AuctionView, Deal, Policy, Step, Stop};
use crate::games::gleek::ledger::{Event, Filled, Party, Phase, Reason};
use crate::games::gleek::points::choice::{
    AuctionOpening, BidStep, MinimumBid, OddPenny, PasserReentry, StockPrice,
};
use crate::games::gleek::points::{GleekRules, Point};
use crate::games::gleek::scenario::{Bid, Clockwise, Seat};
use crate::money::Money;

impl Deal<'_> {
    pub(super) fn auction<P: Policy>(&mut self, policy: &mut P) -> Step {
        let minimum = match self.r.minimum_bid() {
            MinimumBid::Twelve => 12,
            MinimumBid::Thirteen => 13,
        };
        let reenter = self.r.passer_reentry() == PasserReentry::MayReEnter;
        let script = self.s.auction.as_deref().unwrap_or(&[]);
        let mut passed = [false; 3];
        let mut high: Option<(Seat, u32)> = None;
        // Passes in a row since the last bid (or since the start).
        let mut run_of_passes = 0;
        let mut last_passer: Option<Seat> = None;
        let mut speaker = self.s.eldest();
        let mut calls = 0usize;
        loop {
            let over = match (reenter, high) {
                (false, Some(_)) => passed.iter().filter(|p| **p).count() == 2,
                (true, Some(_)) => run_of_passes == 2,
                (_, None) => run_of_passes == 3 || passed.iter().all(|p| *p),
            };
            if over {
                if let Some(extra) = script.get(calls) {
                    self.forbid(
                        Phase::Stock,
                        Point::PasserReentry,
                        format!("{} {}", self.name(extra.seat), bid_words(extra.what)),
                        "the auction was already over".to_string(),
                        Some(extra.at),
                    );
                    return Err(Stop);
                }
                break;
            }
            if !reenter {
                while passed[speaker.index()] {
                    speaker = speaker.next();
                }
            }
            let first_call = calls == 0;
            let must_bid = first_call && self.r.auction_opening() == AuctionOpening::EldestMustBid;
            let lowest = high.map_or(minimum, |(_, h)| h + 1);
            let highest = match (self.r.bid_step(), high) {
                (BidStep::One, Some(_)) => lowest,
                _ => lowest.max(minimum) + 12,
            };
            let view = AuctionView {
                seat: speaker,
                high: high.map(|(_, h)| h),
                lowest,
                highest,
                may_pass: !must_bid,
                hand: self.hands[speaker.index()],
                trump: self.trump,
            };
            let bid = match script.get(calls) {
                Some(call) => {
                    // The words of the call are only needed when it is forbidden: formatting them
                    // for every call was a third of a Gleek play.
                    let action =
                        |g: &Self| format!("{} {}", g.name(call.seat), bid_words(call.what));
                    if call.seat != speaker {
                        let reason = if passed[call.seat.index()] && !reenter {
                            format!(
                                "{} has passed, and a player who passes is out",
                                self.name(call.seat)
                            )
                        } else {
                            format!("it is {}'s turn to speak", self.name(speaker))
                        };
                        self.forbid(
                            Phase::Stock,
                            Point::PasserReentry,
                            action(self),
                            reason,
                            Some(call.at),
                        );
                        return Err(Stop);
                    }
                    // A call the reading forbids is recorded, and stands as called.
                    let forbidden = match call.what {
                        Bid::Pass if must_bid => Some((
                            Point::AuctionOpening,
                            format!(
                                "the eldest must open the auction with a bid of at least {minimum}"
                            ),
                        )),
                        Bid::Bid(n) if n < minimum => {
                            Some((Point::MinimumBid, format!("the lowest bid is {minimum}")))
                        }
                        Bid::Bid(n) if n < lowest => {
                            Some((Point::BidStep, format!("a bid must beat {}", lowest - 1)))
                        }
                        Bid::Bid(n)
                            if n > lowest
                                && self.r.bid_step() == BidStep::One
                                && high.is_some() =>
                        {
                            Some((
                                Point::BidStep,
                                format!("bids rise by one: the next bid is {lowest}"),
                            ))
                        }
                        _ => None,
                    };
                    if let Some((point, reason)) = forbidden {
                        let action = action(self);
                        self.forbid(Phase::Stock, point, action, reason, Some(call.at));
                    }
                    call.what
                }
                None => {
                    let last = script.last().map(|c| c.at);
                    let after = calls as u32;
                    self.fill(Filled::Auction { after }, last, self.s.continued.auction);
                    policy.bid(&view)
                }
            };
            self.ledger
                .note(Phase::Stock, Event::Called { seat: speaker, bid }, None);
            match bid {
                Bid::Bid(n) => {
                    high = Some((speaker, n));
                    run_of_passes = 0;
                    passed[speaker.index()] = false;
                }
                Bid::Pass => {
                    passed[speaker.index()] = true;
                    run_of_passes += 1;
                    last_passer = Some(speaker);
                }
            }
            calls += 1;
            speaker = speaker.next();
        }
        let Some((buyer, price)) = high else {
            self.ledger.note(
                Phase::Stock,
                Event::NobodyBought,
                Some(Point::AuctionOpening),
            );
            return Ok(());
        };
        self.buyer = Some(buyer);
        self.ledger
            .note(Phase::Stock, Event::Bought { buyer, price }, None);
        self.pay_price(buyer, price, last_passer);
        Ok(())
    }

    /// The price by `stock-price`; the odd unit of an odd price by `odd-penny`.
    fn pay_price(&mut self, buyer: Seat, price: u32, last_passer: Option<Seat>) {
        let [a, b] = Deal::opponents(buyer);
        let from = Party::Player(buyer);
        let reason = Reason::StockPrice { bid: price };
        if self.r.stock_price() == StockPrice::BidToEach {
            for opp in [a, b] {
                self.ledger.pay(
                    Phase::Stock,
                    from,
                    Party::Player(opp),
                    Money::units(price as i64),
                    Point::StockPrice,
                    reason,
                );
            }
            return;
        }
        let half = Money::units((price / 2) as i64);
        for opp in [a, b] {
            self.ledger.pay(
                Phase::Stock,
                from,
                Party::Player(opp),
                half,
                Point::StockPrice,
                reason,
            );
        }
        if price.is_multiple_of(2) {
            return;
        }
        let odd = Reason::OddUnit { bid: price };
        let eldest = self.s.eldest();
        let to = match self.r.odd_penny() {
            OddPenny::Halves => {
                for opp in [a, b] {
                    self.ledger.pay(
                        Phase::Stock,
                        from,
                        Party::Player(opp),
                        Money::halves(1),
                        Point::OddPenny,
                        odd,
                    );
                }
                return;
            }
            OddPenny::LastPasser => Party::Player(last_passer.filter(|s| *s != buyer).unwrap_or(a)),
            OddPenny::EldestElseBox if eldest != buyer => Party::Player(eldest),
            OddPenny::EldestElseBox | OddPenny::Box => Party::Box,
        };
        self.ledger.pay(
            Phase::Stock,
            from,
            to,
            Money::units(1),
            Point::OddPenny,
            odd,
        );
    }
}

pub(crate) fn bid_words(bid: Bid) -> String {
    match bid {
        Bid::Bid(n) => format!("bids {n}"),
        Bid::Pass => "passes".to_string(),
    }
}
