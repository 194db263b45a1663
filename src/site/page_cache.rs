//! Content pages remembered between builds: for each Markdown page, the digest of the file it
//! rendered and what later stages read of it (headings, links; its words apart; what the site
//! lists of its scenarios), under a key that digests every input its render reads. A page whose
//! key and file are unchanged is not rendered again, nor are its scenarios evaluated: what
//! evaluating a scenario gives rests on its page's text, the readings and the tool, all in the
//! key. A page whose expectations fail is not kept (the build says so again). The pages'
//! entries are kept in one pack, read at once; each page's words in an entry of its own, read
//! only where its part of the search index is made again. And each part of the search index, under the keys of its
//! pages: a part whose pages are all unchanged, and whose file is as it was, is not made again,
//! nor are its pages' words read.
//!
//! A page's key is its own text, path and the quotations not verified in it, and the site's
//! digest: the tool, the options, every input but the pages' texts (templates, readings, texts,
//! the project file), the glossary, and what every template sees of the site (the navigation:
//! every page's title, place and address; the build's date).

use super::cache::Cache;
use super::evaluate::{Compared, Comparisons};
use super::generated::ScenarioIndexRow;
use super::indexes::Part;
use super::loaded::Loads;
use super::markdown::{self, BrokenLink, Heading, Problem, SiteLink};
use super::navigation::Navigation;
use super::pages::ContentPage;
use super::project::Project;
use super::search::{Counted, PAGES_A_PART, part_path};
use super::sink::{Digest, Listed, PageDone, Rendered};
use super::view::SiteView;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};

/// The pages' names begin so: `page-RELDIGEST-KEY`. Their entries are kept together, in one
/// pack for each content and output folder (read in one go, where a file each took a read each).
const PREFIX: &str = "page-";
/// The pack of the pages' entries: `pages-DIGEST`.
const PACK: &str = "pages-";
/// A page's words, counted for the search index: `words-RELDIGEST-KEY`, as its page's entry.
const WORDS: &str = "words-";
/// A part of the search index: `search-N-KEY`, holding the digest of its file.
const PART: &str = "search-";

/// The cache of pages, for one build.
pub(super) struct PageCache<'a> {
    pub(super) cache: &'a Cache,
    /// The name of the pack of the pages' entries (see [`pack_name`]).
    pub(super) pack: String,
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
    headings: Vec<(u8, String, String, usize)>,
    links: Vec<(String, Option<String>, usize, usize)>,
    broken: Vec<(String, usize, usize, u8, String)>,
    /// Each of its scenarios, as the site lists it.
    #[serde(default)]
    scenarios: Vec<KeptScenario>,
}

/// A scenario as the other pages show it: its row in the index of scenarios (its game and page
/// are the project's), and for each rule point of its game how switching it alone changes a
/// result (the rule points' pages).
#[derive(Serialize, Deserialize)]
struct KeptScenario {
    title: String,
    url: String,
    distinct: usize,
    spread: String,
    checked: usize,
    telling: Vec<Option<String>>,
}

/// A page taken from the cache: as put, its words where asked for, and for each of its
/// scenarios what switching each rule point alone changes.
pub(super) struct Reused {
    pub(super) done: PageDone,
    pub(super) counted: Option<Counted>,
    pub(super) telling: Vec<Vec<Option<String>>>,
}

