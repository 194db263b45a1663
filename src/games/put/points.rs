//! The declaration of every Put rule point: ids, the research rows of `put-glic-readings.md`,
//! questions, documentation and choices. The documentation is the engine's specification: a
//! scenario's expected scores are worked out by hand from these words and the sources, never
//! from the engine's output.
//!
//! What every reading shares, and so has no point: two to four players sit clockwise; the dealer
//! gives three cards to each, one at a time, beginning on his left; the deal passes to the left
//! after every deal (with two, it alternates). The eldest (the dealer's left) leads to the first
//! trick. Any card may be played to a trick: there are no trumps and no duty to follow suit, and
//! suits never matter. The card of the highest rank (`pack`) wins the trick and its winner leads
//! to the next. A deal is won by the player still in who wins two tricks (the deal ends there,
//! and the cards left are not played), and scores 1; a deal with one trick each and the third
//! tied ("trick and tye", Cotton p. 132) is won by nobody and scores nothing. A put that nobody
//! sees scores 1 for the putter (Cotton: "he then wins one", p. 131).

/// Where in play a point bites; the site groups points by it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Section {
    Deal,
    Tricks,
    Put,
    Scoring,
    Partners,
}

impl Section {
    pub const fn title(self) -> &'static str {
        match self {
            Section::Deal => "The table, the pack and the deal",
            Section::Tricks => "The tricks",
            Section::Put => "The put",
            Section::Scoring => "Scoring and the game",
            Section::Partners => "Four hands",
        }
    }
}

