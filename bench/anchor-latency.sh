#!/bin/sh
# What anchors add to a prompt recall through serve (issue 26: ≤ 2 ms at 10k memories). The database of
# bench/recall/latency.sh (bench/scale-seed.sql: 100k observations, 10k memories, 9k summaries) in a real git
# checkout, $HOME/work/shop-api (project work/shop-api, the seed's main project): bench/anchor-tree.py writes 300
# source files (Python, JavaScript, TypeScript, Java) and commits them, then anchors every live memory and summary at
# that commit as eagle-mem would have (1-2 files with their blob ids, half also a declaration with its hash). serve
# starts and embeds every record (hybrid recall, the default), is warmed up, and a second commit changes every tenth
# file, so that some of the records prompts recall are changed and labelled (serve asks git for the evidence once per
# HEAD and target). Then, in the same warm serve, UserPromptSubmit requests in three phases:
#   A  the anchors as they are;  B  every anchor deleted (sqlite3, while serve runs);  A' the same anchors put back
# and A - B, A' - B is what checking the records' anchors costs a prompt recall.
#   bench/anchor-latency.sh [LAUNCHER] [OUTPUT.md]     needs sqlite3, curl, git, python3
#   SEMANTIC=0  lexical recall ([recall] semantic = false): no model, no wait for the embeddings (~200 s)
#   REQUESTS=N  requests per phase (100), WARMUPS=N before each phase (32), KEEP=1 keeps the scratch directory
#   ROUNDS=N    rounds of the interleaved comparison (20, each 16 requests with anchors and 16 without)
#   CHANGE=random  the change commit changes every tenth file instead of aiming half of it at what prompts recall
#   PROFILE=0   no profiled phases (JDK Flight Recorder through the JDK's jcmd); PROFILE_REQUESTS=N each (400)
set -eu
cd "$(dirname "$0")/.."
. bench/lib.sh
launcher=$(cd "$(dirname "${1:-target/quarkus-app/eagle-mem}")" && pwd)/$(basename "${1:-target/quarkus-app/eagle-mem}")
out=${2:-bench/anchor-latency-results.md}
obs=${OBS:-100000}
mems=${MEMS:-10000}
requests=${REQUESTS:-100}
warmups=${WARMUPS:-32}
profile_requests=${PROFILE_REQUESTS:-400}
rounds=${ROUNDS:-20}
semantic=${SEMANTIC:-1}
for tool in sqlite3 curl git python3; do
    command -v $tool >/dev/null || { echo "anchor-latency.sh: $tool missing. fix: apt-get install $tool" >&2; exit 1; }
done
# short: serve's socket path must stay under ~100 bytes
scratch=$(mktemp -d /tmp/ema.XXXXXX)
data="$scratch/d"
db="$data/memory.db"
sock="$data/serve.sock"
cleanup() {
    EAGLE_MEM_DIR="$data" "$launcher" serve --stop >/dev/null 2>&1 || true
    [ -n "${KEEP:-}" ] || rm -rf "$scratch"
}
trap cleanup EXIT
export HOME="$scratch/h" GIT_CEILING_DIRECTORIES="$scratch/h" EAGLE_MEM_SERVE_AUTOSTART=0 EAGLE_MEM_DIR="$data"
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@example.com GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@example.com
export GIT_CONFIG_NOSYSTEM=1
repo="$HOME/work/shop-api"
mkdir -p "$repo"
if [ "$semantic" = 0 ]; then
    printf '[recall]\nsemantic = false\n' > "$scratch/config.toml"
    export EAGLE_CONFIG_FILE="$scratch/config.toml"
fi
load_before=$(cut -d' ' -f1-3 /proc/loadavg)

# 1. the database, the checkout at its first commit, every live record anchored to it
"$launcher" status >/dev/null
{ printf 'PRAGMA synchronous = OFF;\nCREATE TEMP TABLE scale(obs INTEGER, mems INTEGER, anchor INTEGER);\n'
  printf 'INSERT INTO scale VALUES (%s, %s, %s);\n' "$obs" "$mems" "$(date -u -d 'today 00:00' +%s)"
  cat bench/scale-seed.sql
  printf 'PRAGMA wal_checkpoint(TRUNCATE);\n'; } | sqlite3 -bail "$db" >/dev/null
