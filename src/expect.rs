//! What scenario files share, whatever the game: word lists, scalars, and the `expect:` block.
//!
//! Every game writes its expectations the same way: per variant (one key may name several),
//! `unplayable [point]`, `undetermined`, or a map of figures. A figure is an amount, bounds
//! (`{at-least: 16}`) or `undetermined`; `one-of` gives several sets of figures; `unplayable:`
//! in a map names the forbidden actions' points and keeps the figures settled before the first.
//! Which figures exist is the game's [`Vocabulary`]; what each form claims is judged in
//! [`crate::check`].

use crate::diagnostic::{Diagnostic, Errors, Location, excerpt};
use crate::game::{Branch, Claim, Expectation, Expected, Figure, Forbids, Head, Seat, Value, Want};
pub use crate::located::node::{RawFigure, Scalar, Words};
use crate::money::Money;
use crate::rules::{Point, PointTable};
use crate::yaml::YamlText;
use serde_saphyr::Spanned;
use std::collections::HashMap;

/// The `expect:` block as written.
pub type RawExpectations = Spanned<HashMap<Spanned<String>, Spanned<RawFigure>>>;

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
    /// Keys whose value is a player's name or `none` (`winner`), or a list of such (each trick's
    /// winner, the players who share a ruff).
    pub seat_valued: &'static [&'static str],
    /// Keys whose value is a map from the game's places to amounts (`left: {ace: 1}`): each
    /// place as written, and the key of its figure.
    pub per_part: &'static [(&'static str, &'static [(&'static str, &'static str)])],
    /// The key of a list with one map of figures per round of an evening (Glic's `rounds`),
    /// each map read with this same vocabulary, if the game plays evenings.
    pub per_round: Option<&'static str>,
}

/// The words of the `expect:` block that are not figures.
const UNPLAYABLE: &str = "unplayable";
const UNDETERMINED: &str = "undetermined";
const ONE_OF: &str = "one-of";
/// The most options a `one-of` may list: more than any rule point has choices, and bounded.
pub const MAX_OPTIONS: usize = 32;
/// The words of the `expect:` block that are not figures' keys.
const WORDS: &[&str] = &[
    UNPLAYABLE,
    UNDETERMINED,
    ONE_OF,
    "none",
    "at-least",
    "at-most",
];

impl Vocabulary {
    fn all(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.per_seat
            .iter()
            .chain(self.scalar)
            .chain(self.per_deal)
            .chain(self.seat_valued)
            .copied()
            .chain(self.per_part.iter().map(|(k, _)| *k))
            .chain(self.per_round)
    }

    /// The words a player's name may not be: the figures' keys and the words of the `expect:`
    /// block.
    pub fn reserved(&self) -> impl Iterator<Item = &'static str> + '_ {
        WORDS.iter().copied().chain(self.all())
    }

    /// A player's name may not be a figure's key, nor a word of the `expect:` block.
    pub fn is_reserved(&self, name: &str) -> bool {
        self.reserved().any(|w| w.eq_ignore_ascii_case(name))
    }

    fn find(keys: &'static [&'static str], k: &str) -> Option<&'static str> {
        keys.iter().copied().find(|x| *x == k)
    }

    fn allowed(&self) -> String {
        let keys: Vec<String> = self.all().map(|k| format!("`{k}`")).collect();
        format!(
            "a player's name, {}, `one-of`, `unplayable`",
            keys.join(", ")
        )
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
        let Some(expected) = reader.expected(value) else {
            continue;
        };
        // One key may name several variants that share the figures: `cotton-1674 parlett`.
        for id in variant_ids(&variant.value) {
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

/// Marks a claim's figures as a round's.
fn in_round(claim: &mut Claim, round: u32) {
    match claim {
        Claim::Figure { figure, .. } => figure.deal = Some(round),
        Claim::OneOf { options, .. } => {
            for branch in options {
                if let Branch::Figures(figures) = branch {
                    figures.iter_mut().for_each(|(f, _)| f.deal = Some(round));
                }
            }
        }
    }
}

/// The variant ids of a key that may name several (`cotton-1674 parlett`, `a, b`).
pub fn variant_ids(key: &str) -> impl Iterator<Item = &str> {
    key.split([' ', ',']).filter(|s| !s.is_empty())
}

struct Reader<'a> {
    yaml: &'a YamlText,
    head: &'a Head,
    vocabulary: &'a Vocabulary,
    points: PointTable,
    errors: &'a mut Errors,
}

/// Where a map of figures stands: a variant's own figures, or one option of a `one-of`, where
/// neither `unplayable`, `undetermined` nor another `one-of` belongs.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Level {
    Variant,
    Option,
}

