//! Reads a Put scenario's YAML into a checked [`PutScenario`], every error located in the file.
//!
//! Everything that does not depend on a reading is checked here: the seats, the cut, the score,
//! three cards a hand and every card once a deal, the passing, and that each scripted card is in
//! its player's hand. What a reading allows is the engine's question.

use super::facts::SETUP;
use super::points::TABLE;
use super::scenario::*;
use crate::cards::{Card, CardSet};
use crate::diagnostic::{Diagnostic, Location, excerpt};
use crate::expect::{RawFigure, Scalar, Vocabulary, Words, expectations};
use crate::game::{Claim, Expected, Figure, Head, Value, Want};
use crate::located::{self, Script};
use crate::money::Money;
use crate::yaml::YamlText;
use serde::Deserialize;
use serde_saphyr::Spanned;
use std::collections::HashMap;

/// The figures a Put expectation may name.
pub const VOCABULARY: Vocabulary = Vocabulary {
    per_seat: &["net", "games"],
    scalar: &["deals"],
    per_deal: &["scores"],
    seat_valued: &["winner", "first-dealer"],
    per_part: &[],
    per_round: None,
};

/// The most deals, and the most actions in a deal, a scenario may script.
const MAX_DEALS: usize = 200;
const MAX_ACTIONS: usize = 60;

type NameMap<T> = Spanned<HashMap<Spanned<String>, Spanned<T>>>;

