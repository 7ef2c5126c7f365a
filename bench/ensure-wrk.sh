#!/usr/bin/env bash
# Installs wrk (the HTTP load generator of bench/server-api.ts) from Debian when it is missing.
set -euo pipefail
if command -v wrk >/dev/null; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "wrk is missing: run 'apt-get install wrk' as root (or BENCH_LOADER=node)" >&2
  exit 1
fi
apt-get update -qq
apt-get install -y -qq wrk
