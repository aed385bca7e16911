// Scribe online in the browser: sign in, the games and challenges, and a
// board to play on with the opponent's moves arriving live. Everything the
// server sends is put on the page with textContent, never parsed as HTML.

import { api, stream, watch, session, ApiError } from "./api.js";
import { Board, glyphDiagram } from "./board.js";
import { setWaiting, setUpSwitches } from "./notify.js";
import { showHistory, showStandings, showPlayer, showPlaying, showOnline } from "./pages.js";
import { SYMBOL, name as squareText, gridOf, place, position, GRID_NAMES, span } from "./squares.js";

const $ = (id) => document.getElementById(id);
const VARIANTS = { majority: "Majority", "super-glyph": "Super Glyph" };
const same = (a, b) => typeof a === "string" && typeof b === "string" && a.toLowerCase() === b.toLowerCase();

// Timings for the tests and the figures: [what, square, milliseconds since the epoch].
window.scribeLog = [];
const stamp = (what, square) => window.scribeLog.push([what, square, performance.timeOrigin + performance.now()]);

let me = session.name;
let stopStream = null;
let stopWatch = null; // a spectator's stream of the game on screen
let board = null;
let game = null; // the game object on screen
let chatSeen = 0;
let busy = false;
let deadlineTimer = null; // reads the game again when the mover's time runs out

function problem(text) {
  $("problem").textContent = text || "";
}

const VIEWS = ["signin-view", "lobby-view", "game-view", "history-view", "standings-view", "player-view", "playing-view"];

