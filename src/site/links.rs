//! The link stage: every internal link and anchor must resolve.

use super::BuildError;
use super::project::Project;
use super::sink::Rendered;
use crate::diagnostic::{Diagnostic, Location};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

/// Every internal link and anchor must resolve.
pub(super) fn check_links(project: &Project, out: &Rendered) -> Result<(), BuildError> {
    let mut anchors: HashMap<String, HashSet<String>> = HashMap::new();
    for (p, md) in project.content.iter().zip(&out.markdown) {
        let set = anchors.entry(p.url.clone()).or_default();
        set.extend(md.headings.iter().map(|h| h.id.clone()));
        set.extend(p.page.scenarios.iter().flat_map(|s| {
            let id = &s.head().id;
            [id.clone(), format!("{id}-title")]
        }));
    }
    for url in &out.generated_urls {
        anchors.entry(url.clone()).or_default();
    }
    for (url, ids) in &out.generated_anchors {
        anchors
            .entry(url.clone())
            .or_default()
            .extend(ids.iter().cloned());
    }
    let mut link_errors = Vec::new();
    for (p, md) in project.content.iter().zip(&out.markdown) {
        let text = std::cell::OnceCell::new();
        let at = |range: &std::ops::Range<usize>| {
            // A build releases each page's text once rendered: an error reads it again.
            let text = text.get_or_init(|| match p.page.text.is_empty() {
                false => p.page.text.clone(),
                true => crate::input::read_text(&p.page.path).unwrap_or_else(|_| Arc::from("")),
            });
            Location::at(&p.page.path, text, range.start, range.len())
        };
        for b in &md.broken {
            link_errors.push(b.diagnostic(at(&b.range)));
        }
        for l in &md.links {
            let url = if l.url.is_empty() { &p.url } else { &l.url };
            match anchors.get(url.as_str()) {
                None => link_errors.push(Diagnostic::new(
                    at(&l.range),
                    format!("the link to `{url}` names no page"),
                )),
                Some(ids) => {
                    if let Some(f) = &l.fragment
                        && !ids.contains(f)
                    {
                        let mut known: Vec<&String> = ids.iter().collect();
                        known.sort();
                        let known: Vec<String> =
                            known.iter().take(12).map(|k| format!("#{k}")).collect();
                        let note = if known.is_empty() {
                            "that page has no anchors (no headings, no scenarios): link to the page itself, without `#`".to_string()
                        } else {
                            format!("its anchors include {}", known.join(", "))
                        };
                        link_errors.push(
                            Diagnostic::new(
                                at(&l.range),
                                format!("`#{f}` is not an anchor of `{url}`"),
                            )
                            .note(note),
                        );
                    }
                }
            }
        }
    }
    if link_errors.is_empty() {
        Ok(())
    } else {
        Err(BuildError::Invalid(link_errors))
    }
}
