//! Gleek, the three-handed game of Cotgrave, Willughby and Cotton: its rule points, its scenario
//! format, its engine, and its account in words, plugged into the shared layer by [`Gleek`].

pub mod engine;
mod facts;
pub mod ledger;
mod parse;
pub mod points;
pub mod policies;
pub mod scenario;
mod schema;
pub mod simulate;
pub mod words;

pub use parse::{VOCABULARY, parse_scenario};

use crate::diagnostic::Diagnostic;
use crate::diagnostic::Location;
use crate::game::{
    self, Account, DealView, Figure, Forbidden, Game, Hand, HandGroup, Head, Line, Outcome, Played,
    Row, TrickLine, Value,
};
use crate::money::Money;
use crate::rules::{AsPoint, PointTable, Rules};
use crate::yaml::YamlText;
use ledger::{Ledger, Party, Phase};
use scenario::Scenario;
use std::sync::Arc;

/// The game of Gleek.
pub struct Gleek;

impl Game for Gleek {
    fn id(&self) -> &'static str {
        "gleek"
    }

    fn name(&self) -> &'static str {
        "Gleek"
    }

    fn points(&self) -> PointTable {
        points::TABLE
    }

    fn parse(&self, yaml: &YamlText) -> Result<Box<dyn game::Scenario>, Vec<Diagnostic>> {
        parse_scenario(yaml).map(|s| Box::new(s) as Box<dyn game::Scenario>)
    }

    fn scenario_schema(&self) -> serde_json::Value {
        schema::scenario()
    }

    fn stages(&self) -> &'static [game::StageDef] {
        facts::STAGES
    }

    fn facts(&self) -> &'static [game::Fact] {
        facts::FACTS
    }

    fn setup(&self) -> game::Setup {
        facts::SETUP
    }

    /// Cotton's tables played "at Farthing, Halfpenny, or Penny-Gleek" (p. 90): a counter is that.
    fn unit(&self) -> game::Unit {
        game::Unit {
            name: "counters",
            meaning: "a counter is the stake the table agrees, a farthing, a halfpenny or a penny \
                      (the points in play are card and honour points)",
        }
    }

    fn simulator(&self) -> Option<&'static dyn crate::simulate::Simulator> {
        Some(&simulate::GleekSimulator)
    }
}

impl game::Scenario for Scenario {
    fn game(&self) -> &'static dyn Game {
        &Gleek
    }

    fn head(&self) -> &Head {
        &self.head
    }

    fn play(&self, rules: &Rules) -> Outcome {
        outcome(engine::play(self, rules))
    }

    fn play_as(&self, variant: &str, rules: &Rules) -> Outcome {
        outcome(engine::play_as(self, variant, rules))
    }

    fn writes_for(&self, variant: &str) -> bool {
        self.carried_for.iter().any(|c| c.variant == variant)
    }

    fn forbidden(&self, variant: &str, rules: &Rules) -> Forbidden {
        let through = engine::play_through(self, variant, rules);
        Forbidden {
            actions: through.forbidden,
            before: through.before.map(|l| Arc::new(l) as Arc<dyn game::Played>),
        }
    }

    fn variants_named(&self) -> Vec<(String, Location)> {
        let mut named: Vec<(String, Location)> = self
            .head
            .expect
            .iter()
            .map(|e| (e.variant.clone(), e.location.clone()))
            .collect();
        named.extend(
            self.carried_for
                .iter()
                .map(|c| (c.variant.clone(), c.at.clone())),
        );
        named
    }

    fn order(&self) -> Vec<game::Seat> {
        self.speaking_order().to_vec()
    }

    fn deal(&self) -> DealView {
        let trump = self.turn_up.suit();
        let cards = |set: crate::cards::CardSet| {
            set.sorted()
                .into_iter()
                .map(|c| (c, c.suit() == trump))
                .collect::<Vec<_>>()
        };
        let roles = ["eldest", "middle hand", "dealer"];
        let mut hands: Vec<Hand> = self
            .speaking_order()
            .iter()
            .zip(roles)
            .map(|(&seat, role)| Hand {
                label: self.name(seat).to_string(),
                role: Some(role),
                cards: cards(self.hands[seat.index()]),
            })
            .collect();
        hands.push(Hand {
            label: "Turn-up".into(),
            role: None,
            cards: vec![(self.turn_up, true)],
        });
        hands.push(Hand {
            label: "Stock".into(),
            role: None,
            cards: cards(self.stock),
        });
        DealView {
            summary: format!(
                "{} deals; {} is eldest. Trumps: {}, by the turn-up.",
                self.name(self.dealer),
                self.name(self.eldest()),
                trump.name()
            ),
            groups: vec![HandGroup {
                caption: None,
                hands,
            }],
            picture: None,
        }
    }
}

