#!/usr/bin/env python3
"""Each level's time a move in the browser's worker against the desktop's
(`scribe move`), for docs/BROWSER.md. Not a test: a measurement, by hand:

    python3 tests/web/levels.py --site target/web --scribe target/release/scribe

Two positions (the empty board; a middle game of 20 moves), the same seed.
"""

import argparse
import json
import subprocess
import time

from app import browser, serve, started

LEVELS = ["Beginner", "Easy", "Medium", "Hard", "Expert", "Master", "Grandmaster", "Champion"]
MIDDLE = "H7 F3 F1 G9 H3 A8 D7 B4 C3 D1 G8 B1 A6 E2 A9 E4 B7 F2 E1 H6"

TIME = """
const [tasks, done] = [arguments[0], arguments[arguments.length - 1]];
const w = new Worker('./worker.js', {type: 'module'});
const ask = (t) => new Promise(ok => {
  const t0 = performance.now();
  w.onmessage = (e) => { if (e.data[0] !== 'progress') ok([e.data[0], e.data[1], performance.now() - t0]); };
  w.postMessage(['scribe-computer', JSON.stringify(t)]);
});
(async () => {
  await ask(tasks[0]);  // the worker's start (loading the module), not timed
  const out = [];
  for (const t of tasks) out.push(await ask(t));
  w.terminate();
  done(out);
})();
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--site", required=True)
    ap.add_argument("--scribe", required=True)
    a = ap.parse_args()
    httpd, url = serve(a.site)
    d = browser(1366, 768, "/tmp")
    d.set_script_timeout(600)
    d.get(url)
    started(d, "the page")
    rows = []
    for level in LEVELS:
        for name, moves in (("opening", ""), ("middle", MIDDLE)):
            task = {"moves": moves, "variant": "SuperGlyph", "level": level, "seed": 7, "hint": False}
            kind, out, ms = d.execute_async_script(TIME, [task])[0]
            assert kind == "done", out
            t0 = time.time()
            subprocess.run([a.scribe, "move", "--level", level.lower(), "--variant", "super", "--seed", "7", "--moves", moves],
                           capture_output=True, check=True)
            desk = (time.time() - t0) * 1000
            desk_move = subprocess.run([a.scribe, "move", "--level", level.lower(), "--variant", "super",
                                        "--seed", "7", "--moves", moves],
                                       capture_output=True, text=True, check=True).stdout.split()[-1]
            rows.append({"level": level, "position": name, "browser_ms": round(ms),
                         "desktop_ms": round(desk), "move": json.loads(out)[0], "desktop_move": desk_move})
            print(rows[-1], flush=True)
    d.quit()
    httpd.shutdown()
    print("FIGURES " + json.dumps(rows))


if __name__ == "__main__":
    main()
