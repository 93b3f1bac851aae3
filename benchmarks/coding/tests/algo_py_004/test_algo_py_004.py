import pytest

from solution import roman_to_int


def test_simple():
    assert roman_to_int("III") == 3


def test_subtractive():
    assert roman_to_int("IV") == 4
    assert roman_to_int("IX") == 9


def test_mixed():
    assert roman_to_int("MCMXCIV") == 1994


def test_max():
    assert roman_to_int("MMMCMXCIX") == 3999


def test_empty_rejected():
    with pytest.raises(ValueError):
        roman_to_int("")


def test_non_canonical_rejected():
    with pytest.raises(ValueError):
        roman_to_int("IIII")


def test_foreign_symbols_rejected():
    with pytest.raises(ValueError):
        roman_to_int("XIZ")


def test_lowercase_rejected():
    with pytest.raises(ValueError):
        roman_to_int("xii")
