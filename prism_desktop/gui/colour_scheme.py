"""The GUI's semantic colours (score bands, statuses, diff tints, syntax tokens, charts) in one place,
light and dark. The variant follows the application palette (theme.py sets it and changes it with
the desktop), so every view asks `scheme()` when it paints instead of keeping a colour of its own.

Text colours are chosen for a WCAG contrast ratio of at least 4.5 against the backgrounds they are
drawn on (the palette's Base/AlternateBase/Window, or the band they sit on); `contrast_ratio` is
the check, and the GUI tests use it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QWidget


@dataclass(frozen=True)
class ColourScheme:
    dark: bool
    # Plain text on the palette's backgrounds.
    secondary: str  # labels that explain (less weight than the main text)
    muted: str  # N/A marks, reasons, hints
    faint: str  # placeholders and "nothing yet" (still readable)
    good: str  # pass, verified, isolated
    bad: str  # fail, error, no answer
    warn: str  # timeout, limit, not measured, not isolated
    info: str
    note: str  # caveats under a table
    # Score bands behind numbers (runs table, agreement with the machine) and the text on them.
    band_bad: str
    band_partial: str
    band_good: str
    band_text: str
    emphasis_background: str  # a headline row
    # Boxes: a dashed notice, an error bar, borders, a dark badge.
    panel: str
    border: str
    error_background: str
    error_border: str
    error_text: str
    badge_background: str
    badge_text: str
    accent: str  # a chosen step
    accent_border: str
    accent_text: str
    attention: str  # the focused axis that still needs a grade
    scrim: str  # the dimming behind the help overlay (#AARRGGBB, as QColor reads it)
    # Code views: diff tints and bars, the current line, filler rows, the gutter.
    diff_removed: str
    diff_added: str
    diff_changed: str
    bar_removed: str
    bar_added: str
    bar_changed: str
    current_line: str
    filler: str
    gutter: str
    gutter_number: str
    gutter_current_number: str
    # Syntax tokens: 1C Configurator-like (red keywords, green comments), toned for long reading.
    token_keyword: str
    token_comment: str
    token_preproc: str  # also decorators and labels
    token_builtin: str
    token_function: str
    token_literal: str  # strings and numbers
    token_query_string: str
    token_query_name: str
    # Charts.
    chart_background: str
    chart_grid: str
    chart_frame: str
    chart_text: str
    chart_legend: str  # translucent, #AARRGGBB
    chart_series: tuple[str, ...]

    def severity(self, severity: str) -> str:
        """Colour of a diagnostic's severity (error, warning, information, hint)."""
        return {"error": self.bad, "warning": self.warn, "information": self.info}.get(severity, self.muted)

    def status(self, status: str) -> str | None:
        """Colour of a test or measurement status (pass/ok, fail, error/timeout/limit); None: plain."""
        if status in ("pass", "ok"):
            return self.good
        if status == "fail":
            return self.bad
        if status in ("error", "timeout", "limit"):
            return self.warn
        return None

    def heat(self, share: float) -> QColor:
        """A heat-map cell, 0 (background-like) to 1 (deep blue); text takes `readable_on` of it."""
        if self.dark:
            return QColor.fromHsvF(0.6, 0.7 * share, 0.16 + 0.5 * share)
        return QColor.fromHsvF(0.6, 0.75 * share, 1.0 - 0.45 * share)

    def band(self, value: float | None) -> str | None:
        """Background of a 0–10 score: below 5, below 8, the rest; None for N/A."""
        if value is None:
            return None
        return self.band_bad if value < 5 else self.band_partial if value < 8 else self.band_good


LIGHT = ColourScheme(
    dark=False,
    secondary="#4b5563", muted="#6b7280", faint="#6e7480",
    good="#1a7f37", bad="#b42318", warn="#a85600", info="#2f6fca", note="#92400e",
    band_bad="#fadeda", band_partial="#fcf0cd", band_good="#def1de", band_text="#111827",
    emphasis_background="#f3f6fb",
    panel="#f3f4f6", border="#c7ccd4",
    error_background="#fdecea", error_border="#f4b4ae", error_text="#8a1c13",
    badge_background="#1f2933", badge_text="#ffffff",
    accent="#1f5fbf", accent_border="#174a96", accent_text="#ffffff", attention="#c4320a",
    scrim="#96111827",
    diff_removed="#fde2e1", diff_added="#dcf5dc", diff_changed="#fff1cc",
    bar_removed="#e06c6c", bar_added="#4caf50", bar_changed="#e0a800",
    current_line="#fff3c4", filler="#d9dde3", gutter="#f3f4f6",
    gutter_number="#5f6672", gutter_current_number="#1f2933",
    token_keyword="#b3121c", token_comment="#3b7d23", token_preproc="#8a6100", token_builtin="#6f2da8",
    token_function="#0b4ea2", token_literal="#1a1a1a", token_query_string="#5a5a5a",
    token_query_name="#1c5d99",
    chart_background="#ffffff", chart_grid="#e5e7eb", chart_frame="#9ca3af", chart_text="#374151",
    chart_legend="#e6ffffff",
    chart_series=("#1f4e9c", "#d0312d", "#2e8540", "#8e44ad", "#d35400", "#16a085", "#7f8c8d", "#c0392b"),
)