impl PageCache<'_> {
    /// Each content page's entry name, or `None` for a page the cache does not keep (a page
    /// of scenarios written in YAML).
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
                if !p.page.is_markdown() {
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

    /// Each part of the search index, its content pages' first and the readings' last: its
    /// key, where every page of it has a name, and the digest of its file where that is on disk
    /// as the entry of that key says.
    pub(super) fn parts(&self, names: &[Option<String>]) -> Vec<Part> {
        let blocks = names.chunks(PAGES_A_PART).map(|block| {
            let mut h = Digest::default();
            for name in block {
                name.as_ref()?.hash(&mut h);
            }
            Some(h.finish())
        });
        // The readings' part rests on every input but the pages' texts.
        let keys: Vec<Option<u64>> = blocks.chain([Some(self.shared)]).collect();
        (keys.into_par_iter().enumerate())
            .map(|(n, key)| {
                let kept = key.and_then(|k| {
                    let digest = self.cache.get(&part_name(n, k))?;
                    let digest = u64::from_str_radix(&digest, 16).ok()?;
                    (self.disk.get(&part_path(n)) == Some(&digest)).then_some(digest)
                });
                Part { key, kept }
            })
            .collect()
    }

    /// The pages taken from the cache: those whose entry is there and whole, and whose file on
    /// disk is the one the entry's render wrote; with their words counted where their part of
    /// the search index is made again (a page whose words cannot be read is rendered again).
    pub(super) fn reuse(
        &self,
        project: &Project,
        names: &[Option<String>],
        parts: &[Part],
    ) -> Vec<Option<Reused>> {
        let pack = match self.disk.is_empty() {
            true => None,
            false => self.cache.get(&self.pack),
        };
        let Some(mut pack) = pack
            .and_then(|text| serde_json::from_str::<Vec<(String, Entry)>>(&text).ok())
            .map(|entries| entries.into_iter().collect::<HashMap<String, Entry>>())
        else {
            return names.iter().map(|_| None).collect();
        };
        let entries: Vec<Option<Entry>> = (names.iter())
            .map(|name| pack.remove(name.as_ref()?))
            .collect();
        (entries
            .into_par_iter()
            .zip(names)
            .zip(&project.content)
            .enumerate())
        .map(|(i, ((entry, name), p))| {
            let (entry, name) = (entry?, name.as_ref()?);
            if self.disk.get(&entry.path) != Some(&entry.digest)
                || entry.scenarios.len() != p.page.scenarios.len()
            {
                return None;
            }
            let counted = match parts.get(i / PAGES_A_PART).and_then(|p| p.kept) {
                Some(_) => None,
                None => Some(serde_json::from_str(&self.cache.get(&words_name(name))?).ok()?),
            };
            let (done, telling) = entry.done(p);
            Some(Reused {
                done,
                counted,
                telling,
            })
        })
        .collect()
    }

    /// Stores the pack of the pages' entries (the pages `reused` as they were), the words of
    /// the pages rendered and the parts of the search index made, and removes the entries of
    /// pages the site no longer has, and the older entries of those it has: one entry of words a
    /// page at most, and one a part.
    pub(super) fn store(
        &self,
        (project, compared): (&Project, &Comparisons),
        names: &[Option<String>],
        reused: &[bool],
        parts: &[Part],
        out: &Rendered,
    ) {
        let mut listed = out.views.as_slice();
        let scenarios: Vec<(&[Listed], &Vec<Compared>)> = (project.content.iter().zip(compared))
            .map(|(p, compared)| {
                let (mine, rest) = listed.split_at(p.page.scenarios.len().min(listed.len()));
                listed = rest;
                (mine, compared)
            })
            .collect();
        let counted = out.counted.par_iter();
        let pack: Vec<(&String, Entry)> = names
            .par_iter()
            .zip(reused.par_iter())
            .zip(out.written.par_iter().zip(out.markdown.par_iter()))
            .zip(counted.zip(scenarios.par_iter()))
            .filter_map(|(((name, reused), (file, md)), (counted, scenarios))| {
                let name = name.as_ref()?;
                // A page whose expectations fail is rendered again, and says so.
                let entry = Entry::of(file, md, *scenarios)?;
                if !reused
                    && let Some(text) = counted.as_ref().and_then(|c| serde_json::to_string(c).ok())
                {
                    self.cache.store(&words_name(name), &text);
                }
                Some((name, entry))
            })
            .collect();
        if let Ok(text) = serde_json::to_string(&pack) {
            self.cache.store(&self.pack, &text);
        }
        let digests: HashMap<&str, u64> =
            out.written.iter().map(|(p, d)| (p.as_str(), *d)).collect();
        let mut current: HashSet<String> = HashSet::new();
        for (n, part) in parts.iter().enumerate() {
            let (Some(key), Some(digest)) = (part.key, digests.get(part_path(n).as_str())) else {
                continue;
            };
            let name = part_name(n, key);
            if part.kept.is_some() || self.cache.store(&name, &format!("{digest:016x}")) {
                current.insert(name);
            }
        }
        for name in names.iter().flatten() {
            current.insert(words_name(name));
        }
        // The pages' entries of a build before the pack, if any.
        (self.cache).retain(&[PREFIX, WORDS, PART], |file| current.contains(file));
    }
}

