"""The shape of the tree: nodes, fields, positions, precedence and the public entry points."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from prism_desktop.bsl import ast as A
from prism_desktop.bsl.parser import parse_expression, parse_module, parse_statements
from prism_desktop.bsl.values.base import NULL


def expr(text: str) -> A.Expr:
    result = parse_expression(text)
    assert result.diagnostics == []
    assert result.expression is not None
    return result.expression


def shape(node: A.Expr) -> object:
    """A compact, position-free rendering of an expression for precedence checks."""
    if isinstance(node, A.Binary):
        return (node.op, shape(node.left), shape(node.right))
    if isinstance(node, A.Unary):
        return (node.op, shape(node.operand))
    if isinstance(node, A.Name):
        return node.name
    if isinstance(node, A.Const):
        return node.value
    return type(node).__name__


def body_of(text: str) -> A.Body:
    result = parse_module(text)
    assert result.diagnostics == []
    return result.module.body


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("А ИЛИ Б И В", ("or", "А", ("and", "Б", "В"))),
        ("НЕ А И Б", ("and", ("not", "А"), "Б")),
        ("НЕ А = Б", ("not", ("=", "А", "Б"))),
        ("А = Б И В <> Г", ("and", ("=", "А", "Б"), ("<>", "В", "Г"))),
        ("А + Б * В", ("+", "А", ("*", "Б", "В"))),
        ("А - Б - В", ("-", ("-", "А", "Б"), "В")),
        ("А / Б % В", ("%", ("/", "А", "Б"), "В")),
        ("-А * Б", ("*", ("-", "А"), "Б")),
        ("(А + Б) * В", ("*", ("+", "А", "Б"), "В")),
        ("А < Б + 1", ("<", "А", ("+", "Б", 1))),
        ("А Или Не Б", ("or", "А", ("not", "Б"))),
        ("a AND b OR NOT c", ("or", ("and", "a", "b"), ("not", "c"))),
        ("-5", -5),
        ("- -5", 5),
        ("+А", ("+", "А")),
    ],
)
def test_precedence(text: str, expected: object) -> None:
    assert shape(expr(text)) == expected


@pytest.mark.parametrize(
    ("text", "value", "kind"),
    [
        ("12", 12, "number"), ("1.25", Decimal("1.25"), "number"), ('"а""б"', 'а"б', "string"),
        ("'20240131'", dt.datetime(2024, 1, 31), "date"), ("Истина", True, "boolean"),
        ("False", False, "boolean"), ("Неопределено", None, "undefined"), ("Undefined", None, "undefined"),
        ("NULL", NULL, "null"), ('"а" "б"\n"в"', "абв", "string"),
    ],
)
def test_literals(text: str, value: object, kind: str) -> None:
    node = expr(text)
    assert isinstance(node, A.Const)
    assert (node.value, node.kind) == (value, kind)


def test_calls_members_indexers_and_chains() -> None:
    node = expr("Объект.Метод(1, , Х)[0].Поле")
    assert isinstance(node, A.Member) and node.name == "Поле"
    index = node.obj
    assert isinstance(index, A.Index)
    call = index.obj
    assert isinstance(call, A.MethodCall) and call.name == "Метод"
    assert isinstance(call.obj, A.Name) and call.obj.name == "Объект"
    assert [type(a).__name__ if a else None for a in call.args] == ["Const", None, "Name"]


def test_argument_lists_with_omitted_arguments() -> None:
    cases = {"Ф()": (), "Ф(,)": (None, None), "Ф(1,)": (1, None), "Ф(, 2)": (None, 2)}
    for text, expected in cases.items():
        node = expr(text)
        assert isinstance(node, A.Call)
        assert tuple(a.value if isinstance(a, A.Const) else a for a in node.args) == expected


def test_keyword_is_a_valid_member_name() -> None:
    node = expr("Запрос.Выполнить().Выбрать()")
    assert isinstance(node, A.MethodCall) and node.name == "Выбрать"
    assert isinstance(node.obj, A.MethodCall) and node.obj.name == "Выполнить"


def test_new_forms() -> None:
    plain = expr("Новый Структура")
    assert plain == A.New("Структура", (), None, line=1, col=1)
    with_args = expr("Новый Массив(3)")
    assert isinstance(with_args, A.New) and with_args.type_name == "Массив" and len(with_args.args) == 1
    dynamic = expr('Новый("Массив", Параметры)')
    assert isinstance(dynamic, A.New) and dynamic.type_name is None
    assert isinstance(dynamic.type_expr, A.Const) and dynamic.type_expr.value == "Массив"
    assert isinstance(dynamic.args[0], A.Name)
    chained = expr('Новый Структура("А", 1).А')
    assert isinstance(chained, A.Member) and isinstance(chained.obj, A.New)


def test_ternary() -> None:
    node = expr("?(А > 0, 1, -1)")
    assert isinstance(node, A.Ternary)
    assert shape(node.cond) == (">", "А", 0)
    assert (shape(node.then), shape(node.otherwise)) == (1, -1)


def test_expression_positions() -> None:
    node = expr("Х +\n  Ф(Б)")
    assert isinstance(node, A.Binary)
    assert (node.line, node.col) == (1, 1)
    assert (node.right.line, node.right.col) == (2, 3)


def test_statements_with_positions_and_end_lines() -> None:
    body = body_of(
        "А = 1;\nЕсли А Тогда\n  Б = 2;\nИначеЕсли В Тогда\nИначе\n  Г();\nКонецЕсли;\nОбъект.Метод();"
    )
    assign, branch, call = body
    assert isinstance(assign, A.Assign) and (assign.line, assign.col, assign.end_line) == (1, 1, 1)
    assert isinstance(branch, A.If)
    assert (branch.line, branch.end_line, branch.else_line) == (2, 7, 5)
    assert [(b.line, len(b.body)) for b in branch.branches] == [(2, 1), (4, 0)]
    assert branch.else_body is not None and isinstance(branch.else_body[0], A.CallStmt)
    assert isinstance(call, A.CallStmt) and isinstance(call.call, A.MethodCall)


def test_if_without_else_has_none_else_body() -> None:
    (node,) = body_of("Если А Тогда КонецЕсли;")
    assert isinstance(node, A.If) and node.else_body is None and node.else_line is None


def test_loops() -> None:
    for_range, for_each, while_loop = body_of(
        "Для Сч = 1 По Н Цикл\nКонецЦикла;\nДля Каждого Эл Из Кол Цикл\n  Прервать;\nКонецЦикла;\n"
        "Пока Истина Цикл Продолжить; КонецЦикла;"
    )
    assert isinstance(for_range, A.ForRange) and for_range.var == "Сч"
    assert (shape(for_range.start), shape(for_range.end), for_range.end_line) == (1, "Н", 2)
    assert isinstance(for_each, A.ForEach) and for_each.var == "Эл" and shape(for_each.iterable) == "Кол"
    assert isinstance(for_each.body[0], A.Break) and for_each.end_line == 5
    assert isinstance(while_loop, A.While) and isinstance(while_loop.body[0], A.Continue)


def test_try_and_raise_forms() -> None:
    (node,) = body_of(
        "Попытка\n  Х = 1;\nИсключение\n  ВызватьИсключение;\n  ВызватьИсключение \"т\";\n"
        '  ВызватьИсключение("т", Категория, , Код);\n  ВызватьИсключение("т") + "!";\nКонецПопытки;'
    )
    assert isinstance(node, A.Try) and node.handler_line == 3 and node.end_line == 8
    bare, simple, extended, parenthesised = node.handler
    assert isinstance(bare, A.Raise) and bare.message is None and bare.args == ()
    assert isinstance(simple, A.Raise) and shape(simple.message) == "т" and simple.args == ()  # type: ignore[arg-type]
    assert isinstance(extended, A.Raise) and shape(extended.message) == "т"  # type: ignore[arg-type]
    assert [shape(a) if a else None for a in extended.args] == ["Категория", None, "Код"]
    assert isinstance(parenthesised, A.Raise) and shape(parenthesised.message) == ("+", "т", "!")  # type: ignore[arg-type]


def test_return_goto_label_execute_handlers() -> None:
    result = parse_module(
        "Функция Ф()\n  ~Метка: Перейти ~Метка;\n  Выполнить(\"Х = 1\");\n"
        "  ДобавитьОбработчик О.Событие, Обр;\n  УдалитьОбработчик О.Событие, Обр;\n  Возврат;\nКонецФункции"
    )
    assert result.diagnostics == []
    label, goto, execute, add, remove, ret = result.module.methods[0].body
    assert isinstance(label, A.Label) and label.name == "Метка"
    assert isinstance(goto, A.Goto) and goto.label == "Метка"
    assert isinstance(execute, A.Execute) and shape(execute.code) == "Х = 1"
    assert isinstance(add, A.AddHandler) and not add.remove and isinstance(add.event, A.Member)
    assert isinstance(remove, A.AddHandler) and remove.remove
    assert isinstance(ret, A.Return) and ret.value is None


def test_method_header_parameters_and_flags() -> None:
    result = parse_module(
        "&НаСервере\n&Перед(\"Записать\")\n"
        "Функция Ф(Знач А, Б = -1, В = \"с\", Г = '20240101', Д = Неопределено, Е = Истина) Экспорт\n"
        "  Перем Л1, Л2;\n  Возврат А;\nКонецФункции\n"
        "Асинх Процедура П()\nКонецПроцедуры"
    )
    assert result.diagnostics == []
    function, procedure = result.module.methods
    flags = (function.name, function.kind, function.export, function.is_async)
    assert flags == ("Ф", "function", True, False)
    assert (function.line, function.name_line, function.name_col, function.end_line) == (3, 3, 9, 6)
    assert [(a.name, [shape(x) for x in a.args]) for a in function.annotations] == [
        ("НаСервере", []), ("Перед", ["Записать"])
    ]
    params = function.params
    assert [(p.name, p.by_value) for p in params] == [
        ("А", True), ("Б", False), ("В", False), ("Г", False), ("Д", False), ("Е", False)
    ]
    assert params[0].default is None
    defaults = [p.default.value for p in params[1:] if isinstance(p.default, A.Const)]
    assert defaults == [-1, "с", dt.datetime(2024, 1, 1), None, True]
    assert [v.name for d in function.local_vars for v in d.names] == ["Л1", "Л2"]
    assert len(function.body) == 1
    assert (procedure.kind, procedure.is_async, procedure.params) == ("procedure", True, ())


def test_await_only_inside_async_methods() -> None:
    result = parse_module(
        "Асинх Процедура А()\n  Ждать Б();\n  Х = Ждать В;\nКонецПроцедуры\n"
        "Процедура Г()\n  Ждать = 1;\nКонецПроцедуры"
    )
    assert result.diagnostics == []
    first, second = result.module.methods[0].body
    assert isinstance(first, A.CallStmt) and isinstance(first.call, A.Await)
    assert isinstance(second, A.Assign) and isinstance(second.value, A.Await)
    (plain,) = result.module.methods[1].body
    assert isinstance(plain, A.Assign) and shape(plain.target) == "Ждать"


def test_module_sections() -> None:
    result = parse_module("Перем А Экспорт, Б;\n&НаКлиенте\nПерем В;\nПроцедура П()\nКонецПроцедуры\nП();")
    assert result.diagnostics == []
    module = result.module
    assert [[(v.name, v.export) for v in d.names] for d in module.variables] == [
        [("А", True), ("Б", False)], [("В", False)]
    ]
    assert module.variables[1].annotations[0].name == "НаКлиенте"
    assert [m.name for m in module.methods] == ["П"]
    assert len(module.body) == 1


def test_filename_is_kept() -> None:
    result = parse_module("А = 1;", filename="Модуль.bsl")
    assert result.filename == "Модуль.bsl" and result.module.filename == "Модуль.bsl"
    assert result.ok


def test_parse_expression_reports_trailing_tokens() -> None:
    result = parse_expression("1 + 2 3")
    assert result.expression is None
    assert [(d.line, d.column) for d in result.diagnostics] == [(1, 7)]


def test_parse_expression_of_empty_text() -> None:
    result = parse_expression("")
    assert result.expression is None
    assert result.diagnostics[0].message == "Ожидается выражение"


def test_parse_statements_for_execute() -> None:
    result = parse_statements("А = 1; Если А Тогда Б = 2 КонецЕсли")
    assert result.diagnostics == []
    assert [type(s).__name__ for s in result.body] == ["Assign", "If"]
    bad = parse_statements("Процедура А() КонецПроцедуры")
    assert bad.diagnostics


def test_preprocessor_selects_branches_by_defines() -> None:
    text = (
        "#Если Клиент Тогда\nА = 1;\n#ИначеЕсли Сервер И НЕ ВебКлиент Тогда\nБ = 2;\n"
        "#Иначе\nВ = 3;\n#КонецЕсли"
    )
    server = parse_module(text)
    client = parse_module(text, defines=["Client"])
    neither = parse_module(text, defines=[])
    assert [shape(s.target) for s in server.module.body if isinstance(s, A.Assign)] == ["Б"]
    assert [shape(s.target) for s in client.module.body if isinstance(s, A.Assign)] == ["А"]
    assert [shape(s.target) for s in neither.module.body if isinstance(s, A.Assign)] == ["В"]


def test_nested_preprocessor_conditions_and_parentheses() -> None:
    text = (
        "#Если (Сервер ИЛИ Клиент) И НЕ (ВебКлиент) Тогда\n#Если Клиент Тогда\nА = 1;\n#Иначе\nБ = 2;\n"
        "#КонецЕсли\n#Иначе\nВ = 3;\n#КонецЕсли"
    )
    result = parse_module(text)
    assert result.diagnostics == []
    assert [shape(s.target) for s in result.module.body if isinstance(s, A.Assign)] == ["Б"]


def test_delete_and_insert_blocks() -> None:
    result = parse_module("#Удаление\nА = 1;\n#КонецУдаления\n#Вставка\nБ = 2;\n#КонецВставки")
    assert result.diagnostics == []
    assert [shape(s.target) for s in result.module.body if isinstance(s, A.Assign)] == ["Б"]


def test_directives_may_split_a_statement() -> None:
    result = parse_module("А = 1\n#Если Клиент Тогда\n+ 2\n#КонецЕсли\n;")
    assert result.diagnostics == []
    (assign,) = result.module.body
    assert isinstance(assign, A.Assign) and shape(assign.value) == 1


def test_onescript_use_and_shebang_are_accepted() -> None:
    assert parse_module("#!/usr/bin/env oscript\n#Использовать json\nА = 1;").diagnostics == []


def test_nodes_are_frozen() -> None:
    node = expr("1")
    with pytest.raises(AttributeError):
        node.line = 2  # type: ignore[misc]
