#!/usr/bin/env bash
# Builds Scribe Desk for the browser into target/web/: index.html, the
# .wasm, its JavaScript glue, the worker and the icon (the fonts are inside
# the .wasm). Any static file host can serve the folder; so does
# `scribe serve` at /play/ (docs/WEB.md).
#
# It installs what it needs, once: Debian's Rust for the web (rustc-web with
# its library source: the standard library is built for wasm32 here, as
# rustup's compilers on these machines have no library source) and the
# wasm-bindgen command of exactly the version in Cargo.lock.
#
#   bash packaging/web/build.sh            # release build
#   SCRIBE_WEB_PROFILE=dev bash packaging/web/build.sh   # quicker, slower app
set -euo pipefail
cd "$(dirname "$0")/../.."
root="$PWD"
profile="${SCRIBE_WEB_PROFILE:-release}"
target_dir="${CARGO_TARGET_DIR:-target}"
case "$target_dir" in /*) ;; *) target_dir="$root/$target_dir" ;; esac
out="$root/target/web"

need_debs=()
for pkg in rustc-web cargo-web rust-web-src rust-web-llvm lld-22; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need_debs+=("$pkg")
done
if [ "${#need_debs[@]}" -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "build.sh: install these first (as root): apt-get install ${need_debs[*]}" >&2
    exit 1
  fi
  # one command, so that the compiler and its library source match
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    rustc-web cargo-web rust-web-src rust-web-llvm lld-22 >/dev/null
fi

# wasm-bindgen's command must be the crate's version, to the digit
want="$(awk '/^name = "wasm-bindgen"$/ {getline; gsub(/"/, "", $3); print $3; exit}' Cargo.lock)"
bindgen="${CARGO_HOME:-$HOME/.cargo}/bin/wasm-bindgen"
if ! { [ -x "$bindgen" ] && "$bindgen" --version | grep -qx "wasm-bindgen $want"; }; then
  echo "build.sh: building wasm-bindgen $want (about 10 minutes, once)" >&2
  # not --locked: its own lock file pins a crate that no longer builds;
  # SCRIBE_WEB_QUICK_TOOLS=1 (CI) builds it unoptimised: minutes sooner,
  # seconds slower at each use
  quick=()
  if [ "${SCRIBE_WEB_QUICK_TOOLS:-0}" = 1 ]; then quick=(--debug); fi
  cargo install -q "${quick[@]}" wasm-bindgen-cli --version "$want"
fi

flag=(--release)
dir=release
if [ "$profile" = dev ]; then flag=(); dir=debug; fi
# Debian's compiler, with the standard library built from its source
RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 CARGO_TARGET_DIR="$target_dir" \
  /usr/bin/cargo build "${flag[@]}" -p scribe-web --target wasm32-unknown-unknown \
  -Zbuild-std=std,panic_abort

rm -rf "$out"
mkdir -p "$out"
"$bindgen" --target web --no-typescript --out-dir "$out" --out-name scribe_web \
  "$target_dir/wasm32-unknown-unknown/$dir/scribe_web.wasm"
cp packaging/web/index.html packaging/web/worker.js "$out/"
cp packaging/icons/hicolor/256x256/apps/io.github.scribedesk.scribedesk.png "$out/icon.png"
wasm="$out/scribe_web_bg.wasm"
echo "build.sh: $out ($(du -k "$wasm" | cut -f1) KiB of wasm, $(gzip -9 -c "$wasm" | wc -c | awk '{printf "%d", $1/1024}') KiB gzipped)"
