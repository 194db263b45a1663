//! Reads a scenario's YAML into a checked [`Scenario`], with every error located in the file.

use super::points::TABLE;
use super::scenario::*;
use crate::cards::{Card, CardSet, Pack, Rank};
use crate::diagnostic::{Diagnostic, Errors, Location, excerpt};
use crate::expect::{RawFigure, Scalar, Vocabulary, Words, expectations, variant_ids};
use crate::game::Head;
use crate::located::{self, Script};
use crate::money::Money;
use crate::suggest::hint;
use crate::yaml::YamlText;
use serde::de;
use serde_saphyr::Spanned;
use std::collections::HashMap;

mod deal;
mod play;

use deal::Dealt;

/// `then auto`, the words that end a partly scripted step on purpose.
fn is_then_auto(text: &str) -> bool {
    let words: Vec<&str> = text.split_whitespace().collect();
    matches!(&words[..], [then, auto] if then.eq_ignore_ascii_case("then") && auto.eq_ignore_ascii_case("auto"))
}

located::raw_scenario! { optional;
/// A scenario as written. Every field is read as optional, and unknown fields are let through
/// here: a missing or unknown field is reported by the parser together with every other error,
/// where serde would stop at the first.
struct RawScenario {
    dealer: Option<Spanned<String>>,
    hands: Option<Spanned<HashMap<Spanned<String>, Spanned<Words>>>>,
    turn_up: Option<Spanned<Scalar>>,
    stock: Option<Spanned<Words>>,
    agreed: Option<Spanned<HashMap<Spanned<String>, Spanned<Scalar>>>>,
    carried: Option<Spanned<HashMap<Spanned<String>, Spanned<RawFigure>>>>,
    auction: Option<Spanned<Words>>,
    discard: Option<Spanned<Words>>,
    vie: Option<Spanned<Words>>,
    false_claims: Option<Spanned<Words>>,
    play: Option<Spanned<RawFigure>>,
}
}

/// The fields of a scenario, as written.
const FIELDS: [&str; 16] = [
    "id",
    "title",
    "notes",
    "seats",
    "dealer",
    "hands",
    "turn-up",
    "stock",
    "agreed",
    "carried",
    "auction",
    "discard",
    "vie",
    "false-claims",
    "play",
    "expect",
];

/// The figures a Gleek expectation may name.
pub const VOCABULARY: Vocabulary = Vocabulary {
    per_seat: &[
        "net",
        "points",
        "turn-up",
        "stock",
        "ruff",
        "sets",
        "low-trumps",
        "settlement",
        "ruff-value",
        "card-points",
        "honour-points",
    ],
    scalar: &["pot", "box", "par"],
    per_deal: &[],
    seat_valued: &["tricks", "ruff-winner"],
    per_part: &[],
    per_round: None,
};

/// Reads and checks one scenario. Every error is reported, not only the first: a mistake in the
/// deal still lets the auction, the vie and the expectations be checked.
pub fn parse_scenario(yaml: &YamlText) -> Result<Scenario, Vec<Diagnostic>> {
    let raw: RawScenario = yaml.parse().map_err(|d| vec![d])?;
    let mut p = Parser {
        yaml,
        errors: Errors::default(),
        locations: Vec::new(),
        continued: Continued::default(),
        too_many: false,
    };
    p.unknown_fields();
    let scenario = p.build(raw);
    match scenario {
        Some(s) if p.errors.is_empty() => Ok(s),
        _ => Err(p.errors.into_vec(&yaml.path)),
    }
}

/// More scripted actions than any deal has (a few dozen: bids, calls, seven discards, 36 cards
/// played). Beyond it a scenario is refused, so the index of an action's location always fits.
const MAX_ACTIONS: usize = 1000;
/// The highest bid a scenario may script: far above any auction for the stock.
const MAX_BID: u32 = 1000;
/// The longest name at the table, in characters.
const MAX_NAME: usize = 30;
/// The longest scenario id, in characters (it is an anchor and part of a command line).
const MAX_ID: usize = 80;

struct Parser<'a> {
    yaml: &'a YamlText,
    errors: Errors,
    locations: Vec<Location>,
    /// The steps that end with `then auto`.
    continued: Continued,
    /// Set once the scenario scripts more than [`MAX_ACTIONS`] actions (reported once).
    too_many: bool,
}

