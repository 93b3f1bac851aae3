import pytest

from solution import moving_average


def test_basic():
    assert moving_average([1, 2, 3, 4, 5], 2) == [1.5, 2.5, 3.5, 4.5]


def test_window_equals_length():
    assert moving_average([2, 4, 6], 3) == [4.0]


def test_window_one():
    assert moving_average([5, 7], 1) == [5.0, 7.0]


def test_count_of_windows():
    assert len(moving_average(list(range(100)), 10)) == 91


def test_zero_window():
    with pytest.raises(ValueError):
        moving_average([1, 2], 0)


def test_window_too_large():
    with pytest.raises(ValueError):
        moving_average([1, 2], 3)
