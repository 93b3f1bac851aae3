"""PRISM Desktop: the expert's workbench for PRISM, the executable benchmark of LLM-generated
1C:Enterprise (BSL) code."""

__version__ = "0.1.0"