impl Parser<'_> {
    fn error(&mut self, location: Location, message: String) {
        self.errors.push(Diagnostic::new(location, message));
    }

    /// Every key that is not a field of a scenario.
    fn unknown_fields(&mut self) {
        let Ok(keys) = self
            .yaml
            .parse::<HashMap<Spanned<String>, de::IgnoredAny>>()
        else {
            return;
        };
        let mut unknown: Vec<_> = keys
            .keys()
            .filter(|k| !FIELDS.contains(&k.value.as_str()))
            .collect();
        unknown.sort_by_key(|k| k.referenced.span().offset());
        let allowed: Vec<String> = FIELDS.iter().map(|f| format!("`{f}`")).collect();
        for key in unknown {
            self.error(
                self.yaml.location_of(key),
                format!(
                    "unknown field `{}`; allowed: {}",
                    excerpt(&key.value),
                    allowed.join(", ")
                ),
            );
        }
    }

    /// A field every scenario gives; reported at the scenario's first line when missing.
    fn required<'r, T>(&mut self, field: &'r Option<T>, name: &str) -> Option<&'r T> {
        if field.is_none() {
            self.error(
                self.yaml.location(0, 0),
                format!("missing field `{name}`: every scenario gives its `id`, `seats`, `dealer`, `hands` and `turn-up`"),
            );
        }
        field.as_ref()
    }

    /// Keeps where a scripted action is written: its index, or `None` (and an error, once)
    /// past [`MAX_ACTIONS`].
    fn remember(&mut self, location: Location) -> Option<u32> {
        if self.locations.len() >= MAX_ACTIONS {
            if !self.too_many {
                self.too_many = true;
                self.error(
                    location,
                    format!("more than {MAX_ACTIONS} scripted actions: a deal of Gleek has a few dozen (bids, calls in the vie, seven discards, 36 cards played)"),
                );
            }
            return None;
        }
        self.locations.push(location);
        Some(self.locations.len() as u32 - 1)
    }

    /// The tokens of a word list, each with its location. With `commas`, a token runs to the
    /// next comma or semicolon (`Ann 12, Ben pass`); otherwise to the next space or comma.
    fn tokens(&self, words: &Spanned<Words>, commas: bool) -> Vec<(String, Location)> {
        self.tokens_in(words, &words.value.0, commas)
    }

    /// The tokens of the strings `items`, located in the value `at` they were read from.
    fn tokens_in<T>(
        &self,
        at: &Spanned<T>,
        items: &[String],
        commas: bool,
    ) -> Vec<(String, Location)> {
        let mut out = Vec::new();
        let mut from = 0;
        for item in items {
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
                let first = piece.split_whitespace().next().unwrap_or(&piece);
                let (mut loc, next) = self.yaml.location_in(at, from, first);
                loc.width = piece.chars().count().max(1);
                from = next;
                out.push((piece, loc));
            }
        }
        out
    }

    /// The cards of a list, and whether every word of it was a card.
    fn cards(&mut self, words: &Spanned<Words>, what: &str) -> (Vec<(Card, Location)>, bool) {
        let mut out = Vec::new();
        let mut clean = true;
        for (token, loc) in self.tokens(words, false) {
            // A card is two or three characters: a long word is read (and quoted) cut short.
            match Pack::Gleek44.parse_card(&excerpt(&token)) {
                Ok(card) => out.push((card, loc)),
                Err(err) => {
                    clean = false;
                    self.error(loc, format!("{err} (in {what})"));
                }
            }
        }
        (out, clean)
    }

    fn seat(&mut self, seats: &[String; 3], name: &str, loc: &Location) -> Option<Seat> {
        located::seat_in(seats, name, loc, &mut self.errors)
    }

    /// Checks the scenario in stages. The table comes first (nothing can be read without it);
    /// the deal, the auction, the vie and the expectations are each checked whatever the others
    /// hold; the discard and the play are checked against the hands, so only on a sound deal.
    fn build(&mut self, raw: RawScenario) -> Option<Scenario> {
        let y = self.yaml;
        let id = self.required(&raw.id, "id").map(|id| self.id(id));
        let seats = self.required(&raw.seats, "seats");
        let seats = self.seats(seats?)?;
        let dealer = self.required(&raw.dealer, "dealer").and_then(|d| {
            let loc = y.location_of(d);
            self.seat(&seats, d.value.trim(), &loc)
        });
        let dealt = self.deal(&raw, &seats);
        let agreed = self.agreement(raw.agreed.as_ref());
        let (carried, carried_for) = self.carried(raw.carried.as_ref());
        let auction = raw.auction.as_ref().map(|w| self.auction(w, &seats));
        let vie = raw.vie.as_ref().map(|w| self.vie(w, &seats));
        let false_claims = raw
            .false_claims
            .as_ref()
            .map(|w| self.claims(w, &seats))
            .unwrap_or_default();
        let mut head = Head {
            id: id.clone().unwrap_or_default(),
            title: String::new(),
            notes: raw.notes.clone(),
            seats: seats.to_vec(),
            expect: Vec::new(),
            locations: Vec::new(),
            location: y.location(0, 0),
            yaml: y.yaml.clone(),
        };
        if let Some(e) = &raw.expect {
            head.expect = expectations(y, e, &head, &VOCABULARY, TABLE, &mut self.errors);
        }
        let (Some(id), Some(dealer), Some(dealt)) = (id, dealer, dealt) else {
            return None;
        };
        let Dealt {
            hands,
            turn_up,
            stock,
        } = dealt;
        let buyer = match &auction {
            Some(calls) => calls
                .iter()
                .rev()
                .find(|c| matches!(c.what, Bid::Bid(_)))
                .map(|c| c.seat),
            None => Some(dealer.next()),
        };
        let discard = raw
            .discard
            .as_ref()
            .map(|w| self.discard(w, buyer, &hands, stock, &seats));
        let mut final_hands = hands;
        if let (Some(b), Some(d)) = (buyer, &discard) {
            let laid: CardSet = d.iter().map(|(c, _)| *c).collect();
            final_hands[b.index()] = hands[b.index()].union(stock).difference(laid);
        }
        let play = match &raw.play {
            Some(p) => self.play(p, &seats, &final_hands, buyer, discard.is_some(), stock),
            None => PlayScript::default(),
        };
        head.title = raw.title.as_deref().unwrap_or(&id).trim().to_string();
        head.locations = std::mem::take(&mut self.locations);
        Some(Scenario {
            head,
            dealer,
            hands,
            turn_up,
            stock,
            agreed,
            carried,
            carried_for,
            continued: self.continued,
            auction,
            discard,
            vie,
            false_claims,
            play,
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

    /// The three names at the table, clockwise; `None` when the table itself is wrong.
    fn seats(&mut self, raw: &Spanned<Words>) -> Option<[String; 3]> {
        if let Some((at, message)) = crate::located::spaced_name(self.yaml, raw) {
            self.error(at, message);
            return None;
        }
        let y = self.yaml;
        let tokens = self.tokens(raw, false);
        let n = tokens.len();
        let Ok(named) = <[(String, Location); 3]>::try_from(tokens) else {
            self.error(
                y.location_of(raw),
                format!("Gleek is for three players, neither more nor less; this table has {n}"),
            );
            return None;
        };
        let mut usable = true;
        for (name, loc) in &named {
            if name.chars().count() > MAX_NAME {
                usable = false;
                self.error(
                    loc.clone(),
                    format!(
                        "`{}` is too long for a name at the table: at most {MAX_NAME} characters",
                        excerpt(name)
                    ),
                );
            } else if VOCABULARY.is_reserved(name) {
                self.error(
                    loc.clone(),
                    format!("`{name}` is a reserved word in expectations; choose another name"),
                );
            }
        }
        let seats = named.map(|(name, _)| name);
        if seats[0].eq_ignore_ascii_case(&seats[1])
            || seats[0].eq_ignore_ascii_case(&seats[2])
            || seats[1].eq_ignore_ascii_case(&seats[2])
        {
            self.error(
                y.location_of(raw),
                "two seats have the same name".to_string(),
            );
        }
        usable.then_some(seats)
    }

    fn yes_no(&mut self, value: &Spanned<Scalar>) -> Option<bool> {
        match value.value.0.trim().to_ascii_lowercase().as_str() {
            "yes" | "true" | "played" | "on" => Some(true),
            "no" | "false" | "left-out" | "off" => Some(false),
            other => {
                let loc = self.yaml.location_of(value);
                self.error(loc, format!("`{}` is neither yes nor no", excerpt(other)));
                None
            }
        }
    }

    /// `agreed:`: for each low trump, turned up and held; `tiddy` and `towser-tumbler` are
    /// shorthand for both, and a key naming one of them says more than the shorthand.
    fn agreement(
        &mut self,
        raw: Option<&Spanned<HashMap<Spanned<String>, Spanned<Scalar>>>>,
    ) -> Agreement {
        let mut agreed = Agreement::default();
        let mut entries: Vec<_> = raw.map(|m| m.value.iter().collect()).unwrap_or_default();
        // Shorthand first, so that the keys naming one agreement override it.
        entries.sort_by_key(|(k, _)| {
            let word = k.value.trim();
            (
                word != "tiddy" && word != "towser-tumbler",
                k.referenced.span().offset(),
            )
        });
        for (key, value) in entries {
            let a = &mut agreed;
            let fields: &mut [&mut Option<bool>] = match key.value.trim() {
                "tiddy" => &mut [&mut a.tiddy_turned, &mut a.tiddy_held],
                "towser-tumbler" => &mut [&mut a.towser_tumbler_turned, &mut a.towser_tumbler_held],
                "tiddy-turned" => &mut [&mut a.tiddy_turned],
                "tiddy-held" => &mut [&mut a.tiddy_held],
                "towser-tumbler-turned" => &mut [&mut a.towser_tumbler_turned],
                "towser-tumbler-held" => &mut [&mut a.towser_tumbler_held],
                other => {
                    let loc = self.yaml.location_of(key);
                    let d = Diagnostic::new(
                        loc,
                        format!(
                            "unknown agreement `{}`; the table can agree on `tiddy-turned`, `tiddy-held`, `towser-tumbler-turned`, `towser-tumbler-held`, and `tiddy` or `towser-tumbler` for both",
                            excerpt(other)
                        ),
                    );
                    let keys = [
                        "tiddy-turned",
                        "tiddy-held",
                        "towser-tumbler-turned",
                        "towser-tumbler-held",
                        "tiddy",
                        "towser-tumbler",
                    ];
                    self.errors.push(hint(d, other, keys));
                    continue;
                }
            };
            let answer = self.yes_no(value);
            for field in fields.iter_mut() {
                **field = answer;
            }
        }
        agreed
    }

    /// `carried:`: what an earlier deal left, for every reading (`ruff-passed`, `pot`), and under
    /// some readings alone (`du-coeur wikipedia: {pot: 6}`), which override those items.
    fn carried(
        &mut self,
        raw: Option<&Spanned<HashMap<Spanned<String>, Spanned<RawFigure>>>>,
    ) -> (Carried, Vec<ReadingCarried>) {
        let mut base = Carried::default();
        let mut per_reading: Vec<(&Spanned<String>, &Spanned<RawFigure>)> = Vec::new();
        let mut entries: Vec<_> = raw.map(|m| m.value.iter().collect()).unwrap_or_default();
        entries.sort_by_key(|(k, _)| k.referenced.span().offset());
        for (key, value) in entries {
            match &value.value {
                RawFigure::Map(_) => per_reading.push((key, value)),
                _ => self.carried_item(&mut base, key, value),
            }
        }
        let mut for_reading: Vec<ReadingCarried> = Vec::new();
        for (key, value) in per_reading {
            let RawFigure::Map(items) = &value.value else {
                continue;
            };
            let mut carried = base;
            for (k, v) in items {
                self.carried_item(&mut carried, k, v);
            }
            let loc = self.yaml.location_of(key);
            for id in variant_ids(&key.value) {
                if for_reading.iter().any(|c| c.variant == id) {
                    self.error(
                        loc.clone(),
                        format!("`{}` is given two carry-overs", excerpt(id)),
                    );
                    continue;
                }
                for_reading.push(ReadingCarried {
                    variant: id.to_string(),
                    carried,
                    at: loc.clone(),
                });
            }
        }
        (base, for_reading)
    }

    /// One item of `carried:`, `ruff-passed` or `pot`.
    fn carried_item(
        &mut self,
        carried: &mut Carried,
        key: &Spanned<String>,
        value: &Spanned<RawFigure>,
    ) {
        let loc = self.yaml.location_of(value);
        let text = match &value.value {
            RawFigure::Scalar(t) => t.as_str(),
            _ => "",
        };
        match key.value.trim() {
            "ruff-passed" => match text.trim().parse::<u32>() {
                Ok(n) if n <= 16 => carried.ruff_passed = n,
                _ => self.error(
                    loc,
                    format!("`{}` is not a number of deals (0 to 16)", excerpt(text)),
                ),
            },
            "pot" => match Money::parse(text) {
                Ok(m) if m >= Money::ZERO => carried.pot = m,
                Ok(_) => self.error(loc, "the pot cannot hold less than nothing".to_string()),
                Err(err) => self.error(loc, format!("`{}` {err}", excerpt(text))),
            },
            other => {
                let loc = self.yaml.location_of(key);
                let d = Diagnostic::new(
                    loc,
                    format!(
                        "unknown carried item `{}`; allowed: `ruff-passed`, `pot`, or variants with a map of their own, as in `du-coeur wikipedia: {{pot: 6}}`",
                        excerpt(other)
                    ),
                );
                self.errors.push(hint(d, other, ["ruff-passed", "pot"]));
            }
        }
    }

    /// Takes a closing `then auto` off a step's tokens: the writer leaves the rest of the step to
    /// the engine on purpose. Anywhere else it is an error.
    fn then_auto(&mut self, tokens: &mut Vec<(String, Location)>) -> bool {
        let last = tokens.last().is_some_and(|(t, _)| is_then_auto(t));
        if last {
            tokens.pop();
        }
        let misplaced: Vec<Location> = tokens
            .iter()
            .filter(|(t, _)| is_then_auto(t))
            .map(|(_, l)| l.clone())
            .collect();
        for loc in misplaced {
            self.error(
                loc,
                "`then auto` ends a step: it leaves the rest to the engine, so nothing may follow it"
                    .to_string(),
            );
        }
        tokens.retain(|(t, _)| !is_then_auto(t));
        last
    }

    /// `Ann 12, Ben pass`.
    fn auction(&mut self, words: &Spanned<Words>, seats: &[String; 3]) -> Vec<Scripted<Bid>> {
        let mut out = Vec::new();
        let mut tokens = self.tokens(words, true);
        self.continued.auction = self.then_auto(&mut tokens);
        for (token, loc) in tokens {
            let parts: Vec<&str> = token.split_whitespace().collect();
            let (Some(name), Some(call), None) = (parts.first(), parts.get(1), parts.get(2)) else {
                self.error(
                    loc,
                    format!(
                        "`{}` is not a call: write a name and a bid or `pass`, as in `Ann 12`",
                        excerpt(&token)
                    ),
                );
                continue;
            };
            let Some(seat) = self.seat(seats, name, &loc) else {
                continue;
            };
            let what = if call.eq_ignore_ascii_case("pass") {
                Bid::Pass
            } else if call.bytes().all(|b| b.is_ascii_digit()) {
                match call.parse::<u32>() {
                    Ok(n) if n <= MAX_BID => Bid::Bid(n),
                    _ => {
                        self.error(
                            loc,
                            format!(
                                "`{}` is beyond any bid: a bid is a whole number up to {MAX_BID}",
                                excerpt(call)
                            ),
                        );
                        continue;
                    }
                }
            } else {
                self.error(
                    loc,
                    format!("`{}` is neither a bid nor `pass`", excerpt(call)),
                );
                continue;
            };
            let Some(at) = self.remember(loc) else {
                continue;
            };
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
    ) -> Vec<(Card, u32)> {
        let Some(buyer) = buyer else {
            let loc = self.yaml.location_of(words);
            self.error(
                loc,
                "nobody buys the stock in this auction, so nobody discards".to_string(),
            );
            return Vec::new();
        };
        let mut out: Vec<(Card, u32)> = Vec::new();
        let available = hands[buyer.index()].union(stock);
        for (card, loc) in self.cards(words, "the discard").0 {
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
            } else if let Some(at) = self.remember(loc) {
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
        let mut tokens = self.tokens(words, true);
        self.continued.vie = self.then_auto(&mut tokens);
        for (token, loc) in tokens {
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
                "double" | "doubles" => VieCall::Double,
                other => {
                    self.error(loc, format!("`{}` is not a call in the vie; allowed: `vie`, `see`, `revie` (see and revie), `pass`, or `double` (the youngest, after the others passed)", excerpt(other)));
                    continue;
                }
            };
            let Some(at) = self.remember(loc) else {
                continue;
            };
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
                    format!(
                        "`{}` is not a claim: write it as `Ann gleek of Kings`",
                        excerpt(&token)
                    ),
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
                    self.error(
                        loc,
                        format!("`{}` is neither `gleek` nor `mournival`", excerpt(kind)),
                    );
                    continue;
                }
            };
            let rank = match rank.as_str() {
                "aces" => Rank::ACE,
                "kings" => Rank::KING,
                "queens" => Rank::QUEEN,
                "knaves" | "jacks" => Rank::JACK,
                _ => {
                    self.error(
                        loc,
                        format!(
                            "`{}`: only Aces, Kings, Queens and Knaves make gleeks and mournivals",
                            excerpt(rank)
                        ),
                    );
                    continue;
                }
            };
            if of != "of" {
                self.error(
                    loc,
                    format!(
                        "`{}` is not a claim: write it as `Ann gleek of Kings`",
                        excerpt(&token)
                    ),
                );
                continue;
            }
            let Some(at) = self.remember(loc) else {
                continue;
            };
            out.push(Scripted {
                seat,
                what: Set { rank, mournival },
                at,
            });
        }
        out
    }
}

#[cfg(test)]
mod tests;
