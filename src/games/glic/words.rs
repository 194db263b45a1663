//! Glic's record in words, for the terminal and the site.

use super::board::Compartment;
use super::record::{
    Claim, CompartmentEnd, Count, Decided, Kind, Payment, PochRecord, Record, Shape, Stage, Why,
};
use super::scenario::Seat;
use crate::game::Head;

/// "1 penny", "3 pennies".
pub fn pennies(n: u32) -> String {
    if n == 1 {
        "1 penny".to_string()
    } else {
        format!("{n} pennies")
    }
}

/// What a payment is for.
pub fn reason(p: &Payment) -> String {
    match p.why {
        Why::Ante(c) => format!("ante on the {}", c.title()),
        Why::AnteEach => "antes: a penny on each compartment but the Poch".to_string(),
        Why::Took(c) => format!("takes the {} compartment", c.title()),
        Why::Returned(c) => format!("ante on the unclaimed {}, returned", c.title()),
        Why::Bet => "bet on the Poch".to_string(),
        Why::CountPenny(k) => format!("last able to play in count {k}"),
        Why::CardsLeft(k) => format!(
            "goes out: {k} card{} left in hand",
            if k == 1 { "" } else { "s" }
        ),
        Why::OnThirtyOne => "goes out on exactly 31: the extra penny".to_string(),
    }
}

/// "a pair of Kings", "two pairs, Kings and Fives", "Ace high".
pub fn shape(sh: &Shape) -> String {
    let what = match sh.kind {
        Kind::Four => format!("four {}", sh.high.plural()),
        Kind::Three => format!("three {}", sh.high.plural()),
        Kind::TwoPairs => format!(
            "two pairs, {} and {}",
            sh.high.plural(),
            sh.low.map_or("", |r| r.plural())
        ),
        Kind::Pair => format!("a pair of {}", sh.high.plural()),
        Kind::HighCard => format!("{} high", sh.high.label()),
    };
    match sh.trump {
        Some(t) => format!("{what} (best trump {t})"),
        None => format!("{what} (no trump)"),
    }
}

/// A claim in the sweepstakes.
fn claim(head: &Head, seat: Seat, c: Compartment, claim: Claim) -> String {
    let who = head.name(seat);
    let by = match claim {
        Claim::Honour(card) => format!("shows {card}"),
        Claim::Marriage => "shows the King and Queen of trumps".to_string(),
        Claim::Sequence => "shows the Nine, Eight and Seven of trumps".to_string(),
        Claim::Flush(suit) => format!("shows four {}", suit.name()),
        Claim::TurnedCard(card) => format!("counts the turned-up {card} as his"),
    };
    format!("{who} {by}, for the {}", c.title())
}

/// What became of a compartment: "2 pennies to Ann", "1 penny carried", "1 returned, 2
/// carried", "empty".
pub fn fate(head: &Head, end: &CompartmentEnd) -> String {
    match end.taker {
        Some(s) if end.held == 0 => format!("{}'s, but empty", head.name(s)),
        Some(s) => format!("{} to {}", pennies(end.held), head.name(s)),
        None if end.returned > 0 && end.left > 0 => {
            format!("{} returned, {} carried", end.returned, end.left)
        }
        None if end.returned > 0 => format!("{} returned", pennies(end.returned)),
        None if end.left > 0 => format!("{} carried", pennies(end.left)),
        None => "empty".to_string(),
    }
}

/// The same in a few words, under the pennies it held: "to Ann", "carried", "1 back, 2 stay".
pub fn fate_short(head: &Head, end: &CompartmentEnd) -> String {
    match end.taker {
        Some(s) => format!("to {}", head.name(s)),
        None if end.returned > 0 && end.left > 0 => {
            format!("{} back, {} stay", end.returned, end.left)
        }
        None if end.returned > 0 => "returned".to_string(),
        None if end.left > 0 => "carried".to_string(),
        None => String::new(),
    }
}

/// The events of the ante.
fn ante(head: &Head, r: &Record) -> Vec<String> {
    r.antes
        .iter()
        .map(|&(seat, on, filled)| {
            let who = head.name(seat);
            let mark = if filled {
                " (filled by the engine)"
            } else {
                ""
            };
            match on {
                Some(c) => format!("{who} stakes a penny on the {}{mark}", c.title()),
                None => format!("{who} stakes a penny on each compartment but the Poch"),
            }
        })
        .collect()
}

/// The events of the sweepstakes: the trumps, each claim and each compartment's fate.
fn sweepstakes(head: &Head, r: &Record) -> Vec<String> {
    let mut out = vec![format!(
        "the cut turns up {}: {} are trumps",
        r.cut,
        r.trumps.name()
    )];
    out.extend(
        r.claims
            .iter()
            .map(|&(seat, c, cl)| claim(head, seat, c, cl)),
    );
    for &c in Compartment::STAKED {
        let end = &r.compartments[c.index()];
        if end.held > 0 || end.taker.is_some() {
            out.push(format!("the {}: {}", c.title(), fate(head, end)));
        }
    }
    out
}

