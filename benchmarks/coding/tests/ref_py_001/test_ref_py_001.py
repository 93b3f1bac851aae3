from solution import format_report


def _legacy(records):
    lines = []
    total = 0
    for r in records:
        if "qty" in r and r["qty"] > 0:
            s = r["qty"] * r["price"]
            total = total + s
            lines.append("%-10s %5d x %8.2f = %10.2f" % (r["name"][:10], r["qty"], r["price"], s))
    lines.append("-" * 40)
    lines.append("%-29s %10.2f" % ("ИТОГО", total))
    return "\n".join(lines)


RECORDS = [
    {"name": "Бумага А4", "qty": 10, "price": 350.0},
    {"name": "Картридж лазерный", "qty": 2, "price": 4890.9},
    {"name": "Скрепки", "qty": 0, "price": 45.0},
]


def test_same_as_legacy():
    assert format_report(RECORDS) == _legacy(RECORDS)


def test_empty():
    assert format_report([]) == _legacy([])


def test_long_name_cut():
    records = [{"name": "Очень длинное наименование", "qty": 1, "price": 1.0}]
    assert format_report(records) == _legacy(records)


def test_missing_qty_skipped():
    records = [{"name": "Без количества", "price": 5.0}, {"name": "Ручка", "qty": 3, "price": 12.5}]
    assert format_report(records) == _legacy(records)


def test_total_line():
    assert format_report(RECORDS).splitlines()[-1].endswith("13281.80")


def test_has_type_hints():
    import inspect

    assert inspect.signature(format_report).return_annotation in (str, "str")
