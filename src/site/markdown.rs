//! Markdown to HTML for the site: heading anchors with generated slugs, links to other pages
//! rewritten to clean URLs (and checked), code highlighted at build time, raw HTML escaped,
//! glossary terms linked, and each ```gleek block replaced by its rendered scenario.

use super::glossary::Glossary;
use super::highlight::{block_digest, highlight};
use crate::diagnostic::{Diagnostic, Location};
use pulldown_cmark::{
    Alignment, CodeBlockKind, CowStr, Event, HeadingLevel, LinkType, Options, Parser, Tag, TagEnd,
    html,
};
use std::collections::{HashMap, HashSet};
use std::ops::Range;

/// A heading of a page, for its table of contents and anchor checks.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Heading {
    pub level: u8,
    pub id: String,
    pub text: String,
    /// Where the heading starts in [`Rendered::text`]: the search index's sections begin here.
    #[serde(skip)]
    pub text_at: usize,
}

/// A link from a page to somewhere else on the site, to be checked once every page is known.
#[derive(Clone, Debug)]
pub struct SiteLink {
    /// The target page's URL (root-relative, `play/stock/`), and the fragment, if any.
    pub url: String,
    pub fragment: Option<String>,
    /// Where the link is written (a byte range of the page's source).
    pub range: Range<usize>,
}

/// A link or image a page may not have.
#[derive(Clone, Debug)]
pub struct BrokenLink {
    pub dest: String,
    pub range: Range<usize>,
    pub problem: Problem,
}

/// What is wrong with a link or image.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// A relative link that names no page.
    NoPage,
    /// A link whose scheme is not allowed (`javascript:`, `data:`, `file:`...).
    LinkScheme(String),
    /// An image whose scheme is not allowed.
    ImageScheme(String),
    /// A code span the site fills in (`odds:...`) that names nothing it knows: the message.
    Shortcode(String),
}

impl BrokenLink {
    /// The error, at the link's location in the page.
    pub fn diagnostic(&self, at: Location) -> Diagnostic {
        let dest = shown(&self.dest);
        match &self.problem {
            Problem::NoPage => Diagnostic::new(at, format!("the link `{dest}` names no page"))
                .note("link to another page by its .md file, relative to this one, as in `../play/stock.md`"),
            Problem::LinkScheme(scheme) => Diagnostic::new(
                at,
                format!("the link `{dest}` uses `{scheme}:`, which a page may not link to"),
            )
            .note("allowed: http:, https:, mailto:, another page by its .md file (`../play/stock.md`), a generated page from the site root (`/matrix/`), or an anchor (`#odd-penny`)"),
            Problem::ImageScheme(scheme) => Diagnostic::new(
                at,
                format!("the image `{dest}` uses `{scheme}:`, which a page may not show"),
            )
            .note("allowed: http:, https:, or a path relative to the page"),
            Problem::Shortcode(message) => Diagnostic::new(at, message.clone()),
        }
    }
}

