#!/usr/bin/env bash
# A screen reader's view of the real app: in a private D-Bus session with the
# AT-SPI bus switched on (as when Orca runs), start the app under Xvfb and read
# its accessibility tree with Debian's python3-pyatspi. The check passes when
# the tree holds the 81 named board squares and the turn line ("… to move").
#
# Needs: dbus (dbus-run-session, dbus-send), at-spi2-core, python3-pyatspi,
# xvfb (xvfb-run). Usage: bash .ci/atspi-check.sh [path/to/scribe]
# Bounded in time (about 2 minutes at most); the app is stopped at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

bin="${1:-${CARGO_TARGET_DIR:-target}/debug/scribe}"
if [ ! -x "$bin" ]; then
  cargo build --quiet
  bin="${CARGO_TARGET_DIR:-target}/debug/scribe"
fi
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"

if [ "${ATSPI_CHECK_INSIDE:-}" != 1 ]; then
  # a private session bus, gone when the check ends
  ATSPI_CHECK_INSIDE=1 exec timeout 150 dbus-run-session -- bash "$0" "$bin"
fi

pids=()
cleanup() {
  # stop what this script started: the app's process group, then the AT-SPI bus
  for pid in "${pids[@]}"; do
    kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
  done
  wait 2>/dev/null || true
}
trap cleanup EXIT

setsid /usr/libexec/at-spi-bus-launcher --launch-immediately &
pids+=("$!")
for _ in $(seq 100); do
  if dbus-send --session --print-reply --dest=org.a11y.Bus /org/a11y/bus \
      org.a11y.Bus.GetAddress >/dev/null 2>&1; then
    break
  fi
  sleep 0.1
done
# what a screen reader does when it starts: tell applications to expose their tree
dbus-send --session --print-reply --dest=org.a11y.Bus /org/a11y/bus \
  org.freedesktop.DBus.Properties.Set \
  string:org.a11y.Status string:IsEnabled variant:boolean:true >/dev/null

# a game given on the command line persists nothing
SCRIBE_MOVES="D6 H4 C8" setsid xvfb-run -a -s "-screen 0 1366x768x24" "$bin" \
  >"${TMPDIR:-/tmp}/atspi-check-app.log" 2>&1 &
pids=("$!" "${pids[@]}")

status=0
timeout 100 /usr/bin/python3 "$(dirname "$0")/atspi_check.py" || status=$?
if [ "$status" != 0 ]; then
  echo "AT-SPI check failed (exit $status); the app said:" >&2
  tail -n 20 "${TMPDIR:-/tmp}/atspi-check-app.log" >&2 || true
fi
exit "$status"
