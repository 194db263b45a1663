//! Mournival: a rules engine and reference-site generator for Gleek and its relatives.
//!
//! The layers, from the bottom: the typed model ([`cards`], [`money`], [`rules`], [`variant`],
//! [`scenario`]); the [`engine`], which plays a scenario under one reading's [`rules::Rules`] and
//! writes a [`ledger::Ledger`]; the comparisons built on it ([`compare`], [`check`]); and the
//! renderers ([`report`]) that only read results. The binary is a thin CLI over these.
//!
//! Playing a scenario under a reading of one's own:
//!
//! ```
//! use mournival::engine::{play, Outcome};
//! use mournival::money::Money;
//! use mournival::project::parse_page;
//! use mournival::rules::{Point, Rules};
//! use mournival::scenario::Seat;
//! use std::path::Path;
//!
//! let yaml = "
//! id: example
//! seats: [Ann, Ben, Cat]
//! dealer: Cat
//! hands:
//!   Ann: AS KS QS JS TS 9S AH KH QH JH TH 9H
//!   Ben: AD KD QD JD TD 9D AC KC QC JC TC 9C
//!   Cat: 8S 7S 6S 5S 8H 7H 6H 5H 8D 7D 6D 5D
//! turn-up: 4H
//! ";
//! let page = parse_page(Path::new("example.yaml"), yaml.into()).unwrap();
//! let scenario = &page.scenarios[0];
//! // Tiddy (the four of trumps) is turned up for Cat, the dealer: 4 from each opponent.
//! let tiddy = Point::TiddyTurnedUp;
//! let rules = Rules::first_choices().with(tiddy, tiddy.def().choice_index("four-each").unwrap());
//! let Outcome::Played(ledger) = play(scenario, &rules) else { panic!("playable") };
//! assert_eq!(ledger.phase_net(mournival::ledger::Phase::TurnUp, Seat(2)), Money::units(8));
//! assert!(ledger.balances());
//! ```

pub mod cards;
pub mod check;
pub mod compare;
pub mod diagnostic;
pub mod engine;
pub mod ledger;
pub mod money;
pub mod project;
pub mod report;
pub mod rules;
pub mod scenario;
pub mod schema;
pub mod site;
pub mod suggest;
pub mod variant;
pub mod yaml;
