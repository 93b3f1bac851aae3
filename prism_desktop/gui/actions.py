"""Every QAction and menu of the main window, as data.

A command is an `ActionSpec`: its id (the QAction's object name, also the row of gui/hotkeys.py
its keys come from), its title, where it goes in the menus, its callback and when it is enabled.
The callback and the condition receive the window context (gui/window_context.py), never the
window. `WindowActions`, the one registrar, turns specs into QActions and menus, retranslates them
when the language changes and re-evaluates every condition on `update()`. The menus are found by
object name (`Menu.REVIEW` = "reviewMenu"), never by their translated title.

How to add a command (a menu item, with or without a key)
--------------------------------------------------------
1. If it has a key, add one row to `HOTKEYS` in gui/hotkeys.py: the action's id, its keys, the
   scope and the line for the F1 help. The assembled-window test fails if the key is already taken.
2. In your feature module, list the spec; the callback gets a `WindowContext`::

       GENERATE_ACTIONS = (
           ActionSpec(
               "generation.run",                             # the id; also the hotkey row's `action`
               lambda: tr("&Generate answers…"),             # your module's tr: your translation context
               open_generate_dialog,                         # def open_generate_dialog(ctx): ...
               Menu.LEVEL1,                                  # where it appears (None: key only)
               enabled_when=lambda ctx: ctx.workspace is not None,
           ),
       )

   and add the list to `FEATURE_ACTIONS` in gui/main_window.py (the order there is the menus' order).
3. Add your strings to the translation (python -m prism_desktop.gui.i18n.extract with your module).

Nothing else in gui/ creates a QAction or a QShortcut for the main window.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QWidget

from prism_desktop.gui.hotkeys import HOTKEYS, Scope, hotkey, keys_of
from prism_desktop.gui.window_context import ShellContext


class Menu:
    """Object names of the main window's menus, in menu-bar order."""

    FILE = "fileMenu"
    LEVEL1 = "level1Menu"
    REVIEW = "reviewMenu"
    VIEW = "viewMenu"
    HELP = "helpMenu"


Text = Callable[[], str]


def make_action(
    owner: QWidget,
    name: str,
    text: Text | None,
    slot: Callable[[], Any],
    context: Qt.ShortcutContext = Qt.ShortcutContext.WindowShortcut,
) -> QAction:
    """A QAction with its keys from the hotkey table, owned by (and active in) `owner`."""
    action = QAction(owner)
    action.setObjectName(name)
    keys = [QKeySequence(k) for k in keys_of(name)]
    if keys:
        action.setShortcuts(keys)
        action.setShortcutContext(context)
    if text is not None:
        action.setText(text())
    action.triggered.connect(lambda _checked=False: slot())
    owner.addAction(action)
    return action


C = TypeVar("C")


@dataclass(frozen=True)
class ActionSpec(Generic[C]):
    """One command of the main window. `title` None: a key only, in no menu. `separator` puts a
    line before it in its menu; a `last` one stays at the end of its menu (Quit)."""

    id: str
    title: Text | None
    callback: Callable[[C], Any]
    menu: str | None = None
    separator: bool = False
    checkable: bool = False
    checked: bool = False
    tip: Text | None = None
    last: bool = False
    enabled_when: Callable[[C], bool] | None = None  # None: always enabled

    @property
    def shortcuts(self) -> tuple[str, ...]:
        """The keys, from gui/hotkeys.py (the only place keys are written)."""
        return keys_of(self.id)