sqlite3 "$db" "UPDATE projects SET root_path = '$repo' WHERE key = 'work/shop-api'"
tree=$(python3 bench/anchor-tree.py generate "$repo" "$db" "$scratch/manifest.json")
git -C "$repo" init -q -b main
git -C "$repo" add -A
git -C "$repo" commit -q -m "shop-api as the memories were written against it"
anchored=$(python3 bench/anchor-tree.py anchor "$repo" "$db" "$scratch/manifest.json")
sqlite3 "$db" "PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null
# the anchors are right: at this commit every record of the project is fresh (blobs and declaration hashes match)
fresh_check=$(cd "$repo" && "$launcher" memories stale | head -n 1)
case $fresh_check in
    "All "*" are fresh.") ;;
    *) echo "anchor-latency.sh: the anchors do not match the checkout: $fresh_check" >&2
       (cd "$repo" && "$launcher" memories stale | head -n 20) >&2; exit 1 ;;
esac
records=$(sqlite3 "$db" "SELECT (SELECT count(*) FROM memories WHERE deleted_at IS NULL) + (SELECT count(*) FROM summaries)")
shop_anchors=$(sqlite3 "$db" "SELECT count(*) FROM anchors WHERE project = 'work/shop-api'")

# 2. serve, with every record embedded (hybrid)
"$launcher" serve --port 0 --idle-minutes 0 > "$scratch/serve.out" 2>&1 &
start=$(date +%s)
until [ -S "$sock" ] && curl -sf --unix-socket "$sock" http://localhost/health >/dev/null 2>&1; do sleep 0.2; done
pid=$(cat "$data/serve.pid")
embed_s=n/a
if [ "$semantic" != 0 ]; then
    until [ "$(sqlite3 -cmd '.timeout 5000' "$db" "SELECT count(*) FROM embeddings")" -ge "$records" ]; do
        kill -0 "$pid" 2>/dev/null || { echo "anchor-latency.sh: serve exited; see $scratch/serve.out" >&2; cat "$scratch/serve.out" >&2; exit 1; }
        [ $(( $(date +%s) - start )) -lt 3600 ] || { echo "anchor-latency.sh: not embedded within an hour" >&2; exit 1; }
        sleep 2
    done
    embed_s=$(( $(date +%s) - start ))
fi

