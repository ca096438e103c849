#!/usr/bin/env bash
# Install a built Catan Desktop bundle for the current user (no root needed), or remove it again.
#
#   install.sh [BUNDLE_DIR]     install (or update) from BUNDLE_DIR
#   install.sh --uninstall      remove everything this script installed
#
# BUNDLE_DIR defaults to the folder this script is in when that is a bundle (build_bundle.sh copies it
# into dist/catan-desktop/), else dist/catan-desktop of the checkout.
#
# Installs:
#   ~/.local/opt/catan-desktop/                         the bundle (replaced as a whole on update)
#   ~/.local/bin/catan-desktop                          a symlink to its executable
#   ~/.local/share/applications/catan-desktop.desktop   the menu entry, Exec/Icon as absolute paths
#   ~/.local/share/icons/hicolor/<N>x<N>/apps/catan-desktop.png   the icon in every size the game has
# (~/.local/share is $XDG_DATA_HOME when that is set.) Running it again updates in place; the player's
# settings and saves (~/.config/catan-desktop, ~/.local/share/catan-desktop) are never touched.
set -euo pipefail

APP="catan-desktop"
HOME_DIR="${HOME:?HOME is not set}"
DATA_HOME="${XDG_DATA_HOME:-$HOME_DIR/.local/share}"
OPT_DIR="$HOME_DIR/.local/opt/$APP"
BIN_LINK="$HOME_DIR/.local/bin/$APP"
DESKTOP_FILE="$DATA_HOME/applications/$APP.desktop"
ICON_ROOT="$DATA_HOME/icons/hicolor"
ICON_SIZES="16 32 48 64 128 256 512"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

say() { printf '%s\n' "$*"; }
sed_escape() { printf '%s' "$1" | sed -e 's/[\\|&]/\\&/g'; }

refresh_caches() {
    # best effort: desktops pick the entry and icons up without these too, only later
    if command -v update-desktop-database >/dev/null 2>&1; then
        update-desktop-database -q "$DATA_HOME/applications" 2>/dev/null || true
    fi
    if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$ICON_ROOT/index.theme" ]; then
        gtk-update-icon-cache -q -t -f "$ICON_ROOT" 2>/dev/null || true
    fi
}

uninstall() {
    local removed=0
    if [ -L "$BIN_LINK" ]; then
        case "$(readlink "$BIN_LINK")" in
            "$OPT_DIR"/*) rm -f "$BIN_LINK"; removed=1 ;;
            *) say "left $BIN_LINK alone: it does not point into $OPT_DIR" ;;
        esac
    fi
    if [ -f "$DESKTOP_FILE" ]; then rm -f "$DESKTOP_FILE"; removed=1; fi
    for size in $ICON_SIZES; do
        icon="$ICON_ROOT/${size}x${size}/apps/$APP.png"
        if [ -f "$icon" ]; then rm -f "$icon"; removed=1; fi
    done
    if [ -d "$OPT_DIR" ]; then rm -rf "${OPT_DIR:?}"; removed=1; fi
    refresh_caches
    if [ "$removed" = 1 ]; then say "Catan Desktop removed."; else say "Catan Desktop was not installed."; fi
    say "Your settings and saves were kept (~/.config/$APP, ~/.local/share/$APP)."
}

install() {
    local bundle="$1"
    bundle="$(cd "$bundle" 2>/dev/null && pwd)" || { say "no such folder: $1" >&2; exit 2; }
    if [ ! -x "$bundle/$APP" ] || [ ! -d "$bundle/_internal" ]; then
        say "$bundle is not a Catan Desktop bundle (no $APP executable and _internal/ folder);" >&2
        say "build one with packaging/build_bundle.sh" >&2
        exit 2
    fi
    local assets="$bundle/_internal/catan_desktop/assets"
    local template="$bundle/$APP.desktop"
    [ -f "$template" ] || template="$HERE/$APP.desktop"
    [ -f "$template" ] || { say "cannot find $APP.desktop next to $0 or in the bundle" >&2; exit 2; }

    # the bundle: copy next to the old one, then swap, so an interrupted update leaves a working copy
    mkdir -p "$(dirname "$OPT_DIR")"
    if [ "$bundle" != "$OPT_DIR" ]; then
        local staging="$OPT_DIR.new.$$"
        rm -rf "${staging:?}"
        cp -R "$bundle" "$staging"
        rm -rf "${OPT_DIR:?}.old"
        if [ -d "$OPT_DIR" ]; then mv "$OPT_DIR" "$OPT_DIR.old"; fi
        mv "$staging" "$OPT_DIR"
        rm -rf "${OPT_DIR:?}.old"
    fi

    mkdir -p "$(dirname "$BIN_LINK")"
    ln -sfn "$OPT_DIR/$APP" "$BIN_LINK"

    local installed=0 icon=""
    for size in $ICON_SIZES; do
        src="$assets/icon/app_${size}.png"
        [ -f "$src" ] || continue
        dest="$ICON_ROOT/${size}x${size}/apps"
        mkdir -p "$dest"
        cp -f "$src" "$dest/$APP.png"
        installed=$((installed + 1))
        if [ "$size" = 256 ] || [ -z "$icon" ]; then icon="$dest/$APP.png"; fi
    done

    mkdir -p "$(dirname "$DESKTOP_FILE")"
    sed -e "s|^Exec=.*|Exec=\"$(sed_escape "$OPT_DIR/$APP")\"|" \
        -e "s|^Icon=.*|Icon=$(sed_escape "${icon:-$APP}")|" \
        -e "s|^TryExec=.*||" \
        "$template" > "$DESKTOP_FILE.tmp"
    chmod 644 "$DESKTOP_FILE.tmp"
    mv -f "$DESKTOP_FILE.tmp" "$DESKTOP_FILE"
    refresh_caches

    say "Catan Desktop installed:"
    say "  program    $OPT_DIR"
    say "  command    $BIN_LINK"
    say "  menu entry $DESKTOP_FILE"
    say "  icons      $installed size(s) under $ICON_ROOT"
    case ":$PATH:" in
        *":$(dirname "$BIN_LINK"):"*) ;;
        *) say "Note: $(dirname "$BIN_LINK") is not on your PATH; the menu entry works regardless." ;;
    esac
    say "Check it with: $APP --self-test"
}

case "${1:-}" in
    --uninstall) uninstall ;;
    -h|--help) sed -n '2,17p' "$0" ;;
    -*) say "unknown option: $1 (try --help)" >&2; exit 2 ;;
    "")
        if [ -x "$HERE/$APP" ] && [ -d "$HERE/_internal" ]; then
            install "$HERE"
        else
            install "$HERE/../../dist/$APP"
        fi
        ;;
    *) install "$1" ;;
esac
