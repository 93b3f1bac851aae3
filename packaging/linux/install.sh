#!/usr/bin/env bash
# Installs PRISM Desktop from this unpacked tarball: the program under PREFIX/lib/prism-desktop, the
# command PREFIX/bin/prism-desktop, the menu entry, the AppStream metainfo and the icons.
# Per user by default (PREFIX=~/.local); `sudo ./install.sh --system` installs into /usr/local.
# `./install.sh --uninstall [--system]` removes what it installed.
# A system install copies without the unpacking user's ownership: every file it writes is root's and
# writable by root alone; directories that already exist (the icon theme's, /usr/local/bin …) are never
# re-owned or re-moded, only the missing ones are made (root's, 0755).
set -euo pipefail
umask 022  # whatever sudo passed on: what we write is writable by its owner only
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
if [ "${PREFIX}" = /usr/local ]; then
    if [ "$(id -u)" != 0 ]; then
        echo "install.sh: --system installs for every user into /usr/local: run it as root" \
            "(sudo ./install.sh --system), or without --system to install for yourself in ~/.local" >&2
        exit 1
    fi
fi
if [ "${action}" = uninstall ]; then
    rm -rf "${PREFIX}/lib/prism-desktop" "${PREFIX}/bin/prism-desktop" \
        "${share}/applications/${APP_ID}.desktop" "${share}/metainfo/${APP_ID}.metainfo.xml"
    find "${share}/icons/hicolor" -name "${APP_ID}.*" -delete 2>/dev/null || true
    echo "PRISM Desktop removed from ${PREFIX}"
    exit 0
fi
mkdir -p "${PREFIX}/lib" "${PREFIX}/bin" "${share}/applications" "${share}/metainfo" "${share}/icons"
rm -rf "${PREFIX}/lib/prism-desktop"
# Never cp -a here: it would keep the unpacking user's ownership (and, onto existing folders, impose
# it). cp -R and install make new files that belong to whoever runs this, with the umask's modes.
cp -R "${HERE}/app" "${PREFIX}/lib/prism-desktop"
ln -sfn "${PREFIX}/lib/prism-desktop/prism-desktop" "${PREFIX}/bin/prism-desktop"
desktop="$(mktemp)"; trap 'rm -f "${desktop}"' EXIT
sed "s|^Exec=.*|Exec=${PREFIX}/bin/prism-desktop|" "${HERE}/${APP_ID}.desktop" > "${desktop}"
install -D -m 0644 "${desktop}" "${share}/applications/${APP_ID}.desktop"
install -D -m 0644 "${HERE}/${APP_ID}.metainfo.xml" "${share}/metainfo/${APP_ID}.metainfo.xml"
# Icons file by file (install -D makes only the missing folders): the theme's folders may exist
# already and keep their owner and mode.
(cd "${HERE}/icons" && find . -type f -name "${APP_ID}.*") | while IFS= read -r icon; do
    install -D -m 0644 "${HERE}/icons/${icon}" "${share}/icons/hicolor/${icon#./}"
done
command -v update-desktop-database >/dev/null && update-desktop-database -q "${share}/applications" || true
command -v gtk-update-icon-cache >/dev/null && gtk-update-icon-cache -q -t "${share}/icons/hicolor" || true
echo "PRISM Desktop installed in ${PREFIX} (run: prism-desktop)"
