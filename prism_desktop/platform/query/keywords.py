"""Keywords of the query language in both languages. The parser asks `kw(token)` for a canonical
English name; words that are not reserved (Ссылка, Количество, Год …) stay usable as field names."""

from __future__ import annotations

from typing import Final

_PAIRS: Final[tuple[tuple[str, str], ...]] = (
    ("ВЫБРАТЬ", "SELECT"),
    ("РАЗРЕШЕННЫЕ", "ALLOWED"),
    ("РАЗЛИЧНЫЕ", "DISTINCT"),
    ("ПЕРВЫЕ", "TOP"),
    ("КАК", "AS"),
    ("ПОМЕСТИТЬ", "INTO"),
    ("ИЗ", "FROM"),
    ("ГДЕ", "WHERE"),
    ("СГРУППИРОВАТЬ", "GROUP"),
    ("ПО", "BY"),
    ("ИМЕЮЩИЕ", "HAVING"),
    ("УПОРЯДОЧИТЬ", "ORDER"),
    ("ВОЗР", "ASC"),
    ("УБЫВ", "DESC"),
    ("ИТОГИ", "TOTALS"),
    ("ОБЩИЕ", "OVERALL"),
    ("ОБЪЕДИНИТЬ", "UNION"),
    ("ВСЕ", "ALL"),
    ("ЛЕВОЕ", "LEFT"),
    ("ПРАВОЕ", "RIGHT"),
    ("ВНУТРЕННЕЕ", "INNER"),
    ("ПОЛНОЕ", "FULL"),
    ("ВНЕШНЕЕ", "OUTER"),
    ("СОЕДИНЕНИЕ", "JOIN"),
    ("И", "AND"),
    ("ИЛИ", "OR"),
    ("НЕ", "NOT"),
    ("В", "IN"),
    ("ИЕРАРХИИ", "HIERARCHY"),
    ("МЕЖДУ", "BETWEEN"),
    ("ПОДОБНО", "LIKE"),
    ("СПЕЦСИМВОЛ", "ESCAPE"),
    ("ЕСТЬ", "IS"),
    ("ВЫБОР", "CASE"),
    ("КОГДА", "WHEN"),
    ("ТОГДА", "THEN"),
    ("ИНАЧЕ", "ELSE"),
    ("КОНЕЦ", "END"),
    ("ИСТИНА", "TRUE"),
    ("ЛОЖЬ", "FALSE"),
    ("НЕОПРЕДЕЛЕНО", "UNDEFINED"),
    ("УНИЧТОЖИТЬ", "DROP"),
    ("ДЛЯ", "FOR"),
    ("ИЗМЕНЕНИЯ", "UPDATE"),
    ("ИНДЕКСИРОВАТЬ", "INDEX"),
    ("АВТОУПОРЯДОЧИВАНИЕ", "AUTOORDER"),
    ("ИЕРАРХИЯ", "HIERARCHY_ONLY"),
    ("ТОЛЬКО", "ONLY"),
    ("ПЕРИОДАМИ", "PERIODS"),
)
# ПО is "BY" and "ON" alike; NULL is spelled the same in both languages; ССЫЛКА ("REFS") is an
# operator only after an operand, elsewhere it is the field Ссылка; functions such as ЗНАЧЕНИЕ and
# ВЫРАЗИТЬ are recognised only before "(" (Значение is also a field name).
_EXTRA: Final = {"on": "BY", "null": "NULL"}

KEYWORDS: Final[dict[str, str]] = {
    **{spelling.lower().replace("ё", "е"): en for ru, en in _PAIRS for spelling in (ru, en)},
    **_EXTRA,
}
REFS_WORDS: Final = frozenset({"ссылка", "refs"})


def kw(key: str) -> str | None:
    """The canonical keyword of a normalised word, or None when the word is not reserved."""
    return KEYWORDS.get(key)
