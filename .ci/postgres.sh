#!/usr/bin/env bash
# A throw-away PostgreSQL server for the team-store tests, on CI and on developers' machines.
#
#   source .ci/postgres.sh && prism_postgres_start   # exports PRISM_TEST_PG_URL; trap prism_postgres_stop
#   bash .ci/postgres.sh start|stop|status
#
# start: installs Debian's `postgresql` when initdb is missing, creates a fresh cluster (owned by the
# `postgres` system user when run as root, trust authentication, listening on 127.0.0.1 only) on a
# port and socket folder of its own, starts it with its output in a log file (never on CI's stdout),
# waits until it answers and exports the SQLAlchemy URL of its database as PRISM_TEST_PG_URL.
# stop: stops only the server start launched and removes its cluster.
# Any failure returns non-zero: under CI a missing server is a failure, never a skip.

PRISM_PG_STATE_DIR="${PRISM_PG_STATE_DIR:-/tmp/prism-postgres}"
PRISM_PG_PORT="${PRISM_PG_PORT:-55432}"
PRISM_PG_DATA="${PRISM_PG_STATE_DIR}/data"
PRISM_PG_LOG="${PRISM_PG_STATE_DIR}/postgres.log"
PRISM_PG_PIDFILE="${PRISM_PG_STATE_DIR}/started"

_prism_pg_say() { echo "[postgres.sh] $*" >&2; }

_prism_pg_bindir() {
    # Debian keeps the server binaries out of PATH, under /usr/lib/postgresql/<major>/bin.
    if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
        dirname "$(readlink -f "$(command -v initdb)")"  # the real folder, where createdb is too
        return 0
    fi
    local dir
    dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
    [ -n "${dir}" ] && [ -x "${dir}/initdb" ] && echo "${dir}"
}

_prism_pg_install() {
    _prism_pg_say "no PostgreSQL server: installing Debian's postgresql"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update >"${PRISM_PG_STATE_DIR}/apt.log" 2>&1 &&
        apt-get install -y --no-install-recommends postgresql >>"${PRISM_PG_STATE_DIR}/apt.log" 2>&1 || {
        _prism_pg_say "apt-get failed; see ${PRISM_PG_STATE_DIR}/apt.log"
        tail -n 20 "${PRISM_PG_STATE_DIR}/apt.log" >&2
        return 1
    }
}

# Run a server binary as the cluster's owner: PostgreSQL refuses to run as root.
_prism_pg_as_owner() {
    if [ "$(id -u)" = 0 ]; then
        su postgres -s /bin/sh -c "$(printf '%q ' "$@")"
    else
        "$@"
    fi
}

prism_postgres_start() {
    mkdir -p "${PRISM_PG_STATE_DIR}"
    local bindir
    bindir="$(_prism_pg_bindir)"
    if [ -z "${bindir}" ]; then
        _prism_pg_install || return 1
        bindir="$(_prism_pg_bindir)"
        [ -n "${bindir}" ] || { _prism_pg_say "initdb still not found after installing"; return 1; }
    fi
    if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then
        useradd --system --home-dir "${PRISM_PG_STATE_DIR}" --shell /bin/sh postgres || return 1
    fi
    # A cluster left by a killed run: stop it if it still runs, then start from scratch.
    if [ -f "${PRISM_PG_DATA}/postmaster.pid" ]; then
        _prism_pg_as_owner "${bindir}/pg_ctl" -D "${PRISM_PG_DATA}" -m immediate stop >/dev/null 2>&1 || true
    fi
    rm -rf "${PRISM_PG_DATA}"
    mkdir -p "${PRISM_PG_DATA}"
    : >"${PRISM_PG_LOG}"
    # the server appends to the log itself, as the cluster's owner
    [ "$(id -u)" = 0 ] && chown -R postgres "${PRISM_PG_DATA}" "${PRISM_PG_LOG}"
    [ "$(id -u)" = 0 ] && chown postgres "${PRISM_PG_STATE_DIR}"
    _prism_pg_say "creating a throw-away cluster in ${PRISM_PG_DATA} (log: ${PRISM_PG_LOG})"
    _prism_pg_as_owner "${bindir}/initdb" -D "${PRISM_PG_DATA}" -U postgres --auth=trust -E UTF8 \
        --locale=C.UTF-8 >>"${PRISM_PG_LOG}" 2>&1 || {
        _prism_pg_say "initdb failed; last lines of ${PRISM_PG_LOG}:"
        tail -n 20 "${PRISM_PG_LOG}" >&2
        return 1
    }
    _prism_pg_as_owner "${bindir}/pg_ctl" -D "${PRISM_PG_DATA}" -l "${PRISM_PG_LOG}" -w -t 60 \
        -o "-p ${PRISM_PG_PORT} -k ${PRISM_PG_STATE_DIR} -c listen_addresses=127.0.0.1 -c fsync=off" \
        start >>"${PRISM_PG_LOG}" 2>&1 || {
        _prism_pg_say "the server did not start; last lines of ${PRISM_PG_LOG}:"
        tail -n 20 "${PRISM_PG_LOG}" >&2
        return 1
    }
    echo "${bindir}" >"${PRISM_PG_PIDFILE}"
    PRISM_PG_STARTED=1
    _prism_pg_as_owner "${bindir}/createdb" -h "${PRISM_PG_STATE_DIR}" -p "${PRISM_PG_PORT}" -U postgres \
        prism_test >>"${PRISM_PG_LOG}" 2>&1 || {
        _prism_pg_say "createdb failed; see ${PRISM_PG_LOG}"
        return 1
    }
    export PRISM_TEST_PG_URL="postgresql+psycopg://postgres@127.0.0.1:${PRISM_PG_PORT}/prism_test"
    _prism_pg_say "PostgreSQL is up on 127.0.0.1:${PRISM_PG_PORT}; PRISM_TEST_PG_URL=${PRISM_TEST_PG_URL}"
}

prism_postgres_stop() {
    # Without arguments (a trap in the sourcing script): only a server this shell started.
    if [ "${1:-}" != "--statefile" ] && [ "${PRISM_PG_STARTED:-0}" != "1" ]; then
        return 0
    fi
    [ -f "${PRISM_PG_PIDFILE}" ] || return 0
    local bindir
    bindir="$(cat "${PRISM_PG_PIDFILE}")"
    rm -f "${PRISM_PG_PIDFILE}"
    PRISM_PG_STARTED=0
    _prism_pg_as_owner "${bindir}/pg_ctl" -D "${PRISM_PG_DATA}" -m fast -w stop >>"${PRISM_PG_LOG}" 2>&1 || true
    rm -rf "${PRISM_PG_DATA}"
    _prism_pg_say "PostgreSQL on port ${PRISM_PG_PORT} stopped and its cluster removed"
}

prism_postgres_status() {
    if [ -f "${PRISM_PG_PIDFILE}" ] && [ -f "${PRISM_PG_DATA}/postmaster.pid" ]; then
        echo "server started by this script: postgresql+psycopg://postgres@127.0.0.1:${PRISM_PG_PORT}/prism_test"
    else
        echo "no server started by this script"
    fi
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    case "${1:-start}" in
        start) prism_postgres_start && echo "export PRISM_TEST_PG_URL=${PRISM_TEST_PG_URL}" ;;
        stop) prism_postgres_stop --statefile ;;
        status) prism_postgres_status ;;
        *)
            echo "usage: bash .ci/postgres.sh start|stop|status" >&2
            exit 2
            ;;
    esac
fi
