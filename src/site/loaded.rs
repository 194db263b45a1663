//! What loading each page found, kept between builds in the project's cache: for every
//! Markdown page without scenarios, by its path and the digest of its text, its place
//! ([`Placed`]: title, description, weight, stage), its quotations and whether it prints odds
//! figures. A page unchanged is then neither parsed nor scanned again. One entry for a content
//! folder, made by one build of the tool: another build's is not used.

use super::cache::fields::{Reader, Writer};
use super::cache::{Cache, tool_identity};
use super::manifest::Input;
use super::pages::{ContentPage, Known, Placed};
use super::project::Project;
use crate::diagnostic::LineIndex;
use crate::sources::quotations::{Origin, Quotation};
use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::{Path, PathBuf};

/// The entries' names begin so: `loads-CONTENTDIGEST`.
const PREFIX: &str = "loads-";

/// A page as loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Loaded {
    path: PathBuf,
    digest: u64,
    placed: Placed,
    /// Whether [`crate::odds::in_page`] found anything to say of the page's odds figures: then
    /// they are looked at again.
    claims: bool,
    /// Each quotation's words and citation, and where both stand: start and length in bytes.
    quotations: Vec<(String, String, [usize; 4])>,
}

/// The entry: the tool's digest, then each page, as fields ([`super::cache::fields`]): read on
/// every build that renders, and faster so than JSON.
fn to_fields(tool: u64, pages: &[Loaded]) -> String {
    let mut w = Writer::default();
    w.num(tool).num(pages.len() as u64);
    // A path that is not UTF-8 is kept as no path: it is never found, and the page is read.
    for l in pages {
        let p = &l.placed;
        w.str(l.path.to_str().unwrap_or_default()).num(l.digest);
        w.str(&p.title).opt(p.description.as_deref());
        w.str(&p.weight.to_string());
        w.num(p.stage.map_or(0, |s| s as u64 + 1));
        w.num(l.claims.into()).num(l.quotations.len() as u64);
        for (quote, cite, at) in &l.quotations {
            w.str(quote).str(cite);
            for n in at {
                w.num(*n as u64);
            }
        }
    }
    w.0
}

/// The pages of an entry [`to_fields`] wrote by this build of the tool (`tool`); none from
/// anything else.
fn from_fields(text: &str, tool: u64) -> Option<Vec<Loaded>> {
    let mut r = Reader::new(text, 0);
    (r.num()? == tool).then_some(())?;
    let pages = (0..r.num()?)
        .map(|_| {
            let (path, digest) = (PathBuf::from(r.str()?), r.num()?);
            let (title, description) = (r.string()?, r.opt()?);
            let weight = r.str()?.parse().ok()?;
            let stage = match r.usize()? {
                0 => None,
                n => Some(n - 1),
            };
            let claims = match r.num()? {
                0 => false,
                1 => true,
                _ => return None,
            };
            let quotations = (0..r.num()?)
                .map(|_| {
                    let (quote, cite) = (r.string()?, r.string()?);
                    let at = [r.usize()?, r.usize()?, r.usize()?, r.usize()?];
                    Some((quote, cite, at))
                })
                .collect::<Option<Vec<_>>>()?;
            let placed = Placed {
                title,
                description,
                weight,
                stage,
            };
            Some(Loaded {
                path,
                digest,
                placed,
                claims,
                quotations,
            })
        })
        .collect::<Option<Vec<_>>>()?;
    r.done().then_some(pages)
}

/// What the last build loaded, by path, and the digest of each input as the scan of the inputs
/// found it (see [`super::manifest::Inputs`]).
#[derive(Default)]
pub(super) struct Loads {
    // Looked up for every page: a fast hasher (see [`super::Map`]).
    by_path: super::Map<PathBuf, Loaded>,
    scanned: super::Map<PathBuf, u64>,
}

impl Known for Loads {
    fn placed(&self, path: &Path, digest: u64) -> Option<Placed> {
        Some(self.get(path, digest)?.placed.clone())
    }

    fn unread(&self, path: &Path) -> Option<(u64, Placed)> {
        let digest = *self.scanned.get(path)?;
        let loaded = self.get(path, digest)?;
        let needs_text = loaded.claims || !loaded.quotations.is_empty();
        (!needs_text).then(|| (digest, loaded.placed.clone()))
    }
}

/// This build of the tool.
fn tool() -> u64 {
    let mut h = DefaultHasher::new();
    tool_identity(&mut h);
    h.finish()
}

