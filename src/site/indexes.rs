//! The index stage: the search index, the sitemap, the static files and the bibliography files.

use super::navigation::section_game;
use super::output::OutputError;
use super::project::Project;
use super::sink::{Output, Rendered, Sink, digest as digest_of};
use super::{BuildError, annotated, citation, highlight, markdown, pages, search, site_base};
use pages::{ContentPage, Section, paths};
use rayon::prelude::*;

/// The search index (its parts written straight into `sink`; see [`write_search_index`]), the
/// sitemap, the static files and the highlighting stylesheet.
pub(super) fn add_indexes(
    project: &Project,
    out: &mut Rendered,
    sink: &dyn Sink,
    release_keep: (bool, bool),
    parts: &[Part],
) -> Result<(), BuildError> {
    let index = write_search_index(project, out, release_keep, parts, sink)?;
    out.written.extend(index);
    if let Some(base_url) = site_base(&project.config) {
        let mut urls: Vec<String> = project
            .content
            .iter()
            .map(|p| p.url.clone())
            .chain(out.generated_urls.iter().cloned())
            .collect();
        urls.sort();
        let sitemap = project
            .templates
            .render("sitemap.xml", &[("urls", &urls), ("base_url", &base_url)])?;
        out.files.push(Output {
            path: paths::SITEMAP.into(),
            bytes: sitemap.into_bytes(),
        });
    }
    for (name, bytes) in &project.templates.statics {
        out.files.push(Output {
            path: format!("{}{name}", paths::STATIC),
            bytes: bytes.clone(),
        });
    }
    out.files.push(Output {
        path: paths::HIGHLIGHT_CSS.into(),
        bytes: highlight::stylesheet().into_bytes(),
    });
    if !project.library.texts.is_empty() {
        out.files.push(Output {
            path: citation::BIBTEX.into(),
            bytes: crate::sources::bib::bibtex(&project.library).into_bytes(),
        });
        out.files.push(Output {
            path: citation::CSL_JSON.into(),
            bytes: crate::sources::bib::csl_json(&project.library).into_bytes(),
        });
    }
    Ok(())
}

/// A part of the search index as the build's cache knows it: the digest of what it is made
/// of (none where the cache does not know one of its pages) and, where the file on disk is the
/// one that made, its digest: such a part is neither made nor written again.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Part {
    pub(super) key: Option<u64>,
    pub(super) kept: Option<u64>,
}

/// The search index over content pages, readings and rule points of every game, in parts put
/// into `sink`, then the list of them; gives every file put (or `parts` says is kept), with its
/// digest. A page whose sections `out.counted` holds (from the build's cache) is not counted
/// again; with `keep`, the pages counted are kept there (for the cache). With `release` (a
/// build that ends here), each page's text is released once its part is made.
pub(super) fn write_search_index(
    project: &Project,
    out: &mut Rendered,
    (release, keep): (bool, bool),
    parts: &[Part],
    sink: &dyn Sink,
) -> Result<Vec<(String, u64)>, OutputError> {
    out.counted.resize_with(project.content.len(), || None);
    let kept = |n: usize| parts.get(n).and_then(|p| p.kept);
    // The parts are independent: each is counted, merged and written on a thread of its own,
    // the part of the other pages beside them.
    let blocks = (project.content.par_chunks(search::PAGES_A_PART))
        .zip(out.markdown.par_chunks_mut(search::PAGES_A_PART))
        .zip(out.counted.par_chunks_mut(search::PAGES_A_PART))
        .enumerate();
    let content = blocks.map(|(n, ((pages, mds), counted))| {
        let path = search::part_path(n);
        let digest = match kept(n) {
            Some(digest) => digest,
            None => put_part(
                sink,
                &path,
                content_part(project, pages, mds, counted, keep),
            )?,
        };
        if release {
            for md in mds {
                md.text = String::new();
            }
        }
        Ok((path, digest))
    });
    let other_at = project.content.len().div_ceil(search::PAGES_A_PART);
    let other = || {
        let path = search::part_path(other_at);
        let digest = match kept(other_at) {
            Some(digest) => digest,
            None => put_part(sink, &path, other_part(project))?,
        };
        Ok((path, digest))
    };
    let (content, other): (Result<Vec<_>, OutputError>, Result<_, OutputError>) =
        rayon::join(|| content.collect(), other);
    let mut written = content?;
    written.push(other?);
    let list = search::parts_list(&written);
    sink.put(paths::SEARCH_INDEX, list.as_bytes())?;
    written.push((paths::SEARCH_INDEX.into(), digest_of(list.as_bytes())));
    Ok(written)
}

/// Puts a part of the index, written as it is made; gives its digest.
fn put_part(sink: &dyn Sink, path: &str, part: search::Builder) -> Result<u64, OutputError> {
    let mut part = Some(part);
    sink.put_with(path, &mut |w| part.take().map_or(Ok(()), |p| p.write(w)))
}

