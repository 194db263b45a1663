//! One test per rule point and stage, each figure derived by hand from Stewart's rules and the
//! points' documentation in the comment beside it.

use super::*;
use crate::games::glic::board::Compartment;
use crate::games::glic::points::TABLE;
use crate::games::glic::record::{Claim, Decided};
use crate::games::glic::scenario::{Bet, ScriptedBet, ScriptedPlay};

/// A reading: every point at its first choice (Stewart's, as `ealdormere` reads him), then the
/// changes given.
fn reading(changes: &[(&str, &str)]) -> Rules {
    let mut r = Rules::first_choices(TABLE);
    for (point, choice) in changes {
        let p = Point::from_id(point).unwrap();
        r = r.with(p, p.def().choice_index(choice).unwrap());
    }
    r
}

const NAMES: [&str; 6] = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"];

/// A table of as many seats as hands, dealt by the given seat, nothing scripted.
fn table(hands: &[&str], cut: &str, dealer: usize) -> GlicScenario {
    let hands = hands
        .iter()
        .map(|h| {
            h.split_whitespace()
                .map(|c| c.parse::<Card>().unwrap())
                .collect()
        })
        .collect::<Vec<_>>();
    GlicScenario::dealt(
        &NAMES[..hands.len()],
        Seat(dealer as u8),
        hands,
        cut.parse().unwrap(),
    )
}

fn seat(s: &GlicScenario, name: &str) -> Seat {
    s.head.seat_of(name).unwrap()
}

/// "Ann queen, Ben ace".
fn antes(mut s: GlicScenario, list: &str) -> GlicScenario {
    for item in list.split(',') {
        let [name, c] = item.split_whitespace().collect::<Vec<_>>()[..] else {
            panic!("{item}")
        };
        let who = seat(&s, name);
        s.antes[who.index()] = Some((Compartment::from_id(c).unwrap(), 0));
    }
    s
}

/// "Ann 1, Ben see, Cat pass", in turn from the eldest.
fn bets(mut s: GlicScenario, list: &str) -> GlicScenario {
    s.bets = list
        .split(',')
        .enumerate()
        .map(|(i, item)| {
            let [name, word] = item.split_whitespace().collect::<Vec<_>>()[..] else {
                panic!("{item}")
            };
            let bet = match word {
                "pass" => Bet::Pass,
                "see" => Bet::See,
                n => Bet::Pennies(n.parse().unwrap()),
            };
            ScriptedBet {
                seat: seat(&s, name),
                bet,
                at: i as u32,
            }
        })
        .collect();
    s
}

/// "Ann QH, Ben pass".
fn countdown(mut s: GlicScenario, list: &str) -> GlicScenario {
    s.countdown = list
        .split(',')
        .enumerate()
        .map(|(i, item)| {
            let [name, word] = item.split_whitespace().collect::<Vec<_>>()[..] else {
                panic!("{item}")
            };
            ScriptedPlay {
                seat: seat(&s, name),
                card: (word != "pass").then(|| word.parse().unwrap()),
                at: 100 + i as u32,
            }
        })
        .collect();
    s
}

fn record(s: &GlicScenario, r: &Rules) -> Record {
    match play(s, r) {
        Outcome::Played(rec) => {
            assert!(rec.balances(), "the money balances");
            *rec
        }
        Outcome::Unplayable(u) => panic!("unplayable: {u:?}"),
    }
}

fn refused(s: &GlicScenario, r: &Rules) -> Unplayable {
    match play(s, r) {
        Outcome::Unplayable(u) => u,
        Outcome::Played(rec) => panic!("played: {:?}", rec.payments),
    }
}

/// Each seat's money over the given stages, in seat order.
fn nets(rec: &Record, stages: &[Stage]) -> Vec<i64> {
    (0..rec.seats as u8)
        .map(|s| rec.net_in(Seat(s), stages))
        .collect()
}

fn taker(rec: &Record, c: Compartment) -> Option<Seat> {
    rec.compartments[c.index()].taker
}

