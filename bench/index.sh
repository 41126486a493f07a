#!/bin/sh
# The code index (issue 12) on real open-source trees from the npm registry — lodash 4.17.21 (1,054 small files) and
# three.js 0.170.0 (1,074 files, 26 MB: src/ and examples/jsm/ JavaScript, build/ bundles, fonts and JSON) — and on
# this repository at HEAD, each committed to a fresh git repository so the index lists it as it lists a user's project.
#   cold        `eagle-mem index DIR --json` into an empty database (RUNS times, a new database each)
#   no change   the same command again over the indexed tree
#   one file    one source file edited, then `index --path FILE` (what serve's index job does after an edit) and
#               the whole-tree command (hash everything, parse one)
# Each figure: the command's wall time (JVM start included) and the index's own time (its JSON "millis").
# Also: files, chunks, declarations, imports (resolved), calls, and the database's growth.
#   bench/index.sh [LAUNCHER] [OUTPUT.md]     needs npm, git, python3, sqlite3
# Environment: RUNS (default 3 cold, 5 of the others), KEEP=1 keeps the scratch directory.
set -eu
cd "$(dirname "$0")/.."
. bench/lib.sh
launcher=$(cd "$(dirname "${1:-target/quarkus-app/eagle-mem}")" && pwd)/$(basename "${1:-target/quarkus-app/eagle-mem}")
out=${2:-bench/index-results.md}
runs=${RUNS:-3}
for tool in npm git python3 sqlite3; do
    command -v $tool >/dev/null || { echo "index.sh: $tool missing. fix: apt-get install $tool" >&2; exit 1; }
done
[ -x "$launcher" ] || { echo "index.sh: $launcher missing. fix: scripts/with-jdk25 ./mvnw -B package -DskipTests" >&2; exit 1; }
scratch=$(mktemp -d /tmp/emidx.XXXXXX)
cleanup() { [ -n "${KEEP:-}" ] || rm -rf "$scratch"; }
trap cleanup EXIT
export HOME="$scratch/home" GIT_CEILING_DIRECTORIES="$scratch" EAGLE_MEM_SERVE_AUTOSTART=0 EAGLE_MEM_PROJECT=bench/three
mkdir -p "$HOME"
tree="$scratch/three"
(cd "$scratch" && npm pack --silent three@0.170.0 >/dev/null 2>&1 && mkdir -p "$tree" && tar xzf three-0.170.0.tgz -C "$tree" --strip-components=1)
git -C "$tree" init -q -b main
git -C "$tree" -c user.name=bench -c user.email=bench@example.com add -A
git -C "$tree" -c user.name=bench -c user.email=bench@example.com commit -q -m three
lodash="$scratch/lodash"
(cd "$scratch" && npm pack --silent lodash@4.17.21 >/dev/null 2>&1 && mkdir -p "$lodash" && tar xzf lodash-4.17.21.tgz -C "$lodash" --strip-components=1)
git -C "$lodash" init -q -b main
git -C "$lodash" -c user.name=bench -c user.email=bench@example.com add -A
git -C "$lodash" -c user.name=bench -c user.email=bench@example.com commit -q -m lodash
own="$scratch/eagle-mem"
mkdir -p "$own"
git archive HEAD | tar -x -C "$own"
git -C "$own" init -q -b main
git -C "$own" -c user.name=bench -c user.email=bench@example.com add -A
git -C "$own" -c user.name=bench -c user.email=bench@example.com commit -q -m eagle-mem
machine="$(nproc) cores, $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1)"
load_before=$(cut -d' ' -f1-3 /proc/loadavg)

# run NAME ARGS…: one timed command; appends "wall_seconds millis" to $scratch/NAME and keeps the last JSON.
run() {
    name=$1
    shift
    start=$(date +%s.%N)
    "$launcher" "$@" --json >"$scratch/last.json"
    end=$(date +%s.%N)
    millis=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["millis"])' "$scratch/last.json")
    echo "$(python3 -c "print($end - $start)") $millis" >>"$scratch/$name"
}

# summary NAME → "wall median | index median | runs" in ms
summary() {
    python3 - "$scratch/$1" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1]) if line.strip()]
wall = statistics.median(float(r[0]) * 1000 for r in rows)
own = statistics.median(float(r[1]) for r in rows)
print(f"{wall:,.0f} ms | {own:,.0f} ms | {len(rows)}")
PY
}

