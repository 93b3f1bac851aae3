"""Typed view of the metric protocols in `metrics/`: the constitution (smop.yaml), the Level-1
machine protocol (smop_l1_auto.yaml), the Level-2 expert protocol (smop_l2_expert.yaml) and the
error taxonomy. Scoring reads only these objects, never the YAML."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from prism_desktop.vocabulary import AXES as AXES  # re-exported: the protocol speaks of these
from prism_desktop.vocabulary import Axis, applicable_axes

Direction = Literal["lower_is_better", "higher_is_better"]


@dataclass(frozen=True)
class TableRow:
    score: int
    bound: float | None = None  # None only for an `else` row
    exclusive: bool = False
    is_else: bool = False


@dataclass(frozen=True)
class ScoringTable:
    direction: Direction
    rows: tuple[TableRow, ...]
    # The highest O the deliberately slow reference solution may reach on this scale (PRISM 1.3's
    # `anchor_max`); None when the table does not say.
    anchor_max: int | None = None

    @property
    def scores(self) -> frozenset[int]:
        return frozenset(r.score for r in self.rows)


@dataclass(frozen=True)
class AxisRules:
    """Level-1 rules of one axis. Keys absent from an axis stay at their empty defaults."""

    axis: Axis
    applies_to: tuple[str, ...]
    instrument: dict[str, str]  # category -> instrument text ("*" when one instrument for all)
    table: ScoringTable
    pre_check: str | None = None
    cluster_gap: int | None = None  # S
    compile_blocker_codes: tuple[str, ...] = ()  # S
    white_list: dict[str, float] = field(default_factory=dict)  # O-auto: diagnostic code -> weight
    exec_table: ScoringTable | None = None  # O, category A: d = p - p_opt
    b_exec_table: ScoringTable | None = None  # O, category B
    # Further `<name>_scoring` tables of newer protocols (e.g. PRISM 1.3's b_rows_scoring), by name.
    extra_tables: dict[str, ScoringTable] = field(default_factory=dict)

    @property
    def reachable(self) -> frozenset[int]:
        """Steps the machine can produce on this axis (table scores, plus 0 with a pre-check)."""
        extra = {0} if self.pre_check else set()
        return self.table.scores | extra


@dataclass(frozen=True)
class RuntimeConstants:
    """Numbers PRISM keeps in code; ours live in smop_l1_auto.yaml under `runtime:` (defaults are
    PRISM 1.8.0's values, so a PRISM checkout without the key scores the same)."""

    o_correctness_gate: float = 5.0  # O becomes N/A when fine M < this
    m_timeout_s: float = 15.0  # category A test run
    o_size_timeout_s: float = 60.0  # category A, per size
    o_baseline_timeout_s: float = 30.0  # `check` on perf_baseline.bsl
    o_timeout_signal: float = 99.0  # d fed to the exec table when the candidate broke a measured run
    b_run_timeout_s: float = 90.0
    b_perf_timeout_s: float = 120.0
    log_chars: int = 500  # detail.M.log (B)
    error_chars: int = 200  # each detail.M.errors entry / compile error
    compile_error_tail_chars: int = 400
    max_compile_errors: int = 5
    q_decimals: int = 2
    platform_markers: tuple[str, ...] = (
        "Поле не найдено",
        "Таблица не найдена",
        "Объект не найден",
        "не обнаружено",
        "Метод объекта не обнаружен",
        "Ошибка при вызове метода контекста (Выполнить)",
    )


@dataclass(frozen=True)
class L1Protocol:
    version: str
    constitution: str
    axes: dict[str, AxisRules]
    runtime: RuntimeConstants = field(default_factory=RuntimeConstants)


@dataclass(frozen=True)
class AxisDefinition:
    """An axis as the constitution defines it."""

    axis: Axis
    name: str
    name_en: str
    applies_to: tuple[str, ...]
    measures: str = ""


@dataclass(frozen=True)
class Constitution:
    version: str
    valid_scores: tuple[int, ...]
    axes: dict[str, AxisDefinition]
    quality_formula: str = "mean_of_applicable"
    thresholds: dict[str, float] = field(default_factory=lambda: {"high": 8, "acceptable": 5, "low": 0})

    def applicable_axes(self, category: str) -> tuple[str, ...]:
        return applicable_axes(category, self.axes)


@dataclass(frozen=True)
class L2Axis:
    axis: Axis
    criteria: dict[int, str]  # step -> criterion text
    applies_to: tuple[str, ...] = ("A", "B")


@dataclass(frozen=True)
class L2Protocol:
    version: str
    axes: dict[str, L2Axis]
    rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class TaxonomyRule:
    code: str
    axis: str
    label: str
    match: tuple[str, ...] = ()  # case-sensitive substrings


@dataclass(frozen=True)
class ErrorTaxonomy:
    version: str
    rules: tuple[TaxonomyRule, ...]
    defaults: dict[str, TaxonomyRule]  # parse / run / noentry / wrong / meta


@dataclass(frozen=True)
class Protocols:
    """Everything in `metrics/` that scoring and review need."""

    constitution: Constitution
    l1: L1Protocol
    l2: L2Protocol
    taxonomy: ErrorTaxonomy
