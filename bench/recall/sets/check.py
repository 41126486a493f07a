#!/usr/bin/env python3
"""Validate the recall evaluation sets and report how hard the paraphrase prompts are lexically.

Usage: python3 bench/recall/sets/check.py [sets-dir]

Exit codes: 0 all good; 1 a format or consistency error (bad JSON, unknown id, wrong type, ...);
2 the files are well-formed but the paraphrase prompts share too many words with their targets
(mean overlap above 1 word, or not clearly below the shared prompts).
Standard library only.
"""
import json
import re
import sys
from collections import Counter
from pathlib import Path

KINDS = {"gotcha", "decision", "pattern", "fact", "discovery", "preference", "context"}
SETS = {
    "company": {"id": re.compile(r"^c\d{3}$"), "types": {"paraphrase", "shared", "none"}},
    "tokens": {"id": re.compile(r"^t\d{3}$"), "types": {"identifier", "cjk", "none"}},
    # optional: files (memories); split (prompts: train or heldout)
    "product": {"id": re.compile(r"^p\d{3}$"), "types": {"component", "symptom", "identifier", "none"},
                "files": True, "split": True},
    "product2": {"id": re.compile(r"^q\d{3}$"), "types": {"component", "symptom", "identifier", "none"},
                 "files": True, "split": True},
    "product3": {"id": re.compile(r"^r\d{3}$"), "types": {"component", "symptom", "identifier", "none"},
                 "files": True, "split": True},
}
MAX_TITLE = 120
MAX_PARAPHRASE_MEAN = 1.0

# Function words and fillers of four letters or more; content words are everything else.
STOPWORDS = set("""
about above after again against also always another anything anyone aren because been before being
below between both cannot could didn does doesn doing done down during each even ever every everything
from have haven having here into isn just like more most much must never none nothing only other ours
over really same should shouldn since some something such than that their them then there these they
this those through under until very want wasn were what whats when where which while will with would
wouldn your yours couldn thing things still well
""".split())

# Strings that look like credentials must never appear in the data.
SECRET_PATTERNS = [
    re.compile(r"AKIA[0-9A-Z]{16}"),
    re.compile(r"\b(sk|pk|rk)_(live|test)_[0-9A-Za-z]{8,}"),
    re.compile(r"\bgh[pousr]_[0-9A-Za-z]{20,}"),
    re.compile(r"\bxox[abpr]-[0-9A-Za-z-]{10,}"),
    re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----"),
    re.compile(r"\b[0-9a-fA-F]{32,}\b"),
    re.compile(r"\b[A-Za-z0-9+/]{40,}={0,2}"),
    re.compile(r"(?i)\b(password|passwd|secret|token)\s*[:=]\s*\S{6,}"),
]


