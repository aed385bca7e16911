#!/usr/bin/env python3
"""The whole app in a browser (issue 45): headless Chromium through WebDriver
on the static files of `packaging/web/build.sh` (target/web), served over http.

Run by tests/web_app.rs; by hand:

    python3 tests/web/app.py --site target/web --scribe target/debug/scribe [--shots DIR]

It checks, as a player would meet them:
- the page starts with no error in the browser's console, and draws the board
  (a screenshot of the canvas that is not blank);
- a whole game against the computer (Beginner), every move of ours a mouse
  click on a square: the board is found by the pointer (a hand over a legal
  square), the squares we may use come from the rules, and the computer
  answers from its Web Worker; the game kept by the page ends with the result
  `scribe score` gives for the same moves;
- Save downloads the same .ron file the desktop writes: `scribe show` reads it;
- a reload keeps the game, in the middle of it and at its end;
- Game -> Print blank boards..., Enter: the PDF downloads, dated this year;
- Game -> Scan a paper board... (issue 46): the photo of a played sheet
  (tests/data/scan-full-a4.jpg) through the page's file input, read in the
  Web Worker while the page keeps drawing; the editor keeps the full board
  in the library with an order of moves that leaves exactly the marks
  `scribe scan` reads from the same photo (a screenshot shows the board, the
  circled squares and the photo beside it); the same photo dropped on the
  page is read the same way;
- at a phone's size (390x844) the page starts and draws too.
Prints FIGURES {json} last: time to the first frame, the wasm's size, the
computer's time a move in the page, the scan's time and the page's longest
frame while the worker read the photo.
"""

import argparse
import base64
import functools
import http.server
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time

# the rules' target and square names, as the online page's test has them
from browser import COLS, legal, sq_index
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

CHROMIUM = os.environ.get("SCRIBE_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("SCRIBE_CHROMEDRIVER", "/usr/bin/chromedriver")
KEY = "scribe-desk/"


def check(cond, what):
    if not cond:
        raise AssertionError(what)


def serve(site):
    """A static file server for `site` on a free loopback port."""
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=site)
    handler.log_message = lambda *a: None
    handler.log_error = lambda *a: None
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}/"


def browser(width, height, downloads, phone=False):
    o = Options()
    o.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--no-first-run",
                "--disable-extensions", "--use-angle=swiftshader", "--enable-unsafe-swiftshader"):
        o.add_argument(arg)
    o.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    o.add_experimental_option("prefs", {"download.default_directory": downloads,
                                        "download.prompt_for_download": False})
    if phone:
        o.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {"width": width, "height": height, "pixelRatio": 2, "touch": True}})
    else:
        o.add_argument(f"--window-size={width},{height}")
    d = webdriver.Chrome(service=Service(CHROMEDRIVER), options=o)
    if not phone:
        d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    d.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})
    return d


def wait(cond, what, timeout=60.0):
    end = time.time() + timeout
    while time.time() < end:
        v = cond()
        if v:
            return v
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def started(d, what):
    def ok():
        failed = d.execute_script("return document.body.dataset.failed || ''")
        check(not failed, f"{what}: the page says it could not start: {failed}")
        return d.execute_script("return document.body.dataset.started === '1'")
    wait(ok, f"{what}: the app to start")


def errors(d):
    return [e["message"] for e in d.get_log("browser") if e.get("level") == "SEVERE"]


def canvas_not_blank(d, what, shots, name):
    """A screenshot of the page with more than a few colours: drawn, not blank
    (ImageMagick counts them; without it, a blank page's PNG is a few KB)."""
    png = d.get_screenshot_as_png()
    path = os.path.join(shots or tempfile.mkdtemp(), name)
    with open(path, "wb") as f:
        f.write(png)
    try:
        colours = int(subprocess.run(["identify", "-format", "%k", path], capture_output=True,
                                     text=True, check=True).stdout)
        check(colours > 50, f"{what}: the page looks blank ({colours} colours)")
    except (FileNotFoundError, subprocess.CalledProcessError):
        check(len(png) > 30000, f"{what}: the page looks blank (a {len(png)}-byte screenshot)")


def stored(d, name):
    return d.execute_script(f"return localStorage.getItem('{KEY}{name}')")


def moves_of(ron):
    m = re.search(r"moves:\s*\[(.*?)\]", ron or "", re.S)
    return re.findall(r'"([A-I][1-9])"', m.group(1)) if m else []


