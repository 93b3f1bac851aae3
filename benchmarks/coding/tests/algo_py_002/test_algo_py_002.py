from solution import top_k_words


def test_simple():
    assert top_k_words("a b a c b a", 2) == [("a", 3), ("b", 2)]


def test_case_insensitive_cyrillic():
    assert top_k_words("Привет привет ПРИВЕТ мир", 1) == [("привет", 3)]


def test_ties_alphabetical():
    assert top_k_words("дом кот дом кот сад", 2) == [("дом", 2), ("кот", 2)]


def test_punctuation_ignored():
    assert top_k_words("Да, да! Нет... да?", 2) == [("да", 3), ("нет", 1)]


def test_fewer_words_than_k():
    assert top_k_words("one two", 5) == [("one", 1), ("two", 1)]


def test_empty_text():
    assert top_k_words("", 3) == []


def test_digits_are_words():
    assert top_k_words("2024 год 2024", 1) == [("2024", 2)]
