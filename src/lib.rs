//! Mournival: a rules engine and reference-site generator for Gleek and its relatives.
//!
//! The layers, from the bottom: the typed model ([`cards`], [`money`], [`rules`], [`variant`],
//! [`scenario`]); the [`engine`], which plays a scenario under one reading's [`rules::Rules`] and
//! writes a [`ledger::Ledger`]; the comparisons built on it ([`compare`], [`check`]); and the
//! renderers ([`report`]) that only read results. The binary is a thin CLI over these.

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
pub mod site;
pub mod variant;
pub mod yaml;
