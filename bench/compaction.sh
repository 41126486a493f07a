#!/bin/sh
# SessionStart through serve (the shim, whole process) with 0 and 200 open tasks: a plain startup, which lists the
# open tasks inside the recall's budget, and the start after a compaction, which leads with the "where you were"
# block (open tasks and the checkpoint PreCompact took) inside its own budget; and the sizes of what is injected.
#   bench/compaction.sh [LAUNCHER] [OUTPUT.md]      needs hyperfine, sqlite3, git, curl
set -eu
cd "$(dirname "$0")/.."
. bench/lib.sh
launcher=$(cd "$(dirname "${1:-target/quarkus-app/eagle-mem}")" && pwd)/$(basename "${1:-target/quarkus-app/eagle-mem}")
shim=$(dirname "$launcher")/eagle-mem-hook
out=${2:-bench/compaction-results.md}
runs=${RUNS:-30}
tasks=${TASKS:-200}
for tool in hyperfine sqlite3 git curl; do
    command -v $tool >/dev/null || { echo "compaction.sh: $tool missing. fix: apt-get install $tool" >&2; exit 1; }
done
scratch=$(mktemp -d /tmp/emc.XXXXXX)
serve_pid=
cleanup() {
    [ -z "$serve_pid" ] || kill "$serve_pid" 2>/dev/null || true
    [ -z "$serve_pid" ] || wait "$serve_pid" 2>/dev/null || true
    rm -rf "$scratch"
}
trap cleanup EXIT
export HOME="$scratch/home" EAGLE_MEM_DIR="$scratch/data" EAGLE_MEM_SERVE_AUTOSTART=0 GIT_CEILING_DIRECTORIES="$scratch"
# the lexical hook path, as the other hook benches: semantic recall is bench/recall/latency.sh's
printf '[recall]\nsemantic = false\n' > "$scratch/config.toml"
export EAGLE_CONFIG_FILE="$scratch/config.toml"
repo="$HOME/code/shop"
mkdir -p "$repo/src"
git -C "$repo" init -q -b main

event() { # name, session, extra JSON fields
    printf '{"session_id":"%s","cwd":"%s","hook_event_name":"%s"%s}' "$2" "$repo" "$1" "$3"
}
event SessionStart bench-start ',"source":"startup"' > "$scratch/startup.json"
event SessionStart bench-work ',"source":"compact"' > "$scratch/compact.json"
hook() { # event, payload file
    "$shim" "$1" --agent claude-code < "$2"
}

"$launcher" serve --port 0 --idle-minutes 0 > "$scratch/serve.out" 2>&1 &
serve_pid=$!
n=0
until curl -sf --unix-socket "$EAGLE_MEM_DIR/serve.sock" http://localhost/health >/dev/null 2>&1; do
    n=$((n + 1)); [ $n -lt 200 ] || { cat "$scratch/serve.out" >&2; exit 1; }
    sleep 0.1
done

# the session that gets compacted: a prompt, edits and reads, a turn that states a decision, then PreCompact
event SessionStart bench-work ',"source":"startup"' > "$scratch/e.json" && hook SessionStart "$scratch/e.json" >/dev/null
event UserPromptSubmit bench-work ',"prompt":"make the cart totals exact and add property tests"' > "$scratch/e.json"
hook UserPromptSubmit "$scratch/e.json" >/dev/null
i=1
while [ $i -le 12 ]; do
    event PostToolUse bench-work ",\"tool_name\":\"Edit\",\"tool_input\":{\"file_path\":\"$repo/src/f$i.py\",\"old_string\":\"a\",\"new_string\":\"b\"},\"tool_response\":{},\"tool_use_id\":\"e$i\"" > "$scratch/e.json"
    hook PostToolUse "$scratch/e.json" >/dev/null
    event PostToolUse bench-work ",\"tool_name\":\"Read\",\"tool_input\":{\"file_path\":\"$repo/src/r$i.py\"},\"tool_response\":{},\"tool_use_id\":\"r$i\"" > "$scratch/e.json"
    hook PostToolUse "$scratch/e.json" >/dev/null
    i=$((i + 1))
done
event Stop bench-work ',"last_assistant_message":"Totals are integer cents now. Decision: money is integer cents because floats drift. Next: property tests."' > "$scratch/e.json"
hook Stop "$scratch/e.json" >/dev/null
event PreCompact bench-work ',"trigger":"auto"' > "$scratch/e.json" && hook PreCompact "$scratch/e.json" >/dev/null
db="$EAGLE_MEM_DIR/memory.db"
[ "$(sqlite3 "$db" 'SELECT count(*) FROM checkpoints')" = 1 ] || { echo "compaction.sh: PreCompact took no checkpoint" >&2; exit 1; }

