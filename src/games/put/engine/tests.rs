//! One test per rule point and stage, each figure derived by hand in the comment beside it.

use super::*;
use crate::games::put::points::{Point, TABLE};
use crate::games::put::record::{Award, DealEnd};
use crate::games::put::scenario::{Call, DealScript, FirstDeal, Pass, Scripted};

fn cards(list: &str) -> CardSet {
    list.split_whitespace()
        .map(|t| t.parse::<Card>().unwrap())
        .collect()
}

/// A reading: every point at its first choice (Cotton's), then the changes given.
fn reading(changes: &[(&str, &str)]) -> Rules {
    let mut r = Rules::first_choices(TABLE);
    for (point, choice) in changes {
        let p = Point::from_id(point).unwrap();
        r = r.with(p, p.def().choice_index(choice).unwrap());
    }
    r
}

/// A table with a named first dealer and no deals yet.
fn table(seats: &[&str], dealer: usize) -> PutScenario {
    PutScenario::dealt(seats, Seat(dealer as u8), Vec::new())
}

/// Adds a deal: hands in seat order, and the play as "Ann put, Ben refuse, Ann AS" ("" for none).
fn deal(mut s: PutScenario, hands: &[&str], play: &str) -> PutScenario {
    let actions: Vec<Scripted> = play
        .split(',')
        .filter(|a| !a.trim().is_empty())
        .enumerate()
        .map(|(i, a)| {
            let mut words = a.split_whitespace();
            let name = words.next().unwrap();
            let seat = s.head.seats.iter().position(|n| n == name).unwrap();
            let word = words.next().unwrap();
            let act = match word {
                "put" => Act::Call(Call::Put),
                "double" => Act::Call(Call::Double),
                "see" => Act::Call(Call::See),
                "refuse" => Act::Call(Call::Refuse),
                "throw" => Act::Call(Call::Throw),
                card => Act::Card(card.parse().unwrap()),
            };
            Scripted {
                seat: Seat(seat as u8),
                act,
                at: i as u32,
            }
        })
        .collect();
    s.deals.push(DealScript {
        hands: hands.iter().map(|h| cards(h)).collect(),
        hand_at: vec![0; hands.len()],
        passes: Vec::new(),
        play: if actions.is_empty() {
            Play::Auto
        } else {
            Play::Actions(actions)
        },
    });
    s
}

fn record(s: &PutScenario, r: &Rules) -> Record {
    match play(s, r) {
        Outcome::Played(rec) => rec,
        Outcome::Unplayable(u) => panic!("unplayable: {u:?}"),
    }
}

fn unplayable_point(s: &PutScenario, r: &Rules) -> Option<Point> {
    match play(s, r) {
        Outcome::Unplayable(u) => Point::of(u.point),
        Outcome::Played(rec) => panic!("played: {rec:?}"),
    }
}

fn scores(rec: &Record) -> Vec<Vec<u32>> {
    rec.deals.iter().map(|d| d.scores.clone()).collect()
}

// Seats [Ann, Ben]; Ben (1) deals, so Ann (0) is eldest.
const AB: &[&str] = &["Ann", "Ben"];

#[test]
fn two_tricks_win_the_deal_and_the_rest_is_not_played() {
    // Ann leads AS, Ben KS: Ann. Ann leads QD, Ben JD: Ann. Two tricks: Ann +1; the third
    // scripted trick is not played.
    let s = deal(
        table(AB, 1),
        &["AS QD 4C", "KS JD 3C"],
        "Ann AS, Ben KS, Ann QD, Ben JD, Ann 4C, Ben 3C",
    );
    let rec = record(&s, &reading(&[]));
    assert_eq!(scores(&rec), [[1, 0]]);
    let not_played = rec.deals[0]
        .events
        .iter()
        .filter(|e| matches!(e, Event::NotPlayed { .. }))
        .count();
    assert_eq!(not_played, 2);
}