/// The part of the index of these content pages: each counted where `counted` does not hold
/// it already (and kept there, with `keep`).
fn content_part(
    project: &Project,
    pages: &[ContentPage],
    mds: &[markdown::Rendered],
    counted: &mut [Option<search::Counted>],
    keep: bool,
) -> search::Builder {
    let mut part = search::Builder::default();
    let entries: Vec<search::Entry> = (pages.iter().zip(mds))
        .map(|(p, md)| content_entry(project, p, md))
        .collect();
    let fresh: Vec<Option<search::Counted>> = (entries.par_iter().zip(counted.par_iter()))
        .map(|(e, c)| c.is_none().then(|| search::Counted::of(e)))
        .collect();
    let all = (counted.iter().zip(&fresh)).filter_map(|(c, f)| c.as_ref().or(f.as_ref()));
    part.add_counted(entries.iter().zip(all));
    if keep {
        for (c, f) in counted.iter_mut().zip(fresh) {
            *c = c.take().or(f);
        }
    }
    part
}

/// The part of the index of the readings, the rule points and the annotated texts.
fn other_part(project: &Project) -> search::Builder {
    let extra = other_entries(project);
    let entries: Vec<search::Entry> = extra
        .iter()
        .map(|(u, t, x, s, g)| search::Entry {
            url: u,
            title: t,
            section: s,
            game: g,
            text: x,
            anchors: Vec::new(),
        })
        .collect();
    let mut part = search::Builder::default();
    part.add(&entries);
    part
}

/// A content page as the search index sees it: its sections under its second- and third-level
/// headings.
pub(super) fn content_entry<'a>(
    project: &Project,
    p: &'a ContentPage,
    md: &'a markdown::Rendered,
) -> search::Entry<'a> {
    let game = section_game(project, &p.section)
        .and_then(crate::games::by_id)
        .map_or("", |g| g.name());
    search::Entry {
        url: &p.url,
        title: &p.title,
        section: section_name(&p.section),
        game,
        text: &md.text,
        anchors: md
            .headings
            .iter()
            .filter(|h| matches!(h.level, 2 | 3))
            .map(|h| search::Anchor {
                id: &h.id,
                text: &h.text,
                at: h.text_at,
            })
            .collect(),
    }
}

/// A rule point's documentation in words for the search's snippets: each `id` of a point of the
/// game as its question, any other backquoted word without its quotes.
pub(super) fn doc_in_words(table: crate::rules::PointTable, doc: &str) -> String {
    doc.split('`')
        .enumerate()
        .map(|(i, part)| match i % 2 {
            1 => table
                .all()
                .find(|p| p.id() == part)
                .map_or(part, |p| p.def().question),
            _ => part,
        })
        .collect()
}

/// (url, title, text, part of the site, game) of each reading, each rule point and each
/// annotated text: indexed whole.
pub(super) fn other_entries(
    project: &Project,
) -> Vec<(String, String, String, &'static str, &'static str)> {
    let mut extra = Vec::new();
    for (game, set) in project.games() {
        let prefix = project.prefix(game);
        for v in &set.variants {
            let quotes: Vec<&str> = v.choices.iter().map(|c| c.quote.as_str()).collect();
            let notes: Vec<&str> = v.choices.iter().filter_map(|c| c.note.as_deref()).collect();
            let text = format!(
                "{} {} {} {}",
                v.citation,
                v.summary.clone().unwrap_or_default(),
                quotes.join(" "),
                notes.join(" ")
            );
            extra.push((
                paths::variant(&prefix, &v.id),
                format!("{}: {}", v.author, v.title),
                text,
                "The readings",
                game.name(),
            ));
        }
        for p in set.table.all() {
            let summaries: Vec<&str> = p.def().choices.iter().map(|c| c.summary).collect();
            extra.push((
                paths::rule(&prefix, p.id()),
                p.def().question.to_string(),
                format!(
                    "{} {}",
                    doc_in_words(set.table, p.def().doc),
                    summaries.join(" ")
                ),
                "Rule points",
                game.name(),
            ));
        }
    }
    for source in project.library.texts.iter().filter(|t| t.file.is_some()) {
        if let Some(text) = &source.text {
            extra.push((
                annotated::url(&source.id),
                format!("{}: {}", source.name(), source.title),
                text.body.clone(),
                "The texts",
                "",
            ));
        }
    }
    extra
}

pub(super) fn section_name(s: &Section) -> &'static str {
    match s {
        Section::Start => "Start here",
        Section::Play => "How to play",
        Section::Notebook => "The notebook",
        Section::Readings => "The readings",
        Section::Reference => "Reference",
        Section::Contributing => "For contributors",
        Section::Folder(_) => "Rules and notebook",
    }
}
