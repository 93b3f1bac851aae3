"""Why an axis is N/A, in the user's language: a stored reason (scoring/reasons.py — auto files keep
PRISM's Russian sentence) is matched to its sentence, whose English form is translated in the .ts
context "reasons" and filled with the stored fields. A text of no known sentence stays as it is."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from prism_desktop.scoring.reasons import REASONS, parse

REASONS_CONTEXT = "reasons"


def localized_reason(text: str | None) -> str:
    if not text:
        return ""
    parsed = parse(text)
    if parsed is None:
        return text
    reason, fields = parsed
    return QCoreApplication.translate(REASONS_CONTEXT, reason.english).format(**fields)


def reason_catalog() -> dict[str, list[str]]:
    """The sentences as translation sources (gui/i18n/extract.py keeps them in the .ts)."""
    return {REASONS_CONTEXT: list(dict.fromkeys(reason.english for reason in REASONS))}
