#!/usr/bin/env bash
# Installs the peers `make bench` compares opening with (calibre's viewer, Foliate) and the X tools
# the comparison uses; for the benchmark only, never for `make test`.
set -euo pipefail

packages=(calibre foliate xvfb xdotool x11-apps imagemagick)

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null; then
    echo "The opening benchmark compares with these packages: ${missing[*]}. Install them with" \
         "your package manager to see the peers beside Pagemate; without them it measures" \
         "Pagemate alone." >&2
    exit 0
fi
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
echo "Installing the benchmark's peers: ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo nice -n 19 apt-get install -y -qq "${missing[@]}" >/dev/null
