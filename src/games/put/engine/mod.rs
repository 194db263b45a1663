//! The Put engine: plays a scenario's deals under one reading's [`Rules`] and writes its
//! [`Record`].
//!
//! The engine knows rule points, never readings. One module per stage: [`deal`] seats the table,
//! finds the first dealer and does the four-handed passing; [`put`] handles the calls; [`tricks`]
//! plays the cards; [`scoring`] scores each deal and decides games and the match. Steps a scenario
//! leaves out are filled by a [`Policy`]; the default, [`SimplePolicy`], is simple enough to
//! follow by hand.

mod deal;
mod policy;
mod put;
mod scoring;
mod tricks;

pub use policy::{Choice, Policy, SimplePolicy, View};
pub use scoring::target;

pub use crate::game::Unplayable;

use super::points::{Point, PutRules};
use super::record::{DealRecord, Event, Record};
use super::scenario::{Act, Call, Play, PutScenario, Seat, left_of};
use crate::cards::{Card, CardSet};
use crate::rules::{AsPoint, Rules};

/// The result of one scenario under one reading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Played(Record),
    Unplayable(Unplayable),
}

impl Outcome {
    pub fn record(&self) -> Option<&Record> {
        match self {
            Outcome::Played(r) => Some(r),
            Outcome::Unplayable(_) => None,
        }
    }
}

/// Plays a scenario under a reading, filling gaps with the [`SimplePolicy`].
pub fn play(scenario: &PutScenario, rules: &Rules) -> Outcome {
    play_with(scenario, rules, &mut SimplePolicy)
}

/// Plays a scenario under a reading, filling gaps with the given policy.
pub fn play_with<P: Policy>(scenario: &PutScenario, rules: &Rules, policy: &mut P) -> Outcome {
    match run(scenario, rules, policy) {
        Ok(record) => Outcome::Played(record),
        Err(u) => Outcome::Unplayable(u),
    }
}

type Step<T = ()> = Result<T, Unplayable>;

fn unplayable(point: Point, action: String, reason: String, at: Option<u32>) -> Unplayable {
    Unplayable {
        point: point.point(),
        action,
        reason,
        at,
    }
}

/// The match: the table and pack checks, then each deal until the match is won.
fn run<P: Policy>(s: &PutScenario, r: &Rules, policy: &mut P) -> Step<Record> {
    deal::check_table(s, r)?;
    deal::check_pack(s, r)?;
    let mut score = scoring::Score::start(s, r)?;
    let first_dealer = deal::first_dealer(s, r)?;
    let mut record = Record {
        seats: s.seats(),
        first_dealer,
        deals: Vec::with_capacity(s.deals.len()),
        scripted: s.deals.len(),
        games: vec![0; s.sides()],
        winner: None,
        by_cut: matches!(s.first, super::scenario::FirstDeal::Cut(_)),
    };
    let mut dealer = first_dealer;
    for script in &s.deals {
        if score.match_over() {
            break;
        }
        let mut state = DealState::new(s, r, dealer, script, policy)?;
        state.play(&script.play, policy)?;
        let (end, events, hands, seen) = state.finish();
        let (award, game_won) = score.settle(s, r, end, seen);
        record.deals.push(DealRecord {
            dealer,
            hands,
            seen,
            events,
            end,
            award,
            scores: score.shown.clone(),
            game_won,
        });
        dealer = left_of(dealer, s.seats());
    }
    record.games = score.games.clone();
    record.winner = score.winner;
    Ok(record)
}

/// A put in progress: made, and waiting for answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PendingPut {
    pub putter: Seat,
    /// Those still to answer, in order.
    pub waiting: Vec<Seat>,
    pub seen_by_any: bool,
}

/// The state of one deal in progress.
pub(crate) struct DealState<'a> {
    pub s: &'a PutScenario,
    pub r: &'a Rules,
    /// Seats at the table.
    pub n: usize,
    /// The eldest of the play: the dealer's left, or with partners the player on for the
    /// eldest's side.
    pub eldest: Seat,
    pub hands: Vec<CardSet>,
    /// The hands when play began.
    pub held: Vec<CardSet>,
    /// Still in the deal: not a four-handed giver, not out by a refusal or a throw.
    pub in_deal: Vec<bool>,
    pub leader: Seat,
    /// The trick being played, who led it, and whether the policy played any of it.
    pub trick: Vec<(Seat, Card)>,
    pub trick_leader: Seat,
    pub filled_trick: bool,
    /// Each trick's winner (`None` when tied).
    pub tricks: Vec<Option<Seat>>,
    pub won: Vec<u8>,
    pub pending: Option<PendingPut>,
    pub challenged: bool,
    pub seen: bool,
    pub end: Option<super::record::DealEnd>,
    pub events: Vec<Event>,
}

