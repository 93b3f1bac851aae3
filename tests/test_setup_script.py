"""`scripts/setup.sh` on a fresh clone (issue 30.6): it says what it does, step by step and package by
package, without setuptools' editable-install alarm or pip's "Location … is ignored" noise; run again,
it finds the .venv up to date at once. CI's scripts/test.sh runs the same script (with --dev)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.checkout_copy import fresh_checkout

NOISE = ("Please be careful with folders", "BuildBackendWarning", "is ignored: it is neither")


def _setup(checkout: Path) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHON": sys.executable}
    environment.pop("PYTHONPATH", None)  # the fresh .venv, not this test's source tree
    return subprocess.run(
        ["bash", "scripts/setup.sh"], cwd=checkout, capture_output=True, text=True, env=environment,
        timeout=900, check=False,
    )  # fmt: skip


@pytest.mark.slow
def test_setup_shows_progress_and_no_alarming_noise(tmp_path: Path) -> None:
    checkout = fresh_checkout(tmp_path / "clone")
    first = _setup(checkout)
    shown = first.stdout + first.stderr
    assert first.returncode == 0, shown
    for step in ("[setup] 1/3 creating .venv", "[setup] 2/3 installing PRISM Desktop", "[setup] 3/3"):
        assert step in shown, shown
    assert "collecting pyside6-essentials" in shown and "collecting sqlalchemy" in shown
    assert "building the editable install of PRISM Desktop" in shown
    assert not [noise for noise in NOISE if noise in shown], shown
    assert (checkout / ".venv" / "bin" / "prism-desktop").exists()

    again = _setup(checkout)
    assert again.returncode == 0, again.stderr
    assert "[setup] 2/3 .venv is up to date" in again.stdout and "collecting" not in again.stdout
