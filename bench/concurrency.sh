#!/bin/sh
# 8 processes × 1,000 PostToolUse hook events at once through the shim (plus a Stop every 100 events, which
# enqueues a summary-enrichment job), against one warm `eagle-mem serve`. Twice:
#   steady — serve up throughout;
#   kill   — serve killed -9 once a quarter of the events are in, while it runs a job; the shim falls back to the binary, whose
#            hook starts a new serve (autostart), which recovers the jobs the dead one had in flight.
# Checks: every event stored (observations counted), no "database is locked" in eagle-mem.log, all jobs
# done; records serve's RSS.
#   bench/concurrency.sh [LAUNCHER] [OUTPUT.md]      needs sqlite3 and curl
set -eu
cd "$(dirname "$0")/.."
launcher=$(cd "$(dirname "${1:-target/quarkus-app/eagle-mem}")" && pwd)/$(basename "${1:-target/quarkus-app/eagle-mem}")
shim=$(dirname "$launcher")/eagle-mem-hook
out=${2:-bench/concurrency-results.md}
workers=${WORKERS:-8}
events=${EVENTS:-1000}
for tool in sqlite3 curl; do
    command -v $tool >/dev/null || { echo "concurrency.sh: $tool missing. fix: apt-get install $tool" >&2; exit 1; }
done
scratch=$(mktemp -d /tmp/emc.XXXXXX)
trap 'EAGLE_MEM_DIR="$scratch/steady" "$launcher" serve --stop >/dev/null 2>&1 || true;
      EAGLE_MEM_DIR="$scratch/kill" "$launcher" serve --stop >/dev/null 2>&1 || true; rm -rf "$scratch"' EXIT
# the payloads' project: /home/dev/work/shop-api with this HOME (no such directory is needed)
export HOME=/home/dev GIT_CEILING_DIRECTORIES=/home
# These benches measure the lexical hook path and serve's own footprint: semantic recall (the model and its embed
# job, on by default) is measured by bench/recall/latency.sh.
printf '[recall]\nsemantic = false\n' > "$scratch/config.toml"
export EAGLE_CONFIG_FILE="$scratch/config.toml"

worker() { # data dir, worker number
    w=$2
    i=1
    while [ $i -le "$events" ]; do
        printf '{"session_id":"bench-%s","cwd":"/home/dev/work/shop-api","hook_event_name":"PostToolUse","tool_name":"Bash","tool_use_id":"toolu_%s_%s","tool_input":{"command":"ls src/%s"},"tool_response":{"stdout":"a\\nb","stderr":"","interrupted":false}}' \
            "$w" "$w" "$i" "$i" | EAGLE_MEM_DIR=$1 "$shim" PostToolUse --agent claude-code >/dev/null
        if [ $((i % 100)) -eq 0 ]; then
            printf '{"session_id":"bench-%s","cwd":"/home/dev/work/shop-api","hook_event_name":"Stop","last_assistant_message":"Listed src %s times. Decision: keep listing."}' \
                "$w" "$i" | EAGLE_MEM_DIR=$1 "$shim" Stop --agent claude-code >/dev/null
        fi
        i=$((i + 1))
    done
}

count() { # data dir, sql
    sqlite3 -cmd ".timeout 5000" "$1/memory.db" "$2"
}

has_jobs() {
    [ "$(count "$1" "SELECT count(*) FROM sqlite_master WHERE name = 'jobs'")" = 1 ]
}

