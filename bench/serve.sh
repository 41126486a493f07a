#!/bin/sh
# Hook latency four ways, per event, over the payloads captured from the real agents, on a seeded database
# (bench/seed.sql: 2,000 sessions/summaries, 500 memories, 20,000 observations):
#   direct  — `eagle-mem hook <Event> < payload`: a JVM per hook (launcher, AOT cache, fast-start flags)
#   bash    — `<bash> eagle-mem-hook <Event> < payload`: what install registers where bash is found — bash's own
#             /dev/tcp to a warm `eagle-mem serve` on its loopback port, nothing forked
#   sh+curl — `eagle-mem-hook <Event> < payload` run by sh: curl to serve's unix socket (where there is no bash)
#   floor   — `sqlite3 memory.db "INSERT …"`: one process doing one INSERT, the least any hook process costs
# Whole-process wall time measured by hyperfine (through sh, whose own start-up hyperfine subtracts).
#   bench/serve.sh [LAUNCHER] [OUTPUT.md]      needs hyperfine, sqlite3 and curl
set -eu
cd "$(dirname "$0")/.."
. bench/lib.sh
launcher=$(cd "$(dirname "${1:-target/quarkus-app/eagle-mem}")" && pwd)/$(basename "${1:-target/quarkus-app/eagle-mem}")
shim=$(dirname "$launcher")/eagle-mem-hook
out=${2:-bench/serve-results.md}
runs=${RUNS:-30}
bash=$(command -v bash)
for tool in hyperfine sqlite3 curl bash; do
    command -v $tool >/dev/null || { echo "serve.sh: $tool missing. fix: apt-get install $tool" >&2; exit 1; }
done
fixtures=src/test/resources/agent-payloads
# short: the socket path must stay under ~100 bytes
scratch=$(mktemp -d /tmp/emb.XXXXXX)
serve_pid=
cleanup() {
    [ -z "$serve_pid" ] || kill "$serve_pid" 2>/dev/null || true
    [ -z "$serve_pid" ] || wait "$serve_pid" 2>/dev/null || true
    rm -rf "$scratch"
}
trap cleanup EXIT
# The captured payloads come from /home/dev/work/shop-api: with this HOME that is project work/shop-api.
export EAGLE_MEM_DIR="$scratch/d" HOME=/home/dev GIT_CEILING_DIRECTORIES=/home EAGLE_MEM_SERVE_AUTOSTART=0
# These benches measure the lexical hook path and serve's own footprint: semantic recall (the model and its embed
# job, on by default) is measured by bench/recall/latency.sh.
printf '[recall]\nsemantic = false\n' > "$scratch/config.toml"
export EAGLE_CONFIG_FILE="$scratch/config.toml"
db="$EAGLE_MEM_DIR/memory.db"
"$launcher" status >/dev/null
sqlite3 "$db" < bench/seed.sql
cp "$db" "$scratch/seeded.db"
restore="cp $scratch/seeded.db $db && rm -f $db-wal $db-shm"

measure() { # name, command, [prepare]
    if [ -n "${3:-}" ]; then
        hyperfine --warmup 3 --runs "$runs" --prepare "$3" --export-json "$scratch/$1.json" "$2" >/dev/null
    else
        hyperfine --warmup 3 --runs "$runs" --export-json "$scratch/$1.json" "$2" >/dev/null
    fi
    median_p95 "$scratch/$1.json"
}

fixture_list="claude-code-2.1.330/SessionStart-1 codex-0.169.0/SessionStart-1 claude-code-2.1.330/UserPromptSubmit-1
codex-0.169.0/UserPromptSubmit-1 claude-code-2.1.330/PreToolUse-1 codex-0.169.0/PreToolUse-1
claude-code-2.1.330/PostToolUse-1 codex-0.169.0/PostToolUse-3 claude-code-2.1.330/Stop-2 codex-0.169.0/Stop-1
codex-0.169.0/PreCompact-1 claude-code-2.1.330/SessionEnd-1"

# 1. direct: the database restored before every run, as in bench/hooks.sh
direct_rows="$scratch/direct.txt"
: > "$direct_rows"
for fixture in $fixture_list; do
    event=$(basename "$fixture" | sed 's/-[0-9]*$//')
    case $fixture in codex-*) agent=codex ;; *) agent=claude-code ;; esac
    echo "$fixture $(measure direct "$launcher hook $event --agent $agent < $fixtures/$fixture.json" "$restore")" >> "$direct_rows"
done

# 2. floor: one sqlite3 process, one INSERT into the same database (WAL, busy timeout like ours)
sh -c "$restore"
floor=$(measure floor "sqlite3 $db \"PRAGMA busy_timeout=5000; INSERT INTO events(event_type, detail) VALUES ('bench', '{}');\"")

