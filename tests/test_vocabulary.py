"""vocabulary.py: the domain rules that have one home there — which axes apply to a category (with
and without a protocol) and the expert's scale, which must be the constitution's."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from prism_desktop import vocabulary
from prism_desktop.services.onec_workspace import onec_protocols
from prism_desktop.vocabulary import AXES, GRADE_STEPS, applicable_axes, axis_applies
from prism_desktop.workspace.coding_bench import coding_protocols
from prism_desktop.workspace.onec_bench import LEVELS
from prism_desktop.workspace.protocol_loader import load_protocols

METRICS = Path(__file__).resolve().parents[1] / "metrics"


def test_p_applies_to_category_b_only_by_the_constitutions_rule() -> None:
    assert applicable_axes("A") == ("S", "M", "O")
    assert applicable_axes("B") == ("S", "M", "O", "P")
    # A coding bench's dataset folder is not category B: no P (a flipped `== "B"` gives it P).
    assert applicable_axes("python") == ("S", "M", "O")
    assert [axis_applies("P", c) for c in ("A", "B", "python")] == [False, True, False]
    assert all(axis_applies(a, c) for a in ("S", "M", "O") for c in ("A", "B", "python"))
    assert not axis_applies("Q", "B")  # Q is computed from the axes, never one of them


def test_a_protocols_applies_to_overrides_the_rule() -> None:
    onec = onec_protocols()
    # The 1C Code Bench grades P on every level; the coding bench never.
    assert applicable_axes(LEVELS[0], onec.l2.axes) == AXES
    assert applicable_axes(LEVELS[0]) == ("S", "M", "O")
    coding = coding_protocols(("python", "go"))
    assert applicable_axes("python", coding.l2.axes) == ("S", "M", "O")
    assert applicable_axes("B", coding.l2.axes) == ()  # a category the protocol does not name
    assert axis_applies("P", LEVELS[1], onec.l2.axes) and not axis_applies("P", "go", coding.l2.axes)


def test_prisms_protocols_say_what_the_rule_says() -> None:
    protocols = load_protocols(METRICS)
    for category in vocabulary.CATEGORIES:
        assert protocols.constitution.applicable_axes(category) == applicable_axes(category)
        assert applicable_axes(category, protocols.l2.axes) == applicable_axes(category)


def test_the_grade_steps_are_the_constitutions_valid_scores() -> None:
    assert load_protocols(METRICS).constitution.valid_scores == GRADE_STEPS
    assert onec_protocols().constitution.valid_scores == GRADE_STEPS
    assert coding_protocols(("python",)).constitution.valid_scores == GRADE_STEPS


@pytest.mark.parametrize("category", ["A", "B", "базовый"])
def test_axis_applies_is_membership_of_applicable_axes(category: str) -> None:
    l2 = onec_protocols().l2.axes
    for axis in AXES:
        assert axis_applies(axis, category) == (axis in applicable_axes(category))
        assert axis_applies(axis, category, l2) == (axis in applicable_axes(category, l2))


def test_the_domains_words_are_imported_from_the_vocabulary_not_from_the_orm() -> None:
    """store/models names the vocabulary for its table constraints; every other module (the GUI
    above all) takes the words from vocabulary.py, so the ORM module is not their home."""
    words = {"AXES", "GRADE_AXES", "GRADE_STEPS", "CATEGORIES", "DEFAULT_APPLICABLE"}
    package = Path(__file__).resolve().parents[1] / "prism_desktop"
    offenders = []
    for path in sorted(package.rglob("*.py")):
        if path.parent.name == "store":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "prism_desktop.store.models":
                offenders += [f"{path.relative_to(package)}: {a.name}" for a in node.names if a.name in words]
    assert offenders == []