# bench_tree KEY DIR CHANGED: every figure for one tree, as a markdown section in $scratch/KEY.md
bench_tree() {
    key=$1
    dir=$2
    changed=$3
    export EAGLE_MEM_PROJECT="bench/$key"
    files=$(git -C "$dir" ls-files | wc -l)
    bytes=$(git -C "$dir" ls-files -z | (cd "$dir" && xargs -0 cat) | wc -c)
    for i in $(seq 1 "$runs"); do
        export EAGLE_MEM_DIR="$scratch/data-$key-$i"
        "$launcher" status >/dev/null
        sqlite3 "$EAGLE_MEM_DIR/memory.db" 'PRAGMA wal_checkpoint(TRUNCATE);' >/dev/null
        empty_bytes=$(stat -c %s "$EAGLE_MEM_DIR/memory.db")
        run "$key-cold" index "$dir"
    done
    cp "$scratch/last.json" "$scratch/$key-cold.json"
    sqlite3 "$EAGLE_MEM_DIR/memory.db" 'PRAGMA wal_checkpoint(TRUNCATE);' >/dev/null
    full_bytes=$(stat -c %s "$EAGLE_MEM_DIR/memory.db")
    # the files' times must be older than the racy window (2 s) for a run to trust them
    sleep 3
    run "$key-settle" index "$dir"
    for i in $(seq 1 $((runs + 2))); do run "$key-nochange" index "$dir"; done
    for i in $(seq 1 $((runs + 2))); do
        printf '\n// edited by bench %s\n' "$i" >>"$dir/$changed"
        run "$key-onepath" index "$dir" --path "$dir/$changed"
        printf '\n// edited again by bench %s\n' "$i" >>"$dir/$changed"
        run "$key-onetree" index "$dir"
    done
    fields=$(python3 - "$scratch/$key-cold.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
print(f"{r['files']:,} files listed, {r['indexed']:,} indexed, {r['skipped']} skipped (binary, over 1 MiB, generated or "
      f"vendored); {r['chunks']:,} chunks, {r['declarations']:,} declarations, {r['imports']:,} imports ({r['resolved_imports']:,} "
      f"resolved to project files), {r['calls']:,} calls")
PY
)
    langs=$(sqlite3 "$EAGLE_MEM_DIR/memory.db" "SELECT group_concat(language || ' ' || n, ', ') FROM (SELECT language, count(*) n FROM code_files GROUP BY 1 ORDER BY 2 DESC)")
    growth=$(python3 -c "print(f'{($full_bytes - $empty_bytes) / 1048576:.1f} MiB')")
    mb=$(python3 -c "print(f'{$bytes / 1048576:.1f}')")
    cat >"$scratch/$key.md" <<SECTION
## $key: $files files, $mb MB

| run | wall | index | runs | target |
|---|---:|---:|---:|---|
| cold (empty database) | $(summary "$key-cold") | ≤ 8 s |
| no change | $(summary "$key-nochange") | ≤ 1 s |
| one file changed, \`index --path FILE\` (serve's job after an edit) | $(summary "$key-onepath") | ≤ 300 ms |
| one file changed, whole tree | $(summary "$key-onetree") | |

Index: $fields.
Languages: $langs.
Database growth for the whole index: $growth (after a WAL checkpoint).

SECTION
}

bench_tree lodash "$lodash" debounce.js
bench_tree three "$tree" src/math/Vector3.js
bench_tree eagle-mem "$own" src/main/java/dev/eaglemem/code/CodeIndexer.java
cat >"$out" <<MD
# Code index benchmark

Generated by \`bench/index.sh\` on $(date -u +%Y-%m-%dT%H:%MZ), $machine; load average before: $load_before,
after: $(cut -d' ' -f1-3 /proc/loadavg).
Trees, each committed to a fresh git repository so the index lists it the way it lists a user's project:
lodash 4.17.21 and three.js 0.170.0 from the npm registry (\`npm pack\`; three: src/ and examples/jsm/ JavaScript,
build/ bundles, fonts and JSON), and this repository at HEAD (\`git archive\`). Wall time is the whole \`eagle-mem index … --json\`
command (JVM start included); "index" is the indexer's own time (the JSON's \`millis\`). Medians.

$(cat "$scratch/lodash.md")

$(cat "$scratch/three.md")

$(cat "$scratch/eagle-mem.md")
MD
cat "$out"