function show(view) {
  for (const v of VIEWS) $(v).hidden = v !== view;
  $("who").hidden = !me;
  $("who-name").textContent = me ? `Signed in as ${me}` : "";
  $("nav-lobby").textContent = me ? "Lobby" : "Sign in";
  $("nav-history").hidden = !me;
  // the page shown is marked in the navigation
  const here = location.hash.replace(/^#?\/?/, "").split("/")[0];
  for (const a of $("nav").querySelectorAll("a")) {
    const to = a.getAttribute("href").replace(/^#?\/?/, "").split("/")[0];
    if (to === here && view !== "game-view") a.setAttribute("aria-current", "page");
    else a.removeAttribute("aria-current");
  }
}

function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

function report(e) {
  if (e instanceof ApiError && e.status === 401 && e.code === "not_signed_in" && session.token) {
    signedOut();
    problem("Your session has ended: sign in again.");
    return;
  }
  problem(e instanceof Error ? e.message : String(e));
}

// ---- signing in ----

async function signIn(event) {
  event.preventDefault();
  const up = event.submitter && event.submitter.value === "up";
  const name = $("signin-name").value.trim();
  const password = $("signin-password").value;
  if (!name || !password) {
    problem("Enter a name and a password.");
    (name ? $("signin-password") : $("signin-name")).focus();
    return;
  }
  try {
    if (up) await api("POST", "/accounts", { name, password });
    const answer = await api("POST", "/session", { name, password });
    session.set(answer.name, answer.token);
    me = answer.name;
    $("signin-password").value = "";
    problem("");
    startStream();
    route();
  } catch (e) {
    report(e);
  }
}

function signedOut() {
  if (stopStream) stopStream();
  stopStream = null;
  session.clear();
  me = null;
  game = null;
  setWaiting([], stamp);
  route();
}

async function signOut() {
  try {
    await api("DELETE", "/session");
  } catch {
    // signed out here either way
  }
  signedOut();
}

async function deleteAccount(event) {
  event.preventDefault();
  const password = $("delete-password").value;
  if (!password) {
    problem("Enter your password to delete your account.");
    $("delete-password").focus();
    return;
  }
  try {
    await api("POST", "/me/delete", { password });
    $("delete-password").value = "";
    signedOut();
    problem("Your account is deleted. Your games stay, under \"deleted player\".");
  } catch (e) {
    report(e);
  }
}

// ---- the lobby ----

function sideOf(summary) {
  if (same(summary.players.x, me)) return "X";
  if (same(summary.players.o, me)) return "O";
  return null;
}

function gameRow(s) {
  const li = el("li");
  const a = el("a");
  a.href = `#/game/${encodeURIComponent(s.id)}`;
  const mine = sideOf(s);
  const theirs = mine === "X" ? "O" : "X";
  const opponent = mine ? s.players[theirs.toLowerCase()] : `${s.players.x} against ${s.players.o}`;
  const parts = [mine ? `${opponent} (${SYMBOL[theirs]}), you play ${SYMBOL[mine]}` : opponent, VARIANTS[s.variant] || s.variant];
  if (s.status === "finished") {
    parts.push(s.winner === mine ? "you won" : s.winner ? `${opponent} won` : "over");
  } else {
    parts.push(`move ${s.moves + 1}`);
    parts.push(s.waiting_for_you ? "your turn" : "their turn");
  }
  a.textContent = parts.join(" · ");
  if (s.waiting_for_you) li.classList.add("waiting");
  li.appendChild(a);
  return li;
}

/** A challenge's time limit, read before accepting: "no time limit", "3 days a move". */
const limitText = (days) => (!days ? "no time limit" : days === 1 ? "1 day a move" : `${days} days a move`);

function challengeRow(c) {
  const li = el("li");
  const variant = `${VARIANTS[c.variant] || c.variant} · ${limitText(c.days_per_move)}`;
  const act = (label, verb, aria) => {
    const b = el("button", label);
    b.type = "button";
    if (aria) b.setAttribute("aria-label", aria);
    b.addEventListener("click", async () => {
      try {
        await api("POST", `/games/${encodeURIComponent(c.id)}/${verb}`);
        problem("");
        if (verb === "accept") location.hash = `#/game/${encodeURIComponent(c.id)}`;
        else loadLobby();
      } catch (e) {
        report(e);
        loadLobby();
      }
    });
    return b;
  };
  if (same(c.challenger, me)) {
    li.appendChild(el("span", c.challenged ? `You challenged ${c.challenged} · ${variant}` : `Your open challenge · ${variant}`));
    li.appendChild(act("Cancel", "cancel", `Cancel the challenge${c.challenged ? ` to ${c.challenged}` : ""}`));
  } else {
    const text = c.challenged ? `${c.challenger} challenges you · ${variant}` : `Open challenge from ${c.challenger} · ${variant}`;
    li.appendChild(el("span", text));
    li.appendChild(act("Accept", "accept", `Accept ${c.challenger}'s challenge`));
    if (c.challenged) li.appendChild(act("Decline", "decline", `Decline ${c.challenger}'s challenge`));
  }
  return li;
}

// ---- "your move" notices (title, icon, notification, sound) ----

function waitingOf(summaries) {
  return summaries
    .filter((s) => s.status === "active")
    .map((s) => {
      const mine = sideOf(s);
      const opponent = mine ? s.players[mine === "X" ? "o" : "x"] : null;
      return { ...s, opponent };
    });
}

let waitingTimer = null;
function refreshWaitingSoon() {
  clearTimeout(waitingTimer);
  waitingTimer = setTimeout(refreshWaiting, 100);
}

async function refreshWaiting() {
  if (!session.token) return;
  try {
    const games = await api("GET", "/games");
    setWaiting(waitingOf(games.games), stamp);
  } catch {
    // the lobby or the game says what went wrong
  }
}

let lobbyTimer = null;
function loadLobbySoon() {
  clearTimeout(lobbyTimer);
  lobbyTimer = setTimeout(loadLobby, 50);
}

async function loadLobby() {
  // a timer set by a stream event may fire after signing out (or deleting the account)
  if (!session.token) return;
  try {
    const [games, challenges] = await Promise.all([api("GET", "/games"), api("GET", "/challenges")]);
    const played = games.games.filter((s) => s.status === "active");
    setWaiting(waitingOf(games.games), stamp);
    $("games").replaceChildren(...played.map(gameRow));
    $("no-games").hidden = played.length > 0;
    $("challenges").replaceChildren(...challenges.challenges.map(challengeRow));
    $("no-challenges").hidden = challenges.challenges.length > 0;
    stamp("lobby", challenges.challenges.map((c) => c.id).join(" "));
  } catch (e) {
    report(e);
  }
  loadOnline();
}

async function loadOnline() {
  try {
    await showOnline(me);
  } catch {
    // the list waits for the next reading
  }
}

async function challenge(event) {
  event.preventDefault();
  const opponent = $("opponent").value.trim();
  const body = { variant: $("variant").value, side: $("side").value };
  if ($("days").value) body.days = Number($("days").value);
  if (opponent) body.opponent = opponent;
  try {
    await api("POST", "/challenges", body);
    $("opponent").value = "";
    problem("");
    loadLobby();
  } catch (e) {
    report(e);
  }
}

// ---- a game ----

function mySide() {
  if (!game || !game.players) return null;
  if (same(game.players.x, me)) return "X";
  if (same(game.players.o, me)) return "O";
  return null;
}

const who = (side) => `${(game.players && game.players[side.toLowerCase()]) || SYMBOL[side]} (${SYMBOL[side]})`;

function render() {
  const side = mySide();
  const pos0 = position(game);
  const live = game.status === "active" && side === pos0.toMove;
  const pos = board.show(game, live);
  const variant = VARIANTS[game.variant] || game.variant;
  $("game-title").textContent =
    game.players && game.players.x ? `${who("X")} against ${who("O")} · ${variant}` : `Challenge · ${variant}`;
  let turn;
  const n = pos.moves + 1;
  switch (game.status) {
    case "challenge":
      turn = "Waiting for the challenge to be accepted.";
      break;
    case "declined":
      turn = "The challenge was declined.";
      break;
    case "cancelled":
      turn = "The challenge was cancelled.";
      break;
    case "finished": {
      const w = game.winner;
      if (!w) turn = "Game over.";
      else if (game.end === "resigned") turn = `Game over: ${who(other(w))} resigned; ${who(w)} wins.`;
      else if (game.end === "out of time") turn = `Game over: ${who(other(w))} ran out of time; ${who(w)} wins.`;
      else turn = `Game over: ${who(w)} wins (${variant}).`;
      break;
    }
    default:
      turn = live
        ? `Your turn (${SYMBOL[side]}), move ${n}: play ${place(pos)}.`
        : `${who(pos.toMove)} to play move ${n} ${place(pos)}.`;
  }
  if (game.status === "active" && game.deadline) {
    const by = new Date(game.deadline).toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
    turn += game.out_of_time ? ` Out of time since ${by}.` : ` Move by ${by}.`;
  }
  if ($("turn").textContent !== turn) {
    $("turn").textContent = turn;
    $("turn").title = turn;
  }
  const soFar = pos.over ? "" : " so far";
  $("majority").textContent = `${SYMBOL.X} ${pos.majority.X} · ${SYMBOL.O} ${pos.majority.O}${soFar}`;
  $("super").textContent = `${SYMBOL.X} ${pos.superGlyph.X} · ${SYMBOL.O} ${pos.superGlyph.O}${soFar}`;
  $("majority-name").textContent = `Majority (mini grids won)${game.variant === "majority" ? ": this game" : ""}`;
  $("super-name").textContent = `Super Glyph (points)${game.variant === "super-glyph" ? ": this game" : ""}`;
  const playing = side && game.status === "active";
  $("resign").hidden = !playing;
  // the player waiting may claim a game whose opponent is out of time
  $("claim").hidden = !(playing && game.out_of_time && pos.toMove !== side);
  clearTimeout(deadlineTimer);
  if (playing && game.deadline && !game.out_of_time) {
    const wait = Date.parse(game.deadline) - Date.now() + 1000;
    if (wait < 2 ** 31 - 1) deadlineTimer = setTimeout(refreshGame, Math.max(wait, 1000));
  }
  // the one undo rule (docs/online/api.md): a player asks back only their own
  // last move, while the opponent is to move; accepting takes back that move
  const last = game.history.length ? `move ${game.history.length} (${game.history[game.history.length - 1]})` : "";
  $("undo").hidden = !(playing && pos.moves > 0 && pos.toMove !== side && !game.undo_offer);
  $("undo").textContent = `Ask to take back your ${last}`;
  const offered = playing && game.undo_offer;
  const answer = offered && !same(game.undo_offer, me);
  $("undo-answer").hidden = !offered;
  $("undo-accept").hidden = $("undo-decline").hidden = !answer;
  $("undo-text").textContent = !offered ? ""
    : answer ? `${game.undo_offer} asks to take back their ${last}.`
    : `You asked to take back your ${last}; ${game.players[other(side).toLowerCase()]} decides.`;
  $("chat-form").hidden = !side;
  $("chat-card").hidden = !side; // the chat is the players' own
  $("rematch").hidden = !(side && game.status === "finished");
  $("watching").hidden = Boolean(side) || game.status !== "active";
  const started = game.status === "active" || game.status === "finished";
  $("save-link").hidden = !started;
  $("pdf-link").hidden = !started;
  if (started) {
    $("save-link").href = `/api/v1/games/${encodeURIComponent(game.id)}/save`;
    $("save-link").setAttribute("download", `scribe-${game.id}.ron`);
    $("pdf-link").href = `/api/v1/games/${encodeURIComponent(game.id)}/pdf`;
    $("pdf-link").setAttribute("download", `scribe-${game.id}.pdf`);
    $("pdf-link").setAttribute("aria-label", "PDF of the game");
  }
  const moves = $("moves");
  const rows = [];
  for (let i = 0; i < game.history.length; i += 2) {
    const li = el("li");
    li.appendChild(el("span", `${SYMBOL.X} ${game.history[i]}`, "x"));
    if (game.history[i + 1]) li.appendChild(el("span", `${SYMBOL.O} ${game.history[i + 1]}`, "o"));
    rows.push(li);
  }
  moves.replaceChildren(...rows);
  moves.scrollTop = moves.scrollHeight;
}

const other = (p) => (p === "X" ? "O" : "X");

/** Whether the chat's last lines are on the screen. */
function chatInView() {
  const r = $("chat-card").getBoundingClientRect();
  return r.top < window.innerHeight && r.bottom > 0 && !$("game-view").hidden;
}

function addChat(line) {
  if (line.n !== undefined && line.n <= chatSeen) return;
  if (line.n !== undefined) chatSeen = line.n;
  const li = el("li");
  li.appendChild(el("span", line.by, "by"));
  li.appendChild(document.createTextNode(` ${line.text}`));
  if (line.n !== undefined && !same(line.by, me) && game) {
    // the other player's line: it can be reported to the server's keepers
    const b = el("button", "Report", "report");
    b.type = "button";
    b.setAttribute("aria-label", `Report line ${line.n} by ${line.by}`);
    const id = game.id;
    b.addEventListener("click", async () => {
      try {
        await api("POST", `/games/${encodeURIComponent(id)}/chat/${line.n}/report`, {});
        b.replaceWith(el("span", "reported", "faint"));
      } catch (e) {
        if (e instanceof ApiError && e.code === "already_reported") b.replaceWith(el("span", "reported", "faint"));
        else report(e);
      }
    });
    li.appendChild(document.createTextNode(" "));
    li.appendChild(b);
  }
  $("chat").appendChild(li);
  $("chat").scrollTop = $("chat").scrollHeight;
  // the other player's line, with the chat out of sight: a sign that it came
  if (line.n !== undefined && !same(line.by, me) && !chatInView()) $("chat-new").hidden = false;
}

async function openGame(id) {
  show("game-view");
  if (!board) board = new Board($("board-host"), play);
  const fresh = !game || game.id !== id;
  try {
    const g = await api("GET", `/games/${encodeURIComponent(id)}`);
    if (fresh) {
      board.shownMoves = -1;
      chatSeen = 0;
      $("chat").replaceChildren();
      $("chat-new").hidden = true;
    }
    game = g;
    render();
    if (mySide()) {
      stopWatching();
      const chat = await api("GET", `/games/${encodeURIComponent(id)}/chat`);
      const seen = chatSeen;
      chat.chat.forEach(addChat);
      // the lines read on opening are no news
      if (fresh || seen === 0) $("chat-new").hidden = true;
    } else if (fresh || !stopWatch) {
      startWatching(id);
    }
  } catch (e) {
    report(e);
  }
}

async function refreshGame() {
  if (!game) return;
  try {
    game = await api("GET", `/games/${encodeURIComponent(game.id)}`);
    render();
  } catch (e) {
    report(e);
  }
}

/**
 * What a move changed (the answer to a move, or a `move` event; docs/API.md)
 * applied to the game shown: the next move is added, one known already
 * changes nothing. False when it cannot be placed (a move was missed, or it
 * is not the move known by its number): read the game again.
 */
function applyMove(d) {
  if (!game || d.game !== game.id) return true;
  const n = game.history.length;
  if (!(d.number >= 1) || d.number > n + 1) return false;
  if (d.number <= n) return game.history[d.number - 1] === d.square;
  game.history.push(d.square);
  game.status = d.status;
  game.turn = d.turn;
  game.winner = d.winner;
  game.end = d.end;
  game.deadline = d.deadline;
  game.out_of_time = false;
  game.undo_offer = null;
  game.moves = d.number;
  game.finished = d.number === 81;
  game.to_move = game.finished ? null : d.number % 2 ? "O" : "X";
  game.majority = d.majority;
  game.super_glyph = d.super_glyph;
  game.super_glyph_so_far = d.super_glyph_so_far;
  game.next_grid = d.next_grid;
  if (Array.isArray(game.grids) && d.grid) game.grids[d.grid.grid - 1] = d.grid;
  return true;
}

async function play(i) {
  if (!game || busy) return;
  const pos = position(game);
  const side = mySide();
  const sq = squareText(i);
  if (game.status !== "active") return problem(`The game is ${game.status === "finished" ? "over" : "not started"}.`);
  if (!side) return problem("You are watching this game.");
  if (side !== pos.toMove) return problem(`Not your turn: ${who(pos.toMove)} plays move ${pos.moves + 1}.`);
  if (pos.board[i]) return problem(`${sq} is taken.`);
  if (pos.target !== null && gridOf(i) !== pos.target) {
    return problem(`${sq}: you must play in the ${GRID_NAMES[pos.target]} mini grid (${span(pos.target)}).`);
  }
  busy = true;
  stamp("sent", sq);
  try {
    const moved = await api("POST", `/games/${encodeURIComponent(game.id)}/moves`, { square: sq, number: pos.moves + 1 });
    problem("");
    if (applyMove(moved)) render();
    else await refreshGame();
  } catch (e) {
    if (e.game && e.game.id === game.id) {
      game = e.game;
      render();
    }
    report(e);
  } finally {
    busy = false;
  }
}

// ---- watching a game (a spectator: not one of its players) ----

function startWatching(id) {
  stopWatching();
  let wasOffline = false;
  stopWatch = watch(
    id,
    (kind, data) => onGameEvent(kind, data),
    (state) => {
      $("link").hidden = state === "live";
      if (state === "offline") wasOffline = true;
      if (state === "live" && wasOffline) {
        wasOffline = false;
        refreshGame(); // read again what may have been missed
      }
    },
  );
}

function stopWatching() {
  if (stopWatch) stopWatch();
  stopWatch = null;
  if (!stopStream) $("link").hidden = true;
}

// ---- after a game: a rematch ----

async function rematch() {
  if (!game) return;
  try {
    const g = await api("POST", `/games/${encodeURIComponent(game.id)}/rematch`);
    problem("");
    location.hash = "#/";
    stamp("rematch", g.id);
  } catch (e) {
    report(e);
  }
}

async function resign() {
  if (!game || !window.confirm("Resign this game?")) return;
  try {
    game = await api("POST", `/games/${encodeURIComponent(game.id)}/resign`);
    render();
  } catch (e) {
    report(e);
  }
}

async function claim() {
  if (!game || !window.confirm("Claim this game? Your opponent ran out of time.")) return;
  try {
    game = await api("POST", `/games/${encodeURIComponent(game.id)}/claim`);
    render();
  } catch (e) {
    report(e);
  }
}

async function undo(verb) {
  if (!game) return;
  try {
    game = await api("POST", `/games/${encodeURIComponent(game.id)}/undo${verb}`);
    problem("");
    render();
  } catch (e) {
    report(e);
    refreshGame();
  }
}

async function say(event) {
  event.preventDefault();
  const text = $("chat-text").value.trim();
  if (!text || !game) return;
  try {
    await api("POST", `/games/${encodeURIComponent(game.id)}/chat`, { text });
    $("chat-text").value = "";
    const chat = await api("GET", `/games/${encodeURIComponent(game.id)}/chat`);
    chat.chat.forEach(addChat);
  } catch (e) {
    report(e);
  }
}

// ---- the live stream ----

function onEvent(kind, data) {
  if (kind === "lagged") {
    route();
    return;
  }
  onGameEvent(kind, data);
  if (!$("lobby-view").hidden && kind !== "ready" && kind !== "chat") loadLobbySoon();
  else if (kind !== "ready" && kind !== "chat") refreshWaitingSoon();
}

/** An event about the game on screen (from the player's stream or a spectator's). */
function onGameEvent(kind, data) {
  const here = game && !$("game-view").hidden && data.game === game.id;
  switch (kind) {
    case "move":
      if (here) {
        const known = game.history.length;
        if (!applyMove(data)) refreshGame();
        else if (game.history.length !== known) {
          render();
          stamp("shown", data.square);
        }
        if (data.status !== "active") refreshGame();
      }
      break;
    case "chat":
      if (here) addChat(data);
      break;
    case "end":
    case "undo":
    case "start":
    case "declined":
    case "cancelled":
      if (here) refreshGame();
      break;
    case "lagged":
      if (here) refreshGame();
      break;
    default:
      break;
  }
}

// Open challenges arrive on the stream; who is online is read now and then.
setInterval(() => {
  if (session.token && !$("lobby-view").hidden && !document.hidden) loadOnline();
}, 20000);

function startStream() {
  if (stopStream) stopStream();
  let wasOffline = false;
  stopStream = stream(onEvent, (state) => {
    if (state === "signed-out") {
      signedOut();
      problem("Your session has ended: sign in again.");
      return;
    }
    $("link").hidden = state === "live";
    window.scribeLive = state === "live"; // (read by the browser tests)
    if (state === "offline") wasOffline = true;
    if (state === "live" && wasOffline) {
      wasOffline = false;
      route(); // read again what may have been missed
    }
  });
}

// ---- views ----

/** Shows a page filled by `fill` (a refusal is reported). */
async function page(view, fill) {
  show(view);
  try {
    await fill();
    problem("");
  } catch (e) {
    report(e);
  }
}

function route() {
  if (!session.token) me = null;
  const hash = location.hash;
  const m = /^#\/game\/([A-Za-z0-9]+)$/.exec(hash);
  if (m) {
    openGame(m[1]);
    return;
  }
  game = null;
  stopWatching();
  let p;
  if ((p = /^#\/standings(?:\/([a-z-]+))?$/.exec(hash))) {
    page("standings-view", () => showStandings(p[1]));
  } else if ((p = /^#\/player\/([^/]+)$/.exec(hash))) {
    page("player-view", () => showPlayer(decodeURIComponent(p[1])));
  } else if (hash === "#/playing") {
    page("playing-view", showPlaying);
  } else if (!session.token) {
    show("signin-view");
  } else if (hash === "#/history") {
    page("history-view", () => showHistory(me));
  } else {
    show("lobby-view");
    loadLobby();
  }
}

/** The glyphs' legend, from the rules' table the server sends. */
async function legend() {
  try {
    const table = await api("GET", "/glyphs");
    $("legend").replaceChildren(
      ...table.glyphs.map((g) => {
        const li = el("li");
        li.appendChild(glyphDiagram(g));
        li.appendChild(el("span", `${g.name} ${g.points}`));
        return li;
      }),
    );
  } catch {
    // the legend is a help; the game goes on without it
  }
}

$("signin-form").addEventListener("submit", signIn);
$("sign-out").addEventListener("click", signOut);
$("delete-form").addEventListener("submit", deleteAccount);
// account.js reports a request refused because the session ended
window.addEventListener("scribe-session-ended", () => {
  signedOut();
  problem("Your session has ended: sign in again.");
});
$("chat-new").addEventListener("click", () => {
  $("chat-new").hidden = true;
  $("chat-card").scrollIntoView({ block: "end", behavior: "smooth" });
  $("chat-text").focus({ preventScroll: true });
});
window.addEventListener("scroll", () => {
  if (!$("chat-new").hidden && chatInView()) $("chat-new").hidden = true;
}, { passive: true });
$("challenge-form").addEventListener("submit", challenge);
$("chat-form").addEventListener("submit", say);
$("resign").addEventListener("click", resign);
$("claim").addEventListener("click", claim);
$("rematch").addEventListener("click", rematch);
$("undo").addEventListener("click", () => undo(""));
$("undo-accept").addEventListener("click", () => undo("/accept"));
$("undo-decline").addEventListener("click", () => undo("/decline"));
window.addEventListener("hashchange", route);
legend();
setUpSwitches();
if (session.token) startStream();
route();
