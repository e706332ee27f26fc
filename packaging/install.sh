#!/usr/bin/env bash
# Installs Pagemate for the current user (no root needed), so that double-clicking a book or a comic
# (EPUB, MOBI, AZW3, FB2, CBZ, CBR, CB7, CBT; PDF and text under "Open with") opens it in Pagemate:
#
#   $XDG_DATA_HOME/pagemate/              the app (a copy of dist/pagemate/ from `make package`)
#   ~/.local/bin/pagemate                 a launcher (set PAGEMATE_BIN_DIR to put it elsewhere)
#   $XDG_DATA_HOME/applications/pagemate.desktop
#   $XDG_DATA_HOME/icons/hicolor/<size>/apps/pagemate.png (+ scalable/apps/pagemate.svg)
#   $XDG_DATA_HOME/icons/hicolor/<size>/mimetypes/pagemate-{book,comic}-document.png (+ SVG)
#   $XDG_DATA_HOME/mime/packages/pagemate-mime.xml     (comic and Kindle types older systems lack)
#   $XDG_CONFIG_HOME/mimeapps.list        Pagemate as the default for those books and comics
#
# XDG_DATA_HOME defaults to ~/.local/share and XDG_CONFIG_HOME to ~/.config. Everything installed
# is recorded in $XDG_DATA_HOME/pagemate/install-manifest.txt; uninstall.sh removes exactly that.
#
# Usage: packaging/install.sh [--bundle DIR | --source] [--no-default]
#   --bundle DIR   install this PyInstaller bundle (default: dist/pagemate if it has been built)
#   --source       no bundle: the launcher runs this checkout with its .venv (for developers;
#                  the checkout must stay where it is)
#   --no-default   register Pagemate for its types, but do not make it the default app
set -euo pipefail

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$SCRIPT_DIR")
PAGEMATE_UNINSTALL_LIB=1 source "$SCRIPT_DIR/uninstall.sh"

BIN_DIR=${PAGEMATE_BIN_DIR:-$HOME/.local/bin}
LAUNCHER=$BIN_DIR/pagemate
ICONS_DIR=$DATA_HOME/icons/hicolor
# The types Pagemate becomes the default for: books and comics, not every PDF or text file (those
# get Pagemate under "Open with" from pagemate.desktop). The same as FILE_KINDS' default_app in
# reader_app/books/opening/file_kinds.py, plus the older alias names; a test compares them.
MIME_TYPES=(application/epub+zip application/x-mobipocket-ebook application/vnd.amazon.mobi8-ebook
            application/vnd.amazon.ebook application/x-fictionbook+xml
            application/x-zip-compressed-fb2 application/vnd.comicbook+zip application/x-cbz
            application/vnd.comicbook-rar application/x-cbr application/x-cb7 application/x-cbt)
ICON_SIZES=(16 24 32 48 64 128 256 512)

mode=""
bundle=""
make_default=1
while [ $# -gt 0 ]; do
    case $1 in
        --bundle) [ $# -ge 2 ] || die "--bundle needs a folder"; mode=bundle; bundle=$2; shift 2 ;;
        --source) mode=source; shift ;;
        --no-default) make_default=0; shift ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown option $1 (see --help)" ;;
    esac
done
if [ -z "$mode" ]; then
    if [ -x "$ROOT/dist/pagemate/pagemate" ]; then
        mode=bundle; bundle=$ROOT/dist/pagemate
    elif [ -x "$ROOT/.venv/bin/python" ]; then
        mode=source
    else
        die "nothing to install: build the app first with 'make package' (or pass --source" \
            "from a checkout whose .venv is set up with 'make')."
    fi
fi
if [ "$mode" = bundle ]; then
    bundle=$(cd "$bundle" 2>/dev/null && pwd) || die "bundle folder $bundle does not exist."
    [ -x "$bundle/pagemate" ] || die "$bundle/pagemate is missing: is this a Pagemate bundle?" \
        "Build one with 'make package'."
    [ "$bundle" != "$APP_DIR" ] || die "cannot install the bundle over itself ($APP_DIR)."
