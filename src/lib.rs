//! Mournival: a rules engine and reference-site generator for Gleek and its relatives.
//!
//! The layers, from the bottom: the shared model ([`cards`], [`money`], [`rules`], [`variant`],
//! [`expect`], [`located`]); the [`game`] seam, behind which each of the [`games`] owns its rule
//! points, scenario format and engine; the comparisons built on it ([`compare`], [`check`]); and the
//! renderers ([`report`], [`site`]) that only read results. The binary is a thin CLI over these.
//!
//! Playing a scenario under a reading of one's own:
//!
//! ```
//! use mournival::game::Scenario;
//! use mournival::games::gleek::ledger::Phase;
//! use mournival::games::gleek::points::{Point, TABLE};
//! use mournival::games::gleek::{engine, parse_scenario};
//! use mournival::money::Money;
//! use mournival::rules::Rules;
//! use mournival::yaml::YamlText;
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
//! let scenario = parse_scenario(&YamlText::whole_file(Path::new("example.yaml"), yaml.into())).unwrap();
//! // Tiddy (the four of trumps) is turned up for Cat, the dealer: 4 from each opponent.
//! let tiddy = Point::TiddyTurnedUp;
//! let rules = Rules::first_choices(TABLE).with(tiddy, tiddy.def().choice_index("four-each").unwrap());
//! let engine::Outcome::Played(ledger) = engine::play(&scenario, &rules) else { panic!("playable") };
//! let cat = scenario.head().seat_of("Cat").unwrap();
//! assert_eq!(ledger.phase_net(Phase::TurnUp, cat), Money::units(8));
//! assert!(ledger.balances());
//! ```

pub mod attribution;
#[cfg(not(target_arch = "wasm32"))]
pub mod blocks;
pub mod cards;
pub mod check;
pub mod compare;
pub mod diagnostic;
pub mod escape;
pub mod expect;
pub mod game;
pub mod games;
pub mod input;
pub mod located;
pub mod money;
pub mod odds;
#[cfg(not(target_arch = "wasm32"))]
pub mod project;
pub mod report;
pub mod rules;
pub mod schema;
pub mod simulate;
#[cfg(not(target_arch = "wasm32"))]
pub mod site;
pub mod sources;
pub mod suggest;
pub mod variant;
pub mod wasm;
pub mod yaml;
