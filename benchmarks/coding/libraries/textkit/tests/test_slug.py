from textkit import slugify, transliterate


def test_transliterate_lower():
    assert transliterate("привет") == "privet"


def test_transliterate_keeps_case():
    assert transliterate("Щука и Ёж") == "Shchuka i Ezh"


def test_transliterate_keeps_other_characters():
    assert transliterate("R2-D2, ok!") == "R2-D2, ok!"


def test_slug_basic():
    assert slugify("Привет, мир!") == "privet-mir"


def test_slug_mixed():
    assert slugify("  Отчёт за 2026 год (v2) ") == "otchet-za-2026-god-v2"


def test_slug_soft_signs():
    assert slugify("Объявление: подъезд") == "obyavlenie-podezd"


def test_slug_cut_at_boundary():
    assert slugify("раз два три четыре", max_length=12) == "raz-dva-tri"


def test_slug_long_first_word():
    assert slugify("достопримечательность", max_length=8) == "dostopri"


def test_slug_empty():
    assert slugify("!!!") == "n-a"
