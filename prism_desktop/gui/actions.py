"""Every QAction and menu of the main window, in one place.

The menus are found by object name (`Menu.REVIEW` = "reviewMenu"), never by their translated title;
an action's shortcut comes from the one table of keys, gui/hotkeys.py; an action's text is a function
called again whenever the language changes, so each module keeps its own translation context.

How to add a command (a menu item, with or without a key)
--------------------------------------------------------
1. If it has a key, add one row to `HOTKEYS` in gui/hotkeys.py: the action's name, its keys, the
   scope and the line for the F1 help. The assembled-window test fails if the key is already taken.
2. Where your feature is set up (it gets the main window), register the action::

       from prism_desktop.gui.actions import Menu

       window.commands.add(
           "generation.run",                       # the name; also the hotkey row's `action`
           lambda: self.tr("&Generate answers…"),  # your module's tr: your translation context
           self.open_generation,                   # what it does
           menu=Menu.LEVEL1,                       # where it appears (None: key only)
       )

   `add` returns the QAction (object name = the name): keep it to enable/disable it. A new menu is
   `window.commands.add_menu("generationMenu", lambda: self.tr("&Generate"), before=Menu.REVIEW)`.
3. Add your strings to the translation (python -m prism_desktop.gui.i18n.extract with your module).

Nothing else in gui/ creates a QAction or a QShortcut for the main window.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QWidget

from prism_desktop.gui.hotkeys import HOTKEYS, Scope, hotkey, keys_of

if TYPE_CHECKING:
    from prism_desktop.gui.main_window import MainWindow


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


class WindowActions(QObject):
    """The main window's actions and menus. `window.commands` is the one instance."""

    def __init__(self, window: QMainWindow, menus: list[tuple[str, Text]]):
        super().__init__(window)
        self.window = window
        self._texts: dict[QObject, Text] = {}
        self._tips: dict[QAction, Text] = {}
        self._actions: dict[str, QAction] = {}
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

    def add(
        self,
        name: str,
        text: Text | None,
        slot: Callable[[], Any],
        menu: str | None = None,
        *,
        separator: bool = False,
        checkable: bool = False,
        tip: Text | None = None,
        last: bool = False,
    ) -> QAction:
        """Register one command; `separator` puts a line before it in its menu; a `last` one
        stays at the end of its menu (commands added later go above it, and its separator). A
        command with no text (None) is a key only and cannot go in a menu."""
        if name in self._actions:
            raise ValueError(f"action {name!r} is registered twice")
        row = hotkey(name)
        if row is not None and row.scope is Scope.DEBUG:
            raise ValueError(f"{name!r}: a debug-tab key is bound by the Debug view, not the window")
        action = make_action(self.window, name, text, slot)
        action.setCheckable(checkable)
        if menu is not None:
            self._place(self.menu(menu), menu, action, separator)
            if last:
                self._last[menu] = action
        if text is not None:
            self._texts[action] = text
        if tip is not None:
            self._tips[action] = tip
            action.setToolTip(tip())
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

    def set_enabled(self, names: list[str] | tuple[str, ...], enabled: bool) -> None:
        for name in names:
            self._actions[name].setEnabled(enabled)

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


# Grading keys: dispatched to the review shown in the window (actions exist once, reviews come and go).
GRADING_MENU_ITEMS = ("grade.save_next", "grade.skip", "grade.flag", "grade.undo")


