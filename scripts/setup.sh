#!/usr/bin/env bash
# Installs what the tests and optional features need, idempotently (Debian 12, as root or with
# sudo): Node.js for the runtime's unit tests, libvips' tools (vipsthumbnail) for responsive
# images, zsh and fish to check completion scripts, then Chromium, its driver and the Python venv
# for the browser tests (scripts/setup-browser.sh). Does nothing when everything is present.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v node >/dev/null || need+=(nodejs)
command -v gzip >/dev/null || need+=(gzip)
command -v vipsthumbnail >/dev/null || need+=(libvips-tools)
# Shells whose parsers check the generated completion scripts.
command -v zsh >/dev/null || need+=(zsh)
command -v fish >/dev/null || need+=(fish)
if (( ${#need[@]} )); then
  export DEBIAN_FRONTEND=noninteractive
  apt-get -o DPkg::Lock::Timeout=600 update -qq
  apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${need[@]}"
fi

scripts/setup-browser.sh
