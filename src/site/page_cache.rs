//! Content pages remembered between builds: for each Markdown page, the digest of the file it
//! rendered and what later stages read of it (headings, links; its words apart; what the site
//! lists of its scenarios), under a key that digests every input its render reads. A page whose
//! key and file are unchanged is not rendered again, nor are its scenarios evaluated: what
//! evaluating a scenario gives rests on its page's text, the readings and the tool, all in the
//! key. A page whose expectations fail is not kept (the build says so again). The pages'
//! entries are kept in one pack ([`pack`]), whose records are read only as far as a stage needs
//! them; each page's words in an entry of its own, read only where its part of the search index
//! is made again. And each part of the search index, under the keys of its pages: a part whose pages are all unchanged, and whose file is as it was, is not made again,
//! nor are its pages' words read.
//!
//! A page's key is its own text, path and the quotations not verified in it, and the site's
//! digest: the tool, the options, every input but the pages' texts (templates, readings, texts,
//! the project file), the glossary, and what every template sees of the site (the navigation:
//! every page's title, place and address; the build's date).

mod pack;
mod record;

use super::cache::Cache;
use super::cache::fields::Writer;
use super::evaluate::{Compared, Comparisons};
use super::highlight;
use super::indexes::Part;
use super::links::anchors;
use super::loaded::Loads;
use super::markdown::{self, CODE_CLOSE, CODE_OPEN};
use super::navigation::Navigation;
use super::pages::ContentPage;
use super::project::Project;
use super::search::{Counted, PAGES_A_PART, part_path};
use super::sink::{Digest, Listed, PageDone, Rendered, digest};
use super::view::SiteView;
use pack::{Pack, Packing, Record};
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};
use std::path::Path;

