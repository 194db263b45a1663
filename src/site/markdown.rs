//! Markdown to HTML for the site: heading anchors with generated slugs, links to other pages
//! rewritten to clean URLs (and checked), code highlighted at build time, raw HTML escaped,
//! glossary terms linked, and each ```gleek block replaced by its rendered scenario.

use super::glossary::Glossary;
use super::highlight::highlight;
use pulldown_cmark::{
    CodeBlockKind, CowStr, Event, HeadingLevel, LinkType, Options, Parser, Tag, TagEnd, html,
};
use std::collections::HashSet;
use std::ops::Range;

/// A heading of a page, for its table of contents and anchor checks.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Heading {
    pub level: u8,
    pub id: String,
    pub text: String,
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

/// A link that does not resolve to a page.
#[derive(Clone, Debug)]
pub struct BrokenLink {
    pub dest: String,
    pub range: Range<usize>,
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
}

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
}

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

fn is_external(dest: &str) -> bool {
    dest.contains("://") || dest.starts_with("mailto:") || dest.starts_with("tel:")
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

/// Renders a page's Markdown.
pub fn render(source: &str, cx: &Context) -> Rendered {
    let mut r = Rendered::default();
    let mut events: Vec<Event<'static>> = Vec::new();
    let mut ids: HashSet<String> = HashSet::new();
    let mut heading: Option<OpenHeading> = None;
    let mut code: Option<(String, String)> = None;
    let mut in_meta = false;
    let mut in_link = 0usize;
    let mut scenario_no = 0usize;
    let mut linked_terms: HashSet<usize> = HashSet::new();
    for (event, range) in Parser::new_ext(source, options()).into_offset_iter() {
        match event {
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
                let base = id.unwrap_or_else(|| slug(&text));
                let mut id = base.clone();
                let mut n = 1;
                while !ids.insert(id.clone()) {
                    id = format!("{base}-{n}");
                    n += 1;
                }
                let mut inner_html = String::new();
                html::push_html(&mut inner_html, inner.into_iter());
                let class = if classes.is_empty() {
                    String::new()
                } else {
                    format!(" class=\"{}\"", escape_attr(&classes.join(" ")))
                };
                events.push(Event::Html(CowStr::Boxed(
                    format!("<h{level} id=\"{}\"{class}>{inner_html} <a class=\"anchor\" href=\"#{}\" aria-label=\"Link to this section\">#</a></h{level}>\n", escape_attr(&id), escape_attr(&id)).into(),
                )));
                if level == 1 && r.h1.is_none() {
                    r.h1 = Some(text.clone());
                }
                r.text.push_str(&text);
                r.text.push('\n');
                r.headings.push(Heading { level, id, text });
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
                let html = if cx.languages.contains(&lang.as_str()) {
                    scenario_no += 1;
                    (cx.scenario)(scenario_no - 1)
                } else {
                    r.text.push_str(&body);
                    let class = if lang.is_empty() {
                        String::new()
                    } else {
                        format!(" class=\"language-{}\"", escape_attr(&lang))
                    };
                    format!(
                        "<pre class=\"code\"><code{class}>{}</code></pre>\n",
                        highlight(&body, &lang)
                    )
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
            Event::End(TagEnd::Link) => {
                in_link = in_link.saturating_sub(1);
                push(&mut events, &mut heading, Event::End(TagEnd::Link));
            }
            Event::Text(t) => {
                r.text.push_str(&t);
                r.text.push(' ');
                match (cx.glossary, heading.is_none() && in_link == 0) {
                    (Some(g), true) => {
                        for e in g.link_terms(&t, cx.root, &mut linked_terms) {
                            events.push(e);
                        }
                    }
                    _ => push(
                        &mut events,
                        &mut heading,
                        Event::Text(CowStr::Boxed(t.to_string().into())),
                    ),
                }
            }
            other => {
                if let Event::Code(t) = &other {
                    r.text.push_str(t);
                    r.text.push(' ');
                }
                push(&mut events, &mut heading, other.into_static());
            }
        }
    }
    html::push_html(&mut r.html, events.into_iter());
    r
}

fn push(events: &mut Vec<Event<'static>>, heading: &mut Option<OpenHeading>, e: Event<'static>) {
    match heading {
        Some(h) => h.events.push(e),
        None => events.push(e),
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
    if is_external(dest) || matches!(link_type, LinkType::Email | LinkType::Autolink) {
        return dest.to_string();
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
            });
            dest.to_string()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        }
    }

    #[test]
    fn headings_get_unique_slugs_and_anchors() {
        let resolve = |_: &str| None;
        let scen = |_| String::new();
        let r = render(
            "# The Deal\n\n## Odd penny\n\n## Odd penny\n\n## Tib's *fifteen* {#tib}\n",
            &cx(&resolve, &scen),
        );
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
    fn slugs() {
        assert_eq!(slug("Who gets the odd penny?"), "who-gets-the-odd-penny");
        assert_eq!(slug("Tib, Tom & Tiddy"), "tib-tom-tiddy");
        assert_eq!(slug("¿?"), "section");
    }
}
