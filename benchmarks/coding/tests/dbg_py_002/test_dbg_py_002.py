from solution import dedupe


def test_basic():
    assert dedupe([3, 1, 3, 2, 1]) == [3, 1, 2]


def test_repeated_calls_independent():
    dedupe([1, 2, 3])
    assert dedupe([1, 2, 3]) == [1, 2, 3]


def test_seen_excludes():
    assert dedupe(["a", "b", "c"], {"b"}) == ["a", "c"]


def test_seen_not_modified():
    seen = {"x"}
    dedupe(["x", "y"], seen)
    assert seen == {"x"}


def test_strings_order():
    assert dedupe("абракадабра") == ["а", "б", "р", "к", "д"]


def test_empty():
    assert dedupe([]) == []
