import pytest

from solution import merge_intervals


def test_overlapping():
    assert merge_intervals([(1, 4), (2, 6), (8, 10)]) == [(1, 6), (8, 10)]


def test_touching():
    assert merge_intervals([(1, 3), (3, 5)]) == [(1, 5)]


def test_unsorted_input():
    assert merge_intervals([(8, 9), (1, 2), (2, 3)]) == [(1, 3), (8, 9)]


def test_contained():
    assert merge_intervals([(1, 10), (2, 3), (4, 5)]) == [(1, 10)]


def test_empty():
    assert merge_intervals([]) == []


def test_points():
    assert merge_intervals([(5, 5), (5, 5), (6, 6)]) == [(5, 5), (6, 6)]


def test_invalid_interval():
    with pytest.raises(ValueError):
        merge_intervals([(3, 1)])
