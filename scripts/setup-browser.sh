#!/usr/bin/env bash
# Installs what the real-browser tests need: Chromium and its matching driver from Debian's
# packages, and a Python virtual environment with Selenium, pytest and axe-core's Selenium binding.
# Idempotent: when everything is already present it only checks versions and exits in about a second.
#
# Environment:
#   VENV    where the virtual environment lives (default: .venv at the repository root)
#   PYTHON  interpreter that creates it (default: python3)
set -euo pipefail
repo_root=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo_root"
venv=${VENV:-.venv}
python=${PYTHON:-python3}

# Pinned so that every machine runs the same browser-test stack; selenium-axe-python 2.2.0 carries
# axe-core 4.9, the rule set the accessibility test is written against.
python_requirements=(selenium==4.51.0 pytest==9.2.0 selenium-axe-python==2.2.0)
debian_packages=(chromium chromium-driver)

is_installed() {
    [[ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null || true)" == "install ok installed" ]]
}

install_debian_packages() {
    local wanted=()
    for package in "${debian_packages[@]}"; do
        is_installed "$package" || wanted+=("$package")
    done
    (( ${#wanted[@]} )) || return 0
    if [[ $(id -u) != 0 ]]; then
        echo "error: missing Debian packages '${wanted[*]}'; run this script as root to install them" >&2
        exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    # The lock timeout lets two builds on one machine take turns instead of failing.
    local apt=(apt-get -o DPkg::Lock::Timeout=600 -o Acquire::Retries=3)
    # Refresh package lists only when they cannot satisfy the request; a stale mirror index
    # (the old .deb already gone) is retried once after a refresh.
    if ! apt-cache policy "${wanted[@]}" 2>/dev/null | grep -q 'Candidate: [0-9]'; then
        "${apt[@]}" update -qq
    fi
    # Without recommends Chromium pulls ~25 packages instead of ~130 (no systemd, cups, avahi).
    "${apt[@]}" install -y -qq --no-install-recommends "${wanted[@]}" ||
        { "${apt[@]}" update -qq && "${apt[@]}" install -y -qq --no-install-recommends "${wanted[@]}"; }
    echo "installed ${wanted[*]}"
}

requirements_satisfied() {
    "$venv/bin/python" - "${python_requirements[@]}" <<'PY'
import sys
from importlib.metadata import version, PackageNotFoundError
for requirement in sys.argv[1:]:
    name, pinned = requirement.split("==")
    try:
        if version(name) != pinned:
            sys.exit(1)
    except PackageNotFoundError:
        sys.exit(1)
PY
}

install_python_packages() {
    [[ -x "$venv/bin/python" ]] || "$python" -m venv "$venv"
    requirements_satisfied && return 0
    "$venv/bin/pip" install -q --disable-pip-version-check "${python_requirements[@]}"
    echo "installed ${python_requirements[*]} into $venv"
}

install_debian_packages
install_python_packages
echo "chromium: $(chromium --version 2>/dev/null)"
echo "driver:   $(chromedriver --version 2>/dev/null | cut -d' ' -f1-2)"
