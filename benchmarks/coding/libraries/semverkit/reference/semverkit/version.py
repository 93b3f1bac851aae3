"""Versions MAJOR.MINOR.PATCH with an optional pre-release (1.2.3-rc.1)."""

from __future__ import annotations

import re
from dataclasses import dataclass

_NUMBER = r"(0|[1-9][0-9]*)"
_PATTERN = re.compile(rf"^{_NUMBER}\.{_NUMBER}\.{_NUMBER}(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?$")


def _part_key(part: str) -> tuple[int, int, str]:
    return (0, int(part), "") if part.isdigit() else (1, 0, part)


@dataclass(frozen=True)
class Version:
    major: int
    minor: int
    patch: int
    prerelease: tuple[str, ...] = ()

    def __str__(self) -> str:
        text = f"{self.major}.{self.minor}.{self.patch}"
        return f"{text}-{'.'.join(self.prerelease)}" if self.prerelease else text

    def _key(self) -> tuple:
        release = (self.major, self.minor, self.patch)
        if not self.prerelease:
            return (release, 1, ())
        return (release, 0, tuple(_part_key(p) for p in self.prerelease))

    def __lt__(self, other: Version) -> bool:
        return self._key() < other._key()


def parse_version(text: str) -> Version:
    match = _PATTERN.match(text)
    if match is None:
        raise ValueError(f"not a semantic version: {text!r}")
    major, minor, patch, pre = match.groups()
    return Version(int(major), int(minor), int(patch), tuple(pre.split(".")) if pre else ())


def bump(version: Version, part: str) -> Version:
    if part == "major":
        return Version(version.major + 1, 0, 0)
    if part == "minor":
        return Version(version.major, version.minor + 1, 0)
    if part == "patch":
        if version.prerelease:
            return Version(version.major, version.minor, version.patch)
        return Version(version.major, version.minor, version.patch + 1)
    raise ValueError(f"unknown part {part!r}: expected major, minor or patch")
