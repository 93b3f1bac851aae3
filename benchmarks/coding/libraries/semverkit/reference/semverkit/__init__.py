"""semverkit: semantic versions — parsing, ordering, bumping and simple ranges."""

from semverkit.ranges import max_satisfying, satisfies
from semverkit.version import Version, bump, parse_version

__all__ = ["Version", "bump", "max_satisfying", "parse_version", "satisfies"]
