"""Формат's Л= codes: which locale a code selects (values/locales.py); what each locale prints is
checked by the conformance programs in conformance/format/."""

from __future__ import annotations

import datetime as _dt
from decimal import Decimal

import pytest

from prism_desktop.bsl.values.format import format_value
from prism_desktop.bsl.values.locales import ENGLISH_GB, ENGLISH_US, GERMAN, RUSSIAN, locale_for


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        (None, RUSSIAN),
        ("", RUSSIAN),
        ("ru_RU", RUSSIAN),
        ("en_US", ENGLISH_US),
        ("en-us", ENGLISH_US),
        (" EN ", ENGLISH_US),
        ("en_AU", ENGLISH_US),
        ("en_GB", ENGLISH_GB),
        ("de_AT", GERMAN),
        ("uk_UA", RUSSIAN),
        ("xx_YY", RUSSIAN),
    ],
)
def test_code_selects_locale(code: str | None, expected: object) -> None:
    assert locale_for(code) is expected


def test_british_dates_put_the_day_first() -> None:
    moment = _dt.datetime(2020, 1, 2, 15, 4, 5)
    assert format_value(moment, "L=en_GB") == "02/01/2020 15:04:05"
    assert format_value(moment, "L=en_GB; DLF=DD") == "2 January 2020"


def test_separators_given_in_the_format_string_win_over_the_locale() -> None:
    assert format_value(Decimal("1234.5"), "L=de_DE; ЧРГ=' '; ЧРД='.'") == "1 234.5"


def test_am_pm_token_without_a_designator_stays_as_written() -> None:
    moment = _dt.datetime(2020, 1, 2, 15, 4, 5)
    assert format_value(moment, "ДФ='ч tt'") == "3 tt"
    assert format_value(moment, "ДФ='ч tt'; Л=en_US") == "3 PM"