/// The entry's name: one per content folder.
fn name(content: &Path) -> String {
    let mut h = DefaultHasher::new();
    std::path::absolute(content)
        .unwrap_or_else(|_| content.to_path_buf())
        .hash(&mut h);
    format!("{PREFIX}{:016x}", h.finish())
}

impl Loads {
    /// What the last build of `content` loaded, if this build of the tool made the entry; the
    /// inputs as scanned are given after ([`Loads::scanned`]): the two are read at once.
    pub(super) fn read(cache: &Cache, content: &Path) -> Loads {
        let pages = (cache.get(&name(content))).and_then(|text| from_fields(&text, tool()));
        Loads {
            by_path: (pages.into_iter().flatten())
                .map(|l| (l.path.clone(), l))
                .collect(),
            scanned: super::Map::default(),
        }
    }

    /// With the inputs as scanned: a page whose digest is the one loaded need not be read.
    pub(super) fn scanned(self, scanned: &[Input]) -> Loads {
        Loads {
            scanned: (scanned.iter())
                .map(|i| (i.path.clone(), i.digest))
                .collect(),
            ..self
        }
    }

    fn get(&self, path: &Path, digest: u64) -> Option<&Loaded> {
        self.by_path.get(path).filter(|l| l.digest == digest)
    }

    /// Whether the page is known to print no odds figure the audit speaks of.
    pub(super) fn without_claims(&self, p: &ContentPage) -> bool {
        self.get(&p.page.path, p.digest).is_some_and(|l| !l.claims)
    }

    /// The page's quotations, located in its text, if the page is known.
    pub(super) fn quotations(&self, p: &ContentPage) -> Option<Vec<Quotation>> {
        let loaded = self.get(&p.page.path, p.digest)?;
        if loaded.quotations.is_empty() {
            // Most pages quote nothing: their lines are not indexed.
            return Some(Vec::new());
        }
        let text = &p.page.text;
        let lines = LineIndex::new(text);
        let at = |start, len| lines.locate(&p.page.path, text, start, len);
        let quotations = loaded.quotations.iter();
        Some(
            quotations
                .map(|(quote, cite, [q, ql, c, cl])| Quotation {
                    origin: Origin::Page {
                        path: p.page.path.clone(),
                    },
                    quote: quote.clone(),
                    cite: cite.clone(),
                    quote_at: at(*q, *ql),
                    cite_at: at(*c, *cl),
                })
                .collect(),
        )
    }

