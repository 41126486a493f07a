#!/bin/sh
# How eagle-mem scales: three generated databases (bench/scale-seed.sql) of 10k / 100k / 1M observations
# with proportional sessions (1 per 10 observations), summaries (90% of sessions), prompts (2 per session)
# and 1k / 10k / 50k memories, six projects, half of it in work/shop-api. Per size, against a real
# `eagle-mem serve` on that database:
#   SessionStart, UserPromptSubmit   POST /hook/<Event> on serve's unix socket, as the shim sends it (each
#                                    request a new session, so nothing is skipped as already injected)
#   search, timeline                 GET /search and GET /timeline on the socket, and the CLI commands
#                                    `eagle-mem search` / `eagle-mem timeline` as whole processes (hyperfine)
#   prune                            a prune job for work/shop-api run by serve's job pump (a backlog: about half
#                                    the project's observations and most finished jobs are due), while
#                                    PostToolUse hooks keep arriving; its batches, longest write transaction,
#                                    and those hooks' latency
# Socket timings are curl's own %{time_total} (connect, request, answer): the server's time without curl's
# process start-up, which is reported once as a baseline (GET /health).
#   bench/scale.sh [LAUNCHER] [OUTPUT.md]     needs sqlite3, curl, hyperfine, python3
# Environment: SIZES ("observations:memories …", default "10000:1000 100000:10000 1000000:50000"),
# REQUESTS (socket requests per operation, default 100), WARMUP (per operation, default 100), RUNS (CLI runs, default 10),
# KEEP=1 keeps the databases.
set -eu
cd "$(dirname "$0")/.."
. bench/lib.sh
launcher=$(cd "$(dirname "${1:-target/quarkus-app/eagle-mem}")" && pwd)/$(basename "${1:-target/quarkus-app/eagle-mem}")
out=${2:-bench/scale-results.md}
sizes=${SIZES:-10000:1000 100000:10000 1000000:50000}
requests=${REQUESTS:-100}
runs=${RUNS:-10}
warmup=${WARMUP:-100}
for tool in sqlite3 curl hyperfine python3; do
    command -v $tool >/dev/null || { echo "scale.sh: $tool missing. fix: apt-get install $tool" >&2; exit 1; }
done
[ -x "$launcher" ] || { echo "scale.sh: $launcher missing. fix: scripts/with-jdk25 ./mvnw -B package -DskipTests" >&2; exit 1; }
fixtures=src/test/resources/agent-payloads
# short: the socket path must stay under ~100 bytes
scratch=$(mktemp -d /tmp/ems.XXXXXX)
data=
cleanup() {
    [ -z "$data" ] || EAGLE_MEM_DIR="$data" "$launcher" serve --stop >/dev/null 2>&1 || true
    [ -n "${KEEP:-}" ] || rm -rf "$scratch"
}
trap cleanup EXIT
# The captured payloads come from /home/dev/work/shop-api: with this HOME that is project work/shop-api.
export HOME=/home/dev GIT_CEILING_DIRECTORIES=/home EAGLE_MEM_SERVE_AUTOSTART=0
# These benches measure the lexical hook path and serve's own footprint: semantic recall (the model and its embed
# job, on by default) is measured by bench/recall/latency.sh.
printf '[recall]\nsemantic = false\n' > "$scratch/config.toml"
export EAGLE_CONFIG_FILE="$scratch/config.toml"
project=work/shop-api
load_before=$(cut -d' ' -f1-3 /proc/loadavg)

# What a user types, in the generated vocabulary (PromptQuery drops "please", "fix", "the"…).
prompts="the checkout rounding test fails again on postgres, can you look at the invoice export
why does the webhook retry forever when the payment times out
please refactor the cart discount validation in the coupon module
add pagination to the search filter endpoint and keep the sorting stable
the login session token expires too early after the oauth change
the deploy pipeline is flaky on kubernetes and the migration deadlocks
can you optimize the slow inventory query, it misses the index
the email notification sends duplicate emails for each subscription plan
fix the timezone bug in the nightly report export job
investigate the connection pool leak in the worker queue
the tax calculation loses precision with decimal currency values
update the shipping address form validation for unicode names
what did we decide about the cache backoff for redis
the warehouse stock sync crashes on empty input from the catalog
write tests for the refund ledger and the receipt renderer
the graphql gateway returns 500 when the header is missing"
queries="checkout rounding
webhook retry payment
session token expired
invoice export timezone
cache backoff redis
migration deadlocks"

