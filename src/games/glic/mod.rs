//! Glic, the French game of the board, the Poch and the countdown, as Colyne Stewart
//! reconstructs it: its rule points, its scenario format, its engine, its account in words and
//! its board as a picture, plugged into the shared layer by [`Glic`].
//!
//! A scenario is one deal, played for money: the antes go onto the board (the pot), the
//! sweepstakes and the Poch pay out of it or leave coins on it for the next deal, and the
//! countdown moves pennies between the players. An [`evening`] is several deals (rounds), each
//! on the board the one before it leaves.

pub mod board;
mod board_view;
pub mod engine;
pub mod evening;
mod facts;
mod parse;
pub mod picture;
pub mod points;
mod policies;
pub mod record;
pub mod scenario;
mod schema;
pub mod simulate;
pub mod words;

pub use parse::{VOCABULARY, parse_scenario};

use crate::diagnostic::Diagnostic;
use crate::game::{
    self, Account, DealView, Figure, Game, Hand, HandGroup, Head, Line, Outcome, Played, Row, Value,
};
use crate::money::Money;
use crate::rules::{AsPoint, PointTable, Rules};
use crate::yaml::YamlText;
use board::Compartment;
use record::{Record, Stage};
use scenario::{GlicScenario, Seat};

/// The game of Glic.
pub struct Glic;

impl Game for Glic {
    fn id(&self) -> &'static str {
        "glic"
    }

    fn name(&self) -> &'static str {
        "Glic"
    }

    fn points(&self) -> PointTable {
        points::TABLE
    }

    fn parse(&self, yaml: &YamlText) -> Result<Box<dyn game::Scenario>, Vec<Diagnostic>> {
        parse_scenario(yaml).map(|s| Box::new(s) as Box<dyn game::Scenario>)
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

    /// Stewart's players ante a penny and pay the countdown in pennies.
    fn unit(&self) -> game::Unit {
        game::Unit {
            name: "pennies",
            meaning: "the players ante and pay in pennies (a groat is four)",
        }
    }

    fn scenario_schema(&self) -> serde_json::Value {
        schema::scenario()
    }

    fn simulator(&self) -> Option<&'static dyn crate::simulate::Simulator> {
        Some(&simulate::GlicSimulator)
    }
}

impl game::Scenario for GlicScenario {
    fn game(&self) -> &'static dyn Game {
        &Glic
    }

    fn head(&self) -> &Head {
        &self.head
    }

    fn play(&self, rules: &Rules) -> Outcome {
        self.outcome(rules)
    }

    /// The hands of each round, captioned by the round in an evening.
    fn deal(&self) -> DealView {
        let rounds = std::iter::once(self).chain(&self.later);
        let groups = rounds
            .enumerate()
            .map(|(k, round)| HandGroup {
                caption: (!self.later.is_empty()).then(|| {
                    format!(
                        "Round {}: {} deals; the cut turns up {}",
                        k + 1,
                        round.name(round.dealer),
                        round.cut
                    )
                }),
                hands: round.hands_view(),
            })
            .collect();
        let trumps = self.cut.suit();
        let evening = match self.later.len() {
            0 => String::new(),
            n => format!(
                " An evening of {} rounds: each is played on the board the round before it leaves.",
                n + 1
            ),
        };
        DealView {
            summary: format!(
                "{} deals; {} is eldest. The cut turns up {}: {} are trumps.{evening}",
                self.name(self.dealer),
                self.name(self.eldest()),
                self.cut,
                trumps.name()
            ),
            groups,
            picture: Some(board_view::before(self)),
        }
    }
}

impl GlicScenario {
    /// The hands in turn from the eldest, and the cut.
    fn hands_view(&self) -> Vec<Hand> {
        let trumps = self.cut.suit();
        self.in_turn()
            .map(|seat| Hand {
                label: self.name(seat).to_string(),
                role: if seat == self.dealer {
                    Some("dealer")
                } else if seat == self.eldest() {
                    Some("eldest")
                } else {
                    None
                },
                cards: self.hands[seat.index()]
                    .sorted()
                    .into_iter()
                    .map(|c| (c, c.suit() == trumps))
                    .collect(),
            })
            .chain(std::iter::once(Hand {
                label: "Cut".to_string(),
                role: None,
                cards: vec![(self.cut, true)],
            }))
            .collect()
    }
}

impl Record {
    /// A seat's money over some stages.
    fn money(&self, seat: Seat, stages: &[Stage]) -> Money {
        Money::units(self.net_in(seat, stages))
    }