/// Stewart's own example: the Six of hearts turned up, the Queen of hearts in hand. Cat deals,
/// so Ann is eldest.
fn stewart() -> GlicScenario {
    let s = table(&["QH 7S 7D 3C", "9C 4S KD JC", "AD 8S 5C 2S"], "6H", 2);
    let s = antes(s, "Ann queen, Ben queen, Cat ace");
    let s = bets(s, "Ann 1, Ben 1, Cat pass");
    countdown(
        s,
        "Ann QH, Ben 9C, Cat AD, Ann 7S, Ben 4S, Cat pass, Ann pass, Ben pass, Ben KD, Cat 8S, Ann 3C, Ben JC",
    )
}

#[test]
fn a_single_trump_honour_takes_its_compartment() {
    let s = stewart();
    let rec = record(&s, &reading(&[]));
    // Hearts are trumps; Ann holds the Queen and takes the Queen's two pennies (hers and Ben's).
    assert_eq!(taker(&rec, Compartment::Queen), Some(Seat(0)));
    assert_eq!(nets(&rec, &[Stage::Sweepstakes]), [2, 0, 0]);
    // Nobody holds the Ace of hearts: Cat's penny on the Ace is carried.
    assert_eq!(taker(&rec, Compartment::Ace), None);
    assert_eq!(rec.compartments[Compartment::Ace.index()].left, 1);
}

#[test]
fn going_out_on_31_against_two_cards_and_one_pays_five() {
    let rec = record(&stewart(), &reading(&[]));
    // Count 1: Ann Q♥ 10, Ben 9♣ 19, Cat A♦ 20, Ann 7♠ 27, Ben 4♠ 31; nobody can play: Ben is
    // last and takes a penny from Ann and from Cat.
    // Count 2: Ben K♦ 10, Cat 8♠ 18, Ann 3♣ 21, Ben J♣ 31: Ben goes out on 31. Ann holds one
    // card (7♦), Cat two (5♣ 2♠): 1 + 2 for the cards, and a penny more from each: 5.
    let out: u32 = rec
        .payments
        .iter()
        .filter(|p| matches!(p.why, Why::CardsLeft(_) | Why::OnThirtyOne))
        .map(|p| p.pennies)
        .sum();
    assert_eq!(out, 5);
    assert_eq!(rec.countdown.out, Seat(1));
    assert_eq!(nets(&rec, &[Stage::Countdown]), [-3, 7, -4]);
    // Ante −1 each; the Queen +2 to Ann; the Poch: Ann and Ben bet 1, Ann's pair of Sevens
    // beats Ben's King high and Cat's Ace high: Ann +1, Ben −1.
    // Nets: Ann −1 +2 +1 −3 = −1; Ben −1 −1 +7 = +5; Cat −1 −4 = −5; the Ace's penny stays.
    assert_eq!(nets(&rec, &Stage::ALL), [-1, 5, -5]);
}

#[test]
fn the_player_who_goes_out_may_also_take_the_counts_penny() {
    let rec = record(
        &stewart(),
        &reading(&[("countdown-pay", "count-penny-too")]),
    );
    // As above, and Ben also takes count 2's penny from Ann and from Cat.
    assert_eq!(nets(&rec, &[Stage::Countdown]), [-4, 9, -5]);
    assert_eq!(nets(&rec, &Stage::ALL), [-2, 7, -6]);
}

#[test]
fn going_out_on_a_count_another_could_add_to_pays_no_counts_penny() {
    // Ben deals; diamonds are trumps. Ann goes out with 2♣ at 25, and Ben still holds 5♥ and
    // 4♠, either of which fits: her card does not end the count.
    let s = antes(
        table(&["TS 9S 2C AC", "KC 6H 5H 4S", "JD 8C 7C 7H"], "3D", 1),
        "Ann jack, Ben jack, Cat ten",
    );
    let s = countdown(
        bets(s, "Cat 1, Ann pass, Ben pass"),
        "Cat JD, Ann TS, Ben KC, Cat pass, Ann AC, Ben pass, Cat pass, Ann pass, \
         Ann 9S, Ben 6H, Cat 8C, Ann 2C",
    );
    // Count 1 to Ann (+2); going out, Ben's two cards and Cat's two (+4).
    for r in [&[][..], &[("countdown-pay", "count-penny-too")][..]] {
        assert_eq!(
            nets(&record(&s, &reading(r)), &[Stage::Countdown]),
            [6, -3, -3]
        );
    }
}

/// Ann holds the King and Queen of trumps (hearts, the Four turned up).
fn marriage() -> GlicScenario {
    let s = table(&["KH QH 2C 3D", "9S 9C 4D 5D", "JS TS 8D 6C"], "4H", 2);
    antes(s, "Ann king, Ben queen, Cat marriage")
}

