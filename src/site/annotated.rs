//! The annotated texts: a page per bundled source, the whole text with its page breaks, each
//! sentence a reading or a page quotes marked, and in its margin the rule points, readings and
//! pages that rest on it. The rule points and readings link back to the sentence.

use super::markdown::escape_attr;
use crate::sources::check::{Found, Report, Why};
use crate::sources::quotations::{Origin, Quotation};
use crate::sources::text::{Mark, Text};
use crate::sources::{Library, Source};
use serde::Serialize;
use std::collections::BTreeMap;
use std::ops::Range;

/// The quotations of a build, found in their texts.
pub struct Annotations<'a> {
    pub library: &'a Library,
    pub quotations: &'a [Quotation],
    pub report: &'a Report,
}

/// A link from a reading's evidence to the sentence of the text it quotes.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct TextLink {
    /// "Cotton 1674, p. 91".
    pub label: String,
    /// From the site root: `sources/cotton-1674-gleek/#p91-3`.
    pub url: String,
}

/// What the site shows beside a reading's quote: the sentences of the texts it stands in, or,
/// when it could not be verified, why (the title of a small marker).
#[derive(Clone, Debug, Default)]
pub struct InTheText {
    pub links: Vec<TextLink>,
    pub unverified: Option<String>,
}

/// What the site knows of where things live, for the margin's links.
pub struct Places<'a> {
    /// A game's id to where its generated pages live (`""`, `put/`).
    pub prefix: &'a dyn Fn(&str) -> Option<String>,
    /// A content file to its URL and title.
    pub page: &'a dyn Fn(&std::path::Path) -> Option<(String, String)>,
    /// A reading's name and its choice on a point, in words ("Charles Cotton (1674)", "Each
    /// opponent pays the dealer 4.").
    pub choice: &'a ChoiceOf<'a>,
}

/// (game, reading, point) to the reading's name and its choice in words.
pub type ChoiceOf<'a> = dyn Fn(&str, &str, &str) -> Option<(String, String)> + 'a;

/// The title of the marker of a quotation not verified: why, in words.
fn unverified_title(library: &Library, why: &Why) -> String {
    format!(
        "Not verified against its text: {}",
        Report::why_words(library, why)
    )
}

/// The URL of a text's page.
pub fn url(id: &str) -> String {
    format!("{}{id}/", super::pages::paths::SOURCES)
}

impl Annotations<'_> {
    fn found_in(&self, text: usize) -> impl Iterator<Item = &Found> {
        self.report.found.iter().filter(move |f| f.text == text)
    }

    /// Where a reading's quote on a point stands in the texts: the sentences it touches.
    pub fn links(&self, game: &str, variant: &str, point: &str) -> Vec<TextLink> {
        let mut out = Vec::new();
        for f in &self.report.found {
            let Origin::Variant {
                game: g,
                variant: v,
                point: p,
            } = &self.quotations[f.quotation].origin
            else {
                continue;
            };
            if (*g, v.as_str(), p.as_str()) != (game, variant, point) {
                continue;
            }
            let source = &self.library.texts[f.text];
            // Only a bundled text has a page to link to: a text kept privately is not published.
            let (Some(text), Some(_)) = (source.text.as_ref(), &source.file) else {
                continue;
            };
            // The sentence the quotation begins in, labelled with the quotation's own pages.
            let Some(s) = text.sentences.get(text.sentences_of(&f.tokens).start) else {
                continue;
            };
            let link = TextLink {
                label: match text.pages_of(&f.tokens) {
                    Some(pages) => format!("{}, {}", source.name(), text.unit.words(pages)),
                    None => source.name().to_string(),
                },
                url: format!("{}#{}", url(&source.id), s.anchor),
            };
            if !out.contains(&link) {
                out.push(link);
            }
        }
        out
    }

    /// Why a reading's quote on a point was not verified, as the title of its marker; None when
    /// it was (or it has no quote).
    pub fn unverified(&self, game: &str, variant: &str, point: &str) -> Option<String> {
        self.report.unverified.iter().find_map(|u| {
            let Origin::Variant {
                game: g,
                variant: v,
                point: p,
            } = &self.quotations[u.quotation].origin
            else {
                return None;
            };
            ((*g, v.as_str(), p.as_str()) == (game, variant, point))
                .then(|| unverified_title(self.library, &u.why))
        })
    }

    /// The pages with a quotation not verified: any other's [`Self::unverified_in_page`] is
    /// empty, and need not be looked for among every quotation.
    pub fn pages_unverified(&self) -> std::collections::HashSet<&std::path::Path> {
        (self.report.unverified.iter())
            .filter_map(|u| match &self.quotations[u.quotation].origin {
                Origin::Page { path } => Some(path.as_path()),
                _ => None,
            })
            .collect()
    }

    /// Where a page's quotations not verified end (the byte after their citation's closing
    /// parenthesis), each with the title of its marker, in order.
    pub fn unverified_in_page(&self, path: &std::path::Path, text: &str) -> Vec<(usize, String)> {
        let mut out: Vec<(usize, String)> = self
            .report
            .unverified
            .iter()
            .filter_map(|u| {
                let q = &self.quotations[u.quotation];
                match &q.origin {
                    Origin::Page { path: p } if p == path => {}
                    _ => return None,
                }
                let from = q.cite_at.offset();
                let close = from + text.get(from..)?.find(')')? + 1;
                Some((close, unverified_title(self.library, &u.why)))
            })
            .collect();
        out.sort();
        out
    }

    /// Every bundled text's page: `(url, title, view)`.
    pub fn views(&self, places: &Places) -> Vec<(String, SourceView)> {
        self.library
            .texts
            .iter()
            .enumerate()
            .filter(|(_, s)| s.file.is_some())
            .filter_map(|(i, s)| Some((url(&s.id), self.view(i, s, s.text.as_ref()?, places))))
            .collect()
    }

    fn view(&self, i: usize, source: &Source, text: &Text, places: &Places) -> SourceView {
        let mut notes: Vec<Margin> = vec![Margin::default(); text.sentences.len()];
        let mut marked: Vec<Range<usize>> = Vec::new();
        for f in self.found_in(i) {
            let q = &self.quotations[f.quotation];
            for s in text.sentences_of(&f.tokens) {
                notes[s].add(&q.origin, places);
            }
            if let (Some(a), Some(b)) = (
                text.tokens.get(f.tokens.start),
                f.tokens.end.checked_sub(1).and_then(|e| text.tokens.get(e)),
            ) {
                marked.push(a.range.start..b.range.end);
            }
        }
        let marked = merge(marked);
        let quoted = notes.iter().filter(|n| !n.is_empty()).count();
        SourceView {
            id: source.id.clone(),
            title: source.title.clone(),
            name: source.name().to_string(),
            licence: source.licence.clone().unwrap_or_default(),
            about: source.about.clone(),
            header: text.header.lines().map(str::to_string).collect(),
            sentences: text.sentences.len(),
            quoted,
            body_html: body_html(text, &notes, &marked),
            anchors: text
                .sentences
                .iter()
                .map(|s| s.anchor.clone())
                .chain(text.marks.iter().filter_map(|(_, m)| match m {
                    Mark::Page(p) => Some(text.unit.anchor(*p)),
                    Mark::Gap => None,
                }))
                .collect(),
        }
    }
}

