// The rules the page needs to draw a position: squares, the mini grid the
// player to move must use, slashes, and the glyph tallies (RULES.md). The
// server judges every move; this only draws and names what it sent.

export const COLS = "ABCDEFGHI";
export const GRID_NAMES = [
  "upper-left", "upper-middle", "upper-right",
  "middle-left", "centre", "middle-right",
  "lower-left", "lower-middle", "lower-right",
];
/** How the two sides are written, as on Steere's sheet (the app's default). */
export const SYMBOL = { X: "+", O: "O" };

export const name = (i) => COLS[i % 9] + (Math.floor(i / 9) + 1);
export const col = (i) => i % 9;
export const row = (i) => Math.floor(i / 9);
export const gridOf = (i) => Math.floor(row(i) / 3) * 3 + Math.floor(col(i) / 3);
export const cellOf = (i) => (row(i) % 3) * 3 + (col(i) % 3);
export const squareAt = (g, c) =>
  (Math.floor(g / 3) * 3 + Math.floor(c / 3)) * 9 + (g % 3) * 3 + (c % 3);
export const span = (g) => `${name(squareAt(g, 0))}-${name(squareAt(g, 8))}`;
export const other = (p) => (p === "X" ? "O" : "X");

/** A square's index from its name ("E5" → 40), or -1. */
export function parse(text) {
  const m = /^([A-Ia-i])([1-9])$/.exec(String(text).trim());
  if (!m) return -1;
  return (Number(m[2]) - 1) * 9 + COLS.indexOf(m[1].toUpperCase());
}

// The 19 glyphs: name, points, rows (# = marked).
export const GLYPHS = [
  ["Single", 1, ["#"]],
  ["Double", 2, ["##"]],
  ["Line", 3, ["###"]],
  ["Pipe", 4, ["..#", "###"]],
  ["Squat-T", 4, ["###", ".#."]],
  ["4-Block", 4, ["##", "##"]],
  ["T", 5, ["###", ".#.", ".#."]],
  ["Cross", 5, [".#.", "###", ".#."]],
  ["6-Block", 6, ["###", "###"]],
  ["Bomber", 6, ["###", ".##", "..#"]],
  ["Chair", 6, ["..#", "###", "#.#"]],
  ["J", 6, ["..#", "#.#", "###"]],
  ["Earring", 7, [".##", "#.#", "###"]],
  ["House", 7, [".#.", "###", "###"]],
  ["H", 7, ["#.#", "###", "#.#"]],
  ["U", 7, ["#.#", "#.#", "###"]],
  ["Ottoman", 8, ["###", "###", "#.#"]],
  ["O", 8, ["###", "#.#", "###"]],
  ["9-Block", 9, ["###", "###", "###"]],
].map(([n, points, rows]) => ({ name: n, points, rows }));

// A shape (cells as [r, c]) written the same under any rotation or mirror image.
function canonical(cells) {
  const forms = [];
  for (let t = 0; t < 8; t++) {
    const moved = cells.map(([r, c]) => {
      let [a, b] = t & 4 ? [c, r] : [r, c];
      if (t & 1) a = -a;
      if (t & 2) b = -b;
      return [a, b];
    });
    const r0 = Math.min(...moved.map((p) => p[0]));
    const c0 = Math.min(...moved.map((p) => p[1]));
    forms.push(moved.map(([a, b]) => `${a - r0},${b - c0}`).sort().join(" "));
  }
  return forms.sort()[0];
}

const BY_SHAPE = new Map(
  GLYPHS.map((g) => {
    const cells = [];
    g.rows.forEach((line, r) => [...line].forEach((ch, c) => ch === "#" && cells.push([r, c])));
    return [canonical(cells), g];
  }),
);

/**
 * Scores one 3x3 grid of marks (9 entries: "X", "O" or null): each side's
 * groups (cells 0-8 and their glyph or null) and points.
 */
