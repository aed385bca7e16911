// The hand-drawn look of crates/pen/src/lib.rs in the browser: seeded wobbly strokes as
// polylines (board units, y down), so the same square always gets the same
// wobble.

/** A seed made of several numbers. */
export function seedOf(...parts) {
  let h = 0x5c21be00;
  for (const p of parts) {
    h = Math.imul(h ^ (p + 0x9e3779b9), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** A random source (mulberry32) giving numbers in [-1, 1). */
function jitter(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) / 4294967296) * 2 - 1;
  };
}

/** A wobbly line from a to b; the ends overshoot or stop short a little. */
export function line(a, b, wobble, seed) {
  const j = jitter(seed);
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const len = Math.max(Math.hypot(dx, dy), 1e-6);
  const ux = dx / len, uy = dy / len;
  const nx = -uy, ny = ux;
  const startExt = j() * wobble * 0.8;
  const endExt = j() * wobble * 0.8;
  const bow = j() * wobble;
  const ripple = j() * wobble * 0.35;
  const phase = j() * Math.PI;
  const tilt = j() * wobble * 0.5;
  const segments = Math.min(48, Math.max(4, Math.floor(len / (Math.max(wobble, 0.01) * 6))));
  const out = [];
  for (let i = 0; i <= segments; i++) {
    const t = i / segments;
    const along = -startExt + t * (len + startExt + endExt);
    const side = bow * Math.sin(Math.PI * t) + ripple * Math.sin(3 * Math.PI * t + phase) + tilt * (t - 0.5);
    out.push([a[0] + ux * along + nx * side, a[1] + uy * along + ny * side]);
  }
  return out;
}

/** A quickly drawn loop: starts at a random angle and overlaps its start. */
export function ellipse(c, rx, ry, wobble, seed) {
  const j = jitter(seed);
  const start = j() * Math.PI;
  const overlap = 0.25 + 0.15 * j();
  const squash = 1 + 0.06 * j();
  const p1 = j() * 3, a1 = j() * wobble * 0.5;
  const n = 40, sweep = 2 * Math.PI + overlap;
  const out = [];
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const ang = start + sweep * t;
    const r = 1 + ((t - 0.5) * wobble / Math.max(rx, 1e-6)) * 0.6;
    const wob = a1 * Math.sin(2 * ang + p1);
    out.push([c[0] + (rx * r * squash + wob) * Math.cos(ang), c[1] + (ry * r / squash + wob) * Math.sin(ang)]);
  }
  return out;
}

/** A player's mark in a box of side `size`: "+" for X (Steere's sheet), a loop for O. */
export function mark(player, c, size, seed) {
  const wobble = size * 0.06;
  if (player === "X") {
    const h = size * 0.55;
    return [
      line([c[0] - h, c[1]], [c[0] + h, c[1]], wobble, seed),
      line([c[0], c[1] - h], [c[0], c[1] + h], wobble, seed ^ 0x5a),
    ];
  }
  const r = size * 0.45;
  return [ellipse(c, r, r, wobble, seed)];
}

/** The slash through an older move, lower-left to upper-right. */
export function slash(c, size, wobble, seed) {
  const h = size * 0.5;
  return line([c[0] - h, c[1] + h], [c[0] + h, c[1] - h], wobble, seed);
}

/** A closed hand-drawn path through corners, each side a wobbly line. */
export function closedPath(corners, wobble, seed) {
  return corners.map((a, i) => line(a, corners[(i + 1) % corners.length], wobble, (seed + i) >>> 0));
}

/**
 * The outline of some cells (0-8) of a 3x3 grid as loops of corner points in
 * cell units, inset so neighbouring outlines do not touch (pen::outline_loops).
 */
export function outlineLoops(cells, inset) {
  const set = new Set(cells);
  const has = (c, r) => c >= 0 && c < 3 && r >= 0 && r < 3 && set.has(r * 3 + c);
  const edges = [];
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      if (!has(c, r)) continue;
      if (!has(c, r - 1)) edges.push([[c, r], [c + 1, r]]);
      if (!has(c + 1, r)) edges.push([[c + 1, r], [c + 1, r + 1]]);
      if (!has(c, r + 1)) edges.push([[c + 1, r + 1], [c, r + 1]]);
      if (!has(c - 1, r)) edges.push([[c, r + 1], [c, r]]);
    }
  }
  const same = (a, b) => a[0] === b[0] && a[1] === b[1];
  const loops = [];
  while (edges.length) {
    const first = edges.pop();
    const corners = [first[0]];
    let at = first[1];
    let dir = [first[1][0] - first[0][0], first[1][1] - first[0][1]];
    while (!same(at, first[0])) {
      let pick = -1, best = -Infinity;
      edges.forEach((e, i) => {
        if (!same(e[0], at)) return;
        const d = [e[1][0] - e[0][0], e[1][1] - e[0][1]];
        const turn = dir[0] * d[1] - dir[1] * d[0];
        if (turn > best) { best = turn; pick = i; }
      });
      if (pick < 0) break;
      const [e] = edges.splice(pick, 1);
      const d = [e[1][0] - e[0][0], e[1][1] - e[0][1]];
      if (d[0] !== dir[0] || d[1] !== dir[1]) corners.push(at);
      dir = d;
      at = e[1];
    }
    const n = corners.length;
    loops.push(corners.map((p, i) => {
      const prev = corners[(i + n - 1) % n], next = corners[(i + 1) % n];
      const dIn = [Math.sign(p[0] - prev[0]), Math.sign(p[1] - prev[1])];
      const dOut = [Math.sign(next[0] - p[0]), Math.sign(next[1] - p[1])];
      return [p[0] + inset * (-dIn[1] - dOut[1]), p[1] + inset * (dIn[0] + dOut[0])];
    }));
  }
  return loops;
}

/** SVG path data for strokes. */
export function pathData(strokes) {
  return strokes
    .map((s) => "M" + s.map((p) => `${p[0].toFixed(3)} ${p[1].toFixed(3)}`).join("L"))
    .join("");
}