impl PageCache<'_> {
    /// Removes every entry of the pages and of the search index's parts.
    pub(super) fn forget(cache: &Cache) {
        cache.retain(&[PREFIX, PACK, WORDS, PART], |_| false);
    }
}

/// The pack of the pages' entries of the build whose manifest is named so: one for each
/// content and output folder, as the manifest.
pub(super) fn pack_name(manifest: &str) -> String {
    let mut h = Digest::default();
    manifest.hash(&mut h);
    format!("{PACK}{:016x}", h.finish())
}

/// The name of a page's words' entry, from its page's.
fn words_name(page: &str) -> String {
    format!("{WORDS}{}", &page[PREFIX.len()..])
}

fn part_name(n: usize, key: u64) -> String {
    format!("{PART}{n}-{key:016x}")
}

impl Entry {
    /// The entry of a page rendered, with its scenarios as listed and compared; none if an
    /// expectation of the page fails.
    fn of(
        (path, digest): &(String, u64),
        md: &markdown::Rendered,
        (listed, compared): (&[Listed], &Vec<Compared>),
    ) -> Option<Entry> {
        let fails = |l: &Listed| !l.failing.is_empty() || l.row.failures > 0;
        if listed.len() != compared.len() || listed.iter().any(fails) {
            return None;
        }
        let scenarios = (listed.iter().zip(compared))
            .map(|(l, c)| KeptScenario {
                title: l.row.title.clone(),
                url: l.row.url.clone(),
                distinct: l.row.distinct,
                spread: l.row.spread.clone(),
                checked: l.row.checked,
                telling: c.telling.clone(),
            })
            .collect();
        Some(Entry {
            scenarios,
            path: path.clone(),
            digest: *digest,
            h1: md.h1.clone(),
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
        })
    }

    /// The page as put, and each of its scenarios' telling rule points; `p` is the page loaded.
    fn done(self, p: &ContentPage) -> (PageDone, Vec<Vec<Option<String>>>) {
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
        let (listed, telling) = (self.scenarios.into_iter().zip(&p.page.scenarios))
            .map(|(k, s)| {
                let row = ScenarioIndexRow {
                    title: k.title,
                    game: s.game().name(),
                    url: k.url,
                    page_url: p.url.clone(),
                    page_title: p.title.clone(),
                    distinct: k.distinct,
                    spread: k.spread,
                    failures: 0,
                    checked: k.checked,
                };
                let failing = Vec::new();
                (Listed { row, failing }, k.telling)
            })
            .unzip();
        (((self.path, self.digest), md, listed), telling)
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
        let file = ("a/index.html".to_string(), 42);
        let text = serde_json::to_string(&Entry::of(&file, &md, (&[], &Vec::new())).unwrap());
        let page = ContentPage {
            page: crate::project::Page {
                path: "/p/content/a.md".into(),
                text: std::sync::Arc::from(""),
                scenarios: Vec::new(),
                ranges: Vec::new(),
            },
            rel: "a.md".into(),
            url: "a/".into(),
            title: "Six".into(),
            description: None,
            weight: 0,
            stage: None,
            section: super::super::pages::Section::Reference,
            digest: 0,
            unread: false,
        };
        let entry = serde_json::from_str::<Entry>(&text.unwrap()).unwrap();
        let ((back, md2, views), telling) = entry.done(&page);
        assert!(telling.is_empty());
        assert_eq!(back, file);
        assert!(views.is_empty() && md2.html.is_empty() && md2.text.is_empty());
        assert_eq!(format!("{:?}", md2.headings), format!("{:?}", md.headings));
        assert_eq!(format!("{:?}", md2.links), format!("{:?}", md.links));
        assert_eq!(format!("{:?}", md2.broken), format!("{:?}", md.broken));
        assert_eq!(md2.h1, md.h1);
    }
}
