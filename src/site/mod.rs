//! `build`: the reference site. Content pages, variants and templates in; a static site out.
//!
//! The pipeline: load templates, readings and pages; evaluate every scenario under every reading
//! (in parallel); render each page (Markdown, with each scenario replaced by its outcome table);
//! add the generated pages (readings, rule points, matrix, scenarios, search, 404, sitemap);
//! check every internal link and anchor; then write the whole site to a fresh folder and swap it
//! in, so a failed build never leaves a half-written site.

pub mod generated;
pub mod glossary;
pub mod highlight;
pub mod markdown;
pub mod outcome;
pub mod output;
pub mod pages;
pub mod search;
pub mod templates;

use crate::compare::{Evaluation, evaluate};
use crate::diagnostic::{Diagnostic, Location};
use crate::project::load_variants;
use crate::rules::Point;
use crate::variant::{Override, VariantSet};
use glossary::Glossary;
use pages::{ContentPage, Section};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use templates::{TemplateError, Templates};

/// What to build, from where, to where.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// The project folder: `variants/` and `templates/` are read from here.
    pub root: PathBuf,
    pub content: PathBuf,
    pub out: PathBuf,
    /// `--set` overrides, applied to every reading.
    pub overrides: Vec<Override>,
    /// The site's public address, for the sitemap (empty: the project file's, else relative).
    pub base_url: String,
    /// Build into a folder the tool did not make (or through a symbolic link), keeping every
    /// file it holds.
    pub force: bool,
}

/// What a build did.
#[derive(Clone, Debug, Default)]
pub struct BuildReport {
    pub pages: usize,
    pub scenarios: usize,
    pub evaluations: usize,
    /// Expectations the engine does not meet, located in the pages.
    pub failing: Vec<Diagnostic>,
    pub files: usize,
}

#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    #[error("{} error(s) in the input", .0.len())]
    Invalid(Vec<Diagnostic>),
    #[error(transparent)]
    Template(#[from] TemplateError),
    #[error(transparent)]
    Output(#[from] output::OutputError),
}

#[derive(Serialize, Clone)]
struct NavItem {
    title: String,
    url: String,
}

#[derive(Serialize, Clone)]
struct NavSection {
    title: String,
    url: Option<String>,
    pages: Vec<NavItem>,
}

#[derive(Serialize)]
struct SiteView<'a> {
    title: &'a str,
    nav: &'a [NavSection],
}

#[derive(Serialize)]
struct Crumb {
    title: String,
    url: Option<String>,
}

#[derive(Serialize)]
struct PageView<'a> {
    title: &'a str,
    description: Option<&'a str>,
    url: &'a str,
    content: String,
    toc: Vec<&'a markdown::Heading>,
    has_h1: bool,
    breadcrumbs: Vec<Crumb>,
}

/// One output file.
struct Output {
    path: String,
    bytes: Vec<u8>,
}

/// The prefix from a page at `url` back to the site root.
fn root_of(url: &str) -> String {
    "../".repeat(url.matches('/').count())
}

/// Sections with more pages than this show only their index in the navigation.
const NAV_LIMIT: usize = 40;

fn section_url(section: &Section, pages: &[&ContentPage]) -> Option<String> {
    let first = pages.first()?;
    let folder = first.rel.rsplit_once('/').map(|(f, _)| format!("{f}/"))?;
    (!matches!(section, Section::Start | Section::Reference)).then_some(folder)
}

