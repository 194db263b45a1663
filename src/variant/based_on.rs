//! `based-on`: a variant that changes a few choices of another, resolved in any file order,
//! with cycles and unknown bases reported once each.

use super::file::Partial;
use super::*;

/// How far resolving a variant has gone.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    /// On the `based-on` chain being followed now: meeting it again is a cycle.
    OnChain,
    /// Resolved: its index in the list of variants.
    Resolved(usize),
    /// Failed, its error reported (here or at the variant it is based on).
    Failed,
}

/// What a variant inherits from: nothing, a resolved variant (its index), or a failure.
enum Base {
    Root,
    Variant(usize),
    Failed,
}

/// Follows every `based-on` chain once, each variant after the one it is based on, remembering
/// what is resolved: a chain of thousands costs one pass. Each error is reported once: a cycle
/// with its chain, an unknown base, points left unset. A variant based on one that failed
/// (here or in its own file, listed in `broken`) fails without a second message.
pub(super) fn resolve_all(
    order: &[String],
    partials: &HashMap<String, Partial>,
    broken: &HashSet<String>,
    table: PointTable,
) -> (Vec<Variant>, Vec<Diagnostic>) {
    let mut state: HashMap<&str, State> = HashMap::new();
    let mut variants = Vec::new();
    let mut errors = Vec::new();
    for id in order {
        // Walk up to a variant already settled, a root, or trouble.
        let mut chain: Vec<&str> = Vec::new();
        let mut current = id.as_str();
        let mut base = loop {
            match state.get(current) {
                Some(State::Resolved(i)) => break Base::Variant(*i),
                Some(_) => break Base::Failed,
                None => {}
            }
            state.insert(current, State::OnChain);
            chain.push(current);
            let Some((parent, location)) = &partials[current].based_on else {
                break Base::Root;
            };
            match partials.get_key_value(parent) {
                Some((parent, _)) if state.get(parent.as_str()) == Some(&State::OnChain) => {
                    let start = chain.iter().position(|c| c == parent).unwrap_or(0);
                    errors.push(Diagnostic::new(
                        location.clone(),
                        format!(
                            "`based-on` makes a cycle: {} -> {parent}",
                            chain[start..].join(" -> ")
                        ),
                    ));
                    break Base::Failed;
                }
                Some((parent, _)) => current = parent,
                None => {
                    if !broken.contains(parent) {
                        errors.push(unknown_base(parent, location, partials));
                    }
                    break Base::Failed;
                }
            }
        };
        // Resolve the chain from its root down.
        for &link in chain.iter().rev() {
            let inherited = match base {
                Base::Root => None,
                Base::Variant(i) => Some(&variants[i]),
                Base::Failed => {
                    state.insert(link, State::Failed);
                    continue;
                }
            };
            match resolve(&partials[link], inherited, table) {
                Ok(v) => {
                    variants.push(v);
                    base = Base::Variant(variants.len() - 1);
                    state.insert(link, State::Resolved(variants.len() - 1));
                }
                Err(d) => {
                    errors.push(d);
                    base = Base::Failed;
                    state.insert(link, State::Failed);
                }
            }
        }
    }
    (variants, errors)
}

/// "`based-on: x` names no variant", with a few of the variants there are.
fn unknown_base(
    parent: &str,
    location: &Location,
    partials: &HashMap<String, Partial>,
) -> Diagnostic {
    const SHOWN: usize = 12;
    let mut known: Vec<&String> = partials.keys().collect();
    known.sort();
    let mut list: Vec<String> = known.iter().take(SHOWN).map(|k| format!("`{k}`")).collect();
    if known.len() > SHOWN {
        list.push(format!("and {} more", known.len() - SHOWN));
    }
    Diagnostic::new(
        location.clone(),
        format!(
            "`based-on: {}` names no variant; the variants are {}",
            excerpt(parent),
            list.join(", ")
        ),
    )
}

/// A variant from its own file and the resolved variant it is based on, if any: inherits what
/// it leaves unset, and checks that every point is set.
fn resolve(p: &Partial, base: Option<&Variant>, table: PointTable) -> Result<Variant, Diagnostic> {
    let mut choices = p.choices.clone();
    if let Some(base) = base {
        for (slot, inherited) in choices.iter_mut().zip(&base.choices) {
            if slot.is_none() {
                let from = inherited
                    .inherited_from
                    .clone()
                    .unwrap_or_else(|| base.id.clone());
                *slot = Some(Choice {
                    inherited_from: Some(from),
                    ..inherited.clone()
                });
            }
        }
    }
    let missing: Vec<&str> = table
        .all()
        .filter(|pt| choices[pt.index()].is_none())
        .map(|pt| pt.id())
        .collect();
    if !missing.is_empty() {
        return Err(Diagnostic::new(
            p.id_location.clone(),
            format!(
                "variant `{}` leaves {} rule point(s) unset: {}",
                p.id,
                missing.len(),
                missing.join(", ")
            ),
        )
        .note("every rule point needs a choice, or a `based-on` variant to inherit it from"));
    }
    let choices: Vec<Choice> = choices.into_iter().flatten().collect();
    let mut rules = Rules::first_choices(table);
    for (point, c) in table.all().zip(&choices) {
        rules.set(point, c.choice);
    }
    Ok(Variant {
        id: p.id.clone(),
        title: p.title.clone(),
        author: p.author.clone(),
        date: p.date.clone(),
        kind: p.kind,
        citation: p.citation.clone(),
        texts: p.texts.clone(),
        known_through: p.known_through.clone(),
        header_at: p.header_at.clone(),
        based_on: p.based_on.as_ref().map(|(b, _)| b.clone()),
        summary: p.summary.clone(),
        rules,
        choices,
        path: p.path.clone(),
    })
}