sql() { # sql → rows, waiting for serve's write lock like a hook would
    sqlite3 -cmd ".timeout 10000" "$db" "$1"
}

post() { # event, payload on stdin → curl's time_total in seconds
    curl -sf -o /dev/null -w '%{time_total}\n' --unix-socket "$sock" -H 'Content-Type: application/json' -H 'Expect:' \
        -H "X-Eagle-Cwd: /home/dev/work/shop-api" -H "X-Eagle-Env-GIT_CEILING_DIRECTORIES: /home" \
        --data-binary @- "http://localhost/hook/$1?agent=claude-code"
}

get() { # path → curl's time_total in seconds
    curl -sf -o /dev/null -w '%{time_total}\n' --unix-socket "$sock" "http://localhost$1"
}

session_start() { # session id
    sed "s/7a29cce1-c97d-40c7-9d54-66c886e2aa2a/$1/" "$fixtures/claude-code-2.1.330/SessionStart-1.json" | post SessionStart
}

prompt() { # session id, prompt number
    text=$(printf '%s\n' "$prompts" | sed -n "$(($2 % 16 + 1))p")
    printf '{"session_id":"%s","transcript_path":"/tmp/t.jsonl","cwd":"/home/dev/work/shop-api","hook_event_name":"UserPromptSubmit","prompt":"%s"}' \
        "$1" "$text" | post UserPromptSubmit
}

tool_use() { # session id, call number
    printf '{"session_id":"%s","cwd":"/home/dev/work/shop-api","hook_event_name":"PostToolUse","tool_name":"Bash","tool_use_id":"toolu_scale_%s","tool_input":{"command":"pytest -q tests/test_%s.py"},"tool_response":{"stdout":"3 passed","stderr":"","interrupted":false}}' \
        "$1" "$2" "$(($2 % 60))" | post PostToolUse
}

query_string() { # n → the nth search query, URL-encoded
    printf '%s\n' "$queries" | sed -n "$(($1 % 6 + 1))p" | sed 's/ /+/g'
}

