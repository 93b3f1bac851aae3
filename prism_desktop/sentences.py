"""Sentences written from templates with `{field}`s, read back: which template a stored sentence was
written from, and its fields. Shared by the stored reasons of Level 1 (scoring/reasons.py) and the
Verified rules' messages (review/messages.py), which both keep Russian sentences and show them in
the interface's language."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TypeVar

T = TypeVar("T")
FIELD = re.compile(r"\{(\w+)\}")


def template_pattern(template: str) -> re.Pattern[str]:
    """A pattern that matches exactly the sentences `template` writes, each field a named group."""
    pieces = FIELD.split(template)  # literal, field, literal, field, …
    regex = "".join(re.escape(piece) if i % 2 == 0 else f"(?P<{piece}>.+?)" for i, piece in enumerate(pieces))
    return re.compile(regex, re.DOTALL)


def read_back(text: str, patterns: Iterable[tuple[T, re.Pattern[str]]]) -> tuple[T, dict[str, str]] | None:
    """The first (key, fields) whose pattern matches the whole of `text`; None when none does."""
    for key, pattern in patterns:
        found = pattern.fullmatch(text)
        if found is not None:
            return key, found.groupdict()
    return None
