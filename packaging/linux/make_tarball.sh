#!/usr/bin/env bash
# Packs a PyInstaller onedir bundle with the desktop integration into
# prism-desktop-<version>-linux-<arch>.tar.gz, which install.sh (inside it) installs per user or
# system-wide. This stands in for an AppImage: appimagetool and the AppImage runtime are downloads
# from outside the package registries, which this project's machines cannot reach (docs/install.md).
# Usage: make_tarball.sh BUNDLE_DIR OUT_DIR
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bundle="$1"; out="$2"
version="$("${bundle}/prism-desktop" --version | awk '{print $NF}')"
name="prism-desktop-${version}-linux-$(uname -m)"
stage="$(mktemp -d)"; trap 'rm -rf "${stage}"' EXIT
mkdir -p "${stage}/${name}"
cp -a "${bundle}" "${stage}/${name}/app"
cp "${HERE}/io.github.prismdesktop.PrismDesktop.desktop" "${HERE}/io.github.prismdesktop.PrismDesktop.metainfo.xml" \
    "${HERE}/install.sh" "${stage}/${name}/"
cp -a "${HERE}/icons/hicolor" "${stage}/${name}/icons"
tar -C "${stage}" -czf "${out}/${name}.tar.gz" "${name}"
echo "${out}/${name}.tar.gz"
