#!/usr/bin/env bash
# HTML validity: builds the bundled site into a temporary folder and runs the Nu Html Checker
# (vnu-jar from npm, on the system's Java 17) over every page. Fails on any error.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
jar="$here/node_modules/vnu-jar/build/dist/vnu.jar"
[[ -f "$jar" ]] || { echo "vnu.jar missing: run 'npm install --ignore-scripts' in tests/e2e" >&2; exit 1; }
command -v java >/dev/null || { echo "the HTML check needs Java 17 or later" >&2; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$repo/target/release/mournival" --root "$repo" build --out "$out/site" --strict
pages=$(find "$out/site" -name '*.html' | wc -l)
report=$(java -jar "$jar" --errors-only --skip-non-html --format gnu "$out/site" 2>&1 || true)
if [[ -n "$report" ]]; then
  echo "$report" | sed "s|$out/site/||"
  echo "html: the Nu Html Checker found errors in the built site" >&2
  exit 1
fi
echo "html: $pages pages checked by the Nu Html Checker: no errors"