#[test]
fn pack_decides_the_order_and_the_cards_in_play() {
    // Ann 6S 7H KD against Ben AS AH QC, each player's cards in order.
    let mut s = table(AB, 1);
    s.deals.push(DealScript {
        hands: vec![cards("6S 7H KD"), cards("AS AH QC")],
        hand_at: vec![0, 0],
        passes: Vec::new(),
        play: Play::ByPlayer(vec![
            cards("6S 7H KD").iter().map(|c| (c, 0)).collect(),
            cards("AS AH QC").iter().map(|c| (c, 0)).collect(),
        ]),
    });
    // Put's order: the Aces beat the Six and the Seven: Ben +1.
    assert_eq!(scores(&record(&s, &reading(&[]))), [[0, 1]]);
    // Le Truc's order, 6 7 A: the Six and the Seven beat the Aces: Ann +1.
    let truc = reading(&[("pack", "truc-32")]);
    assert_eq!(scores(&record(&s, &truc)), [[1, 0]]);
    // The short pack has no Sixes.
    let short = reading(&[("pack", "stripped-28")]);
    assert_eq!(unplayable_point(&s, &short), Some(Point::Pack));
}

#[test]
fn first_dealer_is_the_highest_or_the_lowest_cut() {
    let mut s = deal(table(AB, 0), &["AS KD QC", "KS QD JC"], "");
    s.first = FirstDeal::Cut(vec![
        (cards("KH").highest().unwrap(), 0),
        (cards("TS").highest().unwrap(), 1),
    ]);
    // The King is above the Ten: the highest cut is Ann's, the lowest Ben's.
    assert_eq!(record(&s, &reading(&[])).first_dealer, Seat(0));
    let low = reading(&[("first-dealer", "lowest-cut")]);
    assert_eq!(record(&s, &low).first_dealer, Seat(1));
    // A Four cut is outside Le Truc's pack.
    s.first = FirstDeal::Cut(vec![
        (cards("4H").highest().unwrap(), 0),
        (cards("TS").highest().unwrap(), 1),
    ]);
    assert_eq!(
        unplayable_point(&s, &reading(&[("pack", "truc-32")])),
        Some(Point::Pack)
    );
}

#[test]
fn a_tied_trick_is_nobodys_and_its_leader_leads_again() {
    // Ann AS, Ben AH: tied, Ann leads again. Ann KD, Ben QS: Ann. Ann JC, Ben TC: Ann. Ann +1.
    let s = deal(
        table(AB, 1),
        &["AS KD JC", "AH QS TC"],
        "Ann AS, Ben AH, Ann KD, Ben QS, Ann JC, Ben TC",
    );
    let rec = record(&s, &reading(&[]));
    assert_eq!(scores(&rec), [[1, 0]]);
    assert!(matches!(
        rec.deals[0].events[0],
        Event::Trick { winner: None, .. }
    ));
    // Ben may not lead after the tie: it is Ann's lead again.
    let wrong = deal(
        table(AB, 1),
        &["AS KD JC", "AH QS TC"],
        "Ann AS, Ben AH, Ben QS, Ann KD",
    );
    assert_eq!(
        unplayable_point(&wrong, &reading(&[])),
        Some(Point::TiedTrick)
    );
}

#[test]
fn who_may_put_depends_on_the_reading() {
    // Ann (eldest) leads QS; Ben, the dealer, puts before following; Ann refuses: Ben +1.
    let s = deal(
        table(AB, 1),
        &["QS JH TD", "AS KC KD"],
        "Ann QS, Ben put, Ann refuse",
    );
    assert_eq!(unplayable_point(&s, &reading(&[])), Some(Point::WhoMayPut));
    let playing = reading(&[("who-may-put", "before-playing")]);
    assert_eq!(scores(&record(&s, &playing)), [[0, 1]]);
    let leading = reading(&[("who-may-put", "before-leading")]);
    assert_eq!(unplayable_point(&s, &leading), Some(Point::WhoMayPut));
    // Under before-leading, Ben may put before he leads the second trick (he won the first).
    let lead = deal(
        table(AB, 1),
        &["QS JH TD", "AS KC KD"],
        "Ann QS, Ben AS, Ben put, Ann refuse",
    );
    assert_eq!(scores(&record(&lead, &leading)), [[0, 1]]);
    // One put a deal: after Ann's put is seen, Ben may not put again.
    let twice = deal(
        table(AB, 1),
        &["QS JH TD", "AS KC KD"],
        "Ann put, Ben see, Ann QS, Ben put",
    );
    assert_eq!(unplayable_point(&twice, &playing), Some(Point::WhoMayPut));
}

