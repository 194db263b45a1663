#!/usr/bin/env bash
# A build that remembers what it did: a clean build (`--no-cache`) against a rebuild with nothing
# changed and a rebuild after one page's body changed, side by side in one hyperfine run, on the
# bench corpus (1,000 and 5,000 pages, /work/shared/bench/make-corpus.py or BENCH_CORPUS) and on
# the bundled site (a page with scenarios changed).
#
#   benches/rebuild.sh [PAGES...]        (default: 1000 5000; `site` for the bundled site alone)
#
# Needs hyperfine and a release build (`cargo build --release`), or another binary in BIN (an
# older build, to compare). Works in a temporary folder: the project's files are copied there,
# so the repository is never edited.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
bin=${BIN:-$repo/target/release/mournival}
corpus_script=${BENCH_CORPUS:-/work/shared/bench/make-corpus.py}
runs=${RUNS:-10}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[ -x "$bin" ] || { echo "build first: cargo build --release" >&2; exit 2; }
uptime

# A project folder holding the bundled readings, templates and texts, and `content`.
project() {
    local dir=$1 content=$2
    mkdir -p "$dir"
    cp -r "$repo/variants" "$repo/templates" "$repo/sources" "$repo/mournival.yaml" "$dir/"
    cp -r "$content" "$dir/content"
}

# Times a clean build, a rebuild with nothing changed, and one after `page` changed.
measure() {
    local name=$1 dir=$2 page=$3
    local build="$bin --root $dir build --out $dir/site"
    $build >/dev/null 2>&1
    hyperfine --runs "$runs" --warmup 1 --style basic \
        --export-markdown "$work/$name.md" \
        --prepare "rm -rf $dir/clean" --prepare true \
        --prepare "echo 'An edit, $(date +%s%N).' >> $page" \
        -n "$name: clean build (--no-cache)" "$bin --root $dir build --no-cache --out $dir/clean" \
        -n "$name: nothing changed" "$build" \
        -n "$name: one page changed" "$build"
    cat "$work/$name.md"
}

for what in "${@:-1000 5000 site}"; do
    for n in $what; do
        if [ "$n" = site ]; then
            project "$work/site" "$repo/content"
            page=$(grep -l '^```gleek' -r "$work/site/content" | sort | head -1)
            measure "bundled site" "$work/site" "$page"
        else
            python3 "$corpus_script" --pages "$n" --layout plain --out "$work/corpus-$n" >/dev/null
            project "$work/p$n" "$work/corpus-$n/pages"
            measure "$n pages" "$work/p$n" "$work/p$n/content/rule-0500.md"
        fi
    done
done