#[test]
fn king_and_queen_of_trumps_take_three_compartments() {
    let rec = record(&marriage(), &reading(&[]));
    // The King, the Queen and the King-Queen, a penny on each: Ann +3.
    for c in [Compartment::King, Compartment::Queen, Compartment::Marriage] {
        assert_eq!(taker(&rec, c), Some(Seat(0)), "{c:?}");
    }
    assert_eq!(nets(&rec, &[Stage::Sweepstakes]), [3, 0, 0]);
}

#[test]
fn one_on_each_stakes_seven_pennies_a_player() {
    let rec = record(&marriage(), &reading(&[("ante", "one-on-each")]));
    // Seven pennies each; three on every compartment. Ann takes the King, Queen and King-Queen:
    // 9. Nobody holds A♥, J♥, 10♥ or the 9-8-7: 4 × 3 = 12 stay on the board.
    assert_eq!(nets(&rec, &[Stage::Ante]), [-7, -7, -7]);
    assert_eq!(nets(&rec, &[Stage::Sweepstakes]), [9, 0, 0]);
    for c in [
        Compartment::Ace,
        Compartment::Jack,
        Compartment::Ten,
        Compartment::NineEightSeven,
    ] {
        assert_eq!(rec.compartments[c.index()].left, 3, "{c:?}");
    }
}

#[test]
fn an_unclaimed_compartment_is_carried_or_returned() {
    let carried = record(&stewart(), &reading(&[]));
    assert_eq!(nets(&carried, &[Stage::Sweepstakes]), [2, 0, 0]);
    // Returned: Cat's penny on the unclaimed Ace goes back to him, and nothing is left.
    let returned = record(&stewart(), &reading(&[("unclaimed", "returned")]));
    assert_eq!(nets(&returned, &[Stage::Sweepstakes]), [2, 0, 1]);
    assert_eq!(returned.compartments[Compartment::Ace.index()].left, 0);
    assert_eq!(nets(&returned, &Stage::ALL), [-1, 5, -4]);
}

#[test]
fn coins_carried_from_an_earlier_deal_go_with_the_compartment() {
    let mut s = stewart();
    s.carried[Compartment::Queen.index()] = 3;
    s.carried[Compartment::Poch.index()] = 2;
    let rec = record(&s, &reading(&[("unclaimed", "returned")]));
    // The Queen held 3 + 2 antes: Ann +5. The Poch held 2 + 2 bets: Ann +4 − 1 = +3.
    assert_eq!(nets(&rec, &[Stage::Sweepstakes]), [5, 0, 1]);
    assert_eq!(nets(&rec, &[Stage::Poch]), [3, -1, 0]);
}

/// The Queen of trumps is turned up; Cat deals and holds the King of hearts.
fn turned_queen() -> GlicScenario {
    let s = table(&["7S 7D 3C 2D", "9C 4S KD JC", "AD 8S 5C KH"], "QH", 2);
    antes(s, "Ann queen, Ben marriage, Cat king")
}

#[test]
fn the_turned_card_is_nobodys_or_the_dealers() {
    let nobody = record(&turned_queen(), &reading(&[]));
    // Cat takes the King (1); the Queen and the King-Queen are nobody's and carried.
    assert_eq!(nets(&nobody, &[Stage::Sweepstakes]), [0, 0, 1]);
    assert_eq!(taker(&nobody, Compartment::Queen), None);
    let dealer = record(&turned_queen(), &reading(&[("turned-card", "dealer")]));
    // The turned-up Queen counts as Cat's: the King, the Queen and the King-Queen, 3.
    assert_eq!(nets(&dealer, &[Stage::Sweepstakes]), [0, 0, 3]);
    assert!(dealer.claims.contains(&(
        Seat(2),
        Compartment::Marriage,
        Claim::TurnedCard("QH".parse().unwrap())
    )));
}

