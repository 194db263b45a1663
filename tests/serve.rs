//! `mournival serve` as a user runs it: start on a free port, edit a page and see it rebuilt, break
//! it and see the error in the page and the terminal, fix it and see the error gone.
#![cfg(feature = "serve")]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

/// How long any one step may take: a rebuild of the tiny project takes well under a second.
const PATIENCE: Duration = Duration::from_secs(30);

const PAGE: &str = "---\ntitle: Home\n---\n\n# Home\n\nThe first version.\n";

/// A scenario with a Three, which the 44-card pack casts out.
const BROKEN: &str = "---\ntitle: Home\n---\n\n# Home\n\n```gleek
id: broken
title: A Three in hand
seats: [Ann, Ben, Cat]
dealer: Cat
hands:
  Ann: 3C
turn-up: 4H
```
";

/// The server, killed when the test ends, pass or fail.
struct Server {
    child: Child,
    addr: SocketAddr,
    /// Everything it wrote to stdout and stderr so far.
    output: Arc<Mutex<String>>,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    fn start(root: &Path) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_mournival"))
            .arg("--root")
            .arg(root)
            .args(["serve", "--port", "0"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("mournival starts");
        let output = Arc::new(Mutex::new(String::new()));
        let (tx, rx) = mpsc::channel();
        let stdout = child.stdout.take().expect("piped stdout");
        let stderr = child.stderr.take().expect("piped stderr");
        for (stream, tx) in [
            (Box::new(stdout) as Box<dyn Read + Send>, Some(tx)),
            (Box::new(stderr), None),
        ] {
            let output = output.clone();
            std::thread::spawn(move || {
                for line in BufReader::new(stream).lines().map_while(Result::ok) {
                    if let Some(tx) = &tx {
                        let _ = tx.send(line.clone());
                    }
                    let mut out = output.lock().unwrap();
                    out.push_str(&line);
                    out.push('\n');
                }
            });
        }
        let mut server = Server {
            child,
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
            output,
        };
        let deadline = Instant::now() + PATIENCE;
        while server.addr.port() == 0 {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = rx.recv_timeout(left).unwrap_or_else(|_| {
                panic!(
                    "no URL printed within {PATIENCE:?}:\n{}",
                    server.output.lock().unwrap()
                )
            });
            if let Some(url) = line.split(" at http://").nth(1) {
                let addr = url.trim_end_matches('/');
                server.addr = addr.parse().expect("an address in the printed URL");
            }
        }
        assert!(server.addr.ip().is_loopback(), "serves on loopback only");
        server
    }

    /// A minimal HTTP/1.0 GET (no chunked encoding to undo): the status and the body.
    fn get(&self, path: &str) -> (u16, String) {
        let mut stream =
            TcpStream::connect_timeout(&self.addr, Duration::from_secs(5)).expect("connects");
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        write!(stream, "GET {path} HTTP/1.0\r\nHost: {}\r\n\r\n", self.addr).unwrap();
        let mut response = String::new();
        stream.read_to_string(&mut response).expect("a response");
        let (head, body) = response.split_once("\r\n\r\n").unwrap_or((&response, ""));
        let status = head
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        (status, body.to_string())
    }

    /// Polls `path` until `done` holds for the body, or panics after `PATIENCE`.
    fn wait_for(&self, path: &str, what: &str, done: impl Fn(u16, &str) -> bool) -> String {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let (status, body) = self.get(path);
            if done(status, &body) {
                return body;
            }
            assert!(
                Instant::now() < deadline,
                "{what}: not seen within {PATIENCE:?}; last response {status}:\n{body}\nserver output:\n{}",
                self.output.lock().unwrap()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

/// A project in `root`: the bundled Gleek readings and a home page.
fn project(root: &Path) {
    let variants = Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/gleek");
    std::fs::create_dir_all(root.join("variants/gleek")).unwrap();
    for entry in std::fs::read_dir(variants).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(
            &path,
            root.join("variants/gleek").join(path.file_name().unwrap()),
        )
        .unwrap();
    }
    std::fs::create_dir_all(root.join("content")).unwrap();
    std::fs::write(root.join("content/index.md"), PAGE).unwrap();
}

impl Server {
    /// How many builds (good or failed) the server has reported.
    fn builds(&self) -> usize {
        let out = self.output.lock().unwrap();
        out.matches("\nbuilt ").count() + out.matches("the build failed").count()
    }

    /// Runs `change`, then waits until the server has reported the build it caused.
    fn rebuilt_after(&self, change: impl FnOnce()) {
        let before = self.builds();
        change();
        let deadline = Instant::now() + PATIENCE;
        while self.builds() == before {
            assert!(
                Instant::now() < deadline,
                "no rebuild within {PATIENCE:?}:\n{}",
                self.output.lock().unwrap()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

#[cfg(unix)]
#[test]
fn serve_never_writes_or_deletes_through_a_symbolic_link_in_the_site() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("p");
    project(&root);
    let page = root.join("content/play/zz.md");
    std::fs::create_dir_all(page.parent().unwrap()).unwrap();
    std::fs::write(&page, "# Zz\n\nFirst.\n").unwrap();
    let server = Server::start(&root);
    server.wait_for("/play/zz/", "the page", |s, b| {
        s == 200 && b.contains("First.")
    });

    // The user's folder, put in place of the page's folder in the site.
    let theirs = dir.path().join("theirs");
    std::fs::create_dir(&theirs).unwrap();
    std::fs::write(theirs.join("index.html"), "the user's own").unwrap();
    let folder = root.join("site/play/zz");
    std::fs::remove_dir_all(&folder).unwrap();
    std::os::unix::fs::symlink(&theirs, &folder).unwrap();

    let file = theirs.join("index.html");
    server.rebuilt_after(|| std::fs::write(&page, "# Zz\n\nSecond.\n").unwrap());
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "the user's own");
    server.rebuilt_after(|| std::fs::remove_file(&page).unwrap());
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "the user's own");
    assert!(
        server.output.lock().unwrap().contains("is a symbolic link"),
        "{}",
        server.output.lock().unwrap()
    );
}

/// Only what the build wrote is served: no hidden file (`.git`, the marker), nothing through a
/// symbolic link out of the site.
#[cfg(unix)]
#[test]
fn serve_serves_no_hidden_file_and_no_link_out_of_the_site() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("p");
    project(&root);
    let secret = dir.path().join("secret");
    std::fs::create_dir(&secret).unwrap();
    std::fs::write(secret.join("passwd"), "root:x:0:0").unwrap();
    let server = Server::start(&root);
    server.wait_for("/", "the home page", |s, _| s == 200);
    let site = root.join("site");
    std::fs::create_dir_all(site.join(".git")).unwrap();
    std::fs::write(site.join(".git/HEAD"), "ref: refs/heads/gh-pages").unwrap();
    std::os::unix::fs::symlink(&secret, site.join("lnk")).unwrap();
    std::os::unix::fs::symlink(secret.join("passwd"), site.join("pw.txt")).unwrap();
    for path in [
        "/lnk/passwd",
        "/pw.txt",
        "/.git/HEAD",
        "/%2egit/HEAD",
        "/.mournival-site",
    ] {
        let (status, body) = server.get(path);
        assert_eq!(status, 404, "{path} served: {body}");
        assert!(
            !body.contains("root:x") && !body.contains("refs/heads"),
            "{path}: {body}"
        );
    }
    let (status, _) = server.get("/static/style.css");
    assert_eq!(status, 200, "the site's own files are served");
}

/// A site deleted, or replaced by a separate `build`, while serve runs is built whole again at the
/// next save: no error to fix, and the server's own 404 page and sitemap come back.
#[test]
fn serve_builds_whole_after_its_folder_is_deleted_or_built_by_another() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("p");
    project(&root);
    let page = root.join("content/index.md");
    let server = Server::start(&root);
    server.wait_for("/", "the home page", |s, _| s == 200);
    let own_404 = std::fs::read_to_string(root.join("site/404.html")).unwrap();
    assert!(root.join("site/sitemap.xml").is_file());

    let built = Command::new(env!("CARGO_BIN_EXE_mournival"))
        .arg("--root")
        .arg(&root)
        .arg("build")
        .output()
        .unwrap();
    assert!(built.status.success(), "{built:?}");
    assert!(
        !root.join("site/sitemap.xml").exists(),
        "no base-url, no sitemap"
    );
    server.rebuilt_after(|| std::fs::write(&page, PAGE.replace("first", "second")).unwrap());
    server.wait_for("/", "the edited page", |s, b| {
        s == 200 && b.contains("second")
    });
    assert_eq!(
        std::fs::read_to_string(root.join("site/404.html")).unwrap(),
        own_404
    );
    let (status, _) = server.get("/sitemap.xml");
    assert_eq!(status, 200, "the sitemap is back");

    std::fs::remove_dir_all(root.join("site")).unwrap();
    server.rebuilt_after(|| std::fs::write(&page, PAGE.replace("first", "third")).unwrap());
    server.wait_for("/", "the page built again", |s, b| {
        s == 200 && b.contains("third")
    });
    let said = server.output.lock().unwrap().clone();
    assert!(!said.contains("the build failed"), "{said}");
}

#[test]
fn serve_rebuilds_on_save_and_shows_build_errors_in_the_page() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    project(root);
    let page = root.join("content/index.md");

    let server = Server::start(root);
    let (status, body) = server.get("/");
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("The first version."), "{body}");
    assert!(
        body.contains("_tower-livereload"),
        "the live-reload script is injected"
    );
    let (status, _) = server.get("/no-such-page/");
    assert_eq!(status, 404);

    std::fs::write(&page, PAGE.replace("first", "second")).unwrap();
    server.wait_for("/", "the edited page", |s, b| {
        s == 200 && b.contains("The second version.")
    });

    std::fs::write(&page, BROKEN).unwrap();
    let body = server.wait_for("/", "the build error", |_, b| b.contains("build-error"));
    assert!(body.contains("3♣"), "{body}");
    assert!(body.contains("index.md:"), "the error is located: {body}");
    assert!(
        body.contains("--&gt;") && !body.contains("--> "),
        "the text is escaped: {body}"
    );
    let (status, _) = server.get("/search/");
    assert_eq!(status, 500, "every page shows the error");
    let (status, _) = server.get("/static/style.css");
    assert_eq!(status, 200, "files other than pages are still served");
    // The terminal's lines are read on a thread of their own: they may come after the page.
    let deadline = Instant::now() + PATIENCE;
    while !server.output.lock().unwrap().contains("3♣") {
        assert!(
            Instant::now() < deadline,
            "the terminal shows the error too"
        );
        std::thread::sleep(Duration::from_millis(100));
    }

    std::fs::write(&page, PAGE.replace("first", "third")).unwrap();
    let body = server.wait_for("/", "the fixed page", |s, b| {
        s == 200 && b.contains("The third version.")
    });
    assert!(!body.contains("build-error"), "{body}");
}
