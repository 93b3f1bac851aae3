"""From a model's response to the candidate code (PRISM_FORMAT §3.1.2), and the category-A
trailing module-body stripping applied only when building the M test module (§3.1.4)."""

from __future__ import annotations

import re

from prism_desktop.scoring.code_text import neutralised_lines

# The scorer's broad fence rule: any info word (word characters, Cyrillic, `+`), optional
# whitespace, a newline, then lazily up to the next three backticks. The hash uses a narrower
# rule (hashing.py), so hashed and scored text can differ, exactly as in PRISM.
_FIRST_FENCE = re.compile(r"```[\w+]*\s*\n(.*?)```", re.DOTALL)

_END_KEYWORD = re.compile(r"\b(?:конецфункции|конецпроцедуры)\b", re.IGNORECASE)
_TRAILING_SEMICOLON = re.compile(r"(\b(?:конецфункции|конецпроцедуры));(\s*)\Z", re.IGNORECASE)


def extract_code(response: str) -> str:
    """The first fenced block's inner text, or the whole response when there is none (an
    unterminated fence does not count), stripped."""
    match = _FIRST_FENCE.search(response)
    return (match.group(1) if match else response).strip()


def strip_module_tail(code: str) -> str:
    """Drop everything after the last line that ends a function or procedure, plus one `;` glued
    to that final keyword at the very end. Models sometimes append module-body statements (a
    demo call, `Сообщить(...)`) that would otherwise run inside the test module."""
    last_end: int | None = None
    for index, line in neutralised_lines(code):
        if _END_KEYWORD.search(line):
            last_end = index
    if last_end is None:
        return code
    kept = "".join(code.splitlines(keepends=True)[: last_end + 1])
    return _TRAILING_SEMICOLON.sub(r"\1\2", kept)
