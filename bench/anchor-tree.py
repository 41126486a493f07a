#!/usr/bin/env python3
"""The git checkout and the anchors of bench/anchor-latency.sh.

   bench/anchor-tree.py generate REPO DB MANIFEST   writes the source tree (no git: the caller commits it)
   bench/anchor-tree.py anchor REPO DB MANIFEST     anchors every live memory and summary at REPO's HEAD
   bench/anchor-tree.py change REPO MANIFEST [RECALLED]   changes a tenth of the files (the caller commits it)

The tree: one Python module per memory subject of bench/scale-seed.sql (src/<subject>.py, the file those memories
name in their `files`), plus JavaScript, TypeScript and Java files up to 300, each with 6-10 functions of 7-14 lines.
The same database gives the same tree.

Anchors are written as eagle-mem writes them (AnchorService.save): the commit, each target file's git blob id (from
`git ls-files -s`) and, for about half of the records, a declaration of that file with its hash computed as
WorkingFiles computes it: SHA-256 of the declaration's lines (start to end line of its node, each stripped, blank ones
dropped, each followed by a newline), then a NUL, hex of the first 12 bytes. Every generated declaration name is unique
in its file, so no overloads are concatenated.
"""
import hashlib
import json
import os
import random
import sqlite3
import subprocess
import sys
import zlib

FILES = 300
VERBS = ["load", "apply", "check", "compute", "format", "merge", "parse", "render", "resolve", "sync", "split",
         "validate", "refresh", "collect", "expire", "retry"]


def rng(text):
    return random.Random(zlib.crc32(text.encode()))


def camel(noun):
    return "".join(w.capitalize() for w in noun.replace("_", " ").split())


def ident(noun):
    return noun.replace(" ", "_")


def py_function(r, name, noun):
    n = [r.randrange(2, 90) for _ in range(4)]
    body = [f"def {name}(items, limit={n[0]}):",
            f"    total = {n[1]}",
            "    for item in items[:limit]:",
            f"        total += len(str(item)) * {n[2]}"]
    for k in range(r.randrange(0, 6)):
        body.append(f"    total = total * {k + 2} % {n[3] + 100}")
    body += [f"    if total > {n[3]}:",
             f"        total = total % {n[3]}",
             f'    return "{noun}-%d" % total']
    return body


def js_function(r, name, noun, typed):
    n = [r.randrange(2, 90) for _ in range(4)]
    sig = (f"function {name}(items: unknown[], limit: number = {n[0]}): string {{" if typed
           else f"function {name}(items, limit = {n[0]}) {{")
    body = [sig,
            f"  let total = {n[1]};",
            "  for (const item of items.slice(0, limit)) {",
            f"    total += String(item).length * {n[2]};",
            "  }"]
    for k in range(r.randrange(0, 6)):
        body.append(f"  total = (total * {k + 2}) % {n[3] + 100};")
    body += [f"  if (total > {n[3]}) {{",
             f"    total = total % {n[3]};",
             "  }",
             f"  return `{noun}-${{total}}`;",
             "}"]
    return body


def java_method(r, name, noun):
    n = [r.randrange(2, 90) for _ in range(4)]
    body = [f"    public String {name}(List<Object> items, int limit) {{",
            f"        int total = {n[1]};",
            "        for (Object item : items.subList(0, Math.min(limit, items.size()))) {",
            f"            total += String.valueOf(item).length() * {n[2]};",
            "        }"]
    for k in range(r.randrange(0, 6)):
        body.append(f"        total = (total * {k + 2}) % {n[3] + 100};")
    body += [f"        if (total > {n[3]}) {{",
             f"            total = total % {n[3]};",
             "        }",
             f'        return "{noun}-" + total;',
             "    }"]
    return body


