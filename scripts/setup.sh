#!/usr/bin/env bash
# Creates .venv (Python >= 3.11) and installs PRISM Desktop into it. `--dev` adds the test tools.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
"$PYTHON" - <<'PY' || { echo "PRISM Desktop needs Python >= 3.11 (set PYTHON=/path/to/python3.11)" >&2; exit 2; }
import sys
sys.exit(0 if sys.version_info >= (3, 11) else 1)
PY

[ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
extras=""
[ "${1:-}" = "--dev" ] && extras="[dev]"
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e ".${extras}"

# Qt's xcb platform plugin needs a few system libraries on a bare Debian/Ubuntu machine.
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null && ! ldconfig -p | grep -q libxcb-cursor.so.0; then
  echo "Installing the system libraries Qt needs (xcb, EGL, fonts)..."
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libxcb-cursor0 libxkbcommon-x11-0 libegl1 \
    libgl1 libfontconfig1 libdbus-1-3 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-randr0 \
    libxcb-render-util0 libxcb-shape0 libxcb-xinerama0 libxcb-xkb1 fonts-dejavu-core >/dev/null
fi
