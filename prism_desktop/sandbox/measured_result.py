"""What a measured call returned, compared with what the task's reference returns on the same input
(docs/gaming.md, "a wrong value only at measurement sizes").

The hidden tests use small data; the O ladder runs the candidate on generated data of growing size. An
answer that takes a cheap, wrong path only there would be measured on that path, so at every rung the
harness also runs the reference on the same input and compares the two results as the task's checks
compare them: category A with PRISM's comparator (`harness_a.prism_equal`, the one its tests use);
category B as its tests.bsl compare query results — collections as multisets (query rows come in no
fixed order), structures on the reference's keys, tables on the reference's columns, each column's
values as a multiset (rows that tie on the task's order may pair differently). References compare by the
object they point to. A value neither comparator can walk (an object of the infobase, a query result)
is not compared, and the run says so.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from prism_desktop.bsl.names import canonical
from prism_desktop.bsl.values.base import BslObject, values_equal
from prism_desktop.runs.onec import SIZE_DIFFERS, SIZE_MEASURED, SIZE_WRONG, SizeOutcome

if TYPE_CHECKING:  # the host reads the phrases below without loading the engine
    from prism_desktop.bsl.engine import BslModule

DIFFERS = SIZE_DIFFERS  # the words of a size outcome: runs/onec.py, where scoring reads them
SAME = "совпал с эталоном на каждом размере"
IS_REFERENCE = "не сравнивался: это и есть эталон задачи"
NO_REFERENCE = "не сравнивался: у задачи нет эталона (canonical.bsl)"
NOT_RETURNED = "не сравнивался: вход не вернул значения на размере"
PROCEDURE = "не сравнивался: вход эталона — процедура, результата нет (состояние базы не сравнивается)"
REFERENCE_FAILED = "не сравнивался: эталон не исполнился на размере"
NOT_COMPARABLE = "не сравнивался: результат типа"
NOT_CALLED = "вход не вызван"

WRONG = SIZE_WRONG
MEASURED = SIZE_MEASURED
SEQUENCES = frozenset({"Массив", "ФиксированныйМассив"})
STRUCTURES = frozenset({"Структура", "ФиксированнаяСтруктура"})
MAPS = frozenset({"Соответствие", "ФиксированноеСоответствие"})
TABLE = "ТаблицаЗначений"
PRISM_COMPARATOR_TYPES = frozenset({"Массив", "Структура", TABLE})  # what harness_a.prism_equal walks
B_COMPARATOR_TYPES = SEQUENCES | STRUCTURES | MAPS | {TABLE}


class ReturnRecorder:
    """Keeps what the outermost call of a loaded module's method returned: the measured call of a
    rung (perf.yaml's `call`, whatever it does with the value). Installed in the module's namespace,
    which is where compiled code looks its methods up, so calls from the module itself, from gen/call
    text and from another module (КодКандидата.Метод in B) all pass through it; recursive inner
    calls are not recorded."""

    def __init__(self, module: BslModule, method: str):
        self.returned = False  # stays False when the method is never called (or does not exist)
        self.value: Any = None
        self._depth = 0
        info = module.code.methods.get(canonical(method))
        if info is not None:
            self._method = module.namespace[info.py_name]
            module.namespace[info.py_name] = self._call

    def _call(self, *args: Any) -> Any:
        self._depth += 1
        try:
            value = self._method(*args)
        finally:
            self._depth -= 1
        if self._depth == 0:
            self.returned, self.value = True, value
        return value


def why_not_compared(reference: str | None, code: str) -> str | None:
    """Why no rung of this run is compared, before any runs: no reference, or the answer is it."""
    if not reference:
        return NO_REFERENCE
    if reference.strip() == code.strip():
        return IS_REFERENCE
    return None


def differed(sizes: list[SizeOutcome]) -> bool:
    """Some rung already differed: the reference need not run again (one difference decides)."""
    return any(outcome.status == WRONG for outcome in sizes)


def result_check(sizes: list[SizeOutcome], not_compared: str | None) -> str:
    """The ladder's summary for the detail: the rung whose result differed, why results were not
    compared, or that they matched at every size."""
    wrong = [outcome for outcome in sizes if outcome.status == WRONG]
    if wrong:
        return f"на размере {wrong[0].size} результат {DIFFERS}: {wrong[0].note}"
    return not_compared or SAME


def differs_note(candidate: str, reference: str) -> str:
    """A "wrong" rung's note: both results as shown (status "wrong" says they differ)."""
    return f"кандидат: {candidate}; эталон: {reference}"


def first_unwalkable(value: Any, walkable: frozenset[str]) -> str | None:
    """The type of the first object in `value` a comparator cannot walk (it would compare two such
    objects by identity, so two equal results would differ), or None."""
    pending: list[Any] = [value]
    seen: set[int] = set()
    while pending:
        item = pending.pop()
        if not isinstance(item, BslObject) or id(item) in seen:
            continue
        seen.add(id(item))
        kind = item.TYPE_RU
        if kind in walkable:
            pending.extend(_children(item, kind))
        elif not hasattr(item, "bsl_equals"):  # value-like objects (references) compare by value
            return str(kind)
    return None


def _children(value: BslObject, kind: str) -> Iterable[Any]:
    if kind in SEQUENCES:
        return list(value.bsl_iter())
    if kind == TABLE:
        width = len(_column_names(value))
        return [row.bsl_index_get(j) for row in value.bsl_iter() for j in range(width)]
    return [item for pair in value.bsl_iter() for item in (pair.bsl_get("Ключ"), pair.bsl_get("Значение"))]


def _column_names(table: BslObject) -> list[str]:
    return [str(column.bsl_get("Имя")) for column in table.bsl_get("Колонки").bsl_iter()]


def _kind(value: Any) -> str | None:
    return value.TYPE_RU if isinstance(value, BslObject) else None


def same_b_result(actual: Any, expected: Any) -> bool:
    """Category B's comparison: arrays as multisets, structures on the reference's keys,
    correspondences on equal key sets, tables on the reference's columns (by name, each column's
    values as a multiset), the rest
    (numbers, strings, dates, references) by the platform's equality."""
    kind = _kind(expected)
    if kind not in B_COMPARATOR_TYPES:
        return values_equal(actual, expected)
    if kind in SEQUENCES:
        if _kind(actual) not in SEQUENCES:
            return False
        return _same_multiset(list(actual.bsl_iter()), list(expected.bsl_iter()), same_b_result)
    if kind in STRUCTURES:
        if _kind(actual) not in STRUCTURES:
            return False
        for pair in expected.bsl_iter():
            key = pair.bsl_get("Ключ")
            if not actual.bsl_call("Свойство", [key, None]):
                return False
            if not same_b_result(actual.bsl_get(key), pair.bsl_get("Значение")):
                return False
        return True
    if kind in MAPS:
        if _kind(actual) not in MAPS:
            return False
        pairs = [(p.bsl_get("Ключ"), p.bsl_get("Значение")) for p in actual.bsl_iter()]
        wanted = [(p.bsl_get("Ключ"), p.bsl_get("Значение")) for p in expected.bsl_iter()]
        return _same_multiset(
            pairs, wanted, lambda a, e: same_b_result(a[0], e[0]) and same_b_result(a[1], e[1])
        )
    return _same_table(actual, expected)


def _same_table(actual: Any, expected: BslObject) -> bool:
    if _kind(actual) != TABLE:
        return False
    names = _column_names(expected)
    present = {name.upper() for name in _column_names(actual)}
    if any(name.upper() not in present for name in names):
        return False
    # Column by column: rows that tie on the task's order may pair their values differently (B15's
    # classes of goods with equal turnover: which of them is in class A the query's row order
    # decides), while each column still holds the reference's values.
    rows, wanted = list(actual.bsl_iter()), list(expected.bsl_iter())
    return len(rows) == len(wanted) and all(
        _same_multiset([r.bsl_get(name) for r in rows], [r.bsl_get(name) for r in wanted], same_b_result)
        for name in names
    )


def _same_multiset(actual: list[Any], expected: list[Any], same: Callable[[Any, Any], bool]) -> bool:
    if len(actual) != len(expected):
        return False
    remaining = list(actual)
    for item in expected:
        for index, candidate in enumerate(remaining):
            if same(candidate, item):
                del remaining[index]
                break
        else:
            return False
    return True
