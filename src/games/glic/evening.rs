//! A Glic evening: several rounds at one table, each played on the board the round before it
//! leaves under the same reading, so that the coins left are carried by the engine, not copied
//! by hand into the next deal.
//!
//! A figure of one round is written under `rounds:` in `expect:` (its [`Figure::deal`] is the
//! round); a figure of the evening sums the rounds' money (`net`, a stage's net) or reads the
//! board at the end (`board`, `left`).

use super::engine;
use super::record::Record;
use super::scenario::GlicScenario;
use crate::game::{self, Account, Figure, Head, Line, Played, Row, Unplayable, Value};
use crate::money::Money;
use crate::rules::Rules;

/// The rounds of an evening as played under one reading, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evening {
    pub rounds: Vec<Record>,
}

/// Plays every round of a scenario in turn, each on the board the one before it left.
pub fn play(s: &GlicScenario, rules: &Rules) -> Result<Vec<Record>, Unplayable> {
    let mut records: Vec<Record> = Vec::with_capacity(s.rounds());
    for round in std::iter::once(s).chain(&s.later) {
        let outcome = match records.last() {
            None => engine::play(round, rules),
            Some(before) => engine::play(
                &GlicScenario {
                    carried: before.board_after(),
                    ..round.clone()
                },
                rules,
            ),
        };
        match outcome {
            engine::Outcome::Played(r) => records.push(*r),
            engine::Outcome::Unplayable(u) => return Err(u),
        }
    }
    Ok(records)
}

/// "Round 2: Poch".
fn in_round(k: usize, what: &str) -> String {
    format!("Round {}: {what}", k + 1)
}

impl Played for Evening {
    fn nets(&self) -> Vec<Money> {
        let seats = self.rounds.first().map_or(0, |r| r.seats);
        let mut nets = vec![Money::ZERO; seats];
        for r in &self.rounds {
            for (n, m) in nets.iter_mut().zip(r.nets()) {
                *n += m;
            }
        }
        nets
    }

    /// A round's figure under `rounds:`; of the evening, the money summed over the rounds, and
    /// what the board holds at the end. Who took what is a round's figure only.
    fn figure(&self, figure: &Figure) -> Option<Value> {
        let of_round = Figure {
            deal: None,
            ..figure.clone()
        };
        if let Some(k) = figure.deal {
            return self.rounds.get(k as usize)?.figure(&of_round);
        }
        match (figure.key, figure.seat) {
            (_, Some(_)) => {
                let mut sum = Money::ZERO;
                for r in &self.rounds {
                    match r.figure(&of_round)? {
                        Value::Money(m) => sum += m,
                        _ => return None,
                    }
                }
                Some(Value::Money(sum))
            }
            ("board", None) => self.rounds.last()?.figure(&of_round),
            (key, None) if key.starts_with("pennies-on-") => self.rounds.last()?.figure(&of_round),
            _ => None,
        }
    }

    fn payments(&self, head: &Head) -> Vec<Line> {
        self.rounds.iter().flat_map(|r| r.payments(head)).collect()
    }

    /// Each round's rows, named by the round, its payments and figures its own; then the board
    /// at the end, with the evening's figures of the board.
    fn rows(&self, head: &Head) -> Vec<Row> {
        let mut rows = Vec::new();
        let mut offset = 0;
        for (k, r) in self.rounds.iter().enumerate() {
            for mut row in r.rows(head) {
                row.label = in_round(k, &row.label);
                row.lines.iter_mut().for_each(|i| *i += offset);
                for f in &mut row.figures {
                    f.deal = Some(k as u32);
                }
                rows.push(row);
            }
            offset += r.payments.len();
        }
        // The last round's board row, with the evening's figures.
        if let Some(mut end) = self.rounds.last().and_then(|r| r.rows(head).pop()) {
            end.label = "Left at the end of the evening".to_string();
            end.lines.clear();
            rows.push(end);
        }
        rows
    }

    fn account(&self, head: &Head) -> Account {
        let mut account = Account {
            stages: Vec::new(),
            tricks: Vec::new(),
            summary: String::new(),
            filled: Vec::new(),
            cited: Vec::new(),
            picture: None,
        };
        let mut summaries = Vec::new();
        for (k, r) in self.rounds.iter().enumerate() {
            let a = r.account(head);
            account
                .stages
                .extend(a.stages.into_iter().map(|(t, e)| (in_round(k, &t), e)));
            account
                .filled
                .extend(a.filled.into_iter().map(|f| in_round(k, &f)));
            for p in a.cited {
                if !account.cited.contains(&p) {
                    account.cited.push(p);
                }
            }
            summaries.push(in_round(k, &a.summary));
            account.picture = a.picture;
        }
        account.summary = summaries.join(" ");
        account
    }

    fn balances(&self) -> bool {
        self.rounds.iter().all(Record::balances)
    }

    /// The board the last round leaves.
    fn carry(&self) -> Option<String> {
        self.rounds.last()?.carry()
    }
}

impl GlicScenario {
    /// The scenario played under a reading: one round's record, or an evening's.
    pub fn outcome(&self, rules: &Rules) -> game::Outcome {
        match play(self, rules) {
            Ok(mut rounds) if rounds.len() == 1 => {
                game::Outcome::Played(std::sync::Arc::new(rounds.remove(0)))
            }
            Ok(rounds) => game::Outcome::Played(std::sync::Arc::new(Evening { rounds })),
            Err(u) => game::Outcome::Unplayable(u),
        }
    }
}
