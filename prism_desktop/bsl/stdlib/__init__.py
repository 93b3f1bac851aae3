"""The global context of the engine: functions and properties, collected from the stdlib modules.

`FUNCTIONS` and `PROPERTIES` map normalised names (lower case, ё→е; Russian and English) to their
implementations; `global_function_names()` lists the Russian names for coverage checks."""

from __future__ import annotations

from prism_desktop.bsl.stdlib import (  # noqa: F401  (registration)
    action,
    binary_buffers,
    binary_data,
    collections,
    dates,
    json_text,
    numbers,
    properties,
    strings,
    system,
    text_tools,
    time_zones,
    types,
    xml_reader,
    xml_values,
    xml_writer,
)
from prism_desktop.bsl.stdlib.globals import FUNCTIONS, PROPERTIES, Builtin, lookup

__all__ = [
    "FUNCTIONS",
    "PROPERTIES",
    "Builtin",
    "collections",
    "global_function_names",
    "globals",
    "lookup",
    "system",
    "types",
]


def global_function_names() -> list[str]:
    """The Russian names of every global function the engine knows (implemented or refused)."""
    return sorted({entry.name for entry in FUNCTIONS.values()})
