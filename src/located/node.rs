//! The YAML values a scenario block is read into, every game alike: a scalar kept as its text,
//! a list of words, and any value as a tree of located nodes. Few types are read straight from
//! YAML on purpose: each is compiled once per type, and a game's own shapes (a play script, a
//! map of figures) are read from these nodes, with errors located by their spans.

use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_saphyr::Spanned;

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

/// A value as written: a scalar, a map (players to figures, or bounds, or options), or a list
/// (one map per deal, a list of names, the options of `one-of`), or nothing.
#[derive(Debug)]
pub enum RawFigure {
    Scalar(String),
    Map(Vec<(Spanned<String>, Spanned<RawFigure>)>),
    List(Vec<Spanned<RawFigure>>),
    Empty,
}

impl<'de> Deserialize<'de> for RawFigure {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<RawFigure, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawFigure;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a figure, a map from players to figures, or a list")
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
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<RawFigure, E> {
                Ok(RawFigure::Scalar(if v { "yes" } else { "no" }.to_string()))
            }
            fn visit_unit<E: de::Error>(self) -> Result<RawFigure, E> {
                Ok(RawFigure::Empty)
            }
            fn visit_none<E: de::Error>(self) -> Result<RawFigure, E> {
                Ok(RawFigure::Empty)
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawFigure, A::Error> {
                let mut out = Vec::new();
                while let Some(entry) = map.next_entry::<Spanned<String>, Spanned<RawFigure>>()? {
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

impl RawFigure {
    /// The words of a scalar, or of a list of scalars (`AS KH` or `[AS, KH]`).
    pub fn words(&self) -> Option<Words> {
        match self {
            RawFigure::Scalar(s) => Some(Words(vec![s.clone()])),
            RawFigure::List(items) => items
                .iter()
                .map(|i| match &i.value {
                    RawFigure::Scalar(s) => Some(s.clone()),
                    _ => None,
                })
                .collect::<Option<Vec<_>>>()
                .map(Words),
            RawFigure::Map(_) | RawFigure::Empty => None,
        }
    }
}

/// Another value at the same place in the file (the words read from a node).
pub fn respan<T, U>(at: &Spanned<T>, value: U) -> Spanned<U> {
    Spanned {
        value,
        referenced: at.referenced,
        defined: at.defined,
    }
}
