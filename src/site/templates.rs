//! Templates and static files: defaults embedded in the binary, each overridable by a file of the
//! same name in the project's `templates/`.

use super::BuildError;
use super::pages::paths;
use crate::diagnostic::{Diagnostic, Location};
use crate::input::{self, Depth, read_bytes, read_text};
use serde::Serialize;
use std::path::{Path, PathBuf};
use tera::{Context, ErrorKind, Tera};

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
    ("source.html", include_str!("../../templates/source.html")),
    ("matrix.html", include_str!("../../templates/matrix.html")),
    (
        "simulation.html",
        include_str!("../../templates/simulation.html"),
    ),
    (
        "scenarios.html",
        include_str!("../../templates/scenarios.html"),
    ),
    ("search.html", include_str!("../../templates/search.html")),
    ("tonight.html", include_str!("../../templates/tonight.html")),
    ("settle.html", include_str!("../../templates/settle.html")),
    (
        "playground.html",
        include_str!("../../templates/playground.html"),
    ),
    ("card.html", include_str!("../../templates/card.html")),
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
    ("flip.js", include_str!("../../templates/static/flip.js")),
    (
        "editor.js",
        include_str!("../../templates/static/editor.js"),
    ),
    (
        "outcome.js",
        include_str!("../../templates/static/outcome.js"),
    ),
    (
        "favicon.svg",
        include_str!("../../templates/static/favicon.svg"),
    ),
    ("keys.js", include_str!("../../templates/static/keys.js")),
    (
        "settle.js",
        include_str!("../../templates/static/settle.js"),
    ),
    (
        "settle-gleek.js",
        include_str!("../../templates/static/settle-gleek.js"),
    ),
    (
        "settle-put.js",
        include_str!("../../templates/static/settle-put.js"),
    ),
    (
        "settle-glic.js",
        include_str!("../../templates/static/settle-glic.js"),
    ),
    (
        "tonight.js",
        include_str!("../../templates/static/tonight.js"),
    ),
    (
        "engine.js",
        include_str!("../../templates/static/engine.js"),
    ),
    (
        "playground.js",
        include_str!("../../templates/static/playground.js"),
    ),
];

/// The engine's WebAssembly modules, one per game (`wasm/build.sh` builds them; `engine.js`
/// fetches them), copied to `static/engine/`.
const ENGINE: &[(&str, &[u8])] = &[
    (
        "engine/gleek.wasm",
        include_bytes!("../../templates/static/engine/gleek.wasm"),
    ),
    (
        "engine/put.wasm",
        include_bytes!("../../templates/static/engine/put.wasm"),
    ),
    (
        "engine/glic.wasm",
        include_bytes!("../../templates/static/engine/glic.wasm"),
    ),
];

/// Whether the built-in static files hold the engine in the browser (`engine.js`, built from
/// `wasm/`): the pages load the scenario editor only then, so no page asks for a missing file.
pub fn ships_engine() -> bool {
    ships("engine.js")
}

/// Whether the built-in static files hold `file` (`settle-gleek.js`).
pub fn ships(file: &str) -> bool {
    STATIC.iter().any(|(name, _)| *name == file)
}

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

/// The files of a project's folder that pass a filter, sorted, with their names; none if the
/// folder is missing. Read through [`crate::input`]: links stay inside the project.
fn files_in(
    root: &Path,
    dir: &Path,
    keep: &dyn Fn(&Path) -> bool,
) -> Result<Vec<(String, PathBuf)>, BuildError> {
    if !dir.is_dir() {
        return Ok(Vec::new());
    }
    let files = input::files(dir, root, Depth::Flat, keep).map_err(BuildError::Invalid)?;
    Ok(files
        .into_iter()
        .map(|p| {
            (
                p.file_name().expect("a file").to_string_lossy().to_string(),
                p,
            )
        })
        .collect())
}

/// The template an error is about, by name: tera says so for most errors, and its reports for
/// the rest begin `--> name:line:col`.
fn blamed(err: &tera::Error) -> Option<String> {
    match err.kind() {
        ErrorKind::SyntaxError(r) | ErrorKind::RenderingError(r) => Some(r.filename().to_string()),
        ErrorKind::MissingParent { current, .. } => Some(current.clone()),
        ErrorKind::CircularExtend { tpl, .. } | ErrorKind::CircularInclude { tpl, .. } => {
            Some(tpl.clone())
        }
        _ => {
            let text = err.to_string();
            let rest = &text[text.find("--> ")? + 4..];
            Some(rest[..rest.find(':')?].to_string())
        }
    }
}

