"""Pygments lexers for 1C:Enterprise: the BSL module language and the query language. Registered as
Pygments plugins (entry points `bsl` and `sdbl`), so any Pygments-based tool can highlight 1C code once
PRISM Desktop is installed."""

__all__ = [
    "bsl_lexer",
    "query_lexer",
]
