#!/usr/bin/env bash
# The install as a user gets it, checked from outside the source tree (the slow tier of CI):
#   1. build the wheel; install it into a fresh venv in a temp folder; from there run
#      `prism-desktop check --no-run`, `bsl run` and `gui --screenshot` (offscreen);
#   2. build the PyInstaller onedir bundle from that venv; run its `--help` and `gui --screenshot`;
#   3. pack the Linux tarball (bundle + .desktop + metainfo + icons + install script).
# Prints the sizes (docs/install.md quotes them). Usage: bash .ci/package.sh [OUT_DIR]
set -euo pipefail
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="${1:-${REPO}/.ci/out/package}"
WORK="$(mktemp -d /tmp/prism-package.XXXXXX)"
trap 'rm -rf "${WORK}"' EXIT
PYTHON="${PYTHON:-python3}"
mkdir -p "${OUT}"
say() { echo "[package.sh] $*" >&2; }
started=$(date +%s)

say "wheel"
builder="${REPO}/.venv/bin/python"; [ -x "${builder}" ] || builder="${PYTHON}"
rm -f "${OUT}"/prism_desktop-*.whl
"${builder}" -m pip wheel --quiet --no-deps --wheel-dir "${OUT}" "${REPO}"
wheel="$(ls -t "${OUT}"/prism_desktop-*.whl | head -n 1)"

say "fresh venv outside the source tree: ${WORK}/venv"
"${PYTHON}" -m venv "${WORK}/venv"
"${WORK}/venv/bin/python" -m pip install --quiet --upgrade pip
"${WORK}/venv/bin/python" -m pip install --quiet "${wheel}"
cd "${WORK}"  # nothing of the checkout on the path from here on
export QT_QPA_PLATFORM=offscreen PRISM_DESKTOP_DB="sqlite:///${WORK}/store.db" PRISM_DESKTOP_LOG_DIR="${WORK}/logs"
app="${WORK}/venv/bin/prism-desktop"
"${app}" --version
"${app}" check --no-run
printf 'Сообщить("Привет из колеса: " + Строка(2 + 2));\n' > hello.bsl
"${app}" bsl run hello.bsl | grep -q "Привет из колеса: 4"
"${app}" gui --screenshot "${WORK}/wheel.png"
test -s "${WORK}/wheel.png"
"${app}" sandbox status || true  # informative: which engine and image this install sees

say "PyInstaller onedir bundle"
"${WORK}/venv/bin/python" -m pip install --quiet "pyinstaller>=6.10"
"${WORK}/venv/bin/pyinstaller" --noconfirm --log-level WARN --distpath "${WORK}/dist" \
    --workpath "${WORK}/build" "${REPO}/packaging/pyinstaller/prism-desktop.spec"
bundle="${WORK}/dist/prism-desktop"
"${bundle}/prism-desktop" --help | grep -q "prism-desktop"
"${bundle}/prism-desktop" bsl run hello.bsl | grep -q "Привет из колеса: 4"
"${bundle}/prism-desktop" check --no-run
"${bundle}/prism-desktop" gui --screenshot "${WORK}/bundle.png"
test -s "${WORK}/bundle.png"

say "desktop integration files"
if ! command -v desktop-file-validate >/dev/null || ! command -v appstreamcli >/dev/null; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq desktop-file-utils appstream >"${WORK}/apt.log" 2>&1 ||
        { apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq desktop-file-utils appstream >"${WORK}/apt.log" 2>&1; }
fi
desktop-file-validate "${REPO}/packaging/linux/io.github.prismdesktop.PrismDesktop.desktop"
appstreamcli validate --no-net "${REPO}/packaging/linux/io.github.prismdesktop.PrismDesktop.metainfo.xml"

say "Linux tarball"
bash "${REPO}/packaging/linux/make_tarball.sh" "${bundle}" "${OUT}"

cp "${WORK}/wheel.png" "${WORK}/bundle.png" "${OUT}/"
say "sizes: wheel $(du -h "${wheel}" | cut -f1), bundle $(du -sh "${bundle}" | cut -f1)," \
    "tarball $(du -h "${OUT}"/prism-desktop-*-linux-*.tar.gz | cut -f1); $(( $(date +%s) - started )) s"
