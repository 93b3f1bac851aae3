"""metrics/verification.yaml (ours): what makes a run and an axis of a category Verified. An absent
file gives the defaults below, which are also the values of the bundled file."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from prism_desktop.workspace.schema import BOOL, INT, MAPPING, NUMBER, STR, FileCheck, describe, one_of
from prism_desktop.workspace.yamlio import KeyPath, load_yaml

from .consensus import CONSENSUS_RULES, DEFAULT_RULE, ConsensusRule
from .dataset import AXES, SPLITS
from .figures import KAPPA_NAMES

VERIFICATION_FILE = Path("metrics") / "verification.yaml"
_RUN_KEYS = ("min_experts", "consensus", "tolerance_steps", "require_verified_axes")
_AXIS_KEYS = ("split", "statistic", "projected", "min_value", "min_ci_low", "min_runs")
# Runs with a consensus and a machine score an axis of a category needs before it can be Verified:
# below about 30 a kappa's bootstrap interval is unreliable and six steps cannot all show up
# (docs/agreement.md). A workspace without the key (a PRISM checkout) gets this.
DEFAULT_MIN_RUNS = 30


@dataclass(frozen=True)
class AxisRule:
    """An axis of a category is Verified when `statistic` (machine vs consensus) on the `split`
    tasks is at least `min_value` and the lower end of its interval at least `min_ci_low`, over at
    least `min_runs` runs with both a consensus and a machine score."""

    split: str = "validation"
    statistic: str = "kappa_quadratic"
    projected: bool = False
    min_value: float = 0.61
    min_ci_low: float = 0.41
    min_runs: int = DEFAULT_MIN_RUNS

    @property
    def figure(self) -> str:
        """The figure name in the agreement results (figures.py)."""
        return f"projected.{self.statistic}" if self.projected else self.statistic

    def describe(self) -> str:
        return (
            f"{self.figure} ≥ {self.min_value} and its 95% CI lower end ≥ {self.min_ci_low} "
            f"on {self.split} tasks, over at least {self.min_runs} runs with a consensus"
        )


@dataclass(frozen=True)
class VerificationRules:
    version: str = "1.0.0"
    min_experts: int = 2
    consensus: ConsensusRule = DEFAULT_RULE
    tolerance_steps: int = 0
    require_verified_axes: bool = False
    axis_rules: dict[str, AxisRule] = field(default_factory=lambda: dict.fromkeys(AXES, AxisRule()))
    source: str | None = None  # the file read, None for the built-in defaults

    def axis_rule(self, axis: str) -> AxisRule:
        return self.axis_rules.get(axis, AxisRule())


def load_verification_rules(path: Path) -> VerificationRules:
    """Read and check the file; raises WorkspaceError naming every bad key with its line."""
    document = load_yaml(path)
    check = FileCheck(path, document)
    root = check.mapping(document.data if document.data is not None else {}, ())
    check.only_keys(root, (), ("meta", "runs", "axes"))
    meta = check.get(root, ("meta",), MAPPING, required=False, default={})
    version = check.get(meta, ("meta", "version"), STR, required=False, default="")
    runs = check.get(root, ("runs",), MAPPING, required=False, default={})
    check.only_keys(runs, ("runs",), _RUN_KEYS)
    defaults = VerificationRules()
    min_experts = _bounded(
        check, runs, ("runs", "min_experts"), INT, defaults.min_experts, 1, "an integer ≥ 1"
    )
    consensus = check.get(runs, ("runs", "consensus"), STR, required=False, default=defaults.consensus)
    if consensus not in CONSENSUS_RULES:
        check.add(("runs", "consensus"), found=describe(consensus), expected=one_of(CONSENSUS_RULES))
        consensus = defaults.consensus
    tolerance = _bounded(
        check, runs, ("runs", "tolerance_steps"), INT, defaults.tolerance_steps, 0, "an integer ≥ 0"
    )
    require = check.get(runs, ("runs", "require_verified_axes"), BOOL, required=False, default=False)
    axes = check.get(root, ("axes",), MAPPING, required=False, default={})
    check.only_keys(axes, ("axes",), ("default", *AXES))
    base = _axis_rule(check, axes.get("default", {}), ("axes", "default"), AxisRule())
    axis_rules = {axis: _axis_rule(check, axes.get(axis, {}), ("axes", axis), base) for axis in AXES}
    check.raise_if_problems()
    return VerificationRules(
        version=version,
        min_experts=min_experts,
        consensus=consensus,
        tolerance_steps=tolerance,
        require_verified_axes=require,
        axis_rules=axis_rules,
        source=str(path),
    )


def rules_for_workspace(root: Path) -> VerificationRules:
    """The workspace's metrics/verification.yaml, or the defaults when it has none (a PRISM checkout)."""
    path = Path(root) / VERIFICATION_FILE
    return load_verification_rules(path) if path.is_file() else VerificationRules()


def _bounded(
    check: FileCheck,
    mapping: dict[str, Any],
    key: KeyPath,
    kind: Any,
    default: Any,
    low: float,
    expected: str,
) -> Any:
    value = check.get(mapping, key, kind, required=False, default=default)
    if value < low:
        check.add(key, found=describe(value), expected=expected)
        return default
    return value


def _axis_rule(check: FileCheck, value: Any, key: KeyPath, base: AxisRule) -> AxisRule:
    spec = check.mapping(value, key)
    check.only_keys(spec, key, _AXIS_KEYS)
    split = check.get(spec, (*key, "split"), STR, required=False, default=base.split)
    if split not in SPLITS:
        check.add((*key, "split"), found=describe(split), expected=one_of(SPLITS))
        split = base.split
    statistic = check.get(spec, (*key, "statistic"), STR, required=False, default=base.statistic)
    if statistic not in KAPPA_NAMES:
        check.add((*key, "statistic"), found=describe(statistic), expected=one_of(KAPPA_NAMES))
        statistic = base.statistic
    projected = check.get(spec, (*key, "projected"), BOOL, required=False, default=base.projected)
    limits = {}
    for name in ("min_value", "min_ci_low"):
        limit = check.get(spec, (*key, name), NUMBER, required=False, default=getattr(base, name))
        if not -1.0 <= limit <= 1.0:
            check.add((*key, name), found=describe(limit), expected="a number from -1 to 1")
            limit = getattr(base, name)
        limits[name] = float(limit)
    min_runs = _bounded(check, spec, (*key, "min_runs"), INT, base.min_runs, 1, "an integer ≥ 1")
    return replace(base, split=split, statistic=statistic, projected=projected, min_runs=min_runs, **limits)
