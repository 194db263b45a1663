#!/usr/bin/env bash
# Clean builds of the bench corpus beside Hugo, each build writing to a file system made new for
# it. On a disk where thousands of files were deleted in the last minutes (every clean-build
# benchmark deletes the last output), ext4 steps past each recently freed inode when it makes a
# new one; that cost lands on whichever tool is timed next and grows through a session. A fresh
# ext4 file system (a loop-mounted image, made again before every run) has no such history, so
# both tools are timed on equal terms, as on a disk that is not being benchmarked.
#
#   sudo benches/fresh-fs.sh [PAGES...]        (default: 1000 5000)
#
# Needs root (mkfs.ext4, mount -o loop), hyperfine, hugo, python3 and a release build. The
# corpus comes from /work/shared/bench/make-corpus.py (or BENCH_CORPUS), the same corpus and
# commands as run-anchors.sh. RUNS (default 5) runs a tool and size, one warm-up; the summary
# gives medians, means and the ratio Hugo / ours.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
bin=${OURS:-$repo/target/release/mournival}
corpus_script=${BENCH_CORPUS:-/work/shared/bench/make-corpus.py}
runs=${RUNS:-5}
[ "$(id -u)" = 0 ] || { echo "fresh-fs.sh makes and mounts file systems: run it as root" >&2; exit 2; }
[ -x "$bin" ] || { echo "build first: cargo build --release" >&2; exit 2; }
command -v hugo >/dev/null || { echo "hugo missing: apt-get install -y hugo" >&2; exit 2; }
work=$(mktemp -d)
mnt=$work/out
image=$work/fs.img
cleanup() { umount "$mnt" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
mkdir -p "$mnt" "$work/results"
uptime

# Makes the output's file system again: a new ext4 image, mounted where the build writes.
cat >"$work/fresh" <<EOF
#!/bin/sh
set -e
umount "$mnt" 2>/dev/null || true
rm -f "$image"
truncate -s 4G "$image"
mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 "$image"
mount -o loop "$image" "$mnt"
sync
EOF
chmod +x "$work/fresh"

for pages in "${@:-1000 5000}"; do
    for n in $pages; do
        corpus=$work/corpus-$n
        python3 "$corpus_script" --pages "$n" --layout all --out "$corpus" --force >/dev/null
        hyperfine --style basic -N -w 1 -r "$runs" --prepare "$work/fresh" \
            --export-json "$work/results/$n.json" \
            -n "hugo $n" "hugo --source $corpus/hugo --destination $mnt/site --quiet" \
            -n "ours $n" "$bin --root $repo build --no-cache $corpus/plain --out $mnt/site"
    done
done

python3 - "$work/results" <<'PY'
import glob, json, os, sys
print("| pages | Hugo median (s) | ours median (s) | Hugo mean ± sd | ours mean ± sd | Hugo / ours (medians) |")
print("|---:|---:|---:|---:|---:|---:|")
for f in sorted(glob.glob(os.path.join(sys.argv[1], "*.json")), key=lambda f: int(os.path.basename(f)[:-5])):
    hugo, ours = json.load(open(f))["results"]
    print("| %s | %.3f | %.3f | %.3f ± %.3f | %.3f ± %.3f | %.2f |" % (
        os.path.basename(f)[:-5], hugo["median"], ours["median"], hugo["mean"], hugo["stddev"] or 0,
        ours["mean"], ours["stddev"] or 0, hugo["median"] / ours["median"]))
PY
