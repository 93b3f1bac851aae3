"""The Level-1 signal behind each machine step, read back from an auto file's `detail`
(PRISM_FORMAT §4.2): root causes for S, passed/total for M, the O-auto weighted sum or
d = growth − p_opt for O-exec, the clean share for P. Threshold proposals re-score these signals
with other bounds; a step that did not come from a table (a pre-check, a timeout, a gate) keeps
its value, which Signal(value=None) marks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from prism_desktop.scoring.optimization import LEG_AUTO, LEG_EXEC_A, LEG_EXEC_B

from .dataset import Signal

_O_TABLES = {LEG_AUTO: "scoring", LEG_EXEC_A: "exec_scoring", LEG_EXEC_B: "b_exec_scoring"}


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value)


def _syntax(detail: Mapping[str, Any]) -> Signal | None:
    causes = _number(detail.get("root_causes"))
    if causes is None:
        return None
    if detail.get("balanced") is False:
        return Signal("scoring", None)  # the balance pre-check gave 0 without the table
    return Signal("scoring", causes)


def _meaning(detail: Mapping[str, Any]) -> Signal | None:
    passed, total = _number(detail.get("passed")), _number(detail.get("total"))
    if passed is None or total is None:
        return None
    ran = detail.get("executed", True) is not False and detail.get("status", "ok") == "ok"
    if not ran or total <= 0:
        return Signal("scoring", None)  # nothing ran: 0 without the table
    return Signal("scoring", passed / total)


def _optimization(detail: Mapping[str, Any]) -> Signal | None:
    leg = detail.get("leg")
    if leg is None and "weighted" in detail:
        leg = LEG_AUTO  # legacy O-auto detail without `leg`
    table = _O_TABLES.get(leg or "")
    if table is None:
        return None
    if table == "scoring":
        weighted = _number(detail.get("weighted"))
        return None if weighted is None else Signal(table, weighted)
    growth, optimum = _number(detail.get("growth")), _number(detail.get("p_opt"))
    if growth is None or optimum is None:
        return Signal(table, None)  # a timeout scored without a growth exponent
    return Signal(table, growth - optimum)


def _platform(detail: Mapping[str, Any]) -> Signal | None:
    share = _number(detail.get("clean_share"))
    if share is None:
        return Signal("scoring", None) if "band" in detail else None  # pre-check: 0 without the table
    return Signal("scoring", share)


_READERS = {"S": _syntax, "M": _meaning, "O": _optimization, "P": _platform}


def signals_of(detail: Mapping[str, Any], machine: Mapping[str, int | None]) -> dict[str, Signal]:
    """Signals of the axes the machine measured, where the detail says how the step arose."""
    signals: dict[str, Signal] = {}
    for axis, reader in _READERS.items():
        entry = detail.get(axis)
        if machine.get(axis) is None or not isinstance(entry, dict):
            continue
        signal = reader(entry)
        if signal is not None:
            signals[axis] = signal
    return signals
