"""BSL source seen without its string literals and comments, line by line. Used where PRISM
counts or finds keywords on "code only" text (PRISM_FORMAT §3.1.4 and §3.3.1)."""

from __future__ import annotations

import re
from collections.abc import Iterator

# A string literal: doubled quotes stay inside, and an unterminated literal runs to the line end
# (the rest of a multi-line string sits on following `|` lines, which are skipped whole).
_STRING_LITERAL = re.compile(r'"(?:[^"]|"")*"?')


def neutralised_lines(code: str) -> Iterator[tuple[int, str]]:
    """(0-based line index, line with each literal replaced by a space and cut at the first `//`)
    for every line that is not a `|` continuation of a multi-line string."""
    for index, line in enumerate(code.splitlines()):
        if line.lstrip().startswith("|"):
            continue
        without_strings = _STRING_LITERAL.sub(" ", line)
        yield index, without_strings.split("//", 1)[0]
