import random

from solution import merge_sorted_lists


def test_two_lists():
    assert merge_sorted_lists([[1, 4, 7], [2, 3, 9]]) == [1, 2, 3, 4, 7, 9]


def test_empty_input():
    assert merge_sorted_lists([]) == []


def test_empty_inner_lists():
    assert merge_sorted_lists([[], [5], []]) == [5]


def test_duplicates_and_negatives():
    assert merge_sorted_lists([[-3, 0, 0], [-3, 2], [0]]) == [-3, -3, 0, 0, 0, 2]


def test_inputs_not_modified():
    data = [[1, 3], [2]]
    merge_sorted_lists(data)
    assert data == [[1, 3], [2]]


def test_random_against_sorted():
    rng = random.Random(7)
    lists = [sorted(rng.randint(-50, 50) for _ in range(rng.randint(0, 30))) for _ in range(12)]
    assert merge_sorted_lists(lists) == sorted(x for values in lists for x in values)


def test_many_lists_fast():
    lists = [list(range(i, 200_000, 500)) for i in range(500)]
    assert merge_sorted_lists(lists) == list(range(200_000))
