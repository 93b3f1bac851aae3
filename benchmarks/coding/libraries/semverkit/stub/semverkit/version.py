"""Versions MAJOR.MINOR.PATCH with an optional pre-release (1.2.3-rc.1)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Version:
    major: int
    minor: int
    patch: int
    prerelease: tuple[str, ...] = ()

    def __str__(self) -> str:
        """'1.2.3', or '1.2.3-rc.1' with a pre-release."""
        raise NotImplementedError

    def __lt__(self, other: Version) -> bool:
        """Semantic-versioning precedence: numbers first; a pre-release sorts before its release;
        pre-release parts compare numerically when both are digits, else as text, numbers before text;
        a shorter pre-release sorts first when all its parts are equal."""
        raise NotImplementedError


def parse_version(text: str) -> Version:
    """Parse 'MAJOR.MINOR.PATCH' or 'MAJOR.MINOR.PATCH-PRE' (PRE: dot-separated [0-9A-Za-z-] parts).
    Numbers have no leading zeros. Raises ValueError for anything else."""
    raise NotImplementedError


def bump(version: Version, part: str) -> Version:
    """The next version: part 'major' (x+1.0.0), 'minor' (x.y+1.0) or 'patch' (x.y.z+1); the pre-release
    is dropped. A pre-release bumped at 'patch' becomes its release (1.2.3-rc.1 -> 1.2.3).
    Raises ValueError for another part."""
    raise NotImplementedError
