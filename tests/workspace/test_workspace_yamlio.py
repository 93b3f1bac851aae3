"""YAML and text reading: BOM, safe loading, source lines, duplicate keys, merge keys."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from workspace_fixture import write

from prism_desktop.workspace.errors import WorkspaceError
from prism_desktop.workspace.yamlio import key_text, load_yaml, read_text


def test_bom_and_lines(tmp_path: Path) -> None:
    path = tmp_path / "a.yaml"
    path.write_bytes("\ufeffa: 1\nb:\n  - x\n  - {c: 2026-01-10}\n".encode())
    doc = load_yaml(path)
    assert doc.data == {"a": 1, "b": ["x", {"c": dt.date(2026, 1, 10)}]}
    assert doc.line(("b", 1, "c")) == 4
    assert doc.line(("b", 0)) == 3
    assert doc.line(("b", 5, "missing")) == 2  # nearest ancestor present


def test_safe_loader_refuses_python_tags(tmp_path: Path) -> None:
    path = write(tmp_path / "evil.yaml", "x: !!python/object/apply:os.system ['true']\n")
    with pytest.raises(WorkspaceError) as caught:
        load_yaml(path)
    assert caught.value.problems[0].line == 1 and "invalid YAML" in str(caught.value)


def test_duplicate_keys_are_errors(tmp_path: Path) -> None:
    path = write(tmp_path / "d.yaml", "id: A1\nname: x\nid: A2\n")
    with pytest.raises(WorkspaceError) as caught:
        load_yaml(path)
    assert str(caught.value) == f"{path}:3: id: duplicate key, expected each key once per mapping"


def test_merge_keys_may_override(tmp_path: Path) -> None:
    path = write(tmp_path / "m.yaml", "base: &b {x: 1, y: 2}\nd:\n  <<: *b\n  x: 3\n")
    assert load_yaml(path).data["d"] == {"x": 3, "y": 2}


def test_invalid_utf8_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_bytes(b"a: 1\nb: \xff\n")
    with pytest.raises(WorkspaceError) as caught:
        load_yaml(path)
    assert str(caught.value) == f"{path}:2: found byte 0xff, expected UTF-8 text"


def test_read_text_strips_bom_and_normalises_newlines(tmp_path: Path) -> None:
    path = tmp_path / "x.bsl"
    path.write_bytes("\ufeffА\r\nБ\rВ\n".encode())
    assert read_text(path) == "А\nБ\nВ\n"
    with pytest.raises(WorkspaceError, match="file not found"):
        read_text(tmp_path / "none.bsl")


def test_key_text() -> None:
    assert key_text(("tests", 3, "expected")) == "tests[3].expected"
    assert key_text(("axes", "M", "criteria", 10)) == "axes.M.criteria[10]"
