#!/usr/bin/env bash
# Installs the Debian packages Folio builds, tests and renders with.
# Idempotent: installs only what is missing; uses sudo only when not root.
set -euo pipefail
packages=(
  pkg-config
  libpango1.0-dev libcairo2-dev libharfbuzz-dev libfontconfig-dev libfribidi-dev
  libhyphen-dev hyphen-en-us hyphen-de
  libcmark-gfm-dev libcmark-gfm-extensions-dev libpcre2-dev zlib1g-dev libarchive-dev
  fonts-dejavu-core fonts-dejavu-extra fonts-noto-cjk
  poppler-utils qpdf python3
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
echo "install-deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