/// A link target as the user can read it in a message: control characters escaped, and cut short.
fn shown(dest: &str) -> String {
    const LONGEST: usize = 80;
    let mut out = String::new();
    for (i, c) in dest.chars().enumerate() {
        if i == LONGEST {
            out.push('…');
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// The rendered page body and what was learnt on the way.
#[derive(Clone, Debug, Default)]
pub struct Rendered {
    pub html: String,
    pub headings: Vec<Heading>,
    /// The plain text, for the search index.
    pub text: String,
    /// The first level-one heading, which names a page without front matter.
    pub h1: Option<String>,
    pub links: Vec<SiteLink>,
    pub broken: Vec<BrokenLink>,
    /// The [`block_digest`] of each code block highlighted, in order: the build's cache takes
    /// their HTML from the page's file when the page is rendered again.
    pub code: Vec<u64>,
}

/// What a highlighted code block's HTML lies between (the opening tag of `code` may have a class
/// attribute before its `>`): escaped code holds neither.
pub(super) const CODE_OPEN: &str = "<pre class=\"code\"><code";
pub(super) const CODE_CLOSE: &str = "</code></pre>";

/// What the renderer needs from the site.
pub struct Context<'a> {
    /// Turns a relative link target (`../play/stock.md`) into a page URL, or None.
    pub resolve: &'a dyn Fn(&str) -> Option<String>,
    /// The prefix from this page back to the site root (`../../`).
    pub root: &'a str,
    /// The fence languages of scenario blocks (the games' ids).
    pub languages: &'a [&'a str],
    /// The HTML of the page's n-th scenario block.
    pub scenario: &'a dyn Fn(usize) -> String,
    pub glossary: Option<&'a Glossary>,
    /// Ids the page already gives other elements (its scenarios): no heading takes one.
    pub taken_ids: &'a [String],
    /// Where a quotation not verified ends in the source (the byte after its citation), in
    /// order, with the title of the marker shown there.
    pub unverified: &'a [(usize, String)],
    /// A code span the site fills in (`odds:...`): its HTML and its plain words, or what is
    /// wrong; `None` for an ordinary code span.
    pub inline: Option<&'a FillInline<'a>>,
    /// A fenced block the site fills in, by its language (`bibliography`): its HTML.
    pub block: Option<&'a FillBlock<'a>>,
}

/// See [`Context::block`].
pub type FillBlock<'a> = dyn Fn(&str) -> Option<String> + 'a;

/// See [`Context::inline`].
pub type FillInline<'a> = dyn Fn(&str) -> Option<Result<(String, String), String>> + Sync + 'a;

pub fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_SMART_PUNCTUATION
        | Options::ENABLE_HEADING_ATTRIBUTES
        | Options::ENABLE_YAML_STYLE_METADATA_BLOCKS
        | Options::ENABLE_DEFINITION_LIST
}

/// A URL fragment from heading text: lower case, letters and digits, words joined by hyphens.
pub fn slug(text: &str) -> String {
    let mut out = String::new();
    let mut dash = false;
    for c in text.chars() {
        if c.is_alphanumeric() {
            if dash && !out.is_empty() {
                out.push('-');
            }
            dash = false;
            out.extend(c.to_lowercase());
        } else if c.is_whitespace() || c == '-' || c == '_' {
            dash = true;
        }
    }
    if out.is_empty() {
        "section".to_string()
    } else {
        out
    }
}

/// The schemes a link may use; anything else (`javascript:`, `data:`, `vbscript:`, `file:`...)
/// is refused.
const LINK_SCHEMES: &[&str] = &["http", "https", "mailto"];
/// The schemes an image may use.
const IMAGE_SCHEMES: &[&str] = &["http", "https"];

/// A URL's scheme, lower case, read as a browser reads it: spaces and control characters around
/// it dropped, tabs and line breaks inside it ignored. None for a relative URL.
fn scheme(dest: &str) -> Option<String> {
    let cleaned: String = dest
        .trim_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    let (scheme, _) = cleaned.split_once(':')?;
    let mut chars = scheme.chars();
    let valid = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    valid.then(|| scheme.to_ascii_lowercase())
}

fn level_number(level: HeadingLevel) -> u8 {
    level as u8
}

