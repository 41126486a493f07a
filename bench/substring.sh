#!/bin/sh
# What the substring index (migration V8: FTS5 trigram over memories and summaries) costs and how fast it answers,
# on the 10k-memory database of bench/scale.sh (100k observations, bench/scale-seed.sql) plus 2,000 CJK memories and
# 400 identifier memories (bench/substring-seed.sql):
#   size        each FTS table's pages (dbstat), the word index (*_fts) beside the substring index (*_tri), and
#               the time V8's backfill takes on this database (its two 'rebuild' statements, sqlite3 CLI)
#   search      GET /search on serve's unix socket, per kind of query: ordinary English (bench/scale.sh's), identifiers,
#               words run together, CJK 2-character words, CJK 3–4-character words, CJK sentences
#   recall      POST /hook/UserPromptSubmit: English prompts (no substring query at all), prompts naming identifiers,
#               CJK prompts
#   bench/substring.sh [LAUNCHER] [OUTPUT.md]     needs sqlite3, curl, python3
# Environment: REQUESTS (per kind, default 100), WARMUP (rounds over every query and prompt, default 20), KEEP=1.
set -eu
cd "$(dirname "$0")/.."
. bench/lib.sh
launcher=$(cd "$(dirname "${1:-target/quarkus-app/eagle-mem}")" && pwd)/$(basename "${1:-target/quarkus-app/eagle-mem}")
out=${2:-bench/substring-results.md}
requests=${REQUESTS:-100}
warmup=${WARMUP:-20}
for tool in sqlite3 curl python3; do
    command -v $tool >/dev/null || { echo "substring.sh: $tool missing. fix: apt-get install $tool" >&2; exit 1; }
done
[ -x "$launcher" ] || { echo "substring.sh: $launcher missing. fix: scripts/with-jdk25 ./mvnw -B package -DskipTests" >&2; exit 1; }
scratch=$(mktemp -d /tmp/emsub.XXXXXX)
data="$scratch/data"
db="$data/memory.db"
sock="$data/serve.sock"
mkdir -p "$data" "$scratch/rows"
cleanup() {
    EAGLE_MEM_DIR="$data" "$launcher" serve --stop >/dev/null 2>&1 || true
    [ -n "${KEEP:-}" ] || rm -rf "$scratch"
}
trap cleanup EXIT
export HOME=/home/dev GIT_CEILING_DIRECTORIES=/home EAGLE_MEM_SERVE_AUTOSTART=0 EAGLE_MEM_DIR="$data"
project=work/shop-api
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
machine="$(nproc) cores, $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1)"

# One query a line: kind<TAB>text. The English ones are bench/scale.sh's.
queries="english	checkout rounding
english	webhook retry payment
english	session token expired
english	invoice export timezone
english	cache backoff redis
english	migration deadlocks
identifier	getUserById
identifier	findOrderByEmail
identifier	payment_by_tenant
identifier	coupon-by-batch
identifier	app.invoice.loadByStatus
identifier	UserById
run-together	user by id
run-together	order by email
run-together	refund by tenant
cjk-2	连接
cjk-2	缓存
cjk-2	期限
cjk-2	서버
cjk-3-4	数据库
cjk-3-4	连接池
cjk-3-4	再起動
cjk-3-4	타임아웃
cjk-sentence	为什么连接会超时
cjk-sentence	ログイン後に期限エラー
cjk-sentence	支付网关的证书过期了"
prompts="english	the checkout rounding test fails again on postgres, can you look at the invoice export
english	why does the webhook retry forever when the payment times out
english	the login session token expires too early after the oauth change
english	the deploy pipeline is flaky on kubernetes and the migration deadlocks
identifier	why does getUserById return null for deleted users
identifier	the findOrderByEmail lookup is slow since yesterday
identifier	sync_cart_by_status drops items, please look
identifier	can you check app.invoice.loadByStatus for the tenant bug
identifier	the get user by id lookup misses soft-deleted users
cjk	为什么连接会超时？请帮我看看
cjk	线上数据库很慢怎么办
cjk	ログイン後に期限エラーが出る
cjk	서버 로그를 확인해 주세요"

