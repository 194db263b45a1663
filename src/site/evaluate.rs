//! The evaluation stage: every scenario under every reading, and the comparison of its readings
//! (why they differ, the rule points it tells apart), each result played once.

use super::project::Project;
use super::{generated, why};
use crate::compare::{Evaluation, Plays, evaluate_with};
use crate::game::Scenario;
use rayon::prelude::*;

/// Every scenario of every page under every reading of its game: `[page][scenario][reading]`.
pub(super) type Evaluations = Vec<Vec<Vec<Evaluation>>>;

/// What comparing a scenario's readings gives the pages: why they differ, and for each rule
/// point of its game (in the table's order) how switching it alone changes a result, if it does
/// (for the rule points' pages).
pub(super) struct Compared {
    pub(super) why: Option<why::WhyView>,
    pub(super) telling: Vec<Option<String>>,
}

/// `[page][scenario]`, as [`Evaluations`].
pub(super) type Comparisons = Vec<Vec<Compared>>;

/// Evaluates every scenario under its game's readings and compares them: the heaviest stage,
/// spread over the threads scenario by scenario (a page may hold many). Evaluations, the
/// attributions of [`why`] and the rule points' searches all ask for
/// many of the same results: each scenario's are played once ([`Plays`]). The pages `kept`
/// marks (the build's cache holds what their scenarios give) are left out: none for them.
pub(super) fn evaluate_all(project: &Project, kept: &[bool]) -> (Evaluations, Comparisons) {
    let all: Vec<(usize, &dyn Scenario)> = project
        .content
        .iter()
        .enumerate()
        .filter(|(i, _)| !kept.get(*i).copied().unwrap_or(false))
        .flat_map(|(i, p)| p.page.scenarios.iter().map(move |s| (i, s.as_ref())))
        .collect();
    let done: Vec<(usize, Vec<Evaluation>, Compared)> = all
        .par_iter()
        .map(|&(i, s)| {
            let (evals, compared) = evaluate_one(project, s);
            (i, evals, compared)
        })
        .collect();
    let mut evals: Evaluations = project.content.iter().map(|_| Vec::new()).collect();
    let mut compared: Comparisons = project.content.iter().map(|_| Vec::new()).collect();
    for (i, e, c) in done {
        evals[i].push(e);
        compared[i].push(c);
    }
    (evals, compared)
}

/// One scenario under every reading of its game, and its readings compared.
pub(super) fn evaluate_one(project: &Project, s: &dyn Scenario) -> (Vec<Evaluation>, Compared) {
    let game = s.game();
    let variants = project.readings.of(game);
    let prefix = project.prefix(game);
    let mut plays = Plays::new(s);
    let evals: Vec<Evaluation> = variants
        .variants
        .iter()
        .map(|v| evaluate_with(&mut plays, v))
        .collect();
    let why = why::view(&mut plays, variants, &evals, &prefix);
    let compared = Compared {
        why,
        telling: variants
            .table
            .all()
            .map(|p| generated::telling_effect(&mut plays, p, variants, &evals))
            .collect(),
    };
    (evals, compared)
}