fn outcome(o: engine::Outcome) -> Outcome {
    match o {
        engine::Outcome::Played(l) => Outcome::Played(Arc::new(l)),
        engine::Outcome::Unplayable(u) => Outcome::Unplayable(u),
    }
}

/// The phase after which a figure is known: a deal stopped by a forbidden action has the figures
/// of the phases before it. `None` for the figures of the whole deal.
fn settled_in(key: &str) -> Option<Phase> {
    match key {
        "ruff-value" | "ruff-winner" => Some(Phase::Ruff),
        "points" | "card-points" | "honour-points" | "par" | "tricks" => Some(Phase::Settlement),
        "net" | "pot" | "box" => None,
        phase => Phase::from_id(phase),
    }
}

/// The words for the nets of some seats: "Ann +2, Ben −1, Cat −1".
fn nets_text(head: &Head, order: &[game::Seat], nets: impl Fn(game::Seat) -> Money) -> String {
    order
        .iter()
        .map(|&x| format!("{} {}", head.name(x), nets(x).signed()))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Ledger {
    fn points_detail(&self, head: &Head) -> String {
        let pts = &self.points;
        let each: Vec<String> = self
            .order
            .iter()
            .map(|&x| {
                format!(
                    "{} {} in cards and {} in honours",
                    head.name(x),
                    pts.cards[x.index()],
                    pts.honours[x.index()]
                )
            })
            .collect();
        format!(
            "{}; {} in play, par {}.",
            each.join("; "),
            pts.in_play(),
            pts.par
        )
    }
}

impl Ledger {
    /// Who won the ruff: nobody, one player, or the players who share it.
    fn ruff_winner(&self) -> Value {
        let winners: Vec<Option<game::Seat>> = self
            .events
            .iter()
            .filter_map(|n| match n.event {
                ledger::Event::RuffWon { seat, .. } => Some(Some(seat)),
                _ => None,
            })
            .collect();
        match winners[..] {
            [] => Value::Seat(None),
            [one] => Value::Seat(one),
            _ => Value::Seats(winners),
        }
    }
}

impl Played for Ledger {
    fn nets(&self) -> Vec<Money> {
        self.nets().to_vec()
    }

    fn figure(&self, figure: &Figure) -> Option<Value> {
        if let Some(stopped) = self.stopped
            && settled_in(figure.key).is_none_or(|p| p >= stopped)
        {
            return None;
        }
        let units = |n: u8| Value::Money(Money::units(n as i64));
        let value = match (figure.key, figure.seat) {
            ("net", Some(s)) => Value::Money(self.net(s)),
            ("points", Some(s)) => units(self.points.total(s)),
            ("card-points", Some(s)) => units(self.points.cards[s.index()]),
            ("honour-points", Some(s)) => units(self.points.honours[s.index()]),
            ("ruff-value", Some(s)) => units(self.ruff_values[s.index()]),
            ("par", None) => units(self.points.par),
            ("pot", None) => Value::Money(self.pot_change()),
            ("box", None) => Value::Money(self.boxed()),
            ("tricks", None) => Value::Seats(self.tricks.iter().map(|t| Some(t.winner)).collect()),
            ("ruff-winner", None) => self.ruff_winner(),
            (key, Some(s)) => Value::Money(self.phase_net(Phase::from_id(key)?, s)),
            _ => return None,
        };
        Some(value)
    }

    fn notes(&self) -> Vec<game::Note> {
        self.partly_scripted
            .iter()
            .map(|(f, at)| game::Note {
                text: format!(
                    "the engine filled {}, which the scenario scripts in part",
                    words::filled(f)
                ),
                at: *at,
            })
            .collect()
    }

    fn payments(&self, head: &Head) -> Vec<Line> {
        self.payments
            .iter()
            .map(|p| Line {
                phase: p.phase.title(),
                from: p.from,
                to: p.to,
                amount: p.amount,
                point: p.point.point(),
                reason: words::reason(p, head),
            })
            .collect()
    }

    fn rows(&self, head: &Head) -> Vec<Row> {
        let order = self.order;
        let figures = |key: &'static str| {
            order
                .iter()
                .map(|&s| Figure {
                    key,
                    seat: Some(s),
                    deal: None,
                })
                .collect()
        };
        let mut rows = Vec::new();
        for phase in Phase::ALL {
            let lines: Vec<usize> = (0..self.payments.len())
                .filter(|&i| self.payments[i].phase == phase)
                .collect();
            let text = if lines.is_empty() {
                "—".to_string()
            } else {
                nets_text(head, &order, |x| self.phase_net(phase, x))
            };
            rows.push(Row {
                label: phase.title().to_string(),
                group: "phase",
                text,
                lines,
                detail: None,
                figures: figures(phase.id()),
            });
            if phase == Phase::LowTrumps {
                // The points made in play, before they are settled against the par.
                let text = order
                    .iter()
                    .map(|&x| format!("{} {}", head.name(x), self.points.total(x)))
                    .collect::<Vec<_>>()
                    .join(", ");
                rows.push(Row {
                    label: "Points in play".to_string(),
                    group: "points",
                    text,
                    lines: Vec::new(),
                    detail: Some(self.points_detail(head)),
                    figures: figures("points"),
                });
            }
        }
        let pot_lines = (0..self.payments.len())
            .filter(|&i| {
                let p = &self.payments[i];
                p.from == Party::Pot || p.to == Party::Pot || p.to == Party::Box
            })
            .collect();
        let mut text = self.pot_change().signed().to_string();
        if !self.boxed().is_zero() {
            text.push_str(&format!(" (box {})", self.boxed()));
        }
        rows.push(Row {
            label: "Left in the pot".into(),
            group: "pot",
            text,
            lines: pot_lines,
            detail: None,
            figures: vec![Figure {
                key: "pot",
                seat: None,
                deal: None,
            }],
        });
        rows
    }

    fn account(&self, head: &Head) -> Account {
        let stages = Phase::ALL
            .iter()
            .filter_map(|&ph| {
                let evs: Vec<String> = self
                    .events
                    .iter()
                    .filter(|n| n.phase == ph)
                    .map(|n| words::event(&n.event, head))
                    .collect();
                (!evs.is_empty()).then(|| (ph.title().to_string(), evs))
            })
            .collect();
        let tricks = self
            .tricks
            .iter()
            .enumerate()
            .map(|(i, t)| TrickLine {
                label: (i + 1).to_string(),
                plays: t.cards.to_vec(),
                winner: Some(t.winner),
            })
            .collect();
        let mut summary = format!("Points: {}", self.points_detail(head));
        if !self.pot_before.is_zero() || !self.pot_after().is_zero() {
            summary.push_str(&format!(
                " Pot: {} before the deal, {} after.",
                self.pot_before,
                self.pot_after()
            ));
        }
        if !self.boxed().is_zero() {
            summary.push_str(&format!(" To the box: {}.", self.boxed()));
        }
        let mut cited = Vec::new();
        for p in self.events.iter().filter_map(|e| e.point) {
            if !cited.contains(&p.point()) {
                cited.push(p.point());
            }
        }
        Account {
            stages,
            tricks,
            summary,
            filled: self.filled.iter().map(words::filled).collect(),
            cited,
            picture: None,
        }
    }

    fn balances(&self) -> bool {
        Ledger::balances(self)
    }
}
