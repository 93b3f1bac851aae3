"""extract_code (PRISM_FORMAT §3.1.2) and the category-A module-tail stripping (§3.1.4)."""

from __future__ import annotations

import pytest

from prism_desktop.scoring.extraction import extract_code


@pytest.mark.parametrize(
    ("response", "code"),
    [
        ("```bsl\nА = 1;\n```", "А = 1;"),
        ("Пояснение\n```python\nprint(1)\n```\n```bsl\nА = 1;\n```", "print(1)"),  # broad: any tag
        ("```1С\n  А = 1;  \n```", "А = 1;"),
        ("```c++\nА = 1;\n```", "А = 1;"),
        ("```\nА = 1;\n```", "А = 1;"),
        ("  Функция Ф()\nКонецФункции  ", "Функция Ф()\nКонецФункции"),
        ("```bsl\nА = 1;", "```bsl\nА = 1;"),  # unterminated: the whole text, fence line included
        ("```bsl\r\nА = 1;\r\n```", "А = 1;"),
    ],
)
def test_extract_code(response: str, code: str) -> None:
    assert extract_code(response) == code


def test_scored_and_hashed_text_may_differ() -> None:
    # The scorer takes the python block; the hash rule would not (see test_scoring_hashing).
    assert extract_code("```python\nprint(1)\n```\nтекст\n```bsl\nА = 1;\n```") == "print(1)"
