import pytest

from solution import shipping_cost


def test_zone1_light():
    assert shipping_cost(0.5, 1, False) == 300


def test_zone2_heavy():
    assert shipping_cost(3, 2, False) == 610


def test_zone3_fractional():
    assert shipping_cost(2.5, 3, False) == 880


def test_express():
    assert shipping_cost(1, 1, True) == 450


def test_express_heavy():
    assert shipping_cost(2, 3, True) == 1230


def test_bad_weight():
    with pytest.raises(ValueError):
        shipping_cost(0, 1, False)


def test_bad_zone():
    with pytest.raises(ValueError):
        shipping_cost(1, 4, False)
