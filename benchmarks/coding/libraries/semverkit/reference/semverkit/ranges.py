"""Simple version ranges: space-separated comparators, all of which must hold."""

from __future__ import annotations

import operator
import re
from collections.abc import Callable

from semverkit.version import Version, parse_version

_COMPARATOR = re.compile(r"^(==|=|!=|<=|>=|<|>|\^|~)?(.+)$")
_OPERATORS: dict[str, Callable[[Version, Version], bool]] = {
    "=": operator.eq,
    "==": operator.eq,
    "!=": operator.ne,
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a < b or a == b,
    ">": lambda a, b: b < a,
    ">=": lambda a, b: b < a or a == b,
}


def _expand(token: str) -> list[tuple[str, Version]]:
    match = _COMPARATOR.match(token)
    if match is None:
        raise ValueError(f"bad comparator {token!r}")
    op, text = match.group(1) or "=", match.group(2)
    version = parse_version(text)
    if op == "^":
        upper = Version(version.major + 1, 0, 0) if version.major else Version(0, version.minor + 1, 0)
        return [(">=", version), ("<", upper)]
    if op == "~":
        return [(">=", version), ("<", Version(version.major, version.minor + 1, 0))]
    return [(op, version)]


def satisfies(version: Version, spec: str) -> bool:
    tokens = spec.split()
    if not tokens:
        raise ValueError("empty range")
    comparators = [pair for token in tokens for pair in _expand(token)]
    if version.prerelease and not any(
        bound.prerelease and (bound.major, bound.minor, bound.patch) == (version.major, version.minor, version.patch)
        for _, bound in comparators
    ):
        return False
    return all(_OPERATORS[op](version, bound) for op, bound in comparators)


def max_satisfying(versions: list[str], spec: str) -> str | None:
    best: tuple[Version, str] | None = None
    for text in versions:
        try:
            version = parse_version(text)
        except ValueError:
            continue
        if satisfies(version, spec) and (best is None or best[0] < version):
            best = (version, text)
    return best[1] if best else None