else
    [ -x "$ROOT/.venv/bin/python" ] || die "$ROOT/.venv is not set up: run 'make' first."
fi

# A previous installation is removed first, so that files it had and this one lacks do not linger.
if [ -f "$MANIFEST" ]; then
    say "Replacing the existing Pagemate installation."
    uninstall_from_manifest
fi
# Never overwrite what is not ours.
for path in "$LAUNCHER" "$APPLICATIONS_DIR/pagemate.desktop" "$MIME_DIR/packages/pagemate-mime.xml"; do
    [ ! -e "$path" ] || die "$path exists and was not installed by this script; move it away first."
done
if [ -e "$APP_DIR" ] && [ -n "$(ls -A "$APP_DIR")" ]; then
    die "$APP_DIR exists and was not installed by this script; move it away first."
fi

# --- recording --------------------------------------------------------------------------------
manifest_lines=()
record() { manifest_lines+=("$(printf '%s\t' "$@" | sed 's/\t$//')"); }
# Written on any exit, so that uninstall.sh can also clean up after an install that failed midway.
write_manifest() {
    [ ${#manifest_lines[@]} -gt 0 ] && [ -d "$APP_DIR" ] \
        && printf '%s\n' "${manifest_lines[@]}" >"$MANIFEST" || true
}
trap write_manifest EXIT

# mkdir -p that records each folder it creates, so uninstall can remove the empty ones.
make_dirs() {
    local dir=$1 missing=()
    while [ ! -d "$dir" ]; do
        missing+=("$dir")
        dir=$(dirname "$dir")
    done
    mkdir -p "$1"
    local created
    for created in ${missing[@]+"${missing[@]}"}; do record dir "$created"; done
}

install_file() {  # install_file SOURCE TARGET MODE
    make_dirs "$(dirname "$2")"
    record file "$2"
    install -m "$3" "$1" "$2"
}

write_file() {  # write_file TARGET MODE, contents on stdin
    make_dirs "$(dirname "$1")"
    record file "$1"
    cat >"$1"
    chmod "$2" "$1"
}

# Quoting for a POSIX shell script: 'it'\''s'.
shell_quote() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }

# Quoting for a desktop entry's Exec key: the spec's double quotes and backslash escapes, with
# each backslash doubled again because the value itself is an escaped string.
exec_quote() {
    local escaped
    escaped=$(printf '%s' "$1" | sed -e 's/\\/\\\\\\\\/g' -e 's/"/\\\\"/g' -e 's/`/\\\\`/g' \
        -e 's/\$/\\\\$/g' -e 's/%/%%/g')
    printf '"%s"' "$escaped"
}

# --- the app --------------------------------------------------------------------------------------
make_dirs "$APP_DIR"
if [ "$mode" = bundle ]; then
    say "Installing the Pagemate bundle from $bundle into $APP_DIR"
    # Record first, copy second: if the copy fails, the manifest still covers what it wrote.
    while IFS= read -r -d '' relative; do
        relative=${relative#./}
        # A symlink (PyInstaller links some libraries) is removed as a file, even to a folder.
        if [ -d "$bundle/$relative" ] && [ ! -L "$bundle/$relative" ]; then
            record dir "$APP_DIR/$relative"
        else record file "$APP_DIR/$relative"; fi
    done < <(cd "$bundle" && find . -mindepth 1 -print0)
    cp -a "$bundle/." "$APP_DIR/"
    target_command="exec $(shell_quote "$APP_DIR/pagemate") \"\$@\""
else
    say "Installing a Pagemate launcher for the checkout at $ROOT"
    target_command="exec $(shell_quote "$ROOT/.venv/bin/python") -m reader_app \"\$@\""
fi
install_file "$SCRIPT_DIR/uninstall.sh" "$APP_DIR/uninstall.sh" 755

write_file "$LAUNCHER" 755 <<EOF
#!/bin/sh
# Pagemate launcher, installed by packaging/install.sh; remove with $APP_DIR/uninstall.sh
$target_command
EOF

# --- desktop entry, icons, MIME ---------------------------------------------------------------
for size in "${ICON_SIZES[@]}"; do
    install_file "$ROOT/assets/icons/pagemate-$size.png" \
        "$ICONS_DIR/${size}x${size}/apps/pagemate.png" 644
done
install_file "$ROOT/assets/icons/pagemate.svg" "$ICONS_DIR/scalable/apps/pagemate.svg" 644
# The document icons of book and comic files, named by pagemate-mime.xml's <icon> elements.
for icon in pagemate-book-document pagemate-comic-document; do
    for size in "${ICON_SIZES[@]}"; do
        install_file "$ROOT/assets/icons/$icon-$size.png" \
            "$ICONS_DIR/${size}x${size}/mimetypes/$icon.png" 644
    done
    install_file "$ROOT/assets/icons/$icon.svg" "$ICONS_DIR/scalable/mimetypes/$icon.svg" 644
done
# Icon caches only exist where a theme was installed with one; GTK looks up our icon without.
[ -f "$ICONS_DIR/icon-theme.cache" ] && have gtk-update-icon-cache \
    && gtk-update-icon-cache -q "$ICONS_DIR" 2>/dev/null || true

desktop_entry=$APPLICATIONS_DIR/pagemate.desktop
make_dirs "$APPLICATIONS_DIR"
[ -e "$APPLICATIONS_DIR/mimeinfo.cache" ] || record generated "$APPLICATIONS_DIR/mimeinfo.cache"
# A file manager does not read ~/.local/bin from PATH, so the entry names the launcher in full.
# (Not piped into write_file: a pipeline runs it in a subshell, and its record would be lost.)
entry_text=$(sed -e "s|^Exec=pagemate|Exec=$(exec_quote "$LAUNCHER" | sed 's/[|&\\]/\\&/g')|" \
    -e "s|^TryExec=pagemate|TryExec=$(printf '%s' "$LAUNCHER" | sed 's/[|&\\]/\\&/g')|" \
    "$SCRIPT_DIR/pagemate.desktop")
write_file "$desktop_entry" 644 <<<"$entry_text"
if have desktop-file-validate && ! desktop-file-validate "$desktop_entry" >&2; then
    die "the desktop entry $desktop_entry does not validate (see above)."
fi
refresh_desktop_cache

[ -d "$MIME_DIR" ] || record generated "$MIME_DIR"
install_file "$SCRIPT_DIR/pagemate-mime.xml" "$MIME_DIR/packages/pagemate-mime.xml" 644
refresh_mime_cache

# --- default application ----------------------------------------------------------------------
if [ "$make_default" = 1 ]; then
    make_dirs "$CONFIG_HOME"
    [ -e "$MIMEAPPS" ] || record generated "$MIMEAPPS"
    for type in "${MIME_TYPES[@]}"; do
        record default "$type" "$(user_default "$type")"
    done
    if have xdg-mime; then
        xdg-mime default pagemate.desktop "${MIME_TYPES[@]}"
    fi
    # xdg-mime hands the job to a desktop's own tool when it recognises one; make sure the
    # standard file has it either way (also where xdg-utils is not installed).
    for type in "${MIME_TYPES[@]}"; do
        [ "$(user_default "$type")" = pagemate.desktop ] || set_user_default "$type" pagemate.desktop
    done
fi

write_manifest
say "Pagemate is installed. Open a book from your file manager, or run: $LAUNCHER"
case ":$PATH:" in
    *":$BIN_DIR:"*) ;;
    *) say "(To start it from a terminal by name, add $BIN_DIR to your PATH.)" ;;
esac
