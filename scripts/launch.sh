#!/usr/bin/env bash
# Sets up and launches PRISM Desktop on the bundled workspace with the embedded SQLite store. When a
# Docker engine answers but the sandbox image is missing, it builds the image first (once), so that
# Level 1 runs isolated from the start instead of "local — NOT isolated".
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
echo "[launch] checking the Docker sandbox"
if ! .venv/bin/prism-desktop sandbox status --quiet >/dev/null 2>&1 \
  && .venv/bin/python -c 'import docker; docker.from_env().ping()' >/dev/null 2>&1; then
  echo "[launch] building the sandbox image for isolated Level 1 (once; about a minute)..."
  .venv/bin/prism-desktop sandbox build \
    || echo "The sandbox image could not be built; Level 1 will run NOT isolated. See: .venv/bin/prism-desktop sandbox doctor" >&2
fi
echo "[launch] opening PRISM Desktop on the bundled workspace ($PWD)"
exec .venv/bin/prism-desktop --workspace "$PWD" "$@"
