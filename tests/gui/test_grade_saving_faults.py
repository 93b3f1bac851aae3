"""Fault injection on the GUI grading path of the assembled main window: a store locked by another
program, a full disk, a read-only store. A grade is either saved or the expert sees that it was not
and can retry; the GUI thread never waits on the store; nothing acknowledged is lost."""

from __future__ import annotations

import sqlite3
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot
from sqlalchemy import event, select
from sqlalchemy.exc import OperationalError

from prism_desktop.services.grading import grades_for_run
from prism_desktop.store.models import Run

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gui_keys import click_key, settle

pytestmark = pytest.mark.gui


def stored(window: Any, run_id: int) -> dict[str, int]:
    expert = window.review.expert_id
    return {g.axis: g.step for g in grades_for_run(window.store, run_id) if g.expert_id == expert}


@contextmanager
def pragma_on_every_connection(store: Any, pragma: str) -> Iterator[None]:
    """Every new connection of the store runs `pragma` (the pool is emptied so none escapes)."""

    def apply(connection: Any, _record: Any) -> None:
        cursor = connection.cursor()
        cursor.execute(pragma)
        cursor.close()

    event.listen(store.engine, "connect", apply)
    store.engine.dispose()
    try:
        yield
    finally:
        event.remove(store.engine, "connect", apply)
        store.engine.dispose()


def fill_the_disk(store: Any) -> None:
    """Fill every free byte the page limit leaves, as a full disk would (SQLITE_FULL)."""
    with store.engine.connect() as connection:
        for size in (65536, 4096, 512, 64, 8, 1):
            try:
                while True:
                    connection.exec_driver_sql(f"INSERT INTO filler VALUES (zeroblob({size}))")
                    connection.commit()
            except OperationalError as error:
                assert "full" in str(error)
                connection.rollback()


def _open_run(window: Any) -> int:
    window.table.select_row(0)
    window.review.setFocus()
    return int(window.table.current_run)


def test_a_locked_store_keeps_the_window_responsive_and_saves_when_free(
    shell_window: Any, qtbot: QtBot, db_url: str
) -> None:
    window = shell_window
    run = _open_run(window)
    window.review._busy_timer.setInterval(300)  # the 5-second notice, sooner
    holder = sqlite3.connect(db_url.removeprefix("sqlite:///"), isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another program holds the write lock
    try:
        started = time.monotonic()
        QTest.keyClick(window.review, QKeySequence("8")[0].key())
        assert time.monotonic() - started < 1.0  # the key returns at once: the write waits elsewhere
        assert window.review.grading.steps() == {"S": 8}
        assert "saving" in window.review.grading.status.text()
        qtbot.waitUntil(lambda: "busy" in window.review.grading.status.text(), timeout=5000)
        assert stored(window, run) == {}
    finally:
        holder.execute("COMMIT")
        holder.close()
    qtbot.waitUntil(lambda: "· saved" in window.review.grading.status.text(), timeout=30_000)
    assert stored(window, run) == {"S": 8}
    assert window.review.unsaved() == [] and not window.review.save_error.isVisible()


@pytest.mark.parametrize(
    ("pragma", "words"),
    [
        ("PRAGMA query_only = ON", "read-only"),
        ("PRAGMA max_page_count = 1", "disk holding the store is full"),  # the file's size now
    ],
    ids=["read-only store", "disk full"],
)
def test_a_failed_save_is_shown_and_retried_without_loss(shell_window: Any, pragma: str, words: str) -> None:
    window = shell_window
    run = _open_run(window)
    # A long comment travels with every grade of the run: its rows need new pages on a full disk.
    window.review.grading.comment_edit.setText("the loop re-reads the register; " * 200)
    click_key(window.review, "8")  # saved before the fault
    assert stored(window, run) == {"S": 8}
    with window.store.engine.begin() as connection:  # made while the disk still has room
        connection.exec_driver_sql("CREATE TABLE filler (x BLOB)")
    with pragma_on_every_connection(window.store, pragma):
        if "max_page_count" in pragma:
            fill_the_disk(window.store)
        click_key(window.review, "6")  # M = 6 cannot be written
        settle(window)
        bar = window.review.save_error
        assert bar.isVisible()
        assert "NOT saved: M = 6 on run" in bar.text.text() and words in bar.text.text()
        assert "NOT saved" in window.review.grading.status.text()
        # The panel shows what the store holds; the failed change is kept for Retry.
        assert window.review.grading.steps() == {"S": 8}
        assert window.review.unsaved() == [f"M = 6 on run #{run}"]
        assert stored(window, run) == {"S": 8}
        window.review.save_error.retry.click()  # still failing: still shown, still kept
        settle(window)
        assert bar.isVisible() and window.review.unsaved() == [f"M = 6 on run #{run}"]
    window.review.save_error.retry.click()
    settle(window)
    assert not window.review.save_error.isVisible()
    assert stored(window, run) == {"S": 8, "M": 6}
    assert window.review.unsaved() == []
    assert "· saved" in window.review.grading.status.text()


def test_a_level1_batch_that_cannot_save_names_the_runs(shell_window: Any, qtbot: QtBot) -> None:
    """The failed call of the demo needs no sandbox: its result is scored at once, then not saved."""
    window = shell_window
    with window.store.session() as session:
        failed_call = session.scalars(select(Run.id).where(Run.success.is_(False))).one()
    with (
        pragma_on_every_connection(window.store, "PRAGMA query_only = ON"),
        qtbot.waitSignal(window.scoring.failed, timeout=60_000) as failed,
    ):
        window.score_runs([failed_call])
    message = failed.args[0]
    assert f"run {failed_call}: the store cannot be written" in message
    assert "1 results could not be saved" in message and "KeyError" not in message
