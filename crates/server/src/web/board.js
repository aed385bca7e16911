// The board: a pen-on-paper SVG drawing (as crates/ui/src/board/paint.rs draws it)
// under 81 real buttons, one per square, named as the app names them.

import * as pen from "./pen.js";
import { SYMBOL, squareName, gridOf, squareAt, col, row, position } from "./squares.js";

// Board units (one unit = one square), as in the app.
const TOP = 0.75, LEFT = 0.75, GAP = 0.85, RIGHT = 0.7, BOTTOM = 0.55;
export const WIDTH = LEFT + 9 + 2 * GAP + RIGHT;
export const HEIGHT = TOP + 9 + 3 * GAP + BOTTOM;
const INK = { X: "#1c3fa0", O: "#a82622" };
const PENCIL = "#3b3a42";
const FAINT = "#6b675e";
const SVG = "http://www.w3.org/2000/svg";

const origin = (i) => [LEFT + col(i) + Math.floor(col(i) / 3) * GAP, TOP + row(i) + Math.floor(row(i) / 3) * GAP];
const center = (i) => { const o = origin(i); return [o[0] + 0.5, o[1] + 0.5]; };
const gridOrigin = (g) => origin(squareAt(g, 0));

function el(tag, attrs, parent) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}

function draw(parent, strokes, width, color, extra = {}) {
  return el("path", { d: pen.pathData(strokes), "stroke-width": width, stroke: color, ...extra }, parent);
}

function text(parent, at, content, size, color, anchor = "middle") {
  const t = el("text", { x: at[0].toFixed(3), y: at[1].toFixed(3), "font-size": size, fill: color, "text-anchor": anchor, "dominant-baseline": "central" }, parent);
  t.textContent = content;
  return t;
}

function box(o, w, h, pad, seed) {
  return pen.closedPath([[o[0] - pad, o[1] - pad], [o[0] + w + pad, o[1] - pad], [o[0] + w + pad, o[1] + h + pad], [o[0] - pad, o[1] + h + pad]], 0.03, seed);
}

/**
 * A board in `host`. `onPlay(index)` is called when a square is chosen
 * (click, Enter or Space on its button).
 */
