//! Reads a scenario's YAML into a checked [`Scenario`], with every error located in the file.

use super::*;
use crate::cards::{Pack, Rank};
use crate::diagnostic::Diagnostic;
use crate::ledger::Phase;
use crate::rules::Point;
use crate::suggest::hint;
use crate::yaml::YamlText;
use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_saphyr::Spanned;
use std::collections::HashMap;

/// A list written either as one string (`AS KH, QD`) or as a YAML sequence.
#[derive(Debug, Default)]
struct Words(Vec<String>);

impl<'de> Deserialize<'de> for Words {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Words, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Words;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a string or a list of strings")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Words, E> {
                Ok(Words(vec![v.to_string()]))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Words, E> {
                Ok(Words(vec![v.to_string()]))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Words, E> {
                Ok(Words(vec![v.to_string()]))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Words, A::Error> {
                let mut out = Vec::new();
                while let Some(s) = seq.next_element::<Scalar>()? {
                    out.push(s.0);
                }
                Ok(Words(out))
            }
        }
        d.deserialize_any(V)
    }
}

/// Any scalar, kept as its text (`+3`, `2.5`, `yes`).
#[derive(Debug, Clone)]
struct Scalar(String);

impl<'de> Deserialize<'de> for Scalar {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Scalar, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Scalar;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a number or a word")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Scalar, E> {
                Ok(Scalar(v.to_string()))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Scalar, E> {
                Ok(Scalar(v.to_string()))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Scalar, E> {
                Ok(Scalar(v.to_string()))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Scalar, E> {
                Ok(Scalar(v.to_string()))
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<Scalar, E> {
                Ok(Scalar(if v { "yes" } else { "no" }.to_string()))
            }
        }
        d.deserialize_any(V)
    }
}

/// `play:` as `auto`, a list of tricks, or each player's cards.
#[derive(Debug, Default)]
enum RawPlay {
    #[default]
    Auto,
    Tricks(Vec<Spanned<Words>>),
    ByPlayer(Vec<(Spanned<String>, Spanned<Words>)>),
}

impl<'de> Deserialize<'de> for RawPlay {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<RawPlay, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawPlay;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str(
                    "`auto`, a list of tricks, or a map from each player to his cards in order",
                )
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<RawPlay, E> {
                if v.trim() == "auto" {
                    Ok(RawPlay::Auto)
                } else {
                    Err(E::custom(format!(
                        "`{v}` is not a play: write `auto`, a list of tricks, or each player's cards"
                    )))
                }
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<RawPlay, A::Error> {
                let mut out = Vec::new();
                while let Some(trick) = seq.next_element::<Spanned<Words>>()? {
                    out.push(trick);
                }
                Ok(RawPlay::Tricks(out))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawPlay, A::Error> {
                let mut out = Vec::new();
                while let Some(entry) = map.next_entry::<Spanned<String>, Spanned<Words>>()? {
                    out.push(entry);
                }
                Ok(RawPlay::ByPlayer(out))
            }
        }
        d.deserialize_any(V)
    }
}

/// An `expect:` entry: a scalar (`unplayable`) or a map of figures.
#[derive(Debug)]
enum RawExpect {
    Word(String),
    Map(Vec<(Spanned<String>, Spanned<RawFigure>)>),
}

#[derive(Debug)]
enum RawFigure {
    Scalar(String),
    Map(Vec<(Spanned<String>, Spanned<Scalar>)>),
}

impl<'de> Deserialize<'de> for RawExpect {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<RawExpect, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawExpect;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a map of figures, or `unplayable`")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<RawExpect, E> {
                Ok(RawExpect::Word(v.to_string()))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawExpect, A::Error> {
                let mut out = Vec::new();
                while let Some(entry) = map.next_entry::<Spanned<String>, Spanned<RawFigure>>()? {
                    out.push(entry);
                }
                Ok(RawExpect::Map(out))
            }
        }
        d.deserialize_any(V)
    }
}

