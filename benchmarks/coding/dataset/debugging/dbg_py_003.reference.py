import re

UNITS = {"d": 86400, "h": 3600, "m": 60, "s": 1}
_FORMAT = re.compile(r"(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?")


def parse_duration(text: str) -> int:
    match = _FORMAT.fullmatch(text)
    if not text or match is None:
        raise ValueError(f"not a duration: {text!r}")
    return sum(int(value) * factor for value, factor in zip(match.groups(), UNITS.values()) if value)
