#!/usr/bin/env bash
# Build the one-folder bundle dist/catan-desktop/ with PyInstaller, then check it:
#   1. a throw-away venv (packaging/.venv-build, git-ignored) gets PyInstaller and the game's runtime
#      dependencies from PyPI (the game itself is taken from this checkout, not installed);
#   2. PyInstaller builds from packaging/catan-desktop.spec (work files in build/pyinstaller);
#   3. the bundle runs its own --self-test off-screen (SDL dummy drivers);
#   4. prints the bundle's size and its start-up time (launch to first menu frame, bench/startup.py).
#
# Usage: packaging/build_bundle.sh [--clean] [--runs N]
#   --clean   recreate the build venv and PyInstaller's cache first
#   --runs N  start-up measurements (default 5; 0 skips)
# Environment: PYTHON (default python3, must be 3.11+), CATAN_BUNDLE_CJK_FONTS, CATAN_BUNDLE_STRIP (see spec).
# Exit status: 0 when the bundle was built and its self-test passed.
# Runs on Linux and macOS; on Windows use Git Bash (or the commands in packaging/README.md).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

PYINSTALLER_VERSION="6.22.3"
VENV="packaging/.venv-build"
DIST="dist"
WORK="build/pyinstaller"
CLEAN=0
RUNS=5
while [ $# -gt 0 ]; do
    case "$1" in
        --clean) CLEAN=1 ;;
        --runs) RUNS="$2"; shift ;;
        -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
    shift
done

PYTHON="${PYTHON:-python3}"
"$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
    || { echo "$PYTHON is older than 3.11; set PYTHON=/path/to/python3.11" >&2; exit 2; }

export PYGAME_HIDE_SUPPORT_PROMPT=1  # pygame's banner, printed when PyInstaller imports it
step() { printf '\n== %s\n' "$*"; }

# ------------------------------------------------------------------------------------- build venv
if [ "$CLEAN" = 1 ]; then
    rm -rf "$VENV" "$WORK"
fi
if [ ! -d "$VENV" ]; then
    step "creating the build venv $VENV"
    "$PYTHON" -m venv "$VENV"
fi
if [ -x "$VENV/bin/python" ]; then PY="$VENV/bin/python"; else PY="$VENV/Scripts/python.exe"; fi

step "installing PyInstaller $PYINSTALLER_VERSION and the game's dependencies"
# the runtime dependencies exactly as pyproject.toml lists them (tomllib: Python 3.11+)
mkdir -p "$WORK"
"$PY" -c 'import tomllib; print("\n".join(tomllib.load(open("pyproject.toml", "rb"))["project"]["dependencies"]))' \
    > "$WORK/requirements.txt"
"$PY" -m pip install -q --disable-pip-version-check "pyinstaller==$PYINSTALLER_VERSION" -r "$WORK/requirements.txt"
"$PY" - <<'EOF'
import importlib.util, sys
missing = [m for m in ("pygame", "pygame_gui", "yaml", "platformdirs") if importlib.util.find_spec(m) is None]
if missing:
    sys.exit(f"the build venv lacks {missing}: add them to [project] dependencies in pyproject.toml")
EOF

# ------------------------------------------------------------------------------------------ build
step "building $DIST/catan-desktop with PyInstaller"
rm -rf "$DIST/catan-desktop" "$DIST/Catan Desktop.app"
BUILD_START=$(date +%s)
"$PY" -m PyInstaller --noconfirm --log-level WARN --distpath "$DIST" --workpath "$WORK" \
    packaging/catan-desktop.spec
BUILD_SECONDS=$(( $(date +%s) - BUILD_START ))

BUNDLE="$DIST/catan-desktop/catan-desktop"
[ -x "$BUNDLE" ] || BUNDLE="$BUNDLE.exe"
[ -e "$BUNDLE" ] || { echo "no executable in $DIST/catan-desktop" >&2; exit 1; }

if [ "$(uname -s)" = Linux ]; then
    # the bundle folder is then all a player needs: ./install.sh puts it in the menu
    cp packaging/linux/install.sh packaging/linux/catan-desktop.desktop "$DIST/catan-desktop/"
    chmod +x "$DIST/catan-desktop/install.sh"
fi

# ------------------------------------------------------------------------------------- self-test
step "self-test inside the bundle"
SELF_TEST=passed
SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$BUNDLE" --self-test || SELF_TEST=FAILED

# ------------------------------------------------------------------------------- size, start-up
SIZE="$(du -sh "$DIST/catan-desktop" | cut -f1)"
STARTUP="not measured"
if [ "$RUNS" -gt 0 ]; then
    step "start-up time ($RUNS runs)"
    if OUT="$("$PY" bench/startup.py --bundle "$BUNDLE" --runs "$RUNS")"; then
        echo "$OUT"
        STARTUP="$(printf '%s\n' "$OUT" | tail -n 1)"
    else
        echo "$OUT"
        STARTUP="not measured (see above)"
    fi
fi

step "summary"
echo "bundle:     $ROOT/$DIST/catan-desktop ($SIZE)"
echo "build time: ${BUILD_SECONDS} s"
echo "self-test:  $SELF_TEST"
echo "start-up:   $STARTUP"
[ "$SELF_TEST" = passed ]
