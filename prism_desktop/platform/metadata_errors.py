"""Errors for a bad config_spec: they name the file, the key path, what was found and what was expected."""

from __future__ import annotations

from typing import Any

from prism_desktop.errors import InputError


class ConfigError(InputError):
    """config_spec.yaml (or a dict passed as one) does not describe a valid configuration."""

    def __init__(self, path: str, found: Any, expected: str, source: str = "config_spec.yaml"):
        self.source = source
        self.path = path
        self.found = found
        self.expected = expected
        where = f"{source}: {path}" if path else source
        super().__init__(f"{where}: found {_show(found)}, expected {expected}")


def _show(value: Any) -> str:
    if value is None:
        return "nothing"
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."