export function scoreCells(cells) {
  const out = { X: { points: 0, groups: [] }, O: { points: 0, groups: [] } };
  const seen = new Array(9).fill(false);
  for (let start = 0; start < 9; start++) {
    const p = cells[start];
    if (!p || seen[start]) continue;
    const group = [];
    const todo = [start];
    seen[start] = true;
    while (todo.length) {
      const c = todo.pop();
      group.push(c);
      const r = Math.floor(c / 3), k = c % 3;
      for (const [dr, dk] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
        const rr = r + dr, kk = k + dk;
        const n = rr * 3 + kk;
        if (rr >= 0 && rr < 3 && kk >= 0 && kk < 3 && !seen[n] && cells[n] === p) {
          seen[n] = true;
          todo.push(n);
        }
      }
    }
    const glyph = BY_SHAPE.get(canonical(group.map((c) => [Math.floor(c / 3), c % 3]))) || null;
    out[p].groups.push({ cells: group, glyph });
    if (glyph) out[p].points += glyph.points;
  }
  return out;
}

/** A position replayed from its moves (square names), as the app draws it. */
export function position(history) {
  const board = new Array(81).fill(null);
  const last = { X: -1, O: -1 };
  history.forEach((text, n) => {
    const i = parse(text);
    const p = n % 2 ? "O" : "X";
    board[i] = p;
    last[p] = i;
  });
  const moves = history.length;
  const toMove = moves % 2 ? "O" : "X";
  const full = (g) => [...Array(9).keys()].every((c) => board[squareAt(g, c)]);
  const own = last[toMove];
  const target = own < 0 || full(cellOf(own)) ? null : cellOf(own);
  const lastMove = moves ? parse(history[moves - 1]) : -1;
  const grids = [...Array(9).keys()].map((g) => {
    const cells = [...Array(9).keys()].map((c) => board[squareAt(g, c)]);
    const score = scoreCells(cells);
    const isFull = cells.every(Boolean);
    let winner = null;
    if (isFull) winner = score.X.points > score.O.points ? "X" : "O";
    return { score, full: isFull, winner };
  });
  const won = grids.map((g) => g.winner);
  const superScore = scoreCells(won);
  return {
    board,
    moves,
    toMove,
    over: moves === 81,
    target, // a grid index, or null: anywhere
    lastMove,
    last,
    grids,
    majority: {
      X: won.filter((w) => w === "X").length,
      O: won.filter((w) => w === "O").length,
    },
    superGlyph: { X: superScore.X.points, O: superScore.O.points },
    slashed: (i) => board[i] !== null && last[board[i]] !== i,
    mayPlay: (i) => moves < 81 && board[i] === null && (target === null || gridOf(i) === target),
  };
}

/**
 * A square's accessible name, as the app says it: "E5, empty", "C8, O, last
 * move", "D6, +, slashed", "E2, empty, in the mini grid you must play".
 * `live`: the player to move is the one reading (it is their turn).
 */
export function squareName(pos, i, live) {
  const sq = name(i);
  const p = pos.board[i];
  if (p) {
    let state = "previous move";
    if (pos.slashed(i)) state = "slashed";
    else if (i === pos.lastMove) state = "last move";
    return `${sq}, ${SYMBOL[p]}, ${state}`;
  }
  if (pos.over) return `${sq}, empty`;
  const who = live ? "you" : SYMBOL[pos.toMove];
  if (pos.target === null) {
    return live ? `${sq}, empty, you may play anywhere` : `${sq}, empty, ${who} may play anywhere`;
  }
  if (gridOf(i) === pos.target) return `${sq}, empty, in the mini grid ${who} must play`;
  return `${sq}, empty`;
}

/** Where to play, after "play": "in the centre mini grid (D4-F6)" or "anywhere". */
export function place(pos) {
  return pos.target === null
    ? "anywhere"
    : `in the ${GRID_NAMES[pos.target]} mini grid (${span(pos.target)})`;
}
