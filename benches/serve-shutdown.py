#!/usr/bin/env python3
"""How long `scribe serve` takes to stop on SIGTERM with many live streams open.

usage: benches/serve-shutdown.py [STREAMS] [RUNS]     (default 500 streams, 3 runs)

Starts `scribe serve` on a fresh SQLite file on loopback (BIN overrides the
binary, default target/debug/scribe; CARGO_TARGET_DIR is honoured), signs two
players up, starts a game, opens STREAMS live streams (raw HTTP, each waits
for its `ready` event), plays a few moves (every stream receives them), then
sends SIGTERM and measures the time until the process has exited. Also checks
that every stream was ended properly by the server (the chunked body's last
chunk) and that the moves are there after a restart. Prints one line a run.
"""
import http.client, json, os, signal, socket, subprocess, sys, tempfile, threading, time

STREAMS = int(sys.argv[1]) if len(sys.argv) > 1 else 500
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 3
BIN = os.environ.get("BIN") or os.path.join(os.environ.get("CARGO_TARGET_DIR", "target"), "debug", "scribe")


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def start(db, port, home):
    p = subprocess.Popen([BIN, "serve", "--listen", f"127.0.0.1:{port}", "--database", f"sqlite:{db}"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ, "XDG_DATA_HOME": home})
    line = p.stdout.readline().decode()
    assert "listening on" in line, line
    # Read the access log as it comes: a pipe nobody reads would fill and
    # stop the server at its next log line.
    threading.Thread(target=p.stdout.read, daemon=True).start()
    return p


def call(port, method, path, body=None, token=None):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    c.request(method, "/api/v1" + path, json.dumps(body) if body is not None else None, headers)
    r = c.getresponse()
    data = json.loads(r.read() or b"null")
    c.close()
    return r.status, data


def account(port, name):
    call(port, "POST", "/accounts", {"name": name, "password": name + "-password"})
    return call(port, "POST", "/session", {"name": name, "password": name + "-password"})[1]["token"]


def stream(port, token):
    s = socket.create_connection(("127.0.0.1", port), timeout=60)
    s.sendall(f"GET /api/v1/events HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\n\r\n".encode())
    seen = b""
    while b"event: ready" not in seen:
        chunk = s.recv(4096)
        assert chunk, "stream closed before ready"
        seen += chunk
    return s


def run():
    with tempfile.TemporaryDirectory() as d:
        port, db = free_port(), os.path.join(d, "s.sqlite3")
        p = start(db, port, d)
        ann, bob = account(port, "ann"), account(port, "bob")
        _, g = call(port, "POST", "/challenges", {"opponent": "bob", "variant": "majority", "side": "x"}, ann)
        gid = g["id"]
        call(port, "POST", f"/games/{gid}/accept", {}, bob)
        socks = []
        for i in range(STREAMS):
            try:
                socks.append(stream(port, ann if i % 2 == 0 else bob))
            except Exception as e:
                sys.exit(f"stream {i} did not open: {e!r}")
        played = 0
        for n, sq in enumerate(["E5", "D4"]):
            st, _ = call(port, "POST", f"/games/{gid}/moves", {"square": sq, "number": n + 1}, ann if n % 2 == 0 else bob)
            played += st == 200
        t0 = time.monotonic()
        p.send_signal(signal.SIGTERM)
        p.wait()
        took = time.monotonic() - t0
        clean = 0
        for s in socks:
            rest = b""
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    break
                rest += chunk
            clean += rest.endswith(b"0\r\n\r\n")
            s.close()
        err = p.stderr.read().decode().strip()
        p2 = start(db, port, d)
        _, game = call(port, "GET", f"/games/{gid}", None, ann)
        p2.send_signal(signal.SIGTERM)
        p2.wait()
        print(f"{STREAMS} streams: exit after SIGTERM {took * 1000:.0f} ms, status {p.returncode}, "
              f"{clean}/{STREAMS} streams ended cleanly, {played} moves acknowledged, "
              f"{len(game['history'])} kept{', stderr: ' + err if err else ''}")


for _ in range(RUNS):
    run()
