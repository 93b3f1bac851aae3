"""Compile-time checks: each fires where the platform refuses to compile, and stays silent on
valid code that looks similar."""

from __future__ import annotations

import inspect
import sys
from dataclasses import fields

import pytest

from prism_desktop.bsl.checker import check_module, check_tree
from prism_desktop.bsl.diagnostics import Diagnostic
from prism_desktop.bsl.names import GLOBAL_METHODS, GLOBAL_PROPERTIES, canonical
from prism_desktop.bsl.parser import parse_module
from prism_desktop.runs.onec import Diagnostic as SpecDiagnostic


def codes(text: str, **kwargs: object) -> list[tuple[str, int, int]]:
    return [(d.code, d.line, d.column) for d in check_module(text, **kwargs)]  # type: ignore[arg-type]


# ------------------------------------------------------------------------------ ProcedureReturnsValue


def test_procedure_returning_a_value() -> None:
    text = "Процедура П(А)\n  Если А Тогда\n    Возврат А + 1;\n  КонецЕсли;\nКонецПроцедуры"
    assert codes(text) == [("ProcedureReturnsValue", 3, 5)]
    (diagnostic,) = check_module(text)
    assert diagnostic.message == "Процедура не может возвращать значение"
    assert diagnostic.severity == "error"


def test_procedure_plain_return_and_function_return_value_are_fine() -> None:
    text = (
        "Процедура П()\n  Возврат;\nКонецПроцедуры\nФункция Ф()\n  Возврат 1;\nКонецФункции\n"
        "Функция Г()\n  Возврат;\nКонецФункции"
    )
    assert codes(text) == []


def test_english_procedure_returning_a_value() -> None:
    assert codes("Procedure P()\n  Return 1;\nEndProcedure") == [("ProcedureReturnsValue", 2, 3)]


# ------------------------------------------------------------------------- Break / Continue outside


def test_break_and_continue_outside_loops() -> None:
    text = (
        "Процедура П()\n  Прервать;\n  Если Истина Тогда\n    Продолжить;\n  КонецЕсли;\nКонецПроцедуры\n"
        "Продолжить;"
    )
    assert codes(text) == [
        ("BreakOutsideLoop", 2, 3), ("ContinueOutsideLoop", 4, 5), ("ContinueOutsideLoop", 7, 1)
    ]


def test_break_and_continue_inside_any_loop_nesting_are_fine() -> None:
    text = """\
Процедура П(Коллекция)
    Для Каждого Э Из Коллекция Цикл
        Попытка
            Если Э = 1 Тогда
                Прервать;
            КонецЕсли;
        Исключение
            Продолжить;
        КонецПопытки;
    КонецЦикла;
    Для Сч = 1 По 3 Цикл Продолжить; КонецЦикла;
    Пока Истина Цикл
        Пока Ложь Цикл
            Прервать;
        КонецЦикла;
        Прервать;
    КонецЦикла;
КонецПроцедуры
Пока Истина Цикл Прервать; КонецЦикла;
"""
    assert codes(text) == []


def test_a_loop_does_not_lend_itself_to_a_method_defined_elsewhere() -> None:
    text = "Процедура П()\n  Прервать;\nКонецПроцедуры\nПока Истина Цикл\n  П();\n  Прервать;\nКонецЦикла;"
    assert codes(text) == [("BreakOutsideLoop", 2, 3)]


# ------------------------------------------------------------------------------ ReturnOutsideMethod


def test_return_in_the_module_body() -> None:
    assert codes("А = 1;\nЕсли А Тогда\n  Возврат;\nКонецЕсли;") == [("ReturnOutsideMethod", 3, 3)]


def test_return_inside_methods_is_not_outside() -> None:
    assert codes("Функция Ф()\n  Попытка\n    Возврат 1;\n  Исключение\n  КонецПопытки;\nКонецФункции") == []


# ---------------------------------------------------------------------------- Duplicate definitions


def test_duplicate_method_case_insensitive_and_yo() -> None:
    text = "Процедура Ёлка()\nКонецПроцедуры\nФункция ЕЛКА()\nКонецФункции\nПроцедура ёлка()\nКонецПроцедуры"
    assert codes(text) == [("DuplicateMethod", 3, 9), ("DuplicateMethod", 5, 11)]


def test_distinct_methods_and_methods_in_exclusive_preprocessor_branches_are_fine() -> None:
    text = (
        "#Если Сервер Тогда\nПроцедура А()\nКонецПроцедуры\n"
        "#Иначе\nПроцедура А()\nКонецПроцедуры\n#КонецЕсли\n"
        "Процедура Б()\nКонецПроцедуры\nФункция БВ()\nКонецФункции"
    )
    assert codes(text) == []


def test_duplicate_parameter() -> None:
    assert codes("Процедура П(А, Знач Б, а)\nКонецПроцедуры") == [("DuplicateParameter", 1, 24)]


def test_same_parameter_names_in_different_methods_are_fine() -> None:
    assert codes("Процедура П(А)\nКонецПроцедуры\nПроцедура Р(А, Б = 1)\nКонецПроцедуры") == []


# ---------------------------------------------------------------------------------- UndefinedMethod


def test_undefined_bare_calls_in_statements_and_expressions() -> None:
    text = "Процедура П()\n  Нету();\n  Х = 1 + НетФункции(2);\nКонецПроцедуры\nЕщеНет();"
    assert codes(text) == [("UndefinedMethod", 2, 3), ("UndefinedMethod", 3, 11), ("UndefinedMethod", 5, 1)]
    messages = [d.message for d in check_module(text)]
    assert messages[0] == "Процедура или функция с указанным именем не определена (Нету)"


