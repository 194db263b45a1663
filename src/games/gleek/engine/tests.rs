//! One test (or more) per rule point: each choice's effect on a small hand-made deal, with the
//! expected figure worked out by hand beside it.

use super::{Outcome, play, trick_winner};
use crate::cards::{Card, Suit};
use crate::games::gleek::ledger::{Ledger, Phase, Sums};
use crate::games::gleek::parse_scenario;
use crate::games::gleek::points::{Point, TABLE};
use crate::games::gleek::scenario::{SEATS, Scenario, Seat};
use crate::money::Money;
use crate::rules::Rules;
use crate::yaml::YamlText;
use std::path::Path;

const ANN: Seat = Seat(0);
const BEN: Seat = Seat(1);

/// Ann deals; Ben is eldest, Cat middle, Ann youngest. Trumps are hearts (the turn-up 10♥).
/// Ben buys at 12 and lays out seven of his own, taking in the stock's 4♥ 5♥ 6♥ (Tiddy, Towser,
/// Tumbler). Nobody holds a gleek. Play is left to the engine.
const BASE: &str = "
id: base
seats: [Ann, Ben, Cat]
dealer: Ann
hands:
  Ann: AH KH QH JH AS KS QS JS TS 9S 8S 7S
  Ben: AD KD QD JD TD 9D 8D 7D 6D 5D 4D 6S
  Cat: AC KC QC JC TC 9C 8C 7C 6C 5C 4C 5S
turn-up: TH
stock: 9H 8H 7H 6H 5H 4H 4S
auction: Ben 12, Cat pass, Ann pass
discard: 4D 5D 6D 7D 8D 9D 6S
vie: Ben pass, Cat pass, Ann pass
";

fn scenario(yaml: &str) -> Scenario {
    parse_scenario(&YamlText::whole_file(Path::new("t.yaml"), yaml.into()))
        .unwrap_or_else(|e| panic!("{}", e.iter().map(|d| d.to_string()).collect::<String>()))
}

/// The base reading with some points set: `&[("tiddy-held", "two-each")]`.
fn rules(set: &[(&str, &str)]) -> Rules {
    let mut r = Rules::first_choices(TABLE);
    for (p, c) in set {
        let point = Point::from_id(p).expect(p);
        r.set(
            point,
            point
                .def()
                .choice_index(c)
                .unwrap_or_else(|| panic!("{p}={c}")),
        );
    }
    r
}

fn ledger(yaml: &str, r: &Rules) -> Ledger {
    match play(&scenario(yaml), r) {
        Outcome::Played(l) => l,
        Outcome::Unplayable(u) => panic!("not playable: {u:?}"),
    }
}

fn unplayable(yaml: &str, r: &Rules) -> Point {
    match play(&scenario(yaml), r) {
        Outcome::Unplayable(u) => Point::of(u.point).expect("a Gleek point"),
        Outcome::Played(l) => panic!("played: {:?}", l.nets()),
    }
}

fn phase(l: &Ledger, ph: Phase) -> [i64; 3] {
    SEATS.map(|s| l.phase_net(ph, s).as_halves())
}

/// Halves, for comparing with `phase`.
fn h(units: [f64; 3]) -> [i64; 3] {
    units.map(|u| (u * 2.0) as i64)
}

fn edit(from: &str, to: &str) -> String {
    assert!(BASE.contains(from), "{from}");
    BASE.replace(from, to)
}

#[test]
fn tiddy_turned_up_pays_the_dealer_from_each() {
    // Turn-up 4♥ (swapped with the stock's 10♥): Ann, the dealer, is paid by Ben and Cat.
    let yaml = edit("turn-up: TH", "turn-up: 4H")
        .replace("stock: 9H 8H 7H 6H 5H 4H 4S", "stock: 9H 8H 7H 6H 5H TH 4S");
    let at = |c| {
        phase(
            &ledger(&yaml, &rules(&[("tiddy-turned-up", c)])),
            Phase::TurnUp,
        )
    };
    assert_eq!(at("none"), [0, 0, 0]);
    assert_eq!(at("two-each"), h([4.0, -2.0, -2.0]));
    assert_eq!(at("four-each"), h([8.0, -4.0, -4.0]));
}

