"""From a model's response to the candidate code (PRISM_FORMAT §3.1.2). The category-A trailing
module-body stripping (§3.1.4) is applied by the test harness: bsl/candidate_text.py."""

from __future__ import annotations

import re

# The scorer's broad fence rule: any info word (word characters, Cyrillic, `+`), optional
# whitespace, a newline, then lazily up to the next three backticks. The hash uses a narrower
# rule (hashing.py), so hashed and scored text can differ, exactly as in PRISM.
_FIRST_FENCE = re.compile(r"```[\w+]*\s*\n(.*?)```", re.DOTALL)


def extract_code(response: str) -> str:
    """The first fenced block's inner text, or the whole response when there is none (an
    unterminated fence does not count), stripped."""
    match = _FIRST_FENCE.search(response)
    return (match.group(1) if match else response).strip()