#[test]
fn a_seen_put_wins_the_game_or_doubles_the_hand() {
    // From 1 to 3, Ann puts, Ben sees; Ann AS beats KS, QH ties QC, JD beats TD: Ann two tricks.
    let mut s = deal(
        table(AB, 1),
        &["AS QH JD", "KS QC TD"],
        "Ann put, Ben see, Ann AS, Ben KS, Ann QH, Ben QC, Ann JD, Ben TD",
    );
    s.score = vec![1, 3];
    let cotton = record(&s, &reading(&[]));
    assert_eq!(scores(&cotton), [[5, 3]]);
    assert_eq!(cotton.winner, Some(0));
    assert_eq!(cotton.deals[0].award, Award::Game { side: 0 });
    // Doubled: 1 + 2 = 3, no winner at twelve.
    let truc = record(
        &s,
        &reading(&[("seen-put", "doubles-hand"), ("game", "twelve")]),
    );
    assert_eq!(scores(&truc), [[3, 3]]);
    assert_eq!(truc.winner, None);
}

#[test]
fn a_put_refused_by_all_scores_one_for_the_putter() {
    let s = deal(
        table(AB, 1),
        &["AS KH QD", "KC JS TD"],
        "Ann put, Ben refuse",
    );
    let rec = record(&s, &reading(&[]));
    assert_eq!(scores(&rec), [[1, 0]]);
    assert_eq!(
        rec.deals[0].end,
        DealEnd::LastIn {
            seat: Seat(0),
            refused_put: true
        }
    );
    // Throwing up in answer to a put is the same refusal, in every reading.
    let thrown = deal(
        table(AB, 1),
        &["AS KH QD", "KC JS TD"],
        "Ann put, Ben throw",
    );
    assert_eq!(scores(&record(&thrown, &reading(&[]))), [[1, 0]]);
}

#[test]
fn throwing_up_without_a_put() {
    let s = deal(table(AB, 1), &["JS TD TC", "AS KH QD"], "Ann throw");
    assert_eq!(unplayable_point(&s, &reading(&[])), Some(Point::ThrowingUp));
    // Conceding one: Ben +1.
    let pigott = reading(&[
        ("throwing-up", "concedes-one"),
        ("who-may-put", "before-playing"),
    ]);
    assert_eq!(scores(&record(&s, &pigott)), [[0, 1]]);
    // After a seen put a throw is another question, `abandoned-put`'s.
    let after = deal(
        table(AB, 1),
        &["JS TD TC", "AS KH QD"],
        "Ann put, Ben see, Ann JS, Ben throw",
    );
    assert_eq!(unplayable_point(&after, &pigott), Some(Point::AbandonedPut));
    // Once cards are played, only at one's turn: Ann leads JS, Ben wins with AS and is to lead;
    // Ann may not throw now.
    let early = deal(
        table(AB, 1),
        &["JS TD TC", "AS KH QD"],
        "Ann JS, Ben AS, Ann throw",
    );
    assert_eq!(unplayable_point(&early, &pigott), Some(Point::ThrowingUp));
}

