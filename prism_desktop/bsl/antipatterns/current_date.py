"""DeprecatedCurrentDate: a call of the global function ТекущаяДата() / CurrentDate(), which returns
the server computer's clock instead of the session's time zone (BSL LS rule of the same name). A
method of the module that happens to have that name is not the global function."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from prism_desktop.bsl import ast as A
from prism_desktop.bsl.antipatterns import codes
from prism_desktop.bsl.antipatterns.findings import warning
from prism_desktop.bsl.compiler_analysis import all_expressions
from prism_desktop.bsl.diagnostics import Diagnostic
from prism_desktop.bsl.names import canonical

_CURRENT_DATE: Final = frozenset({"текущаядата", "currentdate"})


def current_date_diagnostics(module: A.Module) -> Iterator[Diagnostic]:
    if any(canonical(m.name) in _CURRENT_DATE for m in module.methods):
        return
    for body in (*(m.body for m in module.methods), module.body):
        for expr in all_expressions(body):
            if isinstance(expr, A.Call) and canonical(expr.name) in _CURRENT_DATE:
                message = codes.deprecated_current_date()
                yield warning(codes.DEPRECATED_CURRENT_DATE, message, expr.line, expr.col)
