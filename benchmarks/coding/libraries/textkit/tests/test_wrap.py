import pytest

from textkit import count_words, wrap


def test_count_simple():
    assert count_words("Раз, два — три!") == 3


def test_count_hyphen_and_apostrophe():
    assert count_words("кто-то сказал: don't") == 3


def test_count_empty():
    assert count_words("  — ") == 0


def test_wrap_basic():
    assert wrap("мама мыла раму долго", 9) == ["мама мыла", "раму", "долго"]


def test_wrap_exact_width():
    assert wrap("ab cd", 5) == ["ab cd"]


def test_wrap_long_word():
    assert wrap("a невероятно b", 4) == ["a", "невероятно", "b"]


def test_wrap_whitespace_collapsed():
    assert wrap("  a\n\n b\tc  ", 10) == ["a b c"]


def test_wrap_blank():
    assert wrap("   ", 10) == []


def test_wrap_bad_width():
    with pytest.raises(ValueError):
        wrap("a", 0)
