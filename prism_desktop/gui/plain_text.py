"""Text from a candidate, a model or a file is shown as text, never interpreted as markup.

Qt guesses: a QLabel, a QMessageBox and every tooltip render a string as HTML when it looks like
HTML (Qt::mightBeRichText), so an exception text `<h1>O = 10 ✔</h1>` would draw a forged verdict.
Labels that show such text are set to PlainText; where our own markup surrounds it (bold headings
in a summary) the outside text goes through `escape`; tooltips go through `tooltip`."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QLabel

# Markdown for a task statement's layout, with any HTML in it shown as text.
MARKDOWN_WITHOUT_HTML = QTextDocument.MarkdownFeature(
    QTextDocument.MarkdownFeature.MarkdownDialectGitHub.value
    | QTextDocument.MarkdownFeature.MarkdownNoHTML.value
)


def escape(text: object) -> str:
    """`text` as HTML that shows exactly these characters (line breaks kept)."""
    return html.escape(str(text), quote=False).replace("\n", "<br>")


def tooltip(text: object) -> str:
    """A tooltip that shows `text` literally (a tooltip would otherwise guess at rich text)."""
    shown = str(text)
    if not shown:
        return ""
    return f"<p style='white-space:pre-wrap'>{html.escape(shown, quote=False)}</p>"


def plain_label(label: QLabel | None = None) -> QLabel:
    """A label that never interprets its text (a new one when none is given)."""
    label = label if label is not None else QLabel()
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label
