//! Reads a Glic scenario's YAML into a checked [`GlicScenario`], every error located in the file.
//!
//! Everything that does not depend on a reading is checked here: the seats and the dealer, four
//! cards a hand and every card once, the cut, the carried coins, the antes, the Poch bets in turn
//! from the eldest, and that each card scripted in the countdown is in its player's hand. What a
//! reading allows is the engine's question.

use super::board::{Board, Compartment};
use super::facts::SETUP;
use super::points::TABLE;
use super::scenario::*;
use crate::cards::{Card, CardSet};
use crate::diagnostic::{Diagnostic, Location, excerpt};
use crate::expect::{Scalar, Vocabulary, Words, expectations};
use crate::game::{Expected, Head};
use crate::located::{self, NameMap, in_order};
use crate::yaml::YamlText;
use serde::Deserialize;
use serde_saphyr::Spanned;

/// The figures a Glic expectation may name: money per player (the net and each stage's), what
/// is left on the board (in all, and on each compartment), and who took each compartment, won
/// the Poch and went out.
pub const VOCABULARY: Vocabulary = Vocabulary {
    per_seat: &["net", "ante", "sweepstakes", "poch", "countdown"],
    scalar: &["board"],
    per_deal: &[],
    seat_valued: &[
        "ace",
        "king",
        "queen",
        "jack",
        "ten",
        "marriage",
        "nine-eight-seven",
        "poch-winner",
        "out",
    ],
    per_part: &[(
        "left",
        &[
            ("ace", "pennies-on-ace"),
            ("king", "pennies-on-king"),
            ("queen", "pennies-on-queen"),
            ("jack", "pennies-on-jack"),
            ("ten", "pennies-on-ten"),
            ("marriage", "pennies-on-marriage"),
            ("nine-eight-seven", "pennies-on-nine-eight-seven"),
            ("poch", "pennies-on-poch"),
        ],
    )],
    per_round: Some("rounds"),
};

/// The most turns the countdown may script: every card and a pass for each, with room to spare.
const MAX_TURNS: usize = 300;
/// The most pennies a bet or a carried compartment may be written with.
const MAX_BET: u32 = 1000;
const MAX_CARRIED: u32 = 1_000_000;

located::raw_scenario! { required;
struct RawScenario {
    carried: Option<NameMap<Scalar>>,
    /// One round written at the top level...
    dealer: Option<Spanned<String>>,
    antes: Option<NameMap<Scalar>>,
    hands: Option<NameMap<Words>>,
    cut: Option<Spanned<Scalar>>,
    poch: Option<Spanned<Words>>,
    countdown: Option<Spanned<Words>>,
    /// ...or an evening's rounds, in order.
    rounds: Option<Spanned<Vec<Spanned<RawRound>>>>,
}
}

/// One round: its deal and what the players did.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawRound {
    dealer: Spanned<String>,
    antes: Option<NameMap<Scalar>>,
    hands: NameMap<Words>,
    cut: Spanned<Scalar>,
    poch: Option<Spanned<Words>>,
    countdown: Option<Spanned<Words>>,
}

/// The most rounds an evening may hold.
pub const MAX_ROUNDS: usize = 64;

/// The keys of a round, which stand at the top level for one round, or in each of `rounds:`.
const ROUND_KEYS: &str =
    "`dealer`, `hands` and `cut` (with `antes`, `poch` and `countdown` if scripted)";

impl RawScenario {
    /// The rounds as written: the one at the top level, or the list; `Err` with the error when
    /// they are written both ways, or a round at the top level lacks a key.
    fn take_rounds(&mut self, yaml: &YamlText) -> Result<Vec<Spanned<RawRound>>, Diagnostic> {
        let top = [
            self.dealer.as_ref().map(|d| yaml.location_of(d)),
            self.hands.as_ref().map(|h| yaml.location_of(h)),
            self.cut.as_ref().map(|c| yaml.location_of(c)),
            self.antes.as_ref().map(|a| yaml.location_of(a)),
            self.poch.as_ref().map(|p| yaml.location_of(p)),
            self.countdown.as_ref().map(|c| yaml.location_of(c)),
        ];
        if let Some(rounds) = self.rounds.take() {
            if let Some(at) = top.into_iter().flatten().next() {
                return Err(Diagnostic::new(
                    at,
                    format!(
                        "with `rounds:`, each round gives its own {ROUND_KEYS}: move this key into a round"
                    ),
                ));
            }
            let n = rounds.value.len();
            if n == 0 || n > MAX_ROUNDS {
                return Err(Diagnostic::new(
                    yaml.location_of(&rounds),
                    format!("an evening plays from 1 to {MAX_ROUNDS} rounds; this one has {n}"),
                ));
            }
            return Ok(rounds.value);
        }
        let missing = |key: &str| {
            Diagnostic::new(
                yaml.location(0, 0),
                format!(
                    "missing field `{key}`: a Glic scenario gives its `id`, `seats`, {ROUND_KEYS}, or a list of `rounds`, each with its own"
                ),
            )
        };
        let round = RawRound {
            dealer: self.dealer.take().ok_or_else(|| missing("dealer"))?,
            hands: self.hands.take().ok_or_else(|| missing("hands"))?,
            cut: self.cut.take().ok_or_else(|| missing("cut"))?,
            antes: self.antes.take(),
            poch: self.poch.take(),
            countdown: self.countdown.take(),
        };
        let at = round.dealer.referenced;
        Ok(vec![Spanned {
            value: round,
            referenced: at,
            defined: at,
        }])
    }
}

