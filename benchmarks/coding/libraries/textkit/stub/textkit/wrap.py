"""Word counts and greedy line wrapping."""

from __future__ import annotations


def count_words(text: str) -> int:
    """Words are runs of letters or digits (any alphabet), joined by inner hyphens or apostrophes:
    'кто-то', "don't" are one word each."""
    raise NotImplementedError


def wrap(text: str, width: int) -> list[str]:
    """Greedy wrapping of the words of text (split on whitespace) into lines of at most width characters,
    words separated by one space; a word longer than width stands alone on its line, uncut.
    Raises ValueError when width < 1. Empty or blank text gives []."""
    raise NotImplementedError
