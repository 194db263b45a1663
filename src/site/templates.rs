//! Templates and static files: defaults embedded in the binary, each overridable by a file of the
//! same name in the project's `templates/`.

use serde::Serialize;
use std::path::{Path, PathBuf};
use tera::{Context, Tera};

/// The default templates, compiled into the binary.
const DEFAULTS: &[(&str, &str)] = &[
    ("base.html", include_str!("../../templates/base.html")),
    ("page.html", include_str!("../../templates/page.html")),
    (
        "scenario.html",
        include_str!("../../templates/scenario.html"),
    ),
    ("variant.html", include_str!("../../templates/variant.html")),
    ("rule.html", include_str!("../../templates/rule.html")),
    ("matrix.html", include_str!("../../templates/matrix.html")),
    (
        "scenarios.html",
        include_str!("../../templates/scenarios.html"),
    ),
    ("search.html", include_str!("../../templates/search.html")),
    ("404.html", include_str!("../../templates/404.html")),
    ("sitemap.xml", include_str!("../../templates/sitemap.xml")),
];

/// The default static files, copied to `static/`.
const STATIC: &[(&str, &str)] = &[
    (
        "style.css",
        include_str!("../../templates/static/style.css"),
    ),
    (
        "search.js",
        include_str!("../../templates/static/search.js"),
    ),
];

/// A template that failed to compile or render; tera's message names the template, line and column.
#[derive(Debug, thiserror::Error)]
#[error("template error in {file}: {message}")]
pub struct TemplateError {
    pub file: String,
    pub message: String,
}

fn describe(err: &tera::Error) -> String {
    let text = err.to_string();
    let mut message = text.strip_prefix("error: ").unwrap_or(&text).to_string();
    let mut source = std::error::Error::source(err);
    while let Some(s) = source {
        message.push_str(&format!("\n  caused by: {s}"));
        source = s.source();
    }
    message
}

/// The files of a folder that pass a filter, sorted, with their names; none if it is missing.
fn files_in(dir: &Path, keep: impl Fn(&Path) -> bool) -> Vec<(String, PathBuf)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && keep(p))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            (
                p.file_name().expect("a file").to_string_lossy().to_string(),
                p,
            )
        })
        .collect()
}

/// The compiled templates of a site.
pub struct Templates {
    tera: Tera,
    /// Static files: name and contents, the project's own winning over the defaults.
    pub statics: Vec<(String, Vec<u8>)>,
}

impl Templates {
    /// The defaults, overridden by `<root>/templates/*.html` (and `.xml`), plus static files from
    /// `<root>/templates/static/`.
    pub fn load(root: &Path) -> Result<Templates, TemplateError> {
        let mut tera = Tera::new();
        tera.autoescape_on(vec![".html", ".xml"]);
        let dir = root.join("templates");
        let read_error = |path: &Path, e: std::io::Error| TemplateError {
            file: path.display().to_string(),
            message: e.to_string(),
        };
        let mut sources: Vec<(String, String, PathBuf)> = DEFAULTS
            .iter()
            .map(|(n, t)| {
                (
                    n.to_string(),
                    t.to_string(),
                    PathBuf::from(format!("(built-in) {n}")),
                )
            })
            .collect();
        for (name, path) in files_in(&dir, |p| {
            p.extension().is_some_and(|x| x == "html" || x == "xml")
        }) {
            let text = std::fs::read_to_string(&path).map_err(|e| read_error(&path, e))?;
            match sources.iter_mut().find(|(n, _, _)| *n == name) {
                Some(slot) => *slot = (name, text, path),
                None => sources.push((name, text, path)),
            }
        }
        for (name, text, path) in &sources {
            tera.add_raw_template(name, text)
                .map_err(|e| TemplateError {
                    file: path.display().to_string(),
                    message: describe(&e),
                })?;
        }
        let mut statics: Vec<(String, Vec<u8>)> = STATIC
            .iter()
            .map(|(n, t)| (n.to_string(), t.as_bytes().to_vec()))
            .collect();
        for (name, path) in files_in(&dir.join("static"), |_| true) {
            let bytes = std::fs::read(&path).map_err(|e| read_error(&path, e))?;
            match statics.iter_mut().find(|(n, _)| *n == name) {
                Some(slot) => slot.1 = bytes,
                None => statics.push((name, bytes)),
            }
        }
        Ok(Templates { tera, statics })
    }

    /// Renders a template with values given as `(name, value)` pairs.
    pub fn render(
        &self,
        name: &str,
        values: &[(&str, &dyn erased::Value)],
    ) -> Result<String, TemplateError> {
        let mut cx = Context::new();
        for (k, v) in values {
            v.insert_into(&mut cx, k);
        }
        self.tera.render(name, &cx).map_err(|e| TemplateError {
            file: name.to_string(),
            message: describe(&e),
        })
    }
}

/// Lets callers pass values of different types to [`Templates::render`].
pub mod erased {
    use super::*;

    pub trait Value: Sync {
        fn insert_into(&self, cx: &mut Context, key: &str);
    }

    impl<T: Serialize + Sync> Value for T {
        fn insert_into(&self, cx: &mut Context, key: &str) {
            cx.insert(key.to_string(), self);
        }
    }
}
