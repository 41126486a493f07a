#!/bin/sh
# What team sync costs a hook: UserPromptSubmit and PreToolUse latency through a warm serve (Claude Code's captured
# payloads, the command install registers), first on a store not connected to a team, then on the same store connected
# to a real PostgreSQL (Debian's package, started here in a temp directory) with serve's team-sync job running every
# 2 s while another machine's pushes land in the team database (20 new memories every 2 s), so each sync pulls and
# applies real work.
# Hooks never call team code; this measures what the background exchange costs them through the shared CPU and
# database.
#   bench/team/hook-cost.sh [LAUNCHER] [OUTPUT.md]     needs hyperfine, sqlite3, curl, bash, python3, PostgreSQL
set -eu
cd "$(dirname "$0")/../.."
. bench/lib.sh
launcher=$(cd "$(dirname "${1:-target/quarkus-app/eagle-mem}")" && pwd)/$(basename "${1:-target/quarkus-app/eagle-mem}")
shim=$(dirname "$launcher")/eagle-mem-hook
out=${2:-bench/team/hook-cost-results.md}
runs=${RUNS:-300}
bash=$(command -v bash)
for tool in hyperfine sqlite3 curl bash python3; do
    command -v $tool >/dev/null || { echo "hook-cost.sh: $tool missing. fix: apt-get install $tool" >&2; exit 1; }
done
pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -x "$pgbin/initdb" ] || { echo "hook-cost.sh: PostgreSQL missing. fix: apt-get install postgresql" >&2; exit 1; }
fixtures=src/test/resources/agent-payloads/claude-code-2.1.330
scratch=$(mktemp -d /tmp/emt.XXXXXX)
chmod 755 "$scratch"
serve_pid=
peer_pid=
as_pg=
[ "$(id -u)" != 0 ] || as_pg="runuser -u postgres --"
cleanup() {
    [ -z "$peer_pid" ] || kill "$peer_pid" 2>/dev/null || true
    [ -z "$serve_pid" ] || kill "$serve_pid" 2>/dev/null || true
    [ -z "$serve_pid" ] || wait "$serve_pid" 2>/dev/null || true
    $as_pg "$pgbin/pg_ctl" -D "$scratch/pg/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$scratch"
}
trap cleanup EXIT

# the team database
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
mkdir -p "$scratch/pg" && printf secret > "$scratch/pg/pw"
[ -z "$as_pg" ] || chown -R postgres "$scratch/pg"
$as_pg "$pgbin/initdb" -D "$scratch/pg/data" -U admin --pwfile="$scratch/pg/pw" -A scram-sha-256 >/dev/null
$as_pg "$pgbin/pg_ctl" -D "$scratch/pg/data" -o "-p $port -k $scratch/pg -c listen_addresses=127.0.0.1" \
    -l "$scratch/pg/log" -w start >/dev/null
PGPASSWORD=secret psql -h 127.0.0.1 -p "$port" -U admin -d postgres -qc 'CREATE DATABASE eagle' >/dev/null
url="postgresql://admin@127.0.0.1:$port/eagle"
export PGPASSWORD=secret

export HOME=/home/dev GIT_CEILING_DIRECTORIES=/home EAGLE_MEM_SERVE_AUTOSTART=0
printf '[recall]\nsemantic = false\n[team]\nsync_seconds = 2\n' > "$scratch/config.toml"
export EAGLE_CONFIG_FILE="$scratch/config.toml"
export EAGLE_MEM_DIR="$scratch/d"
"$launcher" status >/dev/null
sqlite3 "$EAGLE_MEM_DIR/memory.db" < bench/seed.sql
project=$(sqlite3 "$EAGLE_MEM_DIR/memory.db" "SELECT key FROM projects ORDER BY key LIMIT 1")

start_serve() {
    "$launcher" serve --port 0 --idle-minutes 0 > "$scratch/serve.out" 2>&1 &
    serve_pid=$!
    i=0
    until [ -S "$EAGLE_MEM_DIR/serve.sock" ] && curl -sf --unix-socket "$EAGLE_MEM_DIR/serve.sock" http://localhost/health \
            >/dev/null; do
        i=$((i + 1)); [ $i -lt 300 ] || { cat "$scratch/serve.out" >&2; exit 1; }
        sleep 0.1
    done
}
stop_serve() {
    kill "$serve_pid"; wait "$serve_pid" 2>/dev/null || true; serve_pid=
}
measure() { # payload, event
    hyperfine --warmup 5 --runs "$runs" --export-json "$scratch/m.json" "$bash $shim $2 < $fixtures/$1.json" >/dev/null
    median_p95 "$scratch/m.json"
}