/// The events of the Poch: the bets, the hands that contend, and the result.
fn poch(head: &Head, p: &PochRecord) -> Vec<String> {
    let mut out: Vec<String> = p
        .bets
        .iter()
        .map(|&(seat, amount, filled)| {
            let mark = if filled {
                " (filled by the engine)"
            } else {
                ""
            };
            match amount {
                Some(a) => format!("{} bets {}{mark}", head.name(seat), pennies(a)),
                None => format!("{} passes{mark}", head.name(seat)),
            }
        })
        .collect();
    out.extend(
        p.contenders
            .iter()
            .map(|&s| format!("{} holds {}", head.name(s), shape(&p.shapes[s.index()]))),
    );
    out.push(poch_result(head, p));
    out
}

/// How the Poch was won, in words.
pub fn poch_result(head: &Head, p: &PochRecord) -> String {
    let tied = || {
        p.tied
            .iter()
            .map(|&s| head.name(s))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let winner = p.winner.map_or("nobody", |w| head.name(w));
    match p.decided {
        Decided::Alone => format!("{winner} alone contends, and wins the Poch"),
        Decided::Kind => format!("{winner} wins the Poch with the best kind of hand"),
        Decided::Ranks => format!("{winner} wins the Poch with the higher hand of its kind"),
        Decided::Trump => format!(
            "{} tie; {winner} wins the Poch with the highest trump",
            tied()
        ),
        Decided::Eldest => format!(
            "{} tie and none holds a trump; {winner}, nearest the dealer's left, wins the Poch",
            tied()
        ),
        Decided::Carried => format!(
            "{} tie and none holds a trump: nobody wins, and the Poch is carried; {} begins the countdown",
            tied(),
            head.name(p.starter)
        ),
    }
}

/// One count in words: "count 2: Ann K♠ 10, Ben passes, Cat 9♥ 19; Cat is the last to play, at 19".
fn count(head: &Head, k: usize, c: &Count, out: bool) -> String {
    let turns: Vec<String> = c
        .turns
        .iter()
        .map(|t| {
            let mark = if t.filled { "*" } else { "" };
            match t.card {
                Some(card) => format!("{} {card}{mark} {}", head.name(t.seat), t.total),
                None => format!("{} passes{mark}", head.name(t.seat)),
            }
        })
        .collect();
    let end = match (c.last, out) {
        (Some(s), true) => format!("{} goes out, at {}", head.name(s), c.total),
        (Some(s), false) => format!("{} is the last able to play, at {}", head.name(s), c.total),
        (None, _) => String::new(),
    };
    format!("count {}: {}; {end}", k + 1, turns.join(", "))
}

/// The events of the countdown: each count, and what was scripted after the end.
fn countdown(head: &Head, r: &Record) -> Vec<String> {
    let counts = &r.countdown.counts;
    let mut out: Vec<String> = counts
        .iter()
        .enumerate()
        .map(|(k, c)| count(head, k, c, k + 1 == counts.len()))
        .collect();
    for &(seat, card) in &r.countdown.not_played {
        out.push(format!(
            "not played, the deal being over: {} {}",
            head.name(seat),
            card.map_or("pass".to_string(), |c| c.to_string())
        ));
    }
    out
}

/// Every stage's events, in order.
pub fn stages(head: &Head, r: &Record) -> Vec<(String, Vec<String>)> {
    Stage::ALL
        .iter()
        .map(|&stage| {
            let events = match stage {
                Stage::Ante => ante(head, r),
                Stage::Sweepstakes => sweepstakes(head, r),
                Stage::Poch => poch(head, &r.poch),
                Stage::Countdown => countdown(head, r),
            };
            (stage.title().to_string(), events)
        })
        .collect()
}

/// Steps the engine filled.
pub fn filled(head: &Head, r: &Record) -> Vec<String> {
    let mut out: Vec<String> = r
        .antes
        .iter()
        .filter(|a| a.2)
        .map(|&(seat, _, _)| format!("{}'s ante", head.name(seat)))
        .collect();
    out.extend(
        r.poch
            .bets
            .iter()
            .filter(|b| b.2)
            .map(|&(seat, _, _)| format!("{}'s bet in the Poch", head.name(seat))),
    );
    let played = r
        .countdown
        .counts
        .iter()
        .flat_map(|c| &c.turns)
        .filter(|t| t.filled)
        .count();
    if played > 0 {
        out.push(format!(
            "{played} turn{} of the countdown (marked *)",
            if played == 1 { "" } else { "s" }
        ));
    }
    out
}

/// What the board holds after the deal: "3 pennies (Ace 1, Poch 2)", or "nothing".
pub fn board_left(r: &Record) -> String {
    let parts: Vec<String> = Compartment::ALL
        .iter()
        .filter(|c| r.compartments[c.index()].left > 0)
        .map(|c| format!("{} {}", c.title(), r.compartments[c.index()].left))
        .collect();
    let total: u32 = r.compartments.iter().map(|c| c.left).sum();
    if total == 0 {
        "nothing".to_string()
    } else {
        format!("{} ({})", pennies(total), parts.join(", "))
    }
}

/// The deal's end in a sentence.
pub fn summary(head: &Head, r: &Record) -> String {
    format!(
        "{} goes out at {}. Left on the board for the next deal: {}.",
        head.name(r.countdown.out),
        r.countdown.final_total(),
        board_left(r)
    )
}
