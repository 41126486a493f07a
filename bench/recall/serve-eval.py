#!/usr/bin/env python3
"""Prompt recall measured the way a user gets it: through the real hook path with serve warm and vectors ready.

A labelled set (bench/recall/sets/NAME: memories.jsonl, prompts.jsonl) is imported into a fresh data directory with
`eagle-mem import`, serve is started on it and left to embed every memory, then every prompt is sent as a Claude Code
UserPromptSubmit hook through the shim (hooks/eagle-mem-hook, the command install writes), each in a session of its
own. What the hook printed is read back: the memories it injected (their mem-N refs), and how long the hook took.

Reports, per prompt type and per split (train / heldout): the share of prompts whose expected memory was injected, the
share of prompts no memory answers that injected nothing, records injected per prompt, and hook latency.

    bench/recall/serve-eval.py [--set product] [--launcher target/quarkus-app/eagle-mem] [--out FILE.md] [--words-only]

--words-only measures a hook without serve (the binary alone, words only). Needs a built package (./mvnw package).
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(cmd, env, data=None, check=True):
    p = subprocess.run(cmd, input=data, env=env, capture_output=True, text=True)
    if check and p.returncode != 0:
        sys.exit(f"serve-eval: {' '.join(cmd)} exited {p.returncode}\n{p.stdout}\n{p.stderr}")
    return p


def add_memories(launcher, env, work, memories, project):
    """Each memory added as an agent adds it (`eagle-mem memories add`); returns store id -> set id."""
    ids = {}
    for m in memories:
        # fact needs structured fields (subject, predicate, object) the sets do not carry; its text is what recall reads
        kind = "context" if m["kind"] in ("fact", "feedback") else m["kind"]
        cmd = [launcher, "memories", "add", "--json", "--keep-both", "-k", kind, "-p", project, "--agent", "claude-code",
               "-t", m["title"], "-c", m["content"]]
        for f in m.get("files", []):
            cmd += ["-f", f]
        p = subprocess.run(cmd, env=env, cwd=str(work), capture_output=True, text=True)
        if p.returncode != 0:
            sys.exit(f"serve-eval: memories add {m['id']} exited {p.returncode}: {p.stdout} {p.stderr}")
        answer = json.loads(p.stdout)
        ids[int(answer["memory"]["id"])] = m["id"]
    return ids


def sqlite(db, sql):
    return subprocess.run(["sqlite3", "-cmd", ".timeout 5000", db, sql], capture_output=True, text=True,
                          check=True).stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", default="product")
    ap.add_argument("--launcher", default=str(ROOT / "target/quarkus-app/eagle-mem"))
    ap.add_argument("--out")
    ap.add_argument("--words-only", action="store_true")
    ap.add_argument("--keep", action="store_true")
    args = ap.parse_args()
    launcher = str(Path(args.launcher).resolve())
    if not os.access(launcher, os.X_OK):
        sys.exit(f"serve-eval: no launcher at {launcher}. fix: scripts/with-jdk25 ./mvnw -q package -DskipTests")
    sets = Path(args.set) if "/" in args.set else ROOT / "bench/recall/sets" / args.set
    memories = [json.loads(l) for l in (sets / "memories.jsonl").read_text().splitlines() if l.strip()]
    prompts = [json.loads(l) for l in (sets / "prompts.jsonl").read_text().splitlines() if l.strip()]

    # not under /tmp: eagle-mem treats a checkout in a temporary directory as no project
    (ROOT / "target").mkdir(exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="recall-eval.", dir=ROOT / "target"))
    data = scratch / "d"
    work = scratch / "work" / "product"
    work.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(work)], check=True)
    env = dict(os.environ, HOME=str(scratch / "home"), EAGLE_MEM_DIR=str(data), EAGLE_MEM_SERVE_AUTOSTART="0",
               GIT_CEILING_DIRECTORIES=str(scratch / "work"))
    (scratch / "home").mkdir()
    db = str(data / "memory.db")
    shim = str(Path(launcher).parent / "eagle-mem-hook")  # the package's copy: it runs the binary beside it
    try:
        run([launcher, "status"], env)
        # the project key the hooks derive for this checkout: let one hook record it
        start = {"session_id": "eval-start", "transcript_path": str(scratch / "t.jsonl"), "cwd": str(work),
                 "hook_event_name": "SessionStart", "source": "startup"}
        run([launcher, "hook", "SessionStart", "--agent", "claude-code"], dict(env, PWD=str(work)), json.dumps(start))
        project = sqlite(db, "SELECT key FROM projects ORDER BY created_at DESC LIMIT 1").strip()
        if not project:
            log = data / "eagle-mem.log"
            sys.exit("serve-eval: the SessionStart hook recorded no project:\n"
                     + (log.read_text()[-2000:] if log.exists() else "(no log)"))
        ids = add_memories(launcher, env, work, memories, project)
        serve = None
        if not args.words_only:
            serve = subprocess.Popen([launcher, "serve", "--port", "0", "--idle-minutes", "0"], env=env,
                                     stdout=open(scratch / "serve.out", "w"), stderr=subprocess.STDOUT)
            begun = time.time()
            while True:
                time.sleep(1)
                if serve.poll() is not None:
                    sys.exit("serve-eval: serve exited:\n" + (scratch / "serve.out").read_text())
                try:
                    done = int(sqlite(db, "SELECT count(*) FROM embeddings WHERE record_kind = 'memory'").strip() or 0)
                except subprocess.CalledProcessError:
                    done = 0
                if done >= len(memories):
                    break
                if time.time() - begun > 1800:
                    sys.exit("serve-eval: memories not embedded within 30 minutes")
            embed_s = time.time() - begun
            # warm: the first requests load classes and the model's session
            for i in range(20):
                hook(shim, env, work, scratch, f"warm-{i}", "what changed in the last release notes for the web app")
        results = []
        for i, p in enumerate(prompts):
            t0 = time.perf_counter()
            out = hook(shim if serve else launcher, env, work, scratch, f"eval-{i}", p["prompt"], direct=not serve)
            ms = (time.perf_counter() - t0) * 1000
            refs = [ids.get(int(x), "?") for x in re.findall(r"\bmem-(\d+)", out)]
            results.append({"prompt": p, "injected": refs, "ms": ms})
        report = render(args, results, len(memories), None if args.words_only else embed_s)
        print(report)
        if args.out:
            Path(args.out).write_text(report)
        (scratch / "results.json").write_text(json.dumps(results, indent=1))
    finally:
        if not args.words_only:
            run([launcher, "serve", "--stop"], env, check=False)
        if args.keep:
            print("kept", scratch, file=sys.stderr)
        else:
            shutil.rmtree(scratch, ignore_errors=True)


def hook(command, env, work, scratch, session, prompt, direct=False):
    payload = {"session_id": session, "transcript_path": str(scratch / f"{session}.jsonl"), "cwd": str(work),
               "permission_mode": "default", "hook_event_name": "UserPromptSubmit", "prompt": prompt}
    cmd = [command, "hook", "UserPromptSubmit", "--agent", "claude-code"] if direct \
        else ["bash", command, "UserPromptSubmit", "--agent", "claude-code"]
    p = subprocess.run(cmd, input=json.dumps(payload), env=dict(env, PWD=str(work)), cwd=str(work),
                       capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"serve-eval: the hook exited {p.returncode}: {p.stderr}")
    if not p.stdout.strip():
        return ""
    answer = json.loads(p.stdout)
    return answer.get("hookSpecificOutput", {}).get("additionalContext", "")


def render(args, results, memory_count, embed_s):
    rows = []
    for split in ("train", "heldout", "all"):
        for kind in ("component", "symptom", "identifier", "answered", "none"):
            sel = [r for r in results if (split == "all" or r["prompt"].get("split") == split)
                   and (r["prompt"]["type"] == kind or (kind == "answered" and r["prompt"]["type"] != "none"))]
            if not sel:
                continue
            if kind == "none":
                good = sum(1 for r in sel if not r["injected"])
            else:
                good = sum(1 for r in sel if any(e in r["injected"] for e in r["prompt"]["expect"]))
            per = statistics.mean(len(r["injected"]) for r in sel)
            rows.append(f"| {split} | {kind} | {len(sel)} | {good}/{len(sel)} = {100 * good / len(sel):.0f}% | {per:.2f} |")
    ms = sorted(r["ms"] for r in results)
    all_per = statistics.mean(len(r["injected"]) for r in results)
    mode = "the binary alone (words only, no serve)" if args.words_only else \
        f"the shim to a warm serve, all {memory_count} memories embedded (in {embed_s:.0f} s)"
    return "\n".join([
        f"# Prompt recall through the hook: set `{args.set}`", "",
        f"Generated by `bench/recall/serve-eval.py --set {args.set}{' --words-only' if args.words_only else ''}` on "
        f"{time.strftime('%Y-%m-%dT%H:%MZ', time.gmtime())}: {memory_count} memories, {len(results)} prompts, each a "
        f"Claude Code UserPromptSubmit in a session of its own, through {mode}.", "",
        "right: for answered types, prompts whose expected memory was injected; for `none`, prompts that injected "
        "nothing. records: memories injected per prompt.", "",
        "| split | type | n | right | records per prompt |", "|---|---|---:|---:|---:|", *rows, "",
        f"All prompts: {all_per:.2f} records per prompt; hook wall time (process start to exit) median "
        f"{statistics.median(ms):.0f} ms, p95 {ms[int(0.95 * (len(ms) - 1))]:.0f} ms.", ""])


if __name__ == "__main__":
    main()
