#!/bin/sh
# UserPromptSubmit through a warm serve with a code index, against the same without it (issue 12): the hooks
# bench's seeded history (bench/seed.sql: 2,000 sessions, 500 memories, 20,000 observations, 4,000 prompts in
# work/shop-api) plus three.js 0.170.0 from the npm registry indexed as that project's code. Prompts: ten about
# the code base's behaviour in plain words, ten about the seeded shop history. Each is sent REQUESTS times with a new
# session id (recall never repeats within a session), after WARMUP rounds; then the code index is deleted and the
# same requests are sent again. Semantic recall is off in both (the lexical path this adds to), unless SEMANTIC=1:
# then serve loads the model, every memory, summary and chunk is embedded first (timed), and a prompt whose words
# bring fewer than two chunks also compares its meaning with every chunk's vector.
#   bench/code-recall.sh [LAUNCHER] [OUTPUT.md]     needs npm, git, sqlite3, curl, python3
#   SEMANTIC=1 bench/code-recall.sh target/quarkus-app/eagle-mem bench/code-recall-semantic-results.md
set -eu
cd "$(dirname "$0")/.."
. bench/lib.sh
launcher=$(cd "$(dirname "${1:-target/quarkus-app/eagle-mem}")" && pwd)/$(basename "${1:-target/quarkus-app/eagle-mem}")
out=${2:-bench/code-recall-results.md}
requests=${REQUESTS:-10}
warmup=${WARMUP:-3}
for tool in npm git sqlite3 curl python3; do
    command -v $tool >/dev/null || { echo "code-recall.sh: $tool missing. fix: apt-get install $tool" >&2; exit 1; }
done
[ -x "$launcher" ] || { echo "code-recall.sh: $launcher missing. fix: scripts/with-jdk25 ./mvnw -B package -DskipTests" >&2; exit 1; }
scratch=$(mktemp -d /tmp/emcode.XXXXXX)
data="$scratch/data"
sock="$data/serve.sock"
mkdir -p "$data" "$scratch/home"
cleanup() {
    EAGLE_MEM_DIR="$data" "$launcher" serve --stop >/dev/null 2>&1 || true
    [ -n "${KEEP:-}" ] || rm -rf "$scratch"
}
trap cleanup EXIT
semantic=false
[ -z "${SEMANTIC:-}" ] || semantic=true
printf '[recall]\nsemantic = %s\n' "$semantic" > "$scratch/config.toml"
export HOME="$scratch/home" GIT_CEILING_DIRECTORIES="$scratch" EAGLE_MEM_SERVE_AUTOSTART=0 EAGLE_MEM_DIR="$data" \
    EAGLE_CONFIG_FILE="$scratch/config.toml" EAGLE_MEM_PROJECT=work/shop-api
machine="$(nproc) cores, $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1)"

"$launcher" status >/dev/null
sqlite3 "$data/memory.db" < bench/seed.sql
tree="$scratch/three"
(cd "$scratch" && npm pack --silent three@0.170.0 >/dev/null 2>&1 && mkdir -p "$tree" && tar xzf three-0.170.0.tgz -C "$tree" --strip-components=1)
git -C "$tree" init -q -b main
git -C "$tree" -c user.name=bench -c user.email=bench@example.com add -A
git -C "$tree" -c user.name=bench -c user.email=bench@example.com commit -q -m three
"$launcher" index "$tree" --json > "$scratch/index.json"

prompts="where is the camera projection matrix updated after the canvas is resized
how does the renderer decide the shadow map size for a directional light
which code computes the bounding sphere of a buffer geometry
how are skinned mesh bone matrices uploaded to the shader
where does the animation mixer blend two clips with weights
how does the orbit controls damping slow the rotation down
where is the texture loader creating image bitmaps
how do we raycast against instanced meshes
which function converts a color from sRGB to linear
how does the gltf loader parse the accessor buffers
why did the checkout total round twice for discounted carts
what did we decide about storing money amounts in the cart
how do we retry the payment webhook when stripe times out
where did the release gate block the npm publish last week
what was the gotcha with the session cookie on safari
how should the order service handle duplicate events
why are the invoice emails sent twice on sundays
which migration added the refunds table
what broke in the shipping label printer integration
how do we keep the search index in sync with products"