pub fn escape_attr(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// A heading being read: its level, explicit id, classes and inner events.
struct OpenHeading {
    level: u8,
    id: Option<String>,
    classes: Vec<String>,
    events: Vec<Event<'static>>,
}

/// A heading read, waiting for its id until every heading of the page is known.
struct ReadHeading {
    /// Where its HTML goes among the page's events.
    at: usize,
    level: u8,
    explicit: Option<String>,
    classes: Vec<String>,
    inner_html: String,
    text: String,
    text_at: usize,
}

impl ReadHeading {
    fn html(&self, id: &str) -> String {
        let level = self.level;
        let class = if self.classes.is_empty() {
            String::new()
        } else {
            format!(" class=\"{}\"", escape_attr(&self.classes.join(" ")))
        };
        let id = escape_attr(id);
        format!(
            "<h{level} id=\"{id}\"{class}>{} <a class=\"anchor\" href=\"#{id}\" aria-label=\"Link to this section\">#</a></h{level}>\n",
            self.inner_html
        )
    }
}

/// A unique id for each heading (`(slug or explicit id, whether explicit)`), in one pass: the
/// first heading to write an id (`{#id}`) keeps it, and any other gets the next `-n` that no
/// heading has, never one written explicitly further down, nor one `already` taken on the page.
fn unique_ids(wanted: &[(&str, bool)], already: &[String]) -> Vec<String> {
    let mut taken: HashSet<String> = already.iter().cloned().collect();
    let kept: Vec<bool> = wanted
        .iter()
        .map(|&(id, explicit)| explicit && taken.insert(id.to_string()))
        .collect();
    let mut next: HashMap<&str, usize> = HashMap::new();
    wanted
        .iter()
        .zip(kept)
        .map(|(&(base, _), kept)| {
            if kept || taken.insert(base.to_string()) {
                return base.to_string();
            }
            let n = next.entry(base).or_insert(1);
            loop {
                let id = format!("{base}-{n}");
                *n += 1;
                if taken.insert(id.clone()) {
                    return id;
                }
            }
        })
        .collect()
}

/// The head row of a Markdown table, whose cells are written here rather than by
/// pulldown-cmark so that each `<th>` gets `scope="col"` (it writes a bare `<th>`).
#[derive(Default)]
struct HeadCells {
    aligns: Vec<Alignment>,
    /// The next cell's column, while in the head row.
    next: Option<usize>,
}

impl HeadCells {
    fn open(&mut self) -> String {
        let n = self.next.unwrap_or(0);
        self.next = Some(n + 1);
        let align = match self.aligns.get(n) {
            Some(Alignment::Left) => " style=\"text-align: left\"",
            Some(Alignment::Center) => " style=\"text-align: center\"",
            Some(Alignment::Right) => " style=\"text-align: right\"",
            _ => "",
        };
        format!("<th scope=\"col\"{align}>")
    }
}

/// The frame around a Markdown table: it scrolls sideways, and a keyboard reaches it.
const TABLE_FRAME: &str = "<div class=\"table-wrap\" tabindex=\"0\" role=\"region\" aria-label=\"Table (scrolls sideways)\">\n";

/// Renders a page's Markdown.
pub fn render(source: &str, cx: &Context) -> Rendered {
    let mut r = Rendered::default();
    let mut events: Vec<Event<'static>> = Vec::new();
    let mut read_headings: Vec<ReadHeading> = Vec::new();
    let mut heading: Option<OpenHeading> = None;
    let mut code: Option<(String, String)> = None;
    let mut in_meta = false;
    let mut in_link = 0usize;
    let mut scenario_no = 0usize;
    let mut linked_terms: HashSet<usize> = HashSet::new();
    let mut head = HeadCells::default();
    for (event, range) in Parser::new_ext(source, options()).into_offset_iter() {
        match event {
            // A table scrolls sideways in its own focusable frame, never the page (a phone).
            Event::Start(Tag::Table(aligns)) => {
                head.aligns = aligns.clone();
                events.push(Event::Html(CowStr::Borrowed(TABLE_FRAME)));
                events.push(Event::Start(Tag::Table(aligns)));
            }
            Event::End(TagEnd::Table) => {
                events.push(Event::End(TagEnd::Table));
                events.push(Event::Html(CowStr::Borrowed("</div>\n")));
            }
            Event::Start(Tag::TableHead) => {
                head.next = Some(0);
                events.push(Event::Start(Tag::TableHead));
            }
            Event::End(TagEnd::TableHead) => {
                head.next = None;
                events.push(Event::End(TagEnd::TableHead));
            }
            Event::Start(Tag::TableCell) if head.next.is_some() => {
                events.push(Event::Html(CowStr::Boxed(head.open().into())));
            }
            // An empty head cell (a corner over the row labels) is no header: a plain cell.
            Event::End(TagEnd::TableCell) if head.next.is_some() => {
                let empty = matches!(events.last(), Some(Event::Html(h)) if h.starts_with("<th "));
                if empty {
                    events.pop();
                    events.push(Event::Html(CowStr::Borrowed("<td></td>")));
                } else {
                    events.push(Event::Html(CowStr::Borrowed("</th>")));
                }
            }
            Event::Start(Tag::MetadataBlock(_)) => in_meta = true,
            Event::End(TagEnd::MetadataBlock(_)) => in_meta = false,
            _ if in_meta => {}
            Event::Start(Tag::Heading {
                level, id, classes, ..
            }) => {
                heading = Some(OpenHeading {
                    level: level_number(level),
                    id: id.map(|i| i.to_string()),
                    classes: classes.iter().map(|c| c.to_string()).collect(),
                    events: Vec::new(),
                });
            }
            Event::End(TagEnd::Heading(_)) => {
                let Some(OpenHeading {
                    level,
                    id,
                    classes,
                    events: inner,
                }) = heading.take()
                else {
                    continue;
                };
                let text: String = inner
                    .iter()
                    .filter_map(|e| match e {
                        Event::Text(t) | Event::Code(t) => Some(t.as_ref()),
                        _ => None,
                    })
                    .collect();
                let mut inner_html = String::new();
                html::push_html(&mut inner_html, inner.into_iter());
                if level == 1 && r.h1.is_none() {
                    r.h1 = Some(text.clone());
                }
                let text_at = r.text.len();
                r.text.push_str(&text);
                r.text.push('\n');
                read_headings.push(ReadHeading {
                    at: events.len(),
                    level,
                    explicit: id,
                    classes,
                    inner_html,
                    text,
                    text_at,
                });
                events.push(Event::Html(CowStr::Borrowed("")));
            }
            Event::Start(Tag::CodeBlock(kind)) => {
                let lang = match kind {
                    CodeBlockKind::Fenced(info) => {
                        info.split_whitespace().next().unwrap_or("").to_string()
                    }
                    CodeBlockKind::Indented => String::new(),
                };
                code = Some((lang, String::new()));
            }
            Event::Text(t) if code.is_some() => {
                if let Some((_, body)) = code.as_mut() {
                    body.push_str(&t);
                }
            }
            Event::End(TagEnd::CodeBlock) => {
                let Some((lang, body)) = code.take() else {
                    continue;
                };
                let filled = cx.block.and_then(|fill| fill(&lang));
                let html = if let Some(html) = filled {
                    html
                } else if cx.languages.contains(&lang.as_str()) {
                    scenario_no += 1;
                    (cx.scenario)(scenario_no - 1)
                } else {
                    r.text.push_str(&body);
                    let class = if lang.is_empty() {
                        String::new()
                    } else {
                        format!(" class=\"language-{}\"", escape_attr(&lang))
                    };
                    r.code.push(block_digest(Some(&lang), &body));
                    let html = highlight(&body, &lang);
                    format!("{CODE_OPEN}{class}>{html}{CODE_CLOSE}\n")
                };
                events.push(Event::Html(CowStr::Boxed(html.into())));
            }
            Event::Html(h) | Event::InlineHtml(h) => {
                // Raw HTML in a page is shown as text: everything a page says is escaped.
                push(
                    &mut events,
                    &mut heading,
                    Event::Text(CowStr::Boxed(h.to_string().into())),
                );
            }
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            }) => {
                in_link += 1;
                let dest = dest_url.to_string();
                let new_dest = rewrite_link(&dest, range.clone(), link_type, cx, &mut r);
                push(
                    &mut events,
                    &mut heading,
                    Event::Start(Tag::Link {
                        link_type,
                        dest_url: CowStr::Boxed(new_dest.into()),
                        title: CowStr::Boxed(title.to_string().into()),
                        id: CowStr::Boxed(id.to_string().into()),
                    }),
                );
            }
            Event::Start(Tag::Image {
                link_type,
                dest_url,
                title,
                id,
            }) => {
                let image = Tag::Image {
                    link_type,
                    dest_url: checked_image(dest_url, range.clone(), &mut r),
                    title,
                    id,
                };
                push(&mut events, &mut heading, Event::Start(image).into_static());
            }
            Event::End(TagEnd::Link) => {
                in_link = in_link.saturating_sub(1);
                push(&mut events, &mut heading, Event::End(TagEnd::Link));
            }
            Event::Text(t) => {
                for (is_mark, piece) in cut_at_marks(&t, &range, source, cx.unverified) {
                    if is_mark {
                        let html = format!(
                            "<span class=\"unverified\" title=\"{}\">unverified</span>",
                            escape_attr(piece)
                        );
                        push(
                            &mut events,
                            &mut heading,
                            Event::Html(CowStr::Boxed(html.into())),
                        );
                        continue;
                    }
                    r.text.push_str(piece);
                    match (cx.glossary, heading.is_none() && in_link == 0) {
                        (Some(g), true) => {
                            for e in g.link_terms(piece, cx.root, &mut linked_terms) {
                                events.push(e);
                            }
                        }
                        _ => push(
                            &mut events,
                            &mut heading,
                            Event::Text(CowStr::Boxed(piece.to_string().into())),
                        ),
                    }
                }
            }
            Event::Code(t) => {
                let e = match cx.inline.and_then(|fill| fill(&t)) {
                    Some(Ok((html, words))) => {
                        r.text.push_str(&words);
                        Event::InlineHtml(CowStr::Boxed(html.into()))
                    }
                    Some(Err(message)) => {
                        r.broken.push(BrokenLink {
                            dest: t.to_string(),
                            range: range.clone(),
                            problem: Problem::Shortcode(message),
                        });
                        Event::Code(t.into_static())
                    }
                    None => {
                        r.text.push_str(&t);
                        Event::Code(t.into_static())
                    }
                };
                push(&mut events, &mut heading, e);
            }
            other => {
                if separates_words(&other) {
                    r.text.push(' ');
                }
                push(&mut events, &mut heading, other.into_static());
            }
        }
    }
    place_headings(read_headings, cx.taken_ids, &mut events, &mut r);
    html::push_html(&mut r.html, events.into_iter());
    // What is kept of every page until the search index is built: no spare capacity.
    r.text.shrink_to_fit();
    r.links.shrink_to_fit();
    r.headings.shrink_to_fit();
    r
}

