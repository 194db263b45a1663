//! Put, the tavern game of three cards and a challenge: its rule points, its scenario format, its
//! engine, and its account in words, plugged into the shared layer by [`Put`].
//!
//! Put's readings keep a score of points toward the game and settle no money, so every net is 0:
//! the outcome table's rows are the score after each deal and the winner.

pub mod engine;
mod facts;
pub mod order;
mod parse;
pub mod points;
pub mod policies;
pub mod record;
pub mod scenario;
mod schema;
pub mod simulate;
pub mod words;

pub use parse::{VOCABULARY, parse_scenario};

use crate::diagnostic::Diagnostic;
use crate::game::{
    self, Account, DealView, Figure, Game, Hand, HandGroup, Head, Line, Outcome, Played, Row,
    TrickLine, Value,
};
use crate::money::Money;
use crate::rules::AsPoint;
use crate::rules::{PointTable, Rules};
use crate::yaml::YamlText;
use record::{Award, Event, Record};
use scenario::{FirstDeal, PutScenario, Seat, left_of, side_of};
use std::sync::Arc;

/// The game of Put.
pub struct Put;

impl Game for Put {
    fn id(&self) -> &'static str {
        "put"
    }

    fn name(&self) -> &'static str {
        "Put"
    }

    fn points(&self) -> PointTable {
        points::TABLE
    }

    fn parse(&self, yaml: &YamlText) -> Result<Box<dyn game::Scenario>, Vec<Diagnostic>> {
        parse_scenario(yaml).map(|s| Box::new(s) as Box<dyn game::Scenario>)
    }

    /// Put keeps a score, not money: readings are compared by the score they leave.
    fn standing(&self) -> &'static str {
        "score"
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

    /// Put was played for money on the game, but Mournival keeps only the points toward it.
    fn unit(&self) -> game::Unit {
        game::Unit {
            name: "points",
            meaning: "points toward the game; the money laid on the game is not counted",
        }
    }

    fn scenario_schema(&self) -> serde_json::Value {
        schema::scenario()
    }

    fn standing_text(&self, standing: Money) -> String {
        standing.to_string()
    }

    fn simulator(&self) -> Option<&'static dyn crate::simulate::Simulator> {
        Some(&simulate::PutSimulator)
    }
}

impl game::Scenario for PutScenario {
    fn game(&self) -> &'static dyn Game {
        &Put
    }

    fn head(&self) -> &Head {
        &self.head
    }

    fn play(&self, rules: &Rules) -> Outcome {
        match engine::play(self, rules) {
            engine::Outcome::Played(r) => Outcome::Played(Arc::new(r)),
            engine::Outcome::Unplayable(u) => Outcome::Unplayable(u),
        }
    }

    fn deal(&self) -> DealView {
        let n = self.seats();
        let summary = match &self.first {
            FirstDeal::Dealer(d) => format!(
                "{} deals first, and the deal passes to the left.",
                self.name(*d)
            ),
            FirstDeal::Cut(cuts) => {
                let each: Vec<String> = cuts
                    .iter()
                    .enumerate()
                    .map(|(i, (c, _))| format!("{} {c}", self.head.seats[i]))
                    .collect();
                format!(
                    "The cut decides the first dealer ({}); the deal then passes to the left.",
                    each.join(", ")
                )
            }
        };
        let groups = self
            .deals
            .iter()
            .enumerate()
            .map(|(k, deal)| {
                let dealer = match self.first {
                    FirstDeal::Dealer(d) => Some(Seat(((d.index() + k) % n) as u8)),
                    FirstDeal::Cut(_) => None,
                };
                let hands = self
                    .head
                    .all_seats()
                    .map(|seat| Hand {
                        label: self.name(seat).to_string(),
                        role: dealer.and_then(|d| {
                            if d == seat {
                                Some("dealer")
                            } else if left_of(d, n) == seat {
                                Some("eldest")
                            } else {
                                None
                            }
                        }),
                        cards: deal.hands[seat.index()]
                            .sorted()
                            .into_iter()
                            .map(|c| (c, false))
                            .collect(),
                    })
                    .collect();
                HandGroup {
                    caption: Some(format!("Deal {}", k + 1)),
                    hands,
                }
            })
            .collect();
        DealView {
            summary,
            groups,
            picture: None,
        }
    }
}

impl Record {
    /// A seat's side's value of a per-side list.
    fn of_side(&self, seat: Seat, per_side: &[u32]) -> Option<u32> {
        per_side.get(side_of(seat, self.seats)).copied()
    }

    /// The figures a deal's row shows: every seat's score after it.
    fn score_figures(&self, deal: usize) -> Vec<Figure> {
        (0..self.seats as u8)
            .map(|s| Figure {
                key: "scores",
                seat: Some(Seat(s)),
                deal: Some(deal as u32),
            })
            .collect()
    }
}

impl Played for Record {
    fn nets(&self) -> Vec<Money> {
        vec![Money::ZERO; self.seats]
    }

    /// Each seat's score when the scenario ends (its side's, in four-handed Put).
    fn standing(&self) -> Vec<Money> {
        let scores = self.final_scores().unwrap_or(&[]);
        (0..self.seats as u8)
            .map(|s| Money::units(self.of_side(Seat(s), scores).unwrap_or(0) as i64))
            .collect()
    }

