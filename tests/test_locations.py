"""Where the shipped workspace is found: the checkout's root, or the data folder an install puts beside
the package — never the package folder itself, which every sandbox mounts."""

from __future__ import annotations

from pathlib import Path

import pytest

from prism_desktop import locations

REPO = Path(__file__).resolve().parents[1]


def test_a_checkout_ships_its_own_root() -> None:
    assert locations.shipped_root() == REPO
    assert locations.shipped_path("packaging", "sandbox") == REPO / "packaging" / "sandbox"
    assert locations.shipped_path("no-such-folder") is None


def test_an_install_ships_the_data_folder_beside_the_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    site = tmp_path / "site-packages"
    (site / "prism_desktop").mkdir(parents=True)
    for name in ("tasks", "metrics", "packaging/sandbox"):
        (site / locations.DATA_FOLDER / name).mkdir(parents=True)
    monkeypatch.setattr(locations, "package_dir", lambda: site / "prism_desktop")
    assert locations.shipped_root() == site / locations.DATA_FOLDER
    assert (
        locations.shipped_path("packaging", "sandbox")
        == site / locations.DATA_FOLDER / "packaging" / "sandbox"
    )


def test_nothing_shipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "prism_desktop").mkdir()
    monkeypatch.setattr(locations, "package_dir", lambda: tmp_path / "prism_desktop")
    assert locations.shipped_root() is None


def test_log_folder_can_be_moved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(locations.LOG_DIR_ENV_VAR, str(tmp_path))
    assert locations.log_dir() == tmp_path
    monkeypatch.delenv(locations.LOG_DIR_ENV_VAR)
    assert locations.log_dir().name in {"log", "logs", locations.APP_NAME}