PROBE = """
const [points, done] = [arguments[0], arguments[arguments.length - 1]];
const c = document.getElementById('scribe');
const r = c.getBoundingClientRect();
const frame = () => new Promise(ok => requestAnimationFrame(() => requestAnimationFrame(ok)));
(async () => {
  const out = [];
  for (const [x, y] of points) {
    c.dispatchEvent(new MouseEvent('mousemove', {clientX: r.left + x, clientY: r.top + y, bubbles: true}));
    await frame();
    out.push(c.style.cursor === 'pointer');
  }
  done(out);
})();
"""


def probe(d, points):
    return d.execute_async_script(PROBE, [[float(x), float(y)] for x, y in points])


def edge(d, off, on, point):
    """The first position from `off` towards `on` where the pointer is a hand
    (bisection to 2 px); `point(t)` is the probe's (x, y)."""
    while abs(on - off) > 2:
        mid = (off + on) / 2
        if probe(d, [point(mid)])[0]:
            on = mid
        else:
            off = mid
    return on


def find_board(d, width, height):
    """The board's box: where the pointer becomes a hand over empty squares
    (every square is legal at the first move): a coarse line across the
    middle, then each edge to 2 px."""
    d.set_script_timeout(180)
    xs = list(range(15, width - 15, 30))
    for mid_y in (height * 0.5, height * 0.35, height * 0.65, height * 0.25):
        on = [x for x, h in zip(xs, probe(d, [(x, mid_y) for x in xs])) if h]
        if on:
            break
    check(on, "the pointer is a hand nowhere across the page: no board found")
    left = edge(d, on[0] - 30, on[0], lambda t: (t, mid_y))
    right = edge(d, on[-1] + 30, on[-1], lambda t: (t, mid_y))
    # a column of squares: the middle of the first one found
    cx = on[0] + 5
    ys = list(range(15, height - 15, 30))
    on_y = [y for y, h in zip(ys, probe(d, [(cx, y) for y in ys])) if h]
    check(on_y, "no board found vertically")
    top = edge(d, on_y[0] - 30, on_y[0], lambda t: (cx, t))
    bottom = edge(d, on_y[-1] + 30, on_y[-1], lambda t: (cx, t))
    return (left, top, right, bottom)


def centre(box, i):
    x0, y0, x1, y1 = box
    col, row = i % 9, i // 9
    # row 1 is at the top, as printed
    return (x0 + (col + 0.5) * (x1 - x0) / 9, y0 + (row + 0.5) * (y1 - y0) / 9)


def click_at(d, x, y):
    c = d.find_element(By.ID, "scribe")
    r = d.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.width, r.height];", c)
    ActionChains(d).move_to_element_with_offset(c, x - r[0] / 2, y - r[1] / 2).click().perform()


def play_a_game(d, box, scribe):
    """Our moves by clicks, the computer's from its worker, to the end."""
    think = []
    reloaded = False
    for _ in range(200):
        ron = stored(d, "current.ron")
        moves = moves_of(ron)
        if len(moves) >= 20 and len(moves) % 2 == 0 and not reloaded:
            # a reload in the middle of the game keeps it, and play goes on
            d.refresh()
            started(d, "after a reload")
            time.sleep(0.5)
            check(moves_of(stored(d, "current.ron")) == moves, "the game in progress survives a reload")
            reloaded = True
        if "finished: Some" in (ron or ""):
            return moves, ron, think
        if len(moves) % 2 == 1:  # the computer's turn (O)
            t0 = time.time()
            wait(lambda: len(moves_of(stored(d, "current.ron"))) > len(moves) or
                 "finished: Some" in (stored(d, "current.ron") or ""), "the computer's move", 60)
            think.append(time.time() - t0)
            continue
        targets = legal(moves)
        check(targets, f"no legal square after {moves}")
        targets = targets[len(moves) % len(targets):] + targets[:len(moves) % len(targets)]
        targets = targets[:9]
        points = [centre(box, i) for i in targets]
        hands = d.execute_async_script(PROBE, points)
        good = [i for i, h in zip(targets, hands) if h]
        check(good, f"after {len(moves)} moves the pointer is a hand over none of the legal squares")
        i = good[0]
        click_at(d, *centre(box, i))
        wait(lambda: len(moves_of(stored(d, "current.ron"))) > len(moves), f"our click on {COLS[i % 9]}{i // 9 + 1} to play", 20)
    raise AssertionError("the game never ended")


# the longest gap between two of the browser's frames from now on (ms): a
# page whose thread is busy (a photo decoded on it) draws no frame
FRAMES = """
window.scribeGap = 0;
let last = performance.now();
const tick = (t) => { window.scribeGap = Math.max(window.scribeGap, t - last); last = t;
                      if (window.scribeTicking) requestAnimationFrame(tick); };
window.scribeTicking = true;
requestAnimationFrame(tick);
"""