def install_main_actions(window: MainWindow) -> WindowActions:
    """The menus and commands of the main window; every grading key as a window-wide action."""
    actions = WindowActions(
        window,
        [
            (Menu.FILE, lambda: tr("&File")),
            (Menu.LEVEL1, lambda: tr("&Level 1")),
            (Menu.REVIEW, lambda: tr("&Review")),
            (Menu.VIEW, lambda: tr("&View")),
            (Menu.HELP, lambda: tr("&Help")),
        ],
    )
    add = actions.add
    add("file.open", lambda: tr("&Open workspace…"), window.choose_workspace, Menu.FILE)
    add("file.reimport", lambda: tr("&Import results again"), window.reimport, Menu.FILE)
    add("file.settings", lambda: tr("&Settings…"), window.show_settings, Menu.FILE, separator=True)
    add("file.quit", lambda: tr("&Quit"), window.close, Menu.FILE, separator=True, last=True)

    add("level1.score_selected", lambda: tr("Score &selected runs"), window.score_selected, Menu.LEVEL1)
    add(
        "level1.score_experiment",
        lambda: tr("Score the current run's &experiment"),
        window.score_experiment,
        Menu.LEVEL1,
    )
    add("level1.score_shown", lambda: tr("Score all &shown runs"), window.score_shown, Menu.LEVEL1)
    add(
        "level1.score_unscored",
        lambda: tr("Score shown runs &not yet scored here"),
        window.score_unscored,
        Menu.LEVEL1,
    )
    add("level1.cancel", lambda: tr("&Cancel scoring"), window.scoring.cancel, Menu.LEVEL1, separator=True)

    add("review.next", lambda: tr("&Next ungraded run"), window.next_ungraded, Menu.REVIEW)
    grading_texts: dict[str, Text] = {
        "grade.save_next": lambda: tr("&Save and next"),
        "grade.skip": lambda: tr("S&kip this run"),
        "grade.flag": lambda: tr("&Flag: unsure"),
        "grade.undo": lambda: tr("&Undo the last grade"),
    }
    for row in HOTKEYS:
        if row.scope is Scope.GRADING:
            name = row.action
            add(
                name,
                grading_texts.get(name),
                _review_command(window, name),
                Menu.REVIEW if name in GRADING_MENU_ITEMS else None,
            )
    add(
        "review.sessions",
        lambda: tr("Calibration &sessions…"),
        window.show_sessions,
        Menu.REVIEW,
        separator=True,
    )
    add("review.leave_session", lambda: tr("&Leave the session"), window.leave_session, Menu.REVIEW)
    add(
        "review.identify",
        lambda: tr("&Identify as expert…"),
        window.ask_identity,
        Menu.REVIEW,
        separator=True,
    )

    add("view.review_tab", lambda: tr("&Review"), window.show_review_tab, Menu.VIEW)
    add("view.debug_tab", lambda: tr("&Debug the current task"), window.debug_current_task, Menu.VIEW)
    add("view.search", lambda: tr("&Search runs"), window.filters.search.setFocus, Menu.VIEW, separator=True)
    add("view.reset_filters", lambda: tr("Reset &filters"), window.filters.reset, Menu.VIEW)
    add(
        "view.toggle_runs",
        lambda: tr("Show the &runs table"),
        window.toggle_runs_table,
        Menu.VIEW,
        separator=True,
        checkable=True,
    ).setChecked(True)
    add(
        "view.all_workspaces",
        lambda: tr("Runs of &every workspace in the store"),
        window.refresh_choices,
        Menu.VIEW,
        checkable=True,
        tip=lambda: tr("Off: the table shows the runs of the open workspace's tasks only"),
    )
    add("view.wrap", lambda: tr("&Wrap long lines"), window.toggle_wrap, Menu.VIEW, checkable=True)
    add("view.zoom_in", lambda: tr("&Larger code"), lambda: window.zoom_code(1), Menu.VIEW)
    add("view.zoom_out", lambda: tr("S&maller code"), lambda: window.zoom_code(-1), Menu.VIEW)
    add("view.zoom_reset", lambda: tr("Code at &normal size"), lambda: window.zoom_code(0), Menu.VIEW)

    add("help.keys", lambda: tr("&Keyboard shortcuts"), window.show_help, Menu.HELP)
    add("help.logs", lambda: tr("Open the &log folder"), window.open_log_folder, Menu.HELP)
    add("help.about", lambda: tr("&About PRISM Desktop"), window.show_about, Menu.HELP)
    return actions


def _review_command(window: MainWindow, name: str) -> Callable[[], None]:
    def run() -> None:
        if window.review is not None:
            window.review.run_command(name)

    return run
