"""Issue 20 item 9 in the assembled main window: a runaway console query (a cartesian join SQLite runs
in C for minutes) runs in a child process; the window keeps handling events throughout, Stop ends
the query at once, and the console is ready for the next one."""

from __future__ import annotations

import itertools
import time
from typing import Any

import pytest
from PySide6.QtCore import QTimer
from pytestqt.qtbot import QtBot

pytestmark = pytest.mark.gui

CARTESIAN = "ВЫБРАТЬ КОЛИЧЕСТВО(*) КАК К ИЗ " + ", ".join(
    f"Справочник.Номенклатура КАК Н{i}" for i in range(20)
)


def test_a_runaway_query_can_be_stopped_and_the_window_stays_responsive(
    shell_window: Any, qtbot: QtBot
) -> None:
    window = shell_window
    window.tabs.setCurrentWidget(window.debug)
    view = window.debug
    view.select_task("B11")
    view.side_tabs.setCurrentIndex(1)
    console = view.console
    console.editor.setPlainText(CARTESIAN)
    ticks: list[float] = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(time.monotonic()))
    timer.start(20)
    assert console.execute()
    assert console.stop_button.isEnabled() and not console.run_button.isEnabled()
    qtbot.wait(4000)  # the query runs meanwhile: the event loop must keep ticking
    assert console.stop_button.isEnabled(), "the query should still be running"
    with qtbot.waitSignal(console.failed, timeout=10_000) as failed:
        stopped_at = time.monotonic()
        console.stop_button.click()
    assert time.monotonic() - stopped_at < 5
    timer.stop()
    gaps = [later - earlier for earlier, later in itertools.pairwise(ticks)]
    assert len(ticks) > 50 and max(gaps) < 1.0, f"the GUI froze for {max(gaps):.2f} s"
    assert "stopped" in failed.args[0] and "stopped" in console.status.text()
    assert console.run_button.isEnabled() and not console.stop_button.isEnabled()

    console.editor.setPlainText("ВЫБРАТЬ КОЛИЧЕСТВО(*) КАК К ИЗ Справочник.Номенклатура КАК Н")
    with qtbot.waitSignal(console.executed, timeout=60_000):
        assert console.execute()
    assert console.table.item(0, 0).text() == "3"
