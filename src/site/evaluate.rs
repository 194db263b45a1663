//! The evaluation stage: every scenario under every reading, and the comparison of its readings
//! (why they differ, the flip files).

use super::project::Project;
use super::sink::{Output, Rendered};
use super::{flip, why};
use crate::compare::{Evaluation, evaluate};
use crate::game::Scenario;
use rayon::prelude::*;
use std::sync::Arc;

/// Every scenario of every page under every reading of its game: `[page][scenario][reading]`.
pub(super) type Evaluations = Vec<Vec<Vec<Evaluation>>>;

pub(super) fn evaluate_all(project: &Project) -> Evaluations {
    project
        .content
        .par_iter()
        .map(|p| {
            p.page
                .scenarios
                .par_iter()
                .map(|s| {
                    let variants = project.readings.of(s.game());
                    variants
                        .variants
                        .iter()
                        .map(|v| evaluate(s.as_ref(), v))
                        .collect()
                })
                .collect()
        })
        .collect()
}

/// What comparing a scenario's readings gives the page: why they differ, and the flip file.
pub(super) struct Compared {
    pub(super) why: Option<why::WhyView>,
    pub(super) flip: Option<flip::FlipFile>,
}

/// `[page][scenario]`, as [`Evaluations`].
pub(super) type Comparisons = Vec<Vec<Compared>>;

/// Compares every scenario's readings: how each difference divides among the rule points (see
/// [`why`]), and the results with the points it turns on flipped (see [`flip`]). The heaviest
/// stage, spread over the threads scenario by scenario (a page may hold many).
pub(super) fn compare_readings(project: &Project, evals: &Evaluations) -> Comparisons {
    let all: Vec<(usize, &Arc<dyn Scenario>, &[Evaluation])> = project
        .content
        .iter()
        .zip(evals)
        .enumerate()
        .flat_map(|(i, (p, es))| {
            p.page
                .scenarios
                .iter()
                .zip(es)
                .map(move |(s, e)| (i, s, e.as_slice()))
        })
        .collect();
    let compared: Vec<(usize, Compared)> = all
        .par_iter()
        .map(|&(i, s, e)| {
            let game = s.game();
            let variants = project.readings.of(game);
            let prefix = project.prefix(game);
            let compared = Compared {
                why: why::view(s.as_ref(), variants, e, &prefix),
                flip: flip::precompute(s.as_ref(), variants, &prefix),
            };
            (i, compared)
        })
        .collect();
    let mut out: Comparisons = project.content.iter().map(|_| Vec::new()).collect();
    for (i, c) in compared {
        out[i].push(c);
    }
    out
}

/// The flip files, each beside the others under `flip/`.
pub(super) fn add_flips(compared: Comparisons, out: &mut Rendered) {
    out.files.extend(
        compared
            .into_iter()
            .flatten()
            .filter_map(|c| c.flip)
            .map(|f| Output {
                path: f.path,
                bytes: f.json.into_bytes(),
            }),
    );
}
