//! Reads a Glic scenario's YAML into a checked [`GlicScenario`], every error located in the file.
//!
//! Everything that does not depend on a reading is checked here: the seats and the dealer, four
//! cards a hand and every card once, the cut, the carried coins, the antes, the Poch bets in turn
//! from the eldest, and that each card scripted in the countdown is in its player's hand. What a
//! reading allows is the engine's question.

use super::board::{Board, Compartment};
use super::points::TABLE;
use super::scenario::*;
use crate::cards::{Card, CardSet};
use crate::diagnostic::{Diagnostic, Errors, Location, excerpt};
use crate::expect::{RawExpectations, Scalar, Vocabulary, Words, expectations};
use crate::game::Head;
use crate::yaml::YamlText;
use serde::Deserialize;
use serde_saphyr::Spanned;
use std::collections::HashMap;

/// The figures a Glic expectation may name: money per player (the net and each stage's), what
/// is left on the board, and who took each compartment, won the Poch and went out.
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
};

/// Three to six at the table.
const SEATS: std::ops::RangeInclusive<usize> = 3..=6;
/// Four cards a hand.
const HAND: usize = 4;
/// The most turns the countdown may script: every card and a pass for each, with room to spare.
const MAX_TURNS: usize = 300;
/// The most pennies a bet or a carried compartment may be written with.
const MAX_BET: u32 = 1000;
const MAX_CARRIED: u32 = 1_000_000;
/// The longest name at the table, and the longest scenario id, in characters.
const MAX_NAME: usize = 30;
const MAX_ID: usize = 80;

type NameMap<T> = Spanned<HashMap<Spanned<String>, Spanned<T>>>;

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawScenario {
    id: Spanned<String>,
    #[serde(default)]
    title: Option<String>,
    #[serde(default)]
    notes: Option<String>,
    seats: Spanned<Words>,
    dealer: Spanned<String>,
    #[serde(default)]
    carried: Option<NameMap<Scalar>>,
    #[serde(default)]
    antes: Option<NameMap<Scalar>>,
    hands: NameMap<Words>,
    cut: Spanned<Scalar>,
    #[serde(default)]
    poch: Option<Spanned<Words>>,
    #[serde(default)]
    countdown: Option<Spanned<Words>>,
    #[serde(default)]
    expect: Option<RawExpectations>,
}

/// Reads and checks one scenario.
pub fn parse_scenario(yaml: &YamlText) -> Result<GlicScenario, Vec<Diagnostic>> {
    let raw: RawScenario = yaml.parse().map_err(|d| vec![d])?;
    let mut p = Parser {
        yaml,
        errors: Errors::default(),
        locations: Vec::new(),
    };
    match p.build(&raw) {
        Some(s) if p.errors.is_empty() => Ok(s),
        _ => Err(p.errors.into_vec(&yaml.path)),
    }
}

struct Parser<'a> {
    yaml: &'a YamlText,
    errors: Errors,
    locations: Vec<Location>,
}

/// The entries of a map in the order they are written.
fn in_order<T>(map: &NameMap<T>) -> Vec<(&Spanned<String>, &Spanned<T>)> {
    let mut entries: Vec<_> = map.value.iter().collect();
    entries.sort_by_key(|(k, _)| k.referenced.span().offset());
    entries
}