#[test]
fn a_flush_takes_the_nine_eight_seven_only_where_the_reading_says() {
    // Cat's four diamonds are a flush in a plain suit; nobody holds 9-8-7 of hearts.
    let s = table(&["7S 7C 3C 2S", "9C 4S KS JC", "2D 3D 4D 5D"], "6H", 2);
    let s = antes(s, "Ann nine-eight-seven, Ben nine-eight-seven, Cat ace");
    let seq = record(&s, &reading(&[]));
    assert_eq!(taker(&seq, Compartment::NineEightSeven), None);
    let flush = record(&s, &reading(&[("nine-eight-seven", "or-flush")]));
    assert_eq!(taker(&flush, Compartment::NineEightSeven), Some(Seat(2)));
    assert_eq!(nets(&flush, &[Stage::Sweepstakes]), [0, 0, 2]);
    let trumps = record(&s, &reading(&[("nine-eight-seven", "or-trump-flush")]));
    assert_eq!(taker(&trumps, Compartment::NineEightSeven), None);
}

#[test]
fn two_claims_to_the_nine_eight_seven_go_to_the_trump_or_the_eldest() {
    // Ann deals, so Ben is eldest. Cat holds 9-8-7 of hearts, Ben a flush of spades.
    let s = table(&["7S 7C 3C 2C", "2S 5S 9S KS", "9H 8H 7H 2D"], "6H", 0);
    let s = antes(s, "Ann nine-eight-seven, Ben ace, Cat ace");
    let flush = reading(&[("nine-eight-seven", "or-flush")]);
    // Highest trump: Cat (9♥) against Ben (none): Cat.
    let rec = record(&s, &flush);
    assert_eq!(taker(&rec, Compartment::NineEightSeven), Some(Seat(2)));
    // The eldest: Ben, on the dealer's left.
    let eldest = flush.with(
        Point::NineEightSevenTie,
        Point::NineEightSevenTie
            .def()
            .choice_index("eldest")
            .unwrap(),
    );
    let rec = record(&s, &eldest);
    assert_eq!(taker(&rec, Compartment::NineEightSeven), Some(Seat(1)));
    // Without the flush only the sequence counts: Cat.
    let rec = record(&s, &reading(&[]));
    assert_eq!(taker(&rec, Compartment::NineEightSeven), Some(Seat(2)));
}

/// Ann a pair of Sevens with the Two of trumps, Ben a pair of Nines, Cat Ace high with the
/// Queen of trumps.
fn pairs() -> GlicScenario {
    table(&["7S 7D 3C 2H", "9C 9D 4S KD", "AD 8S 5C QH"], "6H", 2)
}

#[test]
fn every_hand_contends_or_only_those_who_bet() {
    let s = bets(pairs(), "Ann pass, Ben 1, Cat see");
    // All contend: the two pairs tie and Ann's 2♥ is the only trump among them: Ann takes 2.
    let all = record(&s, &reading(&[]));
    assert_eq!(all.poch.winner, Some(Seat(0)));
    assert_eq!(nets(&all, &[Stage::Poch]), [2, -1, -1]);
    // Stay or fold: Ann passed and is out; Ben's pair beats Cat's Ace high: Ben takes 2.
    let stay = record(&s, &reading(&[("poch-betting", "stay-or-fold")]));
    assert_eq!(stay.poch.contenders, [Seat(1), Seat(2)]);
    assert_eq!(nets(&stay, &[Stage::Poch]), [0, 1, -1]);
}

#[test]
fn a_raise_is_not_playable_where_later_players_only_see() {
    let s = bets(pairs(), "Ann 1, Ben 2");
    let groat = reading(&[("poch-bet", "up-to-a-groat")]);
    let all = record(&s, &groat);
    assert_eq!(nets(&all, &[Stage::Poch]), [2, -2, 0]);
    let stay = groat.with(Point::PochBetting, 1);
    let u = refused(&s, &stay);
    assert_eq!(u.point, Point::PochBetting.point());
    assert_eq!(u.action, "Ben bets 2");
}

#[test]
fn a_bet_above_the_limit_is_not_playable() {
    let u = refused(&bets(pairs(), "Ann 2"), &reading(&[]));
    assert_eq!(u.point, Point::PochBet.point());
    let groat = reading(&[("poch-bet", "up-to-a-groat")]);
    assert!(play(&bets(pairs(), "Ann 4"), &groat).record().is_some());
    let u = refused(&bets(pairs(), "Ann 5"), &groat);
    assert_eq!(u.point, Point::PochBet.point());
}