start_serve
off_prompt=$(measure UserPromptSubmit-1 UserPromptSubmit)
off_pre=$(measure PreToolUse-1 PreToolUse)
stop_serve

# connect this store and share its project; another machine's pushes arrive in the team database meanwhile: 20 new
# memories every 2 s written straight into team_records by psql (as a push commits them), so the second machine costs
# this host a psql process, not a JVM, and serve's sync has real records to pull and apply
"$launcher" team connect "$url" --team bench --machine here --person dev >/dev/null
"$launcher" team share -p "$project" --as acme/bench >/dev/null
"$launcher" team sync >/dev/null
(
    n=0
    while :; do
        psql -h 127.0.0.1 -p "$port" -U admin -d eagle -qc "
            INSERT INTO eagle_mem.team_records (team, project, type, record_id, revision, hash, body, deleted, changed_at,
                origin_machine, origin_person, seq)
            SELECT 'bench', 'acme/bench', 'memory', 'acme/bench@' || at || '#0', 1, md5(at) || md5(at || 'h'),
                jsonb_build_object('project', 'acme/bench', 'scope', 'project', 'kind', 'decision',
                    'title', 'Peer decision ' || k, 'content', 'Peer decision ' || k || ': module ' || k
                        || ' keeps its own retry budget',
                    'situation', null, 'behavior', null, 'impact', null, 'action', null, 'subject', null,
                    'predicate', null, 'object', null, 'topic_key', null, 'files', '[]',
                    'normalized_hash', md5(at || 'n') || md5(at || 'm'), 'revision_count', 1, 'duplicate_count', 0,
                    'source_agent', 'cli', 'session_id', null, 'superseded_by', null, 'created_at', at,
                    'updated_at', at, 'last_seen_at', at, 'deleted_at', null, 'delete_reason', null),
                false, at, 'peer', 'ann', nextval('eagle_mem.team_seq')
            FROM (SELECT $n * 20 + g AS k, to_char(timestamp '2026-06-01' + ($n * 20 + g) * interval '1 millisecond',
                'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') AS at FROM generate_series(0, 19) g) s" >/dev/null 2>&1 || true
        n=$((n + 1))
        sleep 2
    done
) &
peer_pid=$!
start_serve
sleep 6
before=$(sqlite3 "$EAGLE_MEM_DIR/memory.db" "SELECT count(*) FROM jobs WHERE kind = 'team-sync' AND status = 'done'")
mem_before=$(sqlite3 "$EAGLE_MEM_DIR/memory.db" "SELECT count(*) FROM memories")
on_prompt=$(measure UserPromptSubmit-1 UserPromptSubmit)
on_pre=$(measure PreToolUse-1 PreToolUse)
after=$(sqlite3 "$EAGLE_MEM_DIR/memory.db" "SELECT count(*) FROM jobs WHERE kind = 'team-sync' AND status = 'done'")
mem_after=$(sqlite3 "$EAGLE_MEM_DIR/memory.db" "SELECT count(*) FROM memories")
kill "$peer_pid" 2>/dev/null || true
peer_pid=
stop_serve

{
    echo "# Team sync's cost per hook"
    echo
    echo "Generated by \`bench/team/hook-cost.sh\` on $(date -u +%Y-%m-%dT%H:%MZ); $runs runs per cell after 5 warm-ups; whole"
    echo "process (\`bash eagle-mem-hook <Event> < payload\`, Claude Code 2.1.330's captured payloads), answered by a warm"
    echo "serve; hyperfine through sh. Median / p95 in ms."
    echo
    echo "- machine: $(nproc) cores, $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1); load average when done: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "- eagle-mem: $("$launcher" --version); database: bench/seed.sql; semantic recall off; $("$pgbin/postgres" --version)"
    echo "- connected: \`team.sync_seconds = 2\`; another machine's pushes landed in the team database meanwhile (20 new"
    echo "  memories every 2 s, inserted by psql as a push commits them); serve ran $((after - before)) team-sync jobs during"
    echo "  the measured runs and pulled and applied $((mem_after - mem_before)) memories"
    echo
    echo "| store | UserPromptSubmit median | p95 | PreToolUse median | p95 |"
    echo "|---|---|---|---|---|"
    echo "| not connected to a team | $off_prompt | $off_pre |"
    echo "| connected, syncing every 2 s while the team changes | $on_prompt | $on_pre |"
    echo
    echo "Hooks never reach team code or the network (\`dev.eaglemem.team\` is called only by serve's team-sync job and the"
    echo "\`team\` commands); the difference between the rows is what the background exchange costs a hook through the"
    echo "shared two cores and the database's write lock. With the default \`team.sync_seconds = 30\` it runs 15× less often."
} > "$out"
echo "wrote $out"