/// The claims of a map of figures, and the `unplayable` entry if it has one.
#[derive(Default)]
struct Read {
    claims: Vec<Claim>,
    unplayable: Option<Forbids>,
}

impl Reader<'_> {
    fn error(&mut self, location: Location, message: String) {
        self.errors.push(Diagnostic::new(location, message));
    }

    fn seat(&mut self, name: &str, loc: &Location) -> Option<Seat> {
        crate::located::seat(self.head, name, loc, self.errors)
    }

    /// One variant's expectations; `None` (and an error) when they cannot be read at all.
    fn expected(&mut self, value: &Spanned<RawFigure>) -> Option<Expected> {
        let vloc = self.yaml.location_of(value);
        match &value.value {
            RawFigure::Scalar(w) if w.trim() == UNDETERMINED => Some(Expected::Undetermined),
            RawFigure::Scalar(w) => match self.unplayable_word(w) {
                Ok(forbids) => Some(Expected::Unplayable {
                    forbids,
                    figures: Vec::new(),
                }),
                Err(msg) => {
                    self.error(vloc, msg);
                    None
                }
            },
            RawFigure::Empty => {
                self.error(
                    vloc,
                    "no expectation is given: write a map of figures, `unplayable`, or `undetermined` where the sources give no figure (a comment may say why)".to_string(),
                );
                None
            }
            RawFigure::List(_) => {
                self.error(
                    vloc,
                    "an expectation is a map of figures, `unplayable` or `undetermined`, not a list".to_string(),
                );
                None
            }
            RawFigure::Map(items) => {
                let read = self.figures(items, Level::Variant);
                if (read.claims.len() > 1 || read.unplayable.is_some())
                    && let Some(c) = read.claims.iter().find(|c| c.may_forbid())
                {
                    self.error(
                        c.location().clone(),
                        "a `one-of` with an `unplayable` option stands alone: it says the deal may not be played, so no other figure can be expected beside it; put the figures in its options".to_string(),
                    );
                    return None;
                }
                Some(match read.unplayable {
                    Some(forbids) => Expected::Unplayable {
                        forbids,
                        figures: read.claims,
                    },
                    None => Expected::Figures(read.claims),
                })
            }
        }
    }

    /// `unplayable` or `unplayable follow-rule`: the first forbidden action's point.
    fn unplayable_word(&self, word: &str) -> Result<Forbids, String> {
        let mut parts = word.split_whitespace();
        if parts.next() != Some(UNPLAYABLE) {
            return Err(format!(
                "`{}` is not an expectation: write a map of figures, `unplayable` or `undetermined`",
                excerpt(word)
            ));
        }
        let forbids = match parts.next() {
            None => Forbids::Any,
            Some(id) => Forbids::First(self.point(id)?),
        };
        match parts.next() {
            None => Ok(forbids),
            Some(_) => Err(
                "`unplayable` names one rule point, the first forbidden action's; to name every forbidden action's, write `unplayable: [point, point]`"
                    .to_string(),
            ),
        }
    }

    fn point(&self, id: &str) -> Result<Point, String> {
        self.points.find(id).ok_or_else(|| {
            format!(
                "unknown rule point `{}`; {}the rule points are {}",
                excerpt(id),
                crate::suggest::clause(id, self.points.all().map(|p| p.id())),
                self.points.allowed()
            )
        })
    }

    /// `unplayable:` inside a map: nothing, a point (the first forbidden action's), or a list
    /// of points (every forbidden action's, in order).
    fn unplayable_entry(&mut self, value: &Spanned<RawFigure>) -> Option<Forbids> {
        let vloc = self.yaml.location_of(value);
        let result = match &value.value {
            RawFigure::Empty => Ok(Forbids::Any),
            RawFigure::Scalar(w) => self.unplayable_word(&format!("{UNPLAYABLE} {w}")),
            RawFigure::List(items) => {
                let mut points = Vec::new();
                for item in items {
                    match &item.value {
                        RawFigure::Scalar(id) => match self.point(id.trim()) {
                            Ok(p) => points.push(p),
                            Err(msg) => self.error(self.yaml.location_of(item), msg),
                        },
                        _ => self.error(
                            self.yaml.location_of(item),
                            "each item is a rule point's id".to_string(),
                        ),
                    }
                }
                Ok(Forbids::Every(points))
            }
            RawFigure::Map(_) => Err(
                "`unplayable:` takes a rule point, or a list of rule points, one per forbidden action"
                    .to_string(),
            ),
        };
        result.map_err(|msg| self.error(vloc, msg)).ok()
    }

    /// A map of figures: a variant's, or one option of a `one-of`.
    fn figures(&mut self, items: &[(Spanned<String>, Spanned<RawFigure>)], level: Level) -> Read {
        let mut read = Read::default();
        for (key, value) in items {
            let k = key.value.trim();
            let kloc = self.yaml.location_of(key);
            let at_variant = level == Level::Variant;
            match k {
                UNPLAYABLE if at_variant => read.unplayable = self.unplayable_entry(value),
                ONE_OF if at_variant => {
                    if let Some(claim) = self.one_of(value, None) {
                        self.push(claim, &mut read.claims);
                    }
                }
                UNPLAYABLE | ONE_OF => self.error(
                    kloc,
                    format!("`{k}` cannot stand inside an option of `one-of`: each option is a map of figures"),
                ),
                _ if Some(k) == self.vocabulary.per_round => match level {
                    Level::Variant => self.rounds(k, value, &mut read.claims),
                    Level::Option => self.error(
                        kloc,
                        format!("`{k}` stands at a variant's own figures, not inside an option of `one-of`"),
                    ),
                },
                _ => self.figure(k, kloc, value, level, &mut read.claims),
            }
        }
        read
    }

    /// One key of a map of figures and its value.
    fn figure(
        &mut self,
        k: &str,
        kloc: Location,
        value: &Spanned<RawFigure>,
        level: Level,
        out: &mut Vec<Claim>,
    ) {
        let v = self.vocabulary;
        if let Some(key) = Vocabulary::find(v.scalar, k) {
            let figure = Figure {
                key,
                seat: None,
                deal: None,
            };
            self.amount(figure, value, level, out);
        } else if let Some(key) = Vocabulary::find(v.seat_valued, k) {
            self.seat_value(key, value, level, out);
        } else if let Some(key) = Vocabulary::find(v.per_seat, k) {
            self.per_seat(key, None, value, level, out);
        } else if let Some(key) = Vocabulary::find(v.per_deal, k) {
            self.per_deal(key, value, level, out);
        } else if let Some((key, parts)) = v.per_part.iter().find(|(x, _)| *x == k) {
            self.per_part(key, parts, value, level, out);
        } else if v.per_seat.contains(&"net")
            && !v.is_reserved(k)
            && let Some(seat) = self.head.seat_of(k)
        {
            self.amount(Figure::net(seat), value, level, out);
        } else {
            let allowed = self.vocabulary.allowed();
            let d = Diagnostic::new(
                kloc,
                format!(
                    "unknown figure `{}`; allowed: {allowed} (the seats are {})",
                    excerpt(k),
                    self.head.seats.join(", ")
                ),
            );
            let mut keys: Vec<String> = self.vocabulary.all().map(str::to_string).collect();
            keys.extend(self.head.seats.iter().cloned());
            self.errors
                .push(crate::suggest::hint(d, k, keys.iter().map(String::as_str)));
        }
    }

    /// `one-of: [{...}, {...}]`: options of a variant's figures, or of one per-seat key's (`key`).
    fn one_of(&mut self, value: &Spanned<RawFigure>, key: Option<&'static str>) -> Option<Claim> {
        let at = self.yaml.location_of(value);
        let items = self.options(value)?;
        let mut options = Vec::new();
        for item in items {
            let mut claims = Vec::new();
            match (&item.value, key) {
                (RawFigure::Map(entries), None)
                    if entries.iter().any(|(k, _)| k.value.trim() == UNPLAYABLE) =>
                {
                    match &entries[..] {
                        [(_, value)] => {
                            if let Some(forbids) = self.unplayable_entry(value) {
                                options.push(Branch::Unplayable(forbids));
                            }
                        }
                        _ => self.error(
                            self.yaml.location_of(item),
                            "an `unplayable` option names the forbidding rule point alone, as in {unplayable: who-may-put}".to_string(),
                        ),
                    }
                    continue;
                }
                (RawFigure::Map(entries), None) => {
                    claims = self.figures(entries, Level::Option).claims;
                }
                (RawFigure::Map(_), Some(key)) => {
                    self.per_seat(key, None, item, Level::Option, &mut claims)
                }
                _ => {
                    self.error(
                        self.yaml.location_of(item),
                        "each option of `one-of` is a map of figures, as in {Ann: +5, Ben: -5}, or {unplayable: point}"
                            .to_string(),
                    );
                    continue;
                }
            }
            let option = claims
                .into_iter()
                .filter_map(|c| match c {
                    Claim::Figure { figure, want, .. } => Some((figure, want)),
                    Claim::OneOf { .. } => None,
                })
                .collect();
            options.push(Branch::Figures(option));
        }
        Some(Claim::OneOf { options, at })
    }

    /// A per-seat key's value: a map from players to amounts, `undetermined` for every player, or
    /// `{one-of: [...]}`.
    fn per_seat(
        &mut self,
        key: &'static str,
        deal: Option<u32>,
        value: &Spanned<RawFigure>,
        level: Level,
        out: &mut Vec<Claim>,
    ) {
        let vloc = self.yaml.location_of(value);
        match &value.value {
            RawFigure::Scalar(w) if w.trim() == UNDETERMINED && level == Level::Variant => {
                for seat in self.head.all_seats() {
                    let figure = Figure {
                        key,
                        seat: Some(seat),
                        deal,
                    };
                    self.push(
                        Claim::Figure {
                            figure,
                            want: Want::Undetermined,
                            at: vloc.clone(),
                        },
                        out,
                    );
                }
            }
            RawFigure::Map(entries)
                if entries.iter().any(|(k, _)| k.value.trim() == ONE_OF) && deal.is_none() =>
            {
                match (&entries[..], level) {
                    ([(_, options)], Level::Variant) => {
                        if let Some(claim) = self.one_of(options, Some(key)) {
                            self.push(claim, out);
                        }
                    }
                    _ => self.error(
                        vloc,
                        format!(
                            "`{key}: {{one-of: [...]}}` stands alone, at a variant's own figures"
                        ),
                    ),
                }
            }
            RawFigure::Map(entries) => {
                for (name, m) in entries {
                    let nloc = self.yaml.location_of(name);
                    if let Some(seat) = self.seat(name.value.trim(), &nloc) {
                        let figure = Figure {
                            key,
                            seat: Some(seat),
                            deal,
                        };
                        self.amount(figure, m, level, out);
                    }
                }
            }
            _ => self.error(
                vloc,
                format!(
                    "`{key}` is a map from players to figures, as in {{Ann: +1, Ben: 0}}{}",
                    if level == Level::Variant {
                        ", or `undetermined`, or `{one-of: [...]}`"
                    } else {
                        ""
                    }
                ),
            ),
        }
    }

    /// A map from the game's places to amounts: `left: {ace: 1, nine-eight-seven: 3}`.
    fn per_part(
        &mut self,
        key: &str,
        parts: &[(&'static str, &'static str)],
        value: &Spanned<RawFigure>,
        level: Level,
        out: &mut Vec<Claim>,
    ) {
        let names = || parts.iter().map(|(p, _)| *p);
        let RawFigure::Map(entries) = &value.value else {
            let example = names().next().unwrap_or_default();
            return self.error(
                self.yaml.location_of(value),
                format!("`{key}` is a map from places to amounts, as in {{{example}: 1}}"),
            );
        };
        for (name, amount) in entries {
            let written = name.value.trim();
            match parts.iter().find(|(p, _)| p.eq_ignore_ascii_case(written)) {
                Some((_, figure)) => {
                    let figure = Figure {
                        key: figure,
                        seat: None,
                        deal: None,
                    };
                    self.amount(figure, amount, level, out);
                }
                None => {
                    let all: Vec<String> = names().map(|p| format!("`{p}`")).collect();
                    let d = Diagnostic::new(
                        self.yaml.location_of(name),
                        format!(
                            "`{}` is not a place of `{key}`; allowed: {}",
                            excerpt(written),
                            all.join(", ")
                        ),
                    );
                    self.errors.push(crate::suggest::hint(d, written, names()));
                }
            }
        }
    }

    fn per_deal(
        &mut self,
        key: &'static str,
        value: &Spanned<RawFigure>,
        level: Level,
        out: &mut Vec<Claim>,
    ) {
        let RawFigure::List(deals) = &value.value else {
            self.error(
                self.yaml.location_of(value),
                format!("`{key}` is a list with one map from players to figures per deal"),
            );
            return;
        };
        for (d, deal) in deals.iter().enumerate() {
            match &deal.value {
                RawFigure::Map(_) => self.per_seat(key, Some(d as u32), deal, level, out),
                _ => self.error(
                    self.yaml.location_of(deal),
                    format!("each deal's `{key}` is a map from players to figures, as in {{Ann: 1, Ben: 0}}"),
                ),
            }
        }
    }

    /// `rounds: [{...}, {...}]`: a map of figures per round of an evening, each figure marked
    /// with its round; neither `unplayable` nor another `rounds` stands in a round.
    fn rounds(&mut self, key: &str, value: &Spanned<RawFigure>, out: &mut Vec<Claim>) {
        let RawFigure::List(rounds) = &value.value else {
            return self.error(
                self.yaml.location_of(value),
                format!("`{key}` is a list with one map of figures per round, as in [{{board: 1}}, {{net: {{Ann: +2}}}}]"),
            );
        };
        for (k, round) in rounds.iter().enumerate() {
            let RawFigure::Map(entries) = &round.value else {
                self.error(
                    self.yaml.location_of(round),
                    format!(
                        "each round of `{key}` is a map of figures, as in {{board: 1, queen: Ann}}"
                    ),
                );
                continue;
            };
            let nested = entries
                .iter()
                .find(|(e, _)| [UNPLAYABLE, key].contains(&e.value.trim()));
            if let Some((e, _)) = nested {
                self.error(
                    self.yaml.location_of(e),
                    format!(
                        "`{}` stands at a variant's own figures, not in a round",
                        e.value.trim()
                    ),
                );
                continue;
            }
            for mut claim in self.figures(entries, Level::Variant).claims {
                if claim.may_forbid() {
                    self.error(
                        claim.location().clone(),
                        "a `one-of` with an `unplayable` option stands alone, at a variant's own figures, not in a round".to_string(),
                    );
                    continue;
                }
                in_round(&mut claim, k as u32);
                self.push(claim, out);
            }
        }
    }

    /// A player's name or `none`, or a list of them; at a variant's own figures also
    /// `undetermined`, or `{one-of: [...]}` of such answers.
    fn seat_value(
        &mut self,
        key: &'static str,
        value: &Spanned<RawFigure>,
        level: Level,
        out: &mut Vec<Claim>,
    ) {
        let at = self.yaml.location_of(value);
        let figure = Figure {
            key,
            seat: None,
            deal: None,
        };
        let want = match &value.value {
            RawFigure::Scalar(w) if w.trim() == UNDETERMINED && level == Level::Variant => {
                Want::Undetermined
            }
            RawFigure::Map(entries) if level == Level::Variant => {
                let one_of = match &entries[..] {
                    [(k, options)] if k.value.trim() == ONE_OF => options,
                    _ => {
                        return self.error(
                            at,
                            format!("`{key}` is a player's name, `none`, a list of them, `undetermined`, or `{{one-of: [Ann, Ben]}}`"),
                        );
                    }
                };
                let Some(answers) = self.options(one_of) else {
                    return;
                };
                let mut branches = Vec::new();
                for answer in answers {
                    let Some(v) = self.seats_value(key, answer) else {
                        return;
                    };
                    branches.push(Branch::Figures(vec![(figure.clone(), Want::Exactly(v))]));
                }
                let claim = Claim::OneOf {
                    options: branches,
                    at,
                };
                return self.push(claim, out);
            }
            _ => match self.seats_value(key, value) {
                Some(v) => Want::Exactly(v),
                None => return,
            },
        };
        self.push(Claim::Figure { figure, want, at }, out);
    }

    /// The items of a `one-of`, from two to [`MAX_OPTIONS`].
    fn options<'v>(&mut self, value: &'v Spanned<RawFigure>) -> Option<&'v [Spanned<RawFigure>]> {
        let at = self.yaml.location_of(value);
        let RawFigure::List(items) = &value.value else {
            self.error(
                at,
                "`one-of` takes a list of options, each a map of figures: `one-of: [{Ann: +5, Ben: -5}, {Ann: -1, Ben: +1}]`".to_string(),
            );
            return None;
        };
        if items.len() < 2 || items.len() > MAX_OPTIONS {
            self.error(
                at,
                format!(
                    "`one-of` lists {} option(s); it takes from two to {MAX_OPTIONS}",
                    items.len()
                ),
            );
            return None;
        }
        Some(items)
    }

    /// A player's name or `none`, or a list of them.
    fn seats_value(&mut self, key: &'static str, value: &Spanned<RawFigure>) -> Option<Value> {
        let at = self.yaml.location_of(value);
        match &value.value {
            RawFigure::Scalar(name) => self.seat_or_none(name, &at).map(Value::Seat),
            RawFigure::List(items) => {
                let mut seats = Vec::new();
                for item in items {
                    let iloc = self.yaml.location_of(item);
                    match &item.value {
                        RawFigure::Scalar(name) => seats.push(self.seat_or_none(name, &iloc)?),
                        _ => {
                            self.error(iloc, "each item is a player's name, or `none`".to_string());
                            return None;
                        }
                    }
                }
                Some(Value::Seats(seats))
            }
            _ => {
                self.error(
                    at,
                    format!("`{key}` is a player's name, `none`, or a list of them"),
                );
                None
            }
        }
    }

    fn seat_or_none(&mut self, name: &str, at: &Location) -> Option<Option<Seat>> {
        let name = name.trim();
        if name.eq_ignore_ascii_case("none") {
            Some(None)
        } else {
            self.seat(name, at).map(Some)
        }
    }

    /// An amount (`+3`), bounds (`{at-least: 16}`), or `undetermined`.
    fn amount(
        &mut self,
        figure: Figure,
        value: &Spanned<RawFigure>,
        level: Level,
        out: &mut Vec<Claim>,
    ) {
        let at = self.yaml.location_of(value);
        let want = match &value.value {
            RawFigure::Scalar(w) if w.trim() == UNDETERMINED => {
                if level == Level::Option {
                    self.error(
                        at,
                        "an option of `one-of` gives figures; `undetermined` stands at a variant's own figures".to_string(),
                    );
                    return;
                }
                Want::Undetermined
            }
            RawFigure::Scalar(text) => match Money::parse(text) {
                Ok(m) => Want::Exactly(Value::Money(m)),
                Err(err) => return self.error(at, format!("`{}` {err}", excerpt(text))),
            },
            RawFigure::Map(bounds) => match self.bounds(bounds, &at) {
                Some(w) => w,
                None => return,
            },
            _ => {
                return self.error(
                    at,
                    "a figure is an amount (`+3`), bounds (`{at-least: 16}`) or `undetermined`"
                        .to_string(),
                );
            }
        };
        self.push(Claim::Figure { figure, want, at }, out);
    }

    /// `{at-least: 16}`, `{at-most: 4}`, or both.
    fn bounds(
        &mut self,
        bounds: &[(Spanned<String>, Spanned<RawFigure>)],
        at: &Location,
    ) -> Option<Want> {
        let (mut at_least, mut at_most) = (None, None);
        let mut sound = true;
        for (k, v) in bounds {
            let vloc = self.yaml.location_of(v);
            let amount = match &v.value {
                RawFigure::Scalar(text) => match Money::parse(text) {
                    Ok(m) => Some(m),
                    Err(err) => {
                        self.error(vloc, format!("`{}` {err}", excerpt(text)));
                        None
                    }
                },
                _ => {
                    self.error(vloc, "a bound is an amount".to_string());
                    None
                }
            };
            sound &= amount.is_some();
            match k.value.trim() {
                "at-least" => at_least = amount,
                "at-most" => at_most = amount,
                other => {
                    sound = false;
                    self.error(
                        self.yaml.location_of(k),
                        format!(
                            "`{}` is not a bound; allowed: `at-least`, `at-most`",
                            excerpt(other)
                        ),
                    );
                }
            }
        }
        if !sound {
            return None;
        }
        match (at_least, at_most) {
            (None, None) => {
                self.error(
                    at.clone(),
                    "bounds name `at-least`, `at-most` or both".to_string(),
                );
                None
            }
            (Some(lo), Some(hi)) if lo > hi => {
                self.error(
                    at.clone(),
                    format!(
                        "no amount is at least {} and at most {}",
                        lo.signed(),
                        hi.signed()
                    ),
                );
                None
            }
            _ => Some(Want::Within { at_least, at_most }),
        }
    }

    /// Adds a claim, unless the variant already expects one of its figures.
    fn push(&mut self, claim: Claim, out: &mut Vec<Claim>) {
        let first = out.iter().find_map(|c| {
            c.figures()
                .iter()
                .any(|f| claim.figures().contains(f))
                .then(|| c.location().clone())
        });
        match first {
            Some(first) => self.errors.push_with(|| {
                Diagnostic::new(
                    claim.location().clone(),
                    "this figure is already expected for this variant",
                )
                .note(format!("first expected at {first}"))
            }),
            None => out.push(claim),
        }
    }
}
