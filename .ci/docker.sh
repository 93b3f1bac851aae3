#!/usr/bin/env bash
# A real Docker engine for CI and for developers' machines without one.
#
#   source .ci/docker.sh && prism_docker_start    # then: trap prism_docker_stop EXIT
#   bash .ci/docker.sh start|stop|status
#
# start: reuses a reachable engine; otherwise installs Debian's docker.io (and debootstrap) when dockerd
# is missing, starts `dockerd --iptables=false --bridge=none` with its output in a log file (never on
# CI's stdout), waits for the socket and builds the sandbox images offline when they are missing (the
# BSL image, then the Python, TypeScript and Go images of the code-task sandbox).
# stop: stops only a dockerd that start launched: prism_docker_stop (for a trap) the one this shell
# started, `bash .ci/docker.sh stop` the one in the pid file.
# Any failure returns non-zero: under CI a missing engine is a failure, never a skip.

PRISM_DOCKER_STATE_DIR="${PRISM_DOCKER_STATE_DIR:-/tmp/prism-docker}"
PRISM_DOCKER_PIDFILE="${PRISM_DOCKER_STATE_DIR}/dockerd.pid"
PRISM_DOCKER_LOG="${PRISM_DOCKER_STATE_DIR}/dockerd.log"
PRISM_DOCKER_SOCK="/var/run/docker.sock"
PRISM_DOCKER_REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

_prism_docker_say() { echo "[docker.sh] $*" >&2; }

_prism_docker_python() {
    if [ -x "${PRISM_DOCKER_REPO}/.venv/bin/python" ]; then
        echo "${PRISM_DOCKER_REPO}/.venv/bin/python"
    else
        command -v python3
    fi
}

_prism_docker_reachable() {
    # The API answers on the socket (the CLI may be absent or be another build: ask the socket).
    [ -S "${PRISM_DOCKER_SOCK}" ] || return 1
    "$(_prism_docker_python)" - "${PRISM_DOCKER_SOCK}" <<'EOF' >/dev/null 2>&1
import socket, sys
s = socket.socket(socket.AF_UNIX)
s.settimeout(3)
s.connect(sys.argv[1])
s.sendall(b"GET /_ping HTTP/1.0\r\nHost: docker\r\n\r\n")
sys.exit(0 if b" 200 " in s.recv(200) else 1)
EOF
}

_prism_docker_install() {
    _prism_docker_say "no dockerd: installing Debian's docker.io and debootstrap"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update >"${PRISM_DOCKER_STATE_DIR}/apt.log" 2>&1 &&
        apt-get install -y --no-install-recommends docker.io debootstrap \
            >>"${PRISM_DOCKER_STATE_DIR}/apt.log" 2>&1 || {
        _prism_docker_say "apt-get failed; see ${PRISM_DOCKER_STATE_DIR}/apt.log"
        tail -n 20 "${PRISM_DOCKER_STATE_DIR}/apt.log" >&2
        return 1
    }
}

_prism_docker_build_image() {
    local py
    py="$(_prism_docker_python)"
    if ! "${py}" -c "import prism_desktop" >/dev/null 2>&1; then
        _prism_docker_say "prism_desktop is not importable by ${py}: image not built"
        return 1
    fi
    if "${py}" -m prism_desktop.cli.main sandbox status --quiet; then
        return 0
    fi
    _prism_docker_say "sandbox image missing: building it offline"
    "${py}" -m prism_desktop.cli.main sandbox build --offline \
        >"${PRISM_DOCKER_STATE_DIR}/image-build.log" 2>&1 || {
        _prism_docker_say "image build failed; see ${PRISM_DOCKER_STATE_DIR}/image-build.log"
        tail -n 30 "${PRISM_DOCKER_STATE_DIR}/image-build.log" >&2
        return 1
    }
}

_prism_docker_build_code_images() {
    # The Python, TypeScript and Go images of the code-task sandbox, those not there yet.
    local py
    py="$(_prism_docker_python)"
    _prism_docker_say "building the missing code-task images (log: ${PRISM_DOCKER_STATE_DIR}/code-images.log)"
    "${py}" -m prism_desktop.cli.main sandbox build --code missing --offline \
        >"${PRISM_DOCKER_STATE_DIR}/code-images.log" 2>&1 || {
        _prism_docker_say "code image build failed; see ${PRISM_DOCKER_STATE_DIR}/code-images.log"
        tail -n 30 "${PRISM_DOCKER_STATE_DIR}/code-images.log" >&2
        return 1
    }
    grep '^built the' "${PRISM_DOCKER_STATE_DIR}/code-images.log" >&2 || true
}