crate::rule_points! {
    accessors PutRules;

    /// The cards in play and their order, highest first; suits never matter. Put's order is
    /// 3 2 A K Q J 10 9 8 7 6 5 4 (Cotton: "first the Trey, next the Deuce, then the Ace", p. 132).
    /// Wikipedia reports a short pack made by "stripping out all the lower ranks from Four to
    /// Nine", which it calls 32 cards: read as stopping before the Nine, the sentence's own 32
    /// (3 2 A K Q J 10 9); read as taking the Nines too, 28. Sackson's Le Truc (through
    /// Wikipedia) uses 32 cards ranking 6 7 A K Q J 10 9. A card outside the pack, in a hand or
    /// a cut, makes the scenario not playable under this point.
    Pack pack "pack" ("P2, P18", Deal)
    "Which cards are in the pack, and how do they rank?" {
        Full52 "full-52" "52 cards ranking 3 2 A K Q J 10 9 8 7 6 5 4.",
        Stripped28 "stripped-28" "28 cards, Fours to Nines stripped: 3 2 A K Q J 10.",
        Stripped32 "stripped-32" "32 cards, Fours to Eights stripped: 3 2 A K Q J 10 9.",
        Truc32 "truc-32" "32 cards ranking 6 7 A K Q J 10 9 (Le Truc).",
    }

    /// Before the first deal every player cuts, and the cut decides who deals first; after that
    /// the deal passes to the left. Cuts are compared in the order of play (`pack`); equal ranks
    /// cut again, so a scenario's `cut:` may not hold two cards of one rank. A scenario that names
    /// its `dealer:` instead does not depend on this point.
    FirstDealer first_dealer "first-dealer" ("P4", Deal)
    "Who deals first: the player who cuts the highest card or the lowest?" {
        HighestCut "highest-cut" "The best Put card cut deals (Cotton).",
        LowestCut "lowest-cut" "The lowest card cut deals (Enquire Within).",
    }

    /// Cotton allows three hands and gives no rules for them; no source does. Where three are
    /// permitted, the engine extends the two-handed rules: every player still in plays to each
    /// trick in turn, clockwise from its leader; the card of the highest rank wins, and a trick
    /// whose highest rank is played by two or more players is tied. How a put goes at three is
    /// `three-handed-put`. Where three are not permitted, a scenario with three seats is not
    /// playable under this point.
    ThreeHands three_hands "three-hands" ("P1, P15", Deal)
    "May three play, each for himself?" {
        Permitted "permitted" "Yes, by the engine's extension of the two-handed rules.",
        NotPermitted "not-permitted" "No: the game is for two (or four in partnership).",
    }

    /// When the best rank in a trick is played by two or more players ("cards of equal rank",
    /// whatever their suits), the trick is tied: it belongs to nobody, and the player who led it
    /// leads again. Every reading that speaks of it agrees (Wikipedia: "belongs to neither player.
    /// The same player then leads again"); the others are silent.
    TiedTrick tied_trick "tied-trick" ("P7", Tricks)
    "Who takes a tied trick, and who leads after it?" {
        NeitherLeaderAgain "neither-leader-again" "Nobody takes it; its leader leads again.",
    }

    /// A put at a table of three, which no source describes: the engine's own rule, cited for
    /// every three-handed deal with a put so that its result shows the assumption. `each-answers`:
    /// the put is answered by each other player still in, clockwise from the putter; a player who
    /// refuses it (or throws up) is out of the deal and his cards are not played; the putter and
    /// those who saw play on, and the put is won or lost as at two. A card a refuser had already
    /// played to the unfinished trick no longer counts, and if he led it, the lead passes to the
    /// next player still in. Everybody refusing scores 1 for the putter.
    ThreeHandedPut three_handed_put "three-handed-put" ("P1, P15", Put)
    "How is a put answered at a table of three?" {
        EachAnswers "each-answers" "By each other player in turn; who refuses is out.",
    }

    /// A put challenges the others to play the deal for more than its point (`seen-put`); Le
    /// Truc's proposal to double is the same call, and the engine accepts `put` and `double` alike.
    /// There is at most one put in a deal, and none once the deal is decided or given up. It is
    /// answered at once by each other player still in, clockwise from the putter, with `see` or
    /// `refuse` (`throw` in answer is a refusal). With partners, only the two players on may put.
    /// `eldest-before-play`: only the eldest (with partners, the player on for the eldest's side),
    /// before the first card of the deal is played. `before-playing`: any player still in, at his
    /// turn to play a card and before he plays it, whether he leads or follows. `before-leading`:
    /// any player still in, at his turn to lead, before he leads.
    WhoMayPut who_may_put "who-may-put" ("P6, P11", Put)
    "Who may put, and when?" {
        EldestBeforePlay "eldest-before-play" "Only the eldest, before the first card is played.",
        BeforePlaying "before-playing" "Any player, at his turn to play, before playing.",
        BeforeLeading "before-leading" "Any player, at his turn to lead, before leading.",
    }

    /// A put that every other player refuses scores 1 for the putter and ends the deal, in every
    /// reading. A put that is seen is played out, and changes what the deal is worth to its
    /// winner. `wins-game`: the winner of the deal wins the game outright: his score becomes the
    /// game's target, whatever it was (Cotton: "wins the whole set", p. 131). `doubles-hand`: the
    /// winner scores 2 points instead of 1 (Le Truc). A seen put that nobody wins scores nothing,
    /// subject to `put-trick-and-tie`.
    SeenPut seen_put "seen-put" ("P10", Put)
    "What does the winner of a seen put gain?" {
        WinsGame "wins-game" "The game, at once.",
        DoublesHand "doubles-hand" "2 points instead of 1.",
    }

    /// Throwing up (throwing in) one's cards gives up the deal. In answer to a put it is a refusal,
    /// in every reading. `answer-only`: that is the only way to give up a deal, and a throw at any
    /// other time makes the scenario not playable under this point. `concedes-one`: a player may
    /// also throw up before the first card of the deal is played (on seeing his cards), or at his
    /// turn to play a card, before playing it. He is out of the deal; when only one player (or
    /// side) is left in, that player scores 1 and the deal ends. A throw once a put has been seen
    /// is `abandoned-put`.
    ThrowingUp throwing_up "throwing-up" ("P12", Put)
    "May a player throw up his cards when nobody has put?" {
        AnswerOnly "answer-only" "No: only in answer to a put, as a refusal.",
        ConcedesOne "concedes-one" "Yes, before playing to a trick; it concedes 1 point.",
    }

    /// A player who throws up his cards after a put has been seen, whether the putter or one who
    /// saw. `abide`: he may not ("he that once hath the confidence to put on bad Cards cannot
    /// recal his putting", Cotton, p. 132); the throw makes the scenario not playable under this
    /// point. `pays-the-stakes`: he may, and loses the game: the other side wins it at once, as
    /// a seen put won would give it ("must abide the event of the game, or pay the stakes",
    /// Hoyle's Games, p. 261). No source says who would be paid at a table of three, so there a
    /// throw after a seen put is not playable under this point either way.
    AbandonedPut abandoned_put "abandoned-put" ("P10, P12", Put)
    "May a player throw up his cards after a put is seen?" {
        Abide "abide" "No: both must abide the event of the game.",
        PaysTheStakes "pays-the-stakes" "Yes, and he pays the stakes: the other side wins the game.",
    }

    /// A deal played for its point, nobody having put (or the put refused before play went on),
    /// in which one trick was won and the other two were tied. `scores`: the player who won that
    /// trick wins the deal, as if he had won two (Cotton: "the Winner is he that wins most
    /// tricks", p. 132; Le Truc: "one and two ties"). `nothing`: nobody has won two tricks, so
    /// nobody wins the deal. With three players the trick must have been won by a player still
    /// in. A deal of three tied tricks is won by nobody in every reading. A seen put is
    /// `put-one-win-two-ties`.
    OneWinTwoTies one_win_two_ties "one-win-two-ties" ("P7, P8", Scoring)
    "Does one trick won and two tied win a deal nobody put on?" {
        Scores "scores" "Yes: one trick is the most tricks.",
        Nothing "nothing" "No: the deal needs two tricks.",
    }

    /// A seen put in which one trick was won and the other two were tied: the sources word the
    /// put apart from the deal played for its point (Wikipedia, of the seen put: "the one who
    /// takes most tricks wins the whole game"). `scores`: the player who won the trick wins the
    /// put, and what it is worth (`seen-put`). `nothing`: nobody has won two tricks, so nobody
    /// wins the put; the scores stand. With three players the trick must have been won by a
    /// player still in.
    PutOneWinTwoTies put_one_win_two_ties "put-one-win-two-ties" ("P7, P8, P10", Scoring)
    "Does one trick won and two tied win a seen put?" {
        Scores "scores" "Yes: he took the most tricks.",
        Nothing "nothing" "No: the put needs two tricks.",
    }

    /// A seen put that ends in trick and tie: two tricks won by different players and the third
    /// tied. Nobody wins the deal. `nothing`: the scores stand and the next deal follows (Cotton:
    /// "neither win, because it is trick and tye"). `game-anew`: the game in progress goes for
    /// nothing: every score returns to 0 and the next deal begins a new game (Enquire Within:
    /// "the whole goes for nothing, and the game must begin anew"); games already won in a rubber
    /// stand. Any other deal that nobody wins, with or without a put, scores nothing under either
    /// choice.
    PutTrickAndTie put_trick_and_tie "put-trick-and-tie" ("P7, P10", Scoring)
    "What does trick and tie do after a seen put?" {
        Nothing "nothing" "Nothing: the scores stand.",
        GameAnew "game-anew" "The game begins anew: every score returns to 0.",
    }

    /// The first player (or side) whose score reaches the target wins the game: a point at a
    /// time reaches it exactly, a doubled hand may pass it, and a seen put under `wins-game` takes
    /// the winner's score straight to it. A scenario's starting `score:` must be below the target;
    /// otherwise the scenario is not playable under this point.
    Game game "game" ("P9", Scoring)
    "How many points make the game?" {
        Five "five" "5 points (Cotton: \"five up\").",
        Seven "seven" "7 points (Willughby, reported).",
        Twelve "twelve" "12 points (Le Truc).",
    }

    /// What the players play for: one game, or a rubber that the first to win two games wins (Le
    /// Truc). When a game is won within a rubber, every score returns to 0 and the deal passes on
    /// as after any deal. Deals scripted after the match (the game or the rubber) is won are not
    /// played.
    Rubber rubber "rubber" ("P9", Scoring)
    "Is the match one game, or a rubber of two games won?" {
        OneGame "one-game" "One game.",
        BestOfThree "best-of-three" "A rubber: the first to win two games.",
    }

    /// Four play in two partnerships, partners sitting opposite; scores are kept by side. After
    /// the deal, on each side one player (either partner) gives the other his best card (the
    /// highest rank he holds, by `pack`; any of two equal) and throws his other two away, and the
    /// partner lays out one of his own three cards. The two who received then play a two-handed
    /// deal: the one on the eldest's side acts as eldest, and both puts and throws are theirs.
    /// `not-played`: the reading has no four-handed game, and a scenario with four seats is not
    /// playable under this point. `worst-card`: the partner lays out his worst card, the lowest
    /// rank of his own three, any of equal rank (Enquire Within: "discarding their worst card").
    /// `any-card`: he lays out any one of his own three (Hoyle's Games: "lays out one in lieu of
    /// it"). A given card that is not the giver's best, or a lay-out the choice forbids, makes the
    /// scenario not playable under this point.
    FourHanded four_handed "four-handed" ("P14", Partners)
    "How do partners pass and lay out cards in four-handed Put?" {
        NotPlayed "not-played" "The reading has no four-handed game.",
        WorstCard "worst-card" "Best card to the partner, who lays out his worst.",
        AnyCard "any-card" "Best card to the partner, who lays out any one.",
    }
}