#[test]
fn towser_and_tumbler_turned_up() {
    let turned = |card: &str| {
        edit("turn-up: TH", &format!("turn-up: {card}")).replace(&format!(" {card} "), " TH ")
    };
    let towser = |c| {
        phase(
            &ledger(&turned("5H"), &rules(&[("towser-tumbler-turned-up", c)])),
            Phase::TurnUp,
        )
    };
    assert_eq!(towser("none"), [0, 0, 0]);
    assert_eq!(towser("five-six-each"), h([10.0, -5.0, -5.0]));
    assert_eq!(towser("ten-twelve-each"), h([20.0, -10.0, -10.0]));
    let tumbler = phase(
        &ledger(
            &turned("6H"),
            &rules(&[("towser-tumbler-turned-up", "ten-twelve-each")]),
        ),
        Phase::TurnUp,
    );
    assert_eq!(tumbler, h([24.0, -12.0, -12.0]));
}

#[test]
fn an_honour_turned_up_scores_for_the_dealer_or_nobody() {
    // Tib turned up (Ann holds the 10♥ instead). Held honours: Ann K Q J = 15; with Tib 30.
    let yaml = edit("turn-up: TH", "turn-up: AH").replace("Ann: AH KH", "Ann: TH KH");
    let scores = ledger(&yaml, &rules(&[("honour-turned-up", "dealer-scores")])).points;
    assert_eq!(scores.honours[ANN.index()], 30);
    assert_eq!(scores.in_play(), 66);
    let not = ledger(&yaml, &rules(&[("honour-turned-up", "not-scored")])).points;
    assert_eq!(not.honours[ANN.index()], 15);
    assert_eq!(not.in_play(), 51);
}

#[test]
fn low_trumps_are_paid_only_by_agreement_where_optional() {
    // Ben holds Tiddy after the exchange: 2 from each.
    let set = [
        ("tiddy-held", "two-each"),
        ("low-trumps-optional", "by-agreement"),
    ];
    let silent = ledger(BASE, &rules(&set));
    assert_eq!(phase(&silent, Phase::LowTrumps), h([-2.0, 4.0, -2.0]));
    assert!(
        silent
            .filled
            .contains(&crate::games::gleek::ledger::Filled::Agreement {
                tiddy: true,
                turned: false
            })
    );
    let left_out = format!("{BASE}agreed: {{tiddy: no}}\n");
    assert_eq!(
        phase(&ledger(&left_out, &rules(&set)), Phase::LowTrumps),
        [0, 0, 0]
    );
    let always = [
        ("tiddy-held", "two-each"),
        ("low-trumps-optional", "always"),
    ];
    assert_eq!(
        phase(&ledger(&left_out, &rules(&always)), Phase::LowTrumps),
        h([-2.0, 4.0, -2.0])
    );
}

#[test]
fn tiddy_towser_and_tumbler_held() {
    let at = |t, tt| {
        phase(
            &ledger(
                BASE,
                &rules(&[("tiddy-held", t), ("towser-tumbler-held", tt)]),
            ),
            Phase::LowTrumps,
        )
    };
    assert_eq!(at("none", "none"), [0, 0, 0]);
    // Tiddy 4 each; Towser 2½ and Tumbler 3 each: Ben +2×(4+2½+3) = +19.
    assert_eq!(
        at("four-each", "two-and-a-half-three-each"),
        h([-9.5, 19.0, -9.5])
    );
    // Tiddy 2 each; Towser 5, Tumbler 6 each: Ben +2×13 = +26.
    assert_eq!(at("two-each", "five-six-each"), h([-13.0, 26.0, -13.0]));
}

