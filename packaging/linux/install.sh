#!/usr/bin/env bash
# Installs PRISM Desktop from this unpacked tarball: the program under PREFIX/lib/prism-desktop, the
# command PREFIX/bin/prism-desktop, the menu entry, the AppStream metainfo and the icons.
# Per user by default (PREFIX=~/.local); `sudo ./install.sh --system` installs into /usr/local.
# `./install.sh --uninstall [--system]` removes what it installed.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
APP_ID="io.github.prismdesktop.PrismDesktop"
PREFIX="${HOME}/.local"
action=install
for arg in "$@"; do
    case "${arg}" in
        --system) PREFIX=/usr/local ;;
        --uninstall) action=uninstall ;;
        *) echo "usage: install.sh [--system] [--uninstall]" >&2; exit 2 ;;
    esac
done
share="${PREFIX}/share"
if [ "${action}" = uninstall ]; then
    rm -rf "${PREFIX}/lib/prism-desktop" "${PREFIX}/bin/prism-desktop" \
        "${share}/applications/${APP_ID}.desktop" "${share}/metainfo/${APP_ID}.metainfo.xml"
    find "${share}/icons/hicolor" -name "${APP_ID}.*" -delete 2>/dev/null || true
    echo "PRISM Desktop removed from ${PREFIX}"
    exit 0
fi
mkdir -p "${PREFIX}/lib" "${PREFIX}/bin" "${share}/applications" "${share}/metainfo" "${share}/icons"
rm -rf "${PREFIX}/lib/prism-desktop"
cp -a "${HERE}/app" "${PREFIX}/lib/prism-desktop"
ln -sf "${PREFIX}/lib/prism-desktop/prism-desktop" "${PREFIX}/bin/prism-desktop"
sed "s|^Exec=.*|Exec=${PREFIX}/bin/prism-desktop|" "${HERE}/${APP_ID}.desktop" > "${share}/applications/${APP_ID}.desktop"
cp "${HERE}/${APP_ID}.metainfo.xml" "${share}/metainfo/"
cp -a "${HERE}/icons/." "${share}/icons/hicolor/"
command -v update-desktop-database >/dev/null && update-desktop-database -q "${share}/applications" || true
command -v gtk-update-icon-cache >/dev/null && gtk-update-icon-cache -q -t "${share}/icons/hicolor" || true
echo "PRISM Desktop installed in ${PREFIX} (run: prism-desktop)"