impl<'de> Deserialize<'de> for RawFigure {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<RawFigure, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawFigure;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a figure, or a map from players to figures")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<RawFigure, E> {
                Ok(RawFigure::Scalar(v.to_string()))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<RawFigure, E> {
                Ok(RawFigure::Scalar(v.to_string()))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<RawFigure, E> {
                Ok(RawFigure::Scalar(v.to_string()))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<RawFigure, E> {
                Ok(RawFigure::Scalar(v.to_string()))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawFigure, A::Error> {
                let mut out = Vec::new();
                while let Some(entry) = map.next_entry::<Spanned<String>, Spanned<Scalar>>()? {
                    out.push(entry);
                }
                Ok(RawFigure::Map(out))
            }
        }
        d.deserialize_any(V)
    }
}

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
    hands: Spanned<HashMap<Spanned<String>, Spanned<Words>>>,
    turn_up: Spanned<Scalar>,
    #[serde(default)]
    stock: Option<Spanned<Words>>,
    #[serde(default)]
    agreed: Option<Spanned<HashMap<Spanned<String>, Spanned<Scalar>>>>,
    #[serde(default)]
    carried: Option<Spanned<HashMap<Spanned<String>, Spanned<Scalar>>>>,
    #[serde(default)]
    auction: Option<Spanned<Words>>,
    #[serde(default)]
    discard: Option<Spanned<Words>>,
    #[serde(default)]
    vie: Option<Spanned<Words>>,
    #[serde(default)]
    false_claims: Option<Spanned<Words>>,
    #[serde(default)]
    play: Option<Spanned<RawPlay>>,
    #[serde(default)]
    expect: Option<Spanned<HashMap<Spanned<String>, Spanned<RawExpect>>>>,
}

/// Keys of `expect:` maps that are not player names.
const FIGURE_KEYS: [&str; 5] = ["net", "points", "pot", "box", "unplayable"];

/// Reads and checks one scenario.
pub fn parse_scenario(yaml: &YamlText) -> Result<Scenario, Vec<Diagnostic>> {
    let raw: RawScenario = yaml.parse().map_err(|d| vec![d])?;
    let mut p = Parser {
        yaml,
        errors: Vec::new(),
        locations: Vec::new(),
    };
    let scenario = p.build(raw);
    match scenario {
        Some(s) if p.errors.is_empty() => Ok(s),
        _ => Err(p.errors),
    }
}

struct Parser<'a> {
    yaml: &'a YamlText,
    errors: Vec<Diagnostic>,
    locations: Vec<Location>,
}

