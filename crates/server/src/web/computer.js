// "Play the computer" in the lobby: the server's computer players (GET
// /computers), a level and a side, one click. The challenge is accepted at
// once by the server, and the page goes to the game. A module of its own,
// loaded by the page beside app.js: it needs nothing of app.js but the
// page's elements and the hash route (#/game/ID).

import { api, session } from "./api.js";

const $ = (id) => document.getElementById(id);

// The quoted time a move in words, as the app says it (Level::think_text).
function thinkText(s) {
  if (s < 0.01) return "under 0.01 s a move";
  if (s < 0.1) return `about ${s.toFixed(2)} s a move`;
  if (s < 1) return `about ${s.toFixed(1)} s a move`;
  return `about ${s.toFixed(0)} s a move`;
}

// "Hard · rated 1620": the level's measured rating (`scribe rate`, the
// same on every server; the 2010 Android app's computer at 1000), not the
// server's Glicko rating, which starts every computer at 1500 and says only
// how it has fared here (the standings show that one).
function levelText(c) {
  return `${c.level} · ${c.level_rating == null ? "not yet rated" : `rated ${c.level_rating}`}`;
}

// The chosen level in full, under the form: its rating and time a move.
let listed = [];
function about() {
  const c = listed.find((x) => x.name === $("computer-level").value);
  const line = $("computer-about");
  if (!c) {
    line.textContent = "";
    return;
  }
  line.textContent = [levelText(c), c.think_seconds == null ? null : thinkText(c.think_seconds)]
    .filter((x) => x)
    .join(" · ");
}

async function fill() {
  const section = $("computer-section");
  if (!session.token) return;
  let list;
  try {
    list = await api("GET", "/computers");
  } catch {
    return; // the lobby says what is wrong with the server
  }
  const computers = list.computers || [];
  section.hidden = computers.length === 0;
  if (computers.length === 0) return;
  const select = $("computer-level");
  const chosen = select.value || localStorage.getItem("scribe.computer") || computers[0].name;
  select.replaceChildren(
    ...computers.map((c) => {
      const o = document.createElement("option");
      o.value = c.name;
      o.textContent = levelText(c);
      return o;
    }),
  );
  if (computers.some((c) => c.name === chosen)) select.value = chosen;
  listed = computers;
  about();
}

async function play(event) {
  event.preventDefault();
  const button = $("computer-play");
  const opponent = $("computer-level").value;
  if (!opponent) return;
  button.disabled = true;
  try {
    const g = await api("POST", "/challenges", {
      opponent,
      side: $("computer-side").value,
      variant: $("computer-variant").value,
    });
    localStorage.setItem("scribe.computer", opponent);
    $("problem").textContent = "";
    location.hash = `#/game/${encodeURIComponent(g.id)}`;
  } catch (e) {
    $("problem").textContent = e instanceof Error ? e.message : String(e);
  } finally {
    button.disabled = false;
  }
}

$("computer-form").addEventListener("submit", play);
$("computer-level").addEventListener("change", about);
// The lobby is shown on sign-in and on every return to it.
window.addEventListener("hashchange", fill);
new MutationObserver(() => {
  if (!$("lobby-view").hidden) fill();
}).observe($("lobby-view"), { attributes: true, attributeFilter: ["hidden"] });
fill();