    /// Keeps what loading `project` found of its Markdown pages without scenarios, unless it is
    /// what the cache holds already.
    pub(super) fn save(&self, cache: &Cache, content: &Path, project: &Project) {
        let mut quoted: HashMap<&Path, Vec<&Quotation>> = HashMap::new();
        for q in &project.quotations {
            if let Origin::Page { path } = &q.origin {
                quoted.entry(path.as_path()).or_default().push(q);
            }
        }
        let pages: Vec<Loaded> = (project.content.iter().zip(&project.page_claims))
            .filter(|(p, _)| p.page.is_markdown() && p.page.scenarios.is_empty())
            .map(|(p, claims)| Loaded {
                path: p.page.path.clone(),
                digest: p.digest,
                placed: p.placed(),
                claims: !claims.is_empty(),
                quotations: (quoted.get(p.page.path.as_path()).into_iter().flatten())
                    .map(|q| {
                        let (quote, cite) = (&q.quote_at, &q.cite_at);
                        let at = [quote.offset(), quote.span_len()];
                        let cited = [cite.offset(), cite.span_len()];
                        (
                            q.quote.clone(),
                            q.cite.clone(),
                            [at[0], at[1], cited[0], cited[1]],
                        )
                    })
                    .collect(),
            })
            .collect();
        let same = pages.len() == self.by_path.len()
            && pages.iter().all(|l| self.by_path.get(&l.path) == Some(l));
        if same {
            return;
        }
        cache.store(&name(content), &to_fields(tool(), &pages));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sources::quotations::of_page;
    use std::sync::Arc;

    /// A page's quotations, kept and given back, are the ones found in it, located alike.
    #[test]
    fn quotations_kept_are_the_ones_found() {
        let text: Arc<str> = Arc::from(
            "---\ntitle: Ruff\n---\n\nCotton says “the ruff is the best” (p. 91), and \"a \
             mournival ‘of aces’\" (Cotton, p. 92).\n\n| a | “row’s words” (Willughby, p. 3) |\n",
        );
        let path = PathBuf::from("/p/content/ruff.md");
        let found = of_page(&path, &text);
        assert_eq!(found.len(), 3);
        let kept: Vec<(String, String, [usize; 4])> = found
            .iter()
            .map(|q| {
                let (a, c) = (&q.quote_at, &q.cite_at);
                let r = [a.offset(), a.span_len(), c.offset(), c.span_len()];
                (q.quote.clone(), q.cite.clone(), r)
            })
            .collect();
        let mut loads = Loads::default();
        let digest = super::super::sink::digest(text.as_bytes());
        loads.by_path.insert(
            path.clone(),
            Loaded {
                path: path.clone(),
                digest,
                placed: Placed {
                    title: "Ruff".into(),
                    description: None,
                    weight: 0,
                    stage: None,
                },
                claims: false,
                quotations: kept,
            },
        );
        let p = ContentPage {
            page: crate::project::Page {
                path: path.clone(),
                text: text.clone(),
                scenarios: Vec::new(),
                ranges: Vec::new(),
            },
            rel: "ruff.md".into(),
            url: "ruff/".into(),
            title: "Ruff".into(),
            description: None,
            weight: 0,
            stage: None,
            section: crate::site::pages::Section::Reference,
            digest,
            unread: false,
        };
        let back = loads.quotations(&p).unwrap();
        assert_eq!(format!("{back:?}"), format!("{found:?}"));
        // Another text at the same path is not known.
        let other = ContentPage {
            digest: digest ^ 1,
            ..p
        };
        assert!(loads.quotations(&other).is_none() && !loads.without_claims(&other));
    }

    /// What a build loaded reads back as it was kept, by the same build of the tool only.
    #[test]
    fn loads_read_back_as_kept() {
        let loaded = |path: &str, description: Option<&str>, stage| Loaded {
            path: PathBuf::from(path),
            digest: u64::MAX - 1,
            placed: Placed {
                title: "Ruff: the “best”".into(),
                description: description.map(String::from),
                weight: -3,
                stage,
            },
            claims: stage.is_some(),
            quotations: vec![("q\n".into(), "p. 1".into(), [0, 1, 2, 3])],
        };
        let pages = vec![
            loaded("/p/a b.md", None, None),
            loaded("/p/ü.md", Some(""), Some(0)),
        ];
        let text = to_fields(7, &pages);
        assert_eq!(from_fields(&text, 7), Some(pages));
        assert_eq!(from_fields(&text, 8), None);
        assert_eq!(from_fields(&text[..text.len() - 1], 7), None);
    }

    /// A page whose digest the scan gives (its stamp believed) and whose load is known is not
    /// read: its place is the one kept, its text empty until it is rendered again. A page whose
    /// load needs its text (odds figures, quotations), the glossary, and a page the scan found
    /// otherwise are read and parsed.
    #[test]
    fn a_page_whose_stamp_and_load_are_known_is_not_read() {
        let root = tempfile::tempdir().unwrap();
        let content = root.path().join("content");
        std::fs::create_dir(&content).unwrap();
        let names = ["a.md", "claims.md", "quotes.md", "glossary.md", "moved.md"];
        for name in names {
            std::fs::write(content.join(name), "# Read\n\nAs it is now.\n").unwrap();
        }
        // What the last build loaded: each page titled "Kept", of a text now gone.
        let mut loads = Loads::default();
        for name in names {
            let path = content.join(name);
            let loaded = Loaded {
                path: path.clone(),
                digest: 7,
                placed: Placed {
                    title: "Kept".into(),
                    description: None,
                    weight: 0,
                    stage: None,
                },
                claims: name == "claims.md",
                quotations: match name {
                    "quotes.md" => vec![("q".into(), "p. 1".into(), [0, 1, 2, 3])],
                    _ => Vec::new(),
                },
            };
            loads.by_path.insert(path.clone(), loaded);
            let scanned = if name == "moved.md" { 8 } else { 7 };
            loads.scanned.insert(path, scanned);
        }
        let pages = super::super::pages::load_known(root.path(), &content, &loads).unwrap();
        let by_rel = |rel: &str| pages.iter().find(|p| p.rel == rel).unwrap();
        let a = by_rel("a.md");
        assert!(a.unread && a.page.text.is_empty());
        assert_eq!((a.title.as_str(), a.digest), ("Kept", 7));
        for read in ["claims.md", "quotes.md", "glossary.md", "moved.md"] {
            let p = by_rel(read);
            assert!(!p.unread, "{read}");
            assert_eq!(
                (p.title.as_str(), &*p.page.text),
                ("Read", "# Read\n\nAs it is now.\n")
            );
        }
    }
}
