//! The board before the deal and after it, as pictures with their words.

use super::board::Compartment;
use super::engine::{Policy, SimplePolicy};
use super::picture::{Cell, board};
use super::record::Record;
use super::scenario::GlicScenario;
use super::words::{fate, fate_short, pennies};
use crate::game::{Head, Picture};

/// The board before the deal: the coins carried, and each player's ante where the scenario puts
/// it (by the engine's policy where it does not). The reading `one-on-each` stakes every
/// compartment instead; its account shows that board.
pub fn before(s: &GlicScenario) -> Picture {
    let mut coins = s.carried;
    let mut staked: [Vec<&str>; 8] = Default::default();
    for seat in s.in_turn() {
        let c = match s.antes[seat.index()] {
            Some((c, _)) => c,
            None => SimplePolicy.ante(&coins),
        };
        coins[c.index()] += 1;
        staked[c.index()].push(s.name(seat));
    }
    let mut said = Vec::new();
    let cells = Compartment::ALL.map(|c| {
        let (carried, who) = (s.carried[c.index()], &staked[c.index()]);
        let second = match (carried, who.len()) {
            (0, 0) if c == Compartment::Poch => "bets go here".to_string(),
            (0, 0) => String::new(),
            (0, _) => who.join(", "),
            (k, 0) => format!("{k} carried"),
            (k, _) => format!("{k} carried, {}", who.join(", ")),
        };
        let first = match coins[c.index()] {
            0 => "empty".to_string(),
            n => pennies(n),
        };
        said.push(format!(
            "{}: {first}{}",
            c.title(),
            if second.is_empty() {
                String::new()
            } else {
                format!(" ({second})")
            }
        ));
        Cell {
            lines: [first, second],
            marked: false,
        }
    });
    let alt = format!(
        "The board before the deal, with each ante where the scenario puts it. {}.",
        said.join("; ")
    );
    board("The board before the deal", &cells, alt)
}

/// The board after the deal under one reading: what each compartment held, and whom it paid or
/// what it carried.
pub fn after(head: &Head, r: &Record) -> Picture {
    let mut said = Vec::new();
    let cells = Compartment::ALL.map(|c| {
        let end = &r.compartments[c.index()];
        said.push(format!("{}: {}", c.title(), fate(head, end)));
        let held = match end.held {
            0 => "empty".to_string(),
            n => pennies(n),
        };
        Cell {
            lines: [held, fate_short(head, end)],
            marked: end.taker.is_some(),
        }
    });
    let alt = format!(
        "The board after the deal: what each compartment held and whom it paid. {}.",
        said.join("; ")
    );
    board("What each compartment paid", &cells, alt)
}
