"""review/'s sentences (review/messages.py) in the user's language: the template is translated in
the .ts context "review", then filled with the sentence's own fields, a nested note translated in
turn; a text of no template (a store's message, a file's) stays as it is."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from prism_desktop.review.messages import NESTED_FIELD, TEMPLATES, parse

REVIEW_CONTEXT = "review"


def localized(text: str | None) -> str:
    if not text:
        return ""
    parsed = parse(text)
    if parsed is None:
        return text
    template, fields = parsed
    if NESTED_FIELD in fields:
        fields[NESTED_FIELD] = localized(fields[NESTED_FIELD])
    return QCoreApplication.translate(REVIEW_CONTEXT, template).format(**fields)


def review_catalog() -> dict[str, list[str]]:
    """The templates as translation sources (gui/i18n/extract.py keeps them in the .ts)."""
    return {REVIEW_CONTEXT: list(TEMPLATES)}
