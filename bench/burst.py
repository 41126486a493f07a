#!/usr/bin/env python3
"""Sends hook requests to serve over its unix socket, the way the shim does: N clients x M PostToolUse events each
(distinct tool_use_ids), then optionally one huge payload. Prints what it sent and how many answers were 200.

    bench/burst.py SOCKET [--clients 8] [--events 1000] [--huge-mib 0] [--cwd DIR]
"""
import argparse, http.client, json, socket, sys, threading

class UnixConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost", timeout=60)
        self.path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(60)
        self.sock.connect(self.path)

def post(path, event, body, cwd):
    c = UnixConnection(path)
    try:
        c.request("POST", f"/hook/{event}?agent=claude-code", body=body,
                  headers={"Content-Type": "application/json", "X-Eagle-Cwd": cwd})
        r = c.getresponse()
        r.read()
        return r.status
    finally:
        c.close()

def payload(session, n, cwd, size=0):
    out = "x" * size if size else f"ok {n}"
    return json.dumps({"session_id": session, "cwd": cwd, "hook_event_name": "PostToolUse", "tool_name": "Bash",
                       "tool_use_id": f"toolu_{session}_{n}", "tool_input": {"command": f"ls src/{n}"},
                       "tool_response": {"stdout": out, "stderr": ""}})

def main():
    a = argparse.ArgumentParser()
    a.add_argument("socket")
    a.add_argument("--clients", type=int, default=8)
    a.add_argument("--events", type=int, default=1000)
    a.add_argument("--huge-mib", type=int, default=0)
    a.add_argument("--cwd", default="/home/dev/work/shop-api")
    a.add_argument("--session-prefix", default="burst")
    args = a.parse_args()
    ok = [0] * args.clients
    def client(i):
        for n in range(args.events):
            if post(args.socket, "PostToolUse", payload(f"{args.session_prefix}-{i}", n, args.cwd), args.cwd) == 200:
                ok[i] += 1
    threads = [threading.Thread(target=client, args=(i,)) for i in range(args.clients)]
    for t in threads: t.start()
    for t in threads: t.join()
    print(f"sent {args.clients * args.events} events, {sum(ok)} answered 200")
    if args.huge_mib:
        status = post(args.socket, "PostToolUse", payload(f"{args.session_prefix}-huge", 0, args.cwd, args.huge_mib * 1024 * 1024 - 400), args.cwd)
        print(f"huge payload ({args.huge_mib} MiB): HTTP {status}")

if __name__ == "__main__":
    main()
