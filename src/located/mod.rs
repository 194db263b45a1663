//! What every game's scenario parser reads the same way: the words of a list each with its
//! place in the file, cards, names at the table and scenario ids, every error located. A game's
//! parser keeps its own rules (how many seats, which words); these are only the words.

use crate::cards::{Card, CardSet};
use crate::diagnostic::{Diagnostic, Errors, Location, excerpt};
use crate::game::{Head, Seat};
use crate::yaml::YamlText;
use serde_saphyr::Spanned;
use std::collections::HashMap;

pub mod node;
pub use node::{RawFigure, Scalar, Words, respan};

/// A map written with names as keys (players, compartments), each key and value located.
pub type NameMap<T> = Spanned<HashMap<Spanned<String>, Spanned<T>>>;

/// Declares a game's scenario as written: the fields every block has (`id`, `title`, `notes`,
/// `seats` and `expect`), declared here once, then the game's own. `required`: `id` and `seats`
/// are serde's required fields and an unknown key is serde's error; `optional`: every field is
/// optional (the game's parser reports what is missing or unknown with its other errors).
macro_rules! raw_scenario {
    (required; $(#[$meta:meta])* struct $name:ident { $($own:tt)* }) => {
        $(#[$meta])*
        #[derive(serde::Deserialize)]
        #[serde(deny_unknown_fields, rename_all = "kebab-case")]
        struct $name {
            id: serde_saphyr::Spanned<String>,
            title: Option<String>,
            notes: Option<String>,
            seats: serde_saphyr::Spanned<$crate::located::Words>,
            expect: Option<$crate::expect::RawExpectations>,
            $($own)*
        }
    };
    (optional; $(#[$meta:meta])* struct $name:ident { $($own:tt)* }) => {
        $(#[$meta])*
        #[derive(serde::Deserialize, Default)]
        #[serde(default, rename_all = "kebab-case")]
        struct $name {
            id: Option<serde_saphyr::Spanned<String>>,
            title: Option<String>,
            notes: Option<String>,
            seats: Option<serde_saphyr::Spanned<$crate::located::Words>>,
            expect: Option<$crate::expect::RawExpectations>,
            $($own)*
        }
    };
}
pub(crate) use raw_scenario;

/// Declares a game's parser: the block's YAML, every error so far, and where each scripted
/// action is written (an index into [`Head::locations`]), with the reading every game shares;
/// the game adds its own rules in its own `impl`.
macro_rules! parser {
    ($(#[$meta:meta])* $name:ident) => {
        $(#[$meta])*
        struct $name<'a> {
            yaml: &'a $crate::yaml::YamlText,
            errors: $crate::diagnostic::Errors,
            locations: Vec<$crate::diagnostic::Location>,
        }

        impl<'a> $name<'a> {
            fn new(yaml: &'a $crate::yaml::YamlText) -> Self {
                $name { yaml, errors: Default::default(), locations: Vec::new() }
            }

            fn error(&mut self, location: $crate::diagnostic::Location, message: String) {
                self.errors.push($crate::diagnostic::Diagnostic::new(location, message));
            }

            /// Keeps where a scripted action is written, and returns its index.
            fn remember(&mut self, location: $crate::diagnostic::Location) -> u32 {
                self.locations.push(location);
                (self.locations.len() - 1) as u32
            }

            /// The pieces of a word list read from the value `at`, each located.
            fn pieces<T>(
                &self,
                at: &serde_saphyr::Spanned<T>,
                words: &$crate::located::Words,
                items: bool,
                limit: usize,
            ) -> Vec<(String, $crate::diagnostic::Location)> {
                $crate::located::pieces_in(self.yaml, at, words, items, limit)
            }

            fn card(
                &mut self,
                token: &str,
                loc: &$crate::diagnostic::Location,
                what: &str,
            ) -> Option<$crate::cards::Card> {
                $crate::located::card(token, loc, what, &mut self.errors)
            }

            fn seat(
                &mut self,
                head: &$crate::game::Head,
                name: &str,
                loc: &$crate::diagnostic::Location,
            ) -> Option<$crate::game::Seat> {
                $crate::located::seat(head, name, loc, &mut self.errors)
            }

            /// The scenario as built, or every error found.
            fn finish<S>(self, built: Option<S>) -> Result<S, Vec<$crate::diagnostic::Diagnostic>> {
                match built {
                    Some(s) if self.errors.is_empty() => Ok(s),
                    _ => Err(self.errors.into_vec(&self.yaml.path)),
                }
            }
        }
    };
}
pub(crate) use parser;

/// The entries of a map in the order they are written.
pub fn in_order<T>(map: &NameMap<T>) -> Vec<(&Spanned<String>, &Spanned<T>)> {
    let mut entries: Vec<_> = map.value.iter().collect();
    entries.sort_by_key(|(k, _)| k.referenced.span().offset());
    entries
}

/// The pieces of a word list, each with its place in the file: with `items`, one a comma
/// (`Ann 1, Ben pass`), otherwise one a space or comma (`AS KH`). Each piece is looked for in the
/// YAML after the previous one, from where the value starts (the span of a flow sequence is its
/// first bracket only), so that pieces of flow sequences and quoted strings are placed as exactly
/// as plain ones. At most `limit + 1` pieces: one more than any well-formed list holds, so that a
/// list too long is reported without reading all of it.
pub fn pieces(
    yaml: &YamlText,
    at: &Spanned<Words>,
    items: bool,
    limit: usize,
) -> Vec<(String, Location)> {
    pieces_in(yaml, at, &at.value, items, limit)
}

/// The pieces of `words`, read from the value `at` (a play script, say), as [`pieces`].
pub fn pieces_in<T>(
    yaml: &YamlText,
    at: &Spanned<T>,
    words: &Words,
    items: bool,
    limit: usize,
) -> Vec<(String, Location)> {
    let text = &yaml.yaml;
    let mut pos = (at.referenced.span().byte_offset().unwrap_or(0) as usize).min(text.len());
    let mut out = Vec::new();
    for entry in &words.0 {
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
                    yaml.location(pos - first.len(), piece.len())
                }
                None => yaml.location_of(at),
            };
            out.push((piece.to_string(), loc));
        }
    }
    out
}

/// A `play:` script as written, in every game that scripts its cards: `auto` (or nothing), one
/// string, a list, or a map from each player to his cards in order. What a string or a list
/// holds (actions, tricks) is the game's to read.
pub enum Script<'n> {
    Auto,
    Text(&'n str),
    List(&'n [Spanned<RawFigure>]),
    ByPlayer(Vec<(&'n Spanned<String>, Spanned<Words>)>),
}

/// Reads a `play:` node into a [`Script`]; a player's cards that are not a list of words are
/// reported, and left out.
pub fn script<'n>(
    yaml: &YamlText,
    node: &'n Spanned<RawFigure>,
    errors: &mut Errors,
) -> Script<'n> {
    match &node.value {
        RawFigure::Empty => Script::Auto,
        RawFigure::Scalar(s) if s.trim() == "auto" => Script::Auto,
        RawFigure::Scalar(s) => Script::Text(s),
        RawFigure::List(items) => Script::List(items),
        RawFigure::Map(entries) => Script::ByPlayer(
            entries
                .iter()
                .filter_map(|(name, cards)| match cards.value.words() {
                    Some(words) => Some((name, respan(cards, words))),
                    None => {
                        errors.push(Diagnostic::new(
                            yaml.location_of(cards),
                            format!(
                                "`{}`'s cards are a list of cards in order, as in `AS KH` or [AS, KH]",
                                excerpt(&name.value)
                            ),
                        ));
                        None
                    }
                })
                .collect(),
        ),
    }
}

/// A card, or an error naming `what` it was read in (a long word is quoted cut short).
pub fn card(token: &str, loc: &Location, what: &str, errors: &mut Errors) -> Option<Card> {
    match excerpt(token).parse::<Card>() {
        Ok(card) => Some(card),
        Err(err) => {
            errors.push(Diagnostic::new(loc.clone(), format!("{err} (in {what})")));
            None
        }
    }
}

/// A name at the table, or an error listing the seats.
pub fn seat(head: &Head, name: &str, loc: &Location, errors: &mut Errors) -> Option<Seat> {
    seat_in(&head.seats, name, loc, errors)
}

/// A name among `seats` (any case), or an error listing them, with the nearest as a suggestion.
pub fn seat_in(seats: &[String], name: &str, loc: &Location, errors: &mut Errors) -> Option<Seat> {
    let found = seats
        .iter()
        .position(|s| s.eq_ignore_ascii_case(name))
        .map(|i| Seat(i as u8));
    if found.is_none() {
        let d = Diagnostic::new(
            loc.clone(),
            format!(
                "`{}` is not at this table; the seats are {}",
                excerpt(name),
                seats.join(", ")
            ),
        );
        errors.push(crate::suggest::hint(
            d,
            name,
            seats.iter().map(String::as_str),
        ));
    }
    found
}

/// Every seat's entry, in seat order, or an error naming who is missing (`rule` says why each
/// is needed).
pub fn everyone<T>(
    head: &Head,
    per_seat: Vec<Option<T>>,
    at: Location,
    rule: &str,
    errors: &mut Errors,
) -> Option<Vec<T>> {
    let missing: Vec<&str> = head
        .all_seats()
        .filter(|s| per_seat[s.index()].is_none())
        .map(|s| head.name(s))
        .collect();
    if missing.is_empty() {
        return Some(per_seat.into_iter().flatten().collect());
    }
    errors.push(Diagnostic::new(
        at,
        format!("{rule}; missing: {}", missing.join(", ")),
    ));
    None
}

/// The first error of a parse, as its message and `line:column`, for tests.
#[cfg(test)]
pub fn first_error<T: std::fmt::Debug>(parsed: Result<T, Vec<Diagnostic>>) -> (String, String) {
    let errors = parsed.expect_err("should not parse");
    let e = &errors[0];
    (
        e.message.clone(),
        format!("{}:{}", e.location.line, e.location.column()),
    )
}

/// The longest name at the table, in characters.
pub const MAX_NAME: usize = 30;

/// A name at the table written with a space in a list (`seats: ["Ann Lee", Ben, Cat]`): the
/// deal's lines name players by word (`Ann Lee 12` would be two), so a name is one word. The
/// error, located at that name, if there is one.
pub fn spaced_name(yaml: &YamlText, raw: &Spanned<Words>) -> Option<(Location, String)> {
    if raw.value.0.len() < 2 {
        return None;
    }
    let name = raw
        .value
        .0
        .iter()
        .map(|n| n.trim())
        .find(|n| n.contains(char::is_whitespace))?;
    // The span of a flow sequence is its first bracket only: the name is looked for after it.
    let start = (raw.referenced.span().byte_offset().unwrap_or(0) as usize).min(yaml.yaml.len());
    let loc = match yaml.yaml[start..].find(name) {
        Some(i) => yaml.location(start + i, name.len()),
        None => yaml.location_of(raw),
    };
    let joined: String = name.split_whitespace().collect::<Vec<_>>().join("-");
    Some((
        loc,
        format!(
            "`{}` has a space, but a name at the table is one word, since the deal's lines name each player by a word (`auction: Ben 12, Ann pass`); write it as `{}`",
            excerpt(name),
            excerpt(&joined)
        ),
    ))
}

/// The names at the table, clockwise: each at most [`MAX_NAME`] characters, each once, none a
/// word of the game's scenarios (`reserved`, said to be `why`). At most `most + 1` names are read; how many the
/// game seats is the game's to check.
pub fn names(
    yaml: &YamlText,
    raw: &Spanned<Words>,
    most: usize,
    reserved: &dyn Fn(&str) -> bool,
    why: &str,
    errors: &mut Errors,
) -> Vec<String> {
    let mut seats: Vec<String> = Vec::new();
    for (name, loc) in pieces(yaml, raw, false, most) {
        let problem = if name.chars().count() > MAX_NAME {
            Some(format!(
                "`{}` is too long for a name at the table: at most {MAX_NAME} characters",
                excerpt(&name)
            ))
        } else if seats.iter().any(|s| s.eq_ignore_ascii_case(&name)) {
            Some(format!("`{name}` sits at the table twice"))
        } else if reserved(&name) {
            Some(format!("`{name}` is {why}; choose another name"))
        } else {
            None
        };
        if let Some(message) = problem {
            errors.push(Diagnostic::new(loc, message));
        }
        seats.push(name);
    }
    seats
}

/// Every seat's hand of `size` cards, every card once, in seat order with where each hand is
/// written; `rule` says it in words for the error ("at Glic each player is dealt four"). `None`
/// when a player has no hand (every error is reported).
pub fn hands(
    yaml: &YamlText,
    raw: &NameMap<Words>,
    head: &Head,
    size: usize,
    rule: &str,
    errors: &mut Errors,
) -> Option<Vec<(CardSet, Location)>> {
    let mut hands: Vec<Option<(CardSet, Location)>> = vec![None; head.seats.len()];
    let mut dealt: Vec<(Card, Location)> = Vec::new();
    for (name, words) in in_order(raw) {
        let nloc = yaml.location_of(name);
        let Some(seat) = self::seat(head, name.value.trim(), &nloc, errors) else {
            continue;
        };
        let mut hand = CardSet::EMPTY;
        let tokens = pieces(yaml, words, false, size);
        for (token, loc) in &tokens {
            let Some(card) = card(token, loc, "a hand", errors) else {
                continue;
            };
            if let Some((_, first)) = dealt.iter().find(|(c, _)| *c == card) {
                let message = format!("{card} is dealt twice; first at {first}");
                errors.push(Diagnostic::new(loc.clone(), message));
                continue;
            }
            dealt.push((card, loc.clone()));
            hand.insert(card);
        }
        let at = yaml.location_of(words);
        if tokens.len() != size {
            let count = if tokens.len() > size {
                format!("more than {size} cards")
            } else {
                format!("{} card(s)", tokens.len())
            };
            let message = format!("{} has {count}: {rule}", head.name(seat));
            errors.push(Diagnostic::new(at.clone(), message));
        }
        if hands[seat.index()].is_some() {
            errors.push(Diagnostic::new(
                nloc,
                format!("{} has two hands", head.name(seat)),
            ));
        }
        hands[seat.index()] = Some((hand, at));
    }
    let at = yaml.location_of(raw);
    everyone(head, hands, at, "every player is dealt a hand", errors)
}

/// A scenario's head as read: its id (checked), title, notes and seats, with no expectations
/// or locations yet.
pub fn head(
    yaml: &YamlText,
    id: String,
    title: Option<&str>,
    notes: Option<String>,
    seats: Vec<String>,
) -> Head {
    Head {
        title: title.unwrap_or(&id).trim().to_string(),
        id,
        notes,
        seats,
        expect: Vec::new(),
        locations: Vec::new(),
        location: yaml.location(0, 0),
        yaml: yaml.yaml.clone(),
    }
}

/// The longest scenario id, in characters (it names an anchor of the site).
pub const MAX_ID: usize = 80;

/// A scenario's id: letters, digits, hyphens and underscores, at most [`MAX_ID`].
pub fn scenario_id(yaml: &YamlText, raw: &Spanned<String>, errors: &mut Errors) -> String {
    let id = raw.value.trim().to_string();
    let usable = id
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if id.is_empty() || id.len() > MAX_ID || !usable {
        errors.push(Diagnostic::new(
            yaml.location_of(raw),
            format!(
                "`{}` is not a usable scenario id: use letters, digits and hyphens, at most {MAX_ID} of them",
                excerpt(&id)
            ),
        ));
    }
    id
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn pieces_of_a_flow_sequence_are_placed_at_their_own_words() {
        let yaml = YamlText::whole_file(Path::new("s.yaml"), "seats: [Ann, Jack, Cat]\n".into());
        #[derive(serde::Deserialize)]
        struct Raw {
            seats: Spanned<Words>,
        }
        let raw: Raw = yaml.parse().unwrap();
        let found = pieces(&yaml, &raw.seats, false, 6);
        let at: Vec<(String, usize)> = found.into_iter().map(|(w, l)| (w, l.column())).collect();
        assert_eq!(
            at,
            [("Ann".into(), 9), ("Jack".into(), 14), ("Cat".into(), 20)]
        );
        let four = YamlText::whole_file(Path::new("s.yaml"), "seats: A B C D\n".into());
        let raw: Raw = four.parse().unwrap();
        let found: Vec<String> = pieces(&four, &raw.seats, false, 2)
            .into_iter()
            .map(|(w, _)| w)
            .collect();
        assert_eq!(found, ["A", "B", "C"], "limit + 1");
    }

    #[test]
    fn names_are_short_unique_and_not_reserved() {
        let text = format!("seats: [Ann, ann, net, {}]\n", "x".repeat(31));
        let yaml = YamlText::whole_file(Path::new("s.yaml"), text.into());
        #[derive(serde::Deserialize)]
        struct Raw {
            seats: Spanned<Words>,
        }
        let raw: Raw = yaml.parse().unwrap();
        let mut errors = Errors::default();
        let why = "a word of the scenario";
        let seats = names(&yaml, &raw.seats, 6, &|n| n == "net", why, &mut errors);
        assert_eq!(seats.len(), 4);
        let messages: Vec<String> = errors
            .into_vec(Path::new("s.yaml"))
            .into_iter()
            .map(|d| d.message)
            .collect();
        assert_eq!(messages.len(), 3, "{messages:?}");
        assert_eq!(messages[0], "`ann` sits at the table twice");
        assert_eq!(
            messages[1],
            "`net` is a word of the scenario; choose another name"
        );
        assert!(
            messages[2].contains("too long for a name"),
            "{}",
            messages[2]
        );
    }
}