/// The pages' names begin so: `page-RELDIGEST-KEY`. Their entries are kept together, in one
/// pack for each content and output folder (read in one go, where a file each took a read each).
const PREFIX: &str = "page-";
/// The pack of the pages' entries: `pages-DIGEST`.
const PACK: &str = "pages-";
/// A page's words, counted for the search index: `words-RELDIGEST-KEY`, as its page's entry.
const WORDS: &str = "words-";
/// A part of the search index: `search-N-KEY`, holding the digest of its file.
const PART: &str = "search-";
/// The most pages rendered again whose highlighted code is taken from their files: an author's
/// edits. A build that renders more (a template changed) shares the compiling of the grammars'
/// patterns among many pages, and is spared reading their files.
const RECALLED: usize = 64;

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
    /// The site's folder, where the files of the pages rendered again are read for their code.
    pub(super) site: &'a Path,
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
        let unverified = notes.pages_unverified();
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
                match unverified.contains(p.page.path.as_path()) {
                    true => notes.unverified_in_page(&p.page.path, &p.page.text),
                    false => Vec::new(),
                }
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

    /// The pages taken from the cache: those whose record is in the last build's pack, and
    /// whose file on disk is the one the record's render wrote; with their words counted where
    /// their part of the search index is made again (a page whose words cannot be read is
    /// rendered again). What the link check reads of them stays in the pack ([`Earlier`]).
    pub(super) fn reuse(
        &self,
        project: &Project,
        names: &[Option<String>],
        parts: &[Part],
    ) -> (Vec<Option<Reused>>, Option<Earlier>) {
        let pack = match self.disk.is_empty() {
            true => None,
            false => self.cache.get(&self.pack).and_then(Pack::parse),
        };
        let Some(pack) = pack else {
            return (names.iter().map(|_| None).collect(), None);
        };
        let by_name: HashMap<&str, usize> = (pack.records.iter().enumerate())
            .map(|(k, r)| (pack.name(r), k))
            .collect();
        let reused: Vec<Option<(usize, Reused)>> = (names.par_iter().zip(&project.content))
            .enumerate()
            .map(|(i, (name, p))| {
                let name = name.as_deref()?;
                let k = *by_name.get(name)?;
                let record = &pack.records[k];
                let file = pack.file(record);
                if self.disk.get(file) != Some(&record.digest)
                    || record.scenarios != p.page.scenarios.len()
                {
                    return None;
                }
                let counted = match parts.get(i / PAGES_A_PART).and_then(|p| p.kept) {
                    Some(_) => None,
                    None => Some(Counted::from_fields(&self.cache.get(&words_name(name))?)?),
                };
                let mut body = pack.body(record);
                record::code(&mut body)?;
                let (listed, telling) = record::scenarios(&mut body, record.scenarios, p)?;
                record::reads(&mut body)?;
                let file = (file.to_string(), record.digest);
                let done = (file, markdown::Rendered::default(), listed);
                Some((
                    k,
                    Reused {
                        done,
                        counted,
                        telling,
                    },
                ))
            })
            .collect();
        let again = (reused.iter().enumerate()).filter(|(_, r)| r.is_none());
        self.recall_code(&pack, again.map(|(at, _)| names[at].as_deref()));
        let taken = reused.iter().map(|r| r.as_ref().map(|(k, _)| *k)).collect();
        let reused = reused.into_iter().map(|r| r.map(|(_, r)| r)).collect();
        (reused, Some(Earlier { pack, taken }))
    }

    /// Recalls the highlighted code blocks of the pages rendered `again` (if they are few) from
    /// their files as the last build wrote them: a block whose language and text are unchanged
    /// (an author edits the prose) is not highlighted again.
    fn recall_code<'n>(&self, pack: &Pack, again: impl Iterator<Item = Option<&'n str>>) {
        let again: Vec<&str> = again.flatten().take(RECALLED + 1).collect();
        if again.is_empty() || again.len() > RECALLED {
            return;
        }
        let wanted: HashSet<&str> = again.into_iter().map(rel_of).collect();
        let records = pack.records.iter();
        for record in records.filter(|r| wanted.contains(rel_of(pack.name(r)))) {
            if let Some(blocks) = self.code_of(pack, record) {
                highlight::recall(blocks);
            }
        }
    }

    /// The highlighted code blocks of a record's file, with their digests: none unless the file
    /// is the one the record's render wrote, and holds as many blocks as that render made.
    fn code_of(&self, pack: &Pack, record: &Record) -> Option<Vec<(u64, String)>> {
        let digests = record::code(&mut pack.body(record))?;
        let file = pack.file(record);
        let written = Some(&record.digest);
        (!digests.is_empty() && self.disk.get(file) == written).then_some(())?;
        let (mut opened, _) = super::cache::open_regular(&self.site.join(file))?;
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut opened, &mut bytes).ok()?;
        (digest(&bytes) == record.digest).then_some(())?;
        let page = String::from_utf8(bytes).ok()?;
        let blocks = code_blocks(&page)?;
        (blocks.len() == digests.len()).then_some(())?;
        let html = blocks.into_iter().map(str::to_string);
        Some(digests.into_iter().zip(html).collect())
    }

    /// Stores the pack of the pages' records (those of the pages taken from the `earlier` pack
    /// as they were), the words of the pages rendered and the parts of the search index made,
    /// and removes the entries of pages the site no longer has, and the older entries of those
    /// it has: one entry of words a page at most, and one a part.
    pub(super) fn store(
        &self,
        (project, compared): (&Project, &Comparisons),
        names: &[Option<String>],
        earlier: Option<&Earlier>,
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
        let taken = |at: usize| earlier.and_then(|e| Some((&e.pack, e.taken.get(at).copied()??)));
        let records: Vec<Option<(String, u64, usize, Writer)>> = (names.par_iter())
            .zip(out.written.par_iter().zip(&out.markdown))
            .zip(out.counted.par_iter().zip(&scenarios))
            .enumerate()
            .map(|(at, ((name, (file, md)), (counted, scenarios)))| {
                let name = name.as_ref()?;
                if taken(at).is_some() {
                    return None;
                }
                let body = record::write(md, (scenarios.0, scenarios.1))?;
                if let Some(counted) = counted {
                    self.cache.store(&words_name(name), &counted.to_fields());
                }
                let anchors = anchors_digest(&project.content[at], md);
                Some((file.0.clone(), anchors, scenarios.0.len(), body))
            })
            .collect();
        let mut packing = Packing::default();
        for (at, (name, record)) in names.iter().zip(&records).enumerate() {
            match (name, taken(at), record) {
                (_, Some((pack, k)), _) => packing.copy(pack.whole(&pack.records[k])),
                (Some(name), None, Some((file, anchors, scenarios, body))) => {
                    let digest = out.written[at].1;
                    packing.add((name, file, digest, *anchors, *scenarios), body);
                }
                _ => {}
            }
        }
        // A pack of the same records, the rest the same, is not written again.
        let others = others(project, names, out);
        let unchanged = earlier.is_some_and(|e| {
            let same = records.iter().all(Option::is_none) && packing.len() == e.pack.records.len();
            same && e.pack.others == others
        });
        if !unchanged {
            self.cache.store(&self.pack, &packing.text(others));
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

/// The last build's pack, and the record of each page taken from it.
pub(super) struct Earlier {
    pack: Pack,
    /// Each content page's record, where the page is taken from the cache.
    taken: Vec<Option<usize>>,
}

impl Earlier {
    /// Which pages' links the link check must follow, with what it reads of the pages taken
    /// from the cache put into `out`. The pack holds only pages whose links all resolved when it
    /// was written (the build that wrote it checked them): a page taken from it whose links name
    /// pages whose anchors are what they were then still resolves. So where every page rendered
    /// has the anchors its record had, and every page and file without a record (the generated
    /// pages, the pages in YAML) the anchors they had, only the pages rendered are checked,
    /// with the headings of the pages their links name; else every page is.
    pub(super) fn to_check(
        &self,
        project: &Project,
        names: &[Option<String>],
        out: &mut Rendered,
    ) -> Vec<bool> {
        let pack = &self.pack;
        let rendered: Vec<bool> = (0..project.content.len())
            .map(|at| self.taken.get(at).copied().flatten().is_none())
            .collect();
        let by_rel: HashMap<&str, u64> = (pack.records.iter())
            .map(|r| (rel_of(pack.name(r)), r.anchors))
            .collect();
        let same = |at: usize| {
            let kept = names[at].as_deref().and_then(|n| by_rel.get(rel_of(n)));
            kept == Some(&anchors_digest(&project.content[at], &out.markdown[at]))
        };
        let steady = pack.others == others(project, names, out)
            && (0..rendered.len()).all(|at| !rendered[at] || same(at));
        let wanted: Vec<usize> = match steady {
            true => named_by(project, out, &rendered),
            false => (0..rendered.len()).collect(),
        };
        for at in wanted {
            let Some(k) = self.taken.get(at).copied().flatten() else {
                continue;
            };
            let record = &pack.records[k];
            let mut body = pack.body(record);
            let read = record::code(&mut body)
                .and_then(|_| record::scenarios(&mut body, record.scenarios, &project.content[at]))
                .and_then(|_| record::markdown(&mut body));
            // Every record taken was read whole when it was taken.
            out.markdown[at] = read.unwrap_or_default();
        }
        match steady {
            true => rendered,
            false => vec![true; rendered.len()],
        }
    }
}

/// The pages taken from the cache that the links of the `rendered` pages name.
fn named_by(project: &Project, out: &Rendered, rendered: &[bool]) -> Vec<usize> {
    let by_url: HashMap<&str, usize> = (project.content.iter().enumerate())
        .map(|(at, p)| (p.url.as_str(), at))
        .collect();
    let mut named: Vec<usize> = (0..rendered.len())
        .filter(|at| rendered[*at])
        .flat_map(|at| out.markdown[at].links.iter())
        .filter_map(|l| by_url.get(l.url.as_str()).copied())
        .filter(|at| !rendered[*at])
        .collect();
    named.sort_unstable();
    named.dedup();
    named
}

/// The HTML of each highlighted code block of a page's file, in order (see
/// [`markdown::CODE_OPEN`]); none if one is not closed.
fn code_blocks(page: &str) -> Option<Vec<&str>> {
    let mut blocks = Vec::new();
    let mut rest = page;
    while let Some(at) = rest.find(CODE_OPEN) {
        let after = &rest[at + CODE_OPEN.len()..];
        let inner = &after[after.find('>')? + 1..];
        let end = inner.find(CODE_CLOSE)?;
        blocks.push(&inner[..end]);
        rest = &inner[end + CODE_CLOSE.len()..];
    }
    Some(blocks)
}

/// The part of a page's entry name that its path gives.
fn rel_of(name: &str) -> &str {
    name.get(PREFIX.len()..PREFIX.len() + 16).unwrap_or(name)
}

/// The digest of a page's anchors, as the link check sees them.
fn anchors_digest(p: &ContentPage, md: &markdown::Rendered) -> u64 {
    let mut h = Digest::default();
    for id in anchors(p, md) {
        id.hash(&mut h);
    }
    h.finish()
}

/// The digest of the anchors the pack holds no record of: every generated page's, and every
/// content page's that has no entry name (a page in YAML).
fn others(project: &Project, names: &[Option<String>], out: &Rendered) -> u64 {
    let mut h = Digest::default();
    (&out.generated_urls, &out.generated_anchors).hash(&mut h);
    let unnamed =
        (project.content.iter().zip(&out.markdown).zip(names)).filter(|(_, name)| name.is_none());
    for ((p, md), _) in unnamed {
        p.url.hash(&mut h);
        anchors_digest(p, md).hash(&mut h);
    }
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A page's file with two highlighted blocks, and a scenario's block between them.
    fn file() -> String {
        format!(
            "<main>{CODE_OPEN} class=\"language-rust\"><span>fn</span> a(){CODE_CLOSE}\n\
             <pre class=\"code\" tabindex=\"0\"><code>hands:</code></pre>\
             {CODE_OPEN}>b &amp; c{CODE_CLOSE}\n</main>"
        )
    }

    #[test]
    fn the_code_blocks_of_a_file_are_its_highlighted_blocks() {
        let page = file();
        let blocks = code_blocks(&page);
        assert_eq!(blocks, Some(vec!["<span>fn</span> a()", "b &amp; c"]));
        assert_eq!(code_blocks(&page[..page.len() - 20]), None, "not closed");
    }

    /// A record's code is taken from its file only if the file is the one its render wrote,
    /// with as many blocks as it made.
    #[test]
    fn code_is_recalled_only_from_the_file_the_record_wrote() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::open(dir.path());
        let path = "p/index.html";
        std::fs::create_dir(dir.path().join("p")).unwrap();
        std::fs::write(dir.path().join(path), file()).unwrap();
        let written = digest(file().as_bytes());
        let pages = |disk: u64| PageCache {
            cache: &cache,
            pack: String::new(),
            shared: 0,
            disk: HashMap::from([(path.to_string(), disk)]),
            loads: Loads::default(),
            site: dir.path(),
        };
        let pack = |code: Vec<u64>| {
            let md = markdown::Rendered {
                code,
                ..Default::default()
            };
            let mut packing = Packing::default();
            let body = record::write(&md, (&[], &[])).unwrap();
            packing.add(("page-1", path, written, 0, 0), &body);
            Pack::parse(packing.text(0)).unwrap()
        };
        let two = pack(vec![7, 8]);
        let recalled = pages(written).code_of(&two, &two.records[0]);
        let expected = [(7, "<span>fn</span> a()"), (8, "b &amp; c")];
        let expected = expected.map(|(d, h)| (d, h.to_string())).to_vec();
        assert_eq!(recalled, Some(expected));
        assert_eq!(
            pages(written.wrapping_add(1)).code_of(&two, &two.records[0]),
            None
        );
        let three = pack(vec![7, 8, 9]);
        assert_eq!(pages(written).code_of(&three, &three.records[0]), None);
        std::fs::write(dir.path().join(path), file().replace('a', "x")).unwrap();
        assert_eq!(pages(written).code_of(&two, &two.records[0]), None);
    }
}
