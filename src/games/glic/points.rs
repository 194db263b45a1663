//! The declaration of every Glic rule point: ids, the research rows of `put-glic-readings.md`
//! (G1 to G20), questions, documentation and choices. The documentation is the engine's
//! specification: a scenario's expected money is worked out by hand from these words and
//! Stewart's rules, never from the engine's output.
//!
//! What every reading shares, and so has no point (Stewart, "Rules of Glic", 2011, unless
//! marked): three to six players sit clockwise; the seat after the dealer's in `seats` is on his
//! left and is the eldest, and every turn passes to the left. The board has eight compartments:
//! Ace, King, Queen, Jack and Ten, the King-Queen (the marriage), the Nine-Eight-Seven and the
//! Poch. Each player is dealt four cards; then the pack is cut, and the suit of the card the cut
//! turns up is trumps. Money is counted in pennies. In the Poch the kinds of hand rank four of a
//! kind, three of a kind, two pairs, one pair, high card, and a tie goes to "the hand with the
//! highest card in the Trump suit" (which trump is highest is `poch-trump-order`); ranks within a
//! kind, where a reading compares them, rank Ace high, A K Q J 10 9 ... 2. In the
//! countdown a court card counts 10, an Ace 1 and any other card its pips; the count may not
//! pass 31; the winner of the Poch begins, and the last player able to play in a count begins
//! the next. The deal ends when a player has played his last card.

/// Where in play a point bites; the site groups points by it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Section {
    Board,
    Sweepstakes,
    Poch,
    Countdown,
}

impl Section {
    pub const fn title(self) -> &'static str {
        match self {
            Section::Board => "The pack and the board",
            Section::Sweepstakes => "The sweepstakes",
            Section::Poch => "The Poch",
            Section::Countdown => "The countdown",
        }
    }
}

