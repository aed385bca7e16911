// "Your move" notices: the tab's title counts the games waiting for you
// ("(2) Scribe online"), the icon gets a mark, and — only if the player
// turns them on — a browser notification and a short sound when a game
// starts waiting while the page is not in front. The two switches live in
// the lobby and are kept in this browser (localStorage).

const BASE_TITLE = document.title;
const KEY = "scribe.notices";

function load() {
  try {
    return JSON.parse(localStorage.getItem(KEY)) || {};
  } catch {
    return {};
  }
}

const settings = Object.assign({ notify: false, sound: false }, load());
let waiting = new Set(); // ids of the games waiting for me
let audio = null;

function save() {
  try {
    localStorage.setItem(KEY, JSON.stringify(settings));
  } catch {
    // private mode: the switches last for this page only
  }
}

function iconHref(marked) {
  const link = document.querySelector('link[rel="icon"]');
  if (!link) return;
  const plain = link.dataset.plain || link.getAttribute("href");
  link.dataset.plain = plain;
  link.setAttribute("href", marked ? plain.replace(/icon\.svg$/, "icon-move.svg") : plain);
}

function beep() {
  if (!audio) return;
  const now = audio.currentTime;
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.frequency.setValueAtTime(660, now);
  osc.frequency.setValueAtTime(880, now + 0.09);
  gain.gain.setValueAtTime(0.0001, now);
  gain.gain.exponentialRampToValueAtTime(0.2, now + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.25);
  osc.connect(gain).connect(audio.destination);
  osc.start(now);
  osc.stop(now + 0.26);
}

function away() {
  return document.hidden || !document.hasFocus();
}

/// The games waiting for me now: `summaries` as `GET /games` lists them.
/// Says so in the title and icon; notices the new ones when away.
export function setWaiting(summaries, log) {
  const now = new Set(summaries.filter((s) => s.waiting_for_you).map((s) => s.id));
  const fresh = summaries.filter((s) => s.waiting_for_you && !waiting.has(s.id));
  waiting = now;
  document.title = now.size ? `(${now.size}) ${BASE_TITLE}` : BASE_TITLE;
  iconHref(now.size > 0);
  if (!fresh.length || !away()) return;
  for (const s of fresh) {
    const who = s.opponent || "";
    const text = `Your move${who ? ` against ${who}` : ""} in game ${s.id}`;
    if (settings.notify && "Notification" in window && Notification.permission === "granted") {
      const n = new Notification("Scribe: your move", { body: text, tag: `scribe-${s.id}` });
      n.onclick = () => {
        window.focus();
        location.hash = `#/game/${encodeURIComponent(s.id)}`;
        n.close();
      };
      log("notified", s.id);
    }
  }
  if (settings.sound) {
    beep();
    log("sounded", fresh[0].id);
  }
}

function paint() {
  const n = document.getElementById("notify-on");
  const s = document.getElementById("sound-on");
  const state = document.getElementById("notify-state");
  if (!n || !s) return;
  n.checked = settings.notify;
  s.checked = settings.sound;
  if (!("Notification" in window)) {
    n.disabled = true;
    state.textContent = "This browser cannot show notifications.";
  } else if (settings.notify && Notification.permission === "denied") {
    state.textContent = "Notifications are blocked for this site in the browser's settings.";
  } else {
    state.textContent = "";
  }
}

/// Wires the lobby's two switches.
export function setUpSwitches() {
  const n = document.getElementById("notify-on");
  const s = document.getElementById("sound-on");
  n.addEventListener("change", async () => {
    settings.notify = n.checked;
    save();
    // Permission is asked only now, after the player's own click.
    if (n.checked && "Notification" in window && Notification.permission === "default") {
      try {
        await Notification.requestPermission();
      } catch {
        // an old browser's callback form: nothing more to do
      }
    }
    paint();
  });
  // A permission given or taken back in the browser's own settings.
  if (navigator.permissions && navigator.permissions.query) {
    navigator.permissions
      .query({ name: "notifications" })
      .then((status) => {
        status.onchange = paint;
      })
      .catch(() => {});
  }
  window.addEventListener("focus", paint);
  s.addEventListener("change", () => {
    settings.sound = s.checked;
    save();
    if (s.checked && !audio && window.AudioContext) audio = new AudioContext();
    if (s.checked) beep(); // what it will sound like
  });
  paint();
}
