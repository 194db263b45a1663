//! The numbers the sources state, checked on hand-made deals. Every expected figure below is
//! worked out by hand from the source text, with the arithmetic beside it.

use mournival::blocks::extract_blocks;
use mournival::games::gleek::engine::{Outcome, play};
use mournival::games::gleek::ledger::{Ledger, Phase};
use mournival::games::gleek::parse_scenario;
use mournival::games::gleek::points::{Point, TABLE};
use mournival::games::gleek::scenario::{Scenario, Seat};
use mournival::money::Money;
use mournival::project::parse_page;
use mournival::rules::Rules;
use mournival::variant::VariantSet;
use std::path::Path;

fn variants() -> VariantSet {
    VariantSet::load_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/gleek"),
        TABLE,
    )
    .expect("bundled variants load")
}

/// The first ```gleek block of a page.
fn scenario(page: &str) -> Scenario {
    let blocks = extract_blocks(Path::new("sources.md"), &page.into(), &["gleek"]);
    parse_scenario(&blocks.first().expect("a gleek block").yaml)
        .unwrap_or_else(|e| panic!("{}", e.iter().map(|d| d.to_string()).collect::<String>()))
}

fn ledger(s: &Scenario, rules: &Rules) -> Ledger {
    match play(s, rules) {
        Outcome::Played(l) => l,
        Outcome::Unplayable(u) => panic!("not playable: {u:?}"),
    }
}

fn rules_of(id: &str) -> Rules {
    variants().get(id).expect(id).rules
}

fn with(rules: Rules, point: Point, choice: &str) -> Rules {
    rules.with(point, point.def().choice_index(choice).expect(choice))
}

const ANN: Seat = Seat(0);
const BEN: Seat = Seat(1);
const CAT: Seat = Seat(2);

/// Ann deals, so Ben is eldest. Trumps are hearts; Ann holds Tib, the King, Queen and Tom.
/// Ben buys and, taking before he lays out (Cotton's order), puts the stock straight back.
/// Nobody holds a gleek or a low trump (the 4, 5 and 6 of hearts are in the stock).
const COTTON_DEAL: &str = include_str!("fixtures/cotton-deal.md");

fn cotton_deal() -> Scenario {
    scenario(COTTON_DEAL)
}

#[test]
fn a_card_played_twice_is_an_error_in_the_scenario() {
    let slip = COTTON_DEAL.replace("  - AS 6S 5S", "  - AS 6D 5S");
    let err = parse_page(Path::new("sources.md"), slip.into()).unwrap_err();
    let all: String = err.iter().map(|d| d.to_string()).collect();
    assert!(all.contains("6♦ is played twice"), "{all}");
}

#[test]
fn cotton_if_you_win_nothing_but_the_cards_dealt_you_you_lose_ten() {
    // "twenty two are your Cards; if you win nothing but the Cards that were dealt you, you lose
    // ten" (Cotton, pp. 94-95). Ben wins tricks 1-4: 12 cards, no honours: 12 points, 22 - 12 = 10.
    let l = ledger(&cotton_deal(), &rules_of("cotton-1674"));
    assert_eq!(l.points.total(BEN), 12);
    assert_eq!(l.points.honours[BEN.index()], 0);
    assert_eq!(l.phase_net(Phase::Settlement, BEN), Money::units(-10));
}

#[test]
fn cotton_thirty_by_honours_held() {
    // "if you have Tib, Tom, King, and Queen of Trumps in your hand, you have thirty by honours,
    // that is, eight above your own Cards, besides the Cards you win by them in play" (p. 95):
    // Ann's honours 15 + 9 + 3 + 3 = 30; her 8 tricks (5 to 12) add 24 card points: 54.
    let l = ledger(&cotton_deal(), &rules_of("cotton-1674"));
    assert_eq!(l.points.honours[ANN.index()], 30);
    assert_eq!(l.points.cards[ANN.index()], 24);
    assert_eq!(l.points.total(ANN), 54);
    assert_eq!(l.points.in_play(), 66);
    // Settlement through the pot: Ann 54 - 22 = +32; Ben 12 - 22 = -10; Cat 0 - 22 = -22.
    assert_eq!(l.phase_net(Phase::Settlement, ANN), Money::units(32));
    assert_eq!(l.phase_net(Phase::Settlement, CAT), Money::units(-22));
    // Whole deal: the stock (12, six to each), nothing in the ruff (nobody vied), no sets,
    // no low trumps. Ben -6 -6 -10 = -22; Cat +6 -22 = -16; Ann +6 +32 = +38.
    assert_eq!(
        l.nets(),
        [Money::units(38), Money::units(-22), Money::units(-16)]
    );
}

