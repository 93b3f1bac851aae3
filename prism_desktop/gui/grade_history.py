"""The audit trail of one run under the grading panel: every grade change — the axis, from → to,
whose grade and by whom when someone else made it (an adjudicator, an import), when, and why.

The review view reads it (services.team_sessions.run_history, which applies the blind rule) and
hands it here; this widget only shows it, newest first, one wrapped line per change (the grading
column is narrow: a table would cut the reason off)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from prism_desktop.gui.code_editor import LanguageAware
from prism_desktop.gui.colour_scheme import scheme
from prism_desktop.gui.plain_text import escape
from prism_desktop.services.team_sessions import Change

SHOWN_CHANGES = 12  # the newest; older ones are counted


class GradeHistory(LanguageAware, QWidget):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("gradeHistory")
        self.changes: list[Change] = []
        self.heading = QLabel()
        self.heading.setStyleSheet("font-weight: 600;")
        self.entries = QLabel()
        self.entries.setObjectName("gradeHistoryEntries")
        self.entries.setTextFormat(Qt.TextFormat.RichText)  # every value from the store is escaped
        self.entries.setWordWrap(True)
        self.entries.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.heading)
        layout.addWidget(self.entries)
        self.retranslate()

    def retranslate(self) -> None:
        self.heading.setText(self.tr("History of this run"))
        self.show_changes(self.changes)

    def _action(self, change: Change) -> str:
        words = {
            "create": self.tr("given"),
            "update": self.tr("changed"),
            "delete": self.tr("cleared"),
            "import": self.tr("imported"),
        }
        word = words.get(change.action, change.action)
        return word + (", " + self.tr("undone") if change.undone else "")

    def _who(self, change: Change) -> str:
        if change.by == change.expert:
            return change.expert
        return self.tr("%1 (by %2)").replace("%1", change.expert).replace("%2", change.by)

    def line(self, change: Change) -> str:
        """One change in plain words: "M 2 → 8 (changed) · olga (by ivan) · 2026-12-02 03:47:28 UTC
        · why"."""
        old = "—" if change.old_step is None else str(change.old_step)
        new = "—" if change.new_step is None else str(change.new_step)
        parts = [
            f"{change.axis} {old} → {new} ({self._action(change)})",
            self._who(change),
            f"{change.changed_at:%Y-%m-%d %H:%M:%S} UTC",
        ]
        if change.reason:
            parts.append(f"«{change.reason}»")
        return " · ".join(parts)

    def lines(self) -> list[str]:
        """What is shown, newest first (tests and screen readers read it)."""
        return [self.line(change) for change in reversed(self.changes[-SHOWN_CHANGES:])]

    def show_changes(self, changes: list[Change]) -> None:
        self.changes = list(changes)
        if not self.changes:
            self.entries.setText(
                f"<span style='color:{scheme().muted}'>"
                + escape(self.tr("No grade of this run has changed yet (or the blind rule hides it)."))
                + "</span>"
            )
            return
        rows = [f"<div style='margin-bottom:3px'>{escape(text)}</div>" for text in self.lines()]
        older = len(self.changes) - SHOWN_CHANGES
        if older > 0:
            rows.append(
                f"<div style='color:{scheme().muted}'>"
                + escape(self.tr("… and %1 older changes").replace("%1", str(older)))
                + "</div>"
            )
        self.entries.setText("".join(rows))
