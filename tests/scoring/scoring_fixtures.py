"""PRISM 1.2.0's protocol figures (PRISM_FORMAT §2.2, §2.4) built directly as dataclasses, and
small builders for tasks, generations and measurements used by the scoring tests."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from prism_desktop.runs.onec import (
    BRunMeasurement,
    Diagnostic,
    PerfMeasurement,
    RunResult,
    SizeOutcome,
    SyntaxMeasurement,
    TestOutcome,
    TestsMeasurement,
)
from prism_desktop.workspace.protocol import (
    AxisDefinition,
    AxisRules,
    Constitution,
    ErrorTaxonomy,
    L1Protocol,
    L2Axis,
    L2Protocol,
    Protocols,
    ScoringTable,
    TableRow,
    TaxonomyRule,
)
from prism_desktop.workspace.results import Generation
from prism_desktop.workspace.tasks import PerfSpec, Task, TestCase

LOWER, HIGHER = "lower_is_better", "higher_is_better"


def table(direction: str, *rows: tuple[Any, ...]) -> ScoringTable:
    """Rows as (bound, score), (bound, score, "exclusive") or ("else", score)."""
    built = []
    for row in rows:
        if row[0] == "else":
            built.append(TableRow(score=row[1], is_else=True))
        else:
            built.append(TableRow(score=row[1], bound=float(row[0]), exclusive=len(row) > 2))
    return ScoringTable(direction=direction, rows=tuple(built))  # type: ignore[arg-type]


S_TABLE = table(LOWER, (0, 10), (1, 8), (3, 6), (6, 4), ("else", 2))
M_TABLE = table(HIGHER, (1.0, 10), (0.85, 8), (0.60, 6), (0.50, 4), (0.0, 2, "exclusive"), ("else", 0))
O_TABLE = table(LOWER, (0, 10), (1, 8), (3, 6), (6, 4), ("else", 2))
EXEC_TABLE = table(LOWER, (0.2, 10), (0.5, 8), (0.8, 6), (1.2, 4), ("else", 2))
P_TABLE = table(HIGHER, (1.0, 10), (0.5, 6), (0.0, 4, "exclusive"), ("else", 0))
WHITE_LIST = {
    "CreateQueryInCycle": 2.0,
    "VirtualTableCallWithoutParameters": 2.0,
    "JoinWithVirtualTable": 2.0,
    "JoinWithSubQuery": 1.5,
    "QueryNestedFieldsByDot": 1.0,
    "DeprecatedCurrentDate": 1.0,
    "SelectTopWithoutOrderBy": 1.0,
    "LogicalOrInTheWhereSectionOfQuery": 1.0,
    "RefOveruse": 1.0,
}


def l1_protocol(**axis_overrides: AxisRules) -> L1Protocol:
    axes = {
        "S": AxisRules(
            axis="S",
            applies_to=("A", "B"),
            instrument={"A": "BSL LS", "B": "1С /CheckModules"},
            table=S_TABLE,
            pre_check="дисбаланс Функция/КонецФункции, Если, Цикл, Попытка → 0",
            cluster_gap=3,
            compile_blocker_codes=("ProcedureReturnsValue",),
        ),
        "M": AxisRules(
            axis="M", applies_to=("A", "B"), instrument={"A": "OneScript", "B": "1С"}, table=M_TABLE
        ),
        "O": AxisRules(
            axis="O",
            applies_to=("A", "B"),
            instrument={"*": "BSL LS / codestat / техжурнал"},
            table=O_TABLE,
            white_list=dict(WHITE_LIST),
            exec_table=EXEC_TABLE,
            b_exec_table=EXEC_TABLE,
        ),
        "P": AxisRules(
            axis="P",
            applies_to=("B",),
            instrument={"B": "1С"},
            table=P_TABLE,
            pre_check="нет функции / не компилируется → 0",
        ),
    }
    axes.update(axis_overrides)
    return L1Protocol(version="1.2.0", constitution="1.2.0", axes=axes)


CONSTITUTION = Constitution(
    version="1.2.0",
    valid_scores=(0, 2, 4, 6, 8, 10),
    axes={
        "S": AxisDefinition("S", "Синтаксис", "Syntax", ("A", "B")),
        "M": AxisDefinition("M", "Смысл", "Meaning", ("A", "B")),
        "O": AxisDefinition("O", "Оптимальность", "Optimization", ("A", "B")),
        "P": AxisDefinition("P", "Платформа", "Platform", ("B",)),
    },
)

L2 = L2Protocol(
    version="1.0.0",
    axes={
        axis: L2Axis(
            axis,
            {step: f"{axis}: критерий ступени {step}" for step in (10, 8, 6, 4, 2, 0)},
            ("B",) if axis == "P" else ("A", "B"),
        )
        for axis in ("S", "M", "O", "P")
    },
)


def _rule(code: str, axis: str, label: str, *match: str) -> TaxonomyRule:
    return TaxonomyRule(code=code, axis=axis, label=label, match=match)


TAXONOMY = ErrorTaxonomy(
    version="0.1.0",
    rules=(
        _rule(
            "S.COMPILE",
            "S",
            "ошибка синтаксиса",
            "Пропущен символ",
            "Ожидается символ",
            "Неопознанный оператор",
            "Identifier expecting",
            "Expecting symbol",
            "Unexpected",
        ),
        _rule("M.NOENTRY", "M", "нужной функции нет", "не найдено ни одной фун", "no entry", "точка входа"),
        _rule(
            "M.TYPE",
            "M",
            "перепутаны типы данных",
            "Несоответствие типов",
            "Conversion to type",
            "Invalid type of argument",
            "Value is not of object type",
            "is not writable",
            "Преобразование к типу",
        ),
        _rule(
            "M.NOMETHOD",
            "M",
            "вызов несуществующего метода",
            "Method not found",
            "Метод объекта не обнаружен",
            "Метод не найден",
        ),
        _rule("M.NOTYPE", "M", "обращение к несуществующему типу", "Type is not defined", "Тип не определён"),
        _rule(
            "M.RUNTIME",
            "M",
            "сбой при выполнении",
            "Index",
            "Индекс",
            "за границами",
            "out of",
            "Деление на 0",
            "ИСКЛЮЧЕНИЕ",
            "Error in line",
            "Ошибка при вызове",
        ),
    ),
    defaults={
        "parse": _rule("S.PARSE", "S", "ошибка синтаксиса"),
        "run": _rule("M.RUNTIME", "M", "сбой при выполнении"),
        "noentry": _rule("M.NOENTRY", "M", "нужной функции нет"),
        "wrong": _rule("M.WRONG", "M", "результат не тот"),
        "meta": _rule("P.METADATA", "P", "нет такого поля или объекта"),
    },
)


def make_protocols(l1: L1Protocol | None = None) -> Protocols:
    return Protocols(constitution=CONSTITUTION, l1=l1 or l1_protocol(), l2=L2, taxonomy=TAXONOMY)


PROTOCOLS = make_protocols()
L1 = PROTOCOLS.l1
RUNTIME = L1.runtime

A_PATTERNS = ("Сгруппировать.*", "Группировка.*")
B_PATTERNS = ("Остатк.*", "Получить.*")


def task_a(tests: int = 5, perf: PerfSpec | None = None, **changes: Any) -> Task:
    task = Task(
        id="A1",
        name="Группировка",
        category="A",
        difficulty="easy",
        prompt="Напишите функцию…",
        directory=Path("tasks/category_a/A1_group_table"),
        tags={"skill": ("коллекции",)},
        entry_point_patterns=A_PATTERNS,
        entry_point="СгруппироватьТаблицу",
        tests=tuple(TestCase(args=(i,), expected=i) for i in range(tests)),
        perf=perf,
    )
    return dataclasses.replace(task, **changes)


def task_b(perf: PerfSpec | None = None, testable: bool = True, **changes: Any) -> Task:
    task = Task(
        id="B1",
        name="Остатки",
        category="B",
        difficulty="medium",
        prompt="Напишите функцию…",
        directory=Path("tasks/category_b/B1_stock_balances"),
        tags={"skill": ("запрос",), "platform": ("регистр-накопления",)},
        entry_point_patterns=B_PATTERNS,
        config_spec={"catalogs": {}} if testable else None,
        fixtures={"catalogs": {}} if testable else None,
        tests_bsl="Функция ПрогнатьТест() Экспорт\nКонецФункции" if testable else None,
        perf=perf,
    )
    return dataclasses.replace(task, **changes)


PERF_A = PerfSpec(p_opt=1.0, sizes=(200, 400, 800, 1600), call="Р = {entry}(Вход);", gen="Вход = Ген({n});")
PERF_B = PerfSpec(p_opt=0.0, sizes=(20, 80), call="КодКандидата.{{ENTRY}}();", count="sdbl")

CODE_A = """Функция СгруппироватьТаблицу(Таблица) Экспорт
    Результат = Новый Соответствие;
    Для Каждого Строка Из Таблица Цикл
        Если Результат[Строка.Ключ] = Неопределено Тогда
            Результат.Вставить(Строка.Ключ, 0);
        КонецЕсли;
    КонецЦикла;
    Возврат Результат;
