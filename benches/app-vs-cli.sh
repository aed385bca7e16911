#!/usr/bin/env bash
# The computer's move time in the app against `scribe move`, on the same positions.
#
# usage: benches/app-vs-cli.sh LEVEL MOVES   (e.g. hard 30, expert 8)
#
# The app plays a computer-against-computer demo (SCRIBE_DEMO) searching with seed 1
# every move (SCRIBE_SEED=1) and prints, for each move, the time from the move before
# to the reply on the board, the search alone, and the frames drawn meanwhile
# (SCRIBE_TIMING=1). Then `scribe move --seed 1` searches each of those positions in
# a new process: it must choose the same squares, so both did the same search.
# Needs a display (e.g. Xvfb with a window manager) in DISPLAY and a release build
# (cargo build --release); BIN overrides the binary.
set -eu
LEVEL=${1:?level}; N=${2:?number of moves}
BIN=${BIN:-target/release/scribe}
LOG=$(mktemp); trap 'rm -f "$LOG"' EXIT
SCRIBE_DEMO=$LEVEL SCRIBE_SEED=1 SCRIBE_TIMING=1 "$BIN" >"$LOG" 2>&1 &
APP=$!
for _ in $(seq 1800); do
  [ "$(grep -c 'computer move' "$LOG" || true)" -ge "$N" ] && break
  kill -0 "$APP" 2>/dev/null || break
  sleep 1
done
kill -TERM "$APP" 2>/dev/null || true
wait "$APP" 2>/dev/null || true
printf '%5s %5s %9s %9s %7s %9s %s\n' move square app-ms search-ms frames cli-ms same-move
moves=""; app=0; search=0; cli=0; differ=0
while read -r _ _ n sq wall _ _ searched _ frames _; do
  sq=${sq//[():]/}; searched=${searched//[(]/}
  start=$(date +%s%N)
  got=$("$BIN" move --moves "$moves" --level "$LEVEL" --seed 1 2>/dev/null | tail -1)
  took=$(( ($(date +%s%N) - start) / 1000000 ))
  same=yes; [ "$got" = "$sq" ] || { same="no ($got)"; differ=$((differ + 1)); }
  printf '%5s %5s %9s %9s %7s %9s %s\n' "$n" "$sq" "$wall" "$searched" "$frames" "$took" "$same"
  app=$((app + wall)); search=$((search + searched)); cli=$((cli + took))
  moves="$moves $sq"
done < <(grep 'computer move' "$LOG" | head -n "$N")
echo "total: app $app ms (search $search ms), scribe move $cli ms: app/cli = $(awk "BEGIN {printf \"%+.1f %%\", ($app / $cli - 1) * 100}")"
[ "$differ" -eq 0 ] || { echo "$differ moves differ: not the same search" >&2; exit 1; }
