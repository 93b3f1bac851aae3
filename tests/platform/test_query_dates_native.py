"""The period starts computed in SQLite's own functions (dates.begin_sql, used by the register tables'
period fields) agree with the Python reference (dates.begin_of, 1C's НАЧАЛОПЕРИОДА) for every unit,
over dates spread across years, leap days, month and decade ends, every weekday, and the empty date."""

from __future__ import annotations

import datetime as _dt
import sqlite3

from hypothesis import given, settings
from hypothesis import strategies as st

from prism_desktop.platform.query import dates
from prism_desktop.platform.schema import EMPTY_DATE, date_from_sql, date_to_sql

UNITS = (
    dates.SECOND,
    dates.MINUTE,
    dates.HOUR,
    dates.DAY,
    dates.WEEK,
    dates.DECADE,
    dates.MONTH,
    dates.QUARTER,
    dates.HALFYEAR,
    dates.YEAR,
)
CONNECTION = sqlite3.connect(":memory:")


def native(moment: _dt.datetime | None, unit: str) -> _dt.datetime | None:
    text = None if moment is None else date_to_sql(moment)
    (value,) = CONNECTION.execute(f"SELECT {dates.begin_sql(':d', unit)}", {"d": text}).fetchone()
    return None if value is None else date_from_sql(value)


@settings(max_examples=300, deadline=None)
@given(st.datetimes(min_value=_dt.datetime(1, 1, 1), max_value=_dt.datetime(9999, 12, 31, 23, 59, 59)))
def test_every_unit_agrees_with_the_reference(moment: _dt.datetime) -> None:
    moment = moment.replace(microsecond=0)
    for unit in UNITS:
        assert native(moment, unit) == dates.begin_of(moment, unit), unit


def test_edges_null_and_the_empty_date() -> None:
    for moment in (
        _dt.datetime(2024, 2, 29, 23, 59, 59),
        _dt.datetime(2024, 12, 31, 0, 0, 0),
        _dt.datetime(2024, 3, 10, 12, 0, 0),
        _dt.datetime(2024, 3, 11, 0, 0, 0),
        _dt.datetime(2024, 3, 21, 0, 0, 0),
        _dt.datetime(2024, 3, 31, 8, 0, 0),
        _dt.datetime(2024, 7, 1, 0, 0, 0),
        _dt.datetime(2024, 6, 30, 23, 0, 0),
        EMPTY_DATE,
    ):
        for unit in UNITS:
            assert native(moment, unit) == dates.begin_of(moment, unit), (moment, unit)
    assert all(native(None, unit) is None for unit in UNITS)
    assert dates.begin_sql("x", None) == "x"
