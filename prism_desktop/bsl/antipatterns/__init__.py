"""Static detection of the antipatterns PRISM's O-auto counts; see detector.find_antipatterns."""

from prism_desktop.bsl.antipatterns.codes import ALL_CODES
from prism_desktop.bsl.antipatterns.detector import find_antipatterns

__all__ = [
    "ALL_CODES",
    "find_antipatterns",
]
