"""Transliteration of Russian text to Latin letters and URL slugs."""

from __future__ import annotations

import re

TABLE = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh", "з": "z", "и": "i",
    "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t",
    "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "",
    "э": "e", "ю": "yu", "я": "ya",
}  # fmt: skip


def transliterate(text: str) -> str:
    out = []
    for char in text:
        lower = char.lower()
        if lower in TABLE:
            latin = TABLE[lower]
            out.append(latin.capitalize() if char != lower else latin)
        else:
            out.append(char)
    return "".join(out)


def slugify(text: str, max_length: int = 60) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", transliterate(text).lower()).strip("-")
    if len(slug) > max_length:
        cut = slug[: max_length + 1]
        slug = cut[: cut.rfind("-")] if "-" in cut else slug[:max_length]
        slug = slug.strip("-")
    return slug or "n-a"
