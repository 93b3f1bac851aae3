"""The lint/type gate of library tasks (ruff, mypy) in the Python image: the reference passes it, a
candidate with findings is reported tool by tool, and neither changes the tests' verdicts."""

from __future__ import annotations

import pytest

from prism_desktop.services.code_candidates import reference_answer
from prism_desktop.workspace.coding import CodingWorkspace
from tests.code.conftest import RunAnswer, statuses

pytestmark = [pytest.mark.docker, pytest.mark.slow]
TASK = "lib_textkit"  # gate: ruff, mypy


def test_the_reference_passes_ruff_and_mypy(run_answer: RunAnswer, coding_workspace: CodingWorkspace) -> None:
    task = coding_workspace.task(TASK)
    result = run_answer(TASK, reference_answer(task) or "")
    assert "ruff " in result.toolchain and "mypy " in result.toolchain
    assert {g.tool: g.status for g in result.gate or []} == {"ruff": "pass", "mypy": "pass"}
    assert set(statuses(result).values()) == {"pass"}


def test_findings_are_reported_per_tool_and_the_tests_still_decide(
    run_answer: RunAnswer, coding_workspace: CodingWorkspace
) -> None:
    task = coding_workspace.task(TASK)
    files = dict(task.extra["reference_files"])
    slug = files["textkit/slug.py"]
    slug = slug.replace("import re\n", "import os\nimport re\n", 1)  # ruff F401
    slug += '\n\ndef _width() -> int:\n    return "wide"\n'  # mypy: incompatible return value
    files["textkit/slug.py"] = slug
    answer = "\n".join(f"```python {path}\n{text}```\n" for path, text in sorted(files.items()))
    result = run_answer(TASK, answer)
    gate = {g.tool: g for g in result.gate or []}
    assert gate["ruff"].status == "fail" and [d.code for d in gate["ruff"].diagnostics] == ["F401"]
    assert gate["ruff"].diagnostics[0].file == "textkit/slug.py"
    assert gate["mypy"].status == "fail" and gate["mypy"].diagnostics[0].code == "return-value"
    assert result.compile is not None and result.compile.ok
    assert set(statuses(result).values()) == {"pass"}
