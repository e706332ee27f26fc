#!/bin/bash
# The README's reading pages as calibre's viewer shows them, for docs/conformance.md's comparison.
# Needs Debian's calibre, xvfb, xdotool and imagemagick on the machine (never project dependencies):
#   apt-get install calibre xvfb xdotool imagemagick
# Usage: bash scripts/calibre_shots.sh [OUT_DIR]   (default docs/screenshots)
# Each page: calibre's viewer at 1400x900 on its own Xvfb, opened at a place, screenshot.
set -euo pipefail
out=${1:-docs/screenshots}
mkdir -p "$out"
corpus=$(cd "$(dirname "$0")/../.." && pwd)/shared/corpus/epub
# calibre's own settings and its prepared-book cache, kept between runs (outside the repository)
home=${XDG_CACHE_HOME:-$HOME/.cache}/pagemate-calibre-shots
mkdir -p "$home"
export QTWEBENGINE_CHROMIUM_FLAGS="--no-sandbox" HOME=$home DISPLAY=:77

settled() {  # OUT.png: wait until two screenshots 5 s apart are the same (at most 4 minutes)
  local before="" now=""
  sleep 10
  for _ in $(seq 1 48); do
    import -window root -display :77 "$1"
    now=$(md5sum < "$1")
    [ "$now" = "$before" ] && return 0
    before=$now
    sleep 5
  done
}

shot() {  # BOOK OPEN_AT OUT.png (OPEN_AT as ebook-viewer --open-at takes it)
  Xvfb :77 -screen 0 1400x900x24 -nolisten tcp >/dev/null 2>&1 & local xvfb=$!
  sleep 2
  ebook-viewer --open-at "$2" "$1" >/dev/null 2>&1 & local viewer=$!
  local window=""
  for _ in $(seq 1 60); do
    window=$(xdotool search --onlyvisible --class calibre 2>/dev/null | head -1 || true)
    [ -n "$window" ] && break
    sleep 1
  done
  xdotool windowsize "$window" 1400 900
  settled "$3"                                 # the book prepared and laid out at this size
  xdotool key --window "$window" Shift_L       # dismiss the first-run welcome, if shown
  sleep 3
  import -window root -display :77 "$3"
  kill "$viewer" || true; sleep 1; kill "$xvfb" || true; sleep 2; kill -9 "$viewer" 2>/dev/null || true
  rm -f /tmp/.X77-lock
  echo "wrote $3"
}

shot "$corpus/jane-austen_pride-and-prejudice.epub" "epubcfi(/6/6)" "$out/calibre-pride-and-prejudice.png"
shot "$corpus/lewis-carroll_alices-adventures-in-wonderland.epub" "toc:Down the Rabbit-Hole" \
  "$out/calibre-alice-illustration.png"
