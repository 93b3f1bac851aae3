#!/usr/bin/env bash
# Build the sandbox image without a container registry: a minimal Debian bookworm root file system
# with python3 from Debian's own package archive (debootstrap), imported into the local engine.
#
#   bash packaging/sandbox/build_offline.sh IMAGE_REF
#
# Needs root (debootstrap), debootstrap and the docker CLI. The Debian mirror is the one apt already
# uses on this machine; PRISM_DEBIAN_MIRROR overrides it (packaging/debian-rootfs.sh). The app's own code is not baked in: the
# backend mounts the installed package read-only at run time, so the image only carries python3.
set -euo pipefail

IMAGE_REF="${1:?usage: build_offline.sh IMAGE_REF (e.g. prism-desktop-sandbox:1)}"
SUITE="bookworm"

say() { echo "[build_offline] $*"; }
fail() { echo "[build_offline] error: $*" >&2; exit 1; }

# shellcheck source=../debian-rootfs.sh
. "$(dirname "$0")/../debian-rootfs.sh"
require_offline_build_tools

WORK="$(mktemp -d /tmp/prism-sandbox-rootfs.XXXXXX)"
trap 'rm -rf "${WORK}"' EXIT
ROOTFS="${WORK}/rootfs"

say "1/2 a minimal root file system with python3"
debootstrap_rootfs "${SUITE}" python3 "${ROOTFS}"
chroot "${ROOTFS}" /usr/bin/python3 -c 'import sys; assert sys.version_info >= (3, 11)' ||
    fail "python3 (>= 3.11) does not run inside the new root file system"

say "2/2 docker import -> ${IMAGE_REF}"
tar -C "${ROOTFS}" -c . | docker import \
    --change 'ENV PYTHONDONTWRITEBYTECODE=1' \
    --change 'ENV LANG=C.UTF-8' \
    --change 'USER 65534:65534' \
    --change 'WORKDIR /tmp' \
    --change 'LABEL prism-desktop.sandbox-image=offline' \
    --change 'CMD ["python3"]' \
    - "${IMAGE_REF}" >/dev/null
say "done: ${IMAGE_REF}"