def source(path, noun):
    """The file's lines and its declarations: name → (first line, last line), 1-based."""
    r = rng(path)
    lang = path.rsplit(".", 1)[1]
    out, decls = [], {}
    if lang == "py":
        out += [f'"""The {noun} module of shop-api."""', "import json", "", ""]
    elif lang == "java":
        out += ["package shop;", "", "import java.util.List;", "", f"public class {camel(noun)}Service {{", ""]
    else:
        out += [f"// The {noun} module of the shop web client.", "'use strict';", ""] if lang == "js" \
            else [f"// The {noun} module of the shop web client.", ""]
    for k in range(6 + r.randrange(5)):
        if lang == "java":
            name = f"{r.choice(VERBS)}{camel(noun)}{k}"
            lines = java_method(r, name, noun)
        elif lang == "py":
            name = f"{r.choice(VERBS)}_{ident(noun)}_{k}"
            lines = py_function(r, name, noun)
        else:
            name = f"{r.choice(VERBS)}{camel(noun)}{k}"
            lines = js_function(r, name, noun, lang == "ts")
        if lang == "ts" and k % 2 == 0:
            lines[0] = "export " + lines[0]
        decls[name] = (len(out) + 1, len(out) + len(lines))
        out += lines
        out += ["", ""] if lang == "py" else [""]
    if lang == "java":
        out.append("}")
    return out, decls


def decl_hash(lines, start, end):
    text = "".join(l.strip() + "\n" for l in lines[start - 1:end] if l.strip())
    return hashlib.sha256((text + "\0").encode()).digest()[:12].hex()


