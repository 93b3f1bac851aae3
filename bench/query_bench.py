"""Speed of a balance query over 100,000 accumulation-register records.

Usage: .venv/bin/python bench/query_bench.py [--records N] [--items I] [--warehouses W] [--repeat R]

Fills an infobase with N movements (receipts and expenses over I items × W warehouses, one registrar
document per 1,000 records), then times, in the same run:
  * the query  ВЫБРАТЬ О.Товар, О.Склад, О.КоличествоОстаток ИЗ РегистрНакопления.Остатки.Остатки(&Д) КАК О
    (translated to one grouped SQLite SELECT over the movement table),
  * the same query grouped by Товар only, with a condition on Склад,
  * the manager method РегистрыНакопления.Остатки.Остатки(Д) of the object model (rows read and summed
    in Python), as the reference the ratio is taken against,
  * ОстаткиИОбороты by Месяц per Товар over the whole span (window functions over the movements).
Both ways must give the same balances, and the monthly rows must chain (each month opens with the
previous month's closing balance, the last closes with Остатки after the span) — checked. Target: the
queries within seconds.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import random
import time
from collections.abc import Callable
from typing import Any

from prism_desktop.platform import Infobase, load_configuration
from prism_desktop.platform.query import execute
from prism_desktop.platform.types import SystemEnumValue

SPEC: dict[str, Any] = {
    "catalogs": {"Товары": {}, "Склады": {}},
    "documents": {"Приход": {"registers": ["Остатки"]}},
    "accumulation_registers": {
        "Остатки": {
            "dimensions": {"Товар": "СправочникСсылка.Товары", "Склад": "СправочникСсылка.Склады"},
            "resources": {"Количество": {"type": "Число", "length": 15, "precision": 3}},
        }
    },
}
BY_ITEM_AND_WAREHOUSE = (
    "ВЫБРАТЬ О.Товар, О.Склад, О.КоличествоОстаток ИЗ РегистрНакопления.Остатки.Остатки(&Д) КАК О"
)
BY_ITEM_IN_WAREHOUSE = (
    "ВЫБРАТЬ О.Товар, О.КоличествоОстаток ИЗ РегистрНакопления.Остатки.Остатки(&Д, Склад = &С) КАК О"
)
MONTHLY = (
    "ВЫБРАТЬ О.Товар, О.Период, О.КоличествоНачальныйОстаток, О.КоличествоОборот, "
    "О.КоличествоКонечныйОстаток "
    "ИЗ РегистрНакопления.Остатки.ОстаткиИОбороты(&Н, &К, Месяц) КАК О УПОРЯДОЧИТЬ ПО О.Товар, О.Период"
)
BY_ITEM = "ВЫБРАТЬ О.Товар, О.КоличествоОстаток ИЗ РегистрНакопления.Остатки.Остатки(&Д) КАК О"


def fill(records: int, items: int, warehouses: int, seed: int) -> Infobase:
    ib = Infobase(load_configuration(SPEC))
    rng = random.Random(seed)

    def create(kind: str, name: str, count: int) -> list[Any]:
        meta = ib.config.find(kind, name)
        assert meta is not None
        refs = []
        for i in range(count):
            data = ib.new_object(meta)
            data.values["Наименование"] = f"{name} {i + 1}"
            refs.append(ib.write_object(data))
        return refs

    goods = create("Справочник", "Товары", items)
    stores = create("Справочник", "Склады", warehouses)
    document = ib.config.find("Документ", "Приход")
    register = ib.config.register("РегистрНакопления", "Остатки")
    assert document is not None and register is not None
    start = _dt.datetime(2024, 1, 1)
    kinds = (
        SystemEnumValue("ВидДвиженияНакопления", "Приход"),
        SystemEnumValue("ВидДвиженияНакопления", "Расход"),
    )
    for first in range(0, records, 1000):
        data = ib.new_object(document)
        data.values["Дата"] = start + _dt.timedelta(minutes=first)
        recorder = ib.write_object(data)
        rows = [
            {
                "Период": start + _dt.timedelta(minutes=first + i),
                "Товар": rng.choice(goods),
                "Склад": rng.choice(stores),
                "Количество": rng.randint(1, 100),
                "ВидДвижения": kinds[1] if rng.random() < 0.3 else kinds[0],
            }
            for i in range(min(1000, records - first))
        ]
        ib.registers.write_records(register, {"Регистратор": recorder}, rows)
    return ib


def timed(action: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    best, result = float("inf"), None
    for _ in range(repeat):
        began = time.perf_counter()
        result = action()
        best = min(best, time.perf_counter() - began)
    return best, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=100_000)
    parser.add_argument("--items", type=int, default=1_000)
    parser.add_argument("--warehouses", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()

    began = time.perf_counter()
    ib = fill(args.records, args.items, args.warehouses, args.seed)
    print(f"filled {args.records:,} records in {time.perf_counter() - began:.2f} s")
    moment = _dt.datetime(2024, 1, 1) + _dt.timedelta(minutes=args.records * 3 // 4)
    register = ib.config.register("РегистрНакопления", "Остатки")
    assert register is not None

    query_s, result = timed(lambda: execute(ib, BY_ITEM_AND_WAREHOUSE, {"Д": moment}), args.repeat)
    store = ib.registers
    python_s, reference = timed(lambda: store.balances(register, moment, {}), args.repeat)  # type: ignore[arg-type]
    from_query = {(r[0], r[1]): r[2] for r in result.rows}
    from_python = {(r["Товар"], r["Склад"]): r["Количество"] for r in reference}
    assert from_query == from_python, "the query and the object model disagree"
    warehouse = result.rows[0][1]
    filtered_s, filtered = timed(
        lambda: execute(ib, BY_ITEM_IN_WAREHOUSE, {"Д": moment, "С": warehouse}), args.repeat
    )

    first = _dt.datetime(2024, 1, 1)
    last = first + _dt.timedelta(minutes=args.records)
    monthly_s, monthly = timed(lambda: execute(ib, MONTHLY, {"Н": first, "К": last}), args.repeat)
    closing = execute(ib, BY_ITEM, {"Д": last + _dt.timedelta(seconds=1)})
    check_chain(monthly.rows, {r[0]: r[1] for r in closing.rows})

    print(f"balance query, {len(result.rows):,} rows (Товар × Склад):   {query_s:.3f} s")
    print(f"balance query, {len(filtered.rows):,} rows (Товар, one Склад):  {filtered_s:.3f} s")
    print(f"object model Остатки() summing in Python:        {python_s:.3f} s")
    print(f"ratio object model / query: {python_s / query_s:.1f}×")
    print(f"ОстаткиИОбороты by Месяц, {len(monthly.rows):,} rows (Товар × month): {monthly_s:.3f} s")


def check_chain(rows: list[tuple[Any, ...]], closing: dict[Any, Any]) -> None:
    """Per item, months in order: opening = previous closing, closing = opening + turnover, and the
    last closing equals the balance after the span."""
    previous: dict[Any, Any] = {}
    for item, _period, opening, turnover, end in rows:
        assert opening == previous.get(item, opening), "a month does not open with the previous closing"
        assert opening + turnover == end, "closing balance is not opening + turnover"
        previous[item] = end
    nonzero = {item: end for item, end in previous.items() if end != 0}
    assert nonzero == closing, "the last monthly closing balances disagree with Остатки"


if __name__ == "__main__":
    main()
