"""Engine speed against CPython on equivalent programs, timed as whole processes in one run.

Usage: .venv/bin/python bench/engine_vs_cpython.py [--repeat R] [--clock cpu|wall] [--only NAME …]
Each program of bench/programs/ is a BSL module (`NAME.bsl`) with a CPython twin (`NAME.py`) doing the
same work; both print the same line, which is checked. Each is run R times as a whole process, as a
user runs it (`prism-desktop bsl run NAME.bsl` and `python NAME.py`, start-up included), engine and
CPython interleaved; the best time of each side gives the ratio. Every ratio is reported, then the
median and the worst.
Targets: every program ≤ 4× CPython, median ≤ 2.5× (the answer-shaped programs, `answer_*`, do their
work inside functions with collections passed as parameters, as answers do: CPython runs function
locals faster than module globals, so these are the harder comparison).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

from process_timing import CLOCKS, ProcessRun, prism_desktop_command, run_process

PROGRAMS_DIR = Path(__file__).resolve().parent / "programs"
WORST_TARGET = 4.0
MEDIAN_TARGET = 2.5

# name -> the shape it measures (the file's own first line says more)
PROGRAMS = {
    "bubble_sort": "nested Для, Массив [] read/write and swap (bubble sort of 5,000)",
    "words": "1,000,000 strings, СтрСоединить/СтрРазделить, words counted in a Соответствие",
    "structure": "a Структура read and written through a procedure 2,000,000 times",
    "quicksort": "recursive quicksort of 300,000 numbers in a Массив",
    "fibonacci": "recursion: Фибоначчи(33), 11.4 million calls",
    "table": "ТаблицаЗначений of 400,000 rows filled, Свернуть, Сортировать, Итог",
    "string_library": "СтрЗаменить, СтрНайти, Лев/Сред/Прав, ВРег, СокрЛП in a loop (600,000)",
    "arithmetic": "integer arithmetic in a tight Для loop (4,000,000)",
    "decimals": "decimal arithmetic with Окр in a tight loop (800,000)",
    "for_each": "Для Каждого over a Массив and a Соответствие (1,500,000 each)",
    "sieve": "sieve of Eratosthenes to 2,000,000 (Массив of Булево, Пока)",
    "string_keys": "Соответствие.Получить by string keys, 3,000,000 look-ups",
    "answer_bubble": "answer-shaped: bubble sort function, exchange flag, copied Массив (4,200)",
    "answer_primes": "answer-shaped: a predicate function (trial division) called for 300,000 numbers",
    "answer_matrix": "answer-shaped: 200×200 matrices as Массив of Массивов passed between functions",
    "answer_search": "answer-shaped: a binary search function over a Массив passed in, 400,000 calls",
    "answer_text": "answer-shaped: Сред/КодСимвола character loops in functions over 300,000 strings",
}


@dataclass
class Result:
    name: str
    engine: ProcessRun
    python: ProcessRun

    def ratio(self, clock: str) -> float:
        return self.engine.seconds(clock) / self.python.seconds(clock)


def _check(name: str, side: str, run: ProcessRun) -> str:
    if run.returncode != 0:
        raise SystemExit(f"{name} ({side}) failed with exit code {run.returncode}: {run.stderr.strip()}")
    return run.stdout.strip()


def measure(name: str, repeat: int, clock: str) -> Result:
    engine_command = [*prism_desktop_command(), "bsl", "run", str(PROGRAMS_DIR / f"{name}.bsl")]
    python_command = [sys.executable, str(PROGRAMS_DIR / f"{name}.py")]
    best_engine: ProcessRun | None = None
    best_python: ProcessRun | None = None
    run_process(engine_command)  # warm-up, not timed: compiled modules cached as after installation
    for _ in range(repeat):
        engine = run_process(engine_command)
        python = run_process(python_command)
        engine_out, python_out = _check(name, "engine", engine), _check(name, "CPython", python)
        if engine_out != python_out:
            raise SystemExit(f"{name}: outputs differ (engine {engine_out!r}, CPython {python_out!r})")
        if best_engine is None or engine.seconds(clock) < best_engine.seconds(clock):
            best_engine = engine
        if best_python is None or python.seconds(clock) < best_python.seconds(clock):
            best_python = python
    assert best_engine is not None and best_python is not None
    return Result(name, best_engine, best_python)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--repeat", type=int, default=3, help="runs of each side (default 3)")
    parser.add_argument("--clock", choices=CLOCKS, default="cpu", help="the time compared (default: cpu)")
    parser.add_argument("--only", nargs="+", choices=sorted(PROGRAMS), metavar="NAME", help="these programs")
    args = parser.parse_args()

    names = args.only or list(PROGRAMS)
    print(f"whole processes, best of {args.repeat}, {args.clock} time in seconds (wall time in brackets)")
    print(f"{'program':15} {'engine':>15} {'CPython':>15} {'ratio':>6}  shape")
    results: list[Result] = []
    for name in names:
        result = measure(name, args.repeat, args.clock)
        results.append(result)
        engine, python = result.engine, result.python
        print(
            f"{name:15} {engine.seconds(args.clock):>6.2f} ({engine.wall_s:>6.2f}) "
            f"{python.seconds(args.clock):>6.2f} ({python.wall_s:>6.2f}) {result.ratio(args.clock):>6.2f}  "
            f"{PROGRAMS[name]}",
            flush=True,
        )
    ratios = [r.ratio(args.clock) for r in results]
    median, worst = statistics.median(ratios), max(ratios)
    worst_name = results[ratios.index(worst)].name
    print(f"ratios: {', '.join(f'{r.name} {r.ratio(args.clock):.2f}' for r in results)}")
    print(
        f"median {median:.2f} (target ≤ {MEDIAN_TARGET:g}: {'met' if median <= MEDIAN_TARGET else 'NOT met'})"
    )
    verdict = "met" if worst <= WORST_TARGET else "NOT met"
    print(f"worst {worst:.2f}, {worst_name} (target ≤ {WORST_TARGET:g}: {verdict})")


if __name__ == "__main__":
    main()
