#!/usr/bin/env bash
# The Firefox and WebKit browser tests drive Debian's Firefox ESR and WebKitGTK (WebKitWebDriver
# and MiniBrowser under Xvfb); install them when missing (never a downloaded build).
set -euo pipefail
if [ -x /usr/bin/firefox-esr ] && [ -x /usr/bin/WebKitWebDriver ] && [ -x /usr/bin/Xvfb ]; then exit 0; fi
echo "installing Debian firefox-esr, webkit2gtk-driver and xvfb for the browser tests" >&2
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >&2
$SUDO apt-get install -y -qq --no-install-recommends firefox-esr webkit2gtk-driver xvfb fonts-dejavu-core >&2