/// Reads and checks one scenario.
pub fn parse_scenario(yaml: &YamlText) -> Result<GlicScenario, Vec<Diagnostic>> {
    let mut raw: RawScenario = yaml.parse().map_err(|d| vec![d])?;
    let rounds = raw.take_rounds(yaml).map_err(|d| vec![d])?;
    let mut p = Parser::new(yaml);
    let built = p.build(&raw, &rounds);
    p.finish(built)
}

located::parser!(
    /// The shared reader, with Glic's rules.
    Parser
);

impl Parser<'_> {
    /// "Ann 1", "Ben KS": a player and one word, or an error showing the form with `example`.
    fn pair<'i>(
        &mut self,
        item: &'i str,
        loc: &Location,
        what: &str,
        example: &str,
    ) -> Option<(&'i str, &'i str)> {
        match item.split_whitespace().collect::<Vec<_>>()[..] {
            [name, word] => Some((name, word)),
            _ => {
                self.error(
                    loc.clone(),
                    format!("`{}` is not {what}: write {example}", excerpt(item)),
                );
                None
            }
        }
    }

    /// A whole number of pennies from 0 to `max`.
    fn pennies(&mut self, text: &str, loc: &Location, max: u32) -> Option<u32> {
        match text.trim().trim_start_matches('+').parse::<u32>() {
            Ok(n) if n <= max => Some(n),
            _ => {
                self.error(
                    loc.clone(),
                    format!(
                        "`{}` is not a number of pennies: write a whole number from 0 to {max}",
                        excerpt(text)
                    ),
                );
                None
            }
        }
    }

    /// Checks the scenario in stages: the table first (nothing can be read without it), then
    /// each round (the deal, the board, the bets and the countdown), and the expectations.
    fn build(&mut self, raw: &RawScenario, rounds: &[Spanned<RawRound>]) -> Option<GlicScenario> {
        let y = self.yaml;
        let id = located::scenario_id(y, &raw.id, &mut self.errors);
        let seats = self.seats(&raw.seats)?;
        let mut head = located::head(y, id, raw.title.as_deref(), raw.notes.clone(), seats);
        let carried = match &raw.carried {
            Some(c) => self.carried(c),
            None => [0; 8],
        };
        let played: Vec<Option<GlicScenario>> =
            rounds.iter().map(|r| self.round(&r.value, &head)).collect();
        head.locations = std::mem::take(&mut self.locations);
        if let Some(e) = &raw.expect {
            head.expect = expectations(y, e, &head, &VOCABULARY, TABLE, &mut self.errors);
            self.rounds_expected(&head, rounds.len());
        }
        let mut played = played.into_iter().collect::<Option<Vec<_>>>()?;
        for round in &mut played {
            round.head = head.clone();
        }
        let mut first = played.remove(0);
        first.carried = carried;
        first.later = played;
        Some(first)
    }

    /// One round, on an empty board (the carried coins are the scenario's, or the round
    /// before's under each reading).
    fn round(&mut self, raw: &RawRound, head: &Head) -> Option<GlicScenario> {
        let y = self.yaml;
        let dealer = self.seat(head, raw.dealer.value.trim(), &y.location_of(&raw.dealer));
        let hands = self.hands(&raw.hands, head);
        let cut = self.cut(&raw.cut, hands.as_ref().map(|(h, _)| h.as_slice()));
        let antes = match &raw.antes {
            Some(a) => self.antes(a, head),
            None => vec![None; head.seats.len()],
        };
        let bets = match (&raw.poch, dealer) {
            (Some(p), Some(d)) => self.bets(p, head, d),
            _ => Vec::new(),
        };
        let countdown = match (&raw.countdown, &hands) {
            (Some(c), Some((h, _))) => self.countdown(c, head, h.clone()),
            _ => Vec::new(),
        };
        let ((hands, hand_at), (cut, cut_at), dealer) = (hands?, cut?, dealer?);
        Some(GlicScenario {
            head: head.clone(),
            dealer,
            hands,
            hand_at,
            cut,
            cut_at,
            carried: [0; 8],
            antes,
            bets,
            countdown,
            later: Vec::new(),
        })
    }

    /// A round's figures name a round the scenario plays; in an evening, who took what is a
    /// round's figure, written under `rounds:`.
    fn rounds_expected(&mut self, head: &Head, rounds: usize) {
        let claims = head.expect.iter().flat_map(|e| match &e.expected {
            Expected::Figures(c) | Expected::Unplayable { figures: c, .. } => c.as_slice(),
            Expected::Undetermined => &[],
        });
        for claim in claims {
            for figure in claim.figures() {
                let problem = match figure.deal {
                    Some(k) if k as usize >= rounds => {
                        format!("`rounds:` lists more rounds than the scenario plays ({rounds})")
                    }
                    None if rounds > 1 && VOCABULARY.seat_valued.contains(&figure.key) => format!(
                        "in an evening, `{}` is a round's figure: write it under `rounds:`, in its round's map",
                        figure.key
                    ),
                    _ => continue,
                };
                self.error(claim.location().clone(), problem);
                break;
            }
        }
    }

    /// Three to six names, each once, none a word of the expectations.
    fn seats(&mut self, raw: &Spanned<Words>) -> Option<Vec<String>> {
        if let Some((at, message)) = located::spaced_name(self.yaml, raw) {
            self.error(at, message);
            return None;
        }
        let reserved =
            |name: &str| VOCABULARY.is_reserved(name) || Compartment::from_id(name).is_some();
        let why = "a word of the scenario";
        let seats = located::names(self.yaml, raw, SETUP.most, &reserved, why, &mut self.errors);
        if SETUP.seats().contains(&seats.len()) {
            return Some(seats);
        }
        let count = if seats.len() > SETUP.most {
            "more than six".to_string()
        } else {
            seats.len().to_string()
        };
        self.error(
            self.yaml.location_of(raw),
            format!("Glic is played by three to six; this table has {count}"),
        );
        None
    }

    /// Four cards for every seat, every card once.
    fn hands(&mut self, raw: &NameMap<Words>, head: &Head) -> Option<(Vec<CardSet>, Vec<u32>)> {
        let rule = "at Glic each player is dealt four";
        let hands = located::hands(self.yaml, raw, head, SETUP.hand, rule, &mut self.errors)?;
        Some(
            hands
                .into_iter()
                .map(|(hand, loc)| (hand, self.remember(loc)))
                .unzip(),
        )
    }

    /// The card the cut turns up: a card, and not one dealt.
    fn cut(&mut self, raw: &Spanned<Scalar>, hands: Option<&[CardSet]>) -> Option<(Card, u32)> {
        let loc = self.yaml.location_of(raw);
        let card = self.card(raw.value.0.trim(), &loc, "the cut")?;
        if hands.is_some_and(|h| h.iter().any(|h| h.contains(card))) {
            self.error(
                loc,
                format!("{card} is in a hand: the cut turns up a card of the rest of the pack"),
            );
            return None;
        }
        Some((card, self.remember(loc)))
    }

    /// `carried:` pennies left on compartments by an earlier deal.
    fn carried(&mut self, raw: &NameMap<Scalar>) -> Board {
        let mut board = [0; 8];
        let mut named = [false; 8];
        for (name, value) in in_order(raw) {
            let nloc = self.yaml.location_of(name);
            let Some(c) = Compartment::from_id(name.value.trim()) else {
                let allowed = Compartment::ALL.map(|c| format!("`{}`", c.id())).join(", ");
                self.error(
                    nloc,
                    format!(
                        "`{}` is not a compartment of the board; the compartments are {allowed}",
                        excerpt(&name.value)
                    ),
                );
                continue;
            };
            if std::mem::replace(&mut named[c.index()], true) {
                self.error(nloc, format!("the {} is carried twice", c.title()));
            }
            let vloc = self.yaml.location_of(value);
            if let Some(p) = self.pennies(&value.value.0, &vloc, MAX_CARRIED) {
                board[c.index()] = p;
            }
        }
        board
    }

    /// `antes:` each player's compartment, any of the seven but the Poch.
    fn antes(&mut self, raw: &NameMap<Scalar>, head: &Head) -> Vec<Option<(Compartment, u32)>> {
        let mut antes = vec![None; head.seats.len()];
        for (name, value) in in_order(raw) {
            let nloc = self.yaml.location_of(name);
            let vloc = self.yaml.location_of(value);
            let Some(seat) = self.seat(head, name.value.trim(), &nloc) else {
                continue;
            };
            let word = value.value.0.trim();
            let c = match Compartment::from_id(word) {
                Some(Compartment::Poch) => {
                    self.error(
                        vloc,
                        "no ante goes on the Poch (Stewart: \"except for the Poker space\"); choose one of the other seven".to_string(),
                    );
                    continue;
                }
                Some(c) => c,
                None => {
                    self.error(
                        vloc,
                        format!(
                            "`{}` is not a compartment to ante on; write {}",
                            excerpt(word),
                            Compartment::staked_list()
                        ),
                    );
                    continue;
                }
            };
            if antes[seat.index()].is_some() {
                self.error(nloc, format!("{} antes twice", head.name(seat)));
                continue;
            }
            antes[seat.index()] = Some((c, self.remember(vloc)));
        }
        antes
    }

    /// `poch:` the bets in turn from the eldest, each player once: `Ann 1, Ben see, Cat pass`.
    fn bets(&mut self, raw: &Spanned<Words>, head: &Head, dealer: Seat) -> Vec<ScriptedBet> {
        let n = head.seats.len();
        let items = self.pieces(raw, &raw.value, true, n);
        if is_auto(&items) {
            return Vec::new();
        }
        let mut out: Vec<ScriptedBet> = Vec::new();
        for (item, loc) in items {
            let expected = Seat(((dealer.index() + 1 + out.len()) % n) as u8);
            if out.len() == n {
                self.error(loc, "each player bets once in the Poch".to_string());
                break;
            }
            let example = "a player and his bet, as in `Ann 1`, `Ben see` or `Cat pass`";
            let Some((name, word)) = self.pair(&item, &loc, "a bet", example) else {
                break;
            };
            let Some(seat) = self.seat(head, name, &loc) else {
                break;
            };
            if seat != expected {
                self.error(
                    loc,
                    format!(
                        "{} speaks out of turn: the bets go in turn from the dealer's left, and it is {}'s turn",
                        head.name(seat),
                        head.name(expected)
                    ),
                );
                break;
            }
            let Some(bet) = self.bet(word, &loc, &out) else {
                break;
            };
            let at = self.remember(loc);
            out.push(ScriptedBet { seat, bet, at });
        }
        out
    }

    /// `pass`, `see` (after a bet), or a number of pennies from 1.
    fn bet(&mut self, word: &str, loc: &Location, before: &[ScriptedBet]) -> Option<Bet> {
        match word.to_ascii_lowercase().as_str() {
            "pass" | "passes" => Some(Bet::Pass),
            "see" | "sees" if before.iter().any(|b| matches!(b.bet, Bet::Pennies(_))) => {
                Some(Bet::See)
            }
            "see" | "sees" => {
                self.error(
                    loc.clone(),
                    "nothing to see: `see` matches the last bet, and nobody has bet yet"
                        .to_string(),
                );
                None
            }
            "0" => {
                self.error(loc.clone(), "write `pass` for no bet".to_string());
                None
            }
            number => {
                let bet = self.pennies(number, loc, MAX_BET)?;
                Some(Bet::Pennies(bet))
            }
        }
    }

    /// `countdown:` turns in order, `Ann KS, Ben pass`; each card in its player's hand, once.
    fn countdown(
        &mut self,
        raw: &Spanned<Words>,
        head: &Head,
        mut hands: Vec<CardSet>,
    ) -> Vec<ScriptedPlay> {
        let items = self.pieces(raw, &raw.value, true, MAX_TURNS);
        if is_auto(&items) {
            return Vec::new();
        }
        if items.len() > MAX_TURNS {
            self.error(
                self.yaml.location_of(raw),
                format!("the countdown scripts at most {MAX_TURNS} turns"),
            );
        }
        let mut out = Vec::new();
        for (item, loc) in items.into_iter().take(MAX_TURNS) {
            let example = "a player and a card or `pass`, as in `Ann KS` or `Ben pass`";
            let Some((name, word)) = self.pair(&item, &loc, "a turn", example) else {
                continue;
            };
            let Some(seat) = self.seat(head, name, &loc) else {
                continue;
            };
            let card = if matches!(word.to_ascii_lowercase().as_str(), "pass" | "passes") {
                None
            } else {
                let Some(card) = self.card(word, &loc, "the countdown") else {
                    continue;
                };
                if !hands[seat.index()].remove(card) {
                    self.error(
                        loc,
                        format!(
                            "{} does not hold {card} here (his cards: {})",
                            head.name(seat),
                            hands[seat.index()]
                        ),
                    );
                    continue;
                }
                Some(card)
            };
            let at = self.remember(loc);
            out.push(ScriptedPlay { seat, card, at });
        }
        out
    }
}

/// `auto` alone: nothing scripted.
fn is_auto(items: &[(String, Location)]) -> bool {
    matches!(items, [(word, _)] if word.eq_ignore_ascii_case("auto"))
}

#[cfg(test)]
mod tests;
