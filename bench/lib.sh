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

# A file of durations in seconds, one a line (curl's -w '%{time_total}') → "median | p95" in ms, the same
# format as median_p95; with a second argument "max", "median | p95 | max".
values_median_p95() {
    python3 - "$1" "${2:-}" <<'PY'
import statistics, sys
r = sorted(float(line) * 1000 for line in open(sys.argv[1]) if line.strip())
if not r:
    print("n/a | n/a" + (" | n/a" if sys.argv[2] == "max" else ""))
    sys.exit()
p95 = r[min(len(r) - 1, int(round(0.95 * (len(r) - 1))))]
fmt = (lambda v: f"{v:.1f}") if r[0] < 100 else (lambda v: f"{v:.0f}")
print(f"{fmt(statistics.median(r))} | {fmt(p95)}" + (f" | {fmt(r[-1])}" if sys.argv[2] == "max" else ""))
PY
}
