"""Engine speed against CPython on equivalent programs, measured in one run.

Usage: .venv/bin/python bench/engine_vs_cpython.py [--scale K] [--repeat R]
For each program: the best of R runs of the BSL function (counting off) and of the equivalent Python
function, their ratio, and the engine's statements per second (statements counted in a separate run
with counting="statements"). Goal: median ratio <= 5.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from prism_desktop.bsl.engine import Engine
from prism_desktop.bsl.limits import RunLimits

BSL = """
Функция Арифметика(Н)
    Итог = 0;
    Для Инд = 1 По Н Цикл
        Итог = Итог + Инд * Инд % 7;
        Если Итог > 1000000 Тогда
            Итог = Итог - 1000000;
        КонецЕсли;
    КонецЦикла;
    Возврат Итог;
КонецФункции

Функция Строки(Н)
    Текст = "";
    Для Инд = 1 По Н Цикл
        Текст = Текст + "x";
    КонецЦикла;
    Возврат СтрДлина(Текст);
КонецФункции

Функция Частоты(Н)
    Счетчики = Новый Соответствие;
    Для Инд = 1 По Н Цикл
        Ключ = Инд % 100;
        Было = Счетчики[Ключ];
        Если Было = Неопределено Тогда
            Счетчики[Ключ] = 1;
        Иначе
            Счетчики[Ключ] = Было + 1;
        КонецЕсли;
    КонецЦикла;
    Возврат Счетчики.Количество();
КонецФункции

Функция Таблица(Н)
    ТЗ = Новый ТаблицаЗначений;
    ТЗ.Колонки.Добавить("Группа");
    ТЗ.Колонки.Добавить("Сумма");
    Для Инд = 1 По Н Цикл
        Строка = ТЗ.Добавить();
        Строка.Группа = Инд % 10;
        Строка.Сумма = (Инд * 7919) % 1000;
    КонецЦикла;
    ТЗ.Сортировать("Сумма Убыв");
    ТЗ.Свернуть("Группа", "Сумма");
    Возврат ТЗ.Количество();
КонецФункции

Функция Фибоначчи(Н)
    Если Н < 2 Тогда
        Возврат Н;
    КонецЕсли;
    Возврат Фибоначчи(Н - 1) + Фибоначчи(Н - 2);
КонецФункции
"""


def arithmetic(n: int) -> int:
    total = 0
    for i in range(1, n + 1):
        total = total + i * i % 7
        if total > 1000000:
            total = total - 1000000
    return total


def strings(n: int) -> int:
    text = ""
    for _ in range(1, n + 1):
        text = text + "x"
    return len(text)


def frequencies(n: int) -> int:
    counters: dict[int, int] = {}
    for i in range(1, n + 1):
        key = i % 100
        seen = counters.get(key)
        if seen is None:
            counters[key] = 1
        else:
            counters[key] = seen + 1
    return len(counters)


def table(n: int) -> int:
    rows: list[dict[str, Any]] = []
    for i in range(1, n + 1):
        row: dict[str, Any] = {"Группа": None, "Сумма": None}
        rows.append(row)
        row["Группа"] = i % 10
        row["Сумма"] = (i * 7919) % 1000
    rows.sort(key=lambda r: r["Сумма"], reverse=True)
    groups: dict[Any, int] = {}
    for row in rows:
        groups[row["Группа"]] = groups.get(row["Группа"], 0) + row["Сумма"]
    return len(groups)


def fibonacci(n: int) -> int:
    if n < 2:
        return n
    return fibonacci(n - 1) + fibonacci(n - 2)


PROGRAMS: list[tuple[str, str, Callable[[int], int], int]] = [
    ("loops and arithmetic", "Арифметика", arithmetic, 200_000),
    ("string building", "Строки", strings, 100_000),
    ("Соответствие counting", "Частоты", frequencies, 100_000),
    ("ТаблицаЗначений sort+group", "Таблица", table, 20_000),
    ("recursion (fib)", "Фибоначчи", fibonacci, 24),
]


def best_of(repeat: int, fn: Callable[[], Any]) -> tuple[float, Any]:
    best = float("inf")
    result: Any = None
    for _ in range(repeat):
        started = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - started)
    return best, result


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every input size (fib: +log2)")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    limits = RunLimits(timeout_s=None)
    engine = Engine(limits=limits)
    module = engine.load(BSL, "bench")
    counter = Engine(limits=limits, counting="statements")
    counted = counter.load(BSL, "bench")

    ratios: list[float] = []
    print(f"{'program':28} {'n':>8} {'engine s':>9} {'CPython s':>10} {'ratio':>6} {'stmts/s':>12}")
    for title, name, python, size in PROGRAMS:
        n = size + int((args.scale - 1) * 2) if name == "Фибоначчи" else int(size * args.scale)
        bsl_time, bsl_result = best_of(args.repeat, partial(engine.call, module, name, [n]))
        py_time, py_result = best_of(args.repeat, partial(python, n))
        if bsl_result != py_result:
            raise SystemExit(f"{title}: results differ (engine {bsl_result!r}, CPython {py_result!r})")
        before = sum(counted.line_counts().values())
        counter.call(counted, name, [n])
        statements = sum(counted.line_counts().values()) - before
        ratio = bsl_time / py_time
        ratios.append(ratio)
        speed = statements / bsl_time
        print(f"{title:28} {n:>8} {bsl_time:>9.4f} {py_time:>10.4f} {ratio:>6.2f} {speed:>12,.0f}")
    median = statistics.median(ratios)
    print(f"median ratio engine/CPython: {median:.2f} (goal <= 5: {'met' if median <= 5 else 'NOT met'})")


if __name__ == "__main__":
    main()