sql() {
    sqlite3 -cmd ".timeout 10000" "$db" "$1"
}

urlencode() {
    python3 -c 'import sys, urllib.parse; print(urllib.parse.quote_plus(sys.argv[1]))' "$1"
}

get() { # path → curl's time_total in seconds
    curl -sf -o /dev/null -w '%{time_total}\n' --unix-socket "$sock" "http://localhost$1"
}

prompt() { # session id, text → curl's time_total in seconds
    python3 -c 'import json, sys; print(json.dumps({"session_id": sys.argv[1], "transcript_path": "/tmp/t.jsonl",
        "cwd": "/home/dev/work/shop-api", "hook_event_name": "UserPromptSubmit", "prompt": sys.argv[2]}))' "$1" "$2" |
        curl -sf -o /dev/null -w '%{time_total}\n' --unix-socket "$sock" -H 'Content-Type: application/json' -H 'Expect:' \
            -H "X-Eagle-Cwd: /home/dev/work/shop-api" -H "X-Eagle-Env-GIT_CEILING_DIRECTORIES: /home" \
            --data-binary @- "http://localhost/hook/UserPromptSubmit?agent=claude-code"
}

# Words only (recall.semantic off): this measures the lexical path the substring index is part of, without serve
# embedding 21k records meanwhile (hybrid recall's latency is bench/recall/latency.sh's).
printf '[recall]\nsemantic = false\n' > "$scratch/config.toml"
export EAGLE_CONFIG_FILE="$scratch/config.toml"

# 1. the database: migrated by the launcher (V8 included), then filled with SQL
"$launcher" status >/dev/null
{ printf 'PRAGMA synchronous = OFF;\nCREATE TEMP TABLE scale(obs INTEGER, mems INTEGER, anchor INTEGER);\n'
  printf 'INSERT INTO scale VALUES (100000, 10000, %s);\n' "$(date -u -d 'today 00:00' +%s)"
  cat bench/scale-seed.sql bench/substring-seed.sql
  printf 'PRAGMA wal_checkpoint(TRUNCATE);\nVACUUM;\n'; } | sqlite3 -bail "$db" >/dev/null
counts=$(sql "SELECT (SELECT count(*) FROM memories) || ' memories (' || (SELECT count(*) FROM memories WHERE normalized_hash
    GLOB '[zjk][hao]-*') || ' CJK, ' || (SELECT count(*) FROM memories WHERE normalized_hash GLOB 'id-*') || ' identifiers), '
    || (SELECT count(*) FROM summaries) || ' summaries, ' || (SELECT count(*) FROM observations) || ' observations'")
file_mb=$(python3 -c "import os, sys; print(f'{os.path.getsize(sys.argv[1]) / 1048576:.1f}')" "$db")
sizes=$(sql "SELECT CASE WHEN name GLOB '*_tri_*' THEN substr(name, 1, instr(name, '_tri_') + 3)
                         ELSE substr(name, 1, instr(name, '_fts_') + 3) END AS idx,
                    printf('%.1f', sum(pgsize) / 1048576.0)
             FROM dbstat WHERE name GLOB '*_fts_*' OR name GLOB '*_tri_*' GROUP BY idx ORDER BY idx" | tr '|' '\t')
tables=$(sql "SELECT name, printf('%.1f', sum(pgsize) / 1048576.0) FROM dbstat WHERE name IN ('memories', 'summaries')
              GROUP BY name ORDER BY name" | tr '|' '\t')
text_mb=$(sql "SELECT printf('%.1f', (SELECT sum(length(CAST(title AS BLOB)) + length(CAST(content AS BLOB))
                   + coalesce(length(CAST(topic_key AS BLOB)), 0)) FROM memories) / 1048576.0) || ' / ' ||
                  printf('%.1f', (SELECT sum(coalesce(length(CAST(request AS BLOB)), 0) + coalesce(length(CAST(investigated AS BLOB)), 0)
                   + coalesce(length(CAST(learned AS BLOB)), 0) + coalesce(length(CAST(completed AS BLOB)), 0)
                   + coalesce(length(CAST(decisions AS BLOB)), 0) + coalesce(length(CAST(gotchas AS BLOB)), 0)
                   + coalesce(length(CAST(next_steps AS BLOB)), 0) + length(CAST(key_files AS BLOB))) FROM summaries) / 1048576.0)")
