//! What scenario files share, whatever the game: word lists, scalars, and the `expect:` block.
//!
//! Every game writes its expectations the same way: per variant (one key may name several), either
//! `unplayable [point]` or a map of figures. Which figures exist is the game's [`Vocabulary`].

use crate::diagnostic::{Diagnostic, Errors, Location, excerpt};
use crate::game::{Expectation, Expected, Figure, Head, Seat, Value};
use crate::money::Money;
use crate::rules::{Point, PointTable};
use crate::yaml::YamlText;
use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_saphyr::Spanned;
use std::collections::HashMap;

/// A list written either as one string (`AS KH, QD`) or as a YAML sequence.
#[derive(Debug, Default)]
pub struct Words(pub Vec<String>);

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
pub struct Scalar(pub String);

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

/// An `expect:` entry: a scalar (`unplayable`) or a map of figures.
#[derive(Debug)]
pub enum RawExpect {
    Word(String),
    Map(Vec<(Spanned<String>, Spanned<RawFigure>)>),
}

/// One figure as written: a scalar, a map from players to amounts, or a list of such (one per
/// deal).
#[derive(Debug)]
pub enum RawFigure {
    Scalar(String),
    Map(Vec<(Spanned<String>, Spanned<Scalar>)>),
    List(Vec<Spanned<RawFigure>>),
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
                f.write_str("a figure, a map from players to figures, or a list of such maps")
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
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<RawFigure, A::Error> {
                let mut out = Vec::new();
                while let Some(item) = seq.next_element::<Spanned<RawFigure>>()? {
                    out.push(item);
                }
                Ok(RawFigure::List(out))
            }
        }
        d.deserialize_any(V)
    }
}

/// The `expect:` block as written.
pub type RawExpectations = Spanned<HashMap<Spanned<String>, Spanned<RawExpect>>>;

/// The figures a game's expectations may name.
#[derive(Clone, Copy, Debug)]
pub struct Vocabulary {
    /// Keys whose value is a map from players to amounts (`net`, a phase); `net` is also
    /// written as a player's name alone (`Ann: +3`).
    pub per_seat: &'static [&'static str],
    /// Keys whose value is one amount (`pot`, `box`).
    pub scalar: &'static [&'static str],
    /// Keys whose value is a list of maps from players to amounts, one per deal (`score`).
    pub per_deal: &'static [&'static str],
    /// Keys whose value is a player's name, or `none` (`winner`).
    pub seat_valued: &'static [&'static str],
}

impl Vocabulary {
    fn all(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.per_seat
            .iter()
            .chain(self.scalar)
            .chain(self.per_deal)
            .chain(self.seat_valued)
            .copied()
    }

    /// A player's name may not be a figure's key.
    pub fn is_reserved(&self, name: &str) -> bool {
        name == "unplayable" || self.all().any(|k| k.eq_ignore_ascii_case(name))
    }

    fn find(keys: &'static [&'static str], k: &str) -> Option<&'static str> {
        keys.iter().copied().find(|x| *x == k)
    }

    fn allowed(&self) -> String {
        let keys: Vec<String> = self.all().map(|k| format!("`{k}`")).collect();
        format!("a player's name, {}, `unplayable`", keys.join(", "))
    }
}

/// Reads an `expect:` block; errors are added to `errors`.
pub fn expectations(
    yaml: &YamlText,
    raw: &RawExpectations,
    head: &Head,
    vocabulary: &Vocabulary,
    points: PointTable,
    errors: &mut Errors,
) -> Vec<Expectation> {
    let mut reader = Reader {
        yaml,
        head,
        vocabulary,
        points,
        errors,
    };
    let mut out: Vec<Expectation> = Vec::new();
    // Each variant named so far, and its place in `out`.
    let mut named: HashMap<String, usize> = HashMap::new();
    let mut entries: Vec<_> = raw.value.iter().collect();
    entries.sort_by_key(|(k, _)| k.referenced.span().offset());
    for (variant, value) in entries {
        let location = yaml.location_of(variant);
        let expected = match &value.value {
            RawExpect::Word(w) => match reader.unplayable(w) {
                Ok(point) => Expected::Unplayable(point),
                Err(msg) => {
                    reader
                        .errors
                        .push(Diagnostic::new(yaml.location_of(value), msg));
                    continue;
                }
            },
            RawExpect::Map(items) => reader.figures(items),
        };
        // One key may name several variants that share the figures: `cotton-1674 parlett`.
        for id in variant.value.split([' ', ',']).filter(|s| !s.is_empty()) {
            if let Some(&first) = named.get(id) {
                let first = &out[first];
                reader.errors.push_with(|| {
                    Diagnostic::new(
                        location.clone(),
                        format!("`{}` has two sets of expectations", excerpt(id)),
                    )
                    .note(format!("first at {}", first.location))
                    .note("name each variant once in `expect:`")
                });
                continue;
            }
            named.insert(id.to_string(), out.len());
            out.push(Expectation {
                variant: id.to_string(),
                expected: expected.clone(),
                location: location.clone(),
            });
        }
    }
    out
}

struct Reader<'a> {
    yaml: &'a YamlText,
    head: &'a Head,
    vocabulary: &'a Vocabulary,
    points: PointTable,
    errors: &'a mut Errors,
}

type Figures = Vec<(Figure, Value, Location)>;