/// A run of text cut where the marks that fall in it stand (offsets in the page's source): its
/// pieces, `(false, words)`, with the marks' titles between them, `(true, title)`. Text that is
/// not the source as written (an entity decoded) keeps its marks at its end.
fn cut_at_marks<'t>(
    t: &'t str,
    range: &Range<usize>,
    source: &str,
    marks: &'t [(usize, String)],
) -> Vec<(bool, &'t str)> {
    let inside = marks
        .iter()
        .filter(|(at, _)| range.start < *at && *at <= range.end);
    let verbatim = source.get(range.clone()) == Some(t);
    let mut out = Vec::new();
    let mut from = 0;
    for (at, title) in inside {
        let cut = if verbatim { at - range.start } else { t.len() };
        if cut > from {
            out.push((false, &t[from..cut]));
            from = cut;
        }
        out.push((true, title.as_str()));
    }
    if from < t.len() || out.is_empty() {
        out.push((false, &t[from..]));
    }
    out
}

/// Whether an event ends a run of words in the plain text: a line break or the end of a block.
/// Inline markup and smart punctuation do not, so that "buyer’s" stays one word.
fn separates_words(e: &Event) -> bool {
    match e {
        Event::SoftBreak | Event::HardBreak | Event::Rule => true,
        Event::End(end) => !matches!(
            end,
            TagEnd::Emphasis
                | TagEnd::Strong
                | TagEnd::Strikethrough
                | TagEnd::Superscript
                | TagEnd::Subscript
                | TagEnd::Link
                | TagEnd::Image
        ),
        _ => false,
    }
}

