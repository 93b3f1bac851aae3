"""Inline suppressions are taken out of the copy the gate checks: only comments (never the same text in
a string), every form ruff and mypy honour, each reported with its line; lines keep their numbers."""

from __future__ import annotations

from prism_desktop.sandbox.code.gate import NEUTRAL_COMMENT, without_suppressions

SOURCE = '''# ruff: noqa
# mypy: ignore-errors
"""# noqa in a docstring stays."""
import os  # noqa: F401
x = "# type: ignore"  # type: ignore[assignment]
y: int = "s"  #type:ignore
# flake8: noqa
# mypy: disable-error-code="return-value"
z = 1  # an ordinary comment
'''


def test_every_suppressing_comment_is_neutralised_and_reported() -> None:
    text, found = without_suppressions(SOURCE)
    assert found == [
        (1, "# ruff: noqa"),
        (2, "# mypy: ignore-errors"),
        (4, "# noqa: F401"),
        (5, "# type: ignore[assignment]"),
        (6, "#type:ignore"),
        (7, "# flake8: noqa"),
        (8, '# mypy: disable-error-code="return-value"'),
    ]
    lines = text.splitlines()
    assert len(lines) == len(SOURCE.splitlines())
    assert lines[0] == NEUTRAL_COMMENT and lines[3] == f"import os  {NEUTRAL_COMMENT}"
    assert (
        lines[2] == '"""# noqa in a docstring stays."""'
        and lines[4] == f'x = "# type: ignore"  {NEUTRAL_COMMENT}'
    )
    assert lines[8] == "z = 1  # an ordinary comment"
    assert lines[1] == lines[6] == lines[7] == NEUTRAL_COMMENT
    assert lines[5] == f'y: int = "s"  {NEUTRAL_COMMENT}'