def write(repo, path, lines):
    full = os.path.join(repo, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w") as f:
        f.write("\n".join(lines) + "\n")


def manifest_of(lines, decls):
    return {name: decl_hash(lines, s, e) for name, (s, e) in decls.items()}


def generate(repo, db, manifest):
    con = sqlite3.connect(db)
    subjects = [s for (s,) in con.execute(
        "SELECT DISTINCT subject FROM memories WHERE subject IS NOT NULL ORDER BY subject")]
    con.close()
    paths = {f"src/{ident(s)}.py": s for s in subjects}
    others = [s for s in subjects] * 3
    kinds = [("web/{}.js", ident), ("web/src/{}.ts", ident), ("java/src/main/java/shop/{}Service.java", camel)]
    k = 0
    while len(paths) < FILES:
        pattern, name = kinds[k % 3]
        noun = others[k // 3 % len(others)]
        paths.setdefault(pattern.format(name(noun)), noun)
        k += 1
    out = {}
    for path, noun in sorted(paths.items()):
        lines, decls = source(path, noun)
        write(repo, path, lines)
        out[path] = {"noun": noun, "decls": manifest_of(lines, decls)}
    with open(manifest, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
    print(f"{len(out)} files, {sum(len(v['decls']) for v in out.values())} declarations")


def change(repo, manifest, recalled=None):
    """A tenth of the files: a third of each one's functions get a new constant (their hash changes), and a new
    function is appended (the file's blob changes, the other declarations stay as they were). Which files: every tenth
    one, or, given a file listing the files anchored by the records prompts recalled, up to half of them from that list
    and the rest every tenth one."""
    with open(manifest) as f:
        files = json.load(f)
    wanted = len(files) // 10
    picked = []
    if recalled:
        with open(recalled) as f:
            named = sorted({l.strip() for l in f if l.strip() in files})
        picked = named[:wanted // 2] if len(named) <= wanted // 2 else rng("recalled").sample(named, wanted // 2)
    for i, path in enumerate(sorted(files)):
        if len(picked) < wanted and i % 10 == 3 and path not in picked:
            picked.append(path)
    for path in sorted(files):
        if len(picked) < wanted and path not in picked:
            picked.append(path)
    changed, decls_changed = 0, 0
    for path in sorted(picked):
        full = os.path.join(repo, path)
        lines = open(full).read().split("\n")
        lang = path.rsplit(".", 1)[1]
        names = list(files[path]["decls"])
        for j, name in enumerate(names):
            if j % 3 != 0:
                continue
            at = next(n for n, l in enumerate(lines) if (f" {name}(" in l))
            # the line after the signature: "total = N" (Python), "let total = N;" (JS/TS), "int total = N;" (Java)
            lines[at + 1] = lines[at + 1].replace(" = ", " = 1 + ", 1)
            decls_changed += 1
        r = rng(path + "@change")
        noun = files[path]["noun"]
        if lang == "py":
            extra = py_function(r, f"audit_{ident(noun)}_changed", noun) + ["", ""]
            lines = lines[:-1] + extra + [""]
        elif lang == "java":
            end = max(n for n, l in enumerate(lines) if l == "}")
            lines = lines[:end] + java_method(r, f"audit{camel(noun)}Changed", noun) + [""] + lines[end:]
        else:
            lines = lines[:-1] + js_function(r, f"audit{camel(noun)}Changed", noun, lang == "ts") + [""]
        with open(full, "w") as f:
            f.write("\n".join(lines))
        changed += 1
    print(f"{changed} files changed ({len([p for p in picked if recalled and p in named])} of them named by records"
          f" the warm-up prompts recalled), {decls_changed} declarations changed in them")


def anchor(repo, db, manifest):
    with open(manifest) as f:
        files = json.load(f)
    head = subprocess.run(["git", "-C", repo, "rev-parse", "HEAD"], check=True, capture_output=True,
                          text=True).stdout.strip()
    blobs = {}
    for line in subprocess.run(["git", "-C", repo, "ls-files", "-s"], check=True, capture_output=True,
                               text=True).stdout.splitlines():
        meta, path = line.split("\t", 1)
        blobs[path] = meta.split()[1]
    paths = sorted(files)
    con = sqlite3.connect(db, timeout=30)
    con.execute("PRAGMA foreign_keys = ON")
    records = [("memory", i, p, at, files_json) for i, p, at, files_json in con.execute(
        "SELECT id, project, updated_at, files FROM memories WHERE deleted_at IS NULL AND project IS NOT NULL")]
    records += [("summary", i, p, at, "[]") for i, p, at in con.execute(
        "SELECT id, project, created_at FROM summaries")]
    anchors = targets = with_decl = 0
    with con:
        for kind, rid, project, at, files_json in records:
            r = rng(f"{kind}:{rid}")
            named = [f for f in json.loads(files_json or "[]") if f in files]
            first = named[0] if named else paths[r.randrange(len(paths))]
            chosen = [first]
            if r.random() < 0.5:
                second = paths[r.randrange(len(paths))]
                if second != first:
                    chosen.append(second)
            decl = r.random() < 0.5
            cur = con.execute("INSERT INTO anchors(record_kind, record_id, project, commit_id, anchored_at, how) "
                              "VALUES (?, ?, ?, ?, ?, 'written')", (kind, rid, project, head, at))
            aid = cur.lastrowid
            for n, path in enumerate(chosen):
                d = dh = None
                if decl and (n == 0 or r.random() < 0.5):
                    names = sorted(files[path]["decls"])
                    d = names[r.randrange(len(names))]
                    dh = files[path]["decls"][d]
                con.execute("INSERT INTO anchor_targets(anchor_id, path, blob, decl, decl_hash) VALUES (?, ?, ?, ?, ?)",
                            (aid, path, blobs[path], d, dh))
                targets += 1
            anchors += 1
            with_decl += 1 if decl else 0
    con.close()
    print(f"{anchors} anchors ({with_decl} naming a declaration), {targets} targets, at {head[:7]}")


if __name__ == "__main__":
    cmd = sys.argv[1]
    if cmd == "generate":
        generate(*sys.argv[2:5])
    elif cmd == "anchor":
        anchor(*sys.argv[2:5])
    elif cmd == "change":
        change(*sys.argv[2:5])
    else:
        sys.exit(__doc__)