def test_undefined_call_nested_in_arguments_and_conditions() -> None:
    text = "Если Ф(Г(1)) Тогда\nКонецЕсли;\nДля Каждого Э Из Коллекция(Новый Массив(Н())) Цикл КонецЦикла;"
    assert [c[0] for c in codes(text)] == ["UndefinedMethod"] * 4


def test_method_called_before_its_definition_is_fine() -> None:
    text = (
        "Процедура А()\n  Б();\n  Х = в(1);\nКонецПроцедуры\n"
        "Процедура Б()\nКонецПроцедуры\nФункция В(П)\nКонецФункции"
    )
    assert codes(text) == []


def test_calls_on_objects_are_never_undefined() -> None:
    text = "Объект.НесуществующийМетод();\nХ = Модуль.Ф(1).Г();\nУ = Новый НеизвестныйТип(1);"
    assert codes(text) == []


def test_global_context_functions_in_both_languages_are_defined() -> None:
    text = (
        "Сообщить(СтрДлина(\"а\"));\nMessage(StrLen(\"a\"));\n"
        "Х = ЗначениеЗаполнено(1) И ТипЗнч(1) = Тип(\"Число\");\n"
        "Х = Формат(1, \"\") + НСтр(\"ru='а'\") + СтрШаблон(\"%1\", 1) + ОписаниеОшибки();\n"
        "Х = Мин(1, 2) + Max(1, 2) + Окр(1) + Int(1) + Pow(2, 2) + Sqrt(1) + Log(1) + Log10(1) + Exp(1);\n"
        "Х = Sin(1) + Cos(1) + Tan(1) + ASin(1) + ACos(1) + ATan(1);\n"
        "Х = ЧислоИзШестнадцатеричнойСтроки(\"FF\");\n"
        "Х = ТекущаяДата() + ТекущаяДатаСеанса() - CurrentDate();\nКомандаСистемы(\"x\");\n"
        "ЗапуститьПриложение(\"x\");\nХ = ПредопределенноеЗначение(\"x\");\n"
        "Х = XMLСтрока(1) + XMLЗначение(Тип(\"Строка\"), \"1\");\nЗаписатьJSON(Запись, 1);\n"
        "Х = Строка(1) + Число(\"1\") + Дата(2024, 1, 1) + Булево(1) + ИнформацияОбОшибке();\n"
        "Х = Вычислить(\"1\");\n"
    )
    assert codes(text) == []


def test_execute_and_eval_text_is_not_checked() -> None:
    assert codes("Выполнить(\"Нету();\");\nХ = Вычислить(\"Нету()\");") == []


def test_known_methods_extend_the_global_context() -> None:
    text = "ОбщийМетодГлобальногоМодуля();"
    assert [c[0] for c in codes(text)] == ["UndefinedMethod"]
    assert codes(text, known_methods=["общийметодглобальногомодуля"]) == []


def test_names_tables_hold_both_languages_in_canonical_form() -> None:
    for name in ("сообщить", "message", "строка", "string", "стрдлина", "strlen", "записатьjson", "writejson",
                 "предопределенноезначение", "xmlстрока", "окр", "round", "мин"):
        assert name in GLOBAL_METHODS
    for name in ("символы", "chars", "метаданные", "metadata", "справочники", "регистрынакопления"):
        assert name in GLOBAL_PROPERTIES
    assert all(key == canonical(key) for key in GLOBAL_METHODS)


# ------------------------------------------------------------------------------------------ general


def test_check_module_merges_and_sorts_syntax_and_compile_diagnostics() -> None:
    text = "Процедура П()\n  Возврат 1;\n  А = ;\nКонецПроцедуры\nНету();"
    assert codes(text) == [("ProcedureReturnsValue", 2, 3), ("ParseError", 3, 7), ("UndefinedMethod", 5, 1)]


def test_check_tree_on_a_parsed_module() -> None:
    module = parse_module("Прервать;").module
    assert [d.code for d in check_tree(module)] == ["BreakOutsideLoop"]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "// только комментарий",
        "Процедура П()\nКонецПроцедуры",
        "&НаКлиенте\nАсинх Процедура П()\n  Ждать Ф();\nКонецПроцедуры\nФункция Ф()\nКонецФункции",
    ],
)
def test_clean_modules(text: str) -> None:
    assert check_module(text) == []


def test_bsl_diagnostic_has_the_fields_of_the_sandbox_diagnostic() -> None:
    """The sandbox converts field by field; `contexts` (which compile contexts an error occurs in)
    is the checker's own addition, last and defaulted."""
    names = [f.name for f in fields(Diagnostic)]
    assert names[:-1] == [f.name for f in fields(SpecDiagnostic)]
    assert names[-1] == "contexts"


def test_a_deep_caller_stack_gives_a_diagnostic_not_an_exception() -> None:
    text = "Если А Тогда\n" * 25 + "Б = " + "(" * 25 + "1" + ")" * 25 + ";\n" + "КонецЕсли;\n" * 25

    def dive(levels: int) -> list[Diagnostic]:
        return dive(levels - 1) if levels else check_module(text)

    assert check_module(text) == []
    found = dive(sys.getrecursionlimit() - len(inspect.stack(0)) - 60)
    assert [d.message for d in found] == ["Слишком глубокая вложенность выражений или операторов"]
