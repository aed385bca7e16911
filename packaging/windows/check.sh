#!/usr/bin/env bash
# Checks the Windows build under Wine (Debian's wine 8.0, headless), as a
# Windows user would meet it:
#   1. the command line: score agrees with the Linux build on the games in
#      tests/data, scan reads a photo of a played sheet as Linux does, boards
#      and export write PDFs that qpdf accepts, the library
#      imports a folder into %APPDATA% and lists it, analyze reviews a game;
#   2. the app: under Xvfb on Mesa's software OpenGL, scribe.exe opens its
#      window and draws the board, a move typed on the keyboard is played
#      (the picture changes), and the game saved on closing holds it;
#   3. the installer: a silent per-user install into a fresh prefix puts the
#      program, the Start-menu entry and the .ron file type where Windows
#      expects them, the installed scribe.exe runs, and the silent uninstall
#      removes them and leaves a saved game in %APPDATA% untouched.
#
#   bash packaging/windows/check.sh [target/windows] [linux scribe binary]
#   SCRIBE_CHECK_PARTS="app" bash …     # only some of: cli app installer
#   SCRIBE_CHECK_SHOTS=DIR bash …       # keep the app's two screenshots there
#
# Needs what packaging/windows/build.sh built, and Debian's wine, wine64,
# xvfb, xdotool, imagemagick, qpdf, python3 and gcc-mingw-w64-x86-64 (for the
# stand-in bcryptprimitives.dll, see wine/bcryptprimitives.c). Every Wine
# process runs in a throw-away prefix and is bounded in time.
set -euo pipefail
cd "$(dirname "$0")/../.."
root="$PWD"
out="$(cd "${1:-target/windows}" && pwd)"
linux="${2:-${CARGO_TARGET_DIR:-target}/debug/scribe}"
exe="$out/scribe.exe"
setup="$(ls "$out"/ScribeDesk-*-setup.exe | head -1)"
[ -x "$linux" ] || { echo "check.sh: no Linux build at $linux (cargo build)" >&2; exit 1; }
[ -f "$exe" ] && [ -f "$out/scribe.com" ] && [ -f "$setup" ] || { echo "check.sh: run packaging/windows/build.sh first" >&2; exit 1; }

work="$(mktemp -d)"
xvfb_pid=""
cleanup() {
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
  for p in "$work"/prefix-*; do
    [ -d "$p" ] && WINEPREFIX="$p" timeout 20 wineserver -k 2>/dev/null || true
  done
  rm -rf "$work"
}
trap cleanup EXIT

export WINEDEBUG=-all
# no Mono or Gecko install prompts: the program needs neither
export WINEDLLOVERRIDES="mscoree,mshtml="
export WINEARCH=win64
# the stand-in for Windows 10's bcryptprimitives.dll (never shipped)
x86_64-w64-mingw32-gcc -shared -O2 -o "$work/bcryptprimitives.dll" \
  packaging/windows/wine/bcryptprimitives.c -ladvapi32

# A fresh prefix: `new_prefix NAME` sets WINEPREFIX and the Windows folders.
new_prefix() {
  export WINEPREFIX="$work/prefix-$1"
  timeout 120 wine wineboot -i >/dev/null 2>&1 || true
  timeout 60 wineserver -w || true
  cp "$work/bcryptprimitives.dll" "$WINEPREFIX/drive_c/windows/system32/"
  winfolder() { winepath -u "$(timeout 30 wine cmd /c echo "%$1%" 2>/dev/null | tr -d '\r')"; }
  appdata="$(winfolder APPDATA)"
  localappdata="$(winfolder LOCALAPPDATA)"
  # let this prefix's wineserver end: a window opened later must meet a
  # session started with the display set, not one started without it
  timeout 60 wineserver -w || true
}
# A run of scribe.exe, bounded; stdout and stderr with Windows line endings removed.
win() { timeout 300 wine "$exe" "$@" | tr -d '\r'; }
pass=0
fail=0
ok() { echo "ok: $*"; pass=$((pass + 1)); }
bad() { echo "FAILED: $*" >&2; fail=$((fail + 1)); }

parts=" ${SCRIBE_CHECK_PARTS:-cli app installer} "
version="$("$linux" --version)"

