"""response_hash must give PRISM's hash for the same response (PRISM_FORMAT §4.1). Expected
values are the SHA-256 of the normalised text written out by hand."""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from prism_desktop.scoring.hashing import normalise_for_hash, response_hash


def sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@pytest.mark.parametrize(
    ("response", "normalised"),
    [
        ("```bsl\nФункция Ф()\nКонецФункции\n```", "Функция Ф()\nКонецФункции"),
        ("Текст\n```1c\nА = 1;\n```\nпосле", "А = 1;"),
        ("```1C\nА = 1;\n```", "А = 1;"),
        ("```1С\nА = 1;\n```", "А = 1;"),  # Cyrillic С
        ("```1с\nА = 1;\n```", "А = 1;"),  # Cyrillic с, case-insensitive
        ("```BSL\nА = 1;\n```", "А = 1;"),
        ("```\nА = 1;\n```", "А = 1;"),
        ("```bsl   \t\nА = 1;\n```", "А = 1;"),  # whitespace before the newline
        ("```bsl\r\nА = 1;\r\nБ = 2;  \r\n```", "А = 1;\nБ = 2;"),
        ("```bsl\n\n\n    Отступ = 1;\n  Б = 2;   \n\n```", "Отступ = 1;\n  Б = 2;"),
        ("Функция Ф()   \n\tВозврат 1;\t\nКонецФункции\n\n", "Функция Ф()\n\tВозврат 1;\nКонецФункции"),
        # Unterminated fence: no match, the whole text (fence line included) is hashed.
        ("```bsl\nА = 1;", "```bsl\nА = 1;"),
        # Two blocks of the accepted kind: the first wins.
        ("```bsl\nА = 1;\n```\n```bsl\nБ = 2;\n```", "А = 1;"),
    ],
)
def test_normalisation_cases(response: str, normalised: str) -> None:
    assert normalise_for_hash(response) == normalised
    assert response_hash(response) == sha(normalised)


def test_other_language_first_matches_the_text_between_the_blocks() -> None:
    # The ```python fence fails at its position; the search goes on and its *closing* fence,
    # followed by a newline, is taken as an empty-info opening fence: PRISM hashes the prose
    # between the two blocks, not the BSL block.
    response = "```python\nprint(1)\n```\nА теперь BSL:\n```bsl\nКод = 1;\n```"
    assert normalise_for_hash(response) == "А теперь BSL:"
    assert response_hash(response) == sha("А теперь BSL:")


def test_other_language_alone_hashes_the_whole_text() -> None:
    response = "```python\nprint(1)\n```"
    assert response_hash(response) == sha(response)


def test_info_string_with_a_second_word_does_not_match_there() -> None:
    response = "```bsl title\nКод = 1;\n```"
    assert normalise_for_hash(response) == response.strip()


def test_no_fence_hashes_the_stripped_text() -> None:
    assert response_hash("  Возврат 1;  \n") == sha("Возврат 1;")


def test_empty_or_failed_responses_have_no_hash() -> None:
    assert response_hash("") == ""
    assert response_hash(None) == ""
    assert response_hash("```bsl\nА = 1;\n```", success=False) == ""
    assert response_hash("А = 1;", success=None) == sha("А = 1;")  # legacy record without `success`


def test_whitespace_only_response_hashes_the_empty_string() -> None:
    # PRISM hashes any non-empty successful response, even one that normalises to nothing.
    assert response_hash("  \n ") == sha("")


def test_a_known_digest() -> None:
    # UTF-8 bytes of the Cyrillic text, not some other encoding.
    assert (
        response_hash("```bsl\nВозврат 1;\n```")
        == "3eb97b0e26fecdcab38908f2354c1c3e317a2b4b9677c6eecd405ea55e2bb3cd"
    )


# Any encodable text without backticks or line breaks: one line of code.
_line = st.text(alphabet=st.characters(codec="utf-8", exclude_characters="`\r\n"), max_size=30)
_code = st.lists(_line, min_size=1, max_size=8).map("\n".join)


@given(_code)
def test_fencing_bsl_code_does_not_change_its_hash(code: str) -> None:
    if code.strip():
        assert response_hash(f"Ответ:\n```bsl\n{code}\n```\nГотово.") == response_hash(code)


@given(_code, st.lists(st.sampled_from([" ", "\t"]), max_size=4).map("".join))
def test_trailing_whitespace_on_lines_is_ignored(code: str, pad: str) -> None:
    padded = "\n".join(line + pad for line in code.split("\n"))
    assert normalise_for_hash(padded) == normalise_for_hash(code)


@given(_code)
def test_crlf_line_endings_hash_like_lf(code: str) -> None:
    assert normalise_for_hash(code.replace("\n", "\r\n")) == normalise_for_hash(code)


@given(_code, st.integers(0, 3), st.integers(0, 3))
def test_blank_lines_around_the_code_are_ignored(code: str, before: int, after: int) -> None:
    assert normalise_for_hash("\n  " * before + code + "\n\t" * after) == normalise_for_hash(code)


@given(_code)
def test_normalisation_is_idempotent(code: str) -> None:
    once = normalise_for_hash(code)
    assert normalise_for_hash(once) == once


@given(_code)
def test_hash_is_lower_hex_sha256(code: str) -> None:
    digest = response_hash(code)
    if code:
        assert len(digest) == 64 and digest == digest.lower()
        int(digest, 16)
