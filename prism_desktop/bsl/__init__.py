"""The 1C language: lexer, parser, compile checker, compiler to Python, engine, runtime values, the
standard library and the 1C object model over the synthetic infobase (platform_bridge).

Other packages import only what `__all__` names (modules of this package, or names it
re-exports); the rest are its internals. tests/test_exported_members.py holds them to it."""

__all__ = [
    "antipatterns",
    "ast",
    "candidate_text",
    "checker",
    "common_modules",
    "compile_contexts",
    "compiler_analysis",
    "configuration_dump",
    "diagnostics",
    "engine",
    "limits",
    "module_kinds",
    "names",
    "parser",
    "platform_bridge",
    "stdlib",
    "syntax_1c",
    "values",
]
