"""workspace/results.same_answer: the one rule by which a run found under the same (task, model,
run_index) key in two files (expert vs auto file, auto file vs the store, ours vs PRISM's) is taken
for the same answer."""

from __future__ import annotations

import pytest

from prism_desktop.workspace.results import same_answer


@pytest.mark.parametrize(
    ("ours", "theirs", "same"),
    [
        ("9f2c", "9f2c", True),
        ("9f2c", "0a11", False),  # two answers under one key: never joined
        ("", "0a11", True),  # a file without hashes joins by the key alone
        ("9f2c", "", True),
        (None, "0a11", True),  # a stored run without a hash
        ("", "", True),
    ],
)
def test_same_answer_unless_both_hashes_are_known_and_differ(
    ours: str | None, theirs: str | None, same: bool
) -> None:
    assert same_answer(ours, theirs) is same
    assert same_answer(theirs, ours) is same