run() { # mode
    mode=$1
    data="$scratch/$mode"
    export EAGLE_MEM_DIR="$data"
    "$launcher" status >/dev/null
    "$launcher" serve --port 0 --idle-minutes 0 > "$scratch/$mode-serve.out" 2>&1 &
    until curl -sf --unix-socket "$data/serve.sock" http://localhost/health >/dev/null 2>&1; do sleep 0.1; done
    first_pid=$(cat "$data/serve.pid")
    start=$(date +%s.%N)
    w=1
    pids=
    while [ $w -le "$workers" ]; do
        worker "$data" $w &
        pids="$pids $!"
        w=$((w + 1))
    done
    in_flight="n/a"
    killed_at="n/a"
    if [ "$mode" = kill ]; then
        total=$((workers * events))
        until [ "$(count "$data" "SELECT count(*) FROM observations")" -ge $((total / 4)) ]; do sleep 0.2; done
        # kill it while it runs a job (the acceptance: jobs in flight are retried); at most 30 s of looking
        n=0
        while [ "$(count "$data" "SELECT count(*) FROM jobs WHERE status = 'running'")" = 0 ] && [ $n -lt 3000 ]; do
            n=$((n + 1))
        done
        kill -9 "$first_pid"
        killed_at=$(count "$data" "SELECT count(*) FROM observations")
        # counted after the kill: a job that finished between the look and the signal is not in flight
        in_flight=$(count "$data" "SELECT count(*) FROM jobs WHERE status = 'running'")
    fi
    # shellcheck disable=SC2086
    wait $pids
    end=$(date +%s.%N)
    # let the queue drain
    if has_jobs "$data"; then
        n=0
        while [ "$(count "$data" "SELECT count(*) FROM jobs WHERE status IN ('pending', 'running')")" -gt 0 ] && [ $n -lt 600 ]; do
            sleep 0.5; n=$((n + 1))
        done
    fi
    pid=$(cat "$data/serve.pid" 2>/dev/null || echo "")
    rss=$( [ -n "$pid" ] && sed -n 's/^VmHWM:[[:space:]]*//p' "/proc/$pid/status" || echo "n/a")
    answered=$(curl -sf --unix-socket "$data/serve.sock" http://localhost/health | python3 -c 'import json,sys; print(json.load(sys.stdin)["hook_requests"])' || echo "n/a")
    stored=$(count "$data" "SELECT count(*) FROM observations")
    locked=$(grep -ci "database is locked\|SQLITE_BUSY" "$data/eagle-mem.log" 2>/dev/null || true)
    jobs=$(has_jobs "$data" && count "$data" "SELECT group_concat(status || ' ' || n, ', ') FROM (SELECT status, count(*) n FROM jobs GROUP BY status)" || echo "n/a")
    retried=$(has_jobs "$data" && count "$data" "SELECT count(*) FROM jobs WHERE attempts > 1" || echo "n/a")
    seconds=$(python3 -c "print(f'{$end - $start:.1f}')")
    rate=$(python3 -c "print(f'{$workers * $events / ($end - $start):.0f}')")
    echo "| $mode | $((workers * events)) | $stored | $seconds | $rate | $locked | $killed_at | $in_flight | $retried | $jobs | ${answered} | $first_pid → ${pid:-none} | $rss |" >> "$scratch/table.md"
    "$launcher" serve --stop >/dev/null
}

echo "| run | PostToolUse sent | observations stored | seconds | events/s | 'locked' log lines | stored when killed | jobs running when killed | jobs retried | jobs by status | events answered by the serve at the end | serve pid | serve peak RSS |" > "$scratch/table.md"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---|---:|" >> "$scratch/table.md"
run steady
run kill

{
    echo "# serve under concurrent hooks"
    echo
    echo "Generated by \`bench/concurrency.sh\` on $(date -u +%Y-%m-%dT%H:%MZ): $workers shell processes, each sending $events"
    echo "PostToolUse events (and a Stop every 100) one after another through \`eagle-mem-hook\` → \`eagle-mem serve\`."
    echo
    echo "- machine: $(nproc) cores, $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1)"
    echo "- eagle-mem: $("$launcher" --version)"
    echo
    cat "$scratch/table.md"
    echo
    echo "steady: one serve answers everything. kill: serve is killed -9 once a quarter of the events are stored, at a moment it runs a job;"
    echo "until a new serve is up, the shim runs the binary (a JVM per event), and that hook starts the new serve;"
    echo "jobs the killed serve was running stay 'running' until the new serve recovers them and runs them again."
} > "$out"
echo "wrote $out"
