//! Content pages remembered between builds: for each page without scenarios, the digest of
//! the file it rendered and what later stages read of it (headings, links, words), under a key
//! that digests every input its render reads. A page whose key and file are unchanged is not
//! rendered again.
//!
//! A page's key is its own text, path and the quotations not verified in it, and the site's
//! digest: the tool, the options, every input but the pages' texts (templates, readings, texts,
//! the project file), the glossary, and what every template sees of the site (the navigation:
//! every page's title, place and address; the build's date).

use super::cache::Cache;
use super::loaded::Loads;
use super::markdown::{self, BrokenLink, Heading, Problem, SiteLink};
use super::navigation::Navigation;
use super::project::Project;
use super::search::Counted;
use super::sink::{Digest, PageDone, Rendered};
use super::view::SiteView;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};

/// The entries' names begin so: `page-RELDIGEST-KEY`.
const PREFIX: &str = "page-";

/// The cache of pages, for one build.
pub(super) struct PageCache<'a> {
    pub(super) cache: &'a Cache,
    /// The digest of the tool, the options and every input but the pages' texts.
    pub(super) shared: u64,
    /// Each file of the site on disk, with its digest: a page is taken from the cache only if
    /// its file is there as it rendered it. Empty when the whole site is written anew.
    pub(super) disk: HashMap<String, u64>,
    /// What the last build loaded: the pages unchanged since are not parsed again.
    pub(super) loads: Loads,
}

/// A page as remembered.
#[derive(Serialize, Deserialize)]
struct Entry {
    path: String,
    digest: u64,
    h1: Option<String>,
    /// The page's sections counted for the search index.
    counted: Counted,
    headings: Vec<(u8, String, String, usize)>,
    links: Vec<(String, Option<String>, usize, usize)>,
    broken: Vec<(String, usize, usize, u8, String)>,
}

impl PageCache<'_> {
    /// Each content page's entry name, or `None` for a page the cache does not keep (one
    /// with scenarios, whose evaluations are the build's).
    pub(super) fn names(&self, project: &Project, nav: &Navigation) -> Vec<Option<String>> {
        let site = SiteView::of(project, &nav.sections, &nav.games);
        let mut h = Digest::default();
        self.shared.hash(&mut h);
        serde_json::to_string(&site)
            .unwrap_or_default()
            .hash(&mut h);
        for p in &project.content {
            (&p.rel, &p.url, &p.title, &p.description, p.weight).hash(&mut h);
            (format!("{:?}", p.stage), format!("{:?}", p.section)).hash(&mut h);
        }
        if let Some(g) = project.content.iter().find(|p| p.rel == "glossary.md") {
            g.page.text.hash(&mut h);
        }
        let site = h.finish();
        let notes = project.annotations();
        project
            .content
            .par_iter()
            .enumerate()
            .map(|(at, p)| {
                if !p.page.is_markdown() || !p.page.scenarios.is_empty() {
                    return None;
                }
                let mut h = Digest::default();
                (site, at, &p.page.path, p.digest).hash(&mut h);
                notes
                    .unverified_in_page(&p.page.path, &p.page.text)
                    .hash(&mut h);
                let mut rel = Digest::default();
                p.rel.hash(&mut rel);
                Some(format!("{PREFIX}{:016x}-{:016x}", rel.finish(), h.finish()))
            })
            .collect()
    }

    /// The pages taken from the cache, with their words counted: those whose entry is there
    /// and whole, and whose file on disk is the one the entry's render wrote.
    pub(super) fn reuse(&self, names: &[Option<String>]) -> Vec<Option<(PageDone, Counted)>> {
        if self.disk.is_empty() {
            return names.iter().map(|_| None).collect();
        }
        names
            .par_iter()
            .map(|name| {
                let entry: Entry = serde_json::from_str(&self.cache.get(name.as_ref()?)?).ok()?;
                (self.disk.get(&entry.path) == Some(&entry.digest)).then(|| entry.done())
            })
            .collect()
    }

    /// Stores the pages rendered (not `reused`), and removes the entries of pages the site no
    /// longer has, and the older entries of those it has: one entry a page at most.
    pub(super) fn store(&self, names: &[Option<String>], reused: &[bool], out: &Rendered) {
        let counted = out.counted.par_iter();
        names
            .par_iter()
            .zip(reused.par_iter())
            .zip(out.written.par_iter().zip(out.markdown.par_iter()))
            .zip(counted)
            .for_each(|(((name, reused), (file, md)), counted)| {
                if let (Some(name), false, Some(counted)) = (name, reused, counted)
                    && let Ok(text) = serde_json::to_string(&Entry::of(file, md, counted))
                {
                    self.cache.store(name, &text);
                }
            });
        let current: HashSet<&str> = names.iter().flatten().map(String::as_str).collect();
        self.cache.retain(PREFIX, |file| current.contains(file));
    }
}