#[test]
fn the_eldest_must_open_or_may_pass() {
    let all_pass = edit(
        "auction: Ben 12, Cat pass, Ann pass",
        "auction: Ben pass, Cat pass, Ann pass",
    )
    .replace("discard: 4D 5D 6D 7D 8D 9D 6S\n", "");
    assert_eq!(unplayable(&all_pass, &rules(&[])), Point::AuctionOpening);
    let l = ledger(&all_pass, &rules(&[("auction-opening", "eldest-may-pass")]));
    assert_eq!(phase(&l, Phase::Stock), [0, 0, 0]);
    // Nobody buys: the stock's seven cards stay out of play.
    assert_eq!(l.laid_out, scenario(&all_pass).stock);
}

#[test]
fn the_minimum_bid() {
    assert_eq!(
        unplayable(BASE, &rules(&[("minimum-bid", "thirteen")])),
        Point::MinimumBid
    );
}

#[test]
fn bids_rise_by_one_or_by_any_amount() {
    let yaml = edit(
        "auction: Ben 12, Cat pass, Ann pass",
        "auction: Ben 12, Cat 14, Ann pass, Ben pass",
    )
    .replace(
        "discard: 4D 5D 6D 7D 8D 9D 6S",
        "discard: 5C 6C 7C 8C 9C TC 5S",
    );
    assert_eq!(unplayable(&yaml, &rules(&[])), Point::BidStep);
    // Cat buys at 14: 7 to each of Ben and Ann.
    let l = ledger(&yaml, &rules(&[("bid-step", "any-higher")]));
    assert_eq!(phase(&l, Phase::Stock), h([7.0, 7.0, -14.0]));
}

#[test]
fn a_passer_is_out_or_may_re_enter() {
    let yaml = edit(
        "auction: Ben 12, Cat pass, Ann pass",
        "auction: Ben 12, Cat pass, Ann 13, Ben pass, Cat 14, Ann pass, Ben pass",
    )
    .replace(
        "discard: 4D 5D 6D 7D 8D 9D 6S",
        "discard: 5C 6C 7C 8C 9C TC 5S",
    );
    assert_eq!(unplayable(&yaml, &rules(&[])), Point::PasserReentry);
    let l = ledger(&yaml, &rules(&[("passer-reentry", "may-re-enter")]));
    assert_eq!(phase(&l, Phase::Stock), h([7.0, 7.0, -14.0]));
}

#[test]
fn the_odd_penny() {
    // Ben buys at 13: 6 to each opponent and one over. Cat passed first, Ann last.
    let yaml = edit(
        "auction: Ben 12, Cat pass, Ann pass",
        "auction: Ben 13, Cat pass, Ann pass",
    );
    let at = |c| {
        let l = ledger(&yaml, &rules(&[("odd-penny", c)]));
        (phase(&l, Phase::Stock), l.boxed().as_halves())
    };
    assert_eq!(at("last-passer"), (h([7.0, -13.0, 6.0]), 0));
    // Ben is the eldest and the buyer: the odd penny goes to the box.
    assert_eq!(at("eldest-else-box"), (h([6.0, -13.0, 6.0]), 2));
    assert_eq!(at("box"), (h([6.0, -13.0, 6.0]), 2));
    assert_eq!(at("halves"), (h([6.5, -13.0, 6.5]), 0));
    // When Cat buys, the eldest (Ben) takes the odd penny.
    let cat_buys = edit(
        "auction: Ben 12, Cat pass, Ann pass",
        "auction: Ben 12, Cat 13, Ann pass, Ben pass",
    )
    .replace(
        "discard: 4D 5D 6D 7D 8D 9D 6S",
        "discard: 5C 6C 7C 8C 9C TC 5S",
    );
    let l = ledger(&cat_buys, &rules(&[("odd-penny", "eldest-else-box")]));
    assert_eq!(phase(&l, Phase::Stock), h([6.0, 7.0, -13.0]));
}

#[test]
fn the_price_is_paid_half_to_each_or_whole_to_each() {
    // Ben buys at 12: 6 to each, or 12 to each.
    let at = |c| phase(&ledger(BASE, &rules(&[("stock-price", c)])), Phase::Stock);
    assert_eq!(at("half-to-each"), h([6.0, -12.0, 6.0]));
    assert_eq!(at("bid-to-each"), h([12.0, -24.0, 12.0]));
    // The half payments cite stock-price; only an odd unit cites odd-penny.
    let l = ledger(BASE, &rules(&[]));
    assert!(
        l.payments
            .iter()
            .filter(|p| p.phase == Phase::Stock)
            .all(|p| p.point == Point::StockPrice)
    );
}

