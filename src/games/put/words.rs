//! Put's record in words, for the terminal and the site.

use super::record::{Award, DealEnd, DealRecord, Event, Record};
use super::scenario::{Act, Call, Seat, left_of};
use crate::game::Head;

/// A side by its players: "Ann", or "Ann and Cat".
pub fn side(head: &Head, side: usize) -> String {
    if head.seats.len() == 4 {
        format!("{} and {}", head.seats[side], head.seats[side + 2])
    } else {
        head.seats[side].clone()
    }
}

/// "Ann 1, Ben 0", or "Ann and Cat 1, Ben and Dan 0".
pub fn scores(head: &Head, scores: &[u32]) -> String {
    scores
        .iter()
        .enumerate()
        .map(|(i, s)| format!("{} {s}", side(head, i)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A call as a sentence.
fn call(head: &Head, seat: Seat, call: Call) -> String {
    let who = head.name(seat);
    match call {
        Call::Put => format!("{who} puts"),
        Call::Double => format!("{who} proposes to double"),
        Call::See => format!("{who} sees"),
        Call::Refuse => format!("{who} refuses"),
        Call::Throw => format!("{who} throws up his cards"),
    }
}

/// One event, or `None` for a trick (tricks are listed on their own).
pub fn event(head: &Head, e: &Event) -> Option<String> {
    let filled = |f: bool| if f { " (filled by the engine)" } else { "" };
    Some(match e {
        Event::Passed { pass, filled: f } => format!(
            "{} gives {} to {} and throws away his other cards; {} lays out {}{}",
            head.name(pass.giver),
            pass.given,
            head.name(pass.receiver),
            head.name(pass.receiver),
            pass.laid_out,
            filled(*f)
        ),
        Event::Called {
            seat,
            call: c,
            filled: f,
        } => format!("{}{}", call(head, *seat, *c), filled(*f)),
        Event::NotPlayed { seat, act } => format!(
            "not played, the deal being over: {} {}",
            head.name(*seat),
            match act {
                Act::Card(card) => card.to_string(),
                Act::Call(c) => c.word().to_string(),
            }
        ),
        Event::Trick { .. } => return None,
    })
}

/// How the deal ended, in words.
pub fn end(head: &Head, d: &DealRecord) -> String {
    let put = if d.seen { " after a seen put" } else { "" };
    match d.end {
        DealEnd::Won {
            seat,
            one_and_two_ties: false,
        } => format!("{} wins two tricks{put}", head.name(seat)),
        DealEnd::Won { seat, .. } => {
            format!(
                "{} wins one trick and the other two are tied{put}",
                head.name(seat)
            )
        }
        DealEnd::LastIn {
            seat,
            refused_put: true,
        } => format!("{}'s put is refused", head.name(seat)),
        DealEnd::LastIn { seat, .. } => {
            format!(
                "{} is left alone in the deal, the others having thrown up",
                head.name(seat)
            )
        }
        DealEnd::TrickAndTie => format!("trick and tie{put}"),
        DealEnd::Forfeited { seat } => format!(
            "{} throws up his cards after a seen put, and pays the stakes",
            head.name(seat)
        ),
        DealEnd::NoWinner {
            one_and_two_ties: true,
        } => format!("one trick and two ties{put}, and nobody has two tricks"),
        DealEnd::NoWinner { .. } => format!("nobody wins the deal{put}"),
    }
}

/// What the deal scored, in words; the ledger names the rule points behind it.
pub fn award(head: &Head, a: &Award) -> String {
    match a {
        Award::Points {
            side: s, points, ..
        } => format!(
            "{} scores {points} point{}",
            side(head, *s),
            if *points == 1 { "" } else { "s" },
        ),
        Award::Game { side: s } => format!("{} wins the game at once", side(head, *s)),
        Award::GameAnew => "the game begins anew, every score back to 0".to_string(),
        Award::Nothing { .. } => "nobody scores".to_string(),
    }
}

/// The deal's caption: "Deal 2: Ann deals, Ben is eldest".
pub fn caption(head: &Head, k: usize, d: &DealRecord) -> String {
    let eldest = left_of(d.dealer, head.seats.len());
    format!(
        "Deal {}: {} deals, {} is eldest",
        k + 1,
        head.name(d.dealer),
        head.name(eldest)
    )
}

/// The match's end, in words.
pub fn result(head: &Head, r: &Record) -> String {
    let games = if r.games.iter().sum::<u32>() > 0 {
        let g: Vec<String> = r
            .games
            .iter()
            .enumerate()
            .map(|(i, g)| format!("{} {g}", side(head, i)))
            .collect();
        format!(" Games won: {}.", g.join(", "))
    } else {
        String::new()
    };
    let score = r
        .final_scores()
        .map(|sc| format!("Score after the last deal played: {}.", scores(head, sc)))
        .unwrap_or_default();
    match r.winner {
        Some(w) => format!("{score}{games} {} wins the match.", side(head, w)),
        None => format!("{score}{games} The match is not over."),
    }
}
