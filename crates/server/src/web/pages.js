// The pages beside the lobby and the game: your finished games (history),
// the standings, a player's page (ratings, rating over time, games) and the
// games being played (to watch). Each `show…` reads the API and fills its
// view; a refusal is thrown for the caller to report. Everything the server
// sends goes on the page as text.

import { api } from "./api.js";
import { SYMBOL } from "./squares.js";

const $ = (id) => document.getElementById(id);
const VARIANTS = { majority: "Majority", "super-glyph": "Super Glyph" };
const same = (a, b) => typeof a === "string" && typeof b === "string" && a.toLowerCase() === b.toLowerCase();
const SVG = "http://www.w3.org/2000/svg";

/** A deviation above this marks a rating provisional (api::PROVISIONAL_DEVIATION). */
export const PROVISIONAL = 110;

/** A rating as people read it: whole, "?" after a provisional one. */
export const ratingText = (rating, deviation) => `${Math.round(rating)}${deviation > PROVISIONAL ? "?" : ""}`;

function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

function link(href, text) {
  const a = el("a", text);
  a.href = href;
  return a;
}

const playerHref = (name) => `#/player/${encodeURIComponent(name)}`;
const variantName = (v) => VARIANTS[v] || v;

function day(iso) {
  if (!iso) return "";
  return new Date(iso).toLocaleDateString([], { day: "numeric", month: "short", year: "numeric" });
}

const tally = (t) => (t ? `${SYMBOL.X} ${t.x} · ${SYMBOL.O} ${t.o}` : null);

/**
 * One finished game as `who` (a player's name) played it: date, opponent,
 * variant; the result and how it ended; both variants' scores; open it or
 * download its save file.
 */
export function finishedRow(s, who) {
  const li = el("li");
  const side = same(s.players.x, who) ? "X" : same(s.players.o, who) ? "O" : null;
  const theirs = side === "X" ? "O" : "X";
  const opponent = side ? s.players[theirs.toLowerCase()] : null;
  const what = el("a", null, "what");
  what.href = `#/game/${encodeURIComponent(s.id)}`;
  const against = side ? `against ${opponent} (${SYMBOL[theirs]})` : `${s.players.x} against ${s.players.o}`;
  what.textContent = [day(s.finished || s.updated), against, variantName(s.variant)].filter(Boolean).join(" · ");
  li.appendChild(what);
  const you = side ? (same(who, sessionName()) ? "You" : who) : null;
  let result;
  let cls = "";
  if (!s.winner) result = "No winner";
  else if (!side) result = `${s.players[s.winner.toLowerCase()]} won`;
  else if (s.winner === side) {
    result = `${you} won`;
    cls = "won";
  } else {
    result = `${you} lost`;
    cls = "lost";
  }
  const loserName = s.winner ? s.players[(s.winner === "X" ? "O" : "X").toLowerCase()] : null;
  // your own games speak of you: "you resigned", not your name
  const loser = loserName && you === "You" && same(loserName, who) ? "you" : loserName;
  const ending =
    s.end === "resigned" ? `${loser} resigned` : s.end === "out of time" ? `${loser} ran out of time` : s.end === "board full" ? "the board filled" : "";
  const how = el("span", [result, ending].filter(Boolean).join(" · "), `how ${cls}`);
  li.appendChild(how);
  const scores = [`Majority ${tally(s.majority) || "?"}`, `Super Glyph ${tally(s.super_glyph) || "(board not full)"}`];
  li.appendChild(el("span", scores.join(" · "), "how"));
  const links = el("span", null, "links");
  if (opponent) links.appendChild(link(playerHref(opponent), `${opponent}'s page`));
  const save = link(`/api/v1/games/${encodeURIComponent(s.id)}/save`, "Save file");
  save.setAttribute("download", `scribe-${s.id}.ron`);
  save.setAttribute("aria-label", `Save file of the game ${against}, ${day(s.finished || s.updated)}`);
  save.className = "save";
  links.appendChild(save);
  const pdf = link(`/api/v1/games/${encodeURIComponent(s.id)}/pdf`, "PDF");
  pdf.setAttribute("download", `scribe-${s.id}.pdf`);
  pdf.setAttribute("aria-label", `PDF of the game ${against}, ${day(s.finished || s.updated)}`);
  pdf.className = "pdf";
  links.appendChild(pdf);
  li.appendChild(links);
  return li;
}