measure() { # name, payload file
    hyperfine --warmup 3 --runs "$runs" --export-json "$scratch/$1.json" "$shim SessionStart --agent claude-code < $2" \
        >/dev/null
    median_p95 "$scratch/$1.json"
}
context() { # payload file → the additionalContext
    hook SessionStart "$1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["hookSpecificOutput"]["additionalContext"], end="")'
}
sizes() { # payload file → "total chars | block chars"; a startup asks as a new session (the measured one is told once)
    sed 's/"bench-start"/"bench-size-'"$(date +%s%N)"'"/' "$1" > "$scratch/size.json"
    context "$scratch/size.json" > "$scratch/ctx.txt"
    python3 - "$scratch/ctx.txt" <<'PY'
import sys
t = open(sys.argv[1], encoding="utf-8").read()
i = t.find("\n\nEagle Mem recall ready")
print(f"{len(t)} | {i if t.startswith('Where you were') and i >= 0 else 0}")
PY
}

start_0=$(measure s0 "$scratch/startup.json")
compact_0=$(measure c0 "$scratch/compact.json")
size_start_0=$(sizes "$scratch/startup.json")
size_compact_0=$(sizes "$scratch/compact.json")

project=$(sqlite3 "$db" "SELECT project FROM sessions WHERE id = 'bench-work'")
# 200 open tasks, as an agent's plan and a person's backlog would leave them: 20 in progress (5 untouched for a week:
# stale), 30 blocked, 150 pending; and 100 completed ones that must cost nothing
python3 - "$project" "$tasks" > "$scratch/tasks.sql" <<'PY'
import sys
project, n = sys.argv[1], int(sys.argv[2])
print("BEGIN;")
def row(i, status, days):
    at = f"strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-{days} days')"
    started = at if status in ("in_progress", "completed") else "NULL"
    ended = at if status == "completed" else "NULL"
    print(f"INSERT INTO tasks(project, title, details, status, origin, origin_ref, created_at, updated_at, started_at, ended_at) "
          f"VALUES ('{project}', 'Task {i}: wire the refund webhook step {i} and cover it with a test', '', '{status}', "
          f"'agent:claude-code', 'b{i}', {at}, {at}, {started}, {ended});")
for i in range(1, n + 1):
    status = "in_progress" if i <= n // 10 else "blocked" if i <= n // 4 else "pending"
    row(i, status, 7 if i <= n // 40 else 1)
for i in range(n + 1, n + n // 2 + 1):
    row(i, "completed", 2)
print("COMMIT;")
PY
sqlite3 "$db" < "$scratch/tasks.sql"

start_200=$(measure s200 "$scratch/startup.json")
compact_200=$(measure c200 "$scratch/compact.json")
size_start_200=$(sizes "$scratch/startup.json")
size_compact_200=$(sizes "$scratch/compact.json")
context "$scratch/compact.json" | sed -n '/^Where you were/,/^More: /p' > "$scratch/block.txt"

{
    echo "# SessionStart with open tasks and a compaction checkpoint"
    echo
    echo "Generated by \`bench/compaction.sh\` on $(date -u +%Y-%m-%dT%H:%MZ); $runs runs per row after 3 warm-ups; whole process"
    echo "(hyperfine), Claude Code payloads through the shim → serve. The project has one session that prompted, edited 12"
    echo "files, read 12 and stated a decision before PreCompact took its checkpoint. \`startup\` is a new session's"
    echo "SessionStart, one session run again and again (after its first answer it is rendered and found unchanged, so not"
    echo "sent again; its size is measured as a new session's)"
    echo "(the recall, with a Tasks section when there are open tasks, budget \`recall.sessionstart_chars\`"
    echo "8,000); \`compact\` is the compacted session's (the \"where you were\" block, budget \`compaction.budget_chars\`"
    echo "2,500, then the recall). Then $tasks open tasks are added (20 in progress, 5 of them stale; 30 blocked; 150 pending)"
    echo "and 100 completed ones. Target (bench/serve-results.md, issue 10): SessionStart ≤ 30 ms median through serve."
    echo
    echo "- machine: $(nproc) cores, $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1); $(hyperfine --version)"
    echo "- eagle-mem: $("$launcher" --version)"
    echo "- load average when done: $(cut -d' ' -f1-3 /proc/loadavg) (above 1 on 2 cores, other work shared the machine:"
    echo "  compare the rows with each other then, not with bench/serve-results.md's quiet-machine numbers)"
    echo
    echo "| SessionStart | open tasks | median ms | p95 ms | injected chars | of which the block |"
    echo "|---|---:|---:|---:|---:|---:|"
    echo "| startup | 0 | $start_0 | $size_start_0 |"
    echo "| compact | 0 | $compact_0 | $size_compact_0 |"
    echo "| startup | $tasks | $start_200 | $size_start_200 |"
    echo "| compact | $tasks | $compact_200 | $size_compact_200 |"
    echo
    echo "The block after the compaction with $tasks open tasks:"
    echo
    echo '```'
    cat "$scratch/block.txt"
    echo '```'
} > "$out"
echo "wrote $out"
