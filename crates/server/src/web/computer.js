// "Play the computer" in the lobby: the server's computer players (GET
// /computers), a level and a side, one click. The challenge is accepted at
// once by the server, and the page goes to the game. A module of its own,
// loaded by the page beside app.js: it needs nothing of app.js but the
// page's elements and the hash route (#/game/ID).

import { api, session } from "./api.js";

const $ = (id) => document.getElementById(id);

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
      o.textContent = `${c.level} (rated ${Math.round(c.rating)})`;
      return o;
    }),
  );
  if (computers.some((c) => c.name === chosen)) select.value = chosen;
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
// The lobby is shown on sign-in and on every return to it.
window.addEventListener("hashchange", fill);
new MutationObserver(() => {
  if (!$("lobby-view").hidden) fill();
}).observe($("lobby-view"), { attributes: true, attributeFilter: ["hidden"] });
fill();