class WindowActions(QObject):
    """The registrar of the main window's actions and menus. `window.commands` is the one instance."""

    def __init__(self, window: QMainWindow, menus: list[tuple[str, Text]]):
        super().__init__(window)
        self.window = window
        self._texts: dict[QObject, Text] = {}
        self._tips: dict[QAction, Text] = {}
        self._actions: dict[str, QAction] = {}
        self._conditions: list[tuple[QAction, Callable[[], bool]]] = []
        self._last: dict[str, QAction] = {}  # menu -> the action that stays at its end (Quit)
        for name, title in menus:
            self.add_menu(name, title)
        window.installEventFilter(self)

    # -- menus -----------------------------------------------------------------------------------

    def add_menu(self, name: str, title: Text, before: str | None = None) -> QMenu:
        bar = self.window.menuBar()
        menu = QMenu(bar)
        menu.setObjectName(name)
        menu.setTitle(title())
        anchor = self.menu(before).menuAction() if before else None
        bar.insertMenu(anchor, menu) if anchor is not None else bar.addMenu(menu)
        self._texts[menu] = title
        return menu

    def menu(self, name: str) -> QMenu:
        found = self.window.menuBar().findChild(QMenu, name)
        if found is None:
            raise KeyError(f"no menu named {name!r} in the main window")
        return found

    # -- actions ---------------------------------------------------------------------------------

    def register(self, specs: Sequence[ActionSpec[C]], context: C) -> None:
        """Make the specs' QActions, in order, their callbacks and conditions bound to `context`."""
        for spec in specs:
            action = self._add(spec, partial(spec.callback, context))
            if spec.enabled_when is not None:
                self._conditions.append((action, partial(spec.enabled_when, context)))
                action.setEnabled(spec.enabled_when(context))

    def update(self) -> None:
        """Re-evaluate every enablement condition (the window calls it when its state changes)."""
        for action, condition in self._conditions:
            action.setEnabled(condition())

    def _add(self, spec: ActionSpec[Any], slot: Callable[[], Any]) -> QAction:
        name = spec.id
        if name in self._actions:
            raise ValueError(f"action {name!r} is registered twice")
        row = hotkey(name)
        if row is not None and row.scope is Scope.DEBUG:
            raise ValueError(f"{name!r}: a debug-tab key is bound by the Debug view, not the window")
        if spec.menu is not None and spec.title is None:
            raise ValueError(f"{name!r}: an action without a title cannot go in a menu")
        action = make_action(self.window, name, spec.title, slot)
        action.setCheckable(spec.checkable)
        action.setChecked(spec.checked)
        if spec.menu is not None:
            self._place(self.menu(spec.menu), spec.menu, action, spec.separator)
            if spec.last:
                self._last[spec.menu] = action
        if spec.title is not None:
            self._texts[action] = spec.title
        if spec.tip is not None:
            self._tips[action] = spec.tip
            action.setToolTip(spec.tip())
        self._actions[name] = action
        return action

    def _place(self, target: QMenu, menu: str, action: QAction, separator: bool) -> None:
        tail = self._last.get(menu)
        if tail is None:
            if separator and target.actions():
                target.addSeparator()
            target.addAction(action)
            return
        items = target.actions()
        at = items.index(tail)
        if at > 0 and items[at - 1].isSeparator():
            at -= 1  # the tail's own separator stays with it
        anchor = items[at]
        if separator and at > 0 and not items[at - 1].isSeparator():
            target.insertSeparator(anchor)
        target.insertAction(anchor, action)

    def action(self, name: str) -> QAction:
        return self._actions[name]

    def names(self) -> list[str]:
        return list(self._actions)

    # -- language --------------------------------------------------------------------------------

    def retranslate(self) -> None:
        for item, text in self._texts.items():
            if isinstance(item, QMenu):
                item.setTitle(text())
            elif isinstance(item, QAction):
                item.setText(text())
        for action, tip in self._tips.items():
            action.setToolTip(tip())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        return False


# -- the main window's own commands ------------------------------------------------------------------

TR_CONTEXT = "MainWindow"  # the main window's menus keep the translations they always had


def tr(text: str) -> str:
    return QCoreApplication.translate(TR_CONTEXT, text)


MAIN_MENUS: list[tuple[str, Text]] = [
    (Menu.FILE, lambda: tr("&File")),
    (Menu.LEVEL1, lambda: tr("&Level 1")),
    (Menu.REVIEW, lambda: tr("&Review")),
    (Menu.VIEW, lambda: tr("&View")),
    (Menu.HELP, lambda: tr("&Help")),
]

# Grading keys: dispatched to the review shown in the window (actions exist once, reviews come and go).
GRADING_TITLES: dict[str, Text] = {
    "grade.save_next": lambda: tr("&Save and next"),
    "grade.skip": lambda: tr("S&kip this run"),
    "grade.flag": lambda: tr("&Flag: unsure"),
    "grade.undo": lambda: tr("&Undo the last grade"),
}


def _has_workspace(ctx: ShellContext) -> bool:
    return ctx.workspace is not None


def _ready(ctx: ShellContext) -> bool:
    """Level 1 can start: a workspace is open and no batch is scoring."""
    return ctx.workspace is not None and not ctx.scoring_busy()


def _grading_key(name: str) -> ActionSpec[ShellContext]:
    return ActionSpec(
        name,
        GRADING_TITLES.get(name),
        lambda ctx: ctx.review_command(name),
        Menu.REVIEW if name in GRADING_TITLES else None,
        enabled_when=lambda ctx: ctx.review_visible(),  # not on the Debug tab
    )


