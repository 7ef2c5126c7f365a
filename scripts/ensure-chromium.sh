#!/usr/bin/env bash
# End-to-end tests drive Debian's Chromium; install it when it is missing (never a downloaded build).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "installing Debian chromium for the browser tests" >&2
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >&2
$SUDO apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >&2
