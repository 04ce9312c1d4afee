#!/usr/bin/env bash
# Installs what SoTube needs that a fresh Debian machine lacks. Idempotent: installs only what is missing.
#   scripts/deps.sh run    ffmpeg (media import, previews, demo catalog)
#   scripts/deps.sh test   + PostgreSQL, Chromium, test music packages, Python test libraries
#   scripts/deps.sh release  + libcurl's development files (scripts/build-release.sh links Foundation in,
#                          and FoundationNetworking's static library calls libcurl)
set -euo pipefail
mode=${1:-run}

apt_packages=(ffmpeg libjs-chart.js ca-certificates)
pip_modules=()
if [[ $mode == release ]]; then
  apt_packages+=(libcurl4-openssl-dev)
fi
if [[ $mode == test ]]; then
  apt_packages+=(python3-venv openssl postgresql nginx chromium chromium-headless-shell chromium-driver fonts-dejavu-core zbar-tools asc-music xblast-tnt-musics fb-music-high)
  # module[:PyPI name] when the two differ
  pip_modules+=(pytest xdist:pytest-xdist playwright openapi_spec_validator requests jsonschema libopensonic:py-opensonic
    libsonic:py-sonic schemathesis:schemathesis==4.32.5 localstripe aiosmtpd oidc_provider_mock:oidc-provider-mock
    axe_playwright_python:axe-playwright-python PIL:pillow)
fi

sudo=""
if [[ $(id -u) != 0 ]]; then
  if command -v sudo >/dev/null; then sudo="sudo"; fi
fi

apt_install() {
  if [[ $(id -u) != 0 && -z $sudo ]]; then
    echo "deps: need root (or sudo) to apt-get install $*" >&2
    exit 1
  fi
  echo "deps: installing $*"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null
}

missing=()
for package in "${apt_packages[@]}"; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if ((${#missing[@]})); then
  apt_install "${missing[@]}"
fi

pip_missing=()
for entry in "${pip_modules[@]}"; do
  module=${entry%%:*}
  package=${entry#*:}
  [[ $entry == *:* ]] || package=${module//_/-}
  python3 -c "import $module" 2>/dev/null || pip_missing+=("$package")
done
if ((${#pip_missing[@]})); then
  python3 -m pip --version >/dev/null 2>&1 || apt_install python3-pip
  echo "deps: pip installing ${pip_missing[*]}"
  # Debian's own Python refuses pip installs outside a venv (PEP 668) unless told otherwise.
  python3 -m pip install -q "${pip_missing[@]}" 2>/dev/null \
    || python3 -m pip install -q --break-system-packages "${pip_missing[@]}"
fi

# supysonic (a real Subsonic server, the upstream of the catalog-source tests) in its own virtualenv:
# its pinned Flask/peewee stay out of the system Python.
if [[ $mode == test ]]; then
  supysonic_venv=${SOTUBE_SUPYSONIC_VENV:-$HOME/.cache/sotube/supysonic-venv}
  if [[ ! -x $supysonic_venv/bin/supysonic-server || ! -x $supysonic_venv/bin/gunicorn ]]; then
    echo "deps: installing supysonic and gunicorn into $supysonic_venv"
    python3 -m venv "$supysonic_venv"
    "$supysonic_venv/bin/pip" install -q supysonic gunicorn
  fi
fi