crate::rule_points! {
    accessors GlicRules;

    /// The cards in play. Stewart names no pack, but his example turns up "a six of hearts", so
    /// his pack has Sixes and is taken to be the whole pack of 52. The 32-card piquet pack (Sevens
    /// to Aces) is the other candidate, the short pack of the Poch family. A card outside the pack,
    /// in a hand or the cut, makes the scenario not playable under this point.
    Pack pack "pack" ("G5, G6", Board)
    "Which cards are in the pack?" {
        Full52 "full-52" "All 52 cards.",
        Piquet32 "piquet-32" "32 cards, Sevens to Aces.",
    }

    /// What each player stakes on the board before the deal. `one-where-he-chooses`: one penny,
    /// on a compartment of his own choice other than the Poch (Stewart: "Each player puts one
    /// penny on any of the compartments on the board, except for the Poker space"); the
    /// scenario's `antes:` says where, and a player it leaves out stakes, in turn from the
    /// eldest, the compartment that holds the fewest coins so far (carried coins count), the
    /// first of equals in board order (Ace, King, Queen, Jack, Ten, King-Queen,
    /// Nine-Eight-Seven). `one-on-each`: one penny on each of the seven compartments other than
    /// the Poch, as the sentence is read when "any" is taken as "every"; `antes:` is then not
    /// used.
    Ante ante "ante" ("G4", Board)
    "Where does each player put his ante?" {
        OneWhereHeChooses "one-where-he-chooses" "One penny, on a compartment of his choice (not the Poch).",
        OneOnEach "one-on-each" "One penny on each compartment but the Poch.",
    }

    /// A compartment that nobody takes in the sweepstakes (the Ace when nobody holds the Ace of
    /// trumps...). `carried`: its coins stay on it for the next deal. `returned`: the pennies
    /// staked on it in this deal go back to those who staked them, and only coins carried from an
    /// earlier deal stay. The Poch compartment is always won, except as `poch-tie` says.
    Unclaimed unclaimed "unclaimed" ("G10", Board)
    "What becomes of a compartment nobody takes?" {
        Carried "carried" "It stays on the board for the next deal.",
        Returned "returned" "This deal's antes on it go back to their owners.",
    }

    /// The honour compartments and the marriage, in every reading: the holder of the Ace, King,
    /// Queen, Jack or Ten of trumps takes every coin on that compartment, and a player holding
    /// both the King and the Queen of trumps also takes the King-Queen (Stewart: "If you have the
    /// King and Queen, you get the King, Queen, and the King-Queen combination"). So a single
    /// trump honour takes one compartment, and King and Queen take three. Each such trump is in
    /// one hand at most, so these compartments are never disputed.
    Sweepstakes sweepstakes "sweepstakes" ("G7, G8", Sweepstakes)
    "Who takes the compartments of the honours and of the marriage?" {
        TrumpMatches "trump-matches" "The holder of the matching trump; King and Queen take the marriage too.",
    }

    /// The card the cut turns up is in no hand. `nobody`: it takes nothing, and the compartment
    /// it matches (if any) is unclaimed unless the sweepstakes give it to someone else; it never
    /// can, the card being unique. `dealer`: it belongs to the dealer, as the turn-up does at
    /// Gleek, and counts as in his hand for the sweepstakes (its honour compartment, the marriage
    /// and the Nine-Eight-Seven sequence), but not for a flush, which is the four cards of a hand,
    /// nor for the Poch or the countdown.
    TurnedCard turned_card "turned-card" ("G6, G7", Sweepstakes)
    "Does the card the cut turns up take a compartment?" {
        Nobody "nobody" "No: it is in nobody's hand.",
        Dealer "dealer" "Yes, for the dealer, as though he held it.",
    }

    /// What takes the Nine-Eight-Seven compartment. `sequence`: the Nine, Eight and Seven of
    /// trumps in one hand, as the honour compartments go to trumps. `or-flush`: that, or a flush,
    /// taken to mean all four cards of a hand in one suit, any suit (Stewart: "Ardchreag also
    /// allows a flush to take the coins on this compartment"; what a flush is, he does not say).
    /// `or-trump-flush`: that, or four trumps. When more than one hand qualifies, see
    /// `nine-eight-seven-tie`.
    NineEightSeven nine_eight_seven "nine-eight-seven" ("G9", Sweepstakes)
    "What takes the Nine-Eight-Seven compartment?" {
        Sequence "sequence" "The Nine, Eight and Seven of trumps in one hand.",
        OrFlush "or-flush" "That, or four cards of one suit (any suit).",
        OrTrumpFlush "or-trump-flush" "That, or four trumps.",
    }

    /// Two or more hands may qualify for the Nine-Eight-Seven only where a flush does: two
    /// flushes, or a flush and the sequence. `highest-trump`: the hand holding the highest trump
    /// takes it, as Stewart settles a tie at the Poch; if none of them holds a trump, the one
    /// nearest the dealer's left. `eldest`: the one nearest the dealer's left (the eldest first).
    NineEightSevenTie nine_eight_seven_tie "nine-eight-seven-tie" ("G9, G13", Sweepstakes)
    "Who takes the Nine-Eight-Seven when two hands qualify?" {
        HighestTrump "highest-trump" "The hand with the highest trump, then the eldest.",
        Eldest "eldest" "The hand nearest the dealer's left.",
    }

    /// The Poch round: "Starting with the player to the left of the Dealer, players place bets on
    /// the Poker compartment". Each player speaks once, in turn from the eldest: a bet of so many
    /// pennies (within `poch-bet`), `see` (as much as the last bet made) or `pass`.
    /// `all-contend`: a pass bets nothing, and every hand contends for the compartment.
    /// `stay-or-fold`: the first bet opens; each later player sees it (a bet of the same amount)
    /// or passes, and a different amount makes the scenario not playable under this point; a
    /// player who passes, before the opening or after it, is out of the Poch; only those who bet
    /// contend, and if nobody bets every hand contends for what lies on the compartment. A
    /// player the script leaves out bets one penny if he holds a pair or better and passes
    /// otherwise (after an opening, he sees with a pair or better).
    PochBetting poch_betting "poch-betting" ("G11", Poch)
    "Who contends for the Poch: every hand, or only those who bet?" {
        AllContend "all-contend" "Every hand; each bets what he likes, or nothing.",
        StayOrFold "stay-or-fold" "Only those who open or see the first bet.",
    }

    /// How much a bet in the Poch may be. A scripted bet above it makes the scenario not
    /// playable under this point. `one-penny`: every bet is one penny, the size of an ante.
    /// `up-to-a-groat`: one to four pennies, four being the groat of Stewart's counters ("10
    /// groats (worth four pennies each)").
    PochBet poch_bet "poch-bet" ("G11", Poch)
    "How much may a player bet in the Poch?" {
        OnePenny "one-penny" "One penny.",
        UpToAGroat "up-to-a-groat" "One to four pennies.",
    }

    /// How the hands that contend for the Poch are compared. Kinds rank four of a kind, three of
    /// a kind, two pairs, one pair, high card (Stewart). `kind-then-trump`: only the kind counts;
    /// hands of the same kind are tied, and the tie goes to the hand holding the highest trump
    /// ("In case of a tie, the hand with the highest card in the Trump suit wins"). A hand with
    /// a trump beats tied hands without one. `rank-within-kind`: within a kind the higher set
    /// wins, Ace high: the rank of a four or a three, the higher pair of two pairs and then the
    /// lower, the rank of a pair, the highest card of a high-card hand; other cards never count;
    /// only hands equal in this are tied, and go to the highest trump. Tied hands none of which
    /// holds a trump: see `poch-tie`.
    PochRanks poch_ranks "poch-ranks" ("G12, G13", Poch)
    "Are two hands of the same kind tied, or does the higher one win?" {
        KindThenTrump "kind-then-trump" "Tied: the highest trump decides.",
        RankWithinKind "rank-within-kind" "The higher set wins; only equal sets go to the trump.",
    }

    /// Which trump is "the highest card in the Trump suit" when it breaks a tie in the Poch.
    /// Stewart gives no order of the cards. `ace-high`: A K Q J 10 9 ... 2, the Ace first as on
    /// the board. `ace-low`: K Q J 10 9 ... 2 A, the Ace lowest, as the countdown counts it 1.
    /// The hand whose best trump is highest in this order takes the tie.
    PochTrumpOrder poch_trump_order "poch-trump-order" ("G13", Poch)
    "Which trump is highest when a trump breaks a tie in the Poch?" {
        AceHigh "ace-high" "The Ace, then King, Queen, Jack, Ten ... Two.",
        AceLow "ace-low" "The King, then Queen ... Two, and the Ace lowest.",
    }

    /// Tied hands, none of which holds a trump, so that Stewart's tie-break decides nothing.
    /// `eldest`: the tied hand nearest the dealer's left wins. `carried`: nobody wins; the Poch
    /// compartment stays on the board for the next deal, and `countdown-first` says who begins
    /// the countdown.
    PochTie poch_tie "poch-tie" ("G13", Poch)
    "Who wins the Poch when tied hands hold no trump?" {
        Eldest "eldest" "The tied hand nearest the dealer's left.",
        Carried "carried" "Nobody: the compartment is carried to the next deal.",
    }

    /// Who begins the countdown when nobody wins the Poch (a tie without trumps, carried under
    /// `poch-tie`). Stewart has the winner begin ("The player who wins the Poker round begins the
    /// Countdown") and says nothing of a Poch without one. `eldest-tied`: the tied hand nearest
    /// the dealer's left, the hand that would have won under `poch-tie: eldest`. `eldest`: the
    /// player on the dealer's left, who also began the betting, tied or not.
    CountdownFirst countdown_first "countdown-first" ("G13, G15", Countdown)
    "Who begins the countdown when nobody wins the Poch?" {
        EldestTied "eldest-tied" "The tied hand nearest the dealer's left.",
        Eldest "eldest" "The player on the dealer's left.",
    }

    /// The order of the countdown: the turn passes to the left after every card and every pass.
    /// A count closes when every player in turn has passed since its last card; the last player
    /// to play takes the count's penny (`countdown-pay`) and begins the next count with any card.
    /// A player cannot play a card that takes the count over 31, and passes when he has none
    /// that fits, whether the script writes his pass or not. `must-play`: a player who can play must ("Each subsequent player, if they are
    /// able, place a card"); a scripted pass by a player who could play makes the scenario not
    /// playable under this point. `may-pass`: a player may pass at any turn, except the one who
    /// begins a count. Either way a scripted card out of turn, or one that would take the count
    /// over 31, makes the scenario not playable under this point (unless it is the countdown's
    /// first card: the winner of the Poch plays that, so the points that decide the Poch are
    /// named). A player the script leaves out plays the card counting most that fits (the
    /// highest rank among equal counts, then ♠ ♥ ♦ ♣) and never passes when he can play.
    CountdownTurn countdown_turn "countdown-turn" ("G15, G16", Countdown)
    "May a player pass in the countdown when he could play?" {
        MustPlay "must-play" "No: he plays if he can.",
        MayPass "may-pass" "Yes, except to begin a count.",
    }

    /// What the countdown pays. When a count closes, every other player pays its last player a
    /// penny ("The last player to be able to play is given a penny by all the other players").
    /// When a player plays his last card he goes out and the deal ends: every other player pays
    /// him a penny for each card left in his hand, and a penny more if the count stands at
    /// exactly 31 ("every other player pays him an extra penny"). `cards-only`: that is all he is
    /// paid; the count he ends pays no penny of its own. So going out on 31 against two players
    /// holding two cards and one pays 3 + 2 = 5. `count-penny-too`: if the card he goes out
    /// with ends the count, because no other player holds a card that fits it (always so on 31),
    /// he also takes the count's penny from each, as its last player; going out on a count that
    /// another could still add to pays no count penny, since that count never closed.
    CountdownPay countdown_pay "countdown-pay" ("G16, G17", Countdown)
    "Is the player who goes out also paid the penny of the count he ends?" {
        CardsOnly "cards-only" "No: he is paid for the cards left, and on 31.",
        CountPennyToo "count-penny-too" "Yes, if his card ends the count: a penny from each besides.",
    }
}
