#!/usr/bin/env python3
"""Save-to-served-page latency of `mournival serve` beside `hugo server`, on the bench corpus.

For each tool: start its server on the corpus, then RUNS times append a new sentence to one
page's file and poll the page's URL until the response holds the sentence. The figure is the
time from the write (file closed) to that response; the median and range are printed. The
page's file is put back as it was at the end.

  python3 ../shared/bench/make-corpus.py --pages 1000 --layout all --out /tmp/corpus-1000
  cargo build --release
  python3 benches/serve-latency.py /tmp/corpus-1000 --runs 10

With --bundled PAGE (a content page of this repository, e.g. play/ruff.md), `ours` serves a copy
of this repository's own site instead, and the page saved is that one: on a page with scenarios,
the save evaluates them again.

  python3 benches/serve-latency.py --bundled play/ruff.md --runs 10

Stdlib only. Tools: `ours` (MOURNIVAL, default target/release/mournival, with this repository as
--root and the corpus's `plain` layout as content) and `hugo` (HUGO, default `hugo` on PATH,
`hugo server` on the `hugo` layout, with its default fast render).
"""

import argparse
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
POLL = 0.002  # seconds between requests
PATIENCE = 120.0  # seconds a server may take to start, or a page to change


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fetch(url):
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.read().decode("utf-8", "replace")
    except (urllib.error.URLError, ConnectionError, OSError):
        return None


def wait_for(url, done, patience=PATIENCE):
    """Polls `url` until `done(body)`; returns the time of that response."""
    deadline = time.monotonic() + patience
    while time.monotonic() < deadline:
        body = fetch(url)
        if body is not None and done(body):
            return time.monotonic()
        time.sleep(POLL)
    raise SystemExit(f"timed out waiting for {url}")


def server(tool, corpus, port, out, bundled=None):
    """The command that serves the corpus, the page's file, and its URL."""
    page = 500
    if bundled:
        binary = os.environ.get("MOURNIVAL", os.path.join(REPO, "target/release/mournival"))
        cmd = [binary, "--root", corpus, "serve", "--port", str(port), "--out", out]
        path = os.path.join(corpus, "content", bundled)
        url = f"http://127.0.0.1:{port}/{bundled[:-len('.md')]}/"
    elif tool == "ours":
        binary = os.environ.get("MOURNIVAL", os.path.join(REPO, "target/release/mournival"))
        cmd = [binary, "--root", REPO, "serve", os.path.join(corpus, "plain"),
               "--port", str(port), "--out", out]
        path = os.path.join(corpus, "plain", "pages", f"rule-{page:04}.md")
        url = f"http://127.0.0.1:{port}/pages/rule-{page:04}/"
    else:
        binary = os.environ.get("HUGO", shutil.which("hugo") or "hugo")
        cmd = [binary, "server", "--source", os.path.join(corpus, "hugo"),
               "--port", str(port), "--bind", "127.0.0.1", "--destination", out]
        path = os.path.join(corpus, "hugo", "content", "rules", f"rule-{page:04}.md")
        url = f"http://127.0.0.1:{port}/rules/rule-{page:04}/"
    return cmd, path, url


def bundled_copy():
    """A copy of this repository's project (its cache too), so that the saves touch no file of it."""
    root = tempfile.mkdtemp(prefix="latency-bundled-")
    for name in ["content", "variants", "templates", "sources", "mournival.yaml", ".mournival-cache"]:
        src = os.path.join(REPO, name)
        if os.path.isdir(src):
            shutil.copytree(src, os.path.join(root, name), symlinks=True)
        elif os.path.exists(src):
            shutil.copy(src, root)
    return root


def measure(tool, corpus, runs, bundled=None):
    port = free_port()
    out = tempfile.mkdtemp(prefix=f"latency-{tool}-")
    shutil.rmtree(out)
    cmd, path, url = server(tool, corpus, port, out, bundled)
    with open(path, encoding="utf-8") as f:
        original = f.read()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    times = []
    try:
        wait_for(url, lambda body: True)
        time.sleep(1.0)  # let the first build's file events pass
        for n in range(runs):
            token = f"Edited for the latency bench, run {n} at {time.time_ns()}."
            with open(path, "w", encoding="utf-8") as f:
                f.write(original + "\n" + token + "\n")
            written = time.monotonic()
            seen = wait_for(url, lambda body: token in body)
            times.append((seen - written) * 1000)
            time.sleep(0.5)
    finally:
        with open(path, "w", encoding="utf-8") as f:
            f.write(original)
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait()
        shutil.rmtree(out, ignore_errors=True)
    return times


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("corpus", nargs="?", help="a folder written by make-corpus.py --layout all")
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--tools", default="ours hugo")
    ap.add_argument("--bundled", metavar="PAGE",
                    help="serve a copy of this repository's site and save content/PAGE")
    args = ap.parse_args()
    if args.bundled:
        corpus, tools = bundled_copy(), ["ours"]
    elif args.corpus:
        corpus, tools = os.path.abspath(args.corpus), args.tools.split()
    else:
        ap.error("give a corpus, or --bundled PAGE")
    print(f"{'tool':<6} {'median':>9} {'min':>9} {'max':>9}  (ms, save to served page, {args.runs} runs)")
    for tool in tools:
        times = measure(tool, corpus, args.runs, args.bundled)
        print(f"{tool:<6} {statistics.median(times):9.1f} {min(times):9.1f} {max(times):9.1f}"
              f"  [{' '.join(f'{t:.0f}' for t in times)}]")
        sys.stdout.flush()
    if args.bundled:
        shutil.rmtree(corpus, ignore_errors=True)


if __name__ == "__main__":
    main()
