#!/usr/bin/env bash
# Builds Scribe Desk for Windows on Debian (12, x86_64), and its installer:
#   target/windows/scribe.exe                        the app and the whole command line
#   target/windows/scribe.com                        the terminal's launcher of scribe.exe (waits)
#   target/windows/ScribeDesk-<version>-setup.exe    the installer (NSIS, per user)
#
#   bash packaging/windows/build.sh            # release build (what we ship)
#   SCRIBE_WINDOWS_SKIP_INSTALL=1 bash …       # do not apt-get (the tools are there)
#
# How (packaging/README.md, "Windows"): Debian's Rust 1.96 with its standard
# library's source (the rustc-web packages) builds std for
# x86_64-pc-windows-gnu (-Zbuild-std, allowed by RUSTC_BOOTSTRAP=1), and
# MinGW-w64 links. The rustup toolchain first in PATH has no library source,
# so Debian's cargo and rustc are called by their full paths.
set -euo pipefail
cd "$(dirname "$0")/../.."
root="$PWD"

packages=(rustc-web cargo-web rust-web-src rust-web-llvm lld-22 gcc-mingw-w64-x86-64 nsis)
if [ -z "${SCRIBE_WINDOWS_SKIP_INSTALL:-}" ]; then
  missing=()
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" != 0 ]; then
      echo "packaging/windows/build.sh: missing Debian packages: ${missing[*]} (run as root, or install them)" >&2
      exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    # in one install, so that the compiler and its library source match
    apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
  fi
fi

target=x86_64-pc-windows-gnu
out="$root/target/windows"
mkdir -p "$out"
version="$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)"

export RUSTC=/usr/bin/rustc
export RUSTC_BOOTSTRAP=1
export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc
# the C parts (ring, SQLite, mimalloc) and the resource compiler for this target
export CC_x86_64_pc_windows_gnu=x86_64-w64-mingw32-gcc
export AR_x86_64_pc_windows_gnu=x86_64-w64-mingw32-ar
export RC_x86_64_pc_windows_gnu=x86_64-w64-mingw32-windres
# its own target folder: the host's debug builds and this one never rebuild each other
export CARGO_TARGET_DIR="${SCRIBE_WINDOWS_TARGET_DIR:-$root/target/windows-build}"

start=$(date +%s)
/usr/bin/cargo build --release --locked -Zbuild-std=std,panic_abort --target "$target" \
  -p scribe-desk -p scribe-winconsole --bin scribe --bin scribe-console
echo "built scribe.exe and scribe.com in $(( $(date +%s) - start )) s"
cp "$CARGO_TARGET_DIR/$target/release/scribe.exe" "$out/scribe.exe"
# the terminal's launcher (crates/winconsole/src/bin/scribe-console.rs): `scribe …` in a terminal waits
cp "$CARGO_TARGET_DIR/$target/release/scribe-console.exe" "$out/scribe.com"

# The installer's read-me, with Windows line endings (Notepad)
readme="$(mktemp -d)"
trap 'rm -rf "$readme"' EXIT
sed 's/$/\r/' packaging/windows/README.txt > "$readme/README.txt"
cp packaging/windows/scribe.ico "$readme/scribe.ico"
cp packaging/windows/installer.nsi "$readme/installer.nsi"
mkdir "$readme/templates"
for t in templates/*.ron; do sed 's/$/\r/' "$t" > "$readme/$t"; done
sed 's/$/\r/' fonts/OFL.txt > "$readme/OFL.txt"
setup="$out/ScribeDesk-$version-setup.exe"
(cd "$readme" && makensis -V2 -DVERSION="$version" -DEXE="$out/scribe.exe" -DCOM="$out/scribe.com" -DOUT="$setup" installer.nsi)
ls -l "$out/scribe.exe" "$out/scribe.com" "$setup"
