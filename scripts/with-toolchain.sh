#!/usr/bin/env bash
# Runs a command with the project's Node 24 and pnpm on PATH.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/toolchain.sh"
export PATH="$ROOT/node_modules/.bin:$PATH"
exec "$@"
