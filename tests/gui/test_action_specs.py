"""The main window's commands as data (gui/actions.py ActionSpec): one id each, keys only from
gui/hotkeys.py, callbacks and enablement conditions that get the window context — a fake one here,
the window's own (never the window) in the assembled window — and no module but main_window.py
that imports MainWindow."""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QWidget

from prism_desktop.gui.actions import MAIN_ACTIONS, ActionSpec, WindowActions
from prism_desktop.gui.app_workers import Background
from prism_desktop.gui.hotkeys import HOTKEYS, Scope
from prism_desktop.gui.main_window import FEATURE_ACTIONS, MainWindow, WindowCommands
from prism_desktop.gui.settings import AppSettings
from prism_desktop.gui.window_context import ShellContext, WindowContext
from prism_desktop.services.sessions import create_session
from prism_desktop.services.visibility import SHOWN, Visibility, session_visibility
from prism_desktop.store import Store

pytestmark = pytest.mark.gui

GUI = Path(__file__).resolve().parents[2] / "prism_desktop" / "gui"
ALL_SPECS: list[ActionSpec[Any]] = [*MAIN_ACTIONS, *(spec for specs in FEATURE_ACTIONS for spec in specs)]


class FakeContext:
    """A ShellContext with no window behind it: it answers from its fields and writes down every
    member a callback or a condition used."""

    def __init__(self, parent: QWidget, store: Store | None = None):
        self.used: list[str] = []
        self._parent = parent
        self._store = store
        self.workspace_: Any = None
        self.session_id_: int | None = None
        self.visibility_: Visibility = SHOWN
        self.busy = self.selection = self.current = self.rows = self.review = False
        self.kept_: dict[str, QObject] = {}
        self.reports: list[str] = []

    def _use(self, name: str) -> None:
        self.used.append(name)

    @property
    def store(self) -> Store:
        self._use("store")
        assert self._store is not None
        return self._store

    @property
    def settings(self) -> AppSettings:
        self._use("settings")
        return AppSettings()

    @property
    def background(self) -> Background:
        self._use("background")
        raise AssertionError("no background work without a workspace or a session")

    @property
    def workspace(self) -> Any:
        self._use("workspace")
        return self.workspace_

    @property
    def session_id(self) -> int | None:
        self._use("session_id")
        return self.session_id_

    @property
    def visibility(self) -> Visibility:
        self._use("visibility")
        return self.visibility_

    @property
    def parent(self) -> QWidget:
        self._use("parent")
        return self._parent

    @property
    def kept(self) -> dict[str, QObject]:
        self._use("kept")
        return self.kept_

    def action(self, action_id: str) -> QAction:
        self._use("action")
        return QAction(self._parent)

    def report(self, text: str, timeout_ms: int = 0) -> None:
        self._use("report")
        self.reports.append(text)

    def warn(self, title: str, text: str) -> None:
        self._use("warn")

    def scoring_busy(self) -> bool:
        self._use("scoring_busy")
        return self.busy

    def has_selection(self) -> bool:
        return self.selection

    def has_current_run(self) -> bool:
        return self.current

    def has_rows(self) -> bool:
        return self.rows

    def review_visible(self) -> bool:
        self._use("review_visible")
        return self.review

    def review_command(self, name: str) -> None:
        self._use(f"review_command:{name}")

    def zoom_code(self, direction: int) -> None:
        self._use(f"zoom_code:{direction}")

    def ask_identity(self) -> bool:
        self._use("ask_identity")
        return False

    def __getattr__(self, name: str) -> Callable[..., None]:
        """The window's other commands (show_settings, quit, score_shown…): recorded, nothing done."""
        if name.startswith("_") or name not in _SHELL_COMMANDS:
            raise AttributeError(name)
        return lambda *args: self._use(name)


_SHELL_COMMANDS = {name for name in vars(ShellContext) if not name.startswith("_")} - set(vars(WindowContext))


def test_every_action_has_one_id() -> None:
    counts = Counter(spec.id for spec in ALL_SPECS)
    assert [name for name, count in counts.items() if count > 1] == []