impl Parser<'_> {
    fn error(&mut self, location: Location, message: String) {
        self.errors.push(Diagnostic::new(location, message));
    }

    fn remember(&mut self, location: Location) -> u16 {
        self.locations.push(location);
        (self.locations.len() - 1) as u16
    }

    /// The tokens of a word list, each with its location. `sep` splits the tokens of one string.
    fn tokens(&self, words: &Spanned<Words>, commas: bool) -> Vec<(String, Location)> {
        let mut out = Vec::new();
        let mut from = 0;
        for item in &words.value.0 {
            let pieces: Vec<String> = if commas {
                item.split([',', ';'])
                    .map(|s| s.trim().to_string())
                    .filter(|s| !s.is_empty())
                    .collect()
            } else {
                item.split(|c: char| c.is_whitespace() || c == ',')
                    .filter(|s| !s.is_empty())
                    .map(str::to_string)
                    .collect()
            };
            for piece in pieces {
                let first = piece
                    .split_whitespace()
                    .next()
                    .unwrap_or(&piece)
                    .to_string();
                let (loc, next) = self.yaml.location_in(words, from, &first);
                let loc = Location {
                    width: piece.chars().count().max(1),
                    ..loc
                };
                from = next;
                out.push((piece, loc));
            }
        }
        out
    }

    fn cards(&mut self, words: &Spanned<Words>, what: &str) -> Vec<(Card, Location)> {
        let mut out = Vec::new();
        for (token, loc) in self.tokens(words, false) {
            match Pack::Gleek44.parse_card(&token) {
                Ok(card) => out.push((card, loc)),
                Err(err) => self.error(loc, format!("{err} (in {what})")),
            }
        }
        out
    }

    fn seat(&mut self, seats: &[String; 3], name: &str, loc: &Location) -> Option<Seat> {
        let found = seats
            .iter()
            .position(|s| s.eq_ignore_ascii_case(name))
            .map(|i| Seat(i as u8));
        if found.is_none() {
            let d = Diagnostic::new(
                loc.clone(),
                format!(
                    "`{name}` is not at this table; the seats are {}",
                    seats.join(", ")
                ),
            );
            self.errors
                .push(hint(d, name, seats.iter().map(String::as_str)));
        }
        found
    }

    fn build(&mut self, raw: RawScenario) -> Option<Scenario> {
        let y = self.yaml;
        let id = raw.id.value.trim().to_string();
        if id.is_empty()
            || !id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            self.error(
                y.location_of(&raw.id),
                format!("`{id}` is not a usable scenario id: use letters, digits and hyphens"),
            );
        }
        let seat_tokens = self.tokens(&raw.seats, false);
        if seat_tokens.len() != 3 {
            self.error(
                y.location_of(&raw.seats),
                format!(
                    "Gleek is for three players, neither more nor less; this table has {}",
                    seat_tokens.len()
                ),
            );
            return None;
        }
        let seats: [String; 3] = [
            seat_tokens[0].0.clone(),
            seat_tokens[1].0.clone(),
            seat_tokens[2].0.clone(),
        ];
        for (name, loc) in &seat_tokens {
            if FIGURE_KEYS.contains(&name.as_str()) || Phase::from_id(name).is_some() {
                self.error(
                    loc.clone(),
                    format!("`{name}` is a reserved word in expectations; choose another name"),
                );
            }
        }
        if seats[0].eq_ignore_ascii_case(&seats[1])
            || seats[0].eq_ignore_ascii_case(&seats[2])
            || seats[1].eq_ignore_ascii_case(&seats[2])
        {
            self.error(
                y.location_of(&raw.seats),
                "two seats have the same name".to_string(),
            );
        }
        let dealer_loc = y.location_of(&raw.dealer);
        let dealer = self.seat(&seats, raw.dealer.value.trim(), &dealer_loc)?;

        // The deal: every card of the pack exactly once.
        let mut seen: HashMap<Card, Location> = HashMap::new();
        let mut check_dup = |p: &mut Parser, card: Card, loc: &Location| {
            if let Some(first) = seen.get(&card) {
                p.errors.push(
                    Diagnostic::new(loc.clone(), format!("{card} is dealt twice"))
                        .note(format!("first dealt at {first}")),
                );
            } else {
                seen.insert(card, loc.clone());
            }
        };
        let mut hands = [CardSet::EMPTY; 3];
        let mut given = [false; 3];
        let mut hand_entries: Vec<_> = raw.hands.value.iter().collect();
        hand_entries.sort_by_key(|(k, _)| k.referenced.span().offset());
        for (name, cards) in hand_entries {
            let loc = y.location_of(name);
            let Some(seat) = self.seat(&seats, name.value.trim(), &loc) else {
                continue;
            };
            let list = self.cards(cards, &format!("{}'s hand", seats[seat.index()]));
            if given[seat.index()] {
                self.error(
                    loc.clone(),
                    format!("{} has two hands", seats[seat.index()]),
                );
            }
            given[seat.index()] = true;
            for (card, cloc) in &list {
                check_dup(self, *card, cloc);
                hands[seat.index()].insert(*card);
            }
            if list.len() != 12 && self.errors.is_empty() {
                self.error(
                    y.location_of(cards),
                    format!(
                        "{}'s hand has {} cards; the dealer delivers twelve to each",
                        seats[seat.index()],
                        list.len()
                    ),
                );
            }
        }
        for s in Seat::ALL {
            if !given[s.index()] {
                self.error(
                    y.location_of(&raw.hands),
                    format!("no hand is given for {}", seats[s.index()]),
                );
            }
        }
        let turn_loc = y.location_of(&raw.turn_up);
        let turn_up = match Pack::Gleek44.parse_card(raw.turn_up.value.0.trim()) {
            Ok(c) => {
                check_dup(self, c, &turn_loc);
                Some(c)
            }
            Err(err) => {
                self.error(turn_loc, format!("{err} (the turn-up)"));
                None
            }
        };
        let stock = match &raw.stock {
            Some(words) => {
                let list = self.cards(words, "the stock");
                for (card, loc) in &list {
                    check_dup(self, *card, loc);
                }
                if list.len() != 7 && self.errors.is_empty() {
                    self.error(
                        y.location_of(words),
                        format!(
                            "the stock has {} cards; seven are left after the deal and the turn-up",
                            list.len()
                        ),
                    );
                }
                list.iter().map(|(c, _)| *c).collect()
            }
            None => {
                let dealt: CardSet = seen.keys().copied().collect();
                Pack::Gleek44.cards().difference(dealt)
            }
        };
        if !self.errors.is_empty() {
            return None;
        }
        let turn_up = turn_up?;
        let all = hands[0]
            .union(hands[1])
            .union(hands[2])
            .union(stock)
            .union(CardSet::from_cards([turn_up]));
        if all.len() != 44 {
            let missing: Vec<String> = Pack::Gleek44
                .cards()
                .difference(all)
                .sorted()
                .iter()
                .map(|c| c.to_string())
                .collect();
            self.error(
                y.location_of(&raw.hands),
                format!(
                    "the deal does not account for every card: missing {}",
                    missing.join(" ")
                ),
            );
            return None;
        }

        let agreed = self.agreement(raw.agreed.as_ref());
        let carried = self.carried(raw.carried.as_ref());
        let auction = raw.auction.as_ref().map(|w| self.auction(w, &seats));
        let eldest = dealer.next();
        let buyer = match &auction {
            Some(calls) => calls
                .iter()
                .rev()
                .find(|c| matches!(c.what, Bid::Bid(_)))
                .map(|c| c.seat),
            None => Some(eldest),
        };
        let discard = raw
            .discard
            .as_ref()
            .map(|w| self.discard(w, buyer, &hands, stock, &seats));
        let vie = raw.vie.as_ref().map(|w| self.vie(w, &seats));
        let false_claims = raw
            .false_claims
            .as_ref()
            .map(|w| self.claims(w, &seats))
            .unwrap_or_default();
        let mut final_hands = hands;
        if let (Some(b), Some(d)) = (buyer, &discard) {
            let laid: CardSet = d.iter().map(|(c, _)| *c).collect();
            final_hands[b.index()] = hands[b.index()].union(stock).difference(laid);
        }
        let play = match &raw.play {
            Some(p) => self.play(p, &seats, &final_hands, buyer, discard.is_some(), stock),
            None => PlayScript::default(),
        };
        let expect = raw
            .expect
            .as_ref()
            .map(|e| self.expectations(e, &seats))
            .unwrap_or_default();
        Some(Scenario {
            id,
            title: raw
                .title
                .clone()
                .unwrap_or_else(|| raw.id.value.clone())
                .trim()
                .to_string(),
            notes: raw.notes.clone(),
            seats,
            dealer,
            hands,
            turn_up,
            stock,
            agreed,
            carried,
            auction,
            discard,
            vie,
            false_claims,
            play,
            expect,
            locations: std::mem::take(&mut self.locations),
            location: y.location(0, 0),
            yaml: y.yaml.clone(),
        })
    }

    fn yes_no(&mut self, value: &Spanned<Scalar>) -> Option<bool> {
        match value.value.0.trim().to_ascii_lowercase().as_str() {
            "yes" | "true" | "played" | "on" => Some(true),
            "no" | "false" | "left-out" | "off" => Some(false),
            other => {
                let loc = self.yaml.location_of(value);
                self.error(loc, format!("`{other}` is neither yes nor no"));
                None
            }
        }
    }

    fn agreement(
        &mut self,
        raw: Option<&Spanned<HashMap<Spanned<String>, Spanned<Scalar>>>>,
    ) -> Agreement {
        let mut agreed = Agreement::default();
        for (key, value) in raw
            .map(|m| m.value.iter().collect::<Vec<_>>())
            .unwrap_or_default()
        {
            match key.value.trim() {
                "tiddy" => agreed.tiddy = self.yes_no(value),
                "towser-tumbler" => agreed.towser_tumbler = self.yes_no(value),
                other => {
                    let loc = self.yaml.location_of(key);
                    let d = Diagnostic::new(
                        loc,
                        format!(
                            "unknown agreement `{other}`; the table can agree on `tiddy` and `towser-tumbler`"
                        ),
                    );
                    self.errors
                        .push(hint(d, other, ["tiddy", "towser-tumbler"]));
                }
            }
        }
        agreed
    }

    fn carried(
        &mut self,
        raw: Option<&Spanned<HashMap<Spanned<String>, Spanned<Scalar>>>>,
    ) -> Carried {
        let mut carried = Carried::default();
        for (key, value) in raw
            .map(|m| m.value.iter().collect::<Vec<_>>())
            .unwrap_or_default()
        {
            let loc = self.yaml.location_of(value);
            match key.value.trim() {
                "ruff-passed" => match value.value.0.trim().parse::<u32>() {
                    Ok(n) if n <= 16 => carried.ruff_passed = n,
                    _ => self.error(
                        loc,
                        format!("`{}` is not a number of deals (0 to 16)", value.value.0),
                    ),
                },
                "pot" => match Money::parse(&value.value.0) {
                    Some(m) if m >= Money::ZERO => carried.pot = m,
                    _ => self.error(
                        loc,
                        format!("`{}` is not an amount of money", value.value.0),
                    ),
                },
                other => {
                    let loc = self.yaml.location_of(key);
                    let d = Diagnostic::new(
                        loc,
                        format!("unknown carried item `{other}`; allowed: `ruff-passed`, `pot`"),
                    );
                    self.errors.push(hint(d, other, ["ruff-passed", "pot"]));
                }
            }
        }
        carried
    }

    /// `Ann 12, Ben pass`.
    fn auction(&mut self, words: &Spanned<Words>, seats: &[String; 3]) -> Vec<Scripted<Bid>> {
        let mut out = Vec::new();
        for (token, loc) in self.tokens(words, true) {
            let parts: Vec<&str> = token.split_whitespace().collect();
            let (Some(name), Some(call), None) = (parts.first(), parts.get(1), parts.get(2)) else {
                self.error(
                    loc,
                    format!(
                        "`{token}` is not a call: write a name and a bid or `pass`, as in `Ann 12`"
                    ),
                );
                continue;
            };
            let Some(seat) = self.seat(seats, name, &loc) else {
                continue;
            };
            let what = if call.eq_ignore_ascii_case("pass") {
                Bid::Pass
            } else if let Ok(n) = call.parse::<u32>() {
                Bid::Bid(n)
            } else {
                self.error(loc, format!("`{call}` is neither a bid nor `pass`"));
                continue;
            };
            let at = self.remember(loc);
            out.push(Scripted { seat, what, at });
        }
        out
    }

    fn discard(
        &mut self,
        words: &Spanned<Words>,
        buyer: Option<Seat>,
        hands: &[CardSet; 3],
        stock: CardSet,
        seats: &[String; 3],
    ) -> Vec<(Card, u16)> {
        let Some(buyer) = buyer else {
            let loc = self.yaml.location_of(words);
            self.error(
                loc,
                "nobody buys the stock in this auction, so nobody discards".to_string(),
            );
            return Vec::new();
        };
        let mut out: Vec<(Card, u16)> = Vec::new();
        let available = hands[buyer.index()].union(stock);
        for (card, loc) in self.cards(words, "the discard") {
            if !available.contains(card) {
                self.error(
                    loc,
                    format!(
                        "{card} is neither in {}'s hand nor in the stock",
                        seats[buyer.index()]
                    ),
                );
            } else if out.iter().any(|(c, _)| *c == card) {
                self.error(loc, format!("{card} is laid out twice"));
            } else {
                let at = self.remember(loc);
                out.push((card, at));
            }
        }
        if out.len() > 7 {
            let loc = self.yaml.location_of(words);
            self.error(
                loc,
                format!("{} cards are laid out; the buyer lays out seven", out.len()),
            );
        }
        out
    }

    /// `Ann vie, Ben see, Cat revie, Ben pass`.
    fn vie(&mut self, words: &Spanned<Words>, seats: &[String; 3]) -> Vec<Scripted<VieCall>> {
        let mut out = Vec::new();
        for (token, loc) in self.tokens(words, true) {
            let mut parts = token.split_whitespace();
            let (Some(name), rest) = (
                parts.next(),
                parts.collect::<Vec<_>>().join(" ").to_ascii_lowercase(),
            ) else {
                continue;
            };
            let Some(seat) = self.seat(seats, name, &loc) else {
                continue;
            };
            let what = match rest.as_str() {
                "vie" | "vies" => VieCall::Vie,
                "see" | "sees" => VieCall::See,
                "revie" | "revies" | "see and revie" | "sees and revies" => VieCall::Revie,
                "pass" | "passes" => VieCall::Pass,
                other => {
                    self.error(loc, format!("`{other}` is not a call in the vie; allowed: `vie`, `see`, `revie` (see and revie) or `pass`"));
                    continue;
                }
            };
            let at = self.remember(loc);
            out.push(Scripted { seat, what, at });
        }
        out
    }

    /// `Ann gleek of Kings`.
    fn claims(&mut self, words: &Spanned<Words>, seats: &[String; 3]) -> Vec<Scripted<Set>> {
        let mut out = Vec::new();
        for (token, loc) in self.tokens(words, true) {
            let parts: Vec<String> = token
                .split_whitespace()
                .map(|s| s.to_ascii_lowercase())
                .collect();
            let [name, kind, of, rank] = &parts[..] else {
                self.error(
                    loc,
                    format!("`{token}` is not a claim: write it as `Ann gleek of Kings`"),
                );
                continue;
            };
            let Some(seat) = self.seat(seats, name, &loc) else {
                continue;
            };
            let mournival = match kind.as_str() {
                "gleek" => false,
                "mournival" => true,
                _ => {
                    self.error(loc, format!("`{kind}` is neither `gleek` nor `mournival`"));
                    continue;
                }
            };
            let rank = match rank.as_str() {
                "aces" => Rank::ACE,
                "kings" => Rank::KING,
                "queens" => Rank::QUEEN,
                "knaves" | "jacks" => Rank::JACK,
                _ => {
                    self.error(loc, format!("`{rank}`: only Aces, Kings, Queens and Knaves make gleeks and mournivals"));
                    continue;
                }
            };
            if of != "of" {
                self.error(
                    loc,
                    format!("`{token}` is not a claim: write it as `Ann gleek of Kings`"),
                );
                continue;
            }
            let at = self.remember(loc);
            out.push(Scripted {
                seat,
                what: Set { rank, mournival },
                at,
            });
        }
        out
    }

    #[allow(clippy::too_many_arguments)]
    fn play(
        &mut self,
        raw: &Spanned<RawPlay>,
        seats: &[String; 3],
        hands: &[CardSet; 3],
        buyer: Option<Seat>,
        discard_given: bool,
        stock: CardSet,
    ) -> PlayScript {
        let mut script = PlayScript::default();
        let owner = |card: Card| {
            Seat::ALL
                .into_iter()
                .find(|s| hands[s.index()].contains(card))
        };
        let mut add = |p: &mut Parser, seat: Seat, card: Card, loc: Location| {
            let touches_exchange = buyer == Some(seat) || stock.contains(card);
            if touches_exchange && !discard_given {
                p.error(loc.clone(), format!("{card} is played by the buyer: script the buyer's `discard:` as well, so that his hand is known"));
            }
            if !hands[seat.index()].contains(card) {
                p.error(
                    loc,
                    format!(
                        "{} does not hold {card} when play begins",
                        seats[seat.index()]
                    ),
                );
                return;
            }
            if script.cards[seat.index()].iter().any(|(c, _)| *c == card) {
                p.error(loc, format!("{card} is played twice"));
                return;
            }
            let at = p.remember(loc);
            script.cards[seat.index()].push((card, at));
        };
        match &raw.value {
            RawPlay::Auto => {}
            RawPlay::Tricks(tricks) => {
                let tokens = tricks.iter().flat_map(|t| self.tokens(t, false));
                for (token, loc) in tokens.collect::<Vec<_>>() {
                    match Pack::Gleek44.parse_card(&token) {
                        Ok(card) => match owner(card) {
                            Some(seat) => add(self, seat, card, loc),
                            None => {
                                self.error(loc, format!("nobody holds {card} when play begins"))
                            }
                        },
                        Err(err) => self.error(loc, format!("{err} (in the play)")),
                    }
                }
            }
            RawPlay::ByPlayer(entries) => {
                for (name, cards) in entries {
                    let loc = self.yaml.location_of(name);
                    let Some(seat) = self.seat(seats, name.value.trim(), &loc) else {
                        continue;
                    };
                    for (card, cloc) in self.cards(cards, "the play") {
                        add(self, seat, card, cloc);
                    }
                }
            }
        }
        script
    }

    fn expectations(
        &mut self,
        raw: &Spanned<HashMap<Spanned<String>, Spanned<RawExpect>>>,
        seats: &[String; 3],
    ) -> Vec<Expectation> {
        let mut out = Vec::new();
        let mut entries: Vec<_> = raw.value.iter().collect();
        entries.sort_by_key(|(k, _)| k.referenced.span().offset());
        for (variant, value) in entries {
            let location = self.yaml.location_of(variant);
            let expected = match &value.value {
                RawExpect::Word(w) => match parse_unplayable(w) {
                    Ok(point) => Expected::Unplayable(point),
                    Err(msg) => {
                        let loc = self.yaml.location_of(value);
                        self.error(loc, msg);
                        continue;
                    }
                },
                RawExpect::Map(items) => self.figures(items, seats),
            };
            // One key may name several variants that share the figures: `cotton-1674 parlett`.
            for id in variant.value.split([' ', ',']).filter(|s| !s.is_empty()) {
                out.push(Expectation {
                    variant: id.to_string(),
                    expected: expected.clone(),
                    location: location.clone(),
                });
            }
        }
        out
    }

    fn figures(
        &mut self,
        items: &[(Spanned<String>, Spanned<RawFigure>)],
        seats: &[String; 3],
    ) -> Expected {
        let mut figures = Vec::new();
        for (key, value) in items {
            let k = key.value.trim();
            let kloc = self.yaml.location_of(key);
            match (&value.value, k) {
                (RawFigure::Scalar(w), "unplayable") => {
                    match parse_unplayable(&format!("unplayable {w}")) {
                        Ok(point) => return Expected::Unplayable(point),
                        Err(msg) => self.error(self.yaml.location_of(value), msg),
                    }
                }
                (RawFigure::Scalar(m), "pot" | "box") => {
                    let figure = if k == "pot" { Figure::Pot } else { Figure::Box };
                    self.money(figure, m, self.yaml.location_of(value), &mut figures);
                }
                (RawFigure::Scalar(m), name) => {
                    if let Some(seat) = self.seat(seats, name, &kloc) {
                        self.money(
                            Figure::Net(seat),
                            m,
                            self.yaml.location_of(value),
                            &mut figures,
                        );
                    }
                }
                (RawFigure::Map(per_player), group) => {
                    let make: Option<fn(Seat) -> Figure> = match group {
                        "net" => Some(Figure::Net),
                        "points" => Some(Figure::Points),
                        _ => None,
                    };
                    let phase = Phase::from_id(group);
                    if make.is_none() && phase.is_none() {
                        let phases: Vec<&str> = Phase::ALL.iter().map(|p| p.id()).collect();
                        let d = Diagnostic::new(
                            kloc,
                            format!(
                                "unknown figure `{group}`; allowed: a player's name, `net`, `points`, `pot`, `box`, `unplayable`, or a phase: {}",
                                phases.join(", ")
                            ),
                        );
                        let groups = ["net", "points"].into_iter().chain(phases);
                        self.errors.push(hint(d, group, groups));
                        continue;
                    }
                    for (name, m) in per_player {
                        let nloc = self.yaml.location_of(name);
                        let Some(seat) = self.seat(seats, name.value.trim(), &nloc) else {
                            continue;
                        };
                        let figure = match (make, phase) {
                            (Some(f), _) => f(seat),
                            (None, Some(ph)) => Figure::Phase(ph, seat),
                            (None, None) => unreachable!("checked above"),
                        };
                        self.money(figure, &m.value.0, self.yaml.location_of(m), &mut figures);
                    }
                }
            }
        }
        Expected::Figures(figures)
    }

    fn money(
        &mut self,
        figure: Figure,
        text: &str,
        loc: Location,
        out: &mut Vec<(Figure, Money, Location)>,
    ) {
        match Money::parse(text) {
            Some(m) => out.push((figure, m, loc)),
            None => self.error(loc, format!("`{text}` is not an amount: write a whole number or a half, as in `+3`, `-2½` or `2.5`")),
        }
    }
}

/// `unplayable` or `unplayable follow-rule`.
fn parse_unplayable(word: &str) -> Result<Option<Point>, String> {
    let mut parts = word.split_whitespace();
    if parts.next() != Some("unplayable") {
        return Err(format!(
            "`{word}` is not an expectation: write a map of figures, or `unplayable`"
        ));
    }
    match parts.next() {
        None => Ok(None),
        Some(id) => Point::from_id(id).map(Some).ok_or_else(|| {
            let guess = crate::suggest::clause(id, Point::ids());
            format!(
                "unknown rule point `{id}`; {guess}the rule points are {}",
                Point::allowed()
            )
        }),
    }
}
