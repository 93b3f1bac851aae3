import pytest

from semverkit import Version, bump, parse_version


def test_parse_simple():
    assert parse_version("1.2.3") == Version(1, 2, 3)


def test_parse_prerelease():
    assert parse_version("1.0.0-rc.1") == Version(1, 0, 0, ("rc", "1"))


@pytest.mark.parametrize("text", ["1.2", "1.2.3.4", "01.2.3", "1.2.x", "", "1.2.3-", "v1.2.3"])
def test_parse_rejects(text):
    with pytest.raises(ValueError):
        parse_version(text)


def test_str_round_trip():
    for text in ("0.0.1", "10.20.30", "1.0.0-alpha.beta.1"):
        assert str(parse_version(text)) == text


def test_order_numbers():
    assert parse_version("1.9.0") < parse_version("1.10.0")


def test_prerelease_before_release():
    assert parse_version("1.0.0-rc.1") < parse_version("1.0.0")


def test_prerelease_parts():
    order = ["1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2", "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0"]
    parsed = [parse_version(v) for v in order]
    assert sorted(reversed(parsed)) == parsed


def test_bump():
    v = parse_version("1.2.3")
    assert (str(bump(v, "major")), str(bump(v, "minor")), str(bump(v, "patch"))) == ("2.0.0", "1.3.0", "1.2.4")


def test_bump_prerelease_patch():
    assert str(bump(parse_version("1.2.3-rc.1"), "patch")) == "1.2.3"


def test_bump_unknown_part():
    with pytest.raises(ValueError):
        bump(parse_version("1.2.3"), "build")
