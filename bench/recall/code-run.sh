#!/bin/sh
# Code recall by meaning: indexes this repository's src/main/java into a real database, embeds every chunk with the
# shipped model through the real embed job, and ranks the prompts of bench/recall/sets/code/ by their words (what a
# hook does) and by meaning (what serve adds); writes bench/recall/code-results.md. Takes a few minutes.
#   bench/recall/code-run.sh
set -eu
cd "$(dirname "$0")/../.."
scripts/with-jdk25 ./mvnw -B -ntp -q test -Dtest=CodeRecallEvalTest -Drecall.code.eval=true -Dsurefire.failIfNoSpecifiedTests=false
echo "wrote bench/recall/code-results.md"
