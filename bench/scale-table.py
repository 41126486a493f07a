"""bench/scale.sh's latency table: lines "operation<TAB>observations<TAB>cell" → one row per operation, one column per
size; then the targets at 100k observations (median wall time), when that size was measured."""
import sys

cells, ops, sizes = {}, [], []
for line in open(sys.argv[1]):
    op, size, cell = line.rstrip("\n").split("\t")
    cells[op, size] = cell
    if op not in ops:
        ops.append(op)
    if size not in sizes:
        sizes.append(size)


def label(n):
    n = int(n)
    return f"{n // 1000}k obs" if n < 1000000 else f"{n // 1000000}M obs"


print("| operation | " + " | ".join(label(s) for s in sizes) + " |")
print("|---|" + "---:|" * len(sizes))
for op in ops:
    print(f"| {op} | " + " | ".join(cells.get((op, s), "") for s in sizes) + " |")

TARGETS = {"SessionStart (hook)": 30.0, "UserPromptSubmit (hook)": 15.0}
if "100000" in sizes:
    print()
    for op, limit in TARGETS.items():
        median = float(cells[op, "100000"].split(" / ")[0])
        verdict = "met" if median <= limit else "missed"
        print(f"- {op.split(' ')[0]} at 100k: median {median:g} ms against ≤ {limit:g} ms — {verdict}.")