# ---------------------------------------------------------------- 1. the command line
if [[ "$parts" == *" cli "* ]]; then
new_prefix cli
echo "== the command line (Wine prefix $WINEPREFIX)"
got="$(win --version)"
[ "$got" = "$version" ] && ok "scribe.exe --version: $got" || bad "--version: '$got'"

got="$(timeout 120 wine "$out/scribe.com" score 'tests\data\full_game.ron' 2>&1 | tr -d '\r')"
[ "$got" = "$("$linux" score tests/data/full_game.ron)" ] && ok "scribe.com (the terminal's launcher) passes the command on and its output back" || bad "scribe.com: '$got'"
timeout 60 wine "$out/scribe.com" score 'no such.ron' >/dev/null 2>&1 && bad "scribe.com lost the exit code" || ok "scribe.com: scribe.exe's exit code"

for f in tests/data/*.ron tests/data/*.txt; do
  want="$("$linux" score "$f" 2>&1)" || continue # not a game (a companion's file)
  winpath="${f//\//\\}"
  got="$(win score "$winpath" 2>&1)"
  [ "$got" = "$want" ] && ok "score $winpath agrees with Linux" || { bad "score $winpath"; diff <(echo "$want") <(echo "$got") | head -20 >&2; }
  got="$(win score --json "$winpath" 2>&1)"
  [ "$got" = "$("$linux" score --json "$f" 2>&1)" ] && ok "score --json $winpath agrees" || bad "score --json $winpath"
done

# a photo of a played sheet reads as on Linux, to the last digit of the confidence
got="$(win scan --json 'tests\data\scan-full-a4.jpg' 2>&1)" || true
[ "$got" = "$("$linux" scan --json tests/data/scan-full-a4.jpg 2>&1)" ] && ok "scan --json of a photo agrees with Linux" || bad "scan --json: '${got:0:200}'"
got="$(win scan 'README.md' 2>&1)" || true # an error, said
[[ "$got" == *"README.md: not an image"* ]] && ok "scan names a file that is not a photo" || bad "scan README.md: '$got'"

mkdir -p "$work/pdf"
(cd "$work/pdf" && timeout 300 wine "$exe" boards -o boards.pdf --pages 2 >/dev/null)
qpdf --check "$work/pdf/boards.pdf" >/dev/null && ok "boards: a PDF qpdf accepts" || bad "boards PDF"
pdftotext "$work/pdf/boards.pdf" - | grep -q "Scribe © Mark Steere" && ok "boards: the credit is on the sheet" || bad "boards text"
win export 'tests\data\full_game.ron' -o "$(winepath -w "$work/pdf/game.pdf")" >/dev/null
qpdf --check "$work/pdf/game.pdf" >/dev/null && ok "export of a saved game: a PDF qpdf accepts" || bad "export PDF"
cmp -s <(pdftotext "$work/pdf/game.pdf" -) <("$linux" export tests/data/full_game.ron -o "$work/pdf/linux.pdf" >/dev/null && pdftotext "$work/pdf/linux.pdf" -) \
  && ok "export: the same text as the Linux build's PDF" || bad "export text differs from Linux"

win library import 'tests\data' >"$work/import.txt" 2>&1 || true
win library list --json >"$work/list.json"
n="$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))))' "$work/list.json" 2>/dev/null || echo 0)"
want_n="$("$linux" library --library "$work/linux-library" import tests/data >/dev/null 2>&1; "$linux" library --library "$work/linux-library" list --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))')"
[ "$n" -gt 0 ] && [ "$n" = "$want_n" ] && ok "library import + list --json: $n games, as on Linux" || { bad "library: $n games, Linux $want_n"; cat "$work/import.txt" >&2; }
ls "$appdata/scribe-desk/library/"*.ron >/dev/null 2>&1 && ok "library kept in %APPDATA%\\scribe-desk\\library" || bad "no library in $appdata"

got="$(win analyze --playouts 3000 'tests\data\full_game.ron' 2>&1)"
want="$("$linux" analyze --playouts 3000 tests/data/full_game.ron 2>&1)"
if [ "$got" = "$want" ]; then
  ok "analyze --playouts 3000: the same review as on Linux"
else
  bad "analyze differs from Linux"
  diff <(echo "$want") <(echo "$got") | head -10 >&2
fi
win score 'tests\data\no such game.ron' >"$work/err.txt" 2>&1 && bad "a missing file was scored" || {
  grep -q "no such game.ron" "$work/err.txt" && ok "a missing file: $(head -1 "$work/err.txt")" || bad "missing file message: $(cat "$work/err.txt")"
}

fi

# ---------------------------------------------------------------- 2. the app
if [[ "$parts" == *" app "* ]]; then
echo "== the app (Xvfb 1366x768, Mesa)"
new_prefix app
display=":$((90 + RANDOM % 100))"
Xvfb "$display" -screen 0 1366x768x24 -nolisten tcp >/dev/null 2>&1 &
xvfb_pid=$!
export DISPLAY="$display"
for _ in $(seq 50); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.2; done
# a window manager gives the window the keyboard focus, as a desktop does
openbox >/dev/null 2>&1 &
wm_pid=$!
# wait until it manages windows: one mapped before would be placed apart
# from it (and E5's square, below, would be elsewhere on the screen)
for _ in $(seq 100); do
  xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q "window id" && break
  sleep 0.1
done
shot() { import -display "$display" -window root "$1"; }
(timeout 240 wine "$exe" >"$work/app.log" 2>&1 &)
win_id=""
for _ in $(seq "${SCRIBE_CHECK_WAIT:-120}"); do
  win_id="$(xdotool search --name "Scribe Desk" 2>/dev/null | head -1 || true)"
  [ -n "$win_id" ] && break
  sleep 1
done
if [ -z "$win_id" ]; then
  bad "the window did not open on $display"; cat "$work/app.log" >&2
  pgrep -a Xvfb >&2 || echo "(no Xvfb running)" >&2
  pgrep -af "scribe.exe" >&2 || echo "(scribe.exe is not running)" >&2
  shot "${SCRIBE_CHECK_SHOTS:-$work}/no-window.png" || true
else
  ok "the window opened ($(xdotool getwindowname "$win_id"))"
  # one size every time (the screen less openbox's title bar), so that the
  # board, and E5 on it, is where the check below looks, placed or not
  xdotool windowsize --sync "$win_id" 1366 748 >/dev/null 2>&1 || true
  sleep 5
  eval "$(xdotool getwindowgeometry --shell "$win_id")"
  echo "(the window: ${WIDTH}x${HEIGHT} at $X,$Y)"
  shot "$work/app-1.png"
  colours="$(convert "$work/app-1.png" -format %k info:)"
  [ "$colours" -gt 50 ] && ok "the window draws ($colours colours)" || bad "a blank window ($colours colours)"
  xdotool windowactivate --sync "$win_id" >/dev/null 2>&1 || true
  # The first-start card has the focus: Escape leaves it; eight Tabs (the
  # four menus, New game, Undo, Redo) reach the Square field, where the
  # move is typed and Enter plays it.
  xdotool key Escape
  for _ in 1 2 3 4 5 6 7 8; do xdotool key Tab; sleep 0.3; done
  xdotool type --delay 120 "e5"
  xdotool key Return
  sleep 3
  shot "$work/app-2.png"
  diff_px="$(compare -metric AE "$work/app-1.png" "$work/app-2.png" null: 2>&1 || true)"
  [ "${diff_px%%.*}" -gt 100 ] && ok "the picture changed after the keys ($diff_px pixels)" || bad "the keys changed nothing ($diff_px pixels)"
  # where the square is: E5, the centre of the board, within x 652-742 and
  # 339-429 below the top xdotool gives for the 1366x748 window (it gives the
  # top of the frame or of the window itself: the 90 px take either)
  e5="90x90+$((X + 652))+$((Y + 339))"
  convert "$work/app-1.png" -crop "$e5" +repage "$work/e5-1.png"
  convert "$work/app-2.png" -crop "$e5" +repage "$work/e5-2.png"
  e5_px="$(compare -metric AE "$work/e5-1.png" "$work/e5-2.png" null: 2>&1 || true)"
  [ "${e5_px%%.*}" -gt 100 ] && ok "E5's square changed ($e5_px of 8100 pixels)" || bad "E5's square did not change ($e5_px pixels)"
  cp "$work/app-1.png" "$work/app-2.png" "${SCRIBE_CHECK_SHOTS:-$work}/" 2>/dev/null || true
  xdotool key --window "$win_id" ctrl+q
  for _ in $(seq 30); do xdotool search --name "Scribe Desk" >/dev/null 2>&1 || break; sleep 1; done
  timeout 30 wineserver -w || true
  saved="$appdata/scribe-desk/current.ron"
  if grep -q 'moves: \["E5"\]' "$saved" 2>/dev/null; then
    ok "the game saved on closing (%APPDATA%\\scribe-desk\\current.ron) holds the move E5"
  else
    bad "the saved game ($saved) does not hold the move E5"; cat "$saved" >&2 2>/dev/null || true
  fi
fi
kill "$wm_pid" "$xvfb_pid" 2>/dev/null || true
xvfb_pid=""
unset DISPLAY
fi

# ---------------------------------------------------------------- 3. the installer
if [[ "$parts" == *" installer "* ]]; then
echo "== the installer ($(basename "$setup"))"
new_prefix installer
timeout 120 wine "$setup" /S || true
timeout 60 wineserver -w || true
installed="$localappdata/Programs/Scribe Desk"
menu="$appdata/Microsoft/Windows/Start Menu/Programs/Scribe Desk.lnk"
[ -f "$installed/scribe.exe" ] && ok "installed per user: %LOCALAPPDATA%\\Programs\\Scribe Desk\\scribe.exe" || bad "no $installed/scribe.exe"
[ -f "$installed/scribe.com" ] && ok "installed: scribe.com beside it" || bad "no $installed/scribe.com"
[ -f "$menu" ] && ok "the Start-menu entry: Scribe Desk.lnk" || bad "no Start-menu entry at $menu"
reg() { timeout 30 wine reg query "$@" 2>/dev/null | tr -d '\r'; }
reg 'HKCU\Software\Classes\.ron' /ve | grep -q "ScribeDesk.Game" && ok ".ron opens in Scribe Desk" || bad ".ron not registered"
reg 'HKCU\Software\Classes\ScribeDesk.Game\shell\open\command' /ve | grep -q 'scribe.exe" "%1"' && ok "the open command passes the file" || bad "no open command"
reg 'HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\ScribeDesk' /v QuietUninstallString | grep -q "/S" && ok "listed in Apps with a quiet uninstall" || bad "no uninstall entry"
got="$(timeout 60 wine "$installed/scribe.exe" --version 2>&1 | tr -d '\r')"
[ "$got" = "$version" ] && ok "the installed scribe.exe --version: $got" || bad "installed --version: '$got'"
(cd "$work" && timeout 120 wine "$installed/scribe.exe" boards --template "$(winepath -w "$installed/templates/a4-two-up.ron")" -o installed.pdf >/dev/null 2>&1) || true
qpdf --check "$work/installed.pdf" >/dev/null 2>&1 && ok "the installed template (Windows line endings) prints" || bad "boards --template with the installed template"
mkdir -p "$appdata/scribe-desk/library"
cp tests/data/full_game.ron "$appdata/scribe-desk/library/kept.ron"
cp tests/data/full_game.ron "$appdata/scribe-desk/current.ron"
before="$(cd "$appdata/scribe-desk" && sha256sum library/kept.ron current.ron)"
timeout 120 wine "$installed/Uninstall.exe" /S || true
# the uninstaller runs again from a temporary copy: wait for it
for _ in $(seq 60); do [ -e "$installed/scribe.exe" ] || break; sleep 1; done
timeout 60 wineserver -w || true
[ ! -e "$installed/scribe.exe" ] && [ ! -e "$installed/scribe.com" ] && [ ! -e "$installed" ] && ok "uninstalled: the program folder is gone" || bad "the program is still in $installed"
[ ! -e "$menu" ] && ok "uninstalled: the Start-menu entry is gone" || bad "the Start-menu entry stayed"
reg 'HKCU\Software\Classes\ScribeDesk.Game' >/dev/null && bad "the file type stayed" || ok "uninstalled: the file type is gone"
[ "$(cd "$appdata/scribe-desk" && sha256sum library/kept.ron current.ron)" = "$before" ] \
  && ok "uninstalled: the player's games in %APPDATA% are untouched" || bad "the player's games changed"

fi

echo "windows: $pass passed, $fail failed"
[ "$fail" = 0 ]
