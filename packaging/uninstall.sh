#!/usr/bin/env bash
# Removes a per-user Pagemate installation made by install.sh: exactly the files listed in its
# manifest, the MIME defaults it set (restoring what the user had before), and the desktop and
# MIME caches it caused to exist. Your library (books, reading positions, notes) is left alone.
#
#   packaging/uninstall.sh            or, after installing:   ~/.local/share/pagemate/uninstall.sh
#
# Honours HOME, XDG_DATA_HOME and XDG_CONFIG_HOME like install.sh. install.sh also sources this
# file (with PAGEMATE_UNINSTALL_LIB=1) for the functions below.
set -euo pipefail

DATA_HOME=${XDG_DATA_HOME:-$HOME/.local/share}
CONFIG_HOME=${XDG_CONFIG_HOME:-$HOME/.config}
APP_DIR=$DATA_HOME/pagemate
MANIFEST=$APP_DIR/install-manifest.txt
APPLICATIONS_DIR=$DATA_HOME/applications
MIME_DIR=$DATA_HOME/mime
MIMEAPPS=$CONFIG_HOME/mimeapps.list
DEFAULTS_SECTION="[Default Applications]"

say() { printf '%s\n' "$*"; }
die() { printf 'pagemate: %s\n' "$*" >&2; exit 1; }
have() { command -v "$1" >/dev/null 2>&1; }

# The user's own default for a MIME type in mimeapps.list, or nothing.
user_default() {
    local type=$1
    [ -f "$MIMEAPPS" ] || return 0
    awk -v section="$DEFAULTS_SECTION" -v key="$type" '
        /^\[/ { inside = ($0 == section); next }
        inside && index($0, key "=") == 1 { print substr($0, length(key) + 2); exit }
    ' "$MIMEAPPS"
}

# Sets (or, with an empty value, deletes) a type's line in [Default Applications].
set_user_default() {
    local type=$1 value=$2 tmp
    mkdir -p "$(dirname "$MIMEAPPS")"
    [ -f "$MIMEAPPS" ] || : >"$MIMEAPPS"
    tmp=$(mktemp "$MIMEAPPS.XXXXXX")
    awk -v section="$DEFAULTS_SECTION" -v key="$type" -v value="$value" '
        function emit() { if (value != "" && !done) { print key "=" value; done = 1 } }
        /^\[/ { if (inside) emit(); inside = ($0 == section); seen = seen || inside; print; next }
        inside && index($0, key "=") == 1 { emit(); next }
        { print }
        END {
            if (inside) emit()
            if (!seen && value != "") { print section; print key "=" value }
        }
    ' "$MIMEAPPS" >"$tmp"
    # Keep the original file (and its permissions) in place; only its contents change.
    cat "$tmp" >"$MIMEAPPS"
    rm -f "$tmp"
}

# True if mimeapps.list has nothing left but blank lines and empty section headers.
mimeapps_is_empty() {
    ! grep -qv -e '^[[:space:]]*$' -e '^\[.*\]$' "$MIMEAPPS"
}

refresh_desktop_cache() {
    [ -d "$APPLICATIONS_DIR" ] && have update-desktop-database \
        && update-desktop-database -q "$APPLICATIONS_DIR" 2>/dev/null || true
}

refresh_mime_cache() {
    [ -d "$MIME_DIR/packages" ] && have update-mime-database \
        && update-mime-database "$MIME_DIR" >/dev/null 2>&1 || true
}

# Undoes the installation recorded in $MANIFEST. Lines: "<kind><TAB><path or value>[<TAB>...]".
uninstall_from_manifest() {
    [ -f "$MANIFEST" ] || die "no Pagemate installation found ($MANIFEST does not exist)."
    local kind a b
    local -a dirs=() files=() generated=()

    while IFS=$'\t' read -r kind a b; do
        case $kind in
            default)
                # Only undo our own choice: if the user picked another app since, keep it.
                if [ "$(user_default "$a")" = "pagemate.desktop" ]; then
                    set_user_default "$a" "$b"
                fi ;;
            file) files+=("$a") ;;
            dir) dirs+=("$a") ;;
            generated) generated+=("$a") ;;
            *) ;;
        esac
    done <"$MANIFEST"

    local path
    for path in ${files[@]+"${files[@]}"}; do
        rm -f -- "$path"
    done

    # Caches that exist only because of us go; the others are rebuilt without our entries.
    for path in ${generated[@]+"${generated[@]}"}; do
        case $path in
            "$MIMEAPPS")
                [ -f "$path" ] && mimeapps_is_empty && rm -f -- "$path" ;;
            "$APPLICATIONS_DIR/mimeinfo.cache")
                # The cache is optional (menus and file managers scan the entries without it),
                # so one that did not exist before us goes, even if other entries remain.
                rm -f -- "$path" ;;
            "$MIME_DIR")
                # Everything in it but packages/ is generated from packages/; if that is empty
                # now, the whole folder was ours.
                if [ -d "$path/packages" ] && [ -z "$(ls -A "$path/packages")" ]; then
                    rm -rf -- "$path"
                else
                    refresh_mime_cache
                fi ;;
            *) ;;
        esac
    done
    [ -e "$APPLICATIONS_DIR/mimeinfo.cache" ] && refresh_desktop_cache
    [ -e "$MIME_DIR/mime.cache" ] && refresh_mime_cache

    rm -f -- "$MANIFEST"
    # Deepest first, and only if empty: a folder that holds anything of the user's stays.
    while IFS= read -r path; do
        [ -n "$path" ] && rmdir -- "$path" 2>/dev/null || true
    done < <(printf '%s\n' ${dirs[@]+"${dirs[@]}"} | awk '{ print length($0) "\t" $0 }' \
             | sort -rn | cut -f2-)
}

if [ "${PAGEMATE_UNINSTALL_LIB:-}" != 1 ]; then
    uninstall_from_manifest
    say "Pagemate is uninstalled. Your library is kept; delete it from Pagemate's data folder" \
        "if you no longer want it."
fi
