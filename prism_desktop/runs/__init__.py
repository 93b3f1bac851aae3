"""Run and measurement types, at the bottom floor: what a run gets (its spec) and what it measured
(its result), for 1C runs (onec.py) and code runs (code.py). The sandbox produces them, scoring,
the services and the GUI read them; none of those layers has to import another to share them. Pure
standard library: the in-container worker and runner import these modules too."""

__all__ = ["code", "onec"]