const sessionName = () => localStorage.getItem("scribe.name");

/** #/history: the signed-in player's finished games, most recent first. */
export async function showHistory(me) {
  const games = await api("GET", "/games");
  const done = games.games
    .filter((s) => s.status === "finished")
    .sort((a, b) => (b.finished || b.updated || "").localeCompare(a.finished || a.updated || ""));
  $("history").replaceChildren(...done.map((s) => finishedRow(s, me)));
  $("no-history").hidden = done.length > 0;
}

/** #/standings[/variant]: players by rating, rounded, provisional ones marked. */
export async function showStandings(variant) {
  const v = VARIANTS[variant] ? variant : "majority";
  for (const k of Object.keys(VARIANTS)) {
    const a = $(`standings-${k}`);
    if (k === v) a.setAttribute("aria-current", "page");
    else a.removeAttribute("aria-current");
  }
  $("standings-heading").textContent = `Standings · ${variantName(v)}`;
  const list = await api("GET", `/standings?variant=${encodeURIComponent(v)}`);
  const rows = list.standings.map((p) => {
    const tr = el("tr");
    tr.appendChild(el("td", String(p.rank), "num"));
    const name = el("td");
    name.appendChild(link(playerHref(p.name), p.name));
    tr.appendChild(name);
    const rating = el("td", ratingText(p.rating, p.deviation), "num rating");
    rating.title = p.deviation > PROVISIONAL ? `provisional (±${Math.round(p.deviation)})` : `±${Math.round(p.deviation)}`;
    tr.appendChild(rating);
    tr.appendChild(el("td", String(p.games), "num"));
    tr.appendChild(el("td", String(p.wins), "num"));
    return tr;
  });
  $("standings-rows").replaceChildren(...rows);
  $("no-standings").hidden = rows.length > 0;
  $("standings").hidden = rows.length === 0;
}

/** Every rating starts here (Glicko-2's default). */
const START = 1500;

/**
 * A small line chart of the rating after each rated game, one line a
 * variant, each from the start (1500) at the left.
 */
