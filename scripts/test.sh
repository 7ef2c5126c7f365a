#!/usr/bin/env bash
# Every test of the project: types, lint and format, component tests, the server on SQLite
# and on PostgreSQL, a production build of every part, and the browser tests against it.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/toolchain.sh"
cd "$ROOT"
export PATH="$ROOT/node_modules/.bin:$PATH"

started=$SECONDS
passed=0
failed=0
step() {
  local name="$1"
  shift
  echo
  echo "=== $name"
  local t0=$SECONDS
  if "$@"; then
    passed=$((passed + 1))
    echo "=== $name: ok ($((SECONDS - t0)) s)"
  else
    failed=$((failed + 1))
    echo "=== $name: FAILED ($((SECONDS - t0)) s)"
  fi
}

install_dependencies
bash scripts/ensure-services.sh
bash scripts/ensure-chromium.sh
bash scripts/ensure-engines.sh

releases="$(mktemp -d)"
trap 'rm -rf "$releases"' EXIT
build_and_publish() {
  pnpm -r --workspace-concurrency=2 --filter './host' --filter './remote-*' run build &&
    RELEASES_DIR="$releases" node scripts/release.ts publish all
}

typecheck() { pnpm -r --workspace-concurrency=2 run typecheck && tsc -p scripts/tsconfig.json; }
step "typecheck" typecheck
step "lint" eslint --max-warnings=0 .
step "lint zone tests" node --test scripts/lint-zones.test.ts
step "format" prettier --check --log-level=warn .
step "component tests (jest)" jest --ci
step "release and build tooling tests" node --test scripts/release.test.ts scripts/budget.test.ts scripts/doc-links.test.ts tooling/style-sheet-loader.test.ts tooling/webpack.test.ts
step "server tests (SQLite)" pnpm --filter @taxi/server test
step "server tests (PostgreSQL)" pnpm --filter @taxi/server run --if-present test:pg
step "production build" build_and_publish
# Bytes of the first screens as served (docs/benchmarks.md); times are printed by bench/coldstart.ts.
step "first-screen JavaScript budget" node scripts/budget.ts "$releases"
step "browser tests (Chromium)" env E2E_RELEASES_DIR="$releases" pnpm --filter @taxi/e2e test
# The core journeys in Firefox ESR and WebKitGTK (docs/architecture.md, "Tests").
step "browser tests (Firefox, WebKit)" env E2E_RELEASES_DIR="$releases" pnpm --filter @taxi/e2e run test:engines

echo
echo "test suites: $passed passed, $failed failed ($((SECONDS - started)) s)"
[ "$failed" -eq 0 ]
