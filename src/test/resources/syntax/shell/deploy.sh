#!/usr/bin/env bash
# Builds the shop and deploys it to the given environment.
set -euo pipefail

source ./lib/common.sh
. "$(dirname "$0")/lib/log.sh"

readonly TARGET=${1:-staging}

# Prints a message to stderr and stops.
die() {
    echo "deploy: $*" >&2
    exit 1
}

build() {
    log_info "building for $TARGET"
    ./mvnw -B -q package || die "build failed"
}

function upload {
    local artifact=$1
    rsync -az "$artifact" "deploy@$TARGET:/srv/shop/" || retry_upload "$artifact"
}

build
upload target/shop.jar
log_info "deployed to $TARGET"
