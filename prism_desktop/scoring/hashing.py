"""response_hash (PRISM_FORMAT §4.1): the join key between generations and scores. It must give
PRISM's exact hash for the same response, quirks included."""

from __future__ import annotations

import hashlib
import re

# Only a fence whose info string is 1c, 1С (Cyrillic С), bsl or empty, followed by optional
# whitespace and a newline. A fence with another tag fails *at that position*; the search then
# goes on and may match a later fence, including the closing fence of that other block.
_BSL_FENCE = re.compile(r"```(?:1c|1С|bsl)?\s*\n(.*?)```", re.DOTALL | re.IGNORECASE)


def normalise_for_hash(response: str) -> str:
    """The text that is hashed: the first matching fenced block (or the whole response),
    stripped, lines right-stripped, blank lines dropped at both ends, joined with `\\n`."""
    match = _BSL_FENCE.search(response)
    text = match.group(1) if match else response
    lines = [line.rstrip() for line in text.strip().split("\n")]
    start, end = 0, len(lines)
    while start < end and not lines[start].strip():
        start += 1
    while end > start and not lines[end - 1].strip():
        end -= 1
    return "\n".join(lines[start:end])


def response_hash(response: str | None, *, success: bool | None = True) -> str:
    """Lower-case hex SHA-256 of the normalised response; "" for an empty response or a failed
    generation (they contribute no hash). `success=None` (legacy records) hashes normally."""
    if success is False or not response:
        return ""
    return hashlib.sha256(normalise_for_hash(response).encode("utf-8")).hexdigest()
