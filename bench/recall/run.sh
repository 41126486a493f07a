#!/bin/sh
# Recall evaluation: loads bench/recall/sets/* into a real database (real migrations, MemoryService), embeds every
# memory with the shipped model (all-MiniLM-L6-v2, quantized) and with bge-small-en-v1.5 (quantized, for comparison),
# ranks every prompt lexically (BM25, a hook without serve), semantically and hybrid (what serve does), and writes
# bench/recall/results.md. The same code runs as a unit test (RecallEvalTest) that fails if hybrid stops beating
# lexical recall. Takes about a minute.
#   bench/recall/run.sh
set -eu
cd "$(dirname "$0")/../.."
scripts/with-jdk25 ./mvnw -B -ntp -q test -Dtest=RecallEvalTest -Drecall.eval.write=true -Dsurefire.failIfNoSpecifiedTests=false
echo "wrote bench/recall/results.md"
