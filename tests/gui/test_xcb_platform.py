"""The main window on Qt's real xcb platform, under an Xvfb X server this test starts and stops: the
plugin loads (every library it needs is installed, see scripts/setup.sh), the window is mapped and
shows the workspace, a grading key works with real X keyboard events, and the screen grab is not
blank. CI installs Xvfb (scripts/test.sh); without it the test is skipped, except under CI."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.gui

CHILD = r"""
import sys
import time
from pathlib import Path
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest
from PySide6.QtCore import Qt
from prism_desktop.gui.application import create_application
from prism_desktop.gui.main_window import MainWindow
from prism_desktop.gui.settings import AppSettings, use_settings_folder
from prism_desktop.services.grading import grades_for_run
from prism_desktop.store import open_store

workspace, db, settings_dir, shot = sys.argv[1:5]
app = create_application(["prism-desktop-xcb-test"])
assert QGuiApplication.platformName() == "xcb", QGuiApplication.platformName()
use_settings_folder(Path(settings_dir))
settings = AppSettings()
settings.expert_name = "xcb_expert"
settings.sandbox = "local"
store = open_store(db)
window = MainWindow(store, settings)
window.resize(1400, 860)
window.show()
assert QTest.qWaitForWindowExposed(window, 10_000), "the window was never mapped"
opened = []
window.workspaceOpened.connect(opened.append)
window.open_workspace(Path(workspace))
deadline = time.monotonic() + 120
while not opened and time.monotonic() < deadline:
    QTest.qWait(50)
assert opened, "the workspace did not open"
window.activateWindow()
assert QTest.qWaitForWindowActive(window, 10_000), "the window never became active"
window.table.select_row(0)
run = window.table.current_run
window.focus_grading()
QTest.keyClick(window.review, Qt.Key.Key_8)
window.background.wait_for_writes()
app.processEvents()
steps = {g.axis: g.step for g in grades_for_run(store, run)}
assert steps == {"S": 8}, steps
image = window.screen().grabWindow(window.winId()).toImage()
image.save(shot)
colours = {image.pixel(x, y) for x in range(0, image.width(), 37) for y in range(0, image.height(), 29)}
assert len(colours) > 20, "the grabbed window is blank"
window.background.shutdown()
store.close()
print("xcb ok", image.width(), image.height())
"""


def _free_display() -> int:
    for number in range(90, 140):
        if not Path(f"/tmp/.X11-unix/X{number}").exists() and not Path(f"/tmp/.X{number}-lock").exists():
            return number
    raise RuntimeError("no free X display number between :90 and :139")


@pytest.fixture
def xvfb(tmp_path: Path) -> Iterator[str]:
    binary = shutil.which("Xvfb")
    if binary is None:
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true: Xvfb is required (scripts/test.sh installs it)")
        pytest.skip("Xvfb is not installed")
    display = f":{_free_display()}"
    log = (tmp_path / "xvfb.log").open("w")
    server = subprocess.Popen(
        [binary, display, "-screen", "0", "1600x1000x24", "-nolisten", "tcp"], stdout=log, stderr=log
    )
    try:
        deadline = time.monotonic() + 20
        socket = Path(f"/tmp/.X11-unix/X{display[1:]}")
        while not socket.exists():
            if server.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"Xvfb {display} did not start: {(tmp_path / 'xvfb.log').read_text()}")
            time.sleep(0.1)
        yield display
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()


def test_the_window_runs_on_the_xcb_platform(xvfb: str, demo_workspace: Any, tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "xcb", "DISPLAY": xvfb, "QT_DEBUG_PLUGINS": "0"}
    shot = tmp_path / "xcb.png"
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            CHILD,
            str(demo_workspace.root),
            f"sqlite:///{tmp_path / 'xcb.db'}",
            str(tmp_path / "settings"),
            str(shot),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "xcb ok" in done.stdout and shot.stat().st_size > 10_000


DIALOG_CHILD = r"""
import sys
import time
from pathlib import Path
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from prism_desktop.gui.application import create_application
from prism_desktop.gui.main_window import MainWindow
from prism_desktop.gui.sessions_dialog import SessionsDialog
from prism_desktop.gui.settings import AppSettings, use_settings_folder
from prism_desktop.services.grading import grades_for_run
from prism_desktop.services.sessions import create_session
from prism_desktop.store import open_store

workspace, db, settings_dir = sys.argv[1:4]
app = create_application(["prism-desktop-xcb-test"])
assert QGuiApplication.platformName() == "xcb", QGuiApplication.platformName()
use_settings_folder(Path(settings_dir))
settings = AppSettings()
settings.expert_name = "xcb_expert"
settings.sandbox = "local"
store = open_store(db)
window = MainWindow(store, settings)
window.resize(1400, 860)
window.show()
assert QTest.qWaitForWindowExposed(window, 10_000), "the window was never mapped"
opened = []
window.workspaceOpened.connect(opened.append)
window.open_workspace(Path(workspace))
deadline = time.monotonic() + 120
while not opened and time.monotonic() < deadline:
    QTest.qWait(50)
assert opened, "the workspace did not open"
session_id = create_session(store, name="xcb", size=4, seed=1, blind=False)
window.activateWindow()
assert QTest.qWaitForWindowActive(window, 10_000), "the window never became active"
window.services.show_sessions()  # Review → Calibration sessions…, then Open session, without a window manager
dialog = window.findChild(SessionsDialog)
assert QTest.qWaitForWindowExposed(dialog, 10_000)
dialog._refresh(select=session_id)
dialog.open_button.click()
deadline = time.monotonic() + 10
while QApplication.focusWidget() is not window.review and time.monotonic() < deadline:
    QTest.qWait(50)
assert QApplication.activeWindow() is window, QApplication.activeWindow()
assert QApplication.focusWidget() is window.review, QApplication.focusWidget()
run = window.table.current_run
QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_6)
window.background.wait_for_writes()
app.processEvents()
steps = {g.axis: g.step for g in grades_for_run(store, run, session_id)}
assert steps == {"S": 6}, steps
window.background.shutdown()
store.close()
print("focus ok")
"""


def test_the_grading_keys_work_after_a_dialog_without_a_window_manager(
    xvfb: str, demo_workspace: Any, tmp_path: Path
) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "xcb", "DISPLAY": xvfb, "QT_DEBUG_PLUGINS": "0"}
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            DIALOG_CHILD,
            str(demo_workspace.root),
            f"sqlite:///{tmp_path / 'xcb.db'}",
            str(tmp_path / "settings"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "focus ok" in done.stdout