#[test]
fn one_trick_and_two_ties() {
    // Ann KS/Ben KH tied, QS/QH tied, Ann JC beats TD: one trick, two ties.
    let s = deal(
        table(AB, 1),
        &["KS QS JC", "KH QH TD"],
        "Ann KS, Ben KH, Ann QS, Ben QH, Ann JC, Ben TD",
    );
    assert_eq!(scores(&record(&s, &reading(&[]))), [[1, 0]]);
    let two = reading(&[("one-win-two-ties", "nothing")]);
    let rec = record(&s, &two);
    assert_eq!(scores(&rec), [[0, 0]]);
    assert_eq!(
        rec.deals[0].award,
        Award::Nothing {
            cites: vec![Point::OneWinTwoTies]
        }
    );
}

#[test]
fn trick_and_tie_after_a_seen_put() {
    // 3 to 2; Ann puts, Ben sees. KD/KS tied; AS beats JD (Ann); Ben's AH beats TC: trick and tie.
    let mut s = deal(
        table(AB, 1),
        &["AS KD TC", "AH KS JD"],
        "Ann put, Ben see, Ann KD, Ben KS, Ann AS, Ben JD, Ann TC, Ben AH",
    );
    s.score = vec![3, 2];
    let rec = record(&s, &reading(&[]));
    assert_eq!(rec.deals[0].end, DealEnd::TrickAndTie);
    assert_eq!(scores(&rec), [[3, 2]]);
    let anew = reading(&[("put-trick-and-tie", "game-anew")]);
    assert_eq!(scores(&record(&s, &anew)), [[0, 0]]);
    // Without a put, trick and tie never begins the game anew.
    let mut plain = deal(
        table(AB, 1),
        &["AS KD TC", "AH KS JD"],
        "Ann KD, Ben KS, Ann AS, Ben JD, Ann TC, Ben AH",
    );
    plain.score = vec![3, 2];
    assert_eq!(scores(&record(&plain, &anew)), [[3, 2]]);
}

#[test]
fn the_game_ends_at_its_target_and_later_deals_are_not_played() {
    // From 4 all, Ann wins three deals by AS KH QD against KS QH JD (each player's first two
    // cards decide): Cotton stops at 5, Willughby at 7, Le Truc plays on.
    let mut s = table(AB, 1);
    for _ in 0..3 {
        s = deal(s, &["AS KH QD", "KS QH JD"], "");
    }
    s.score = vec![4, 4];
    let five = record(&s, &reading(&[]));
    assert_eq!(scores(&five), [[5, 4]]);
    assert_eq!(five.winner, Some(0));
    let seven = record(&s, &reading(&[("game", "seven")]));
    assert_eq!(scores(&seven), [[5, 4], [6, 4], [7, 4]]);
    let twelve = record(&s, &reading(&[("game", "twelve")]));
    assert_eq!(twelve.winner, None);
    // A starting score at the target is a game already over.
    s.score = vec![5, 0];
    assert_eq!(unplayable_point(&s, &reading(&[])), Some(Point::Game));
}

#[test]
fn a_rubber_starts_a_new_game_until_two_are_won() {
    // 11 to 10 at twelve: Ann wins deal 1 (12, game one), deal 2 starts from 0 and Ben wins it.
    let mut s = table(AB, 1);
    s = deal(s, &["AS KH QD", "KS QH JD"], "");
    s = deal(s, &["KC QC TS", "AC KD JH"], "");
    s.score = vec![11, 10];
    let truc = reading(&[("game", "twelve"), ("rubber", "best-of-three")]);
    let rec = record(&s, &truc);
    assert_eq!(scores(&rec), [[12, 10], [0, 1]]);
    assert_eq!(rec.games, [1, 0]);
    assert_eq!(rec.winner, None);
    assert_eq!(rec.deals[0].game_won, Some(0));
}