prompt() { # session id, text → "time_total injected-code(0/1)"
    python3 -c 'import json, sys; print(json.dumps({"session_id": sys.argv[1], "transcript_path": "/tmp/t.jsonl",
        "cwd": sys.argv[3], "hook_event_name": "UserPromptSubmit", "prompt": sys.argv[2]}))' "$1" "$2" "$tree" |
        curl -sf -o "$scratch/answer.json" -w '%{time_total}\n' --unix-socket "$sock" -H 'Content-Type: application/json' \
            -H 'Expect:' -H "X-Eagle-Cwd: $tree" -H "X-Eagle-Env-EAGLE_MEM_PROJECT: work/shop-api" \
            -H "X-Eagle-Env-GIT_CEILING_DIRECTORIES: $scratch" \
            --data-binary @- "http://localhost/hook/UserPromptSubmit?agent=claude-code" | tr -d '\n'
    if grep -q '\[code' "$scratch/answer.json" 2>/dev/null; then echo " 1"; else echo " 0"; fi
}

serve_up() {
    "$launcher" serve --port 0 --idle-minutes 0 > "$scratch/serve.out" 2>&1 &
    i=0
    until [ -S "$sock" ] && curl -sf --unix-socket "$sock" http://localhost/health >/dev/null 2>&1; do
        i=$((i + 1)); [ $i -lt 300 ] || { cat "$scratch/serve.out" >&2; exit 1; }
        sleep 0.1
    done
}

# measure LABEL: every prompt REQUESTS times (after WARMUP rounds) → $scratch/LABEL-times, LABEL-code
measure() {
    n=0
    for round in $(seq 1 "$warmup"); do
        echo "$prompts" | while IFS= read -r p; do prompt "warm-$1-$round-$n-$(date +%s%N)" "$p" >/dev/null; done
    done
    : > "$scratch/$1-times"
    : > "$scratch/$1-code"
    for round in $(seq 1 "$requests"); do
        echo "$prompts" | while IFS= read -r p; do
            r=$(prompt "$1-$round-$(date +%s%N)" "$p")
            echo "${r% *}" >> "$scratch/$1-times"
            [ "$round" != 1 ] || echo "${r#* } $p" >> "$scratch/$1-code"
        done
    done
}

# with the model: wait until the embed job has embedded everything, chunks last (SEMANTIC=1)
embedded=""
if [ "$semantic" = true ]; then
    serve_up
    start=$(date +%s)
    i=0
    until [ "$(sqlite3 "$data/memory.db" "SELECT (SELECT count(*) FROM code_chunks)
            - (SELECT count(*) FROM embeddings WHERE record_kind = 'code')")" = 0 ]; do
        i=$((i + 1)); [ $i -lt 900 ] || { echo "code-recall.sh: the chunks were not embedded within 30 min" >&2; exit 1; }
        sleep 2
    done
    embedded=" Every memory, summary and chunk was embedded by serve's embed job in $(( $(date +%s) - start )) s before the requests."
    "$launcher" serve --stop >/dev/null
fi

serve_up
measure with
"$launcher" serve --stop >/dev/null
sqlite3 "$data/memory.db" "PRAGMA foreign_keys = ON; DELETE FROM code_files WHERE project = 'work/shop-api';"
serve_up
measure without
"$launcher" serve --stop >/dev/null

index_line=$(python3 - "$scratch/index.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
print(f"{r['files']:,} files, {r['chunks']:,} chunks, {r['declarations']:,} declarations, indexed in {r['millis'] / 1000:.1f} s")
PY
)
code_prompts=$(awk '$1 == 1' "$scratch/with-code" | wc -l)
cat > "$out" <<MD
# UserPromptSubmit with and without code recall

Generated by \`bench/code-recall.sh\` on $(date -u +%Y-%m-%dT%H:%MZ), $machine.
Database: bench/seed.sql (work/shop-api: 2,000 sessions, 500 memories, 20,000 observations, 4,000 prompts) plus
three.js 0.170.0 (npm) indexed as work/shop-api's code: $index_line. Semantic recall $semantic.$embedded
POST /hook/UserPromptSubmit on serve's unix socket (curl's time_total), 20 prompts × $requests, a new session each.

| | median | p95 |
|---|---:|---:|
| with the code index | $(values_median_p95 "$scratch/with-times") |
| without (code_files deleted) | $(values_median_p95 "$scratch/without-times") |

Prompts whose recall included code: $code_prompts of 20 (code-base prompts: the first ten).

| code | prompt |
|---:|---|
$(awk '{c=$1; $1=""; sub(/^ /, ""); print "| " c " | " $0 " |"}' "$scratch/with-code")
MD
cat "$out"
