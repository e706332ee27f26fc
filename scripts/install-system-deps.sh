#!/usr/bin/env bash
# Installs the system libraries Qt needs to run (offscreen or on a screen), and libarchive for
# RAR, 7z and tar comics, if any are missing.
set -euo pipefail

packages=(libegl1 libgl1 libopengl0 libxkbcommon0 libfontconfig1 libglib2.0-0 libdbus-1-3
          fonts-dejavu-core xvfb xauth desktop-file-utils xdg-utils
          # Qt's xcb platform plugin, for a real window on X11 (make run)
          libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-randr0
          libxcb-render-util0 libxcb-shape0 libxcb-xinerama0 libxcb-xkb1 libxkbcommon-x11-0
          # rsvg-convert: the independent reference the illustration tests compare resvg with
          librsvg2-bin
          # a sound server the media tests start with a null sink (no sound card needed)
          pulseaudio
          # Read aloud's real engine: Qt's speech-dispatcher plugin links libspeechd and libpulse;
          # espeak-ng is the voice; libao (in the audio plugins) has the null driver the real-voice
          # test sends the sound to, so no sound card is needed
          speech-dispatcher speech-dispatcher-espeak-ng speech-dispatcher-audio-plugins
          espeak-ng libspeechd2 libpulse0 libao4
          # libarchive-c's library: CBR (RAR 4 and 5), CB7 and CBT comics
          libarchive13)

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null; then
    echo "Pagemate needs these system libraries for Qt: ${missing[*]}. Install them with your" \
         "package manager, then run make again." >&2
    exit 0
fi
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
echo "Installing system packages: ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
