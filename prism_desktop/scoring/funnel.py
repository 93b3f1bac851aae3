"""The failure funnel (PRISM_FORMAT §2.4): where a run first broke — parse, run, correct — and
why, named by the error taxonomy. It never affects scores. A failure counts once, at its root:
code that does not compile is not also counted as a wrong answer."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from prism_desktop.workspace.protocol import ErrorTaxonomy, TaxonomyRule

STAGES = ("разбор", "запуск", "верно")
SOLVED = "решено"
WRONG_ANSWER = "неверный ответ"
RUN_ERROR = "ошибка выполнения"
NOT_COMPILED = "не компилируется"
BUCKETS = (SOLVED, WRONG_ANSWER, RUN_ERROR, NOT_COMPILED)  # best to worst
WRONG_CODE = "M.WRONG"


@dataclass(frozen=True)
class Outcome:
    reached: int  # gates passed, 0..3
    died: str | None  # the stage where the run broke; None when solved
    code: str | None = None
    label: str | None = None

    @property
    def bucket(self) -> str:
        if self.died is None:
            return SOLVED
        if self.died == STAGES[0]:
            return NOT_COMPILED
        if self.died == STAGES[1]:
            return RUN_ERROR
        # Ran but failed tests: a silent wrong value, or an exception the taxonomy recognised.
        return WRONG_ANSWER if self.code == WRONG_CODE else RUN_ERROR


def classify(text: str, taxonomy: ErrorTaxonomy) -> TaxonomyRule | None:
    """The first rule with a (case-sensitive) substring present in the text."""
    if not text:
        return None
    return next((rule for rule in taxonomy.rules if any(part in text for part in rule.match)), None)


def _default(taxonomy: ErrorTaxonomy, key: str) -> TaxonomyRule:
    if key not in taxonomy.defaults:
        raise ValueError(f"error_taxonomy.yaml defaults.{key}: missing; expected {{code, axis, label}}")
    return taxonomy.defaults[key]


def _died(reached: int, rule: TaxonomyRule) -> Outcome:
    return Outcome(reached, STAGES[reached], rule.code, rule.label)


def run_outcome(run: Mapping[str, Any], category: str, taxonomy: ErrorTaxonomy) -> Outcome | None:
    """The fate of one auto-file run; None for a run the funnel leaves out: no S score and no S
    detail (as PRISM), or nothing measured at all (Q null: a failed generation or a broken
    sandbox is not the model's failure)."""
    scores = run.get("scores") or {}
    detail = run.get("detail") or {}
    s, m = detail.get("S") or {}, detail.get("M") or {}
    if (scores.get("S") is None and not s) or scores.get("Q") is None:
        return None

    if category == "B":
        compiled = m.get("status") != "candidate_error"
        compile_text = "; ".join(m.get("compile_errors") or []) or m.get("log") or ""
    else:
        compiled = s.get("root_causes", 0) == 0
        compile_text = "; ".join(s.get("errors") or [])
    if not compiled:
        return _died(0, classify(compile_text, taxonomy) or _default(taxonomy, "parse"))

    if category == "B":
        ran = m.get("status") == "ok"
        no_entry = m.get("status") == "no_entry"
        run_text = m.get("log") or ""
    else:
        ran = bool(m.get("executed")) and m.get("entry_point") is not None
        no_entry = m.get("entry_point") is None
        run_text = "; ".join(m.get("errors") or [])
    if not ran:
        if no_entry:
            return _died(1, _default(taxonomy, "noentry"))
        return _died(1, classify(run_text, taxonomy) or _default(taxonomy, "run"))

    total, passed = m.get("total") or 0, m.get("passed") or 0
    if total > 0 and passed == total:
        return Outcome(3, None)
    if m.get("platform_errors") or m.get("platform_error_tests"):
        # Platform errors are recognised by structure, not by text.
        return _died(2, _default(taxonomy, "meta"))
    text = m.get("log") or "; ".join(m.get("errors") or [])
    return _died(2, classify(text, taxonomy) or _default(taxonomy, "wrong"))


def summarise_outcomes(outcomes: Iterable[Outcome | None]) -> dict[str, Any] | None:
    """{n, buckets (all four, in order), solved share, cause: [label, count] of the most common
    failure, or null, and cause_code: its taxonomy code}; None when no run counts."""
    counted = [o for o in outcomes if o is not None]
    if not counted:
        return None
    buckets = dict.fromkeys(BUCKETS, 0)
    for outcome in counted:
        buckets[outcome.bucket] += 1
    causes = Counter(o.label for o in counted if o.died is not None)
    top = causes.most_common(1)
    return {
        "n": len(counted),
        "buckets": buckets,
        "solved": buckets[SOLVED] / len(counted),
        "cause": [top[0][0], top[0][1]] if top else None,
        "cause_code": next((o.code for o in counted if top and o.label == top[0][0]), None),
    }