export class Board {
  constructor(host, onPlay) {
    this.onPlay = onPlay;
    this.wrap = document.createElement("div");
    this.wrap.className = "board";
    this.svg = el("svg", { viewBox: `0 0 ${WIDTH.toFixed(2)} ${HEIGHT.toFixed(2)}`, "aria-hidden": "true", focusable: "false" });
    this.wrap.appendChild(this.svg);
    this.squares = document.createElement("div");
    this.squares.setAttribute("role", "group");
    this.squares.setAttribute("aria-label", "Board");
    this.squares.className = "squares";
    this.buttons = [];
    for (let i = 0; i < 81; i++) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "sq";
      b.tabIndex = -1;
      const o = origin(i);
      b.style.left = `${(o[0] / WIDTH) * 100}%`;
      b.style.top = `${(o[1] / HEIGHT) * 100}%`;
      b.style.width = `${(1 / WIDTH) * 100}%`;
      b.style.height = `${(1 / HEIGHT) * 100}%`;
      b.dataset.square = String(i);
      b.addEventListener("click", () => this.onPlay(i));
      b.addEventListener("keydown", (e) => this.key(e, i));
      b.addEventListener("focus", () => this.setCursor(i, false));
      this.squares.appendChild(b);
      this.buttons.push(b);
    }
    this.wrap.appendChild(this.squares);
    host.appendChild(this.wrap);
    this.cursor = 40;
    this.shownMoves = -1;
    this.buttons[this.cursor].tabIndex = 0;
  }

  setCursor(i, focus) {
    this.buttons[this.cursor].tabIndex = -1;
    this.cursor = i;
    this.buttons[i].tabIndex = 0;
    if (focus) this.buttons[i].focus();
  }

  key(e, i) {
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    let c = col(i), r = row(i);
    if (e.key in moves) {
      c = Math.min(8, Math.max(0, c + moves[e.key][0]));
      r = Math.min(8, Math.max(0, r + moves[e.key][1]));
    } else if (e.key === "Home") c = 0;
    else if (e.key === "End") c = 8;
    else return;
    e.preventDefault();
    this.setCursor(r * 9 + c, true);
  }

  /**
   * Draws the game object `game` (its history and what the server says of
   * it); `live`: the reader is the player to move. The newest mark is
   * drawn by the pen when it was not on the board before.
   */
  show(game, live) {
    const history = game.history || [];
    const pos = position(game);
    const fresh = this.shownMoves >= 0 && history.length === this.shownMoves + 1 ? pos.lastMove : -1;
    this.shownMoves = history.length;
    this.paint(pos, live, fresh);
    for (let i = 0; i < 81; i++) {
      const b = this.buttons[i];
      b.setAttribute("aria-label", squareName(pos, i, live));
      const playable = live && pos.mayPlay(i);
      b.setAttribute("aria-disabled", playable ? "false" : "true");
      b.classList.toggle("playable", playable);
    }
    // the keyboard stop: stay where the player was if they may play there;
    // else, and whenever their turn begins (the opponent's move arrived),
    // in the mini grid they must use (its centre if free), as the app does
    const focused = this.wrap.contains(document.activeElement);
    const turnBegins = live && this.turnAt !== history.length;
    this.turnAt = live ? history.length : -1;
    if (!focused || turnBegins) {
      let start = this.cursor;
      if (!pos.mayPlay(start)) {
        const all = [...Array(81).keys()].filter((i) => pos.mayPlay(i));
        const centre = all.find((i) => col(i) % 3 === 1 && row(i) % 3 === 1);
        const first = centre !== undefined ? centre : all[0];
        if (first !== undefined) start = first;
      }
      if (start !== this.cursor || !focused) this.setCursor(start, focused);
    }
    return pos;
  }

  paint(pos, live, fresh) {
    const svg = this.svg;
    svg.replaceChildren();
    el("rect", { x: -0.08, y: -0.02, width: WIDTH, height: HEIGHT, rx: 0.1, fill: "#000", "fill-opacity": 0.1 }, svg);
    el("rect", { x: -0.15, y: -0.15, width: WIDTH + 0.06, height: HEIGHT + 0.06, rx: 0.1, fill: "#fbf7e9" }, svg);
    const g = el("g", { fill: "none", "stroke-linecap": "round", "stroke-linejoin": "round" }, svg);

    // the highlighter over where the player to move must play
    if (!pos.over) {
      const grids = pos.target === null ? [...Array(9).keys()].filter((k) => !pos.grids[k].full) : [pos.target];
      const pad = 0.14;
      for (const k of grids) {
        const o = gridOrigin(k);
        el("rect", { x: o[0] - pad, y: o[1] - pad, width: 3 + 2 * pad, height: 3 + 2 * pad, rx: 0.1, fill: "#ffe23c", "fill-opacity": pos.target === null ? 0.24 : 0.42, stroke: "none" }, g);
        if (pos.target !== null) draw(g, box(o, 3, 3, pad, pen.seedOf(7, k)), 0.09, "#f0b41e");
      }
      if (pos.target === null) draw(g, box([LEFT, TOP], 9 + 2 * GAP, 9 + 2 * GAP, 0.2, pen.seedOf(7, 99)), 0.09, "#f0b41e");
    }
    // the latest move: a soft wash of its ink
    if (pos.lastMove >= 0) {
      const o = origin(pos.lastMove);
      el("rect", { x: o[0] + 0.06, y: o[1] + 0.06, width: 0.88, height: 0.88, rx: 0.12, fill: INK[pos.board[pos.lastMove]], "fill-opacity": 0.13, stroke: "none", class: "latest" }, g);
    }
    // grids
    for (let k = 0; k < 9; k++) {
      const o = gridOrigin(k);
      const lines = [];
      for (const d of [1, 2]) {
        const s = pen.seedOf(1, k, d);
        lines.push(pen.line([o[0] + d, o[1] + 0.06], [o[0] + d, o[1] + 2.94], 0.025, s));
        lines.push(pen.line([o[0] + 0.06, o[1] + d], [o[0] + 2.94, o[1] + d], 0.025, s ^ 0xff));
      }
      draw(g, lines, 0.026, PENCIL, { "stroke-opacity": 0.8 });
      draw(g, pen.closedPath([o, [o[0] + 3, o[1]], [o[0] + 3, o[1] + 3], [o[0], o[1] + 3]], 0.035, pen.seedOf(2, k)), 0.07, PENCIL);
    }
    // coordinates
    const labels = el("g", { class: "coords" }, svg);
    for (let i = 0; i < 9; i++) {
      const o = origin(i * 9 + i);
      const letter = "ABCDEFGHI"[i], number = String(i + 1);
      text(labels, [o[0] + 0.5, TOP * 0.4], letter, 0.42, PENCIL);
      text(labels, [o[0] + 0.5, HEIGHT - BOTTOM * 0.45], letter, 0.42, PENCIL);
      text(labels, [LEFT * 0.4, o[1] + 0.5], number, 0.42, PENCIL);
      text(labels, [WIDTH - RIGHT * 0.55, o[1] + 0.5], number, 0.42, PENCIL);
    }
    // marks and slashes
    for (let i = 0; i < 81; i++) {
      const p = pos.board[i];
      if (!p) continue;
      const anim = i === fresh ? { class: "fresh", pathLength: 1 } : {};
      draw(g, pen.mark(p, center(i), 0.58, pen.seedOf(3, i)), 0.055, INK[p], anim);
      if (pos.slashed(i)) {
        draw(g, [pen.slash(center(i), 0.74, 0.03, pen.seedOf(4, i))], 0.032, INK[p], { "stroke-opacity": 0.75 });
      }
    }
    // tallies; once a grid is full, its scoring groups outlined and its winner's mark
    for (let k = 0; k < 9; k++) {
      const o = gridOrigin(k);
      const { points, full, winner, found } = pos.grids[k];
      if (full) {
        found.forEach((f, n) => {
          pen.outlineLoops(f.cells, 0.08).forEach((loop, m) => {
            const corners = loop.map((c) => [o[0] + c[0], o[1] + c[1]]);
            draw(g, pen.closedPath(corners, 0.015, pen.seedOf(5, k, f.side === "X" ? 0 : 1, n, m)), 0.03, INK[f.side], { "stroke-opacity": 0.8 });
          });
        });
      }
      const y = o[1] + 3 + GAP * 0.45;
      let x = o[0] + 0.05;
      for (const p of ["X", "O"]) {
        draw(g, pen.mark(p, [x + 0.13, y], 0.24, pen.seedOf(8, k, p === "X" ? 0 : 1)), 0.03, INK[p]);
        const color = full || points[p] > 0 ? INK[p] : FAINT;
        text(labels, [x + 0.32, y + 0.02], String(points[p]), 0.46, color, "start");
        x += 0.95;
      }
      if (winner) draw(g, pen.mark(winner, [o[0] + 2.55, y], 0.55, pen.seedOf(6, k)), 0.07, INK[winner]);
    }
  }
}

/** A glyph's dot diagram as a small SVG (for the legend). */
export function glyphDiagram(glyph) {
  const svg = el("svg", { viewBox: "0 0 3 3", "aria-hidden": "true", focusable: "false", class: "dots" });
  const h = glyph.rows.length, w = glyph.rows[0].length;
  const dx = (3 - w) / 2, dy = (3 - h) / 2;
  glyph.rows.forEach((line, r) =>
    [...line].forEach((ch, c) => {
      if (ch === "#") el("circle", { cx: dx + c + 0.5, cy: dy + r + 0.5, r: 0.3, fill: PENCIL }, svg);
    }),
  );
  return svg;
}

export { SYMBOL, gridOf };
