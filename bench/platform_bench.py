"""Speed of the synthetic infobase on a 10,000-row document posting, driven from BSL.

Usage: .venv/bin/python bench/platform_bench.py [--rows N] [--documents D]
Stages (wall-clock seconds, one run each):
  fill      one document with N tabular-section rows filled from BSL (N typed assignments × 3)
  post      Записать(РежимЗаписиДокумента.Проведение) of that document after building N movements
  balance   РегистрыНакопления.Остатки.Остатки() over the N movements
  many      D documents of 10 rows each, each posted with 10 movements (D writes + D record sets)
Reports the rows per second of each stage and the share of SQLite in the posting (a ratio measured
in this run). Target: the 10,000-row posting (fill + post) in a few seconds.
"""

from __future__ import annotations

import argparse
import time

from prism_desktop.bsl import platform_bridge
from prism_desktop.bsl.engine import Engine
from prism_desktop.platform import Infobase, load_configuration

SPEC = {
    "catalogs": {"Номенклатура": {}, "Склады": {}},
    "documents": {
        "Реализация": {
            "registers": ["ТоварыНаСкладах"],
            "tabular_sections": {
                "Товары": {
                    "attributes": {
                        "Номенклатура": {"type": "СправочникСсылка.Номенклатура"},
                        "Количество": {"type": "Число", "length": 15, "precision": 3},
                        "Сумма": {"type": "Число", "length": 15, "precision": 2},
                    }
                }
            },
        }
    },
    "accumulation_registers": {
        "ТоварыНаСкладах": {
            "dimensions": {
                "Склад": {"type": "СправочникСсылка.Склады"},
                "Номенклатура": {"type": "СправочникСсылка.Номенклатура"},
            },
            "resources": {
                "Количество": {"type": "Число", "length": 15, "precision": 3},
                "Сумма": {"type": "Число", "length": 15, "precision": 2},
            },
        }
    },
}

MODULE = """
Перем Склад, Товары, Док;

Процедура Подготовить(Сколько) Экспорт
    С = Справочники.Склады.СоздатьЭлемент(); С.Наименование = "Основной"; С.Записать(); Склад = С.Ссылка;
    Товары = Новый Массив;
    Для Номер = 1 По Сколько Цикл
        Т = Справочники.Номенклатура.СоздатьЭлемент(); Т.Наименование = "Товар " + Номер; Т.Записать();
        Товары.Добавить(Т.Ссылка);
    КонецЦикла;
КонецПроцедуры

Процедура Заполнить(Строк) Экспорт
    Док = Документы.Реализация.СоздатьДокумент();
    Док.Дата = Дата(2026, 1, 1);
    Всего = Товары.Количество();
    Для Номер = 1 По Строк Цикл
        Стр = Док.Товары.Добавить();
        Стр.Номенклатура = Товары[Номер % Всего];
        Стр.Количество = Номер % 7 + 1;
        Стр.Сумма = (Номер % 7 + 1) * 10.5;
    КонецЦикла;
КонецПроцедуры

Процедура Провести() Экспорт
    Для Каждого Стр Из Док.Товары Цикл
        Движение = Док.Движения.ТоварыНаСкладах.Добавить();
        Движение.Период = Док.Дата;
        Движение.ВидДвижения = ВидДвиженияНакопления.Расход;
        Движение.Склад = Склад;
        Движение.Номенклатура = Стр.Номенклатура;
        Движение.Количество = Стр.Количество;
        Движение.Сумма = Стр.Сумма;
    КонецЦикла;
    Док.Записать(РежимЗаписиДокумента.Проведение);
КонецПроцедуры

Функция Остатки() Экспорт
    Возврат РегистрыНакопления.ТоварыНаСкладах.Остатки().Количество();
КонецФункции

Процедура МногоДокументов(Сколько) Экспорт
    Для Н = 1 По Сколько Цикл
        Заполнить(10);
        Провести();
    КонецЦикла;
КонецПроцедуры
"""


def _timed(fn, *args) -> float:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    fn(*args)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=10_000)
    parser.add_argument("--documents", type=int, default=500)
    args = parser.parse_args()

    infobase = platform_bridge.start(Infobase(load_configuration(SPEC)))
    engine = Engine()
    module = engine.load(MODULE, "Бенч")
    engine.call(module, "Подготовить", [100])

    sql_time = 0.0
    original_execute = infobase.db

    class _Timing:
        """Wraps the connection to measure the time spent inside SQLite."""

        def __getattr__(self, name: str):  # type: ignore[no-untyped-def]
            attribute = getattr(original_execute, name)
            if name not in ("execute", "executemany"):
                return attribute

            def timed(*a, **k):  # type: ignore[no-untyped-def]
                nonlocal sql_time
                start = time.perf_counter()
                try:
                    return attribute(*a, **k)
                finally:
                    sql_time += time.perf_counter() - start

            return timed

    infobase.db = _Timing()  # type: ignore[assignment]
    fill = _timed(engine.call, module, "Заполнить", [args.rows])
    sql_before = sql_time
    post = _timed(engine.call, module, "Провести", [])
    sql_post = sql_time - sql_before
    balance_rows = engine.call(module, "Остатки", [])
    balance = _timed(engine.call, module, "Остатки", [])
    many = _timed(engine.call, module, "МногоДокументов", [args.documents])
    platform_bridge.stop()

    movements = infobase.db.execute('SELECT COUNT(*) FROM "accum_ТоварыНаСкладах"').fetchone()[0]
    print(f"fill     {args.rows:>6} rows     {fill:7.3f} s  {args.rows / fill:10.0f} rows/s")
    print(
        f"post     {args.rows:>6} movements {post:7.3f} s  {args.rows / post:10.0f} rows/s "
        f"(SQLite {sql_post / post:.0%} of it)"
    )
    print(f"balance  {args.rows:>6} movements {balance:7.3f} s  -> {balance_rows} balance rows")
    print(
        f"many     {args.documents:>6} documents {many:7.3f} s  {args.documents / many:10.0f} documents/s "
        f"(10 rows and 10 movements each)"
    )
    print(f"10,000-row posting (fill + post): {fill + post:.2f} s; movements stored: {movements}")


if __name__ == "__main__":
    main()
