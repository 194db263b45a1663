#!/bin/sh
# Builds the engine's WebAssembly modules (wasm/API.md), one per game, into templates/static/engine/,
# with the stamp of the sources they were built from; `wasm/build.sh --check` rebuilds into a scratch folder
# and fails when a committed module or the stamp differs.
#
# With rustup: `rustup target add wasm32-unknown-unknown` once, then plain cargo. Without the
# target (Debian's toolchain cannot fetch one): Debian's rustc-web, cargo-web and rust-web-src
# (apt-get install rustc-web cargo-web rust-web-src) build the standard library for wasm32
# (-Zbuild-std, RUSTC_BOOTSTRAP=1), linked with the rustup toolchain's rust-lld.
set -eu
cd "$(dirname "$0")/.."
ROOT=$(pwd)
OUT=templates/static/engine
CHECK=
if [ "${1:-}" = "--check" ]; then CHECK=1; fi

# Paths in the module are remapped so that any checkout builds the same bytes.
REMAP="--remap-path-prefix=$ROOT=/mournival --remap-path-prefix=${CARGO_HOME:-$HOME/.cargo}=/cargo"
TARGET_DIR=${WASM_TARGET_DIR:-$ROOT/target/wasm}
# One module per game: a page loads only its own game's engine and readings.
GAMES="gleek put glic"

# cargo_wasm ARGS...: cargo build for wasm32 with whichever toolchain has the target.
if rustc --print target-libdir --target wasm32-unknown-unknown 2>/dev/null | xargs -I{} test -d {}; then
    echo "building with $(rustc -V) (rustup target wasm32-unknown-unknown)" >&2
    cargo_wasm() {
        RUSTFLAGS="$REMAP" cargo build --target wasm32-unknown-unknown "$@"
    }
elif [ -x /usr/bin/rustc ] && [ -x /usr/bin/cargo ] && [ -d /usr/lib/rustlib/src/rust/library ]; then
    LLD="$(rustc --print sysroot)/lib/rustlib/$(rustc -vV | sed -n 's/^host: //p')/bin/rust-lld"
    [ -x "$LLD" ] || { echo "wasm/build.sh: no rust-lld at $LLD (install a rustup toolchain)" >&2; exit 1; }
    echo "building with $(/usr/bin/rustc -V) (Debian's rustc-web, -Zbuild-std)" >&2
    # Building the standard library allows what a prebuilt one cannot: a panic traps at once
    # (in the browser its message reached no one anyway), no file:line strings for panics,
    # and the library's own smaller code paths. About a fifth of each module (README).
    SMALL="-Zunstable-options -Cpanic=immediate-abort -Zlocation-detail=none"
    cargo_wasm() {
        RUSTC_BOOTSTRAP=1 RUSTC=/usr/bin/rustc CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER="$LLD" \
            RUSTFLAGS="$REMAP --remap-path-prefix=/usr/lib/rustlib/src/rust=/rust $SMALL" \
            /usr/bin/cargo build --target wasm32-unknown-unknown -Zbuild-std=std,panic_abort \
            -Zbuild-std-features=optimize_for_size "$@"
    }
else
    echo "wasm/build.sh: no wasm32 target: run 'rustup target add wasm32-unknown-unknown'," >&2
    echo "or 'apt-get install rustc-web cargo-web rust-web-src'" >&2
    exit 1
fi

# binaryen's optimizer, after the linker's: a tenth smaller again (README, "Size and speed").
command -v wasm-opt >/dev/null || {
    echo "wasm/build.sh: needs binaryen's wasm-opt: 'apt-get install binaryen' (any OS: binaryen's releases)" >&2
    exit 1
}
echo "optimizing with $(wasm-opt --version)" >&2
# The WebAssembly features rustc uses for wasm32-unknown-unknown, so that wasm-opt keeps them.
FEATURES="--enable-bulk-memory --enable-sign-ext --enable-mutable-globals \
    --enable-nontrapping-float-to-int --enable-multivalue --enable-reference-types"

DEST=$OUT
if [ -n "$CHECK" ]; then DEST=$(mktemp -d); trap 'rm -rf "$DEST"' EXIT; fi
mkdir -p "$DEST"
BUILT="$TARGET_DIR/wasm32-unknown-unknown/wasm/mournival_wasm.wasm"
for game in $GAMES; do
    cargo_wasm -p mournival-wasm --features "$game" --profile wasm --locked --target-dir "$TARGET_DIR"
    # shellcheck disable=SC2086 # FEATURES is a list of flags
    # --converge: the passes again until the module stops shrinking. --low-memory-unused: the
    # linker puts the 1 MiB stack first (it grows down from 1 MiB to 0, data above it), so the
    # low 1 KiB is only the bottom of a stack about to overflow; knowing no pointer falls there
    # lets the optimizer fold offsets into loads and stores. Together 0.7% smaller gzipped.
    wasm-opt -Oz --converge --low-memory-unused $FEATURES "$BUILT" -o "$DEST/$game.wasm"
    chmod 644 "$DEST/$game.wasm"
done
MOURNIVAL_WASM_STAMP="$DEST/engine.stamp" cargo test --quiet --locked --test wasm_module -- stamp >&2
if [ -n "$CHECK" ]; then
    for f in $(cd "$DEST" && ls); do
        cmp "$DEST/$f" "$OUT/$f" || {
            echo "wasm/build.sh --check: the committed $OUT/$f differs from a fresh build: run wasm/build.sh" >&2
            exit 1
        }
    done
    echo "wasm/build.sh --check: the committed modules are what the sources build" >&2
else
    for game in $GAMES; do
        echo "$OUT/$game.wasm: $(wc -c <"$OUT/$game.wasm") bytes, $(gzip -9n <"$OUT/$game.wasm" | wc -c) gzipped" >&2
    done
fi
