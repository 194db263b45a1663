#!/usr/bin/env bash
# Compares two builds of mournival on `simulate`: the same report, byte for byte, for every game,
# both policies, the terminal and `--json`, evenings and `--switch-deals`, on several seeds.
# A change meant only to make a run faster must pass this against the build before it.
#
#   benches/simulate-same.sh OLD_BINARY NEW_BINARY [DEALS]
set -euo pipefail
old=$1 new=$2 deals=${3:-600}
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
runs=0 differ=0
for game in gleek put glic; do
  for policy in simple judging; do
    for seed in 1 7 1234; do
      for extra in "" "--json" "--evening 5" "--evening 1 --json" "--switch-deals 100" "--players 5 --json"; do
        [[ $extra == *--players* && $game != glic ]] && continue
        args=(simulate --game "$game" --policy "$policy" --seed "$seed" --deals "$deals" $extra)
        "$old" "${args[@]}" >"$out/old" 2>/dev/null
        "$new" "${args[@]}" >"$out/new" 2>/dev/null
        runs=$((runs + 1))
        if ! cmp -s "$out/old" "$out/new"; then
          differ=$((differ + 1))
          echo "DIFFERS: mournival ${args[*]}"
          diff "$out/old" "$out/new" | head -5
        fi
      done
    done
  done
done
echo "$runs runs compared, $differ differ"
[[ $differ == 0 ]]
