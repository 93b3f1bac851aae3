import re

_CANONICAL = re.compile(r"^M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})$")
_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


def roman_to_int(s: str) -> int:
    if not s or not _CANONICAL.match(s):
        raise ValueError(f"not a canonical Roman numeral: {s!r}")
    total = 0
    for current, following in zip(s, s[1:] + " "):
        value = _VALUES[current]
        total += -value if following != " " and _VALUES[following] > value else value
    return total
