//! Ledger entries in words a card-game historian can follow.

use crate::cards::Rank;
use crate::game::Head;
use crate::games::gleek::ledger::{Event, Filled, Party, Payment, Reason};
use crate::games::gleek::scenario::{Bid, SEATS};

/// The name of a low trump.
pub fn low_trump(rank: Rank) -> &'static str {
    match rank {
        Rank::FOUR => "Tiddy",
        Rank::FIVE => "Towser",
        Rank::SIX => "Tumbler",
        _ => "a low trump",
    }
}

/// What a payment is for.
pub fn reason(p: &Payment, s: &Head) -> String {
    match p.reason {
        Reason::LowTrumpTurnedUp(r) => format!("{} turned up for the dealer", low_trump(r)),
        Reason::StockPrice { bid } => format!("half the price of the stock (bid {bid})"),
        Reason::OddUnit { bid } => format!("the odd unit of the price ({bid} is odd)"),
        Reason::RuffAnte => "ante for the ruff".to_string(),
        Reason::RuffBets => "vies, revies and sees put in the pot".to_string(),
        Reason::RuffStake => "stake lost in the ruff".to_string(),
        Reason::RuffDeclined => "declined the ruff without seeing a vie".to_string(),
        Reason::RuffPot => "the pot, to the ruff winner".to_string(),
        Reason::Set(set) => format!("{set}"),
        Reason::FalseClaim(set) => format!("false claim of {set}, forfeit double"),
        Reason::LowTrumpHeld(r) => format!("{} held", low_trump(r)),
        Reason::Par { points, par } => {
            let who = match p.to {
                Party::Player(seat) => s.name(seat).to_string(),
                _ => p.from.name(s),
            };
            let diff = (points as i32 - par as i32).abs();
            let side = if points >= par { "above" } else { "below" };
            format!("{who} made {points}, {diff} {side} the par of {par}")
        }
    }
}

/// A fact of the deal in words.
pub fn event(e: &Event, s: &Head) -> String {
    match *e {
        Event::Called { seat, bid } => match bid {
            Bid::Bid(n) => format!("{} bids {n}", s.name(seat)),
            Bid::Pass => format!("{} passes", s.name(seat)),
        },
        Event::Bought { buyer, price } => format!("{} buys the stock for {price}", s.name(buyer)),
        Event::NobodyBought => "nobody buys the stock".to_string(),
        Event::ShortDiscard { buyer, count } => {
            format!("{} lays out only {count} cards", s.name(buyer))
        }
        Event::Vied { seat, call } => format!("{} {}", s.name(seat), call.word()),
        Event::RuffWon {
            seat,
            suit,
            value,
            four_aces,
            shown,
        } => {
            let mut t = format!("{} wins the ruff", s.name(seat));
            if four_aces {
                t.push_str(" with four Aces");
            } else if let (Some(suit), true) = (suit, shown) {
                t.push_str(&format!(" with {value} in {}", suit.name()));
            } else {
                t.push_str(" unseen, the others having passed");
            }
            t
        }
        Event::RuffTied { seats } => {
            let names: Vec<&str> = SEATS
                .iter()
                .filter(|x| seats[x.index()])
                .map(|&x| s.name(x))
                .collect();
            format!("the best ruffs are equal: {}", names.join(" and "))
        }
        Event::RuffPassed => "nobody vies: the ruff is not played for".to_string(),
        Event::RuffDoubled { seat } => format!(
            "{} doubles the ruff: it is played for in the next deal",
            s.name(seat)
        ),
        Event::SetUnpaid { seat, set } => {
            format!("{} holds {set}, which is not paid", s.name(seat))
        }
        Event::ClaimRefused { seat, set } => format!(
            "{} claims {set} he does not hold; the claim is refused",
            s.name(seat)
        ),
        Event::LowTrumpLeftOut { seat, rank, turned } => format!(
            "{} {} {} is not paid: the table agreed to leave it out",
            s.name(seat),
            low_trump(rank),
            if turned { "turned up" } else { "held" }
        ),
        Event::HonourOutOfPlay { card } => format!("{card} is out of play and scores for nobody"),
    }
}

/// A filled step in words.
pub fn filled(f: &Filled) -> String {
    match *f {
        Filled::Agreement { tiddy, turned } => format!(
            "the table's agreement on {} {} (taken as played)",
            if tiddy { "Tiddy" } else { "Towser and Tumbler" },
            if turned { "turned up" } else { "held" }
        ),
        Filled::Auction { after } => format!(
            "the auction after {after} scripted call(s) (bid the minimum if nobody has bid, else pass)"
        ),
        Filled::Discard => "the discard (the lowest cards, plain suits before trumps)".to_string(),
        Filled::Vie { after } => {
            format!("the vie after {after} scripted call(s) (vie if nobody has, else see)")
        }
        Filled::Play { from_trick } => format!(
            "the play from trick {from_trick} (lead the highest plain card; follow with the lowest winning card, else the lowest)"
        ),
    }
}