    /// "Ann +2, Ben −1, Cat −1" for one stage.
    fn stage_text(&self, head: &Head, stage: Stage) -> String {
        head.all_seats()
            .map(|s| format!("{} {}", head.name(s), self.money(s, &[stage]).signed()))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// A stage's row: each seat's money in it, its payments, and the figures it shows.
    fn stage_row(&self, head: &Head, stage: Stage, detail: String, more: &[&'static str]) -> Row {
        let lines: Vec<usize> = (0..self.payments.len())
            .filter(|&i| self.payments[i].stage == stage)
            .collect();
        let mut figures: Vec<Figure> = head
            .all_seats()
            .map(|s| Figure {
                key: stage.id(),
                seat: Some(s),
                deal: None,
            })
            .collect();
        figures.extend(more.iter().map(|&key| Figure {
            key,
            seat: None,
            deal: None,
        }));
        Row {
            label: stage.title().to_string(),
            group: "phase",
            text: if lines.is_empty() {
                "—".to_string()
            } else {
                self.stage_text(head, stage)
            },
            lines,
            detail: Some(detail),
            figures,
        }
    }
}

impl Played for Record {
    fn nets(&self) -> Vec<Money> {
        (0..self.seats as u8)
            .map(|s| self.money(Seat(s), &Stage::ALL))
            .collect()
    }

    fn figure(&self, figure: &Figure) -> Option<Value> {
        let seat_value = |s: Option<Seat>| Some(Value::Seat(s));
        match (figure.key, figure.seat) {
            ("net", Some(s)) => Some(Value::Money(self.money(s, &Stage::ALL))),
            (key, Some(s)) => Some(Value::Money(self.money(s, &[Stage::from_id(key)?]))),
            ("board", None) => {
                let left: u32 = self.compartments.iter().map(|c| c.left).sum();
                Some(Value::Money(Money::units(left as i64)))
            }
            ("poch-winner", None) => seat_value(self.poch.winner),
            (key, None) if key.starts_with("pennies-on-") => {
                let c = Compartment::from_id(&key["pennies-on-".len()..])?;
                Some(Value::Money(Money::units(
                    self.compartments[c.index()].left as i64,
                )))
            }
            ("out", None) => seat_value(Some(self.countdown.out)),
            (key, None) => seat_value(self.compartments[Compartment::from_id(key)?.index()].taker),
        }
    }

    /// The coins left on the board, which the next round is played on.
    fn carry(&self) -> Option<String> {
        Some(board::carried(&self.board_after()))
    }

    /// Every payment, the board's side named by its compartment.
    fn payments(&self, _head: &Head) -> Vec<Line> {
        self.payments
            .iter()
            .map(|p| Line {
                phase: p.stage.title(),
                from: place(p, p.from),
                to: place(p, p.to),
                amount: Money::units(p.pennies as i64),
                point: p.point.point(),
                reason: words::reason(p),
            })
            .collect()
    }

    fn rows(&self, head: &Head) -> Vec<Row> {
        let staked: Vec<String> = Compartment::STAKED
            .iter()
            .map(|c| {
                format!(
                    "{}: {}",
                    c.title(),
                    words::fate(head, &self.compartments[c.index()])
                )
            })
            .collect();
        let poch = &self.compartments[Compartment::Poch.index()];
        let board_lines = (0..self.payments.len()).collect::<Vec<_>>();
        vec![
            self.stage_row(
                head,
                Stage::Ante,
                "Each ante goes onto the board.".into(),
                &[],
            ),
            self.stage_row(
                head,
                Stage::Sweepstakes,
                format!("{}.", staked.join("; ")),
                &Compartment::STAKED
                    .iter()
                    .map(|c| c.id())
                    .collect::<Vec<_>>(),
            ),
            self.stage_row(
                head,
                Stage::Poch,
                format!(
                    "{}. The Poch: {}.",
                    words::poch_result(head, &self.poch),
                    words::fate(head, poch)
                ),
                &["poch-winner"],
            ),
            self.stage_row(head, Stage::Countdown, words::summary(head, self), &["out"]),
            Row {
                label: "Left on the board".to_string(),
                group: "pot",
                text: words::board_left(self),
                lines: board_lines
                    .into_iter()
                    .filter(|&i| {
                        let p = &self.payments[i];
                        p.from == game::Party::Pot || p.to == game::Party::Pot
                    })
                    .collect(),
                detail: None,
                // The whole board, then what each compartment holds.
                figures: std::iter::once("board")
                    .chain(
                        VOCABULARY
                            .per_part
                            .iter()
                            .flat_map(|(_, parts)| parts.iter().map(|(_, figure)| *figure)),
                    )
                    .map(|key| Figure {
                        key,
                        seat: None,
                        deal: None,
                    })
                    .collect(),
            },
        ]
    }

    fn account(&self, head: &Head) -> Account {
        Account {
            stages: words::stages(head, self),
            tricks: Vec::new(),
            summary: words::summary(head, self),
            filled: words::filled(head, self),
            cited: self.cited.iter().map(|p| p.point()).collect(),
            picture: Some(board_view::after(head, self)),
        }
    }

    fn balances(&self) -> bool {
        Record::balances(self)
    }
}

/// The board's side of a payment, named by the compartment it goes on or comes from.
fn place(p: &record::Payment, party: game::Party) -> game::Party {
    match (party, p.why) {
        (
            game::Party::Pot,
            record::Why::Ante(c) | record::Why::Took(c) | record::Why::Returned(c),
        ) => game::Party::Place(c.place()),
        (game::Party::Pot, record::Why::Bet) => game::Party::Place(Compartment::Poch.place()),
        (game::Party::Pot, _) => game::Party::Place("board"),
        (party, _) => party,
    }
}
