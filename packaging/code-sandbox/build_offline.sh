#!/usr/bin/env bash
# Build one code-task sandbox image (Python, TypeScript or Go) without a container registry: a minimal
# Debian trixie root file system with the language's toolchain from Debian's own archive (debootstrap),
# imported into the local engine. Every image also carries python3: the in-container runner is our own
# Python code, mounted read-only at run time. The Python image adds ruff, which Debian does not package,
# from its PyPI wheel (a single static binary, version pinned below) for the library tasks' lint gate.
#
#   bash packaging/code-sandbox/build_offline.sh python|typescript|go IMAGE_REF
#
# Needs root, debootstrap and the docker CLI (and, for ruff, a python3 with pip that reaches PyPI; without
# it the image is built without ruff and the gate reports ruff as not measured). Downloaded packages are
# kept in PRISM_DEBOOTSTRAP_CACHE (default /var/cache/prism-debootstrap), so the three images share one
# download of the base system. The Debian mirror is the one apt uses here; PRISM_DEBIAN_MIRROR overrides it.
set -euo pipefail

LANGUAGE="${1:?usage: build_offline.sh python|typescript|go IMAGE_REF}"
IMAGE_REF="${2:?usage: build_offline.sh python|typescript|go IMAGE_REF}"
SUITE="trixie"  # Python 3.13, Node.js 20, Go 1.24: the Debian release nearest the seed's 3.12 / 22 / 1.23
RUFF_VERSION="0.17.6"
export PRISM_DEBOOTSTRAP_CACHE="${PRISM_DEBOOTSTRAP_CACHE:-/var/cache/prism-debootstrap}"

say() { echo "[build_code_offline] $*"; }
fail() { echo "[build_code_offline] error: $*" >&2; exit 1; }

case "${LANGUAGE}" in
    python) PACKAGES="python3,python3-pytest,python3-mypy" ;;
    typescript) PACKAGES="python3,nodejs,node-typescript" ;;
    go) PACKAGES="python3,golang-1.24-go,golang-go" ;;  # cgo stays off: no C toolchain
    *) fail "unknown language ${LANGUAGE}: expected python, typescript or go" ;;
esac

# shellcheck source=../debian-rootfs.sh
. "$(dirname "$0")/../debian-rootfs.sh"
require_offline_build_tools

WORK="$(mktemp -d /tmp/prism-code-rootfs.XXXXXX)"
trap 'rm -rf "${WORK}"' EXIT
ROOTFS="${WORK}/rootfs"

say "1/4 a minimal ${SUITE} root file system with ${PACKAGES}"
debootstrap_rootfs "${SUITE}" "${PACKAGES}" "${ROOTFS}"

# no /proc in the chroot: go cannot find its own GOROOT there, so it is named
in_root() {
    chroot "${ROOTFS}" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/tmp GOTELEMETRY=off \
        GOROOT=/usr/lib/go-1.24 "$@"
}

add_ruff() {
    # The wheel's scripts/ruff is the whole tool; pip only downloads (no install, no code of the wheel runs).
    local wheel_dir="${WORK}/ruff"
    if ! python3 -m pip download --quiet --only-binary=:all: --no-deps --implementation py \
        --platform "manylinux_2_17_$(uname -m)" --dest "${wheel_dir}" "ruff==${RUFF_VERSION}" >&2; then
        say "warning: ruff ${RUFF_VERSION} could not be downloaded from PyPI; the image has no ruff"
        return 0
    fi
    python3 - "${wheel_dir}"/ruff-*.whl "${ROOTFS}/usr/local/bin/ruff" <<'PY'
import shutil, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel:
    member = next(n for n in wheel.namelist() if n.endswith(".data/scripts/ruff"))
    with wheel.open(member) as source, open(sys.argv[2], "wb") as target:
        shutil.copyfileobj(source, target)
PY
    chmod 755 "${ROOTFS}/usr/local/bin/ruff"
}

if [ "${LANGUAGE}" = "python" ]; then
    say "2/4 ruff ${RUFF_VERSION} from its PyPI wheel"
    add_ruff
elif [ "${LANGUAGE}" = "go" ]; then
    # vet facts and the compiled standard packages Go tasks commonly use, built once into the image:
    # each run starts from a copy of this cache instead of compiling the standard library again
    say "2/4 warming the Go cache (/opt/prism-gocache)"
    cp -r "$(dirname "$0")/go-warmup" "${ROOTFS}/tmp/warmup"
    in_root sh -c 'cd /tmp/warmup && GOCACHE=/opt/prism-gocache GOFLAGS=-mod=mod go vet . &&
        GOCACHE=/opt/prism-gocache GOFLAGS=-mod=mod go test -c -o /dev/null .' || fail "the Go cache warm-up failed"
    rm -rf "${ROOTFS}/tmp/warmup"
    chmod -R a+rX "${ROOTFS}/opt/prism-gocache"
else
    say "2/4 nothing to add"
fi

say "3/4 recording the toolchain"
PY_VERSION="$(in_root python3 -c 'import platform; print(platform.python_version())')"
case "${LANGUAGE}" in
    python)
        TOOLCHAIN="python ${PY_VERSION}, pytest $(in_root python3 -c 'import pytest; print(pytest.__version__)')"
        TOOLCHAIN="${TOOLCHAIN}, mypy $(in_root python3 -m mypy --version | awk '{print $2}')"
        if [ -x "${ROOTFS}/usr/local/bin/ruff" ]; then
            TOOLCHAIN="${TOOLCHAIN}, ruff $(in_root ruff --version | awk '{print $2}')"
        fi ;;
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
