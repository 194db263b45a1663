//! The settle form of every game offers the table its scenario reader takes: the fewest and the
//! most seats, and the cards of a hand. Both come from the game's `Setup`; these tests hold the
//! reader to it from outside, with a table one seat short or over, and a hand a card short or
//! over, each refused where it is written.

use mournival::game::Game;
use mournival::games::GAMES;
use mournival::site::settle::{self, FormView};
use mournival::yaml::YamlText;
use std::path::Path;
use std::sync::Arc;

const NAMES: [&str; 8] = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gil", "Hal"];

/// The line of `seats:` in every block below.
const SEATS_LINE: usize = 2;

/// A pack to deal from, every card once: the Aces of the four suits first, then the Kings, down
/// to the Twos, so that the first 44 are Gleek's pack.
fn pack() -> impl Iterator<Item = String> {
    "A K Q J T 9 8 7 6 5 4 3 2"
        .split(' ')
        .flat_map(|rank| "SHDC".chars().map(move |suit| format!("{rank}{suit}")))
}

/// A scenario block of `game` at a table of `seats`, each dealt `hand` cards, the last seat
/// dealing: the block, and the line of the first player's hand.
fn block(game: &str, seats: usize, hand: usize) -> (String, usize) {
    let names = &NAMES[..seats];
    let mut pack = pack();
    let mut hands = |indent: &str| {
        names
            .iter()
            .map(|n| {
                let cards: Vec<String> = pack.by_ref().take(hand).collect();
                format!("{indent}{n}: {}\n", cards.join(" "))
            })
            .collect::<String>()
    };
    let table = format!(
        "id: t\nseats: [{}]\ndealer: {}\n",
        names.join(", "),
        names.last().copied().unwrap_or("Ann")
    );
    match game {
        "gleek" => {
            let hands = hands("  ");
            let turn_up = pack.next().unwrap();
            (format!("{table}hands:\n{hands}turn-up: {turn_up}\n"), 5)
        }
        "put" => (format!("{table}deals:\n  - hands:\n{}", hands("      ")), 6),
        "glic" => {
            let hands = hands("  ");
            let cut = pack.next().unwrap();
            (format!("{table}hands:\n{hands}cut: {cut}\n"), 5)
        }
        other => panic!("no table is written here for the game `{other}`: add one to block()"),
    }
}

/// The lines of the errors the game's reader gives for `yaml`; none when it takes it.
fn refused_at(game: &dyn Game, yaml: &str) -> Vec<usize> {
    let text = YamlText::whole_file(Path::new("t.yaml"), Arc::from(yaml));
    match game.parse(&text) {
        Ok(_) => Vec::new(),
        Err(errors) => errors.iter().map(|d| d.location.line).collect(),
    }
}

fn form(game: &dyn Game) -> FormView {
    settle::form(game.id()).unwrap_or_else(|| panic!("{} has no settle form", game.name()))
}

#[test]
fn every_form_offers_the_seats_its_reader_takes() {
    for &game in GAMES {
        let form = form(game);
        let id = game.id();
        assert_eq!(form.seats.len(), form.most, "{id}: a field for every seat");
        for seats in [form.fewest, form.most] {
            let (yaml, _) = block(id, seats, form.cards);
            assert_eq!(
                refused_at(game, &yaml),
                Vec::<usize>::new(),
                "{id}: a table of {seats} is refused:\n{yaml}"
            );
        }
        for seats in [form.fewest - 1, form.most + 1] {
            let (yaml, _) = block(id, seats, form.cards);
            let lines = refused_at(game, &yaml);
            assert!(
                lines.contains(&SEATS_LINE),
                "{id}: a table of {seats} is not refused at `seats:` (errors at lines {lines:?}):\n{yaml}"
            );
        }
        let filled = form.seats.iter().filter(|s| !s.name.is_empty()).count();
        assert_eq!(filled, form.dealer + 1, "{id}: the last seat filled deals");
        assert!(
            (form.fewest..=form.most).contains(&filled),
            "{id}: the form fills {filled} seats"
        );
    }
}

#[test]
fn every_form_asks_for_the_cards_its_reader_deals() {
    for &game in GAMES {
        let form = form(game);
        let id = game.id();
        let seats = form.dealer + 1;
        let (yaml, _) = block(id, seats, form.cards);
        assert_eq!(
            refused_at(game, &yaml),
            Vec::<usize>::new(),
            "{id}: hands of {} are refused:\n{yaml}",
            form.cards
        );
        for cards in [form.cards - 1, form.cards + 1] {
            let (yaml, hand_line) = block(id, seats, cards);
            let lines = refused_at(game, &yaml);
            assert!(
                lines.contains(&hand_line),
                "{id}: a hand of {cards} is not refused where it is written (errors at lines {lines:?}):\n{yaml}"
            );
        }
    }
}
