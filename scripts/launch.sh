#!/usr/bin/env bash
# Sets up and launches PRISM Desktop on the bundled workspace with the embedded SQLite store.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/prism-desktop --workspace "$PWD" "$@"
