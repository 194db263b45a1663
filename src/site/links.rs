//! The link stage: every internal link and anchor must resolve.

use super::BuildError;
use super::markdown;
use super::pages::ContentPage;
use super::project::Project;
use super::sink::Rendered;
use crate::diagnostic::{Diagnostic, Location};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

/// A content page's anchors: its headings' ids, and its scenarios' and their titles'.
pub(super) fn anchors<'a>(
    p: &'a ContentPage,
    md: &'a markdown::Rendered,
) -> impl Iterator<Item = String> + 'a {
    let headings = md.headings.iter().map(|h| h.id.clone());
    headings.chain(p.page.scenarios.iter().flat_map(|s| {
        let id = &s.head().id;
        [id.clone(), format!("{id}-title")]
    }))
}

/// Every internal link and anchor of the pages `checked` marks (every page, if none) must
/// resolve. The anchors are those of the pages their links name: a page whose links are not
/// checked may hold nothing of its Markdown but its file (a page taken from the build's
/// cache), as long as no link checked names it.
pub(super) fn check_links(
    project: &Project,
    out: &Rendered,
    checked: Option<&[bool]>,
) -> Result<(), BuildError> {
    let checked = |at: usize| checked.is_none_or(|c| c.get(at).copied().unwrap_or(true));
    let pages = (project.content.iter().zip(&out.markdown).enumerate())
        .filter(|(at, _)| checked(*at))
        .map(|(_, page)| page);
    let named: HashSet<&str> = (pages.clone())
        .flat_map(|(p, md)| {
            md.links
                .iter()
                .map(|l| if l.url.is_empty() { &p.url } else { &l.url })
        })
        .map(String::as_str)
        .collect();
    let mut anchors: HashMap<&str, HashSet<String>> = HashMap::new();
    for (p, md) in project.content.iter().zip(&out.markdown) {
        if named.contains(p.url.as_str()) {
            (anchors.entry(&p.url).or_default()).extend(self::anchors(p, md));
        }
    }
    for url in &out.generated_urls {
        anchors.entry(url).or_default();
    }
    for (url, ids) in &out.generated_anchors {
        (anchors.entry(url).or_default()).extend(ids.iter().cloned());
    }
    let mut link_errors = Vec::new();
    for (p, md) in pages {
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
