//! `serve`: builds the site, serves it on 127.0.0.1, and rebuilds and reloads the open page on
//! every save.
//!
//! A file watcher (notify, debounced) runs the build on its own thread, so a slow build never
//! blocks a request. The build is a [`Session`]: a save re-renders and rewrites only what it
//! touches. A failed build does not stop the server: its rustc-style text goes to the
//! terminal and, in place of every HTML page, to the browser, until the next good build clears it.
//! The browser reloads through tower-livereload's injected script (server-sent events).

use anyhow::{Context, Result};
use axum::Router;
use axum::extract::{Request, State};
use axum::http::header::{ACCEPT, CACHE_CONTROL, CONTENT_TYPE};
use axum::http::{HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use mournival::site::markdown::escape_attr;
use mournival::site::session::Session;
use mournival::site::{self, BuildError, BuildOptions};
use notify_debouncer_full::notify::{EventKind, RecommendedWatcher, RecursiveMode};
use notify_debouncer_full::{DebounceEventResult, Debouncer, RecommendedCache, new_debouncer};
use std::net::{Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};
use tower_http::services::{ServeDir, ServeFile};
use tower_livereload::{LiveReloadLayer, Reloader};

/// How long the watcher waits for saves to settle before it rebuilds: editors write a file in
/// several steps, within a few milliseconds, and one save should cost one build; any longer is
/// time the writer waits for the page.
const DEBOUNCE: Duration = Duration::from_millis(20);

/// The text of the last failed build, or `None` while the site on disk is current.
type BuildState = Arc<RwLock<Option<String>>>;

/// Builds, serves and watches until Ctrl-C. `port` 0 picks a free port.
pub fn serve(mut opts: BuildOptions, port: u16) -> Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the server's runtime")?;
    // Bind before the first build, so a taken port is reported at once.
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind((Ipv4Addr::LOCALHOST, port)))
        .with_context(|| {
            format!("cannot listen on 127.0.0.1:{port}; choose another port with --port")
        })?;
    let addr: SocketAddr = listener
        .local_addr()
        .context("cannot read the server's address")?;
    if opts.base_url.is_empty() {
        opts.base_url = format!("http://{addr}/");
    }

    // The output folder follows the rules of `build`: a folder it may not replace ends serve.
    let started = Instant::now();
    let (session, first) = Session::start(opts.clone());
    if let Err(BuildError::Output(refused)) = first {
        return Err(refused.into());
    }
    let state: BuildState = Arc::new(RwLock::new(report(first, started)));
    let livereload = LiveReloadLayer::new();
    let reloader = livereload.reloader();
    let _watcher = watch(&opts, session, state.clone(), reloader)?;

    let site =
        ServeDir::new(&opts.out).not_found_service(ServeFile::new(opts.out.join("404.html")));
    let app = Router::new()
        .fallback_service(site)
        .layer(middleware::from_fn_with_state(
            Arc::new(opts.out.clone()),
            only_the_site,
        ))
        .layer(middleware::from_fn_with_state(state, show_build_error))
        .layer(livereload);

    println!("serving {} at http://{addr}/", opts.out.display());
    println!("watching for changes; press Ctrl-C to stop");
    runtime.block_on(async {
        tokio::select! {
            served = axum::serve(listener, app) => served.context("the server stopped"),
            signal = tokio::signal::ctrl_c() => {
                signal.context("cannot listen for Ctrl-C")?;
                println!("stopped");
                Ok(())
            }
        }
    })
}

/// Reports a build in the terminal; returns the error text when it failed.
fn report(result: Result<site::BuildReport, BuildError>, started: Instant) -> Option<String> {
    match result {
        Ok(report) => {
            for d in &report.failing {
                eprint!("{}", d.render("warning"));
                eprintln!();
            }
            println!(
                "built {} page(s) in {} ms: {} scenario(s), {} expectation(s) failing",
                report.pages,
                started.elapsed().as_millis(),
                report.scenarios,
                report.failing.len()
            );
            None
        }
        Err(err) => {
            let text = match &err {
                BuildError::Invalid(errors) => {
                    let mut text: String =
                        errors.iter().map(|d| d.render("error") + "\n").collect();
                    text.push_str(&format!("{err}\n"));
                    text
                }
                other => format!("error: {other}\n"),
            };
            eprint!("{text}");
            eprintln!("the build failed; the browser shows why; fix it and save to rebuild");
            Some(text)
        }
    }
}