КонецФункции"""

CODE_B = """Функция ОстаткиТоваров(Склад) Экспорт
    Запрос = Новый Запрос("ВЫБРАТЬ 1");
    Возврат Запрос.Выполнить().Выгрузить();
КонецФункции"""


def generation(
    code: str = CODE_A,
    *,
    task_id: str = "A1",
    model_id: str = "vendor/model-x",
    model_name: str = "Model X",
    run_index: int = 0,
    fenced: bool = True,
    **changes: Any,
) -> Generation:
    response = f"Вот решение:\n```bsl\n{code}\n```\n" if fenced else code
    gen = Generation(
        task_id=task_id,
        task_name="",
        model_id=model_id,
        model_name=model_name,
        run_index=run_index,
        response=response,
        response_hash="",
        success=True,
    )
    return dataclasses.replace(gen, **changes)


def diag(code: str, line: int) -> Diagnostic:
    return Diagnostic(code=code, severity="error", message=f"{code} at {line}", line=line)


def syntax(*diagnostics: Diagnostic) -> SyntaxMeasurement:
    return SyntaxMeasurement(instrument="prism-bsl 0.1.0", diagnostics=list(diagnostics))


def measured_tests(
    statuses: str,
    *,
    status: str = "ok",
    entry: str | None = "СгруппироватьТаблицу",
    detail: str | None = None,
) -> TestsMeasurement:
    """`statuses` is one letter per test: p(ass), f(ail), e(rror)."""
    names = {"p": "pass", "f": "fail", "e": "error"}
    cases = [
        TestOutcome(index=i + 1, status=names[c], error="Деление на 0" if c == "e" else None)
        for i, c in enumerate(statuses)
    ]
    return TestsMeasurement(
        instrument="prism-bsl 0.1.0",
        status=status,
        entry_point=entry,
        total=len(statuses),
        cases=cases,
        detail=detail,
    )


def perf_run(
    *sizes: tuple[int, str, int | None], entry: str | None = "СгруппироватьТаблицу"
) -> PerfMeasurement:
    """Sizes as (size, status, ops)."""
    outcomes = [
        SizeOutcome(size=n, status=st, ops=ops, note=None if st == "ok" else "ошибка") for n, st, ops in sizes
    ]
    return PerfMeasurement(instrument="prism-bsl 0.1.0", entry_point=entry, sizes=outcomes)


def perf_b(*sizes: tuple[int, str, dict[str, int]]) -> PerfMeasurement:
    return PerfMeasurement(
        instrument="prism-platform 0.1.0",
        entry_point=None,
        sizes=[
            SizeOutcome(size=n, status=st, counts=counts, note=None if st == "ok" else "таймаут")
            for n, st, counts in sizes
        ],
    )


def b_run(
    status: str = "ok", passed: int = 3, total: int = 3, log: str = "", **changes: Any
) -> BRunMeasurement:
    return BRunMeasurement(
        status=status,
        passed=passed,
        total=total,
        log=log,
        entry_point="ОстаткиТоваров",
        instrument="prism-platform 0.1.0",
        **changes,
    )


def result(**legs: Any) -> RunResult:
    return RunResult(
        run_id="r1",
        status=legs.pop("status", "ok"),
        runner="inprocess",
        isolated=False,
        engine_version="0.1.0",
        **legs,
    )
