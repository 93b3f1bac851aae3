"""textkit: small helpers for Russian and English text — slugs, wrapping, word counts."""

from textkit.slug import slugify, transliterate
from textkit.wrap import count_words, wrap

__all__ = ["count_words", "slugify", "transliterate", "wrap"]
