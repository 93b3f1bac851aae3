"""Level-1 scoring: pure functions from sandbox measurements and the metric protocols to PRISM's
auto-file run objects. `level1.score_run` is the entry point; one module per concern (tables,
extraction, hashing, entry points, one per axis, quality, funnel, report)."""

__all__ = [
    "code_level1",
    "code_report",
    "extraction",
    "funnel",
    "hashing",
    "level1",
    "onec_level1",
    "onec_report",
    "optimization",
    "reasons",
    "report",
    "samples",
    "tables",
]
