"""Small schema checks shared by every loader: each check records a Problem naming the file, the
key path, the line (for YAML), what was found and what was expected, and loading goes on so that
one pass reports everything wrong with a file."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import Problem, WorkspaceError
from .yamlio import KeyPath, YamlDocument, key_text


@dataclass(frozen=True)
class Kind:
    """An accepted shape of a value, with the words used for it in error messages."""

    expected: str
    accepts: Callable[[Any], bool]


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


STR = Kind("a string", lambda v: isinstance(v, str))
TEXT = Kind("a non-empty string", lambda v: isinstance(v, str) and v.strip() != "")
INT = Kind("an integer", lambda v: isinstance(v, int) and not isinstance(v, bool))
NUMBER = Kind("a number", _is_number)
BOOL = Kind("true or false", lambda v: isinstance(v, bool))
LIST = Kind("a list", lambda v: isinstance(v, list))
MAPPING = Kind("a mapping", lambda v: isinstance(v, dict))
OPT_STR = Kind("a string or null", lambda v: v is None or isinstance(v, str))
OPT_INT = Kind("an integer or null", lambda v: v is None or INT.accepts(v))
OPT_NUMBER = Kind("a number or null", lambda v: v is None or _is_number(v))
OPT_BOOL = Kind("true, false or null", lambda v: v is None or isinstance(v, bool))

MISSING = object()  # what `get` returns for an absent key, distinct from an explicit null


def describe(value: Any) -> str:
    """How a found value is shown in a message: short, with its type."""
    if value is MISSING:
        return "nothing"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return f"a mapping with keys {_short(', '.join(str(k) for k in value))}"
    if isinstance(value, list):
        return f"a list of {len(value)} item{'s' if len(value) != 1 else ''}"
    if isinstance(value, str):
        return f"the string {_short(value)!r}"
    if isinstance(value, _dt.datetime | _dt.date):
        return f"the date {value.isoformat()}"
    if isinstance(value, int):
        return f"the integer {value}"
    if isinstance(value, float):
        return f"the number {value}"
    return f"{type(value).__name__} {_short(repr(value))}"


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def one_of(values: Iterable[Any]) -> str:
    items = [repr(v) if isinstance(v, str) else str(v) for v in values]
    if len(items) == 1:
        return items[0]
    return "one of " + ", ".join(items)


class FileCheck:
    """Collects the problems of one file. With a YamlDocument, problems carry source lines."""

    def __init__(self, path: Path, document: YamlDocument | None = None):
        self.path = path
        self.document = document
        self.problems: list[Problem] = []

    @property
    def ok(self) -> bool:
        return not self.problems

    def add(
        self,
        key: KeyPath = (),
        *,
        found: str | None = None,
        expected: str | None = None,
        message: str | None = None,
    ) -> None:
        line = self.document.line(key) if self.document is not None else None
        self.problems.append(
            Problem(
                self.path,
                key=key_text(key) or None,
                line=line,
                found=found,
                expected=expected,
                message=message,
            )
        )

    def check(self, value: Any, key: KeyPath, kind: Kind) -> bool:
        """True when `value` has the shape `kind`; otherwise records the problem."""
        if kind.accepts(value):
            return True
        if value is MISSING:
            self.add(key, message="missing key", expected=kind.expected)
        else:
            self.add(key, found=describe(value), expected=kind.expected)
        return False

    def get(
        self, mapping: dict[Any, Any], key: KeyPath, kind: Kind, *, required: bool = True, default: Any = None
    ) -> Any:
        """`mapping[key[-1]]` checked against `kind`; `default` when absent (and not required) or
        invalid (the problem is then recorded)."""
        value = mapping.get(key[-1], MISSING)
        if value is MISSING and not required:
            return default
        return value if self.check(value, key, kind) else default

    def mapping(self, value: Any, key: KeyPath) -> dict[Any, Any]:
        """`value` when it is a mapping, otherwise {} after recording the problem."""
        return value if self.check(value, key, MAPPING) else {}

    def items(self, value: Any, key: KeyPath) -> list[Any]:
        """`value` when it is a list, otherwise [] after recording the problem."""
        return value if self.check(value, key, LIST) else []

    def strings(self, value: Any, key: KeyPath) -> tuple[str, ...]:
        """A list of strings; each wrong item is reported on its own."""
        result = []
        for index, item in enumerate(self.items(value, key)):
            if self.check(item, (*key, index), STR):
                result.append(item)
        return tuple(result)

    def only_keys(self, mapping: dict[Any, Any], key: KeyPath, allowed: Iterable[str], why: str = "") -> None:
        """Strict schemas: report every key outside `allowed`."""
        allowed = tuple(allowed)
        for name in mapping:
            if name not in allowed:
                self.add(
                    (*key, name), message=f"unknown key{why}", found=describe(name), expected=one_of(allowed)
                )

    def raise_if_problems(self) -> None:
        if self.problems:
            raise WorkspaceError(self.problems)
