#!/bin/sh
# Anchors on this repository's own history: memories written at older commits, checked at HEAD, then one pass of the
# re-verification job without a model. A clone of this repository (its committed history only) is checked out at each
# base commit (BASES: how many commits back), indexed there, and memories are written through the CLI the way an agent
# would: a third about a declaration ("`applyDiscount()` in src/pricing.js …"), a third about a line ("path:42 …"),
# a third about a whole file; half of each about files that HEAD changed since, half about files it did not touch.
# Then the clone goes to HEAD and `memories stale --json` says how each stands; a SessionStart queues the `reverify`
# job, `jobs run` runs it (no model provider), and `memories stale --json` is read again.
#   bench/anchor-history.sh [LAUNCHER] [OUTPUT.md]      needs git, sqlite3, python3
set -eu
cd "$(dirname "$0")/.."
launcher=$(cd "$(dirname "${1:-target/quarkus-app/eagle-mem}")" && pwd)/$(basename "${1:-target/quarkus-app/eagle-mem}")
out=${2:-bench/anchor-history-results.md}
bases=${BASES:-"200 100 40 10"}
per=${PER_BASE:-30}
for tool in git sqlite3 python3; do
    command -v $tool >/dev/null || { echo "anchor-history.sh: $tool missing. fix: apt-get install $tool" >&2; exit 1; }
done
src=$(pwd)
scratch=$(mktemp -d /tmp/emh.XXXXXX)
trap '[ -n "${KEEP:-}" ] || rm -rf "$scratch"' EXIT
export HOME="$scratch/home" GIT_CEILING_DIRECTORIES="$scratch/home" EAGLE_MEM_DIR="$scratch/d" EAGLE_MEM_SERVE_AUTOSTART=0
mkdir -p "$HOME/work"
printf '[recall]\nsemantic = false\n[llm]\nprovider = "none"\n' > "$scratch/config.toml"
export EAGLE_CONFIG_FILE="$scratch/config.toml"
repo="$HOME/work/eagle-mem"
git clone -q "$src" "$repo"
cd "$repo"
git config user.email bench@example.com
git config user.name bench
head=$(git rev-parse HEAD)
db="$EAGLE_MEM_DIR/memory.db"
em() { "$launcher" "$@"; }
em status >/dev/null

for back in $bases; do
    base=$(git rev-parse "$head~$back")
    git checkout -q --detach "$base"
    em index --json >/dev/null
    # (kind, path, name, line) per record: files HEAD changed since and files it did not, source files the index parsed
    git diff --name-only "$base" "$head" > "$scratch/changed"
    sqlite3 -separator '	' "$db" "SELECT f.path, s.name, s.start_line FROM code_symbols s JOIN code_files f ON f.id = s.file_id
        WHERE f.project = 'work/eagle-mem' AND length(s.name) >= 6 AND s.kind IN ('method', 'function', 'class', 'record',
        'interface', 'enum') ORDER BY f.path, s.start_line" > "$scratch/symbols"
    python3 - "$scratch/changed" "$scratch/symbols" "$per" "$back" > "$scratch/records" <<'EOF'
import random, sys
changed = set(open(sys.argv[1]).read().split())
per, back = int(sys.argv[3]), int(sys.argv[4])
by_file = {}
for line in open(sys.argv[2]):
    path, name, start = line.rstrip("\n").split("\t")
    by_file.setdefault(path, []).append((name, int(start)))
rng = random.Random(26 * 1000 + back)
groups = [sorted(p for p in by_file if p in changed), sorted(p for p in by_file if p not in changed)]
styles = ["decl", "line", "file"]
for g, files in enumerate(groups):
    for i, path in enumerate(rng.sample(files, min(per // 2, len(files)))):
        names = [n for n in by_file[path] if sum(1 for m in by_file[path] if m[0] == n[0]) == 1]
        if not names:
            continue
        name, start = rng.choice(names)
        print("\t".join([styles[i % 3], path, name, str(start), "changed" if g == 0 else "untouched"]))
EOF
    while IFS='	' read -r style path name line group; do
        case $style in
            decl) text="\`$name()\` in $path: callers depend on what it returns today; check them before changing it." ;;
            line) text="$path:$line is where $name starts; the code right there is what the tests pin down." ;;
            file) text="$path: keep its public shape stable, other packages build on it." ;;
        esac
        em memories add --kind gotcha --keep-both -f "$path" --json -- "$text" \
            | python3 -c "import json,sys; d=json.load(sys.stdin); print(d['memory']['id'], '$back', '$style', '$group')" \
            >> "$scratch/written"
    done < "$scratch/records"