impl Reader<'_> {
    fn error(&mut self, location: Location, message: String) {
        self.errors.push(Diagnostic::new(location, message));
    }

    fn seat(&mut self, name: &str, loc: &Location) -> Option<Seat> {
        let found = self.head.seat_of(name);
        if found.is_none() {
            let d = Diagnostic::new(
                loc.clone(),
                format!(
                    "`{}` is not at this table; the seats are {}",
                    excerpt(name),
                    self.head.seats.join(", ")
                ),
            );
            let seats = self.head.seats.iter().map(String::as_str);
            self.errors.push(crate::suggest::hint(d, name, seats));
        }
        found
    }

    /// `unplayable` or `unplayable follow-rule`.
    fn unplayable(&self, word: &str) -> Result<Option<Point>, String> {
        let mut parts = word.split_whitespace();
        if parts.next() != Some("unplayable") {
            return Err(format!(
                "`{}` is not an expectation: write a map of figures, or `unplayable`",
                excerpt(word)
            ));
        }
        match parts.next() {
            None => Ok(None),
            Some(id) => self.points.find(id).map(Some).ok_or_else(|| {
                format!(
                    "unknown rule point `{}`; {}the rule points are {}",
                    excerpt(id),
                    crate::suggest::clause(id, self.points.all().map(|p| p.id())),
                    self.points.allowed()
                )
            }),
        }
    }

    fn figures(&mut self, items: &[(Spanned<String>, Spanned<RawFigure>)]) -> Expected {
        let mut figures = Vec::new();
        let v = self.vocabulary;
        for (key, value) in items {
            let k = key.value.trim();
            let kloc = self.yaml.location_of(key);
            let vloc = self.yaml.location_of(value);
            match &value.value {
                RawFigure::Scalar(w) if k == "unplayable" => {
                    match self.unplayable(&format!("unplayable {w}")) {
                        Ok(point) => return Expected::Unplayable(point),
                        Err(msg) => self.error(vloc, msg),
                    }
                }
                RawFigure::Scalar(m) => {
                    if let Some(key) = Vocabulary::find(v.scalar, k) {
                        let figure = Figure {
                            key,
                            seat: None,
                            deal: None,
                        };
                        self.money(figure, m, vloc, &mut figures);
                    } else if let Some(key) = Vocabulary::find(v.seat_valued, k) {
                        self.seat_value(key, m, vloc, &mut figures);
                    } else if v.per_seat.contains(&"net") && !v.is_reserved(k) {
                        if let Some(seat) = self.seat(k, &kloc) {
                            self.money(Figure::net(seat), m, vloc, &mut figures);
                        }
                    } else {
                        self.unknown(k, kloc);
                    }
                }
                RawFigure::Map(per_player) => match Vocabulary::find(v.per_seat, k) {
                    Some(key) => self.per_seat(key, None, per_player, &mut figures),
                    None => self.unknown(k, kloc),
                },
                RawFigure::List(deals) => match Vocabulary::find(v.per_deal, k) {
                    Some(key) => {
                        for (d, deal) in deals.iter().enumerate() {
                            match &deal.value {
                                RawFigure::Map(per_player) => {
                                    self.per_seat(key, Some(d as u32), per_player, &mut figures)
                                }
                                _ => self.error(
                                    self.yaml.location_of(deal),
                                    format!("each deal's `{key}` is a map from players to figures, as in {{Ann: 1, Ben: 0}}"),
                                ),
                            }
                        }
                    }
                    None => self.unknown(k, kloc),
                },
            }
        }
        Expected::Figures(figures)
    }

    fn unknown(&mut self, k: &str, loc: Location) {
        let allowed = self.vocabulary.allowed();
        let d = Diagnostic::new(
            loc,
            format!("unknown figure `{}`; allowed: {allowed}", excerpt(k)),
        );
        let mut keys: Vec<String> = self.vocabulary.all().map(str::to_string).collect();
        keys.extend(self.head.seats.iter().cloned());
        let d = crate::suggest::hint(d, k, keys.iter().map(String::as_str));
        self.errors.push(d);
    }

    fn per_seat(
        &mut self,
        key: &'static str,
        deal: Option<u32>,
        per_player: &[(Spanned<String>, Spanned<Scalar>)],
        out: &mut Figures,
    ) {
        for (name, m) in per_player {
            let nloc = self.yaml.location_of(name);
            if let Some(seat) = self.seat(name.value.trim(), &nloc) {
                let figure = Figure {
                    key,
                    seat: Some(seat),
                    deal,
                };
                self.money(figure, &m.value.0, self.yaml.location_of(m), out);
            }
        }
    }

    fn seat_value(&mut self, key: &'static str, name: &str, loc: Location, out: &mut Figures) {
        let figure = Figure {
            key,
            seat: None,
            deal: None,
        };
        let name = name.trim();
        let value = if name.eq_ignore_ascii_case("none") {
            Value::Seat(None)
        } else {
            match self.seat(name, &loc) {
                Some(seat) => Value::Seat(Some(seat)),
                None => return,
            }
        };
        self.push(figure, value, loc, out);
    }

    fn money(&mut self, figure: Figure, text: &str, loc: Location, out: &mut Figures) {
        match Money::parse(text) {
            Ok(m) => self.push(figure, Value::Money(m), loc, out),
            Err(err) => self.error(loc, format!("`{}` {err}", excerpt(text))),
        }
    }

    /// Adds a figure, unless the variant already expects it.
    fn push(&mut self, figure: Figure, value: Value, loc: Location, out: &mut Figures) {
        match out.iter().find(|(f, _, _)| *f == figure) {
            Some((_, _, first)) => self.errors.push_with(|| {
                Diagnostic::new(loc, "this figure is already expected for this variant")
                    .note(format!("first expected at {first}"))
            }),
            None => out.push((figure, value, loc)),
        }
    }
}