#[test]
fn discard_before_or_after_taking_the_stock() {
    let lays_out_stock = edit(
        "discard: 4D 5D 6D 7D 8D 9D 6S",
        "discard: 4D 5D 6D 7D 8D 9D 4S",
    );
    assert_eq!(
        unplayable(&lays_out_stock, &rules(&[])),
        Point::ExchangeOrder
    );
    let l = ledger(
        &lays_out_stock,
        &rules(&[("exchange-order", "take-then-discard")]),
    );
    assert!(l.laid_out.contains("4S".parse().unwrap()));
}

#[test]
fn a_short_discard_forfeits_the_buyers_sets_or_is_not_allowed() {
    // Ben keeps A♦ K♦ Q♦ J♦ and lays out only six (keeping 6♠): 13 cards, a gleek of nothing
    // (no three alike). Give him a gleek: swap Ann's J♠ for Ben's 6♠ so Ben holds J♦ J♠... and
    // Cat's J♣ for Ben's 4♦: Ben J♦ J♠ J♣, a gleek of Knaves (1 from each).
    let yaml = BASE
        .replace(
            "Ann: AH KH QH JH AS KS QS JS",
            "Ann: AH KH QH JH AS KS QS 6S",
        )
        .replace(
            "Ben: AD KD QD JD TD 9D 8D 7D 6D 5D 4D 6S",
            "Ben: AD KD QD JD TD 9D 8D 7D 6D 5D JC JS",
        )
        .replace("Cat: AC KC QC JC", "Cat: AC KC QC 4D");
    let full = ledger(
        &yaml.replace(
            "discard: 4D 5D 6D 7D 8D 9D 6S",
            "discard: 5D 6D 7D 8D 9D TD AD",
        ),
        &rules(&[]),
    );
    assert_eq!(phase(&full, Phase::Sets), h([-1.0, 2.0, -1.0]));
    let short = yaml.replace(
        "discard: 4D 5D 6D 7D 8D 9D 6S",
        "discard: 5D 6D 7D 8D 9D TD",
    );
    assert_eq!(
        unplayable(&short, &rules(&[("short-discard", "not-allowed")])),
        Point::ShortDiscard
    );
    let l = ledger(&short, &rules(&[("short-discard", "forfeits-sets")]));
    assert_eq!(phase(&l, Phase::Sets), [0, 0, 0]);
    assert_eq!(l.left_in_hand.len(), 1);
}

#[test]
fn the_ruff_in_points_or_in_cards() {
    let hand = |t: &str| {
        t.split_whitespace()
            .map(|c| c.parse::<Card>().unwrap())
            .collect::<crate::cards::CardSet>()
    };
    // Seven low clubs: 10+9+8+7+6+5+4 = 49 in points, 7 in cards.
    let long = hand("TC 9C 8C 7C 6C 5C 4C AH 9D 8D 7S 6S");
    // Six high spades: 11+10+10+10+10+9 = 60 in points, 6 in cards.
    let strong = hand("AS KS QS JS TS 9S 4H 5H 4D 5D 6D KC");
    let value = |h, c| super::ruff_value(h, &rules(&[("ruff-count", c)])).value;
    assert_eq!(
        (value(long, "pip-points"), value(strong, "pip-points")),
        (49, 60)
    );
    assert_eq!(
        (value(long, "card-count"), value(strong, "card-count")),
        (7, 6)
    );
}

