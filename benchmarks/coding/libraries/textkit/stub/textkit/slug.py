"""Transliteration of Russian text to Latin letters and URL slugs."""

from __future__ import annotations

TABLE = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh", "з": "z", "и": "i",
    "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t",
    "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "",
    "э": "e", "ю": "yu", "я": "ya",
}  # fmt: skip


def transliterate(text: str) -> str:
    """Replace each Russian letter by TABLE's Latin letters, keeping case: an upper-case letter gives its
    replacement capitalised ('Щука' -> 'Shchuka'). Every other character is kept as it is."""
    raise NotImplementedError


def slugify(text: str, max_length: int = 60) -> str:
    """A URL slug: transliterate, lower-case, every run of characters other than a-z and 0-9 becomes one
    '-', no '-' at either end; cut to max_length at a '-' boundary when possible (never in the middle of a
    word unless the first word alone is longer). An empty result is 'n-a'."""
    raise NotImplementedError