/// Gives each heading its id and puts its HTML in its place.
fn place_headings(
    read: Vec<ReadHeading>,
    taken: &[String],
    events: &mut [Event<'static>],
    r: &mut Rendered,
) {
    let slugs: Vec<String> = read
        .iter()
        .map(|h| h.explicit.clone().unwrap_or_else(|| slug(&h.text)))
        .collect();
    let wanted: Vec<(&str, bool)> = slugs
        .iter()
        .zip(&read)
        .map(|(s, h)| (s.as_str(), h.explicit.is_some()))
        .collect();
    let ids = unique_ids(&wanted, taken);
    for (h, id) in read.into_iter().zip(ids) {
        events[h.at] = Event::Html(CowStr::Boxed(h.html(&id).into()));
        r.headings.push(Heading {
            level: h.level,
            id,
            text: h.text,
            text_at: h.text_at,
        });
    }
}

fn push(events: &mut Vec<Event<'static>>, heading: &mut Option<OpenHeading>, e: Event<'static>) {
    match heading {
        Some(h) => h.events.push(e),
        None => events.push(e),
    }
}

/// An image's source, or none (and an error) if its scheme is not allowed.
fn checked_image<'a>(dest: CowStr<'a>, range: Range<usize>, r: &mut Rendered) -> CowStr<'a> {
    match scheme(&dest) {
        Some(scheme) if !IMAGE_SCHEMES.contains(&scheme.as_str()) => {
            r.broken.push(BrokenLink {
                dest: dest.to_string(),
                range,
                problem: Problem::ImageScheme(scheme),
            });
            CowStr::Borrowed("")
        }
        _ => dest,
    }
}

