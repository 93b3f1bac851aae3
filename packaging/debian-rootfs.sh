# Shared by the offline image builders (packaging/sandbox/build_offline.sh and
# packaging/code-sandbox/build_offline.sh): checks, the Debian mirror, debootstrap and trimming.
# Sourced, not run; the caller defines say() and fail() and has `set -euo pipefail`.

require_offline_build_tools() {
    [ "$(id -u)" -eq 0 ] || fail "debootstrap needs root; run this as root (or with sudo)"
    command -v debootstrap >/dev/null || fail "debootstrap is not installed (apt-get install debootstrap)"
    command -v docker >/dev/null || fail "the docker CLI is not installed (apt-get install docker.io)"
}

# The Debian archive apt uses on this machine: the URI listing SUITE, else the one listing a plain
# release (no -security/-updates suffix), which serves every suite (deb822 .sources, then one-line lists).
# PRISM_DEBIAN_MIRROR overrides it.
debian_mirror() {
    local suite="$1" uri
    if [ -n "${PRISM_DEBIAN_MIRROR:-}" ]; then
        echo "${PRISM_DEBIAN_MIRROR}"
        return
    fi
    uri="$(awk '
        /^URIs:/ { uris = $2 }
        /^Suites:/ { for (i = 2; i <= NF; i++) {
            if ($i == suite && uris != "") { print uris; exit }
            if ($i !~ /-/ && uris != "" && plain == "") plain = uris } }
        END { if (plain != "") print plain }
    ' suite="${suite}" /etc/apt/sources.list.d/*.sources 2>/dev/null | head -n 1 || true)"
    if [ -z "${uri}" ]; then
        uri="$(awk '$1 == "deb" && $2 ~ /debian/ && ($3 == suite || $3 !~ /-/) { print $2; exit }' \
            suite="${suite}" /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null || true)"
    fi
    [ -n "${uri}" ] || fail "no Debian mirror found in apt's sources; set PRISM_DEBIAN_MIRROR"
    echo "${uri}"
}

# debootstrap SUITE with PACKAGES (comma-separated) into ROOTFS, then drop apt's caches and the docs.
# PRISM_DEBOOTSTRAP_CACHE, when set, keeps the downloaded packages for the next build.
debootstrap_rootfs() {
    local suite="$1" packages="$2" rootfs="$3" mirror log cache=()
    mirror="$(debian_mirror "${suite}")"
    log="$(dirname "${rootfs}")/debootstrap.log"
    if [ -n "${PRISM_DEBOOTSTRAP_CACHE:-}" ]; then
        mkdir -p "${PRISM_DEBOOTSTRAP_CACHE}/${suite}"
        cache=(--cache-dir="${PRISM_DEBOOTSTRAP_CACHE}/${suite}")
    fi
    say "debootstrap --variant=minbase --include=${packages} ${suite} (mirror ${mirror})"
    debootstrap --variant=minbase "${cache[@]}" --include="${packages}" "${suite}" "${rootfs}" "${mirror}" \
        >"${log}" 2>&1 || {
        tail -n 30 "${log}" >&2
        fail "debootstrap failed (log above)"
    }
    say "trimming caches and documentation"
    rm -rf "${rootfs}"/var/cache/apt/* "${rootfs}"/var/lib/apt/lists/* \
        "${rootfs}"/usr/share/doc/* "${rootfs}"/usr/share/man/* "${rootfs}"/usr/share/info/*
}