/// Builds the site.
pub fn build(opts: &BuildOptions) -> Result<BuildReport, BuildError> {
    let config =
        crate::project::load_config(&opts.root).map_err(|d| BuildError::Invalid(vec![d]))?;
    let base_url = if opts.base_url.is_empty() {
        config.base_url.clone()
    } else {
        opts.base_url.clone()
    };
    let templates = Templates::load(&opts.root)?;
    let mut variants = load_variants(&opts.root).map_err(BuildError::Invalid)?;
    variants.apply(&opts.overrides);
    let mut content = pages::load(&opts.content).map_err(BuildError::Invalid)?;
    content.sort_by(|a, b| (&a.section, a.weight, &a.title).cmp(&(&b.section, b.weight, &b.title)));
    let scenarios = || content.iter().flat_map(|p| &p.page.scenarios);
    let unknown = crate::check::unknown_variants(scenarios(), &variants);
    if !unknown.is_empty() {
        return Err(BuildError::Invalid(unknown));
    }
    let scenario_count = scenarios().count();

    // Every scenario under every reading, in parallel.
    let evals: Vec<Vec<Vec<Evaluation>>> = content
        .par_iter()
        .map(|p| {
            p.page
                .scenarios
                .par_iter()
                .map(|s| variants.variants.iter().map(|v| evaluate(s, v)).collect())
                .collect()
        })
        .collect();

    let glossary = content
        .iter()
        .find(|p| p.rel == "glossary.md")
        .map(|p| Glossary::parse(&p.page.text, &p.url));
    let by_rel: HashMap<&str, &str> = content
        .iter()
        .map(|p| (p.rel.as_str(), p.url.as_str()))
        .collect();
    let site_title = config.title.clone();

    // Navigation and section index pages.
    let mut sections: Vec<(Section, Vec<&ContentPage>)> = Vec::new();
    for p in &content {
        match sections.iter_mut().find(|(s, _)| *s == p.section) {
            Some((_, list)) => list.push(p),
            None => sections.push((p.section.clone(), vec![p])),
        }
    }
    let mut nav: Vec<NavSection> = Vec::new();
    let mut section_indexes: Vec<(String, String, Vec<NavItem>)> = Vec::new();
    let reference_extra = vec![
        NavItem {
            title: "Rule points by reading".into(),
            url: "matrix/".into(),
        },
        NavItem {
            title: "All scenarios".into(),
            url: "scenarios/".into(),
        },
        NavItem {
            title: "Search".into(),
            url: "search/".into(),
        },
    ];
    let readings = NavSection {
        title: Section::Readings.title(),
        url: None,
        pages: variants
            .variants
            .iter()
            .map(|v| NavItem {
                title: format!("{} ({})", v.author, v.date),
                url: format!("variants/{}/", v.id),
            })
            .collect(),
    };
    let mut readings_placed = false;
    for (section, list) in &sections {
        if !readings_placed && *section > Section::Notebook {
            nav.push(readings.clone());
            readings_placed = true;
        }
        let items: Vec<NavItem> = list
            .iter()
            .map(|p| NavItem {
                title: p.title.clone(),
                url: p.url.clone(),
            })
            .collect();
        let url = section_url(section, list);
        if let Some(u) = &url
            && !by_rel.contains_key(format!("{u}index.md").as_str())
        {
            section_indexes.push((u.clone(), section.title(), items.clone()));
        }
        let mut items = if items.len() > NAV_LIMIT {
            Vec::new()
        } else {
            items
        };
        if *section == Section::Reference {
            items.extend(reference_extra.iter().cloned());
        }
        nav.push(NavSection {
            title: section.title(),
            url,
            pages: items,
        });
    }
    if !readings_placed {
        nav.push(readings);
    }
    if !sections.iter().any(|(s, _)| *s == Section::Reference) {
        nav.push(NavSection {
            title: Section::Reference.title(),
            url: None,
            pages: reference_extra,
        });
    }
    let site = SiteView {
        title: &site_title,
        nav: &nav,
    };

    // Content pages, rendered in parallel.
    let rendered: Vec<Result<RenderedPage, TemplateError>> = content
        .par_iter()
        .zip(evals.par_iter())
        .map(|(p, evals)| {
            render_page(
                p,
                evals,
                &variants,
                &templates,
                &site,
                &by_rel,
                glossary.as_ref().filter(|g| g.url != p.url),
            )
        })
        .collect();
    let mut outputs = Vec::new();
    let mut renders = Vec::new();
    let mut views: Vec<(outcome::ScenarioView, String)> = Vec::new();
    let mut failing: Vec<Diagnostic> = Vec::new();
    for (r, p) in rendered.into_iter().zip(&content) {
        let (out, md, vs) = r?;
        failing.extend(
            vs.iter()
                .flat_map(|v| &v.verdicts)
                .filter_map(|v| v.diagnostic.clone()),
        );
        outputs.push(out);
        views.extend(vs.into_iter().map(|v| (v, p.title.clone())));
        renders.push(md);
    }

    // Generated pages.
    let mut generated_urls: Vec<String> = Vec::new();
    let mut push = |outputs: &mut Vec<Output>, url: String, html: String| {
        generated_urls.push(url.clone());
        outputs.push(Output {
            path: format!("{url}index.html"),
            bytes: html.into_bytes(),
        });
    };
    for v in &variants.variants {
        let url = format!("variants/{}/", v.id);
        let title = format!("{}: {}", v.author, v.title);
        let page = root_page(
            &url,
            &title,
            vec![
                Crumb {
                    title: Section::Readings.title(),
                    url: None,
                },
                Crumb {
                    title: v.author.clone(),
                    url: None,
                },
            ],
        );
        let html = templates.render(
            "variant.html",
            &[
                ("site", &site),
                ("page", &page),
                ("root", &root_of(&url)),
                ("v", &generated::variant_view(v)),
            ],
        )?;
        push(&mut outputs, url, html);
    }
    let all_scenarios: Vec<(&crate::scenario::Scenario, String, &[Evaluation])> = content
        .iter()
        .zip(&evals)
        .flat_map(|(p, es)| {
            p.page
                .scenarios
                .iter()
                .zip(es)
                .map(move |(s, e)| (s, format!("{}#{}", p.url, s.id), e.as_slice()))
        })
        .collect();
    let rule_pages: Vec<Result<(String, String), TemplateError>> = Point::ALL
        .par_iter()
        .map(|&point| {
            let url = format!("rules/{}/", point.id());
            let notebook = format!("notebook/{}.md", point.id());
            let notebook_url = by_rel.get(notebook.as_str()).map(|u| u.to_string());
            let resolve = |_: &str| None;
            let no_scenario = |_| String::new();
            let doc = markdown::render(
                point.def().doc,
                &markdown::Context {
                    resolve: &resolve,
                    root: "",
                    scenario: &no_scenario,
                    glossary: None,
                },
            );
            let view = generated::rule_view(
                point,
                &variants,
                doc.html,
                notebook_url,
                generated::telling_scenarios(point, &all_scenarios, &variants),
            );
            let page = root_page(
                &url,
                point.def().question,
                vec![
                    Crumb {
                        title: "Rule points".into(),
                        url: Some("matrix/".into()),
                    },
                    Crumb {
                        title: point.id().to_string(),
                        url: None,
                    },
                ],
            );
            let html = templates.render(
                "rule.html",
                &[
                    ("site", &site),
                    ("page", &page),
                    ("root", &root_of(&url)),
                    ("r", &view),
                ],
            )?;
            Ok((url, html))
        })
        .collect();
    for r in rule_pages {
        let (url, html) = r?;
        push(&mut outputs, url, html);
    }
    let columns = outcome::columns(&variants);
    let page = root_page(
        "matrix/",
        "Rule points by reading",
        vec![Crumb {
            title: "Rule points by reading".into(),
            url: None,
        }],
    );
    let html = templates.render(
        "matrix.html",
        &[
            ("site", &site),
            ("page", &page),
            ("root", &root_of("matrix/")),
            ("columns", &columns),
            ("sections", &generated::matrix(&variants)),
        ],
    )?;
    push(&mut outputs, "matrix/".into(), html);
    let index_rows: Vec<generated::ScenarioIndexRow> = views
        .iter()
        .map(|(v, t)| generated::index_row(v, t))
        .collect();
    let page = root_page(
        "scenarios/",
        "All scenarios",
        vec![Crumb {
            title: "All scenarios".into(),
            url: None,
        }],
    );
    let html = templates.render(
        "scenarios.html",
        &[
            ("site", &site),
            ("page", &page),
            ("root", &root_of("scenarios/")),
            ("scenarios", &index_rows),
            ("variant_count", &variants.variants.len()),
        ],
    )?;
    push(&mut outputs, "scenarios/".into(), html);
    let page = root_page(
        "search/",
        "Search",
        vec![Crumb {
            title: "Search".into(),
            url: None,
        }],
    );
    let html = templates.render(
        "search.html",
        &[
            ("site", &site),
            ("page", &page),
            ("root", &root_of("search/")),
        ],
    )?;
    push(&mut outputs, "search/".into(), html);
    for (url, title, items) in &section_indexes {
        let mut content_html = String::from("<ul class=\"section-index\">\n");
        for i in items {
            content_html.push_str(&format!(
                "<li><a href=\"{}{}\">{}</a></li>\n",
                root_of(url),
                markdown::escape_attr(&i.url),
                markdown::escape_attr(&i.title)
            ));
        }
        content_html.push_str("</ul>\n");
        let mut page = root_page(
            url,
            title,
            vec![Crumb {
                title: title.clone(),
                url: None,
            }],
        );
        page.content = content_html;
        page.has_h1 = false;
        let html = templates.render(
            "page.html",
            &[("site", &site), ("page", &page), ("root", &root_of(url))],
        )?;
        push(&mut outputs, url.clone(), html);
    }
    // The 404 page is served from any depth: its links are root-relative.
    let page = root_page("", "Not found", Vec::new());
    let html = templates.render(
        "404.html",
        &[("site", &site), ("page", &page), ("root", &"/")],
    )?;
    outputs.push(Output {
        path: "404.html".into(),
        bytes: html.into_bytes(),
    });

    // Every internal link and anchor must resolve.
    let mut anchors: HashMap<String, HashSet<String>> = HashMap::new();
    for (p, md) in content.iter().zip(&renders) {
        let set = anchors.entry(p.url.clone()).or_default();
        set.extend(md.headings.iter().map(|h| h.id.clone()));
        set.extend(
            p.page
                .scenarios
                .iter()
                .flat_map(|s| [s.id.clone(), format!("{}-title", s.id)]),
        );
    }
    for url in &generated_urls {
        anchors.entry(url.clone()).or_default();
    }
    for point in Point::ALL {
        anchors
            .entry(format!("rules/{}/", point.id()))
            .or_default()
            .extend(["choices", "readings", "scenarios"].map(String::from));
    }
    let mut link_errors = Vec::new();
    for (p, md) in content.iter().zip(&renders) {
        let at = |range: &std::ops::Range<usize>| {
            Location::at(&p.page.path, &p.page.text, range.start, range.len())
        };
        for b in &md.broken {
            link_errors.push(Diagnostic::new(at(&b.range), format!("the link `{}` names no page", b.dest)).note("link to another page by its .md file, relative to this one, as in `../play/stock.md`"));
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
                        link_errors.push(
                            Diagnostic::new(
                                at(&l.range),
                                format!("`#{f}` is not an anchor of `{url}`"),
                            )
                            .note(format!("its anchors include {}", known.join(", "))),
                        );
                    }
                }
            }
        }
    }
    if !link_errors.is_empty() {
        return Err(BuildError::Invalid(link_errors));
    }

    // Search, sitemap and static files.
    let mut entries: Vec<search::Entry> = content
        .iter()
        .zip(&renders)
        .map(|(p, md)| search::Entry {
            url: &p.url,
            title: &p.title,
            section: section_name(&p.section),
            text: &md.text,
        })
        .collect();
    let variant_texts: Vec<(String, String, String)> = variants
        .variants
        .iter()
        .map(|v| {
            let text = format!(
                "{} {} {} {}",
                v.citation,
                v.summary.clone().unwrap_or_default(),
                v.choices
                    .iter()
                    .map(|c| c.quote.as_str())
                    .collect::<Vec<_>>()
                    .join(" "),
                v.choices
                    .iter()
                    .filter_map(|c| c.note.as_deref())
                    .collect::<Vec<_>>()
                    .join(" ")
            );
            (
                format!("variants/{}/", v.id),
                format!("{}: {}", v.author, v.title),
                text,
            )
        })
        .collect();
    entries.extend(variant_texts.iter().map(|(u, t, x)| search::Entry {
        url: u,
        title: t,
        section: "The readings",
        text: x,
    }));
    let rule_texts: Vec<(String, String)> = Point::ALL
        .iter()
        .map(|p| {
            (
                format!("rules/{}/", p.id()),
                format!(
                    "{} {} {}",
                    p.id(),
                    p.def().doc,
                    p.def()
                        .choices
                        .iter()
                        .map(|c| c.summary)
                        .collect::<Vec<_>>()
                        .join(" ")
                ),
            )
        })
        .collect();
    entries.extend(
        Point::ALL
            .iter()
            .zip(&rule_texts)
            .map(|(p, (u, x))| search::Entry {
                url: u,
                title: p.def().question,
                section: "Rule points",
                text: x,
            }),
    );
    outputs.push(Output {
        path: "search-index.json".into(),
        bytes: search::build(&entries).into_bytes(),
    });
    let mut urls: Vec<String> = content
        .iter()
        .map(|p| p.url.clone())
        .chain(generated_urls.iter().cloned())
        .collect();
    urls.sort();
    let sitemap = templates.render("sitemap.xml", &[("urls", &urls), ("base_url", &base_url)])?;
    outputs.push(Output {
        path: "sitemap.xml".into(),
        bytes: sitemap.into_bytes(),
    });
    for (name, bytes) in &templates.statics {
        outputs.push(Output {
            path: format!("static/{name}"),
            bytes: bytes.clone(),
        });
    }
    outputs.push(Output {
        path: "static/highlight.css".into(),
        bytes: highlight::stylesheet().into_bytes(),
    });

    let pages_written = outputs.iter().filter(|o| o.path.ends_with(".html")).count();
    let files = outputs.len();
    output::write_site(opts, &config.keep, &outputs)?;
    Ok(BuildReport {
        pages: pages_written,
        scenarios: scenario_count,
        evaluations: scenario_count * variants.variants.len(),
        failing,
        files,
    })
}