# On the dark palette of theme.py (Base #17191b, Window #202326): lighter text, deep band tints.
DARK = ColourScheme(
    dark=True,
    secondary="#c3c8cf", muted="#a3aab4", faint="#8f96a0",
    good="#6fd08a", bad="#ff8a80", warn="#f0a850", info="#7cb2ff", note="#f0b35a",
    band_bad="#4d2420", band_partial="#463b16", band_good="#1c3f25", band_text="#f2f2f2",
    emphasis_background="#263040",
    panel="#2b2f33", border="#4a5058",
    error_background="#3d1f1c", error_border="#8a3b33", error_text="#ffb4ab",
    badge_background="#e6e6e6", badge_text="#17191b",
    accent="#2f6fd1", accent_border="#5b8fe0", accent_text="#ffffff", attention="#ff8a5c",
    scrim="#a0000000",
    diff_removed="#4a1d1d", diff_added="#1a3d1f", diff_changed="#3d3512",
    bar_removed="#e06c6c", bar_added="#4caf50", bar_changed="#e0a800",
    current_line="#3a3520", filler="#3a3f45", gutter="#202326",
    gutter_number="#8f96a0", gutter_current_number="#f2f2f2",
    token_keyword="#ff7b72", token_comment="#7cc46a", token_preproc="#e3b341", token_builtin="#d2a8ff",
    token_function="#79c0ff", token_literal="#e6e6e6", token_query_string="#b8bec6",
    token_query_name="#6cb6ff",
    chart_background="#17191b", chart_grid="#33383e", chart_frame="#6b7077", chart_text="#d0d4da",
    chart_legend="#e6202326",
    chart_series=("#6aa9ff", "#ff7b72", "#6fd08a", "#d2a8ff", "#f0a850", "#4fd1c5", "#b0b7c0", "#ff9e9e"),
)


def is_dark(palette: QPalette) -> bool:
    """Dark when the window background is darker than mid-grey (whatever set the palette)."""
    return palette.color(QPalette.ColorRole.Window).lightnessF() < 0.5


def scheme() -> ColourScheme:
    """The variant for the application palette now."""
    return DARK if is_dark(QGuiApplication.palette()) else LIGHT


def _linear(channel: float) -> float:
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def luminance(colour: QColor) -> float:
    """WCAG 2 relative luminance."""
    red, green, blue = _linear(colour.redF()), _linear(colour.greenF()), _linear(colour.blueF())
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast_ratio(first: QColor | str, second: QColor | str) -> float:
    """WCAG 2 contrast ratio, 1 to 21 (4.5 is the minimum for normal text)."""
    lighter, darker = sorted((luminance(QColor(first)), luminance(QColor(second))), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def readable_on(background: QColor | str) -> QColor:
    """Near-black or white, whichever reads better on `background` (heat-map cells)."""
    dark, light = QColor("#111827"), QColor("#ffffff")
    return dark if contrast_ratio(dark, background) >= contrast_ratio(light, background) else light


class _SchemeFollower(QObject):
    """Calls back when the watched widget's palette changes (the application palette was replaced)."""

    def __init__(self, widget: QWidget, apply: Callable[[], None]):
        super().__init__(widget)
        self._apply = apply
        self._dark = is_dark(widget.palette())
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.PaletteChange and isinstance(watched, QWidget):
            dark = is_dark(watched.palette())
            if dark != self._dark:  # a palette change within one variant keeps our colours
                self._dark = dark
                self._apply()
        return False


def on_scheme_change(widget: QWidget, callback: Callable[[], None]) -> None:
    """Call back whenever the palette switches between light and dark, so colours a widget keeps
    (style sheets, item brushes, cached cells, highlight formats) follow a theme change."""
    _SchemeFollower(widget, callback)


def follow_scheme(widget: QWidget, apply: Callable[[], None]) -> None:
    """`apply` now and on every switch between light and dark (a style sheet with our colours)."""
    apply()
    on_scheme_change(widget, apply)


def colour_text(widget: QWidget, pick: Callable[[ColourScheme], str]) -> None:
    """Give a label its text colour from the scheme (e.g. `lambda c: c.note`), kept on a switch."""
    follow_scheme(widget, lambda: widget.setStyleSheet(f"color: {pick(scheme())};"))
