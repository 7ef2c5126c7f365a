#!/usr/bin/env bash
# The multi-instance tests need the machine's PostgreSQL and Redis; start them if they are down.
# The scale-out, metrics and Sentinel tests run their own HAProxy, Prometheus and Redis Sentinel:
# install Debian's packages when they are missing; the unit file's test runs systemd-analyze
# (package systemd); the mail test reads its PDF receipts with pdftotext (package poppler-utils).
set -uo pipefail
for package in haproxy prometheus redis-sentinel; do
  if ! command -v "$package" >/dev/null 2>&1; then
    echo "installing $package" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -q "$package" >&2 ||
      { apt-get update -q >&2 && apt-get install -y -q "$package" >&2; }
  fi
done
if ! command -v systemd-analyze >/dev/null 2>&1; then
  echo "installing systemd (systemd-analyze)" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends systemd >&2 ||
    { apt-get update -q >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends systemd >&2; }
fi
if ! command -v pdftotext >/dev/null 2>&1; then
  echo "installing poppler-utils (pdftotext)" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends poppler-utils >&2 ||
    { apt-get update -q >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends poppler-utils >&2; }
fi
if ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  echo "starting PostgreSQL" >&2
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start >&2 || true
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
fi
if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  echo "starting Redis" >&2
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log >&2 || true
  for _ in $(seq 1 30); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 1; done
fi
pg_isready -q -h 127.0.0.1 -p 5432 && redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null &&
  command -v haproxy >/dev/null && command -v prometheus >/dev/null &&
  command -v redis-sentinel >/dev/null && command -v systemd-analyze >/dev/null &&
  command -v pdftotext >/dev/null
