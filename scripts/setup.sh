#!/usr/bin/env bash
# Creates .venv (Python >= 3.11) and installs PRISM Desktop into it. `--dev` adds the test tools.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
"$PYTHON" - <<'PY' || { echo "PRISM Desktop needs Python >= 3.11 (set PYTHON=/path/to/python3.11)" >&2; exit 2; }
import sys
sys.exit(0 if sys.version_info >= (3, 11) else 1)
PY

say() { echo "[setup] $*"; }

# A .venv left half-made (an interrupted first run: python but no pip) is made again.
if [ -x .venv/bin/python ] && ! .venv/bin/python -m pip --version >/dev/null 2>&1; then
  echo "the .venv here has no pip (an interrupted setup?): creating it again" >&2
  rm -rf .venv
fi
if [ ! -x .venv/bin/python ]; then
  say "1/3 creating .venv with $("$PYTHON" --version 2>&1)"
  "$PYTHON" -m venv .venv
fi
extras=""
[ "${1:-}" = "--dev" ] && extras="[dev]"

# pip's whole output goes to a log; the terminal gets what is being installed, step by step. Left out:
# setuptools' note on every editable install ("Please be careful with folders in your working
# directory…", true of any checkout) and pip's "Location … is ignored" for index folders a pip.conf
# names that do not exist. On a failure the log's end is shown.
PIP_LOG=.venv/setup-pip.log
pip_install() {
  local what=$1
  shift
  set +e
  .venv/bin/python -m pip install --progress-bar off "$@" 2>&1 | tee -a "$PIP_LOG" | awk -v what="$what" '
    /^Collecting / { sub(/^Collecting /, ""); sub(/ \(from .*/, ""); print "    " what " " $0; fflush(); next }
    /^Processing \// { name = $2; sub(/.*\//, "", name); sub(/-[0-9].*/, "", name); print "    " what " " name; fflush(); next }
    /^Building wheels for collected packages:/ { print "    building the editable install of PRISM Desktop"; fflush(); next }
    /^Installing collected packages:/ { n = split($0, names, ","); print "    unpacking " n " package(s) into .venv…"; fflush(); next }
    /^Successfully installed / { print "    installed " (NF - 2) " package(s)"; fflush(); next }
    /^WARNING: Location .* is ignored/ { next }
    /^(WARNING|ERROR|error):/ { print; fflush() }'
  local status=${PIPESTATUS[0]}
  set -e
  if [ "$status" -ne 0 ]; then
    echo "pip failed (exit $status); the end of its log ($PIP_LOG):" >&2
    tail -n 30 "$PIP_LOG" >&2
    exit "$status"
  fi
}

# Nothing to do when this .venv was set up from the same pyproject.toml and setup.py (and extras).
stamp=$({ cat pyproject.toml setup.py; echo "$extras"; } | { sha256sum 2>/dev/null || shasum -a 256; } | cut -d' ' -f1)
if [ -x .venv/bin/prism-desktop ] && [ "$(cat .venv/.setup-stamp 2>/dev/null)" = "$stamp" ]; then
  say "2/3 .venv is up to date (pyproject.toml unchanged since the last setup)"
else
  : >"$PIP_LOG"
  say "2/3 installing PRISM Desktop${extras:+ with the test tools} into .venv (the first time: ≈ 400 MB, PySide6 most of it; a minute or more)"
  pip_install "upgrading" --upgrade pip
  pip_install "collecting" -e ".${extras}"
  echo "$stamp" >.venv/.setup-stamp
fi

say "3/3 checking the system libraries of Qt's window on X11"
# Qt's xcb platform plugin (the window on an X11 desktop): ask the plugin itself which system
# libraries it cannot load (ldd of libqxcb.so) and install the Debian packages that hold them.
xcb_package() {
  case "$1" in
    libxcb.so.*) echo libxcb1 ;;
    libxcb-cursor.so.*) echo libxcb-cursor0 ;;
    libxcb-icccm.so.*) echo libxcb-icccm4 ;;
    libxcb-image.so.*) echo libxcb-image0 ;;
    libxcb-keysyms.so.*) echo libxcb-keysyms1 ;;
    libxcb-randr.so.*) echo libxcb-randr0 ;;
    libxcb-render-util.so.*) echo libxcb-render-util0 ;;
    libxcb-render.so.*) echo libxcb-render0 ;;
    libxcb-shape.so.*) echo libxcb-shape0 ;;
    libxcb-shm.so.*) echo libxcb-shm0 ;;
    libxcb-sync.so.*) echo libxcb-sync1 ;;
    libxcb-xfixes.so.*) echo libxcb-xfixes0 ;;
    libxcb-xinerama.so.*) echo libxcb-xinerama0 ;;
    libxcb-xkb.so.*) echo libxcb-xkb1 ;;
    libxcb-util.so.*) echo libxcb-util1 ;;
    libxcb-glx.so.*) echo libxcb-glx0 ;;
    libxkbcommon-x11.so.*) echo libxkbcommon-x11-0 ;;
    libxkbcommon.so.*) echo libxkbcommon0 ;;
    libX11-xcb.so.*) echo libx11-xcb1 ;;
    libX11.so.*) echo libx11-6 ;;
    libSM.so.*) echo libsm6 ;;
    libICE.so.*) echo libice6 ;;
    libEGL.so.*) echo libegl1 ;;
    libGL.so.*) echo libgl1 ;;
    libOpenGL.so.*) echo libopengl0 ;;
    libfontconfig.so.*) echo libfontconfig1 ;;
    libfreetype.so.*) echo libfreetype6 ;;
    libdbus-1.so.*) echo libdbus-1-3 ;;
    libglib-2.0.so.*) echo libglib2.0-0 ;;
    *) echo "" ;;
  esac
}

plugins=$(.venv/bin/python -c 'from PySide6.QtCore import QLibraryInfo as L; print(L.path(L.LibraryPath.PluginsPath))')
missing_libs=$(ldd "$plugins/platforms/libqxcb.so" 2>/dev/null | awk '/not found/ {print $1}' | sort -u || true)
if [ -n "$missing_libs" ]; then
  packages=""
  unknown=""
  for lib in $missing_libs; do
    package=$(xcb_package "$lib")
    if [ -n "$package" ]; then packages="$packages $package"; else unknown="$unknown $lib"; fi
  done
  packages="$packages fonts-dejavu-core"
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Qt's xcb plugin cannot load:" $missing_libs "- installing:$packages"
    apt-get update -qq >/dev/null
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $packages >/dev/null
  else
    echo "Qt's xcb plugin cannot load:" $missing_libs >&2
    echo "  the window needs them on an X11 desktop: sudo apt-get install$packages" >&2
  fi
  [ -z "$unknown" ] || echo "  no known Debian package for:$unknown (QT_DEBUG_PLUGINS=1 names them too)" >&2
fi
