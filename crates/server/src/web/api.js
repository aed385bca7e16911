// The server's API (docs/online/api.md): JSON requests with the bearer token,
// and the live stream read with fetch() (EventSource cannot send the
// Authorization header).

const BASE = "/api/v1";

export class ApiError extends Error {
  constructor(code, message, status, game) {
    super(message);
    this.code = code;
    this.status = status;
    this.game = game;
  }
}

export const session = {
  get token() { return localStorage.getItem("scribe.token"); },
  get name() { return localStorage.getItem("scribe.name"); },
  set(name, token) {
    localStorage.setItem("scribe.name", name);
    localStorage.setItem("scribe.token", token);
  },
  clear() {
    localStorage.removeItem("scribe.name");
    localStorage.removeItem("scribe.token");
  },
};

/** One request; resolves to the answer's JSON, rejects with an ApiError. */
export async function api(method, path, body) {
  const headers = { Accept: "application/json" };
  if (session.token) headers.Authorization = `Bearer ${session.token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let res;
  try {
    res = await fetch(BASE + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: "no-store" });
  } catch {
    throw new ApiError("unreachable", "The server cannot be reached; try again in a moment.", 0);
  }
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) {
    const message = (data && data.message) || `The server answered ${res.status}.`;
    throw new ApiError((data && data.error) || "http", message, res.status, data && data.game);
  }
  return data;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// The server sends a keep-alive every 15 s: a stream silent for three of
// them is a dead connection (a phone that slept, a network that changed)
// that no error reports, so it is dropped and opened again.
const IDLE_LIMIT_MS = 45000;

// Between attempts to reopen a lost stream: 0.5 s, then 1, 2, 3 s and 3 s
// from then on, plus up to 0.5 s at random (so the pages of a club do not
// all knock at once). A server restarted is reached again within about
// 3.5 s of being back (the pause once grew to 15 s); the page's coming
// back online, or in front, tries at once.
const FIRST_PAUSE_MS = 500;
const LONGEST_PAUSE_MS = 3000;

/**
 * Reads the player's live stream until `stop()` is called, reconnecting with
 * a growing pause. `onEvent(kind, data)` for each event; `onState(state)`
 * with "live", "offline" or "signed-out".
 */
export function stream(onEvent, onState) {
  return readStream("/events", true, onEvent, onState);
}

/**
 * A game's live stream for a spectator (no sign-in needed): its moves,
 * undos, start and end, as `stream` reads a player's.
 */
export function watch(id, onEvent, onState) {
  return readStream(`/games/${encodeURIComponent(id)}/events`, false, onEvent, onState);
}

function readStream(path, signedIn, onEvent, onState) {
  let stopped = false;
  let abort = null;
  let wake = null;
  const now = () => {
    if (wake) wake();
  };
  const inFront = () => {
    if (document.visibilityState === "visible") now();
  };
  window.addEventListener("online", now);
  document.addEventListener("visibilitychange", inFront);
  (async () => {
    let pause = FIRST_PAUSE_MS;
    while (!stopped) {
      abort = new AbortController();
      try {
        const headers = { Accept: "text/event-stream" };
        if (signedIn) headers.Authorization = `Bearer ${session.token}`;
        const res = await fetch(BASE + path, { headers, signal: abort.signal, cache: "no-store" });
        if (res.status === 401 && signedIn) {
          onState("signed-out");
          return;
        }
        if (!res.ok || !res.body) throw new Error(String(res.status));
        onState("live");
        pause = FIRST_PAUSE_MS;
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buf = "";
        const dropped = abort;
        let idle = setTimeout(() => dropped.abort(), IDLE_LIMIT_MS);
        for (;;) {
          const { value, done } = await reader.read().finally(() => clearTimeout(idle));
          if (done) break;
          idle = setTimeout(() => dropped.abort(), IDLE_LIMIT_MS);
          buf += value.replace(/\r\n?/g, "\n");
          let end;
          while ((end = buf.indexOf("\n\n")) >= 0) {
            const block = buf.slice(0, end);
            buf = buf.slice(end + 2);
            let kind = "message";
            const data = [];
            for (const line of block.split("\n")) {
              if (line.startsWith(":")) continue;
              const colon = line.indexOf(":");
              const field = colon < 0 ? line : line.slice(0, colon);
              const val = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
              if (field === "event") kind = val;
              else if (field === "data") data.push(val);
            }
            if (!data.length) continue;
            let parsed;
            try {
              parsed = JSON.parse(data.join("\n"));
            } catch {
              continue;
            }
            onEvent(kind, parsed);
          }
        }
      } catch {
        // dropped or refused: try again below
      }
      if (stopped) return;
      onState("offline");
      await Promise.race([sleep(pause + Math.random() * 500), new Promise((r) => { wake = r; })]);
      wake = null;
      pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
    }
  })();
  return () => {
    stopped = true;
    window.removeEventListener("online", now);
    document.removeEventListener("visibilitychange", inFront);
    if (abort) abort.abort();
  };
}