#[test]
fn four_aces_beat_any_ruff_or_count_as_they_stand() {
    // Ben holds the four Aces; Cat holds ten clubs.
    let yaml = "
id: aces
seats: [Ann, Ben, Cat]
dealer: Ann
hands:
  Ann: KH QH JH TH KS QS JS TS 9S 8S 7S 6S
  Ben: AD AC AS AH KD QD JD TD 9D 8D 7D 6D
  Cat: KC QC JC TC 9C 8C 7C 6C 5C 4C 5S 4S
turn-up: 9H
stock: 8H 7H 6H 5H 4H 5D 4D
auction: Ben 12, Cat pass, Ann pass
discard: 6D 7D 8D 9D TD JD QD
vie: Ben vie, Cat see, Ann pass
";
    // Ben's best suit after taking the stock: diamonds A K 5 4 = 30, hearts A 8..4 = 41. Cat's
    // clubs K Q J 10 9 8 7 6 5 4 = 40 + 9+8+7+6+5+4 = 79.
    let ruff = |c| phase(&ledger(yaml, &rules(&[("four-aces", c)])), Phase::Ruff);
    // Pot money: antes 2 each, Ben vies 2, Cat sees 2, Ann passes: the pot is 10.
    assert_eq!(ruff("top-ruff"), h([-2.0, 6.0, -4.0]));
    assert_eq!(ruff("no-special"), h([-2.0, -4.0, 6.0]));
}

#[test]
fn equal_ruffs_are_shared_or_go_to_the_elder_hand() {
    // Ben and Cat both hold eleven of a suit after Ben's exchange? Keep Ben's diamonds: he lays
    // out the stock's hearts instead (take-then-discard), so Ben has diamonds A..4 (90) and Cat
    // clubs A..4 (90).
    let yaml = edit(
        "discard: 4D 5D 6D 7D 8D 9D 6S",
        "discard: 9H 8H 7H 6H 5H 4H 4S",
    )
    .replace(
        "vie: Ben pass, Cat pass, Ann pass",
        "vie: Ben vie, Cat see, Ann see",
    );
    let base = [
        ("exchange-order", "take-then-discard"),
        ("ruff-money", "stakes"),
    ];
    // Stakes: the vie is 2; Ann loses 2 at the showdown.
    let share = phase(
        &ledger(&yaml, &rules(&[base[0], base[1], ("ruff-tie", "share")])),
        Phase::Ruff,
    );
    assert_eq!(share, h([-2.0, 1.0, 1.0]));
    // Elder hand: Ben speaks first. Cat, tied but not the elder, loses his 2 as well.
    let elder = phase(
        &ledger(
            &yaml,
            &rules(&[base[0], base[1], ("ruff-tie", "elder-hand")]),
        ),
        Phase::Ruff,
    );
    assert_eq!(elder, h([-2.0, 4.0, -2.0]));
}

#[test]
fn an_initial_pass_is_a_check_or_a_fold() {
    let yaml = edit(
        "vie: Ben pass, Cat pass, Ann pass",
        "vie: Ben pass, Cat vie, Ann see, Ben see",
    );
    assert_eq!(
        unplayable(&yaml, &rules(&[("initial-pass", "fold")])),
        Point::InitialPass
    );
    // Check: Ben stays in and sees; Cat's clubs (90) beat Ben's diamonds (51) and Ann's spades
    // (75). Pot: 6 in antes, 2 each for the vie: Cat takes 12, a net +8.
    let l = ledger(&yaml, &rules(&[("initial-pass", "check")]));
    assert_eq!(phase(&l, Phase::Ruff), h([-4.0, -4.0, 8.0]));
}

