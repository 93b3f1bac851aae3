#!/usr/bin/env bash
# Creates .venv (Python >= 3.11) and installs PRISM Desktop into it. `--dev` adds the test tools.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
"$PYTHON" - <<'PY' || { echo "PRISM Desktop needs Python >= 3.11 (set PYTHON=/path/to/python3.11)" >&2; exit 2; }
import sys
sys.exit(0 if sys.version_info >= (3, 11) else 1)
PY

# A .venv left half-made (an interrupted first run: python but no pip) is made again.
if [ -x .venv/bin/python ] && ! .venv/bin/python -m pip --version >/dev/null 2>&1; then
  echo "the .venv here has no pip (an interrupted setup?): creating it again" >&2
  rm -rf .venv
fi
[ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
extras=""
[ "${1:-}" = "--dev" ] && extras="[dev]"
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e ".${extras}"

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