def stem(word):
    """A rough stand-in for FTS5's porter step 1: plural, -ed, -ing and a final e."""
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("s") and not word.endswith("ss") and len(word) > 4:
        word = word[:-1]
    for suffix in ("ing", "ed"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "lsz":
                word = word[:-1]
            break
    if word.endswith("e") and len(word) > 3:
        word = word[:-1]
    return word


def content_words(text):
    words = re.findall(r"[a-z]+", text.lower())
    return {stem(w) for w in words if len(w) >= 4 and w not in STOPWORDS}


class Report:
    def __init__(self):
        self.errors = []

    def error(self, where, message):
        self.errors.append(f"{where}: {message}")


def read_jsonl(path, report):
    rows = []
    if not path.is_file():
        report.error(path, "missing file")
        return rows
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        report.error(path, f"not UTF-8 ({e})")
        return rows
    if text.startswith("\ufeff"):
        report.error(path, "starts with a byte order mark")
    for n, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            if n != len(text.split("\n")):
                report.error(f"{path}:{n}", "blank line")
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as e:
            report.error(f"{path}:{n}", f"invalid JSON ({e.msg})")
            continue
        if not isinstance(obj, dict):
            report.error(f"{path}:{n}", "not a JSON object")
            continue
        rows.append((n, obj))
    return rows


def check_secrets(where, text, report):
    for pattern in SECRET_PATTERNS:
        if pattern.search(text):
            report.error(where, f"looks like a credential ({pattern.pattern})")


def check_memories(path, spec, report):
    memories = {}
    for n, m in read_jsonl(path, report):
        where = f"{path}:{n}"
        files = m.pop("files", None) if spec.get("files") else None
        if set(m) != {"id", "kind", "title", "content"}:
            report.error(where, f"fields must be id, kind, title, content{', files' if spec.get('files') else ''}; got {sorted(m)}")
            continue
        if files is not None and not (isinstance(files, list) and all(isinstance(f, str) and f for f in files)):
            report.error(where, "files must be a list of paths")
        if not all(isinstance(m[k], str) and m[k].strip() for k in m):
            report.error(where, "every field must be a non-empty string")
            continue
        if not spec["id"].match(m["id"]):
            report.error(where, f"bad id {m['id']!r}")
        if m["id"] in memories:
            report.error(where, f"duplicate id {m['id']}")
        if m["kind"] not in KINDS:
            report.error(where, f"unknown kind {m['kind']!r}")
        if len(m["title"]) > MAX_TITLE:
            report.error(where, f"title has {len(m['title'])} chars (max {MAX_TITLE})")
        check_secrets(where, m["title"] + " " + m["content"], report)
        memories[m["id"]] = m
    return memories


def check_prompts(path, spec, memories, report):
    prompts = []
    seen_text = set()
    paraphrase_targets = Counter()
    for n, p in read_jsonl(path, report):
        where = f"{path}:{n}"
        split = p.pop("split", None) if spec.get("split") else None
        if spec.get("split") and split not in ("train", "heldout"):
            report.error(where, f"split must be train or heldout, got {split!r}")
        if set(p) != {"prompt", "expect", "type"}:
            report.error(where, f"fields must be prompt, expect, type{', split' if spec.get('split') else ''}; got {sorted(p)}")
            continue
        if not isinstance(p["prompt"], str) or not p["prompt"].strip():
            report.error(where, "prompt must be a non-empty string")
            continue
        if not isinstance(p["expect"], list) or not all(isinstance(x, str) for x in p["expect"]):
            report.error(where, "expect must be a list of ids")
            continue
        if p["type"] not in spec["types"]:
            report.error(where, f"type {p['type']!r} not one of {sorted(spec['types'])}")
            continue
        if p["type"] == "none" and p["expect"]:
            report.error(where, "a none prompt must expect []")
        if p["type"] != "none" and len(p["expect"]) != 1:
            report.error(where, "expects exactly one id")
        for mid in p["expect"]:
            if mid not in memories:
                report.error(where, f"expected id {mid} does not exist")
        key = p["prompt"].strip().lower()
        if key in seen_text:
            report.error(where, "duplicate prompt")
        seen_text.add(key)
        if p["type"] == "paraphrase":
            paraphrase_targets.update(p["expect"])
        check_secrets(where, p["prompt"], report)
        prompts.append(p)
    for mid, count in paraphrase_targets.items():
        if count > 1:
            report.error(path, f"{mid} is the target of {count} paraphrase prompts")
    return prompts


def overlap_report(memories, prompts):
    """Print per-prompt overlap for paraphrase prompts; return mean overlap per prompt type."""
    words = {mid: content_words(m["title"] + " " + m["content"]) for mid, m in memories.items()}
    per_type = {}
    print("\n  paraphrase prompts: shared content words with the target;"
          " 'closer' = memories sharing more words than the target does")
    for p in prompts:
        if p["type"] not in ("paraphrase", "shared"):
            continue
        target = p["expect"][0]
        prompt_words = content_words(p["prompt"])
        common = prompt_words & words[target]
        per_type.setdefault(p["type"], []).append(len(common))
        if p["type"] == "paraphrase":
            closer = sum(1 for mid, w in words.items() if mid != target and len(prompt_words & w) > len(common))
            shown = ", ".join(sorted(common)) or "-"
            print(f"    {target}  overlap {len(common)}  closer {closer:3d}  [{shown}]  {p['prompt'][:70]}")
    means = {t: sum(v) / len(v) for t, v in per_type.items() if v}
    return means, per_type


def main():
    base = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent
    report = Report()
    quality_failed = False
    for name, spec in SETS.items():
        folder = base / name
        memories = check_memories(folder / "memories.jsonl", spec, report)
        prompts = check_prompts(folder / "prompts.jsonl", spec, memories, report)
        kinds = Counter(m["kind"] for m in memories.values())
        types = Counter(p["type"] for p in prompts)
        print(f"{name}: {len(memories)} memories, {len(prompts)} prompts")
        print("  kinds:   " + ", ".join(f"{k} {kinds[k]}" for k in sorted(kinds)))
        print("  prompts: " + ", ".join(f"{t} {types[t]}" for t in sorted(types)))
        if name == "company" and not report.errors:
            means, per_type = overlap_report(memories, prompts)
            para, shared = means.get("paraphrase", 0.0), means.get("shared", 0.0)
            zero = sum(1 for v in per_type.get("paraphrase", []) if v == 0)
            print(f"\n  mean content-word overlap with the target: paraphrase {para:.2f}, shared {shared:.2f}")
            print(f"  paraphrase prompts with no shared content word: {zero}/{len(per_type.get('paraphrase', []))}")
            if para > MAX_PARAPHRASE_MEAN or para >= shared / 2:
                print(f"  QUALITY: paraphrase overlap must be <= {MAX_PARAPHRASE_MEAN} and under half the shared mean")
                quality_failed = True
        print()
    if report.errors:
        print(f"{len(report.errors)} error(s):")
        for e in report.errors:
            print("  " + e)
        return 1
    return 2 if quality_failed else 0


if __name__ == "__main__":
    sys.exit(main())