# 3. shim → serve: a serve cannot have its database file swapped under it, so these runs accumulate
# their writes (a few hundred rows on top of 26,000; PostToolUse repeats are de-duplicated by tool_use_id)
sh -c "$restore"
"$launcher" serve --port 0 --idle-minutes 0 > "$scratch/serve.out" 2>&1 &
serve_pid=$!
i=0
until [ -S "$EAGLE_MEM_DIR/serve.sock" ] && curl -sf --unix-socket "$EAGLE_MEM_DIR/serve.sock" http://localhost/health >/dev/null; do
    i=$((i + 1)); [ $i -lt 200 ] || { cat "$scratch/serve.out" >&2; exit 1; }
    sleep 0.1
done

table="$scratch/table.md"
echo "| event | payload | direct median ms | direct p95 ms | bash→serve median ms | bash→serve p95 ms | ÷ floor median | ÷ floor p95 | sh+curl→serve median ms | sh+curl→serve p95 ms |" > "$table"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|" >> "$table"
floor_median=${floor%% |*}
floor_p95=${floor##*| }
while read -r fixture direct; do
    event=$(basename "$fixture" | sed 's/-[0-9]*$//')
    case $fixture in codex-*) agent=codex ;; *) agent=claude-code ;; esac
    served=$(measure shim "$bash $shim $event --agent $agent < $fixtures/$fixture.json")
    curled=$(measure curl "$shim $event --agent $agent < $fixtures/$fixture.json")
    ratio=$(python3 -c "print(f'{float(\"${served%% |*}\") / float(\"$floor_median\"):.1f}×')")
    ratio95=$(python3 -c "print(f'{float(\"${served##*| }\") / float(\"$floor_p95\"):.1f}×')")
    echo "| $event | $fixture | $direct | $served | $ratio | $ratio95 | $curled |" >> "$table"
done < "$direct_rows"
statusline=$(measure statusline "echo '{}' | $bash $shim statusline")
statusline_jvm=$(measure statusline-jvm "echo '{}' | $launcher statusline")
# where a shim's time goes: curl's own start, and curl's round trip to serve's cheapest endpoint
curl_start=$(measure curl-start "curl --version")
curl_health=$(measure curl-health "curl -sf --unix-socket $EAGLE_MEM_DIR/serve.sock http://localhost/health")
rss=$(sed -n 's/^VmRSS:[[:space:]]*//p' "/proc/$serve_pid/status" 2>/dev/null || echo "n/a")
hwm=$(sed -n 's/^VmHWM:[[:space:]]*//p' "/proc/$serve_pid/status" 2>/dev/null || echo "n/a")

{
    echo "# serve: hook latency four ways"
    echo
    echo "Generated by \`bench/serve.sh\` on $(date -u +%Y-%m-%dT%H:%MZ); $runs runs per row after 3 warm-ups; whole process,"
    echo "measured by hyperfine through sh (whose start-up it subtracts)."
    echo
    echo "- machine: $(nproc) cores, $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1); $(curl --version | head -n 1 | cut -d' ' -f1-2); $(readlink -f /bin/sh)"
    echo "- eagle-mem: $("$launcher" --version)"
    echo "- database: $(sqlite3 "$scratch/seeded.db" "SELECT (SELECT count(*) FROM sessions) || ' sessions, ' || (SELECT count(*) FROM summaries) || ' summaries, ' || (SELECT count(*) FROM memories) || ' memories, ' || (SELECT count(*) FROM observations) || ' observations'")"
    echo "- floor: \`sqlite3 memory.db \"PRAGMA busy_timeout=5000; INSERT INTO events …\"\` — median | p95 ms: $floor"
    echo "- serve RSS after the runs: $rss (peak $hwm)"
    echo "- the sh+curl route's own cost — \`curl --version\` alone: $curl_start; \`curl\` → serve \`GET /health\`: $curl_health (median | p95 ms)"
    echo "- status bar line — \`<bash> eagle-mem-hook statusline\` (serve answers): $statusline; \`eagle-mem statusline\` (a JVM): $statusline_jvm (median | p95 ms)"
    echo "- load average when done: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo
    echo "direct = \`eagle-mem hook <Event>\` (one JVM per hook, database restored before each run);"
    echo "bash→serve = \`$bash eagle-mem-hook <Event>\`, the command install registers (writes accumulate);"
    echo "sh+curl→serve = the same shim run by sh, where there is no bash."
    echo "Targets (issue 10): bash→serve PostToolUse and PreToolUse median ≤ 2× the floor, p95 ≤ 3×;"
    echo "SessionStart and UserPromptSubmit ≤ 30 ms median."
    echo
    cat "$table"
} > "$out"
echo "wrote $out"