located::raw_scenario! { required;
struct RawScenario {
    dealer: Option<Spanned<String>>,
    cut: Option<NameMap<Scalar>>,
    score: Option<NameMap<Scalar>>,
    deals: Spanned<Vec<Spanned<RawDeal>>>,
}
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawDeal {
    hands: NameMap<Words>,
    give: Option<Spanned<Words>>,
    lay_out: Option<Spanned<Words>>,
    play: Option<Spanned<RawFigure>>,
}

/// Reads and checks one scenario.
pub fn parse_scenario(yaml: &YamlText) -> Result<PutScenario, Vec<Diagnostic>> {
    let raw: RawScenario = yaml.parse().map_err(|d| vec![d])?;
    let mut p = Parser::new(yaml);
    let scenario = p.build(&raw);
    p.finish(scenario)
}

located::parser!(
    /// The shared reader, with Put's rules.
    Parser
);

/// A deal's hands as the parser knows them: what each seat may still play.
struct Holding {
    hands: Vec<CardSet>,
    /// Four-handed: the givers, who play no further part.
    gave: Vec<bool>,
}

impl Parser<'_> {
    fn build(&mut self, raw: &RawScenario) -> Option<PutScenario> {
        let y = self.yaml;
        let id = located::scenario_id(y, &raw.id, &mut self.errors);
        let seats = self.seats(&raw.seats)?;
        let mut head = located::head(y, id, raw.title.as_deref(), raw.notes.clone(), seats);
        let first = self.first_deal(raw, &head)?;
        let score = match &raw.score {
            Some(s) => self.score(s, &head),
            None => vec![0; sides(head.seats.len())],
        };
        if raw.deals.value.is_empty() || raw.deals.value.len() > MAX_DEALS {
            self.error(
                y.location_of(&raw.deals),
                format!("a scenario has from 1 to {MAX_DEALS} deals"),
            );
        }
        let deals: Vec<DealScript> = raw
            .deals
            .value
            .iter()
            .take(MAX_DEALS)
            .filter_map(|d| self.deal(d, &head))
            .collect();
        head.locations = std::mem::take(&mut self.locations);
        if let Some(e) = &raw.expect {
            head.expect = expectations(y, e, &head, &VOCABULARY, TABLE, &mut self.errors);
            count_deals(&mut head);
        }
        Some(PutScenario {
            head,
            first,
            score,
            deals,
        })
    }

    /// Two to four names, each once, none a word of the expectations.
    fn seats(&mut self, raw: &Spanned<Words>) -> Option<Vec<String>> {
        if let Some((at, message)) = crate::located::spaced_name(self.yaml, raw) {
            self.error(at, message);
            return None;
        }
        let why = "a reserved word in expectations";
        let reserved = |name: &str| VOCABULARY.is_reserved(name);
        let seats = located::names(self.yaml, raw, SETUP.most, &reserved, why, &mut self.errors);
        if !SETUP.seats().contains(&seats.len()) {
            self.error(
                self.yaml.location_of(raw),
                if seats.len() > SETUP.most {
                    "Put is played by two, three or four; this table has more than four".to_string()
                } else {
                    format!(
                        "Put is played by two, three or four; this table has {}",
                        seats.len()
                    )
                },
            );
            return None;
        }
        Some(seats)
    }

    /// `dealer:` or `cut:`, one of the two.
    fn first_deal(&mut self, raw: &RawScenario, head: &Head) -> Option<FirstDeal> {
        match (&raw.dealer, &raw.cut) {
            (Some(d), None) => {
                let loc = self.yaml.location_of(d);
                self.seat(head, d.value.trim(), &loc).map(FirstDeal::Dealer)
            }
            (None, Some(cut)) => self.cut(cut, head).map(FirstDeal::Cut),
            (Some(d), Some(_)) => {
                self.error(
                    self.yaml.location_of(d),
                    "give either `dealer:` or `cut:`, not both: with a cut, each reading finds the dealer itself".to_string(),
                );
                None
            }
            (None, None) => {
                self.error(
                    self.yaml.location(0, 0),
                    "the scenario needs `dealer:` (who deals first) or `cut:` (the cards cut for the deal)".to_string(),
                );
                None
            }
        }
    }

    /// A card for every seat, no two of one rank.
    fn cut(&mut self, cut: &NameMap<Scalar>, head: &Head) -> Option<Vec<(Card, u32)>> {
        let mut cards: Vec<Option<(Card, u32)>> = vec![None; head.seats.len()];
        let mut entries: Vec<_> = cut.value.iter().collect();
        entries.sort_by_key(|(k, _)| k.referenced.span().offset());
        for (name, value) in entries {
            let nloc = self.yaml.location_of(name);
            let vloc = self.yaml.location_of(value);
            let Some(seat) = self.seat(head, name.value.trim(), &nloc) else {
                continue;
            };
            let Some(card) = self.card(value.value.0.trim(), &vloc, "the cut") else {
                continue;
            };
            if let Some((other, _)) = cards
                .iter()
                .flatten()
                .find(|(c, _)| c.rank() == card.rank())
            {
                self.error(
                    vloc.clone(),
                    format!("{card} and {other} are of one rank: the players would cut again; give cuts of different ranks"),
                );
            }
            if cards[seat.index()].is_some() {
                self.error(nloc, format!("{} cuts twice", head.name(seat)));
            }
            let at = self.remember(vloc);
            cards[seat.index()] = Some((card, at));
        }
        let at = self.yaml.location_of(cut);
        located::everyone(head, cards, at, "every player cuts", &mut self.errors)
    }

    /// The starting score per side; with partners either partner may name the side.
    fn score(&mut self, raw: &NameMap<Scalar>, head: &Head) -> Vec<u32> {
        let n = head.seats.len();
        let mut score: Vec<Option<u32>> = vec![None; sides(n)];
        for (name, value) in raw.value.iter() {
            let nloc = self.yaml.location_of(name);
            let vloc = self.yaml.location_of(value);
            let Some(seat) = self.seat(head, name.value.trim(), &nloc) else {
                continue;
            };
            let Ok(points) = value.value.0.trim().trim_start_matches('+').parse::<u32>() else {
                self.error(
                    vloc,
                    format!(
                        "`{}` is not a score: write a whole number of points, 0 or more",
                        excerpt(&value.value.0)
                    ),
                );
                continue;
            };
            let side = side_of(seat, n);
            match score[side] {
                Some(other) if other != points => self.error(
                    vloc,
                    format!(
                        "partners share one score; {} has {other} here",
                        self.side_name(head, side)
                    ),
                ),
                _ => score[side] = Some(points.min(10_000)),
            }
        }
        score.into_iter().map(|s| s.unwrap_or(0)).collect()
    }

    fn side_name(&self, head: &Head, side: usize) -> String {
        if head.seats.len() == 4 {
            format!("{} and {}'s side", head.seats[side], head.seats[side + 2])
        } else {
            head.seats[side].clone()
        }
    }

    fn deal(&mut self, raw: &Spanned<RawDeal>, head: &Head) -> Option<DealScript> {
        let n = head.seats.len();
        let (hands, hand_at) = self.hands(&raw.value.hands, head)?;
        let mut holding = Holding {
            hands: hands.clone(),
            gave: vec![false; n],
        };
        let passes = self.passing(raw, head, &mut holding);
        let play = match &raw.value.play {
            None => Play::Auto,
            Some(p) => self.play(p, head, &mut holding),
        };
        Some(DealScript {
            hands,
            hand_at,
            passes,
            play,
        })
    }

    /// Three cards for every seat, every card once in the deal.
    fn hands(&mut self, raw: &NameMap<Words>, head: &Head) -> Option<(Vec<CardSet>, Vec<u32>)> {
        let n = head.seats.len();
        let mut hands: Vec<Option<(CardSet, u32)>> = vec![None; n];
        let mut dealt: Vec<(Card, Location)> = Vec::new();
        let mut entries: Vec<_> = raw.value.iter().collect();
        entries.sort_by_key(|(k, _)| k.referenced.span().offset());
        for (name, words) in entries {
            let nloc = self.yaml.location_of(name);
            let Some(seat) = self.seat(head, name.value.trim(), &nloc) else {
                continue;
            };
            let mut hand = CardSet::EMPTY;
            let tokens = self.pieces(words, &words.value, false, SETUP.hand);
            for (token, loc) in &tokens {
                let Some(card) = self.card(token, loc, "a hand") else {
                    continue;
                };
                if let Some((_, first)) = dealt.iter().find(|(c, _)| *c == card) {
                    self.error(
                        loc.clone(),
                        format!("{card} is dealt twice in this deal; first at {first}"),
                    );
                    continue;
                }
                dealt.push((card, loc.clone()));
                hand.insert(card);
            }
            if tokens.len() != SETUP.hand {
                let count = if tokens.len() > SETUP.hand {
                    "more than three cards".to_string()
                } else {
                    format!("{} card(s)", tokens.len())
                };
                self.error(
                    self.yaml.location_of(words),
                    format!(
                        "{} has {count}: at Put each player is dealt three",
                        head.name(seat)
                    ),
                );
            }
            if hands[seat.index()].is_some() {
                self.error(nloc.clone(), format!("{} has two hands", head.name(seat)));
            }
            let at = self.remember(self.yaml.location_of(words));
            hands[seat.index()] = Some((hand, at));
        }
        let rule = "every player is dealt a hand";
        let at = self.yaml.location_of(raw);
        let hands = located::everyone(head, hands, at, rule, &mut self.errors)?;
        Some(hands.into_iter().unzip())
    }

    /// `give:` and `lay-out:`: only with four seats; one of each per side, from the right hands.
    fn passing(&mut self, raw: &Spanned<RawDeal>, head: &Head, holding: &mut Holding) -> Vec<Pass> {
        let (give, lay) = (&raw.value.give, &raw.value.lay_out);
        if head.seats.len() != 4 {
            if let Some(w) = give.as_ref().or(lay.as_ref()) {
                self.error(
                    self.yaml.location_of(w),
                    "`give:` and `lay-out:` belong to four-handed Put, with partners".to_string(),
                );
            }
            return Vec::new();
        }
        let (Some(give), Some(lay)) = (give, lay) else {
            if let Some(w) = give.as_ref().or(lay.as_ref()) {
                self.error(
                    self.yaml.location_of(w),
                    "give both `give:` and `lay-out:`, or neither (the engine then passes by its policy)".to_string(),
                );
            }
            return Vec::new();
        };
        let gifts = self.pairs(give, head, "give");
        let lays = self.pairs(lay, head, "lay-out");
        let mut passes = Vec::new();
        for side in 0..2 {
            let gift = gifts.iter().find(|(s, ..)| side_of(*s, 4) == side);
            let layout = lays.iter().find(|(s, ..)| side_of(*s, 4) == side);
            let (Some(&(giver, given, ref gloc)), Some(&(receiver, laid_out, ref lloc))) =
                (gift, layout)
            else {
                self.error(
                    self.yaml.location_of(give),
                    format!(
                        "each side passes: name the giver and his card, and his partner's lay-out, for {}",
                        self.side_name(head, side)
                    ),
                );
                continue;
            };
            if receiver != partner(giver) {
                self.error(
                    lloc.clone(),
                    format!(
                        "{} gives to {}, so {} lays out",
                        head.name(giver),
                        head.name(partner(giver)),
                        head.name(partner(giver))
                    ),
                );
                continue;
            }
            if !holding.hands[giver.index()].contains(given) {
                self.error(
                    gloc.clone(),
                    format!("{} does not hold {given}", head.name(giver)),
                );
                continue;
            }
            if !holding.hands[receiver.index()].contains(laid_out) {
                self.error(
                    lloc.clone(),
                    format!(
                        "{} lays out one of his own cards, and {laid_out} is not one",
                        head.name(receiver)
                    ),
                );
                continue;
            }
            holding.hands[receiver.index()].remove(laid_out);
            holding.hands[receiver.index()].insert(given);
            holding.hands[giver.index()] = CardSet::EMPTY;
            holding.gave[giver.index()] = true;
            passes.push(Pass {
                giver,
                given,
                receiver,
                laid_out,
                give_at: self.remember(gloc.clone()),
                lay_at: self.remember(lloc.clone()),
            });
        }
        passes
    }

    /// "Ann AS, Ben KS": one player and one card per side.
    fn pairs(
        &mut self,
        words: &Spanned<Words>,
        head: &Head,
        what: &str,
    ) -> Vec<(Seat, Card, Location)> {
        let mut out: Vec<(Seat, Card, Location)> = Vec::new();
        for (item, loc) in self.pieces(words, &words.value, true, 2) {
            let parts: Vec<&str> = item.split_whitespace().collect();
            let [name, token] = parts[..] else {
                self.error(
                    loc,
                    format!(
                        "`{}` is not a {what}: write a player and a card, as in `Ann AS`",
                        excerpt(&item)
                    ),
                );
                continue;
            };
            let (Some(seat), Some(card)) =
                (self.seat(head, name, &loc), self.card(token, &loc, what))
            else {
                continue;
            };
            if out.iter().any(|(s, ..)| side_of(*s, 4) == side_of(seat, 4)) {
                self.error(
                    loc,
                    format!(
                        "one {what} a side: {}'s side has one already",
                        head.name(seat)
                    ),
                );
                continue;
            }
            out.push((seat, card, loc));
        }
        out
    }

    fn play(&mut self, raw: &Spanned<RawFigure>, head: &Head, holding: &mut Holding) -> Play {
        let words = match located::script(self.yaml, raw, &mut self.errors) {
            Script::Auto => return Play::Auto,
            Script::Text(_) | Script::List(_) => raw.value.words(),
            Script::ByPlayer(lists) => return self.by_player(&lists, head, holding),
        };
        let Some(words) = words else {
            self.error(
                self.yaml.location_of(raw),
                "`play:` is `auto`, the actions in order (`Ann AS, Ben put`), or each player's cards".to_string(),
            );
            return Play::Auto;
        };
        let items = self.pieces(raw, &words, true, MAX_ACTIONS);
        if items.len() > MAX_ACTIONS {
            self.error(
                self.yaml.location_of(raw),
                format!("a deal scripts at most {MAX_ACTIONS} actions"),
            );
        }
        let actions = items
            .into_iter()
            .take(MAX_ACTIONS)
            .filter_map(|(item, loc)| self.action(&item, loc, head, holding))
            .collect();
        Play::Actions(actions)
    }

    /// Each player's cards in order.
    fn by_player(
        &mut self,
        lists: &[(&Spanned<String>, Spanned<Words>)],
        head: &Head,
        holding: &mut Holding,
    ) -> Play {
        let mut cards: Vec<Vec<(Card, u32)>> = vec![Vec::new(); head.seats.len()];
        let mut named = vec![false; head.seats.len()];
        for (name, words) in lists {
            let nloc = self.yaml.location_of(name);
            let Some(seat) = self.seat(head, name.value.trim(), &nloc) else {
                continue;
            };
            if std::mem::replace(&mut named[seat.index()], true) {
                self.error(
                    nloc,
                    format!("{}'s cards are listed twice", head.name(seat)),
                );
            }
            for (token, loc) in self.pieces(words, &words.value, false, 3) {
                if let Some(card) = self.card(&token, &loc, "the play")
                    && self.held(seat, card, &loc, head, holding)
                {
                    let at = self.remember(loc);
                    cards[seat.index()].push((card, at));
                }
            }
        }
        Play::ByPlayer(cards)
    }

    /// "Ann put", "Ben see", "Ann AS".
    fn action(
        &mut self,
        item: &str,
        loc: Location,
        head: &Head,
        holding: &mut Holding,
    ) -> Option<Scripted> {
        let parts: Vec<&str> = item.split_whitespace().collect();
        let [name, word] = parts[..] else {
            self.error(
                loc,
                format!(
                    "`{}` is not an action: write a player and what he does, as in `Ann put`, `Ben see` or `Ann AS`",
                    excerpt(item)
                ),
            );
            return None;
        };
        let seat = self.seat(head, name, &loc)?;
        if holding.gave[seat.index()] {
            self.error(
                loc,
                format!(
                    "{} gave a card to his partner and plays no further part in the deal",
                    head.name(seat)
                ),
            );
            return None;
        }
        let act = match word.to_ascii_lowercase().as_str() {
            "put" | "puts" => Act::Call(Call::Put),
            "double" | "doubles" => Act::Call(Call::Double),
            "see" | "sees" => Act::Call(Call::See),
            "refuse" | "refuses" => Act::Call(Call::Refuse),
            "throw" | "throws" => Act::Call(Call::Throw),
            _ => {
                let card = word.parse::<Card>().map_err(|err| {
                    self.error(
                        loc.clone(),
                        format!("{err}; or a call: `put`, `double`, `see`, `refuse` or `throw`"),
                    );
                });
                let card = card.ok()?;
                if !self.held(seat, card, &loc, head, holding) {
                    return None;
                }
                Act::Card(card)
            }
        };
        let at = self.remember(loc);
        Some(Scripted { seat, act, at })
    }

    /// A card a player plays must be in his hand, and played once; it then leaves the hand.
    fn held(
        &mut self,
        seat: Seat,
        card: Card,
        loc: &Location,
        head: &Head,
        holding: &mut Holding,
    ) -> bool {
        if holding.hands[seat.index()].remove(card) {
            return true;
        }
        self.error(
            loc.clone(),
            format!(
                "{} does not hold {card} here (his cards: {})",
                head.name(seat),
                holding.hands[seat.index()]
            ),
        );
        false
    }
}

