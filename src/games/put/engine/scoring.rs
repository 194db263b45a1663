//! Scoring: what each deal is worth (`seen-put`, `one-win-two-ties`, `put-trick-and-tie`,
//! `throwing-up`), and when a game (`game`) and the match (`rubber`) are won.

use super::{Step, unplayable};
use crate::games::put::points::{Point, PutRules, choice};
use crate::games::put::record::{Award, DealEnd};
use crate::games::put::scenario::{PutScenario, left_of, side_of};
use crate::rules::Rules;

/// The points that make a game.
pub fn target(r: &Rules) -> u32 {
    match r.game() {
        choice::Game::Five => 5,
        choice::Game::Seven => 7,
        choice::Game::Twelve => 12,
    }
}

/// The score of the match in progress.
pub(super) struct Score {
    /// Each side's points in the game in progress.
    points: Vec<u32>,
    /// What the record shows after the deal: the game's final score when it has just ended.
    pub shown: Vec<u32>,
    pub games: Vec<u32>,
    pub winner: Option<usize>,
}

impl Score {
    /// The scenario's starting score, which must be short of the reading's game.
    pub fn start(s: &PutScenario, r: &Rules) -> Step<Score> {
        let target = target(r);
        if let Some(side) = (0..s.sides()).find(|&i| s.score[i] >= target) {
            return Err(unplayable(
                Point::Game,
                format!(
                    "a starting score of {} for {}",
                    s.score[side],
                    s.side_name(side)
                ),
                format!("this reading's game is {target} points, so that game is already won"),
                None,
            ));
        }
        Ok(Score {
            points: s.score.clone(),
            shown: s.score.clone(),
            games: vec![0; s.sides()],
            winner: None,
        })
    }

    pub fn match_over(&self) -> bool {
        self.winner.is_some()
    }

    /// Scores a finished deal; returns the award and the side that won a game with it.
    pub fn settle(
        &mut self,
        s: &PutScenario,
        r: &Rules,
        end: DealEnd,
        seen: bool,
    ) -> (Award, Option<usize>) {
        let n = s.seats();
        let target = target(r);
        let award = match end {
            DealEnd::Won {
                seat,
                one_and_two_ties,
            } => {
                let side = side_of(seat, n);
                let mut cites = Vec::new();
                if one_and_two_ties {
                    cites.push(ties_point(seen));
                }
                match (seen, r.seen_put()) {
                    (true, choice::SeenPut::WinsGame) => Award::Game { side },
                    (true, choice::SeenPut::DoublesHand) => {
                        cites.push(Point::SeenPut);
                        Award::Points {
                            side,
                            points: 2,
                            cites,
                        }
                    }
                    (false, _) => Award::Points {
                        side,
                        points: 1,
                        cites,
                    },
                }
            }
            DealEnd::LastIn { seat, refused_put } => Award::Points {
                side: side_of(seat, n),
                points: 1,
                cites: if refused_put {
                    Vec::new()
                } else {
                    vec![Point::ThrowingUp]
                },
            },
            DealEnd::Forfeited { seat } => Award::Game {
                side: side_of(left_of(seat, n), n),
            },
            DealEnd::TrickAndTie
                if seen && r.put_trick_and_tie() == choice::PutTrickAndTie::GameAnew =>
            {
                Award::GameAnew
            }
            DealEnd::TrickAndTie if seen => Award::Nothing {
                cites: vec![Point::PutTrickAndTie],
            },
            DealEnd::TrickAndTie => Award::Nothing { cites: Vec::new() },
            DealEnd::NoWinner { one_and_two_ties } => Award::Nothing {
                cites: if one_and_two_ties {
                    vec![ties_point(seen)]
                } else {
                    Vec::new()
                },
            },
        };
        match &award {
            Award::Points { side, points, .. } => self.points[*side] += points,
            Award::Game { side } => self.points[*side] = self.points[*side].max(target),
            Award::GameAnew => self.points.iter_mut().for_each(|p| *p = 0),
            Award::Nothing { .. } => {}
        }
        self.shown = self.points.clone();
        let game_won = (0..self.points.len()).find(|&i| self.points[i] >= target);
        if let Some(side) = game_won {
            self.games[side] += 1;
            let needed = match r.rubber() {
                choice::Rubber::OneGame => 1,
                choice::Rubber::BestOfThree => 2,
            };
            if self.games[side] >= needed {
                self.winner = Some(side);
            } else {
                self.points.iter_mut().for_each(|p| *p = 0);
            }
        }
        (award, game_won)
    }
}

/// The point that decides one trick won and two tied: the seen put's own, or the plain deal's.
fn ties_point(seen: bool) -> Point {
    if seen {
        Point::PutOneWinTwoTies
    } else {
        Point::OneWinTwoTies
    }
}