function chart(rated) {
  const host = $("player-chart");
  if (!rated.length) {
    host.replaceChildren(el("p", "No rated games yet.", "faint"));
    return;
  }
  const starts = Object.keys(VARIANTS)
    .filter((v) => rated.some((p) => p.variant === v))
    .map((v) => ({ variant: v, rating: START, at: null, start: true }));
  // x: 0 for the starts, then one step a rated game
  const history = [...starts.map((p) => ({ ...p, step: 0 })), ...rated.map((p, i) => ({ ...p, step: i + 1 }))];
  const steps = rated.length;
  const W = 600;
  const H = 240;
  const pad = { l: 64, r: 12, t: 14, b: 34 };
  const ratings = history.map((p) => p.rating);
  let lo = Math.min(START, ...ratings);
  let hi = Math.max(START, ...ratings);
  if (hi - lo < 50) {
    lo -= 25;
    hi += 25;
  }
  const x = (i) => pad.l + (i * (W - pad.l - pad.r)) / steps;
  const y = (r) => pad.t + ((hi - r) * (H - pad.t - pad.b)) / (hi - lo);
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("role", "img");
  const words = Object.keys(VARIANTS)
    .map((v) => {
      const pts = rated.filter((p) => p.variant === v);
      if (!pts.length) return null;
      return `${variantName(v)} from ${START} to ${Math.round(pts[pts.length - 1].rating)} over ${pts.length} rated game${pts.length === 1 ? "" : "s"}`;
    })
    .filter(Boolean);
  svg.setAttribute("aria-label", `Rating over time: ${words.join("; ")}`);
  const add = (tag, attrs, text) => {
    const e = document.createElementNS(SVG, tag);
    for (const [k, val] of Object.entries(attrs)) e.setAttribute(k, String(val));
    if (text !== undefined) e.textContent = text;
    svg.appendChild(e);
    return e;
  };
  add("line", { x1: pad.l, y1: H - pad.b, x2: W - pad.r, y2: H - pad.b, class: "axis" });
  add("line", { x1: pad.l, y1: pad.t, x2: pad.l, y2: H - pad.b, class: "axis" });
  add("text", { x: pad.l - 4, y: y(hi) + 4, "text-anchor": "end" }, String(Math.round(hi)));
  add("text", { x: pad.l - 4, y: y(lo) + 4, "text-anchor": "end" }, String(Math.round(lo)));
  add("text", { x: pad.l, y: H - 8 }, "start");
  add("text", { x: W - pad.r, y: H - 8, "text-anchor": "end" }, day(rated[rated.length - 1].at));
  for (const v of Object.keys(VARIANTS)) {
    const pts = history.filter((p) => p.variant === v);
    if (!pts.length) continue;
    add("polyline", { points: pts.map((p) => `${x(p.step).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" "), class: `line-${v}` });
    for (const p of pts) add("circle", { cx: x(p.step).toFixed(1), cy: y(p.rating).toFixed(1), r: 5, class: `dot-${v}` });
  }
  const key = el("p", words.map((w) => w).join(". "), "faint");
  host.replaceChildren(svg, key);
}

/** #/player/NAME: their ratings, rating over time and finished games. */
export async function showPlayer(name) {
  const p = await api("GET", `/players/${encodeURIComponent(name)}`);
  $("player-name").textContent = p.name;
  $("player-online").textContent = p.online ? "Online now." : "";
  const ratings = p.ratings.map((r) => {
    const li = el("li");
    li.appendChild(
      el(
        "span",
        `${variantName(r.variant)}: ${ratingText(r.rating, r.deviation)} (±${Math.round(r.deviation)}) · ${r.games} rated game${r.games === 1 ? "" : "s"}, ${r.wins} won, ${r.losses} lost`,
      ),
    );
    return li;
  });
  if (!ratings.length) ratings.push(el("li", "No rated games yet.", "faint"));
  $("player-ratings").replaceChildren(...ratings);
  chart(p.history);
  $("player-games").replaceChildren(...p.games.map((s) => finishedRow(s, p.name)));
  $("no-player-games").hidden = p.games.length > 0;
}

/** #/playing: the games being played, to watch. */
export async function showPlaying() {
  const list = await api("GET", "/playing");
  const rows = list.games.map((s) => {
    const li = el("li");
    const parts = [`${s.players.x} (${SYMBOL.X}) against ${s.players.o} (${SYMBOL.O})`, variantName(s.variant), `move ${s.moves + 1}`];
    li.appendChild(link(`#/game/${encodeURIComponent(s.id)}`, parts.join(" · ")));
    return li;
  });
  $("playing").replaceChildren(...rows);
  $("no-playing").hidden = rows.length > 0;
}

/** The lobby's "Online now": who has the page or the app open. */
export async function showOnline(me) {
  const list = await api("GET", "/players/online");
  const items = list.players.map((name) => {
    const li = el("li");
    li.appendChild(link(playerHref(name), same(name, me) ? `${name} (you)` : name));
    return li;
  });
  $("online").replaceChildren(...items);
  const more = list.count - list.players.length;
  $("online-more").hidden = more <= 0;
  $("online-more").textContent = more > 0 ? `and ${more} more` : "";
}