    fn figure(&self, figure: &Figure) -> Option<Value> {
        let points = |p: u32| Some(Value::Money(Money::units(p as i64)));
        match (figure.key, figure.seat, figure.deal) {
            ("net", Some(_), None) => Some(Value::Money(Money::ZERO)),
            ("scores", Some(s), Some(d)) => {
                points(self.of_side(s, &self.deals.get(d as usize)?.scores)?)
            }
            ("games", Some(s), None) => points(self.of_side(s, &self.games)?),
            ("deals", None, None) => points(self.deals.len() as u32),
            ("winner", None, None) => Some(Value::Seat(self.winner.map(|w| Seat(w as u8)))),
            ("first-dealer", None, None) => Some(Value::Seat(Some(self.first_dealer))),
            _ => None,
        }
    }

    fn payments(&self, _head: &Head) -> Vec<Line> {
        Vec::new()
    }

    fn rows(&self, head: &Head) -> Vec<Row> {
        let mut rows = vec![Row {
            label: "First dealer".to_string(),
            group: "score",
            text: head.name(self.first_dealer).to_string(),
            lines: Vec::new(),
            detail: self.by_cut.then(|| "By the cut.".to_string()),
            figures: vec![Figure {
                key: "first-dealer",
                seat: None,
                deal: None,
            }],
        }];
        let scripted = self.scripted.max(self.deals.len());
        for k in 0..scripted {
            let (text, detail) = match self.deals.get(k) {
                Some(d) => (
                    words::scores(head, &d.scores),
                    Some(format!(
                        "{}: {}.",
                        words::end(head, d),
                        words::award(head, &d.award)
                    )),
                ),
                None => ("not played: the match was over".to_string(), None),
            };
            rows.push(Row {
                label: format!("After deal {}", k + 1),
                group: "score",
                text,
                lines: Vec::new(),
                detail,
                figures: self.score_figures(k),
            });
        }
        let mut figures = vec![
            Figure {
                key: "winner",
                seat: None,
                deal: None,
            },
            Figure {
                key: "deals",
                seat: None,
                deal: None,
            },
        ];
        figures.extend((0..self.seats as u8).map(|s| Figure {
            key: "games",
            seat: Some(Seat(s)),
            deal: None,
        }));
        rows.push(Row {
            label: "Winner".to_string(),
            group: "score",
            text: self
                .winner
                .map_or_else(|| "none yet".to_string(), |w| words::side(head, w)),
            lines: Vec::new(),
            detail: Some(words::result(head, self)),
            figures,
        });
        rows
    }

    fn account(&self, head: &Head) -> Account {
        let mut stages = Vec::new();
        let mut tricks = Vec::new();
        let mut filled = Vec::new();
        for (k, d) in self.deals.iter().enumerate() {
            let mut lines: Vec<String> = d
                .events
                .iter()
                .filter_map(|e| words::event(head, e))
                .collect();
            lines.push(words::end(head, d));
            lines.push(words::award(head, &d.award));
            lines.push(format!("score {}", words::scores(head, &d.scores)));
            if let Some(w) = d.game_won {
                lines.push(format!("{} wins a game", words::side(head, w)));
            }
            stages.push((words::caption(head, k, d), lines));
            let mut t = 0;
            for e in &d.events {
                match e {
                    Event::Trick {
                        cards,
                        winner,
                        filled: f,
                        ..
                    } => {
                        t += 1;
                        if *f {
                            filled.push(format!(
                                "deal {}, trick {t}: cards played by the policy",
                                k + 1
                            ));
                        }
                        tricks.push(TrickLine {
                            label: format!("{}.{t}", k + 1),
                            plays: cards.clone(),
                            winner: *winner,
                        });
                    }
                    Event::Passed { filled: true, .. } | Event::Called { filled: true, .. } => {
                        if let Some(w) = words::event(head, e) {
                            filled.push(format!("deal {}: {w}", k + 1));
                        }
                    }
                    _ => {}
                }
            }
        }
        let mut cited: Vec<crate::rules::Point> = Vec::new();
        let three = head.seats.len() == 3;
        for d in &self.deals {
            let mut points: Vec<points::Point> = match &d.award {
                Award::Nothing { cites } | Award::Points { cites, .. } => cites.clone(),
                Award::Game { .. } if matches!(d.end, record::DealEnd::Forfeited { .. }) => {
                    vec![points::Point::AbandonedPut]
                }
                Award::Game { .. } => vec![points::Point::SeenPut],
                Award::GameAnew => vec![points::Point::PutTrickAndTie],
            };
            // A put at three is played by the engine's own rule, which no source states.
            let put = d.seen
                || matches!(
                    d.end,
                    record::DealEnd::LastIn {
                        refused_put: true,
                        ..
                    }
                );
            if three && put {
                points.push(points::Point::ThreeHandedPut);
            }
            for p in points.iter().map(|p| p.point()) {
                if !cited.contains(&p) {
                    cited.push(p);
                }
            }
        }
        Account {
            stages,
            tricks,
            summary: words::result(head, self),
            filled,
            cited,
            picture: None,
        }
    }

    fn balances(&self) -> bool {
        self.nets().into_iter().sum::<Money>().is_zero()
    }
}