#[test]
fn when_nobody_vies() {
    // Pot model: the antes stay in the pot.
    let l = ledger(BASE, &rules(&[("ruff-money", "pot")]));
    assert_eq!(phase(&l, Phase::Ruff), h([-2.0, -2.0, -2.0]));
    assert_eq!(l.pot_change(), Money::units(6));
    // Stakes, after one passed ruff: stake-carried opens at 4; doubled-next-deal at 2 × 2 = 4;
    // after two passed ruffs 6 against 8.
    let vie = edit(
        "vie: Ben pass, Cat pass, Ann pass",
        "vie: Ben vie, Cat pass, Ann pass",
    );
    let after = |n: u32, c| {
        let yaml = format!("{vie}carried: {{ruff-passed: {n}}}\n");
        phase(
            &ledger(&yaml, &rules(&[("ruff-money", "stakes"), ("no-vie", c)])),
            Phase::Ruff,
        )
    };
    assert_eq!(after(0, "stake-carried"), h([-2.0, 4.0, -2.0]));
    assert_eq!(after(1, "stake-carried"), h([-4.0, 8.0, -4.0]));
    assert_eq!(after(1, "doubled-next-deal"), h([-4.0, 8.0, -4.0]));
    assert_eq!(after(2, "stake-carried"), h([-6.0, 12.0, -6.0]));
    assert_eq!(after(2, "doubled-next-deal"), h([-8.0, 16.0, -8.0]));
    // A pot carried in goes to the ruff winner, whatever the money model.
    let yaml = format!("{vie}carried: {{pot: 6}}\n");
    let l = ledger(&yaml, &rules(&[("ruff-money", "cotton")]));
    // Cotton: Cat and Ann never saw the vie: 1 each; and the 6 in the pot.
    assert_eq!(phase(&l, Phase::Ruff), h([-1.0, 8.0, -1.0]));
    assert_eq!(l.pot_after(), Money::ZERO);
}

const SETS: &str = "
id: sets
seats: [Ann, Ben, Cat]
dealer: Ann
hands:
  Ann: AH AS AD KH QH JH TS 9S 8S 7S 6S 5S
  Ben: KD KC KS QD QC JD TD 9D 8D 7D 6D 5D
  Cat: AC QS JS JC TC 9C 8C 7C 6C 5C 4C 4S
turn-up: TH
stock: 9H 8H 7H 6H 5H 4H 4D
auction: Ben 12, Cat pass, Ann pass
discard: 5D 6D 7D 8D 9D TD 4D
vie: Ben pass, Cat pass, Ann pass
";

#[test]
fn every_holder_or_only_the_best_set_is_paid() {
    // Ann: gleek of Aces (4 each). Ben: gleek of Kings (3 each) and after the exchange still only
    // Q♦ Q♣ (no gleek). Cat: J♠ J♣ (no gleek).
    let every = phase(
        &ledger(
            SETS,
            &rules(&[
                ("set-scoring", "every-holder"),
                ("exchange-order", "take-then-discard"),
            ]),
        ),
        Phase::Sets,
    );
    // Ann +8 -3 = +5; Ben +6 -4 = +2; Cat -4 -3 = -7.
    assert_eq!(every, h([5.0, 2.0, -7.0]));
    let best = phase(
        &ledger(
            SETS,
            &rules(&[
                ("set-scoring", "best-holder-only"),
                ("exchange-order", "take-then-discard"),
            ]),
        ),
        Phase::Sets,
    );
    assert_eq!(best, h([8.0, -4.0, -4.0]));
}

#[test]
fn a_false_claim_is_forfeit_double_or_refused() {
    let yaml = format!("{SETS}false-claims: [Cat gleek of Knaves]\n");
    let r = |c| rules(&[("false-claim", c), ("exchange-order", "take-then-discard")]);
    // Forfeit double: Cat pays 2 × 1 to each.
    assert_eq!(
        phase(&ledger(&yaml, &r("forfeit-double")), Phase::Sets),
        h([5.0 + 2.0, 2.0 + 2.0, -7.0 - 4.0])
    );
    assert_eq!(
        phase(&ledger(&yaml, &r("void")), Phase::Sets),
        h([5.0, 2.0, -7.0])
    );
}

#[test]
fn follow_with_any_card_of_the_suit_or_the_highest() {
    // Ben leads A♦; Cat has no diamonds; Ann has none. Ben then leads 10♦... Script Ann's first
    // follow to a spade lead: Cat leads? Simpler: Ben's hand after the exchange has 4♠ only in
    // spades. Script trick 1: Ben leads 4♠, Cat follows 5♠, Ann plays 7♠ though she holds A♠.
    let yaml = format!("{BASE}play:\n  - 4S 5S 7S\n  - then: auto\n");
    assert_eq!(
        unplayable(&yaml, &rules(&[("follow-rule", "highest-of-suit")])),
        Point::FollowRule
    );
    let l = ledger(&yaml, &rules(&[("follow-rule", "any-of-suit")]));
    assert_eq!(l.tricks[0].winner, ANN);
    // Not following suit at all is unplayable under every reading.
    let revoke = format!("{BASE}play:\n  - 4S 5S AH\n  - then: auto\n");
    assert_eq!(unplayable(&revoke, &rules(&[])), Point::FollowRule);
}

