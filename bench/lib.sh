# Shared by the bench scripts (sourced, POSIX sh).

# A hyperfine --export-json file → "median | p95" in ms (one decimal below 100 ms).
median_p95() {
    python3 - "$1" <<'PY'
import json, statistics, sys
r = sorted(t * 1000 for t in json.load(open(sys.argv[1]))["results"][0]["times"])
p95 = r[min(len(r) - 1, int(round(0.95 * (len(r) - 1))))]
fmt = (lambda v: f"{v:.1f}") if r[0] < 100 else (lambda v: f"{v:.0f}")
print(f"{fmt(statistics.median(r))} | {fmt(p95)}")
PY
}