#[test]
fn three_hands_by_the_projects_extension() {
    // Cat (2) deals; Ann leads. KS KH QH: two Kings tie. QD TD AD: Cat. JH JC TS: two Knaves tie.
    let s = deal(
        table(&["Ann", "Ben", "Cat"], 2),
        &["KS QD JC", "KH TD TS", "QH AD JH"],
        "Ann KS, Ben KH, Cat QH, Ann QD, Ben TD, Cat AD, Cat JH, Ann JC, Ben TS",
    );
    // Cat's one trick and two ties: Cat +1 under Cotton's "most tricks".
    assert_eq!(scores(&record(&s, &reading(&[]))), [[0, 0, 1]]);
    let two = reading(&[("three-hands", "not-permitted")]);
    assert_eq!(unplayable_point(&s, &two), Some(Point::ThreeHands));
    // A put answered by both others: Cat refuses and is out, Ann sees; Ben wins two tricks.
    let put = deal(
        table(&["Ann", "Ben", "Cat"], 0),
        &["KD QS JD", "AS KC QH", "AC JS TH"],
        "Ben put, Cat refuse, Ann see, Ben AS, Ann KD, Ben KC, Ann QS",
    );
    let rec = record(&put, &reading(&[]));
    assert_eq!(scores(&rec), [[0, 5, 0]]);
    // If both refuse, the putter scores 1.
    let refused = deal(
        table(&["Ann", "Ben", "Cat"], 0),
        &["KD QS JD", "AS KC QH", "AC JS TH"],
        "Ben put, Cat refuse, Ann refuse",
    );
    assert_eq!(scores(&record(&refused, &reading(&[]))), [[0, 1, 0]]);
}

fn four_handed(lay_cat: &str) -> PutScenario {
    // Dan (3) deals; Ann eldest. Ann gives AS to Cat, Ben KS to Dan; Dan lays out JH.
    let mut s = table(&["Ann", "Ben", "Cat", "Dan"], 3);
    s = deal(
        s,
        &["AS QH TD", "KS JC TC", "AH QS JD", "KH QC JH"],
        "Cat AS, Dan KS, Cat AH, Dan KH",
    );
    let c = |t: &str| t.parse::<Card>().unwrap();
    s.deals[0].passes = vec![
        Pass {
            giver: Seat(0),
            given: c("AS"),
            receiver: Seat(2),
            laid_out: c(lay_cat),
            give_at: 0,
            lay_at: 0,
        },
        Pass {
            giver: Seat(1),
            given: c("KS"),
            receiver: Seat(3),
            laid_out: c("JH"),
            give_at: 0,
            lay_at: 0,
        },
    ];
    s
}

#[test]
fn four_handed_partners_pass_and_two_play_on() {
    // Cat holds AS AH and one more; she leads AS over KS and AH over KH: her side +1.
    let any = reading(&[
        ("four-handed", "any-card"),
        ("who-may-put", "before-playing"),
    ]);
    let worst = reading(&[
        ("four-handed", "worst-card"),
        ("who-may-put", "before-playing"),
    ]);
    assert_eq!(scores(&record(&four_handed("JD"), &worst)), [[1, 0]]);
    // Cat lays out QS, not her worst (JD): only the any-card reading allows it.
    assert_eq!(scores(&record(&four_handed("QS"), &any)), [[1, 0]]);
    assert_eq!(
        unplayable_point(&four_handed("QS"), &worst),
        Some(Point::FourHanded)
    );
    // No four-handed game at all under Cotton's reading.
    assert_eq!(
        unplayable_point(&four_handed("JD"), &reading(&[])),
        Some(Point::FourHanded)
    );
    // The giver must give his best: Ben's best is KS, not JC.
    let mut bad = four_handed("JD");
    bad.deals[0].passes[1].given = "JC".parse().unwrap();
    assert_eq!(unplayable_point(&bad, &any), Some(Point::FourHanded));
}

