"""The build step pyproject.toml cannot express: a wheel carries the bundled workspace and the image
recipes (locations.SHIPPED_FOLDERS of the repository) in a `prism_desktop_data` folder beside the
package. An editable install skips it: the checkout itself is the workspace."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))
from prism_desktop.locations import DATA_FOLDER, SHIPPED_FOLDERS  # noqa: E402 - the source tree's own list

IGNORED = shutil.ignore_patterns("__pycache__", "*.pyc", ".pytest_cache", "*.db", "node_modules")


class BuildWithWorkspace(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib) / DATA_FOLDER
        shutil.rmtree(target, ignore_errors=True)
        for name in SHIPPED_FOLDERS:
            source = ROOT / name
            if source.is_dir():
                shutil.copytree(source, target / name, ignore=IGNORED)


setup(cmdclass={"build_py": BuildWithWorkspace})
