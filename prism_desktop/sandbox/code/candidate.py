"""From a model's answer to the candidate's source file for a code task. Used on the host when a run
spec is built and by scoring (the same text is hashed and shown); pure standard library.

The code is the first fenced block tagged with the task's language (```python, ```ts/```typescript,
```go) or untagged; blocks in other languages before it are skipped. An answer without any fence is
taken whole. Go code is put in `package solution`, where the tests live."""

from __future__ import annotations

import re

FENCE = re.compile(
    r"^[ \t]*(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^\n`]*)\n(?P<body>.*?)^[ \t]*(?P=fence)[ \t]*$",
    re.DOTALL | re.MULTILINE,
)
OPENING = re.compile(r"^[ \t]*(?:`{3,}|~{3,})[ \t]*(?P<info>[^\n`]*)\n", re.MULTILINE)
ALIASES = {
    "python": {"python", "py", "python3"},
    "typescript": {"typescript", "ts"},
    "go": {"go", "golang"},
}
GO_PACKAGE = re.compile(r"^[ \t]*package[ \t]+\w+[ \t]*$", re.MULTILINE)


def fenced_blocks(text: str) -> list[tuple[str, str]]:
    """(tag, body) of every fenced block, in order; the tag is the info string's first word, lower-cased."""
    blocks = []
    for match in FENCE.finditer(text):
        info = match["info"].strip().split()
        blocks.append((info[0].lower() if info else "", match["body"]))
    return blocks


def extract_code(response: str, language: str) -> str | None:
    """The candidate's code, or None when the answer has fenced blocks but none in the language."""
    blocks = fenced_blocks(response)
    if not blocks:
        if OPENING.search(response):
            return _unterminated(response, language)
        code = response.strip("\n")
        return _finish(code, language) if code.strip() else None
    for tag, body in blocks:
        if tag == "" or tag in ALIASES[language]:
            return _finish(body, language)
    return _unterminated(response, language)


def _unterminated(response: str, language: str) -> str | None:
    """An answer cut off inside its code block (the generation hit its token limit): the last opening
    fence in the language, with no closing fence after it, up to the end."""
    closed_end = max((m.end() for m in FENCE.finditer(response)), default=0)
    opening = OPENING.search(response, closed_end)
    if opening is None:
        return None
    tag = (opening["info"].strip().split() or [""])[0].lower()
    return _finish(response[opening.end() :], language) if tag in ALIASES[language] else None


def _finish(code: str, language: str) -> str:
    if language != "go":
        return code if code.endswith("\n") else code + "\n"
    if GO_PACKAGE.search(code):
        code = GO_PACKAGE.sub("package solution", code, count=1)
    else:
        code = "package solution\n\n" + code
    return code if code.endswith("\n") else code + "\n"