#[test]
fn the_simple_policy_plays_as_documented() {
    // Nothing scripted. Ben deals, so Ann leads her strongest card, 3S; nothing of Ben's beats
    // it, so he plays his weakest, 4D: Ann. Ann leads her strongest left, 2H; Ben's only card
    // that beats it is 3C: Ben. Ben leads his strongest left, AS; Ann's KD cannot beat it: Ben.
    // Ben two tricks: Ben +1.
    let s = deal(table(AB, 1), &["3S 2H KD", "3C AS 4D"], "");
    let rec = record(&s, &reading(&[]));
    let tricks: Vec<_> = rec.deals[0]
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Trick { cards, winner, .. } => Some((cards.clone(), *winner)),
            _ => None,
        })
        .collect();
    let c = |t: &str| t.parse::<Card>().unwrap();
    assert_eq!(
        tricks[0],
        (vec![(Seat(0), c("3S")), (Seat(1), c("4D"))], Some(Seat(0)))
    );
    assert_eq!(
        tricks[1],
        (vec![(Seat(0), c("2H")), (Seat(1), c("3C"))], Some(Seat(1)))
    );
    assert_eq!(
        tricks[2],
        (vec![(Seat(1), c("AS")), (Seat(0), c("KD"))], Some(Seat(1)))
    );
    assert_eq!(scores(&rec), [[0, 1]]);
}

#[test]
fn a_leader_who_drops_out_leaves_his_card_and_his_lead() {
    // Cat deals; Ann leads AS, Ben KS; Cat puts before playing; Ann refuses (out: her Ace no
    // longer counts), Ben sees. Cat KH ties Ben's KS: the lead would return to Ann, who is out,
    // so it passes to Ben. Ben QC, Cat 2C: Cat. Cat JH, Ben JD: tied. Cat has one trick and two
    // ties after a seen put: under "most tricks" she wins the game (5).
    let s = deal(
        table(&["Ann", "Ben", "Cat"], 2),
        &["AS KC QD", "KS QC JD", "KH 2C JH"],
        "Ann AS, Ben KS, Cat put, Ann refuse, Ben see, Cat KH, Ben QC, Cat 2C, Cat JH, Ben JD",
    );
    let playing = reading(&[("who-may-put", "before-playing")]);
    let rec = record(&s, &playing);
    assert_eq!(scores(&rec), [[0, 0, 5]]);
    // A put at three is the engine's own rule, and the account says it rests on it.
    let cited = crate::game::Played::account(&rec, &s.head).cited;
    assert!(cited.contains(&Point::ThreeHandedPut.point()), "{cited:?}");
    let tied = rec.deals[0]
        .events
        .iter()
        .filter(|e| matches!(e, Event::Trick { winner: None, .. }))
        .count();
    assert_eq!(tied, 2);
    // Where one trick and two ties win nothing after a seen put, nobody wins it; the rule for
    // the deal played without a put does not touch it.
    let two = reading(&[
        ("who-may-put", "before-playing"),
        ("put-one-win-two-ties", "nothing"),
    ]);
    assert_eq!(scores(&record(&s, &two)), [[0, 0, 0]]);
    let unput = reading(&[
        ("who-may-put", "before-playing"),
        ("one-win-two-ties", "nothing"),
    ]);
    assert_eq!(scores(&record(&s, &unput)), [[0, 0, 5]]);
}

#[test]
fn a_player_who_gives_up_a_seen_put_pays_the_stakes_or_may_not() {
    // Ben deals; Ann puts, Ben sees; Ben takes QC with AH and leads KD; Ann throws up.
    let s = deal(
        table(&["Ann", "Ben"], 1),
        &["TS JD QC", "AH KD KC"],
        "Ann put, Ben see, Ann QC, Ben AH, Ben KD, Ann throw",
    );
    // Hoyle's Games: "or pay the stakes": Ben wins the game of five.
    let pays = reading(&[("abandoned-put", "pays-the-stakes")]);
    assert_eq!(scores(&record(&s, &pays)), [[0, 5]]);
    assert_eq!(
        unplayable_point(&s, &reading(&[])),
        Some(Point::AbandonedPut)
    );
}
