#!/usr/bin/env python3
"""Draws the Scribe Desk icon as SVG: a sheet of paper with a hand-drawn
tic-tac-toe-like mini grid, a "+" with a slash through it and an "O".
Deterministic (fixed seed). Run: python3 make_icon.py > io.github.scribedesk.scribedesk.svg
PNG sizes: rsvg-convert -w N -h N (see packaging/README.md)."""
import math
import random

rng = random.Random(2006)
INK = "#1f3a6e"


def wobbly(x1, y1, x2, y2, wob=4.0, width=14):
    n = 8
    dx, dy = x2 - x1, y2 - y1
    length = math.hypot(dx, dy)
    nx, ny = -dy / length, dx / length
    bow = rng.uniform(-wob, wob)
    ripple = rng.uniform(-wob, wob) * 0.4
    ext1, ext2 = rng.uniform(-wob, wob), rng.uniform(-wob, wob)
    pts = []
    for i in range(n + 1):
        t = i / n
        along = -ext1 / length + t * (1 + (ext1 + ext2) / length)
        side = bow * math.sin(math.pi * t) + ripple * math.sin(3 * math.pi * t)
        pts.append((x1 + dx * along + nx * side, y1 + dy * along + ny * side))
    d = "M" + " L".join(f"{x:.1f},{y:.1f}" for x, y in pts)
    return f'<path d="{d}" fill="none" stroke="{INK}" stroke-width="{width}" stroke-linecap="round" stroke-linejoin="round"/>'


def loop(cx, cy, r, width=14):
    start = rng.uniform(0, math.tau)
    pts = []
    for i in range(41):
        t = i / 40
        a = start + (math.tau + 0.35) * t
        rr = r * (1 + (t - 0.5) * 0.08)
        pts.append((cx + rr * 1.05 * math.cos(a), cy + rr * 0.95 * math.sin(a)))
    d = "M" + " L".join(f"{x:.1f},{y:.1f}" for x, y in pts)
    return f'<path d="{d}" fill="none" stroke="{INK}" stroke-width="{width}" stroke-linecap="round"/>'


parts = [
    '<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">',
    '<rect x="28" y="28" width="456" height="456" rx="56" fill="#fbf6e6" stroke="#d8cba4" stroke-width="6"/>',
    # the routed mini grid wash, as in the app
    '<rect x="196" y="196" width="120" height="120" rx="10" fill="#f6d365" fill-opacity="0.55"/>',
]
for k in (196, 316):
    parts.append(wobbly(k, 80, k, 432))
    parts.append(wobbly(80, k, 432, k))
# a slashed "+" upper-left, an "O" upper-right, a fresh "+" in the centre
parts.append(wobbly(104, 138, 172, 138, 3, 12))
parts.append(wobbly(138, 104, 138, 172, 3, 12))
parts.append(wobbly(98, 178, 178, 98, 3, 9))
parts.append(loop(376, 138, 36, 12))
parts.append(wobbly(222, 256, 290, 256, 3, 12))
parts.append(wobbly(256, 222, 256, 290, 3, 12))
parts.append(loop(376, 376, 36, 12))
parts.append("</svg>")
print("\n".join(parts))
