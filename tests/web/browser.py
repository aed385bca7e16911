#!/usr/bin/env python3
"""Plays Scribe online in a real browser (headless Chromium through WebDriver).

Run by tests/web.rs against a fresh `scribe serve`; can be run by hand:

    python3 tests/web/browser.py --server http://127.0.0.1:7607 --scribe target/debug/scribe \
        [--shots DIR]

Game 7: the one undo rule, a challenge's time limit, the keyboard cursor, the
phone's layout, the chat sign, the password change (issue 29). Game 8: the
page reconnects within a few seconds of a server restart.
Game 1: two browser sessions (a 1366x768 laptop and a 375x667 phone) play a
whole game, partly by keyboard, with a chat line; moves must arrive live.
Game 2: the phone against the command-line client (`scribe online`), a whole
game. Game 3: an open challenge, accepted and resigned. Game 7: "Play the
computer" in the lobby, a whole game against computer-beginner. Along the way: the
sign-in form's labels, the squares' computed accessible names, the turn
line's live region, no horizontal scrolling at either size, screenshots.
Prints FIGURES {json} last: move latency browser to browser and CLI to
browser, the first load's weight and first paint.
"""

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

CHROMIUM = os.environ.get("SCRIBE_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("SCRIBE_CHROMEDRIVER", "/usr/bin/chromedriver")
COLS = "ABCDEFGHI"
SYMBOL = {"X": "+", "O": "O"}
PASSWORD = "a long password"
WAIT = 20


def sq_name(i):
    return f"{COLS[i % 9]}{i // 9 + 1}"


def sq_index(name):
    return (int(name[1]) - 1) * 9 + COLS.index(name[0])


def grid_of(i):
    return (i // 9 // 3) * 3 + (i % 9) // 3


def cell_of(i):
    return (i // 9 % 3) * 3 + (i % 9) % 3


def legal(history):
    """The squares the player to move may use (the rules' target)."""
    board = {}
    last = {}
    for n, s in enumerate(history):
        p = "O" if n % 2 else "X"
        board[sq_index(s)] = p
        last[p] = sq_index(s)
    mover = "O" if len(history) % 2 else "X"
    empty = [i for i in range(81) if i not in board]
    if mover in last:
        g = cell_of(last[mover])
        inside = [i for i in empty if grid_of(i) == g]
        if inside:
            return inside
    return empty


def check(cond, what):
    if not cond:
        raise AssertionError(what)


class Page:
    """One browser session."""

    def __init__(self, server, phone):
        o = Options()
        o.binary_location = CHROMIUM
        for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--no-first-run", "--disable-extensions"):
            o.add_argument(arg)
        if phone:
            o.add_experimental_option("mobileEmulation", {
                "deviceMetrics": {"width": 375, "height": 667, "pixelRatio": 2, "touch": True}})
        else:
            o.add_argument("--window-size=1366,768")
        self.d = webdriver.Chrome(service=Service(CHROMEDRIVER), options=o)
        if not phone:
            self.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": 1366, "height": 768, "deviceScaleFactor": 1, "mobile": False})
        self.server = server
        self.phone = phone
        self.kind = "phone 375x667" if phone else "laptop 1366x768"

    def js(self, script, *args):
        return self.d.execute_script(script, *args)

    def until(self, cond, what, timeout=WAIT):
        try:
            return WebDriverWait(self.d, timeout, poll_frequency=0.01,
                                 ignored_exceptions=[StaleElementReferenceException]).until(lambda _: cond())
        except TimeoutException:
            problem = self.js("return document.getElementById('problem')?.textContent || ''")
            raise AssertionError(f"{self.kind}: timed out waiting for {what} (page says: {problem!r})")

    def visible(self, view):
        return self.js(f"return !document.getElementById('{view}').hidden")

    def by_name(self, name, tag="button"):
        """The visible element whose computed accessible name is `name`."""
        for e in self.d.find_elements(By.TAG_NAME, tag):
            if e.is_displayed() and e.accessible_name == name:
                return e
        return None

    def labels(self):
        return self.js("return [...document.querySelectorAll('.sq')].map(b => b.getAttribute('aria-label'))")

    def no_horizontal_scroll(self, where):
        sw, cw = self.js("return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        check(sw <= cw, f"{self.kind}, {where}: horizontal scrolling ({sw} > {cw})")

    def log(self):
        return self.js("return window.scribeLog")

    def sign_up(self, name):
        d = self.d
        d.get(self.server + "/")
        self.until(lambda: self.visible("signin-view"), "the sign-in form")
        fields = {e.accessible_name: e for e in d.find_elements(By.CSS_SELECTOR, "#signin-form input")}
        check(set(fields) == {"Name", "Password"}, f"sign-in fields are labelled {sorted(fields)}")
        check(self.by_name("Sign in") is not None and self.by_name("Sign up") is not None,
              "the sign-in form has Sign in and Sign up buttons")
        fields["Name"].send_keys(name)
        fields["Password"].send_keys(PASSWORD)
        self.by_name("Sign up").click()
        self.until(lambda: self.visible("lobby-view"), "the lobby after signing up")
        self.no_horizontal_scroll("lobby")

    def sign_out_and_in(self, name):
        self.by_name("Sign out").click()
        self.until(lambda: self.visible("signin-view"), "the sign-in form after signing out")
        for field, text in (("signin-name", name), ("signin-password", PASSWORD)):
            e = self.d.find_element(By.ID, field)
            e.clear()
            e.send_keys(text)
        self.by_name("Sign in").click()
        self.until(lambda: self.visible("lobby-view"), "the lobby after signing in")

    def challenge(self, opponent, variant, side, days=""):
        d = self.d
        opp = d.find_element(By.ID, "opponent")
        check(opp.accessible_name == "Opponent", f"the opponent field is labelled {opp.accessible_name!r}")
        opp.clear()
        if opponent:
            opp.send_keys(opponent)
        Select(d.find_element(By.ID, "variant")).select_by_value(variant)
        Select(d.find_element(By.ID, "side")).select_by_value(side)
        days_field = d.find_element(By.ID, "days")
        check(days_field.accessible_name == "Time a move", f"the days field is labelled {days_field.accessible_name!r}")
        Select(days_field).select_by_value(days)
        self.by_name("Challenge").click()

    def accept_from(self, challenger):
        """Waits (without reloading) for the challenge to appear, accepts it.
        Open challenges arrive on the stream as the others do."""
        name = f"Accept {challenger}'s challenge"
        button = self.until(lambda: self.by_name(name), f"the challenge from {challenger} to arrive live")
        button.click()
        self.until(lambda: self.visible("game-view") and self.labels()[40] is not None, "the game view")

    def open_game(self, opponent):
        """Waits (without reloading) for the game with `opponent` to be listed, opens it."""
        def link():
            for a in self.d.find_elements(By.CSS_SELECTOR, "#games a"):
                if opponent in a.text and "move 1 " in a.text + " ":
                    return a
            return None
        self.until(link, f"the game with {opponent} to be listed live").click()
        self.until(lambda: self.visible("game-view") and self.labels()[40] is not None, "the game view")

    def turn(self):
        return self.d.find_element(By.ID, "turn").text

    def play_click(self, i):
        self.d.find_element(By.CSS_SELECTOR, f'.sq[data-square="{i}"]').click()

    def play_keys(self, i):
        """Tab to the board, arrows to square i, Enter."""
        d = self.d
        d.find_element(By.ID, "game-title").click()
        actions = ActionChains(d)
        for _ in range(80):
            if self.js("return document.activeElement.classList.contains('sq')"):
                break
            actions.send_keys(Keys.TAB).perform()
        else:
            raise AssertionError("Tab never reached the board")
        at = int(self.js("return document.activeElement.dataset.square"))
        keys = []
        dc, dr = i % 9 - at % 9, i // 9 - at // 9
        keys += [Keys.ARROW_RIGHT if dc > 0 else Keys.ARROW_LEFT] * abs(dc)
        keys += [Keys.ARROW_DOWN if dr > 0 else Keys.ARROW_UP] * abs(dr)
        if keys:
            ActionChains(d).send_keys(*keys).perform()
        now = int(self.js("return document.activeElement.dataset.square"))
        check(now == i, f"arrows reached {sq_name(now)}, not {sq_name(i)}")
        ActionChains(d).send_keys(Keys.ENTER).perform()

    def shot(self, path):
        self.d.save_screenshot(path)

    def figures_of_first_load(self):
        self.js("return document.fonts.ready.then(() => true)")
        time.sleep(0.3)
        return self.js("""
            const nav = performance.getEntriesByType('navigation')[0];
            const res = performance.getEntriesByType('resource');
            const paint = Object.fromEntries(performance.getEntriesByType('paint').map(p => [p.name, p.startTime]));
            return {bytes: nav.transferSize + res.reduce((s, r) => s + r.transferSize, 0),
                    body_bytes: nav.encodedBodySize + res.reduce((s, r) => s + r.encodedBodySize, 0),
                    files: 1 + res.length,
                    first_paint_ms: paint['first-paint'], first_contentful_paint_ms: paint['first-contentful-paint'],
                    dom_content_loaded_ms: nav.domContentLoadedEventEnd};
        """)

    def quit(self):
        self.d.quit()


def api(server, method, path, token=None, body=None):
    req = urllib.request.Request(server + "/api/v1" + path, method=method)
    if token:
        req.add_header("Authorization", "Bearer " + token)
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        req.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(req, data, timeout=10) as r:
        return json.loads(r.read() or b"null")


def establish(server, token):
    """Makes the player of `token` established (issue 44, D): five games
    against computer-beginner, each resigned after four moves. Only
    established players are in the standings, and a game between two new
    players is not rated."""
    for g in range(5):
        gid = api(server, "POST", "/challenges", token,
                  {"opponent": "computer-beginner", "variant": "majority", "side": "x"})["id"]
        for n in (1, 3):
            end = time.time() + WAIT
            while True:
                history = api(server, "GET", f"/games/{gid}")["history"]
                if len(history) == n - 1:
                    break
                check(time.time() < end, f"the computer's move in {gid}")
                time.sleep(0.02)
            square = sq_name(legal(history)[g])
            api(server, "POST", f"/games/{gid}/moves", token, {"square": square, "number": n})
        end = time.time() + WAIT
        while len(api(server, "GET", f"/games/{gid}")["history"]) < 4:
            check(time.time() < end, f"the computer's move in {gid}")
            time.sleep(0.02)
        api(server, "POST", f"/games/{gid}/resign", token, {})


def wait_label(page, i, prefix, what):
    page.until(lambda: (page.labels()[i] or "").startswith(prefix), what)


def latency(sender, receiver, square):
    sent = [t for (k, s, t) in sender.log() if k == "sent" and s == square]
    shown = [t for (k, s, t) in receiver.log() if k == "shown" and s == square]
    return shown[-1] - sent[-1] if sent and shown else None


def game_between_browsers(laptop, phone, names, shots, rng, figures):
    a, b = names
    laptop.challenge(b, "majority", "x")
    phone.accept_from(a)
    laptop.open_game(b)
    game_id = laptop.js("return location.hash.split('/').pop()")
    turn = laptop.d.find_element(By.ID, "turn")
    check(turn.get_attribute("aria-live") == "polite" and turn.get_attribute("role") == "status",
          "the turn line is a live region")
    check(laptop.turn().startswith("Your turn (+)"), f"laptop turn line: {laptop.turn()!r}")
    check(phone.turn().startswith(f"{a} (+) to play move 1"), f"phone turn line: {phone.turn()!r}")
    # the accessible names before the first move, as a screen reader reads them
    e5 = laptop.d.find_element(By.CSS_SELECTOR, '.sq[data-square="40"]')
    check(e5.accessible_name == "E5, empty, you may play anywhere", f"E5 reads {e5.accessible_name!r}")
    e5 = phone.d.find_element(By.CSS_SELECTOR, '.sq[data-square="40"]')
    check(e5.accessible_name == "E5, empty, + may play anywhere", f"E5 on the other side reads {e5.accessible_name!r}")
    pages = {"X": laptop, "O": phone}
    history = []
    delays = []
    for n in range(81):
        side = "O" if n % 2 else "X"
        mover, other = pages[side], pages["O" if side == "X" else "X"]
        labels = mover.labels()
        playable = [i for i, l in enumerate(labels) if "must play" in l or "may play anywhere" in l]
        check(sorted(playable) == sorted(legal(history)),
              f"move {n + 1}: the names offer {[sq_name(i) for i in playable]}, the rules {[sq_name(i) for i in legal(history)]}")
        check(mover.turn().startswith(f"Your turn ({SYMBOL[side]}), move {n + 1}"), f"move {n + 1}: {mover.turn()!r}")
        i = rng.choice(playable)
        if n < 4 and side == "X":
            mover.play_keys(i)
        else:
            mover.play_click(i)
        history.append(sq_name(i))
        prefix = f"{sq_name(i)}, {SYMBOL[side]}, last move"
        wait_label(other, i, prefix, f"move {n + 1} ({sq_name(i)}) to arrive live")
        wait_label(mover, i, prefix, f"move {n + 1} ({sq_name(i)}) on the mover's board")
        d = latency(mover, other, sq_name(i))
        if d is not None:
            delays.append(d)
        if n % 10 == 3:
            e = other.d.find_element(By.CSS_SELECTOR, f'.sq[data-square="{i}"]')
            check(e.accessible_name == prefix, f"computed name {e.accessible_name!r}, want {prefix!r}")
            if n >= 2:
                old = sq_index(history[-3])
                e = other.d.find_element(By.CSS_SELECTOR, f'.sq[data-square="{old}"]')
                check(e.accessible_name.endswith(", slashed"), f"an older move reads {e.accessible_name!r}")
            for p in pages.values():
                p.no_horizontal_scroll(f"game, move {n + 1}")
        if n == 5:
            text = "good luck <b>&amp;</b> \u2603"
            laptop.d.find_element(By.ID, "chat-text").send_keys(text)
            laptop.by_name("Send").click()
            phone.until(lambda: any(text in li.text for li in phone.d.find_elements(By.CSS_SELECTOR, "#chat li")),
                        "the chat line to arrive live, as text")
            check(not phone.d.find_elements(By.CSS_SELECTOR, "#chat b"), "chat text became HTML")
            # the opponent's line can be reported; one's own cannot
            report = phone.until(lambda: phone.by_name(f"Report line 1 by {a}"),
                                 "a Report button on the opponent's line")
            laptop.until(lambda: any(text in li.text for li in laptop.d.find_elements(By.CSS_SELECTOR, "#chat li")),
                         "one's own chat line")
            check(laptop.by_name(f"Report line 1 by {a}") is None, "a Report button on one's own line")
            report.click()
            phone.until(lambda: phone.by_name(f"Report line 1 by {a}") is None
                        and any(li.text.endswith("reported") for li in phone.d.find_elements(By.CSS_SELECTOR, "#chat li")),
                        "the line marked reported")
        if n == 43 and shots:
            laptop.shot(os.path.join(shots, "web-laptop.png"))
            phone.shot(os.path.join(shots, "web-phone.png"))
    for p in pages.values():
        p.until(lambda: p.turn().startswith("Game over"), "the game over line")
        p.no_horizontal_scroll("game over")
    game = api(laptop.server, "GET", f"/games/{game_id}")
    check(game["history"] == history, "the server's history is the one played")
    m = game["majority"]
    shown = laptop.d.find_element(By.ID, "majority").text
    check(shown == f"+ {m['x']} · O {m['o']}", f"majority shown {shown!r}, server {m}")
    s = game["super_glyph"]
    shown = phone.d.find_element(By.ID, "super").text
    check(shown == f"+ {s['x']} · O {s['o']}", f"super glyph shown {shown!r}, server {s}")
    if shots:
        laptop.shot(os.path.join(shots, "web-laptop-over.png"))
        phone.shot(os.path.join(shots, "web-phone-over.png"))
    figures["browser_to_browser_ms"] = summary(delays)


def summary(delays):
    return {"moves": len(delays), "median": round(statistics.median(delays), 1),
            "p90": round(sorted(delays)[int(len(delays) * 0.9)], 1), "max": round(max(delays), 1)}


def game_against_cli(page, me, scribe, server, rng, figures):
    home = tempfile.mkdtemp(prefix="scribe-cli-")
    env = dict(os.environ, XDG_DATA_HOME=home)
    cli_name = "carl" + me[-4:]

    def cli(*args, stdin=None):
        r = subprocess.run([scribe, "online", "--server", server, *args], env=env, input=stdin,
                           capture_output=True, text=True, timeout=30)
        check(r.returncode == 0, f"scribe online {' '.join(args)}: {r.stderr.strip()}")
        return r.stdout

    cli("signup", cli_name, "--password-stdin", stdin=PASSWORD + "\n")
    cli("login", cli_name, "--password-stdin", stdin=PASSWORD + "\n")
    token = api(server, "POST", "/session", body={"name": cli_name, "password": PASSWORD})["token"]
    page.d.get(server + "/#/")
    page.until(lambda: page.visible("lobby-view"), "the lobby")
    page.challenge(cli_name, "super-glyph", "o")
    page.until(lambda: page.by_name(f"Cancel the challenge to {cli_name}"), "my challenge listed")
    ids = [c["id"] for c in api(server, "GET", "/challenges", token)["challenges"] if c["challenger"] == me]
    check(len(ids) == 1, f"one challenge from {me}: {ids}")
    game_id = ids[0]
    cli("accept", game_id)
    page.open_game(cli_name)
    history = []
    delays = []
    for n in range(81):
        if n % 2 == 0:  # the CLI plays X
            i = rng.choice(legal(history))
            t0 = time.time() * 1000
            cli("move", game_id, sq_name(i), "--expect", str(n + 1))
            history.append(sq_name(i))
            wait_label(page, i, f"{sq_name(i)}, +, last move", f"the CLI's move {n + 1} to arrive live")
            shown = [t for (k, s, t) in page.log() if k == "shown" and s == sq_name(i)]
            if shown:
                delays.append(shown[-1] - t0)
        else:
            labels = page.labels()
            playable = [j for j, l in enumerate(labels) if "must play" in l or "may play anywhere" in l]
            check(sorted(playable) == sorted(legal(history)), f"move {n + 1}: the names offer other squares")
            i = rng.choice(playable)
            page.play_click(i)
            history.append(sq_name(i))
            wait_label(page, i, f"{sq_name(i)}, O, last move", f"my move {n + 1} on the board")
    page.until(lambda: page.turn().startswith("Game over"), "the game over line")
    shown = cli("show", game_id)
    check("The game is over" in shown, f"the CLI shows: {shown}")
    check(api(server, "GET", f"/games/{game_id}")["history"] == history, "the server's history")
    figures["cli_to_browser_ms"] = summary(delays)
    figures["cli_to_browser_note"] = "from just before `scribe online move` starts (process start included)"


def open_challenge_and_resign(laptop, phone, names):
    a, b = names
    laptop.d.get(laptop.server + "/#/")
    laptop.until(lambda: laptop.visible("lobby-view"), "the lobby")
    phone.d.get(phone.server + "/#/")
    phone.until(lambda: phone.visible("lobby-view"), "the lobby")
    laptop.challenge("", "majority", "x")
    laptop.until(lambda: laptop.by_name("Cancel the challenge"), "my open challenge listed")
    phone.accept_from(a)
    laptop.until(lambda: any("move 1 " in e.text + " " and b in e.text
                             for e in laptop.d.find_elements(By.CSS_SELECTOR, "#games a")), "the open game listed")
    for e in laptop.d.find_elements(By.CSS_SELECTOR, "#games a"):
        if "move 1 " in e.text + " " and b in e.text:
            e.click()
            break
    laptop.until(lambda: laptop.visible("game-view"), "the game view")
    laptop.play_click(40)
    wait_label(phone, 40, "E5, +, last move", "the first move to arrive live")
    phone.by_name("Resign").click()
    phone.d.switch_to.alert.accept()
    for p in (laptop, phone):
        p.until(lambda: "resigned" in p.turn(), "the resignation line")
    check(f"{b} (O) resigned; {a} (+) wins" in laptop.turn(), f"laptop reads {laptop.turn()!r}")


def time_limit_claimed(laptop, phone, names):
    """A game with a time limit of one "day" a move (a few seconds: the test
    server runs with SCRIBE_SERVE_DAY_MS): the player to move lets it run
    out; the other's page offers the claim by itself, and the claim ends it."""
    a, b = names
    laptop.d.get(laptop.server + "/#/")
    laptop.until(lambda: laptop.visible("lobby-view"), "the lobby")
    phone.d.get(phone.server + "/#/")
    phone.until(lambda: phone.visible("lobby-view"), "the lobby")
    laptop.challenge(b, "majority", "o", days="1")
    phone.accept_from(a)
    phone.until(lambda: "Move by" in phone.turn(), "the deadline in the turn line")
    laptop.open_game(b)
    check(laptop.by_name("Claim the game (out of time)") is None, "no claim while time is left")
    # The phone (X, to move) waits; the laptop's page reads the game again at the deadline.
    button = laptop.until(lambda: laptop.by_name("Claim the game (out of time)"), "the claim button", timeout=60)
    button.click()
    laptop.d.switch_to.alert.accept()
    for p in (laptop, phone):
        p.until(lambda: "ran out of time" in p.turn(), "the out-of-time line")
    check(f"{b} (+) ran out of time; {a} (O) wins" in laptop.turn(), f"laptop reads {laptop.turn()!r}")


def layout(page):
    """The turn line's height, the board's top, the gap from the board's foot
    to the Resign button and the window's height (CSS px, page unscrolled)."""
    return page.js("""window.scrollTo(0, 0);
        const r = (id) => document.getElementById(id).getBoundingClientRect();
        return [r('turn').height, r('board-host').top, r('resign').top - r('board-host').bottom,
                window.innerHeight, r('resign').bottom];""")


def undo_rule_and_small_items(laptop, phone, names, shots, figures):
    """Issue 29's items 6 and 7 on the page: a challenge's time limit read
    before accepting; "play anywhere" (not "in anywhere"); the phone's turn
    line and board stay put and Resign / Undo sit just under the board; the
    keyboard cursor goes to the mini grid to play when the opponent's move
    arrives; the one undo rule, worded as it is (only one's own last move,
    while the opponent is to move); a sign that a chat line arrived out of
    sight; the password change."""
    a, b = names
    for p in (laptop, phone):
        p.d.get(p.server + "/#/")
        p.until(lambda: p.visible("lobby-view"), "the lobby")
    laptop.challenge(b, "majority", "x", days="3")
    want = f"{a} challenges you · Majority · 3 days a move"
    phone.until(lambda: any(want in li.text for li in phone.d.find_elements(By.CSS_SELECTOR, "#challenges li")),
                "the time limit shown before accepting")
    phone.accept_from(a)
    laptop.open_game(b)
    check(laptop.turn().startswith("Your turn (+), move 1: play anywhere."), f"laptop turn line: {laptop.turn()!r}")
    phone.until(lambda: phone.turn().startswith(f"{a} (+) to play move 1 anywhere."), "the phone's turn line")
    before = layout(phone)
    check(before[2] < 60, f"the phone's Resign is {before[2]:.0f} px below the board")
    check(before[4] <= before[3], f"the phone's Resign ends at {before[4]:.0f} px, below the window's {before[3]} px")
    laptop.play_keys(40)
    wait_label(phone, 40, "E5, +, last move", "E5 on the phone")
    phone.until(lambda: phone.turn().startswith("Your turn (O), move 2"), "the phone's turn")
    after = layout(phone)
    check(before[:2] == after[:2], f"the phone's turn line or board moved: {before} -> {after}")
    # bob answers in the centre mini grid; ann's keyboard cursor (still on
    # the board after her Enter) goes to the mini grid she must use
    reply = next(i for i in legal(["E5"]) if grid_of(i) == 4)
    phone.play_click(reply)
    wait_label(laptop, reply, f"{sq_name(reply)}, O, last move", "bob's reply on the laptop")
    laptop.until(lambda: laptop.js("return document.activeElement.classList.contains('sq') && "
                                   "document.activeElement.getAttribute('aria-label').includes('must play')"),
                 "the keyboard cursor in the mini grid to play")
    at = int(laptop.js("return document.activeElement.dataset.square"))
    check(grid_of(at) == 4, f"the cursor is on {sq_name(at)}, not in the centre mini grid")
    # the one undo rule: ann, to move, is not offered bob's move
    check(laptop.by_name("Ask to take back your last move") is None
          and not laptop.js("return !document.getElementById('undo').hidden"), "ann is offered an undo of bob's move")
    asked = f"move 2 ({sq_name(reply)})"
    ask = phone.until(lambda: phone.by_name(f"Ask to take back your {asked}"), "bob's offer to ask back his move")
    ask.click()
    laptop.until(lambda: laptop.d.find_element(By.ID, "undo-text").text == f"{b} asks to take back their {asked}.",
                 "ann to read exactly what is asked")
    phone.until(lambda: phone.d.find_element(By.ID, "undo-text").text == f"You asked to take back your {asked}; {a} decides.",
                "bob's own words")
    if shots:
        laptop.shot(os.path.join(shots, "web-laptop-undo.png"))
        phone.shot(os.path.join(shots, "web-phone-undo.png"))
    laptop.by_name("Accept undo").click()
    wait_label(laptop, reply, f"{sq_name(reply)}, empty", "bob's move taken back")
    game_id = laptop.js("return location.hash.split('/').pop()")
    check(api(laptop.server, "GET", f"/games/{game_id}")["history"] == ["E5"],
          "the server took back exactly bob's move")
    # a chat line out of sight on the phone: a sign, which leads to it
    phone.js("window.scrollTo(0, 0)")
    check(phone.js("return document.getElementById('chat-new').hidden"), "a chat sign before any line")
    laptop.d.find_element(By.ID, "chat-text").send_keys("your move, bob")
    laptop.by_name("Send").click()
    sign = phone.until(lambda: phone.by_name("New chat line ↓"), "the sign of a chat line on the phone")
    if shots:
        phone.shot(os.path.join(shots, "web-phone-chat-sign.png"))
    sign.click()
    phone.until(lambda: phone.js("return document.getElementById('chat-new').hidden"), "the sign gone")
    phone.until(lambda: phone.js("const r = document.getElementById('chat-card').getBoundingClientRect();"
                                 "return r.top >= 0 && r.top < window.innerHeight"), "the chat in view")
    # the password change, and back
    laptop.d.get(laptop.server + "/#/")
    laptop.until(lambda: laptop.visible("lobby-view"), "the lobby")
    for old, new in ((PASSWORD, PASSWORD + "!"), (PASSWORD + "!", PASSWORD)):
        summary_el = laptop.d.find_element(By.XPATH, "//summary[normalize-space()='Change my password']")
        if not laptop.js("return arguments[0].parentElement.open", summary_el):
            summary_el.click()
        fields = {e.accessible_name: e for e in laptop.d.find_elements(By.CSS_SELECTOR, "#password-form input")}
        check({"Current password", "New password"} <= set(fields), f"the password fields are named {sorted(fields)}")
        fields["Current password"].send_keys(old)
        fields["New password"].send_keys(new)
        laptop.by_name("Change my password").click()
        laptop.until(lambda: laptop.d.find_element(By.ID, "password-state").text.startswith("Your password is changed"),
                     "the password changed")
        api(laptop.server, "POST", "/session", body={"name": a, "password": new})


def reconnect_after_restart(page, scribe, figures):
    """A server of its own (a temporary SQLite file) is stopped and started
    again on the same port: the page's live stream is back within a few
    seconds (the figure: from the server listening again to the page live)."""
    home = tempfile.mkdtemp(prefix="scribe-restart-")
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    url = f"http://127.0.0.1:{port}"
    db = "sqlite:" + os.path.join(home, "restart.sqlite3")

    def start():
        proc = subprocess.Popen([scribe, "serve", "--listen", f"127.0.0.1:{port}", "--database", db],
                                env=dict(os.environ, XDG_DATA_HOME=home),
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + WAIT
        while time.time() < deadline:
            try:
                urllib.request.urlopen(url + "/api/v1", timeout=1).read()
                return proc
            except urllib.error.HTTPError:
                return proc  # it answers
            except (urllib.error.URLError, OSError):
                time.sleep(0.02)
        proc.kill()
        raise AssertionError("the restarted server never answered")

    server = start()
    try:
        page.server = url
        page.sign_up("dora" + str(port))
        page.until(lambda: not page.visible("link") and page.js("return window.scribeLive === true"),
                   "the live stream", timeout=WAIT)
        server.terminate()
        server.wait(timeout=WAIT)
        page.until(lambda: page.visible("link") and page.js("return window.scribeLive") is False,
                   "the page to see the server gone")
        time.sleep(8)  # down a while: the pause between attempts has grown
        server = start()
        back = time.time()
        page.until(lambda: page.js("return window.scribeLive === true"), "the stream back after the restart", timeout=WAIT)
        took = time.time() - back
        figures["reconnect_after_restart_s"] = round(took, 2)
        check(took < 5, f"the page took {took:.1f} s to reconnect")
    finally:
        server.terminate()
        server.wait(timeout=WAIT)


def delete_account(page, name):
    """The account settings: Delete my account, with the password; the page
    is signed out and the name no longer signs in."""
    page.d.get(page.server + "/#/")
    page.until(lambda: page.visible("lobby-view"), "the lobby")
    page.by_name("Delete my account", tag="summary").click()
    field = page.until(lambda: page.d.find_element(By.ID, "delete-password"), "the password field")
    check(field.accessible_name == "Password", f"the field reads {field.accessible_name!r}")
    field.send_keys(PASSWORD)
    page.by_name("Delete my account").click()
    page.until(lambda: page.visible("signin-view"), "the sign-in form after deleting the account")
    problem = page.d.find_element(By.ID, "problem").text
    check("deleted" in problem, f"the page says {problem!r}")
    try:
        api(page.server, "POST", "/session", body={"name": name, "password": PASSWORD})
        check(False, "a deleted account signed in")
    except urllib.error.HTTPError as e:
        check(e.code == 401, f"signing in to a deleted account: {e.code}")


def your_move_notices(laptop, phone, names, shots, figures):
    """The laptop's tab counts the games waiting for it in its title and
    marks its icon; notifications are asked for only after a click on the
    switch, and one is made when a move arrives while the page is not in
    front."""
    a, b = names
    d = laptop.d
    d.get(laptop.server + "/#/")
    laptop.until(lambda: laptop.visible("lobby-view"), "the lobby")
    phone.d.get(phone.server + "/#/")
    phone.until(lambda: phone.visible("lobby-view"), "the lobby")
    # Nothing is asked when the page loads: count the asks from now on.
    laptop.js("""window.asked = 0;
        const ask = Notification.requestPermission.bind(Notification);
        Notification.requestPermission = () => { window.asked++; return ask(); };""")
    check(laptop.js("return Notification.permission") == "default", "permission asked at load")
    check(d.title == "Scribe online", f"the title with nothing waiting: {d.title!r}")
    switch = d.find_element(By.ID, "notify-on")
    check(switch.accessible_name.startswith("A browser notification"), f"the switch is named {switch.accessible_name!r}")
    check(not switch.is_selected(), "notifications start off")
    switch.click()
    laptop.until(lambda: laptop.js("return window.asked") == 1, "the permission to be asked after the click")
    # The test profile's answer: allowed.
    d.execute_cdp_cmd("Browser.grantPermissions", {"origin": laptop.server, "permissions": ["notifications"]})
    check(laptop.js("return Notification.permission") == "granted", "permission granted in the test profile")
    laptop.until(lambda: d.find_element(By.ID, "notify-state").text == "", "the page to see the permission given")
    if shots:
        laptop.shot(os.path.join(shots, "web-laptop-notices.png"))
    # bob challenges ann and moves first; ann's page is "not in front".
    phone.challenge(a, "majority", "x")
    laptop.accept_from(b)
    laptop.js("document.hasFocus = () => false;")
    phone.open_game(a)
    laptop.until(lambda: d.title == "Scribe online", "no count while it is bob's move")
    phone.play_click(40)
    laptop.until(lambda: d.title == "(1) Scribe online", "the title to count the game waiting")
    icon = laptop.js("return document.querySelector('link[rel=icon]').getAttribute('href')")
    check(icon.endswith("/icon-move.svg"), f"the icon is not marked: {icon}")
    notified = [t for (k, _, t) in laptop.log() if k == "notified"]
    check(len(notified) == 1, f"one notification, not {len(notified)}")
    sent = [t for (k, s, t) in phone.log() if k == "sent" and s == "E5"]
    if sent:
        figures["move_to_notification_ms"] = round(notified[0] - sent[-1], 1)
    wait_label(laptop, 40, "E5, +, last move", "bob's move on ann's board")
    reply = legal(["E5"])[0]
    laptop.play_click(reply)
    laptop.until(lambda: d.title == "Scribe online", "the count to clear after ann's move")
    icon = laptop.js("return document.querySelector('link[rel=icon]').getAttribute('href')")
    check(icon.endswith("/icon.svg"), f"the icon is still marked: {icon}")
    if shots:
        phone.d.get(phone.server + "/#/")
        phone.until(lambda: phone.visible("lobby-view"), "the lobby")
        phone.shot(os.path.join(shots, "web-phone-lobby-notices.png"))


def top_shot(page, path):
    """A screenshot of the page from its top (a hash change keeps the scroll)."""
    page.js("window.scrollTo(0, 0)")
    time.sleep(0.1)
    page.shot(path)


def lobby_spectators_history(laptop, phone, names, shots, figures):
    """Issue 29 items 3-5 in the browser. A third player, cid, uses the API
    alone. cid's open challenge reaches both lobbies without a reload; bob
    (phone) takes it; ann (laptop) signs out and watches the game from the
    list of games being played, each move arriving live (the latency from
    the move's request to the spectator's board is measured); cid resigns;
    bob asks for a rematch (one click); bob's history shows the game with
    its date, result, scores and ending, and its save file downloads; the
    standings are whole numbers with provisional ratings marked; bob's page
    draws his rating over time."""
    a, b = names
    server = laptop.server
    c = "cid" + a[3:]
    # bob is established first, so that the standings list him (issue 44, D).
    establish(server, api(server, "POST", "/session", body={"name": b, "password": PASSWORD})["token"])
    api(server, "POST", "/accounts", body={"name": c, "password": PASSWORD})
    cid = api(server, "POST", "/session", body={"name": c, "password": PASSWORD})["token"]
    for p in (laptop, phone):
        p.d.get(server + "/#/")
        p.until(lambda: p.visible("lobby-view"), "the lobby")
    # Who is online: the two pages (their streams), by name, linked to their pages.
    laptop.until(lambda: b in laptop.d.find_element(By.ID, "online").text, "bob listed as online")
    if shots:
        top_shot(laptop, os.path.join(shots, "web-lobby-laptop.png"))
        top_shot(phone, os.path.join(shots, "web-lobby-phone.png"))
    # An open challenge made by another client appears in both lobbies, no reload.
    marks = [p.js("return window.scribeLog.length") for p in (laptop, phone)]
    t0 = time.time() * 1000
    game = api(server, "POST", "/challenges", cid, {"variant": "majority", "side": "x"})
    gid = game["id"]
    for p, mark in zip((laptop, phone), marks):
        p.until(lambda: p.by_name(f"Accept {c}'s challenge"), f"cid's open challenge in the {p.kind}'s lobby")
        seen = [t for (k, ids, t) in p.log()[mark:] if k == "lobby" and gid in ids.split()]
        check(seen, "the lobby read again when the challenge arrived")
        figures.setdefault("open_challenge_to_lobby_ms", []).append(round(seen[0] - t0, 1))
    check(laptop.js("return location.hash") == "#/", "the laptop was not reloaded")
    phone.accept_from(c)
    laptop.until(lambda: laptop.by_name(f"Accept {c}'s challenge") is None, "the taken challenge to leave ann's lobby")
    # ann signs out and watches, as anyone may.
    laptop.by_name("Sign out").click()
    laptop.until(lambda: laptop.visible("signin-view"), "the sign-in form")
    laptop.d.get(server + "/#/playing")
    laptop.until(lambda: laptop.visible("playing-view"), "the games being played")
    link = laptop.until(lambda: next((e for e in laptop.d.find_elements(By.CSS_SELECTOR, "#playing a")
                                      if c in e.text and b in e.text), None), "the game listed")
    if shots:
        top_shot(laptop, os.path.join(shots, "web-playing-laptop.png"))
    link.click()
    laptop.until(lambda: laptop.visible("game-view") and laptop.labels()[40] is not None, "the watched game")
    laptop.until(lambda: laptop.d.find_element(By.ID, "watching").is_displayed(), "the line saying we watch")
    check(laptop.by_name("Resign") is None, "a spectator is offered Resign")
    time.sleep(0.3)  # the spectator's stream opens
    history = []
    delays = []
    rng = random.Random(7)
    for n in range(10):
        i = rng.choice(legal(history))
        name = sq_name(i)
        mark = len(laptop.log())
        if n % 2 == 0:  # cid (X) through the API
            t0 = time.time() * 1000
            api(server, "POST", f"/games/{gid}/moves", cid, {"square": name, "number": n + 1})
        else:  # bob (O) on the phone
            wait_label(phone, sq_index(history[-1]), f"{history[-1]}, +, last move", "cid's move on bob's board")
            phone.play_click(i)
        history.append(name)
        wait_label(laptop, i, f"{name}, {SYMBOL['X' if n % 2 == 0 else 'O']}, last move", f"move {n + 1} on the spectator's board")
        shown = [t for (k, s2, t) in laptop.log()[mark:] if k == "shown" and s2 == name]
        check(shown, f"move {n + 1} arrived on the stream (not by a reload)")
        if n % 2 == 0:
            delays.append(shown[0] - t0)
        else:
            d = latency(phone, laptop, name)
            if d is not None:
                delays.append(d)
    figures["move_to_spectator_ms"] = summary(delays)
    if shots:
        top_shot(laptop, os.path.join(shots, "web-watching-laptop.png"))
    api(server, "POST", f"/games/{gid}/resign", cid, {})
    laptop.until(lambda: "resigned" in laptop.turn(), "the resignation on the spectator's page")
    # bob: Rematch, one click, a challenge to cid with the sides swapped.
    phone.until(lambda: "resigned" in phone.turn(), "the resignation on bob's page")
    phone.until(lambda: phone.by_name("Rematch"), "the Rematch button").click()
    phone.until(lambda: phone.visible("lobby-view") and phone.by_name(f"Cancel the challenge to {c}"), "the rematch in bob's challenges")
    mine = [g for g in api(server, "GET", "/challenges", cid)["challenges"] if g["challenger"] == b]
    check(len(mine) == 1 and mine[0]["variant"] == "majority", f"the rematch: {mine}")
    rematch = api(server, "GET", f"/games/{mine[0]['id']}")
    check(rematch["challenged"] == c, f"the rematch is to cid: {rematch}")
    # bob's history: the game with its date, result, both scores and ending.
    phone.d.get(server + "/#/history")
    phone.until(lambda: phone.visible("history-view"), "the history page")
    row = phone.until(lambda: next((li for li in phone.d.find_elements(By.CSS_SELECTOR, "#history li")
                                    if c in li.text), None), "the game in the history")
    summary_ = next(g for g in api(server, "GET", "/games", phone.js("return localStorage.getItem('scribe.token')"))["games"]
                    if g["id"] == gid)
    m = summary_["majority"]
    text = row.text
    for want in (f"against {c} (+)", "Majority", "You won", f"{c} resigned", f"Majority + {m['x']} · O {m['o']}",
                 "Super Glyph (board not full)"):
        check(want in text, f"the history row lacks {want!r}: {text!r}")
    check(any(ch.isdigit() for ch in text.split("·")[0]), f"no date in {text!r}")
    save = row.find_element(By.CSS_SELECTOR, "a.save")
    check(save.get_attribute("download") == f"scribe-{gid}.ron", "the save link downloads a named file")
    downloads = tempfile.mkdtemp(prefix="scribe-dl-")
    phone.d.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})
    save.click()
    path = os.path.join(downloads, f"scribe-{gid}.ron")
    phone.until(lambda: os.path.exists(path) and os.path.getsize(path) > 0, "the save file downloaded")
    saved = open(path, encoding="utf-8").read()
    check("moves" in saved and history[0] in saved, f"the save file holds the game: {saved[:200]!r}")
    pdf = row.find_element(By.CSS_SELECTOR, "a.pdf")
    check(pdf.get_attribute("download") == f"scribe-{gid}.pdf", "the PDF link downloads a named file")
    pdf.click()
    pdf_path = os.path.join(downloads, f"scribe-{gid}.pdf")
    phone.until(lambda: os.path.exists(pdf_path) and os.path.getsize(pdf_path) > 1000, "the PDF downloaded")
    check(open(pdf_path, "rb").read(5) == b"%PDF-", "the download is a PDF")
    if shots:
        top_shot(phone, os.path.join(shots, "web-history-phone.png"))
    # The standings: whole numbers, provisional ratings marked with "?".
    phone.d.get(server + "/#/standings")
    phone.until(lambda: phone.visible("standings-view") and phone.d.find_elements(By.CSS_SELECTOR, "#standings-rows tr"),
                "the standings")
    want = {p["name"]: f"{round(p['rating'])}{'?' if p['deviation'] > 110 else ''}"
            for p in api(server, "GET", "/standings?variant=majority")["standings"]}
    shown = {}
    for tr in phone.d.find_elements(By.CSS_SELECTOR, "#standings-rows tr"):
        cells = [td.text for td in tr.find_elements(By.TAG_NAME, "td")]
        shown[cells[1]] = cells[2]
    check(shown == want, f"standings shown {shown}, want {want}")
    check(shown[b].endswith("?") and "." not in shown[b], f"bob's six-game rating: {shown[b]!r}")
    phone.no_horizontal_scroll("standings")
    if shots:
        top_shot(phone, os.path.join(shots, "web-standings-phone.png"))
    # bob's page: his rating after the game, and the game.
    phone.by_name(b, tag="a").click()
    phone.until(lambda: phone.visible("player-view") and phone.d.find_element(By.ID, "player-name").text == b, "bob's page")
    chart = phone.until(lambda: phone.d.find_element(By.CSS_SELECTOR, "#player-chart svg"), "the rating chart")
    label = chart.get_attribute("aria-label") or ""
    check(label.startswith("Rating over time: Majority from "), f"the chart reads {label!r}")
    check(any(c in li.text for li in phone.d.find_elements(By.CSS_SELECTOR, "#player-games li")), "the game on bob's page")
    phone.no_horizontal_scroll("player page")
    if shots:
        top_shot(phone, os.path.join(shots, "web-player-phone.png"))
    # ann signs in again; the laptop's pages for the screenshots.
    laptop.d.get(server + "/#/")
    laptop.until(lambda: laptop.visible("signin-view"), "the sign-in form")
    for field, text in (("signin-name", a), ("signin-password", PASSWORD)):
        e = laptop.d.find_element(By.ID, field)
        e.clear()
        e.send_keys(text)
    laptop.by_name("Sign in").click()
    laptop.until(lambda: laptop.visible("lobby-view"), "the lobby after signing in")
    if shots:
        for page, view, name in (("#/history", "history-view", "web-history-laptop.png"),
                                 ("#/standings", "standings-view", "web-standings-laptop.png"),
                                 (f"#/player/{b}", "player-view", "web-player-laptop.png")):
            laptop.d.get(server + "/" + page)
            laptop.until(lambda: laptop.visible(view), view)
            time.sleep(0.5)
            top_shot(laptop, os.path.join(shots, name))
        phone.d.get(server + "/#/playing")
        phone.until(lambda: phone.visible("playing-view"), "the games being played")
        time.sleep(0.3)
        top_shot(phone, os.path.join(shots, "web-playing-phone.png"))


def game_against_the_computer(laptop, phone, shots, rng):
    """"Play the computer" in the lobby: a level and a side, one click; the
    computer (Beginner) accepts at once and plays O's moves by itself; the
    laptop plays X to the end."""
    d = laptop.d
    for page in (laptop, phone):
        page.d.get(page.server + "/#/")
        page.until(lambda: page.visible("lobby-view"), "the lobby")
        page.until(lambda: page.visible("computer-section"), "the Play the computer section")
        page.until(lambda: len(page.d.find_elements(By.CSS_SELECTOR, "#computer-level option")) == 8,
                   "the eight levels")
        page.no_horizontal_scroll("lobby with Play the computer")
    level = d.find_element(By.ID, "computer-level")
    check(level.accessible_name == "Level", f"the level field is labelled {level.accessible_name!r}")
    side = d.find_element(By.ID, "computer-side")
    check(side.accessible_name == "You play", f"the side field is labelled {side.accessible_name!r}")
    options = [o.text for o in Select(level).options]
    check(re.match(r"Beginner · rated \d+$", options[0]) is not None
          and options[-1].startswith("Champion · "), f"the levels offered: {options}")
    # each level with its measured rating (GET /computers' level_rating), not the server's Glicko one
    computers = api(laptop.server, "GET", "/computers")["computers"]
    for text, c in zip(options, computers):
        rated = "not yet rated" if c["level_rating"] is None else f"rated {c['level_rating']}"
        check(text == f"{c['level']} · {rated}", f"{text!r} for {c}")
    # the chosen level in full under the form, with its time a move
    Select(level).select_by_value("computer-hard")
    hard = next(c for c in computers if c["name"] == "computer-hard")
    about = lambda: d.find_element(By.ID, "computer-about").text
    laptop.until(lambda: about().startswith(f"Hard · rated {hard['level_rating']} · ") and about().endswith(" s a move"),
                 "the chosen level's rating and time")
    Select(level).select_by_value("computer-beginner")
    laptop.until(lambda: re.match(r"Beginner · rated \d+ · under 0\.01 s a move$", about()) is not None,
                 "Beginner's rating and time")
    if shots:
        for page, name in ((laptop, "web-laptop-computer.png"), (phone, "web-phone-computer.png")):
            if page.phone:
                page.js("document.getElementById('computer-section').scrollIntoView({block: 'start'})")
            else:
                page.js("window.scrollTo(0, 0)")
            page.js("document.activeElement && document.activeElement.blur()")
            time.sleep(0.2)
            page.shot(os.path.join(shots, name))
    Select(level).select_by_value("computer-beginner")
    Select(side).select_by_value("x")
    laptop.by_name("Play the computer").click()
    laptop.until(lambda: laptop.visible("game-view") and laptop.labels()[40] is not None, "the game view")
    game_id = laptop.js("return location.hash").split("/")[-1]
    game = api(laptop.server, "GET", f"/games/{game_id}")
    check(game["status"] == "active" and game["players"]["o"] == "computer-beginner", f"the game: {game}")
    for n in range(0, 81, 2):
        history = api(laptop.server, "GET", f"/games/{game_id}")["history"]
        check(len(history) == n, f"move {n + 1}: the history has {len(history)} moves")
        labels = laptop.labels()
        playable = [j for j, l in enumerate(labels) if "must play" in l or "may play anywhere" in l]
        check(sorted(playable) == sorted(legal(history)), f"move {n + 1}: the names offer other squares")
        i = rng.choice(playable)
        laptop.play_click(i)
        if n == 80:
            break
        # The computer's reply, live on the board.
        def replied():
            h = api(laptop.server, "GET", f"/games/{game_id}")["history"]
            return len(h) == n + 2 and (laptop.labels()[sq_index(h[-1])] or "").startswith(f"{h[-1]}, O, last move")
        laptop.until(replied, f"the computer's move {n + 2}")
    laptop.until(lambda: laptop.turn().startswith("Game over"), "the game over line")
    final = api(laptop.server, "GET", f"/games/{game_id}")
    check(final["status"] == "finished" and len(final["history"]) == 81, f"the game at the end: {final}")


def drawn_from_the_server(page, rng):
    """12: the page draws what the server says of a position (issue 45,
    item 6: the page has no rules of its own). Two players made through the
    API play until mini grids are won; the laptop watches the game: the
    squares offered are the empty ones of the server's `next_grid` (and the
    rules' own, recomputed here), one grid is highlighted, the tallies under
    each grid are the server's points, and the majority and super glyph
    lines are the server's counts."""
    tag = f"{rng.randrange(10**6):06d}"
    tokens = []
    for who in (f"sx{tag}", f"so{tag}"):
        api(page.server, "POST", "/accounts", None, {"name": who, "password": PASSWORD})
        tokens.append(api(page.server, "POST", "/session", None, {"name": who, "password": PASSWORD})["token"])
    gid = api(page.server, "POST", "/challenges", tokens[0],
              {"opponent": f"so{tag}", "variant": "majority", "side": "x"})["id"]
    api(page.server, "POST", f"/games/{gid}/accept", tokens[1], {})
    history = []
    while True:
        g = api(page.server, "GET", f"/games/{gid}")
        won = [x for x in g["grids"] if x["winner"]]
        if (len(won) >= 2 and g["next_grid"] is not None) or len(history) >= 70:
            break
        square = sq_name(rng.choice(legal(history)))
        api(page.server, "POST", f"/games/{gid}/moves", tokens[len(history) % 2],
            {"square": square, "number": len(history) + 1})
        history.append(square)
    check(len(won) >= 2 and g["next_grid"] is not None, f"no position with grids won and a target: {g}")
    page.d.get(page.server + f"/#/game/{gid}")
    page.until(lambda: page.visible("game-view") and (page.labels()[40] or "") != "", "the watched game")
    page.until(lambda: sum(1 for l in page.labels() if ", empty" not in l) == len(history), "the marks")
    target = g["next_grid"] - 1
    offered = sorted(i for i, l in enumerate(page.labels()) if "must play" in l)
    server_says = sorted(i for i in range(81) if grid_of(i) == target and sq_name(i) not in history)
    check(offered == server_says, f"the page offers {offered}, the server's next_grid {g['next_grid']} {server_says}")
    check(offered == sorted(legal(history)), "the server's next_grid is not the rules' target")
    highlights = page.js("return [...document.querySelectorAll('rect')].filter(r => r.getAttribute('fill') === '#ffe23c').length")
    check(highlights == 1, f"{highlights} grids highlighted, not the one the server names")
    tallies = page.js("return [...document.querySelectorAll('.coords text')].slice(36).map(t => t.textContent)")
    want = [str(v) for x in sorted(g["grids"], key=lambda x: x["grid"]) for v in (x["x"], x["o"])]
    check(tallies == want, f"the tallies drawn {tallies}, the server's {want}")
    m, sg = g["majority"], g["super_glyph_so_far"]
    check(page.d.find_element(By.ID, "majority").text == f"+ {m['x']} · O {m['o']} so far",
          f"majority line {page.d.find_element(By.ID, 'majority').text!r}, the server's {m}")
    check(page.d.find_element(By.ID, "super").text == f"+ {sg['x']} · O {sg['o']} so far",
          f"super glyph line {page.d.find_element(By.ID, 'super').text!r}, the server's {sg}")
    check(m["x"] + m["o"] == len(won), f"majority {m} for {len(won)} grids won")
    legend = page.js("return [...document.querySelectorAll('#legend li')].map(li => li.textContent)")
    check(len(legend) == 19 and legend[0] == "Single 1" and legend[-1] == "9-Block 9", f"the legend from the server: {legend}")
    for x in g["grids"]:
        for f in x.get("found", []):
            check(all(grid_of(sq_index(s)) == x["grid"] - 1 for s in f["squares"]), f"found {f} outside grid {x['grid']}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--server", required=True)
    ap.add_argument("--scribe", required=True)
    ap.add_argument("--shots")
    ap.add_argument("--seed", type=int, default=21)
    ap.add_argument("--games", default="1,2,3,6,7,9,10,5", help="which games to play (1: browsers, 2: CLI, 3: resign, 4: time limit claimed, 6: your-move notices, 7: live lobby, spectators, rematch, history, standings, 9: against the computer, 10: undo rule and small items, 11: reconnect after a server restart (needs the binary), 12: the board drawn from the server's data, 5: delete the account, last)")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    tag = f"{random.randrange(10**4):04d}"
    names = (f"ann{tag}", f"bob{tag}")
    if args.shots:
        os.makedirs(args.shots, exist_ok=True)
    figures = {}
    laptop = Page(args.server, phone=False)
    phone = Page(args.server, phone=True)
    try:
        # the first load, in a fresh profile
        laptop.d.get(args.server + "/")
        laptop.until(lambda: laptop.visible("signin-view"), "the sign-in form")
        figures["first_load"] = laptop.figures_of_first_load()
        laptop.no_horizontal_scroll("sign-in")
        phone.d.get(args.server + "/")
        phone.until(lambda: phone.visible("signin-view"), "the sign-in form")
        phone.no_horizontal_scroll("sign-in")
        if args.shots:
            phone.shot(os.path.join(args.shots, "web-phone-signin.png"))
        laptop.sign_up(names[0])
        laptop.sign_out_and_in(names[0])
        phone.sign_up(names[1])
        games = args.games.split(",")
        if "1" in games:
            game_between_browsers(laptop, phone, names, args.shots, rng, figures)
            print("game 1 (two browsers, 81 moves): OK", flush=True)
        if "2" in games:
            game_against_cli(phone, names[1], args.scribe, args.server, rng, figures)
            print("game 2 (browser against the CLI, 81 moves): OK", flush=True)
        if "3" in games:
            open_challenge_and_resign(laptop, phone, names)
            print("game 3 (open challenge, resigned): OK", flush=True)
        if "4" in games:
            time_limit_claimed(laptop, phone, names)
            print("game 4 (a time limit run out, claimed): OK", flush=True)
        if "6" in games:
            your_move_notices(laptop, phone, names, args.shots, figures)
            print("game 6 (your-move notices: title, icon, notification): OK", flush=True)
        if "7" in games:
            lobby_spectators_history(laptop, phone, names, args.shots, figures)
            print("7: live lobby, a spectator, rematch, history, save file, standings, player page: OK", flush=True)
        if "9" in games:
            game_against_the_computer(laptop, phone, args.shots, rng)
            print("game 9 (the laptop against computer-beginner, 81 moves): OK", flush=True)
        if "10" in games:
            undo_rule_and_small_items(laptop, phone, names, args.shots, figures)
            print("game 10 (undo rule, time limit, cursor, phone layout, chat sign, password): OK", flush=True)
        if "11" in games:
            server = laptop.server
            reconnect_after_restart(laptop, args.scribe, figures)
            laptop.server = server
            print("11: reconnected after a server restart: OK", flush=True)
        if "12" in games:
            drawn_from_the_server(laptop, rng)
            print("12: the page draws the server's target, tallies and grid winners: OK", flush=True)
        if "5" in games:
            delete_account(phone, names[1])
            print("5: the account deleted from its settings: OK", flush=True)
    finally:
        laptop.quit()
        phone.quit()
    print("FIGURES " + json.dumps(figures), flush=True)


if __name__ == "__main__":
    try:
        main()
    except AssertionError as e:
        print(f"browser test failed: {e}", file=sys.stderr)
        sys.exit(1)