/// The page of one text.
#[derive(Serialize)]
pub struct SourceView {
    pub id: String,
    pub title: String,
    pub name: String,
    pub licence: String,
    pub about: Option<String>,
    /// The transcription's own first lines.
    pub header: Vec<String>,
    pub sentences: usize,
    pub quoted: usize,
    pub body_html: String,
    /// Every anchor the page has, for the link check.
    #[serde(skip)]
    pub anchors: Vec<String>,
}

/// A reading in a margin: its page's URL, its id, its name and its choice in words.
type Reading = (String, String, String, String);

/// The margin of one sentence: by rule point (its page's URL and id), the readings that quote
/// it; and the pages (URL and title).
#[derive(Clone, Default)]
struct Margin {
    points: BTreeMap<(String, String), Vec<Reading>>,
    pages: Vec<(String, String)>,
}

impl Margin {
    fn is_empty(&self) -> bool {
        self.points.is_empty() && self.pages.is_empty()
    }

    fn add(&mut self, origin: &Origin, places: &Places) {
        match origin {
            Origin::Variant {
                game,
                variant,
                point,
            } => {
                let Some(prefix) = (places.prefix)(game) else {
                    return;
                };
                let (name, choice) = (places.choice)(game, variant, point)
                    .unwrap_or_else(|| (variant.clone(), String::new()));
                let reading = (
                    super::pages::paths::variant(&prefix, variant),
                    variant.clone(),
                    name,
                    choice,
                );
                let list = self
                    .points
                    .entry((super::pages::paths::rule(&prefix, point), point.clone()))
                    .or_default();
                if !list.contains(&reading) {
                    list.push(reading);
                }
            }
            Origin::Page { path } => {
                if let Some(page) = (places.page)(path)
                    && !self.pages.contains(&page)
                {
                    self.pages.push(page);
                }
            }
        }
    }