/// Watches the content, the readings, the texts and the templates; rebuilds and reloads the browser on
/// every change. The returned debouncer must be kept alive for as long as the watch lasts.
fn watch(
    opts: &BuildOptions,
    mut session: Session,
    state: BuildState,
    reloader: Reloader,
) -> Result<Debouncer<RecommendedWatcher, RecommendedCache>> {
    // The watcher reports absolute paths; the build keeps the paths as given, so that its
    // messages name files as the user does.
    let absolute = |p: &Path| {
        std::path::absolute(p).with_context(|| format!("cannot resolve {}", p.display()))
    };
    let (root, content, out) = (
        absolute(&opts.root)?,
        absolute(&opts.content)?,
        absolute(&opts.out)?,
    );
    let watched_root = root.clone();
    let mut debouncer = new_debouncer(DEBOUNCE, None, move |result: DebounceEventResult| {
        let changed: Vec<PathBuf> = match result {
            Ok(events) => events
                .into_iter()
                // The build opens every file it reads: an access is not a change.
                .filter(|e| !matches!(e.kind, EventKind::Access(_)))
                .flat_map(|e| e.event.paths)
                .filter(|p| !is_output(p, &out) && !is_editor_noise(p))
                .collect(),
            Err(errors) => {
                for e in errors {
                    eprintln!("warning: watching for changes: {e}");
                }
                return;
            }
        };
        let Some(first) = changed.first() else {
            return;
        };
        let rel = first.strip_prefix(&watched_root).unwrap_or(first);
        println!("changed: {}", rel.display());
        let started = Instant::now();
        let set_state = |failure: Option<String>| {
            *state
                .write()
                .unwrap_or_else(|poisoned| poisoned.into_inner()) = failure;
        };
        // The saved page is shown as soon as it is on disk, before the search index is.
        let mut reloaded = false;
        let result = session.update(&changed, &mut || {
            set_state(None);
            reloader.reload();
            reloaded = true;
        });
        let failure = report(result, started);
        let failed = failure.is_some();
        set_state(failure);
        if !reloaded || failed {
            reloader.reload();
        }
    })
    .context("cannot watch the project for changes")?;

    let mut folders = vec![content];
    for name in ["variants", "templates", mournival::sources::DIR] {
        let dir = root.join(name);
        if dir.exists() && !folders.iter().any(|f| dir.starts_with(f)) {
            folders.push(dir);
        }
    }
    for folder in &folders {
        debouncer
            .watch(folder, RecursiveMode::Recursive)
            .with_context(|| format!("cannot watch {}", folder.display()))?;
    }
    Ok(debouncer)
}

/// The build writes `out` through `.NAME.building-*` and `.NAME.old-*` beside it, under the lock
/// `.NAME.lock`; changes there are its own and must not trigger another build.
fn is_output(path: &Path, out: &Path) -> bool {
    if path.starts_with(out) {
        return true;
    }
    let (Some(parent), Some(name)) = (out.parent(), out.file_name()) else {
        return false;
    };
    let prefix = format!(".{}.", name.to_string_lossy());
    path.strip_prefix(parent)
        .ok()
        .and_then(|rel| rel.components().next())
        .is_some_and(|c| c.as_os_str().to_string_lossy().starts_with(&prefix))
}

/// Swap and backup files that editors write beside the file being saved.
fn is_editor_noise(path: &Path) -> bool {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    name.ends_with('~')
        || name.starts_with(".#")
        || name.ends_with(".swp")
        || name.ends_with(".swx")
}

/// Serves only what the build writes: no hidden file or folder (`.git`, the marker), and nothing
/// reached through a symbolic link, which could lead out of the site. Anything else is not found.
async fn only_the_site(State(out): State<Arc<PathBuf>>, req: Request, next: Next) -> Response {
    if servable(&out, req.uri().path()) {
        next.run(req).await
    } else {
        (StatusCode::NOT_FOUND, "not found\n").into_response()
    }
}

