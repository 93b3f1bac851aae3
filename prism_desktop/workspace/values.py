"""Test values of tests.yaml (PRISM_FORMAT §1.4): the check of their encodings and their JSON form.

Values stay as YAML gives them (a `date` stays a `date`); `jsonable` is the one place where they
are turned into JSON-safe data for the sandbox, a YAML date becoming `{"__date__": "YYYY-MM-DD"}`,
the same marker tests.yaml uses for a date written as a mapping."""

from __future__ import annotations

import datetime as _dt
import re
from typing import Any

from .schema import LIST, FileCheck, describe
from .yamlio import KeyPath

DATE_KEY = "__date__"
TABLE_KEY = "__table__"
_IDENTIFIER = re.compile(r"[^\W\d]\w*")  # a BSL identifier: Unicode letters, digits, `_`
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def jsonable(value: Any) -> Any:
    """`value` with every date/datetime replaced by {"__date__": ...}, tuples made lists.

    A date gives "YYYY-MM-DD". A datetime at midnight gives the same; one with a time of day
    gives "YYYY-MM-DDTHH:MM:SS" (ISO 8601), so no information is dropped on the way."""
    if isinstance(value, _dt.datetime):
        if value.time() == _dt.time(0, 0) and value.tzinfo is None:
            return {DATE_KEY: value.date().isoformat()}
        return {DATE_KEY: value.isoformat()}
    if isinstance(value, _dt.date):
        return {DATE_KEY: value.isoformat()}
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [jsonable(v) for v in value]
    return value


def check_test_value(check: FileCheck, value: Any, key: KeyPath) -> None:
    """Report values that cannot be turned into BSL by the rules of §1.4."""
    if isinstance(value, list):
        for index, item in enumerate(value):
            check_test_value(check, item, (*key, index))
    elif isinstance(value, dict):
        if DATE_KEY in value:
            _check_date(check, value, key)
        elif TABLE_KEY in value:
            _check_table(check, value, key)
        else:
            for name, item in value.items():
                if not (isinstance(name, str) and _IDENTIFIER.fullmatch(name)):
                    check.add(
                        (*key, name),
                        message="a Структура key must be a BSL identifier",
                        found=describe(name),
                        expected="a name of letters, digits and _",
                    )
                check_test_value(check, item, (*key, name))
    elif not (value is None or isinstance(value, bool | int | float | str | _dt.date)):
        check.add(key, found=describe(value), expected="a test value (§1.4)")


def _check_date(check: FileCheck, value: dict[Any, Any], key: KeyPath) -> None:
    if len(value) != 1:
        check.add(key, found=describe(value), expected=f"{DATE_KEY} as the only key")
    text = value[DATE_KEY]
    if isinstance(text, _dt.date):
        return  # an unquoted YAML date under __date__ still names a date
    try:
        valid = (
            isinstance(text, str) and bool(_ISO_DATE.fullmatch(text)) and bool(_dt.date.fromisoformat(text))
        )
    except ValueError:
        valid = False
    if not valid:
        check.add((*key, DATE_KEY), found=describe(text), expected="a date 'YYYY-MM-DD'")


def _check_table(check: FileCheck, value: dict[Any, Any], key: KeyPath) -> None:
    if len(value) != 1:
        check.add(key, found=describe(value), expected=f"{TABLE_KEY} as the only key")
    table_key = (*key, TABLE_KEY)
    table = check.mapping(value[TABLE_KEY], table_key)
    columns = check.strings(table.get("columns", []), (*table_key, "columns"))
    if "columns" not in table:
        check.add((*table_key, "columns"), message="missing key", expected="a list of column names")
    for index, name in enumerate(columns):
        if not _IDENTIFIER.fullmatch(name):
            check.add(
                (*table_key, "columns", index),
                found=describe(name),
                expected="a column name of letters, digits and _",
            )
    if "rows" not in table:
        check.add((*table_key, "rows"), message="missing key", expected="a list of rows")
        return
    for index, row in enumerate(check.items(table["rows"], (*table_key, "rows"))):
        row_key = (*table_key, "rows", index)
        if not check.check(row, row_key, LIST):
            continue
        if len(row) != len(columns):
            check.add(row_key, found=f"{len(row)} cells", expected=f"{len(columns)} cells, one per column")
        for cell_index, cell in enumerate(row):
            check_test_value(check, cell, (*row_key, cell_index))
