#!/usr/bin/env bash
# Build one code-task sandbox image (Python, TypeScript or Go) without a container registry: a minimal
# Debian bookworm root file system with the language's toolchain from Debian's own archive
# (debootstrap), imported into the local engine. Every image also carries python3: the in-container
# runner is our own Python code, mounted read-only at run time.
#
#   bash packaging/code-sandbox/build_offline.sh python|typescript|go IMAGE_REF
#
# Needs root, debootstrap and the docker CLI. Downloaded packages are kept in PRISM_DEBOOTSTRAP_CACHE
# (default /var/cache/prism-debootstrap), so the three images share one download of the base system.
# The Debian mirror is the one apt uses here; PRISM_DEBIAN_MIRROR overrides it.
set -euo pipefail

LANGUAGE="${1:?usage: build_offline.sh python|typescript|go IMAGE_REF}"
IMAGE_REF="${2:?usage: build_offline.sh python|typescript|go IMAGE_REF}"
SUITE="bookworm"
CACHE="${PRISM_DEBOOTSTRAP_CACHE:-/var/cache/prism-debootstrap}"

say() { echo "[build_code_offline] $*"; }
fail() { echo "[build_code_offline] error: $*" >&2; exit 1; }

case "${LANGUAGE}" in
    python) PACKAGES="python3,python3-pytest" ;;
    typescript) PACKAGES="python3,nodejs,node-typescript" ;;
    go) PACKAGES="python3,golang-1.19-go,golang-go" ;;  # cgo stays off: no C toolchain
    *) fail "unknown language ${LANGUAGE}: expected python, typescript or go" ;;
esac

[ "$(id -u)" -eq 0 ] || fail "debootstrap needs root; run this as root (or with sudo)"
command -v debootstrap >/dev/null || fail "debootstrap is not installed (apt-get install debootstrap)"
command -v docker >/dev/null || fail "the docker CLI is not installed (apt-get install docker.io)"

apt_mirror() {
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

WORK="$(mktemp -d /tmp/prism-code-rootfs.XXXXXX)"
trap 'rm -rf "${WORK}"' EXIT
ROOTFS="${WORK}/rootfs"
mkdir -p "${CACHE}"

say "1/4 debootstrap --variant=minbase --include=${PACKAGES} ${SUITE} (mirror ${MIRROR})"
debootstrap --variant=minbase --cache-dir="${CACHE}" --include="${PACKAGES}" "${SUITE}" "${ROOTFS}" \
    "${MIRROR}" >"${WORK}/debootstrap.log" 2>&1 || {
    tail -n 30 "${WORK}/debootstrap.log" >&2
    fail "debootstrap failed (log above)"
}

say "2/4 trimming caches and documentation"
rm -rf "${ROOTFS}"/var/cache/apt/* "${ROOTFS}"/var/lib/apt/lists/* \
    "${ROOTFS}"/usr/share/doc/* "${ROOTFS}"/usr/share/man/* "${ROOTFS}"/usr/share/info/*

in_root() { chroot "${ROOTFS}" /usr/bin/env -i PATH=/usr/bin:/bin HOME=/tmp "$@"; }
if [ "${LANGUAGE}" = "go" ]; then
    # vet facts and test dependencies of common standard packages, compiled once into the image: each
    # run starts from a copy of this cache instead of analysing the standard library again
    say "warming the Go cache (/opt/prism-gocache)"
    cp -r "$(dirname "$0")/go-warmup" "${ROOTFS}/tmp/warmup"
    in_root sh -c 'cd /tmp/warmup && GOCACHE=/opt/prism-gocache GOFLAGS=-mod=mod go vet . &&
        GOCACHE=/opt/prism-gocache GOFLAGS=-mod=mod go test -c -o /dev/null .' || fail "the Go cache warm-up failed"
    rm -rf "${ROOTFS}/tmp/warmup"
    chmod -R a+rX "${ROOTFS}/opt/prism-gocache"
fi

say "3/4 recording the toolchain"
PY_VERSION="$(in_root python3 -c 'import platform; print(platform.python_version())')"
case "${LANGUAGE}" in
    python) TOOLCHAIN="python ${PY_VERSION}, pytest $(in_root python3 -c 'import pytest; print(pytest.__version__)')" ;;
    typescript) TOOLCHAIN="node $(in_root node --version | tr -d v), tsc $(in_root node /usr/share/nodejs/typescript/bin/tsc --version | awk '{print $2}')" ;;
    go) TOOLCHAIN="go $(in_root go env GOVERSION | sed 's/^go//')" ;;
esac
say "toolchain: ${TOOLCHAIN}"
echo "${TOOLCHAIN}" >"${ROOTFS}/etc/prism-toolchain"  # the runner reports it with every result

say "4/4 docker import -> ${IMAGE_REF}"
tar -C "${ROOTFS}" -c . | docker import \
    --change 'ENV PYTHONDONTWRITEBYTECODE=1' \
    --change 'ENV LANG=C.UTF-8' \
    --change 'WORKDIR /tmp' \
    --change "LABEL prism-desktop.sandbox-image=offline" \
    --change "LABEL prism-desktop.language=${LANGUAGE}" \
    --change "LABEL prism-desktop.toolchain=\"${TOOLCHAIN}\"" \
    --change 'CMD ["python3"]' \
    - "${IMAGE_REF}" >/dev/null
say "done: ${IMAGE_REF} (${TOOLCHAIN})"
