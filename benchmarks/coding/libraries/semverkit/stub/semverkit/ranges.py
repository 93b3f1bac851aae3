"""Simple version ranges: space-separated comparators, all of which must hold."""

from __future__ import annotations

from semverkit.version import Version


def satisfies(version: Version, spec: str) -> bool:
    """Whether version meets every comparator of spec, e.g. '>=1.2.0 <2.0.0'. Comparators: =, ==, !=, <, <=,
    >, >= followed by a version, or a bare version (meaning =); '^1.2.3' means >=1.2.3 <2.0.0 (for 0.y.z:
    >=0.y.z <0.y+1.0); '~1.2.3' means >=1.2.3 <1.3.0. A pre-release version satisfies a range only if some
    comparator names a pre-release of the same MAJOR.MINOR.PATCH. Raises ValueError for a bad spec."""
    raise NotImplementedError


def max_satisfying(versions: list[str], spec: str) -> str | None:
    """The highest of versions (as given) satisfying spec, or None. Strings that are not versions are skipped."""
    raise NotImplementedError
