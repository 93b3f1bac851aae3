"""Team mode in the assembled main window: the team progress panel follows what other experts
(other windows, other processes: here another store connection) write, the adjudication view
settles a disagreement, and File → Open store… remembers the store without its password.
PRISM_UPDATE_SCREENSHOTS=1 also writes the screenshots of docs/screenshots/."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings

from prism_desktop.services import annotations, team_sessions
from prism_desktop.services.grading import applicable_axes, save_grade
from prism_desktop.services.sessions import create_session
from prism_desktop.store import Store, open_store
from prism_desktop.store.models import Run

REPO = Path(__file__).resolve().parents[2]
SCREENSHOTS = REPO / "docs" / "screenshots"


def _team_session(store: Store, overlap: int = 2) -> tuple[int, dict[str, int], list[int]]:
    """A session of 6 runs dealt to expert_01 (the window's expert), ivan and petr."""
    ids = {name: team_sessions.name_expert(store, name) for name in ("expert_01", "ivan", "petr")}
    team_sessions.name_expert(store, "ivan", "Иван Петров")
    session_id = create_session(store, name="team-gui", size=6, seed=2)
    queues = team_sessions.assign_runs(store, session_id, list(ids), overlap=overlap)
    return session_id, ids, queues["ivan"]


def _grade_all(store: Store, session_id: int, expert_id: int, run_id: int, m_step: int) -> None:
    with store.session() as session:
        run = session.get(Run, run_id)
        assert run is not None
        category = run.category
    for axis in applicable_axes(category):
        step = m_step if axis == "M" else 6
        save_grade(store, expert_id=expert_id, run_id=run_id, axis=axis, step=step, session_id=session_id)


def _panel(window: Any) -> Any:
    from prism_desktop.gui.team_panel import TeamPanel

    panel = window.findChild(TeamPanel)
    assert panel is not None
    panel.timer.setInterval(100)
    return panel


def _save(widget: Any, name: str) -> None:
    if os.environ.get("PRISM_UPDATE_SCREENSHOTS"):
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        widget.grab().save(str(SCREENSHOTS / name))


def test_team_panel_follows_other_experts_without_restart(
    qtbot: Any, shell_window: Any, store: Store, db_url: str
) -> None:
    window = shell_window
    session_id, ids, ivan_runs = _team_session(store)
    panel = _panel(window)
    assert not panel.isVisible() and not window.commands.action("view.team_panel").isChecked()
    window.enter_session(session_id)
    assert panel.isVisible() and window.commands.action("view.team_panel").isChecked()
    qtbot.waitUntil(lambda: panel.progress is not None and len(panel.progress.experts) == 3, timeout=20_000)
    assert panel.progress.overlap == 2
    assert [e.graded for e in panel.progress.experts] == [0, 0, 0]

    # Another expert, through a connection of their own, grades and flags: the panel follows.
    other = open_store(db_url)
    try:
        with qtbot.waitSignal(panel.storeChanged, timeout=20_000):
            _grade_all(other, session_id, ids["ivan"], ivan_runs[0], 4)
            annotations.toggle_flag(other, expert_id=ids["ivan"], run_id=ivan_runs[0], session_id=session_id)
        qtbot.waitUntil(
            lambda: {e.name: (e.graded, e.flagged) for e in panel.progress.experts}["ivan"] == (1, 1),
            timeout=20_000,
        )
    finally:
        other.close()
    cells = [panel.table.item(row, 0).text() for row in range(panel.table.rowCount())]
    assert "Иван Петров" in cells and cells[-1] == "All"
    assert panel.table.item(panel.table.rowCount() - 1, 5).text() == "1"  # runs flagged by anyone
    _save(window, "team_window_en.png")

    # The history of ivan's run, in the review under the grading panel: blind, so expert_01 sees
    # ivan's changes only after grading the run too (here through the window's own keys).
    window.table.select_run(ivan_runs[0])
    review = window.review
    qtbot.waitUntil(lambda: review.run_id == ivan_runs[0], timeout=20_000)
    history = review.history
    assert history.lines() == [] and "has changed yet" in history.entries.text()
    axes = list(review.grading.boxes)
    for axis in axes:
        review.run_command(f"grade.axis.{axis}")
        review.run_command("grade.step.8")
    qtbot.waitUntil(lambda: len(history.lines()) == 2 * len(axes), timeout=20_000)
    who = {line.split(" · ")[1] for line in history.lines()}
    assert who == {"expert_01", "ivan"}
    assert history.lines()[-1].startswith("S — → 6 (given) · ivan")  # oldest last: ivan's first

    window.leave_session()
    qtbot.waitUntil(lambda: panel.progress is None, timeout=10_000)
    assert "Open a calibration session" in panel.title.text() and not panel.isVisible()


def test_adjudication_view_settles_a_disagreement(qtbot: Any, shell_window: Any, store: Store) -> None:
    from prism_desktop.gui.adjudication_view import AdjudicationDialog

    window = shell_window
    session_id, ids, ivan_runs = _team_session(store, overlap=3)
    run_id = ivan_runs[0]
    _grade_all(store, session_id, ids["ivan"], run_id, 2)
    _grade_all(store, session_id, ids["petr"], run_id, 10)
    annotations.save_comment(
        store,
        expert_id=ids["petr"],
        run_id=run_id,
        axis="M",
        session_id=session_id,
        text="Все тесты проходят.\nГраница диапазона учтена.",
    )
    window.enter_session(session_id)
    window.commands.action("review.adjudication").trigger()
    dialog = window.findChild(AdjudicationDialog)
    assert dialog is not None and dialog.isVisible()
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 1, timeout=20_000)
    assert dialog.table.item(0, 3).text() == "M"
    assert dialog.table.item(0, 5).text() == "—"
    html = dialog.experts.toPlainText()
    assert "Иван Петров — 2" in html and "petr — 10" in html and "Граница диапазона учтена." in html
    qtbot.waitUntil(lambda: bool(dialog.code.toPlainText()), timeout=20_000)
    assert dialog.logs.toPlainText()
    assert dialog.step.currentData() == 2  # the lower median suggested
    _save(dialog, "adjudication_en.png")

    # No rationale: refused, nothing saved.
    dialog.rationale.setPlainText("  ")
    dialog.save_button.click()
    assert "rationale" in dialog.message.text()
    assert team_sessions.adjudicated_steps(store, session_id) == {}

    dialog.step.setCurrentIndex(dialog.step.findData(6))
    dialog.rationale.setPlainText("Тест 3 падает только на пустой выборке.")
    dialog.save_button.click()
    qtbot.waitUntil(lambda: "saved" in dialog.message.text(), timeout=20_000)
    assert team_sessions.adjudicated_steps(store, session_id) == {(run_id, "M"): 6}
    qtbot.waitUntil(
        lambda: dialog.table.rowCount() == 1 and dialog.table.item(0, 5).text() == "6", timeout=20_000
    )

    # Another adjudicator changes it meanwhile: this view's next save is refused, not an overwrite.
    team_sessions.adjudicate(
        store,
        session_id=session_id,
        run_id=run_id,
        axis="M",
        step=8,
        rationale="иначе",
        adjudicator_id=ids["ivan"],
    )
    dialog.step.setCurrentIndex(dialog.step.findData(4))
    dialog.rationale.setPlainText("ещё раз")
    dialog.save_button.click()
    qtbot.waitUntil(lambda: "settled it at step 8" in dialog.message.text(), timeout=20_000)
    assert team_sessions.adjudicated_steps(store, session_id) == {(run_id, "M"): 8}


