"""Every menu path the README and docs/ name (*Menu → Item…*) is one the English window has."""

from __future__ import annotations

import re
from typing import Any

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from tests.gui.conftest import REPO

pytestmark = pytest.mark.gui
MENU_PATH = re.compile(r"\*([A-Z][\w ]*) → ([^*]+)\*")


def _label(action: QAction) -> str:
    return action.text().replace("&", "").split("\t")[0].strip()


def _menu_items(window: Any) -> dict[str, list[str]]:
    items: dict[str, list[str]] = {}
    for top in window.menuBar().actions():
        menu = top.menu()
        if isinstance(menu, QMenu):
            menu.aboutToShow.emit()  # menus filled on opening
            items[_label(top)] = [_label(a) for a in menu.actions() if not a.isSeparator()]
    return items


def test_documented_menu_paths_exist(shell_window: Any) -> None:
    items = _menu_items(shell_window)
    documents = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
    named = {(doc.name, *m.groups()) for doc in documents for m in MENU_PATH.finditer(doc.read_text("utf-8"))}
    assert ("README.md", "Review", "Calibration sessions…") in named  # the pattern finds them
    for document, menu, item in sorted(named):
        assert menu in items, f"{document}: *{menu} → {item}*: the window has no menu {menu!r}"
        # "Score …" stands for every item starting "Score"
        found = [i for i in items[menu] if i == item or (item.endswith(" …") and i.startswith(item[:-2]))]
        assert found, f"{document}: *{menu} → {item}*: the {menu} menu holds {items[menu]}"
