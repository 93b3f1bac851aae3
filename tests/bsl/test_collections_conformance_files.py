"""The collection conformance programs are well-formed: each states its expectation in the agreed
comment format and compiles without diagnostics (their run is the harness's job)."""

from __future__ import annotations

from pathlib import Path

import pytest

from prism_desktop.bsl.checker import check_module

FOLDER = Path(__file__).parent / "conformance" / "collections"
PROGRAMS = sorted(FOLDER.glob("*.bsl"))


def test_there_are_enough_programs() -> None:
    assert len(PROGRAMS) >= 120


@pytest.mark.parametrize("path", PROGRAMS, ids=lambda p: p.stem)
def test_program_is_well_formed(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    expects_output = "// ожидается:" in lines
    expects_error = any(line.startswith("// ошибка: ") for line in lines)
    assert expects_output != expects_error, "exactly one of '// ожидается:' and '// ошибка:'"
    if expects_output:
        tail = lines[lines.index("// ожидается:") + 1 :]
        assert tail and all(line.startswith("// ") for line in tail)
    problems = [d for d in check_module(text, str(path)) if d.severity == "error"]
    assert problems == []