prompts="the checkout rounding test fails again on postgres, can you look at the invoice export
why does the webhook retry forever when the payment times out
please refactor the cart discount validation in the coupon module
customers say the totals on their receipts are a cent off since the currency change
the login session token expires too early after the oauth change
the deploy pipeline is flaky on kubernetes and the migration deadlocks
can you optimize the slow inventory query, it misses the index
people get the same notification email two or three times
fix the timezone bug in the nightly report export job
suggest a name for my sourdough starter
how do skip lists stay balanced under concurrent inserts
update the shipping address form validation for unicode names
what did we decide about the cache backoff for redis
the warehouse stock sync crashes on empty input from the catalog
write tests for the refund ledger and the receipt renderer
the graphql gateway returns 500 when the header is missing"
mkdir -p "$scratch/r"
prompt() { # phase n → curl time_total; the answer in $scratch/r/PHASE-N
    text=$(printf '%s\n' "$prompts" | sed -n "$(($2 % 16 + 1))p")
    printf '{"session_id":"anchor-bench-%s-%s","transcript_path":"/tmp/t.jsonl","cwd":"%s","hook_event_name":"UserPromptSubmit","prompt":"%s"}' \
        "$1" "$2" "$repo" "$text" | curl -sf -o "$scratch/r/$1-$2" -w '%{time_total}\n' --unix-socket "$sock" \
        -H 'Content-Type: application/json' -H 'Expect:' -H "X-Eagle-Cwd: $repo" \
        -H "X-Eagle-Env-GIT_CEILING_DIRECTORIES: $HOME" --data-binary @- "http://localhost/hook/UserPromptSubmit?agent=claude-code"
}
cpu_ticks() { # serve's user + system CPU time so far, in clock ticks
    sed 's/.*) //' "/proc/$pid/stat" | awk '{print $12 + $13}'
}
run() { # phase count [first] → $scratch/PHASE.times, $scratch/PHASE.cpu (serve's CPU ms per request)
    i=${3:-0}; : > "$scratch/$1.times"; before=$(cpu_ticks)
    while [ $i -lt $(( ${3:-0} + $2 )) ]; do prompt "$1" $i >> "$scratch/$1.times"; i=$((i + 1)); done
    echo "$before $(cpu_ticks) $(getconf CLK_TCK) $2" | awk '{printf "%.1f\n", ($2 - $1) * 1000 / $3 / $4}' > "$scratch/$1.cpu"
}
labels() { # phase (a glob) → answers with a stale label, labels in all
    n=$(grep -l '\[changed: \|\[gone: \|\[moved: \|\[contradicted: ' "$scratch"/r/$1-* | wc -l)
    all=$(cat "$scratch"/r/$1-* | grep -o '\[changed: \|\[gone: \|\[moved: \|\[contradicted: ' | wc -l)
    echo "$n answers, $all labels"
}
recalls() { # phase (a LIKE pattern) → recall statuses
    sqlite3 -cmd '.timeout 5000' "$db" "SELECT status || ' ' || count(*) FROM recall_events WHERE session_id LIKE 'anchor-bench-$1-%'
        AND hook_event = 'UserPromptSubmit' GROUP BY status" | tr '\n' ',' | sed 's/,$//; s/,/, /g'
}
stats() { values_median_p95 "$scratch/$1.times" | sed 's/ | / \/ /'; }
median() { python3 -c "import statistics,sys; print(statistics.median(float(x) * 1000 for x in open(sys.argv[1])))" "$scratch/$1.times"; }

# 3. warm at the first commit (every record fresh), then the change commit; the first answers after it ask git.
# Which files change: a tenth of them, half of those among the files the warm-up's recalled records name (so that
# most prompts show a changed record: with a tenth at random, one prompt in 16 did), the rest every tenth file
# (CHANGE=random: every tenth file only)
run warm 64
sqlite3 -cmd '.timeout 5000' "$db" "SELECT DISTINCT t.path FROM recall_events e, json_each(e.memory_ids) j
        JOIN anchors a ON a.record_kind = 'memory' AND a.record_id = j.value JOIN anchor_targets t ON t.anchor_id = a.id
        WHERE e.session_id LIKE 'anchor-bench-warm-%'
    UNION SELECT DISTINCT t.path FROM recall_events e, json_each(e.summary_ids) j
        JOIN anchors a ON a.record_kind = 'summary' AND a.record_id = j.value JOIN anchor_targets t ON t.anchor_id = a.id
        WHERE e.session_id LIKE 'anchor-bench-warm-%'" > "$scratch/recalled.txt"
if [ "${CHANGE:-recalled}" = random ]; then
    python3 bench/anchor-tree.py change "$repo" "$scratch/manifest.json" > "$scratch/change.txt"
else
    python3 bench/anchor-tree.py change "$repo" "$scratch/manifest.json" "$scratch/recalled.txt" > "$scratch/change.txt"
fi
git -C "$repo" commit -q -am "rework a tenth of the modules"
changed_files=$(git -C "$repo" diff --name-only HEAD~1 | wc -l)
sleep 3 # past the 2 s in which a modified file is hashed but not cached (racy mtime)
evidence() { sqlite3 -cmd '.timeout 5000' "$db" "SELECT count(*) FROM anchor_targets WHERE seen_head IS NOT NULL"; }
evidence_before=$(evidence)
: > "$scratch/cold.times"; : > "$scratch/cold.ev"; i=0; before=$(cpu_ticks); cold_ticks=0
while [ $i -lt 16 ]; do
    prompt cold $i >> "$scratch/cold.times"; now=$(cpu_ticks); cold_ticks=$((cold_ticks + now - before))
    evidence >> "$scratch/cold.ev"; before=$(cpu_ticks); i=$((i + 1))