# Game -> Scan a paper board... by the mouse, where the laptop's page draws
# them (1366x768: the menu bar's "Game", then the item under "Score a paper
# board..."); the file input's `accept` below says whether it was that item
GAME_MENU = (25, 11)
SCAN_ITEM = (75, 208)
PRINT_ITEM = (73, 309)


def print_blank_boards(d, downloads):
    """Game -> Print blank boards..., Enter: the PDF downloads, dated today
    (printpdf writes 1970 in the browser unless the export writes the date
    again)."""
    click_at(d, *GAME_MENU)
    time.sleep(0.4)
    click_at(d, *PRINT_ITEM)
    time.sleep(0.6)
    ActionChains(d).send_keys(Keys.ENTER).perform()
    got = wait(lambda: [f for f in os.listdir(downloads) if f.endswith(".pdf")], "the blank boards' PDF", 30)
    path = os.path.join(downloads, got[0])
    pdf = wait(lambda: (lambda b: b if b.rstrip().endswith(b"%%EOF") else None)(open(path, "rb").read()),
               "the whole PDF", 10)
    check(pdf.startswith(b"%PDF-"), f"{got[0]} is a PDF")
    year = time.gmtime().tm_year
    stamps = re.findall(rb"/CreationDate\s*\(D:([0-9]{4})", pdf)
    check(stamps and int(stamps[0]) >= year, f"the PDF is dated {stamps}, not this year ({year})")