/// Whether the request path names a file of the site: plain names, none hidden, none a link
/// (nor the `index.html` a folder is served by).
fn servable(out: &Path, path: &str) -> bool {
    let Some(decoded) = percent_decoded(path) else {
        return false;
    };
    let mut at = out.to_path_buf();
    for part in decoded.split('/').filter(|p| !p.is_empty()) {
        if part.starts_with('.') || part.contains('\\') {
            return false;
        }
        at.push(part);
        match std::fs::symlink_metadata(&at) {
            Ok(m) if m.file_type().is_symlink() => return false,
            Ok(_) => {}
            Err(_) => return true,
        }
    }
    !std::fs::symlink_metadata(at.join("index.html")).is_ok_and(|m| m.file_type().is_symlink())
}

/// A URL path with its `%XX` escapes undone; `None` if they do not make UTF-8.
fn percent_decoded(path: &str) -> Option<String> {
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = (bytes[i] == b'%')
            .then(|| bytes.get(i + 1..i + 3))
            .flatten()
            .and_then(|h| u8::from_str_radix(std::str::from_utf8(h).ok()?, 16).ok());
        match hex {
            Some(b) => {
                out.push(b);
                i += 3;
            }
            None => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

/// While the last build failed, every HTML request gets the error page; other files (styles,
/// scripts) are still served from the last good build. Every response is marked not to be cached,
/// so a reload always shows the newest build.
async fn show_build_error(State(state): State<BuildState>, req: Request, next: Next) -> Response {
    let error = if wants_html(&req) {
        state
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone()
    } else {
        None
    };
    let mut response = match error {
        Some(text) => (
            StatusCode::INTERNAL_SERVER_ERROR,
            [(CONTENT_TYPE, "text/html; charset=utf-8")],
            error_page(&text),
        )
            .into_response(),
        None => next.run(req).await,
    };
    response
        .headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

/// A page, as opposed to a style sheet, script, image or the search index.
fn wants_html(req: &Request) -> bool {
    let path = req.uri().path();
    let last = path.rsplit('/').next().unwrap_or_default();
    let accepts_html = req
        .headers()
        .get(ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|a| a.contains("text/html"));
    accepts_html || last.is_empty() || last.ends_with(".html") || !last.contains('.')
}

/// The build error as a page of its own: the terminal's text, escaped.
fn error_page(text: &str) -> String {
    format!(
        r#"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Build error · mournival serve</title>
<style>
body {{ font: 16px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 64rem; padding: 0 1rem; }}
h1 {{ color: #a00; font-size: 1.4rem; }}
pre {{ background: #fff5f5; border-left: 4px solid #a00; padding: 1rem; overflow-x: auto; font: 14px/1.45 ui-monospace, monospace; }}
</style>
</head>
<body>
<main>
<h1>The site did not build</h1>
<p>Fix the error below and save: this page reloads by itself.</p>
<pre class="build-error">{}</pre>
</main>
</body>
</html>
"#,
        escape_attr(text)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_build_writes_beside_out_and_that_is_not_a_change() {
        let out = Path::new("/p/site");
        assert!(is_output(Path::new("/p/site/index.html"), out));
        assert!(is_output(
            Path::new("/p/.site.building-42/a/index.html"),
            out
        ));
        assert!(is_output(Path::new("/p/.site.old-42"), out));
        assert!(is_output(Path::new("/p/.site.lock"), out));
        assert!(!is_output(Path::new("/p/content/site.md"), out));
        assert!(!is_output(Path::new("/p/sites/index.html"), out));
    }

    #[test]
    fn escapes_in_a_request_path_are_undone() {
        assert_eq!(
            percent_decoded("/%2egit/HEAD").as_deref(),
            Some("/.git/HEAD")
        );
        assert_eq!(percent_decoded("/a%20b/%zz%").as_deref(), Some("/a b/%zz%"));
        assert_eq!(percent_decoded("/%ff"), None);
    }

    #[test]
    fn the_error_page_escapes_the_text() {
        let page = error_page("error: `<b>` & \"x\"\n --> a.md:1:2");
        assert!(page.contains("error: `&lt;b&gt;` &amp; &quot;x&quot;"));
        assert!(!page.contains("<b>"));
    }
}