#[test]
fn same_kinds_tie_or_the_higher_set_wins() {
    // Ann a pair of Fives with the Two of trumps, Ben a pair of Kings without a trump.
    let s = bets(
        table(&["5S 5D 3C 2H", "KS KD 4S 8C", "AD 8S 6C 9D"], "6H", 2),
        "Ann 1, Ben 1, Cat 1",
    );
    let kind = record(&s, &reading(&[]));
    assert_eq!(
        (kind.poch.winner, kind.poch.decided),
        (Some(Seat(0)), Decided::Trump)
    );
    assert_eq!(nets(&kind, &[Stage::Poch]), [2, -1, -1]);
    let rank = record(&s, &reading(&[("poch-ranks", "rank-within-kind")]));
    assert_eq!(
        (rank.poch.winner, rank.poch.decided),
        (Some(Seat(1)), Decided::Ranks)
    );
    assert_eq!(nets(&rank, &[Stage::Poch]), [-1, 2, -1]);
}

#[test]
fn the_ace_of_trumps_is_highest_or_lowest_as_the_reading_orders_them() {
    // Ann a pair of Fives with A♥, Ben a pair of Nines with K♥: tied by kind, hearts trumps.
    let s = bets(
        table(&["AH 5S 5D 2C", "KH 9S 9D 3C", "QS JD 8C 4S"], "6H", 2),
        "Ann 1, Ben 1, Cat pass",
    );
    let high = record(&s, &reading(&[]));
    assert_eq!(
        (high.poch.winner, high.poch.decided),
        (Some(Seat(0)), Decided::Trump)
    );
    assert_eq!(nets(&high, &[Stage::Poch]), [1, -1, 0]);
    let low = record(&s, &reading(&[("poch-trump-order", "ace-low")]));
    assert_eq!(low.poch.winner, Some(Seat(1)));
    assert_eq!(nets(&low, &[Stage::Poch]), [-1, 1, 0]);
    // The ledger names the compartment the pennies go to and come from, and the point.
    let lines = crate::game::Played::payments(&high, &s.head);
    let bet = lines.iter().find(|l| l.reason.contains("bet")).unwrap();
    assert_eq!(bet.to.name(&s.head), "the Poch compartment");
    let won = lines
        .iter()
        .find(|l| l.reason.contains("takes the Poch"))
        .unwrap();
    assert_eq!(won.from.name(&s.head), "the Poch compartment");
    assert_eq!(won.point, Point::PochTrumpOrder.point());
}

#[test]
fn tied_hands_without_a_trump_go_to_the_eldest_or_stay() {
    let s = bets(
        table(&["5S 5D 3C 2C", "KS KD 4S 8C", "AD 8S 6C QH"], "6H", 2),
        "Ann 1, Ben 1, Cat 1",
    );
    // Two pairs tie, no trump between them: Ann, the eldest, takes 3.
    let eldest = record(&s, &reading(&[]));
    assert_eq!(eldest.poch.decided, Decided::Eldest);
    assert_eq!(nets(&eldest, &[Stage::Poch]), [2, -1, -1]);
    // Carried: nobody takes the 3; Ann, the eldest of the tied, begins the countdown.
    let carried = record(&s, &reading(&[("poch-tie", "carried")]));
    assert_eq!(carried.poch.winner, None);
    assert_eq!(carried.poch.starter, Seat(0));
    assert_eq!(nets(&carried, &[Stage::Poch]), [-1, -1, -1]);
    assert_eq!(carried.compartments[Compartment::Poch.index()].left, 3);
}

#[test]
fn a_poch_nobody_wins_leaves_the_countdown_to_the_eldest_tied_or_the_eldest() {
    // Ann a pair of Fives, Ben a pair of Kings, Cat Ace high with Q♥ the only trump: Ann and
    // Ben tie without a trump, and the Poch is carried. Ben deals, so Cat is eldest.
    let s = bets(
        table(&["5S 5D 3C 2C", "KS KD 4S 8C", "AD 8S 6C QH"], "6H", 1),
        "Cat 1, Ann 1, Ben 1",
    );
    let carried = [("poch-tie", "carried")];
    let tied = record(&s, &reading(&carried));
    assert_eq!((tied.poch.winner, tied.poch.starter), (None, Seat(0)));
    let eldest = record(&s, &reading(&[carried[0], ("countdown-first", "eldest")]));
    assert_eq!(eldest.poch.starter, Seat(2));
}

