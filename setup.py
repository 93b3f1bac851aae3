"""The build step pyproject.toml cannot express: a wheel carries the bundled workspace and the image
recipes (locations.SHIPPED_FOLDERS of the repository) in a `prism_desktop_data` folder beside the
package. An editable install skips it: the checkout itself is the workspace.

Built from a git checkout, the wheel holds the files git tracks and nothing else: a checkout's own
generations (results/*.parts/, experiment files), caches and scratch files never ship. Built from an
unpacked source archive (no .git), it holds what the archive holds."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))
from prism_desktop.locations import DATA_FOLDER, SHIPPED_FOLDERS  # noqa: E402 - the source tree's own list

IGNORED = shutil.ignore_patterns("__pycache__", "*.pyc", ".pytest_cache", "*.db", "node_modules")


def tracked_files(root: Path) -> set[Path] | None:
    """The files git tracks in `root`; None when `root` is no git checkout."""
    if not (root / ".git").exists():
        return None
    try:
        listed = subprocess.run(
            ["git", "-C", str(root), "ls-files", "-z"], capture_output=True, check=True
        ).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        failed = isinstance(exc, subprocess.CalledProcessError)
        detail = exc.stderr.decode(errors="replace").strip() if failed else exc
        raise SystemExit(
            f"setup.py: {root} is a git checkout but `git ls-files` failed ({detail}); without it the "
            "wheel would ship untracked files. Install git, or build from a source archive."
        ) from exc
    return {(root / name).resolve() for name in listed.decode("utf-8").split("\0") if name}


TRACKED = tracked_files(ROOT)
# Folders holding a tracked file: an untracked folder (results/<experiment>.parts/) is not copied at all.
TRACKED_FOLDERS = {folder for path in TRACKED or () for folder in path.parents}


def shipped(path: Path) -> bool:
    if TRACKED is None:
        return True
    resolved = path.resolve()
    return resolved in TRACKED or resolved in TRACKED_FOLDERS


class BuildWithWorkspace(build_py):
    def find_package_modules(self, package: str, package_dir: str) -> list[tuple[str, str, str]]:
        return [m for m in super().find_package_modules(package, package_dir) if shipped(Path(m[2]))]

    def find_data_files(self, package: str, src_dir: str) -> list[str]:
        return [f for f in super().find_data_files(package, src_dir) if shipped(Path(f))]

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib) / DATA_FOLDER
        shutil.rmtree(target, ignore_errors=True)
        for name in SHIPPED_FOLDERS:
            source = ROOT / name
            if source.is_dir():
                shutil.copytree(source, target / name, ignore=self._not_shipped)

    @staticmethod
    def _not_shipped(folder: str, names: list[str]) -> set[str]:
        return set(IGNORED(folder, names)) | {name for name in names if not shipped(Path(folder) / name)}


setup(cmdclass={"build_py": BuildWithWorkspace})
