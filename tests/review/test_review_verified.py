"""Verified marks follow metrics/verification.yaml: the bundled file equals the defaults, a bad
file is refused with its key and line, and changing the file changes the marks."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from prism_desktop.review.analysis import analyse
from prism_desktop.review.dataset import GradedRun
from prism_desktop.review.verification_rules import (
    AxisRule,
    VerificationRules,
    load_verification_rules,
    rules_for_workspace,
)
from prism_desktop.workspace.errors import WorkspaceError

REPO = Path(__file__).resolve().parents[2]
BUNDLED = REPO / "metrics" / "verification.yaml"
EXPERTS = ("e1", "e2", "e3")


def _run(
    task: str, index: int, machine: dict[str, int | None], experts: dict[str, dict[str, int]]
) -> GradedRun:
    return GradedRun(task, "m", index, "B" if machine.get("P") is not None else "A", machine, experts)


def _rules_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "verification.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_bundled_file_equals_the_defaults(tmp_path: Path) -> None:
    assert load_verification_rules(BUNDLED) == VerificationRules(source=str(BUNDLED))
    assert rules_for_workspace(tmp_path) == VerificationRules()  # a PRISM checkout has no such file
    (tmp_path / "metrics").mkdir()
    shutil.copy(BUNDLED, tmp_path / "metrics" / "verification.yaml")
    assert rules_for_workspace(tmp_path).source == str(tmp_path / "metrics" / "verification.yaml")


def test_axis_overrides_inherit_the_default(tmp_path: Path) -> None:
    path = _rules_file(
        tmp_path,
        "axes:\n  default: {min_value: 0.7}\n  O: {projected: true, statistic: kappa_linear}\n",
    )
    rules = load_verification_rules(path)
    assert rules.axis_rule("S") == AxisRule(min_value=0.7)
    assert rules.axis_rule("O") == AxisRule(min_value=0.7, projected=True, statistic="kappa_linear")
    assert rules.axis_rule("O").figure == "projected.kappa_linear"


def test_bad_file_names_key_line_found_and_expected(tmp_path: Path) -> None:
    path = _rules_file(
        tmp_path,
        "runs:\n  min_experts: 0\n  consensus: mean\naxes:\n  M:\n    statistic: pearson\n    split: test\n"
        "  default: {min_value: 3}\nextra: 1\n",
    )
    with pytest.raises(WorkspaceError) as error:
        load_verification_rules(path)
    text = str(error.value)
    for expected in (
        f"{path}:2: runs.min_experts: found the integer 0, expected an integer ≥ 1",
        f"{path}:3: runs.consensus: found the string 'mean', expected one of 'median', 'median_high'",
        f"{path}:6: axes.M.statistic: found the string 'pearson'",
        f"{path}:7: axes.M.split: found the string 'test'",
        f"{path}:8: axes.default.min_value: found the integer 3, expected a number from -1 to 1",
        f"{path}:9: extra: unknown key",
    ):
        assert expected in text


def _agreeing_runs(n_tasks: int = 12) -> list[GradedRun]:
    """Machine and all three experts agree on S/M/O, except on the first run of every fourth task
    (T01, T05, T09, validation tasks below), where all experts put O one step below the machine."""
    runs = []
    steps = (0, 2, 4, 6, 8, 10)
    for t in range(n_tasks):
        for r in range(6):
            s, m, o = steps[(t + r) % 6], steps[(t + 2 * r) % 6], steps[1 + (t + r) % 5]
            machine = {"S": s, "M": m, "O": o, "P": None}
            grade = {"S": s, "M": m, "O": o}
            experts = {e: dict(grade) for e in EXPERTS}
            if r == 0 and t % 4 == 1:
                shifted = steps[steps.index(o) - 1]
                experts = {e: {**grade, "O": shifted} for e in EXPERTS}  # consensus one step below
            runs.append(_run(f"T{t:02d}", r, machine, experts))
    return runs


def test_changing_the_file_changes_the_marks(tmp_path: Path) -> None:
    runs = _agreeing_runs()
    split = {f"T{t:02d}": ("validation" if t % 2 else "calibration") for t in range(12)}

    def marks(text: str) -> tuple[int, dict[tuple[str, str], bool]]:
        rules = load_verification_rules(_rules_file(tmp_path, text))
        analysis = analyse(runs, EXPERTS, split, rules, bootstrap=200, seed=1)
        return len(analysis.verified_runs), {k: v.verified for k, v in analysis.axis_verdicts.items()}

    strict_runs, strict_axes = marks("runs: {tolerance_steps: 0}\n")
    loose_runs, _ = marks("runs: {tolerance_steps: 1}\n")
    assert strict_runs == len(runs) - 3  # the runs whose O consensus is one step off
    assert loose_runs == len(runs)
    assert strict_axes == {("A", "S"): True, ("A", "M"): True, ("A", "O"): True}
    _, demanding = marks("axes:\n  O: {min_value: 0.999}\n")
    assert demanding == {("A", "S"): True, ("A", "M"): True, ("A", "O"): False}
    required_runs, _ = marks(
        "runs: {tolerance_steps: 1, require_verified_axes: true}\naxes:\n  O: {min_value: 0.999}\n"
    )
    assert required_runs == 0  # every A run has O, and O is not Verified for A
    unanimous_runs, _ = marks("runs: {consensus: unanimous, min_experts: 3}\n")
    assert unanimous_runs == strict_runs


def test_run_verdict_reasons() -> None:
    rules = VerificationRules()
    split = {"T0": "validation", "T1": "calibration"}
    runs = [
        _run(
            "T0",
            0,
            {"S": 10, "M": 8, "O": None, "P": None},
            {"e1": {"S": 10, "M": 8}, "e2": {"S": 10, "M": 8}},
        ),
        _run("T0", 1, {"S": 10, "M": 8, "O": 6, "P": None}, {"e1": {"S": 10, "M": 8, "O": 6}}),
        _run(
            "T1",
            0,
            {"S": 10, "M": 8, "O": 6, "P": None},
            {"e1": {"S": 8, "M": 8, "O": 6}, "e2": {"S": 8, "M": 8, "O": 6}},
        ),
    ]
    verdicts = analyse(runs, ("e1", "e2"), split, rules, bootstrap=0).run_verdicts
    assert verdicts[0].verified and verdicts[0].applicable == ("S", "M")  # O not measured: nothing to verify
    assert not verdicts[1].verified and "no consensus on S, M, O" in verdicts[1].reason
    assert not verdicts[2].verified and "differ beyond 0 step(s) on S" in verdicts[2].reason
    assert verdicts[2].agreeing == ("M", "O")