done
echo "$cold_ticks $(getconf CLK_TCK)" | awk '{printf "%.1f\n", $1 * 1000 / $2 / 16}' > "$scratch/cold.cpu"
evidence=$(evidence)
run cold2 16

# 4. A / B / A' in the same serve
run wA "$warmups" 1000; run A "$requests"
drop_anchors() { sqlite3 -cmd '.timeout 5000' "$db" "DELETE FROM anchor_targets; DELETE FROM anchors;"; }
restore_anchors() {
    sqlite3 -cmd '.timeout 5000' "$db" "ATTACH '$scratch/kept.db' AS k; INSERT INTO anchors SELECT * FROM k.anchors;
        INSERT INTO anchor_targets(rowid, anchor_id, path, blob, decl, decl_hash, moved_from, seen_head, seen_commits,
            seen_newest, seen_subject, seen_deleted, reviewed_blob)
        SELECT rid, anchor_id, path, blob, decl, decl_hash, moved_from, seen_head, seen_commits, seen_newest, seen_subject,
            seen_deleted, reviewed_blob FROM k.anchor_targets ORDER BY rid;"
}
# kept as they are after A (with git's evidence for what A recalled), so that A' checks the same rows
sqlite3 -cmd '.timeout 5000' "$db" "ATTACH '$scratch/kept.db' AS k; CREATE TABLE k.anchors AS SELECT * FROM anchors;
    CREATE TABLE k.anchor_targets AS SELECT rowid AS rid, * FROM anchor_targets;"
drop_anchors
run wB "$warmups" 1000; run B "$requests"
restore_anchors
run wA2 "$warmups" 1000; run A2 "$requests"

# 4b. the same comparison interleaved, against drift: rounds of the 16 prompts with the anchors and without, in
# alternating order; "without" hides them by negating their record ids (one UPDATE; no recalled record then has an
# anchor, as in B), with two unmeasured requests after each switch
anchors_off() { sqlite3 -cmd '.timeout 5000' "$db" "UPDATE anchors SET record_id = -record_id WHERE record_id > 0"; }
anchors_on() { sqlite3 -cmd '.timeout 5000' "$db" "UPDATE anchors SET record_id = -record_id WHERE record_id < 0"; }
: > "$scratch/IA.times"; : > "$scratch/IB.times"; r=0
while [ $r -lt "$rounds" ]; do
    for arm in $( [ $((r % 2)) = 0 ] && echo A B || echo B A); do
        if [ $arm = A ]; then anchors_on; else anchors_off; fi
        run "wi$arm$r" 2 500
        run "i$arm$r" 16
        cat "$scratch/i$arm$r.times" >> "$scratch/I$arm.times"
    done
    r=$((r + 1))
done
anchors_on

# 5. where the time goes: JDK Flight Recorder's CPU-time sampler (Java and native frames alike) over the same requests,
# with the anchors (P) and again without them (PB); each sample weighs its sampling period, so the sums are CPU time
jdk_bin=$(dirname "$(readlink -f "/proc/$pid/exe")")
profiled=
if [ "${PROFILE:-1}" != 0 ] && [ -x "$jdk_bin/jcmd" ] && [ -x "$jdk_bin/jfr" ]; then
    profile() { # phase → its JFR samples in $scratch/PHASE.json
        "$jdk_bin/jcmd" "$pid" JFR.start name="$1" stackdepth=256 +jdk.CPUTimeSample#enabled=true \
            +jdk.CPUTimeSample#throttle=1ms filename="$scratch/$1.jfr" >/dev/null
        run "w$1" "$warmups" 1000
        from=$(date -u +%Y-%m-%dT%H:%M:%S.%NZ); run "$1" "$profile_requests"; to=$(date -u +%Y-%m-%dT%H:%M:%S.%NZ)
        "$jdk_bin/jcmd" "$pid" JFR.stop name="$1" >/dev/null
        "$jdk_bin/jfr" print --json --stack-depth 400 --events jdk.CPUTimeSample "$scratch/$1.jfr" > "$scratch/$1.all.json"
        echo "$from $to" > "$scratch/$1.window"
    }
    profile P
    drop_anchors
    profile PB
    restore_anchors
    profiled=1
