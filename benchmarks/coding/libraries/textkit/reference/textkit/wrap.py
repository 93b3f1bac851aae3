"""Word counts and greedy line wrapping."""

from __future__ import annotations

import re

_WORD = re.compile(r"[^\W_]+(?:[-'’][^\W_]+)*")


def count_words(text: str) -> int:
    return len(_WORD.findall(text))


def wrap(text: str, width: int) -> list[str]:
    if width < 1:
        raise ValueError("width must be at least 1")
    lines: list[str] = []
    current = ""
    for word in text.split():
        if not current:
            current = word
        elif len(current) + 1 + len(word) <= width:
            current += " " + word
        else:
            lines.append(current)
            current = word
    if current:
        lines.append(current)
    return lines
