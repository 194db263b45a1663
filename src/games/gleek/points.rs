//! The declaration of every Gleek rule point. This file is the single source of the points:
//! their ids, questions, documentation and choices. The documentation is also the engine's
//! specification: a scenario's expected figures are worked out by hand from these words and the
//! sources, never from the engine's output.

/// Where in the deal a point bites; the site groups points by it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Section {
    TurnUp,
    Stock,
    Ruff,
    Sets,
    LowTrumps,
    Tricks,
    Reckoning,
}

impl Section {
    pub const fn title(self) -> &'static str {
        match self {
            Section::TurnUp => "The deal and the turn-up",
            Section::Stock => "Buying the stock",
            Section::Ruff => "Vying for the ruff",
            Section::Sets => "Gleeks and mournivals",
            Section::LowTrumps => "Low trumps in hand",
            Section::Tricks => "The tricks",
            Section::Reckoning => "The reckoning",
        }
    }
}

crate::rule_points! {
    accessors GleekRules;

    /// When the card turned up for trumps is Tiddy, the four of trumps, the dealer is paid at
    /// once. Cotgrave glosses Tiddy's "four" as "two apiece"; Cotton writes "four apiece from each".
    /// Subject to `low-trumps-optional`: where Tiddy is played by agreement and the table left it
    /// out, nothing is paid.
    TiddyTurnedUp tiddy_turned_up "tiddy-turned-up" ("A5", TurnUp)
    "What does the dealer receive when Tiddy, the four of trumps, is turned up?" {
        None "none" "Nothing: a turned-up Tiddy is an ordinary turn-up.",
        TwoEach "two-each" "Each opponent pays the dealer 2.",
        FourEach "four-each" "Each opponent pays the dealer 4.",
    }

    /// Cotton alone names Towser (trump 5) and Tumbler (trump 6): "if in hand Towser is five and
    /// Tumbler six, and so double if turn'd up". If his numbers are totals split between the two
    /// opponents (as Cotgrave glosses Tiddy's four), a turned-up Towser is 5 from each and Tumbler 6;
    /// if they are per opponent, 10 and 12. Subject to `low-trumps-optional` (the table's
    /// `towser-tumbler` agreement).
    TowserTumblerTurnedUp towser_tumbler_turned_up "towser-tumbler-turned-up" ("A6", TurnUp)
    "What does the dealer receive when Towser (trump 5) or Tumbler (trump 6) is turned up?" {
        None "none" "Nothing: only Tiddy is paid for.",
        FiveSixEach "five-six-each" "Each opponent pays the dealer 5 for Towser, 6 for Tumbler.",
        TenTwelveEach "ten-twelve-each" "Each opponent pays the dealer 10 for Towser, 12 for Tumbler.",
    }

    /// The turn-up belongs to the dealer but is never played. If it is Tib, Tom, the King or the
    /// Queen of trumps, the dealer may count its honour value (15, 9, 3, 3) in his reckoning after
    /// play (Cotton: "fifteen to the Dealer in reckoning after play"), but never the three card
    /// points a trick would bring. If it is not scored, the points in play fall short of 66 and
    /// `discarded-honour` decides the par.
    HonourTurnedUp honour_turned_up "honour-turned-up" ("A7", TurnUp)
    "Does the dealer score an honour that is turned up?" {
        DealerScores "dealer-scores" "The dealer counts its honour value in his reckoning.",
        NotScored "not-scored" "Nobody scores it.",
    }

    /// Tiddy was "a Card that is apt to be forgotten", and Cotton says the table should agree
    /// before the deal "whether the Gamesters will play at Tiddy, or leave it out". A scenario
    /// states the agreement for each low trump turned up and held apart: `agreed: {tiddy-turned,
    /// tiddy-held, towser-tumbler-turned, towser-tumbler-held}`, each `yes` or `no`, with `tiddy`
    /// and `towser-tumbler` as shorthand for both. When it says nothing, the low trump is taken as
    /// played (and the step is marked as filled). Parlett (through Akagiri) makes only the held
    /// Tiddy optional: the turned-up Tiddy is in his main rules, paid whatever the table agreed.
    LowTrumpsOptional low_trumps_optional "low-trumps-optional" ("D1", LowTrumps)
    "Are the payments for Tiddy, Towser and Tumbler made only when the table agreed to play them?" {
        ByAgreement "by-agreement" "Only if the table agreed beforehand to play them, turned up or held.",
        Always "always" "Always, whatever the table said: the reading knows no such option.",
        HeldByAgreement "held-by-agreement" "Held ones only by agreement; a turned-up one is always paid.",
    }

    /// The eldest (the dealer's left) speaks first in the auction for the stock. Where he must bid,
    /// the stock is always bought. Where he may pass, the others may bid, and if all three pass
    /// nobody buys and nothing is paid.
    AuctionOpening auction_opening "auction-opening" ("A8", Stock)
    "Must the eldest open the auction for the stock with a bid?" {
        EldestMustBid "eldest-must-bid" "Yes: his first call is a bid of at least the minimum.",
        EldestMayPass "eldest-may-pass" "No: he may pass, and nobody need buy.",
    }

    /// Cotton: "the first penny you bid is twelve, thirteen, and so on". Du Coeur, reading
    /// Cotgrave, opens at 13.
    MinimumBid minimum_bid "minimum-bid" ("A9", Stock)
    "What is the lowest opening bid for the stock?" {
        Twelve "twelve" "12.",
        Thirteen "thirteen" "13.",
    }

    /// Each new bid must beat the last. Du Coeur and Wikipedia raise a penny at a time; Parlett
    /// (through Akagiri) allows any higher number.
    BidStep bid_step "bid-step" ("A10", Stock)
    "By how much must each bid for the stock raise the last?" {
        One "one" "Exactly one: 12, 13, 14...",
        AnyHigher "any-higher" "Any higher number.",
    }

    /// In the auction, players speak in turn clockwise from the eldest. Where a passer is out, the
    /// auction ends when two players have passed; where he may re-enter, it ends when both other
    /// players have passed in turn since the last bid.
    PasserReentry passer_reentry "passer-reentry" ("A10", Stock)
    "May a player who has passed in the auction bid again later?" {
        Out "out" "No: once passed, he is out of the auction.",
        MayReEnter "may-re-enter" "Yes, when his turn comes round again.",
    }

    /// Every source that speaks of it has the buyer pay his bid half to each opponent (Cotton:
    /// "eight to one and eight to the other of the Gamesters"); the odd unit of an odd bid goes by
    /// `odd-penny`. A modern summary (gamerules.com, not used as evidence) has him pay the whole
    /// bid to each. Cotton's buyer "bates" the price against his own gleeks and Tiddy, a netting
    /// that changes no one's money.
    StockPrice stock_price "stock-price" ("A11", Stock)
    "How does the buyer pay for the stock?" {
        HalfToEach "half-to-each" "Half the bid to each opponent.",
        BidToEach "bid-to-each" "The whole bid to each opponent.",
    }

    /// When the bid is odd and paid half to each opponent, the odd unit goes by this point. "The
    /// box" is the table's box: money that leaves the players. The last passer is the opponent who
    /// stayed longest in the auction.
    OddPenny odd_penny "odd-penny" ("A11", Stock)
    "When the price of the stock is odd, who receives the odd unit?" {
        LastPasser "last-passer" "The opponent who passed last (stayed longest).",
        EldestElseBox "eldest-else-box" "The eldest hand; the box when the eldest is the buyer.",
        Box "box" "The box.",
        Halves "halves" "Nobody: each opponent receives exactly half, in half units.",
    }

    /// Where the buyer discards first, he lays out seven of his own twelve cards and then takes
    /// the seven of the stock, so he can never lay out a stock card. Where he takes first, he may
    /// lay out any seven of the nineteen. The turn-up is never taken.
    ExchangeOrder exchange_order "exchange-order" ("A13", Stock)
    "Does the buyer discard seven before or after taking the stock?" {
        DiscardThenTake "discard-then-take" "Lay out seven, then take the stock.",
        TakeThenDiscard "take-then-discard" "Take the stock, then lay out any seven.",
    }

    /// Cotton: "If yo discard wrong, i. e. lay out but 5 or 6 Cards, if you call for any Gleek or
    /// Mournivals, you lose them all". Where this penalty applies, the buyer keeps his surplus
    /// cards (he plays twelve tricks and the rest stay in his hand) and is paid nothing for his
    /// gleeks and mournivals; he still pays for his opponents'.
    ShortDiscard short_discard "short-discard" ("A14", Stock)
    "What happens when the buyer lays out fewer than seven cards?" {
        ForfeitsSets "forfeits-sets" "He keeps playing but loses his gleeks and mournivals.",
        NotAllowed "not-allowed" "It is not allowed: the deal cannot be played so.",
    }

    /// The ruff is the best suit in a hand after the exchange (the turn-up is no part of the
    /// dealer's hand). Counted in points, the Ace is 11, King, Queen and Knave 10 and the others
    /// their pips (as in Piquet's point); counted in cards, it is the length of the longest suit.
    RuffCount ruff_count "ruff-count" ("B1", Ruff)
    "How is a hand's ruff counted?" {
        PipPoints "pip-points" "Points in the best suit: A 11, K Q J 10, others their pips.",
        CardCount "card-count" "The number of cards in the longest suit.",
    }

    /// Cotton: "unless some of the Gamesters have four Aces and then he gains the Ruff, though you
    /// have never so many of a suit in your hand".
    FourAces four_aces "four-aces" ("B2", Ruff)
    "Do four Aces beat any ruff?" {
        TopRuff "top-ruff" "Yes: four Aces win the ruff against any suit.",
        NoSpecial "no-special" "No: four Aces are counted like any other hand.",
    }

    /// When the best ruffs at the showdown are equal. Sharing splits what the others pay (or the
    /// pot) equally between the tied players, in half units where needed. Giving it to the elder
    /// hand (the tied player first to speak from the dealer's left) is a convention of other
    /// vying games, used where a reading is silent. A share that does not divide to the half unit
    /// leaves its remainder with the first tied player, or, from a pot, in the pot.
    RuffTie ruff_tie "ruff-tie" ("B3", Ruff)
    "Who wins the ruff when the best hands are equal?" {
        Share "share" "The tied players share what is won.",
        ElderHand "elder-hand" "The tied player nearest the dealer's left wins.",
    }

    /// How money moves in the vie. In every model a vie or revie raises the stake by 2 and a see
    /// matches it; the turn goes clockwise from the eldest; the vie ends when the turn comes back
    /// to the last player who vied or revied, or when only one player is left in.
    ///
    /// * `pot` (du Coeur, Wikipedia): each player antes 2 into a pot before the vie; a vie or revie
    ///   puts 2 more in, a see matches; whoever passes after a vie is out and leaves his money;
    ///   the winner takes the pot.
    /// * `stakes` (Parlett): no pot. A vie sets the stake at 2, each revie adds 2. Whoever passes
    ///   after a vie pays the winner the stake as it stood at his previous turn, and at least 2;
    ///   at the showdown each loser pays the stake.
    /// * `cotton` (Cotton's priced example): no pot. A vie puts the stake at 4 and each revie adds
    ///   2, so that in Cotton's sequence the winner takes "six... of him that holds out longest,
    ///   and four of the other that said he would see it, but after refused". A player who never
    ///   saw a vie pays 1 ("he pays but a farthing"). Each player pays the winner the stake he last
    ///   matched.
    RuffMoney ruff_money "ruff-money" ("B4, B5", Ruff)
    "How does money move in the vie for the ruff?" {
        Pot "pot" "An ante of 2 each into a pot; vies and sees go in; the winner takes the pot.",
        Stakes "stakes" "Player to player: vie 2, revie +2; a folder pays his last stake, at least 2.",
        Cotton "cotton" "Player to player: vie 4, revie +2; one who never saw pays 1.",
    }

    /// Before anyone has vied, a player may pass. Read as a check, he stays in and may see or
    /// revie a later vie; read as a fold, he is out of the ruff (and pays what his money model
    /// asks of a player who declines).
    InitialPass initial_pass "initial-pass" ("B6", Ruff)
    "Does a pass before anyone has vied take a player out of the ruff?" {
        Check "check" "No: it is a check; he may still take up a later vie.",
        Fold "fold" "Yes: he is out of the ruff.",
    }

    /// When all three pass, nobody wins the ruff. What carries to the next deal differs. A
    /// scenario can state what an earlier deal carried in: `carried: {ruff-passed: N, pot: X}`.
    /// Whatever the model, money lying in the pot (X) goes to this deal's ruff winner, or stays
    /// if nobody vies again.
    /// `pot-carried`: what is in the pot stays there; in the `pot` model the antes stay too.
    /// `stake-carried`: each passed ruff raises this deal's stake by 2 (Parlett: 4, then 6).
    /// `doubled-next-deal`: when the eldest and middle hand pass, the youngest "hath power to
    /// double it, and then it is to be plaid for the next deal" (Cotton): a scenario writes his
    /// call as `Cat double`. Each ruff so carried (`ruff-passed`) doubles this deal's ruff money.
    /// If he passes too, nothing carries. Under the other choices `double` is not a call.
    NoVie no_vie "no-vie" ("B7", Ruff)
    "What happens when nobody vies for the ruff?" {
        PotCarried "pot-carried" "The pot stays for the next deal's ruff.",
        StakeCarried "stake-carried" "Nothing is paid; the next ruff starts 2 higher.",
        DoubledNextDeal "doubled-next-deal" "Nothing is paid; the next ruff is played for double.",
    }

    /// Fixed by all sources: a gleek (three) or mournival (four) of Aces, Kings, Queens or Knaves
    /// is paid by each opponent: Aces 4 and 8, Kings 3 and 6, Queens 2 and 4, Knaves 1 and 2.
    /// Sets are counted in the hands after the exchange; the turn-up is not part of a hand.
    /// Parlett raises, without adopting it, a Piquet-like rule: only the player with the best set
    /// (a mournival above any gleek, then the higher rank) scores, and he scores all his sets.
    SetScoring set_scoring "set-scoring" ("C1, C3", Sets)
    "Who is paid for gleeks and mournivals?" {
        EveryHolder "every-holder" "Every holder, from each opponent, for each set.",
        BestHolderOnly "best-holder-only" "Only the holder of the best set, for all his sets.",
    }

    /// A scenario may record a false claim (`false-claims: [Ann gleek of Kings]`): a set called
    /// for that the player does not hold, for instance because he laid it out in the stock.
    /// Cotton: "if you be taken in it, for forfeit double what you receive". Where sets must be
    /// shown, a false claim is simply refused.
    FalseClaim false_claim "false-claim" ("C4", Sets)
    "What does a player pay who claims a gleek or mournival he does not hold?" {
        ForfeitDouble "forfeit-double" "He pays each opponent double the set's value.",
        Void "void" "Nothing: the claim is refused.",
    }

    /// Tiddy, the four of trumps, in a player's hand after the exchange (not turned up).
    /// Subject to `low-trumps-optional`.
    TiddyHeld tiddy_held "tiddy-held" ("D1", LowTrumps)
    "What is a player paid for holding Tiddy, the four of trumps?" {
        None "none" "Nothing.",
        TwoEach "two-each" "2 from each opponent.",
        FourEach "four-each" "4 from each opponent.",
    }

    /// Towser (trump 5) and Tumbler (trump 6) in a player's hand after the exchange. Cotton's
    /// "Towser is five and Tumbler six" read as totals gives 2½ and 3 from each opponent; read per
    /// opponent, 5 and 6. Subject to `low-trumps-optional` (the `towser-tumbler` agreement).
    TowserTumblerHeld towser_tumbler_held "towser-tumbler-held" ("D2", LowTrumps)
    "What is a player paid for holding Towser (trump 5) or Tumbler (trump 6)?" {
        None "none" "Nothing.",
        HalfEach "two-and-a-half-three-each" "Towser 2½ and Tumbler 3 from each opponent.",
        FiveSixEach "five-six-each" "Towser 5 and Tumbler 6 from each opponent.",
    }

    /// All readings that speak of it make players follow suit when they can, and the eldest leads
    /// the first trick; the winner of a trick leads the next. Willughby adds that a follower must
    /// play his highest card of the suit.
    FollowRule follow_rule "follow-rule" ("E2, E4", Tricks)
    "Which card of the suit led must a player play when he can follow?" {
        AnyOfSuit "any-of-suit" "Any card of the suit.",
        HighestOfSuit "highest-of-suit" "His highest card of the suit.",
    }

    /// Every reading lets a player who cannot follow play any card; none makes him trump.
    MustTrump must_trump "must-trump" ("E3", Tricks)
    "Must a player who cannot follow suit play a trump?" {
        Free "free" "No: he may play any card.",
        MustTrump "must-trump" "Yes, if he has one.",
    }

    /// Wikipedia reports a reading in which a trump played to a plain suit wins only if its rank
    /// is equal to or higher than the highest card of the suit led in that trick; a lower trump
    /// counts for nothing. Among the trumps that qualify, the highest wins.
    TrumpRank trump_rank "trump-rank" ("E5", Tricks)
    "Does any trump beat the suit led, or only one of equal or higher rank?" {
        AnyTrump "any-trump" "Any trump beats any card of a plain suit.",
        EqualOrHigher "equal-or-higher" "Only a trump of equal or higher rank than the best card led.",
    }

    /// All readings: one point for each card won in tricks, three a trick, 36 in all. Cotton:
    /// "if you win nothing but the Cards that were dealt you, you lose ten", that is 12 against
    /// the par of 22.
    CardPoints card_points "card-points" ("F1", Reckoning)
    "What do the cards won in tricks score?" {
        OnePerCard "one-per-card" "One point a card, three a trick.",
    }

    /// The honours of the trump suit score Tib (Ace) 15, Tom (Knave) 9, King 3 and Queen 3, 30 in
    /// all. Held: for the player who holds the card when play begins (Cotton: "if you have Tib,
    /// Tom, King, and Queen of Trumps in your hand, you have thirty by honours... besides the
    /// Cards you win by them in play"). Captured: for the player who wins the trick it falls in.
    HonoursScored honours_scored "honours-scored" ("F2, F3", Reckoning)
    "Are the trump honours scored by the player who holds them or by the one who captures them?" {
        Held "held" "By the holder, whoever wins the trick.",
        Captured "captured" "By the winner of the trick they fall in.",
    }

    /// Card and honour points total 66, so the par is 22 a player. Each point above or below par
    /// is worth one unit. Settled through a pot, a player under par pays the shortfall into it and
    /// a player above takes his excess out. Settled with each opponent, a player collects his
    /// excess from (or pays his shortfall to) each of the other two, so every net is three times
    /// the difference (du Coeur's rejected alternative).
    ParSettlement par_settlement "par-settlement" ("F4", Reckoning)
    "Who pays and receives the difference from the par of 22?" {
        Pot "pot" "The pot: pay in the shortfall, take out the excess.",
        EachOpponent "each-opponent" "Each opponent, for the whole difference.",
    }

    /// When an honour lies in the buyer's discards (or a turned-up honour is not scored), the
    /// points in play total less than 66. With the par kept at 22, a pot keeps the difference for
    /// the next deal's ruff (Wikipedia). Akagiri re-bases the par to a third of the points in play
    /// (always a whole number, since every honour and trick is worth a multiple of three).
    DiscardedHonour discarded_honour "discarded-honour" ("F5", Reckoning)
    "What is the par when an honour is out of play?" {
        ParUnchanged "par-unchanged" "Still 22.",
        ParRebased "par-rebased" "A third of the points in play.",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{AsPoint, Rules};

    #[test]
    fn every_point_and_choice_id_is_unique_and_documented() {
        let mut ids = std::collections::HashSet::new();
        for def in &POINTS {
            assert!(ids.insert(def.id), "duplicate point {}", def.id);
            assert!(
                !def.question.is_empty() && def.question.ends_with('?'),
                "{}",
                def.id
            );
            assert!(def.doc.len() > 40, "{} needs documentation", def.id);
            assert!(!def.choices.is_empty());
            let mut cids = std::collections::HashSet::new();
            for c in def.choices {
                assert!(cids.insert(c.id), "duplicate choice {} in {}", c.id, def.id);
                assert!(!c.summary.is_empty());
            }
        }
        assert_eq!(POINTS.len(), Point::COUNT);
        assert_eq!(TABLE.len(), Point::COUNT);
    }

    #[test]
    fn ids_round_trip_through_the_shared_table() {
        for &p in Point::ALL {
            assert_eq!(Point::from_id(p.id()), Some(p));
            assert_eq!(TABLE.find(p.id()), Some(p.point()));
            assert_eq!(Point::of(p.point()), Some(p));
        }
        assert_eq!(Point::from_id("no-such-point"), None);
        assert_eq!(TABLE.find("no-such-point"), None);
    }

    #[test]
    fn typed_accessors_follow_the_choice_index() {
        let rules = Rules::first_choices(TABLE).with(
            Point::TiddyTurnedUp,
            Point::TiddyTurnedUp
                .def()
                .choice_index("four-each")
                .unwrap(),
        );
        assert_eq!(rules.tiddy_turned_up(), choice::TiddyTurnedUp::FourEach);
        assert_eq!(rules.choice_id(Point::TiddyTurnedUp), "four-each");
        assert_eq!(Point::MinimumBid.def().allowed(), "`twelve` or `thirteen`");
        assert_eq!(
            rules.differences(&Rules::first_choices(TABLE)),
            vec![Point::TiddyTurnedUp.point()]
        );
        assert_eq!(TABLE.sections().first(), Some(&"The deal and the turn-up"));
    }
}