fi
hwm=$(sed -n 's/^VmHWM:[[:space:]]*//p' "/proc/$pid/status")
load_after=$(cut -d' ' -f1-3 /proc/loadavg)
EAGLE_MEM_DIR="$data" "$launcher" serve --stop >/dev/null 2>&1 || true

# after serve: how many records of the project the change left not fresh (the CLI asks git for what serve did not)
stale=$(cd "$repo" && "$launcher" memories stale --json | python3 -c "
import collections, json, sys
r = json.load(sys.stdin)
c = collections.Counter(i['freshness']['state'] for i in r['records'])
print(f\"{len(r['records'])} of {r['anchored']} (\" + ', '.join(f'{k} {v}' for k, v in sorted(c.items())) + ')')")

diff_ms() { python3 -c "import sys; print(f'{float(sys.argv[1]) - float(sys.argv[2]):+.2f}')" "$(median "$1")" "$(median "$2")"; }
# a bootstrap of the difference of medians (A and A' pooled against B): how much of it is noise
ci=$(python3 - "$scratch/A.times" "$scratch/A2.times" "$scratch/B.times" <<'PY'
import random, statistics, sys
a = [float(x) * 1000 for f in sys.argv[1:3] for x in open(f)]
b = [float(x) * 1000 for x in open(sys.argv[3])]
r = random.Random(1)
d = sorted(statistics.median(r.choices(a, k=len(a))) - statistics.median(r.choices(b, k=len(b))) for _ in range(2000))
print(f"{statistics.median(a) - statistics.median(b):+.2f} ms (95% bootstrap interval {d[50]:+.2f} to {d[1949]:+.2f})")
PY
)
cpu_profile() { # phase → CPU ms per request in all of serve, under Staleness.of, and that split by what it did
    python3 - "$scratch/$1.all.json" $(cat "$scratch/$1.window") "$profile_requests" <<'PY'
import collections, json, re, sys
events, start, end, n = json.load(open(sys.argv[1]))["recording"]["events"], sys.argv[2], sys.argv[3], int(sys.argv[4])
parts = [("HEAD (.git files)", ("dev.eaglemem.anchor.HeadCommit",)),
         ("SQL: anchors and targets", ("org.sqlite.", "dev.eaglemem.store.")),
         ("git", ("dev.eaglemem.platform.Process", "dev.eaglemem.anchor.GitHistory", "java.lang.Process")),
         ("files: parse", ("dev.eaglemem.syntax.",)),
         ("files: attributes, hashes", ("dev.eaglemem.anchor.WorkingFiles",))]
total, anchored, split, samples = 0.0, 0.0, collections.Counter(), 0
for e in events:
    v = e["values"]
    if not start <= v["startTime"] <= end:
        continue
    ms = float(re.match(r"PT([\d.]+)S", v["samplingPeriod"]).group(1)) * 1000
    total += ms
    frames = [f["method"]["type"]["name"].replace("/", ".") + "." + f["method"]["name"] for f in v["stackTrace"]["frames"]]
    if "dev.eaglemem.recall.Staleness.of" not in frames:
        continue
    anchored += ms
    samples += 1
    inner = frames[:frames.index("dev.eaglemem.recall.Staleness.of")]
    part = next((name for f in inner for name, prefixes in parts if f.startswith(prefixes)), "the check itself")
    split[part] += ms
print(f"{total / n:.1f} | {anchored / n:.2f} ({samples} samples) | " + ", ".join(f"{k} {v / n:.2f}" for k, v in split.most_common()))
PY
}
paired() { # the interleaved rounds: the median of the differences, each request with the anchors against the same
    # prompt without them in the same round, with a bootstrap interval
    python3 - "$scratch/IA.times" "$scratch/IB.times" <<'PY'
import random, statistics, sys
a, b = ([float(x) * 1000 for x in open(f)] for f in sys.argv[1:])
d = [x - y for x, y in zip(a, b)]
r = random.Random(1)
boot = sorted(statistics.median(r.choices(d, k=len(d))) for _ in range(2000))
print(f"{statistics.median(d):+.2f} ms over {len(d)} pairs (95% bootstrap interval {boot[50]:+.2f} to {boot[1949]:+.2f});"
      f" difference of the arms' medians {statistics.median(a) - statistics.median(b):+.2f} ms")
PY
}
cold_detail() { # the first answers after the change commit: those that asked git, against the same prompt next time
    python3 - "$scratch/cold.times" "$scratch/cold.ev" "$scratch/cold2.times" "$evidence_before" <<'PY'
import statistics, sys
cold, ev, warm = ([float(x) for x in open(f)] for f in sys.argv[1:4])
before = int(sys.argv[4])
asked = []
for i, (c, e, w) in enumerate(zip(cold, ev, warm)):
    if e > before:
        asked.append((i, int(e - before), c * 1000, w * 1000))
    before = e
rest = [(c - w) * 1000 for i, (c, w) in enumerate(zip(cold, warm)) if i not in {a[0] for a in asked}]
print(f"{len(asked)} of the 16 asked git (" + "; ".join(f"prompt {i}: {n} target{'s' if n > 1 else ''}, {c:.0f} ms, next time {w:.0f} ms"
      for i, n, c, w in asked) + f"); the other {len(rest)} took {statistics.median(rest):+.1f} ms (median) against their next time")
PY
}
mode=$([ "$semantic" = 0 ] && echo "lexical ([recall] semantic = false)" || echo "hybrid (the default: words and the model)")
{
    echo "# Anchors in prompt recall: what checking the recalled records against the code costs"
    echo
    echo "Generated by \`bench/anchor-latency.sh\` on $(date -u +%Y-%m-%dT%H:%MZ) — $(nproc) cores,"
    echo "$(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1), $(free -g | awk '/^Mem:/ {print $2}') GB RAM; $("$launcher" --version); git $(git --version | cut -d' ' -f3)."
    echo "Load average (1/5/15 min) before: $load_before; after: $load_after (the machine is shared with other builds)."
    echo
    echo "- Database from \`bench/scale-seed.sql\`: $obs observations, $mems memories, $records live memories and summaries."
    echo "- Checkout \`\$HOME/work/shop-api\` (project work/shop-api, the seed's main project), written by"
    echo "  \`bench/anchor-tree.py\`: $tree, committed. Every live memory"
    echo "  of a project and every summary anchored at that commit by SQL, as eagle-mem writes anchors: $anchored;"
    echo "  $shop_anchors of them in work/shop-api. A target is a memory's own file (\`src/<subject>.py\`, which half the seeded"
    echo "  memories name) or a file picked by hash; its blob id is git's (\`git ls-files -s\`) and a declaration's hash is"
    echo "  computed as WorkingFiles computes it, so every anchor matches: \`eagle-mem memories stale\` at that commit said"
    echo "  \"$fresh_check\""
    echo "- serve: recall $mode; embedded all records in ${embed_s} s. 64 warm-up requests at the first commit"
    echo "  (every record fresh: the files' blob ids and declarations are hashed and cached there), then a second commit"
    echo "  changing $changed_files files: $(cat "$scratch/change.txt"). Afterwards \`memories stale\` counts $stale"
    echo "  records of the project not fresh."
    echo "- Requests: UserPromptSubmit on serve's socket, the 16 prompts of bench/recall/latency.sh in turn, each in a new"
    echo "  session, cwd the checkout; curl's time_total. CPU: serve's user + system time over the phase's requests (all its"
    echo "  threads, from /proc) per request — less sensitive to other load than wall time."
    echo
    echo "## A / B / A' in one warm serve"
    echo
    echo "Each phase: $warmups warm-ups, then $requests requests. B deletes every anchor (sqlite3, while serve runs); A' puts the"
    echo "same rows back (as they were after A, with git's evidence)."
    echo
    echo "| phase | ms (median / p95) | serve CPU ms / request | answers with a stale label | recalls |"
    echo "|---|---:|---:|---|---|"
    echo "| A: anchors | $(stats A) | $(cat "$scratch/A.cpu") | $(labels A) | $(recalls A) |"
    echo "| B: no anchors (deleted) | $(stats B) | $(cat "$scratch/B.cpu") | $(labels B) | $(recalls B) |"
    echo "| A': anchors put back | $(stats A2) | $(cat "$scratch/A2.cpu") | $(labels A2) | $(recalls A2) |"
    echo
    echo "Added by the anchors (difference of medians): A − B $(diff_ms A B) ms, A' − B $(diff_ms A2 B) ms; A and A' pooled"
    echo "against B: $ci."
    echo
    echo "## Interleaved"
    echo
    echo "$rounds rounds of the 16 prompts with the anchors and 16 without, in alternating order (\"without\": every anchor's"
    echo "record id negated by one UPDATE, so no recalled record has one, as in B), 2 unmeasured requests after each switch."
    echo
    echo "| arm | ms (median / p95) | answers with a stale label | recalls |"
    echo "|---|---:|---|---|"
    echo "| with anchors | $(stats IA) | $(labels "iA*") | $(recalls "iA%") |"
    echo "| without | $(stats IB) | $(labels "iB*") | $(recalls "iB%") |"
    echo
    echo "Added by the anchors, paired (same round, same prompt): $(paired)."
    echo
    echo "Budget (issue 26): ≤ 2 ms added to a prompt recall at 10k memories."
    echo
    echo "## The first answers after a commit"
    echo
    echo "| 16 requests, one per prompt | ms (median / p95) | serve CPU ms / request | answers with a stale label | recalls |"
    echo "|---|---:|---:|---|---|"
    echo "| first after the change commit | $(stats cold) | $(cat "$scratch/cold.cpu") | $(labels cold) | $(recalls cold) |"
    echo "| the next 16 (git's evidence kept) | $(stats cold2) | $(cat "$scratch/cold2.cpu") | $(labels cold2) | $(recalls cold2) |"
    echo
    echo "$(cold_detail). Git's evidence (commits since, the newest: \`git ls-tree\` and \`git log\` per changed target) is"
    echo "kept per HEAD in anchor_targets ($evidence targets had it after these 16), so later answers do not ask again."
    echo "serve's peak RSS: $hwm."
    if [ -n "$profiled" ]; then
        echo
        echo "## Where it goes"
        echo
        echo "JDK Flight Recorder's CPU-time sampler (jdk.CPUTimeSample, throttle 1 ms of CPU, Java and native frames) over"
        echo "$profile_requests more requests after $warmups warm-ups, with the anchors (P) and after deleting them again (PB);"
        echo "each sample weighs its sampling period. \"Checking\" is everything under Staleness.of (the states of the"
        echo "recalled records: both anchor queries, reading HEAD, each target's file), split by the innermost part it was in."
        echo "The sampler sees Java threads only (in Java or native code): serve's CPU from /proc above also holds GC, the JIT"
        echo "compiler and the model runtime's own threads. A sample stands for a few ms of CPU, so a handful of samples is a"
        echo "rough figure: the count is given."
        echo
        echo "| phase | ms (median / p95) | serve CPU ms / request (sampled) | checking, CPU ms / request | split |"
        echo "|---|---:|---:|---:|---|"
        echo "| P: anchors | $(stats P) | $(cpu_profile P) |"
        echo "| PB: no anchors | $(stats PB) | $(cpu_profile PB) |"
    fi
} > "$out"
echo "wrote $out"
[ -z "${KEEP:-}" ] || echo "kept $scratch"
