#!/usr/bin/env python3
"""Soak: N agents send hook events at once through the bash shim while serve is killed -9 at random moments.

Each agent (half shaped like Claude Code 2.1.330's payloads, half like Codex 0.169.0's) sends a SessionStart, then
EVENTS events: two in three a PostToolUse (a unique tool_use_id, command `echo OM_<run>_<agent>_<n>`), one in three a
UserPromptSubmit (a unique prompt_id or turn_id, prompt `PM_<run>_<agent>_<n> …`), each through
`bash <runtime>/eagle-mem-hook <Event> --agent …` as install registers it. A killer thread waits for a serve that
answers /health, sleeps a random 0.5–3 s and kills it (SIGKILL), KILLS times; the next hook that finds no serve
starts one (autostart) and falls back to the binary meanwhile. At the end the spool is replayed and every marker is
counted in the database: lost (0 rows), twice (2+ rows), hooks that exited non-zero or wrote to stderr or wrote more
than one line to stdout.

    bench/soak.py [--launcher target/eagle-mem] [--agents 8] [--events 1000] [--kills 20] [--seed N] [--out FILE.md]

Needs bash, git, curl and sqlite3. Runs in a scratch HOME under /tmp (a git repository at ~/work/shop-api is the
project), with serve on a free loopback port of its own; everything it starts is stopped and removed at the end.
"""
import argparse, json, os, random, shutil, signal, socket, sqlite3, subprocess, sys, tempfile, threading, time
import uuid

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def healthy(data):
    """True when a serve answers /health on its unix socket (a killed one leaves a socket file that refuses)."""
    sock = os.path.join(data, "serve.sock")
    try:
        with socket.socket(socket.AF_UNIX) as s:
            s.settimeout(1)
            s.connect(sock)
            s.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            return s.recv(16).startswith(b"HTTP/1.1 200")
    except OSError:
        return False