op_session_start() { session_start "scale-bench-$1"; }
op_prompt() { prompt "scale-bench-$1" "$1"; }
op_tool_use() { tool_use "scale-bench-$1" "$1"; }
op_search() { get "/search?q=$(query_string "$1")&project=$project"; }
op_timeline() { get "/timeline?id=$(printf '%s\n' "$anchors" | sed -n "$(($1 % anchor_count + 1))p")"; }
# the floor: curl's connection and an answer that touches no database (serve's 404)
op_floor() { curl -s -o /dev/null -w '%{time_total}\n' --unix-socket "$sock" http://localhost/scale-bench-floor; }

ms() { printf '%s' "$1" | sed 's/ | / \/ /g'; } # "median | p95" → "median / p95", one table cell

cpu_ticks() { # serve's user + system CPU time so far, in clock ticks
    sed 's/.*) //' "/proc/$serve_pid/stat" | awk '{print $12 + $13}'
}

run_op() { # name, operation: $requests requests → $rows/NAME (seconds, one a line) and $rows/NAME.cpu (ms per request)
    : > "$rows/$1"
    before=$(cpu_ticks)
    n=1
    while [ $n -le "$requests" ]; do
        "$2" $n >> "$rows/$1"
        n=$((n + 1))
    done
    python3 -c "import sys; print(f'{(int(sys.argv[2]) - int(sys.argv[1])) * 1000 / int(sys.argv[3]) / int(sys.argv[4]):.1f}')" \
        "$before" "$(cpu_ticks)" "$(getconf CLK_TCK)" "$requests" > "$rows/$1.cpu"
}

hooks_within() { # file of "end_epoch_ms seconds" lines, ISO end, duration ms → "n | median | p95 | max" of those overlapping
    python3 - "$@" <<'PY'
import statistics, sys
from datetime import datetime
hi = datetime.fromisoformat(sys.argv[2].replace("Z", "+00:00")).timestamp() * 1000
lo = hi - float(sys.argv[3])
r = []
for line in open(sys.argv[1]):
    end, took = line.split()
    end, took = float(end), float(took) * 1000
    if end >= lo and end - took <= hi:
        r.append(took)
r.sort()
if not r:
    print("0 | n/a | n/a | n/a")
else:
    p95 = r[min(len(r) - 1, int(round(0.95 * (len(r) - 1))))]
    print(f"{len(r)} | {statistics.median(r):.1f} | {p95:.1f} | {r[-1]:.1f}")
PY
}

rows="$scratch/rows"
mkdir -p "$rows"
machine="$(nproc) cores, $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1), $(free -g | awk '/^Mem:/ {print $2}') GB RAM"
for size in $sizes; do
    obs=${size%%:*}
    mems=${size##*:}
    data="$scratch/$obs"
    db="$data/memory.db"
    sock="$data/serve.sock"
    export EAGLE_MEM_DIR="$data"
    echo "scale.sh: $obs observations, $mems memories" >&2

    # 1. generate: migrate with the real launcher, then fill with SQL ("now" is today's midnight UTC, so the
    #    data is the same all day and about half of it is past the default 90-day retention)
    "$launcher" status >/dev/null
    anchor=$(date -u -d 'today 00:00' +%s)
    gen_start=$(date +%s.%N)
    { printf 'PRAGMA synchronous = OFF;\nCREATE TEMP TABLE scale(obs INTEGER, mems INTEGER, anchor INTEGER);\n'
      printf 'INSERT INTO scale VALUES (%s, %s, %s);\n' "$obs" "$mems" "$anchor"
      cat bench/scale-seed.sql
      printf 'PRAGMA wal_checkpoint(TRUNCATE);\n'; } | sqlite3 -bail "$db" >/dev/null
    gen_s=$(python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$gen_start" "$(date +%s.%N)")
    db_mb=$(( $(stat -c %s "$db") / 1048576 ))
    counts=$(sql "SELECT (SELECT count(*) FROM sessions) || ' sessions, ' || (SELECT count(*) FROM summaries) || ' summaries, '
        || (SELECT count(*) FROM user_prompts) || ' prompts, ' || (SELECT count(*) FROM memories) || ' memories, '
        || (SELECT count(*) FROM observations) || ' observations, ' || (SELECT count(*) FROM jobs) || ' jobs'")
    # timeline anchors: records of work/shop-api a quarter, half and nine tenths of the way through
    anchors=$(sql "SELECT 'obs-' || id FROM observations WHERE project = '$project' AND id IN
                     ((SELECT max(id) / 4 FROM observations), (SELECT max(id) / 2 FROM observations), (SELECT max(id) * 9 / 10 FROM observations))
                   UNION ALL SELECT 'mem-' || (max(id) / 2) FROM memories
                   UNION ALL SELECT 'sum-' || (SELECT id FROM summaries WHERE project = '$project' AND id >= (SELECT max(id) / 2 FROM summaries) LIMIT 1)
                   UNION ALL SELECT 'prm-' || (SELECT id FROM user_prompts WHERE project = '$project' AND id >= (SELECT max(id) / 3 FROM user_prompts) LIMIT 1)")
    anchor_count=$(printf '%s\n' "$anchors" | wc -l)

    # 2. serve on it
    "$launcher" serve --port 0 --idle-minutes 0 > "$scratch/serve-$obs.out" 2>&1 &
    i=0
    until [ -S "$sock" ] && curl -sf --unix-socket "$sock" http://localhost/health >/dev/null 2>&1; do
        i=$((i + 1)); [ $i -lt 300 ] || { cat "$scratch/serve-$obs.out" >&2; exit 1; }
        sleep 0.1
    done

    # 3. warm serve's JIT on every path, then measure; one new session per SessionStart and its prompt
    i=1
    while [ $i -le $warmup ]; do
        session_start "scale-warm-$i" >/dev/null
        prompt "scale-warm-$i" $i >/dev/null
        tool_use "scale-warm-$i" "w$i" >/dev/null
        get "/search?q=$(query_string $i)&project=$project" >/dev/null
        get "/timeline?id=$(printf '%s\n' "$anchors" | sed -n "$((i % anchor_count + 1))p")" >/dev/null
        op_floor >/dev/null
        i=$((i + 1))
    done
    # one operation at a time, so serve's CPU time over the run (utime + stime, which a busy machine inflates
    # much less than wall time) can be divided among its requests
    serve_pid=$(cat "$data/serve.pid")
    run_op ss-$obs op_session_start
    run_op ups-$obs op_prompt
    run_op ptu-$obs op_tool_use
    run_op search-$obs op_search
    run_op timeline-$obs op_timeline
    run_op floor-$obs op_floor
    injected=$(sql "SELECT status || ' ' || count(*) FROM recall_events WHERE session_id LIKE 'scale-bench-%'
                    AND hook_event = 'UserPromptSubmit' GROUP BY status" | tr '\n' ',' | sed 's/,$//; s/,/, /g')
    ss_chars=$(sql "SELECT CAST(avg(injected_chars) AS INTEGER) FROM recall_events WHERE session_id LIKE 'scale-bench-%' AND hook_event = 'SessionStart'")

    # 4. the CLI commands as whole processes (JVM start-up included), reading the same database
    hyperfine --warmup 2 --runs "$runs" --export-json "$scratch/cli-search.json" \
        "$launcher search --project $project checkout rounding" >/dev/null
    hyperfine --warmup 2 --runs "$runs" --export-json "$scratch/cli-timeline.json" \
        "$launcher timeline $(printf '%s\n' "$anchors" | sed -n 2p)" >/dev/null
    cli_search=$(median_p95 "$scratch/cli-search.json")
    cli_timeline=$(median_p95 "$scratch/cli-timeline.json")

    # 5. prune: queue a job for serve's pump while PostToolUse hooks keep arriving on the socket
    due=$(sql "SELECT count(*) FROM observations WHERE project = '$project'
               AND created_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-90 days')")
    jobs_due=$(sql "SELECT count(*) FROM jobs WHERE status IN ('done', 'cancelled')
                    AND COALESCE(finished_at, updated_at) < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-7 days')")
    rm -f "$scratch/stop"
    ( n=0
      while [ ! -e "$scratch/stop" ]; do
          n=$((n + 1))
          took=$(tool_use scale-bench-1 "p$n") || took=
          [ -z "$took" ] || echo "$(date +%s%3N) $took"
      done ) > "$rows/prune-hooks-$obs" &
    hooks_pid=$!
    sleep 1
    job=$(sql "INSERT INTO jobs(kind, project, payload, dedupe_key, status, run_after)
               VALUES ('prune', '$project', '{}', 'prune:$project', 'pending', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
               RETURNING id")
    i=0
    while [ "$(sql "SELECT status FROM jobs WHERE id = $job")" != done ]; do
        i=$((i + 1))
        [ $i -lt 6000 ] || { echo "scale.sh: prune job $job did not finish:" >&2; sql "SELECT * FROM jobs WHERE id = $job" >&2; exit 1; }
        sleep 0.1
    done
    sleep 1
    touch "$scratch/stop"
    wait "$hooks_pid"
    finished_at=$(sql "SELECT finished_at FROM jobs WHERE id = $job")
    result=$(sql "SELECT result FROM jobs WHERE id = $job")
    # "pruned N observations, M finished jobs in B batches, T ms (longest batch L ms, most CPU in a batch C ms)"
    prune_ms=$(printf '%s' "$result" | sed -n 's/.* batches, \([0-9]*\) ms .*/\1/p')
    during=$(hooks_within "$rows/prune-hooks-$obs" "$finished_at" "${prune_ms:-0}")
    busy=$(grep -c "database busy" "$data/eagle-mem.log" 2>/dev/null || true)
    spooled=$(grep -c " spooled to " "$data/eagle-mem.log" 2>/dev/null || true)
    rss=$(sed -n 's/^VmHWM:[[:space:]]*//p' "/proc/$(cat "$data/serve.pid")/status" 2>/dev/null || echo "n/a")

    EAGLE_MEM_DIR="$data" "$launcher" serve --stop >/dev/null 2>&1 || true
    data=
    [ -n "${KEEP:-}" ] || rm -rf "$scratch/$obs"

    {
        for op in "ss:SessionStart (hook)" "ups:UserPromptSubmit (hook)" "ptu:PostToolUse (hook)" "search:GET /search" \
                "timeline:GET /timeline" "floor:GET of a missing path (curl + HTTP floor)"; do
            printf '%s\t%s\t%s (%s)\n' "${op#*:}" "$obs" "$(ms "$(values_median_p95 "$rows/${op%%:*}-$obs")")" \
                "$(cat "$rows/${op%%:*}-$obs.cpu")"
        done
        printf 'CLI `eagle-mem search` (whole process)\t%s\t%s\n' "$obs" "$(ms "$cli_search")"
        printf 'CLI `eagle-mem timeline` (whole process)\t%s\t%s\n' "$obs" "$(ms "$cli_timeline")"
    } >> "$rows/cells"
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$obs" "$due" "$jobs_due" "$result" "$during" "${busy:-0} / ${spooled:-0}" >> "$rows/prune"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$obs" "$mems" "$counts" "$gen_s" "$db_mb" "${ss_chars:-0}" "$injected" "$rss" \
        >> "$rows/sizes"
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

tab=$(printf '\t')
{
    echo "# scale: recall, search, timeline and prune from 10k to 1M observations"
    echo
    echo "Generated by \`bench/scale.sh\` on $(date -u +%Y-%m-%dT%H:%MZ) — $machine; $("$launcher" --version)."
    echo "Load average (1/5/15 min) before: $load_before; after: $load_after. The machine is shared with other work, so"
    echo "the tails (p95) are noisier than the medians."
    echo
    echo "Socket rows: $requests requests per operation after $warmup warm-ups, on a warm \`eagle-mem serve\`; curl's own"
    echo "\`%{time_total}\` (connect, request, answer — not curl's process start-up). Each SessionStart is a new session"
    echo "(so its recall is built, not skipped as already injected) and a UserPromptSubmit follows in that session, cycling"
    echo "16 prompts; search cycles 6 queries in work/shop-api; \`GET /timeline\` (±10 records) cycles anchors among"
    echo "observations, a memory, a summary and a prompt. CLI rows: the whole process (JVM start-up included), $runs runs"
    echo "by hyperfine. Cells: median / p95 wall time in ms; in parentheses, serve's CPU time (user + system, all its"
    echo "threads) per request over the run — less sensitive to a busy machine than wall time."
    echo
    echo "Targets at 100k observations / 10k memories: SessionStart ≤ 30 ms, prompt recall (UserPromptSubmit) ≤ 15 ms."
    echo
    python3 bench/scale-table.py "$rows/cells"
    echo
    echo "## Prune (a backlog: the first prune of a database whose prune never ran)"
    echo
    echo "One prune job for work/shop-api, run by serve's job pump while PostToolUse hooks arrive back to back on the"
    echo "socket. Batches, duration and the longest batch come from the job's result; a batch is one write transaction,"
    echo "timed from asking for the write lock to the end of its commit (an upper bound of the lock hold). Hooks during"
    echo "prune: the requests that overlapped it — count, then median / p95 / max ms. Busy retries / spooled: writes serve"
    echo "had to retry, and hook events it could not write within their budget and spooled, over the whole run (eagle-mem.log)."
    echo
    echo "| observations | observations due | finished jobs due | job result | hooks during prune | busy retries / spooled |"
    echo "|---:|---:|---:|---|---|---:|"
    while IFS="$tab" read -r n due jd res during busy; do
        echo "| $n | $due | $jd | $res | $(printf '%s' "$during" | sed 's/ | /: /; s/ | / \/ /g') | $busy |"
    done < "$rows/prune"
    echo
    echo "## Databases"
    echo
    echo "Generated by \`bench/scale-seed.sql\` through the sqlite3 CLI into a database the launcher migrated (no ANALYZE,"
    echo "as on a user's machine); file size after a WAL checkpoint. The text comes from a ~300-word vocabulary, so a"
    echo "summary (~60 content words) holds a good share of it and the prompts' words (ORed by prompt recall) match 30–95%"
    echo "of a project's summaries: a hard case for BM25, whose cost grows with the matches (prompt recall therefore ranks"
    echo "a project's newest 500 matches of a kind and, separately, the records holding every word of the prompt)."
    echo
    echo "| observations | memories | rows | generated in s | file MB | SessionStart chars (mean) | prompt recalls | serve peak RSS |"
    echo "|---:|---:|---|---:|---:|---:|---|---:|"
    while IFS="$tab" read -r n m c g mb chars inj rss; do
        echo "| $n | $m | $c | $g | $mb | $chars | $inj | $rss |"
    done < "$rows/sizes"
} > "$out"
echo "wrote $out"