/// Each expectation's `scores:` list names the deals played: its length is checked too, as the
/// figure `deals`, so that a reading that plays on after the expected end is caught.
fn count_deals(head: &mut Head) {
    for e in &mut head.expect {
        let Expected::Figures(claims) = &mut e.expected else {
            continue;
        };
        let last = claims
            .iter()
            .filter_map(|c| match c {
                Claim::Figure { figure, at, .. } if figure.key == "scores" => {
                    figure.deal.map(|d| (d, at.clone()))
                }
                _ => None,
            })
            .max_by_key(|(d, _)| *d);
        let written = claims
            .iter()
            .any(|c| c.figures().iter().any(|f| f.key == "deals"));
        if let (Some((deal, at)), false) = (last, written) {
            let figure = Figure {
                key: "deals",
                seat: None,
                deal: None,
            };
            let want = Want::Exactly(Value::Money(Money::units(deal as i64 + 1)));
            claims.push(Claim::Figure { figure, want, at });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn parse(text: &str) -> Result<PutScenario, Vec<Diagnostic>> {
        parse_scenario(&YamlText::whole_file(Path::new("s.md"), text.into()))
    }

    /// The first error's message and `line:column`.
    fn error(text: &str) -> (String, String) {
        crate::located::first_error(parse(text))
    }

    const GOOD: &str = "id: t\nseats: [Ann, Ben]\ndealer: Ben\ndeals:\n  - hands: {Ann: AS KH QD, Ben: KC JS TD}\n    play: Ann put, Ben refuse\n  - hands: {Ann: 3S 2H 4D, Ben: 3C AS 4C}\n    play: {Ann: 3S 2H, Ben: 4C}\nexpect:\n  cotton-1674:\n    scores: [{Ann: 1, Ben: 0}, {Ann: 2, Ben: 0}]\n    winner: none\n";

    #[test]
    fn a_good_scenario_reads_whole() {
        let s = parse(GOOD).unwrap();
        assert_eq!(s.head.seats, ["Ann", "Ben"]);
        assert_eq!(s.first, FirstDeal::Dealer(Seat(1)));
        assert_eq!(s.deals.len(), 2);
        let Play::Actions(actions) = &s.deals[0].play else {
            panic!("actions expected")
        };
        assert_eq!(actions[0].act, Act::Call(Call::Put));
        assert_eq!(actions[1].seat, Seat(1));
        let Play::ByPlayer(cards) = &s.deals[1].play else {
            panic!("cards by player expected")
        };
        assert_eq!(cards[0].len(), 2);
        // scores for two deals, winner, and the count of deals the list implies.
        let crate::game::Expected::Figures(f) = &s.head.expect[0].expected else {
            panic!("figures expected")
        };
        let wants = |key: &str, value: Value| {
            f.iter().any(|c| {
                matches!(c, Claim::Figure { figure, want: Want::Exactly(v), .. }
                    if figure.key == key && *v == value)
            })
        };
        assert!(wants("deals", Value::Money(Money::units(2))));
        assert!(wants("winner", Value::Seat(None)));
    }

    #[test]
    fn a_card_dealt_twice_names_where_it_was_first() {
        let (msg, at) = error(
            "id: t\nseats: [Ann, Ben]\ndealer: Ben\ndeals:\n  - hands: {Ann: AS KH QD, Ben: KC AS TD}\n",
        );
        assert!(
            msg.starts_with("A♠ is dealt twice in this deal; first at s.md:5:"),
            "{msg}"
        );
        assert_eq!(at, "5:36");
    }

    #[test]
    fn a_hand_has_three_cards() {
        let (msg, _) = error(
            "id: t\nseats: [Ann, Ben]\ndealer: Ben\ndeals:\n  - hands: {Ann: AS KH, Ben: KC JS TD}\n",
        );
        assert_eq!(msg, "Ann has 2 card(s): at Put each player is dealt three");
    }

    #[test]
    fn the_first_dealer_is_named_or_cut_for_but_not_both() {
        let (msg, at) = error(
            "id: t\nseats: [Ann, Ben]\ndealer: Ben\ncut: {Ann: KH, Ben: TS}\ndeals:\n  - hands: {Ann: AS KH QD, Ben: KC JS TD}\n",
        );
        assert!(msg.starts_with("give either `dealer:` or `cut:`"), "{msg}");
        assert_eq!(at, "3:9");
        let (msg, at) = error(
            "id: t\nseats: [Ann, Ben]\ncut: {Ann: KH, Ben: KS}\ndeals:\n  - hands: {Ann: AS KH QD, Ben: KC JS TD}\n",
        );
        assert!(msg.contains("are of one rank"), "{msg}");
        assert_eq!(at, "3:21");
    }

    #[test]
    fn a_card_played_must_be_held() {
        let (msg, at) = error(
            "id: t\nseats: [Ann, Ben]\ndealer: Ben\ndeals:\n  - hands: {Ann: AS KH QD, Ben: KC JS TD}\n    play: Ann AS, Ben QD\n",
        );
        assert_eq!(msg, "Ben does not hold Q♦ here (his cards: J♠ 10♦ K♣)");
        assert_eq!(at, "6:19");
        let (msg, _) = error(
            "id: t\nseats: [Ann, Ben]\ndealer: Ben\ndeals:\n  - hands: {Ann: AS KH QD, Ben: KC JS TD}\n    play: Ann AS, Ann AS\n",
        );
        assert!(msg.starts_with("Ann does not hold A♠ here"), "{msg}");
        let (msg, _) = error(
            "id: t\nseats: [Ann, Ben]\ndealer: Ben\ndeals:\n  - hands: {Ann: AS KH QD, Ben: KC JS TD}\n    play: Ann leads\n",
        );
        assert!(
            msg.contains("`put`, `double`, `see`, `refuse` or `throw`"),
            "{msg}"
        );
    }

    #[test]
    fn the_table_has_two_to_four_seats_with_usable_names() {
        let (msg, _) = error("id: t\nseats: [A, B, C, D, E]\ndealer: A\ndeals: []\n");
        assert_eq!(
            msg,
            "Put is played by two, three or four; this table has more than four"
        );
        let (msg, at) = error(
            "id: t\nseats: [Ann, winner]\ndealer: Ann\ndeals:\n  - hands: {Ann: AS KH QD, winner: KC JS TD}\n",
        );
        assert_eq!(
            msg,
            "`winner` is a reserved word in expectations; choose another name"
        );
        assert_eq!(at, "2:14");
        let (msg, _) = error(
            "id: t\nseats: [Ann, Ben]\ndealer: Ben\ndeals:\n  - hands: {Ann: AS KH QD, Ben: KC JS TD}\n    stock: 4C\n",
        );
        assert!(msg.contains("unknown field `stock`"), "{msg}");
    }

    #[test]
    fn passing_belongs_to_four_hands_and_follows_the_seating() {
        let (msg, _) = error(
            "id: t\nseats: [Ann, Ben]\ndealer: Ben\ndeals:\n  - hands: {Ann: AS KH QD, Ben: KC JS TD}\n    give: Ann AS\n",
        );
        assert_eq!(
            msg,
            "`give:` and `lay-out:` belong to four-handed Put, with partners"
        );
        let four = "id: t\nseats: [Ann, Ben, Cat, Dan]\ndealer: Dan\ndeals:\n  - hands: {Ann: AS QH TD, Ben: KS JC TC, Cat: AH QS JD, Dan: KH QC JH}\n";
        // Ann gives to Cat, so Cat lays out, not Dan.
        let (msg, _) = error(&format!(
            "{four}    give: Ann AS, Ben KS\n    lay-out: Dan JH, Dan QC\n"
        ));
        assert!(msg.starts_with("one lay-out a side"), "{msg}");
        // A giver plays no further part; a receiver may play the card he was given.
        let (msg, _) = error(&format!(
            "{four}    give: Ann AS, Ben KS\n    lay-out: Cat JD, Dan JH\n    play: Ann QH\n"
        ));
        assert!(msg.contains("plays no further part"), "{msg}");
        let ok = parse(&format!("{four}    give: Ann AS, Ben KS\n    lay-out: Cat JD, Dan JH\n    play: Cat AS, Dan KS\n")).unwrap();
        assert_eq!(ok.deals[0].passes.len(), 2);
        // The laid-out card is gone.
        let (msg, _) = error(&format!(
            "{four}    give: Ann AS, Ben KS\n    lay-out: Cat JD, Dan JH\n    play: Cat JD\n"
        ));
        assert!(msg.starts_with("Cat does not hold J♦"), "{msg}");
    }
}