_s = ActionSpec[ShellContext]  # a spec of the window's own commands


MAIN_ACTIONS: tuple[ActionSpec[ShellContext], ...] = (
    _s("file.open", lambda: tr("&Open workspace…"), lambda c: c.choose_workspace(), Menu.FILE),
    _s(
        "file.reimport", lambda: tr("&Import results again"), lambda c: c.reimport(), Menu.FILE,
        enabled_when=_has_workspace,
    ),
    _s("file.settings", lambda: tr("&Settings…"), lambda c: c.show_settings(), Menu.FILE, separator=True),
    _s("file.quit", lambda: tr("&Quit"), lambda c: c.quit(), Menu.FILE, separator=True, last=True),
    _s(
        "level1.score_selected", lambda: tr("Score &selected runs"), lambda c: c.score_selected(),
        Menu.LEVEL1,
        enabled_when=lambda c: _ready(c) and c.has_selection(),
    ),
    _s(
        "level1.score_experiment", lambda: tr("Score the current run's &experiment"),
        lambda c: c.score_experiment(), Menu.LEVEL1,
        enabled_when=lambda c: _ready(c) and c.has_current_run(),
    ),
    _s(
        "level1.score_shown", lambda: tr("Score all &shown runs"), lambda c: c.score_shown(), Menu.LEVEL1,
        enabled_when=lambda c: _ready(c) and c.has_rows(),
    ),
    _s(
        "level1.score_unscored", lambda: tr("Score shown runs &not yet scored here"),
        lambda c: c.score_unscored(), Menu.LEVEL1,
        enabled_when=lambda c: _ready(c) and c.has_rows(),
    ),
    _s(
        "level1.cancel", lambda: tr("&Cancel scoring"), lambda c: c.cancel_scoring(), Menu.LEVEL1,
        separator=True, enabled_when=lambda c: c.scoring_busy(),
    ),
    _s("review.next", lambda: tr("&Next ungraded run"), lambda c: c.next_ungraded(), Menu.REVIEW),
    *(_grading_key(row.action) for row in HOTKEYS if row.scope is Scope.GRADING),
    _s(
        "review.sessions", lambda: tr("Calibration &sessions…"), lambda c: c.show_sessions(), Menu.REVIEW,
        separator=True, enabled_when=_has_workspace,
    ),
    _s(
        "review.leave_session", lambda: tr("&Leave the session"), lambda c: c.leave_session(), Menu.REVIEW,
        enabled_when=lambda c: c.session_id is not None,
    ),
    _s(
        "review.identify", lambda: tr("&Identify as expert…"), lambda c: c.ask_identity(), Menu.REVIEW,
        separator=True,
    ),
    _s("view.review_tab", lambda: tr("&Review"), lambda c: c.show_review_tab(), Menu.VIEW),
    _s("view.debug_tab", lambda: tr("&Debug the current task"), lambda c: c.debug_current_task(), Menu.VIEW),
    _s("view.search", lambda: tr("&Search runs"), lambda c: c.focus_search(), Menu.VIEW, separator=True),
    _s("view.reset_filters", lambda: tr("Reset &filters"), lambda c: c.reset_filters(), Menu.VIEW),
    _s(
        "view.toggle_runs", lambda: tr("Show the &runs table"), lambda c: c.toggle_runs_table(), Menu.VIEW,
        separator=True, checkable=True, checked=True,
    ),
    _s(
        "view.all_workspaces", lambda: tr("Runs of &every workspace in the store"),
        lambda c: c.refresh_choices(), Menu.VIEW, checkable=True,
        tip=lambda: tr("Off: the table shows the runs of the open workspace's tasks only"),
    ),
    _s("view.wrap", lambda: tr("&Wrap long lines"), lambda c: c.toggle_wrap(), Menu.VIEW, checkable=True),
    _s("view.zoom_in", lambda: tr("&Larger code"), lambda c: c.zoom_code(1), Menu.VIEW),
    _s("view.zoom_out", lambda: tr("S&maller code"), lambda c: c.zoom_code(-1), Menu.VIEW),
    _s("view.zoom_reset", lambda: tr("Code at &normal size"), lambda c: c.zoom_code(0), Menu.VIEW),
    _s("help.keys", lambda: tr("&Keyboard shortcuts"), lambda c: c.show_help(), Menu.HELP),
    _s("help.logs", lambda: tr("Open the &log folder"), lambda c: c.open_log_folder(), Menu.HELP),
    _s("help.about", lambda: tr("&About PRISM Desktop"), lambda c: c.show_about(), Menu.HELP),
)