def test_every_window_key_is_an_action_and_its_keys_are_the_tables() -> None:
    ids = {spec.id for spec in ALL_SPECS}
    keyed = {row.action for row in HOTKEYS if row.scope in (Scope.WINDOW, Scope.GRADING)}
    assert keyed - ids == set()
    for spec in ALL_SPECS:
        row = next((row for row in HOTKEYS if row.action == spec.id), None)
        assert spec.shortcuts == (row.keys if row is not None else ()), spec.id


def test_every_callback_and_condition_gets_the_context(qapp: Any, store: Store) -> None:
    parent = QWidget()
    for spec in ALL_SPECS:
        ctx = FakeContext(parent, store)
        if spec.id == "file.open_store":  # its dialog is modal: answered Cancel at once
            QTimer.singleShot(0, lambda: QApplication.activeModalWidget().reject())
        spec.callback(ctx)
        assert ctx.used, f"{spec.id}: the callback used nothing of its context"
        if spec.enabled_when is not None:
            ctx.used.clear()
            spec.enabled_when(ctx)
            assert ctx.used, f"{spec.id}: the condition read nothing"
    parent.deleteLater()


def _enabled(spec_id: str, ctx: FakeContext) -> bool:
    spec = next(spec for spec in ALL_SPECS if spec.id == spec_id)
    return spec.enabled_when is None or spec.enabled_when(ctx)


def test_conditions_follow_the_context(qapp: Any) -> None:
    ctx = FakeContext(QWidget())
    assert not _enabled("file.reimport", ctx) and not _enabled("review.agreement", ctx)
    assert not _enabled("grade.save_next", ctx) and not _enabled("level1.cancel", ctx)
    ctx.workspace_ = object()
    ctx.rows = True
    assert all(_enabled(name, ctx) for name in ("file.reimport", "generation.run", "review.models"))
    assert _enabled("level1.score_shown", ctx) and not _enabled("level1.score_selected", ctx)
    ctx.busy = True  # a batch is scoring: no second one, but Cancel
    assert not _enabled("level1.score_shown", ctx) and _enabled("level1.cancel", ctx)
    ctx.review = True
    assert _enabled("grade.axis.S", ctx)
    ctx.visibility_ = session_visibility(blind=True, runs_left=["S"])  # a blind session, runs left
    assert not _enabled("review.models", ctx)
    assert not _enabled("review.leave_session", ctx)
    ctx.session_id_ = 7
    assert _enabled("review.leave_session", ctx)


def test_adjudication_outside_a_session_says_so_through_the_context(qapp: Any) -> None:
    ctx = FakeContext(QWidget())
    next(spec for spec in ALL_SPECS if spec.id == "review.adjudication").callback(ctx)
    assert ctx.reports == ["Open a calibration session first (Review → Calibration sessions…)."]


def test_the_registrar_binds_specs_to_the_context_not_the_window(shell_window: Any) -> None:
    window = shell_window
    assert isinstance(window.services, WindowCommands) and not isinstance(window.services, QWidget)
    assert window.commands.names() == [spec.id for spec in ALL_SPECS]
    for spec in ALL_SPECS:
        action = window.commands.action(spec.id)
        assert action.shortcuts() == [QKeySequence(key) for key in spec.shortcuts], spec.id
    received: list[object] = []
    registrar = WindowActions(window, [])
    probe: ActionSpec[WindowContext] = ActionSpec(
        "test.probe", lambda: "Probe", received.append, enabled_when=lambda ctx: ctx.session_id is not None
    )
    registrar.register([probe], window.services)
    action = registrar.action("test.probe")
    assert not action.isEnabled()  # no session entered yet
    window.enter_session(create_session(window.store, name="probe", size=4, seed=1, blind=False))
    registrar.update()
    assert action.isEnabled()
    action.trigger()
    assert received == [window.services]


def test_only_main_window_imports_the_main_window() -> None:
    importers = []
    for path in sorted(GUI.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "prism_desktop.gui.main_window":
                importers.append(path.name)
    assert sorted(set(importers)) == ["app.py", "screenshot.py"]  # the two that build the window
    assert MainWindow.__module__ == "prism_desktop.gui.main_window"
