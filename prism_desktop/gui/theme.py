"""Light or dark, as the system is: Fusion's palette follows the desktop's colour scheme (Qt asks
the platform; PRISM_DESKTOP_THEME=dark|light overrides it) and changes with it while the app runs.
Our own style sheets use palette roles where they paint large areas, so they follow too; our
semantic colours (score bands, statuses, syntax, charts) come from colour_scheme.py, which picks its
light or dark variant from this palette."""

from __future__ import annotations

import os

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

THEME_ENV_VAR = "PRISM_DESKTOP_THEME"


def wants_dark(app: QGuiApplication) -> bool:
    chosen = os.environ.get(THEME_ENV_VAR, "").lower()
    if chosen in ("dark", "light"):
        return chosen == "dark"
    return app.styleHints().colorScheme() == Qt.ColorScheme.Dark


def dark_palette() -> QPalette:
    palette = QPalette()
    roles = {
        QPalette.ColorRole.Window: "#202326",
        QPalette.ColorRole.WindowText: "#e6e6e6",
        QPalette.ColorRole.Base: "#17191b",
        QPalette.ColorRole.AlternateBase: "#24272a",
        QPalette.ColorRole.ToolTipBase: "#2b2f33",
        QPalette.ColorRole.ToolTipText: "#e6e6e6",
        QPalette.ColorRole.PlaceholderText: "#8a9099",
        QPalette.ColorRole.Text: "#e6e6e6",
        QPalette.ColorRole.Button: "#2b2f33",
        QPalette.ColorRole.ButtonText: "#e6e6e6",
        QPalette.ColorRole.BrightText: "#ff6b6b",
        QPalette.ColorRole.Link: "#6aa9ff",
        QPalette.ColorRole.Highlight: "#2f6fd1",
        QPalette.ColorRole.HighlightedText: "#ffffff",
    }
    for role, colour in roles.items():
        palette.setColor(role, QColor(colour))
    for role in (QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText, QPalette.ColorRole.WindowText):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor("#6b7077"))
    return palette


def apply_theme(app: QApplication) -> None:
    """The palette for the system's scheme now (Fusion's standard one when light)."""
    style = app.style()
    app.setPalette(dark_palette() if wants_dark(app) else style.standardPalette())


def follow_system_theme(app: QApplication) -> None:
    apply_theme(app)
    app.styleHints().colorSchemeChanged.connect(lambda _scheme: apply_theme(app))
