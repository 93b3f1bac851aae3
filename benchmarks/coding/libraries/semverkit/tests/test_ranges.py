import pytest

from semverkit import max_satisfying, parse_version, satisfies


def test_plain_comparators():
    assert satisfies(parse_version("1.5.0"), ">=1.2.0 <2.0.0")
    assert not satisfies(parse_version("2.0.0"), ">=1.2.0 <2.0.0")


def test_bare_version_is_equality():
    assert satisfies(parse_version("1.2.3"), "1.2.3")
    assert not satisfies(parse_version("1.2.4"), "1.2.3")


def test_caret():
    assert satisfies(parse_version("1.9.9"), "^1.2.3")
    assert not satisfies(parse_version("2.0.0"), "^1.2.3")


def test_caret_zero_major():
    assert satisfies(parse_version("0.2.9"), "^0.2.3")
    assert not satisfies(parse_version("0.3.0"), "^0.2.3")


def test_tilde():
    assert satisfies(parse_version("1.2.9"), "~1.2.3")
    assert not satisfies(parse_version("1.3.0"), "~1.2.3")


def test_not_equal():
    assert not satisfies(parse_version("1.0.0"), ">=0.1.0 !=1.0.0")


def test_prerelease_excluded_unless_named():
    assert not satisfies(parse_version("1.3.0-beta"), ">=1.2.0")
    assert satisfies(parse_version("1.3.0-beta.2"), ">=1.3.0-beta.1")


def test_bad_spec():
    with pytest.raises(ValueError):
        satisfies(parse_version("1.0.0"), ">=banana")


def test_max_satisfying():
    assert max_satisfying(["1.2.0", "1.10.0", "1.9.3", "2.0.0", "junk"], "^1.2.0") == "1.10.0"


def test_max_satisfying_none():
    assert max_satisfying(["0.1.0"], ">=1.0.0") is None