impl Parser<'_> {
    fn error(&mut self, location: Location, message: String) {
        self.errors.push(Diagnostic::new(location, message));
    }

    fn remember(&mut self, location: Location) -> u32 {
        self.locations.push(location);
        (self.locations.len() - 1) as u32
    }

    /// The pieces of a word list, each with its place in the file: with `items`, one a comma
    /// (`Ann 1, Ben pass`), otherwise one a space or comma (`AS KH`). Each piece is looked for
    /// in the YAML after the previous one, from where the value starts (the span of a flow
    /// sequence is its first bracket only). At most `limit + 1` pieces, so that a list too long
    /// is reported without reading all of it.
    fn pieces(&self, at: &Spanned<Words>, items: bool, limit: usize) -> Vec<(String, Location)> {
        let text = &self.yaml.yaml;
        let mut pos = (at.referenced.span().byte_offset().unwrap_or(0) as usize).min(text.len());
        let mut out = Vec::new();
        for entry in &at.value.0 {
            let split: Vec<&str> = if items {
                entry.split(',').collect()
            } else {
                entry
                    .split(|c: char| c.is_whitespace() || c == ',')
                    .collect()
            };
            for piece in split.into_iter().map(str::trim).filter(|p| !p.is_empty()) {
                if out.len() > limit {
                    return out;
                }
                let first = piece.split_whitespace().next().unwrap_or(piece);
                let loc = match text.get(pos..).and_then(|t| t.find(first)) {
                    Some(i) => {
                        pos += i + first.len();
                        self.yaml.location(pos - first.len(), piece.len())
                    }
                    None => self.yaml.location_of(at),
                };
                out.push((piece.to_string(), loc));
            }
        }
        out
    }

    fn card(&mut self, token: &str, loc: &Location, what: &str) -> Option<Card> {
        match excerpt(token).parse::<Card>() {
            Ok(card) => Some(card),
            Err(err) => {
                self.error(loc.clone(), format!("{err} (in {what})"));
                None
            }
        }
    }

    fn seat(&mut self, head: &Head, name: &str, loc: &Location) -> Option<Seat> {
        let found = head.seat_of(name);
        if found.is_none() {
            self.error(
                loc.clone(),
                format!(
                    "`{}` is not at this table; the seats are {}",
                    excerpt(name),
                    head.seats.join(", ")
                ),
            );
        }
        found
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
    /// the deal, the board, the bets and the countdown, and the expectations.
    fn build(&mut self, raw: &RawScenario) -> Option<GlicScenario> {
        let y = self.yaml;
        let id = self.id(&raw.id);
        let seats = self.seats(&raw.seats)?;
        let mut head = Head {
            title: raw.title.as_deref().unwrap_or(&id).trim().to_string(),
            id,
            notes: raw.notes.clone(),
            seats,
            expect: Vec::new(),
            locations: Vec::new(),
            location: y.location(0, 0),
            yaml: y.yaml.clone(),
        };
        let dealer = self.seat(&head, raw.dealer.value.trim(), &y.location_of(&raw.dealer));
        let hands = self.hands(&raw.hands, &head);
        let cut = self.cut(&raw.cut, hands.as_ref().map(|(h, _)| h.as_slice()));
        let carried = match &raw.carried {
            Some(c) => self.carried(c),
            None => [0; 8],
        };
        let antes = match &raw.antes {
            Some(a) => self.antes(a, &head),
            None => vec![None; head.seats.len()],
        };
        let bets = match (&raw.poch, dealer) {
            (Some(p), Some(d)) => self.bets(p, &head, d),
            _ => Vec::new(),
        };
        let countdown = match (&raw.countdown, &hands) {
            (Some(c), Some((h, _))) => self.countdown(c, &head, h.clone()),
            _ => Vec::new(),
        };
        head.locations = std::mem::take(&mut self.locations);
        if let Some(e) = &raw.expect {
            head.expect = expectations(y, e, &head, &VOCABULARY, TABLE, &mut self.errors);
        }
        let ((hands, hand_at), (cut, cut_at), dealer) = (hands?, cut?, dealer?);
        Some(GlicScenario {
            head,
            dealer,
            hands,
            hand_at,
            cut,
            cut_at,
            carried,
            antes,
            bets,
            countdown,
        })
    }

    fn id(&mut self, raw: &Spanned<String>) -> String {
        let id = raw.value.trim().to_string();
        let usable = id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
        if id.is_empty() || id.len() > MAX_ID || !usable {
            self.error(
                self.yaml.location_of(raw),
                format!(
                    "`{}` is not a usable scenario id: use letters, digits and hyphens, at most {MAX_ID} of them",
                    excerpt(&id)
                ),
            );
        }
        id
    }

    /// Three to six names, each once, none a word of the expectations.
    fn seats(&mut self, raw: &Spanned<Words>) -> Option<Vec<String>> {
        let names = self.pieces(raw, false, *SEATS.end());
        let mut seats: Vec<String> = Vec::new();
        for (name, loc) in names {
            if name.chars().count() > MAX_NAME {
                self.error(
                    loc,
                    format!(
                        "`{}` is too long for a name at the table: at most {MAX_NAME} characters",
                        excerpt(&name)
                    ),
                );
            } else if seats.iter().any(|s| s.eq_ignore_ascii_case(&name)) {
                self.error(loc, format!("`{name}` sits at the table twice"));
            } else if VOCABULARY.is_reserved(&name) || Compartment::from_id(&name).is_some() {
                self.error(
                    loc,
                    format!("`{name}` is a word of the scenario (a figure or a compartment); choose another name"),
                );
            }
            seats.push(name);
        }
        if SEATS.contains(&seats.len()) {
            return Some(seats);
        }
        let count = if seats.len() > *SEATS.end() {
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
        let n = head.seats.len();
        let mut hands: Vec<Option<(CardSet, u32)>> = vec![None; n];
        let mut dealt: Vec<(Card, Location)> = Vec::new();
        for (name, words) in in_order(raw) {
            let nloc = self.yaml.location_of(name);
            let Some(seat) = self.seat(head, name.value.trim(), &nloc) else {
                continue;
            };
            let mut hand = CardSet::EMPTY;
            let tokens = self.pieces(words, false, HAND);
            for (token, loc) in &tokens {
                let Some(card) = self.card(token, loc, "a hand") else {
                    continue;
                };
                if let Some((_, first)) = dealt.iter().find(|(c, _)| *c == card) {
                    self.error(
                        loc.clone(),
                        format!("{card} is dealt twice; first at {first}"),
                    );
                    continue;
                }
                dealt.push((card, loc.clone()));
                hand.insert(card);
            }
            if tokens.len() != HAND {
                let count = if tokens.len() > HAND {
                    "more than four cards".to_string()
                } else {
                    format!("{} card(s)", tokens.len())
                };
                self.error(
                    self.yaml.location_of(words),
                    format!(
                        "{} has {count}: at Glic each player is dealt four",
                        head.name(seat)
                    ),
                );
            }
            if hands[seat.index()].is_some() {
                self.error(nloc, format!("{} has two hands", head.name(seat)));
            }
            let at = self.remember(self.yaml.location_of(words));
            hands[seat.index()] = Some((hand, at));
        }
        let missing: Vec<&str> = head
            .all_seats()
            .filter(|s| hands[s.index()].is_none())
            .map(|s| head.name(s))
            .collect();
        if !missing.is_empty() {
            self.error(
                self.yaml.location_of(raw),
                format!(
                    "every player is dealt a hand; missing: {}",
                    missing.join(", ")
                ),
            );
            return None;
        }
        Some(hands.into_iter().flatten().unzip())
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
        let items = self.pieces(raw, true, n);
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
            let parts: Vec<&str> = item.split_whitespace().collect();
            let [name, word] = parts[..] else {
                self.error(
                    loc,
                    format!(
                        "`{}` is not a bet: write a player and his bet, as in `Ann 1`, `Ben see` or `Cat pass`",
                        excerpt(&item)
                    ),
                );
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
        let items = self.pieces(raw, true, MAX_TURNS);
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
            let parts: Vec<&str> = item.split_whitespace().collect();
            let [name, word] = parts[..] else {
                self.error(
                    loc,
                    format!(
                        "`{}` is not a turn: write a player and a card or `pass`, as in `Ann KS` or `Ben pass`",
                        excerpt(&item)
                    ),
                );
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