#[test]
fn cotton_tib_fifteen_in_hand_and_eighteen_in_play() {
    // "Tib the Ace is fifteen in hand and eighteen in play, because it wins a Trick" (p. 90):
    // Ann's Tib scores 15 as an honour, and the trick it wins (the tenth) brings 3 more.
    let l = ledger(&cotton_deal(), &rules_of("cotton-1674"));
    let tib_trick = l
        .tricks
        .iter()
        .find(|t| t.cards.iter().any(|&(_, c)| c.to_string() == "A♥"))
        .unwrap();
    assert_eq!(tib_trick.winner, ANN);
    let without_tib = with(rules_of("cotton-1674"), Point::HonoursScored, "captured");
    // Captured or held, Ann wins the trick her own Tib falls in, so she scores 15 + 3 either way.
    assert_eq!(ledger(&cotton_deal(), &without_tib).points.total(ANN), 54);
    // Turned up, Tib is "fifteen to the Dealer in reckoning after play" but never played: the
    // dealer (Ann) scores 15 and no trick for it.
    let turned = COTTON_DEAL
        .replace("Ann: AH KH", "Ann: TH KH")
        .replace("turn-up: TH", "turn-up: AH")
        .replace("  - AH 6D QC", "  - TH 6D QC");
    let l = ledger(&scenario(&turned), &rules_of("cotton-1674"));
    // Ann's honours: Tib turned up 15 + King 3 + Queen 3 + Tom 9 = 30; her tricks are the same.
    assert_eq!(l.points.honours[ANN.index()], 30);
    let not_scored = with(rules_of("cotton-1674"), Point::HonourTurnedUp, "not-scored");
    assert_eq!(
        ledger(&scenario(&turned), &not_scored).points.honours[ANN.index()],
        15
    );
}

/// Cotton's one priced ruff (pp. 92-93): "The first or eldest says, I'le vye the Ruff, the next
/// says, I'le see it, and the third, I'le see it and revie it: I'le see your revie, says the
/// first ... the middle probably says, I'le not meddle with it; then they shew their Cards".
fn priced_ruff() -> Scenario {
    scenario(&COTTON_DEAL.replace(
        "vie: Ben pass, Cat pass, Ann pass",
        "vie: Ben vie, Cat see, Ann revie, Ben see, Cat pass",
    ))
}

#[test]
fn cotton_priced_ruff_six_and_four() {
    // Ben (eldest) shows diamonds A K Q J 10 9 8 7 6 5 4: 11 + 4x10 + 9+8+7+6+5+4 = 90; Ann's best
    // suit is spades A K Q J 10 9 8 7: 11 + 4x10 + 9+8+7 = 75. Ben wins: "six ... of him that holds
    // out longest [Ann], and four of the other that said he would see it, but after refused [Cat]".
    let l = ledger(&priced_ruff(), &rules_of("cotton-1674"));
    assert_eq!(l.phase_net(Phase::Ruff, BEN), Money::units(10));
    assert_eq!(l.phase_net(Phase::Ruff, ANN), Money::units(-6));
    assert_eq!(l.phase_net(Phase::Ruff, CAT), Money::units(-4));
}

#[test]
fn du_coeurs_pot_gives_cottons_six_and_four_and_parletts_stakes_four_and_two() {
    // Du Coeur's pot: antes 2 each; Ben vies (+2), Cat sees (+2), Ann sees and revies (+4), Ben
    // sees (+2), Cat passes. Ben takes the pot of 6 + 6 + 4 = 16: Ann has put in 6, Cat 4.
    let pot = with(rules_of("cotton-1674"), Point::RuffMoney, "pot");
    let l = ledger(&priced_ruff(), &pot);
    assert_eq!(
        [
            l.phase_net(Phase::Ruff, BEN),
            l.phase_net(Phase::Ruff, ANN),
            l.phase_net(Phase::Ruff, CAT)
        ],
        [Money::units(10), Money::units(-6), Money::units(-4)]
    );
    // Parlett's stakes: the vie is 2, Ann's revie makes it 4; Ann, seen at the showdown, pays 4;
    // Cat, who passed after seeing 2, pays the 2 he had seen.
    let stakes = with(rules_of("cotton-1674"), Point::RuffMoney, "stakes");
    let l = ledger(&priced_ruff(), &stakes);
    assert_eq!(
        [
            l.phase_net(Phase::Ruff, BEN),
            l.phase_net(Phase::Ruff, ANN),
            l.phase_net(Phase::Ruff, CAT)
        ],
        [Money::units(6), Money::units(-4), Money::units(-2)]
    );
}

#[test]
fn wikipedias_example_ruff_hand_is_rejected_for_its_twos_and_threes() {
    // Wikipedia: "a hand of 2♦3♦5♦6♦7♦A♥3♥4♥5♣9♣Q♣9♠ has its highest ruff in clubs; 24".
    // A Gleek pack has no Twos or Threes.
    let yaml = COTTON_DEAL.replace(
        "Cat: AC KC QC JC TC 9C 8C 7C 6C 5C 4C 5S",
        "Cat: 2♦ 3♦ 5♦ 6♦ 7♦ A♥ 3♥ 4♥ 5♣ 9♣ Q♣ 9♠",
    );
    let err = parse_page(Path::new("wikipedia.md"), yaml.into()).unwrap_err();
    let all: String = err.iter().map(|d| d.to_string()).collect();
    for card in ["2♦", "3♦", "3♥"] {
        assert!(
            all.contains(&format!(
                "{card} is not in the 44-card Gleek pack (Twos and Threes are cast out)"
            )),
            "{all}"
        );
    }
    // Located at the card: line 13 of the page, after `  Cat: `.
    assert!(all.contains("--> wikipedia.md:13:8"), "{all}");
}