    fn html(&self, root: &str) -> String {
        // A note, not a landmark: a text has dozens of margins, and landmarks must be few and named apart.
        let mut out = String::from(
            "<aside class=\"source-margin\" role=\"note\" aria-label=\"Who quotes this\"><ul>",
        );
        for ((rule_url, point), readings) in &self.points {
            let readings: Vec<String> = readings
                .iter()
                .map(|(url, id, name, choice)| {
                    format!(
                        "<a href=\"{root}{}\" title=\"{}\">{}</a> <span class=\"col-sub-inline\">{}</span>",
                        escape_attr(url),
                        escape_attr(id),
                        escape_attr(name),
                        escape_attr(choice)
                    )
                })
                .collect();
            out.push_str(&format!(
                "<li><a class=\"source-point\" href=\"{root}{}\"><code>{}</code></a>: {}</li>",
                escape_attr(rule_url),
                escape_attr(point),
                readings.join(", ")
            ));
        }
        if !self.pages.is_empty() {
            let pages: Vec<String> = self
                .pages
                .iter()
                .map(|(url, title)| {
                    format!(
                        "<a href=\"{root}{}\">{}</a>",
                        escape_attr(url),
                        escape_attr(title)
                    )
                })
                .collect();
            out.push_str(&format!("<li>Quoted on {}</li>", pages.join(", ")));
        }
        out.push_str("</ul></aside>");
        out
    }
}

/// Overlapping ranges as one.
fn merge(mut ranges: Vec<Range<usize>>) -> Vec<Range<usize>> {
    ranges.sort_by_key(|r| (r.start, r.end));
    let mut out: Vec<Range<usize>> = Vec::new();
    for r in ranges {
        match out.last_mut() {
            Some(last) if r.start <= last.end => last.end = last.end.max(r.end),
            _ => out.push(r),
        }
    }
    out
}

/// The text as HTML: runs of sentences nobody quotes as paragraphs; each quoted sentence a block
/// of its own with its anchor, its quoted words marked and its margin. Page breaks stand where
/// they fall. Links are relative to the page (`../../`).
fn body_html(text: &Text, notes: &[Margin], marked: &[Range<usize>]) -> String {
    const ROOT: &str = "../../";
    let mut out = String::new();
    let mut plain_open = false;
    let mut last_end = 0;
    for (s, note) in text.sentences.iter().zip(notes) {
        let new_paragraph = text.body[last_end..s.range.start].contains("\n\n");
        last_end = s.range.end;
        let words = sentence_html(text, s.range.clone(), marked);
        if note.is_empty() {
            if plain_open && new_paragraph {
                out.push_str("</p>\n");
                plain_open = false;
            }
            if !plain_open {
                out.push_str("<p class=\"source-plain\">");
                plain_open = true;
            } else {
                out.push(' ');
            }
            out.push_str(&format!("<span id=\"{}\">{words}</span>", s.anchor));
            continue;
        }
        if plain_open {
            out.push_str("</p>\n");
            plain_open = false;
        }
        out.push_str(&format!(
            "<div class=\"source-quoted\" id=\"{id}\"><p class=\"source-words\"><a class=\"source-anchor\" href=\"#{id}\" title=\"Link to this sentence\">{label}</a> {words}</p>{margin}</div>\n",
            id = s.anchor,
            label = s.page.map_or_else(|| "§".to_string(), |p| format!("p. {p}")),
            margin = note.html(ROOT),
        ));
    }
    if plain_open {
        out.push_str("</p>\n");
    }
    out
}

/// One sentence: its words escaped, page breaks and gaps shown, quoted words marked.
fn sentence_html(text: &Text, range: Range<usize>, marked: &[Range<usize>]) -> String {
    // Every boundary inside the sentence where something opens or closes.
    let mut cuts: Vec<usize> = vec![range.start, range.end];
    let marks: Vec<&(Range<usize>, Mark)> = text
        .marks
        .iter()
        .filter(|(r, _)| r.start >= range.start && r.end <= range.end)
        .collect();
    for (r, _) in &marks {
        cuts.extend([r.start, r.end]);
    }
    for m in marked {
        cuts.extend([
            m.start.clamp(range.start, range.end),
            m.end.clamp(range.start, range.end),
        ]);
    }
    cuts.sort_unstable();
    cuts.dedup();
    let mut out = String::new();
    let mut in_mark = false;
    for w in cuts.windows(2) {
        let (a, b) = (w[0], w[1]);
        let want = marked.iter().any(|m| m.start <= a && b <= m.end);
        if want != in_mark {
            out.push_str(if want { "<mark>" } else { "</mark>" });
            in_mark = want;
        }
        match marks.iter().find(|(r, _)| r.start == a) {
            Some((_, Mark::Page(p))) => out.push_str(&format!(
                "<span class=\"page-break\" id=\"{}\">[{}]</span>",
                text.unit.anchor(*p),
                text.unit.words((*p, *p))
            )),
            Some((_, Mark::Gap)) => {
                out.push_str("<span class=\"gap\" title=\"a gap in the transcription\">[?]</span>")
            }
            None => out.push_str(&escape_attr(&squeeze(&text.body[a..b]))),
        }
    }
    if in_mark {
        out.push_str("</mark>");
    }
    out
}

/// Whitespace runs (line ends among them) as single spaces.
fn squeeze(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut space = false;
    for c in s.chars() {
        if c.is_whitespace() {
            space = true;
        } else {
            if space {
                out.push(' ');
                space = false;
            }
            out.push(c);
        }
    }
    if space {
        out.push(' ');
    }
    out
}