def scan_a_photo(d, url, scribe, photo, shots, figures, dropped=False):
    """The photo through the page's file input (or `dropped` on the page's
    canvas), read in the worker; the editor's board is the one `scribe scan`
    reads."""
    d.get(url)
    d.execute_script("localStorage.clear()")
    d.execute_script(f"""
      localStorage.setItem('{KEY}settings.ron', '(learn: (offered: true, step: 0))');
      localStorage.setItem('{KEY}current.ron', `(
        format_version: 1, variant: SuperGlyph,
        players: (x: (name: "Ann", kind: Human), o: (name: "Bob", kind: Human)),
        moves: [], started: None, finished: None)`);""")
    d.get(url)
    started(d, "the scan's page")
    time.sleep(0.5)
    before = set(d.execute_script("return Object.keys(localStorage)"))
    if dropped:
        # a drop as the browser makes it: a File in the event's DataTransfer
        with open(photo, "rb") as f:
            data = base64.b64encode(f.read()).decode()
        d.execute_script(FRAMES)
        t0 = time.time()
        d.execute_script("""
          const bytes = Uint8Array.from(atob(arguments[0]), c => c.charCodeAt(0));
          const dt = new DataTransfer();
          dt.items.add(new File([bytes], arguments[1], {type: 'image/jpeg'}));
          const canvas = document.querySelector('canvas');
          for (const kind of ['dragenter', 'dragover', 'drop']) {
            canvas.dispatchEvent(new DragEvent(kind, {dataTransfer: dt, bubbles: true, cancelable: true}));
          }""", data, os.path.basename(photo))
    else:
        # no real file chooser: the test hands the file to the page's input
        d.execute_cdp_cmd("Page.setInterceptFileChooserDialog", {"enabled": True})
        click_at(d, *GAME_MENU)
        time.sleep(0.4)
        click_at(d, *SCAN_ITEM)
        chooser = wait(lambda: d.find_elements(By.ID, "rfd-input"), "Scan a paper board's file input", 10)[0]
        accept = chooser.get_attribute("accept")
        check(accept == ".jpg,.jpeg,.png", f"the file input takes photos, not {accept!r}")
        d.execute_script(FRAMES)
        t0 = time.time()
        chooser.send_keys(os.path.abspath(photo))

    def kept():
        keys = [k for k in d.execute_script("return Object.keys(localStorage)")
                if k not in before and k.endswith(".ron")]
        return keys and d.execute_script(f"return localStorage.getItem('{keys[0]}')")
    ron = wait(kept, "the scanned board kept in the library", 90)
    how = "drop" if dropped else "scan"
    figures[f"{how}_s"] = round(time.time() - t0, 2)
    gap = d.execute_script("window.scribeTicking = false; return window.scribeGap")
    figures[f"{how}_longest_frame_ms"] = round(gap)
    time.sleep(0.5)
    canvas_not_blank(d, "the scanned board", shots, f"browser-{how}-1366x768.png")
    read = json.loads(subprocess.run([scribe, "scan", "--json", photo], capture_output=True,
                                     text=True, check=True).stdout)["boards"][0]["squares"]
    moves = moves_of(ron)
    check(len(moves) == 81, f"the kept board is full: {len(moves)} moves")
    board = [None] * 81
    for k, m in enumerate(moves):
        board[sq_index(m)] = "x" if k % 2 == 0 else "o"
    check(board == read, f"the page read the board `scribe scan` reads: {board} against {read}")
    check(gap < 2000, f"the page kept drawing while the worker read the photo (longest frame {gap:.0f} ms)")
    check(not errors(d), f"console errors after the scan: {errors(d)}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--site", required=True)
    ap.add_argument("--scribe", required=True)
    ap.add_argument("--shots")
    a = ap.parse_args()
    httpd, url = serve(a.site)
    downloads = tempfile.mkdtemp()
    figures = {"wasm_bytes": os.path.getsize(os.path.join(a.site, "scribe_web_bg.wasm"))}
    d = browser(1366, 768, downloads)
    try:
        # a fresh page, the course already offered, a game against Beginner set up
        d.get(url)
        d.execute_script("localStorage.clear()")
        d.execute_script(f"""
          localStorage.setItem('{KEY}settings.ron', '(learn: (offered: true, step: 0))');
          localStorage.setItem('{KEY}current.ron', `(
            format_version: 1, variant: SuperGlyph,
            players: (x: (name: "Ann", kind: Human), o: (name: "Computer", kind: Computer(Beginner))),
            moves: [], started: None, finished: None)`);""")
        t0 = time.time()
        d.get(url)
        started(d, "laptop 1366x768")
        figures["first_frame_s"] = round(time.time() - t0, 2)
        time.sleep(0.5)
        canvas_not_blank(d, "laptop", a.shots, "browser-1366x768-start.png")
        check(not errors(d), f"console errors at start: {errors(d)}")
        box = find_board(d, 1366, 768)
        moves, ron, think = play_a_game(d, box, a.scribe)
        figures["computer_move_s"] = round(sum(think) / max(1, len(think)), 3)
        canvas_not_blank(d, "laptop", a.shots, "browser-1366x768.png")
        score = json.loads(subprocess.run([a.scribe, "score", "--json", "--moves", " ".join(moves)],
                                          capture_output=True, text=True, check=True).stdout)
        check(score["finished"] and len(moves) == 81, f"a whole game: {len(moves)} moves")
        winner = score["super_glyph"]["winner"]
        # Save (Ctrl+S) downloads the save file; scribe show reads it
        ActionChains(d).key_down(Keys.CONTROL).send_keys("s").key_up(Keys.CONTROL).perform()
        got = wait(lambda: [f for f in os.listdir(downloads) if f.endswith(".ron")], "the download", 20)
        path = os.path.join(downloads, got[0])
        shown = subprocess.run([a.scribe, "show", path], capture_output=True, text=True)
        check(shown.returncode == 0, f"scribe show {got[0]}: {shown.stderr}")
        check(moves_of(open(path).read()) == moves, "the downloaded game has the moves played")
        again = json.loads(subprocess.run([a.scribe, "score", "--json", path],
                                          capture_output=True, text=True, check=True).stdout)
        check(again == score, "the downloaded game scores as the moves played")
        # a reload keeps the finished game too
        d.refresh()
        started(d, "after a reload")
        time.sleep(0.5)
        check(moves_of(stored(d, "current.ron")) == moves, "the finished game survives a reload")
        canvas_not_blank(d, "after a reload", a.shots, "browser-reloaded.png")
        check(not errors(d), f"console errors: {errors(d)}")
        figures["winner"] = winner
        print_blank_boards(d, downloads)
        photo = os.path.join(os.path.dirname(__file__), "../data/scan-full-a4.jpg")
        scan_a_photo(d, url, a.scribe, photo, a.shots, figures)
        scan_a_photo(d, url, a.scribe, photo, a.shots, figures, dropped=True)
    finally:
        d.quit()
    p = browser(390, 844, downloads, phone=True)
    try:
        p.get(url)
        started(p, "phone 390x844")
        time.sleep(0.5)
        canvas_not_blank(p, "phone", a.shots, "browser-390x844-first.png")
        # past the first start's card, the board fits the phone's width
        p.execute_script(f"localStorage.setItem('{KEY}settings.ron', '(learn: (offered: true, step: 0))')")
        p.refresh()
        started(p, "phone 390x844, again")
        time.sleep(0.5)
        # the pointer finds legal squares on the phone's board too
        x0, y0, x1, y1 = find_board(p, 390, 844)
        check(0 <= x0 < x1 <= 390 and 0 <= y0 < y1 <= 844, f"the board is on the phone's screen: {(x0, y0, x1, y1)}")
        canvas_not_blank(p, "phone", a.shots, "browser-390x844.png")
        check(not errors(p), f"console errors on the phone: {errors(p)}")
    finally:
        p.quit()
    httpd.shutdown()
    print("FIGURES " + json.dumps(figures))


if __name__ == "__main__":
    main()