/// A template's text and where it comes from (a file, or `(built-in) name`).
type Source = (String, PathBuf);

/// Puts a named item in a list, in place of one of the same name (a default it overrides).
fn put<T>(list: &mut Vec<(String, T)>, name: String, item: T) {
    match list.iter_mut().find(|(n, _)| *n == name) {
        Some(slot) => slot.1 = item,
        None => list.push((name, item)),
    }
}

/// The built-in templates, overridden and added to by the project's.
fn template_sources(root: &Path, dir: &Path) -> Result<Vec<(String, Source)>, BuildError> {
    let mut sources: Vec<(String, Source)> = DEFAULTS
        .iter()
        .map(|(n, t)| {
            let built_in = PathBuf::from(format!("(built-in) {n}"));
            (n.to_string(), (t.to_string(), built_in))
        })
        .collect();
    let is_template = |p: &Path| p.extension().is_some_and(|x| x == "html" || x == "xml");
    for (name, path) in files_in(root, dir, &is_template)? {
        let text = read_text(&path).map_err(|d| BuildError::Invalid(vec![d]))?;
        put(&mut sources, name, (text.to_string(), path));
    }
    Ok(sources)
}

/// The built-in static files, overridden and added to by the project's `static/`.
fn static_files(root: &Path, dir: &Path) -> Result<Vec<(String, Vec<u8>)>, BuildError> {
    let mut statics: Vec<(String, Vec<u8>)> = STATIC
        .iter()
        .map(|(n, t)| (n.to_string(), t.as_bytes().to_vec()))
        .chain(ENGINE.iter().map(|(n, b)| (n.to_string(), b.to_vec())))
        .collect();
    for (name, path) in files_in(root, dir, &|_| true)? {
        if format!("{}{name}", paths::STATIC) == paths::HIGHLIGHT_CSS {
            let message = format!(
                "`{}` would replace the code colours, which the generator writes to `{}`",
                path.display(),
                paths::HIGHLIGHT_CSS
            );
            return Err(BuildError::Invalid(vec![
                Diagnostic::new(Location::file_start(&path, ""), message).note(
                    "give the file another name, and style code in style.css or a sheet of your own",
                ),
            ]));
        }
        let bytes = read_bytes(&path).map_err(|d| BuildError::Invalid(vec![d]))?;
        put(&mut statics, name, bytes);
    }
    Ok(statics)
}

/// Escapes a value for a template as tera's own escaper does ([`crate::escape`] agrees with it),
/// but hands the writer the whole escaped text at once: tera's writes each byte alone through a
/// `dyn Write`, which was a quarter of rendering the templates.
fn escape(text: &str, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    thread_local! {
        static ESCAPED: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
    }
    ESCAPED.with_borrow_mut(|escaped| {
        escaped.clear();
        crate::escape::push(escaped, text);
        out.write_all(escaped.as_bytes())
    })
}

/// tera's `safe` filter, without copying the text: a string is marked safe as it is, where
/// tera's copies it (a page's content and its outcome tables, most of the bytes a build writes).
/// Any other value is written out and marked safe, as tera's does.
fn safe(value: tera::Value, _: tera::Kwargs, _: &tera::State) -> tera::Value {
    if value.is_string() {
        value.mark_safe()
    } else {
        tera::Value::safe_string(&value.to_string())
    }
}

/// Compiles every template at once, so that any of them may include or extend any other.
fn compile(sources: &[(String, Source)]) -> Result<Tera, TemplateError> {
    let mut tera = Tera::new();
    tera.autoescape_on(vec![".html", ".xml"]);
    tera.set_escape_fn(escape);
    tera.register_filter("safe", safe);
    tera.add_raw_templates(sources.iter().map(|(name, (text, _))| (name, text)))
        .map_err(|e| {
            let name = blamed(&e);
            let path = sources.iter().find(|(n, _)| Some(n) == name.as_ref());
            TemplateError {
                file: path
                    .map_or_else(|| "templates".into(), |(_, (_, p))| p.display().to_string()),
                message: describe(&e),
            }
        })?;
    Ok(tera)
}

