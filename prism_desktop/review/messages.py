"""The sentences review/ writes for people: why a figure is undefined or which convention defined it,
why an axis or a run is (not) Verified, why there is nothing to compute. Each is an English template
with {named} fields, kept here once, so that reports keep the English and the application can show the
same sentence in its user's language (gui/review_texts.py translates the template, then fills it).
"""

from __future__ import annotations

import re
from functools import cache
from typing import Final

from prism_desktop.sentences import read_back, template_pattern

NO_PAIRS: Final = "no run was graded by both sides"
CONSTANT_RATINGS: Final = (
    "every rating is one and the same step: chance agreement is 1, so agreement beyond chance cannot "
    "be measured (it needs runs graded at different steps)"
)
NO_ITEMS: Final = "no run was graded by every expert"
ONE_RATER: Final = "needs 2 or more experts per run"
NO_PAIRABLE: Final = "no run was graded by two or more experts"
NO_CONSENSUS: Final = (
    "no run has a consensus: it needs {min_experts} or more experts' steps per run (rule {rule})"
)
NO_MACHINE_SCORES: Final = (
    "the machine scored none of the {runs} run(s) with a consensus: score them (Level 1) first"
)
FIGURE_UNDEFINED: Final = "{figure} undefined: {note}"
TOO_FEW_RUNS: Final = (
    "{figure} = {value} on only {n} run(s) with a consensus and a machine score on {split} tasks; "
    "Verified needs at least {min_runs}"
)
NO_INTERVAL: Final = "{figure} = {value} has no confidence interval"
AXIS_RULE: Final = (
    "{figure} = {value} (95% CI {low}–{high}, n = {n}) on {split} tasks; "
    "rule: ≥ {min_value}, CI low ≥ {min_ci_low}"
)
NO_AXIS: Final = "the machine measured no applicable axis"
RUN_NO_CONSENSUS: Final = "no consensus on {axes} (fewer than {min_experts} experts)"
RUN_NO_UNANIMITY: Final = "no consensus on {axes} (fewer than {min_experts} experts or they disagree)"
RUN_APART: Final = "machine and consensus differ beyond {tolerance} step(s) on {axes}"
RUN_AXES_NOT_VERIFIED: Final = "axes not Verified for category {category}: {axes}"
RUN_WITHIN: Final = "machine within {tolerance} step(s) of the consensus on {axes}"
NOTHING_GRADED: Final = "no run of session “{session}” is graded yet"

TEMPLATES: Final = (
    NO_PAIRS,
    CONSTANT_RATINGS,
    NO_ITEMS,
    ONE_RATER,
    NO_PAIRABLE,
    NO_CONSENSUS,
    NO_MACHINE_SCORES,
    FIGURE_UNDEFINED,
    TOO_FEW_RUNS,
    NO_INTERVAL,
    AXIS_RULE,
    NO_AXIS,
    RUN_NO_UNANIMITY,  # before RUN_NO_CONSENSUS: the longer sentence is tried first
    RUN_NO_CONSENSUS,
    RUN_APART,
    RUN_AXES_NOT_VERIFIED,
    RUN_WITHIN,
    NOTHING_GRADED,
)
# a field that holds another message (translated in turn)
NESTED_FIELD: Final = "note"


@cache
def _patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    return tuple((template, template_pattern(template)) for template in TEMPLATES)


def parse(text: str) -> tuple[str, dict[str, str]] | None:
    """The template a sentence was written from and its fields; None for a text of no template."""
    return read_back(text, _patterns())