def serve_pid(data):
    try:
        with open(os.path.join(data, "serve.pid")) as f:
            return int(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None


class Agent:
    def __init__(self, n, run, cwd, codex):
        self.n, self.run, self.cwd, self.codex = n, run, cwd, codex
        self.session = str(uuid.uuid4())
        self.turn = str(uuid.uuid4())

    def base(self, event):
        p = {"session_id": self.session, "cwd": self.cwd, "hook_event_name": event}
        if self.codex:
            p["turn_id"] = self.turn
            p["transcript_path"] = f"{self.cwd}/.codex-rollout-{self.session}.jsonl"
            p["model"] = "gpt-5.5"
            p["permission_mode"] = "bypassPermissions"
        else:
            p["transcript_path"] = f"{self.cwd}/.claude-{self.session}.jsonl"
            p["permission_mode"] = "default"
        return p

    def session_start(self):
        p = self.base("SessionStart")
        p["source"] = "startup"
        return "SessionStart", p

    def event(self, i):
        if i % 3 == 2:
            self.turn = str(uuid.uuid4())  # a new turn (Codex) / a new prompt (Claude Code)
            p = self.base("UserPromptSubmit")
            if not self.codex:
                p["prompt_id"] = str(uuid.uuid4())
            p["prompt"] = f"PM_{self.run}_{self.n}_{i} please check the release guardrail again"
            return "UserPromptSubmit", p, "prompt", f"PM_{self.run}_{self.n}_{i} "
        p = self.base("PostToolUse")
        if not self.codex:
            p["prompt_id"] = self.turn
        p["tool_name"] = "Bash"
        p["tool_input"] = {"command": f"echo OM_{self.run}_{self.n}_{i}"}
        p["tool_response"] = "" if self.codex else {"stdout": "ok", "stderr": "", "interrupted": False}
        p["tool_use_id"] = (f"call_{uuid.uuid4().hex[:24]}" if self.codex else f"toolu_{uuid.uuid4().hex[:20]}")
        return "PostToolUse", p, "tool", f"echo OM_{self.run}_{self.n}_{i}"


def main():
    a = argparse.ArgumentParser()
    a.add_argument("--launcher", default=os.path.join(ROOT, "target/eagle-mem"))
    a.add_argument("--agents", type=int, default=8)
    a.add_argument("--events", type=int, default=1000)
    a.add_argument("--kills", type=int, default=20)
    a.add_argument("--seed", type=int, default=None)
    a.add_argument("--out", default=None, help="append a result row to this markdown file")
    args = a.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    rnd = random.Random(seed)
    launcher = os.path.abspath(args.launcher)
    shim = os.path.join(os.path.dirname(os.path.realpath(launcher)), "quarkus-app", "eagle-mem-hook")
    if not os.path.exists(shim):
        shim = os.path.join(os.path.dirname(os.path.realpath(launcher)), "eagle-mem-hook")
    for tool in ("bash", "git", "curl", "sqlite3"):
        if shutil.which(tool) is None:
            sys.exit(f"soak.py: {tool} is missing. fix: apt-get install {tool}")

    scratch = tempfile.mkdtemp(prefix="emsoak.", dir="/tmp")
    home = os.path.join(scratch, "home")
    data = os.path.join(home, ".eagle-mem")
    cwd = os.path.join(home, "work", "shop-api")
    os.makedirs(cwd)
    env = {"PATH": os.environ["PATH"], "HOME": home, "EAGLE_MEM_DIR": data, "LANG": "C.UTF-8"}
    for k in ("JAVA_HOME",):
        if k in os.environ:
            env[k] = os.environ[k]
    subprocess.run(["git", "init", "-q"], cwd=cwd, check=True, env=env)
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "init"],
                   cwd=cwd, check=True, env=env)
    config = os.path.join(scratch, "config.toml")
    port = free_port()
    # the lexical hook path: loading the embedding model at each of the restarts would only add CPU load
    with open(config, "w") as f:
        f.write(f"[recall]\nsemantic = false\n\n[serve]\nport = {port}\n")
    env["EAGLE_CONFIG_FILE"] = config
    subprocess.run([launcher, "status"], env=env, cwd=cwd, check=True, stdout=subprocess.DEVNULL)

    run = uuid.uuid4().hex[:6]
    agents = [Agent(n, run, cwd, codex=(n % 2 == 1)) for n in range(args.agents)]
    expected = []  # (kind, needle)
    bad = []  # (event, rc, stderr, stdout lines)
    times = []
    lock = threading.Lock()
    done = threading.Event()

    def hook(event, payload, agent):
        start = time.monotonic()
        p = subprocess.run(["bash", shim, event, "--agent", "codex" if agent.codex else "claude-code"],
                           input=json.dumps(payload, indent=2).encode(), capture_output=True, env=env, cwd=cwd)
        took = time.monotonic() - start
        lines = p.stdout.decode(errors="replace").splitlines()
        ok = p.returncode == 0 and not p.stderr and len(lines) <= 1
        if lines:
            try:
                json.loads(lines[0])
            except ValueError:
                ok = False
        with lock:
            times.append(took)
            if not ok:
                bad.append((event, p.returncode, p.stderr.decode(errors="replace")[:300], len(lines)))

    def drive(agent):
        hook(*agent.session_start(), agent)
        for i in range(args.events):
            event, payload, kind, needle = agent.event(i)
            with lock:
                expected.append((kind, needle))
            hook(event, payload, agent)

    kills = []

    def killer():
        while len(kills) < args.kills and not done.is_set():
            deadline = time.monotonic() + 60
            while not healthy(data) and time.monotonic() < deadline and not done.is_set():
                time.sleep(0.1)
            if done.is_set():
                return
            time.sleep(rnd.uniform(0.5, 3.0))
            pid = serve_pid(data)
            if pid is None or done.is_set():
                continue
            try:
                os.kill(pid, signal.SIGKILL)
                kills.append(time.monotonic())
            except ProcessLookupError:
                pass

    started = time.monotonic()
    threads = [threading.Thread(target=drive, args=(ag,)) for ag in agents]
    k = threading.Thread(target=killer)
    for t in threads:
        t.start()
    k.start()
    for t in threads:
        t.join()
    done.set()
    k.join()
    elapsed = time.monotonic() - started

    # what is still spooled lands now, as it would at the next hook or serve start
    subprocess.run([launcher, "serve", "--stop"], env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    subprocess.run([launcher, "spool", "replay"], env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    db = sqlite3.connect(os.path.join(data, "memory.db"), timeout=30)
    tool_counts = {}
    for (command,) in db.execute("SELECT command FROM observations WHERE command LIKE ?", (f"echo OM_{run}_%",)):
        tool_counts[command] = tool_counts.get(command, 0) + 1
    prompt_counts = {}
    for (prompt,) in db.execute("SELECT prompt FROM user_prompts WHERE prompt LIKE ?", (f"PM_{run}_%",)):
        key = prompt.split(" ", 1)[0] + " "
        prompt_counts[key] = prompt_counts.get(key, 0) + 1
    integrity = db.execute("PRAGMA integrity_check").fetchone()[0]
    db.close()
    lost = twice = 0
    for kind, needle in expected:
        n = (tool_counts if kind == "tool" else prompt_counts).get(needle, 0)
        lost += n == 0
        twice += n > 1
    times.sort()
    pct = lambda q: times[min(len(times) - 1, int(round(q * (len(times) - 1))))] * 1000
    result = {
        "seed": seed, "agents": args.agents, "events": len(expected), "kills": len(kills), "lost": lost, "twice": twice,
        "hooks": len(times), "bad_hooks": len(bad), "p50_ms": round(pct(0.5)), "p95_ms": round(pct(0.95)),
        "max_ms": round(times[-1] * 1000), "seconds": round(elapsed), "integrity": integrity,
    }
    print(json.dumps(result))
    for b in bad[:10]:
        print("bad hook:", b, file=sys.stderr)
    if args.out:
        commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True,
                                text=True).stdout.strip()
        with open(args.out, "a") as f:
            f.write(f"| {time.strftime('%Y-%m-%d')} | {commit} | {args.agents} × {args.events} | {len(kills)} | "
                    f"{lost} | {twice} | {len(bad)} | {result['p50_ms']} / {result['p95_ms']} / {result['max_ms']} | "
                    f"{elapsed:.0f} s | {integrity} | {seed} |\n")
    subprocess.run([launcher, "serve", "--stop"], env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    shutil.rmtree(scratch, ignore_errors=True)
    sys.exit(0 if lost == 0 and twice == 0 and not bad and integrity == "ok" else 1)


if __name__ == "__main__":
    main()