impl Entry {
    fn of((path, digest): &(String, u64), md: &markdown::Rendered, counted: &Counted) -> Entry {
        Entry {
            path: path.clone(),
            digest: *digest,
            h1: md.h1.clone(),
            counted: counted.clone(),
            headings: md
                .headings
                .iter()
                .map(|h| (h.level, h.id.clone(), h.text.clone(), h.text_at))
                .collect(),
            links: md
                .links
                .iter()
                .map(|l| {
                    (
                        l.url.clone(),
                        l.fragment.clone(),
                        l.range.start,
                        l.range.end,
                    )
                })
                .collect(),
            broken: md
                .broken
                .iter()
                .map(|b| {
                    let (kind, said) = match &b.problem {
                        Problem::NoPage => (0, String::new()),
                        Problem::LinkScheme(s) => (1, s.clone()),
                        Problem::ImageScheme(s) => (2, s.clone()),
                        Problem::Shortcode(s) => (3, s.clone()),
                    };
                    (b.dest.clone(), b.range.start, b.range.end, kind, said)
                })
                .collect(),
        }
    }

    fn done(self) -> (PageDone, Counted) {
        let md = markdown::Rendered {
            html: String::new(),
            text: String::new(),
            headings: (self.headings.into_iter())
                .map(|(level, id, text, text_at)| Heading {
                    level,
                    id,
                    text,
                    text_at,
                })
                .collect(),
            h1: self.h1,
            links: (self.links.into_iter())
                .map(|(url, fragment, start, end)| SiteLink {
                    url,
                    fragment,
                    range: start..end,
                })
                .collect(),
            broken: (self.broken.into_iter())
                .map(|(dest, start, end, kind, said)| BrokenLink {
                    dest,
                    range: start..end,
                    problem: match kind {
                        0 => Problem::NoPage,
                        1 => Problem::LinkScheme(said),
                        2 => Problem::ImageScheme(said),
                        _ => Problem::Shortcode(said),
                    },
                })
                .collect(),
        };
        (((self.path, self.digest), md, Vec::new()), self.counted)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_gives_back_what_later_stages_read() {
        let md = markdown::Rendered {
            html: "<p>gone</p>".into(),
            headings: vec![Heading {
                level: 2,
                id: "odd-penny".into(),
                text: "Odd penny".into(),
                text_at: 4,
            }],
            text: "Six Odd penny".into(),
            h1: Some("Six".into()),
            links: vec![SiteLink {
                url: "play/".into(),
                fragment: Some("x".into()),
                range: 3..9,
            }],
            broken: vec![BrokenLink {
                dest: "javascript:x".into(),
                range: 1..2,
                problem: Problem::LinkScheme("javascript".into()),
            }],
        };
        let counted = Counted::of(&super::super::search::Entry {
            url: "a/",
            title: "Six",
            section: "Reference",
            game: "",
            text: &md.text,
            anchors: Vec::new(),
        });
        let file = ("a/index.html".to_string(), 42);
        let text = serde_json::to_string(&Entry::of(&file, &md, &counted)).unwrap();
        let ((back, md2, views), counted2) = serde_json::from_str::<Entry>(&text).unwrap().done();
        assert_eq!(back, file);
        assert!(views.is_empty() && md2.html.is_empty() && md2.text.is_empty());
        assert_eq!(format!("{:?}", md2.headings), format!("{:?}", md.headings));
        assert_eq!(format!("{:?}", md2.links), format!("{:?}", md.links));
        assert_eq!(format!("{:?}", md2.broken), format!("{:?}", md.broken));
        assert_eq!(md2.h1, md.h1);
        assert_eq!(counted2, counted);
    }
}
