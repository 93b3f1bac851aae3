#!/usr/bin/env bash
# Sets up from scratch and runs every check CI runs: ruff, the import-layer contracts, mypy and pytest
# (GUI tests offscreen, sandbox tests against a real Docker engine that this script starts if needed).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --dev

# A real Docker engine for the sandbox tests; .ci/docker.sh installs/starts one when absent and
# leaves a pid file so we can stop what we started.
if [ -f .ci/docker.sh ]; then
  # shellcheck source=/dev/null
  source .ci/docker.sh
  trap 'prism_docker_stop; prism_postgres_stop 2>/dev/null || true' EXIT
  if ! prism_docker_start; then
    # Under CI a missing engine fails the run; on a developer's machine the Docker tests skip.
    [ "${CI:-}" = "true" ] && { echo "CI=true: a Docker engine is required" >&2; exit 1; }
    echo "no Docker engine: the sandbox tests that need one will be skipped" >&2
  fi
fi

# A throw-away PostgreSQL server for the team-store tests (exports PRISM_TEST_PG_URL); see .ci/postgres.sh.
if [ -f .ci/postgres.sh ]; then
  # shellcheck source=/dev/null
  source .ci/postgres.sh
  trap 'prism_docker_stop 2>/dev/null || true; prism_postgres_stop' EXIT
  if ! prism_postgres_start; then
    [ "${CI:-}" = "true" ] && { echo "CI=true: a PostgreSQL server is required" >&2; exit 1; }
    echo "no PostgreSQL server: the team-store tests that need one will be skipped" >&2
  fi
fi

# Xvfb: the window is also tested on Qt's real xcb platform (tests/gui/test_xcb_platform.py).
if ! command -v Xvfb >/dev/null && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq xvfb >/dev/null 2>&1 || echo "xvfb: not installed" >&2
fi

echo "== ruff"
.venv/bin/ruff check prism_desktop tests bench
echo "== import-linter"
.venv/bin/lint-imports
echo "== mypy"
.venv/bin/mypy prism_desktop
echo "== pytest"
export QT_QPA_PLATFORM=offscreen
set +e
.venv/bin/python -m pytest -q -p no:cacheprovider "$@"
status=$?
set -e
# pytest exit 5 means no tests were collected: that is a failure of this script, not a pass.
if [ "$status" -eq 5 ]; then
  echo "pytest collected no tests" >&2
  exit 1
fi
[ "$status" -eq 0 ] || exit "$status"

# The slow tier: the wheel and the PyInstaller bundle, installed and run as a user gets them
# (PRISM_SKIP_PACKAGE=1 leaves it out of a quick local loop; CI always runs it).
if [ "${PRISM_SKIP_PACKAGE:-}" != "1" ] || [ "${CI:-}" = "true" ]; then
  echo "== packages"
  bash .ci/package.sh
fi