#[test]
fn a_void_player_may_or_must_trump() {
    // Ben leads A♦; Cat (no diamonds, no trumps) plays a club; Ann (no diamonds) throws 7♠
    // although she holds trumps.
    let yaml = format!("{BASE}play:\n  - AD 4C 7S\n  - then: auto\n");
    assert_eq!(
        unplayable(&yaml, &rules(&[("must-trump", "must-trump")])),
        Point::MustTrump
    );
    assert_eq!(ledger(&yaml, &rules(&[])).tricks[0].winner, BEN);
}

#[test]
fn any_trump_or_only_an_equal_or_higher_one_wins() {
    let c = |t: &str| t.parse::<Card>().unwrap();
    let any = rules(&[]);
    let eq = rules(&[("trump-rank", "equal-or-higher")]);
    let trick = [c("QS"), c("5H"), c("9S")];
    assert_eq!(trick_winner(&trick, Suit::Hearts, &any), 1);
    assert_eq!(trick_winner(&trick, Suit::Hearts, &eq), 0);
    let trick = [c("QS"), c("QH"), c("KS")];
    // The Queen of trumps is below the King led suit's best: the King wins.
    assert_eq!(trick_winner(&trick, Suit::Hearts, &eq), 2);
    let trick = [c("QS"), c("QH"), c("9S")];
    assert_eq!(trick_winner(&trick, Suit::Hearts, &eq), 1);
    // A trump lead is won by the highest trump under both readings.
    let trick = [c("5H"), c("AS"), c("6H")];
    assert_eq!(trick_winner(&trick, Suit::Hearts, &eq), 2);
}

#[test]
fn honours_held_or_captured() {
    // Ann's A♥ goes into the stock, so Ben takes Tib in the exchange. Trick 1: Ben leads Tib,
    // Cat throws 4♣, Ann must follow hearts and plays Tom (J♥): Ben captures Tom.
    let yaml = BASE
        .replace("Ann: AH KH QH JH", "Ann: 9H KH QH JH")
        .replace("stock: 9H 8H", "stock: AH 8H")
        + "play:\n  - AH 4C JH\n  - then: auto\n";
    // Held: Ann holds K Q J (3 + 3 + 9 = 15), Ben holds Tib (15).
    let held = ledger(&yaml, &rules(&[("honours-scored", "held")]));
    assert_eq!(held.points.honours, [15, 15, 0]);
    // Captured: Ben wins Tib and Tom in trick 1: 15 + 9 at least.
    let capt = ledger(&yaml, &rules(&[("honours-scored", "captured")]));
    assert!(capt.points.honours[BEN.index()] >= 24);
    assert_eq!(capt.points.honours.iter().sum::<u8>(), 30);
}

#[test]
fn the_par_is_settled_through_a_pot_or_with_each_opponent() {
    let pot = ledger(BASE, &rules(&[("par-settlement", "pot")]));
    let each = ledger(BASE, &rules(&[("par-settlement", "each-opponent")]));
    assert_eq!(pot.points, each.points);
    let par = pot.points.par as i64;
    for s in SEATS {
        let d = pot.points.total(s) as i64 - par;
        assert_eq!(pot.phase_net(Phase::Settlement, s), Money::units(d));
        // With every honour in play the differences sum to nothing, so each net is 3 × d.
        assert_eq!(each.phase_net(Phase::Settlement, s), Money::units(3 * d));
    }
}