impl<'a> DealState<'a> {
    fn new<P: Policy>(
        s: &'a PutScenario,
        r: &'a Rules,
        dealer: Seat,
        script: &super::scenario::DealScript,
        policy: &mut P,
    ) -> Step<DealState<'a>> {
        let n = s.seats();
        let mut state = DealState {
            s,
            r,
            n,
            eldest: left_of(dealer, n),
            hands: script.hands.clone(),
            held: script.hands.clone(),
            in_deal: vec![true; n],
            leader: left_of(dealer, n),
            trick: Vec::with_capacity(n),
            trick_leader: left_of(dealer, n),
            filled_trick: false,
            tricks: Vec::with_capacity(3),
            won: vec![0; n],
            pending: None,
            challenged: false,
            seen: false,
            end: None,
            events: Vec::with_capacity(12),
        };
        if n == 4 {
            state.pass_cards(dealer, &script.passes, policy)?;
        }
        state.held = state.hands.clone();
        Ok(state)
    }

    pub fn name(&self, seat: Seat) -> &str {
        self.s.name(seat)
    }

    pub fn ended(&self) -> bool {
        self.end.is_some()
    }

    /// Whether any card has been played in this deal.
    pub fn cards_played(&self) -> bool {
        !self.tricks.is_empty() || !self.trick.is_empty()
    }

    /// Plays the script, then lets the policy finish the deal.
    fn play<P: Policy>(&mut self, play: &Play, policy: &mut P) -> Step {
        match play {
            Play::Auto => {}
            Play::Actions(actions) => {
                for a in actions {
                    if self.ended() {
                        self.events.push(Event::NotPlayed {
                            seat: a.seat,
                            act: a.act,
                        });
                    } else {
                        self.act(a.seat, a.act, Some(a.at), false)?;
                    }
                }
            }
            Play::ByPlayer(cards) => self.play_by_player(cards, policy)?,
        }
        self.finish_by_policy(policy)
    }

    /// Each player's next scripted card when his turn comes; the policy when he has none left.
    fn play_by_player<P: Policy>(&mut self, cards: &[Vec<(Card, u32)>], policy: &mut P) -> Step {
        let mut next = vec![0usize; self.n];
        while !self.ended() {
            let seat = self.to_play();
            match cards[seat.index()].get(next[seat.index()]) {
                Some(&(card, at)) => {
                    next[seat.index()] += 1;
                    self.act(seat, Act::Card(card), Some(at), false)?;
                }
                None => self.policy_step(policy)?,
            }
        }
        for (seat, list) in cards.iter().enumerate() {
            for &(card, _) in &list[next[seat]..] {
                self.events.push(Event::NotPlayed {
                    seat: Seat(seat as u8),
                    act: Act::Card(card),
                });
            }
        }
        Ok(())
    }

    fn finish_by_policy<P: Policy>(&mut self, policy: &mut P) -> Step {
        while !self.ended() {
            self.policy_step(policy)?;
        }
        Ok(())
    }

    fn policy_step<P: Policy>(&mut self, policy: &mut P) -> Step {
        let legal = self.legal_actions();
        let choice = policy.choose(&self.view(), &legal);
        self.act(choice.seat, choice.act, None, true)
    }

    /// One action, scripted (`at`) or filled by the policy.
    fn act(&mut self, seat: Seat, act: Act, at: Option<u32>, filled: bool) -> Step {
        match act {
            Act::Card(card) => self.play_card(seat, card, at, filled),
            Act::Call(call) => self.call(seat, call, at, filled),
        }
    }

    /// Everything the players could legally do now.
    pub fn legal_actions(&self) -> Vec<Choice> {
        let mut out = Vec::new();
        if let Some(p) = &self.pending {
            let seat = p.waiting[0];
            for call in [Call::See, Call::Refuse, Call::Throw] {
                out.push(Choice {
                    seat,
                    act: Act::Call(call),
                });
            }
            return out;
        }
        let turn = self.to_play();
        for card in self.hands[turn.index()].iter() {
            out.push(Choice {
                seat: turn,
                act: Act::Card(card),
            });
        }
        for seat in (0..self.n as u8).map(Seat) {
            for call in [Call::Put, Call::Throw] {
                if self.check_call(seat, call, None).is_ok() {
                    out.push(Choice {
                        seat,
                        act: Act::Call(call),
                    });
                }
            }
        }
        out
    }

    /// What a policy may look at.
    pub fn view(&self) -> policy::View<'_> {
        policy::View {
            pack: self.r.pack(),
            hands: &self.hands,
            trick: &self.trick,
            in_deal: &self.in_deal,
            answering: self.pending.is_some(),
        }
    }

    /// The deal's end, events, hands at the start of play, and whether a put was seen.
    fn finish(self) -> (super::record::DealEnd, Vec<Event>, Vec<CardSet>, bool) {
        let end = self.end.expect("a deal is finished only once it has ended");
        (end, self.events, self.held, self.seen)
    }
}

#[cfg(test)]
mod tests;