class _MemoryKeyring:
    """A keyring backend in memory (the test machine has no Secret Service)."""

    def __init__(self) -> None:
        import keyring.backend

        class Backend(keyring.backend.KeyringBackend):
            priority = 1  # type: ignore[assignment]

            def __init__(self) -> None:
                super().__init__()
                self.entries: dict[tuple[str, str], str] = {}

            def get_password(self, service: str, username: str) -> str | None:
                return self.entries.get((service, username))

            def set_password(self, service: str, username: str, password: str) -> None:
                self.entries[(service, username)] = password

            def delete_password(self, service: str, username: str) -> None:
                self.entries.pop((service, username), None)

        self.backend = Backend()


def test_open_store_remembers_the_url_and_keeps_the_password_off_disk(
    qtbot: Any, shell_window: Any, fresh_settings: Path
) -> None:
    import keyring

    from prism_desktop.gui import store_dialog

    memory = _MemoryKeyring()
    previous = keyring.get_keyring()
    keyring.set_keyring(memory.backend)
    try:
        dialog = store_dialog.StoreDialog("postgresql+psycopg://olga@db.team.local:6543/prism", shell_window)
        qtbot.addWidget(dialog)
        assert dialog.kind.currentData() == "postgresql" and dialog.port.value() == 6543
        dialog.password.setText("s3cret:/@")
        url = dialog.url()
        assert url == "postgresql+psycopg://olga:s3cret%3A%2F%40@db.team.local:6543/prism"
        store_dialog.remember_url(url)
        assert store_dialog.remember_password(store_dialog.make_url(url), "s3cret:/@")
        QSettings().sync()
        written = "".join(p.read_text(encoding="utf-8") for p in fresh_settings.rglob("*.ini"))
        assert "db.team.local" in written and "s3cret" not in written
        assert store_dialog.remembered_url() == url
        # Without a keyring entry the app asks; a cancelled question opens nothing.
        memory.backend.entries.clear()
        assert store_dialog.remembered_url(lambda where: "typed") == url.replace("s3cret%3A%2F%40", "typed")
        assert store_dialog.remembered_url(lambda where: None) is None
    finally:
        keyring.set_keyring(previous)


def test_window_switches_to_a_postgresql_store(qtbot: Any, shell_window: Any) -> None:
    sys.path.insert(0, str(REPO / "tests" / "team"))
    from pg_server import fresh_database

    window = shell_window
    runs_before = window.model.rowCount()
    with fresh_database() as url:
        team = open_store(url)
        try:
            with qtbot.waitSignal(window.workspaceOpened, timeout=120_000):
                window.services.use_store(team)
            assert window.store is team and team.engine.dialect.name == "postgresql"
            qtbot.waitUntil(lambda: window.model.rowCount() == runs_before, timeout=20_000)
        finally:
            _panel(window).timer.stop()  # it would poll a database about to be dropped
            window.background.shutdown()
            team.close()