fn section_name(s: &Section) -> &'static str {
    match s {
        Section::Start => "Start here",
        Section::Play => "How to play",
        Section::Notebook => "The notebook",
        Section::Readings => "The readings",
        Section::Reference => "Reference",
        Section::Contributing => "For contributors",
        Section::Folder(_) => "Pages",
    }
}

/// The page view of a generated page (its template writes its own heading).
fn root_page<'a>(url: &'a str, title: &'a str, breadcrumbs: Vec<Crumb>) -> PageView<'a> {
    PageView {
        title,
        description: None,
        url,
        content: String::new(),
        toc: Vec::new(),
        has_h1: true,
        breadcrumbs,
    }
}

/// A content page rendered: its file, what the Markdown held, and its scenarios' views.
type RenderedPage = (Output, markdown::Rendered, Vec<outcome::ScenarioView>);

fn render_page(
    p: &ContentPage,
    evals: &[Vec<Evaluation>],
    variants: &VariantSet,
    templates: &Templates,
    site: &SiteView,
    by_rel: &HashMap<&str, &str>,
    glossary: Option<&Glossary>,
) -> Result<RenderedPage, TemplateError> {
    let root = root_of(&p.url);
    let views: Vec<outcome::ScenarioView> = p
        .page
        .scenarios
        .iter()
        .zip(evals)
        .map(|(s, e)| {
            outcome::scenario_view(
                s,
                variants,
                e,
                &p.url,
                highlight::highlight(&s.yaml, "gleek"),
            )
        })
        .collect();
    let scenario_html: Vec<Result<String, TemplateError>> = views
        .iter()
        .map(|v| templates.render("scenario.html", &[("s", v), ("root", &root)]))
        .collect();
    let scenario_html: Vec<String> = scenario_html.into_iter().collect::<Result<_, _>>()?;
    let md = if p.page.is_markdown() {
        let resolve = |dest: &str| {
            if let Some(site_path) = dest.strip_prefix('/') {
                return Some(site_path.to_string());
            }
            let joined = pages::join(&p.rel, dest)?;
            by_rel.get(joined.as_str()).map(|u| u.to_string())
        };
        let scenario = |n: usize| scenario_html.get(n).cloned().unwrap_or_default();
        markdown::render(
            &p.page.text,
            &markdown::Context {
                resolve: &resolve,
                root: &root,
                scenario: &scenario,
                glossary,
            },
        )
    } else {
        markdown::Rendered {
            html: scenario_html.concat(),
            ..Default::default()
        }
    };
    let mut breadcrumbs = Vec::new();
    if !p.url.is_empty() {
        let section_link = p.rel.rsplit_once('/').map(|(f, _)| format!("{f}/"));
        breadcrumbs.push(Crumb {
            title: p.section.title(),
            url: section_link.filter(|_| !matches!(p.section, Section::Reference | Section::Start)),
        });
        breadcrumbs.push(Crumb {
            title: p.title.clone(),
            url: None,
        });
    }
    let page = PageView {
        title: &p.title,
        description: p.description.as_deref(),
        url: &p.url,
        content: md.html.clone(),
        toc: md.headings.iter().filter(|h| h.level == 2).collect(),
        has_h1: md.h1.is_some(),
        breadcrumbs,
    };
    let html = templates.render(
        "page.html",
        &[("site", site), ("page", &page), ("root", &root)],
    )?;
    Ok((
        Output {
            path: format!("{}index.html", p.url),
            bytes: html.into_bytes(),
        },
        md,
        views,
    ))
}
