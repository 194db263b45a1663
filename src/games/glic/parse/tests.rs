use super::*;
use std::path::Path;

fn parse(text: &str) -> Result<GlicScenario, Vec<Diagnostic>> {
    parse_scenario(&YamlText::whole_file(Path::new("s.md"), text.into()))
}

/// The first error's message and `line:column`.
fn error(text: &str) -> (String, String) {
    located::first_error(parse(text))
}

const TABLE: &str = "id: t\nseats: [Ann, Ben, Cat]\ndealer: Cat\n";
const HANDS: &str = "hands:\n  Ann: QH 7S 7D 3C\n  Ben: 9C 4S KD JC\n  Cat: AD 8S 5C 2S\ncut: 6H\n";

fn with(extra: &str) -> String {
    format!("{TABLE}{HANDS}{extra}")
}

#[test]
fn a_good_scenario_reads_whole() {
    let s = parse(&with(
        "carried: {ace: 2, poch: 1}\nantes: {Ann: queen, Ben: Queen, Cat: nine-eight-seven}\npoch: Ann 1, Ben see, Cat pass\ncountdown: Ann QH, Ben pass, Cat AD\nexpect:\n  ealdormere:\n    net: {Ann: 0, Ben: 0, Cat: 0}\n    queen: Ann\n    board: 3\n",
    ))
    .unwrap();
    assert_eq!(s.dealer, Seat(2));
    assert_eq!(s.eldest(), Seat(0));
    assert_eq!(s.cut.to_string(), "6♥");
    assert_eq!(s.carried[Compartment::Ace.index()], 2);
    assert_eq!(s.carried[Compartment::Poch.index()], 1);
    assert_eq!(s.antes[1].map(|a| a.0), Some(Compartment::Queen));
    assert_eq!(
        s.bets.iter().map(|b| b.bet).collect::<Vec<_>>(),
        [Bet::Pennies(1), Bet::See, Bet::Pass]
    );
    assert_eq!(s.countdown[1].card, None);
    assert_eq!(s.head.expect.len(), 1);
}

#[test]
fn the_table_has_three_to_six_seats_with_usable_names() {
    let (msg, at) = error("id: t\nseats: [Ann, Ben]\ndealer: Ann\nhands: {}\ncut: 6H\n");
    assert_eq!(msg, "Glic is played by three to six; this table has 2");
    assert_eq!(at, "2:8");
    let (msg, _) = error("id: t\nseats: [A, B, C, D, E, F, G]\ndealer: A\nhands: {}\ncut: 6H\n");
    assert_eq!(
        msg,
        "Glic is played by three to six; this table has more than six"
    );
    let (msg, at) = error("id: t\nseats: [Ann, Jack, Cat]\ndealer: Ann\nhands: {}\ncut: 6H\n");
    assert_eq!(msg, "`Jack` is a word of the scenario; choose another name");
    assert_eq!(at, "2:14");
}

#[test]
fn every_player_has_four_cards_and_each_card_is_dealt_once() {
    let (msg, _) = error(&format!(
        "{TABLE}hands:\n  Ann: QH 7S 7D\n  Ben: 9C 4S KD JC\n  Cat: AD 8S 5C 2S\ncut: 6H\n"
    ));
    assert_eq!(msg, "Ann has 3 card(s): at Glic each player is dealt four");
    let (msg, at) = error(&format!(
        "{TABLE}hands:\n  Ann: QH 7S 7D 3C\n  Ben: 9C 4S KD QH\n  Cat: AD 8S 5C 2S\ncut: 6H\n"
    ));
    assert!(
        msg.starts_with("Q♥ is dealt twice; first at s.md:5:8"),
        "{msg}"
    );
    assert_eq!(at, "6:17");
    let (msg, _) = error(&format!(
        "{TABLE}hands:\n  Ann: QH 7S 7D 3C\n  Ben: 9C 4S KD JC\ncut: 6H\n"
    ));
    assert_eq!(msg, "every player is dealt a hand; missing: Cat");
}

#[test]
fn the_cut_is_a_card_of_the_rest_of_the_pack() {
    let (msg, at) = error(&format!(
        "{TABLE}hands:\n  Ann: QH 7S 7D 3C\n  Ben: 9C 4S KD JC\n  Cat: AD 8S 5C 2S\ncut: 7S\n"
    ));
    assert_eq!(
        msg,
        "7♠ is in a hand: the cut turns up a card of the rest of the pack"
    );
    assert_eq!(at, "8:6");
}

#[test]
fn antes_go_on_one_of_the_seven_and_carried_coins_on_a_compartment() {
    let (msg, at) = error(&with("antes: {Ann: poch}\n"));
    assert!(msg.starts_with("no ante goes on the Poch"), "{msg}");
    assert_eq!(at, "9:14");
    let (msg, _) = error(&with("antes: {Ann: knave}\n"));
    assert!(
        msg.contains(
            "write `ace`, `king`, `queen`, `jack`, `ten`, `marriage` or `nine-eight-seven`"
        ),
        "{msg}"
    );
    let (msg, _) = error(&with("carried: {pot: 2}\n"));
    assert!(
        msg.starts_with("`pot` is not a compartment of the board"),
        "{msg}"
    );
    let (msg, _) = error(&with("carried: {ace: -2}\n"));
    assert!(msg.starts_with("`-2` is not a number of pennies"), "{msg}");
}

#[test]
fn bets_go_in_turn_from_the_eldest() {
    let (msg, at) = error(&with("poch: Ben 1\n"));
    assert_eq!(
        msg,
        "Ben speaks out of turn: the bets go in turn from the dealer's left, and it is Ann's turn"
    );
    assert_eq!(at, "9:7");
    let (msg, _) = error(&with("poch: Ann see\n"));
    assert!(msg.starts_with("nothing to see"), "{msg}");
    let (msg, _) = error(&with("poch: Ann 0\n"));
    assert_eq!(msg, "write `pass` for no bet");
    let (msg, _) = error(&with("poch: Ann 1, Ben 1, Cat 1, Ann 1\n"));
    assert_eq!(msg, "each player bets once in the Poch");
}

#[test]
fn a_card_in_the_countdown_must_be_held_once() {
    let (msg, at) = error(&with("countdown: Ann QH, Ben QH\n"));
    assert_eq!(msg, "Ben does not hold Q♥ here (his cards: 4♠ K♦ J♣ 9♣)");
    assert_eq!(at, "9:20");
    let (msg, _) = error(&with("countdown: Ann QH, Ann QH\n"));
    assert!(msg.starts_with("Ann does not hold Q♥ here"), "{msg}");
    let (msg, _) = error(&with("countdown: Ann leads QH\n"));
    assert!(msg.contains("write a player and a card or `pass`"), "{msg}");
    assert!(
        parse(&with("countdown: auto\npoch: auto\n"))
            .unwrap()
            .countdown
            .is_empty()
    );
}

#[test]
fn an_unknown_key_is_an_error() {
    let (msg, _) = error(&with("stock: 4C\n"));
    assert!(msg.contains("unknown field `stock`"), "{msg}");
}
