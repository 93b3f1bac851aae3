"""PRISM Desktop: the expert's workbench for PRISM, the executable benchmark of LLM-generated
1C:Enterprise (BSL) code."""

__all__ = [
    "__version__",
]


# The one place the version is written: the package metadata takes it from here (pyproject.toml's
# dynamic version), and so do the instruments named in every score, inside the sandbox included.
__version__ = "0.1.0"