#[test]
fn a_discarded_honour_keeps_or_rebases_the_par() {
    // Ben takes Tib from the stock and lays it out: 51 points in play.
    let yaml = BASE
        .replace("Ann: AH KH QH JH", "Ann: 9H KH QH JH")
        .replace("stock: 9H 8H", "stock: AH 8H")
        .replace(
            "discard: 4D 5D 6D 7D 8D 9D 6S",
            "discard: AH 5D 6D 7D 8D 9D 6S",
        );
    let take_first = ("exchange-order", "take-then-discard");
    let kept = ledger(
        &yaml,
        &rules(&[take_first, ("discarded-honour", "par-unchanged")]),
    );
    assert_eq!((kept.points.in_play(), kept.points.par), (51, 22));
    // The pot keeps 66 - 51 = 15.
    assert_eq!(kept.ledger_pot_from_settlement(), Money::units(15));
    let rebased = ledger(
        &yaml,
        &rules(&[take_first, ("discarded-honour", "par-rebased")]),
    );
    assert_eq!(rebased.points.par, 17);
    assert_eq!(rebased.ledger_pot_from_settlement(), Money::ZERO);
}

impl Ledger {
    fn ledger_pot_from_settlement(&self) -> Money {
        -SEATS
            .into_iter()
            .map(|s| self.phase_net(Phase::Settlement, s))
            .sum::<Money>()
    }
}

/// The scripts the resumed plays are tried on (the base, a stock card laid out, forbidden where
/// the buyer lays out first, and a short discard), and the reading of every point's last choice.
fn scripts_and_last_choices() -> ([String; 3], Rules) {
    let scripts = [
        BASE.to_string(),
        edit("discard: 4D", "discard: 4H"),
        edit(
            "discard: 4D 5D 6D 7D 8D 9D 6S",
            "discard: 4D 5D 6D 7D 8D 9D",
        ),
    ];
    let last = Point::ALL
        .iter()
        .fold(Rules::first_choices(TABLE), |r, &p| {
            r.with(p, (p.def().choices.len() - 1) as u8)
        });
    (scripts, last)
}

#[test]
fn a_resumed_play_of_a_script_is_the_play_from_the_deal() {
    let (scripts, last) = scripts_and_last_choices();
    for yaml in &scripts {
        let s = scenario(yaml);
        let mut replays = super::Replays::new(std::rc::Rc::new(s.clone()), super::SimplePolicy);
        for base in [Rules::first_choices(TABLE), last] {
            let switches = Point::ALL
                .iter()
                .flat_map(|&p| (0..p.def().choices.len() as u8).map(move |to| base.with(p, to)));
            for rules in [base].into_iter().chain(switches) {
                let (outcome, paid) = replays.play(&rules, s.carried);
                let expected = play(&s, &rules);
                assert_eq!(outcome, &expected, "{rules:?}");
                if let Outcome::Played(l) = &expected {
                    assert_eq!(paid, Sums::of(&l.payments), "{rules:?}");
                }
            }
        }
    }
}

#[test]
fn a_switch_of_a_script_nets_as_the_play_from_the_deal() {
    // As above: a switch that forbids an action, and a reading that cannot play the deal, whose
    // switches are played afresh.
    let (scripts, last) = scripts_and_last_choices();
    let (mut forbidden, mut unplayable_bases) = (0, 0);
    for yaml in &scripts {
        let s = scenario(yaml);
        let mut replays = super::Replays::new(std::rc::Rc::new(s.clone()), super::SimplePolicy);
        for base in [Rules::first_choices(TABLE), last] {
            let played = replays.play(&base, s.carried).0.clone();
            unplayable_bases += usize::from(played.ledger().is_none());
            for &p in Point::ALL {
                for to in 0..p.def().choices.len() as u8 {
                    let rules = base.with(p, to);
                    let expected = match play(&s, &rules) {
                        Outcome::Played(l) => Ok(l.nets()),
                        Outcome::Unplayable(u) => Err(u),
                    };
                    forbidden += usize::from(expected.is_err());
                    assert_eq!(replays.switch(&rules, s.carried), expected, "{rules:?}");
                }
            }
        }
    }
    assert!(forbidden > 0 && unplayable_bases > 0);
}
