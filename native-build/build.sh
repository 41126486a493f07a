#!/bin/sh
# Builds the native eagle-mem executable. Needs GraalVM/Mandrel for JDK 25 (see README.md).
set -eu
cd "$(dirname "$0")/.."
if [ -z "${GRAALVM_HOME:-}" ] && ! command -v native-image >/dev/null 2>&1; then
    echo "build.sh: no GraalVM found (set GRAALVM_HOME or put native-image on PATH)." >&2
    echo "  fix: install GraalVM for JDK 25, or build in a container: ./mvnw package -Dnative -Dquarkus.native.container-build=true" >&2
    exit 1
fi
exec ./mvnw -B package -Dnative -DskipTests "$@"
