"""The bounded JSON reader of coding-bench task files (workspace/json_input.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from prism_desktop.workspace.errors import WorkspaceError
from prism_desktop.workspace.json_input import nesting_too_deep, read_json_object


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    text = '{"prompt": "' + "[{" * 100 + '\\"]"}'
    assert nesting_too_deep(text, 2) is None


def test_the_first_bracket_past_the_limit_is_located() -> None:
    assert nesting_too_deep('{\n  "a": [[1]]\n}', 2) == (2, 9)
    assert nesting_too_deep('{\n  "a": [[1]]\n}', 3) is None


def test_a_file_at_the_limits_is_read_and_one_past_them_refused(tmp_path: Path) -> None:
    path = tmp_path / "task.json"
    path.write_text('{"a": [[[]]]}', encoding="utf-8")
    assert read_json_object(path, max_depth=4) == {"a": [[[]]]}
    with pytest.raises(
        WorkspaceError, match=r"task.json:1:9: JSON nested too deeply, expected at most 3 levels"
    ):
        read_json_object(path, max_depth=3)
    with pytest.raises(WorkspaceError, match="found 13 bytes, expected at most 12 bytes"):
        read_json_object(path, max_bytes=12)
