import pytest

from solution import parse_duration


def test_hours_minutes():
    assert parse_duration("1h30m") == 5400


def test_seconds():
    assert parse_duration("45s") == 45


def test_gap():
    assert parse_duration("2h5s") == 7205


def test_days():
    assert parse_duration("1d2h") == 93600


def test_empty():
    with pytest.raises(ValueError):
        parse_duration("")


def test_garbage():
    with pytest.raises(ValueError):
        parse_duration("1h30x")


def test_wrong_order():
    with pytest.raises(ValueError):
        parse_duration("30m1h")


def test_repeated_unit():
    with pytest.raises(ValueError):
        parse_duration("1h1h")