done

git checkout -q --detach "$head"
em memories stale --json > "$scratch/before.json"
printf '{"session_id":"anchor-history","transcript_path":"/tmp/t.jsonl","cwd":"%s","hook_event_name":"SessionStart","source":"startup"}' \
    "$repo" | em hook SessionStart >/dev/null
em jobs run --json > "$scratch/jobs.json"
em memories stale --json > "$scratch/after.json"
reanchored=$(sqlite3 "$db" "SELECT count(*) FROM anchors WHERE how = 'reverified'")
anchored=$(sqlite3 "$db" "SELECT count(*) FROM anchors")

python3 - "$scratch/written" "$scratch/before.json" "$scratch/after.json" "$scratch/jobs.json" "$reanchored" "$anchored" \
    "$bases" "$per" "$(git -C "$src" rev-parse --short HEAD)" "$out" <<'EOF'
import json, sys, collections
written = [l.split() for l in open(sys.argv[1])]
before = {r["id"]: r["freshness"]["state"] for r in json.load(open(sys.argv[2]))["records"]}
after = {r["id"]: r["freshness"]["state"] for r in json.load(open(sys.argv[3]))["records"]}
jobs = json.load(open(sys.argv[4]))
reanchored, anchored, bases, per, head, out = int(sys.argv[5]), int(sys.argv[6]), sys.argv[7], sys.argv[8], sys.argv[9], sys.argv[10]
rows = collections.OrderedDict()
for mid, back, style, group in written:
    ref = "mem-" + mid
    key = (group, style)
    r = rows.setdefault(key, collections.Counter())
    r["written"] += 1
    r["before:" + before.get(ref, "fresh")] += 1
    r["after:" + after.get(ref, "fresh")] += 1
states = ["fresh", "changed", "moved", "gone", "contradicted"]
lines = []
lines.append("# Anchors on this repository's own history\n")
lines.append(f"Generated by `bench/anchor-history.sh` at {head}: memories written at HEAD~N for N in {bases} ({per} per"
             " base, a third naming a declaration, a third a `path:line`, a third a whole file; half about files HEAD"
             " changed since, half about files it did not), checked at HEAD, then one pass of the `reverify` job without a"
             " model provider.\n")
lines.append(f"{len(written)} memories written, {anchored} anchored.\n")
lines.append("| files | names | written | at HEAD: " + " / ".join(states) + " | after the job: " + " / ".join(states) + " |")
lines.append("|---|---|---:|---|---|")
tot = collections.Counter()
for (group, style), r in sorted(rows.items()):
    tot.update(r)
    lines.append(f"| {group} | {style} | {r['written']} | " + " / ".join(str(r['before:' + s]) for s in states) + " | "
                 + " / ".join(str(r['after:' + s]) for s in states) + " |")
lines.append(f"| all | | {tot['written']} | " + " / ".join(str(tot['before:' + s]) for s in states) + " | "
             + " / ".join(str(tot['after:' + s]) for s in states) + " |")
flagged_before = sum(tot["before:" + s] for s in states if s != "fresh")
flagged_after = sum(tot["after:" + s] for s in states if s != "fresh")
lines.append("")
lines.append(f"The job re-anchored {reanchored} records (`how` = `reverified`; this counts fresh records whose file moved on"
             f" while the declaration they name held, too); labelled before the job: {flagged_before}, after: {flagged_after}.")
for j in jobs["jobs"]:
    if j["kind"] == "reverify":
        lines.append(f"The job ({j['result']}) said: {j['detail']}.")
open(out, "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
EOF