backfill_start=$(date +%s.%N)
sql "INSERT INTO memories_tri(memories_tri) VALUES ('rebuild'); INSERT INTO summaries_tri(summaries_tri) VALUES ('rebuild');"
backfill_s=$(python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$backfill_start" "$(date +%s.%N)")

# 2. serve on it, warmed on every query and prompt
"$launcher" serve --port 0 --idle-minutes 0 > "$scratch/serve.out" 2>&1 &
i=0
until [ -S "$sock" ] && curl -sf --unix-socket "$sock" http://localhost/health >/dev/null 2>&1; do
    i=$((i + 1)); [ $i -lt 300 ] || { cat "$scratch/serve.out" >&2; exit 1; }
    sleep 0.1
done
tab=$(printf '\t')
i=1
while [ $i -le "$warmup" ]; do
    printf '%s\n' "$queries" | while IFS="$tab" read -r kind text; do
        get "/search?q=$(urlencode "$text")&project=$project" >/dev/null
    done
    printf '%s\n' "$prompts" | while IFS="$tab" read -r kind text; do
        prompt "sub-warm-$i" "$text" >/dev/null
    done
    i=$((i + 1))
done

# 3. per kind: $requests requests cycling its queries (prompts: each in a new session, so nothing is skipped as
#    already injected); the hits of each query once, for the table
measure() { # list, kind, operation → $scratch/rows/<op>-<kind>
    lines=$(printf '%s\n' "$1" | grep "^$2$tab" | cut -f2)
    count=$(printf '%s\n' "$lines" | wc -l)
    : > "$scratch/rows/$3-$2"
    n=1
    while [ $n -le "$requests" ]; do
        text=$(printf '%s\n' "$lines" | sed -n "$((n % count + 1))p")
        if [ "$3" = search ]; then
            get "/search?q=$(urlencode "$text")&project=$project" >> "$scratch/rows/$3-$2"
        else
            prompt "sub-$2-$n" "$text" >> "$scratch/rows/$3-$2"
        fi
        n=$((n + 1))
    done
}
for kind in english identifier run-together cjk-2 cjk-3-4 cjk-sentence; do
    measure "$queries" "$kind" search
done
for kind in english identifier cjk; do
    measure "$prompts" "$kind" recall
done
hits() { # query → "n hits (first: title)"
    curl -sf --unix-socket "$sock" "http://localhost/search?q=$(urlencode "$1")&project=$project&limit=10" |
        python3 -c 'import json, sys; h = json.load(sys.stdin)["hits"]; print(str(len(h)) + " hits" + (" (first: " + h[0]["title"] + ")" if h else ""))'
}
injected=$(sql "SELECT substr(session_id, 5, instr(substr(session_id, 5), '-') - 1) || ': ' || group_concat(status || ' ' || n, ', ')
                FROM (SELECT session_id, status, count(*) AS n FROM recall_events WHERE session_id GLOB 'sub-*' AND session_id
                      NOT GLOB 'sub-warm-*' AND hook_event = 'UserPromptSubmit'
                      GROUP BY substr(session_id, 5, instr(substr(session_id, 5), '-') - 1), status)
                GROUP BY substr(session_id, 5, instr(substr(session_id, 5), '-') - 1)" | tr '\n' ';' | sed 's/;$//; s/;/; /g')
printf '%s\n' "$queries" | while IFS="$tab" read -r kind text; do echo "| $text | $(hits "$text") |"; done > "$scratch/hits"
EAGLE_MEM_DIR="$data" "$launcher" serve --stop >/dev/null 2>&1 || true

# 4. the alternatives, on the same database (sqlite3 CLI, serve stopped): the trigram index without positions
#    (smaller, but then FTS5 refuses phrase queries, and a substring of 4+ characters is a phrase of trigrams), and a
#    2-character CJK word found by scanning the rows instead of through the index's vocabulary. Each statement 20
#    times; the median of sqlite3's own timer.
alt_sizes=$(sql "CREATE VIRTUAL TABLE bench_none USING fts5(title, content, topic_key, content = 'memories_tri_text',
                     content_rowid = 'id', tokenize = 'trigram', detail = 'none');
                 INSERT INTO bench_none(bench_none) VALUES ('rebuild');
                 CREATE VIRTUAL TABLE bench_column USING fts5(title, content, topic_key, content = 'memories_tri_text',
                     content_rowid = 'id', tokenize = 'trigram', detail = 'column');
                 INSERT INTO bench_column(bench_column) VALUES ('rebuild');
                 SELECT printf('%.1f', (SELECT sum(pgsize) FROM dbstat WHERE name GLOB 'bench_none_*') / 1048576.0) || ' / '
                     || printf('%.1f', (SELECT sum(pgsize) FROM dbstat WHERE name GLOB 'bench_column_*') / 1048576.0);
                 DROP TABLE bench_none; DROP TABLE bench_column;")
timed() { # SQL → the median of 20 runs in ms (Python's sqlite3 module: sqlite3's .timer counts whole ms)
    python3 - "$db" "$1" <<'PY'
import sqlite3, statistics, sys, time
c = sqlite3.connect(sys.argv[1])
times = []
for _ in range(20):
    start = time.perf_counter()
    c.execute(sys.argv[2]).fetchall()
    times.append((time.perf_counter() - start) * 1000)
print(f"{statistics.median(times):.1f} ms")
PY
}
scope="m.deleted_at IS NULL AND (m.project = '$project' OR m.scope = 'personal')"
by_vocab=$(timed "SELECT m.id FROM memories_tri JOIN memories m ON m.id = memories_tri.rowid WHERE memories_tri MATCH
    (SELECT group_concat('\"' || term || '\"', ' OR ') FROM (SELECT term FROM memories_tri_terms WHERE term >= '连接'
     AND term < '连接' || char(1114111) ORDER BY doc DESC, term LIMIT 64)) AND $scope ORDER BY bm25(memories_tri) LIMIT 10;")
by_scan=$(timed "SELECT m.id FROM memories m WHERE (instr(m.title, '连接') > 0 OR instr(m.content, '连接') > 0
    OR instr(m.topic_key, '连接') > 0) AND $scope LIMIT 10;")
by_scan_all=$(timed "SELECT count(*) FROM memories m WHERE (instr(m.title, '连接') > 0 OR instr(m.content, '连接') > 0
    OR instr(m.topic_key, '连接') > 0) AND $scope;")
summaries_scan=$(timed "SELECT count(*) FROM summaries s WHERE s.project = '$project' AND (instr(s.request, '连接')
    OR instr(s.investigated, '连接') OR instr(s.learned, '连接') OR instr(s.completed, '连接') OR instr(s.decisions, '连接')
    OR instr(s.gotchas, '连接') OR instr(s.next_steps, '连接') OR instr(s.key_files, '连接'));")
matches=$(sql "SELECT count(*) FROM memories m WHERE (instr(m.title, '连接') > 0 OR instr(m.content, '连接') > 0) AND $scope")
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

{
    echo "# substring index (V8): size and speed at 10k memories"
    echo
    echo "Generated by \`bench/substring.sh\` on $(date -u +%Y-%m-%dT%H:%MZ) — $machine; $("$launcher" --version)."
    echo "Load average (1/5/15 min) before: $load_before; after: $load_after."
    echo
    echo "Database: \`bench/scale-seed.sql\` at 100k observations / 10k memories plus \`bench/substring-seed.sql\`: $counts;"
    echo "\`recall.semantic = false\`: search and recall by words only (the path the substring index is part of)."
    echo "$file_mb MB after VACUUM. Indexed text (UTF-8): memories / summaries $text_mb MB."
    echo
    echo "## Size (dbstat pages, MB)"
    echo
    echo "| index | MB |"
    echo "|---|---:|"
    printf '%s\n' "$sizes" | while IFS="$tab" read -r name mb; do echo "| \`$name\` | $mb |"; done
    printf '%s\n' "$tables" | while IFS="$tab" read -r name mb; do echo "| table \`$name\` (for scale) | $mb |"; done
    echo
    echo "V8's backfill on this database (both 'rebuild' statements, sqlite3 CLI): $backfill_s s."
    echo
    echo "## Speed on a warm \`eagle-mem serve\` (unix socket, curl's time_total)"
    echo
    echo "$requests requests per row after $warmup warm-up rounds, cycling the row's queries or prompts in work/shop-api;"
    echo "median / p95 in ms. English searches of 2–4 words also ask for the words run together (one trigram phrase,"
    echo "one word-index query); English prompts ask the substring index nothing, only the word index for their"
    echo "neighbouring words run together (one query per table)."
    echo
    echo "| request | kind | median / p95 ms | queries |"
    echo "|---|---|---:|---|"
    for kind in english identifier run-together cjk-2 cjk-3-4 cjk-sentence; do
        list=$(printf '%s\n' "$queries" | grep "^$kind$tab" | cut -f2 | sed 's/^/"/; s/$/"/' | tr '\n' '\037' | sed 's/\x1f$//; s/\x1f/, /g')
        echo "| GET /search | $kind | $(values_median_p95 "$scratch/rows/search-$kind" | sed 's/ | / \/ /') | $list |"
    done
    for kind in english identifier cjk; do
        list=$(printf '%s\n' "$prompts" | grep "^$kind$tab" | cut -f2 | sed 's/^/"/; s/$/"/' | tr '\n' '\037' | sed 's/\x1f$//; s/\x1f/, /g')
        echo "| UserPromptSubmit | $kind | $(values_median_p95 "$scratch/rows/recall-$kind" | sed 's/ | / \/ /') | $list |"
    done
    echo
    echo "Prompt recalls by kind (recall_events): $injected."
    echo
    echo "## Alternatives, on the same database (SQLite $(python3 -c 'import sqlite3; print(sqlite3.sqlite_version)'), Python's sqlite3)"
    echo
    echo "- \`memories_tri\` without positions: \`detail=none\` / \`detail=column\` $alt_sizes MB (against"
    echo "  \`detail=full\` above), but FTS5 then refuses phrase queries, and every substring of 4+ characters is a"
    echo "  phrase of trigrams: matching it would take an AND of its trigrams (false positives to re-check against"
    echo "  the text) or per-column LIKE (exact, but no bm25 rank and ASCII-only case folding)."
    echo "- A 2-character CJK word (连接, in $matches of work/shop-api's memories), the best 10, 20 runs, median:"
    echo "  through the vocabulary (\`memories_tri_terms\`, what eagle-mem does) $by_vocab; by scanning the rows"
    echo "  with instr(): the first 10 $by_scan, all of them (to rank) $by_scan_all; the project's summaries $summaries_scan."
    echo
    echo "## What each search found (limit 10)"
    echo
    echo "| query | hits |"
    echo "|---|---|"
    cat "$scratch/hits"
} > "$out"
echo "wrote $out"