/// The compiled templates of a site.
pub struct Templates {
    tera: Tera,
    /// Static files: name and contents, the project's own winning over the defaults.
    pub statics: Vec<(String, Vec<u8>)>,
}

impl Templates {
    /// The defaults, overridden by `<root>/templates/*.html` (and `.xml`), plus static files from
    /// `<root>/templates/static/`. A file that cannot be read is invalid input; a template that
    /// does not compile, a template error.
    pub fn load(root: &Path) -> Result<Templates, BuildError> {
        let dir = root.join("templates");
        let sources = template_sources(root, &dir)?;
        let statics = static_files(root, &dir.join("static"))?;
        Ok(Templates {
            tera: compile(&sources)?,
            statics,
        })
    }

    /// Renders a template with values given as `(name, value)` pairs.
    pub fn render(
        &self,
        name: &str,
        values: &[(&str, &dyn erased::Value)],
    ) -> Result<String, TemplateError> {
        self.tera
            .render(name, &context(values))
            .map_err(|e| template_error(name, &e))
    }

    /// [`Templates::render`] as the bytes of a file, in a buffer made for `size` bytes: tera
    /// writes only UTF-8, so a page need not be checked again as a `String`, nor its buffer grown
    /// step by step (a page with outcome tables is hundreds of kilobytes).
    pub fn render_bytes(
        &self,
        name: &str,
        values: &[(&str, &dyn erased::Value)],
        size: usize,
    ) -> Result<Vec<u8>, TemplateError> {
        let mut bytes = Vec::with_capacity(size);
        self.tera
            .render_to(name, &context(values), &mut bytes)
            .map_err(|e| template_error(name, &e))?;
        Ok(bytes)
    }
}

fn context(values: &[(&str, &dyn erased::Value)]) -> Context {
    let mut cx = Context::new();
    for (k, v) in values {
        v.insert_into(&mut cx, k);
    }
    cx
}

fn template_error(name: &str, err: &tera::Error) -> TemplateError {
    TemplateError {
        file: name.to_string(),
        message: describe(err),
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

    /// A value converted for the templates once and handed to many renders as it is (the
    /// site's navigation, the same on every page): tera shares it rather than converting it
    /// again for each page.
    pub struct Converted(tera::Value);

    impl Converted {
        pub fn of<T: Serialize>(value: &T) -> Converted {
            Converted(tera::Value::from_serializable(value))
        }

        /// Nothing yet, for a view that converts itself once built.
        pub fn none() -> Converted {
            Converted(tera::Value::none())
        }
    }

    impl Value for Converted {
        fn insert_into(&self, cx: &mut Context, key: &str) {
            cx.insert_value(key.to_string(), self.0.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The escaper and the `safe` filter put in place of tera's give what tera's own give, for
    /// short strings and long ones (tera keeps them apart), and for values that are not strings.
    #[test]
    fn values_are_escaped_and_marked_safe_as_tera_does() {
        let template = "{{ long }}|{{ long | safe }}|{{ short }}|{{ short | safe }}|\
            {{ n }}|{{ n | safe }}|{{ list }}|{{ list | safe }}|{{ long | upper }}";
        let path = PathBuf::from("t.html");
        let ours = compile(&[("t.html".to_string(), (template.to_string(), path))]).unwrap();
        let mut theirs = Tera::new();
        theirs.autoescape_on(vec![".html"]);
        theirs.add_raw_template("t.html", template).unwrap();
        let mut cx = Context::new();
        cx.insert(
            "long",
            "Ann's <b>\"bid\"</b> & Ben → 14½, longer than a short string",
        );
        cx.insert("short", "<i>'&'</i>");
        cx.insert("n", &3.5);
        cx.insert("list", &["<a>", "b"]);
        let rendered = ours.render("t.html", &cx).unwrap();
        assert_eq!(rendered, theirs.render("t.html", &cx).unwrap());
        assert!(
            rendered.starts_with("Ann&#39;s &lt;b&gt;&quot;bid"),
            "{rendered}"
        );
    }
}
