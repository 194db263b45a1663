//! Renderers: they only read results. [`words`] turns ledger entries into sentences that the
//! terminal reports and the site share.

pub mod explain;
pub mod matrix;
pub mod words;
