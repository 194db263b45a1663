//! Renderers for the terminal: they only read results.

pub mod explain;
pub mod matrix;
