#!/usr/bin/env python3
"""Writes a generated polyglot monorepo of exactly N files (default 1,000) for bench/scan.sh.

   bench/scan-tree.py DIR [N]

A Next.js app, an Express API and a UI package (yarn workspaces + Turborepo), a Maven multi-module Quarkus service,
a Go worker with cmd/, a FastAPI tool with pytest, a Rust workspace, docs, CI, Dockerfiles, a few binaries, a lock
file and one file over 1 MiB. Sources are 20-150 lines of plausible code; the same N gives the same tree.
"""
import os
import random
import sys

root, total = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 1000
rng = random.Random(42)
written = []


def write(path, text):
    full = os.path.join(root, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    mode = "wb" if isinstance(text, bytes) else "w"
    with open(full, mode) as f:
        f.write(text)
    written.append(path)


def body(line, n):
    out = []
    for i in range(n):
        out.append(line.format(i=i, r=rng.randint(0, 9999)) if i % 7 else "")
    return "\n".join(out) + "\n"


def ts(i):
    return "import { useState } from 'react';\n\nexport function Part%d() {\n" % i + body(
        "  const v{i} = useState({r}); // part", rng.randint(20, 120)) + "  return null;\n}\n"


def java(pkg, cls, extra=""):
    return "package %s;\n\n%spublic class %s {\n" % (pkg, extra, cls) + body(
        "    private int field{i} = {r};", rng.randint(20, 150)) + "}\n"


def go(pkg, i):
    return "package %s\n\n" % pkg + body("var v{i} = {r} // value", rng.randint(20, 120)) + "func F%d() {}\n" % i


def py(i):
    return "import os\n\n\n" + body("VALUE_{i} = {r}  # setting", rng.randint(20, 120)) + "def f%d():\n    pass\n" % i


def rs(i):
    return body("pub const C{i}: u32 = {r};", rng.randint(20, 120)) + "pub fn f%d() {}\n" % i


# Manifests and configuration
write("package.json", '{"name": "acme", "private": true, "workspaces": ["apps/*", "packages/*"],\n'
      ' "devDependencies": {"turbo": "^2.0.0", "typescript": "^5.4.0", "vitest": "^1.6.0", "eslint": "^9.0.0"}}\n')
write("yarn.lock", "# yarn lockfile v1\n" + body('"pkg{i}@^1.0.0":\n  version "1.0.{r}"', 400))
write("turbo.json", '{"tasks": {"build": {"dependsOn": ["^build"]}}}\n')
write("Dockerfile", 'FROM node:20\nWORKDIR /app\nCOPY . .\nRUN yarn build\nCMD ["node", "apps/api/dist/main.js"]\n')
write("docker-compose.yml", "services:\n  api:\n    build: .\n")
write("Makefile", "build:\n\tyarn build\n")
write("README.md", "# acme\n\nThe acme monorepo.\n")
write(".editorconfig", "root = true\n")
for name in ("ci", "release", "nightly"):
    write(".github/workflows/%s.yml" % name, "on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n")
write("apps/web/package.json", '{"name": "@acme/web", "scripts": {"start": "next start"},\n'
      ' "dependencies": {"next": "14.2.0", "react": "18.3.0", "react-dom": "18.3.0"},\n'
      ' "devDependencies": {"@playwright/test": "1.44.0"}}\n')
write("apps/web/next.config.mjs", "export default {};\n")
write("apps/web/tsconfig.json", '{"compilerOptions": {"jsx": "preserve"}}\n')
write("apps/api/package.json", '{"name": "@acme/api", "main": "src/main.ts",\n'
      ' "dependencies": {"express": "4.19.0", "pg": "8.11.0"}, "devDependencies": {"supertest": "7.0.0"}}\n')
write("packages/ui/package.json", '{"name": "@acme/ui", "peerDependencies": {"react": "^18"}}\n')
write("services/billing/pom.xml", "<project><artifactId>billing</artifactId><modules><module>core</module>"
      "<module>app</module></modules><dependencyManagement><dependencies><dependency><groupId>io.quarkus.platform"
      "</groupId><artifactId>quarkus-bom</artifactId></dependency></dependencies></dependencyManagement></project>\n")
write("services/billing/core/pom.xml", "<project><artifactId>core</artifactId><dependencies><dependency><groupId>"
      "org.junit.jupiter</groupId><artifactId>junit-jupiter</artifactId><scope>test</scope></dependency>"
      "</dependencies></project>\n")
write("services/billing/app/pom.xml", "<project><artifactId>app</artifactId><dependencies><dependency><groupId>"
      "io.quarkus</groupId><artifactId>quarkus-rest</artifactId></dependency></dependencies></project>\n")
write("services/billing/app/src/main/resources/application.properties", "quarkus.http.port=8081\n")
write("services/worker/go.mod", "module example.com/acme/worker\n\ngo 1.22\n\nrequire (\n\tgithub.com/spf13/cobra v1.8.0\n"
      "\tgithub.com/gin-gonic/gin v1.10.0\n)\n")
write("services/worker/cmd/worker/main.go", "package main\n\nfunc main() {\n}\n")
write("tools/py/pyproject.toml", '[project]\nname = "acme-tools"\ndependencies = ["fastapi", "pandas"]\n\n'
      '[project.optional-dependencies]\ndev = ["pytest"]\n')
write("crates/Cargo.toml", '[workspace]\nmembers = ["core", "cli"]\n')
write("crates/core/Cargo.toml", '[package]\nname = "acme-core"\n\n[dependencies]\ntokio = "1"\n')
write("crates/cli/Cargo.toml", '[package]\nname = "acme-cli"\n\n[dependencies]\nclap = "4"\n')
write("crates/cli/src/main.rs", "fn main() {}\n")
for i in range(8):
    write("apps/web/public/img%d.png" % i, bytes([0x89, 0x50, 0x4E, 0x47, 0, 0, 0, 13]) + os.urandom(2000))
write("data/fixtures.sql", "INSERT INTO t VALUES (1);\n" * 50000)  # over 1 MiB: listed, never read

# Sources, in the same proportions whatever N is
plan = [
    (0.22, lambda i: ("apps/web/src/components/Part%d.tsx" % i, ts(i))),
    (0.03, lambda i: ("apps/web/__tests__/Part%d.test.tsx" % i, "import { it } from 'vitest';\n\nit('renders', () => {});\n")),
    (0.12, lambda i: ("apps/api/src/routes/route%d.ts" % i, ts(i))),
    (0.02, lambda i: ("apps/api/src/routes/route%d.test.ts" % i, "import { it } from 'vitest';\nit('ok', () => {});\n")),
    (0.08, lambda i: ("packages/ui/src/Widget%d.tsx" % i, ts(i))),
    (0.10, lambda i: ("services/billing/core/src/main/java/com/acme/core/Model%d.java" % i,
                      java("com.acme.core", "Model%d" % i))),
    (0.06, lambda i: ("services/billing/app/src/main/java/com/acme/app/Resource%d.java" % i,
                      java("com.acme.app", "Resource%d" % i))),
    (0.04, lambda i: ("services/billing/app/src/test/java/com/acme/app/Resource%dTest.java" % i,
                      "package com.acme.app;\n\nimport org.junit.jupiter.api.Test;\n\nclass Resource%dTest {\n}\n" % i)),
    (0.08, lambda i: ("services/worker/internal/jobs/job%d.go" % i, go("jobs", i))),
    (0.02, lambda i: ("services/worker/internal/jobs/job%d_test.go" % i, 'package jobs\n\nimport "testing"\n')),
    (0.08, lambda i: ("tools/py/acme/mod%d.py" % i, py(i))),
    (0.02, lambda i: ("tools/py/tests/test_mod%d.py" % i, "import pytest\n\n\ndef test_ok():\n    pass\n")),
    (0.04, lambda i: ("crates/core/src/m%d.rs" % i, rs(i))),
    (0.04, lambda i: ("crates/cli/src/c%d.rs" % i, rs(i))),
]
remaining = total - len(written)
counts = [int(share * remaining) for share, _ in plan]
for (share, make), count in zip(plan, counts):
    for i in range(count):
        write(*make(i))
i = 0
while len(written) < total:
    write("docs/page%d.md" % i, "# Page %d\n\n" % i + body("Line {i} of the docs ({r}).", rng.randint(10, 60)))
    i += 1
print(len(written))
