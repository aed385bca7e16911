#!/usr/bin/env python3
"""Plays one scripted session (every endpoint, most refusals, the live
streams of two players) against two `scribe serve` binaries and compares
every answer and event, ids, tokens and times normalised: a check that a
change to the server keeps the JSON on the wire as it was.

    python3 tests/online_common/compare_servers.py OLD/scribe NEW/scribe

Prints each difference and "N calls, M events compared; K differences".
Needs debug builds (a day of 400 ms through SCRIBE_SERVE_DAY_MS); uses
ports 47610 and 47611."""
import json, os, re, subprocess, sys, tempfile, threading, time, http.client

def start(binary, port, db):
    env = dict(os.environ, SCRIBE_SERVE_DAY_MS="400")
    p = subprocess.Popen([binary, "serve", "--listen", f"127.0.0.1:{port}",
                          "--database", f"sqlite:{db}", "--sqlite-sync", "normal",
                          "--auth-per-minute", "1000"],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    for _ in range(200):
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            c.request("GET", "/api/v1/")
            c.getresponse().read()
            return p
        except Exception:
            time.sleep(0.05)
    raise SystemExit("no server")

class Run:
    def __init__(self, port):
        self.port = port
        self.log = []
        self.tokens = {}
        self.events = {}

    def call(self, method, path, who=None, body=None):
        c = http.client.HTTPConnection("127.0.0.1", self.port)
        h = {}
        if body is not None:
            h["Content-Type"] = "application/json"
            body = body if isinstance(body, str) else json.dumps(body)
        if who:
            h["Authorization"] = "Bearer " + self.tokens[who]
        c.request(method, "/api/v1" + path, body=body, headers=h)
        r = c.getresponse()
        text = r.read().decode()
        try:
            v = json.loads(text)
        except Exception:
            v = text
        self.log.append((method, path, who, r.status, v))
        return v

    def listen(self, who):
        evs = self.events.setdefault(who, [])
        def run():
            c = http.client.HTTPConnection("127.0.0.1", self.port)
            c.request("GET", "/api/v1/events", headers={"Authorization": "Bearer " + self.tokens[who]})
            r = c.getresponse()
            kind = None
            while True:
                line = r.fp.readline()
                if not line:
                    return
                line = line.decode().rstrip("\n")
                if line.startswith("event:"):
                    kind = line[6:].strip()
                elif line.startswith("data:"):
                    evs.append((kind, json.loads(line[5:].strip())))
        threading.Thread(target=run, daemon=True).start()

def script(r):
    r.call("GET", "/")
    for n in ["ann", "bob", "cid"]:
        r.call("POST", "/accounts", body={"name": n.capitalize() if n == "bob" else n, "password": "a long password"})
    r.call("POST", "/accounts", body={"name": "ann", "password": "a long password"})
    r.call("POST", "/accounts", body={"name": "1x", "password": "a long password"})
    r.call("POST", "/accounts", body={"name": "dan", "password": "short"})
    r.call("POST", "/accounts", body="not json")
    for n in ["ann", "bob", "cid"]:
        v = r.call("POST", "/session", body={"name": n, "password": "a long password"})
        r.tokens[n] = v["token"]
    r.call("POST", "/session", body={"name": "ann", "password": "wrong password"})
    r.listen("ann"); r.listen("bob")
    time.sleep(0.3)
    r.call("GET", "/me", "ann")
    r.call("GET", "/me")
    g = r.call("POST", "/challenges", "ann", {"opponent": "bob", "variant": "super-glyph", "side": "x", "days": 1})
    gid = g["id"]
    r.call("POST", "/challenges", "ann", {"opponent": "bob", "variant": "chess"})
    r.call("POST", "/challenges", "ann", {"opponent": "bob", "side": "left"})
    r.call("POST", "/challenges", "ann", {"opponent": "bob", "days": 31})
    r.call("POST", "/challenges", "ann", {"opponent": "ANN"})
    r.call("POST", "/challenges", "ann", {"opponent": "zed"})
    r.call("POST", "/challenges", "ann", {"opponent": "z e d"})
    o = r.call("POST", "/challenges", "cid", {"side": "O", "variant": "Super_Glyph"})
    oid = o["id"]
    r.call("GET", "/challenges", "ann")
    r.call("GET", "/challenges", "bob")
    r.call("POST", f"/games/{oid}/accept", "cid", {})
    r.call("POST", f"/games/{oid}/decline", "ann", {})
    r.call("POST", f"/games/{oid}/cancel", "ann", {})
    r.call("POST", f"/games/{oid}/cancel", "cid", {})
    r.call("POST", f"/games/{oid}/accept", "ann", {})
    r.call("POST", f"/games/{oid}/moves", "cid", {"square": "E5"})
    r.call("POST", f"/games/{gid}/accept", "cid", {})
    r.call("POST", f"/games/{gid}/moves", "ann", {"square": "E5"})
    r.call("POST", f"/games/{gid}/accept", "bob", {})
    r.call("POST", f"/games/{gid}/accept", "bob", {})
    r.call("POST", f"/games/{gid}/moves", "ann", {"square": "E5", "number": 1})
    r.call("POST", f"/games/{gid}/moves", "ann", {"square": "E5", "number": 1})
    r.call("POST", f"/games/{gid}/moves", "ann", {"square": "D4", "number": 5})
    r.call("POST", f"/games/{gid}/moves", "ann", {"square": "D4"})
    r.call("POST", f"/games/{gid}/moves", "bob", {"square": "E5", "number": 2})
    r.call("POST", f"/games/{gid}/moves", "bob", {"square": "Z9", "number": 2})
    r.call("POST", f"/games/{gid}/moves", "cid", {"square": "D4", "number": 2})
    r.call("POST", f"/games/{gid}/undo", "ann", {})
    r.call("POST", f"/games/{gid}/undo", "ann", {})
    r.call("POST", f"/games/{gid}/undo/accept", "ann", {})
    r.call("POST", f"/games/{gid}/undo/decline", "bob", {})
    r.call("POST", f"/games/{gid}/undo/accept", "bob", {})
    r.call("POST", f"/games/{gid}/undo", "bob", {})
    r.call("POST", f"/games/{gid}/undo", "ann", {})
    r.call("POST", f"/games/{gid}/undo", "ann", {})
    r.call("POST", f"/games/{gid}/moves", "ann", {"square": "E5", "number": 1})
    r.call("POST", f"/games/{gid}/moves", "bob", {"square": "D4", "number": 2})
    r.call("POST", f"/games/{gid}/chat", "ann", {"text": "good luck"})
    r.call("POST", f"/games/{gid}/chat", "ann", {"text": ""})
    r.call("POST", f"/games/{gid}/chat", "ann", {"text": "a\tb"})
    r.call("POST", f"/games/{gid}/chat", "cid", {"text": "hi"})
    r.call("GET", f"/games/{gid}/chat", "bob")
    r.call("GET", f"/games/{gid}/chat", "cid")
    r.call("POST", f"/games/{gid}/claim", "ann", {})
    r.call("POST", f"/games/{gid}/claim", "bob", {})
    r.call("GET", "/games", "ann")
    r.call("GET", "/games?next=true", "ann")
    r.call("GET", "/games?next=true", "bob")
    r.call("GET", f"/games/{gid}")
    r.call("GET", f"/games/{gid}/board")
    r.call("GET", f"/games/{oid}/board")
    r.call("GET", f"/games/{oid}/save")
    r.call("GET", f"/games/{gid}/save")
    r.call("GET", "/games/nosuchgame")
    r.call("GET", "/games/bad-id!")
    time.sleep(0.5)  # ann runs out of time (a day is 400 ms)
    r.call("GET", f"/games/{gid}")
    r.call("POST", f"/games/{gid}/claim", "bob", {})
    r.call("POST", f"/games/{gid}/resign", "ann", {})
    r.call("GET", f"/games/{gid}/board")
    # a second game, resigned
    h = r.call("POST", "/challenges", "bob", {"opponent": "ann", "side": "o"})
    r.call("POST", f"/games/{h['id']}/decline", "ann", {})
    h = r.call("POST", "/challenges", "bob", {"opponent": "ann", "side": "o"})
    r.call("POST", f"/games/{h['id']}/accept", "ann", {})
    r.call("POST", f"/games/{h['id']}/moves", "ann", {"square": "E5", "number": 1})
    r.call("POST", f"/games/{h['id']}/resign", "bob", {})
    r.call("GET", f"/games/{h['id']}/save")
    r.call("GET", "/standings")
    r.call("GET", "/standings?variant=super-glyph")
    r.call("GET", "/standings?variant=chess")
    r.call("GET", "/games", "bob")
    r.call("POST", "/me/password", "cid", {"old": "wrong one!", "new": "another one!"})
    r.call("POST", "/me/password", "cid", {"old": "a long password", "new": "another one!"})
    r.call("GET", "/nowhere")
    time.sleep(0.5)
    r.call("DELETE", "/sessions", "bob")
    r.call("DELETE", "/session", "ann")
    r.call("DELETE", "/session", "ann")

def normalise(run):
    ids = {}
    def walk(v):
        if isinstance(v, dict):
            return {k: norm_key(k, x) for k, x in v.items()}
        if isinstance(v, list):
            return [walk(x) for x in v]
        if isinstance(v, str):
            return norm_str(v)
        return v
    def norm_key(k, x):
        if k in ("created", "updated", "deadline") and x is not None:
            return "TIME"
        if k == "token":
            return "TOKEN"
        if k == "volatility":
            return round(x, 9)
        return walk(x)
    def norm_str(s):
        for real, fake in ids.items():
            s = s.replace(real, fake)
        s = re.sub(r"\d{4}-\d\d-\d\d[ T]\d\d:\d\d(:\d\d)?(\.\d+)?( UTC)?", "TIME", s)
        return s
    # game ids in order of appearance
    for (_, _, _, _, v) in run.log:
        if isinstance(v, dict) and isinstance(v.get("id"), str) and len(v["id"]) == 10:
            ids.setdefault(v["id"], f"GAME{len(ids)}")
    calls = [(m, norm_str(p), w, s, walk(v)) for (m, p, w, s, v) in run.log]
    events = {w: [(k, walk(d)) for (k, d) in evs] for w, evs in run.events.items()}
    return calls, events

def main():
    a, b = sys.argv[1], sys.argv[2]
    out = []
    with tempfile.TemporaryDirectory() as d:
        for i, binary in enumerate([a, b]):
            port = 47610 + i
            p = start(binary, port, f"{d}/s{i}.sqlite3")
            try:
                r = Run(port)
                script(r)
                out.append(normalise(r))
            finally:
                p.terminate(); p.wait()
    (ca, ea), (cb, eb) = out
    bad = 0
    for x, y in zip(ca, cb):
        if x != y:
            bad += 1
            print("DIFF", x[:4]); print("  a:", json.dumps(x[4], sort_keys=True)); print("  b:", json.dumps(y[4], sort_keys=True))
    if len(ca) != len(cb):
        print("different number of calls"); bad += 1
    for who in ea:
        if ea[who] != eb.get(who):
            bad += 1
            print("EVENTS DIFF", who)
            for x, y in zip(ea[who], eb.get(who, [])):
                if x != y:
                    print("  a:", json.dumps(x, sort_keys=True)); print("  b:", json.dumps(y, sort_keys=True))
            print(len(ea[who]), len(eb.get(who, [])))
    print(f"{len(ca)} calls, {sum(len(e) for e in ea.values())} events compared; {bad} differences")
    statuses = sorted({s for (_, _, _, s, _) in ca})
    print("statuses seen:", statuses)

main()
