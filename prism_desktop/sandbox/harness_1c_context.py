"""The client context of a 1C Code Bench task: its function runs on the thin client, where the
platform has no infobase managers and no server-only types. 1C's compiler rejects such code in a
client module with "Переменная не определена (Справочники)" or "Тип не определен (Запрос)"; the
lists below are the ones a thin client lacks among what our engine implements (1C's syntax assistant,
"Доступность: Сервер, толстый клиент, внешнее соединение")."""

from __future__ import annotations

from prism_desktop.bsl import ast as A
from prism_desktop.bsl import diagnostics as diag
from prism_desktop.bsl.compiler_analysis import statement_expressions, walk_expression, walk_statements
from prism_desktop.bsl.diagnostics import Diagnostic
from prism_desktop.bsl.names import canonical
from prism_desktop.bsl.parser import parse_module

CLIENT_CONTEXT = "ClientContext"
SERVER_ONLY_GLOBALS = frozenset(
    canonical(name)
    for name in (
        "Справочники",
        "Документы",
        "РегистрыНакопления",
        "РегистрыСведений",
        "РегистрыБухгалтерии",
        "ПланыСчетов",
        "ПланыВидовХарактеристик",
        "Константы",
        "ЖурналыДокументов",
    )
)
SERVER_ONLY_TYPES = frozenset(
    canonical(name)
    for name in ("Запрос", "ТаблицаЗначений", "ДеревоЗначений", "ПостроительЗапроса", "БлокировкаДанных")
)


def client_context_errors(code: str, line_offset: int = 0) -> list[Diagnostic]:
    """Each use of a server-only global or type in `code`, at its line + `line_offset`."""
    module = parse_module(code, "Клиент").module
    found: list[Diagnostic] = []
    for method in module.methods:
        for stmt in walk_statements(method.body):
            for expr in statement_expressions(stmt):
                for node in walk_expression(expr):
                    if isinstance(node, A.Name) and canonical(node.name) in SERVER_ONLY_GLOBALS:
                        message = f"Переменная не определена ({node.name})"
                    elif (
                        isinstance(node, A.New)
                        and node.type_name
                        and canonical(node.type_name) in SERVER_ONLY_TYPES
                    ):
                        message = f"Тип не определен ({node.type_name})"
                    else:
                        continue
                    found.append(diag.error(message, node.line + line_offset, node.col, code=CLIENT_CONTEXT))
    return found
