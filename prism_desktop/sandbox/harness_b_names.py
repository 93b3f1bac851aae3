"""Names the 1C compiler cannot resolve in the candidate's common module: "Переменная не определена
(X)" for every read of a name that is no parameter, no local of the method (assigned anywhere in it or
declared with Перем), no module variable and no property of the global context — which, in PRISM's
synthetic configuration, holds no common modules but КодКандидата and Тесты (PRISM's published B3
logs: `Переменная не определена (СтроковыеФункцииКлиентСервер)` on each line that uses it).

Conservative where 1C's rule is not certain: a bare name passed as an argument (a parameter by
reference may receive it) and methods that run Выполнить/Вычислить are not checked.
"""

from __future__ import annotations

from collections.abc import Iterator

from prism_desktop.bsl import ast as A
from prism_desktop.bsl import diagnostics as diag
from prism_desktop.bsl.compiler_analysis import (
    method_facts,
    statement_expressions,
    walk_expression,
    walk_statements,
)
from prism_desktop.bsl.diagnostics import Diagnostic
from prism_desktop.bsl.names import GLOBAL_PROPERTIES, canonical
from prism_desktop.bsl.stdlib import PROPERTIES
from prism_desktop.bsl.stdlib.collections import GLOBALS
from prism_desktop.bsl.stdlib.globals import load_providers
from prism_desktop.bsl.stdlib.types import FORBIDDEN_TYPES, find_constructor
from prism_desktop.bsl.values.base import norm_name

UNDEFINED_VARIABLE = "UndefinedVariable"
UNDEFINED_TYPE = "UndefinedType"
# Types of the platform a server module may create with Новый that our engine does not construct:
# 1C compiles them; only a name the platform does not know is a compile error.
PLATFORM_TYPES = frozenset(
    norm_name(name)
    for name in (
        "СообщениеПользователю",
        "БлокировкаДанных",
        "ОписаниеОповещения",
        "ФорматированнаяСтрока",
        "ХранилищеЗначения",
        "УникальныйИдентификатор",
        "ПостроительЗапроса",
        "ПостроительОтчета",
        "СхемаКомпоновкиДанных",
        "КомпоновщикМакетаКомпоновкиДанных",
        "ПроцессорКомпоновкиДанных",
        "КомпоновщикНастроекКомпоновкиДанных",
        "ПроцессорВыводаРезультатаКомпоновкиДанныхВКоллекциюЗначений",
        "ТабличныйДокумент",
        "ТекстовыйДокумент",
        "ДвоичныеДанные",
        "МоментВремени",
        "СтандартныйПериод",
        "Период",
        "ПараметрыЗаписиJSON",
        "ПараметрыЧтенияJSON",
        "ЧтениеJSON",
        "ЗаписьJSON",
        "ЧтениеXML",
        "ЗаписьXML",
        "HTTPСоединение",
        "HTTPЗапрос",
        "ЗащищенноеСоединениеOpenSSL",
        "ИнтернетПрокси",
        "Файл",
        "ЧтениеТекста",
        "ЗаписьТекста",
        "ЧтениеДанных",
        "ЗаписьДанных",
        "ПотокВПамяти",
        "ФайловыйПоток",
        "ZipФайлЗаписи",
        "ЧтениеZipФайла",
        "ХешированиеДанных",
        "Картинка",
        "Цвет",
        "Шрифт",
        "Рамка",
        "COMОбъект",
        "РегулярноеВыражение",
        "ОписаниеОшибки",
        "ФиксированноеСоответствие",
        "ФиксированнаяСтруктура",
        "ФиксированныйМассив",
        "Отбор",
        "ЭлементОтбора",
        "НастройкиКомпоновкиДанных",
        "ПараметрыВыводаРезультатаКомпоновкиДанных",
        "СериализаторXDTO",
        "ФабрикаXDTO",
        "ЗапросHTTP",
    )
)


def undefined_variables(module: A.Module, common_modules: tuple[str, ...]) -> list[Diagnostic]:
    load_providers()  # the global properties the engine registers on first use
    known_globals = {*GLOBAL_PROPERTIES, *PROPERTIES, *GLOBALS, *(canonical(m) for m in common_modules)}
    module_vars = {canonical(v.name) for decl in module.variables for v in decl.names}
    found: list[Diagnostic] = []
    for method in module.methods:
        facts = method_facts(method.body)
        if facts.dynamic:
            continue
        defined = (
            facts.assigned
            | {canonical(p.name) for p in method.params}
            | {canonical(v.name) for decl in method.local_vars for v in decl.names}
            | module_vars
            | known_globals
        )
        for name in _reads(method.body):
            if canonical(name.name) not in defined:
                message = f"Переменная не определена ({name.name})"
                found.append(diag.error(message, name.line, name.col, code=UNDEFINED_VARIABLE))
    return found


def undefined_types(module: A.Module) -> list[Diagnostic]:
    """`Новый X` with a literal X the platform does not know: "Тип не определен (X)" is a compile error
    in 1C (PRISM's published B4 logs: `Новый ОписаниеПараметровТипа(15, 2)`, `Новый ОписаниеТипа(…)`)."""
    found: list[Diagnostic] = []
    for method in module.methods:
        for stmt in walk_statements(method.body):
            for expr in statement_expressions(stmt):
                for node in walk_expression(expr):
                    if isinstance(node, A.New) and node.type_name and not _known_type(node.type_name):
                        message = f"Тип не определен ({node.type_name})"
                        found.append(diag.error(message, node.line, node.col, code=UNDEFINED_TYPE))
    return found


def _known_type(name: str) -> bool:
    key = norm_name(name)
    return find_constructor(key) is not None or key in FORBIDDEN_TYPES or key in PLATFORM_TYPES


def _reads(body: A.Body) -> Iterator[A.Name]:
    """Every bare name read as a value (not assigned, not passed alone as an argument)."""
    for stmt in walk_statements(body):
        for expr in statement_expressions(stmt):
            if isinstance(stmt, A.Assign) and expr is stmt.target and isinstance(expr, A.Name):
                continue
            yield from _names(expr)


def _names(expr: A.Expr) -> Iterator[A.Name]:
    if isinstance(expr, A.Name):
        yield expr
        return
    if isinstance(expr, A.Call | A.MethodCall):
        if isinstance(expr, A.MethodCall):
            yield from _names(expr.obj)
        for arg in expr.args:
            if arg is not None and not isinstance(arg, A.Name):
                yield from _names(arg)
        return
    if isinstance(expr, A.Member):
        yield from _names(expr.obj)
    elif isinstance(expr, A.Index):
        yield from _names(expr.obj)
        yield from _names(expr.index)
    elif isinstance(expr, A.Unary | A.Await):
        yield from _names(expr.operand)
    elif isinstance(expr, A.Binary):
        yield from _names(expr.left)
        yield from _names(expr.right)
    elif isinstance(expr, A.Ternary):
        for branch in (expr.cond, expr.then, expr.otherwise):
            yield from _names(branch)
    elif isinstance(expr, A.New):
        for part in (expr.type_expr, *expr.args):
            if part is not None:
                yield from _names(part)
