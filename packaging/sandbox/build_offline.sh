#!/usr/bin/env bash
# Build the sandbox image without a container registry: a minimal Debian bookworm root file system
# with python3 from Debian's own package archive (debootstrap), imported into the local engine.
#
#   bash packaging/sandbox/build_offline.sh IMAGE_REF
#
# Needs root (debootstrap), debootstrap and the docker CLI. The Debian mirror is the one apt already
# uses on this machine; PRISM_DEBIAN_MIRROR overrides it. The app's own code is not baked in: the
# backend mounts the installed package read-only at run time, so the image only carries python3.
set -euo pipefail

IMAGE_REF="${1:?usage: build_offline.sh IMAGE_REF (e.g. prism-desktop-sandbox:1)}"
SUITE="bookworm"

say() { echo "[build_offline] $*"; }
fail() { echo "[build_offline] error: $*" >&2; exit 1; }

[ "$(id -u)" -eq 0 ] || fail "debootstrap needs root; run this as root (or with sudo)"
command -v debootstrap >/dev/null || fail "debootstrap is not installed (apt-get install debootstrap)"
command -v docker >/dev/null || fail "the docker CLI is not installed (apt-get install docker.io)"

apt_mirror() {
    # First archive URI apt uses for the plain suite (deb822 .sources files, then one-line lists).
    local uri
    uri="$(awk '
        /^URIs:/ { uris = $2 }
        /^Suites:/ { for (i = 2; i <= NF; i++) if ($i == suite && uris != "") { print uris; exit } }
    ' suite="${SUITE}" /etc/apt/sources.list.d/*.sources 2>/dev/null || true)"
    if [ -z "${uri}" ]; then
        uri="$(awk '$1 == "deb" && $3 == suite { print $2; exit }' suite="${SUITE}" \
            /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null || true)"
    fi
    echo "${uri}"
}

MIRROR="${PRISM_DEBIAN_MIRROR:-$(apt_mirror)}"
[ -n "${MIRROR}" ] || fail "no Debian ${SUITE} mirror found in apt's sources; set PRISM_DEBIAN_MIRROR"

WORK="$(mktemp -d /tmp/prism-sandbox-rootfs.XXXXXX)"
trap 'rm -rf "${WORK}"' EXIT
ROOTFS="${WORK}/rootfs"

say "1/3 debootstrap --variant=minbase --include=python3 ${SUITE} (mirror ${MIRROR})"
debootstrap --variant=minbase --include=python3 "${SUITE}" "${ROOTFS}" "${MIRROR}" \
    >"${WORK}/debootstrap.log" 2>&1 || {
    tail -n 30 "${WORK}/debootstrap.log" >&2
    fail "debootstrap failed (log above)"
}

say "2/3 trimming caches and documentation"
rm -rf "${ROOTFS}"/var/cache/apt/* "${ROOTFS}"/var/lib/apt/lists/* \
    "${ROOTFS}"/usr/share/doc/* "${ROOTFS}"/usr/share/man/* "${ROOTFS}"/usr/share/info/*
chroot "${ROOTFS}" /usr/bin/python3 -c 'import sys; assert sys.version_info >= (3, 11)' ||
    fail "python3 (>= 3.11) does not run inside the new root file system"

say "3/3 docker import -> ${IMAGE_REF}"
tar -C "${ROOTFS}" -c . | docker import \
    --change 'ENV PYTHONDONTWRITEBYTECODE=1' \
    --change 'ENV LANG=C.UTF-8' \
    --change 'USER 65534:65534' \
    --change 'WORKDIR /tmp' \
    --change 'LABEL prism-desktop.sandbox-image=offline' \
    --change 'CMD ["python3"]' \
    - "${IMAGE_REF}" >/dev/null
say "done: ${IMAGE_REF}"