#[test]
fn a_player_who_can_play_must_or_may_pass() {
    let s = countdown(stewart(), "Ann QH, Ben pass");
    // Ben holds 9♣, 4♠, K♦ and J♣: each fits under 31 after 10.
    let u = refused(&s, &reading(&[]));
    assert_eq!(u.point, Point::CountdownTurn.point());
    assert_eq!(u.at, Some(101));
    assert!(
        play(&s, &reading(&[("countdown-turn", "may-pass")]))
            .record()
            .is_some()
    );
}

#[test]
fn a_card_over_31_or_out_of_turn_is_not_playable() {
    let over = countdown(stewart(), "Ann QH, Ben 9C, Cat AD, Ann 7S, Ben KD");
    let u = refused(&over, &reading(&[]));
    assert_eq!((u.point, u.at), (Point::CountdownTurn.point(), Some(104)));
    assert!(u.reason.contains("to 37"), "{}", u.reason);
    // Ann won the Poch and begins; a first card from Ben names the point that decided it.
    let first = countdown(stewart(), "Ben 9C");
    assert_eq!(
        refused(&first, &reading(&[])).point,
        Point::PochRanks.point()
    );
}

#[test]
fn a_card_outside_the_piquet_pack_is_not_playable() {
    let u = refused(&stewart(), &reading(&[("pack", "piquet-32")]));
    // Ann's 3♣ is the first card below the Seven.
    assert_eq!(u.point, Point::Pack.point());
    assert_eq!(u.action, "Ann is dealt 3♣");
}

#[test]
fn the_policy_fills_antes_bets_and_the_countdown_by_hand_rules() {
    let mut s = stewart();
    s.antes = vec![None; 3];
    s.countdown.clear();
    let rec = record(&s, &reading(&[]));
    // Antes from the eldest, each on the emptiest compartment: Ace, King, Queen.
    let on: Vec<_> = rec.antes.iter().map(|a| a.1).collect();
    assert_eq!(
        on,
        [
            Some(Compartment::Ace),
            Some(Compartment::King),
            Some(Compartment::Queen)
        ]
    );
    // Countdown from Ann, the card counting most that fits:
    // count 1: Ann Q♥ 10, Ben K♦ 20, Cat 8♠ 28, Ann 3♣ 31; all pass: Ann takes 2.
    // count 2: Ann 7♠ 7, Ben J♣ 17, Cat 5♣ 22, Ann 7♦ 29: Ann is out, Ben and Cat hold 2
    // each: Ann takes 4, not on 31.
    assert_eq!(nets(&rec, &[Stage::Countdown]), [6, -3, -3]);
    assert_eq!(rec.countdown.counts[0].total, 31);
    assert_eq!(rec.countdown.final_total(), 29);
}

#[test]
fn stage_figures_and_compartment_figures_read_the_record() {
    use crate::game::{Figure, Played, Value};
    let rec = record(&stewart(), &reading(&[]));
    let f = |key: &'static str, seat: Option<Seat>| {
        rec.figure(&Figure {
            key,
            seat,
            deal: None,
        })
    };
    assert_eq!(
        f("countdown", Some(Seat(1))),
        Some(Value::Money(crate::money::Money::units(7)))
    );
    assert_eq!(f("queen", None), Some(Value::Seat(Some(Seat(0)))));
    assert_eq!(f("ace", None), Some(Value::Seat(None)));
    assert_eq!(f("out", None), Some(Value::Seat(Some(Seat(1)))));
    assert_eq!(
        f("board", None),
        Some(Value::Money(crate::money::Money::units(1)))
    );
    assert_eq!(f("nonsense", None), None);
}

#[test]
fn passes_for_want_of_a_card_may_be_left_out() {
    // Stewart's deal without the passes: after Ben's 4♠ makes 31 nobody can play, Ben included,
    // and his K♦ begins the next count.
    let short = countdown(
        stewart(),
        "Ann QH, Ben 9C, Cat AD, Ann 7S, Ben 4S, Ben KD, Cat 8S, Ann 3C, Ben JC",
    );
    let full = record(&stewart(), &reading(&[]));
    let rec = record(&short, &reading(&[]));
    assert_eq!(rec.countdown, full.countdown);
    assert_eq!(nets(&rec, &Stage::ALL), [-1, 5, -5]);
}
