"""Output, errors, dynamic evaluation, and the functions that would reach the outside world.

Error texts follow OneScript, PRISM's category-A runner: ОписаниеОшибки() is
"{Модуль <имя> / Ошибка в строке: <N> / <описание>}", ИнформацияОбОшибке().Описание is the bare
description. Everything that would touch files, processes, the network or COM raises a clear
runtime error: the engine is itself a sandbox layer.
"""

from __future__ import annotations

from typing import Any

from prism_desktop.bsl.stdlib.globals import arg_str, builtin
from prism_desktop.bsl.values.base import BslObject, BslRuntimeError, prop
from prism_desktop.bsl.values.presentation import to_string


def error_description_text(error: BslRuntimeError) -> str:
    if error.line is None:
        return error.message
    module = error.module or "Модуль"
    return f"{{Модуль {module} / Ошибка в строке: {error.line} / {error.message}}}"


class ErrorInfo(BslObject):
    """ИнформацияОбОшибке: what ИнформацияОбОшибке() returns inside Исключение."""

    TYPE_RU = "ИнформацияОбОшибке"
    TYPE_EN = "ErrorInfo"
    __slots__ = ("error",)

    def __init__(self, error: BslRuntimeError):
        self.error = error

    @prop("Описание", "Description")
    def description(self) -> str:
        return self.error.message

    @prop("НомерСтроки", "LineNumber")
    def line_number(self) -> int:
        return self.error.line or 0

    @prop("ИмяМодуля", "ModuleName")
    def module_name(self) -> str:
        return self.error.module or ""

    @prop("ИсходнаяСтрока", "SourceLine")
    def source_line(self) -> str:
        return self.error.source_line

    @prop("Причина", "Cause")
    def cause(self) -> Any:
        inner = getattr(self.error, "cause", None)
        if isinstance(inner, ErrorInfo):
            return inner
        if isinstance(inner, BslRuntimeError):
            return ErrorInfo(inner)
        return None

    @prop("Параметры", "Parameters")
    def parameters(self) -> Any:
        return getattr(self.error, "parameters", None)

    def bsl_presentation(self) -> str:
        return self.error.message


@builtin("Сообщить", "Message", implicit="context", procedure=True)
def message(ctx: Any, text: Any = "", status: Any = None) -> None:
    ctx.message(to_string(text))


@builtin("ОписаниеОшибки", "ErrorDescription", implicit="error")
def error_description(error: BslRuntimeError | None) -> str:
    return "" if error is None else error_description_text(error)


@builtin("ИнформацияОбОшибке", "ErrorInfo", implicit="error")
def error_info(error: BslRuntimeError | None) -> Any:
    return None if error is None else ErrorInfo(error)


def detailed_text(info: ErrorInfo) -> str:
    """OneScript's detailed description: the located description, four spaces and a line break, the
    source line; then, for each cause in turn, "по причине:" and the cause's text on lines of their
    own (each cause's text ends with a line break, as OneScript writes it)."""
    text = _located_with_source(info.error)
    cause = info.cause()
    while isinstance(cause, ErrorInfo):
        text += "\nпо причине:\n" + _located_with_source(cause.error) + "\n"
        cause = cause.cause()
    return text


def _located_with_source(error: BslRuntimeError) -> str:
    text = error_description_text(error)
    return text if error.line is None else f"{text}    \n{error.source_line}"


@builtin("ПодробноеПредставлениеОшибки", "DetailErrorDescription")
def detail_error_description(info: Any) -> str:
    if isinstance(info, ErrorInfo):
        return detailed_text(info)
    return to_string(info)


@builtin("КраткоеПредставлениеОшибки", "BriefErrorDescription")
def brief_error_description(info: Any) -> str:
    if isinstance(info, ErrorInfo):
        return info.error.message
    return to_string(info)


@builtin("Вычислить", "Eval", implicit="scope")
def evaluate(scope: Any, expression: Any) -> Any:
    return scope.evaluate(arg_str(expression))


def _outside_world(name: str) -> BslRuntimeError:
    return BslRuntimeError(
        f"Функция {name} недоступна: исполнитель PRISM Desktop не обращается к файлам, сети, "
        "процессам и COM"
    )


def _register_forbidden(name: str, name_en: str) -> None:
    def forbidden(*_args: Any) -> None:
        raise _outside_world(name)

    forbidden.__name__ = f"forbidden_{name_en}"
    builtin(name, name_en)(forbidden)


for _ru, _en in (
    ("КомандаСистемы", "System"),
    ("ЗапуститьПриложение", "RunApp"),
    ("ПолучитьCOMОбъект", "GetCOMObject"),
    ("УдалитьФайлы", "DeleteFiles"),
    ("КопироватьФайл", "FileCopy"),
    ("ПереместитьФайл", "MoveFile"),
    ("НайтиФайлы", "FindFiles"),
    ("СоздатьКаталог", "CreateDirectory"),
    ("КаталогВременныхФайлов", "TempFilesDir"),
    ("ПолучитьИмяВременногоФайла", "GetTempFileName"),
    ("ТекущийКаталог", "CurrentDirectory"),
    ("УстановитьТекущийКаталог", "SetCurrentDirectory"),
    ("ПолучитьПеременнуюСреды", "GetEnvironmentVariable"),
    ("УстановитьПеременнуюСреды", "SetEnvironmentVariable"),
    ("ПеременныеСреды", "EnvironmentVariables"),
    ("ПодключитьВнешнююКомпоненту", "AttachAddIn"),
    ("ЗагрузитьВнешнююКомпоненту", "LoadAddIn"),
    ("ЗагрузитьСценарий", "LoadScript"),
    ("ПодключитьСценарий", "AttachScript"),
    ("ЗавершитьРаботуСистемы", "Exit"),
    ("ПрекратитьРаботуСистемы", "Terminate"),
    ("Приостановить", "Sleep"),
    ("ВвестиСтроку", "InputString"),
    ("ВвестиЧисло", "InputNumber"),
    ("ВвестиДату", "InputDate"),
    ("ВвестиЗначение", "InputValue"),
    ("ОткрытьЗначение", "OpenValue"),
    ("ЗапуститьСистему", "RunSystem"),
):
    _register_forbidden(_ru, _en)


@builtin("ПолучитьМаскуВсеФайлы", "GetAllFilesMask")
def all_files_mask() -> str:
    """The mask matching every file name: pure text, so it runs in the sandbox (the file functions
    that would use it do not). OneScript gives "*" outside Windows (.NET on Linux), as our engine runs."""
    return "*"