prism_docker_start() {
    mkdir -p "${PRISM_DOCKER_STATE_DIR}"
    if _prism_docker_reachable; then
        _prism_docker_say "a Docker engine already answers on ${PRISM_DOCKER_SOCK}"
    else
        if ! command -v dockerd >/dev/null 2>&1 || ! command -v debootstrap >/dev/null 2>&1; then
            _prism_docker_install || return 1
        fi
        # a dockerd that was killed leaves its pid file behind, and a new one refuses to start
        if [ -f /var/run/docker.pid ] && ! kill -0 "$(cat /var/run/docker.pid)" 2>/dev/null; then
            rm -f /var/run/docker.pid
        fi
        _prism_docker_say "starting dockerd (log: ${PRISM_DOCKER_LOG})"
        # setsid: dockerd outlives neither a trap nor the caller's job control by accident.
        setsid dockerd --iptables=false --bridge=none >"${PRISM_DOCKER_LOG}" 2>&1 </dev/null &
        echo $! >"${PRISM_DOCKER_PIDFILE}"
        PRISM_DOCKER_STARTED=1
        local waited=0
        until _prism_docker_reachable; do
            if ! kill -0 "$(cat "${PRISM_DOCKER_PIDFILE}")" 2>/dev/null; then
                _prism_docker_say "dockerd exited; last lines of its log:"
                tail -n 20 "${PRISM_DOCKER_LOG}" >&2
                rm -f "${PRISM_DOCKER_PIDFILE}"
                return 1
            fi
            if [ "${waited}" -ge 60 ]; then
                _prism_docker_say "dockerd did not answer within 60 s; see ${PRISM_DOCKER_LOG}"
                return 1
            fi
            sleep 1
            waited=$((waited + 1))
        done
        _prism_docker_say "dockerd is up (pid $(cat "${PRISM_DOCKER_PIDFILE}")); stop it with:" \
            "prism_docker_stop (in this shell) or bash .ci/docker.sh stop"
    fi
    _prism_docker_build_image && _prism_docker_build_code_images
}

prism_docker_stop() {
    # Without arguments (a trap in the sourcing script): only a dockerd this shell started.
    # With --pidfile (`bash .ci/docker.sh stop`): the dockerd recorded in the pid file.
    if [ "${1:-}" != "--pidfile" ] && [ "${PRISM_DOCKER_STARTED:-0}" != "1" ]; then
        return 0
    fi
    [ -f "${PRISM_DOCKER_PIDFILE}" ] || return 0
    local pid waited=0
    pid="$(cat "${PRISM_DOCKER_PIDFILE}")"
    rm -f "${PRISM_DOCKER_PIDFILE}"
    PRISM_DOCKER_STARTED=0
    # a stale pid file must never make us signal an unrelated process
    if [ "$(cat "/proc/${pid}/comm" 2>/dev/null)" != "dockerd" ]; then
        return 0
    fi
    kill -TERM "${pid}"
    while kill -0 "${pid}" 2>/dev/null && [ "${waited}" -lt 30 ]; do
        sleep 1
        waited=$((waited + 1))
    done
    if kill -0 "${pid}" 2>/dev/null; then
        kill -KILL "${pid}"
    fi
    _prism_docker_say "dockerd (pid ${pid}) stopped"
}

prism_docker_status() {
    if _prism_docker_reachable; then
        echo "engine: reachable on ${PRISM_DOCKER_SOCK}"
    else
        echo "engine: not reachable"
    fi
    if [ -f "${PRISM_DOCKER_PIDFILE}" ]; then
        echo "dockerd started by this script: pid $(cat "${PRISM_DOCKER_PIDFILE}")"
    fi
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    case "${1:-start}" in
        start) prism_docker_start ;;
        stop) prism_docker_stop --pidfile ;;
        status) prism_docker_status ;;
        *)
            echo "usage: bash .ci/docker.sh start|stop|status" >&2
            exit 2
            ;;
    esac
fi
