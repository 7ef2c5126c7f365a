#!/usr/bin/env bash
# Every test of the project: types, lint and format, component tests, the server on SQLite
# and on PostgreSQL, a production build of every part, and the browser tests against it.
#
# The steps run in two lanes side by side (docs/architecture.md, "Tests"): the browser lane (build, budget,
# Chromium, Firefox and WebKit) keeps a core busy drawing pages, while the other lane's server
# suites spend much of their time waiting on timers, sockets and child processes. Each lane's
# output is kept in its own log and printed whole when the lane ends.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/toolchain.sh"
cd "$ROOT"
export PATH="$ROOT/node_modules/.bin:$PATH"

started=$SECONDS
work="$(mktemp -d)"
releases="$work/releases"
trap 'rm -rf "$work"' EXIT

# One step of a lane: its name, its time and its verdict, in the lane's log and its results.
step() {
  local name="$1"
  shift
  echo
  echo "=== $name"
  local t0=$SECONDS
  if "$@"; then
    echo "=== $name: ok ($((SECONDS - t0)) s)"
    echo "ok $name ($((SECONDS - t0)) s)" >>"$results"
  else
    echo "=== $name: FAILED ($((SECONDS - t0)) s)"
    echo "FAILED $name ($((SECONDS - t0)) s)" >>"$results"
  fi
}

install_dependencies
bash scripts/ensure-services.sh
bash scripts/ensure-chromium.sh
bash scripts/ensure-engines.sh

build_and_publish() {
  pnpm -r --workspace-concurrency=2 --filter './host' --filter './remote-*' run build &&
    RELEASES_DIR="$releases" node scripts/release.ts publish all
}
typecheck() { pnpm -r --workspace-concurrency=2 run typecheck && tsc -p scripts/tsconfig.json; }

checks_and_server() {
  step "typecheck" typecheck
  step "lint" eslint --max-warnings=0 .
  step "lint zone tests" node --test scripts/lint-zones.test.ts
  step "format" prettier --check --log-level=warn .
  step "component tests (jest)" jest --ci
  step "release and build tooling tests" node --test scripts/release.test.ts scripts/budget.test.ts scripts/doc-links.test.ts tooling/style-sheet-loader.test.ts tooling/webpack.test.ts
  step "server tests (SQLite)" pnpm --filter @taxi/server test
  step "server tests (PostgreSQL)" pnpm --filter @taxi/server run --if-present test:pg
}

browsers() {
  step "production build" build_and_publish
  # Bytes of the first screens as served (docs/benchmarks.md); times are printed by bench/coldstart.ts.
  step "first-screen JavaScript budget" node scripts/budget.ts "$releases"
  # The suite's servers share the extract's import and the map's glyphs (e2e/support/app.ts).
  step "browser tests (Chromium)" env E2E_RELEASES_DIR="$releases" E2E_CACHE_DIR="$work/e2e-cache" pnpm --filter @taxi/e2e test
  # The core journeys in Firefox ESR and WebKitGTK (docs/architecture.md, "Tests").
  step "browser tests (Firefox, WebKit)" env E2E_RELEASES_DIR="$releases" E2E_CACHE_DIR="$work/e2e-cache" pnpm --filter @taxi/e2e run test:engines
}

lane() {
  local name="$1"
  shift
  results="$work/$name.results" "$@" >"$work/$name.log" 2>&1
  echo
  echo "######## lane: $name ($((SECONDS - started)) s)"
  cat "$work/$name.log"
}

lane "browsers" browsers &
browser_lane=$!
lane "checks and server" checks_and_server
wait "$browser_lane" || true

echo
cat "$work"/*.results
failed=$(cat "$work"/*.results | grep -c '^FAILED' || true)
passed=$(cat "$work"/*.results | grep -c '^ok' || true)
echo "test suites: $passed passed, $failed failed ($((SECONDS - started)) s)"
[ "$failed" -eq 0 ]
