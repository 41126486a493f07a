#!/bin/sh
# Team mode under load, through a real PostgreSQL: MACHINES simulated machines (each its own data dir and HOME),
# each seeded with RECORDS distinct project memories of the same project (bench/shop, shared as acme/shop), all
# running `eagle-mem team sync` at once, round after round, until every machine holds every record.
#   setup     a throwaway PostgreSQL cluster (initdb as the postgres user, scram-sha-256, 127.0.0.1 on a free port)
#             and database `eagle`; per machine: `eagle-mem import` of a generated export file (docs/export-format.md),
#             `team connect` (password from PGPASSWORD) and `team share -p bench/shop --as acme/shop`, one after another
#   rounds    every machine's `team sync` (push, then pull) started at once as background processes; wait for all;
#             count the memories on every machine and the server's rows; again until all are complete (MAX_ROUNDS)
#   checks    every machine: count(*) = count(distinct content) = count(distinct created_at) = MACHINES × RECORDS and
#             no team conflict; the server: team_records = count(distinct record_id) = count(distinct content) =
#             MACHINES × RECORDS, each machine the origin of RECORDS of them, team_machines = MACHINES,
#             `team members` lists them all, `team status` has nothing waiting
#   replay    one more concurrent round: nothing pushed or created, every server count and sequence unchanged
#   late      one machine more, with no records, connects and syncs alone: how long pulling everything takes
# Per round also: when the server first held every record (polled every 0.5 s), and where the CPU went — the syncs'
# (GNU time), PostgreSQL's backends, and the rest of the host (/proc/stat), which says whether the host was shared.
# Time to converge: from the start of the first concurrent round to the end of the round after which every machine
# is complete (rounds are the granularity: completeness is counted between rounds).
#   bench/team/load.sh [LAUNCHER] [OUTPUT.md]      needs PostgreSQL 13+ server binaries (initdb, pg_ctl), psql,
#                                                  sqlite3, python3, runuser, GNU time; run as root
# Environment: MACHINES (default 20), RECORDS (per machine, default 500), MAX_ROUNDS (default 10), KEEP=1 keeps the
# scratch directory (data dirs, logs, every sync's JSON) and leaves nothing running.
set -eu
cd "$(dirname "$0")/../.."
launcher=$(cd "$(dirname "${1:-target/quarkus-app/eagle-mem}")" && pwd)/$(basename "${1:-target/quarkus-app/eagle-mem}")
out=${2:-bench/team/load-results.md}
case $out in /*) ;; *) out=$(pwd)/$out ;; esac
machines=${MACHINES:-20}
records=${RECORDS:-500}
max_rounds=${MAX_ROUNDS:-10}
total=$((machines * records))
[ -x /usr/bin/time ] || { echo "load.sh: /usr/bin/time missing. fix: apt-get install time" >&2; exit 1; }
for tool in psql sqlite3 python3 runuser; do
    command -v $tool >/dev/null || { echo "load.sh: $tool missing. fix: apt-get install postgresql sqlite3 python3" >&2; exit 1; }
done
[ -x "$launcher" ] || { echo "load.sh: $launcher missing. fix: scripts/with-jdk25 ./mvnw -B package -DskipTests" >&2; exit 1; }
pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$pgbin" ] && [ -x "$pgbin/initdb" ] || { echo "load.sh: no PostgreSQL server binaries under /usr/lib/postgresql. fix: apt-get install postgresql" >&2; exit 1; }
id postgres >/dev/null 2>&1 || { echo "load.sh: no postgres user (initdb refuses to run as root). fix: apt-get install postgresql" >&2; exit 1; }

scratch=$(mktemp -d /tmp/emteam.XXXXXX)
chmod 755 "$scratch"
pg="$scratch/pg"
cleanup() {
    if [ -f "$pg/data/postmaster.pid" ]; then
        runuser -u postgres -- "$pgbin/pg_ctl" -D "$pg/data" -m fast -w stop >/dev/null 2>&1 || true
    fi
    if [ -n "${KEEP:-}" ]; then echo "kept $scratch" >&2; else rm -rf "$scratch"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

now() { date +%s.%N; }
secs() { python3 -c "print(f'{$2 - $1:.1f}')"; }

# --- the team's PostgreSQL ---------------------------------------------------------------------------------------
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
mkdir "$pg"
printf 'bench-secret' > "$pg/pw"
chown -R postgres "$pg"
runuser -u postgres -- "$pgbin/initdb" -D "$pg/data" -U admin --pwfile="$pg/pw" -A scram-sha-256 >"$pg/initdb.log" 2>&1
runuser -u postgres -- "$pgbin/pg_ctl" -D "$pg/data" -l "$pg/log" -w \
    -o "-p $port -k $pg -c listen_addresses=127.0.0.1 -c max_connections=200" start >/dev/null
export PGPASSWORD=bench-secret
psql -q -h 127.0.0.1 -p "$port" -U admin -d postgres -c 'CREATE DATABASE eagle'
url="postgresql://admin@127.0.0.1:$port/eagle"
server() { psql -h 127.0.0.1 -p "$port" -U admin -d eagle -Atq -c "$1"; }
pg_version=$(server 'SHOW server_version')

# --- the machines ------------------------------------------------------------------------------------------------
name() { printf 'm%02d' "$1"; }
em() { # machine name, eagle-mem arguments…
    m=$1
    shift
    EAGLE_MEM_DIR="$scratch/$m/data" HOME="$scratch/$m/home" HOSTNAME="$m" "$launcher" "$@"
}
count() { # machine name, sql
    sqlite3 -cmd ".timeout 5000" "$scratch/$1/data/memory.db" "$2"
}
# commands run outside any repository (a project is named with -p)
mkdir "$scratch/work"
cd "$scratch/work"
export GIT_CEILING_DIRECTORIES="$scratch"

# One export file per machine: RECORDS project memories, created_at one millisecond apart (a second apart between
# machines' bases), distinct title, content and hash everywhere; dated the minute before the setup, like records
# agents have just written (a push re-reads what changed up to 5 minutes before the last push, and skips what
# hashes to what was exchanged).
python3 - "$scratch" "$machines" "$records" <<'PY'
import datetime, hashlib, json, os, sys
scratch, machines, records = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
stride = records // 1000 + 1  # seconds between machines' bases
start = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0) - datetime.timedelta(seconds=machines * stride + 60)
ts = lambda t: t.strftime("%Y-%m-%dT%H:%M:%S.") + f"{t.microsecond // 1000:03d}Z"
types = ["project", "session", "summary", "observation", "prompt", "memory", "overview", "feature", "check",
         "verification", "guard_rule", "command_rule", "turn_message"]
for m in range(1, machines + 1):
    name = f"m{m:02d}"
    base = start + datetime.timedelta(seconds=(m - 1) * stride)
    os.makedirs(f"{scratch}/{name}/home")
    with open(f"{scratch}/{name}/seed.jsonl", "w") as f:
        w = lambda o: f.write(json.dumps(o, separators=(",", ":")) + "\n")
        w({"format": "eagle-mem-export", "version": 2, "exported_at": ts(base), "eagle_mem": "0.1.0", "scope": "all",
           "types": types})
        w({"type": "project", "id": "bench/shop", "key": "bench/shop", "root_path": None, "created_at": ts(start),
           "last_seen_at": ts(base)})
        for i in range(records):
            t = ts(base + datetime.timedelta(milliseconds=i))
            content = (f"Machine {name} decision {i}: the order service retries payment call {i} at most "
                       f"{i % 7 + 1} times, then parks the order for {name}'s on-call.")
            w({"type": "memory", "id": f"bench/shop@{t}#0", "project": "bench/shop", "scope": "project",
               "kind": "decision", "title": f"{name} decision {i}", "content": content, "situation": None,
               "behavior": None, "impact": None, "action": None, "subject": None, "predicate": None, "object": None,
               "topic_key": None, "files": "[]", "normalized_hash": hashlib.sha256(content.encode()).hexdigest(),
               "revision_count": 1, "duplicate_count": 0, "source_agent": "cli", "session_id": None,
               "superseded_by": None, "created_at": t, "updated_at": t, "last_seen_at": t, "deleted_at": None,
               "delete_reason": None})
PY

echo "setup: $machines machines × $records memories, PostgreSQL $pg_version on 127.0.0.1:$port" >&2
t0=$(now)
m_i=1
while [ $m_i -le "$machines" ]; do
    em "$(name $m_i)" import "$scratch/$(name $m_i)/seed.jsonl" >"$scratch/$(name $m_i)/import.out"
    m_i=$((m_i + 1))
done
t1=$(now)
# the generated records round-trip: exported again, every memory line is the seeded one
em m01 export -a -o "$scratch/m01/export.jsonl" >/dev/null
roundtrip=$(python3 - "$scratch/m01/seed.jsonl" "$scratch/m01/export.jsonl" <<'PY'
import json, sys
def memories(path):
    with open(path) as f:
        return {o["id"]: o for o in map(json.loads, f.readlines()[1:]) if o["type"] == "memory"}
seeded, exported = memories(sys.argv[1]), memories(sys.argv[2])
print("yes" if seeded == exported else f"NO ({len(seeded)} seeded, {len(exported)} exported, "
      f"{sum(1 for k, v in seeded.items() if exported.get(k) != v)} differ)")
PY
)
m_i=1
while [ $m_i -le "$machines" ]; do
    m=$(name $m_i)
    em "$m" team connect "$url" --team acme --machine "$m" --person "dev$m_i@bench.example" --json >"$scratch/$m/connect.json"
    em "$m" team share -p bench/shop --as acme/shop --json >"$scratch/$m/share.json"
    m_i=$((m_i + 1))
done
t2=$(now)
seeded_min=$total
seeded_max=0
m_i=1
while [ $m_i -le "$machines" ]; do
    n=$(count "$(name $m_i)" "SELECT count(*) FROM memories")
    [ "$n" -lt "$seeded_min" ] && seeded_min=$n
    [ "$n" -gt "$seeded_max" ] && seeded_max=$n
    m_i=$((m_i + 1))
done
import_s=$(secs "$t0" "$t1")
connect_s=$(secs "$t1" "$t2")

# --- the rounds --------------------------------------------------------------------------------------------------
sync_one() { # machine, round dir
    s=$(now)
    rc=0
    /usr/bin/time -o "$2/$1.rusage" -f "%U %S %M" env EAGLE_MEM_DIR="$scratch/$1/data" HOME="$scratch/$1/home" HOSTNAME="$1" \
        "$launcher" team sync --json >"$2/$1.json" 2>"$2/$1.err" || rc=$?
    echo "$rc $s $(now)" >"$2/$1.time"
}

# CPU seconds: the host's busy time (/proc/stat: every process, this bench's or not), and PostgreSQL's backends that
# have exited (the postmaster's reaped children; each sync's connections close when it ends)
host_busy() { awk '/^cpu / { printf "%.2f", ($2 + $3 + $4 + $7 + $8 + $9) / 100; exit }' /proc/stat; }
pg_backends() { awk '{ printf "%.2f", ($16 + $17) / 100 }' "/proc/$(head -n 1 "$pg/data/postmaster.pid")/stat"; }

# after a round: "complete machines|min memories|max memories|off machines"
census() {
    python3 - "$scratch" "$machines" "$total" <<'PY'
import sqlite3, sys
scratch, machines, total = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
counts = {}
for m in range(1, machines + 1):
    name = f"m{m:02d}"
    c = sqlite3.connect(f"file:{scratch}/{name}/data/memory.db?mode=ro", uri=True, timeout=5)
    counts[name] = c.execute("SELECT count(*) FROM memories").fetchone()[0]
    c.close()
done = sum(1 for v in counts.values() if v == total)
off = " ".join(f"{k}:{v}" for k, v in counts.items() if v != total)
print(f"{done}|{min(counts.values())}|{max(counts.values())}|{off or '-'}")
PY
}

# a round's sync outputs → "failed|median s|max s|pushed sent/created/updated/won/lost/unchanged|pulled
# received/created/updated/unchanged/conflicts/skipped|first error"
round_stats() { # round dir
    python3 - "$1" "$machines" <<'PY'
import json, os, statistics, sys
d, machines = sys.argv[1], int(sys.argv[2])
failed, times, errors, cpu, rss = 0, [], [], 0.0, 0
push = dict.fromkeys(["sent", "created", "updated", "won", "lost", "unchanged"], 0)
pull = dict.fromkeys(["received", "created", "updated", "unchanged", "conflicts", "skipped"], 0)
for m in range(1, machines + 1):
    name = f"m{m:02d}"
    rc, s, e = open(f"{d}/{name}.time").read().split()
    times.append(float(e) - float(s))
    try:
        u, sy, kb = open(f"{d}/{name}.rusage").read().split()[-3:]
        cpu += float(u) + float(sy)
        rss = max(rss, int(kb))
    except (OSError, ValueError):
        pass
    try:
        r = json.load(open(f"{d}/{name}.json"))
        ok = rc == "0"
    except ValueError:
        ok = False
    if not ok:
        failed += 1
        err = open(f"{d}/{name}.err").read().strip().splitlines()
        errors.append(f"{name} exit {rc}: {err[0] if err else '(no stderr)'}")
        continue
    for k in push:
        push[k] += r["push"][k]
    for k in pull:
        pull[k] += r["pull"][k]
print(f"{failed}|{statistics.median(times):.1f}|{max(times):.1f}|" + "/".join(str(v) for v in push.values()) + "|"
      + "/".join(str(v) for v in pull.values()) + "|" + ("; ".join(errors) or "-") + f"|{cpu:.1f}|{rss // 1024}")
PY
}

server_counts() { # → "team_records|team_revisions|max seq"
    server "SELECT (SELECT count(*) FROM eagle_mem.team_records) || '|' || (SELECT count(*) FROM eagle_mem.team_revisions)
            || '|' || (SELECT COALESCE(max(seq), 0) FROM eagle_mem.team_records)"
}

# while a round runs: the server's team_records count every half second, "epoch seconds count" a line
poll_server() { # file
    while :; do
        echo "$(now) $(server 'SELECT count(*) FROM eagle_mem.team_records' 2>/dev/null || echo -1)" >>"$1"
        sleep 0.5
    done
}

rounds_md="$scratch/rounds.md"
cpu_md="$scratch/cpu.md"
errors_md="$scratch/errors.md"
: >"$errors_md"
run_round() { # label → appends a row; sets round_failed, round_complete, round_pushed, round_created, round_pull_created, round_off
    label=$1
    dir="$scratch/rounds/$label"
    mkdir -p "$dir"
    busy0=$(host_busy)
    pg0=$(pg_backends)
    load0=$(cut -d' ' -f1 /proc/loadavg)
    r_start=$(now)
    poll_server "$dir/server-counts" &
    poller=$!
    m_i=1
    pids=
    while [ $m_i -le "$machines" ]; do
        sync_one "$(name $m_i)" "$dir" &
        pids="$pids $!"
        m_i=$((m_i + 1))
    done
    # shellcheck disable=SC2086
    wait $pids
    r_end=$(now)
    busy1=$(host_busy)
    pg1=$(pg_backends)
    kill "$poller" 2>/dev/null || true
    wait "$poller" 2>/dev/null || true
    # when the server first held every record, counted from the round's start (the last push committed before it)
    server_all=$(awk -v s="$r_start" -v n="$total" '$2 >= n { printf "%.1f", ($1 - s < 0 ? 0 : $1 - s); exit }' "$dir/server-counts")
    stats=$(round_stats "$dir")
    cen=$(census)
    sc=$(server_counts)
    round_failed=$(echo "$stats" | cut -d'|' -f1)
    round_complete=$(echo "$cen" | cut -d'|' -f1)
    round_pushed=$(echo "$stats" | cut -d'|' -f4 | cut -d/ -f1)
    round_created=$(echo "$stats" | cut -d'|' -f4 | cut -d/ -f2)
    round_pull_created=$(echo "$stats" | cut -d'|' -f5 | cut -d/ -f2)
    round_off=$(echo "$cen" | cut -d'|' -f4)
    err=$(echo "$stats" | cut -d'|' -f6)
    sync_cpu=$(echo "$stats" | cut -d'|' -f7)
    pg_cpu=$(python3 -c "print(f'{$pg1 - $pg0:.1f}')")
    other_cpu=$(python3 -c "print(f'{max(0.0, $busy1 - $busy0 - $sync_cpu - $pg_cpu):.1f}')")
    [ "$err" = - ] || echo "- round $label: $err" >>"$errors_md"
    echo "| $label | $(secs "$r_start" "$r_end") | $(echo "$stats" | cut -d'|' -f2) | $(echo "$stats" | cut -d'|' -f3) | $round_failed | ${server_all:-not yet} | $(echo "$stats" | cut -d'|' -f4) | $(echo "$stats" | cut -d'|' -f5) | $round_complete / $machines | $(echo "$cen" | cut -d'|' -f2)–$(echo "$cen" | cut -d'|' -f3) | $(echo "$sc" | tr '|' ' ' | awk '{print $1 " | " $2 " | " $3}') |" >>"$rounds_md"
    echo "| $label | $(secs "$r_start" "$r_end") | $sync_cpu | $(echo "$stats" | cut -d'|' -f8) | $pg_cpu | $other_cpu | $(python3 -c "print(f'{$busy1 - $busy0:.1f}')") | $load0 |" >>"$cpu_md"
    echo "round $label: $(secs "$r_start" "$r_end") s, $round_complete/$machines machines complete, $round_failed failed" >&2
}

echo "| round | wall s | sync per machine, median s | max s | syncs failed | server held all $total after s | pushed: sent/created/updated/won/lost/unchanged | pulled: received/created/updated/unchanged/conflicts/skipped | machines complete | memories per machine, min–max | server team_records | team_revisions | max seq |" >"$rounds_md"
echo "|---|---:|---:|---:|---:|---:|---|---|---:|---|---:|---:|---:|" >>"$rounds_md"
echo "| round | wall s | CPU s, all syncs (user + sys) | peak RSS of one sync, MB | CPU s, PostgreSQL backends | CPU s, everything else on the host | host busy CPU s ($(nproc) cores) | load average (1 min) at the start |" >"$cpu_md"
echo "|---|---:|---:|---:|---:|---:|---:|---:|" >>"$cpu_md"
converge_start=$(now)
round=0
converged=no
conv_cpu=0
conv_pg=0
conv_other=0
while [ $round -lt "$max_rounds" ]; do
    round=$((round + 1))
    run_round $round
    conv_cpu=$(python3 -c "print(f'{$conv_cpu + $sync_cpu:.1f}')")
    conv_pg=$(python3 -c "print(f'{$conv_pg + $pg_cpu:.1f}')")
    conv_other=$(python3 -c "print(f'{$conv_other + $other_cpu:.1f}')")
    if [ "$round_complete" = "$machines" ]; then
        converged=yes
        break
    fi
done
converge_end=$r_end
[ "$converged" = yes ] || echo "- after round $round (the last), machines not complete (memories): $round_off" >>"$errors_md"
converge_s=$(secs "$converge_start" "$converge_end")
before=$(server_counts)

# --- checks ------------------------------------------------------------------------------------------------------
checks="$scratch/checks.md"
echo "| check | expected | got | ok |" >"$checks"
echo "|---|---:|---:|---|" >>"$checks"
failures=0
check() { # what, expected, got
    if [ "$2" = "$3" ]; then ok=yes; else ok=**NO**; failures=$((failures + 1)); fi
    echo "| $1 | $2 | $3 | $ok |" >>"$checks"
}
machine_counts=$(python3 - "$scratch" "$machines" "$total" <<'PY'
import sqlite3, sys
scratch, machines, total = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
good, bad, conflicts, synced_ok, cursors = 0, [], 0, 0, set()
for m in range(1, machines + 1):
    name = f"m{m:02d}"
    c = sqlite3.connect(f"file:{scratch}/{name}/data/memory.db?mode=ro", uri=True, timeout=5)
    row = c.execute("SELECT count(*), count(DISTINCT content), count(DISTINCT created_at),"
                    " count(*) FILTER (WHERE deleted_at IS NULL AND scope = 'project' AND project = 'bench/shop')"
                    " FROM memories").fetchone()
    conflicts += c.execute("SELECT count(*) FROM team_conflicts").fetchone()[0]
    synced = c.execute("SELECT count(*) FROM team_records WHERE type = 'memory'").fetchone()[0]
    synced_ok += synced == total
    cursors.add(c.execute("SELECT pull_cursor FROM team_link").fetchone()[0])
    c.close()
    if row == (total, total, total, total):
        good += 1
    else:
        bad.append(f"{name}: {row[0]} rows, {row[1]} distinct contents, {row[2]} distinct created_at, {row[3]} live")
print(f"{good}|{conflicts}|{synced_ok}|{'; '.join(bad) or '-'}|{' '.join(map(str, sorted(cursors)))}")
PY
)
check "machines with count(*) = count(distinct content) = count(distinct created_at) = live project memories = $total" \
    "$machines" "$(echo "$machine_counts" | cut -d'|' -f1)"
bad=$(echo "$machine_counts" | cut -d'|' -f4)
[ "$bad" = - ] || echo "- machines off: $bad" >>"$errors_md"
check "team conflicts noted, all machines" 0 "$(echo "$machine_counts" | cut -d'|' -f2)"
check "machines whose local team_records (sync bookkeeping) hold $total memories" "$machines" "$(echo "$machine_counts" | cut -d'|' -f3)"
check "every machine's pull cursor = the server's max seq" "$(server 'SELECT max(seq) FROM eagle_mem.team_records')" \
    "$(echo "$machine_counts" | cut -d'|' -f5)"
check "server: team_records" "$total" "$(server 'SELECT count(*) FROM eagle_mem.team_records')"
check "server: count(distinct record_id)" "$total" "$(server 'SELECT count(DISTINCT record_id) FROM eagle_mem.team_records')"
check "server: count(distinct body->>'content')" "$total" "$(server "SELECT count(DISTINCT body->>'content') FROM eagle_mem.team_records")"
check "server: team_records of type memory, project acme/shop, team acme, not deleted" "$total" \
    "$(server "SELECT count(*) FROM eagle_mem.team_records WHERE type = 'memory' AND project = 'acme/shop' AND team = 'acme' AND NOT deleted")"
check "server: machines that are the origin of exactly $records records" "$machines" \
    "$(server "SELECT count(*) FROM (SELECT origin_machine FROM eagle_mem.team_records GROUP BY 1 HAVING count(*) = $records) t")"
check "server: team_revisions" "$total" "$(server 'SELECT count(*) FROM eagle_mem.team_revisions')"
check "server: team_revisions not 'current'" 0 "$(server "SELECT count(*) FROM eagle_mem.team_revisions WHERE outcome <> 'current'")"
check "server: distinct seq = team_records" "$total" "$(server 'SELECT count(DISTINCT seq) FROM eagle_mem.team_records')"
check "server: team_machines" "$machines" "$(server 'SELECT count(*) FROM eagle_mem.team_machines')"
check "server: team_machines that pushed $records records" "$machines" \
    "$(server "SELECT count(*) FROM eagle_mem.team_machines WHERE records_pushed = $records")"
check "\`team members --json\` (m01): machines listed" "$machines" \
    "$(em m01 team members --json | python3 -c 'import json, sys; print(len(json.load(sys.stdin)))')"
status=$(em m01 team status --json | python3 -c 'import json, sys; s = json.load(sys.stdin)
print(s["waiting"], s["pull_cursor"], s["team_cursor"], s["online"], len(s["conflicts"]), sep="|")')
check "\`team status --json\` (m01): records waiting to be pushed" 0 "$(echo "$status" | cut -d'|' -f1)"
check "\`team status --json\` (m01): pull cursor = the team's last sequence number" "$(echo "$status" | cut -d'|' -f3)" \
    "$(echo "$status" | cut -d'|' -f2)"
check "\`team status --json\` (m01): the team database answered" True "$(echo "$status" | cut -d'|' -f4)"
check "\`team status --json\` (m01): conflicts" 0 "$(echo "$status" | cut -d'|' -f5)"

# --- replay: one more round changes nothing ----------------------------------------------------------------------
run_round replay
after=$(server_counts)
check "replay: syncs failed" 0 "$round_failed"
check "replay: records pushed (sent)" 0 "$round_pushed"
check "replay: records created on the server" 0 "$round_created"
check "replay: records created on any machine by the pull" 0 "$round_pull_created"
check "replay: server team_records / team_revisions / max seq unchanged" "$(echo "$before" | sed 's,|, / ,g')" \
    "$(echo "$after" | sed 's,|, / ,g')"
check "replay: machines complete" "$machines" "$round_complete"

# --- one more machine, alone: how long pulling everything takes without 19 other JVMs beside it -------------------
late=$(name $((machines + 1)))
mkdir -p "$scratch/$late/home"
em "$late" team connect "$url" --team acme --machine "$late" --person "late@bench.example" --json >"$scratch/$late/connect.json"
em "$late" team share -p bench/shop --as acme/shop --json >"$scratch/$late/share.json"
l_start=$(now)
/usr/bin/time -o "$scratch/$late/sync.rusage" -f "%U %S %M" env EAGLE_MEM_DIR="$scratch/$late/data" \
    HOME="$scratch/$late/home" HOSTNAME="$late" "$launcher" team sync --json >"$scratch/$late/sync.json"
late_s=$(secs "$l_start" "$(now)")
late_cpu=$(awk '{ printf "%.1f s CPU, peak RSS %d MB", $(NF - 2) + $(NF - 1), $NF / 1024 }' "$scratch/$late/sync.rusage")
late_pulled=$(python3 -c 'import json, sys; r = json.load(open(sys.argv[1]))["pull"]; print(r["received"], r["created"])' "$scratch/$late/sync.json")
late_count=$(count "$late" "SELECT count(*) || ' / ' || count(DISTINCT content) FROM memories")
check "late machine $late (alone, after the replay): memories / distinct contents" "$total / $total" "$late_count"

# --- results -----------------------------------------------------------------------------------------------------
{
    echo "# Team mode under load: $machines machines × $records records through one PostgreSQL"
    echo
    echo "Generated by \`bench/team/load.sh\` on $(date -u +%Y-%m-%dT%H:%MZ) (MACHINES=$machines RECORDS=$records): $machines"
    echo "simulated machines — each its own \`EAGLE_MEM_DIR\` and \`HOME\` on this host, \`team connect --machine mNN\` —"
    echo "each seeded with $records distinct project memories of \`bench/shop\` (\`eagle-mem import\` of a generated export"
    echo "file), shared as \`acme/shop\` in team \`acme\`. Then all $machines \`eagle-mem team sync\` (push, then pull) start"
    echo "at once as background processes, a JVM each, round after round until every machine holds all $total."
    echo
    echo "- machine: $(nproc) cores, $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1), $(awk '/^MemTotal/ {printf "%.1f GiB", $2 / 1048576}' /proc/meminfo) RAM; load average when done: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "- eagle-mem: $("$launcher" --version); PostgreSQL $pg_version (a throwaway cluster on 127.0.0.1, scram-sha-256, max_connections 200, otherwise defaults)"
    echo "- setup (not timed as part of convergence): $machines imports of $records memories one after another ${import_s} s;"
    echo "  $machines \`team connect\` + \`team share\` one after another ${connect_s} s; memories per machine before the rounds: $seeded_min–$seeded_max;"
    echo "  generated records round-trip through \`eagle-mem export\` unchanged: $roundtrip"
    echo
    if [ "$converged" = yes ]; then
        echo "**Converged: every machine holds all $total memories after $round concurrent round(s), ${converge_s} s** from the first round's start to the end of round $round."
        echo "Those rounds' CPU: the syncs ${conv_cpu} s, PostgreSQL's backends ${conv_pg} s, everything else on the host ${conv_other} s"
        echo "($(nproc) cores: $(python3 -c "print(f'{$(nproc) * $converge_s:.0f}')") CPU s in that wall time)."
    else
        echo "**Did not converge within $max_rounds rounds** (${converge_s} s): $round_complete of $machines machines hold all $total memories."
    fi
    echo
    echo "## Rounds"
    echo
    echo "Every round starts all $machines syncs at once and waits for the last. \`replay\` is one more round after convergence."
    echo "Pushed and pulled are the sums of the syncs' \`--json\` reports; machines complete and the server's rows are counted after the round."
    echo "Pushes of one team take turns (a PostgreSQL advisory lock); a pull reads batches of 500 in sequence order until one comes"
    echo "back short, so a pull still reading when the last push commits takes that push in the same round."
    echo
    cat "$rounds_md"
    echo
    echo "Where the CPU went, per round: the syncs' own (GNU time, every JVM summed), PostgreSQL's backends, and whatever"
    echo "else the host ran meanwhile (its busy time in /proc/stat minus both: PostgreSQL's background processes, this"
    echo "script's polling, and other processes, which this bench does not control)."
    echo
    cat "$cpu_md"
    echo
    echo "One machine more, alone, after the replay ($late: no records of its own, \`team connect\`, \`team share\`, then one"
    echo "\`team sync\` with no other sync running): ${late_s} s for the whole command (JVM start included; $late_cpu), pulling"
    echo "$(echo "$late_pulled" | cut -d' ' -f1) records, $(echo "$late_pulled" | cut -d' ' -f2) created."
    echo
    echo "## Checks"
    echo
    cat "$checks"
    if [ -s "$errors_md" ]; then
        echo
        echo "## Errors and incomplete machines"
        echo
        cat "$errors_md"
    fi
} >"$out"
echo "wrote $out" >&2
[ "$converged" = yes ] && [ "$failures" = 0 ]
