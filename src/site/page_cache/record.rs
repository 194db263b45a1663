//! What a page's record in the pack holds beyond its head: the digests of its highlighted code
//! blocks, each of its scenarios as the site lists it, then what the link check reads of its
//! Markdown (headings, links, links it may not have). The code blocks come first: a page
//! rendered again reads them alone; then the scenarios: a page taken from the cache needs them
//! at once, the rest only where the link check asks.

use crate::site::cache::fields::{Reader, Writer};
use crate::site::evaluate::Compared;
use crate::site::generated::ScenarioIndexRow;
use crate::site::markdown::{self, BrokenLink, Heading, Problem, SiteLink};
use crate::site::pages::ContentPage;
use crate::site::sink::Listed;

/// A record's body for a page rendered, with its scenarios as listed and compared; none if an
/// expectation of the page fails (the page is rendered again, and says so again).
pub(super) fn write(
    md: &markdown::Rendered,
    (listed, compared): (&[Listed], &[Compared]),
) -> Option<Writer> {
    let fails = |l: &Listed| !l.failing.is_empty() || l.row.failures > 0;
    if listed.len() != compared.len() || listed.iter().any(fails) {
        return None;
    }
    let mut w = Writer::default();
    w.num(md.code.len() as u64);
    for digest in &md.code {
        w.num(*digest);
    }
    for (l, c) in listed.iter().zip(compared) {
        let row = &l.row;
        w.str(&row.title).str(&row.url).num(row.distinct as u64);
        w.str(&row.spread).num(row.checked as u64);
        w.num(c.telling.len() as u64);
        for t in &c.telling {
            w.opt(t.as_deref());
        }
    }
    w.num(md.headings.len() as u64);
    for h in &md.headings {
        w.num(h.level.into())
            .str(&h.id)
            .str(&h.text)
            .num(h.text_at as u64);
    }
    w.num(md.links.len() as u64);
    for l in &md.links {
        w.str(&l.url).opt(l.fragment.as_deref());
        w.num(l.range.start as u64).num(l.range.end as u64);
    }
    w.num(md.broken.len() as u64);
    for b in &md.broken {
        let (kind, said) = match &b.problem {
            Problem::NoPage => (0, ""),
            Problem::LinkScheme(s) => (1, s.as_str()),
            Problem::ImageScheme(s) => (2, s.as_str()),
            Problem::Shortcode(s) => (3, s.as_str()),
        };
        w.str(&b.dest)
            .num(b.range.start as u64)
            .num(b.range.end as u64);
        w.num(kind).str(said);
    }
    Some(w)
}

/// The [`markdown::Rendered::code`] of the page, which the body begins with.
pub(super) fn code(r: &mut Reader) -> Option<Vec<u64>> {
    (0..r.num()?).map(|_| r.num()).collect()
}

/// For each rule point of a scenario's game, how switching it alone changes a result.
type Telling = Vec<Option<String>>;

/// The page's `count` scenarios as the site lists them, and what switching each rule point
/// alone changes in each; `p` is the page loaded.
pub(super) fn scenarios(
    r: &mut Reader,
    count: usize,
    p: &ContentPage,
) -> Option<(Vec<Listed>, Vec<Telling>)> {
    let mut listed = Vec::with_capacity(count);
    let mut telling = Vec::with_capacity(count);
    for s in p.page.scenarios.iter().take(count) {
        let (title, url, distinct) = (r.string()?, r.string()?, r.usize()?);
        let (spread, checked) = (r.string()?, r.usize()?);
        let told = (0..r.usize()?)
            .map(|_| r.opt())
            .collect::<Option<Vec<_>>>()?;
        let row = ScenarioIndexRow {
            title,
            game: s.game().name(),
            url,
            page_url: p.url.clone(),
            page_title: p.title.clone(),
            distinct,
            spread,
            failures: 0,
            checked,
        };
        let failing = Vec::new();
        listed.push(Listed { row, failing });
        telling.push(told);
    }
    (listed.len() == count).then_some((listed, telling))
}

/// Whether what follows the scenarios reads as [`markdown`] reads it, without making anything
/// of it: a page is taken from the cache only if its whole record reads.
pub(super) fn reads(r: &mut Reader) -> Option<()> {
    for _ in 0..r.num()? {
        r.num()?;
        r.str()?;
        r.str()?;
        r.num()?;
    }
    for _ in 0..r.num()? {
        r.str()?;
        r.opt_str()?;
        r.num()?;
        r.num()?;
    }
    for _ in 0..r.num()? {
        r.str()?;
        r.num()?;
        r.num()?;
        r.num()?;
        r.str()?;
    }
    r.done().then_some(())
}

/// What the link check reads of the page's Markdown, after its scenarios: its headings, its
/// links and the links it may not have. The HTML and the plain text are not kept.
pub(super) fn markdown(r: &mut Reader) -> Option<markdown::Rendered> {
    let headings = (0..r.usize()?)
        .map(|_| {
            Some(Heading {
                level: u8::try_from(r.num()?).ok()?,
                id: r.string()?,
                text: r.string()?,
                text_at: r.usize()?,
            })
        })
        .collect::<Option<_>>()?;
    let links = (0..r.usize()?)
        .map(|_| {
            let (url, fragment) = (r.string()?, r.opt()?);
            let range = r.usize()?..r.usize()?;
            Some(SiteLink {
                url,
                fragment,
                range,
            })
        })
        .collect::<Option<_>>()?;
    let broken = (0..r.usize()?)
        .map(|_| {
            let (dest, range) = (r.string()?, r.usize()?..r.usize()?);
            let problem = match (r.num()?, r.string()?) {
                (0, _) => Problem::NoPage,
                (1, said) => Problem::LinkScheme(said),
                (2, said) => Problem::ImageScheme(said),
                (3, said) => Problem::Shortcode(said),
                _ => return None,
            };
            Some(BrokenLink {
                dest,
                range,
                problem,
            })
        })
        .collect::<Option<_>>()?;
    r.done().then_some(markdown::Rendered {
        headings,
        links,
        broken,
        ..markdown::Rendered::default()
    })
}
