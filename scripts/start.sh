#!/usr/bin/env bash
# One command: installs what is needed, builds the host and every remote, publishes them
# as local releases and starts the server (API, settings, registry, app) at one URL.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/toolchain.sh"
cd "$ROOT"
install_dependencies
echo "building the host and the remotes…" >&2
pnpm -r --workspace-concurrency=2 --filter './host' --filter './remote-*' run build >&2
node scripts/release.ts publish --replace all >&2
export PORT="${PORT:-8080}"
export SMS_DRIVER="${SMS_DRIVER:-outbox}"
export FLEET="${FLEET:-sim}"
echo "starting the app at http://localhost:$PORT" >&2
exec node server/src/main.ts
