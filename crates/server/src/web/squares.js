// Squares' names, and a position as the server describes it. The rules
// (where the next move must go, the glyphs, the mini grids' points and
// winners, the tallies) live in Rust only: with each game the server sends
// `next_grid`, each grid's points, winner and glyphs with their squares
// (`grids[].found`), `majority` and `super_glyph_so_far`; this module reads
// them for drawing and naming, and decides nothing.

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

const tally = (t) => ({ X: (t && t.x) || 0, O: (t && t.o) || 0 });

/**
 * The position of a game object (or what the move events made of it): the
 * marks from its history (X moved first), the rest as the server sent it.
 */
export function position(game) {
  const history = game.history || [];
  const board = new Array(81).fill(null);
  const last = { X: -1, O: -1 };
  history.forEach((text, n) => {
    const i = parse(text);
    if (i < 0) return;
    const p = n % 2 ? "O" : "X";
    board[i] = p;
    last[p] = i;
  });
  const moves = history.length;
  const over = game.finished === true || moves === 81;
  const toMove = game.to_move || (moves % 2 ? "O" : "X");
  const target = Number.isInteger(game.next_grid) && game.next_grid >= 1 && game.next_grid <= 9 ? game.next_grid - 1 : null;
  const lastMove = moves ? parse(history[moves - 1]) : -1;
  const sent = new Map((game.grids || []).map((g) => [g.grid, g]));
  const grids = [...Array(9).keys()].map((k) => {
    const g = sent.get(k + 1) || {};
    return {
      points: tally(g),
      winner: g.winner || null,
      full: [...Array(9).keys()].every((c) => board[squareAt(k, c)]),
      // each glyph made, with its cells 0-8 in the grid
      found: (g.found || []).map((f) => ({
        side: f.side,
        glyph: f.glyph,
        points: f.points,
        cells: (f.squares || []).map((s) => cellOf(parse(s))),
      })),
    };
  });
  return {
    board,
    moves,
    toMove,
    over,
    target, // a grid index (0-8), or null: anywhere
    lastMove,
    last,
    grids,
    majority: tally(game.majority),
    superGlyph: tally(game.super_glyph || game.super_glyph_so_far),
    slashed: (i) => board[i] !== null && last[board[i]] !== i,
    mayPlay: (i) => !over && board[i] === null && (target === null || gridOf(i) === target),
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
