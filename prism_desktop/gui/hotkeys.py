"""Every keyboard shortcut of the app, in one table (git-cola keeps its keys the same way).

A row names the action it triggers (the QAction's object name, see gui/actions.py), its keys, where
the keys work, and the line the help overlay (F1) shows. Nothing else binds a key: actions.py reads
its shortcuts from here, the help overlay is generated from here, and a test of the assembled main
window fails when one key is bound twice in the same place.

Scopes:
- WINDOW: anywhere in the main window (menus' commands).
- GRADING: whenever the review is visible, wherever the focus is in the main window, except while
  typing in a text field (a line edit takes its printable keys and Space before any shortcut).
- DEBUG: inside the Debug tab only.

Keys are written in QKeySequence's portable form ("Ctrl+Shift+R"); the first key of a row is the
one menus show. The help texts are English and translated in the context "Hotkeys".
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from PySide6.QtCore import QCoreApplication

TR_CONTEXT = "Hotkeys"


def tr(text: str) -> str:
    """Marks a help text for extraction; it is translated when shown (help_rows)."""
    return text


class Scope(Enum):
    WINDOW = "window"
    GRADING = "grading"
    DEBUG = "debug"


@dataclass(frozen=True)
class Hotkey:
    action: str  # the object name of the QAction the keys trigger
    keys: tuple[str, ...]
    scope: Scope
    help: str = ""  # the overlay's line; "" when a row of the same group already says it
    shown_keys: str = ""  # how the overlay writes the keys of its group; default: the first key

    def label(self) -> str:
        return self.shown_keys or self.keys[0]


def _axis(axis: str, cyrillic: str, help_text: str = "") -> Hotkey:
    return Hotkey(
        f"grade.axis.{axis}", (axis, cyrillic), Scope.GRADING, help_text, "S  M  O  P" if help_text else ""
    )


def _step(key: str, step: int, help_text: str = "", shown: str = "") -> Hotkey:
    return Hotkey(f"grade.step.{step}", (key, f"Num+{key}"), Scope.GRADING, help_text, shown)


def _approach(index: int, help_text: str = "", shown: str = "") -> Hotkey:
    return Hotkey(f"grade.approach.{index}", (f"Alt+{index}",), Scope.GRADING, help_text, shown)


HOTKEYS: tuple[Hotkey, ...] = (
    # -- the window's commands (menus) --
    Hotkey("file.open", ("Ctrl+O",), Scope.WINDOW, tr("open a workspace")),
    Hotkey("file.reimport", ("Ctrl+Shift+R",), Scope.WINDOW, tr("import the workspace's results again")),
    Hotkey("file.settings", ("Ctrl+,",), Scope.WINDOW, tr("settings")),
    Hotkey("file.quit", ("Ctrl+Q",), Scope.WINDOW, tr("quit")),
    Hotkey("level1.score_selected", ("Ctrl+L",), Scope.WINDOW, tr("score the selected runs (Level 1)")),
    Hotkey("review.next", ("Ctrl+N",), Scope.WINDOW, tr("next ungraded run")),
    Hotkey("review.sessions", ("Ctrl+Shift+S",), Scope.WINDOW, tr("calibration sessions")),
    Hotkey("view.review_tab", ("Ctrl+1",), Scope.WINDOW, tr("the Review tab")),
    Hotkey("view.debug_tab", ("Ctrl+2",), Scope.WINDOW, tr("debug the current run's task")),
    Hotkey("view.search", ("Ctrl+F",), Scope.WINDOW, tr("search the runs")),
    Hotkey("view.reset_filters", ("Ctrl+Shift+F",), Scope.WINDOW, tr("reset the filters")),
    Hotkey("view.toggle_runs", ("Ctrl+T",), Scope.WINDOW, tr("show or hide the runs table")),
    Hotkey("view.wrap", ("Alt+Z",), Scope.WINDOW, tr("wrap long lines in the code panes")),
    Hotkey("view.zoom_in", ("Ctrl+=", "Ctrl++"), Scope.WINDOW, tr("larger code"), "Ctrl+=  Ctrl+−"),
    Hotkey("view.zoom_out", ("Ctrl+-",), Scope.WINDOW),
    Hotkey("view.zoom_reset", ("Ctrl+0",), Scope.WINDOW, tr("code at its normal size")),
    Hotkey("help.keys", ("F1",), Scope.WINDOW, tr("show or hide this help"), "F1  ?"),
    # -- grading: wherever the focus is while the review is visible, except in a text field --
    _axis("S", "Ы", tr("choose the axis (Ы Ь Щ З on the Russian layout)")),
    _axis("M", "Ь"),
    _axis("O", "Щ"),
    _axis("P", "З"),
    _step("0", 0, tr("grade the current axis with that step"), "0 2 4 6 8"),
    _step("2", 2),
    _step("4", 4),
    _step("6", 6),
    _step("8", 8),
    _step("1", 10, tr("grade the current axis 10")),
    Hotkey(
        "grade.clear", ("Backspace", "Delete"), Scope.GRADING, tr("clear the current axis"), "Backspace  Del"
    ),
    Hotkey(
        "grade.save_next",
        ("Return", "Enter"),
        Scope.GRADING,
        tr("save and go to the next ungraded run; on an incomplete run, show the missing axis"),
    ),
    Hotkey(
        "grade.skip",
        ("Space", "Shift+Return", "Shift+Enter"),
        Scope.GRADING,
        tr("skip this run for now (it stays ungraded)"),
        "Space  Shift+Enter",
    ),
    Hotkey("grade.flag", ("F", "А"), Scope.GRADING, tr("flag the run: unsure (again to unflag)"), "F  (А)"),
    Hotkey("grade.undo", ("Ctrl+Z",), Scope.GRADING, tr("undo your last change (also on an earlier run)")),
    _approach(1, tr("approach: idiomatic / acceptable / poor"), "Alt+1 / 2 / 3"),
    _approach(2),
    _approach(3),
    _approach(0, tr("clear the approach judgement")),
    Hotkey("grade.comment", ("C", "С"), Scope.GRADING, tr("type a comment; Esc leaves the field"), "C  (С)"),
    Hotkey("grade.leave_comment", ("Escape",), Scope.GRADING),
    # -- the Debug tab --
    Hotkey(
        "debug.run",
        ("Ctrl+Return", "F5"),
        Scope.DEBUG,
        tr("run Level 1 on the edited candidate"),
        "Ctrl+Enter  F5",
    ),
    Hotkey("debug.query", ("Ctrl+Shift+Return",), Scope.DEBUG, tr("run the query of the console")),
)

_BY_ACTION = {hotkey.action: hotkey for hotkey in HOTKEYS}


def hotkey(action: str) -> Hotkey | None:
    return _BY_ACTION.get(action)


def keys_of(action: str) -> tuple[str, ...]:
    """The keys bound to this action (none when the table has no row for it)."""
    found = _BY_ACTION.get(action)
    return found.keys if found else ()


def help_rows(*scopes: Scope) -> list[tuple[str, str]]:
    """(keys, what they do) for the help overlay, in the interface language, in table order."""
    wanted = scopes or tuple(Scope)
    return [
        (hk.label(), QCoreApplication.translate(TR_CONTEXT, hk.help))
        for hk in HOTKEYS
        if hk.scope in wanted and hk.help
    ]
