#!/usr/bin/python3
"""Reads the running Scribe Desk window through AT-SPI, as a screen reader does.

Called by .ci/atspi-check.sh inside a D-Bus session with the AT-SPI bus on.
Passes (exit 0) when the app's tree holds the 81 board squares, each a button
named with its coordinates first ("C8, +, last move"), and the turn line (a
label with "to move"). Retries until the app has started; gives up after
DEADLINE seconds ($ATSPI_DEADLINE, 90 by default; exit 1). Prints what it
found either way.
"""

import os
import re
import sys
import time

import pyatspi

DEADLINE = float(os.environ.get("ATSPI_DEADLINE", "90"))
SQUARE = re.compile(r"^[A-I][1-9], ")
MAX_NODES = 5000


def walk(root):
    """Every accessible under root, depth first, at most MAX_NODES."""
    stack, seen = [root], 0
    while stack and seen < MAX_NODES:
        node = stack.pop()
        if node is None:
            continue
        seen += 1
        yield node
        try:
            count = node.childCount
        except Exception:  # a node that went away while we read
            continue
        for i in reversed(range(count)):
            try:
                stack.append(node.getChildAtIndex(i))
            except Exception:
                pass


def scribe_apps():
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        app = desktop.getChildAtIndex(i)
        if app is not None and "scribe" in (app.name or "").lower():
            yield app


def look():
    squares, turn, roles = {}, None, {}
    for app in scribe_apps():
        for node in walk(app):
            name = node.name or ""
            role = node.getRoleName()
            if SQUARE.match(name):
                squares[name[:2]] = (name, role)
            elif "to move" in name and turn is None:
                turn = name
            roles[role] = roles.get(role, 0) + 1
    return squares, turn, roles


def main():
    start = time.monotonic()
    squares, turn, roles = {}, None, {}
    while time.monotonic() - start < DEADLINE:
        try:
            squares, turn, roles = look()
        except Exception as e:  # the bus or the app still starting
            print(f"(retrying: {e})", file=sys.stderr)
        if len(squares) == 81 and turn:
            break
        time.sleep(1.0)
    took = time.monotonic() - start
    buttons = sum(1 for _, role in squares.values() if role == "push button")
    print(f"AT-SPI after {took:.1f} s: {len(squares)} squares ({buttons} push buttons), "
          f"turn line: {turn!r}")
    for key in ("C8", "H4", "D6", "E2"):
        if key in squares:
            print(f"  {squares[key][0]!r} ({squares[key][1]})")
    ok = (len(squares) == 81 and buttons == 81 and turn is not None
          and squares.get("C8", ("",))[0] == "C8, +, last move"
          and squares.get("D6", ("",))[0] == "D6, +, slashed")
    if not ok:
        print(f"FAILED; roles seen: {roles}", file=sys.stderr)
        return 1
    print("AT-SPI check OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