/// Rewrites a link to another page as a relative clean URL, recording it for the link check.
fn rewrite_link(
    dest: &str,
    range: Range<usize>,
    link_type: LinkType,
    cx: &Context,
    r: &mut Rendered,
) -> String {
    if link_type == LinkType::Email {
        // An address: the HTML writer adds `mailto:` itself.
        return dest.to_string();
    }
    if let Some(scheme) = scheme(dest) {
        if LINK_SCHEMES.contains(&scheme.as_str()) {
            return dest.to_string();
        }
        r.broken.push(BrokenLink {
            dest: dest.to_string(),
            range,
            problem: Problem::LinkScheme(scheme),
        });
        return "#".to_string();
    }
    let (path, fragment) = match dest.split_once('#') {
        Some((p, f)) => (p, Some(f.to_string())),
        None => (dest, None),
    };
    if path.is_empty() {
        // A fragment on the same page: checked against the page's own anchors.
        r.links.push(SiteLink {
            url: String::new(),
            fragment,
            range,
        });
        return dest.to_string();
    }
    match (cx.resolve)(path) {
        Some(url) => {
            let mut out = format!("{}{}", cx.root, url);
            if out.is_empty() {
                out.push_str("./");
            }
            if let Some(f) = &fragment {
                out.push('#');
                out.push_str(f);
            }
            r.links.push(SiteLink {
                url,
                fragment,
                range,
            });
            out
        }
        None => {
            r.broken.push(BrokenLink {
                dest: dest.to_string(),
                range,
                problem: Problem::NoPage,
            });
            dest.to_string()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn cx<'a>(
        resolve: &'a dyn Fn(&str) -> Option<String>,
        scenario: &'a dyn Fn(usize) -> String,
    ) -> Context<'a> {
        Context {
            resolve,
            root: "../",
            languages: &["gleek"],
            scenario,
            glossary: None,
            taken_ids: &[],
            unverified: &[],
            inline: None,
            block: None,
        }
    }

    /// A page rendered on its own: no other pages, no scenarios.
    fn alone(source: &str) -> Rendered {
        let resolve = |_: &str| None;
        let scen = |_| String::new();
        render(source, &cx(&resolve, &scen))
    }

    #[test]
    fn headings_get_unique_slugs_and_anchors() {
        let r = alone("# The Deal\n\n## Odd penny\n\n## Odd penny\n\n## Tib's *fifteen* {#tib}\n");
        let ids: Vec<&str> = r.headings.iter().map(|h| h.id.as_str()).collect();
        assert_eq!(ids, ["the-deal", "odd-penny", "odd-penny-1", "tib"]);
        assert!(
            r.html.contains(
                "<h2 id=\"tib\">Tib’s <em>fifteen</em> <a class=\"anchor\" href=\"#tib\""
            ),
            "{}",
            r.html
        );
        assert_eq!(r.h1.as_deref(), Some("The Deal"));
    }

    #[test]
    fn table_heads_get_column_scope_and_keep_their_alignment() {
        let r = alone(
            "| Reading | Net |\n|---|--:|\n| Cotton | +3 |\n\nAfter.\n\n| a |\n|:-:|\n| b |\n",
        );
        assert!(
            r.html.contains(
                "<thead><tr><th scope=\"col\">Reading</th><th scope=\"col\" style=\"text-align: right\">Net</th></tr></thead>"
            ),
            "{}",
            r.html
        );
        assert!(
            r.html
                .contains("<th scope=\"col\" style=\"text-align: center\">a</th>"),
            "{}",
            r.html
        );
        assert!(!r.html.contains("<th>"), "{}", r.html);
        // Body cells stay cells.
        assert!(
            r.html.contains("<td style=\"text-align: right\">+3</td>"),
            "{}",
            r.html
        );
    }

    #[test]
    fn a_table_scrolls_in_its_own_frame_and_an_empty_corner_is_no_header() {
        let r = alone("| | Cards |\n|---|---|\n| Ann | 24 |\n");
        assert!(
            r.html.starts_with(TABLE_FRAME) && r.html.contains("</table>\n</div>"),
            "{}",
            r.html
        );
        assert!(
            r.html
                .contains("<thead><tr><td></td><th scope=\"col\">Cards</th></tr></thead>"),
            "{}",
            r.html
        );
    }

    #[test]
    fn headings_never_take_an_id_a_scenario_has() {
        let resolve = |_: &str| None;
        let scen = |_| String::new();
        let taken = ["a-short-game".to_string(), "a-short-game-title".to_string()];
        let r = render(
            "### A short game\n\n## A short game title\n",
            &Context {
                taken_ids: &taken,
                unverified: &[],
                inline: None,
                block: None,
                ..cx(&resolve, &scen)
            },
        );
        let ids: Vec<&str> = r.headings.iter().map(|h| h.id.as_str()).collect();
        assert_eq!(ids, ["a-short-game-1", "a-short-game-title-1"]);
    }

    #[test]
    fn raw_html_is_escaped_and_links_become_clean_urls() {
        let resolve = |p: &str| (p == "../play/stock.md").then(|| "play/stock/".to_string());
        let scen = |_| String::new();
        let r = render(
            "<script>alert(1)</script>\n\nSee [the stock](../play/stock.md#price) and [x](missing.md).\n",
            &cx(&resolve, &scen),
        );
        assert!(
            r.html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
            "{}",
            r.html
        );
        assert!(
            r.html.contains("href=\"../play/stock/#price\""),
            "{}",
            r.html
        );
        assert_eq!(r.links[0].url, "play/stock/");
        assert_eq!(r.broken[0].dest, "missing.md");
    }

    #[test]
    fn scenario_blocks_are_replaced_and_code_is_highlighted() {
        let resolve = |_: &str| None;
        let scen = |n| format!("<div class=\"scenario\">#{n}</div>");
        let r = render(
            "```gleek\nid: a\n```\n\n```rust\nfn main() {}\n```\n",
            &cx(&resolve, &scen),
        );
        assert!(
            r.html.contains("<div class=\"scenario\">#0</div>"),
            "{}",
            r.html
        );
        assert!(
            r.html
                .contains("<pre class=\"code\"><code class=\"language-rust\"><span class=\"hl-"),
            "{}",
            r.html
        );
    }

    #[test]
    fn a_generated_id_never_takes_one_written_further_down() {
        let r = alone("## X\n\n## X\n\n## X\n\n## Y {#x-2}\n\n## Z {#k}\n\n## W {#k}\n");
        let ids: Vec<&str> = r.headings.iter().map(|h| h.id.as_str()).collect();
        assert_eq!(ids, ["x", "x-1", "x-3", "x-2", "k", "k-1"]);
        assert!(r.html.contains("<h2 id=\"x-2\">Y <a"), "{}", r.html);
    }

    #[test]
    fn many_identical_headings_get_distinct_ids() {
        let ids = unique_ids(&vec![("x", false); 20_000], &[]);
        assert_eq!(ids.iter().collect::<HashSet<_>>().len(), 20_000);
        assert_eq!(ids[19_999], "x-19999");
    }

    #[test]
    fn only_web_and_mail_links_and_relative_ones_are_allowed() {
        let resolve = |p: &str| (p == "a.md").then(|| "a/".to_string());
        let scen = |_| String::new();
        let source = "<javascript:alert(1)>\n\n[x](javascript://%0aalert(1)) [y](JaVaScRiPt:alert(1)) \
            [z](<\tdata:text/html,x>) [v](vbscript:x) [f](file:///etc/passwd) [t](tel:123)\n\n\
            [ok](https://example.org) [ok](HTTP://example.org) [ok](mailto:a@b.org) <a@b.org> \
            [ok](a.md#s) [ok](#top)\n\n\
            ![i](data:image/png;base64,AAAA) ![i](https://example.org/i.png) ![i](img/i.png)\n";
        let r = render(source, &cx(&resolve, &scen));
        let problems: Vec<(&str, &Problem)> = r
            .broken
            .iter()
            .map(|b| (&source[b.range.clone()], &b.problem))
            .collect();
        let scheme = |s: &str| Problem::LinkScheme(s.to_string());
        assert_eq!(
            problems,
            [
                ("<javascript:alert(1)>", &scheme("javascript")),
                ("[x](javascript://%0aalert(1))", &scheme("javascript")),
                ("[y](JaVaScRiPt:alert(1))", &scheme("javascript")),
                ("[z](<\tdata:text/html,x>)", &scheme("data")),
                ("[v](vbscript:x)", &scheme("vbscript")),
                ("[f](file:///etc/passwd)", &scheme("file")),
                ("[t](tel:123)", &scheme("tel")),
                (
                    "![i](data:image/png;base64,AAAA)",
                    &Problem::ImageScheme("data".to_string())
                ),
            ]
        );
        assert!(!r.html.contains("=\"javascript"), "{}", r.html);
        assert!(!r.html.contains("data:"), "{}", r.html);
        assert!(r.html.contains("href=\"mailto:a@b.org\""), "{}", r.html);
        assert!(r.html.contains("src=\"img/i.png\""), "{}", r.html);
        let d = r.broken[0].diagnostic(Location::at(Path::new("p.md"), &source.into(), 0, 1));
        assert!(d.message.contains("uses `javascript:`"), "{}", d.message);
        assert!(d.notes[0].starts_with("allowed: http:, https:, mailto:"));
    }

    #[test]
    fn slugs() {
        assert_eq!(slug("Who gets the odd penny?"), "who-gets-the-odd-penny");
        assert_eq!(slug("Tib, Tom & Tiddy"), "tib-tom-tiddy");
        assert_eq!(slug("¿?"), "section");
    }
}
