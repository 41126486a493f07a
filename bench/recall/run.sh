#!/bin/sh
# Recall evaluation, one command: loads bench/recall/sets/* into real databases (real migrations, MemoryService), embeds
# every memory with the shipped model (all-MiniLM-L6-v2, quantized) — and the company and tokens sets also with
# bge-small-en-v1.5 for comparison —, ranks every prompt as prompt recall does and writes
#   bench/recall/results.md          company and tokens sets: lexical, semantic and hybrid, sweeps of the bars
#   bench/recall/product-results.md  the product set by split (train / held-out) and prompt style, the judge's
#                                    shipped rules, words alone, and the logistic model refit on the train part
# The same code runs as unit tests (RecallEvalTest, ProductRecallEvalTest) that fail when recall falls below its
# targets. Takes about two minutes. The same numbers through the real hook path and a warm serve:
#   bench/recall/serve-eval.py --set product --out bench/recall/product-serve-results.md
# -Drecall.eval.dump=FILE (on the mvnw line) also writes every candidate's features, with its title, content and best
# sentence similarity, as JSONL for analysis outside Java.
# Add -Drecall.eval.dump=FILE to the mvnw line below to also write every candidate's features (with its title,
# content and best-sentence similarity) as JSONL, for analysis outside Java.
set -eu
cd "$(dirname "$0")/../.."
scripts/with-jdk25 ./mvnw -B -ntp -q test -Dtest='RecallEvalTest,ProductRecallEvalTest' -Drecall.eval.write=true \
    -Dsurefire.failIfNoSpecifiedTests=false
echo "wrote bench/recall/results.md and bench/recall/product-results.md"
